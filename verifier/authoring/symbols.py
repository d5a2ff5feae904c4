"""Symbols that know how to be sampled, and the summation shorthands Σ and mean.

A derivation declares each symbol once with its domain: the SymPy assumptions
drive the symbolic strategies, and the sampling domain drives the numerics.
Keeping both in one declaration means the two checks can never disagree about
what a symbol ranges over.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import sympy as sp

# Vector lengths used when a size symbol is sampled: a tiny case, an odd
# medium case and a long one, as the engine issue asks.
DEFAULT_SIZES = (3, 17, 256)
# The declared fact of a one-hot vector (vector(..., one_hot=True)): every entry is 0 but one, which is 1.
ONE_HOT = "one-hot"


@dataclass(frozen=True)
class Law:
    """A stated sampling law for a symbol with no natural bounds: normal(0, 1), laplace(0, 1), exponential(1).

    The numerics draw from it; the symbolic side only sees the support (real or positive).
    """
    name: str                  # "normal", "laplace", "exponential"
    params: tuple[float, ...]
    support: str = "real"      # "real" or "positive": which declarations may use it

    def describe(self) -> str:
        shown = {"normal": "N", "laplace": "Laplace", "exponential": "Exp"}.get(self.name, self.name)
        return f"{shown}({', '.join(f'{p:g}' for p in self.params)})"


def normal(mean: float = 0.0, std: float = 1.0) -> Law:
    if not std > 0:
        raise ValueError(f"normal(mean, std) needs std > 0, not {std}")
    return Law("normal", (float(mean), float(std)))


def laplace(loc: float = 0.0, scale: float = 1.0) -> Law:
    if not scale > 0:
        raise ValueError(f"laplace(loc, scale) needs scale > 0, not {scale}")
    return Law("laplace", (float(loc), float(scale)))


def exponential(rate: float = 1.0) -> Law:
    if not rate > 0:
        raise ValueError(f"exponential(rate) needs rate > 0, not {rate}")
    return Law("exponential", (float(rate),), support="positive")


@dataclass(frozen=True)
class Domain:
    kind: str                  # "real", "integer", "complex", "size", "index", "vector", "choice"
    low: float | None = None
    high: float | None = None
    log: bool = False          # sample log-uniformly (for positive scales)
    sizes: tuple[int, ...] = ()
    size: sp.Symbol | None = None   # length of a vector / range of an index
    start: int = 1
    choices: tuple = ()
    law: Law | None = None     # when set, values are drawn from it instead of uniformly on [low, high]
    only: bool = False         # a size sampled at its declared sizes only, not also at the edge sizes
    # [low, high] is a hypothesis of every claim about the symbol (interval(), integer()), not only where
    # the numbers sample (real(), positive(), vector()): a proof may use it only then.
    confined: bool = False
    # An open end of a confined range: the bound itself is excluded (interval("p", 0, 1, open=True) is 0 < p < 1).
    # The sampler never draws an excluded bound, and a proof may use the strict inequality.
    open_low: bool = False
    open_high: bool = False
    # Declared facts about a vector's entries (vector(..., nonconstant=True)): "nonconstant", "nonzero",
    # "sorted" (ascending), "sorted descending", "distinct", "one-hot" (every entry 0 but one, which is 1).
    # Hypotheses of every claim about the vector: the
    # sampler honours them (evidence/declared_facts.py) and a proof may use them (prove/hypotheses.py).
    facts: tuple = ()

    def describe(self, name: str) -> str:
        """The domain in one line of text; never raises (a report must not lose a derivation over it)."""
        try:
            return self._describe(name)
        except Exception as exc:
            return f"{name}: {self.kind} domain that cannot be described ({exc.__class__.__name__})"

    def _describe(self, name: str) -> str:
        low, high = shown_number(self.low), shown_number(self.high)
        if self.law is not None:
            where = "(0, ∞)" if self.law.support == "positive" else "ℝ"
            entries = f"{name}_i ∈ {where}, i = {self.start}…{self.size}," if self.kind == "vector" \
                else f"{name} ∈ {where},"
            return f"{entries} sampled from {self.law.describe()}"
        if self.kind == "integer":
            return f"{name} ∈ {{{low}, …, {high}}}"
        if self.confined and self.kind == "real" and (self.open_low or self.open_high):
            return f"{name} ∈ {self._ends(low, high)}"
        if self.confined and self.kind == "real":      # a hypothesis, not to be read as a sampling range
            return f"{low} ≤ {name} ≤ {high}"
        if self.kind == "complex":
            return f"{name} ∈ ℂ, real and imaginary parts in [{low}, {high}]"
        if self.kind == "size":
            low = int(self.low or 1)
            if self.only:
                return f"{name} ∈ ℤ, {name} ≥ {low} (sampled at {', '.join(map(str, self.sizes))} only)"
            listed = (low, low + 1, 256)      # each size said once: a declared size already listed is not repeated
            more = [str(k) for k in dict.fromkeys(self.sizes) if k not in listed]
            return (f"{name} ∈ ℤ, {name} ≥ {low} (sampled at {low}, {low + 1}, seeded sizes up to 40"
                    + (f", 256 and {', '.join(more)})" if more else " and 256)"))
        if self.kind == "index":
            return f"{name} ∈ {{{self.start}, …, {self.size}}}"
        if self.kind == "vector" and ONE_HOT in self.facts:
            return f"{name} one-hot: {name}_i ∈ {{0, 1}}, i = {self.start}…{self.size}, exactly one {name}_i = 1"
        if self.kind == "vector":
            facts = "".join(f"; {name} {fact}" for fact in self.facts)
            if self.confined and (self.open_low or self.open_high):
                return f"{name}_i ∈ {self._ends(low, high)}, i = {self.start}…{self.size}{facts}"
            if self.confined:
                return f"{low} ≤ {name}_i ≤ {high}, i = {self.start}…{self.size}{facts}"
            return f"{name}_i ∈ [{low}, {high}], i = {self.start}…{self.size}{facts}"
        if self.kind == "choice":
            return f"{name} ∈ {{{', '.join(map(str, self.choices))}}}"
        scale = " (log-uniform)" if self.log else ""
        return f"{name} ∈ [{low}, {high}]{scale}"

    def _ends(self, low: str, high: str) -> str:
        """(0, 1), [0, 1) or (0, 1] as the open ends say."""
        return f"{'(' if self.open_low else '['}{low}, {high}{')' if self.open_high else ']'}"


def shown_number(x) -> str:
    """A declared bound as text: 0.05 as 0.05, Rational(-1, 2) as -1/2, pi as pi; never raises."""
    try:
        if isinstance(x, bool) or x is None:
            return str(x)
        if isinstance(x, (int, float)):
            return f"{x:g}"
        return str(x)
    except Exception:
        return repr(x)


def exact_bound(value, what: str):
    """A declared bound kept exact: int and float as given, SymPy's Integer as int and Float as float, a
    Rational (or fractions.Fraction) as a SymPy Rational, another real constant (pi, sqrt(2)) as itself.

    Exact, because a bound of interval() is a hypothesis a proof may use: 1/3 stored as the float below it
    would let a proof assume q ≤ 0.333…31.  Where the numbers need a float, evidence/inputs.py takes the
    nearest float inside the interval."""
    import numbers
    from fractions import Fraction
    if value is None:
        return None
    if isinstance(value, bool):
        raise ValueError(f"{what} is {value!r}: a bound is a number")
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, Fraction):
        return sp.Rational(value.numerator, value.denominator)
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real) and not isinstance(value, sp.Basic):
        return float(value)              # a NumPy float: already a binary float
    try:
        number = sp.sympify(value, strict=True)
    except (sp.SympifyError, TypeError):
        number = None
    if not isinstance(number, sp.Expr) or not number.is_number or number.is_real is not True \
            or number.is_finite is not True:
        raise ValueError(f"{what} is {value!r}: a bound is a real number (int, float, Rational(1, 3), pi)")
    if number.is_Integer:
        return int(number)
    if number.is_Float:
        return float(number)
    return number


def bound_as_written(value) -> sp.Expr:
    """A declared bound as a proof takes it: a float as the decimal it prints (0.05 as 1/20: the number the file
    wrote, which bounds_box encloses too), anything else exact.  A float's binary value (0.05000000000000000277)
    would let a proof on [0.05, 0.95] assume p > 1/20, and fail to show p ≥ 1/20."""
    if isinstance(value, float):
        return sp.Rational(repr(value))
    return sp.sympify(value)


def bounds_box(low, high):
    """[low, high] as an mpmath interval containing it as written (0.3 as 3/10, Rational(1, 3), pi), for proofs
    that use a declared range as a hypothesis: rounded outward, so the box never assumes more than was declared."""
    from mpmath import iv

    def enclosure(x):
        if isinstance(x, int):
            return iv.mpf(x)
        if isinstance(x, float):
            return iv.mpf(repr(x))                      # the decimal as written, enclosed
        if isinstance(x, sp.Rational):
            return iv.mpf(f"{x.p}/{x.q}")
        approx = iv.mpf(str(sp.N(x, 40)))
        return approx + iv.mpf([-1, 1]) * iv.mpf("1e-35") * (1 + abs(approx.b))
    return iv.mpf([enclosure(low).a, enclosure(high).b])


def domain_key(value) -> str:
    """repr(domain), computed without the dataclass repr's recursion guard.

    That guard (a set of the objects being printed) leaks its entry when an asynchronous exception (a
    time limit's signal) lands between adding and removing it; from then on the domain prints as '...'
    in that process, so a symbol's identity changed in mid-run and two equal symbols compared unequal
    (two λ's in one step, one following a limit's approach variable).  Same text, no state."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        shown = ", ".join(f"{f.name}={domain_key(getattr(value, f.name))}"
                          for f in dataclasses.fields(value) if f.repr)
        return f"{type(value).__qualname__}({shown})"
    if isinstance(value, tuple):
        return repr(tuple(_Shown(domain_key(v)) for v in value))
    return repr(value)


