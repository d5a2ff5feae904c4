"""The results cache knows everything a file read; one bad declaration costs one derivation;
sampled points lie inside their own indices' ranges.

The cache tests go through the command line, as a user meets the cache: a derivation that reads a data
file at import is checked again when the data change (and only then); a file whose import reaches what
the cache cannot see is never cached, and the run says so."""
import dataclasses
import json
import os
from pathlib import Path

import pytest
import sympy as sp

from tests.command_line import in_process
from verifier.results_cache import limited_by_time, reusable_under
from verifier.verdicts import Verdict

ROOT = Path(__file__).resolve().parents[2]

# Each import appends a line to imports.log (write-only: not a read): how we see that the file was imported.
READS_JSON = """\
import json
from pathlib import Path
from sympy import Integer
from verifier import calc, real
here = Path(__file__).parent
with open(here / "imports.log", "a") as log:
    log.write("imported\\n")
c = Integer(json.loads((here / "data.json").read_text())["c"])
x = real("x")
doubling = calc(c * x, title="c x = 2 x, with c from the data").eq(2 * x, "the data say c = 2")
"""


def run_cli(*args, cwd):
    return in_process.run_cli(*args, cwd=cwd)      # the command line in this process: its exit code, output, files


def imports(folder: Path) -> int:
    log = folder / "imports.log"
    return len(log.read_text().split()) if log.exists() else 0


def check(folder: Path, *extra):
    out = folder / "r.json"
    code, stdout, stderr = run_cli("check", "reads.py", "--no-report", "--require-proof", "--json", str(out),
                                   "--cache-dir", str(folder / "cache"), *extra, cwd=folder)
    verdicts = [s["verdict"] for d in json.loads(out.read_text())["derivations"] for s in d["steps"]] \
        if out.exists() else []
    return code, verdicts, stderr


def test_a_changed_data_file_read_at_import_is_checked_again_and_its_verdict_changes(tmp_path):
    (tmp_path / "reads.py").write_text(READS_JSON)
    (tmp_path / "data.json").write_text('{"c": 2}')
    assert check(tmp_path)[:2] == (0, ["proved"])
    assert imports(tmp_path) == 1
    (tmp_path / "data.json").write_text('{"c": 3}')
    code, verdicts, _ = check(tmp_path)
    assert imports(tmp_path) == 2, "the data changed: the file must be imported and checked again"
    assert (code, verdicts) == (1, ["refuted"])


def test_near_miss_an_unchanged_data_file_is_still_answered_from_the_cache(tmp_path):
    (tmp_path / "reads.py").write_text(READS_JSON)
    (tmp_path / "data.json").write_text('{"c": 2}')
    assert check(tmp_path)[:2] == (0, ["proved"])
    os.utime(tmp_path / "data.json")           # touched, same content: nothing the import sees changed
    assert check(tmp_path)[:2] == (0, ["proved"])
    assert imports(tmp_path) == 1, "an unchanged data file must not cost a re-check"


def test_a_data_file_that_appears_later_is_seen_too(tmp_path):
    """A file the import tried to read and did not find is part of what it saw."""
    (tmp_path / "reads.py").write_text(READS_JSON.replace(
        'c = Integer(json.loads((here / "data.json").read_text())["c"])',
        'try:\n    c = Integer(json.loads((here / "data.json").read_text())["c"])\nexcept FileNotFoundError:\n'
        '    c = Integer(2)'))
    assert check(tmp_path)[:2] == (0, ["proved"])
    (tmp_path / "data.json").write_text('{"c": 3}')
    assert check(tmp_path)[:2] == (1, ["refuted"])
    assert imports(tmp_path) == 2


@pytest.mark.subprocess
@pytest.mark.parametrize("reach", [
    "import subprocess; subprocess.run([sys.executable, '-c', 'pass'])",
    "import socket\ntry:\n    socket.create_connection(('127.0.0.1', 9), timeout=0.1)\nexcept OSError:\n    pass",
    "exec('c2 = 2')",
])
def test_an_import_that_reaches_what_the_cache_cannot_see_is_never_cached_and_the_run_says_so(tmp_path, reach):
    (tmp_path / "reads.py").write_text("import sys\n" + reach + "\n" + READS_JSON)
    (tmp_path / "data.json").write_text('{"c": 2}')
    code, verdicts, stderr = check(tmp_path)
    assert (code, verdicts) == (0, ["proved"])
    assert stderr.count("not cached") == 1 and "reads.py" in stderr
    check(tmp_path)
    assert imports(tmp_path) == 2, "an uncacheable file is imported and checked on every run"


