"""A source's summary names a claim by its first words: cut at a clause's end (":", ";", ","), or at a space, and
never inside a bracket, so a quote never ends in the middle of a formula ("softmax(κ log n/d · …")."""
from __future__ import annotations

from verifier.present.report.view import _clip

SCALE = "λ ∝ log n / d: Attention = softmax(κ log n/d · QKᵀ)V keeps the entropy flat as the sequence grows"
LITTLE = "at τ = 1 little information is obtainable: H ≥ log n − something more that runs on"


def test_a_quote_is_cut_at_its_clauses_end():
    assert _clip(SCALE, 48) == "λ ∝ log n / d …"
    assert _clip(LITTLE, 48) == "at τ = 1 little information is obtainable …"


def test_a_quote_never_ends_inside_a_bracket():
    for text in (SCALE, LITTLE, "the weights softmax(a long argument that runs on and on past the limit) are nice"):
        for limit in range(20, 70, 3):
            shown = _clip(text, limit)
            assert shown.count("(") == shown.count(")"), (limit, shown)
            assert not shown[:-2].rstrip().endswith(("=", "·", "−")), (limit, shown)


def test_a_short_quote_and_plain_words_are_kept_as_they_are():
    assert _clip("H ≥ 0 for every n", 48) == "H ≥ 0 for every n"
    assert _clip("plain words that go on and on without any punctuation at all until the end", 48) \
        == "plain words that go on and on without any …"
