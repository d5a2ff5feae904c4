"""A derivation's hypotheses show every condition its author declared on a symbol: interval("e1", -3, 3,
nonzero=True) reads "−3 ≤ e1 ≤ 3, e1 ≠ 0", since a strict step proved under e1 ≠ 0 is not implied by −3 ≤ e1 ≤ 3.
Near misses: a condition its range already says (interval("p", 0.05, 0.95, positive=True)) is not repeated, and a
symbol declared with no condition keeps its range alone."""
from __future__ import annotations

from verifier import calc, interval
from verifier.judge.steps import _domain_notes


def _hypotheses(*symbols) -> list[str]:
    d = calc(sum(symbols), title="t").eq(sum(symbols), "same")
    return ["".join(str(p) for p in getattr(words, "parts", (words,))) for words, drawn in _domain_notes(d)
            if drawn is None]


def test_a_nonzero_declaration_is_a_hypothesis_beside_its_range():
    e1 = interval("e1", -3, 3, nonzero=True, display="e_1")
    assert _hypotheses(e1) == ["-3 ≤ e_1 ≤ 3, e_1 ≠ 0"]


def test_the_conditions_are_words_a_reader_sets_with_scripts():
    """Plain text like the range it extends, so e_1 is set as e₁ as in the range, never as code."""
    e1 = interval("e1", -3, 3, nonzero=True, display="e_1")
    d = calc(e1, title="t").eq(e1, "same")
    [(words, drawn)] = _domain_notes(d)
    assert type(words) is str and drawn is None


def test_a_sign_the_range_does_not_give_is_shown():
    q = interval("q", -1, 1, positive=True)
    assert _hypotheses(q) == ["-1 ≤ q ≤ 1, q > 0"]


def test_a_condition_the_range_already_says_is_not_repeated():
    p = interval("p", 0.05, 0.95, positive=True)
    a = interval("a", 0, 1, open=True, positive=True)
    assert _hypotheses(p) == ["0.05 ≤ p ≤ 0.95"]
    assert _hypotheses(a) == ["a ∈ (0, 1)"]


def test_a_symbol_with_no_declared_condition_keeps_its_range_alone():
    c = interval("c", -3, 3)
    assert _hypotheses(c) == ["-3 ≤ c ≤ 3"]
