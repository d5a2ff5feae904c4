"""One table of what each function is (verifier/functions.py), and the values it leads to.

Every entry is checked against SymPy's own evalf at points on and off its poles and branch cuts, in
real and in complex balls: a certified ball never excludes SymPy's value, and a point where SymPy
has no value is never given a certified one.  A call the table does not know (a symbolic LambertW
branch, polygamma of a non-integer order) is evaluated by mpmath and flagged, never squeezed into a
method of another arity.  Through `check`: W₋₁ is W₋₁, floor of a complex number is floor of each
part, 0⁰ = 1, each with the near miss one edit away.
"""
from __future__ import annotations

import itertools

import mpmath
import pytest
import sympy as sp
from flint import acb, arb

from tests.engine import only_step
from verifier import Σ, calc, complex_number, index, integer, interval, real, size
from verifier import functions
from verifier.evidence import balls
from verifier.verdicts import Verdict

HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)      # any passing verdict: the property is "not refuted"
R = sp.Rational

# Value arguments: ordinary points, points on the cuts (negative reals, beyond ±1), at and near poles.
ORDINARY = [R(5, 2), R(1, 2), R(-1, 2), R(-7, 3), 1 + 2 * sp.I, R(-3, 2) + sp.I / 2, -2 - sp.I]
SPECIAL = [sp.Integer(0), sp.Integer(1), sp.Integer(-1), sp.Integer(2), sp.Integer(-2), sp.Integer(-3),
           -1 + R(1, 10 ** 8), R(1, 10 ** 8), 1 - R(1, 10 ** 8), -R(1, 3) - R(1, 100), sp.I, -sp.I]
PARAMETERS = {
    functions.LITERAL_INTEGER: [sp.Integer(0), sp.Integer(-1), sp.Integer(1)],
    functions.NONNEGATIVE_INTEGER: [sp.Integer(0), sp.Integer(1), sp.Integer(3)],
    functions.INTEGER: [sp.Integer(0), sp.Integer(-2), sp.Integer(3)],
    functions.ANY: [sp.Integer(0), sp.Integer(1), R(1, 2), R(-3, 2)],
    functions.POSITIVE: [R(1, 2), sp.Integer(2)],
}
# An order that must be a nonnegative integer is given as a declared integer symbol, as a derivation
# writes it (SymPy expands chebyshevt(3, x) into a polynomial itself).
ORDER = integer("order", 0, 5)
OTHER_ARGUMENT = [R(1, 2), sp.Integer(2), sp.Integer(-1), R(-3, 2)]     # the second argument of atan2, ζ(s, a), …
DPS = 50


def _calls(entry: functions.Function):
    """(arguments, on an ordinary point) for every arity the entry knows (Max and Min: two arguments)."""
    value_points = [(p, True) for p in ORDINARY] + [(p, False) for p in SPECIAL]
    params = {p.position: PARAMETERS[p.kind] for p in entry.parameters}
    for arity in entry.arity[:3]:
        if entry.sympy in (sp.Max, sp.Min) and arity != 2:
            continue
        value_pos = entry.value % arity
        choices = []
        for pos in range(arity):
            if pos == value_pos:
                choices.append(value_points)
            else:
                choices.append([(v, True) for v in params.get(pos, OTHER_ARGUMENT)])
        for combo in itertools.product(*choices):
            yield tuple(a for a, _ in combo), all(ok for _, ok in combo)


def _sympy_value(expr):
    """SymPy's value at 60 digits: a complex mpmath number, 'undefined' (zoo, nan, ∞), or None (SymPy cannot tell)."""
    try:
        v = sp.N(expr.doit(), 60)        # the value SymPy gives the call once evaluated (binomial(−1, −1) = 0)
    except (TypeError, ValueError, ZeroDivisionError, NotImplementedError, AttributeError):
        return None
    if v.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        return "undefined"
    if not v.is_number or v.atoms(sp.Function) or v.atoms(sp.Symbol):
        return None
    re, im = v.as_real_imag()
    try:
        return mpmath.mpc(mpmath.mpf(sp.Float(re, 60)._mpf_), mpmath.mpf(sp.Float(im, 60)._mpf_))
    except (TypeError, AttributeError):
        return None


