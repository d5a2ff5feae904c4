"""One table of what each function is: the facts every layer reads, kept in one place.

For each SymPy function class the table says how many arguments it takes and which of them are
parameters (LambertW's branch k, polygamma's order m, a Bessel order ν); where it is singular and
how a proof can rule that out (log at 0; gamma at 0, −1, −2, …; tan at π/2 + kπ); its branch cuts;
the calculus facts the strategies use (infinitely differentiable on all of ℝ, or where the argument
is positive); the certified ball method (a FLINT `arb`/`acb` method) and the certified interval
function (mpmath.iv) when there is one.

Readers:
  evidence/balls.py       the ball method and its calling pattern; anything else goes to mpmath
  prove/definedness.py    the singular sets (which proofs must exclude)
  prove/convexity.py      smoothness on ℝ
  prove/intervals.py      the interval functions
  present/report/prose.py the names that are functions, not symbols, when reading SymPy text

A function, or an argument pattern, that the table does not know is never squeezed into a method
it happens to resemble: the ball compiler evaluates it with SymPy/mpmath and says so
(`uses_fallback`), and a proof treats it as possibly singular and not smooth.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp

# How a proof can rule out the singular points of the value argument (the last argument unless stated).
NOWHERE = "nowhere"              # defined at every real and complex point (entire, or singular only off ℝ, see `smooth_on_reals`)
AT_ZERO = "at 0"                 # singular only where the value argument is 0 (log 0, Ei(0))
NONPOSITIVE_INTEGERS = "at 0, −1, −2, …"     # gamma-like: ruled out when the argument is shown > 0
NEGATIVE_INTEGERS = "at −1, −2, …"           # harmonic: ruled out when the argument is shown ≥ 0
ANYWHERE = "at points a sign does not settle"  # tan at π/2 + kπ, ζ at 1: a proof cannot rule it out by signs

# Kinds of parameter an argument pattern requires for the ball method.
INTEGER = "integer"                    # a SymPy Integer, or an expression SymPy knows is an integer
NONNEGATIVE_INTEGER = "nonnegative integer"
LITERAL_INTEGER = "integer literal"    # a SymPy Integer written in the expression (a branch number)
POSITIVE = "positive"                  # an expression SymPy knows is positive
ANY = "any"


@dataclass(frozen=True)
class Parameter:
    position: int            # which argument of the SymPy call
    name: str                # "k", "m", "ν", …
    kind: str = ANY          # the pattern the ball method needs (INTEGER, …)


@dataclass(frozen=True)
class Ball:
    """A certified FLINT call: `value.method(*parameters)`, with the arguments taken in `order`.

    `order` lists SymPy argument positions: the first is the ball the method is called on, the rest
    are passed to it.  `real`: arb has the method (else only acb, and a real result is its real part
    when that part is certainly the whole value).  `branch_real`: the values of the branch parameter
    (the last of `order`) for which the function can be real at a real point (LambertW: 0 and −1).
    """
    method: str
    order: tuple[int, ...]
    real: bool = True
    real_on_reals: bool = False       # every real argument gives a real value (polygamma, Hurwitz ζ): the real part is the value
    branch_real: tuple[int, ...] | None = None
    keywords: tuple[tuple[str, object], ...] = ()
    defaults: tuple[tuple[int, object], ...] = ()   # missing arguments (LambertW(x) means k = 0)


@dataclass(frozen=True)
class Function:
    sympy: type
    arity: tuple[int, ...]                          # the numbers of arguments this entry knows
    parameters: tuple[Parameter, ...] = ()
    value: int = -1                                 # the argument the singular set and cuts refer to
    singular: str = NOWHERE
    poles: str = ""                                 # prose, for readers and reports
    cuts: str = ""                                  # prose: where the principal branch jumps (SymPy's convention)
    domain: str = "ℂ"                               # prose: where it is defined
    smooth_on_reals: bool = False                   # C^∞ on all of ℝ (for real arguments)
    smooth_where_positive: bool = False             # C^∞ where the value argument is > 0
    increasing: bool = False                        # nondecreasing on its real domain
    interval: str | None = None                     # mpmath.iv function of the same meaning (one argument)
    meromorphic: bool = False                       # meromorphic, and acb.integral of it is certified here (a pole shows as a non-finite ball)
    balls: dict = field(default_factory=dict)       # arity → Ball; a missing arity falls back to mpmath
    helper: str | None = None                       # a named run-time helper of the ball compiler instead of a method

    @property
    def name(self) -> str:
        return self.sympy.__name__

    def parameter_problem(self, expr: sp.Basic) -> str | None:
        """Why expr's arguments do not fit the pattern the ball method needs, or None when they do."""
        if len(expr.args) not in self.arity:
            return f"{self.name} with {len(expr.args)} arguments"
        for p in self.parameters:
            if p.position >= len(expr.args):
                continue
            a = expr.args[p.position]
            if p.kind == LITERAL_INTEGER and not a.is_Integer:
                return f"{self.name}: {p.name} = {a} is not an integer literal"
            if p.kind == INTEGER and a.is_integer is not True:
                return f"{self.name}: {p.name} = {a} is not known to be an integer"
            if p.kind == POSITIVE and a.is_positive is not True:
                return f"{self.name}: {p.name} = {a} is not known to be positive"
            if p.kind == NONNEGATIVE_INTEGER and not (a.is_integer is True and a.is_nonnegative is True):
                return f"{self.name}: {p.name} = {a} is not known to be a nonnegative integer"
        return None

    def ball(self, expr: sp.Basic) -> Ball | None:
        """The certified method for this call, or None (mpmath fallback) when the table does not know its pattern."""
        if self.parameter_problem(expr) is not None:
            return None
        return self.balls.get(len(expr.args))


