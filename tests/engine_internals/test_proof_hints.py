"""Proof hints (derivations/proof-hints.json): a recorded strategy is replayed, never trusted.

A hinted step gets the verdict and strategy the full search gives; an edited step misses its hint;
a hint whose strategy does not prove the step falls back to the search; a false claim one edit away
is never proved because of a hint; a broken lock file is one line and ignored.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from verifier import Σ, calc, exp, index, positive, real, size, vector
from verifier.judge import proof_hints, proving
from verifier.judge.checker import check_all
from verifier.settings import Settings
from verifier.verdicts import Verdict

ROOT = Path(__file__).resolve().parents[2]
n = size("n")
i, j = index("i j", n)
s = vector("s", n)
lam = positive("lambda")
x = real("x")


@pytest.fixture(autouse=True)
def no_hints_before_or_after():
    proof_hints.enable(None)
    yield
    proof_hints.enable(None)


def chain(rhs=1, bound=0, name="under_test"):
    """Σ softmax = rhs, then an inequality and an ∝: three relations the search serves, in one derivation."""
    p = exp(lam * s[i]) / Σ(exp(lam * s[j]), j)
    sums = calc(Σ(p, i), title="Σp", name=name).eq(rhs, "normaliser")
    square = calc(x ** 2 + 1, title="square", name=name + "_square").ge(bound, "a square plus one")
    scaled = calc(3 * x ** 2, title="scaled", name=name + "_scaled").propto(x ** 2, "constant factor", wrt=[x])
    return [sums, square, scaled]


def checked(derivations):
    return {(r.name, st.index): st for r in check_all(derivations, Settings(quick=True)) for st in r.steps}


def hints_of(steps) -> dict:
    return {st.fingerprint: st.strategy for st in steps.values()
            if st.verdict in (Verdict.PROVED, Verdict.CASES) and st.strategy}


def replays(monkeypatch) -> list:
    """The strategies replayed alone (only=True), as they are asked of the prove layer."""
    seen = []
    for name in ("_prove_equal", "_prove_inequality", "_prove_proportional"):
        real_fn = getattr(proving, name)

        def spy(*args, _real=real_fn, **kwargs):
            if kwargs.get("only") and kwargs.get("how") and kwargs["how"] not in (["fact"], ["fact", "monotone"]):
                seen.append(tuple(kwargs["how"]))
            return _real(*args, **kwargs)
        monkeypatch.setattr(proving, name, spy)
    return seen


def test_replaying_the_recorded_strategies_gives_every_step_the_search_verdict_and_strategy(monkeypatch):
    searched = checked(chain())
    assert all(st.verdict is Verdict.PROVED and st.strategy for st in searched.values())
    proof_hints.enable(hints_of(searched))
    seen = replays(monkeypatch)
    replayed = checked(chain())
    assert sorted(seen) == sorted((st.strategy,) for st in searched.values())      # each step replayed once
    for key, st in searched.items():
        assert (replayed[key].verdict, replayed[key].strategy, replayed[key].method) == \
               (st.verdict, st.strategy, st.method)


def test_an_edited_step_misses_its_hint_and_a_false_one_edit_variant_is_not_proved(monkeypatch):
    true = checked(chain())
    proof_hints.enable(hints_of(true))
    seen = replays(monkeypatch)
    false = checked(chain(rhs=2, bound=2))          # Σp = 2 and x² + 1 ≥ 2: false, one edit each
    # The two edited claims have other fingerprints: no hint applies; the unchanged ∝ step keeps its own.
    assert seen == [(true[("under_test_scaled", 1)].strategy,)]
    assert false[("under_test", 1)].verdict is Verdict.REFUTED
    assert false[("under_test_square", 1)].verdict is Verdict.REFUTED


def test_a_hint_forced_onto_a_false_step_is_replayed_fails_and_the_search_refutes(monkeypatch):
    true = checked(chain())
    false_derivations = chain(rhs=2, bound=2)
    fingerprints = {k: st.fingerprint for k, st in checked(chain(rhs=2, bound=2)).items()}
    # The true steps' strategies, recorded under the false steps' fingerprints (a stale or forged lock).
    proof_hints.enable({fingerprints[k]: true[k].strategy for k in fingerprints})
    seen = replays(monkeypatch)
    false = checked(false_derivations)
    assert seen                                      # the recorded strategies were run ...
    assert false[("under_test", 1)].verdict is Verdict.REFUTED        # ... and proved nothing
    assert false[("under_test_square", 1)].verdict is Verdict.REFUTED


def test_a_true_one_edit_variant_with_a_stale_hint_is_still_proved():
    searched = checked(chain(bound=1))               # x² + 1 ≥ 1: true, one edit from ≥ 0
    hints = {st.fingerprint: "exact" for st in searched.values()}      # a strategy that proves none of them
    proof_hints.enable(hints)
    again = checked(chain(bound=1))
    for key, st in searched.items():
        assert again[key].verdict is st.verdict is Verdict.PROVED
        assert again[key].strategy == st.strategy != "exact"


def test_a_hint_naming_a_strategy_that_fails_falls_back_to_the_full_search(monkeypatch):
    searched = checked(chain())
    proof_hints.enable({st.fingerprint: "exact" for st in searched.values()})
    seen = replays(monkeypatch)
    again = checked(chain())
    assert ("exact",) in seen
    for key, st in searched.items():
        assert (again[key].verdict, again[key].strategy) == (st.verdict, st.strategy)


def test_a_hint_naming_an_unknown_strategy_or_one_of_another_relation_is_not_replayed(monkeypatch):
    searched = checked(chain())
    fp = searched[("under_test", 1)].fingerprint
    replay, warning = proof_hints.replayable({fp: {"file": "derivations/x.py", "strategy": "no_such_strategy"}})
    assert replay == {} and "no_such_strategy" in warning and "\n" not in warning
    proof_hints.enable({fp: "no_such_strategy"})
    assert proof_hints.hinted(fp, "=") is None
    proof_hints.enable({fp: "sign"})                 # an inequality strategy, recorded for an equality
    seen = replays(monkeypatch)
    again = checked(chain())
    assert not seen
    assert again[("under_test", 1)].strategy == searched[("under_test", 1)].strategy


@pytest.mark.parametrize("text", ["{not json", '{"format": "other/1", "hints": {}}', '["a", "list"]',
                                  '{"format": "verifier-proof-hints/1", "hints": [1, 2]}', "\udcff"])
def test_a_corrupt_lock_file_is_one_line_and_no_hints(tmp_path, text):
    lock = tmp_path / "proof-hints.json"
    lock.write_text(text, encoding="utf-8", errors="surrogateescape")
    entries, warning = proof_hints.read(lock)
    assert entries == {}
    assert warning.startswith("proof hints:") and "\n" not in warning


def test_a_missing_lock_file_is_no_hints_and_no_warning(tmp_path):
    assert proof_hints.read(tmp_path / "proof-hints.json") == ({}, "")


class Step:
    def __init__(self, fingerprint, strategy, verdict, relation="="):
        self.fingerprint, self.strategy, self.verdict, self.relation = fingerprint, strategy, verdict, relation


class Result:
    def __init__(self, file, steps):
        self.file, self.steps = file, steps


def test_the_lock_records_proved_steps_of_checked_files_and_keeps_other_files_entries():
    previous = {"a1": {"file": "derivations/a.py", "strategy": "expand"},      # a.py checked again: replaced
                "b1": {"file": "derivations/b.py", "strategy": "cancel"},      # b.py not checked: kept
                "c1": {"file": "derivations/gone.py", "strategy": "cancel"}}   # its file is gone: dropped
    results = [Result("derivations/a.py", [Step("a2", "linearity", Verdict.PROVED),
                                           Step("a3", "cases", Verdict.CASES),
                                           Step("a4", "", Verdict.NUMERIC),
                                           Step("a5", "fact", Verdict.NUMERIC),     # lent by a numeric fact
                                           Step("a6", "exact", Verdict.REFUTED),
                                           Step("a7", "limit", Verdict.PROVED, relation="~")])]
    out = proof_hints.recorded(results, {"derivations/a.py"}, previous, exists=lambda f: f != "derivations/gone.py")
    assert out == {"a2": {"file": "derivations/a.py", "strategy": "linearity"},
                   "a3": {"file": "derivations/a.py", "strategy": "cases"},
                   "b1": {"file": "derivations/b.py", "strategy": "cancel"}}


def test_the_lock_is_sorted_one_entry_a_line_and_rewritten_only_when_it_changes(tmp_path):
    lock = tmp_path / "proof-hints.json"
    entries = {"ff": {"file": "derivations/b.py", "strategy": "cancel"},
               "00": {"file": "derivations/a.py", "strategy": "expand"}}
    assert proof_hints.write(lock, entries)
    lines = lock.read_text().splitlines()
    assert [ln.strip()[:4] for ln in lines if ln.strip().startswith('"') and ":" in ln][2:] == ['"00"', '"ff"']
    assert proof_hints.read(lock) == (entries, "")
    assert oct(lock.stat().st_mode & 0o777) == "0o644"
    before = lock.stat().st_mtime_ns
    assert not proof_hints.write(lock, dict(reversed(list(entries.items()))))
    assert lock.stat().st_mtime_ns == before


def test_the_committed_lock_reads_cleanly_and_names_only_registered_strategies():
    entries, warning = proof_hints.read(proof_hints.location(ROOT))
    assert warning == "" and entries
    replay, warning = proof_hints.replayable(entries)
    assert warning == "" and len(replay) == len(entries)
    assert all((ROOT / e["file"]).is_file() for e in entries.values())


FILE = '''from verifier import calc, real
x = real("x")
square = calc(x**2 + 2*x + 1, title="square", name="square").eq((x + 1)**2, "binomial")
'''


def run(*args, cwd):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "verifier", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=600, env=env)


@pytest.mark.slow
@pytest.mark.subprocess
def test_a_run_writes_the_lock_beside_the_derivations_and_a_corrupt_one_is_one_line_not_a_crash(tmp_path):
    """Also: a file checked outside derivations/ (a fixture named on the command line) is not recorded."""
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "sq.py").write_text(FILE)
    first = run("all", "--no-report", "--no-cache", "--jobs", "1", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    lock = tmp_path / "derivations" / "proof-hints.json"
    entries, _ = proof_hints.read(lock)
    assert [e["file"] for e in entries.values()] == ["derivations/sq.py"]
    lock.write_text('{"format": "verifier-proof-hints/1", "hints": {"x": {"file": "derivations/sq.py", '
                    '"strategy": "made_up"}}}')
    second = run("all", "--no-report", "--no-cache", "--jobs", "1", cwd=tmp_path)
    assert second.returncode == 0
    assert [ln for ln in second.stderr.splitlines() if "proof hints" in ln] == [
        "proof hints: 1 entries name no registered strategy ('made_up'); those steps are searched in full"]
    assert proof_hints.read(lock)[0] == entries           # rewritten from what the run proved
    lock.write_text("{broken")
    third = run("check", "derivations/sq.py", "--no-report", "--no-cache", "--jobs", "1", cwd=tmp_path)
    assert third.returncode == 0 and "Traceback" not in third.stderr
    assert len([ln for ln in third.stderr.splitlines() if "proof hints" in ln]) == 1
    assert lock.read_text() == "{broken"             # a partial run does not rewrite a lock it could not read
    fourth = run("all", "--no-report", "--no-cache", "--jobs", "1", cwd=tmp_path)
    assert fourth.returncode == 0 and "Traceback" not in fourth.stderr
    assert proof_hints.read(lock) == (entries, "")      # `all` writes it anew


_HINTS_KEEP_VERDICTS = """
from tests.engine import ROOT, load_project_files
from verifier.judge import proof_hints
from verifier.judge.checker import check_all
from verifier.settings import Settings
name = "softmax_basics.py"
full = {(r.name, st.index): st for r in check_all(load_project_files(name)[name], Settings(quick=True))
        for st in r.steps}
entries, _ = proof_hints.read(proof_hints.location(ROOT))
here = {st.fingerprint for st in full.values()}
mine = {fp: e["strategy"] for fp, e in entries.items() if e["file"] == f"derivations/{name}" and fp in here}
assert len(mine) >= 5, mine           # the committed lock names this file's proved steps (most of them)
proof_hints.enable(mine)
hinted = {(r.name, st.index): st for r in check_all(load_project_files(name)[name], Settings(quick=True))
          for st in r.steps}
assert {k: (st.verdict, st.strategy, st.method) for k, st in hinted.items()} == \\
       {k: (st.verdict, st.strategy, st.method) for k, st in full.items()}
"""


@pytest.mark.slow
@pytest.mark.subprocess
def test_a_project_file_checked_with_and_without_its_recorded_hints_gets_the_same_verdicts_and_strategies():
    """In a fresh interpreter, as the command line loads a file: a step's fingerprint reads the domains
    declared for its symbols, and another test's declarations in the same process must not decide it."""
    done = subprocess.run([sys.executable, "-c", _HINTS_KEEP_VERDICTS], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), stdin=subprocess.DEVNULL, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
