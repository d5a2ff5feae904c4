"""The mpmath names of SymPy's special functions in the compiled code of the numbers (evidence/inputs.py).

The base MpmathPrinter has no name for harmonic, polygamma, LambertW, Ei, li, Li, Si, Ci, Shi, Chi, expint, erfinv,
erfi or the Airy functions, so a limit or trend using one would be 'check crashed' (unknown).  Each maps to the
mpmath function of the same meaning.  A wrong mapping (another convention, another branch, a silently truncated
order) would give false verdicts, so every mapped function is compared with SymPy's value at exact points —
negative, complex and branch points included — and with an independent definition (an integral, a series or
another function), to 25 digits.  Forms whose equality is not proved stay unprinted ('crashed', unknown).
SymPy is never called at run time: its evalf of ψ(10¹²) can hang for minutes at 7 GB.
"""
from __future__ import annotations

import mpmath
import pytest
import sympy as sp
from sympy.printing.codeprinter import PrintMethodNotImplementedError

from tests.engine import only_step
from verifier import Limit, Rational, calc, oo, size
from verifier.evidence.inputs import ExactInt, _lambdify, _Printer
from verifier.verdicts import Verdict

P, R, U, N, C = Verdict.PROVED, Verdict.REFUTED, Verdict.UNKNOWN, Verdict.NUMERIC, Verdict.CASES
PASSING = {P, C, N}

z = sp.Symbol("z_sf")
I, E, half = sp.I, sp.E, Rational(1, 2)

# (function of z, exact points): negative and complex points where the function is defined there, and the points
# where a convention or a branch shows (−1/e for W, the negative real axis for Ei, li, Ci, Chi and W).
POINTS = [
    (sp.harmonic(z), [7, half, -half, Rational(5, 2), Rational(-7, 3), 1 + I, Rational(-3, 2) + I / 2]),
    (sp.polygamma(0, z), [1, half, -half, 10, 3 + 2 * I, Rational(-7, 3)]),
    (sp.polygamma(1, z), [1, Rational(1, 4), Rational(-5, 2), 2 - I]),
    (sp.polygamma(3, z), [Rational(1, 3), 2, Rational(-1, 3) + I]),
    (sp.LambertW(z), [E, -sp.exp(-1), -sp.log(2) / 2, half, Rational(-1, 5), -1, -2, 1 + I, -3 - I / 2, -3 + I / 2]),
    (sp.LambertW(z, -1), [-sp.exp(-1), -2 * sp.exp(-2), Rational(-1, 5), 2, -2, 1 + I, -I]),
    (sp.LambertW(z, 1), [-2, half, -sp.exp(-1), I, -3 - I / 2]),
    (sp.LambertW(z, -2), [3, -half + I]),
    (sp.Ei(z), [1, half, -1, Rational(-5, 2), 2 + 3 * I, -2 - 3 * I, -2 + I / 10, -2 - I / 10]),
    (sp.li(z), [2, half, 10, -1, 2 + 3 * I, -2 - I / 10, E]),
    (sp.Li(z), [2, 10, half, -1, 3 * I]),
    (sp.Si(z), [1, half, -1, 5, 2 + 3 * I, -2 - 3 * I]),
    (sp.Ci(z), [1, half, -1, 5, 2 + 3 * I, -2 - 3 * I, -3 + I / 10, -3 - I / 10]),
    (sp.Shi(z), [1, half, -1, 5, 2 + 3 * I, -2 - 3 * I]),
    (sp.Chi(z), [1, half, -1, 5, 2 + 3 * I, -2 - 3 * I, -3 + I / 10, -3 - I / 10]),
    (sp.expint(1, z), [1, half, -1, 2 + 3 * I, -2 - I]),
    (sp.expint(2, z), [1, half, -1, 2 + 3 * I, -2 - I]),
    (sp.expint(0, z), [1, -1, 2 + 3 * I]),
    (sp.expint(-1, z), [1, -1 - I]),
    (sp.expint(half, z), [2, half, -1, 1 + I]),
    (sp.expint(Rational(3, 2) + I, z), [2, 1 - I]),
    (sp.expint(Rational(-7, 3), z), [3, -half]),
    (sp.E1(z), [1, -1, 2 * I]),
    (sp.fresnels(z), [1, -half, 3, 1 + I, -2 + I]),
    (sp.fresnelc(z), [1, -half, 3, 1 + I, -2 + I]),
    (sp.erfinv(z), [half, Rational(-9, 10), Rational(1, 10 ** 6), Rational(999, 1000)]),
    (sp.erfi(z), [1, -half, 1 + 2 * I]),
    (sp.airyai(z), [0, 1, -3, Rational(-5, 2), 1 + I]),
    (sp.airybi(z), [0, 1, -3, Rational(-5, 2), 1 + I]),
    (sp.airyaiprime(z), [0, 1, -3, 1 + I]),
    (sp.airybiprime(z), [0, 1, -3, 1 + I]),
]
CASES = [(f, pt) for f, pts in POINTS for pt in pts]


