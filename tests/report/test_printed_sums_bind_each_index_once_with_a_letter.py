"""A step's sides are printed with each bound index a letter of its own: an inner sum that rebinds the outer
sum's index (Σ_t (v_t − Σ_t w_t)) prints its index as a fresh letter, and an index declared with a digit (a2, a
second index over the same range) prints as a letter, not as a₂, which reads as an entry of a vector a.  Only the
printing changes: the renamed expression has the same value, and a letter the expression uses is never taken."""
from __future__ import annotations

import sympy as sp

from tests.engine import check_one
from verifier import calc, index, size, vector, Σ
from verifier.authoring.bound_indices import readable_indices

n, m = size("n"), size("m")
t, j = index("t j", n)
a, a2 = index("a a2", m)
v, w = vector("v", n), vector("w", n, positive=True)


def _bound_names(expr) -> list[str]:
    return [str(limit[0]) for s in sp.preorder_traversal(expr) if isinstance(s, sp.Sum) for limit in s.limits]


def test_an_inner_sum_never_rebinds_the_outer_index():
    expr = Σ((v[t] - Σ(v[t] / w[t], t) / Σ(1 / w[j], j)) ** 2, t)
    shown = readable_indices(expr)
    names = _bound_names(shown)
    assert names.count("t") == 1 and len(set(names)) == len(names)
    assert sp.latex(shown).count(r"\sum_{t=1}^{n}") == 1
    at = {**{v[k]: k for k in (1, 2, 3)}, **{w[k]: k + 1 for k in (1, 2, 3)}}
    value = [e.subs(n, 3).doit().subs(at) for e in (shown, expr)]
    assert value[0] == value[1]                                               # the same value


def test_a_numbered_index_prints_as_a_letter_the_expression_does_not_use():
    expr = Σ(1, a2) * Σ(a ** 2, a) + Σ(a2, a2)
    shown = readable_indices(expr)
    assert "a_{2}" not in sp.latex(shown)
    names = set(_bound_names(shown))
    assert "a" in names and len(names) == 2 and not names & {"m", "n"}
    assert sp.simplify((shown - expr).doit()) == 0


def test_near_miss_sums_with_letters_of_their_own_are_printed_as_written():
    expr = Σ(v[t], t) + Σ(w[j] * Σ(v[t], t), j)
    assert readable_indices(expr) is expr


def test_a_checked_step_prints_its_sides_with_readable_indices():
    result = check_one(calc(Σ(Σ(1, a2), a), title="m²").eq(m ** 2, "m terms of m"))
    shown = result.steps[0].lhs_latex
    assert "a_{2}" not in shown and r"1 \leq b \leq m" in shown and r"1 \leq a \leq m" in shown


def test_the_engines_canonical_index_prints_as_a_letter():
    from verifier.prove.sums import canonical
    inner = canonical(Σ(v[t], t))                 # Σ_{b1} v_{b1}: the engine's own bound index
    shown = sp.latex(readable_indices(inner))
    assert "b_{1}" not in shown and r"\sum_{" in shown


def test_sibling_sums_that_rebind_the_same_index_share_one_fresh_letter():
    i = index("i", n)
    expr = Σ(v[i] / (Σ(w[i], i) + 1) + v[i] / Σ(w[i], i), i)
    names = _bound_names(readable_indices(expr))
    assert names.count("i") == 1 and len(set(names)) == 2         # the two inner sums share their letter