class _Shown(str):
    def __repr__(self):
        return str(self)


class Declared(sp.Symbol):
    """A SymPy symbol that carries its sampling domain as part of its identity.

    Two files may both call a vector `s` yet sample it differently; keeping the
    domain in the hashable content makes those two different symbols instead of
    letting the later declaration silently change the earlier one's numerics.
    """
    __slots__ = ("domain", "display", "_content")

    def __new__(cls, name: str, domain: Domain, display: str = "", **assumptions):
        cls._sanitize(assumptions, cls)
        obj = sp.Symbol.__xnew__(cls, name, **assumptions)
        obj.domain = domain
        obj.display = display or ""
        # A string, not the Domain itself: SymPy orders args by comparing hashable content.
        # The domain's repr names its size symbol only as "n", so the size's own identity is added:
        # s over size("n") and s over size("n", low=2) must be two symbols, not one cached object.
        # Name, assumptions, domain (frozen) and display never change after this, so the content is computed
        # once: SymPy asks for it at every comparison and sort, and rebuilding the domain's text each time
        # was a measurable share of a cold run.
        size = domain.size
        nested = repr(size._hashable_content()) if isinstance(size, Declared) else ""
        obj._content = sp.Symbol._hashable_content(obj) + (domain_key(domain), obj.display, nested)
        return obj

    def __getnewargs_ex__(self):
        return (self.name, self.domain, self.display), self.assumptions0

    def _hashable_content(self):
        return self._content

    # The display name (λ for a symbol that Python makes you call `lam`) is how the symbol prints in
    # LaTeX.  str() must stay the name: lambdify writes str(symbol) as the compiled function's argument.
    def _latex(self, printer):
        if not self.display:
            return printer._print_Symbol(self)
        return printer._deal_with_super_sub(_greek_names(self.display))