def test_near_miss_sympy_parsing_a_string_is_not_code_the_file_makes_itself(tmp_path):
    (tmp_path / "reads.py").write_text(READS_JSON + "y = sp_parse = __import__('sympy').sympify('x + 1')\n")
    (tmp_path / "data.json").write_text('{"c": 2}')
    _, _, stderr = check(tmp_path)
    check(tmp_path)
    assert "not cached" not in stderr and imports(tmp_path) == 1


# ---------------------------------------------------------------- time limits in the cache entry

def test_an_entry_that_hit_a_time_limit_is_reused_only_under_limits_no_larger():
    at_five = {"limit": 5.0, "step_limit": 20.0, "numeric_limit": 10.0, "load_limit": 60.0}
    more = dict(at_five, limit=10.0)
    less = dict(at_five, limit=2.0)
    assert reusable_under(at_five, True, at_five)
    assert not reusable_under(at_five, True, more), "a larger limit may decide what timed out"
    assert reusable_under(at_five, True, less)
    # Nothing ran out of time: more time changes nothing, less might.
    assert reusable_under(at_five, False, more)
    assert not reusable_under(at_five, False, less)
    assert not reusable_under({}, False, at_five), "an entry that recorded no limits is not reused"


def test_a_result_that_timed_out_is_recognised_as_limited_by_time():
    from verifier.verdicts import DerivationResult, StepResult
    step = StepResult(1, "=", "", "", "", "", "", "", Verdict.UNKNOWN, False,
                      message="numeric evaluation timed out after 10 s")
    timed = DerivationResult("d", "", "", "f.py", Verdict.UNKNOWN, False, "", steps=[step])
    assert limited_by_time([timed])
    disagreeing = dataclasses.replace(step, message="the numbers disagree")
    assert not limited_by_time([dataclasses.replace(timed, steps=[disagreeing])])


# ---------------------------------------------------------------- one bad declaration costs one derivation

EXACT_BOUNDS = '''\
from verifier import calc, interval, real, Rational, pi
q = interval("q", Rational(-1, 2), Rational(1, 2))
t = interval("t", Rational(1, 3), pi)
x = real("x")
square_small = calc(q**2, title="q² ≤ 1/4 on [−1/2, 1/2]").le(Rational(1, 4), "|q| ≤ 1/2")
ends_reached = calc(q**2, title="q² < 1/4 fails at the ends").lt(Rational(1, 4), "forgets the ends",
                                                                  expect="refuted")
third = calc(t, title="t ≥ 1/3 on [1/3, π]").ge(Rational(1, 3), "declared")
odd_reason = calc(x + x, title="a reason that is not valid Unicode").eq(2 * x, "bad \\udcff text")
plain = calc(x * 3, title="3x = x + 2x").eq(x + 2 * x, "collect")
'''


@pytest.mark.slow
def test_exact_bounds_check_correctly_and_an_unwritable_step_costs_only_its_derivation(tmp_path):
    (tmp_path / "exact.py").write_text(EXACT_BOUNDS)
    out = tmp_path / "r.json"
    code, stdout, stderr = run_cli("check", "exact.py", "--no-report", "--no-cache", "--json", str(out), cwd=tmp_path)
    assert "Traceback" not in stderr
    assert code == 1                               # the unwritable step fails the run, and only it
    found = {d["name"]: d for d in json.loads(out.read_text())["derivations"]}
    assert set(found) == {"square_small", "ends_reached", "third", "odd_reason", "plain"}
    verdicts = {name: [s["verdict"] for s in d["steps"]] for name, d in found.items()}
    assert verdicts["ends_reached"] == ["refuted"] and found["ends_reached"]["passed"]
    assert verdicts["square_small"][0] in ("proved", "numeric") and found["square_small"]["passed"]
    assert verdicts["third"][0] in ("proved", "numeric") and found["third"]["passed"]
    assert found["plain"]["passed"]
    assert "-1/2 ≤ q ≤ 1/2" in found["square_small"]["assumptions"]
    assert "1/3 ≤ t ≤ pi" in found["third"]["assumptions"]
    [bad] = found["odd_reason"]["steps"]
    assert bad["verdict"] == "error" and not found["odd_reason"]["passed"]
    assert "exact.py::odd_reason: step 1" in bad["message"] and "\n" not in bad["message"]


