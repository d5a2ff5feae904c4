"""The trend a reader is shown beside a limit or a series order is the most telling one of those checked.

The numbers follow |lhs − rhs| from several base points.  At a degenerate base point (a single score, n = 1, or equal
scores) both sides agree exactly, and every value is 0; shown as the evidence, "λ = 0.1: < 10⁻⁵⁰" says nothing
about the approximation, whose error there is λ² Var(s)/2 at every other point."""
from __future__ import annotations

from tests.engine import check_one
from verifier import Σ, calc, exp, index, log, positive, series_order, size, tends, vector


def _measured(meaning_of):
    n = size("n")
    i = index("i", n)
    s = vector("s", n)
    lam = positive("lambda", low=0.01, high=2)
    step = (calc(log(Σ(exp(lam * s[i]), i) / n), title="mean-field", source="test")
            .approx(lam * Σ(s[i], i) / n, "average then exponentiate", meaning=meaning_of(lam)))
    result = check_one(step)
    assert result.steps[0].verdict.value != "error", result.steps[0].message
    [checked] = [c for c in result.steps[0].checks if c.measured]
    return checked.measured


def _first_value(measured: str) -> str:
    return measured.split(": ", 2)[2].split(",")[0]


def test_the_limit_shown_is_not_the_one_at_a_degenerate_point():
    measured = _measured(lambda lam: [tends(lam, 0)])
    assert "< 10" not in _first_value(measured) and _first_value(measured).strip() not in ("0", "0.0"), measured


def test_the_series_ratio_shown_is_not_the_one_at_a_degenerate_point():
    measured = _measured(lambda lam: [series_order(lam, 0, 2)])
    ratios = measured.split(": ", 1)[1]
    assert not ratios.startswith("0.0") and not ratios.startswith("< 10"), measured
