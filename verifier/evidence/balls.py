"""SymPy expressions compiled to FLINT ball arithmetic (python-flint `arb`, `acb`).

Every value is a ball, midpoint ± radius, that provably contains the exact value,
so a gap ball that excludes 0 is a certificate, not a guess.  Sizes, indices and
integer arithmetic on them stay exact Python ints.

The compiler emits one Python function per expression.  Each distinct
subexpression is computed once, in the outermost loop where all its variables
are bound: a normaliser Σ_j e^{s_j} inside Σ_i is computed once, not n times.

Certainty is kept apart from ordinary numeric failure:
  Undefined     the expression has no value at the point (log of an exact 0,
                division by an exact 0, an index outside its vector): a finding.
  NeedsComplex  a real-mode operation left the reals; evaluate again with acb.
  Undecidable   a comparison (max, Piecewise) could not be decided at this
                precision; a higher precision may decide it.
  NumericTimeout  the per-step time limit passed.
Which FLINT method computes which SymPy function, with which arguments, is read from the one
table of functions (verifier/functions.py).  A function the table gives no ball method, or a call
whose arguments do not fit the method's pattern (LambertW with a symbolic branch, polygamma of a
non-integer order), is evaluated by SymPy's own evalf of the call (see MPMATH_FALLBACK; an integral of
table functions by mpmath quadrature): never squeezed into a method of another arity, never given a value
SymPy does not give.  A value computed that way is not certified, which the caller is told (`uses_fallback`).
"""
from __future__ import annotations

import math
import os
import time

import flint
import mpmath
import sympy as sp
from flint import acb, arb, fmpq

from sympy.concrete.expr_with_limits import ExprWithLimits
from sympy.core.function import Application, AppliedUndef

from .. import functions as _functions
from . import tails as _tails
from ..authoring.reductions import IndexedMax, IndexedMin
from ..authoring.expectations import Expectation
from . import expectations as _expectations
from ..authoring import substitutions as _substitutions
from .inputs import SamplingError, table_position, table_start


class Undefined(ArithmeticError):
    """The expression has no value at this point (certain: it came from exact arithmetic)."""


class NeedsComplex(ArithmeticError):
    pass


class Undecidable(ArithmeticError):
    pass


class NumericTimeout(BaseException):
    """The numeric limit passed.  Not an Exception: no `except Exception` can swallow it half way."""


def _may_have_a_pole(f, var, lo, hi) -> bool:
    """A denominator of f that may vanish for var in [lo, hi] (undecided counts as may)."""
    _, den = sp.fraction(sp.together(f))
    for factor in sp.Mul.make_args(den):
        base = factor.base if isinstance(factor, sp.Pow) and factor.exp.is_positive else factor
        if var not in base.free_symbols:
            continue
        try:
            zeros = sp.solveset(base, var, sp.Interval(lo, hi))
        except Exception:       # SymPy cannot say: it may vanish
            return True
        if zeros is not sp.S.EmptySet:
            return True
    return False


class Unsupported(ValueError):
    pass


def bits(dps: int) -> int:
    return int(dps * 3.3219280948873626) + 16


# ---------------------------------------------------------------------------------------------
# Run-time helpers.  One namespace per mode (real: arb, complex: acb); the code is the same.

_STATE = {"deadline": math.inf, "uncertified": set(), "fallbacks": 0, "cpu_read": 0.0, "wall_read": 0.0}
# A process's CPU time grows at most as many times as fast as the wall clock as there are processors (one
# thread on each); one more for the two clocks' rounding.
_CPUS = (os.cpu_count() or 1) + 1


def fallbacks_run() -> int:
    """How many uncertified evaluations (mpmath for a function FLINT lacks, quadrature for an integral whose
    tail was not proved) have run in this process: a caller compares it before and after one point to
    know whether that point's value is certified."""
    return _STATE["fallbacks"]


def _tick():
    """NumericTimeout once this process's CPU time is past the deadline (CPU time, not the wall clock: a loaded
    machine gives the same answers).

    Reading the CPU clock is a system call (microseconds, and numeric work ticks hundreds of thousands of times);
    the wall clock is not.  Since the CPU time read last, the process can have used at most _CPUS times the wall
    time gone by, so while that bound stays at or below the deadline the CPU clock cannot be past it and is not
    read: the timeout comes at exactly the tick at which reading the CPU clock every time would raise it."""
    s = _STATE
    wall = time.perf_counter()
    if s["cpu_read"] + (wall - s["wall_read"]) * _CPUS <= s["deadline"]:
        return
    cpu = time.process_time()
    if cpu > s["deadline"]:
        raise NumericTimeout()
    s["cpu_read"], s["wall_read"] = cpu, wall


def _fell_back() -> None:
    _STATE["fallbacks"] += 1


def arm_deadline(seconds: float) -> None:
    """Numeric work from now on raises NumericTimeout (at the next _tick) once it used `seconds` of CPU.

    Under fault injection (VERIFIER_FAULTS) the deadline may be cut to a seeded random fraction."""
    from ..settings import faulted
    cpu = time.process_time()
    _STATE["cpu_read"], _STATE["wall_read"] = cpu, time.perf_counter()
    _STATE["deadline"] = cpu + faulted(seconds)


def disarm_deadline() -> None:
    _STATE["deadline"] = math.inf


def _is_zero(x) -> bool:
    return x == 0 if isinstance(x, int) else x.is_zero()


def _finite(x) -> bool:
    return isinstance(x, int) or x.is_finite()


