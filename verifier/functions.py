"""One table of what each function is: the facts every layer reads, kept in one place.

For each SymPy function class the table says how many arguments it takes and which of them are
parameters (LambertW's branch k, polygamma's order m, a Bessel order ν); where it is singular and
how a proof can rule that out (log at 0; gamma at 0, −1, −2, …; tan at π/2 + kπ); its branch cuts;
the calculus facts the strategies use (infinitely differentiable on all of ℝ, or where the argument
is positive; strictly increasing there; a kink or a jump somewhere on ℝ); the certified ball method
(a FLINT `arb`/`acb` method), the mpmath call of the same meaning, and the certified interval function
(mpmath.iv) when there is one; whether its evaluation may run where a signal cannot stop it.

Readers (each reads its column through `facts`, never a list of its own):
  evidence/balls.py       the ball method and its calling pattern, the compiler's helper, the kinks
                          (a derivative at a point), the meromorphic integrands
  evidence/inputs.py      the mpmath call of the trends' printer (`mpmath`)
  evidence/replay.py      which calls the mpmath replay evaluates as SymPy means them (`mpmath.everywhere`)
  evidence/tails.py       the interval functions (tails of integrals)
  evidence/structure.py   where a function has its singular points (sample points beside them)
  prove/definedness.py    the singular sets (which proofs must exclude)
  prove/convexity.py      smoothness (on ℝ, or where the argument is positive)
  prove/integrals.py      smoothness on ℝ (continuity of an integrand)
  prove/monotone.py       strict monotonicity
  prove/intervals.py      the interval functions
  prove/limit_certificates.py  which functions the interval enclosure of a tail can take
  judge/isolated.py       which evaluations run in a forked child (`isolate`, or no ball method)
  present/report/prose.py the names that are functions, not symbols, when reading SymPy text

Dispatch is by class, as SymPy's printers dispatch `_print_<Class>`: `facts` walks the class's MRO, so a
subclass that only renames a function (or prints it differently) is that function; a subclass that
redefines what the function is (its own `eval`, `_eval_evalf`, `fdiff`, …) is another function, which the
table does not know.

A function, or an argument pattern, that the table does not know is never squeezed into a method
it happens to resemble: the ball compiler evaluates it with SymPy/mpmath and says so
(`uses_fallback`), the replay leaves it to SymPy's evalf, the trends' printer does not print it, a proof
treats it as possibly singular, not smooth and not monotone, and its evaluation runs in a forked child
(see `unknown_function`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp
from sympy.core.function import AppliedUndef

# How a proof can rule out the singular points of the value argument (the last argument unless stated).
NOWHERE = "nowhere"              # defined at every real and complex point (entire, or singular only off ℝ, see `smooth_on_reals`)
AT_ZERO = "at 0"                 # singular only where the value argument is 0 (log 0, Ei(0))
NONPOSITIVE_INTEGERS = "at 0, −1, −2, …"     # gamma-like: ruled out when the argument is shown > 0
NEGATIVE_INTEGERS = "at −1, −2, …"           # harmonic: ruled out when the argument is shown ≥ 0
ANYWHERE = "at points a sign does not settle"  # tan at π/2 + kπ, ζ at 1: a proof cannot rule it out by signs
INSIDE_UNIT = "at ±1, and no real value beyond"   # erfinv: ruled out when |argument| < 1 is shown
UNKNOWN = "not in the table"                  # a function the table does not know: possibly singular anywhere

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
class Mpmath:
    """The mpmath call of the same meaning as the SymPy function, conventions and branches included.

    `name` "" means SymPy's own MpmathPrinter prints the call (mpmath.exp, mpmath.gamma, …) and the table
    vouches for its meaning; otherwise the trends' printer (evidence/inputs.py) writes
    `mpmath.<name>(*arguments in order, **keywords)`.  `order` and `defaults` are as for `Ball`.
    `literal`: argument positions that must be integer literals (mpmath truncates a fractional polygamma
    order or LambertW branch); a call with anything else there is not printed.  `everywhere`: mpmath's
    value is SymPy's at every point, so the replay may take it (atan2 and arg are 0 at 0 in mpmath, where
    SymPy has no value).
    """
    name: str = ""
    order: tuple[int, ...] | None = None
    keywords: tuple[tuple[str, object], ...] = ()
    defaults: tuple[tuple[int, object], ...] = ()
    literal: tuple[int, ...] = ()
    everywhere: bool = True

    def arguments(self, expr: sp.Basic) -> list | None:
        """The SymPy arguments in mpmath's order (defaults filled in), or None when the pattern does not fit."""
        defaults = dict(self.defaults)
        order = self.order if self.order is not None else tuple(range(len(expr.args)))
        out = []
        for pos in order:
            a = expr.args[pos] if pos < len(expr.args) else defaults.get(pos)
            if a is None:
                return None
            a = sp.sympify(a)
            if pos in self.literal and not a.is_Integer:
                return None
            out.append(a)
        return out


