r"""How a display is laid out never changes what it claims, and no relation it writes vanishes without a word:

* a row that goes on with a sign after spacing (`\\ &\quad + 3ab^2 + b^3`, `\\ &\hspace{2em} + …`, `&\qquad {} + 1`)
  continues the right side above it (checked alone, the first row refuted a true line and proved a false one);
* an environment's arguments (`\begin{alignat}{2}`, `\begin{aligned}[t]`, `\begin{gathered}[b]`) are not factors;
* two equations side by side in one row (align's column pairs) are refused, not merged into one chain;
* a relation written inside a decoration (`\stackrel{(1)}{=}`, `\boxed{… = …}`) or unknown to the import (`\cong`,
  `\lesssim`) is named as not read, never dropped silently (a false line passed unnoticed).
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


@pytest.mark.parametrize("true, twin", [
    (r"\begin{align*} (a+b)^3 &= a^3 + 3a^2b \\ &\quad + 3ab^2 + b^3 \end{align*}",
     r"\begin{align*} (a+b)^3 &= a^3 + 3a^2b \\ &\quad + 3ab^2 + 2b^3 \end{align*}"),
    (r"\begin{align} (a-b)^3 &= a^3 - 3a^2b \nonumber \\ &\hspace{2em} + 3ab^2 - b^3 \end{align}",
     r"\begin{align} (a-b)^3 &= a^3 - 3a^2b \nonumber \\ &\hspace{2em} + 3ab^2 + b^3 \end{align}"),
    (r"\begin{alignat}{2} (x+1)^2 &= x^2 + 2x + 1 \end{alignat}",
     r"\begin{alignat}{2} (x+1)^2 &= 2x^2 + 4x + 2 \end{alignat}"),
    (r"\[\begin{aligned}[t] (x+2)^2 &= x^2 + 4x + 4 \end{aligned}\]",
     r"\[\begin{aligned}[t] (x+2)^2 &= x^2 + 4x + 2 \end{aligned}\]"),
    (r"\[\begin{gathered}[b] (x+3)^2 = x^2 + 6x + 9 \end{gathered}\]",
     r"\[\begin{gathered}[b] (x+3)^2 = x^2 + 6x + 6 \end{gathered}\]"),
])
def test_layout_never_changes_the_claim_true_proved_twin_refuted(tmp_path, true, twin):
    assert set(document_verdicts(tmp_path, true, "true.tex.py")) <= PASSING
    assert document_verdicts(tmp_path, twin, "twin.tex.py") == [Verdict.REFUTED]


def test_a_continuation_after_an_empty_group_is_part_of_the_side_so_a_false_row_is_refuted(tmp_path):
    latex = r"\begin{align*} (a+b)^2 &= a^2 + 2ab + b^2 \\ &\qquad {} + 1 \end{align*}"
    assert document_verdicts(tmp_path, latex, "twin.py") == [Verdict.REFUTED]


def test_two_equations_side_by_side_in_one_row_are_refused_and_a_comment_column_is_not():
    pairs = read_document(r"\begin{align*} x^2 - 1 &= (x-1)(x+1) & x^3 - 1 &= (x-1)(x^2+x+1) \end{align*}", "n.tex")
    assert not pairs.chains and any("side by side" in f.message for f in pairs.failures)
    comment = read_document(r"\begin{align*} x &= 1 + 1 && \text{so} \\ &= 2 \end{align*}", "n.tex")
    assert len(comment.chains) == 1 and not comment.failures


@pytest.mark.parametrize("latex", [r"$$(a+b)^2 \stackrel{(1)}{=} a^2 + ab + b^2$$", r"$$\boxed{(a-b)^2 = a^2 - b^2}$$",
                                   r"$$2 + 2 \stackrel{?}{=} 5$$", r"$$x \cong y$$", r"$$n \lesssim 2n$$",
                                   r"$$a \overset{\text{expand}}{=} b$$", r"$$a \mathrel{=} b$$"])
def test_a_relation_no_chain_holds_is_named_as_not_read(latex):
    doc = read_document("$$(x+1)^2 = x^2 + 2x + 1$$\n\n" + latex, "notes.md")
    assert len(doc.chains) == 1 and any("not read" in f.message for f in doc.failures)


def test_near_miss_a_definition_written_over_the_equals_sign_is_still_a_definition():
    doc = read_document(r"$$a \stackrel{\text{def}}{=} b + 1$$", "notes.md")
    assert [d.name for d in doc.definitions] == ["a"] and not doc.failures