def display_name(sym) -> str:
    """How a report names a symbol or vector in plain text: its display name if declared with one."""
    label = sym.label if isinstance(sym, sp.IndexedBase) else sym
    return getattr(label, "display", "") or str(sym)


def _greek_names(text: str) -> str:
    """λ_1 → lambda_1, which SymPy's LaTeX printer turns into \\lambda_{1}; other characters pass through."""
    from sympy.printing.pretty.pretty_symbology import greek_unicode
    letters = {char: name for name, char in greek_unicode.items() if isinstance(char, str) and len(char) == 1}
    return "".join(letters.get(c, c) for c in text)


def domain_of(sym: sp.Basic) -> Domain | None:
    if isinstance(sym, sp.IndexedBase):
        sym = sym.label
    return getattr(sym, "domain", None) if isinstance(sym, Declared) else None


def declared_like(sym, name: str):
    """A fresh symbol (or vector) with the same domain and assumptions as sym, under another name."""
    if isinstance(sym, sp.IndexedBase):
        label = sym.label
        return sp.IndexedBase(Declared(name, label.domain, **label.assumptions0)) if isinstance(label, Declared) \
            else sp.IndexedBase(name, **sym.assumptions0)
    if isinstance(sym, Declared):
        return Declared(name, sym.domain, **sym.assumptions0)  # a new name, so not the old display
    return sp.Symbol(name, **sym.assumptions0)