def _ball_value(fn, mode, args=()):
    """The compiled value at the point as the engine computes it: real balls, complex ones where the reals are left."""
    with balls.precision(DPS):
        try:
            if mode == "real":
                try:
                    v = fn(list(args), "real")
                    if balls.is_finite(v):
                        return v
                except balls.NeedsComplex:
                    pass
            return fn(list(args), "complex")
        except balls.Undefined:
            return "undefined"
        except (balls.Undecidable, balls.NeedsComplex, ValueError, ZeroDivisionError, TypeError, OverflowError):
            return None        # no value claimed (the engine skips such a point)


def _contains(ball, want, loose: bool) -> bool:
    if isinstance(ball, int):
        ball = arb(ball)
    if isinstance(ball, arb):
        ball = acb(ball)
    slack = mpmath.mpf(10) ** (-DPS + 12) * (1 + abs(want)) if loose else mpmath.mpf(10) ** -(DPS + 5)
    for part, w in ((ball.real, want.real), (ball.imag, want.imag)):
        mid, rad = mpmath.mpf(part.mid().str(DPS + 10, radius=False)), mpmath.mpf(part.rad().str(10, radius=False))
        with mpmath.workdps(DPS + 20):
            if abs(mid - w) > rad + slack:
                return False
    return True


ENTRIES = sorted(functions.FUNCTIONS.values(), key=lambda f: f.name)


@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES, ids=lambda f: f.name)
def test_every_entry_agrees_with_sympy_on_and_off_its_cuts_and_poles(entry):
    checked = 0
    for args, ordinary in _calls(entry):
        orders = {pos: args[pos] for pos in range(len(args))
                  if any(p.position == pos and p.kind == functions.NONNEGATIVE_INTEGER for p in entry.parameters)}
        order = next(iter(orders.values()), None)
        call = [ORDER if pos in orders else a for pos, a in enumerate(args)]
        try:
            expr = entry.sympy(*call, evaluate=False) if order is None else entry.sympy(*call)
        except (TypeError, ValueError):
            continue
        if entry.sympy in (sp.Max, sp.Min, sp.atan2, sp.sign, sp.factorial, sp.binomial, sp.Heaviside) \
                and any(a.has(sp.I) for a in args):
            continue       # ordered or integer functions of a non-real argument: SymPy gives no single value
        want = _sympy_value(expr.xreplace({ORDER: order}) if order is not None else expr)
        if want is None:
            continue
        try:
            fn = balls.compile_ball(expr, [ORDER] if order is not None else [])
        except balls.Unsupported:
            assert not ordinary, sp.sstr(expr)      # only at a pole may SymPy's printer give up
            continue
        for mode in ("real", "complex"):
            if mode == "real" and any(a.has(sp.I) for a in args):
                continue
            got = _ball_value(fn, mode, [int(order)] if order is not None else [])
            where = f"{sp.sstr(expr)} in {mode} balls: SymPy {want}, balls {got}"
            if want == "undefined":
                assert got is None or got == "undefined" or not balls.is_finite(got), where
                continue
            assert got != "undefined", where           # a certain "no value" where SymPy has one
            if got is None or not balls.is_finite(got):
                assert not ordinary or fn.uses_fallback, where     # off cuts and poles, FLINT must decide
                continue
            assert _contains(got, want, loose=bool(fn.uses_fallback)), where
            checked += 1
    assert checked >= 5, f"{entry.name}: only {checked} points compared"


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e.helper is None], ids=lambda f: f.name)
def test_an_entry_without_a_ball_method_is_flagged_as_uncertified_and_one_with_it_is_not(entry):
    args = next(a for a, ok in _calls(entry) if ok)
    if any(p.kind == functions.NONNEGATIVE_INTEGER for p in entry.parameters):
        args = (ORDER,) + args[1:]
        expr = entry.sympy(*args)
    else:
        expr = entry.sympy(*args, evaluate=False)
    fn = balls.compile_ball(expr, [ORDER] if expr.has(ORDER) else [])
    if entry.ball(expr) is None:
        assert fn.uses_fallback == {entry.name}
    else:
        assert not fn.uses_fallback


