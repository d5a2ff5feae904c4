"""Lines as written: as_written(...) keeps an intermediate line SymPy would evaluate away, so
the step the author meant is the step checked, by the strategies and the numbers, and the report prints
it as written.  A step whose sides collapse to one expression is still flagged, with a hint to use it."""
import sympy as sp

from tests.engine import check
from verifier import Σ, as_written, calc, index, real, size, sqrt, vector
from verifier.run import safe_pickle
from verifier.verdicts import Verdict

a = real("a")
n = size("n")
i = index("i", n)
s = vector("s", n)


def test_a_kept_square_root_is_checked_against_its_absolute_value_and_printed_as_written():
    [result] = check(calc(as_written(lambda: sqrt(a ** 2)), title="√(a²) = |a|").eq(sp.Abs(a), "a is real"))
    step = result.steps[0]
    assert step.verdict is Verdict.PROVED and not step.restatement
    assert step.lhs_latex == r"\sqrt{a^{2}}"


def test_the_same_step_without_as_written_is_a_restatement_with_a_hint():
    [result] = check(calc(sqrt(a ** 2), title="collapsed").eq(sp.Abs(a), "a is real"))
    step = result.steps[0]
    assert step.restatement and "as_written" in step.message


def test_a_kept_factorisation_is_checked_and_its_slip_refuted():
    kept, slip = check(
        calc((a + 1) ** 2 - 1, title="factor").eq(as_written(lambda: sp.Mul(a, a + 2)), "difference of squares")
        .eq(a ** 2 + 2 * a, "expand"),
        calc((a + 1) ** 2 - 1, title="near miss").eq(as_written(lambda: sp.Mul(a, a + 3)), "a slip"))
    assert [st.verdict for st in kept.steps] == [Verdict.PROVED, Verdict.PROVED]
    assert kept.steps[0].rhs_latex == r"a \left(a + 2\right)"
    assert slip.steps[0].verdict is Verdict.REFUTED


def test_a_kept_line_inside_an_inequality_and_a_sum_is_understood_by_strategies_and_numbers():
    bound, total, wrong = check(
        calc(as_written(lambda: sqrt(a ** 2)), title="√(a²) ≤ |a| + 1").le(sp.Abs(a) + 1, "one more"),
        calc(Σ(2 * s[i] ** 2, i), title="kept sum").eq(as_written(lambda: 2 * Σ(s[i] * s[i], i)), "pull out 2"),
        calc(Σ(2 * s[i] ** 2, i), title="near miss").eq(as_written(lambda: 2 * Σ(s[i] * s[1], i)), "wrong index"))
    assert bound.steps[0].verdict is Verdict.PROVED
    assert total.steps[0].verdict is Verdict.PROVED and not total.steps[0].restatement
    assert wrong.steps[0].verdict is Verdict.REFUTED


def test_a_kept_line_survives_the_trip_from_the_loader_process_as_written():
    kept = as_written(lambda: sqrt(a ** 2))
    back = safe_pickle.loads(safe_pickle.dumps(kept))
    assert back == kept and str(back) == "sqrt(a**2)"
    assert safe_pickle.loads(safe_pickle.dumps(sqrt(a ** 2))) == sp.Abs(a)     # what SymPy alone gives back
