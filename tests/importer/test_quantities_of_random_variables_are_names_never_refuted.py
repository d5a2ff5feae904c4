r"""`\textrm{Var}(X)`, `E[X^2]`, `\mathbb{E}_{x \sim P}[f(x)]`, `\mathrm{Cov}(X, Y)`: an operator on random variables or
laws before a bracket is one quantity, a number the text fixes through a distribution it states in words.  Each is
read as a name of its own (operator, subscript and argument as written), the same name wherever the same text
stands, and every chain that writes one, or a name defined through one, is unsettled: proved only by algebra that
holds for every value of the quantities, never refuted over free values of them (a step between E[…], Var(…) and
Cov(…) is refuted only at a concrete law the text allows: test_a_laws_quantities_are_refuted_only_at_a_law_the_text_
allows.py).  Steps between numbers in such a chain stay decided.  The
operator without a bracket, an argument that writes an index of the text no sum around it binds (a quantity that
changes with it; inside a sum over the index it is the entry of a family of quantities, one for each value) and a
quantity on the left of a first `=` taken for a new name are refused or kept as claims.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import imported_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, is_law_quantity, read_side
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.NUMERIC}


@pytest.mark.parametrize("latex, names", [
    (r"\textrm{Var}(X)", {"Var[X]"}),
    (r"\textrm{Var} [X] + \mathrm{Var}\left(X\right)", {"Var[X]"}),          # one quantity, however bracketed
    (r"E\left[(X - E[X])^2\right]", {"E[(X - E[X])^2]"}),
    (r"E[X^2] - E[X]^2", {"E[X^2]", "E[X]"}),
    (r"\mathbb{E}[X] + E[X]", {"E[X]"}),
    (r"E_{x \sim P}[f(x)]", {r"E_{x \sim P}[f(x)]"}),
    (r"a\textrm{Cov}(X, X)", {"Cov[X,X]", "a"}),
    (r"\text{Var}(\sum_i^n w_ix_i)", {r"Var[\sum_i^n w_i x_i]"}),
    ("Var(X) + Cov(X, Y)", {"Var[X]", "Cov[X,Y]"}),
    (r"\Pr(X = 1)", {"Pr[X=1]"}),
    (r"P(y = 1 \mid x; w, b)", {"P[y=1 \\mid x;w,b]"}),                   # cs231n neural-networks-2:257
    (r"-\log(P(X \mid \theta))", {r"P[X \mid\theta]"}),
    # d2l statistics:796: the mean squared error and the bias of an estimator
    (r"(\textrm{bias} [\hat{\theta}_n])^2 + \textrm{MSE} (\hat{\theta}_n, \theta)",
     {r"bias[\hat{\theta}_n]", r"MSE[\hat{\theta}_n,\theta]"}),
])
def test_a_quantity_of_a_random_variable_is_one_name_as_written(latex, names):
    expr = read_side(latex).expr
    assert {s.name for s in expr.free_symbols} == names
    assert not expr.atoms(sp.core.function.AppliedUndef)


@pytest.mark.parametrize("latex, match", [
    (r"\textrm{Var} X", "variance"),
    (r"\mathbb{E} X", "expectation"),
    (r"E[w_j] + \sum_{j=1}^n x_j", "index"),                # changes with j, which no sum around it binds
    (r"\max_\theta P(X \mid \theta)", "theta"),             # the likelihood changes with θ, its name does not
    (r"\int_0^1 E[f(x)]\,dx", "integral"),
    (r"\frac{d}{dx}\left(E[f(x)]\right)", "derivative|without x"),
])
def test_an_operator_without_a_bracket_or_over_an_index_is_refused(latex, match):
    with pytest.raises(ReadError, match=match):
        read_side(latex)


def test_an_expectation_inside_a_sum_over_its_index_is_a_quantity_for_each_value_never_one_number():
    expr = read_side(r"\sum_{j=1}^n E[w_j x_j]").expr
    assert isinstance(expr, sp.Sum)
    (entry,) = expr.function.atoms(sp.Indexed)
    assert entry.base.label.name == "E[w_j x_j]" and entry.indices == (sp.Symbol("j", integer=True),)
    assert not any(is_law_quantity(s) for s in expr.function.atoms(sp.Symbol) if s != entry.base.label)


def test_a_word_in_a_font_without_a_bracket_stays_a_name():
    assert read_side(r"w x + \mathrm{bias}").expr == sp.Symbol("w") * sp.Symbol("x") + sp.Symbol("bias")


def test_a_conditional_without_a_function_letter_before_it_stays_refused():
    with pytest.raises(ReadError):
        read_side(r"X \mid Y")
    assert read_side("p(x)").expr == sp.Function("p")(sp.Symbol("x"))


def test_an_identity_over_quantities_is_proved_and_its_twin_is_refuted_only_at_a_law(tmp_path):
    true = r"\textrm{Var}(X) + 2\textrm{Cov}(X, Y) = 2\textrm{Cov}(X, Y) + \textrm{Var}(X)"
    assert imported_verdicts(tmp_path, true, "true.py") == [Verdict.PROVED]
    # false wherever Cov(X, Y) is not 0: at X = Y (the text never speaks of independence), not over free values
    twin = r"\textrm{Var}(X) + 2\textrm{Cov}(X, Y) = \textrm{Cov}(X, Y) + \textrm{Var}(X)"
    assert imported_verdicts(tmp_path, twin, "twin.py") == [Verdict.REFUTED]


def test_a_true_line_about_a_variance_is_not_refuted_and_its_twin_not_accepted(tmp_path):
    # d2l random-variables: the variance as E[X^2] - E[X]^2 (true for every law), and one edit of it, refuted at a law
    true = r"\textrm{Var}[X] = E\left[(X - E[X])^2\right] = E[X^2] - E[X]^2"
    assert Verdict.REFUTED not in imported_verdicts(tmp_path, true, "true.py")
    twin = r"\textrm{Var}[X] = E\left[(X - E[X])^2\right] = E[X^2] - 2E[X]^2"
    found = imported_verdicts(tmp_path, twin, "twin.py")
    assert not set(found) & PASSING and found[-1] is Verdict.REFUTED, found


def test_steps_between_numbers_in_a_chain_with_quantities_stay_decided(tmp_path):
    # d2l gaussian-processes: m(x) = E[f(x)] = … = 0 + 0 = 0, and its twin with = 1
    true = r"E[w_0 + w_1x] = E[w_0] + E[w_1]x = 0+0 = 0"
    assert Verdict.REFUTED not in imported_verdicts(tmp_path, true, "true.py")
    twin = r"E[w_0 + w_1x] = E[w_0] + E[w_1]x = 0+0 = 1"
    assert imported_verdicts(tmp_path, twin, "twin.py")[-1] is Verdict.REFUTED


def test_a_chain_that_computes_a_mean_from_a_distribution_in_words_is_unsettled():
    # X takes a-2, a, a+2 with probabilities p, 1-2p, p (said in the prose)
    text = ("Let $X$ take the value $a-2$ with probability $p$, $a+2$ with probability $p$ and $a$ with probability "
            "$1-2p$.\n\n$$\n\\mu_X = E[X] = (a-2)p + a(1-2p) + (a+2)p = a.\n$$\n")
    doc = read_document(text, "notes.md")
    assert doc.chains and all(c.unsettled for c in doc.chains)


def test_a_chain_that_writes_p_i_under_its_sum_beside_the_number_p_reads_two_names_never_p_a_vector():
    # d2l random-variables:238: `\sum_i x_i p_i` beside `(a-2)p`: the p_i are the law's weights, p a number
    text = ("Let $X$ take the value $a-2$ with probability $p$, $a+2$ with probability $p$ and $a$ with probability "
            "$1-2p$.\n\n$$\n\\mu_X = E[X] = \\sum_i x_i p_i = (a-2)p + a(1-2p) + (a+2)p = a.\n$$\n")
    doc = read_document(text, "notes.md")
    assert len(doc.chains) == 1 and doc.chains[0].unsettled
    indexed = {b.base.label.name for e in doc.chains[0].exprs for b in e.atoms(sp.Indexed)}
    assert "p" not in indexed and "p_entries" in indexed
    assert "p" in {s.name for s in doc.chains[0].exprs[-2].free_symbols}


def test_a_quantity_is_never_a_new_name_and_a_name_defined_through_one_is_unsettled():
    doc = read_document("$$ E[X^2] = a^2 + 8p $$\n\nso\n\n$$ m = E[X] $$\n\nand\n\n$$ m + 1 = 2m $$\n", "notes.md")
    assert [d.name for d in doc.definitions] == ["m"]
    assert all(c.unsettled for c in doc.chains) and len(doc.chains) == 2
    assert all(is_law_quantity(s) for s in doc.definitions[0].expr.free_symbols)