SYMPY_PRINTER = Mpmath()


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
    increasing: bool = False                        # strictly, on ℝ (smooth_on_reals) or on (0, ∞)
    interval: str | None = None                     # mpmath.iv function of the same meaning (one argument)
    meromorphic: bool = False                       # meromorphic, and acb.integral of it is certified here (a pole shows as a non-finite ball)
    balls: dict = field(default_factory=dict)       # arity → Ball; a missing arity falls back to mpmath
    helper: str | None = None                       # a named run-time helper of the ball compiler instead of a method
    mpmath: Mpmath | None = None                    # the mpmath call of the same meaning (None: none is vouched for)
    kinks: bool = False                             # a kink or a jump at real points where it is defined: SymPy's
                                                    # derivative there (sign, Heaviside, 0) is no derivative
    isolate: bool = False                           # its evaluation may run where a signal cannot stop it (forked child)
    latex: tuple[str, ...] = ()                     # the LaTeX commands that name it (the importer reads them)
    latex_inverse: str | None = None                # the command whose ^{-1} is this function (\sin^{-1} is asin)

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

    def mpmath_call(self, expr: sp.Basic) -> tuple[str, list, dict] | None:
        """(mpmath name, SymPy arguments in mpmath's order, keywords) for a call the project's printer writes,
        or None: no mpmath function of the same meaning, SymPy's own printer's name (`SYMPY_PRINTER`), or
        arguments outside the pattern (an arity the entry does not know, a symbolic order or branch)."""
        how = self.mpmath
        if how is None or not how.name or len(expr.args) not in self.arity:
            return None
        args = how.arguments(expr)
        if args is None:
            return None
        # A literal parameter must also be of its kind (a polygamma order ≥ 0).
        if any(p.position in how.literal for p in self.parameters) and self.parameter_problem(expr) is not None:
            return None
        return how.name, args, dict(how.keywords)

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
    Function(sp.exp, (1,), smooth_on_reals=True, increasing=True, interval="exp", meromorphic=True, balls=_unary("exp"),
             mpmath=SYMPY_PRINTER, latex=(r"\exp",)),
    Function(sp.sin, (1,), smooth_on_reals=True, interval="sin", meromorphic=True, balls=_unary("sin"),
             mpmath=SYMPY_PRINTER, latex=(r"\sin",)),
    Function(sp.cos, (1,), smooth_on_reals=True, interval="cos", meromorphic=True, balls=_unary("cos"),
             mpmath=SYMPY_PRINTER, latex=(r"\cos",)),
    Function(sp.sinh, (1,), smooth_on_reals=True, increasing=True, meromorphic=True, balls=_unary("sinh"),
             mpmath=SYMPY_PRINTER, latex=(r"\sinh",)),
    Function(sp.cosh, (1,), smooth_on_reals=True, meromorphic=True, balls=_unary("cosh"),
             mpmath=SYMPY_PRINTER, latex=(r"\cosh",)),
    Function(sp.erf, (1,), smooth_on_reals=True, increasing=True, meromorphic=True, balls=_unary("erf"),
             mpmath=SYMPY_PRINTER),
    Function(sp.erfc, (1,), smooth_on_reals=True, meromorphic=True, balls=_unary("erfc"),
             mpmath=SYMPY_PRINTER),
    Function(sp.erfi, (1,), smooth_on_reals=True, increasing=True, meromorphic=True, balls=_unary("erfi"),
             mpmath=Mpmath("erfi")),
    Function(sp.sinc, (1,), smooth_on_reals=True, balls=_unary("sinc")),
    Function(sp.Si, (1,), smooth_on_reals=True, balls=_unary("si"),
             mpmath=Mpmath("si")),
    Function(sp.Shi, (1,), smooth_on_reals=True, increasing=True, balls=_unary("shi"),
             mpmath=Mpmath("shi")),
    Function(sp.fresnels, (1,), smooth_on_reals=True, balls=_unary("fresnel_s"),
             isolate=True),
    Function(sp.fresnelc, (1,), smooth_on_reals=True, balls=_unary("fresnel_c"),
             isolate=True),
    Function(sp.airyai, (1,), smooth_on_reals=True, balls=_unary("airy_ai"),
             mpmath=Mpmath("airyai")),
    Function(sp.airybi, (1,), smooth_on_reals=True, balls=_unary("airy_bi"),
             mpmath=Mpmath("airybi")),
    Function(sp.airyaiprime, (1,), smooth_on_reals=True,
             balls={1: Ball("airy_ai", (0,), keywords=(("derivative", 1),))},
             mpmath=Mpmath("airyai", keywords=(("derivative", 1),))),
    Function(sp.airybiprime, (1,), smooth_on_reals=True,
             balls={1: Ball("airy_bi", (0,), keywords=(("derivative", 1),))},
             mpmath=Mpmath("airybi", keywords=(("derivative", 1),))),
    # Meromorphic: poles on (or off) the real line.
    Function(sp.tan, (1,), singular=ANYWHERE, poles="π/2 + kπ", domain="ℂ ∖ {π/2 + kπ}", interval="tan",
             meromorphic=True, balls=_unary("tan"),
             mpmath=SYMPY_PRINTER, latex=(r"\tan",)),
    Function(sp.cot, (1,), singular=ANYWHERE, poles="kπ", domain="ℂ ∖ {kπ}", balls=_unary("cot"),
             mpmath=SYMPY_PRINTER, latex=(r"\cot",)),
    Function(sp.sec, (1,), singular=ANYWHERE, poles="π/2 + kπ", domain="ℂ ∖ {π/2 + kπ}",
             balls=_unary("sec"),
             mpmath=SYMPY_PRINTER, latex=(r"\sec",)),
    Function(sp.csc, (1,), singular=ANYWHERE, poles="kπ", domain="ℂ ∖ {kπ}", balls=_unary("csc"),
             mpmath=SYMPY_PRINTER, latex=(r"\csc",)),
    Function(sp.tanh, (1,), smooth_on_reals=True, increasing=True, poles="iπ/2 + iπk (none real)",
             meromorphic=True, balls=_unary("tanh"),
             mpmath=SYMPY_PRINTER, latex=(r"\tanh",)),
    Function(sp.sech, (1,), smooth_on_reals=True, poles="iπ/2 + iπk (none real)",
             balls=_unary("sech")),
    # coth and csch: on ℝ only 0, but iπk off it, so a sign does not settle them for complex arguments.
    Function(sp.coth, (1,), singular=ANYWHERE, poles="iπk", balls=_unary("coth"),
             mpmath=SYMPY_PRINTER),
    Function(sp.csch, (1,), singular=ANYWHERE, poles="iπk", balls=_unary("csch")),
    Function(sp.gamma, (1,), singular=NONPOSITIVE_INTEGERS, poles="0, −1, −2, …", domain="ℂ ∖ {0, −1, −2, …}",
             smooth_where_positive=True, balls=_unary("gamma"),
             mpmath=SYMPY_PRINTER),
    Function(sp.digamma, (1,), singular=NONPOSITIVE_INTEGERS, poles="0, −1, −2, …", smooth_where_positive=True,
             increasing=False, balls=_unary("digamma"),
             mpmath=Mpmath("psi", order=(1, 0), defaults=((1, 0),))),
    Function(sp.trigamma, (1,), singular=NONPOSITIVE_INTEGERS, poles="0, −1, −2, …", smooth_where_positive=True,
             balls={1: Ball("polygamma", (0, 1), real=False, real_on_reals=True, defaults=((1, 1),))},
             mpmath=Mpmath("psi", order=(1, 0), defaults=((1, 1),))),
    Function(sp.polygamma, (2,), parameters=(Parameter(0, "m", NONNEGATIVE_INTEGER),), singular=NONPOSITIVE_INTEGERS,
             poles="z = 0, −1, −2, …", smooth_where_positive=True,
             balls={2: Ball("polygamma", (1, 0), real=False, real_on_reals=True)},
             mpmath=Mpmath("psi", literal=(0,))),
    Function(sp.harmonic, (1,), singular=NEGATIVE_INTEGERS, poles="−1, −2, …", smooth_where_positive=True,
             mpmath=Mpmath("harmonic")),
    # Hurwitz ζ(s, a) by FLINT only for a > 0: at a = 0, −1, … FLINT continues where SymPy has no value.
    Function(sp.zeta, (1, 2), parameters=(Parameter(1, "a", POSITIVE),), singular=ANYWHERE, value=0, poles="s = 1 (and a = 0, −1, … for Hurwitz ζ(s, a))",
             balls={1: Ball("zeta", (0,)), 2: Ball("zeta", (0, 1), real=False, real_on_reals=False)},
             mpmath=Mpmath("zeta")),
    # Branch cuts (principal branches, SymPy's side of each cut).
    Function(sp.log, (1,), singular=AT_ZERO, poles="0", cuts="(−∞, 0]", domain="ℂ ∖ {0}", smooth_where_positive=True,
             increasing=True, interval="log", helper="log",
             mpmath=SYMPY_PRINTER, latex=(r"\log", r"\ln")),
    Function(sp.loggamma, (1,), singular=NONPOSITIVE_INTEGERS, poles="0, −1, −2, …", cuts="(−∞, 0]",
             smooth_where_positive=True, balls=_unary("lgamma"),
             mpmath=SYMPY_PRINTER),
    Function(sp.LambertW, (1, 2), parameters=(Parameter(1, "k", LITERAL_INTEGER),), value=0,
             poles="0 for k ≠ 0", cuts="(−∞, −1/e] for k = 0; (−∞, 0] for k ≠ 0",
             domain="ℂ (ℂ ∖ {0} for k ≠ 0); real on [−1/e, ∞) for k = 0 and on [−1/e, 0) for k = −1",
             balls={1: Ball("lambertw", (0, 1), branch_real=(0, -1), defaults=((1, 0),)),
                    2: Ball("lambertw", (0, 1), branch_real=(0, -1))},
             mpmath=Mpmath("lambertw", order=(0, 1), defaults=((1, 0),), literal=(1,))),
    Function(sp.asin, (1,), cuts="(−∞, −1) and (1, ∞)", balls=_unary("asin"),
             mpmath=SYMPY_PRINTER, latex=(r"\arcsin",), latex_inverse=r"\sin"),
    Function(sp.acos, (1,), cuts="(−∞, −1) and (1, ∞)", balls=_unary("acos"),
             mpmath=SYMPY_PRINTER, latex=(r"\arccos",), latex_inverse=r"\cos"),
    Function(sp.atan, (1,), smooth_on_reals=True, increasing=True, poles="±i", cuts="(−i∞, −i] and [i, i∞)",
             balls=_unary("atan"),
             mpmath=SYMPY_PRINTER, latex=(r"\arctan",), latex_inverse=r"\tan"),
    Function(sp.asinh, (1,), smooth_on_reals=True, increasing=True, cuts="(−i∞, −i) and (i, i∞)",
             balls=_unary("asinh"),
             mpmath=SYMPY_PRINTER, latex=(r"\arsinh", r"\arcsinh"), latex_inverse=r"\sinh"),
    Function(sp.acosh, (1,), cuts="(−∞, 1)", balls=_unary("acosh"),
             mpmath=SYMPY_PRINTER, latex=(r"\arcosh", r"\arccosh"), latex_inverse=r"\cosh"),
    Function(sp.atanh, (1,), singular=ANYWHERE, poles="±1", cuts="(−∞, −1] and [1, ∞)", balls=_unary("atanh"),
             mpmath=SYMPY_PRINTER, latex=(r"\artanh", r"\arctanh"), latex_inverse=r"\tanh"),
    Function(sp.acoth, (1,), singular=ANYWHERE, poles="±1", cuts="[−1, 1]"),
    Function(sp.acot, (1,), poles="±i", cuts="(−i, i)",
             mpmath=SYMPY_PRINTER),
    Function(sp.Ei, (1,), singular=AT_ZERO, poles="0 (logarithmic)", cuts="(−∞, 0)", smooth_where_positive=True,
             balls=_unary("ei"),
             mpmath=Mpmath("ei")),
    Function(sp.Ci, (1,), singular=AT_ZERO, poles="0 (logarithmic)", cuts="(−∞, 0]", smooth_where_positive=True,
             balls=_unary("ci"),
             mpmath=Mpmath("ci")),
    Function(sp.Chi, (1,), singular=AT_ZERO, poles="0 (logarithmic)", cuts="(−∞, 0]", smooth_where_positive=True,
             balls=_unary("chi"),
             mpmath=Mpmath("chi")),
    Function(sp.li, (1,), singular=ANYWHERE, poles="1 (logarithmic)", cuts="(−∞, 0]", balls=_unary("li"),
             mpmath=Mpmath("li")),
    Function(sp.Li, (1,), singular=ANYWHERE, poles="1 (logarithmic)", cuts="(−∞, 0]",
             balls={1: Ball("li", (0,), keywords=(("offset", True),))},
             mpmath=Mpmath("li", keywords=(("offset", True),))),
    Function(sp.expint, (2,), singular=ANYWHERE, poles="z = 0 for Re ν ≤ 1", cuts="(−∞, 0]",
             balls=_param_first("expint"),
             mpmath=Mpmath("expint"), isolate=True),
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
             balls={1: Ball("elliptic_k", (0,), real=False)},
             isolate=True),
    Function(sp.elliptic_e, (1, 2), value=-1, cuts="m ∈ (1, ∞)",
             balls={1: Ball("elliptic_e", (0,), real=False)},
             isolate=True),
    # erfinv: real on (−1, 1), ±∞ at ±1; SymPy and mpmath agree on [−1, 1] (mpmath raises outside it).
    Function(sp.erfinv, (1,), singular=INSIDE_UNIT, poles="±1", domain="(−1, 1) on ℝ", mpmath=Mpmath("erfinv")),
    Function(sp.beta, (1, 2), singular=ANYWHERE, poles="x or y ∈ {0, −1, −2, …}"),
    # Structural functions: the ball compiler has a helper for each; the proofs treat them as not smooth.
    Function(sp.Abs, (1,), domain=_R + " and ℂ", helper="abs",
             mpmath=SYMPY_PRINTER, kinks=True),
    Function(sp.sign, (1,), helper="sign",
             mpmath=SYMPY_PRINTER, kinks=True),
    Function(sp.floor, (1,), domain="ℂ: floor(re z) + i·floor(im z)", helper="floor",
             mpmath=SYMPY_PRINTER, kinks=True),
    Function(sp.ceiling, (1,), domain="ℂ: ceiling(re z) + i·ceiling(im z)", helper="ceiling",
             mpmath=SYMPY_PRINTER, kinks=True),
    Function(sp.factorial, (1,), singular=NEGATIVE_INTEGERS, poles="−1, −2, …", smooth_where_positive=True,
             helper="factorial",
             mpmath=SYMPY_PRINTER),
    Function(sp.binomial, (2,), helper="binomial",
             mpmath=SYMPY_PRINTER),
    Function(sp.Heaviside, (1, 2), helper="heaviside",
             mpmath=SYMPY_PRINTER, kinks=True),
    Function(sp.atan2, (2,), helper="atan2",
             mpmath=Mpmath(everywhere=False), kinks=True),
    Function(sp.re, (1,), helper="re",
             mpmath=Mpmath("re"), kinks=True),
    Function(sp.im, (1,), helper="im",
             mpmath=Mpmath("im"), kinks=True),
    Function(sp.conjugate, (1,), helper="conjugate",
             mpmath=Mpmath("conj"), kinks=True),
    Function(sp.arg, (1,), singular=AT_ZERO, value=0, helper="arg",
             mpmath=Mpmath("arg", everywhere=False), kinks=True),
    Function(sp.frac, (1,), domain="ℂ: frac(re z) + i·frac(im z)", kinks=True),
    Function(sp.Max, tuple(range(1, 64)), helper="max",
             mpmath=SYMPY_PRINTER, kinks=True),
    Function(sp.Min, tuple(range(1, 64)), helper="min",
             mpmath=SYMPY_PRINTER, kinks=True),
]

