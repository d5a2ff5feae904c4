"""A trend along an approach names its variables as the derivation writes them and its lengths as the whole
numbers they are.  A symbol declared interval("kappa_1", …, display="κ") reads "at κ = 0.844422", never the
program's κ₁; a length followed far out (n = 7610000000002, a seeded factor off the round decades) reads
"761 × 10¹⁰ + 2", never the rounded "7.61 × 10¹²", and a round one "10⁶", never "1 × 10⁶".  Near misses: a name
with no display keeps its own letter and index, a real variable's points stay decimals."""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import only_step, project_results
from verifier import Limit, calc, interval, oo, size
from verifier.evidence import trends as tr
from verifier.judge import meanings
from verifier.present.report import latex
from verifier.present.report.numbers import whole
from verifier.present.report.view import trend_words
from verifier.verdicts import MeasuredTrend, PointValue

FAR = ("16", "10000", "1000000", "7610000000002", "761000000000000000001", "76100000000000000000000000000")


def _tex(**fields) -> str:
    return str(latex.prose(trend_words(MeasuredTrend(**fields))))


def test_a_trend_sets_a_displayed_name_as_the_derivation_writes_it():
    named = _tex(quantity="|lhs/rhs − 1|", variable="n", at=("16",), values=("0.179",),
                 point={"kappa_1": PointValue("0.84442185")}, symbols={"kappa_1": "\\kappa", "n": "n"})
    assert "at $\\kappa$ = 0.844422" in named


def test_near_miss_a_name_without_a_display_keeps_its_letter_and_index():
    unnamed = _tex(quantity="|lhs/rhs − 1|", variable="n", at=("16",), values=("0.179",),
                   point={"kappa_1": PointValue("0.84442185")})
    assert "$\\kappa_{1}$ = 0.844422" in unnamed


def test_a_lengths_far_points_read_as_whole_numbers():
    words = _tex(quantity="|lhs/rhs − 1|", variable="n", at=FAR, values=("0.1",) * len(FAR))
    assert "7.61" not in words and "\\ensuremath{\\times}" not in words and "$n$ = 10\\ensuremath{{}^{6}}" in words
    # a length past twelve digits reads with every digit, in groups of three: exact, and no a × 10ᵏ + r to misread
    G = "\u202f"
    assert [whole(x) for x in FAR] == ["16", "10⁴", "10⁶", f"7{G}610{G}000{G}000{G}002",
                                       f"761{G}000{G}000{G}000{G}000{G}000{G}001",
                                       f"76{G}100{G}000{G}000{G}000{G}000{G}000{G}000{G}000{G}000"]


def test_near_miss_a_real_variables_points_and_other_numbers_stay_as_written():
    words = _tex(quantity="|lhs − rhs|", variable="lambda", at=("10.618", "1e+06"), values=("0.5", "0.1"))
    assert "10.618" in words
    assert whole("2773306") == "2773306" and whole("16384") == "16384" and whole("1.5") == "1.5"
    assert whole("761000000002") == "761000000002"          # twelve digits: as written


def test_the_judge_hands_a_lengths_trend_its_exact_points_and_its_symbols():
    n = size("n")
    k = interval("kappa_1", 0, 1, open=True, display="κ")
    s = only_step(calc((n + k) / n, title="a ratio tending to one").approx(1, "", meaning=Limit(n, oo, ratio=True)))
    [trend] = [c.trend for c in s.checks if c.trend is not None]
    assert trend.symbols["kappa_1"] == "\\kappa" and "kappa_1" in trend.point
    assert all(x.isdigit() for x in trend.at) and "1000000" in trend.at


def test_far_lengths_are_recorded_with_every_digit():
    steps = tr.size_steps(sp.Symbol("n", positive=True, integer=True) ** -1, sp.Symbol("n"), far=True, seed=0, key="k")
    fake = tr.Trend(base=None, side="∞", h=list(steps), values={50: [sp.Float(0.1)] * len(steps)}, where=list(steps))
    at, _ = meanings._along(fake, size("n"))
    assert at == tuple(str(h) for h in steps) and int(at[-1]) > 10 ** 28


@pytest.mark.slow
def test_no_project_trend_in_a_length_is_rounded_off_the_integers():
    rounded = [(file, r.name, c.trend.at) for file, results in project_results().items() for r in results
               for s in r.steps for c in s.checks
               if getattr(c, "trend", None) is not None and c.trend.variable in ("n", "m") and not c.trend.real
               and not all(x.isdigit() for x in c.trend.at)]
    assert not rounded
