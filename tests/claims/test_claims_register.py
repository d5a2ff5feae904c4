"""The claims register: a claim's status is computed from verdicts, and only the evidence can earn it.

Unit tests run compute_claims on hand-built result records (the contract between the engine and
its outputs), so each rule, and each near miss one edit away from it, is pinned without running
SymPy.  The last tests read the project's register itself.
"""
import json
from pathlib import Path

import pytest

from tests.engine import project_register
from verifier import calc, claim, exp, positive, seed
from verifier.judge.claims import compute_claims
from verifier.loader import load, project_files
from verifier.present.results_json import to_dict
from verifier.verdicts import (ClaimStatus, DerivationResult, ExperimentResult, RunResult, StepResult, Table,
                               Verdict)

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
FILE = "derivations/example.py"
P, C, N, R, U = Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC, Verdict.REFUTED, Verdict.UNKNOWN


def step(verdict, index=1, expect_refuted=False, scope="generic n", tables=(), sizes_only=None):
    passed = (verdict is R) if expect_refuted else verdict in (P, C, N)
    return StepResult(index, "=", "a", "b", "a", "b", "reason", "", verdict, passed,
                      expect_refuted=expect_refuted, scope=scope, tables=list(tables), sizes_only=sizes_only)


def result(name, *steps, experiments=()):
    passed = all(s.passed for s in steps) and all(e.passed for e in experiments)
    return DerivationResult(name, name, "", FILE, P, passed, "", steps=list(steps), experiments=list(experiments))


def experiment(verdict, expect_refuted=False):
    passed = (verdict is R) if expect_refuted else verdict is N
    return ExperimentResult("e", "an experiment", verdict, "claim", "finding", passed=passed,
                            expect_refuted=expect_refuted)


def status_of(c, *results):
    [out] = compute_claims([c], list(results))
    return out


def key(name):
    return f"{FILE}::{name}"


# ---- holds ---------------------------------------------------------------------------------------

def test_a_claim_holds_when_every_supporting_derivation_is_proved():
    out = status_of(claim("x", "src", "q", holds=[key("a"), key("b")]), result("a", step(P)), result("b", step(P)))
    assert out.status is ClaimStatus.HOLDS
    assert out.derivations == (key("a"), key("b")) and "proved" in out.detail


def test_one_failed_supporting_derivation_means_not_checked_never_holds():
    out = status_of(claim("x", "src", "q", holds=[key("a"), key("b")]),
                    result("a", step(P)), result("b", step(P), step(U, 2)))
    assert out.status is ClaimStatus.NOT_CHECKED
    assert "check failed" in out.qualifier and key("b") in out.qualifier and "step 2 unknown" in out.qualifier


def test_one_numeric_supporting_step_makes_the_claim_supported_never_holds():
    out = status_of(claim("x", "src", "q", holds=[key("a")]), result("a", step(P), step(N, 2)))
    assert out.status is ClaimStatus.SUPPORTED and "numeric only" in out.detail
    assert out.strength.startswith("numeric")


def test_symbolic_only_at_concrete_sizes_is_not_called_proved():
    out = status_of(claim("x", "src", "q", holds=[key("a")]), result("a", step(C, scope="n = 1…6 only", sizes_only=6)))
    assert "not a proof for all n" in out.detail and "proved" not in out.detail.split(":")[1].split("(")[0]
    assert out.status is ClaimStatus.SUPPORTED and out.strength == "checked at n = 1…6 only"     # as its badge says


def test_a_proof_whose_scope_is_a_few_sizes_does_not_earn_holds():
    # verdict "proved" but scope "n = 1…3 only" (a limit taken at concrete n): cases in all but name
    out = status_of(claim("x", "src", "q", holds=[key("a")]), result("a", step(P, scope="n = 1…3 only", sizes_only=3)))
    assert out.status is ClaimStatus.SUPPORTED
    generic = status_of(claim("x", "src", "q", holds=[key("a")]), result("a", step(P, scope="generic n")))
    assert generic.status is not ClaimStatus.SUPPORTED            # the near miss: a proof for every n earns more


