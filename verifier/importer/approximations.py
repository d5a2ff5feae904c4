r"""Two relations written like an approximation that the import reads for what they state.

A law statement.  `X \sim \mathrm{Bin}(n, p)`, `Z \sim \mathcal{N}(0, 1)`, `x \sim p_\theta(x)`,
`X_1, \dots, X_n \overset{\text{iid}}{\sim} \mathcal{N}(\mu, \sigma^2)`, `(x, y) \sim \mathcal{D}`: "is distributed
as", a declaration of the law of what stands on the left, not a claim that two values are close.  A `\sim` is one
when what follows it is a law: a law's name (Bin, Bernoulli, Poisson, Exp, Gamma, Beta, Unif, Normal, Cat, Dir, …
upright, in a text box or bare, with its parameters or none), a calligraphic letter (`\mathcal{N}`, `\mathcal{D}`),
`N(…)`, `U(…)` or `B(…)` with parameters, `\chi^2_k`, or a density or a policy (`p`, `q`, `P`, `Q`,
`p_\theta(x)`, `\pi(\cdot \mid s)`, `\pi_\theta`).  It is proposed to the author beside the steps that write its
names, as a condition the prose states is (unconfirmed=: then no counterexample refutes them), and nothing is
checked.  A `\sim` before anything else (Stirling's `n! \sim \sqrt{2\pi n}(n/e)^n`) keeps its reading as an
approximation without a meaning.

A numeric approximation.  `\pi \approx 3.14`, `e^{-3} \approx 0.0498`, `\sqrt{2} \approx 1.414`,
`N_A \approx 6.02 \times 10^{23}` with numbers on both sides: the written digits state a bound, |lhs − rhs| ≤ half
a unit of the last written digit (3.14: 0.005; 6.02 × 10^23: 0.005 × 10^23).  That is the value correctly
rounded to the digits written (π ≈ 3.1416 and π ≈ 3.142 are proved, π ≈ 3.1417 and π ≈ 3.143 refuted), and an
exact half is allowed either way (0.125 ≈ 0.12 and ≈ 0.13).  Texts also write a value cut after its digits (π ≈
3.1415, e ≈ 2.7182): where the written digits are that truncation and not the rounded value, the line has two
readings (rounded: wrong; truncated: right) and is refused naming both, never refuted.
The side that carries the digits is the one written as a decimal, the coarser when both are.  A whole number
without trailing zeros (`\sqrt{10} \approx 3`) is exact to its unit.  Where the digits state no bound — a whole
number with trailing zeros (`2^{10} \approx 1000`: to the unit, or to one significant figure?), a power of ten,
no number written as digits — the step is refused naming why: the project's meanings of ≈ (a limit, a series
order, a one-sided bound) say nothing about two numbers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import sympy as sp
from sympy.core.function import AppliedUndef

_LAW_NAMES = ("Bin|Binom|Binomial|Bern|Ber|Bernoulli|Pois|Poi|Poisson|Exp|Expo|Exponential|Gamma|Beta|Geom|Geo|"
              "Geometric|Unif|Uniform|Normal|Gauss|Gaussian|Cauchy|Laplace|Lap|Mult|Multinomial|Multi|Cat|"
              "Categorical|Dir|Dirichlet|Student|StudentT|Weibull|Logistic|LogNormal|Lognormal|logN|Hypergeometric|"
              "HyperGeometric|Hypergeom|HG|NegBin|NB|NegativeBinomial|Wishart|GP|Gumbel|Pareto|Rayleigh|Erlang|"
              "Rademacher|Zipf|Skellam|InvGamma|InverseGamma|Chi2|ChiSq|Beta2|Bet|Po|Ga|Be|DU|DiscreteUniform")
_WRAP = r"\\(?:mathrm|text|textrm|operatorname|mathsf|mathbf|mathit|rm|textsf|textit)\s*\{\s*"
_SCRIPTS = r"(?:\s*(?:_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+)|\^\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9*]+)))*"
_PARAMETERS = r"(?:\s*(?:\\left\s*|\\big[lr]?\s*|\\Big[lr]?\s*)?[(\[].*[)\]])?"
_LAW = re.compile(
    r"^(?:"
    rf"(?:{_WRAP}(?:{_LAW_NAMES})\s*\}}|(?<![A-Za-z\\])(?:{_LAW_NAMES})(?![A-Za-z])){_SCRIPTS}{_PARAMETERS}"
    rf"|\\(?:mathcal|mathscr)\s*\{{?\s*(?!O\b)[A-Z]\s*\}}?{_SCRIPTS}{_PARAMETERS}"
    rf"|\\mathbb\s*\{{?\s*[PQ]\s*\}}?{_SCRIPTS}{_PARAMETERS}"
    r"|[NUB]\s*(?:\\left\s*)?\(.*\)"
    rf"|\\chi{_SCRIPTS}{_PARAMETERS}"
    rf"|[pqPQ](?![A-Za-z]){_SCRIPTS}{_PARAMETERS}"
    rf"|\\(?:pi|rho|mu|nu)\s*(?:_\s*(?:\{{[^{{}}]*\}}|\\?[A-Za-z0-9]+)|(?=\s*(?:\\left\s*)?\())(?:\s*\^\s*\{{?\s*\*\s*\}}?)?"
    rf"{_PARAMETERS}"
    r")$", re.S)
_TRAILING = re.compile(r"(?:\s|\\[,;:! ]|\\q?quad\b|~|[.,;])+$")


def is_law(latex: str) -> bool:
    """Whether a side names a law: `\\mathrm{Bin}(n, p)`, `\\mathcal{N}(0, 1)`, `p_\\theta(x)`, `\\chi^2_k`."""
    return bool(_LAW.match(_TRAILING.sub("", latex).strip()))


def law_statement(chain) -> int | None:
    """The first step of a chain that states a law (`X \\sim \\mathrm{Bin}(n, p)`), else None."""
    for k, rel in enumerate(chain.relations):
        if rel == "sim" and is_law(chain.sides[k + 1]):
            return k
    return None


def law_words(chain, k: int) -> str:
    """The law statement as the text writes it, without trailing punctuation."""
    return _TRAILING.sub("", f"{chain.sides[k].strip()} {chain.relation_latex[k]} {chain.sides[k + 1].strip()}")


@dataclass(frozen=True)
class Digits:
    value: sp.Rational          # the number as written
    half_unit: sp.Rational      # half a unit of its last written digit
    shown: str                  # the number as written


_DECIMAL = re.compile(r"^([-−+]?)\s*([0-9]+)\.([0-9]+)$")
_SCIENTIFIC = re.compile(r"^([-−+]?)\s*([0-9]+)(?:\.([0-9]+))?\s*\\(?:times|cdot)\s*10\s*\^\s*(?:\{\s*([-−+]?\s*[0-9]+)\s*\}|([0-9]))$")
_WHOLE = re.compile(r"^([-−+]?)\s*([0-9]*[1-9]|0)$")


def digits(latex: str) -> Digits | None:
    """The number a side writes as digits and the bound its last digit states, or None (not digits alone, or a whole
    number with trailing zeros, whose last written digit may not be significant)."""
    s = _TRAILING.sub("", latex).strip()
    s = re.sub(r"^\{(.*)\}$", r"\1", s).strip()
    m = _DECIMAL.match(s)
    if m:
        value = sp.Rational(m.group(2) + "." + m.group(3))
        out = Digits(-value if m.group(1) in "-−" and m.group(1) else value,
                     sp.Rational(1, 2 * 10 ** len(m.group(3))), s)
        return out
    m = _SCIENTIFIC.match(s)
    if m and (m.group(3) or len(m.group(2)) == 1):
        power = int((m.group(4) or m.group(5)).replace("−", "-").replace(" ", ""))
        mantissa = sp.Rational(m.group(2) + ("." + m.group(3) if m.group(3) else ""))
        value = mantissa * sp.Integer(10) ** power
        places = len(m.group(3) or "")
        return Digits(-value if m.group(1) in "-−" and m.group(1) else value,
                      sp.Rational(1, 2) * sp.Integer(10) ** (power - places), s)
    m = _WHOLE.match(s)
    if m:
        value = sp.Integer(m.group(2))
        return Digits(-value if m.group(1) in "-−" and m.group(1) else value, sp.Rational(1, 2), s)
    return None


def _number(e) -> bool:
    return isinstance(e, sp.Basic) and not e.free_symbols and not e.atoms(sp.Indexed, AppliedUndef)


def numeric_step(chain, exprs, k: int):
    """For an ≈ step between two numbers: (the side's Digits, which side carries them) when the written digits
    state a bound; ("", reason) when they do not; None when the step is not an ≈ between numbers."""
    if chain.relations[k] != "approx" or chain.relation_latex[k].strip() not in (r"\approx", r"\thickapprox", "≈") \
            or not (_number(exprs[k]) and _number(exprs[k + 1])):
        return None
    found = []
    for side in (k + 1, k):
        d = digits(chain.sides[side])
        if d is not None and sp.simplify(d.value - exprs[side]) == 0:
            found.append((d, side))
    if not found:
        return ("", "`\\approx` between two numbers, neither written as digits that state how close they are (a "
                    "decimal such as 3.14, or a whole number without trailing zeros): the project's meanings of ≈ "
                    "(a limit, a series order, a one-sided bound) say nothing about two numbers")
    stated, side = max(found, key=lambda f: f[0].half_unit)
    if _truncated_not_rounded(exprs[k if side == k + 1 else k + 1], stated):
        return ("", f"`\\approx` with {stated.shown}: these digits are the other side cut after its last written "
                    f"digit, not the value rounded to them (two readings: correctly rounded, which is wrong by more "
                    f"than {stated.half_unit}; truncated, which is right); the text does not say which it means")
    return stated, side


def _truncated_not_rounded(other, stated: Digits) -> bool:
    """Whether `stated` is `other` truncated to the written digits but farther from it than half a unit (π and
    3.1415).  Decided on a 60-digit value; a value that does not evaluate to a real number is left to the check."""
    try:
        x = sp.N(other, 60)
    except Exception:                                            # noqa: BLE001 - no value: the check decides
        return False
    if not (x.is_real and x.is_Number):
        return False
    unit = 2 * stated.half_unit
    x = sp.Rational(str(x))
    if abs(x - stated.value) <= stated.half_unit:
        return False
    cut = sp.sign(x) * sp.floor(abs(x) / unit) * unit
    return cut == stated.value


# The words before a display that say what its ≈ means.  "the approximating quadratic at $[-1,0]^\top$", "the linear
# approximation near $x = 0$", "a second-order Taylor expansion around $(0, 0)$": a series at that point whose error
# is of the next order (quadratic: O(r³)).  "for large $n$", "as $n \to \infty$": a limit.  Only in the sentence that
# runs into the display (no full stop and no other formula after the point).
_DEGREES = {"linear": 1, "first": 1, "quadratic": 2, "second": 2, "cubic": 3, "third": 3}
_SERIES_AT = re.compile(
    r"\b(?:(linear|(?:first|second|third)[- ]order|quadratic|cubic)\s+(?:Taylor\s+)?(?:approximation|approximant|"
    r"expansion|polynomial)|approximating\s+(linear\s+function|quadratic|cubic))\s+(?:at|near|around|about)\s+"
    r"(?:the\s+point\s+)?\$([^$]+)\$[^.$]*$", re.I)
_LARGE = re.compile(r"\b(?:for|when|as)\s+(?:a\s+|very\s+)?large\s+\$\s*(\\?[A-Za-z]+)\s*\$[^.$]*$"
                    r"|\bas\s+\$\s*(\\?[A-Za-z]+)\s*\\(?:to|rightarrow)\s*\\infty\s*\$[^.$]*$", re.I)
_POINT_NUMBER = re.compile(r"-?\s*(?:\d+(?:\.\d+)?|\\frac\s*\{\s*-?\d+\s*\}\s*\{\s*\d+\s*\})")
_HEAD_NAMES = re.compile(r"\s*\\?[A-Za-z]+\s*(?:\\left\s*)?\(\s*(\\?[A-Za-z]+(?:\s*,\s*\\?[A-Za-z]+)*)\s*(?:\\right\s*)?\)\s*")


@dataclass(frozen=True)
class StatedMeaning:
    """What the text's words say a display's ≈ means: a series at a point to an order, or (order None) a limit.
    `at` is the point or the limit as the words write it (`x = 0`, `[-1,0]^\top`): the place the ≈ is taken at,
    not a condition of the line."""
    var: sp.Symbol
    point: sp.Expr
    order: int | None
    words: str
    at: str = ""


def _point_number(latex: str):
    s = latex.strip()
    if not _POINT_NUMBER.fullmatch(s):
        return None
    frac = re.fullmatch(r"(-?)\s*\\frac\s*\{\s*(-?\d+)\s*\}\s*\{\s*(\d+)\s*\}", s)
    if frac:
        return (-1 if frac.group(1) else 1) * sp.Rational(int(frac.group(2)), int(frac.group(3)))
    return sp.nsimplify(s.replace(" ", ""), rational=True)


def _point(latex: str) -> tuple[list[str], list] | None:
    """`[-1,0]^\\top`, `(0, 0)`, `x = 0`, `(x, y) = (1, 2)`, `1`: (the names it gives, or [], its numbers)."""
    s = re.sub(r"\\left\b|\\right\b|\^\s*\{?\s*(?:\\top|T|\\intercal|\\mathsf\{T\})\s*\}?", "", latex).strip()
    names: list[str] = []
    if "=" in s:
        left, _, s = s.partition("=")
        names = [n.strip().lstrip("\\") for n in left.strip().strip("()").split(",")]
        if not all(re.fullmatch(r"[A-Za-z]+", n) for n in names):
            return None
    s = s.strip()
    if s[:1] + s[-1:] in ("()", "[]"):
        s = s[1:-1]
    values = [_point_number(p) for p in s.split(",")]
    if not values or any(v is None for v in values) or (names and len(names) != len(values)):
        return None
    return names, values


def _of_degree(approximations: list, var: sp.Symbol, degree: int) -> bool:
    """Whether each side an ≈ reaches is a polynomial in var of at most that degree: "the approximating quadratic"
    is one (a side that is not states something else, which the series' order alone would not check)."""
    try:
        return all(isinstance(e, sp.Basic) and sp.Poly(sp.expand(e), var).degree() <= degree for e in approximations)
    except (sp.PolynomialError, sp.GeneratorsNeeded, ValueError, TypeError):
        return False


def meaning_in_words(prose: str, first_side: str, exprs: list, used: set[str], relations=()):
    """(the chain's sides, StatedMeaning, the rule) when the words that run into a display say what its ≈ means, else
    None.  A series at a point of several names (`f(x, y) \\approx …` "the approximating quadratic at [-1,0]^T") is
    taken along every line through the point: x = −1 + u_x·h, y = 0 + u_y·h, the error O(h³) for every direction
    (u_x, u_y), which is the error O(r³) of the quadratic; the sides are written in h and the directions."""
    tail = " ".join(prose.split())[-300:]
    symbols = {s.name: s for e in exprs if isinstance(e, sp.Basic) for s in e.free_symbols if isinstance(s, sp.Symbol)}
    large = _LARGE.search(tail)
    if large:
        name = (large.group(1) or large.group(2)).lstrip("\\")
        if name not in symbols:
            return None
        # a limit only where the difference and the ratio read alike: an exact constant reached (e^{-1}), never a
        # side that grows with n (Stirling's n! ≈ √(2πn)(n/e)^n is a ratio tending to 1, its difference grows) nor a
        # decimal (2.72 for e is e to the digits written, not a limit equal to 2.72)
        reached = [exprs[k + 1] for k, r in enumerate(relations) if r == "approx"]
        if not reached or not all(isinstance(e, sp.Basic) and symbols[name] not in e.free_symbols
                                  and not e.atoms(sp.Float) and not (e.is_Rational and not e.is_Integer)
                                  for e in reached):
            return None
        return exprs, StatedMeaning(symbols[name], sp.oo, None, large.group(0).strip(), name), \
            f"read ≈ as the limit {name} → ∞ the text states (“{large.group(0).strip()}”)"
    found = _SERIES_AT.search(tail)
    if not found:
        return None
    word = (found.group(1) or found.group(2)).lower()
    degree = next(d for w, d in _DEGREES.items() if word.startswith(w))
    point = _point(found.group(3))
    if point is None:
        return None
    names, values = point
    if not names:
        head = _HEAD_NAMES.fullmatch(first_side)
        if head:
            names = [n.strip().lstrip("\\") for n in head.group(1).split(",")]
        elif len(values) == 1 and len(symbols) == 1:
            names = list(symbols)
    if len(names) != len(values) or len(set(names)) != len(names) or not all(n in symbols for n in names):
        return None
    words = found.group(0).strip()
    at = ", ".join(f"{n} = {v}" for n, v in zip(names, values))
    approximations = [exprs[k + 1] for k, r in enumerate(relations) if r == "approx"]
    if len(names) == 1:
        var = symbols[names[0]]
        if not _of_degree(approximations, var, degree):
            return None
        return exprs, StatedMeaning(var, values[0], degree + 1, words, found.group(3).strip()), \
            (f"read ≈ as the series the text states (“{words}”): the error is O(({names[0]} − {values[0]})^"
             f"{degree + 1}) at {at}")
    taken = set(used) | set(symbols)
    step = next((c for c in ("h", "t", "r", "s", "epsilon") if c not in taken), None)
    directions = [f"u_{n}" for n in names]
    if step is None or taken & set(directions):
        return None
    h = sp.Symbol(step)
    line = {symbols[n]: v + sp.Symbol(u) * h for n, v, u in zip(names, values, directions)}
    moved = [e.xreplace(line) if isinstance(e, sp.Basic) else e for e in exprs]
    if not _of_degree([moved[k + 1] for k, r in enumerate(relations) if r == "approx"], h, degree):
        return None
    return moved, StatedMeaning(h, sp.Integer(0), degree + 1, words, found.group(3).strip()), \
        (f"read ≈ as the series the text states (“{words}”) at {at}, along every line through that point: "
         f"{', '.join(f'{n} = {v} + {u}·{step}' for n, v, u in zip(names, values, directions))}, the error "
         f"O({step}^{degree + 1}) for every direction ({', '.join(directions)})")
