r"""`\lim_{x \to a}` followed by one fraction or one bracketed operand that ends the side is the two-sided limit as
x approaches a (SymPy's Limit with direction '+-'), written into the derivation as SymPy's Limit, not the authoring
API's limit meaning, which the checker takes without crashing on its direction.  A true limit is never refuted, its
one-edit twin never passed; a limit that exists from the right only (|x|/x at 0) is never proved, which a one-sided
reading would do.  A one-sided approach (`x \to 0^+`) and an
operand followed by more terms (whether the limit reaches over them is not settled) are refused naming the limit, and
so is a limit at infinity (over whole numbers, a sequence, or over the reals: sin(πn) → 0 holds only for the first).
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


def test_a_limit_before_a_fraction_is_the_two_sided_limit_of_that_fraction():
    doc = read_document(r"$$\lim_{x \to 0} \frac{\sin x}{x} = 1$$", "notes.md")
    assert not doc.failures and len(doc.chains) == 1, doc.failures
    x = sp.Symbol("x")
    lhs = doc.chains[0].exprs[0]
    assert isinstance(lhs, sp.Limit) and lhs.args[1:3] == (x, 0) and str(lhs.args[3]) == "+-", sp.srepr(lhs)


def test_a_true_limit_is_checked_and_never_refuted(tmp_path):
    verdicts = document_verdicts(tmp_path, r"$$\lim_{x \to 0} \frac{\sin x}{x} = 1$$", "true.py")
    assert len(verdicts) == 1 and Verdict.REFUTED not in verdicts and Verdict.ERROR not in verdicts, verdicts


def test_near_miss_its_one_edit_twin_is_never_passed(tmp_path):
    verdicts = document_verdicts(tmp_path, r"$$\lim_{x \to 0} \frac{\sin x}{x} = 0$$", "false.py")
    assert len(verdicts) == 1 and Verdict.PROVED not in verdicts and Verdict.NUMERIC not in verdicts, verdicts


def test_near_miss_a_limit_from_one_side_only_is_never_proved_as_the_limit(tmp_path):
    verdicts = document_verdicts(tmp_path, r"$$\lim_{x \to 0} \left(\frac{|x|}{x}\right) = 1$$", "side.py")
    assert Verdict.PROVED not in verdicts and Verdict.NUMERIC not in verdicts, verdicts


def test_a_limit_of_a_function_the_text_does_not_give_is_read_and_never_refuted(tmp_path):
    text = r"$$\lim_{\epsilon \rightarrow 0}\frac{L(4+\epsilon) - L(4)}{\epsilon} = 8.$$"
    assert not read_document(text, "notes.md").failures
    assert Verdict.REFUTED not in document_verdicts(tmp_path, text, "unknown.py")


@pytest.mark.parametrize("latex", [
    r"$$\lim_{x \to 0^+} \frac{\sin x}{x} = 1$$",
    r"$$\lim_{x \to 0} \frac{\sin x}{x} + 1 = 2$$",
    r"$$\lim_{x} \frac{\sin x}{x} = 1$$",
    r"$$\lim_{n \to \infty} (\sin(\pi n)) = 0$$",
])
def test_a_one_sided_limit_or_an_operand_of_unsettled_reach_is_refused_naming_the_limit(latex):
    doc = read_document(latex, "notes.md")
    assert not doc.chains and any("limit" in f.message for f in doc.failures), (doc.chains, doc.failures)


def test_the_checker_takes_a_limits_direction_without_crashing(tmp_path):
    from pathlib import Path

    from tests.engine import QUICK
    from verifier.importer.writer import write
    from verifier.judge.checker import check_all
    from verifier.loader import load_file
    path = Path(tmp_path) / "limit.py"
    path.write_text(write(read_document(r"$$\lim_{x \to 0} \frac{\sin x}{x} = 1$$", "notes.md")), encoding="utf-8")
    found, error = load_file(path, Path(tmp_path))
    assert error is None, error
    messages = [s.message for r in check_all(found, QUICK) for s in r.steps]
    assert messages and not any("crashed" in m for m in messages), messages