def _names(names: str) -> list[str]:
    return names.replace(",", " ").split()


def _one_or_many(items):
    return items[0] if len(items) == 1 else tuple(items)


def _displays(names: list[str], display) -> list[str]:
    """One display name per declared name: display="λ" for one symbol, "λ μ" or a list for several."""
    if not display:
        return [""] * len(names)
    shown = display.split() if isinstance(display, str) else list(display)
    if len(shown) != len(names):
        raise ValueError(f"display= gives {len(shown)} name(s) for {len(names)} symbol(s): {' '.join(names)}")
    return shown


def _declare(names: str, domain: Domain, display="", **assumptions):
    listed = _names(names)
    return _one_or_many([Declared(n, domain, shown, **assumptions)
                         for n, shown in zip(listed, _displays(listed, display))])


def _bounds(declaration: str, names: str, low, high):
    """Both bounds exact (exact_bound), or a ValueError naming the declaration."""
    return exact_bound(low, f"{declaration}({names!r}): low"), exact_bound(high, f"{declaration}({names!r}): high")


def _checked_law(law: Law | None, support: str, declaration: str) -> Law | None:
    if law is not None and not isinstance(law, Law):
        raise ValueError(f"law= takes normal(...), laplace(...) or exponential(...), not {law!r}")
    if law is not None and support == "positive" and law.support != "positive":
        raise ValueError(f"{declaration}(..., law={law.describe()}) would sample values ≤ 0; "
                         "use a positive law such as exponential(1)")
    return law


def real(names: str, low: float = -3.0, high: float = 3.0, *, law: Law | None = None, display=""):
    """Real symbols, sampled uniformly on [low, high], or from `law` (e.g. normal(0, 1)) when given."""
    law = _checked_law(law, "real", "real")
    low, high = _bounds("real", names, low, high)
    return _declare(names, Domain("real", low, high, law=law), display, real=True)


def positive(names: str, low: float = 0.05, high: float = 20.0, *, law: Law | None = None, display=""):
    """Positive symbols, sampled log-uniformly on [low, high], or from a positive `law`."""
    law = _checked_law(law, "positive", "positive")
    low, high = _bounds("positive", names, low, high)
    return _declare(names, Domain("real", low, high, log=True, law=law), display, positive=True)


def nonnegative(names: str, low: float = 0.0, high: float = 20.0, *, law: Law | None = None, display=""):
    law = _checked_law(law, "positive", "nonnegative")
    low, high = _bounds("nonnegative", names, low, high)
    return _declare(names, Domain("real", low, high, law=law), display, nonnegative=True)


def interval(names: str, low: float, high: float, *, open=False, display="", **assumptions):
    """Real symbols confined to [low, high] (assumptions such as positive=True are up to you).

    open=True excludes both bounds ((low, high): 0 < p < 1), open="low" or open=("low",) the lower one
    only ((low, high]), open="high" the upper one ([low, high)).  The bounds are hypotheses every proof may
    use, strict at an open end, and the sampler never draws an excluded bound.
    With integer=True they are the integers in [low, high], and are sampled as integers.
    """
    open_low, open_high = _open_ends(open, f"interval({names!r})")
    if assumptions.get("integer"):
        if open_low or open_high:
            raise ValueError(f"interval({names!r}, integer=True, open=…): give the integer bounds that are included")
        return integer(names, low, high, display=display, **assumptions)
    low, high = _bounds("interval", names, low, high)
    if (open_low or open_high) and not bool(sp.sympify(low) < sp.sympify(high)):
        raise ValueError(f"interval({names!r}, {shown_number(low)}, {shown_number(high)}, open=…) is empty")
    assumptions.setdefault("real", True)
    return _declare(names, Domain("real", low, high, confined=True, open_low=open_low, open_high=open_high),
                    display, **assumptions)


