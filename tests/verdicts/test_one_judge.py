"""One judge: every verdict comes from combine(), and combine() is the table the documentation shows."""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
import sympy as sp

from tests.engine import check, only_step
from verifier import Limit, Series, calc, positive, real
from verifier.judge.combine import Numbers, Symbolic, combine
from verifier.verdicts import Verdict

README = Path(__file__).resolve().parents[2] / "docs" / "reference" / "verdicts.md"
ROWS = {"proved": Symbolic.PROVED, "cases only": Symbolic.CASES, "no proof": Symbolic.NONE,
        "contradicted": Symbolic.CONTRADICTED}
COLUMNS = {"agree": Numbers.AGREE, "disagree": Numbers.DISAGREE, "inconclusive": Numbers.INCONCLUSIVE}


def readme_table() -> dict:
    text = README.read_text(encoding="utf-8")
    header = re.search(r"^\| symbolic \\\\? numbers \| (.+) \|$", text, re.M)
    assert header, "docs/reference/verdicts.md lost its verdict table (| symbolic \\ numbers | agree | … |)"
    columns = [c.strip() for c in header.group(1).split("|")]
    table = {}
    for line in text[header.end():].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        for column, verdict in zip(columns, cells[1:]):
            table[(ROWS[cells[0]], COLUMNS[column])] = Verdict(verdict)
    return table


def test_the_readme_table_covers_every_combination():
    assert set(readme_table()) == set(itertools.product(Symbolic, Numbers))


@pytest.mark.parametrize("symbolic, numbers", list(itertools.product(Symbolic, Numbers)))
def test_combine_gives_the_verdict_the_readme_states(symbolic, numbers):
    assert combine(symbolic, numbers).verdict is readme_table()[(symbolic, numbers)]


def test_only_a_general_proof_with_agreeing_numbers_is_proved():
    proved = [k for k in itertools.product(Symbolic, Numbers) if combine(*k).verdict is Verdict.PROVED]
    assert proved == [(Symbolic.PROVED, Numbers.AGREE)]


def test_a_certified_disagreement_refutes_whatever_sympy_said():
    assert all(combine(s, Numbers.DISAGREE).verdict is Verdict.REFUTED for s in Symbolic)


@pytest.mark.parametrize("symbolic, numbers", list(itertools.product(Symbolic, Numbers)))
def test_a_strategy_that_ran_out_of_time_can_only_make_the_verdict_unknown(symbolic, numbers):
    # Principle 7: time and load change a verdict only to unknown.  A timeout beside a proof for all
    # values or a certified counterexample changes nothing; beside anything weaker it gives unknown.
    quiet, hurried = combine(symbolic, numbers).verdict, combine(symbolic, numbers, timed_out=True).verdict
    assert hurried in (quiet, Verdict.UNKNOWN)
    if quiet in (Verdict.CASES, Verdict.NUMERIC):
        assert hurried is Verdict.UNKNOWN
    if quiet in (Verdict.PROVED, Verdict.REFUTED):
        assert hurried is quiet


def test_a_symbolic_contradiction_is_never_outvoted_into_numeric():
    assert all(combine(Symbolic.CONTRADICTED, n).verdict in (Verdict.UNKNOWN, Verdict.REFUTED) for n in Numbers)


x = real("x")
t = positive("t")


def test_an_exact_step_goes_through_the_table_as_proved():
    step = only_step(calc(x * (x + 1), title="t").eq(x ** 2 + x, "expand"))
    assert step.verdict is Verdict.PROVED and step.method and not step.restatement


def test_a_limit_that_sympy_computes_to_another_value_is_refuted_not_numeric():
    # e^{20x} → 1, not 0, as x → 0; the old trend test ("last below half the first") accepted it.
    step = only_step(calc(sp.exp(20 * x), title="t").approx(0, "small x", meaning=Limit(x, 0)))
    assert step.verdict is Verdict.REFUTED
    assert step.counterexample is not None


def test_a_series_with_a_lower_order_term_is_refuted_however_small_its_coefficient():
    step = only_step(calc(x ** 2 / 1000 + x ** 3, title="t").approx(0, "cubic", meaning=Series(x, 0, 3)))
    assert step.verdict is Verdict.REFUTED


