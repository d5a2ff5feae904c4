"""The command line: exit codes, one-line errors that name file, derivation and step, and the JSON schema."""
import json
from pathlib import Path

import pytest

from verifier.cli import main

from tests.command_line.in_process import run_cli

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ROOT = Path(__file__).resolve().parents[2]


def run(*args, cwd=ROOT):
    return run_cli(*args, cwd=cwd)       # in this process: the properties here are exit codes, output and files


@pytest.fixture(scope="module")
def project_list():
    """`python -m verifier list` in the project, run once for the tests that read it."""
    return run("list")


def test_all_right_derivations_exit_zero(tmp_path):
    code, out, _ = run("check", str(FIXTURES / "only_right.py"), "--no-report")
    assert code == 0
    assert "1/1 derivations pass" in out


def test_a_refuted_step_exits_one_and_shows_file_derivation_step_and_both_sides(tmp_path):
    code, out, _ = run("check", str(FIXTURES / "good_and_bad.py"), "--no-report")
    assert code == 1
    assert "good_and_bad.py: missing_one_over_n: step 1 (=): refuted" in out
    assert "50 digits: lhs = " in out and "100 digits: lhs = " in out
    assert "at:" in out and "lambda = " in out


def test_a_file_that_cannot_load_exits_two_and_the_others_are_still_checked(tmp_path):
    code, out, err = run("check", str(FIXTURES / "broken_syntax.py"), str(FIXTURES / "broken_import.py"),
                         str(FIXTURES / "only_right.py"), "--no-report")
    assert code == 2
    lines = err.strip().splitlines()
    assert any("broken_syntax.py: cannot be loaded: SyntaxError" in l and "(line 4)" in l for l in lines)
    assert any("broken_import.py: cannot be loaded: NameError" in l and "(line 4)" in l for l in lines)
    assert "✓ square" in out and "1/1 derivations pass" in out


def test_usage_errors_exit_two(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["check"])
    assert exc.value.code == 2
    assert main(["check", str(FIXTURES / "only_right.py"), "--points", "3", "--no-report"]) == 2
    assert main(["check", str(FIXTURES / "only_right.py"), "--format", "docx", "--no-report"]) == 2
    with pytest.raises(SystemExit) as exc:
        main(["all", "--dps", "60,30"])
    assert exc.value.code == 2


@pytest.mark.slow
def test_an_unknown_name_is_a_clear_error():
    code, _, err = run("check", "no_such_derivation", "--no-report")
    assert code == 2 and "no_such_derivation: cannot be loaded: no derivation or file by that name" in err


def test_numeric_passes_unless_proofs_are_required(tmp_path):
    f = tmp_path / "numeric_only.py"
    f.write_text("from verifier import calc, positive, sqrt\nx = positive('x')\n"
                 "root = calc(sqrt(x**2 + 2*x + 1), title='root').eq(x + 1, 'perfect square')\n")
    assert run("check", str(f), "--no-report")[0] == 0
    assert run("check", str(f), "--no-report", "--require-proof")[0] == 1


def test_json_results_follow_the_documented_schema(tmp_path):
    path = tmp_path / "results.json"
    code, _, _ = run("check", str(FIXTURES / "good_and_bad.py"), "--no-report", "--json", str(path), "--seed", "3")
    assert code == 1
    data = json.loads(path.read_text())
    assert data["schema"] == "verifier-results/1"
    assert data["seed"] == 3 and data["dps"] == [50, 100] and data["passed"] is False
    assert set(data["versions"]) >= {"python", "sympy", "mpmath"}
    by_name = {d["name"]: d for d in data["derivations"]}
    right, wrong = by_name["right"], by_name["missing_one_over_n"]
    for d in (right, wrong):
        assert {"name", "title", "source", "file", "conclusion", "verdict", "passed", "counts", "steps"} <= set(d)
        for st in d["steps"]:
            assert {"index", "relation", "lhs_latex", "rhs_latex", "lhs_srepr", "rhs_srepr", "verdict", "label",
                    "method", "scope", "worst_error", "counterexample", "seconds"} <= set(st)
    assert right["verdict"] == "proved" and right["conclusion"].endswith("= 1")
    step = wrong["steps"][0]
    assert step["verdict"] == "refuted" and step["counterexample"]["lhs"]["50"]
    assert "Sum" in step["lhs_srepr"]


