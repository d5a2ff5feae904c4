"""Every verdict is earned: proved, numeric, refuted (also as expected), unknown and error."""
import sympy as sp

from tests.engine import check, only_step
from verifier import Σ, calc, index, log, positive, real, size, vector
from verifier.verdicts import Verdict

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
lam = positive("lambda")
x = positive("x")
t = real("t")
Z = Σ(sp.exp(lam * s[j]), j)
p = sp.exp(lam * s[i]) / Z
log_sum_exp = log(Σ(sp.exp(lam * s[i]), i))


def test_a_symbolically_established_step_is_proved_with_method_scope_and_numeric_cross_check():
    step = only_step(calc(Σ(p, i), title="Σp").eq(1, "normaliser"))
    assert step.verdict is Verdict.PROVED and step.passed
    assert step.method and step.scope.startswith("generic n")
    assert step.numeric.points >= 8 and step.numeric.precisions == (50, 100)
    assert float(step.numeric.worst_error) < 1e-40
    # Edge sizes (1, 2) and seeded ones are sampled beside the declared 3, 17, 256.
    assert {1, 2, 3, 17, 256} <= set(step.numeric.sizes)


def test_a_true_step_no_strategy_proves_is_only_numeric():
    step = only_step(calc(sp.sqrt(x ** 2 + 2 * x + 1), title="root").eq(x + 1, "perfect square"))
    assert step.verdict is Verdict.NUMERIC
    assert step.passed
    assert "not proved" in step.message           # the message says the step holds only numerically


def test_numeric_fails_when_proofs_are_required():
    step = only_step(calc(sp.sqrt(x ** 2 + 2 * x + 1), title="root").eq(x + 1, "perfect square"),
                     require_proof=True)
    assert step.verdict is Verdict.NUMERIC and not step.passed


def test_the_missing_one_over_n_is_refuted_with_a_counterexample_at_two_precisions():
    wrong = (calc(log_sum_exp - lam * Σ(p * s[i], i), title="missing 1/n")
             .eq(log(n) + log(Σ(sp.exp(lam * s[i]), i)) - lam * Σ(p * s[i], i), "forgot the 1/n"))
    step = only_step(wrong)
    assert step.verdict is Verdict.REFUTED and not step.passed
    ce = step.counterexample
    assert set(ce.lhs) == set(ce.rhs) == {50, 100}
    assert ce.lhs[50][:15] == ce.lhs[100][:15] and ce.lhs[50] != ce.rhs[50]
    assert "s" in ce.point and "lambda" in ce.point and "n" in ce.point


def test_a_documented_false_claim_passes_only_when_refuted():
    expected = only_step(calc(t ** 2, title="false").ge(t ** 2 + 1, "documented false", expect="refuted"))
    assert expected.verdict is Verdict.REFUTED and expected.passed
    assert expected.label == "refuted, as expected"


def test_a_documented_false_claim_that_holds_fails():
    surprise = only_step(calc(t ** 2 + 1, title="true").ge(t ** 2, "actually true", expect="refuted"))
    assert surprise.verdict is Verdict.PROVED and not surprise.passed
    assert "expected a refutation" in surprise.message


def test_a_step_nothing_can_decide_is_unknown_and_fails():
    f = sp.Function("f")     # an undefined function: no strategy applies and nothing can be evaluated
    step = only_step(calc(f(x), title="opaque").eq(f(x + 1), "no information about f"))
    assert step.verdict is Verdict.UNKNOWN and not step.passed
    assert "cannot be evaluated" in step.message


def test_an_approximation_without_a_meaning_is_an_error_not_a_pass():
    step = only_step(calc(log_sum_exp, title="bare ≈").approx(log(n), "hand-waving"))
    assert step.verdict is Verdict.ERROR and not step.passed
    assert "without a stated meaning" in step.message


def test_a_malformed_right_hand_side_is_an_error_naming_what_is_wrong():
    step = only_step(calc(t, title="bad").eq("not math ((", "typo"))
    assert step.verdict is Verdict.ERROR and "not a SymPy expression" in step.message


def test_a_matrix_is_not_a_step_side_and_the_error_says_what_to_write_instead():
    import sympy as sp
    step = only_step(calc(t, title="matrix").eq(sp.Matrix([t, 1]), "a vector by mistake"))
    assert step.verdict is Verdict.ERROR and "not a scalar expression" in step.message
    assert "one step per entry" in step.message


def test_an_unknown_step_option_is_an_error_that_lists_the_valid_ones():
    step = only_step(calc(t, title="bad option").eq(t, "x", becuase="typo"))
    assert step.verdict is Verdict.ERROR and "becuase" in step.message and "assume=" in step.message


def test_a_symbol_without_a_sampling_domain_is_an_error_that_says_how_to_declare_it():
    w = sp.Symbol("w")       # complex by default: no domain to sample
    step = only_step(calc(w + 1, title="undeclared").eq(1 + w, "commutes"))
    assert step.verdict is Verdict.ERROR and "real('w')" in step.message


def test_a_derivation_is_only_as_strong_as_its_weakest_step():
    [r] = check(calc(t + 1, title="mixed").eq(1 + t, "commutes").eq(t + 2, "wrong"))
    assert r.verdict is Verdict.REFUTED and not r.passed
    assert r.conclusion.startswith("none: step 2 is refuted")


def test_a_chain_of_passing_steps_concludes_its_composed_relation():
    [r] = check(calc(t ** 2 + 1, title="bound").eq(1 + t ** 2, "commutes").ge(1, "t² ≥ 0"))
    assert r.passed and r.conclusion_relation == ">="
    assert r.conclusion == "t**2 + 1 ≥ 1"


def test_mixed_directions_conclude_nothing_but_each_step_is_still_checked():
    [r] = check(calc(t ** 2 + 2, title="zigzag").ge(t ** 2 + 1, "drop 1").le(t ** 2 + 3, "add 2"))
    assert all(st.verdict is Verdict.PROVED for st in r.steps)
    assert r.conclusion_relation is None and "mixes ≤ and ≥" in r.conclusion


def test_proportionality_in_two_variables_needs_each_partial_derivative_to_vanish():
    a, b = real("a b")
    # ∂/∂a + ∂/∂b of e^{a−b} vanishes, yet the ratio depends on both: it must not be proved.
    step = only_step(calc(sp.exp(a - b) * x, title="∝ in a and b").propto(x, "claimed free of a, b", wrt=[a, b]))
    assert step.verdict is Verdict.REFUTED


def test_proportionality_is_proved_when_the_ratio_is_free_of_the_variable():
    step = only_step(calc(3 * lam * log(n), title="∝ log n").propto(log(n), "constant factor 3λ", wrt=n))
    assert step.verdict is Verdict.PROVED