def _unary(method, real=True, **kw) -> dict:
    return {1: Ball(method, (0,), real=real, **kw)}


def _param_first(method, real=True, **kw) -> dict:
    """f(a, x) → x.method(a): Bessel functions, polylog, incomplete gamma."""
    return {2: Ball(method, (1, 0), real=real, **kw)}


_R = "ℝ"
_ENTRIES = [
    # Elementary, entire.
    Function(sp.exp, (1,), smooth_on_reals=True, increasing=True, interval="exp", meromorphic=True, balls=_unary("exp")),
    Function(sp.sin, (1,), smooth_on_reals=True, interval="sin", meromorphic=True, balls=_unary("sin")),
    Function(sp.cos, (1,), smooth_on_reals=True, interval="cos", meromorphic=True, balls=_unary("cos")),
    Function(sp.sinh, (1,), smooth_on_reals=True, increasing=True, meromorphic=True, balls=_unary("sinh")),
    Function(sp.cosh, (1,), smooth_on_reals=True, meromorphic=True, balls=_unary("cosh")),
    Function(sp.erf, (1,), smooth_on_reals=True, increasing=True, meromorphic=True, balls=_unary("erf")),
    Function(sp.erfc, (1,), smooth_on_reals=True, meromorphic=True, balls=_unary("erfc")),
    Function(sp.erfi, (1,), smooth_on_reals=True, increasing=True, meromorphic=True, balls=_unary("erfi")),
    Function(sp.sinc, (1,), smooth_on_reals=True, balls=_unary("sinc")),
    Function(sp.Si, (1,), smooth_on_reals=True, balls=_unary("si")),
    Function(sp.Shi, (1,), smooth_on_reals=True, increasing=True, balls=_unary("shi")),
    Function(sp.fresnels, (1,), smooth_on_reals=True, balls=_unary("fresnel_s")),
    Function(sp.fresnelc, (1,), smooth_on_reals=True, balls=_unary("fresnel_c")),
    Function(sp.airyai, (1,), smooth_on_reals=True, balls=_unary("airy_ai")),
    Function(sp.airybi, (1,), smooth_on_reals=True, balls=_unary("airy_bi")),
    Function(sp.airyaiprime, (1,), smooth_on_reals=True,
             balls={1: Ball("airy_ai", (0,), keywords=(("derivative", 1),))}),
    Function(sp.airybiprime, (1,), smooth_on_reals=True,
             balls={1: Ball("airy_bi", (0,), keywords=(("derivative", 1),))}),
    # Meromorphic: poles on (or off) the real line.
    Function(sp.tan, (1,), singular=ANYWHERE, poles="π/2 + kπ", domain="ℂ ∖ {π/2 + kπ}", interval="tan",
             meromorphic=True, balls=_unary("tan")),
    Function(sp.cot, (1,), singular=ANYWHERE, poles="kπ", domain="ℂ ∖ {kπ}", balls=_unary("cot")),
    Function(sp.sec, (1,), singular=ANYWHERE, poles="π/2 + kπ", domain="ℂ ∖ {π/2 + kπ}",
             balls=_unary("sec")),
    Function(sp.csc, (1,), singular=ANYWHERE, poles="kπ", domain="ℂ ∖ {kπ}", balls=_unary("csc")),
    Function(sp.tanh, (1,), smooth_on_reals=True, increasing=True, poles="iπ/2 + iπk (none real)",
             meromorphic=True, balls=_unary("tanh")),
    Function(sp.sech, (1,), smooth_on_reals=True, poles="iπ/2 + iπk (none real)",
             balls=_unary("sech")),
    # coth and csch: on ℝ only 0, but iπk off it, so a sign does not settle them for complex arguments.
    Function(sp.coth, (1,), singular=ANYWHERE, poles="iπk", balls=_unary("coth")),
    Function(sp.csch, (1,), singular=ANYWHERE, poles="iπk", balls=_unary("csch")),
    Function(sp.gamma, (1,), singular=NONPOSITIVE_INTEGERS, poles="0, −1, −2, …", domain="ℂ ∖ {0, −1, −2, …}",
             smooth_where_positive=True, balls=_unary("gamma")),
    Function(sp.digamma, (1,), singular=NONPOSITIVE_INTEGERS, poles="0, −1, −2, …", smooth_where_positive=True,
             increasing=False, balls=_unary("digamma")),
    Function(sp.trigamma, (1,), singular=NONPOSITIVE_INTEGERS, poles="0, −1, −2, …", smooth_where_positive=True,
             balls={1: Ball("polygamma", (0, 1), real=False, real_on_reals=True, defaults=((1, 1),))}),
    Function(sp.polygamma, (2,), parameters=(Parameter(0, "m", NONNEGATIVE_INTEGER),), singular=NONPOSITIVE_INTEGERS,
             poles="z = 0, −1, −2, …", smooth_where_positive=True,
             balls={2: Ball("polygamma", (1, 0), real=False, real_on_reals=True)}),
    Function(sp.harmonic, (1,), singular=NEGATIVE_INTEGERS, poles="−1, −2, …", smooth_where_positive=True),
    # Hurwitz ζ(s, a) by FLINT only for a > 0: at a = 0, −1, … FLINT continues where SymPy has no value.
    Function(sp.zeta, (1, 2), parameters=(Parameter(1, "a", POSITIVE),), singular=ANYWHERE, value=0, poles="s = 1 (and a = 0, −1, … for Hurwitz ζ(s, a))",
             balls={1: Ball("zeta", (0,)), 2: Ball("zeta", (0, 1), real=False, real_on_reals=False)}),
    # Branch cuts (principal branches, SymPy's side of each cut).
    Function(sp.log, (1,), singular=AT_ZERO, poles="0", cuts="(−∞, 0]", domain="ℂ ∖ {0}", smooth_where_positive=True,
             increasing=True, interval="log", helper="log"),
    Function(sp.loggamma, (1,), singular=NONPOSITIVE_INTEGERS, poles="0, −1, −2, …", cuts="(−∞, 0]",
             smooth_where_positive=True, balls=_unary("lgamma")),
    Function(sp.LambertW, (1, 2), parameters=(Parameter(1, "k", LITERAL_INTEGER),), value=0,
             poles="0 for k ≠ 0", cuts="(−∞, −1/e] for k = 0; (−∞, 0] for k ≠ 0",
             domain="ℂ (ℂ ∖ {0} for k ≠ 0); real on [−1/e, ∞) for k = 0 and on [−1/e, 0) for k = −1",
             balls={1: Ball("lambertw", (0, 1), branch_real=(0, -1), defaults=((1, 0),)),
                    2: Ball("lambertw", (0, 1), branch_real=(0, -1))}),
    Function(sp.asin, (1,), cuts="(−∞, −1) and (1, ∞)", balls=_unary("asin")),
    Function(sp.acos, (1,), cuts="(−∞, −1) and (1, ∞)", balls=_unary("acos")),
    Function(sp.atan, (1,), smooth_on_reals=True, increasing=True, poles="±i", cuts="(−i∞, −i] and [i, i∞)",
             balls=_unary("atan")),
    Function(sp.asinh, (1,), smooth_on_reals=True, increasing=True, cuts="(−i∞, −i) and (i, i∞)",
             balls=_unary("asinh")),
    Function(sp.acosh, (1,), cuts="(−∞, 1)", balls=_unary("acosh")),
    Function(sp.atanh, (1,), singular=ANYWHERE, poles="±1", cuts="(−∞, −1] and [1, ∞)", balls=_unary("atanh")),
    Function(sp.acoth, (1,), singular=ANYWHERE, poles="±1", cuts="[−1, 1]"),
    Function(sp.acot, (1,), poles="±i", cuts="(−i, i)"),
    Function(sp.Ei, (1,), singular=AT_ZERO, poles="0 (logarithmic)", cuts="(−∞, 0)", smooth_where_positive=True,
             balls=_unary("ei")),
    Function(sp.Ci, (1,), singular=AT_ZERO, poles="0 (logarithmic)", cuts="(−∞, 0]", smooth_where_positive=True,
             balls=_unary("ci")),
    Function(sp.Chi, (1,), singular=AT_ZERO, poles="0 (logarithmic)", cuts="(−∞, 0]", smooth_where_positive=True,
             balls=_unary("chi")),
    Function(sp.li, (1,), singular=ANYWHERE, poles="1 (logarithmic)", cuts="(−∞, 0]", balls=_unary("li")),
    Function(sp.Li, (1,), singular=ANYWHERE, poles="1 (logarithmic)", cuts="(−∞, 0]",
             balls={1: Ball("li", (0,), keywords=(("offset", True),))}),
    Function(sp.expint, (2,), singular=ANYWHERE, poles="z = 0 for Re ν ≤ 1", cuts="(−∞, 0]",
             balls=_param_first("expint")),
    Function(sp.uppergamma, (2,), singular=ANYWHERE, poles="x = 0 for s ≤ 0", cuts="x ∈ (−∞, 0]",
             balls=_param_first("gamma_upper")),
    Function(sp.lowergamma, (2,), singular=ANYWHERE, poles="s = 0, −1, −2, …", cuts="x ∈ (−∞, 0] (s not an integer)",
             balls=_param_first("gamma_lower")),
    Function(sp.polylog, (2,), singular=ANYWHERE, poles="z = 1 for s ≤ 1", cuts="z ∈ [1, ∞)",
             balls=_param_first("polylog")),
    # Bessel functions of order ν (the first argument); the value argument is the second.
    Function(sp.besselj, (2,), parameters=(Parameter(0, "ν"),), cuts="(−∞, 0] for ν not an integer",
             balls=_param_first("bessel_j")),
    Function(sp.besseli, (2,), parameters=(Parameter(0, "ν"),), cuts="(−∞, 0] for ν not an integer",
             balls=_param_first("bessel_i")),
    Function(sp.besselk, (2,), parameters=(Parameter(0, "ν"),), singular=AT_ZERO, poles="0", cuts="(−∞, 0]",
             smooth_where_positive=True, balls=_param_first("bessel_k")),
    Function(sp.bessely, (2,), parameters=(Parameter(0, "ν"),), singular=AT_ZERO, poles="0", cuts="(−∞, 0]",
             smooth_where_positive=True, balls=_param_first("bessel_y")),
    # Orthogonal polynomials of symbolic degree n (SymPy expands a literal n itself).
    Function(sp.chebyshevt, (2,), parameters=(Parameter(0, "n", NONNEGATIVE_INTEGER),), smooth_on_reals=True,
             balls=_param_first("chebyshev_t")),
    Function(sp.chebyshevu, (2,), parameters=(Parameter(0, "n", NONNEGATIVE_INTEGER),), smooth_on_reals=True,
             balls=_param_first("chebyshev_u")),
    Function(sp.hermite, (2,), parameters=(Parameter(0, "n", NONNEGATIVE_INTEGER),), smooth_on_reals=True,
             balls=_param_first("hermite_h")),
    Function(sp.laguerre, (2,), parameters=(Parameter(0, "n", NONNEGATIVE_INTEGER),), smooth_on_reals=True,
             balls=_param_first("laguerre_l")),
    Function(sp.legendre, (2,), parameters=(Parameter(0, "n", NONNEGATIVE_INTEGER),), smooth_on_reals=True,
             balls=_param_first("legendre_p")),
    Function(sp.elliptic_k, (1,), singular=ANYWHERE, poles="m = 1", cuts="m ∈ [1, ∞)",
             balls={1: Ball("elliptic_k", (0,), real=False)}),
    Function(sp.elliptic_e, (1, 2), value=-1, cuts="m ∈ (1, ∞)",
             balls={1: Ball("elliptic_e", (0,), real=False)}),
    Function(sp.beta, (1, 2), singular=ANYWHERE, poles="x or y ∈ {0, −1, −2, …}"),
    # Structural functions: the ball compiler has a helper for each; the proofs treat them as not smooth.
    Function(sp.Abs, (1,), domain=_R + " and ℂ", helper="abs"),
    Function(sp.sign, (1,), helper="sign"),
    Function(sp.floor, (1,), domain="ℂ: floor(re z) + i·floor(im z)", helper="floor"),
    Function(sp.ceiling, (1,), domain="ℂ: ceiling(re z) + i·ceiling(im z)", helper="ceiling"),
    Function(sp.factorial, (1,), singular=NEGATIVE_INTEGERS, poles="−1, −2, …", smooth_where_positive=True,
             helper="factorial"),
    Function(sp.binomial, (2,), helper="binomial"),
    Function(sp.Heaviside, (1, 2), helper="heaviside"),
    Function(sp.atan2, (2,), helper="atan2"),
    Function(sp.re, (1,), helper="re"),
    Function(sp.im, (1,), helper="im"),
    Function(sp.conjugate, (1,), helper="conjugate"),
    Function(sp.arg, (1,), singular=AT_ZERO, value=0, helper="arg"),
    Function(sp.Max, tuple(range(1, 64)), helper="max"),
    Function(sp.Min, tuple(range(1, 64)), helper="min"),
]

FUNCTIONS: dict[type, Function] = {f.sympy: f for f in _ENTRIES}


def facts(expr_or_class) -> Function | None:
    """The table's entry for a SymPy function class or an applied function, or None if it has none."""
    cls = expr_or_class if isinstance(expr_or_class, type) else getattr(expr_or_class, "func", None)
    return FUNCTIONS.get(cls) if isinstance(cls, type) else None


def with_singular(*kinds: str) -> tuple[type, ...]:
    """The SymPy classes whose singular set is of one of these kinds (for isinstance checks)."""
    return tuple(f.sympy for f in _ENTRIES if f.singular in kinds)


def smooth_on_reals() -> tuple[type, ...]:
    return tuple(f.sympy for f in _ENTRIES if f.smooth_on_reals)


def meromorphic() -> frozenset:
    return frozenset(f.sympy for f in _ENTRIES if f.meromorphic)


def interval_functions() -> dict:
    """{SymPy class: name of the mpmath.iv function of the same meaning}."""
    return {f.sympy: f.interval for f in _ENTRIES if f.interval}


def names() -> frozenset[str]:
    """The SymPy names of every function in the table (for reading SymPy's printed text)."""
    return frozenset(f.name for f in _ENTRIES)