# --- argument patterns the table does not know go to mpmath, flagged ------------------------------

def test_a_call_outside_the_known_argument_patterns_is_evaluated_by_mpmath_not_by_a_one_argument_method():
    x = sp.Symbol("x", positive=True)
    k = sp.Symbol("k", integer=True)
    for expr in (sp.LambertW(x, k), sp.polygamma(R(1, 2), x), sp.zeta(x, 2, evaluate=False),
                 sp.elliptic_e(x, R(1, 2))):
        entry = functions.facts(expr)
        if entry is not None and entry.balls.get(len(expr.args)) and expr.func is not sp.zeta:
            assert entry.ball(expr) is None, expr
    # A symbolic branch: W_k for k declared an integer, sampled as 0 and −1, is never W₀ for k = −1.
    fn = balls.compile_ball(sp.LambertW(x, k), [x, k])
    assert fn.uses_fallback == {"LambertW"}
    with balls.precision(30):
        v = fn([arb(R(-1, 4).p) / 4, -1], "real")
    assert abs(mpmath.mpf(v.mid().str(30, radius=False)) - mpmath.lambertw(-0.25, -1).real) < 1e-20


def test_the_table_knows_each_function_once_and_its_arity():
    assert len({f.sympy for f in ENTRIES}) == len(ENTRIES)
    assert functions.facts(sp.LambertW).arity == (1, 2)
    assert [p.name for p in functions.facts(sp.LambertW).parameters] == ["k"]
    assert [p.name for p in functions.facts(sp.polygamma).parameters] == ["m"]
    assert functions.facts(sp.besselj).parameters[0].name == "ν"
    assert functions.facts(sp.gamma).singular == functions.NONPOSITIVE_INTEGERS
    assert functions.facts(sp.log).singular == functions.AT_ZERO
    assert functions.facts(sp.Function("f")) is None


# --- through check: undefined points and conventions, and their near misses ----------------------

def claim(lhs, relation, rhs, **kw):
    return only_step(getattr(calc(lhs, title="claim under test"), relation)(rhs, "claim", **kw))


def test_lambert_w_minus_one_inverts_t_e_to_the_t_below_minus_one():
    # t ≤ −1 is the claim's hypothesis (interval): real("t", -6, -1.5) would be every real t, only sampled there,
    # and above −1 the branch W₋₁ no longer inverts t eᵗ (the numbers look beyond a sampling range)
    t = interval("t", -6, -1.5)
    assert claim(sp.LambertW(t * sp.exp(t), -1), "eq", t).verdict in HOLDS


def test_near_miss_the_principal_branch_does_not_invert_t_e_to_the_t_below_minus_one():
    t = interval("t", -6, -1.5)
    assert claim(sp.LambertW(t * sp.exp(t)), "eq", t).verdict is Verdict.REFUTED


def test_lambert_w_minus_one_is_at_most_minus_one_on_its_real_domain():
    x = interval("x", -0.3678, -0.001)
    assert claim(sp.LambertW(x, -1), "le", sp.Integer(-1)).verdict in HOLDS
    # Near miss: the principal branch is ≥ −1 there, so "W₀(x) ≤ −1" is false.
    assert claim(sp.LambertW(x), "le", sp.Integer(-1)).verdict is Verdict.REFUTED


def test_floor_of_a_complex_number_is_the_floor_of_each_part():
    z = complex_number("z")
    assert claim(sp.floor(z), "eq", sp.floor(sp.re(z)) + sp.I * sp.floor(sp.im(z))).verdict in HOLDS
    assert claim(sp.ceiling(z), "eq", sp.ceiling(sp.re(z)) + sp.I * sp.ceiling(sp.im(z))).verdict in HOLDS


