"""The gallery under examples/: derivations from outside the seed texts, written with the public API only.

Each file must pass; what is claimed as proved must be proved (for generic n where the claim is about
generic n), and every derivation that settles for less than a proof says why in its notes.
"""
import ast
import json
from pathlib import Path

import pytest

import verifier
from tests.command_line.in_process import run_cli
from tests.engine import once_per_run
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.settings import Settings

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
QUICK = Settings(quick=True)

# The claims the gallery exists to show proved: every step proved, by a strategy that covers generic n
# (or all values, for the fixed-size ones).  Anything else in a file may be numeric, with its reason stated.
PROVED = {
    "bernoulli_entropy.py": {"slope", "largest_at_one_half", "positive_inside"},
    "cross_entropy_gradient.py": {"gradient_is_p_minus_y", "loss_is_log_partition_minus_score",
                                  "gradients_sum_to_zero"},
    "elbo.py": {"evidence_decomposition"},
    "gaussian_kl_bound.py": {"lemma", "kl_nonnegative"},
    "geometric_sums.py": {"geometric", "adam_bias_correction", "arithmetic"},
    "gumbel_max.py": {"two_integrand", "two_scores", "three_integrand", "three_scores"},
    "layer_norm.py": {"centred", "unit_mean_square"},
    "log_sum_exp_bounds.py": {"sum_below_n_max", "upper_bound", "gradient_is_softmax"},
    "rotary_positions.py": {"complex_form", "shift_invariant", "real_form"},
    "sample_variance_bias.py": {"sum_of_squares_bias"},
    "scaled_dot_product_variance.py": {"dot_product_variance", "scaled_scores_keep_their_scale"},
    "softmax_jacobian.py": {"jacobian_entries", "rows_sum_to_zero", "bilinear_form_is_symmetric",
                            "jacobian_times_v", "quadratic_form_is_a_variance", "gershgorin_row",
                            "half_is_the_largest_reach"},
    "temperature_limits.py": set(),     # limits of sums are proved only at concrete lengths (notes say so)
}
FILES = sorted(PROVED)
# Public names left out of `import *` only because SymPy has its own (README: "import it by name").
PUBLIC_BY_NAME = {"bernoulli"}


def test_the_gallery_has_at_least_six_files_and_each_is_listed_here():
    assert len(FILES) >= 6
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == FILES


@pytest.mark.parametrize("name", FILES)
def test_examples_use_only_the_public_api(name):
    """A new user has `from verifier import …` and SymPy/NumPy; nothing from the engine's insides."""
    tree = ast.parse((EXAMPLES / name).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("verifier"):
            assert node.module == "verifier", f"{name} imports from {node.module}"
            assert all(a.name in verifier.__all__ or a.name in PUBLIC_BY_NAME for a in node.names), \
                f"{name} imports a non-public name"


def _check_example(name: str) -> dict:
    found, error = load_file(EXAMPLES / name, ROOT)
    assert error is None, str(error)
    return {r.name: r for r in check_all(found, QUICK)}


class _Gallery:
    """{file name: {derivation name: result}}, each file checked once per test run, when a test first asks for
    it, whichever worker that is (tests/engine.py: once_per_run); the others read its results."""

    def __getitem__(self, name: str) -> dict:
        assert name in PROVED, name
        return once_per_run(f"gallery-{name}", lambda: _check_example(name))


@pytest.fixture(scope="module")
def results():
    return _Gallery()


@pytest.mark.parametrize("name", FILES)
def test_every_example_passes(results, name):
    failing = {d: [(s.index, s.verdict.value, s.message) for s in r.steps if not s.passed]
               for d, r in results[name].items() if not r.passed}
    assert failing == {}


@pytest.mark.parametrize("name", FILES)
def test_the_claims_shown_as_proved_are_proved(results, name):
    for d in PROVED[name]:
        r = results[name][d]
        assert [s.verdict.value for s in r.steps] == ["proved"] * len(r.steps), (d, [s.message for s in r.steps])
        assert all("only" not in s.scope for s in r.steps if not s.expect_refuted), (d, [s.scope for s in r.steps])


@pytest.mark.parametrize("name", FILES)
def test_whatever_is_less_than_proved_states_why_in_its_notes(results, name):
    for d, r in results[name].items():
        weaker = [s for s in r.steps if s.verdict.value != "proved" and not s.expect_refuted]
        if weaker or any("only" in s.scope for s in r.steps):
            assert r.notes, f"{d} is not fully proved for generic n and gives no reason"


@pytest.mark.parametrize("name", FILES)
def test_no_example_step_is_a_restatement(results, name):
    """A step whose sides SymPy already writes alike checks nothing; the gallery shows checks."""
    assert [(d, s.index) for d, r in results[name].items() for s in r.steps if s.restatement] == []


def test_an_integral_over_an_infinite_range_is_evaluated_not_refuted():
    """The Gumbel-max chains start from ∫_0^∞ e^{−cu} du; an infinite limit is no counterexample."""
    from verifier import calc, exp, oo, positive
    import sympy as sp
    u, c = positive("u"), positive("c", 0.1, 10)
    d = calc(sp.Integral(exp(-c * u), (u, 0, oo)), title="∫_0^∞ e^{−cu} du = 1/c").eq(1 / c, "antiderivative")
    d.name = "exponential_integral"
    [result] = check_all([d], QUICK)
    assert result.steps[0].verdict.value in ("proved", "numeric"), result.steps[0].message


def test_the_documented_false_claim_is_refuted_with_a_counterexample(results):
    step = results["log_sum_exp_bounds.py"]["too_tight"].steps[0]
    assert step.verdict.value == "refuted" and step.passed and step.counterexample is not None


def test_experiments_back_the_claims_that_go_beyond_integration(results):
    gumbel = results["gumbel_max.py"]["three_scores"].experiments
    eigen = results["softmax_jacobian.py"]["half_is_the_largest_reach"].experiments
    assert [e.passed for e in gumbel + eigen] == [True, True]


def test_the_command_line_checks_an_example_and_writes_its_verdicts_as_json(tmp_path):
    out = tmp_path / "results.json"
    code, stdout, stderr = run_cli("check", EXAMPLES / "cross_entropy_gradient.py", "--json", out, "--no-report",
                                   "--quick", cwd=tmp_path)
    assert code == 0, stdout + stderr
    data = json.loads(out.read_text())
    assert data["passed"] is True
    verdicts = {d["name"].split("::")[-1]: [s["verdict"] for s in d["steps"]] for d in data["derivations"]}
    assert set(verdicts) == PROVED["cross_entropy_gradient.py"]
    assert all(v == ["proved"] * len(v) for v in verdicts.values())


def test_the_readme_and_the_tutorial_quote_the_example_file_as_it_is():
    """The tutorial's code must be the checked file's code, not a copy drifting away from it."""
    section = (ROOT / "README.md").read_text() + (ROOT / "docs" / "tutorial.md").read_text()
    source = (EXAMPLES / "log_sum_exp_bounds.py").read_text()
    blocks = section.split("```python")[1:]
    assert blocks
    for block in blocks:
        code = block.split("```")[0]
        for line in code.strip().splitlines():
            assert line in source, line
