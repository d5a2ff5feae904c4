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