def _helpers(B):
    complex_mode = B is acb

    def ball(x):
        return x if not isinstance(x, int) else B(x)

    def real_part(x):
        """A value that must be real (compared, maximised): its real part when the imaginary part is 0."""
        if isinstance(x, (int, arb)):
            return x
        if not x.imag.contains(0):
            raise Undefined("a comparison between non-real values")
        if x.imag.is_zero():
            return x.real
        raise Undecidable()

    def inv(x):
        if _is_zero(x):
            raise Undefined("division by 0")
        return B(1) / x

    def log(x):
        if _is_zero(x):
            raise Undefined("log of 0")
        if not complex_mode and isinstance(x, int) and x < 0:
            raise NeedsComplex()
        return ball(x).log()

    def pw(b, e):
        """b**e for a non-integer or ball exponent."""
        if _is_zero(b):
            e = real_part(e)
            if isinstance(e, int) or e.is_exact():
                if e > 0:
                    return B(0)
                if _is_zero(e):
                    return B(1)         # 0⁰ = 1, as SymPy and the binomial theorem read it
                raise Undefined("0 raised to a power < 0")
            if not e > 0:
                raise Undecidable()
            return B(0)
        return ball(b) ** ball(e) if complex_mode else ball(b) ** e

    def ipow(x, k):
        """x**k for an integer k ≥ 0.  python-flint 0.9's arb ** k is nan for a ball whose midpoint is 0 (the
        difference of two equal inexact values, (μ − m)² at μ = m = 1/3), which threw the whole evaluation
        into complex mode; acb's integer power has no such gap, and its real part encloses x**k."""
        if isinstance(x, int) or complex_mode or not x.contains(0):
            return x ** k
        r = acb(x) ** k
        return r.real if r.imag.is_zero() else x ** k

    def sqrt(x):
        if not complex_mode and isinstance(x, int) and x < 0:
            raise NeedsComplex()
        return ball(x).sqrt()

    def at(vec, k):
        if not isinstance(k, int) or k < 0 or k >= len(vec) or vec[k] is None:
            raise Undefined(f"index {k} is outside the vector")
        return vec[k]

    def entry(table, start, indices):
        position = table_position(len(table), start, indices)
        if position is None or table[position] is None:
            raise Undefined(f"entry {indices} is outside the table")
        return table[position]

    def total(body, lo, hi):
        acc = B(0)
        for k in range(lo, hi + 1):
            acc += body(k)
            if not k & 63:
                _tick()
        return acc

    def itotal(body, lo, hi):
        acc = 0
        for k in range(lo, hi + 1):
            acc += body(k)
            if not k & 63:
                _tick()
        return acc

    def product(body, lo, hi):
        acc = 1
        for k in range(lo, hi + 1):
            acc = acc * body(k)
            if not k & 63:
                _tick()
        return acc

    def reduce_max(body, lo, hi, minimum=False):
        if hi < lo:
            raise Undefined("the maximum over an empty range")
        best = None
        for k in range(lo, hi + 1):
            v = body(k)
            best = v if best is None else pick(best, v, minimum)
            if not k & 63:
                _tick()
        return best

    def pick(a, b, minimum=False):
        if isinstance(a, int) and isinstance(b, int):
            return min(a, b) if minimum else max(a, b)
        a, b = arb(real_part(a)), arb(real_part(b))      # compared as reals, in either mode
        return B(a.min(b) if minimum else a.max(b))

    def many(args, minimum=False):
        best = args[0]
        for v in args[1:]:
            best = pick(best, v, minimum)
        return best

    def absolute(x):
        return abs(x) if isinstance(x, int) else (abs(x) if not complex_mode else B(abs(x)))

    def compare(op, a, b):
        if isinstance(a, int) and isinstance(b, int):
            return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[op]
        a, b = ball(real_part(a)), ball(real_part(b))
        if complex_mode:
            a, b = a.real, b.real
        yes = {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[op]
        no = {"<": a >= b, "<=": a > b, ">": a <= b, ">=": a < b, "==": a != b, "!=": a == b}[op]
        if yes:
            return True
        if no:
            return False
        raise Undecidable()

    def piecewise(pairs):
        for cond, value in pairs:
            if cond():
                return value()
        raise Undefined("no branch of a Piecewise applies")

    def sign(x):
        if isinstance(x, int):
            return (x > 0) - (x < 0)
        return x.sgn()

    def rounded_real(r, how: str) -> int:
        # floor/ceiling of a ball is decided only when the whole ball rounds to one integer.
        r = getattr(r, how)()
        if r.is_exact():
            return int(r.unique_fmpz())
        raise Undecidable()

    def rounded(x, how: str):
        """floor/ceiling; of a complex number, part by part: floor(z) = floor(re z) + i·floor(im z), as SymPy."""
        if isinstance(x, int):
            return x
        if isinstance(x, arb):
            return rounded_real(x, how)
        if x.imag.is_zero():
            return rounded_real(x.real, how)
        return acb(rounded_real(x.real, how), rounded_real(x.imag, how))

    def floor(x):
        return rounded(x, "floor")

    def ceiling(x):
        return rounded(x, "ceil")

    def factorial(x):
        if isinstance(x, int):
            if x < 0:
                raise Undefined("factorial of a negative integer")
            return math.factorial(x)
        return (x + 1).gamma()

    def binomial(a, b):
        if isinstance(a, int) and isinstance(b, int):
            if b < 0:
                return 0                                 # SymPy: C(a, b) = 0 for a negative integer b
            if a >= 0:
                return math.comb(a, b)
            return math.prod(range(a, a - b, -1)) // math.factorial(b)     # a(a−1)…(a−b+1)/b!
        a, b = ball(a), ball(b)
        # 1/Γ is entire: C(1/2, 5/2) = Γ(3/2)/(Γ(7/2)·Γ(−1)) = 0, not ∞/∞.
        return (a + 1).gamma() * (b + 1).rgamma() * (a - b + 1).rgamma()

    def rational(p, q):
        return B(fmpq(p, q))

    def binary(man, exp):
        return B(arb((man, exp)))

    def imaginary_unit():
        if not complex_mode:
            raise NeedsComplex()
        return acb(0, 1)

    def parts(which, x):
        if which == "arg" and _is_zero(x):
            raise Undefined("the argument of 0")        # SymPy: arg(0) is nan
        if isinstance(x, int):
            return {"re": x, "im": 0, "conjugate": x}[which] if which != "arg" else (B(0) if x >= 0 else B.pi())
        if not complex_mode:
            if which == "arg":
                return B(0) if x > 0 else (B.pi() if x < 0 else _undecided_or_zero(x))
            return {"re": x, "im": B(0), "conjugate": x}[which]
        return {"re": lambda: B(x.real), "im": lambda: B(x.imag), "conjugate": x.conjugate,
                "arg": lambda: B(x.arg())}[which]()

    def _undecided_or_zero(x):
        if x.is_zero():
            raise Undefined("the argument of 0")
        raise Undecidable()

    def heaviside(x, h0):
        if compare(">", x, 0):
            return B(1)
        if compare("<", x, 0):
            return B(0)
        return h0

    def mp_fallback(fn, name, args):
        """A function FLINT lacks, by mpmath at the working precision: not certified."""
        _STATE["uncertified"].add(name)
        _STATE["fallbacks"] += 1
        dps = flint.ctx.dps
        with mpmath.workdps(dps + 10):
            vals = [a if isinstance(a, int) else _to_mp(a) for a in args]
            out = fn(*vals)
        if isinstance(out, mpmath.mpc) or (complex_mode and not isinstance(out, mpmath.mpf)):
            out = mpmath.mpc(out)
            if not complex_mode:
                if out.imag != 0:
                    raise NeedsComplex()
                out = out.real
        mid = B(out) if not isinstance(out, mpmath.mpc) else acb(arb(out.real), arb(out.imag))
        return mid + arb(0, arb(10) ** (-dps + 5) * (arb(abs(out)) + 1))

    def integral(g, a, b):
        # An exception raised inside acb.integral's callback surfaces as a SystemError with the real one
        # lost; the integrand reports it instead as a non-finite value (acb.integral's contract for "not
        # analytic here") and the reason is raised once the integration returns.
        raised = []

        def integrand(x, analytic):
            if raised:
                return acb("nan")
            try:
                _tick()
                return acb(g(x))
            except BaseException as exc:    # noqa: B036 - a timeout is re-raised below, unchanged
                raised.append(exc)
                return acb("nan")
        try:
            r = acb.integral(integrand, acb(a), acb(b))
        except SystemError:
            r = None
        if raised:
            first = next((e for e in raised if not isinstance(e, Exception)), raised[0])
            if not isinstance(first, Exception):
                raise first                 # a time limit passed: the caller's business
            # A pole on the path, or an integrand undecided on a piece of it: no number, never "undefined"
            # (an integrable singularity would make "undefined" a false refutation).
            raise Undecidable()
        if r is None or not r.is_finite():
            raise Undecidable()
        if complex_mode:
            return r
        if not r.imag.contains(0):
            raise NeedsComplex()
        return r.real     # a real integrand over a real interval: the real part encloses the value

    def whole(e):
        """e as a Python int where it is exactly a whole number (an exact ball), else None."""
        if isinstance(e, int):
            return e
        if isinstance(e, acb):
            if not e.imag.is_zero():
                return None
            e = e.real
        if isinstance(e, arb) and e.is_exact() and e.is_integer():
            k = e.unique_fmpz()
            return None if k is None else int(k)
        return None

    def whole_power_integral(g, a, b, exponents, fallback):
        """∫_a^b g whose integrand takes powers to exponents its parameters give: certified where every such
        exponent is exactly a whole number (there each power is a whole power, and g meromorphic); else the
        fallback, as before."""
        if any(whole(x) is None for x in exponents):
            return fallback()
        return integral(g, a, b)

    def infinite_integral(g, a, b, tails, params, fallback):
        """∫_a^b g with an infinite end: certified when every infinite end's tail is proved, else the fallback.

        The cut X is the first of TAIL_CUTS (beyond a finite end) from which y²|g| is proved non-increasing
        AND the tail bound X·|g(±X)| is below 10^-dps; the tails enter the ball as its radius."""
        tail_boxes = _interval_params(params)
        if complex_mode or tail_boxes is None or any(t is None for t in tails.values()):
            return fallback()
        cut, radius = {}, arb(0)
        for side, tail in tails.items():
            start = a if side == 1 else b
            found = None
            for X in TAIL_CUTS:
                if start is not None and not (start < X if side == 1 else -X < start):
                    continue
                _tick()
                if not tail.decays_from(X, tail_boxes):
                    continue
                bound = tail.bound(X, tail_boxes)
                if bound is not None and bound < mpmath.mpf(10) ** (-flint.ctx.dps - 2):
                    found = (X, arb(bound))
                    break
            if found is None:
                return fallback()
            cut[side] = found[0]
            radius += found[1]
        lo = a if a is not None else -cut[-1]
        hi = b if b is not None else cut[1]
        finite = integral(g, lo, hi)
        return finite + (B(arb(0, radius)) if not complex_mode else acb(arb(0, radius)))

    def method(name, x, params, real, real_on_reals, branch_real, keywords):
        """x.name(*params) for a method in the table of functions (verifier/functions.py).

        In real mode a method only acb has is evaluated in acb, and its value is used only when it
        is certainly real (or the function is real for every real argument); otherwise the whole
        expression is evaluated again in complex balls.  A value already complex (an integrand on
        FLINT's complex path) is evaluated as such.
        """
        x = ball(x)
        if complex_mode or isinstance(x, acb):
            return getattr(acb(x), name)(*params, **keywords)
        if branch_real is not None and params[-1] not in branch_real:
            raise NeedsComplex()         # a branch that is never real at a real point (LambertW, k ∉ {0, −1})
        if real:
            return getattr(x, name)(*params, **keywords)
        r = getattr(acb(x), name)(*[p if isinstance(p, int) else acb(p) for p in params], **keywords)
        if r.imag.is_zero() or (real_on_reals and r.imag.contains(0)):
            return r.real
        raise NeedsComplex()

    def func(name):
        def call(x, *rest):
            return getattr(ball(x), name)(*rest)
        return call

    ns = {
        "_B": B, "_ball": ball, "_inv": inv, "_log": log, "_pow": pw, "_ipow": ipow, "_sqrt": sqrt, "_at": at, "_entry": entry,
        "_sum": total, "_method": method, "_isum": itotal, "_prod": product, "_integral": integral,
        "_infintegral": infinite_integral, "_wintegral": whole_power_integral, "_rmax": reduce_max, "_many": many,
        "_abs": absolute,
        "_cmp": compare, "_pw": piecewise, "_sign": sign, "_floor": floor, "_ceiling": ceiling,
        "_factorial": factorial, "_binomial": binomial, "_Q": rational, "_F": binary, "_I": imaginary_unit,
        "_part": parts, "_heaviside": heaviside, "_mp": mp_fallback, "_real": real_part,
        "_func": func, "_tick": _tick, "_fell_back": _fell_back, "Undefined": Undefined, "math": math, "arb": arb, "acb": acb,
    }
    return ns


TAIL_CUTS = (4, 8, 16, 32, 64, 128, 256, 1024, 4096, 16384, 65536)   # where an infinite range is cut


def _interval_params(params):
    """The parameters of an integrand as mpmath intervals containing their balls (None: one is not real)."""
    out = []
    for v in params:
        if isinstance(v, int):
            out.append(mpmath.iv.mpf(v))
        elif isinstance(v, arb) and v.is_finite():
            mid, rad = v.mid().man_exp(), v.rad().man_exp()
            m, r = mpmath.mpf(tuple(int(k) for k in mid)), mpmath.mpf(tuple(int(k) for k in rad))
            out.append(mpmath.iv.mpf(m) + mpmath.iv.mpf([-r, r]))
        else:
            return None
    return out


def _to_mp(x):
    if isinstance(x, acb):
        return mpmath.mpc(mpmath.mpf(x.real.mid()), mpmath.mpf(x.imag.mid()))
    return mpmath.mpf(x.mid())


_NAMESPACES = {"real": _helpers(arb), "complex": _helpers(acb)}

_RELATIONS = {sp.StrictLessThan: "<", sp.LessThan: "<=", sp.StrictGreaterThan: ">", sp.GreaterThan: ">=",
              sp.Equality: "==", sp.Unequality: "!="}

# Functions FLINT lacks (or the compiler does not map): evaluated by mpmath, not certified.
MPMATH_FALLBACK: set[str] = set()


class _Scope:
    def __init__(self, parent, bound=(), barrier=False):
        self.parent = parent
        self.bound = frozenset(bound)
        self.barrier = barrier
        self.lines: list[str] = []
        self.memo: dict = {}
        self.names: dict = {}          # bound symbol -> identifier in this scope
        self.kinds: dict = {}          # bound symbol -> "int" (a summation index) or "ball" (an integration variable)


class BallFunction:
    """A compiled expression: call(args, mode) with args in Inputs.args order."""

    def __init__(self, source: str, uses_fallback: set[str], runtime_flags=()):
        self.source = source
        self._static_fallback = uses_fallback
        self._runtime_flags = list(runtime_flags)     # filled when a certified path gives way at run time
        self._fns = {}
        code = compile(source, "<ball>", "exec")
        for mode, ns in _NAMESPACES.items():
            env = dict(ns)
            exec(code, env)
            self._fns[mode] = env["_f"]

    @property
    def uses_fallback(self) -> set[str]:
        """What is evaluated without certification: fixed when compiled, plus an integral over an infinite range
        whose tail could not be proved at some point evaluated so far (sticky, so never under-reported)."""
        out = set(self._static_fallback)
        for flag in self._runtime_flags:
            out |= flag
        return out

    def __call__(self, args, mode: str = "real"):
        return self._fns[mode](*args)


class Compiler:
    def __init__(self, args):
        self.args = list(args)
        self.counter = 0
        self.free_cache: dict = {}
        self.fallback: set[str] = set()
        self.mp_fns: dict = {}
        self.runtime_flags: list = []

    def fresh(self, prefix="t"):
        self.counter += 1
        return f"_{prefix}{self.counter}"

    # -- free variables, with reductions binding their index ------------------------------------
    def free(self, e) -> frozenset:
        got = self.free_cache.get(e)
        if got is not None:
            return got
        if isinstance(e, (sp.Sum, sp.Product, IndexedMax, IndexedMin)):
            out = set(self.free(e.function)) - set(e.variables)
            for _, lo, hi in e.limits:
                out |= self.free(lo) | self.free(hi)
        elif isinstance(e, ExprWithLimits):      # an integral binds its variable as a sum does
            out = {a for a in e.free_symbols if isinstance(a, sp.Symbol)} | set(e.atoms(sp.IndexedBase))
        elif isinstance(e, sp.Limit):            # binds its variable; its direction ('+-') is no name
            out = set(self.free(e.args[0])) - {e.args[1]} | set(self.free(e.args[2]))
        elif isinstance(e, sp.Subs):             # binds its variables in its expression, not in its points
            out = set(self.free(e.expr)) - set(e.variables)
            for p in e.point:
                out |= self.free(p)
        elif isinstance(e, sp.Symbol):
            out = {e}
        elif isinstance(e, sp.IndexedBase):
            out = {e}
        else:
            out = set()
            for a in e.args:
                out |= self.free(a)
        out = frozenset(out)
        self.free_cache[e] = out
        return out

    def target(self, e, scope: _Scope) -> _Scope:
        """The outermost scope where e can be computed: below every scope binding one of its variables."""
        free = self.free(e)
        s = scope
        while s.parent is not None and not s.barrier and not (s.bound & free):
            s = s.parent
        return s

    def lookup(self, sym, scope: _Scope):
        """(identifier, kind): a bound index is an int; an input has the kind of its domain."""
        s = scope
        while s is not None:
            if sym in s.names:
                return s.names[sym], (s.kinds.get(sym, "int") if s.parent is not None else self.kind_of_symbol(sym))
            s = s.parent
        raise Unsupported(f"symbol {sym} is not an input")

    # -- code generation -----------------------------------------------------------------------
    def compile(self, expr) -> BallFunction:
        top = _Scope(None)
        params = []
        for k, a in enumerate(self.args):
            name = f"_a{k}"
            top.names[a] = name
            params.append(name)
        code, kind = self.emit(sp.sympify(expr), top)
        body = "\n".join("    " + line for line in top.lines + [f"return {code}"])
        source = f"def _f({', '.join(params)}):\n{body}\n"
        fn = BallFunction(source, set(self.fallback), self.runtime_flags)
        for name, f in self.mp_fns.items():
            for env_fn in fn._fns.values():
                env_fn.__globals__[name] = f
        return fn

    def emit(self, e, scope: _Scope):
        """(code, kind) where kind is 'int' (exact Python int) or 'ball'."""
        if isinstance(e, sp.Integer):
            return (f"({int(e)})", "int")
        if isinstance(e, (sp.Symbol, sp.IndexedBase)):
            return self.lookup(e, scope)
        where = self.target(e, scope)
        got = where.memo.get(e)
        if got is not None:
            return got
        code, kind = self.build(e, where)
        if not (code.startswith("_t") and code[2:].isdigit()):
            name = self.fresh()
            where.lines.append(f"{name} = {code}")
            code = name
        where.memo[e] = (code, kind)
        return code, kind

    def kind_of_symbol(self, sym) -> str:
        from .inputs import domain_or_fallback
        if isinstance(sym, sp.IndexedBase):
            return "vector"
        d = domain_or_fallback(sym)
        return "int" if d.kind in ("size", "index", "integer") else "ball"

    def build(self, e, scope: _Scope):
        if isinstance(e, sp.Rational):
            return f"_Q({e.p}, {e.q})", "ball"
        if isinstance(e, sp.Float):
            sign, man, exp, _ = e._mpf_
            return f"_F({-man if sign else man}, {exp})", "ball"
        if e is sp.pi:
            return "_B.pi()", "ball"
        if e is sp.E:
            return "_B(1).exp()", "ball"
        if e is sp.EulerGamma:
            return "_B(arb.const_euler())", "ball"
        if e is sp.Catalan:
            return "_B(arb.const_catalan())", "ball"
        if e is sp.GoldenRatio:
            return "(1 + _B(5).sqrt()) / 2", "ball"
        if e is sp.I:
            return "_I()", "ball"
        if e in (sp.oo, -sp.oo, sp.zoo, sp.nan):
            return f"_raise_undefined({str(e)!r})", "ball"
        if isinstance(e, sp.Add):
            return self.build_add(e, scope)
        if isinstance(e, sp.Mul):
            return self.build_mul(e, scope)
        if isinstance(e, sp.Pow):
            return self.build_pow(e.base, e.exp, scope)
        if isinstance(e, sp.Indexed):
            base, _ = self.lookup(e.base, scope)
            codes = []
            for index in e.indices:
                k, kind = self.emit(index, scope)
                if kind != "int":
                    raise Unsupported(f"non-integer index in {e}")
                codes.append(k)
            if len(codes) == 1:
                return f"_at({base}, {codes[0]})", "ball"
            try:                # an entry with several indices (y_ij): read from its table's flat list (Table)
                start = table_start(e.base)
            except SamplingError as exc:
                raise Unsupported(str(exc)) from None
            return f"_entry({base}, {start}, ({''.join(c + ', ' for c in codes)}))", "ball"
        if isinstance(e, (sp.Sum, sp.Product, IndexedMax, IndexedMin)):
            return self.build_reduction(e, scope)
        if isinstance(e, sp.KroneckerDelta):
            a, ka = self.emit(e.args[0], scope)
            b, kb = self.emit(e.args[1], scope)
            if ka == kb == "int":
                return f"(1 if {a} == {b} else 0)", "int"
            return f"(1 if _cmp('==', {a}, {b}) else 0)", "int"
        facts = _functions.facts(e)
        if facts is not None and facts.helper is not None:      # the table names the compiler's helper
            return getattr(self, "helper_" + facts.helper)(e, scope)
        if facts is not None:
            how = facts.ball(e)
            if how is None:                 # no ball method, or arguments outside its pattern
                return self.build_fallback(e, scope)
            return self.build_method(e, how, scope)
        if isinstance(e, Expectation):       # its definition: integrals against the density, exact finite sums
            try:
                value = _expectations.definition(e)
            except _expectations.NoDefinition as exc:
                raise Unsupported(str(exc)) from None
            return self.emit(value, scope)
        if isinstance(e, sp.Piecewise):
            return self.build_piecewise(e, scope)
        if isinstance(e, sp.Integral) and _meromorphic_integral(e):
            return self.build_integral(e, scope)
        if isinstance(e, sp.Integral) and _infinite_meromorphic_integral(e):
            return self.build_infinite_integral(e, scope)
        if isinstance(e, sp.Integral) and _whole_power_exponents(e):
            return self.build_whole_power_integral(e, _whole_power_exponents(e), scope)
        if isinstance(e, sp.Integral) and e.function.has(sp.log):
            split = _logs_split(e)
            if split is not None:
                return self.emit(split, scope)
        if isinstance(e, sp.Subs):
            return self.build_subs(e, scope)
        if isinstance(e, (sp.Function, sp.Integral, sp.Derivative)) or isinstance(e, sp.Expr) and e.args:
            return self.build_fallback(e, scope)
        raise Unsupported(f"cannot evaluate {type(e).__name__} with balls")

    # The helpers the table of functions names (column `helper`), one per structural function.
    def helper_log(self, e, scope):
        a, _ = self.emit(e.args[0], scope)
        return f"_log({a})", "ball"

    def helper_abs(self, e, scope):
        a, kind = self.emit(e.args[0], scope)
        return f"_abs({a})", kind

    def helper_sign(self, e, scope):
        a, kind = self.emit(e.args[0], scope)
        return f"_sign({a})", kind

    def helper_max(self, e, scope, smallest=False):
        codes = [self.emit(a, scope) for a in e.args]
        kind = "int" if all(k == "int" for _, k in codes) else "ball"
        body = ", ".join(c for c, _ in codes)
        return f"_many(({body},), {smallest})", kind

    def helper_min(self, e, scope):
        return self.helper_max(e, scope, smallest=True)

    def helper_floor(self, e, scope):
        a, _ = self.emit(e.args[0], scope)
        return f"_floor({a})", "int"

    def helper_ceiling(self, e, scope):
        a, _ = self.emit(e.args[0], scope)
        return f"_ceiling({a})", "int"

    def helper_factorial(self, e, scope):
        a, kind = self.emit(e.args[0], scope)
        return f"_factorial({a})", kind

    def helper_binomial(self, e, scope):
        (a, ka), (b, kb) = self.emit(e.args[0], scope), self.emit(e.args[1], scope)
        return f"_binomial({a}, {b})", "int" if ka == kb == "int" else "ball"

    def helper_heaviside(self, e, scope):
        a, _ = self.emit(e.args[0], scope)
        h0 = e.args[1] if len(e.args) > 1 else sp.Rational(1, 2)
        h, _ = self.emit(h0, scope)
        return f"_heaviside({a}, _ball({h}))", "ball"

    def _part(self, e, scope, part):
        a, _ = self.emit(e.args[0], scope)
        return f"_part({part!r}, {a})", "ball"

    def helper_re(self, e, scope):
        return self._part(e, scope, "re")

    def helper_im(self, e, scope):
        return self._part(e, scope, "im")

    def helper_conjugate(self, e, scope):
        return self._part(e, scope, "conjugate")

    def helper_arg(self, e, scope):
        return self._part(e, scope, "arg")

    def helper_atan2(self, e, scope):
        (y, _), (x, _) = self.emit(e.args[0], scope), self.emit(e.args[1], scope)
        return f"_B(arb.atan2(_real(_ball({y})), _real(_ball({x}))))", "ball"

    def build_method(self, e, how: "_functions.Ball", scope):
        """A call the table of functions maps to a FLINT method, every argument in its place."""
        defaults = dict(how.defaults)
        codes = []
        for k, pos in enumerate(how.order):
            if pos < len(e.args):
                a = e.args[pos]
                if k > 0 and a.is_Integer:
                    codes.append(str(int(a)))          # an integer parameter stays exact (a branch, an order)
                    continue
                code, kind = self.emit(a, scope)
                codes.append(code if kind == "ball" or k > 0 else f"_B({code})")
            elif pos in defaults:
                codes.append(repr(defaults[pos]))
            else:
                raise Unsupported(f"{type(e).__name__}: argument {pos} is missing")
        main, params = codes[0], codes[1:]
        if how.real and how.branch_real is None and not params and not how.keywords:
            return f"{main}.{how.method}()", "ball"
        return (f"_method({how.method!r}, {main}, ({''.join(p + ', ' for p in params)}), {how.real}, "
                f"{how.real_on_reals}, {how.branch_real!r}, {dict(how.keywords)!r})"), "ball"

    def build_add(self, e, scope):
        ints, balls = [], []
        for a in e.args:
            c, kind = self.emit(a, scope)
            (ints if kind == "int" else balls).append(c)
        terms = ints + balls
        kind = "ball" if balls else "int"
        if len(terms) <= 32:
            return "(" + " + ".join(terms) + ")", kind
        # Very long sums (an expanded power) are added in chunks: a 40 000-term expression
        # would overflow the Python compiler's recursion.
        acc = self.fresh()
        scope.lines.append(f"{acc} = {terms[0]}")
        for k in range(1, len(terms), 32):
            scope.lines.append(f"{acc} = {acc} + " + " + ".join(terms[k:k + 32]))
            if k % 1024 == 1:
                scope.lines.append("_tick()")
        return acc, kind

    def build_mul(self, e, scope):
        deltas = [a for a in e.args if isinstance(a, sp.KroneckerDelta)]
        if deltas:
            return self.build_selected(deltas, sp.Mul(*[a for a in e.args if a not in deltas]), scope)
        # Each factor (1/Z included) is its own node, so a normaliser's reciprocal is computed once, outside loops.
        codes = [self.emit(a, scope) for a in e.args]
        kind = "ball" if any(k != "int" for _, k in codes) else "int"
        return "(" + " * ".join(c for c, _ in codes) + ")", kind

    def build_selected(self, deltas, rest, scope):
        """δ_ab·…·rest: rest is computed only where every δ is 1 (Σ_j δ_jt f_j costs one f, not n)."""
        tests = []
        for d in deltas:
            (a, ka), (b, kb) = self.emit(d.args[0], scope), self.emit(d.args[1], scope)
            tests.append(f"{a} == {b}" if ka == kb == "int" else f"_cmp('==', {a}, {b})")
        vscope = _Scope(scope, barrier=True)
        code, kind = self.emit(rest, vscope)
        fname = self.fresh("v")
        scope.lines.extend([f"def {fname}():"] + ["    " + l for l in vscope.lines] + [f"    return {code}"])
        zero = "0" if kind == "int" else "_B(0)"
        return f"({fname}() if {' and '.join(tests)} else {zero})", kind

    def build_pow(self, base, exp, scope):
        if exp.is_Integer:
            b, kind = self.emit(base, scope)
            k = int(exp)
            if k >= 0:
                return (f"({b} ** {k})" if kind == "int" else f"_ipow({b}, {k})"), kind
            return f"_inv(_ipow({b}, {-k}))", "ball"
        if exp == sp.Rational(1, 2):
            b, _ = self.emit(base, scope)
            return f"_sqrt({b})", "ball"
        if exp == sp.Rational(-1, 2):
            b, _ = self.emit(base, scope)
            return f"_inv(_sqrt({b}))", "ball"
        if base is sp.E:
            x, kind = self.emit(exp, scope)
            return (f"{x}.exp()" if kind == "ball" else f"_B({x}).exp()"), "ball"
        b, _ = self.emit(base, scope)
        x, _ = self.emit(exp, scope)
        return f"_pow({b}, _ball({x}))", "ball"

    def build_reduction(self, e, scope):
        return self.reduce(type(e), e.function, list(e.limits), scope)

    def reduce(self, cls, function, limits, scope):
        """Σ / max / min over limits (the first is innermost), as nested loops; SymPy would flatten nested Sums."""
        var, lo, hi = limits[-1]
        lo_c, lo_k = self.emit(lo, scope)
        hi_c, hi_k = self.emit(hi, scope)
        if lo_k != "int" or hi_k != "int":
            raise Unsupported(f"the bounds of a reduction over {var} are not integers")
        body = _Scope(scope, bound={var})
        pname = self.fresh("i")
        body.names[var] = pname
        if len(limits) > 1:
            code, kind = self.reduce(cls, function, limits[:-1], body)
        else:
            code, kind = self.emit(function, body)
        fname = self.fresh("b")
        lines = [f"def {fname}({pname}):"] + ["    " + l for l in body.lines] + [f"    return {code}"]
        scope.lines.extend(lines)
        if cls is sp.Sum:
            return (f"_isum({fname}, {lo_c}, {hi_c})" if kind == "int" else f"_sum({fname}, {lo_c}, {hi_c})"), kind
        if cls is sp.Product:
            return f"_prod({fname}, {lo_c}, {hi_c})", kind
        return f"_rmax({fname}, {lo_c}, {hi_c}, {cls is IndexedMin})", kind

    def build_integral(self, e, scope):
        """∫_a^b f(t) dt by FLINT's rigorous integration (acb.integral): certified, for meromorphic f only."""
        (var, lo, hi), = e.limits
        a, _ = self.emit(lo, scope)
        b, _ = self.emit(hi, scope)
        body = _Scope(scope, bound={var})
        pname = self.fresh("x")
        body.names[var] = pname
        body.kinds[var] = "ball"
        code, _ = self.emit(e.function, body)
        fname = self.fresh("g")
        scope.lines.extend([f"def {fname}({pname}):"] + ["    " + l for l in body.lines] + [f"    return _ball({code})"])
        return f"_integral({fname}, {a}, {b})", "ball"

    def build_infinite_integral(self, e, scope):
        """∫ over an infinite range: acb.integral up to X plus a proved tail bound (evidence/tails.py), certified;
        where no tail is proved, mpmath's quadrature as before (`build_fallback`: flagged, never certified)."""
        (var, lo, hi), = e.limits
        params = sorted(e.function.free_symbols - {var}, key=sp.default_sort_key)
        if _may_have_a_pole(e.function, var, lo, hi):
            # mpmath's quadrature would answer with a principal value (E[1/Z] = 0 for Z ~ N(0, 1), though the
            # expectation does not exist): an integral that may be improper inside its range has no number here.
            raise Unsupported(f"∫ over an infinite range with a possible pole inside it: {sp.sstr(e.function)}")
        static = set(self.fallback)
        fallback, _ = self.build_fallback(e, scope)
        self.fallback = static          # uncertified only where the fallback runs (the flag below)
        flag: set = set()
        self.runtime_flags.append(flag)
        a, _ = self.emit(lo, scope) if lo.is_finite else ("None", None)
        b, _ = self.emit(hi, scope) if hi.is_finite else ("None", None)
        body = _Scope(scope, bound={var})
        pname = self.fresh("x")
        body.names[var] = pname
        body.kinds[var] = "ball"
        code, _ = self.emit(e.function, body)
        fname, tname, fbname, flname = self.fresh("g"), self.fresh("tails"), self.fresh("fb"), self.fresh("flag")
        scope.lines.extend([f"def {fname}({pname}):"] + ["    " + l for l in body.lines] + [f"    return _ball({code})"])
        scope.lines.extend([f"def {fbname}():", f"    {flname}.add('Integral')", "    _fell_back()",
                            f"    return {fallback}"])
        self.mp_fns[flname] = flag
        self.mp_fns[tname] = _tails.tails_of(e.function, var, lo, hi, params)
        values = "".join(self.emit(p, scope)[0] + ", " for p in params)
        return f"_infintegral({fname}, {a}, {b}, {tname}, ({values}), {fbname})", "ball"

    def build_whole_power_integral(self, e, exponents, scope):
        """∫_a^b f(t) dt whose f takes t (or an expression in t) to exponents its parameters give (∫_0^x n y^{n-1} dy
        for a real n): acb.integral, certified, at a point where every such exponent is exactly whole; elsewhere
        mpmath's quadrature as before (`build_fallback`: flagged, never certified)."""
        static = set(self.fallback)
        fallback, _ = self.build_fallback(e, scope)
        self.fallback = static          # uncertified only where the fallback runs (the flag below)
        flag: set = set()
        self.runtime_flags.append(flag)
        values = "".join(self.emit(x, scope)[0] + ", " for x in exponents)
        certified, _ = self.build_integral(e, scope)
        fbname, flname = self.fresh("fb"), self.fresh("flag")
        scope.lines.extend([f"def {fbname}():", f"    {flname}.add('Integral')", "    _fell_back()",
                            f"    return {fallback}"])
        self.mp_fns[flname] = flag
        return certified.replace("_integral(", "_wintegral(", 1)[:-1] + f", ({values}), {fbname})", "ball"

    def build_subs(self, e, scope):
        """Subs(f, (x_1, …, x_k), (p_1, …, p_k)) as let-bindings, never SymPy's doit at run time: each x_i is
        bound to the ball of p_i inside f's scope, like an integration variable, so an input also named x_i
        outside the Subs keeps its own value (x + Subs(x², x, 2) is x + 4).

        The bindings nest in SymPy's order, x_1 innermost, each point evaluated where the later bindings
        hold: that is what SymPy's doit computes, and, for a Subs that is not `ambiguous`, also the
        simultaneous substitution its notation shows.  An ambiguous one (Subs(x − y, (x, y), (y, x)): y − x
        read at once, 0 read in turn) has no number here.  A Derivative inside, f'(0) as
        Subs(Derivative(f, x), x, 0), is differentiated symbolically at compile time inside the binding
        (build_fallback's doit, for a derivative of an explicit expression only) and then evaluated at the
        bound point."""
        why = _substitutions.ambiguous(e)
        if why:
            raise Unsupported(why)
        for var in e.variables:
            if not isinstance(var, sp.Symbol):
                raise Unsupported(f"Subs of {var}, which is not a symbol")
        # SymPy differentiates |x| to sign(x) and max(x, 0) to Heaviside(x), values at 0 included: |x|'(0) would
        # be 0 and max(x, 0)'(0) would be 1/2, where no derivative exists.  At a chosen point that is exactly
        # where a kink sits, so a derivative of a function with a kink or a step has no number here.
        for d in e.expr.atoms(sp.Derivative):
            if _may_kink(d.expr):
                raise Unsupported(f"the derivative of {d.expr} at a point: it may have no derivative there")
        return self.bind(e.expr, _substitutions.sequential_bindings(e), scope)

    def bind(self, body_expr, bindings, scope):
        """let x_k = p_k in (… let x_1 = p_1 in body_expr), the last binding outermost."""
        (var, point), inner = bindings[-1], bindings[:-1]
        p_code, p_kind = self.emit(point, scope)
        body = _Scope(scope, bound={var})
        pname = self.fresh("s")
        body.names[var] = pname
        body.kinds[var] = p_kind        # an exact integer point stays exact (an index, an integer power)
        code, kind = self.bind(body_expr, inner, body) if inner else self.emit(body_expr, body)
        fname = self.fresh("let")
        scope.lines.extend([f"def {fname}({pname}):"] + ["    " + l for l in body.lines] + [f"    return {code}"])
        return f"{fname}({p_code})", kind

    def build_piecewise(self, e, scope):
        pairs = []
        for value, cond in e.args:
            c = self.build_condition(cond, scope)
            vscope = _Scope(scope, barrier=True)
            code, _ = self.emit(value, vscope)
            fname = self.fresh("v")
            scope.lines.extend([f"def {fname}():"] + ["    " + l for l in vscope.lines] + [f"    return _ball({code})"])
            pairs.append(f"({c}, {fname})")
        return f"_pw(({', '.join(pairs)},))", "ball"

    def build_condition(self, cond, scope) -> str:
        """A function of no arguments deciding the condition lazily (its operands may be undefined otherwise)."""
        cscope = _Scope(scope, barrier=True)
        code = self.condition_code(cond, cscope)
        fname = self.fresh("c")
        scope.lines.extend([f"def {fname}():"] + ["    " + l for l in cscope.lines] + [f"    return {code}"])
        return fname

    def condition_code(self, cond, scope) -> str:
        if cond is sp.true or cond is True:
            return "True"
        if cond is sp.false or cond is False:
            return "False"
        if type(cond) in _RELATIONS:
            a, _ = self.emit(cond.lhs, scope)
            b, _ = self.emit(cond.rhs, scope)
            return f"_cmp({_RELATIONS[type(cond)]!r}, {a}, {b})"
        if isinstance(cond, sp.And):
            return "(" + " and ".join(self.condition_code(c, scope) for c in cond.args) + ")"
        if isinstance(cond, sp.Or):
            return "(" + " or ".join(self.condition_code(c, scope) for c in cond.args) + ")"
        if isinstance(cond, sp.Not):
            return f"(not {self.condition_code(cond.args[0], scope)})"
        raise Unsupported(f"condition {cond}")

    def build_fallback(self, e, scope):
        """A function FLINT lacks (an integral, say): mpmath at the working precision, flagged as not certified.

        Its free symbols and vector entries become the arguments of one lambdified mpmath function.
        """
        name = type(e).__name__
        if isinstance(e, AppliedUndef):
            raise Unsupported(f"{e.func} is an undefined function: it has no values")
        if isinstance(e, sp.Derivative):
            done = e.doit()
            if not done.has(sp.Derivative):
                code, kind = self.emit(done, scope)
                return code, kind
        if isinstance(e, sp.Limit):
            value = rational_limit(e)
            if value is not None:
                return self.emit(value, scope)
        atoms = sorted(e.atoms(sp.Indexed), key=sp.default_sort_key)
        labels = {b.label for b in e.atoms(sp.IndexedBase)}
        atoms += sorted((s for s in self.free(e) if isinstance(s, sp.Symbol) and s not in labels),
                        key=sp.default_sort_key)
        dummies = [sp.Dummy(f"x{k}") for k in range(len(atoms))]
        body = e.xreplace(dict(zip(atoms, dummies)))
        fn = None
        if _mpmath_means_sympy(body):
            try:
                fn = sp.lambdify(dummies, body, modules=["mpmath"])
            except Exception:  # SymPy's mpmath printer lacks it (acot): SymPy's own evalf at the point
                fn = None
        if fn is None:
            # What SymPy means by the function is SymPy's evalf of it: lambdify's mpmath printer maps some
            # names to another function (betainc_regularized to the unregularized betainc, polygamma of a
            # non-integer order, euler(ν, x)), and gives mpmath values where SymPy has none (subfactorial
            # of a non-integer).
            fn = _sympy_evalf(dummies, body)
        codes = [self.emit(a, scope)[0] for a in atoms]
        key = self.fresh("m")
        self.mp_fns[key] = fn
        self.fallback.add(name)
        MPMATH_FALLBACK.add(name)
        return f"_mp({key}, {name!r}, ({''.join(c + ', ' for c in codes)}))", "ball"


# Integrands FLINT integrates rigorously without an analyticity check: finite sums and products of the
# functions the table marks `meromorphic` are meromorphic, so a pole shows up as a non-finite ball
# (acb.integral's documented contract).
def _meromorphic_call(node) -> bool:
    entry = _functions.facts(node)
    return entry is not None and entry.meromorphic and entry.parameter_problem(node) is None


def _meromorphic_integral(e: sp.Integral) -> bool:
    if len(e.limits) != 1 or len(e.limits[0]) != 3:
        return False
    if any(limit.has(sp.oo, -sp.oo, sp.zoo) for limit in e.limits[0][1:]):
        return False        # acb.integral needs a finite path; an infinite range goes to mpmath quadrature
    for node in sp.preorder_traversal(e.function):
        # Application, not Function: Max and Min are Applications only, and are not analytic at their kink.
        if isinstance(node, Application) and not _meromorphic_call(node) and not isinstance(node, sp.KroneckerDelta):
            return False
        if isinstance(node, sp.Pow) and not (node.exp.is_Integer or node.base is sp.E):
            return False
        if isinstance(node, (sp.Integral, sp.Piecewise, sp.Abs, IndexedMax, IndexedMin, sp.Derivative)):
            return False
    return True


def _whole_power_exponents(e: sp.Integral) -> list:
    """The exponents of the powers in a finite integral's integrand that its parameters give (free of the variable:
    y^n, y^{n-1} for a real n), when those powers alone keep it from being meromorphic: with each a whole number it
    is; [] otherwise."""
    if len(e.limits) != 1 or len(e.limits[0]) != 3:
        return []
    var = e.limits[0][0]
    powers = [p for p in e.function.atoms(sp.Pow) if p.base.has(var) and not p.exp.is_number
              and not p.exp.has(var) and not p.exp.atoms(sp.Indexed, sp.Integral, sp.Sum, sp.Product)
              and p.exp.is_integer is not False]
    if not powers:
        return []
    whole = sp.Integral(e.function.xreplace({p: p.base ** 2 for p in powers}), *e.limits)
    if not _meromorphic_integral(whole):
        return []
    return list(dict.fromkeys(p.exp for p in powers))


def _logs_split(e: sp.Integral):
    """∫ p·log(p/q) with log(p/q) split into its logs where SymPy's assumptions show every factor positive
    (expand_log without force: log(e^u) = u for a real u, log(σ√(2π)) = log σ + log √(2π)), when that makes
    the integral one FLINT certifies; else None.  The split is an identity wherever the declared assumptions
    hold, which is where points are sampled; a refutation is replayed on the step as written anyway."""
    try:
        f = sp.expand_log(e.function)
    except (TypeError, ValueError, RecursionError):
        return None
    if f == e.function:
        return None
    split = sp.Integral(f, *e.limits)
    return split if _meromorphic_integral(split) or _infinite_meromorphic_integral(split) else None


# A kink or a jump somewhere: the symbolic derivative (sign, Heaviside, …) has a value at the kink that is no
# derivative (build_subs).  Which functions have one is the table's column `kinks`; a function the table does
# not know may have one; a piecewise definition and an index reduction (max_i) may.
_KINKED_STRUCTURE = (sp.Piecewise, IndexedMax, IndexedMin)


def _may_kink(expr) -> bool:
    return any(isinstance(node, _KINKED_STRUCTURE) or _functions.has_kinks(node)
               for node in sp.preorder_traversal(expr))


def _infinite_meromorphic_integral(e: sp.Integral) -> bool:
    """One variable, an infinite end (a finite one real), an integrand of meromorphic functions of the variable
    (a power of something free of it is a constant), its other symbols plain scalars: the tail test applies."""
    if len(e.limits) != 1 or len(e.limits[0]) != 3:
        return False
    var, lo, hi = e.limits[0]
    if not (hi is sp.oo or lo == -sp.oo) or lo is sp.oo or hi == -sp.oo or lo.has(sp.zoo) or hi.has(sp.zoo):
        return False
    f = e.function
    if f.has(sp.Indexed, sp.I) or any(not isinstance(s, sp.Symbol) for s in f.free_symbols):
        return False
    for node in sp.preorder_traversal(f):
        if isinstance(node, Application) and node.has(var) and not _meromorphic_call(node):
            return False
        if isinstance(node, sp.Pow) and node.has(var) and not (node.exp.is_Integer or node.base is sp.E):
            return False
        if isinstance(node, (sp.Integral, sp.Piecewise, sp.Abs, IndexedMax, IndexedMin, sp.Derivative, sp.Sum)):
            return False
    return True


# Nodes whose mpmath translation (lambdify's mpmath printer) means what SymPy means, whatever the values.
_ARITHMETIC = (sp.Add, sp.Mul, sp.Pow, sp.Integral, sp.Tuple, sp.Symbol, sp.Number, sp.NumberSymbol,
               sp.core.numbers.ImaginaryUnit, sp.Abs, sp.exp, sp.log)


def _mpmath_means_sympy(body) -> bool:
    """Whether lambdify's mpmath function for body is SymPy's function: an integral (mpmath quadrature,
    fast) of arithmetic and of calls the table of functions gives a certified ball method for, every
    argument in that method's pattern (so the call is one whose mpmath name means the same).  Anything
    else is evaluated by SymPy's evalf of the function itself (`_sympy_evalf`)."""
    if not body.has(sp.Integral):
        return False
    for node in sp.preorder_traversal(body):
        if isinstance(node, sp.Integral) or isinstance(node, sp.Tuple):
            continue
        if isinstance(node, sp.Function) and not isinstance(node, (sp.Abs, sp.exp, sp.log)):
            f = _functions.facts(node)
            if f is None or f.helper is not None or f.ball(node) is None:
                return False
            continue
        if not isinstance(node, _ARITHMETIC):
            return False
    return True


def _sympy_value(v, dps: int):
    """A point's value as SymPy sees it: an int exactly, an mpmath number as a Float of its binary value."""
    if isinstance(v, bool):
        return sp.Integer(int(v))
    if isinstance(v, int):
        return sp.Integer(v)
    if isinstance(v, mpmath.mpc):
        return _sympy_value(v.real, dps) + sp.I * _sympy_value(v.imag, dps)
    if isinstance(v, mpmath.mpf):
        if not mpmath.isfinite(v):
            raise ValueError(f"the argument {v} is not finite")
        return sp.Float._new(v._mpf_, max(mpmath.mp.prec, v._mpf_[3] if v._mpf_[1] else 1))
    return sp.sympify(v)


def rational_limit(e: sp.Limit):
    r"""The limit of a rational function of its variable alone, with rational coefficients, at a rational point where
    the denominator of its cancelled form is not 0: that form's value there, exactly, from either side
    (`\lim_{\epsilon \to 0} ((4 + \epsilon)^2 - 16)/\epsilon` = 8).  None for any other limit: a pole there, another
    name in it, a function other than + − × ÷ and whole powers."""
    body, v, point = e.args[:3]
    if body.free_symbols != {v} or not point.is_Rational or not body.is_rational_function(v):
        return None
    num, den = sp.fraction(sp.cancel(sp.together(body)))
    try:
        num, den = sp.Poly(num, v), sp.Poly(den, v)
    except sp.PolynomialError:
        return None
    if any(p.get_domain() not in (sp.ZZ, sp.QQ) for p in (num, den)) or den.eval(point) == 0:
        return None
    return sp.Rational(num.eval(point)) / sp.Rational(den.eval(point))


def _sympy_evalf(dummies, body):
    """body at a point by SymPy's evalf at mpmath's working precision (a fallback: not certified).

    Where SymPy gives no number (zoo, nan, an unevaluated call such as subfactorial(5/2)), the point has
    no fallback value: NaN (a ball that is not finite) or ValueError, so the point is inconclusive and
    never a number SymPy does not give."""
    def fn(*vals):
        point = {d: _sympy_value(v, mpmath.mp.dps) for d, v in zip(dummies, vals)}
        value = sp.N(body.xreplace(point), mpmath.mp.dps)
        if value.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
            return mpmath.nan
        re, im = value.as_real_imag()
        if not (re.is_Number and im.is_Number):
            raise ValueError(f"SymPy gives no value of {sp.sstr(body)[:60]} here")
        return mpmath.mpc(mpmath.mpf(re), mpmath.mpf(im)) if im else mpmath.mpf(re)
    return fn


def _raise_undefined(what):
    raise Undefined(f"the expression is {what}")


for _ns in _NAMESPACES.values():
    _ns["_raise_undefined"] = _raise_undefined


def compile_ball(expr, args) -> BallFunction:
    """Compile expr for the argument order `args` (sizes, indices, vectors, scalars)."""
    return Compiler(args).compile(expr)


class precision:
    """Set FLINT's working precision (in decimal digits) for a block, and restore it."""

    def __init__(self, dps: int):
        self.bits = bits(dps)

    def __enter__(self):
        self.saved = flint.ctx.prec
        flint.ctx.prec = self.bits
        return self

    def __exit__(self, *exc):
        flint.ctx.prec = self.saved
        return False


def is_finite(x) -> bool:
    return _finite(x)


def as_ball(x, dps: int) -> tuple[str, str] | None:
    """A real ball as (midpoint to dps digits, radius to 5), decimal text, that still encloses x: the radius
    covers x's own radius plus the distance from x's midpoint to the decimal midpoint written, and is rounded up,
    so [midpoint − radius, midpoint + radius] ⊇ x.  None for anything that is not a real ball (an exact integer,
    a complex ball)."""
    if not isinstance(x, arb):
        return None
    midpoint = x.mid().str(dps, radius=False, more=True)
    with precision(max(dps, 30) + 30):
        reach = abs(x - arb(midpoint)).upper()              # every point of x lies within this of the decimal
        radius = (reach * arb("1.0001")).upper()            # 5 digits round by at most 5·10⁻⁵ relatively: up
        return midpoint, radius.str(5, radius=False, more=True)


def describe(x, dps: int) -> str:
    """A ball printed at full precision, midpoint ± radius, never through a Python float."""
    if isinstance(x, int):
        return f"{x} (exact)"
    if isinstance(x, acb):
        return f"{describe(x.real, dps)} + {describe(x.imag, dps)}·i"
    return x.str(dps, radius=True, more=True)