FUNCTIONS: dict[type, Function] = {f.sympy: f for f in _ENTRIES}


# What a subclass may define and still be the function it subclasses: the class machinery SymPy adds to every
# class, and printing.  Anything else (eval, _eval_evalf, fdiff, nargs, an assumption) makes it another function.
_SAME_FUNCTION = frozenset({"__module__", "__doc__", "__qualname__", "__annotations__", "__firstlineno__",
                            "__static_attributes__", "_explicit_class_assumptions", "_nargs", "_prop_handler",
                            "default_assumptions", "_latex", "_sympystr", "_pretty", "_sympyrepr", "_mathml"})


def _renames_only(cls: type) -> bool:
    own = cls.__dict__
    return set(own) <= _SAME_FUNCTION and not own.get("_explicit_class_assumptions")


def facts(expr_or_class) -> Function | None:
    """The table's entry for a SymPy function class or an applied function, or None if it has none.

    Walks the class's MRO like SymPy's printers: a subclass that only renames or prints a function is it;
    the first class on the way that redefines anything else stops the walk (another function)."""
    global _WALKED_IN
    cls = expr_or_class if isinstance(expr_or_class, type) else getattr(expr_or_class, "func", None)
    if not isinstance(cls, type) or issubclass(cls, AppliedUndef):     # f(x) the author declares (slow to hash)
        return None
    entry = FUNCTIONS.get(cls)
    if entry is not None:
        return entry
    if _WALKED_IN is not FUNCTIONS:             # the table changed (a test adds an entry): walk again
        _WALKED.clear()
        _WALKED_IN = FUNCTIONS
    if cls not in _WALKED:
        _WALKED[cls] = _walk(cls)
    return _WALKED[cls]


