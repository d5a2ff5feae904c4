"""The HTML's blueprint boxes say their titles as the PDF's do: a script as a script (Unicode's forms where
every character has one, e to a power as exp(…) with its whole exponent, else dot's own script), never the
author's raw p_i or e^{cos θ_i/τ}; a script dot sets is laid out by the browser as one centred line, smaller
and raised or lowered, not as runs placed from dot's font metrics; and a box's hover text names the result by
its number, title and verdict, never the program's file::function."""
from __future__ import annotations

import re

import pytest

from tests.report import report_samples as samples
from tests.report import report_tools as tools
from verifier.present.report import graph
from verifier.present.report.blueprint import graph_label, tooltip
from verifier.present.report.view import build_view

# Titles and claims as authors write them, with what their box must say.
BOXES = {
    "p_i = e^{cos θ_i/τ}/Σ e^{cos θ_i/τ}": "pᵢ = exp(cos θᵢ/τ)/Σ exp(cos θᵢ/τ)",
    "p_i = e^{\\cos θ_i/τ}": "pᵢ = exp(cos θᵢ/τ)",
    "E[e^{s+ε}v] = E[e^s v]·E[e^ε]": "E[exp(s+ε)v] = E[eˢ v]·E[exp(ε)]",
    "∂p_i/∂s_k = p_i(δ_ik − p_k)": "∂pᵢ/∂sₖ = pᵢ(δᵢₖ − pₖ)",
    "x̂₁ = Σ_t σ_t^{-2} v_{1t} / Σ_s σ_s^{-2}": "x̂₁ = Σₜ σₜ⁻² v₁ₜ / Σₛ σₛ⁻²",
    "one score t_0 = \\max_j s_j + δ": "one score t₀ = maxⱼ sⱼ + δ",
    "p_t = e^{γ−1} e^{β f_t}": "pₜ = eᵞ⁻¹ exp(β fₜ)",
}


@pytest.mark.parametrize("title", sorted(BOXES))
def test_a_box_sets_its_scripts_and_keeps_an_exponent_whole(title):
    label = graph_label(title, width=80, lines=3)
    assert label == BOXES[title]
    assert "_" not in label and "^" not in label and "\\" not in label


def test_near_miss_a_script_unicode_cannot_set_is_dots_script_not_raw_text():
    label = graph_label("Var(q·k/√d) = (1/d) Σ_a Σ_b δ_{ab}² = 1", width=80)
    shown = graph.dot_source([graph.Node("n", label, "proved", "d")], []).split("label=")[1].split(", fillcolor")[0]
    assert "Σ<SUB><FONT POINT-SIZE=\"7\">b</FONT></SUB>" in shown and "δ<SUB><FONT POINT-SIZE=\"7\">ab</FONT></SUB>²" in shown
    assert "_" not in shown


def test_an_exponential_is_never_cut_at_the_end_of_a_line():
    label = graph_label("a long title before the weight p_i = e^{cos θ_i/τ} of key i", width=28, lines=3)
    assert all(line.count("(") == line.count(")") for line in label.split("\n"))


def test_a_script_dot_sets_is_one_centred_line_with_its_script_smaller_and_moved():
    tools.require("dot")
    figure = graph.render([graph.Node("n", graph_label("Σ_b δ_{ab}² = 1 and n^{−1/2}", 40), "proved", "d")], [],
                          pdf=False)
    assert "baseline-shift" not in figure.svg
    texts = re.findall(r"<text ([^>]*)>(.*?)</text>", figure.svg, flags=re.S)
    line = next(body for attrs, body in texts if "<tspan" in body)
    assert 'text-anchor="middle"' in next(attrs for attrs, body in texts if body == line)
    scripts = re.findall(r'<tspan dy="(-?[\d.]+)" font-size="([\d.]+)">([^<]*)</tspan>', line)
    assert {(text, float(dy) > 0) for dy, _, text in scripts} >= {("b", True), ("ab", True), ("−1/2", False)}
    assert all(float(size) < 10 for _, size, _ in scripts)


def test_near_miss_a_label_without_a_dot_script_is_left_as_dot_set_it():
    source = '<svg><g><polygon points="0,0 10,0"/>\n<text text-anchor="middle" x="5" y="-3" font-size="10.00">pᵢ</text></g></svg>'
    assert graph._scripts_by_position(source) == source


def test_a_boxs_hover_text_names_the_result_not_the_program():
    view = build_view(samples.sample_run(), versions=[], commit="x", date="d")
    nodes = [n for g in view.groups for n in g.graph_nodes] + view.graph_nodes
    derivations = [n for n in nodes if not n.claim]
    assert derivations and all(re.match(r"result \d+: ", n.tooltip) for n in derivations)
    assert not [n.tooltip for n in nodes if "::" in n.tooltip or ".py" in n.tooltip]
    assert all(n.tooltip.startswith("claim ") for n in nodes if n.claim)


def test_a_hover_text_sets_its_scripts_as_the_box_does():
    assert tooltip("∂p_i/∂s_k = p_i(δ_ik − p_k)") == "∂pᵢ/∂sₖ = pᵢ(δᵢₖ − pₖ)"
