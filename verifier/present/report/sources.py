"""Sources, stated once: which seed text a derivation cites, and what every derivation of it shares.

A derivation's source reads like "002_….txt (summary of J. Ma, '…', arXiv:…),
maximum-likelihood derivation".  The citation in parentheses belongs to the
seed text, so the report prints it once, in a sources section, and keeps only
the location ("maximum-likelihood derivation") beside each derivation.  Notes
that several derivations of one seed repeat word for word (a "Reconstruction:"
paragraph) are likewise printed once per seed and referred to.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

_SEED = re.compile(r"^\s*(\d{3}_[0-9a-f]+\.txt)\s*(\((?:[^()]|\([^()]*\))*\))?\s*[,:;]?\s*(.*)$", re.S)
OTHER = "other sources"


@dataclass(frozen=True)
class Citation:
    seed: str          # seed file name, or "" when the source is not a seed text
    citation: str      # what the seed text is (the parenthesised part), possibly ""
    location: str      # where in it (eq. (5), "maximum-entropy derivation", …)

    @property
    def short(self) -> str:
        if not self.seed:
            return self.location
        return f"{self.seed}, {self.location}" if self.location else self.seed


def parse(source: str) -> Citation:
    m = _SEED.match(source or "")
    if not m:
        return Citation("", "", (source or "").strip())
    citation = (m.group(2) or "").strip()[1:-1].strip()
    return Citation(m.group(1), citation, m.group(3).strip())


def seed_key(source: str) -> str:
    return parse(source).seed or OTHER


def shared_notes(notes_per_derivation: list[list[str]], at_least: int = 2) -> list[str]:
    """Notes repeated verbatim in `at_least` derivations, in order of first appearance."""
    counts = Counter(n for notes in notes_per_derivation for n in dict.fromkeys(notes))
    seen, out = set(), []
    for notes in notes_per_derivation:
        for note in notes:
            if counts[note] >= at_least and note not in seen:
                seen.add(note)
                out.append(note)
    return out