def _walk(cls: type) -> Function | None:
    for c in cls.__mro__:
        entry = FUNCTIONS.get(c)
        if entry is not None:
            return entry
        if not _renames_only(c):
            return None
    return None


_WALKED: dict = {}          # class → the entry its MRO leads to (or None), for the table _WALKED_IN
_WALKED_IN: dict | None = None


# Functions in SymPy's sense that each reader handles on its own terms (not functions of a value): a piecewise
# definition, Kronecker's delta, an undefined function the author declares.
_STRUCTURAL = (sp.Piecewise, sp.KroneckerDelta, AppliedUndef)


def unknown_function(node) -> bool:
    """node is an applied SymPy function of numbers the table does not know (never a connective such as And,
    Piecewise, KroneckerDelta or an undefined function f(x)): every reader treats it conservatively (possibly singular, not smooth, not
    monotone, evaluated by SymPy's evalf only, in a forked child)."""
    return isinstance(node, sp.Function) and not isinstance(node, _STRUCTURAL) and facts(node) is None


def singular_kind(node) -> str | None:
    """How a proof can rule out the singular points of node: the entry's `singular`, UNKNOWN for a function
    the table does not know, None for anything that is not an applied function (or is structural)."""
    entry = facts(node)
    if entry is not None:
        return entry.singular
    return UNKNOWN if unknown_function(node) else None