def compiled(f, point, dps=60):
    """The compiled mpmath value of f at an exact point, with the argument correct to dps digits (a branch point
    such as W(−1/e) needs far more input digits than output digits)."""
    fn = _lambdify([z], f)
    with mpmath.workdps(dps):
        return fn(mpmath.mpmathify(sp.N(point, dps + 10)))


def agree(got, want, digits=25):
    return abs(got - want) <= mpmath.mpf(10) ** -digits * max(1, abs(want))


@pytest.mark.parametrize("f, point", CASES, ids=[f"{f.func.__name__}{f.args[:-1] or ''}({pt})" for f, pt in CASES])
def test_each_mapped_function_has_sympys_value_at_exact_real_complex_and_branch_points(f, point):
    want = sp.N(f.subs(z, point), 30)
    assert want.is_number and not want.has(sp.zoo, sp.nan), want
    got = compiled(f, point)
    with mpmath.workdps(40):
        want = mpmath.mpc(*[mpmath.mpf(str(part)) for part in want.as_real_imag()])
        assert agree(got, want), (f, point, got, want)


# ---- independent definitions: not the same mpmath routine SymPy's evalf may call ------------------------------

def _quad(g, a, b):
    return mpmath.quad(g, [a, b])


γ = mpmath.euler
DEFINITIONS = [
    # H(x) = Σ_k (1/k − 1/(k + x))
    (sp.harmonic(z), [half, Rational(-1, 3), 1 + I],
     lambda x: mpmath.nsum(lambda k: 1 / k - 1 / (k + x), [1, mpmath.inf])),
    # ψ(x) = −γ + Σ_{k≥0} (1/(k + 1) − 1/(k + x))
    (sp.polygamma(0, z), [half, 3, Rational(-7, 3), 3 + 2 * I],
     lambda x: -γ + mpmath.nsum(lambda k: 1 / (k + 1) - 1 / (k + x), [0, mpmath.inf])),
    # ψ⁽ᵐ⁾(x) = (−1)^(m+1) m! ζ(m + 1, x)
    (sp.polygamma(1, z), [Rational(1, 4), 2 - I], lambda x: mpmath.zeta(2, x)),
    (sp.polygamma(3, z), [Rational(1, 3), 2], lambda x: 6 * mpmath.zeta(4, x)),
    # Ei(x) = γ + log|x| + Σ xᵏ/(k·k!) for real x ≠ 0 (the principal value on the negative axis)
    (sp.Ei(z), [1, half, -1, Rational(-5, 2)],
     lambda x: γ + mpmath.log(abs(x)) + mpmath.nsum(lambda k: x ** k / (k * mpmath.factorial(k)), [1, mpmath.inf])),
    # li(x) = γ + log log x + Σ (log x)ᵏ/(k·k!), x > 1
    (sp.li(z), [2, 10, E],
     lambda x: γ + mpmath.log(mpmath.log(x))
     + mpmath.nsum(lambda k: mpmath.log(x) ** k / (k * mpmath.factorial(k)), [1, mpmath.inf])),
    # Li(x) = ∫₂ˣ dt / log t
    (sp.Li(z), [2, 10, 3], lambda x: _quad(lambda t: 1 / mpmath.log(t), 2, x)),
    (sp.Si(z), [1, -1, 5, 2 + 3 * I], lambda x: _quad(lambda t: mpmath.sinc(t), 0, x)),
    (sp.Shi(z), [1, -1, 5], lambda x: _quad(lambda t: mpmath.sinh(t) / t, 0, x)),
    (sp.Ci(z), [1, half, 5], lambda x: γ + mpmath.log(x) + _quad(lambda t: (mpmath.cos(t) - 1) / t, 0, x)),
    (sp.Chi(z), [1, half, 5], lambda x: γ + mpmath.log(x) + _quad(lambda t: (mpmath.cosh(t) - 1) / t, 0, x)),
    # E_ν(z) = ∫₁^∞ e^(−zt) t^(−ν) dt, Re z > 0
    (sp.expint(2, z), [1, half, 2 + 3 * I], lambda x: _quad(lambda t: mpmath.exp(-x * t) / t ** 2, 1, mpmath.inf)),
    (sp.expint(half, z), [2, 1 + I], lambda x: _quad(lambda t: mpmath.exp(-x * t) / mpmath.sqrt(t), 1, mpmath.inf)),
    (sp.expint(Rational(-7, 3), z), [3],
     lambda x: _quad(lambda t: mpmath.exp(-x * t) * t ** (mpmath.mpf(7) / 3), 1, mpmath.inf)),
    # Fresnel: ∫₀ˣ sin(πt²/2) dt and ∫₀ˣ cos(πt²/2) dt (not the √(2/π) normalisation)
    (sp.fresnels(z), [1, -half, 3, 1 + I], lambda x: _quad(lambda t: mpmath.sin(mpmath.pi * t ** 2 / 2), 0, x)),
    (sp.fresnelc(z), [1, -half, 3, 1 + I], lambda x: _quad(lambda t: mpmath.cos(mpmath.pi * t ** 2 / 2), 0, x)),
    (sp.erfi(z), [1, -half, 1 + 2 * I],
     lambda x: 2 / mpmath.sqrt(mpmath.pi) * _quad(lambda t: mpmath.exp(t ** 2), 0, x)),
    # Airy functions through Bessel functions of order ±1/3, ±2/3, x > 0
    (sp.airyai(z), [1, 2],
     lambda x: mpmath.sqrt(x / 3) / mpmath.pi * mpmath.besselk(mpmath.mpf(1) / 3, 2 * x ** 1.5 / 3)),
    (sp.airybi(z), [1, 2], lambda x: mpmath.sqrt(x / 3) * (mpmath.besseli(-mpmath.mpf(1) / 3, 2 * x ** 1.5 / 3)
                                                          + mpmath.besseli(mpmath.mpf(1) / 3, 2 * x ** 1.5 / 3))),
    (sp.airyaiprime(z), [1, 2],
     lambda x: -x / (mpmath.pi * mpmath.sqrt(3)) * mpmath.besselk(mpmath.mpf(2) / 3, 2 * x ** 1.5 / 3)),
    (sp.airybiprime(z), [1, 2], lambda x: x / mpmath.sqrt(3) * (mpmath.besseli(-mpmath.mpf(2) / 3, 2 * x ** 1.5 / 3)
                                                               + mpmath.besseli(mpmath.mpf(2) / 3, 2 * x ** 1.5 / 3))),
]
DEFINITION_CASES = [(f, pt, d) for f, pts, d in DEFINITIONS for pt in pts]


