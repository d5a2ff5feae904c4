r"""A chain whose names cannot be declared beside the text's other chains is left out and named; the rest is checked.

`\sum_{i=1}^{n} \sum_{j=1}^{i} 1` makes i both an upper limit and an index, which no declaration says; the whole
file used to fail ("the derivation could not be written"), so a false `2 + 2 = 5` beside it was never refuted.  Now
that chain is named as not read, with the reason, and the others are written and checked, by `check` and `import`
alike.  Near miss: a text whose only chain cannot be written names it and writes nothing.
"""
from __future__ import annotations

from types import SimpleNamespace

from verifier.importer.command import import_for_check, run
from verifier.loader import load_file
from verifier.judge.checker import check_all
from tests.engine import QUICK
from verifier.verdicts import Verdict

NESTED = "Counting:\n\n$$\\sum_{i=1}^{n} \\sum_{j=1}^{i} 1 = \\frac{n(n+1)}{2}.$$\n"
FALSE = "Arithmetic:\n\n$$2 + 2 = 5.$$\n\n"


def checked(text: str, tmp_path, capsys=None) -> tuple[list, str]:
    """(the verdicts of the chains `check` writes from a note, what the import said on standard error)."""
    note = tmp_path / "notes.md"
    note.write_text(text, encoding="utf-8")
    written, why = import_for_check(note, tmp_path)
    assert written is not None, why
    err = capsys.readouterr().err if capsys is not None else ""
    found, error = load_file(written, tmp_path)
    assert error is None, error
    return [s.verdict for r in check_all(found, QUICK) for s in r.steps], err


def test_the_other_chains_are_written_and_checked_and_the_one_left_out_is_named(tmp_path, capsys):
    verdicts, err = checked(FALSE + NESTED, tmp_path, capsys)
    assert "line 7: not read: the chain cannot be written beside the text's other chains" in err, err
    assert verdicts == [Verdict.REFUTED]


def test_import_writes_the_other_chains_and_names_the_one_left_out(tmp_path, capsys):
    text = tmp_path / "notes.md"
    text.write_text(FALSE + NESTED, encoding="utf-8")
    out = tmp_path / "notes.py"
    code = run(SimpleNamespace(file=text, meanings=None, parser="latex2sympy2_extended", label=None, out=out))
    err = capsys.readouterr().err
    assert code != 2 and out.is_file(), err        # 1: a display was not read, and the file is written
    assert "cannot be written beside the text's other chains" in err, err


def test_near_miss_a_text_whose_only_chain_cannot_be_written_says_so(tmp_path, capsys):
    text = tmp_path / "notes.md"
    text.write_text(NESTED, encoding="utf-8")
    written, why = import_for_check(text, tmp_path)
    err = capsys.readouterr().err
    assert written is None and "no chain of relations could be imported" in why, why
    assert "cannot be written beside the text's other chains" in err, err


# `Let $y = x^2$` gives y its value in the written file; `\frac{d}{dy} y^2` is then a derivative in x², which SymPy
# cannot build, so the file was written but did not load, and every chain of the text was lost with it
DERIVATIVE_IN_A_DEFINED_NAME = "Let $y = x^2$. Then\n\n$$\\frac{d}{dy} y^2 = 2y.$$\n\n"


def test_a_chain_that_keeps_the_written_file_from_loading_is_named_and_the_others_checked(tmp_path, capsys):
    verdicts, err = checked(DERIVATIVE_IN_A_DEFINED_NAME + FALSE, tmp_path, capsys)
    assert "line 3: not read: the chain cannot be written beside the text's other chains: Can't calculate " \
           "derivative wrt x**2" in err, err
    assert verdicts == [Verdict.REFUTED]


def test_near_miss_a_derivative_in_a_name_the_text_does_not_define_is_written_and_checked(tmp_path):
    verdicts, _ = checked("Then\n\n$$\\frac{d}{dy} y^2 = 2y.$$\n\n" + FALSE, tmp_path)
    assert verdicts == [Verdict.PROVED, Verdict.REFUTED]