def _open_ends(open, what: str) -> tuple[bool, bool]:
    """open=True / False / "low" / "high" / ("low",) / ("low", "high") as (open_low, open_high)."""
    if open is True or open is False:
        return bool(open), bool(open)
    ends = (open,) if isinstance(open, str) else open
    if not isinstance(ends, (tuple, list)) or not ends or any(e not in ("low", "high") for e in ends):
        raise ValueError(f"{what}: open= takes True, 'low', 'high' or ('low', 'high'), not {open!r}")
    return "low" in ends, "high" in ends


def integer(names: str, low: int = -10, high: int = 10, *, display="", **assumptions):
    """Integers k with low ≤ k ≤ high, sampled uniformly among them.

    The bounds also become SymPy assumptions where they say something (low ≥ 0: nonnegative,
    low ≥ 1: positive), so a proof may use what the numerics are confined to.
    """
    low, high = _bounds("integer", names, low, high)
    lo, hi = int(sp.ceiling(low)), int(sp.floor(high))
    if lo > hi:
        raise ValueError(f"integer({names!r}, {low}, {high}): no integer lies in that range")
    assumptions["integer"] = True
    if lo >= 1:
        assumptions.setdefault("positive", True)
    elif lo >= 0:
        assumptions.setdefault("nonnegative", True)
    return _declare(names, Domain("integer", lo, hi, confined=True), display, **assumptions)


def complex_number(names: str, low: float = -3.0, high: float = 3.0, *, display=""):
    """Complex numbers z = x + iy, with x and y each sampled uniformly on [low, high]."""
    low, high = _bounds("complex_number", names, low, high)
    return _declare(names, Domain("complex", low, high), display, complex=True)


def size(names: str, sizes: tuple[int, ...] = DEFAULT_SIZES, *, only: tuple[int, ...] | None = None, low: int = 1):
    """Positive integers that are lengths (n): symbolic for proofs, concrete sizes for numerics.

    The numerics also try the edge sizes low, low + 1 and a few seeded ones up to about 40, besides
    `sizes`; `only=(…)` samples exactly those sizes.  `low=2` declares n ≥ 2 (say, for a 1/(n − 1)).
    """
    if low < 1 or int(low) != low:
        raise ValueError(f"size({names!r}, low={low}): a size is an integer ≥ 1")
    chosen = tuple(only) if only is not None else tuple(sizes)
    if any(int(k) != k or k < low for k in chosen):
        raise ValueError(f"size({names!r}): sizes {chosen} must be integers ≥ {low}")
    domain = Domain("size", low=int(low) if low > 1 else None, sizes=chosen, only=only is not None)
    return _one_or_many([Declared(n, domain, integer=True, positive=True) for n in _names(names)])


def index(names: str, n: sp.Symbol, start: int = 1):
    """Integer indices ranging over start…n."""
    return _one_or_many([Declared(x, Domain("index", size=n, start=start), integer=True)
                         for x in _names(names)])


def vector(names: str, n: sp.Symbol, low: float | None = None, high: float | None = None, positive: bool = False,
           start: int = 1, *, law: Law | None = None, display="", confined: bool = False, open=False,
           nonconstant: bool = False, nonzero: bool = False, sorted=False, distinct: bool = False,
           one_hot: bool = False):
    """Real vectors v_start … v_n (IndexedBase), entries sampled uniformly on [low, high] (or i.i.d. from `law`).

    The default range is [-3, 3], or [0.05, 3] for positive=True: a positive vector is sampled positive.
    With confined=True, low ≤ v_i ≤ high is a hypothesis of every claim about v (as interval() is for a
    scalar), which a proof may use; otherwise the range only says where the numbers sample.  open= (as for
    interval(), and implying confined=True) excludes a bound.

    Declared facts, hypotheses of every claim about v that the sampler honours and proofs may use:
    nonconstant=True (not all entries equal: needs at least two entries, so size("n", low=2)),
    nonzero=True (not every entry 0), sorted=True or sorted="descending" (v_1 ≤ v_2 ≤ …, or ≥),
    distinct=True (no two entries equal).

    one_hot=True: every entry is 0 but one, which is 1 (a label written as a one-hot vector).  The numbers sample
    only such vectors, each with its hot entry at a seeded place, a counterexample names that place, and a proof may
    use 0 ≤ v_i ≤ 1.  It takes no range, law, sign or other fact: the fact says every value the entries take.
    """
    if one_hot:
        return _one_hot(names, n, start, display, low=low, high=high, positive=positive, law=law,
                        confined=confined, open=open, nonconstant=nonconstant, nonzero=nonzero, sorted=sorted,
                        distinct=distinct)
    if confined and law is not None:
        raise ValueError(f"vector({names!r}): a law and confined=True together are ambiguous: choose one")
    open_low, open_high = _open_ends(open, f"vector({names!r})")
    if open_low or open_high:
        if law is not None:
            raise ValueError(f"vector({names!r}): open= bounds a range; a law has none")
        confined = True
    facts = _vector_facts(names, n, start, nonconstant, nonzero, sorted, distinct)
    law = _checked_law(law, "positive" if positive else "real", "vector")
    low = (0.05 if positive else -3.0) if low is None else low
    high = 3.0 if high is None else high
    low, high = _bounds("vector", names, low, high)
    if positive and low <= 0:
        raise ValueError(f"vector({names!r}, positive=True, low={shown_number(low)}) would sample entries ≤ 0: "
                         "give low > 0")
    out = []
    listed = _names(names)
    for name, shown in zip(listed, _displays(listed, display)):
        domain = Domain("vector", low, high, size=n, start=start, law=law, confined=confined,
                        open_low=open_low, open_high=open_high, facts=facts)
        assumptions = {"positive": True} if positive else {"real": True}
        out.append(sp.IndexedBase(Declared(name, domain, shown, **assumptions), **assumptions))
    return _one_or_many(out)