@pytest.mark.parametrize("f, point, definition", DEFINITION_CASES,
                         ids=[f"{f.func.__name__}{f.args[:-1] or ''}({pt})" for f, pt, _ in DEFINITION_CASES])
def test_each_mapped_function_matches_an_independent_definition(f, point, definition):
    got = compiled(f, point, dps=40)
    with mpmath.workdps(40):
        want = definition(mpmath.mpmathify(sp.N(point, 50)))
    assert agree(got, want), (f, point, got, want)


@pytest.mark.parametrize("k, points", [
    (0, [E, -sp.exp(-1), Rational(-1, 5), half, 1 + I, -2, -3 - I / 2]),
    (-1, [-sp.exp(-1), -2 * sp.exp(-2), Rational(-1, 5), 2, -I, -2, 1 + I]),
    (1, [-2, half, I, -3 - I / 2]),
])
def test_lambert_w_inverts_w_times_e_to_the_w_on_the_branch_sympy_names(k, points):
    """W_k(x)·e^(W_k(x)) = x; on −1/e ≤ x < 0 W₀ is real ≥ −1 and W₋₁ real ≤ −1; elsewhere the imaginary part
    of W_k lies in the strip of branch k: ((2k − 2)π, (2k + 1)π) for k ≥ 1, ((2k − 1)π, (2k + 2)π) for k ≤ −1
    (Corless et al., the convention of both libraries)."""
    f = sp.LambertW(z, k)
    for pt in points:
        w = compiled(f, pt, dps=60)
        with mpmath.workdps(60):
            x = mpmath.mpmathify(sp.N(pt, 70))
            assert abs(w * mpmath.exp(w) - x) < mpmath.mpf(10) ** -25, (k, pt, w)
            if x.imag == 0 and -mpmath.exp(-1) <= x.real < 0 and k in (0, -1):
                assert abs(mpmath.im(w)) < mpmath.mpf(10) ** -25, (k, pt, w)
                slack = mpmath.mpf(10) ** -20
                assert mpmath.re(w) >= -1 - slack if k == 0 else mpmath.re(w) <= -1 + slack, (k, pt, w)
            elif k != 0:
                lo, hi = ((2 * k - 2), (2 * k + 1)) if k > 0 else ((2 * k - 1), (2 * k + 2))
                assert lo * mpmath.pi <= mpmath.im(w) <= hi * mpmath.pi, (k, pt, w)