def test_near_miss_floor_of_a_complex_number_is_not_the_floor_of_its_real_part():
    z = complex_number("z")
    assert claim(sp.floor(z), "eq", sp.floor(sp.re(z))).verdict is Verdict.REFUTED


def test_the_binomial_theorem_holds_at_y_equal_0():
    m = size("m")
    k = index("k", m, start=0)
    y = real("y", -1, 1)
    lhs, rhs = (1 + y) ** m, Σ(sp.binomial(m, k) * y ** k, k)
    assert claim(lhs, "eq", rhs, given={y: 0}).verdict in HOLDS
    assert claim(lhs, "eq", rhs).verdict in HOLDS


def test_the_geometric_sum_holds_at_q_equal_0():
    n = size("n")
    k = index("k", n, start=0)
    q = interval("q", -0.5, 0.5)
    lhs, rhs = Σ(q ** k, k), (1 - q ** (n + 1)) / (1 - q)
    assert claim(lhs, "eq", rhs, given={q: 0}).verdict in HOLDS
    assert claim(lhs, "eq", rhs).verdict in HOLDS


def test_near_miss_zero_to_the_zero_is_one_not_zero():
    n = size("n")
    k = index("k", n, start=0)
    q = interval("q", -0.5, 0.5)
    # Dropping the k = 0 term (q⁰ = 1) is false; at q = 0 the sides are 1 and 0.
    step = claim(Σ(q ** k, k), "eq", (1 - q ** (n + 1)) / (1 - q) - 1, given={q: 0})
    assert step.verdict is Verdict.REFUTED


def test_zero_to_a_negative_power_is_still_undefined_and_a_straddling_exponent_undecided():
    pw = balls._NAMESPACES["real"]["_pow"]
    assert pw(0, arb(0)) == 1 and pw(arb(0), arb(0)) == 1
    with pytest.raises(balls.Undefined):
        pw(arb(0), arb(-1))
    with pytest.raises(balls.Undecidable):
        pw(arb(0), arb(0, 1e-10))
    e = integer("e", -3, 3)
    x = real("x")
    fn = balls.compile_ball(x ** e, [x, e])
    with balls.precision(30):
        assert fn([arb(0), 0], "real") == 1
        with pytest.raises(balls.Undefined):
            fn([arb(0), -1], "real")


# --- the proof side reads the same singular sets ---------------------------------------------------

def test_a_proof_is_refused_where_a_function_singular_at_zero_may_meet_zero():
    from verifier.prove.definedness import pole_reason
    from verifier import positive
    x = real("x")
    u = positive("u")
    for f in (lambda a: sp.Ei(a), lambda a: sp.besselk(1, a), lambda a: sp.LambertW(a, -1), sp.log):
        assert pole_reason(f(x)) is not None, f(x)          # x = 0 is admissible
        assert pole_reason(f(u)) is None, f(u)              # near miss: u > 0 never meets the singular point
    # W₀ is defined at 0 (W₀(0) = 0): no refusal, one edit away from W₋₁.
    assert pole_reason(sp.LambertW(x)) is None


def test_a_proof_is_refused_where_gamma_like_or_factorial_may_meet_a_pole():
    from verifier.prove.definedness import pole_reason
    from verifier import positive
    x, u = real("x"), positive("u")
    m = integer("m", 0, 5)
    for f in (sp.gamma, sp.loggamma, sp.digamma, lambda a: sp.polygamma(2, a)):
        assert pole_reason(f(x)) is not None and pole_reason(f(u)) is None, f(x)
    assert pole_reason(sp.factorial(x)) is not None          # factorial(−1) has no value
    assert pole_reason(sp.factorial(m)) is None and pole_reason(sp.harmonic(m)) is None
    assert pole_reason(sp.tan(u)) is not None                 # a sign never settles tan's poles
