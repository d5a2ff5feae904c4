"""A blueprint box sets a script Unicode cannot write (δ_{ab}, Σ_b, n^{−1/2}) smaller than its line, as print does:
dot's <SUB> alone keeps the line's size in its PDF, where "Σ_b δ_{ab}² = 1" read "Σb δab ²".  A sum's sign stays on
the line of what it sums.  Near misses: a script Unicode writes stays plain text, and a word that only begins
with Σ is wrapped as any word."""
from __future__ import annotations

import re
import subprocess


from tests.report import report_tools as tools
from verifier.present.report import graph
from verifier.present.report.blueprint import wrapped

TITLE = "25. Why 1/√d is a choice: Var(q·k/√d) = (1/d) Σ_a Σ_b δ_{ab}^2 = 1 for unit-variance coordinates"


def _label(text: str) -> str:
    source = graph.dot_source([graph.Node("n", text, "proved", "d")], [])
    return source.split("label=")[1].split(", fillcolor")[0]


def test_a_script_dot_sets_is_smaller_than_its_line():
    shown = _label(wrapped(TITLE))
    small = f'<FONT POINT-SIZE="{graph.SCRIPT_POINTS}">'
    assert f"Σ<SUB>{small}b</FONT></SUB>" in shown and f"δ<SUB>{small}ab</FONT></SUB>²" in shown
    assert graph.SCRIPT_POINTS < 10                   # the boxes' text is 10 pt
    assert f"n<SUP>{small}−1/2</FONT></SUP>" in _label(wrapped("the n^{−1/2} rate"))


def test_dot_draws_the_script_at_the_smaller_size():
    tools.require("dot")
    svg = subprocess.run(["dot", "-Tsvg"], input=graph.dot_source([graph.Node("n", wrapped(TITLE), "proved", "d")], []),
                         capture_output=True, text=True, timeout=60).stdout
    runs = re.findall(r'<text ([^>]*)>([^<]*)</text>', svg)
    sizes = {body: float(re.search(r'font-size="([\d.]+)"', attrs).group(1)) for attrs, body in runs}
    assert sizes["ab"] == graph.SCRIPT_POINTS and sizes["b"] == graph.SCRIPT_POINTS
    assert max(sizes.values()) == 10


def test_a_sum_stays_on_the_line_of_what_it_sums():
    for width in (18, 22, 30, 40):
        lines = [graph.label_text(line) for line in wrapped(TITLE, width).split("\n")]
        assert not [line for line in lines if line.split(" ")[-1][:1] == "Σ"], lines
        assert any("Σₐ Σ_b δ_(ab)²" in line for line in lines)


def test_near_miss_unicode_scripts_and_a_word_beginning_with_sigma_wrap_as_words():
    assert "<SUB>" not in _label(wrapped("the gap s_max − s_i"))
    assert wrapped("a Σ-algebra of sets on the line", 12).split("\n")[0] == "a Σ-algebra"