def test_the_weakest_of_several_supporting_derivations_decides_the_word():
    proved, numeric = result("a", step(P)), result("b", step(P), step(N, 2))
    assert status_of(claim("x", "src", "q", holds=[key("a"), key("b")]), proved, numeric).status \
        is ClaimStatus.SUPPORTED
    near_miss = status_of(claim("x", "src", "q", holds=[key("a")]), proved, numeric)     # b not named
    assert near_miss.status is ClaimStatus.HOLDS and near_miss.strength.startswith("proved")


@pytest.mark.parametrize("kind, proved_status, supported_status", [
    ("as_bound", ClaimStatus.AS_BOUND, ClaimStatus.AS_BOUND_SUPPORTED),
    ("under", ClaimStatus.UNDER_ASSUMPTION, ClaimStatus.UNDER_SUPPORTED),
    ("regime", ClaimStatus.IN_REGIME, ClaimStatus.IN_REGIME_SUPPORTED),
])
def test_a_qualified_claim_keeps_its_qualification_and_earns_its_word(kind, proved_status, supported_status):
    evidence = [key("a")] if kind == "as_bound" else ("the qualifier", [key("a")])
    assert status_of(claim("x", "src", "q", **{kind: evidence}), result("a", step(P))).status is proved_status
    assert status_of(claim("x", "src", "q", **{kind: evidence}), result("a", step(N))).status is supported_status


@pytest.mark.parametrize("support", [[P, N], [C], [P, P, N], [P, C]])
def test_no_claim_says_holds_while_a_supporting_step_is_numeric_or_cases(support):
    steps = [step(v, k) for k, v in enumerate(support, start=1)]
    out = status_of(claim("x", "src", "q", holds=[key("a")]), result("a", *steps))
    assert "holds" not in out.status.value and out.status.value.startswith("supported")


def test_a_missing_derivation_means_not_checked():
    out = status_of(claim("x", "src", "q", holds=[key("gone")]), result("a", step(P)))
    assert out.status is ClaimStatus.NOT_CHECKED and "missing" in out.qualifier


def test_a_derivation_that_documents_a_refutation_cannot_support_a_claim():
    """It passes (its refutation is expected), but what it shows is that something is false."""
    out = status_of(claim("x", "src", "q", holds=[key("a")]), result("a", step(P), step(R, 2, expect_refuted=True)))
    assert out.status is ClaimStatus.NOT_CHECKED and "documents a refutation" in out.qualifier


def test_a_supporting_derivation_with_nothing_checked_supports_nothing():
    out = status_of(claim("x", "src", "q", holds=[key("a")]), result("a"))
    assert out.status is ClaimStatus.NOT_CHECKED


# ---- qualified: as a bound, under an assumption, in a regime -----------------------------------

def test_as_a_bound_with_the_approximation_refuted():
    out = status_of(claim("x", "src", "q", as_bound=[key("bound")], refuted_by=[key("approx")]),
                    result("bound", step(P)), result("approx", step(R, expect_refuted=True)))
    assert out.status is ClaimStatus.AS_BOUND and "refuted as expected" in out.detail


def test_as_a_bound_says_which_bound_in_words_when_given_them():
    """A reader of "holds only as a bound" asks which side: the words given with the bound are shown with the status,
    and a bound declared without words shows none rather than another claim's."""
    worded = status_of(claim("x", "src", "q", as_bound=("a lower bound for every λ", [key("bound")])),
                       result("bound", step(P)))
    assert worded.status is ClaimStatus.AS_BOUND and worded.qualifier == "a lower bound for every λ"
    assert worded.derivations == (key("bound"),)
    bare = status_of(claim("x", "src", "q", as_bound=[key("bound")]), result("bound", step(P)))
    assert bare.status is ClaimStatus.AS_BOUND and bare.qualifier == ""


