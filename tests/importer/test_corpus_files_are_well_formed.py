"""The public corpus of bench/latex_corpus/ is well formed: every file parses, every chain names its origin and
licence, every false twin differs from its chain by one small edit, and every peer pair says what its peer expects.

The corpus measures the import on documents the project has never seen (bench/bench_latex_import.py); a chain
without an origin could not be traced back to its text, and a twin equal to its chain would count a true line
as a twin that should be refuted.
"""
from __future__ import annotations

import difflib
import tomllib
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[2] / "bench" / "latex_corpus"
CHAIN_FILES = sorted(p for p in CORPUS.glob("*.toml") if p.name != "peer_pairs.toml")


def _load(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _chains() -> list[tuple[str, dict, dict]]:
    return [(p.name, _load(p)["source"], c) for p in CHAIN_FILES for c in _load(p).get("chain", [])]


def test_the_corpus_has_at_least_a_hundred_chains_and_a_hundred_peer_pairs():
    assert len(_chains()) >= 100
    assert len(_load(CORPUS / "peer_pairs.toml")["pair"]) >= 100


@pytest.mark.parametrize("path", CHAIN_FILES, ids=lambda p: p.name)
def test_every_source_names_its_repository_and_licence(path):
    source = _load(path)["source"]
    assert source["repository"].startswith("https://")
    assert source["licence"].strip()
    assert (CORPUS / "README.md").read_text(encoding="utf-8").count(source["repository"]) >= 1


def test_every_chain_names_where_it_was_taken_from():
    ids = [c["id"] for _, _, c in _chains()]
    assert len(ids) == len(set(ids)), "chain ids are unique"
    for name, source, c in _chains():
        assert c["path"].strip(), c["id"]
        assert isinstance(c["line"], int), c["id"]
        assert c["line"] > 0 or "wikipedia" in source["repository"], c["id"]
        assert "$" in c["latex"] or "\\[" in c["latex"] or "\\begin" in c["latex"], c["id"]


def test_every_twin_is_its_chain_after_one_small_edit():
    for _, _, c in _chains():
        assert c.get("twin"), f"{c['id']} has a false twin"
        for t in c["twin"]:
            assert t["edit"].strip()
            assert t["latex"] != c["latex"], c["id"]
            ops = [op for op in difflib.SequenceMatcher(None, c["latex"], t["latex"], autojunk=False).get_opcodes()
                   if op[0] != "equal"]
            span = max(max(i2, j2) for _, _, i2, _, j2 in ops) - min(min(i1, j1) for _, i1, _, j1, _ in ops)
            assert span <= 40, f"{c['id']}: {t['edit']} is more than one careless edit in one place"


def test_every_peer_pair_says_what_its_peer_expects():
    data = _load(CORPUS / "peer_pairs.toml")
    assert data["source"]["repositories"] and data["source"]["licences"]
    for p in data["pair"]:
        assert p["expected"] in ("equal", "not equal"), p["id"]
        assert p["kind"] in ("expression", "relation"), p["id"]
        assert p["repository"].startswith("https://") and p["path"], p["id"]
        assert p["gold"] != "" and p["answer"] != "" and p["gold_math"].strip() and p["answer_math"].strip(), p["id"]
