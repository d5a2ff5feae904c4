"""A graph box is plain text: an imported line's quoted TeX (`0 \\leq`) reads as its symbol, an exponential whose
exponent has no Unicode superscript reads exp(…) rather than caret notation, and the captions name no program
keyword.  A script Unicode can set keeps its form (e^t reads eᵗ, s_i reads sᵢ)."""
from __future__ import annotations

from pathlib import Path

from verifier.present.report.blueprint import wrapped
from verifier.present.report.view import graph_label

TEMPLATES = Path(__file__).resolve().parents[2] / "verifier" / "present" / "report" / "templates"


def test_quoted_tex_in_a_title_reads_as_its_symbol_in_both_graphs():
    title = "21. eq. (4): `0 \\leq` … (imported)"
    assert "\\leq" not in graph_label(title, 28) and "0 ≤" in graph_label(title, 28)
    assert wrapped(title) == "21. eq. (4): 0 ≤ … (imported)"


def test_an_exponential_reads_exp_where_unicode_has_no_superscript():
    assert wrapped("p_i = e^{λ s_i}/Σ e^{λ s_i}") == "pᵢ = exp(λ sᵢ)/Σ exp(λ sᵢ)"
    assert "^" not in wrapped("E[e^{s+ε}v] = E[e^s v]·E[e^ε]")


def test_near_miss_a_script_unicode_sets_keeps_its_form():
    assert wrapped("e^t lies above its tangent") == "eᵗ lies above its tangent"
    assert wrapped("x^2 + s_i") == "x² + sᵢ"


def test_graph_captions_name_no_program_keyword():
    for name in ("derivations.tex.j2", "report.html.j2"):
        text = (TEMPLATES / name).read_text(encoding="utf-8")
        caption = [line for line in text.splitlines() if "dashed arrow" in line]
        assert caption and all("by=" not in line for line in caption), name