def test_a_general_claim_proved_for_instances_is_supported_never_proved():
    """E[XY] = E[X]E[Y] proved for two laws is evidence for the product rule, not a proof of it: however the instances
    came out, the claim is "supported, not proved", and says for which instances."""
    out = status_of(claim("x", "src", "q", instances=("a two-point law with Gaussian or uniform noise",
                                                      [key("gauss"), key("uniform")])),
                    result("gauss", step(P)), result("uniform", step(P)))
    assert out.status is ClaimStatus.SUPPORTED and "two-point" in out.qualifier
    assert out.strength.startswith("for instances only: proved")
    assert not out.weakest and not out.weakest_link     # no proved step is named as the claim's weakness
    numeric = status_of(claim("x", "src", "q", instances=("a two-point law", [key("gauss")])),
                        result("gauss", step(N)))
    assert numeric.weakest and numeric.weakest[2].startswith("numeric")   # a step that is weaker than proved still is
    near = status_of(claim("x", "src", "q", holds=[key("gauss")]), result("gauss", step(P)))
    assert near.status is ClaimStatus.HOLDS       # the same proof, declared as the claim itself: holds


def test_instances_must_say_which():
    assert "instances" in claim("x", "src", "q", instances=("", [key("a")])).error


def test_under_an_assumption_names_it():
    out = status_of(claim("x", "src", "q", under=("σ_t² ∝ e^{−q·k_t}", [key("a")])), result("a", step(P)))
    assert out.status is ClaimStatus.UNDER_ASSUMPTION and out.qualifier == "σ_t² ∝ e^{−q·k_t}"


def test_experiments_alone_support_nothing():
    out = status_of(claim("x", "src", "q", holds=[key("a")]), result("a", experiments=[experiment(N)]))
    assert out.status is ClaimStatus.NOT_CHECKED and "experiments alone" in out.qualifier


def test_proved_steps_with_agreeing_data_stay_proved_and_the_data_are_named_as_evidence():
    out = status_of(claim("x", "src", "q", holds=[key("a")]), result("a", step(P), experiments=[experiment(N)]))
    assert out.status is ClaimStatus.HOLDS
    assert "proved (generic n); its experiments agree (numeric evidence)" in out.detail


def test_a_supporting_experiment_that_the_data_contradict_means_not_checked():
    out = status_of(claim("x", "src", "q", holds=[key("a")]), result("a", step(P), experiments=[experiment(R)]))
    assert out.status is ClaimStatus.NOT_CHECKED and "experiment" in out.qualifier


def test_in_a_regime_names_it():
    out = status_of(claim("x", "src", "q", regime=("λ ≪ 1", [key("a")])), result("a", step(N)))
    assert out.status is ClaimStatus.IN_REGIME_SUPPORTED and out.qualifier == "λ ≪ 1" and "numeric only" in out.detail


def test_a_qualified_claim_whose_counterpart_refutation_failed_is_not_checked():
    out = status_of(claim("x", "src", "q", as_bound=[key("bound")], refuted_by=[key("approx")]),
                    result("bound", step(P)), result("approx", step(P, expect_refuted=True)))
    assert out.status is ClaimStatus.NOT_CHECKED


# ---- refuted and contradicted ---------------------------------------------------------------------

def test_refuted_needs_a_confirmed_expected_refutation():
    out = status_of(claim("x", "src", "q", refuted_by=[key("a")]), result("a", step(R, expect_refuted=True)))
    assert out.status is ClaimStatus.REFUTED and "certified" in out.detail


def test_a_refuting_derivation_that_failed_to_refute_does_not_refute():
    """Near miss: the step was expected to be refuted but came out proved (or numeric)."""
    for verdict in (P, N, U):
        out = status_of(claim("x", "src", "q", refuted_by=[key("a")]), result("a", step(verdict, expect_refuted=True)))
        assert out.status is ClaimStatus.NOT_CHECKED, verdict


def test_a_derivation_without_an_expected_refutation_cannot_refute():
    """Near miss: it passes, but nothing in it was a refutation."""
    out = status_of(claim("x", "src", "q", refuted_by=[key("a")]), result("a", step(P)))
    assert out.status is ClaimStatus.NOT_CHECKED and "no confirmed refutation" in out.qualifier