def smooth_on_reals_call(node) -> bool:
    """node is C^∞ in its value argument on all of ℝ: a table entry so marked, its parameters in pattern."""
    entry = facts(node)
    return entry is not None and entry.smooth_on_reals and entry.parameter_problem(node) is None


def smooth_where_positive_call(node) -> bool:
    """node is C^∞ where its value argument is > 0 (log, gamma, K_ν): a table entry so marked, in pattern."""
    entry = facts(node)
    return entry is not None and entry.smooth_where_positive and entry.parameter_problem(node) is None


def increasing_call(node) -> str | None:
    """Where node is strictly increasing in its (only) argument: "ℝ" (for real arguments), "(0, ∞)", or None."""
    entry = facts(node)
    if entry is None or not entry.increasing or entry.parameters or len(node.args) != 1:
        return None
    if entry.smooth_on_reals:
        return "ℝ"
    if entry.smooth_where_positive:
        return "(0, ∞)"
    return None


def has_kinks(node) -> bool:
    """node may have a kink or a jump at a real point (a table entry so marked, or a function it does not know)."""
    entry = facts(node)
    return entry.kinks if entry is not None else unknown_function(node)


def interval_function(node):
    """The mpmath.iv function of the same meaning for a one-argument call, or None."""
    entry = facts(node)
    if entry is None or entry.interval is None or len(node.args) != 1:
        return None
    import mpmath
    return getattr(mpmath.iv, entry.interval)


