"""The laws a random variable may be declared with, and what each law is: its density or its finite
list of outcomes, and its moment generating function.

    normal(μ, σ)   uniform(a, b)   exponential(rate)   laplace(μ, b)   bernoulli(p)   categorical(values, probs)

Parameters may be symbols (normal(0, sigma) for a declared positive sigma): a law is then a `Distribution`.
With plain numbers, normal, laplace and exponential give the sampling `Law` that real(..., law=…) and
vector(..., law=…) already take (with the exact parameters kept beside the floats), so one name serves both.

Everything here is a definition, written by hand from the law's density: the expectation's numbers
(evidence/expectations.py) integrate against `pieces()` or sum over `outcomes`, and the proof strategy
(prove/expectations.py) uses `mgf()`; neither asks a library for a precomputed model.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp

from . import symbols as _symbols
from .symbols import Law, bound_as_written, domain_of, shown_number


@dataclass(frozen=True)
class ExactLaw(Law):
    """A sampling law whose parameters were plain numbers, with those numbers kept exact (0.1 as 1/10)."""
    exact: tuple = ()


@dataclass(frozen=True)
class Distribution:
    """A law with exact (possibly symbolic) parameters; discrete laws list their outcomes (value, probability)."""
    name: str                           # "normal", "uniform", "exponential", "laplace", "bernoulli", "categorical"
    params: tuple = ()
    outcomes: tuple = ()                # ((value, probability), …) for the discrete laws
    extra: tuple = field(default=(), repr=False)

    @property
    def free_symbols(self) -> set:
        """The symbols the law depends on (its parameters): an expectation over it depends on them too."""
        out = set()
        for e in self.params + tuple(x for pair in self.outcomes for x in pair):
            out |= sp.sympify(e).free_symbols
        return out

    @property
    def discrete(self) -> bool:
        return self.name in ("bernoulli", "categorical")

    def describe(self) -> str:
        shown = ", ".join(_shown(p) for p in self.params)
        if self.name == "categorical":
            return "Categorical(" + ", ".join(f"{_shown(v)} w.p. {_shown(p)}" for v, p in self.outcomes) + ")"
        return f"{_NAMES[self.name]}({shown})"

    # -- the law as a density ------------------------------------------------------------------
    def support(self) -> tuple:
        if self.name == "uniform":
            return self.params
        if self.name == "exponential":
            return (sp.Integer(0), sp.oo)
        return (-sp.oo, sp.oo)

    def pieces(self, x) -> list[tuple]:
        """[(density, low, high), …]: the density on each piece of the support, with no |·| in it (so an
        integral over a piece is of an analytic function)."""
        if self.name == "normal":
            mu, sigma = self.params
            return [(sp.exp(-(x - mu) ** 2 / (2 * sigma ** 2)) / (sigma * sp.sqrt(2 * sp.pi)), -sp.oo, sp.oo)]
        if self.name == "uniform":
            a, b = self.params
            return [(1 / (b - a), a, b)]
        if self.name == "exponential":
            rate, = self.params
            return [(rate * sp.exp(-rate * x), sp.Integer(0), sp.oo)]
        if self.name == "laplace":
            mu, b = self.params
            return [(sp.exp((x - mu) / b) / (2 * b), -sp.oo, mu), (sp.exp(-(x - mu) / b) / (2 * b), mu, sp.oo)]
        raise ValueError(f"{self.describe()} is discrete: it has outcomes, not a density")

    def density(self, x) -> sp.Expr:
        """The density (continuous laws) or the probability mass function (discrete laws) at x."""
        if self.discrete:
            return sp.Piecewise(*[(p, sp.Eq(x, v)) for v, p in self.outcomes], (0, True))
        if self.name == "laplace":
            mu, b = self.params
            return sp.exp(-sp.Abs(x - mu) / b) / (2 * b)
        if self.name == "uniform":
            a, b = self.params
            return sp.Piecewise((1 / (b - a), (x >= a) & (x <= b)), (0, True))
        if self.name == "exponential":
            rate, = self.params
            return sp.Piecewise((rate * sp.exp(-rate * x), x >= 0), (0, True))
        return self.pieces(x)[0][0]

    # -- the moment table ----------------------------------------------------------------------
    def mgf(self, t) -> tuple[sp.Expr, sp.Expr | None]:
        """(M(t) = E[e^{tX}], c) with c an expression that must be > 0 for M(t) to be finite (None: always).

        uniform's M(t) = (e^{tb} − e^{ta})/(t(b − a)) holds for t ≠ 0 only: the caller must show t ≠ 0 (its
        moments come from `moment`)."""
        if self.name == "normal":
            mu, sigma = self.params
            return sp.exp(mu * t + sigma ** 2 * t ** 2 / 2), None
        if self.name == "uniform":
            a, b = self.params
            return (sp.exp(t * b) - sp.exp(t * a)) / (t * (b - a)), None
        if self.name == "exponential":
            rate, = self.params
            return rate / (rate - t), rate - t
        if self.name == "laplace":
            mu, b = self.params
            return sp.exp(mu * t) / (1 - b ** 2 * t ** 2), 1 - b ** 2 * t ** 2
        raise ValueError(f"{self.describe()} is discrete: its expectations are finite sums")

    def moment(self, k: int) -> sp.Expr:
        """E[X^k] for an integer k ≥ 0 (every moment of these laws is finite)."""
        if k == 0:
            return sp.Integer(1)
        if self.name == "uniform":
            a, b = self.params
            return (b ** (k + 1) - a ** (k + 1)) / ((k + 1) * (b - a))
        if self.name == "exponential":
            rate, = self.params
            return sp.factorial(k) / rate ** k
        s = sp.Dummy("t")
        m, _ = self.mgf(s)
        return sp.diff(m, s, k).subs(s, 0)


_NAMES = {"normal": "Normal", "uniform": "Uniform", "exponential": "Exponential", "laplace": "Laplace",
          "bernoulli": "Bernoulli"}


def _shown(p) -> str:
    return shown_number(p) if not isinstance(p, sp.Basic) or p.is_Number else str(p)


def _is_plain(*values) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _exact(value, what: str) -> sp.Expr:
    if isinstance(value, float):
        return sp.Rational(repr(value))                # 0.1 as written, 1/10
    if isinstance(value, bool):
        raise ValueError(f"{what} is {value!r}: a parameter is a number or a symbol")
    try:
        out = sp.sympify(value, strict=True)
    except (sp.SympifyError, TypeError):
        raise ValueError(f"{what} is {value!r}: a parameter is a number or a symbol") from None
    if not isinstance(out, sp.Expr) or out.is_real is False:
        raise ValueError(f"{what} is {value!r}: a parameter is a real number or a real symbol")
    return out


def _positive(value, what: str) -> sp.Expr:
    out = _exact(value, what)
    if out.is_positive is not True:
        raise ValueError(f"{what} is {value!r}, which is not known to be > 0: declare it with positive(...)")
    return out


def _probability(value, what: str) -> sp.Expr:
    """A parameter in [0, 1]: a number there, or a symbol whose declared range (interval()) lies in [0, 1]."""
    out = _exact(value, what)
    if out.is_number:
        if not (0 <= out <= 1):
            raise ValueError(f"{what} is {value!r}: a probability lies in [0, 1]")
        return out
    if _within_unit_interval(out):
        return out
    raise ValueError(f"{what} is {value!r}: declare it as a probability, e.g. interval('p', 0, 1), or write it "
                     f"from such symbols so that it lies in [0, 1] wherever they do (1 - p, p/2)")


def _within_unit_interval(expr: sp.Expr) -> bool:
    """Every symbol has a declared interval() range, and interval arithmetic over those ranges keeps expr in
    [0, 1] (AccumBounds over-approximates, so a probability it cannot place is refused, never wrongly let in)."""
    boxes = {}
    for sym in expr.free_symbols:
        d = domain_of(sym) if isinstance(sym, sp.Symbol) else None
        if d is None or not d.confined or d.low is None or d.high is None:
            return False
        boxes[sym] = sp.AccumBounds(bound_as_written(d.low), bound_as_written(d.high))
    try:
        bounds = expr.subs(boxes)
    except (TypeError, ValueError):
        return False
    if isinstance(bounds, sp.AccumBounds):
        low, high = bounds.min, bounds.max
    elif bounds.is_number:
        low = high = bounds
    else:
        return False
    return bool(low.is_number and high.is_number and (low >= 0) is sp.true and (high <= 1) is sp.true)


def normal(mean=0.0, std=1.0):
    """N(mean, std²).  Plain numbers: also a sampling law for real(..., law=…); symbols: std must be > 0."""
    if _is_plain(mean, std):
        base = _symbols.normal(mean, std)
        return ExactLaw(base.name, base.params, base.support, (_exact(mean, "mean"), _exact(std, "std")))
    return Distribution("normal", (_exact(mean, "normal(mean, std): mean"), _positive(std, "normal(mean, std): std")))


def laplace(loc=0.0, scale=1.0):
    """Laplace(loc, scale): density e^{−|x − loc|/scale}/(2 scale)."""
    if _is_plain(loc, scale):
        base = _symbols.laplace(loc, scale)
        return ExactLaw(base.name, base.params, base.support, (_exact(loc, "loc"), _exact(scale, "scale")))
    return Distribution("laplace", (_exact(loc, "laplace(loc, scale): loc"),
                                    _positive(scale, "laplace(loc, scale): scale")))


def exponential(rate=1.0):
    """Exp(rate): density rate·e^{−rate x} on x ≥ 0."""
    if _is_plain(rate):
        base = _symbols.exponential(rate)
        return ExactLaw(base.name, base.params, base.support, (_exact(rate, "rate"),))
    return Distribution("exponential", (_positive(rate, "exponential(rate): rate"),))


def uniform(low, high) -> Distribution:
    """Uniform(low, high): density 1/(high − low) on [low, high]; high − low must be known > 0."""
    a, b = _exact(low, "uniform(low, high): low"), _exact(high, "uniform(low, high): high")
    if (b - a).is_positive is not True:
        raise ValueError(f"uniform({low}, {high}): high − low is not known to be > 0")
    return Distribution("uniform", (a, b))


def bernoulli(p) -> Distribution:
    """1 with probability p, 0 with probability 1 − p."""
    q = _probability(p, "bernoulli(p): p")
    return Distribution("bernoulli", (q,), ((sp.Integer(0), 1 - q), (sp.Integer(1), q)))


def categorical(values, probs=None) -> Distribution:
    """values[k] with probability probs[k] (equal probabilities when probs is None); probs must sum to 1."""
    vals = tuple(_exact(v, "categorical: value") for v in values)
    if not vals:
        raise ValueError("categorical(values): give at least one value")
    if len(set(vals)) != len(vals):
        raise ValueError("categorical(values): the values must be distinct (merge their probabilities)")
    if probs is None:
        ps = tuple(sp.Rational(1, len(vals)) for _ in vals)
    else:
        ps = tuple(_probability(p, "categorical: probability") for p in probs)
        if len(ps) != len(vals):
            raise ValueError(f"categorical: {len(vals)} values but {len(ps)} probabilities")
        if sp.simplify(sum(ps) - 1) != 0:
            raise ValueError(f"categorical: the probabilities sum to {sum(ps)}, not 1")
    return Distribution("categorical", (), tuple(zip(vals, ps)))


def as_distribution(law) -> Distribution:
    """A declared law as a Distribution: a Distribution as it is, a sampling Law by its exact parameters."""
    if isinstance(law, Distribution):
        return law
    if isinstance(law, Law):
        params = law.exact if isinstance(law, ExactLaw) and law.exact else tuple(_exact(p, "parameter") for p in law.params)
        return Distribution(law.name, params)
    raise ValueError(f"a random variable's law is normal(…), uniform(…), exponential(…), laplace(…), bernoulli(…) "
                     f"or categorical(…), not {law!r}")