def test_contradicted_by_data_needs_an_experiment_that_contradicts():
    ok = status_of(claim("x", "src", "q", contradicted_by=[key("a")]),
                   result("a", step(P), experiments=[experiment(R, expect_refuted=True)]))
    assert ok.status is ClaimStatus.CONTRADICTED
    supported = status_of(claim("x", "src", "q", contradicted_by=[key("a")]),
                          result("a", step(P), experiments=[experiment(N, expect_refuted=True)]))
    assert supported.status is ClaimStatus.NOT_CHECKED
    no_experiment = status_of(claim("x", "src", "q", contradicted_by=[key("a")]), result("a", step(P)))
    assert no_experiment.status is ClaimStatus.NOT_CHECKED


def test_a_refuting_step_is_not_data():
    out = status_of(claim("x", "src", "q", contradicted_by=[key("a")]), result("a", step(R, expect_refuted=True)))
    assert out.status is ClaimStatus.NOT_CHECKED


# ---- declarations ---------------------------------------------------------------------------------

def test_a_claim_no_derivation_addresses_is_not_checked_with_its_reason():
    out = status_of(claim("x", "src", "q", not_checked="qualitative"))
    assert out.status is ClaimStatus.NOT_CHECKED and out.qualifier == "qualitative"


@pytest.mark.parametrize("kwargs", [
    {},                                                             # nothing addresses it, and no reason given
    {"holds": [key("a")], "refuted_by": [key("b")]},                # holds and refuted at once
    {"holds": [key("a")], "not_checked": "why"},                    # checked and not checked
    {"as_bound": [key("a")], "regime": ("λ ≪ 1", [key("a")])},      # two qualifications
    {"under": ("", [key("a")])},                                    # an unnamed assumption
    {"regime": [key("a")]},                                         # regime without its name
    {"holds": [42]},                                                # not a derivation
])
def test_a_malformed_declaration_is_never_counted(kwargs):
    c = claim("x", "src", "q", **kwargs)
    assert c.error
    out = status_of(c, result("a", step(P)), result("b", step(R, expect_refuted=True)))
    assert out.status is ClaimStatus.NOT_CHECKED and out.qualifier.startswith("malformed")


def test_derivation_objects_are_named_file_colon_colon_name():
    lam = positive("lambda")
    d = calc(exp(lam), title="t").gt(0, "exp is positive")
    d.name, d.file = "exp_positive", str(ROOT / "derivations" / "made_up.py")
    c = claim("x", seed("000", "eq. (2)"), "q", holds=[d])
    assert c.references() == {"holds": ["derivations/made_up.py::exp_positive"]}


def test_measured_error_points_at_the_table_of_a_supporting_derivation():
    table = Table("measured error over λ and n", ["λ", "error"], [["1", "0.1"]])
    out = status_of(claim("x", "src", "q", regime=("λ → 0", [key("a")])), result("a", step(N, tables=[table])))
    assert out.measured_error == f"{key('a')} step 1: measured error over λ and n"


def test_the_json_has_a_claims_section():
    derivations = [result("a", step(P))]
    run = RunResult(derivations, 0, (50, 100), True, False,
                    claims=compute_claims([claim("x", "src", "q", holds=[key("a")])], derivations))
    data = json.loads(json.dumps(to_dict(run), ensure_ascii=False))
    [c] = data["claims"]
    assert c["id"] == "x" and c["status"] == "holds" and c["derivations"] == [key("a")]


# ---- the project's register ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def register():
    claims, errors = project_register()
    assert not errors, [str(e) for e in errors]
    derivations, load_errors = load(project_files(ROOT), ROOT)
    assert not load_errors, [str(e) for e in load_errors]
    return claims, {f"{d.file}::{d.name}" for d in derivations}


@pytest.mark.slow
def test_the_register_is_well_formed_and_names_only_existing_derivations(register):
    claims, names = register
    assert not [(c.id, c.error) for c in claims if c.error]
    missing = [(c.id, k) for c in claims for keys in c.references().values() for k in keys if k not in names]
    assert not missing


def test_the_register_covers_every_seed_with_about_25_distinct_claims(register):
    claims, _ = register
    assert len({c.id for c in claims}) == len(claims) >= 25
    for which in ("000", "001", "002"):
        assert sum(c.id.startswith(which) for c in claims) >= 5, which
    assert all(c.quote and c.source for c in claims)
