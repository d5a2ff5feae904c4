"""The PDF's machine record ("Certificates in full") sets every digit as the HTML's "every digit" disclosures do: a
ball as "a ± r" with a minus sign and powers of ten (never "[-0.2481 +/- 9.47e-52]"), a limit's certificate with its
formulas set (∞, the symbolic limit; never oo, sympy.limit), its numbers with every digit and no e-notation, and a
strategy that raised said as what it could not decide.  Near miss: no digit is rounded away."""
from __future__ import annotations

import dataclasses
import re

from tests.report import report_samples as samples
from verifier.present.report.latex import machine, render_latex
from verifier.present.report.view import build_view
from verifier.verdicts import Ball, FrozenMap, Formula, Name, Number, Said

LIMIT = Said("sympy.limit of (lhs − rhs)/", Formula("h**2", "h^{2}"), " is ", Formula("oo", r"\infty"),
             "; at ", Formula("lambda", r"\lambda"), " = ", Number("1e+10"), " the gap is ",
             Number("-0.24812496764329610149896550431812370405920990265962"), "; ", Name("sympy_limit"),
             " failed: ", Name("NotImplementedError"))


def _certificates_in_full(tex: str) -> str:
    start = tex.index(r"\section*{Certificates in full}")
    return tex[start:tex.index(r"\section*{Reproducibility}", start)]


def _squash(tex: str) -> str:
    return tex.replace(r"\allowbreak{}", "")


def test_a_limits_certificate_reads_as_mathematics_with_every_digit():
    shown = _squash(str(machine(LIMIT)))
    assert r"$\infty$" in shown and "$h^{2}$" in shown and "the symbolic limit of" in shown
    assert r"1 \ensuremath{\times} 10\ensuremath{{}^{10}}" in shown
    assert r"\ensuremath{-}0.24812496764329610149896550431812370405920990265962" in shown     # every digit
    assert "SymPy's limit could not decide it" in shown
    for raw in ("oo", "sympy.", "1e+10", "-0.248", "NotImplementedError", "failed:"):
        assert raw not in shown, raw


def _with_balls(run):
    """The sample run with its refuted step's gap recorded as balls, as the engine records a certified gap."""
    derivations = []
    for d in run.derivations:
        steps = []
        for st in d.steps:
            cx = st.counterexample
            if cx is not None and cx.certificate and not cx.gap:
                cx = dataclasses.replace(cx, quantity="lhs − rhs", excludes="≠ 0", gap=FrozenMap(
                    {30: Ball("-1.0000000000000000000000000000", "1e-29"), 60: Ball(MID, "9.47e-60")}))
                st = dataclasses.replace(st, counterexample=cx)
            steps.append(st)
        derivations.append(dataclasses.replace(d, steps=steps))
    return dataclasses.replace(run, derivations=derivations)


MID = "-1.00000000000000000000000000000000000000000000000000000000000"


def test_the_sections_balls_and_points_read_with_minus_signs_and_powers_of_ten():
    section = _squash(_certificates_in_full(render_latex(build_view(_with_balls(samples.sample_run()), versions=[],
                                                                    commit="x", date="d"))))
    assert r"\ensuremath{-}1.0000000000000000000000000000 \ensuremath{\pm} 1 \ensuremath{\times} 10\ensuremath{{}^{-29}}" \
        in section
    assert r"\ensuremath{-}" + MID[1:] + r" \ensuremath{\pm} 9.47 \ensuremath{\times} 10\ensuremath{{}^{-60}}" in section
    assert r"\ensuremath{-}2.75" in section
    assert "0.10965000000000000000000000000000000000000000000000000000000" in section   # nothing rounded
    assert "+/-" not in section and "[length" not in section
    assert not re.search(r"\de[-+]?\d", section), "e-notation in the machine record"
    assert not re.search(r"(?<![\w{])-\d", section), "a hyphen for a minus sign"