def test_exact_bounds_are_sampled_inside_and_met_exactly():
    """Drawn values are floats inside [1/3, π] (the float nearest 1/3 is below it, so the inward one is used);
    the bounds themselves are met exactly, as 1/3 and π, never as a float just outside."""
    from fractions import Fraction
    from verifier import Rational, interval, pi
    from verifier.evidence.inputs import inputs_of
    from verifier.evidence.sampling import sample_points
    t = interval("t", Rational(1, 3), pi)
    values = [p.values[t] for p in sample_points(inputs_of(t), 40, seed=0)]
    drawn = [v for v in values if isinstance(v, float)]
    assert drawn and all(Fraction(1, 3) <= Fraction(v) <= Fraction(3.141592653589793) for v in drawn)
    assert {v for v in values if not isinstance(v, float)} == {Rational(1, 3), pi}


def test_near_miss_a_strict_claim_false_only_at_an_exact_bound_never_passes():
    """t > 1/3 on [1/3, π] is false only at t = 1/3, which no float reaches: the exact bound is sampled itself.

    (Its gap there is exactly 0, which a ball around the non-dyadic 1/3 cannot certify: unknown, not refuted.)"""
    from tests.engine import only_step
    from verifier import Rational, calc, interval, pi
    t = interval("t", Rational(1, 3), pi)
    step = only_step(calc(t, title="t > 1/3").gt(Rational(1, 3), "forgets the end"), quick=True)
    assert step.verdict in (Verdict.REFUTED, Verdict.UNKNOWN) and not step.passed, (step.verdict, step.message)
    same = only_step(calc(t, title="t ≥ 1/3").ge(Rational(1, 3), "declared"), quick=True)
    assert same.verdict in (Verdict.PROVED, Verdict.NUMERIC) and same.passed, (same.verdict, same.message)


def test_a_derivation_whose_check_raises_is_that_derivations_error_and_the_others_are_checked(monkeypatch):
    from verifier import calc, real
    from verifier.judge import steps
    from verifier.judge.checker import check_all
    from verifier.settings import Settings
    x = real("x")
    good = calc(x + x, title="good").eq(2 * x, "collect")
    bad = calc(x * 2, title="bad").eq(x + x, "collect")
    later = calc(3 * x, title="later").eq(x + 2 * x, "collect")
    for name, d in (("good", good), ("bad", bad), ("later", later)):
        d.name, d.file = name, "mine.py"
    describe = steps._domain_notes

    def failing(d, *args):
        if d.name == "bad":
            raise TypeError("unsupported format string passed to Rational.__format__")
        return describe(d, *args)
    monkeypatch.setattr(steps, "_domain_notes", failing)
    results = {r.name: r for r in check_all([good, bad, later], Settings(quick=True))}
    assert results["good"].passed and results["later"].passed
    assert results["bad"].verdict is Verdict.ERROR and not results["bad"].passed
    assert "mine.py::bad" in results["bad"].message and "TypeError" in results["bad"].message


def test_every_writer_survives_one_unwritable_result(tmp_path):
    """The JSON keeps every derivation, the terminal prints every line: one result's text costs only itself."""
    import io
    from verifier.present.results_json import write_json
    from verifier.present.terminal import Terminal
    from verifier.verdicts import DerivationResult, RunResult, StepResult

    def result(name, reason):
        step = StepResult(1, "=", "x", "x", "", "", reason, "", Verdict.PROVED, True)
        return DerivationResult(name, "t", "", "f.py", Verdict.PROVED, True, "x = x", steps=[step])
    run = RunResult([result("fine", "ok"), result("odd", "bad \udcff"), result("after", "ok")], 0, (50, 100),
                    True, False)
    write_json(run, tmp_path / "r.json")
    items = json.loads((tmp_path / "r.json").read_text())["derivations"]
    assert [d["name"] for d in items] == ["fine", "odd", "after"]
    assert items[1]["verdict"] == "error" and "f.py::odd" in items[1]["message"]
    assert items[0]["steps"][0]["reason"] == "ok" and items[2]["passed"]
    stream = io.StringIO()

    class Strict(io.StringIO):
        def write(self, text):
            text.encode("utf-8")            # a terminal that cannot print surrogates, as a UTF-8 stdout
            return stream.write(text)
    run = dataclasses.replace(run, derivations=(run.derivations[0],
                                                dataclasses.replace(run.derivations[1], conclusion="odd \udcff"),
                                                *run.derivations[2:]))
    Terminal(Strict(), tty=False).summary(run)
    shown = stream.getvalue()
    assert "fine" in shown and "after" in shown and "f.py::odd: its summary line cannot be shown" in shown


# ---------------------------------------------------------------- points inside their own ranges

