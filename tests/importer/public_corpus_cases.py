"""The chains and peer pairs of bench/latex_corpus/ as test cases, and the ones the import still gets wrong.

KNOWN_GAPS names, per chain or pair id, what goes wrong on it (a true line refuted through a reading, a display
that hangs the import, a peer pair answered the wrong way); tests/known_gaps/test_public_corpus_misreadings.py
keeps each as a strict xfail, and tests/importer/test_public_corpus_keeps_its_meaning.py checks all the others.
"""
from __future__ import annotations

from bench.bench_latex_import import load_chains, load_pairs, misreadings_of, pair_answer

KNOWN_GAPS: dict[str, str] = {}


def chains():
    return load_chains()


def pairs():
    return load_pairs()


def misreadings(entry, workdir):
    from tests.engine import QUICK
    return misreadings_of(entry, workdir, QUICK)


def wrong_answer(pair, workdir):
    """The answer import and check give to a peer pair when it is the wrong one, else None."""
    from tests.engine import QUICK
    said, outcome = pair_answer(pair, workdir, QUICK)
    return None if said in ("none", pair["expected"]) else f"answered {said}: {outcome.verdicts}"