def test_a_finite_limit_is_two_sided_for_a_real_variable():
    for claim in (sp.Abs(x) / x - 1, sp.exp(-1 / x)):
        step = only_step(calc(claim, title="t").approx(0, "one side only", meaning=Limit(x, 0)))
        assert step.verdict is Verdict.REFUTED, claim


def test_a_one_sided_limit_is_proved_when_it_says_so_or_the_domain_allows_only_that_side():
    stated = only_step(calc(sp.Abs(x) / x, title="t").approx(1, "from the right", meaning=Limit(x, 0, side="+")))
    implied = only_step(calc(sp.exp(-1 / t), title="t").approx(0, "t > 0", meaning=Limit(t, 0)))
    assert stated.verdict is Verdict.PROVED and implied.verdict is Verdict.PROVED


def test_a_series_claim_is_checked_on_both_sides():
    step = only_step(calc(sp.Abs(x) - x, title="t").approx(0, "vanishes to fifth order?", meaning=Series(x, 0, 5)))
    assert step.verdict is Verdict.REFUTED


def test_a_slow_but_true_limit_is_not_refuted():
    step = only_step(calc(1 / sp.log(1 / t), title="t").approx(0, "slowly", meaning=Limit(t, 0)))
    assert step.verdict is Verdict.PROVED


def test_approximations_about_different_points_compose_to_no_conclusion():
    [r] = check(calc(sp.exp(x), title="t")
                                .approx(1, "x → 0", meaning=Limit(x, 0))
                                .approx(1 + 1 / x, "x → ∞", meaning=Limit(x, sp.oo)))
    assert r.conclusion.startswith("none:") and r.conclusion_relation is None


def test_a_restatement_is_flagged_and_says_it_checks_nothing():
    step = only_step(calc(sp.diff(x ** 3, x), title="t").eq(sp.diff(x ** 3, x), "SymPy against itself"))
    assert step.restatement and "restatement" in step.message


def test_propto_without_variables_is_a_step_error():
    step = only_step(calc(x ** 2, title="t").propto(x, "nothing varies", wrt=[]))
    assert step.verdict is Verdict.ERROR and "wrt" in step.message


def test_a_numeric_only_step_says_why_without_a_dangling_colon():
    step = only_step(calc(x * (x + 1), title="t").eq(x ** 2 + x, "expand"))
    assert not step.message.rstrip().endswith(":")


def test_a_named_strategy_is_tried_first_and_the_result_says_which_succeeded():
    default = only_step(calc(x * (x + 1), title="t").eq(x ** 2 + x, "expand"))
    named = only_step(calc(x * (x + 1), title="t").eq(x ** 2 + x, "expand", how="simplify"))
    assert named.verdict is Verdict.PROVED and named.strategy == "simplify"
    assert default.strategy != "simplify"      # left alone, the cheaper rewrite wins


def test_a_named_strategy_that_does_not_exist_is_a_step_error_listing_the_valid_names():
    step = only_step(calc(x * (x + 1), title="t").eq(x ** 2 + x, "expand", how="magic"))
    assert step.verdict is Verdict.ERROR and "magic" in step.message and "expand" in step.message


def test_an_experiment_that_crashes_or_answers_a_non_bool_fails_even_through_check_all():
    from verifier import ExperimentOutcome

    def crashes(seed, quick):
        raise RuntimeError("boom")

    def truthy(seed, quick):
        return ExperimentOutcome(holds="yes", finding="a string is not a decision")

    for run in (crashes, truthy):
        d = calc(x * (x + 1), title="t").eq(x ** 2 + x, "expand").experiment("e", "claim", run)
        [r] = check(d)
        assert not r.experiments[0].passed and not r.passed and r.experiments[0].verdict is Verdict.ERROR


def test_a_limit_with_a_size_outside_any_sum_is_taken_for_generic_n_and_its_near_miss_is_not():
    from verifier import size
    n = size("n")
    true = only_step(calc(n * x, title="t").approx(0, "x → 0", meaning=Limit(x, 0)))
    off_by_one_over_n = only_step(calc(n * x + 1 / n, title="t").approx(0, "x → 0", meaning=Limit(x, 0)))
    assert true.verdict is Verdict.PROVED and "generic n" in true.scope
    assert off_by_one_over_n.verdict not in (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
