r"""`\pi_i`, `\pi_{j}`: the number π is never written with a subscript, so a subscripted π is an entry of a vector the
text names π (class probabilities, a policy); a bare `\pi` in a text that also writes π with a subscript may be that
vector as well as the number, so it is refused naming both."""
from __future__ import annotations

import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


def test_a_subscripted_pi_is_read_as_an_entry_of_a_vector():
    doc = read_document(r"$$\sum_{i=1}^n \pi_i x_i = \pi_1 x_1 + \sum_{i=2}^n \pi_i x_i$$" + "\n", "notes.md")
    assert not doc.failures and doc.chains
    entries = {a for e in doc.chains[0].exprs for a in e.atoms(sp.Indexed)}
    assert any(str(a.base) == "pi" for a in entries)
    assert not any(e.has(sp.pi) for e in doc.chains[0].exprs)


def test_a_true_line_of_entries_of_pi_is_proved_and_its_twin_refuted(tmp_path):
    true = r"$$\sum_{i=1}^n \pi_i + 2 = 2 + \sum_{i=1}^n \pi_i$$" + "\n"
    false = r"$$\sum_{i=1}^n \pi_i + 2 = \sum_{i=1}^n (\pi_i + 2)$$" + "\n"
    assert document_verdicts(tmp_path, true, "true.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, false, "false.py") == [Verdict.REFUTED]


def test_a_bare_pi_beside_a_subscripted_one_is_refused_naming_both_readings():
    doc = read_document(r"$$\pi_1 + \pi_2 = 1$$" + "\n\n" + r"$$\sin(\pi) = 0$$" + "\n", "notes.md")
    refused = [f for f in doc.failures if f.latex.strip() == r"\sin(\pi)"]
    assert refused and "the number π" in refused[0].readings


def test_a_bare_pi_in_a_text_with_no_subscripted_pi_is_the_number(tmp_path):
    doc = read_document(r"$$\sin(\pi) = 0$$" + "\n", "notes.md")
    assert not doc.failures
    assert document_verdicts(tmp_path, r"$$\sin(\pi / 2) = 1$$" + "\n", "true.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, r"$$\sin(\pi / 2) = 0$$" + "\n", "false.py") == [Verdict.REFUTED]
