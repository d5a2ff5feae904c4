"""`python -m verifier import`: seed 000 imported from its LaTeX checks as the hand-written derivations do.

The round trip: eq. (2)'s chain comes back as two proved steps (as in derivations/entropy_decomposition.py),
the ≈ of eqs. (3)–(5), whose words state no meaning, as unknown steps (never silently an equality, never refuted:
a limit, a series and a bound are different claims), the ∝ of eq. (6) as an error until wrt= is named.  Then the reading rules: each is printed
as it applies, and what they cannot decide is an error naming the line and both readings.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.engine import QUICK, check_project_files, once_per_run, run_folder
from verifier.importer.command import main as import_main
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict

ROOT = Path(__file__).resolve().parents[2]
# The seed itself where this machine has it; elsewhere (CI's clone) the committed excerpt of its displays.
SEED = next(p for p in (ROOT.parent / "shared/seeds/000_ca974c2c5f958f3e.txt",
                        Path("/work/shared/seeds/000_ca974c2c5f958f3e.txt"),
                        ROOT / "tests/fixtures/latex/seed_000_entropy_invariance.txt") if p.is_file())


@pytest.fixture(scope="module")
def imported_seed():
    """The seed imported and checked once per test run, in the run's shared folder (whichever worker asks first;
    tests/engine.py: once_per_run): (exit code, the written file, {derivation name: result})."""
    return once_per_run("imported-seed-000", _import_seed)


def _import_seed():
    out = run_folder() / "imported-seed-000" / "seed000.py"
    out.parent.mkdir()
    code = import_main([str(SEED), "--out", str(out)])
    found, error = load_file(out, out.parent)
    assert error is None, str(error)
    return code, out, {r.name: r for r in check_all(found, QUICK)}


@pytest.mark.slow
def test_eq2_of_seed_000_imports_as_two_proved_steps_like_the_hand_written_derivation(imported_seed):
    _, _, results = imported_seed
    hand = check_project_files("entropy_decomposition.py")["entropy_decomposition"]
    eq2 = results["eq_2"]
    assert [s.verdict for s in eq2.steps] == [Verdict.PROVED, Verdict.PROVED]
    assert [s.verdict for s in eq2.steps] == [s.verdict for s in hand.steps]


def test_every_approx_of_seed_000_is_unknown_until_it_has_a_meaning(imported_seed):
    _, _, results = imported_seed
    approx = [s for name in ("eq_3", "eq_4", "eq_5") for s in results[name].steps if s.relation == "~"]
    assert len(approx) == 3
    assert all(s.verdict is Verdict.UNKNOWN and "does not say what ≈ means" in s.message for s in approx)
    # eq. (3)'s second relation is an equality (log exp(λ s̄) = λ s̄) and is checked as one
    assert results["eq_3"].steps[1].verdict is Verdict.PROVED


def test_the_proportionality_of_eq6_is_an_error_until_its_variables_are_named(imported_seed):
    _, _, results = imported_seed
    [step] = results["eq_6"].steps
    assert step.verdict is Verdict.ERROR and "wrt" in step.message


def test_the_written_file_keeps_each_steps_latex_and_the_text_between_equations(imported_seed):
    code, out, _ = imported_seed
    text = out.read_text(encoding="utf-8")
    assert r"`= \log n + \log\frac{1}{n}\sum_{i=1}^n e^{\lambda s_i} - \lambda\sum_{i=1}^n p_i s_i`" in text
    assert "text before: Obviously, this is the result of applying Softmax" in text
    # the seed is named as seed("000", …); the committed excerpt by its file name
    assert 'source=seed("000", "eq. (2)")' in text or 'source="seed_000_entropy_invariance.txt, eq. (2)"' in text
    assert "s_max = max_over(s[k], k)" in text and "s_bar = mean(s[k], k)" in text
    # eq. (1) (Attention(Q,K,V) = softmax(…QK^⊤)V) defines a function no other display applies: a definition, not a
    # claim, so every display is imported and the command exits 0
    assert code == 0 and "NOT IMPORTED" not in text
    assert re.search(r"read `Attention\(Q,K,V\) = …` as defining the function Attention of Q, K, V", text)


def test_each_rule_is_printed_as_it_applies():
    reading = read_side(r"\log n + \log\frac{1}{n}\sum_{i=1}^n e^{\lambda s_i} - \lambda\sum_{i=1}^n p_i s_i")
    assert any("as log(n) + …" in r for r in reading.rules)
    assert any("log of the whole product" in r for r in reading.rules)
    assert any("(Σ_i p_i s_i) - …" in r for r in read_side(r"\sum_{i=1}^n p_i s_i - \lambda").rules)


@pytest.mark.parametrize("latex, readings", [
    (r"\log n s_i", ("log(n s_i)", "log(n) · s_i")),
    (r"\exp \lambda s_i", ("exp(\\lambda s_i)", "exp(\\lambda) · s_i")),
    (r"\sum_{i=1}^n x_i - y_i", ("(\\sum_{i=1}^n x_i) - y_i", "\\sum_{i=1}^n (x_i - y_i)")),
])
def test_an_ambiguity_the_rules_cannot_decide_is_an_error_naming_both_readings(latex, readings):
    with pytest.raises(ReadError) as err:
        read_side(latex)
    assert err.value.readings == readings


def test_an_ambiguous_side_is_reported_with_its_line_and_never_imported():
    doc = read_document("text\n\\begin{equation}\nH = \\log n s_i\n\\end{equation}\n")
    assert not doc.chains
    [failure] = doc.failures
    assert failure.line == 3 and "log(n s_i)" in str(failure) and "log(n) · s_i" in str(failure)


def test_near_misses_of_the_ambiguities_are_read_without_error():
    """One edit away from each ambiguity: delimiters, a leading fraction, a bound index."""
    assert str(read_side(r"\log(n) s_i").expr) == "log(n)*s[i]"
    assert str(read_side(r"\log(n s_i)").expr) == "log(n*s[i])"
    assert "Sum" in str(read_side(r"\sum_{i=1}^n x_i - \sum_{i=1}^n y_i").expr)


def test_approx_is_never_written_as_an_equality():
    doc = read_document(r"\begin{equation} x \approx y = z \end{equation}")
    from verifier.importer.writer import write
    text = write(doc)
    [approx_line] = [line for line in text.splitlines() if ".approx(" in line]
    assert approx_line.strip().startswith(".approx(y,") and "meaning=" not in approx_line.split("#")[0]
    assert any(line.strip().startswith(".eq(z,") for line in text.splitlines())


def test_the_command_refuses_a_missing_file(tmp_path):
    assert import_main([str(tmp_path / "absent.tex")]) == 2