def replay_same_meaning(node) -> bool:
    """The mpmath replay's printer writes node as an mpmath call that is SymPy's function at every point."""
    entry = facts(node)
    return entry is not None and entry.mpmath is not None and entry.mpmath.everywhere


def needs_isolation(node) -> bool:
    """Evaluating node may run where a signal cannot stop it: marked slow, or no certified ball method."""
    entry = facts(node)
    if entry is None:
        return unknown_function(node)
    return entry.isolate or (entry.helper is None and entry.ball(node) is None)


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


def latex_names() -> dict[str, str]:
    """{LaTeX command: SymPy name} for every function the table says a command names (`\\ln` is log)."""
    return {command: f.name for f in _ENTRIES for command in f.latex}


def latex_inverses() -> dict[str, str]:
    """{LaTeX command: SymPy name of its inverse}: `\\sin^{-1} x` is asin x (never 1/sin x)."""
    return {f.latex_inverse: f.name for f in _ENTRIES if f.latex_inverse}


# ---- witnesses: concrete functions standing for a function the text introduces as arbitrary ----
#
# A text that says "for any differentiable functions f and g" claims its line for every such function, so one
# concrete function with every property the text states (exp is differentiable; exp and t ↦ t² are convex) at which
# the line is false refutes it: the judge checks the line again with the witness put in (judge/witnesses.py), and a
# certified counterexample there names the witness.  Agreement at a witness proves nothing.  A property no witness
# here is known to have (monotone, Lipschitz, bounded, positive) gives no witness, so the line stays unknown.  Each
# witness is defined, real and infinitely differentiable at every real argument, so no point of the line is outside
# its domain.