def test_erfinv_inverts_erf():
    for pt in [half, Rational(-9, 10), Rational(1, 10 ** 6), Rational(999, 1000)]:
        got = compiled(sp.erfinv(z), pt, dps=40)
        with mpmath.workdps(40):
            assert abs(mpmath.erf(got) - mpmath.mpf(sp.N(pt, 50))) < mpmath.mpf(10) ** -30, pt


def test_digamma_and_trigamma_left_unevaluated_print_as_psi_of_order_0_and_1():
    for f, order in [(sp.digamma(z, evaluate=False), 0), (sp.trigamma(z, evaluate=False), 1)]:
        assert _Printer().doprint(f) == "mpmath.psi(%d, z_sf)" % order
        assert agree(compiled(f, Rational(7, 3)), mpmath.mpmathify(sp.N(sp.polygamma(order, Rational(7, 3)), 40)))


def test_every_mapped_function_compiles_to_mpmath_alone():
    # no call back into SymPy at run time: SymPy's evalf of ψ(10¹²) can hang
    for f, _ in POINTS:
        code = _Printer().doprint(f)
        assert code.startswith("mpmath.") and "sympy" not in code.lower(), code


# ---- forms whose mpmath counterpart is not proved equal stay unprinted ('crashed', unknown) --------------------

k_sym = sp.Symbol("k_sf", integer=True, nonnegative=True)


@pytest.mark.parametrize("f", [
    sp.polygamma(Rational(3, 2), z),   # mpmath.psi(3/2, x) silently computes psi(1, x)
    sp.polygamma(k_sym, z),            # a symbolic order might be fractional at a sample point
    sp.LambertW(z, k_sym),             # likewise a symbolic branch
    sp.harmonic(z, 2),                 # the generalised harmonic number: mpmath.harmonic has no order
    sp.harmonic(z, k_sym),
    sp.erfcinv(z),                     # erfinv(1 − x) loses every digit as x → 0
], ids=["polygamma(3/2, z)", "polygamma(k, z)", "LambertW(z, k)", "harmonic(z, 2)", "harmonic(z, k)", "erfcinv(z)"])
def test_a_form_not_proved_equal_to_an_mpmath_function_is_not_compiled(f):
    with pytest.raises(PrintMethodNotImplementedError):
        _lambdify([z], f)


def test_mpmath_psi_truncates_a_fractional_order_which_is_why_only_a_literal_integer_order_is_printed():
    # the reason for the guard above; if mpmath ever changes, the guard is still right
    with mpmath.workdps(30):
        assert mpmath.psi(mpmath.mpf(3) / 2, 2) == mpmath.psi(1, 2)
    assert abs(sp.N(sp.polygamma(Rational(3, 2), 2)) - sp.N(sp.polygamma(1, 2))) > Rational(1, 2)


# ---- through the checker: limits of ≈ meanings -----------------------------------------------------------------

n = size("n_sf")


def limit_step(lhs, rhs):
    return only_step(calc(lhs, title="special function probe").approx(rhs, "claimed", meaning=Limit(n, oo)), quick=True)


