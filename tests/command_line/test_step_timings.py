"""VERIFIER_TIMINGS (for bench/ only): one line per checked step that splits its time, and it never moves a result.

The cold-speed bench reads these lines to say where a cold run's time goes, including how much of the
numbers is SymPy evalf replaying points (a refutation confirmed, agreeing points cross-checked)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.subprocess]

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ROOT = Path(__file__).resolve().parents[2]


def _check(tmp_path, timings: Path | None, name: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("VERIFIER_TIMINGS", None)
    if timings is not None:
        env["VERIFIER_TIMINGS"] = str(timings)
    out = tmp_path / name
    subprocess.run([sys.executable, "-m", "verifier", "check", str(FIXTURES / "good_and_bad.py"), "--no-cache",
                    "--no-report", "--json", str(out)], cwd=tmp_path, env=env, capture_output=True, timeout=600)
    return {(d["name"], s["index"]): (s["verdict"], s["strategy"], s["fingerprint"])
            for d in json.loads(out.read_text())["derivations"] for s in d["steps"]}


def test_each_step_gets_one_line_whose_evalf_share_lies_within_its_numbers_and_results_do_not_move(tmp_path):
    timings = tmp_path / "timings.jsonl"
    timed = _check(tmp_path, timings, "timed.json")
    plain = _check(tmp_path, None, "plain.json")
    assert timed == plain                                   # reading the clock changes no verdict or strategy
    rows = [json.loads(line) for line in timings.read_text().splitlines()]
    assert sorted(r["fingerprint"] for r in rows) == sorted(v[2] for v in timed.values())
    for r in rows:
        assert set(r) >= {"symbolic", "replay", "numbers", "evalf", "seconds"}
        assert 0 <= r["evalf"] <= r["numbers"] + 1e-6 <= r["seconds"] + 1e-6
    # The refuted step's counterexample is replayed with SymPy evalf before it is reported: that time is seen.
    refuted = [v[2] for v in timed.values() if v[0] == "refuted"]
    assert refuted and all(r["evalf"] > 0 for r in rows if r["fingerprint"] in refuted)
