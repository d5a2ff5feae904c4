"""Mutation results are recorded per step and reported by every run, with the authors' notes on survivors.

A full mutation run takes minutes, so each step's result is kept under the step's
fingerprint (what it claims, not how it is worded).  What must hold: a record is
found again only for the same claim (a range, a domain, a pin or a meaning changed
is a different claim); survivors are explained only by the step's own
`survives=` notes; the command fails while a survivor is unexplained; and a
record made by another engine version is reported as such, never as current.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import sympy as sp

from verifier import Σ, calc, index, maximum, positive, size, tends, vector
from verifier.authoring.reductions import IndexedMax
from verifier.judge.checker import check_all
from verifier.judge.fingerprint import step_fingerprint
from verifier.mutate.records import Record, RecordStore
from verifier.mutate.score import run
from verifier.mutate.summary import summarize
from verifier.settings import Settings

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
FAST = Settings(quick=True, points=8, limit=1.0, step_limit=6.0, numeric_limit=3.0)
WEAKER = "a weaker bound: any constant ≥ 0 above the max still bounds s_i"


def slack(**notes):
    d = calc(s[i], title="slack").le(maximum(s[j], j) + 1, "one above the max", **notes)
    d.name = "slack"
    return d


def fingerprint(d):
    return step_fingerprint(d.start, d.steps[0])


# --- which claim a record belongs to ------------------------------------------------------------

def test_rewording_a_step_or_its_notes_keeps_its_fingerprint():
    plain = slack()
    reworded = calc(s[i], title="other title").le(maximum(s[j], j) + 1, "another reason", source="elsewhere",
                                                   survives={"constant": WEAKER})
    assert fingerprint(plain) == fingerprint(reworded)


def test_a_shifted_range_a_changed_domain_a_pin_or_a_meaning_is_another_claim():
    base = fingerprint(slack())
    shifted = calc(s[i], title="t").le(IndexedMax(s[j], (j, 2, n)) + 1, "r")
    assert base != fingerprint(shifted)
    # An index over 0…n prints like one over 1…n (srepr shows the name only): the domain must count.
    i0 = index("i", n, start=0)
    assert sp.srepr(i0) == sp.srepr(i)
    assert fingerprint(calc(s[i0], title="t").le(maximum(s[j], j) + 1, "r")) != base
    pinned = calc(s[i], title="t").le(maximum(s[j], j) + 1, "r", given={n: 3})
    assert fingerprint(pinned) != base
    x = positive("x")
    near0 = calc(sp.sin(x) / x, title="t").approx(1, "r", meaning=tends(x, 0))
    near_inf = calc(sp.sin(x) / x, title="t").approx(1, "r", meaning=tends(x, sp.oo))
    assert fingerprint(near0) != fingerprint(near_inf)


def test_a_cited_fact_is_part_of_the_claim():
    fact_a = calc(s[i], title="a").le(maximum(s[j], j), "max")
    fact_b = calc(s[i], title="b").le(maximum(s[j], j) + 2, "max")
    uses_a = calc(s[i], title="u").le(maximum(s[j], j) + 1, "r", by=fact_a)
    uses_b = calc(s[i], title="u").le(maximum(s[j], j) + 1, "r", by=fact_b)
    assert fingerprint(uses_a) != fingerprint(uses_b)


# --- recording and reusing ------------------------------------------------------------------

def test_a_second_run_answers_every_step_from_its_record_with_the_same_results(tmp_path):
    store = RecordStore(tmp_path, "k")
    first = run([slack()], seed=0, per_kind=2, settings=FAST, store=store, engine="E")
    again = run([slack()], seed=0, per_kind=2, settings=FAST, store=store, engine="E")
    assert first.reused == 0 and again.reused == 1
    assert [(r.mutation, r.status) for r in again.results] == [(r.mutation, r.status) for r in first.results]
    assert again.to_dict()["killed"] == first.to_dict()["killed"]


def test_a_record_of_another_engine_is_measured_again_and_a_sample_is_never_recorded(tmp_path):
    store = RecordStore(tmp_path, "k")
    run([slack()], seed=0, per_kind=1, settings=FAST, store=store, engine="old")
    assert run([slack()], seed=0, per_kind=1, settings=FAST, store=store, engine="new").reused == 0
    assert store.get(fingerprint(slack())).engine == "new"
    other = RecordStore(tmp_path / "sampled", "k")
    run([slack()], seed=0, per_kind=3, settings=FAST, store=other, engine="E", max_mutants=2)
    assert store.get(fingerprint(slack())) is not None and other.get(fingerprint(slack())) is None


# --- what a run reports ---------------------------------------------------------------------------

def checked(*derivations):
    return check_all(list(derivations), FAST)


def test_survivors_are_explained_only_by_their_own_steps_notes_and_unused_notes_are_listed(tmp_path):
    store = RecordStore(tmp_path, "k")
    run([slack()], seed=0, per_kind=3, settings=FAST, store=store, engine="E", kinds=("constant",))
    bare = summarize(checked(slack()), store, "E")
    assert bare.measured == bare.steps == 1 and bare.survived >= 1
    assert len(bare.unexplained) == bare.survived            # no note: nothing is explained
    noted = summarize(checked(slack(survives={"constant": WEAKER, "index": "not needed"})), store, "E")
    assert noted.unexplained == [] and all(m.explanation == WEAKER for m in noted.survivors)
    assert len(noted.unused_notes) == 1 and noted.unused_notes[0].endswith("::slack::1: index")
    # A note for one mutation explains that mutant only.
    one = bare.survivors[0].mutation
    partial = summarize(checked(slack(survives={one: WEAKER})), store, "E")
    assert [m.mutation for m in partial.survivors if m.explained] == [one]
    assert len(partial.unexplained) == bare.survived - 1


def test_the_score_counts_only_what_the_records_hold_and_names_the_steps_without_one(tmp_path):
    store = RecordStore(tmp_path, "k")
    other = calc(s[i], title="other").le(maximum(s[j], j), "the max")
    other.name = "other"
    run([slack()], seed=0, per_kind=1, settings=FAST, store=store, engine="E")
    m = summarize(checked(slack(), other), store, "E")
    assert (m.steps, m.measured) == (2, 1)
    assert len(m.unmeasured) == 1 and m.unmeasured[0].endswith("other::1")
    assert m.score == m.killed / (m.mutants - m.equivalent)
    assert (m.engine, m.engines) == ("E", {"E": 1}) and len(m.measured_between) == 2
    stale = summarize(checked(slack()), store, "a newer engine")
    assert stale.measured == 1 and len(stale.older_engine) == 1
    # the report names the engine that made the records, beside its own
    assert (stale.engine, stale.engines) == ("a newer engine", {"E": 1})


def test_steps_documented_as_false_are_not_counted(tmp_path):
    false = calc(s[i], title="false").ge(maximum(s[j], j), "no", expect="refuted")
    false.name = "false"
    m = summarize(checked(false), RecordStore(tmp_path, "k"), "E")
    assert (m.steps, m.measured, m.score) == (0, 0, None)


def test_survives_must_map_a_kind_or_mutation_to_a_reason():
    for bad in ({"sign": ""}, ["sign"], {"sign": 3}):
        [res] = checked(slack(survives=bad))
        assert res.steps[0].verdict.value == "error" and "survives=" in res.steps[0].message


# --- the commands -----------------------------------------------------------------------------------

TINY = ("from verifier import calc, index, maximum, size, vector\n"
        "n = size('n')\ni, j = index('i j', n)\ns = vector('s', n)\n"
        "slack = calc(s[i], title='slack').le(maximum(s[j], j) + 1, 'one above the max'{notes})\n")


def test_mutate_fails_while_a_survivor_is_unexplained_and_passes_once_each_is(tmp_path, capsys):
    from verifier.cli import main
    source = tmp_path / "tiny.py"
    args = ["mutate", str(source), "--jobs", "1", "--kinds", "constant", "--cache-dir", str(tmp_path / "c")]
    source.write_text(TINY.format(notes=""), encoding="utf-8")
    assert main(args) == 1
    printed = capsys.readouterr().out
    assert "SURVIVED" in printed and "survives={'constant'" in printed
    source.write_text(TINY.format(notes=f", survives={{'constant': {WEAKER!r}}}"), encoding="utf-8")
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "survived, explained" in printed and "0 survivor(s) not explained" in printed
    assert "1 steps from their records" in printed          # a note is not the claim: nothing re-measured


@pytest.mark.slow
def test_check_reports_the_recorded_score_in_the_terminal_and_json(tmp_path, capsys):
    from verifier.cli import main
    source = tmp_path / "tiny.py"
    source.write_text(TINY.format(notes=f", survives={{'constant': {WEAKER!r}}}"), encoding="utf-8")
    cache = ["--cache-dir", str(tmp_path / "c")]
    out = tmp_path / "r.json"
    main(["check", str(source), "--no-report", "--json", str(out)] + cache)
    assert "mutation score: not measured" in capsys.readouterr().out
    main(["mutate", str(source), "--jobs", "1"] + cache)
    capsys.readouterr()
    assert main(["check", str(source), "--no-report", "--json", str(out)] + cache) == 0
    printed = capsys.readouterr().out
    assert "mutation score" in printed and "measured on 1 of 1 steps" in printed
    data = json.loads(Path(out).read_text(encoding="utf-8"))
    section = data["mutation"]
    assert section["measured"] == 1 and section["survivors"]
    # the note covers every constant mutant of the step, and nothing else
    assert all(m["explained"] == (m["kind"] == "constant") for m in section["survivors"])
    assert section["unexplained"] == sum(m["kind"] != "constant" for m in section["survivors"])


def _dies_on_three(x):
    import os
    if x == 3:
        os._exit(1)                    # what a crash in a C library looks like from Python
    return x * 10


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_worker_that_dies_does_not_hang_the_run_and_its_item_is_named(jobs):
    """Even at one job: a crash in the measuring process itself would end the whole mutation run."""
    from verifier.mutate.score import _pool_map
    out = list(_pool_map(_dies_on_three, [1, 2, 3, 4, 5], jobs, on_crash=lambda item, why: ("crashed", item)))
    assert sorted(out, key=str) == sorted([10, 20, ("crashed", 3), 40, 50], key=str)


# --- the project's records travel with it ------------------------------------------------------------
# A project's own mutation records live in derivations/mutation-records/, committed beside the
# derivations, so a fresh clone (no .verifier-cache/) and CI report the measured score.

NOTED = TINY.format(notes=f", survives={{'constant': {WEAKER!r}}}")
RECORDS = Path("derivations") / "mutation-records"


def project_with(folder: Path, source: str = NOTED) -> Path:
    (folder / "derivations").mkdir(parents=True)
    (folder / "derivations" / "tiny.py").write_text(source, encoding="utf-8")
    return folder


def test_a_fresh_clone_reports_the_score_its_committed_records_hold_and_an_older_engines_as_older(
        tmp_path, monkeypatch, capsys):
    import shutil
    from verifier.cli import main
    made = project_with(tmp_path / "made")
    monkeypatch.chdir(made)
    main(["mutate", "--jobs", "1"])                              # the default options: those `all` reports
    capsys.readouterr()
    assert len(list((made / RECORDS).glob("*.json"))) == 1
    assert not (made / ".verifier-cache" / "mutation").exists()
    clone = tmp_path / "clone"                                   # what git would carry: derivations/ only
    shutil.copytree(made / "derivations", clone / "derivations")
    monkeypatch.chdir(clone)
    out = clone / "r.json"
    assert main(["check", "derivations/tiny.py", "--no-report", "--no-cache", "--json", str(out)]) == 0
    assert "measured on 1 of 1 steps" in capsys.readouterr().out
    section = json.loads(out.read_text(encoding="utf-8"))["mutation"]
    assert (section["measured"], section["older_engine"]) == (1, []) and section["killed"] >= 1
    # The same record made by another engine version is still read, and labelled as such.
    [record] = (clone / RECORDS).glob("*.json")
    data = json.loads(record.read_text(encoding="utf-8"))
    record.write_text(json.dumps(dict(data, engine="an earlier engine")), encoding="utf-8")
    main(["check", "derivations/tiny.py", "--no-report", "--no-cache", "--json", str(out)])
    assert "1 by an earlier engine version" in capsys.readouterr().out
    section = json.loads(out.read_text(encoding="utf-8"))["mutation"]
    assert section["measured"] == 1 and section["older_engine"] == ["tiny::slack::1"]


QUICK = ["--jobs", "1", "--kinds", "constant", "--max-per-step", "1"]


def test_a_cache_dir_run_and_a_file_outside_derivations_write_nothing_into_the_committed_records(
        tmp_path, monkeypatch, capsys):
    from verifier.cli import main
    project = project_with(tmp_path / "p")
    (project / "scratch.py").write_text(NOTED, encoding="utf-8")
    monkeypatch.chdir(project)
    main(["mutate", "derivations/tiny.py", "--cache-dir", str(tmp_path / "c")] + QUICK)
    assert len(list((tmp_path / "c" / "mutation").glob("*.json"))) == 1
    main(["mutate", "scratch.py"] + QUICK)
    capsys.readouterr()
    assert len(list((project / ".verifier-cache" / "mutation").glob("*.json"))) == 1
    assert not (project / RECORDS).exists()


def test_a_whole_project_run_removes_the_records_of_steps_that_no_longer_exist(tmp_path, monkeypatch, capsys):
    from verifier.cli import main
    project = project_with(tmp_path / "p")
    monkeypatch.chdir(project)
    main(["mutate"] + QUICK)
    [before] = (project / RECORDS).glob("*.json")
    tiny = project / "derivations" / "tiny.py"
    tiny.write_text(NOTED.replace("+ 1, 'one above", "+ 2, 'two above"), encoding="utf-8")   # another claim
    main(["mutate"] + QUICK)
    assert "removed 1 record(s)" in capsys.readouterr().out
    [after] = (project / RECORDS).glob("*.json")
    assert after != before


def test_a_record_is_written_as_sorted_json_and_not_rewritten_when_only_its_times_differ(tmp_path):
    store = RecordStore.of_project(tmp_path, "k")
    killed = {"where": "f::d::1", "kind": "sign", "mutation": "− → +", "mutant": "-x", "relation": "<=",
              "status": "killed", "verdict": "refuted", "method": "m", "explanation": "", "seconds": 0.123456}
    survived = dict(killed, kind="constant", mutation="1 → 2", mutant="x + 2", status="survived",
                    verdict="numeric", seconds=1.5)
    store.put(Record("f" * 64, "f::d::1", "E", "2026-01-01T00:00:00Z", True, results=[killed, survived]))
    [path] = tmp_path.joinpath(RECORDS).glob("*.json")
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert list(data) == sorted(data) and all(list(r) == sorted(r) for r in data["results"])
    assert [(r["kind"], r["seconds"]) for r in data["results"]] == [("constant", 1.5), ("sign", 0.12)]
    # Measured again, with other times and the mutants finishing in another order: the file stays.
    store.put(Record("f" * 64, "f::d::1", "E", "2027-06-06T12:00:00Z", True,
                     results=[dict(survived, seconds=9.0), dict(killed, seconds=0.2)]))
    assert path.read_text(encoding="utf-8") == text
    # A result that changed is written.
    store.put(Record("f" * 64, "f::d::1", "E", "2027-06-06T12:00:00Z", True,
                     results=[dict(survived, status="killed", verdict="refuted"), killed]))
    assert path.read_text(encoding="utf-8") != text
    assert store.get("f" * 64).results[0]["status"] == "killed"
