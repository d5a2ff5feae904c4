r"""A name the words right before a display let equal a value stands for that value, as after a display `m = …`.

"Proof: Let $m = \max_i x_i$. Then $$\exp(m) \leq \sum_{i=1}^n \exp(x_i) \leq n \exp(m)$$" (Wikipedia, LogSumExp): m
is the largest entry, so the bound is checked with m written as max_i x_i, and its false twin (n - 1 for n) is refuted
at a point where m is that maximum.  Kept as words (no point known to satisfy them), they left the twin unknown.
Only "Let", "Define" or "Set" right before an equation of one name with a value that writes other names, the
sentence ending after it, defines: a range or a hypothesis after it ("for $x > 0$", "with $0 < z$", "be their sum"),
a particular number, or a name a display before wrote keeps the words as a condition left unread.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.conditions import let_definitions
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.NUMERIC, Verdict.CASES}
BOUND = r"$$\exp(m) \leq \sum_{{i=1}}^n \exp(x_i) \leq {factor} \exp(m)$$" + "\n"


def test_let_before_an_equation_of_one_name_defines_it():
    [(math, name, value)] = let_definitions(r"(Proof: Let $m = \max_i x_i$. Then")
    assert (math, name.name) == (r"m = \max_i x_i", "m") and value.atoms() and not value.has(name)
    doc = read_document("(Proof: Let $m = \\max_i x_i$. Then\n\n" + BOUND.format(factor="n"), "notes.md")
    assert [d.name for d in doc.definitions] == ["m"]
    assert all(not c.conditions for c in doc.chains)


@pytest.mark.parametrize("prose", [
    r"Let $m = \max_i x_i$ for $x_i > 0$. Then",          # a range after it: one piece, or a hypothesis
    r"Let $m = \max_i x_i$ with $n \ge 2$. Then",         # a hypothesis in its sentence
    r"Let $m = a + b$ be their sum. Then",                # the sentence goes on
    r"Here $m = \max_i x_i$ is the largest. Then",        # no word that defines
    r"Let $m = 3$. Then",                                 # a particular value
    r"Let $m \le \max_i x_i$. Then",                      # an order, not a value
])
def test_near_miss_words_that_do_not_only_define_give_no_definition(prose):
    assert let_definitions(prose) == []


@pytest.mark.slow
def test_a_false_bound_on_a_name_let_equal_a_maximum_is_refuted(tmp_path):
    text = "(Proof: Let $m = \\max_i x_i$. Then\n\n" + BOUND.format(factor="(n-1)")
    assert document_verdicts(tmp_path, text, "twin.py")[-1] is Verdict.REFUTED


@pytest.mark.slow
def test_near_miss_the_true_bound_on_the_name_let_equal_a_maximum_passes(tmp_path):
    # with m a free real, e^m ≤ Σ e^{x_i} is false (m large): the definition is what makes it hold
    text = "(Proof: Let $m = \\max_i x_i$. Then\n\n" + BOUND.format(factor="n")
    assert set(document_verdicts(tmp_path, text, "true.py")) <= PASSING


@pytest.mark.slow
def test_near_miss_a_false_bound_under_words_that_do_not_define_is_never_refuted(tmp_path):
    # "for $x_i > 0$" after the equation: kept as words, no point is known to satisfy them
    text = "(Proof: Let $m = \\max_i x_i$ for $x_i > 0$. Then\n\n" + BOUND.format(factor="(n-1)")
    verdicts = document_verdicts(tmp_path, text, "words.py")
    assert Verdict.REFUTED not in verdicts and not set(verdicts) & PASSING


def test_near_miss_a_name_a_display_before_wrote_keeps_its_meaning():
    text = "$$m^2 \\ge 0$$\n\nLet $m = \\max_i x_i$. Then\n\n" + BOUND.format(factor="n")
    doc = read_document(text, "notes.md")
    assert not doc.definitions
    assert any(c.conditions for c in doc.chains[1:])


@pytest.mark.parametrize("value", [r"\mathrm{softmax}(s)", r"\max(s_1, s_2)"])
def test_near_miss_a_name_the_displays_write_with_a_subscript_is_a_vector_never_defined_as_one_value(value):
    # `\alpha_1 = …` after "Let $\alpha = …$": α is a vector whose entry the display writes
    # (a false entry: a new name, or a claim about an entry of the vector the words give, held off; never a free claim)
    text = (f"The scores are $s_1$, $s_2$. Let $\\alpha = {value}$.\n\n"
            "$$\\alpha_1 = \\frac{e^{s_1}}{e^{s_1} + e^{s_2}} + 1$$\n")
    doc = read_document(text, "notes.md")
    assert not doc.definitions and all(c.unsettled for c in doc.chains), doc.rules


def test_the_definition_is_placed_at_the_line_of_the_words_that_give_it():
    text = "Intro.\n\nMore words.\nProof: Let $m = \\max_i x_i$. Then\n\n" + BOUND.format(factor="n")
    [d] = read_document(text, "notes.md").definitions
    assert (d.line, d.where) == (4, "line 4")


@pytest.mark.parametrize("prose", [
    r"Let $m = x + y$. We use it later. Now let $m = 0$. Then",    # let again, to a number: not one value
    r"Let $m = x + y$. We use it later. Now set $m = 2$, so",
    r"Let $m = x + y$. Later let $m = x - y$. Then",               # let again, to another value
    r"For example, let $y = x$. Then",                             # one example's value, not the name's
    r"In the special case, let $y = x$. Then",
])
def test_near_miss_a_name_let_twice_or_let_for_an_example_is_not_defined(prose):
    assert let_definitions(prose) == []


def test_a_name_let_once_beside_another_name_let_is_still_defined():
    assert [n.name for _, n, _ in let_definitions(r"Let $m = x + y$. We use it. Now let $k = 0$. Then")] == ["m"]


@pytest.mark.slow
def test_a_true_line_about_a_name_let_again_to_a_number_is_never_refuted(tmp_path):
    text = "Let $m = x + y$. We will use it later.\n\nNow let $m = 0$. Then\n\n$$\nm + x = x\n$$\n"
    assert Verdict.REFUTED not in document_verdicts(tmp_path, text, "relet.py")
