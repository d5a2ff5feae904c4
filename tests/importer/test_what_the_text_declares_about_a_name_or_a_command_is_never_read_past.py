r"""What a text declares about a name or a command changes its meaning, so a reading that ignores it is refused:

* letters the text declares matrices, operators or vectors (`$Q, K \in \mathbb{R}^{n \times n}$`, "Let $A$ and $B$ be
  $2 \times 2$ real matrices", "$X$ and $P$ be operators", "Let $a, b, c$ be vectors"), written bare: read as
  commuting numbers, `QK = KQ` and `(A+B)^2 = A^2 + 2AB + B^2` were proved;
* a command the text redefines (`\renewcommand{\log}{\log_2}`, `\def\ln{\log_{10}}`);
* `\equiv` in a text about congruences ("modulo 5", `(\text{mod } 12)`): read as =, true congruences were refuted;
* a comma between digits in a text that says it writes a decimal comma (`1{,}024` is 1.024 there);
* a number before an upright e (`1\mathrm{e}{-3}`, E-notation as code writes it), read as 1·e·(−3).

Near misses are read and checked both ways: letters the text calls real numbers, `x \in \mathbb{R}^d` written only
through its entries x_i, `\equiv` as a definition where the text says nothing of congruences, `1{,}024` as a
thousands separator elsewhere, `2e^{-3}` (Euler's number).
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}


def _never_decided(tmp_path, text, name, path="notes.md"):
    doc = read_document(text, path)
    assert doc.failures, [c.exprs for c in doc.chains]
    verdicts = document_verdicts(tmp_path, text, name) if doc.chains else []
    assert Verdict.REFUTED not in verdicts and not set(verdicts) & PASSING, verdicts


def _never_read_as_numbers(tmp_path, text, name, true: bool):
    """Refused, or read as products that do not commute (unsettled): the true line never refuted, its twin never
    accepted."""
    doc = read_document(text, "notes.md")
    assert doc.failures or doc.chains and all(c.unsettled for c in doc.chains), [c.exprs for c in doc.chains]
    verdicts = document_verdicts(tmp_path, text, name) if doc.chains else []
    assert Verdict.REFUTED not in verdicts, verdicts
    if not true:
        assert not set(verdicts) & PASSING, verdicts


@pytest.mark.parametrize("prose, true, twin", [
    ("Let $Q, K \\in \\mathbb{R}^{n \\times n}$ be the query and key matrices.", "(Q + K)^2 = Q^2 + QK + KQ + K^2",
     "QK = KQ"),
    ("Let $A$ and $B$ be $2 \\times 2$ real matrices.", "(A+B)^2 = A^2 + AB + BA + B^2", "(A+B)^2 = A^2 + 2AB + B^2"),
    ("Let $X$ and $P$ be operators on a Hilbert space.", "X + P = P + X", "XP - PX = 0"),
    ("Let $a, b, c$ be vectors in $\\mathbb{R}^3$.", "a \\cdot b = b \\cdot a", "(a \\cdot b)\\, c = a\\, (b \\cdot c)"),
])
def test_names_the_text_declares_matrices_operators_or_vectors_are_not_read_as_numbers(tmp_path, prose, true, twin):
    _never_read_as_numbers(tmp_path, f"{prose}\n\n$${true}$$", "true.py", true=True)
    _never_read_as_numbers(tmp_path, f"{prose}\n\n$${twin}$$", "twin.py", true=False)


def test_near_miss_names_the_text_calls_numbers_or_writes_only_through_entries_are_checked_both_ways(tmp_path):
    prose = "Let $a$ and $b$ be real numbers.\n\n"
    assert set(document_verdicts(tmp_path, prose + "$$(a+b)^2 = a^2 + 2ab + b^2$$", "t.py")) <= PASSING
    assert document_verdicts(tmp_path, prose + "$$(a+b)^2 = a^2 + ab + b^2$$", "f.py") == [Verdict.REFUTED]
    entries = "For $x \\in \\mathbb{R}^d$ with entries $x_i$,\n\n"
    assert set(document_verdicts(tmp_path, entries + "$$\\sum_{i=1}^d (x_i + 1) = d + \\sum_{i=1}^d x_i$$",
                                 "e.py")) <= PASSING
    assert not set(document_verdicts(tmp_path, entries + "$$\\sum_{i=1}^d (x_i + 1) = 1 + \\sum_{i=1}^d x_i$$",
                                     "g.py")) & PASSING
    seed = read_document("the form of $s$ is such that $\\langle q, k\\rangle \\propto d$ (where $d$ is the vector "
                         "dimension)\n\n$$\\lambda\\propto \\frac{\\log n}{d}$$", "notes.md")
    assert seed.chains and not seed.failures          # "the vector dimension" declares no vector


@pytest.mark.parametrize("text, path", [
    ("\\documentclass{article}\\renewcommand{\\log}{\\log_2}\\begin{document}\\[ \\log 8 = 3 \\]\\end{document}", "n.tex"),
    ("\\documentclass{article}\\renewcommand{\\log}{\\log_2}\\begin{document}\\[ \\log 8 = 2 \\]\\end{document}", "n.tex"),
    ("$$\\def\\ln{\\log_{10}}$$\n\n$$\\ln 100 = 2$$", "n.md"),
    ("All congruences are taken modulo $5$.\n\n$$17 \\equiv 2$$", "n.md"),
    ("All congruences are taken modulo $5$.\n\n$$17 \\equiv 3$$", "n.md"),
    ("$$10 + 4 \\equiv 2 \\quad (\\text{mod } 12)$$", "n.md"),
    ("Mit Dezimalkomma gilt\n\n$$1{,}024 \\cdot 1000 = 1024$$", "n.md"),
    ("Mit Dezimalkomma gilt\n\n$$1{,}024 \\cdot 1000 = 1024000$$", "n.md"),
    ("$$1\\mathrm{e}{-3} = 0.001$$", "n.md"),
    ("$$1.5\\mathrm{e}{3} = 15000$$", "n.md"),
])
def test_a_reading_the_text_overrides_is_refused_never_decided(tmp_path, text, path):
    _never_decided(tmp_path, text, "doc.py", path)


def test_near_misses_without_the_declaration_keep_their_reading(tmp_path):
    assert set(document_verdicts(tmp_path, "$$1{,}024 = 1024$$", "a.py")) <= PASSING
    assert document_verdicts(tmp_path, "$$1{,}024 = 1000$$", "b.py") == [Verdict.REFUTED]
    assert [d.name for d in read_document("$$a \\equiv b + 1$$", "n.md").definitions] == ["a"]
    assert set(document_verdicts(tmp_path, "$$2e^{0} = 2$$", "c.py")) <= PASSING
    assert document_verdicts(tmp_path, "$$\\log 1 = 0$$\n\n$$\\log e = 2$$", "d.py")[-1] is Verdict.REFUTED
