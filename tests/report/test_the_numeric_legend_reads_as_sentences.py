"""The line that says what most steps' numeric evidence shares reads as plain clauses: no parenthesis inside
another, the second evaluation said as what it computes, and no "worst value" that no step names (a step that
holds says its least margin, which the legend defines)."""
from __future__ import annotations

from verifier.present.report.view import NumericDefaults


def _depth(text: str) -> int:
    depth = deepest = 0
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        deepest = max(deepest, depth)
    return deepest


def test_the_shared_evidence_has_no_nested_parentheses():
    said = NumericDefaults(19, (50, 100), (1, 2, 3), 0,
                           note="worst value bounds the violation (≤ 0 means it holds at every sampled point)",
                           worst="< 10⁻⁵⁰",
                           cross="cross-checked at 2 agreeing points by a second evaluation "
                                 "(multiple-precision floating point)").describe()
    assert _depth(said) <= 1 and "worst value" not in said
    assert "each step's agreement is cross-checked at 2 agreeing points by a second evaluation in " \
           "multiple-precision floating point" in said


def test_near_miss_without_a_cross_check_the_line_is_its_counts():
    assert NumericDefaults(19, (50, 100), (), 0).describe() == "19 seeded points at 50 and 100 digits, seed 0"


def test_the_pdf_legend_defines_the_least_margin():
    from pathlib import Path
    template = (Path(__file__).resolve().parents[2] / "verifier/present/report/templates/derivations.tex.j2").read_text()
    line = next(x for x in template.splitlines() if "Numeric evidence, unless a step says otherwise" in x)
    assert "r.numeric_words" in line and "worst violation" not in line
    from verifier.present.report.badges import NUMERIC_WORDS
    assert "least margin" in NUMERIC_WORDS