# Each verified with mpmath at n = 10⁴ … 10¹²: the error falls like 1/n or faster (H − log n − γ ~ 1/(2n),
# ψ(n) − log n ~ −1/(2n), n²ψ''(n) + 1 ~ 1/n, nW(1/n) − 1 ~ −1/n, n e⁻ⁿ Ei(n) − 1 ~ 1/n,
# n eⁿ E₂(n) − 1 ~ −2/n,
# Si(n) − π/2 ~ −cos(n)/n, n erfinv(1/n) − √π/2 ~ 1/n², S(n) − 1/2 ~ −cos(πn²/2)/(πn)).
TRUE_LIMITS = [
    (sp.harmonic(n) - sp.log(n), sp.EulerGamma),
    (sp.digamma(n) - sp.log(n), 0),
    (n * (sp.digamma(n) - sp.log(n)), -half),
    (n ** 2 * sp.polygamma(2, n), -1),
    (n * sp.LambertW(1 / n), 1),
    (n * sp.exp(-n) * sp.Ei(n), 1),
    (n * sp.exp(n) * sp.expint(2, n), 1),
    (sp.Si(n), sp.pi / 2),
    (n * sp.erfinv(1 / n), sp.sqrt(sp.pi) / 2),
    (sp.fresnels(n), half),
]
LIMIT_IDS = ["H(n) - log n → γ", "ψ(n) - log n → 0", "n(ψ(n) - log n) → -1/2", "n² ψ''(n) → -1",
             "n W(1/n) → 1",
             "n e^-n Ei(n) → 1", "n e^n E2(n) → 1", "Si(n) → π/2", "n erfinv(1/n) → √π/2", "S(n) → 1/2"]


@pytest.mark.parametrize("lhs, rhs", TRUE_LIMITS, ids=LIMIT_IDS)
def test_a_true_limit_of_a_special_function_is_checked_without_crashing_and_never_refuted(lhs, rhs):
    # was: PrintMethodNotImplementedError, 'check crashed'.  The digamma ones evaluate ψ at n = 10¹², in mpmath.
    s = limit_step(lhs, rhs)
    assert "crashed" not in s.message, s.message
    assert s.verdict is not R, s.message


@pytest.mark.parametrize("lhs, rhs", [(lhs, rhs + Rational(1, 1000)) for lhs, rhs in TRUE_LIMITS],
                         ids=[i + " + 1/1000" for i in LIMIT_IDS])
def test_a_limit_of_a_special_function_off_by_a_thousandth_is_never_passed(lhs, rhs):
    s = limit_step(lhs, rhs)
    assert "crashed" not in s.message, s.message
    assert s.verdict not in PASSING, (s.verdict, s.message)


def test_the_compiled_digamma_at_a_trillion_is_mpmaths_asymptotic_value():
    # ψ(n) − log n = −1/(2n) − 1/(12n²) + O(n⁻⁴); the CI hang was SymPy computing this point exactly
    fn = _lambdify([n], sp.digamma(n) - sp.log(n))
    with mpmath.workdps(40):
        big = mpmath.mpf(10) ** 12
        # ψ and log are both ≈ 27.6 and cancel: 40 digits of each leave 25 of the 5·10⁻¹³ difference
        assert abs(fn(ExactInt(10 ** 12)) - (-1 / (2 * big) - 1 / (12 * big ** 2))) < mpmath.mpf(10) ** -37


# a trend accepts a sequence converging like 1/log n at any value near its last one, so a trend that slow
# is no evidence on its own (evidence/trends.SOLID_RATE)
@pytest.mark.parametrize("lhs, rhs", [
    (sp.LambertW(n) / sp.log(n), Rational(9, 10)),             # true limit 1, reached like log log n / log n
    (sp.li(n) * sp.log(n) / n, Rational(1001, 1000)),          # true limit 1, reached like 1/log n
    (sp.log(sp.gamma(n)) / (n * sp.log(n)), Rational(1001, 1000)),   # no special function at all
], ids=["W(n)/log n → 9/10", "li(n) log n / n → 1.001", "log Γ(n)/(n log n) → 1.001"])
def test_a_false_limit_approached_only_logarithmically_is_never_passed(lhs, rhs):
    s = limit_step(lhs, rhs)
    assert s.verdict not in PASSING, (s.verdict, s.message)


@pytest.mark.parametrize("lhs, rhs", [
    (sp.LambertW(n) / sp.log(n), 1),
    (sp.li(n) * sp.log(n) / n, 1),
    (sp.log(sp.gamma(n)) / (n * sp.log(n)), 1),
    (1 / sp.log(sp.log(n)), 0),
], ids=["W(n)/log n → 1", "li(n) log n / n → 1", "log Γ(n)/(n log n) → 1", "1/log log n → 0"])
def test_a_true_limit_approached_only_logarithmically_is_never_refuted(lhs, rhs):
    s = limit_step(lhs, rhs)
    assert s.verdict is not R and "crashed" not in s.message, (s.verdict, s.message)