def test_the_same_seed_gives_identical_results(tmp_path):
    outs = []
    for k in range(2):
        path = tmp_path / f"r{k}.json"
        run("check", str(FIXTURES / "good_and_bad.py"), "--no-report", "--json", str(path), "--seed", "11")
        data = json.loads(path.read_text())
        for d in data["derivations"]:
            d.pop("seconds")
            for st in d["steps"]:
                st.pop("seconds")
        data.pop("seconds")
        outs.append(data)
    assert outs[0] == outs[1]


@pytest.mark.slow
def test_list_names_every_project_derivation(project_list):
    code, out, _ = project_list
    assert code == 0
    assert "entropy_decomposition" in out and "weights_sum_to_one" in out


def test_two_files_may_each_define_a_derivation_of_the_same_name_and_both_are_checked():
    # Derivations are addressed as file::name, so the same name in two files is no clash.
    code, out, err = run("check", str(FIXTURES / "only_right.py"), str(FIXTURES / "duplicate_name.py"), "--no-report")
    assert code == 0, err
    assert "cannot be loaded" not in err
    assert "2/2 derivations pass" in out


def test_a_malformed_step_is_one_line_naming_file_derivation_and_step_and_the_rest_is_checked():
    code, out, _ = run("check", str(FIXTURES / "malformed_step.py"), "--no-report")
    assert code == 1
    [line] = [l for l in out.splitlines() if l.startswith("✗ ") and "error:" in l]
    assert line.startswith("✗ ") and "malformed_step.py: no_meaning: step 2 (~): error: approximation without a stated meaning" in line
    assert "✓ fine" in out


@pytest.mark.slow
def test_derivations_are_listed_and_reported_grouped_by_the_seed_they_cite(project_list):
    code, out, _ = project_list
    files = [line.split()[1] for line in out.splitlines() if line.strip()]
    first = {f: k for k, f in reversed(list(enumerate(files)))}
    assert first["derivations/entropy_decomposition.py"] < first["derivations/noise_robustness.py"] \
        < first["derivations/max_entropy.py"]
    # each file's derivations stay together
    assert all(files.index(f) + files.count(f) - 1 == len(files) - 1 - files[::-1].index(f) for f in set(files))


def test_checking_nothing_is_an_error_not_a_pass(tmp_path):
    (tmp_path / "derivations").mkdir()
    code, _, err = run("all", "--no-report", cwd=tmp_path)
    assert code == 2 and "no derivations found" in err


@pytest.mark.slow
def test_a_file_that_hangs_at_import_is_stopped_after_the_load_limit_and_the_others_are_checked(tmp_path):
    code, out, err = run("check", str(FIXTURES / "hangs_at_import.py"), str(FIXTURES / "only_right.py"),
                         "--no-report", "--load-limit", "2", "--cache-dir", str(tmp_path))
    assert code == 2
    assert "hangs_at_import.py: cannot be loaded: took longer than the limit of 2 s" in err
    assert "1/1 derivations pass" in out


def test_list_answers_from_the_cache_without_importing_unchanged_files(tmp_path):
    (tmp_path / "derivations").mkdir()
    (tmp_path / "derivations" / "one.py").write_text(
        "from pathlib import Path\nfrom verifier import calc, real\n"
        "with open(Path(__file__).parent.parent / 'imports.log', 'a') as log:\n    log.write('one\\n')\n"
        "t = real('t')\nsquare = calc((t + 1)**2, title='a square').eq(t**2 + 2*t + 1, 'expand')\n")
    for _ in range(2):
        code, out, _ = run("list", cwd=tmp_path)
        assert code == 0 and "square" in out and "a square" in out
    assert (tmp_path / "imports.log").read_text().split() == ["one"]


def test_results_are_written_as_json_lines_while_the_run_goes_so_a_killed_run_leaves_them(tmp_path):
    out_json = tmp_path / "r.json"
    code, _, err = run("check", str(FIXTURES / "only_right.py"), "--no-report", "--no-cache", "--json", str(out_json))
    assert code == 0, err
    lines = (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()
    names = [json.loads(line)["name"] for line in lines]
    assert names and sorted(names) == sorted(d["name"] for d in json.loads(out_json.read_text())["derivations"])