#: the properties a text may state of a function that the witnesses below are known to have or lack
WITNESS_PROPERTIES = frozenset({"arbitrary", "parametrized", "continuous", "differentiable", "smooth", "convex",
                                "concave"})


@dataclass(frozen=True)
class Witness:
    name: str                        # how the result names it: "exp", "t ↦ t²"
    value: object                    # the witness at an argument: SymPy expression of it
    properties: frozenset            # every property of WITNESS_PROPERTIES it has on all of ℝ

    def at(self, argument):
        return self.value(argument)


_EVERYWHERE = frozenset({"arbitrary", "parametrized", "continuous", "differentiable", "smooth"})
WITNESSES = (
    Witness("exp", sp.exp, _EVERYWHERE | {"convex"}),
    Witness("sin", sp.sin, _EVERYWHERE),
    Witness("t ↦ t²", lambda t: t ** 2, _EVERYWHERE | {"convex"}),
    Witness("cos", sp.cos, _EVERYWHERE),
    Witness("t ↦ −t²", lambda t: -t ** 2, _EVERYWHERE | {"concave"}),
    Witness("t ↦ −exp(t)", lambda t: -sp.exp(t), _EVERYWHERE | {"concave"}),
)


def witnesses_with(properties) -> tuple[Witness, ...]:
    """The witnesses with every one of `properties`, in the table's order; () when one of them is not a property the
    table knows (no witness is then known to have it)."""
    wanted = frozenset(properties)
    if not wanted <= WITNESS_PROPERTIES:
        return ()
    return tuple(w for w in WITNESSES if wanted <= w.properties)
