"""A graph node's label sets a subscript as a subscript: with Unicode's forms where every character has one
(s_max → sₘₐₓ), else as dot's own subscript (δ_{ab}: there is no subscript b), never as the raw δ_(ab).  The
tooltip, plain text, says it as δ_(ab)."""
from __future__ import annotations

from verifier.present.report.blueprint import wrapped
from verifier.present.report.graph import Node, dot_source, label_text


def test_a_script_with_no_unicode_form_is_set_by_dot_as_a_script():
    label = wrapped("26. Var(q·k/√d) = (1/d) Σ_b δ_{ab}² = 1")
    source = dot_source([Node("n1", label, "proved", "d26")], [])
    shown = source.split("label=")[1].split(", fillcolor")[0]
    assert "δ<SUB><FONT POINT-SIZE=\"7\">ab</FONT></SUB>" in shown and "Σ<SUB><FONT POINT-SIZE=\"7\">b</FONT></SUB>" in shown
    assert "_(" not in shown
    assert "δ_(ab)" in source.split("tooltip=")[1]           # the tooltip is plain text


def test_near_miss_scripts_unicode_can_write_stay_plain_text():
    label = wrapped("the gap s_max − s_i")
    source = dot_source([Node("n1", label, "proved", "d1")], [])
    assert "sₘₐₓ" in source and "<SUB>" not in source and 'label="the gap' in source


def test_a_long_label_wraps_by_what_it_shows_not_by_its_marks():
    label = wrapped("Σ_b δ_{ab} " * 6, width=30)
    assert all(len(label_text(line)) <= 30 for line in label.split("\n"))
