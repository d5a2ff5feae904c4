"""The import reads real chains as their authors meant them, or refuses: never a wrong reading.

tests/fixtures/latex/chains.py holds relation chains from public sources (origin noted on each) with a
hand-written SymPy form of every side.  Each chain is found in its display, split at its top-level
relations, and every side read with the import's rules over the chosen parser.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.fixtures.latex.chains import CHAINS
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError


def same(a, b) -> bool:
    """Structural equality, or a difference SymPy simplifies to 0 (the forms are written by hand)."""
    if a == b or sp.srepr(a) == sp.srepr(b):
        return True
    try:
        return sp.simplify(sp.expand(a - b)) == 0
    except Exception:
        return False


def imported(entry):
    doc = read_document(entry["latex"], "fixture.tex")
    sides = [e for c in doc.chains for e in c.exprs]
    # a chain read as a definition (p_i = …) is still a chain here: compare its two sides
    for d in doc.definitions:
        if not doc.chains:
            lhs = sp.IndexedBase(d.name)[d.index] if d.index is not None else sp.Symbol(d.name)
            sides = [lhs, d.expr]
    return doc, sides


@pytest.mark.parametrize("entry", [c for c in CHAINS if "sides" in c], ids=lambda c: c["origin"][:60])
def test_a_real_chain_is_read_as_its_author_meant_it(entry):
    doc, sides = imported(entry)
    assert not doc.failures, [str(f) for f in doc.failures]
    assert len(sides) == len(entry["sides"]), f"{len(sides)} sides read, {len(entry['sides'])} written"
    for k, (got, want) in enumerate(zip(sides, entry["sides"])):
        assert same(got, want), f"side {k + 1}: read {got}, meant {want}"


@pytest.mark.parametrize("entry", [c for c in CHAINS if "error" in c], ids=lambda c: c["origin"][:60])
def test_a_chain_the_rules_cannot_read_is_refused_with_its_line(entry):
    doc, sides = imported(entry)
    assert doc.failures, f"read as {sides}: a construct the import does not support was guessed at"
    message = " ".join(str(f) for f in doc.failures)
    assert entry["error"] in message and "line " in message


def test_the_fixture_holds_at_least_thirty_real_chains_read_correctly_each_with_its_origin():
    assert sum("sides" in c for c in CHAINS) >= 30
    assert all(c["origin"].strip() for c in CHAINS)
