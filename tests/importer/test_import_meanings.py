"""`import --meanings M.json`: the author says once per display what its ≈ means and what its ∝ is taken in.

Without a sidecar each ≈ stays an error (tests/importer/test_latex_import.py); with one, exactly the named displays get
exactly the given meanings, and a sidecar that names nothing, names a display without such a step, or is not
Python is refused, so a typo never leaves a step silently without its meaning or gives it to another display.
"""
from __future__ import annotations

import json
import re

import pytest

from verifier.authoring.meanings import Bound, Limit
from verifier.importer.command import main as import_main
from verifier.importer.document import read_document
from verifier.importer.meanings import MeaningsError, parse
from verifier.importer.writer import write
from verifier.loader import load_file

TEXT = r"""Some text.
\begin{equation}\label{eq:first} \log(1 + x) \approx x \end{equation}
More text.
\begin{equation} y \propto x^2 \end{equation}
"""


def _written(given: dict) -> str:
    return write(read_document(TEXT, "paper.tex"), parse(given))


def test_a_meaning_is_written_into_the_approx_steps_of_the_display_it_names_only(tmp_path):
    text = _written({"eq:first": {"meaning": "tends(x, 0), one_sided('<=')"}, "eq. (2)": {"wrt": "x"}})
    out = tmp_path / "paper.py"
    out.write_text(text, encoding="utf-8")
    found, error = load_file(out, tmp_path)
    assert error is None, str(error)
    first, second = found
    [approx] = first.steps
    assert [type(m) for m in approx.meanings] == [Limit, Bound]
    assert approx.meanings[0].point == 0 and approx.meanings[1].direction == "<="
    [propto] = second.steps
    assert [str(v) for v in propto.wrt] == ["x"] and not propto.meanings


def test_the_three_names_of_a_display_all_reach_it_and_other_displays_stay_without_meaning():
    for key in ("eq. (1)", "eq:first", "eq_1"):
        text = _written({key: "tends(x, 0)"})
        [line] = [ln for ln in text.splitlines() if ".approx(" in ln]
        assert "meaning=[tends(x, 0)]" in line
        [line] = [ln for ln in text.splitlines() if ".propto(" in ln]
        assert "wrt=()" in line          # eq. (2) was not named: still an error until wrt= is given


@pytest.mark.parametrize("given, says", [
    ({"eq. (7)": "tends(x, 0)"}, "no imported display is named 'eq. (7)'"),
    ({"eq. (2)": "tends(x, 0)"}, "has no ≈ step"),
    ({"eq:first": {"wrt": "x"}}, "has no ∝ step"),
    ({"eq:first": "tends(x, 0)", "eq_1": "tends(x, 1)"}, "named twice"),
])
def test_a_sidecar_that_misses_its_display_is_refused(given, says):
    with pytest.raises(MeaningsError, match=re.escape(says)):
        _written(given)


@pytest.mark.parametrize("given", [
    {"eq:first": "tends(x, 0)) + (1"},
    {"eq:first": "tends(x, 0); import os"},
    {"eq:first": {"meaning": ""}},
    {"eq:first": {"meaning": "tends(x, 0)", "measure": "1"}},
    ["tends(x, 0)"],
])
def test_a_field_that_is_not_one_python_expression_is_refused(given):
    with pytest.raises(MeaningsError):
        parse(given)


def test_the_command_stops_with_a_usage_error_on_a_bad_sidecar(tmp_path, capsys):
    paper = tmp_path / "paper.tex"
    paper.write_text(TEXT, encoding="utf-8")
    bad = tmp_path / "m.json"
    bad.write_text(json.dumps({"eq. (9)": "tends(x, 0)"}), encoding="utf-8")
    assert import_main([str(paper), "--meanings", str(bad), "--out", str(tmp_path / "p.py")]) == 2
    assert "eq. (9)" in capsys.readouterr().err and not (tmp_path / "p.py").exists()
    good = tmp_path / "g.json"
    good.write_text(json.dumps({"_about": "comments start with _", "eq:first": "tends(x, 0)"}), encoding="utf-8")
    assert import_main([str(paper), "--meanings", str(good), "--out", str(tmp_path / "p.py")]) == 0
    assert "meaning=[tends(x, 0)]" in (tmp_path / "p.py").read_text(encoding="utf-8")