INDEX_CLAIMS = {
    # name: (claim on j over 2…n, must it be refuted)
    "j ≤ n": (lambda j, n: (j, "le", n), False),
    "j ≤ n − 1": (lambda j, n: (j, "le", n - 1), True),
    "j ≥ 2": (lambda j, n: (j, "ge", 2), False),
    "j ≥ 3": (lambda j, n: (j, "ge", 3), True),
}


@pytest.mark.parametrize("claim", list(INDEX_CLAIMS))
def test_an_index_is_sampled_only_inside_its_own_range(claim):
    from tests.engine import only_step
    from verifier import calc, index, size
    n = size("n")
    j = index("j", n, start=2)
    build, false = INDEX_CLAIMS[claim]
    lhs, relation, rhs = build(j, n)
    step = only_step(getattr(calc(lhs, title=claim), relation)(rhs, "j runs over 2…n"), quick=True)
    if false:
        assert step.verdict is Verdict.REFUTED, (claim, step.verdict, step.message)
        point = step.counterexample.point
        assert 2 <= int(point["j"]) <= int(point["n"]), point
    else:
        assert step.verdict in (Verdict.PROVED, Verdict.NUMERIC), (claim, step.verdict, step.message)


@pytest.mark.parametrize("start, only", [(2, None), (3, None), (2, (1, 2, 5))])
def test_no_sampled_point_puts_a_free_index_outside_its_range(start, only):
    from verifier import index, size, vector
    from verifier.evidence.inputs import inputs_of
    from verifier.evidence.sampling import iter_points
    n = size("n", only=only) if only else size("n")
    j, k = index("j", n, start=start), index("k", n)
    s = vector("s", n)
    ins = inputs_of(j + k + s[k])
    points = list(iter_points(ins, 24, seed=3))
    assert len(points) > 24                        # the corner points too
    for p in points:
        assert start <= p.values[j] <= p.values[n] and 1 <= p.values[k] <= p.values[n], p.values
    assert min(p.values[n] for p in points) == start    # the smallest admissible size is still an edge


def test_a_size_pinned_where_an_index_range_is_empty_is_a_step_error_not_a_refutation():
    from tests.engine import only_step
    from verifier import calc, index, size
    n = size("n")
    j = index("j", n, start=2)
    step = only_step(calc(j, title="pinned").le(n, "in range", given={n: 1}), quick=True)
    assert step.verdict is Verdict.ERROR and "empty" in step.message


def test_through_the_command_line_a_larger_limit_reuses_an_entry_in_which_nothing_ran_out(tmp_path):
    (tmp_path / "reads.py").write_text(READS_JSON)
    (tmp_path / "data.json").write_text('{"c": 2}')
    assert check(tmp_path)[:2] == (0, ["proved"])
    assert check(tmp_path, "--limit", "9")[:2] == (0, ["proved"])
    assert imports(tmp_path) == 1, "nothing hit a limit: more time changes nothing"
    assert check(tmp_path, "--limit", "2")[:2] == (0, ["proved"])
    assert imports(tmp_path) == 2, "less time than the entry had: checked again"


EXPERIMENT = """\
from verifier import ExperimentOutcome, calc, real
x = real("x")

def busy(seed, quick):
    total = sum(i * i for i in range(300000))      # long enough for its watcher to read its CPU time
    return ExperimentOutcome(total > 0, "summed")

with_experiment = calc(x + x, title="x + x").eq(2 * x, "doubling").experiment("busy", "it sums", busy)
"""


@pytest.mark.parametrize("reads_proc", [False, True])
def test_a_file_with_an_experiment_is_cached_and_one_that_reads_proc_itself_is_not(tmp_path, reads_proc):
    """The limit watching an experiment's child reads /proc/<pid>/stat: that is the verifier's read, not the
    file's data, and the file is cached (it was not: warm runs checked every file with an experiment again).
    Near miss: a file that reads /proc itself stays uncacheable."""
    own = "open('/proc/self/stat').read()\n" if reads_proc else ""
    (tmp_path / "reads.py").write_text(own + EXPERIMENT + 'with open(__file__[:-8] + "imports.log", "a") as f:\n'
                                       '    f.write("imported\\n")\n')
    out = tmp_path / "r.json"
    for _ in range(2):
        code, _, stderr = run_cli("check", "reads.py", "--no-report", "--json", str(out),
                                  "--cache-dir", str(tmp_path / "cache"), cwd=tmp_path)
        assert code == 0, stderr
    assert ("not cached" in stderr) is reads_proc
    assert imports(tmp_path) == (2 if reads_proc else 1)
