"""Steps whose right side is written by hand can fail.

Three project derivations have a line SymPy evaluates as it is built into the same expression as the other side
(√d·√d into d, λ·d into a cancelled d, −p_i·p_j into SymPy's own derivative).  A step between the two would
compare one value with itself and check nothing, even with the line kept as written (it is vacuous:
judge/vacuous.py).  So the derivative is stated unevaluated (sp.Derivative) and checked against −p_i·p_j written
by hand, and the two aligned-model derivations keep their start as written and check only the ∝, which can fail.
Guarded here: through the real loader (a pickle, as in a run) none of their steps is a restatement or vacuous and
each is proved; and the same line one edit away is refuted.
"""
from __future__ import annotations

import pytest

from tests.engine import check_one, load_project_files, verdicts
from verifier import as_written, calc, exp, log, sqrt
from verifier.judge.checker import check_all
from verifier.settings import Settings
from verifier.verdicts import Verdict

import derivations.entropy_scale as es
import derivations.softmax_basics as sb

RESTATED_UNLESS_WRITTEN = [("softmax_basics.py", "weight_falls_with_another_score"),
                     ("entropy_scale.py", "aligned_inner_product_grows_like_d"),
                     ("entropy_scale.py", "aligned_inverse_d_scale")]


@pytest.fixture(scope="module")
def checked():
    loaded = load_project_files(*sorted({f for f, _ in RESTATED_UNLESS_WRITTEN}))
    wanted = {name for _, name in RESTATED_UNLESS_WRITTEN}
    chosen = [d for found in loaded.values() for d in found if d.name in wanted]
    assert {d.name for d in chosen} == wanted
    return {r.name: r for r in check_all(chosen, Settings(quick=True))}


@pytest.mark.parametrize("name", [name for _, name in RESTATED_UNLESS_WRITTEN])
def test_a_step_kept_as_written_is_a_proved_step_that_is_not_a_restatement(checked, name):
    result = checked[name]
    assert [s.restatement for s in result.steps] == [False] * len(result.steps), name
    assert [s.vacuous for s in result.steps] == [""] * len(result.steps), name
    assert verdicts(result) == [Verdict.PROVED] * len(result.steps), [s.message for s in result.steps]


# ---- near misses: one edit away from each written side, refuted --------------------------------------

Z = exp(sb.t) + exp(sb.u) + sb.r


def test_the_cross_derivative_with_its_sign_lost_is_refuted():
    near = calc(sb.sp.diff(sb.p_two, sb.u), title="near miss: +p_i p_j") \
        .eq(as_written(lambda: (exp(sb.t) / Z) * (exp(sb.u) / Z)), "sign lost", expect="refuted")
    assert verdicts(check_one(near)) == [Verdict.REFUTED]


def test_the_cross_derivative_with_the_own_weight_in_place_of_the_other_is_refuted():
    near = calc(sb.sp.diff(sb.p_two, sb.u), title="near miss: −p_i²") \
        .eq(as_written(lambda: -(exp(sb.t) / Z) * (exp(sb.t) / Z)), "p_i for p_j", expect="refuted")
    assert verdicts(check_one(near)) == [Verdict.REFUTED]


def test_an_aligned_inner_product_with_one_norm_not_scaled_is_refuted():
    start = as_written(lambda: (es.alpha * sqrt(es.d)) * (es.beta * sqrt(es.d)) * es.cosine)
    near = calc(start, title="near miss: √d·√d = √d").eq(es.alpha * es.beta * es.cosine * sqrt(es.d), "slip",
                                                         expect="refuted")
    assert verdicts(check_one(near)) == [Verdict.REFUTED]


def test_an_aligned_scale_that_keeps_a_factor_of_d_is_refuted():
    start = as_written(lambda: (es.kappa * log(es.n) / es.d) * (es.d * es.spread))
    near = calc(start, title="near miss: d not cancelled").eq(es.kappa * es.spread * log(es.n) / es.d, "slip",
                                                              expect="refuted")
    assert verdicts(check_one(near)) == [Verdict.REFUTED]