def _one_hot(names: str, n, start: int, display, **others):
    """One-hot vectors (vector(..., one_hot=True)): entries confined to [0, 1], with the fact "one-hot"."""
    given = [k for k, v in others.items() if v is not None and v is not False]
    if given:
        raise ValueError(f"vector({names!r}, one_hot=True): a one-hot vector takes no {', '.join(given)} (its "
                         "entries are 0 but one, which is 1)")
    out = []
    listed = _names(names)
    for name, shown in zip(listed, _displays(listed, display)):
        domain = Domain("vector", 0, 1, size=n, start=start, confined=True, facts=(ONE_HOT,))
        out.append(sp.IndexedBase(Declared(name, domain, shown, real=True), real=True))
    return _one_or_many(out)


def _vector_facts(names: str, n, start: int, nonconstant, nonzero, ordered, distinct) -> tuple:
    """The declared facts as a tuple of names; a nonconstant vector needs at least two entries."""
    facts = []
    if nonconstant:
        least = _least_length(n, start)
        if least is None or least < 2:
            raise ValueError(f"vector({names!r}, nonconstant=True): a vector with one entry is constant; declare "
                             f"its size with at least two entries, e.g. size('n', low={start + 1})")
        facts.append("nonconstant")
    if nonzero:
        facts.append("nonzero")
    if ordered not in (False, None):
        if ordered not in (True, "ascending", "descending"):
            raise ValueError(f"vector({names!r}, sorted=…) takes True, 'ascending' or 'descending', not {ordered!r}")
        facts.append("sorted descending" if ordered == "descending" else "sorted")
    if distinct:
        facts.append("distinct")
    return tuple(facts)


def _least_length(n, start: int) -> int | None:
    """The fewest entries v_start … v_n can have: n's declared least value − start + 1 (None if unknown)."""
    if isinstance(n, int) or (isinstance(n, sp.Basic) and n.is_Integer):
        return int(n) - start + 1
    d = domain_of(n) if isinstance(n, sp.Symbol) else None
    if d is not None and d.kind == "size":
        return int(d.low or 1) - start + 1
    return None


def index_range(i: sp.Symbol) -> tuple[sp.Expr, sp.Expr]:
    d = domain_of(i)
    if d is None or d.kind != "index":
        raise ValueError(f"{i} is not a declared index: declare it with index('{i}', n)")
    return sp.Integer(d.start), d.size


def Σ(summand, i: sp.Symbol) -> sp.Sum:
    """Σ_i summand over the declared range of index i."""
    lo, hi = index_range(i)
    return sp.Sum(summand, (i, lo, hi))


def mean(summand, i: sp.Symbol) -> sp.Expr:
    """(1/n) Σ_i summand: the empirical mean over index i."""
    lo, hi = index_range(i)
    return sp.Sum(summand, (i, lo, hi)) / (hi - lo + 1)
