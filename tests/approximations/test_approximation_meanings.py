"""An ≈ step is checked through its stated meaning, and its error is measured."""
import sympy as sp

from tests.engine import only_step
from verifier import Bound, Limit, Measure, Series, calc, exp, log, oo, positive, real
from verifier.verdicts import Verdict

x = positive("x", low=0.1, high=5)
t = real("t", low=-2, high=2)


def test_a_true_limit_is_proved_by_sympy_limit_and_the_numeric_trend():
    step = only_step(calc(log(1 + x), title="log1p").approx(x, "small x", meaning=Limit(x, 0)))
    assert step.verdict is Verdict.PROVED
    [check] = step.checks
    assert check.method == "sympy.limit" and "x=0.0001" in check.detail


def test_the_right_approximation_in_the_wrong_regime_is_refuted():
    step = only_step(calc(log(1 + x), title="log1p at infinity").approx(x, "large x?", meaning=Limit(x, oo)))
    assert step.verdict is Verdict.REFUTED
    assert step.counterexample is not None and "does not shrink" in step.counterexample.note


def test_a_ratio_limit_allows_a_growing_difference():
    step = only_step(calc(x + log(x), title="ratio").approx(x, "x dominates",
                                                            meaning=Limit(x, oo, ratio=True)))
    assert step.verdict is Verdict.PROVED


def test_a_series_to_the_stated_order_is_proved():
    step = only_step(calc(exp(t), title="exp series")
                     .approx(1 + t + t ** 2 / 2, "second order", meaning=Series(t, 0, 3)))
    assert step.verdict is Verdict.PROVED


def test_claiming_a_higher_order_than_the_series_has_is_refuted():
    step = only_step(calc(exp(t), title="exp series overclaimed")
                     .approx(1 + t, "first order claimed as second", meaning=Series(t, 0, 3)))
    assert step.verdict is Verdict.REFUTED
    assert "lower order" in step.counterexample.note


def test_an_order_term_in_the_claim_does_not_inflate_the_checked_order():
    # SymPy issue 24913: series of input containing O() over-claims; the engine strips O() first.
    step = only_step(calc(exp(t), title="with O").approx(1 + t + sp.O(t ** 2), "O written in",
                                                          meaning=Series(t, 0, 3)))
    assert step.verdict is Verdict.REFUTED


def test_a_one_sided_approximation_proves_its_direction():
    step = only_step(calc(exp(t), title="tangent").approx(1 + t, "tangent line", meaning=[Bound(">="), Limit(t, 0)]))
    assert step.verdict is Verdict.PROVED
    assert [c.verdict for c in step.checks] == [Verdict.PROVED, Verdict.PROVED]


def test_a_bound_in_the_wrong_direction_refutes_the_step_even_if_the_limit_holds():
    step = only_step(calc(exp(t), title="tangent reversed").approx(1 + t, "tangent line", meaning=[Bound("<="), Limit(t, 0)]))
    assert step.verdict is Verdict.REFUTED


def test_every_measured_error_table_is_seeded_and_reproducible():
    def table(seed):
        d = calc(log(1 + x), title="table").approx(x, "small x", meaning=Limit(x, 0),
                                                  measure=Measure({x: [0.01, 0.1, 1]}))
        return only_step(d, seed=seed).tables[0]
    a, b = table(5), table(5)
    assert a == b
    assert a.columns[0] == "x" and [r[0] for r in a.rows] == ["0.01", "0.1", "1"]
    errors = [float(r[1]) for r in a.rows]
    assert errors == sorted(errors) and errors[0] < 1e-4     # error x²/2 grows with x


def test_pinned_values_hold_for_every_meaning_and_the_measured_table():
    y = positive("y", low=0.1, high=5)
    d = calc(log(1 + x * y), title="pinned").approx(x * y, "small x", meaning=[Limit(x, 0), Series(x, 0, 2)],
                                                   measure=Measure({x: [0.01, 0.1]}), given={y: 2})
    step = only_step(d)
    assert step.verdict is Verdict.PROVED
    assert "pinned: y = 2" in step.tables[0].caption and "y" not in step.tables[0].caption.split(";")[0]
    assert step.tables[0].rows[0][1] == "0.0001974"      # |log(1.02) − 0.02| = 1.97373e-4 at x = 0.01, y = 2
