"""Independent numeric evidence: the inputs of an expression, their domains, and the comparison.

`compare` evaluates both sides in certified ball arithmetic (compare.py, balls.py) at
edge-seeking sample points (sampling.py).  The mpmath compilation kept here
(`compile_expr`, `evaluate`) serves the trends of ≈ meanings, the measured-error
tables and the benchmark baseline: lambdify with hoisted reductions, because
subs/evalf is orders of magnitude slower.
"""
from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field

import mpmath
import sympy as sp
from sympy.printing.pycode import MpmathPrinter

from .. import functions as _functions
from ..authoring.reductions import IndexedMax, IndexedMin
from ..authoring.substitutions import ambiguous, rebuild
from ..authoring.symbols import ONE_HOT, Domain, domain_of



class SamplingError(ValueError):
    pass


class _Printer(MpmathPrinter):
    """mpmath printer that also knows the index reductions max_i / min_i."""

    def _reduction(self, expr, fn):
        i, lo, hi = expr.limits[0]
        return "builtins.%s(%s for %s in range(%s, %s+1))" % (
            fn, self._print(expr.function), self._print(i), self._print(lo), self._print(hi))

    def _print_IndexedMax(self, expr):
        return self._reduction(expr, "max")

    # An entry with several indices (y_ij) is read from its table's flat list (Table), where the balls read it.
    def _print_Indexed(self, expr):
        if len(expr.indices) == 1:
            return super()._print_Indexed(expr)
        return "table_entry(%s, %d, %s)" % (str(expr.base), table_start(expr.base),
                                             ", ".join(self._print(k) for k in expr.indices))

    def _print_IndexedMin(self, expr):
        return self._reduction(expr, "min")

    # A product over k = a…b (a limit of Π (1 + 1/k²) as n → ∞ crashed the check: the base printer has none).
    # The index runs as an ExactInt, so 1/k² is an mpmath number, not a 53-bit float.
    def _print_Product(self, expr):
        loops = " ".join("for %s in builtins.map(ExactInt, range(%s, %s+1))" % (
            self._print(i), self._print(lo), self._print(hi)) for i, lo, hi in expr.limits[::-1])
        return "mpmath.fprod(%s %s)" % (self._print(expr.function), loops)

    # Functions the base printer has no mpmath name for (a check using one crashed), and the parts of a
    # complex number: each is written as the mpmath call the one table of functions (verifier/functions.py,
    # column `mpmath`) gives it, of the same meaning, conventions and branches included
    # (tests/numbers_and_certificates/test_special_function_names.py compares each with SymPy's value and
    # with an independent definition).  A form the table does not vouch for (a symbolic polygamma order, a
    # symbolic LambertW branch, harmonic(n, m), erfcinv) stays unprinted, so its check is 'crashed'
    # (unknown), never a wrong number.  SymPy is never called at run time: its evalf of ψ(10¹²) could hang
    # a run.  Dispatch is SymPy's own (`_print_<Class>` along the MRO): `_print_Function` catches every
    # function class the base printer has no method for; the table's names are installed below.
    def _print_Function(self, expr):
        entry = _functions.facts(expr)
        call = entry.mpmath_call(expr) if entry is not None else None
        if call is None:
            if entry is not None and entry.mpmath is not None and entry.mpmath.name:
                return self._print_not_supported(expr)       # the table's function, outside its pattern
            return super()._print_Function(expr)
        name, args, keywords = call
        return "mpmath.%s(%s)" % (name, ", ".join([self._print(a) for a in args]
                                                   + ["%s=%r" % kv for kv in keywords.items()]))


def _install_table_names(printer: type) -> None:
    """`_print_<Name>` for every function the table gives an mpmath call of its own, so that the name wins over
    the base printer's (which prints re, zeta, Ei, … not at all)."""
    for entry in _functions.FUNCTIONS.values():
        if entry.mpmath is not None and entry.mpmath.name:
            setattr(printer, "_print_" + entry.name, _Printer._print_Function)


_install_table_names(_Printer)


class ExactInt(int):
    """A size or index that divides as an mpmath number, not as a Python float.

    It must stay an int for range(1, n + 1), but 1/n in compiled code would
    otherwise be a 53-bit float and spoil a 100-digit comparison.
    """

    def __truediv__(self, other):
        return mpmath.mpf(int(self)) / other

    def __rtruediv__(self, other):
        return other / mpmath.mpf(int(self))

    def __pow__(self, other, mod=None):
        if mod is None and (not isinstance(other, int) or other < 0):
            return mpmath.mpf(int(self)) ** other
        return _exact(int.__pow__(int(self), other, mod))

    def __rpow__(self, other):
        if not isinstance(other, int):
            return other ** mpmath.mpf(int(self))
        # 2**(−n) as Python ints is a 53-bit float: 0.0 below 2^−1074, and (2ⁿ + 1)·2^(−n) an OverflowError
        # (an int too large for a float) or, at n = 64, exactly 1.0.  A negative power is an mpmath number.
        return _exact(int.__pow__(other, int(self))) if self >= 0 else mpmath.mpf(other) ** int(self)

    # Integer arithmetic keeps the result exact and an ExactInt, so that −n, 1 − n, 2n are still sizes that
    # divide and take negative powers in mpmath (2**(1 − n) was a float through the plain int 1 − n).
    def __neg__(self):
        return ExactInt(-int(self))

    def __pos__(self):
        return self

    def __abs__(self):
        return ExactInt(abs(int(self)))

    def __add__(self, other):
        return _exact(int.__add__(self, other))

    def __radd__(self, other):
        return _exact(int.__radd__(self, other))

    def __sub__(self, other):
        return _exact(int.__sub__(self, other))

    def __rsub__(self, other):
        return _exact(int.__rsub__(self, other))

    def __mul__(self, other):
        return _exact(int.__mul__(self, other))

    def __rmul__(self, other):
        return _exact(int.__rmul__(self, other))


class ExactPrinter(_Printer):
    """The mpmath printer of the trends with no Python float anywhere, for the replay of agreeing points
    (replay.py): every integer literal, bound index (of a sum, a product, a max, a min) and Kronecker delta is
    an ExactInt, so 1/k, 2/3 and 2^(−n) are mpmath numbers at the working precision; i is mpmath's, not
    Python's 53-bit complex."""

    def _print_Integer(self, expr):
        return "ExactInt(%d)" % int(expr)

    def _print_ImaginaryUnit(self, expr):
        return "mpmath.mpc(0, 1)"

    def _loops(self, expr):
        return " ".join("for %s in builtins.map(ExactInt, range(%s, %s+1))" % (
            self._print(i), self._print(lo), self._print(hi)) for i, lo, hi in expr.limits[::-1])

    def _print_Sum(self, expr):
        return "builtins.sum((%s %s), ExactInt(0))" % (self._print(expr.function), self._loops(expr))

    def _reduction(self, expr, fn):         # an empty range has no max: max() raises, so evalf decides
        return "builtins.%s(%s %s)" % (fn, self._print(expr.function), self._loops(expr))

    def _print_KroneckerDelta(self, expr):
        a, b = (self._print(x) for x in expr.args)
        return "(ExactInt(1) if (%s) == (%s) else ExactInt(0))" % (a, b)


def _exact(result):
    """An int result as an ExactInt; anything else (NotImplemented for another operand's type) as it is."""
    return ExactInt(result) if type(result) is int else result


@dataclass
class Inputs:
    """The symbols an expression needs, in a fixed order, with their domains."""
    scalars: list[sp.Symbol]
    sizes: list[sp.Symbol]
    indices: list[sp.Symbol]
    vectors: list[sp.IndexedBase]
    # The vectors written with two or more indices (y_ij): their number of indices.  Such an entry's values are a
    # table (see Table), every index over the same range.
    ranks: dict = field(default_factory=dict)
    # Each table's shape: for each of its indices, the last value the claim's entries take it to (a size, n or
    # k - 1), or None where no range says (y_{1j}).  An entry past it has no value, as one past a vector's end.
    shapes: dict = field(default_factory=dict)
    # Why a table the claim writes has no settled shape (one index over two ranges, one name with one and with two
    # indices), or "": the numbers then evaluate nothing (the step is not decided by them, never refuted).
    unsettled: str = ""

    @property
    def args(self):
        return self.sizes + self.indices + self.vectors + self.scalars


class Table(list):
    """The entries of a vector written with `rank` indices (y_ij for rank 2), held as a vector's entries are: a
    flat list, positions below the declared start unused, then every entry in the order of its indices (the last
    index runs fastest), each index over the same range start…side.  Every evaluator reads an entry through
    `table_position`, so the balls, the replay and the sampler agree on which value y_ij is."""

    def __init__(self, entries=(), rank: int = 2, start: int = 1):
        super().__init__(entries)
        self.rank, self.start = rank, start

    def like(self, entries) -> "Table":
        """Other entries in the same shape (a moved or snapped copy keeps being a table)."""
        return Table(entries, self.rank, self.start)

    @property
    def side(self) -> int:
        """The last value every index takes."""
        return self.start - 1 + table_count(len(self), self.start, self.rank)


def copied(v, entries=None):
    """A copy of a point's value (or other entries in its place): a vector's or a table's entries in a fresh list
    of the same kind."""
    if isinstance(v, list):
        entries = v if entries is None else entries
        return v.like(entries) if isinstance(v, Table) else list(entries)
    return v


def table_length(side: int, start: int, rank: int) -> int:
    """The length of the flat list holding a table whose `rank` indices each run over start…side."""
    return start + max(0, side - start + 1) ** rank


def table_count(length: int, start: int, rank: int) -> int:
    """How many values each index of a table of this flat length takes (the inverse of table_length)."""
    count = round(max(0, length - start) ** (1 / rank))
    while count ** rank > length - start:
        count -= 1
    while (count + 1) ** rank <= length - start:
        count += 1
    return count


def table_position(length: int, start: int, indices) -> int | None:
    """Where the entry at these whole indices sits in a table's flat list, or None when an index lies outside the
    range every index runs over (the entry does not exist, as a vector's entry past its length does not)."""
    count = table_count(length, start, len(indices))
    position = 0
    for k in indices:
        if isinstance(k, bool) or not isinstance(k, int) or not start <= k < start + count:
            return None
        position = position * count + (k - start)
    return start + position


def table_indices(length: int, start: int, rank: int):
    """(position, indices) for every entry of a table of this flat length, in order."""
    count = table_count(length, start, rank)
    for position, indices in enumerate(itertools.product(range(start, start + count), repeat=rank)):
        yield start + position, indices


def table_entry(entries, start: int, *indices):
    """The entry at these indices of a table (mpmath evaluation): IndexError where it does not exist, as a list
    raises past a vector's end."""
    position = table_position(len(entries), start, tuple(int(k) for k in indices))
    if position is None or entries[position] is None:
        raise IndexError(f"entry {tuple(indices)} lies outside the table")
    return entries[position]


def table_start(base) -> int:
    """Where a table's indices start (its declaration's start), checked to be a table the evaluators can hold:
    a declared fact about its entries (sorted, one-hot, …) is a fact about a vector, whose meaning for a table
    (every row one-hot?) the declaration does not settle, so such a table is not evaluated."""
    d = domain_or_fallback(base)
    if d.kind != "vector":
        raise SamplingError(f"{base} is written with several indices but is not declared a vector")
    if d.facts:
        raise SamplingError(f"{base} is written with several indices and declared {', '.join(map(str, d.facts))}: "
                            f"what that fact says about a table is not settled")
    return int(d.start)


def hot_entry(entries: list, d: Domain) -> int | None:
    """The index of the entry 1 of a vector declared one-hot (entries as a point holds them, from index 0), or None
    when it is not declared one-hot or the entries are not one-hot (every entry 0 but one, which is 1)."""
    if ONE_HOT not in d.facts or not isinstance(entries, list):
        return None
    body = entries[d.start:]
    if any(x is None or not (x == 0 or x == 1) for x in body) or sum(1 for x in body if x == 1) != 1:
        return None
    return next(d.start + k for k, x in enumerate(body) if x == 1)


def _hot_words(sym, entries: list) -> str:
    """", one-hot at 2" for a vector declared one-hot whose entry 2 is its 1, else "" (never raises)."""
    try:
        d = domain_of(sym)
        hot = hot_entry(entries, d) if d is not None else None
        return f", one-hot at {hot}" if hot is not None else ""
    except Exception:
        return ""


def _fallback_domain(sym: sp.Symbol) -> Domain | None:
    if sym.is_integer and sym.is_positive:
        return Domain("size", sizes=(3, 17, 256))
    if sym.is_integer:
        # A plain SymPy integer (symbols('k', integer=True)) must be sampled at integers: a real
        # sample would refute identities that hold only for integers, such as cos(πk)² = 1.
        return Domain("integer", 0 if sym.is_nonnegative else -10, 10)
    if sym.is_positive:
        return Domain("real", 0.05, 20.0, log=True)
    if sym.is_nonnegative:
        return Domain("real", 0.0, 20.0)
    if sym.is_real:
        return Domain("real", -3.0, 3.0)
    if sym.is_complex:
        return Domain("complex", -3.0, 3.0)
    return None


def domain_or_fallback(sym) -> Domain:
    d = domain_of(sym)
    if d is None and isinstance(sym, sp.Symbol):
        d = _fallback_domain(sym)
    if d is None:
        raise SamplingError(f"symbol {sym} has no sampling domain: declare it with real('{sym}'), "
                            f"positive('{sym}'), integer('{sym}'), complex_number('{sym}'), size('{sym}') "
                            f"or vector('{sym}', n)")
    return d


def inputs_of(*exprs: sp.Expr) -> Inputs:
    syms, bases = set(), set()
    for e in exprs:
        bases |= e.atoms(sp.IndexedBase)
        syms |= {s for s in e.free_symbols if isinstance(s, sp.Symbol)}
    labels = {b.label for b in bases}
    syms -= labels
    ranks: dict = {}
    for e in exprs:
        for entry in e.atoms(sp.Indexed):
            ranks.setdefault(entry.base, set()).add(len(entry.indices))
    unsettled = "; ".join(f"{base} is written with {' and with '.join(map(str, sorted(seen)))} indices"
                          for base, seen in ranks.items() if len(seen) > 1)
    ranks = {base: max(seen) for base, seen in ranks.items() if max(seen) > 1}
    shapes = {}
    if not unsettled:
        try:
            for base in ranks:
                table_start(base)
            shapes = table_shapes(exprs, ranks)
        except SamplingError as exc:
            unsettled = str(exc)
    scalars, sizes, indices = [], [], []
    for s in sorted(syms, key=str):
        d = domain_or_fallback(s)
        {"size": sizes, "index": indices}.get(d.kind, scalars).append(s)
    # A vector's length and a free index's range both need their size sampled, even where the size itself
    # does not appear (j ≥ 2 for j over 2…n is about n too: j must lie in 2…n).
    for owner in list(bases) + indices:
        d = domain_or_fallback(owner)
        if d.size is not None and d.size not in sizes and isinstance(d.size, sp.Symbol):
            sizes.append(d.size)
    return Inputs(scalars, sorted(sizes, key=str), indices, sorted(bases, key=str), ranks, shapes, unsettled)


def entry_ranges(exprs):
    """(entry, the last value of each of its indices or None) for every entry the expressions write: an index runs to
    the upper limit of the sum, product, max or min binding it, or to its declared size; a number or another
    expression says nothing (None)."""
    out = []

    def visit(e, ranges: dict):
        if isinstance(e, (sp.Sum, sp.Product, IndexedMax, IndexedMin)):
            inner = dict(ranges)
            for v, lo, hi in e.limits:
                inner[v] = hi
            visit(e.function, inner)
            for _, lo, hi in e.limits:
                visit(lo, ranges)
                visit(hi, ranges)
            return
        if isinstance(e, sp.Indexed):
            ends = []
            for index in e.indices:
                hi = ranges.get(index)
                if hi is None and isinstance(index, sp.Symbol):
                    d = domain_of(index)
                    hi = d.size if d is not None and d.kind == "index" else None
                ends.append(None if hi is None else sp.sympify(hi))
            out.append((e, tuple(ends)))
        for a in e.args:
            if isinstance(a, sp.Basic):
                visit(a, ranges)

    for e in exprs:
        visit(sp.sympify(e), {})
    return out


def table_shapes(exprs, ranks: dict) -> dict:
    """{table: (last value of each index, or None)} from the ranges the claim writes its entries over (entry_ranges):
    y_ij inside Σ_{i=1}^n Σ_{j=1}^k is an n × k table; an index taken to ends a whole number apart (…k, …k - 1) runs
    to the larger.  A table one of whose indices the claim takes over two other ranges (a_ij summed i ≤ n, j ≤ k
    beside a_ji summed the same way) has no settled shape: SamplingError, so the claim is not evaluated (at n = k it
    may hold)."""
    found: dict = {b: [set() for _ in range(r)] for b, r in ranks.items()}
    for entry, ends in entry_ranges(exprs):
        if entry.base in found:
            for axis, hi in enumerate(ends):
                if hi is not None:
                    found[entry.base][axis].add(hi)
    out = {}
    for base, axes in found.items():
        shape = []
        for axis, ends in enumerate(axes):
            if len(ends) > 1 and all((a - b).is_Integer for a in ends for b in ends):
                ends = {max(ends, key=lambda h: (h - next(iter(ends))))}   # …k beside …k - 1: the table runs to k
            if len(ends) > 1:
                raise SamplingError(f"the claim takes index {axis + 1} of {base} over "
                                    f"{' and over '.join(f'…{h}' for h in sorted(map(str, ends)))}: the table's "
                                    f"shape is not settled")
            shape.append(ends.pop() if ends else None)
        out[base] = tuple(shape)
    return out


_REDUCTIONS = (sp.Sum, IndexedMax, IndexedMin)


def _hoist(expr: sp.Expr):
    """Lift reductions that do not depend on an enclosing index out of that loop.

    p_i = e^{s_i} / Σ_j e^{s_j} inside Σ_i would otherwise recompute the normaliser
    for every i: O(n²) exponentials, minutes at n = 256 and 100 digits.
    Returns the rewritten expression and the (symbol, reduction) definitions, innermost first.
    """
    defs: list[tuple[sp.Symbol, sp.Expr]] = []

    def visit(e, outer: frozenset):
        if isinstance(e, _REDUCTIONS):
            node = e.func(visit(e.function, outer | set(e.variables)), *e.limits)
            if outer and not (_free_variables(node) & outer):
                sym = sp.Dummy(f"h{len(defs)}")
                defs.append((sym, node))
                return sym
            return node
        if not e.args or not e.has(*_REDUCTIONS):
            return e
        return rebuild(e, [visit(a, outer) for a in e.args])

    return visit(expr, frozenset()), defs


def _free_variables(e) -> set:
    """Symbols free in e, where a reduction binds its own index even if an outer one has the same name."""
    if isinstance(e, _REDUCTIONS):
        inner = _free_variables(e.function) - set(e.variables)
        for _, lo, hi in e.limits:
            inner |= _free_variables(lo) | _free_variables(hi)
        return inner
    if isinstance(e, sp.Symbol):
        return {e}
    out = set()
    for a in e.args:
        out |= _free_variables(a)
    return out


def _lambdify(args, expr, printer=None):
    return sp.lambdify(args, expr, modules=["mpmath", {"mpmath": mpmath, "ExactInt": ExactInt,
                                                        "table_entry": table_entry}],
                       printer=printer or _Printer)


def _unfollowable_subs(e, inside: bool = False) -> str | None:
    """Why lambdify's own handling of a Subs would give a wrong number, or None.

    lambdify replaces each Subs by dummies assigned at the top of the function, all at once: right for a
    Subs outside any binding whose readings agree, wrong for a flattened nesting with a repeated variable
    (Subs(Subs(x² + y, x, x + 1), x, 3) would be 9 + y, not 16 + y), for an ambiguous one, and for one
    inside a sum, an integral or another Subs, whose point would be read outside its binding
    (Subs(x + Subs(x·y, y, x), x, 2) would be 2 + 2x, not 6)."""
    if isinstance(e, sp.Subs):
        if inside:
            return "a substitution inside a sum, an integral or another substitution"
        if len(set(e.variables)) < len(e.variables):
            return "a nested substitution that SymPy flattened into one with a repeated variable"
        why = ambiguous(e)
        if why:
            return why
    if not isinstance(e, sp.Basic) or not e.has(sp.Subs):
        return None
    binds = isinstance(e, (sp.Subs, sp.Derivative, sp.Lambda)) or hasattr(e, "limits")
    for a in e.args:
        why = _unfollowable_subs(a, inside or binds)
        if why:
            return why
    return None


def compile_expr(expr: sp.Expr, inputs: Inputs, printer=None):
    """expr as one mpmath function of inputs.args (printer: the trends' by default, or ExactPrinter)."""
    why = _unfollowable_subs(expr) or inputs.unsettled
    if why:
        raise SamplingError(f"the numbers cannot follow {why}")
    main, defs = _hoist(expr)
    args = list(inputs.args)
    steps = []
    for sym, node in defs:
        steps.append(_lambdify(args, node, printer))
        args = args + [sym]
    body = _lambdify(args, main, printer)

    def fn(*values):
        values = list(values)
        for step in steps:
            values.append(step(*values))
        return body(*values)

    return fn


@dataclass
class Point:
    values: dict                       # symbol -> float, int or list of floats (index 0 unused)
    # Which kind of point it is, for the coverage record: "random" (the regular schedule), "corner",
    # "structure" (named by the expression, structure.py) or "optimised" (search.py); not part of equality.
    kind: str = field(default="random", compare=False)

    def args(self, inputs: Inputs) -> list:
        out = []
        for sym in inputs.args:
            v = self.values[sym]
            if isinstance(v, list):     # a table's entry past its shape has no value (None)
                out.append([None] + [None if x is None else mpmath.mpf(x) for x in v[1:]])
            elif isinstance(v, int):
                out.append(ExactInt(v))
            elif isinstance(v, complex):
                out.append(mpmath.mpc(v))
            elif isinstance(v, sp.Basic):
                out.append(mpmath.mpf(sp.N(v, mpmath.mp.dps + 10)))
            else:
                out.append(mpmath.mpf(v))
        return out

    def describe(self) -> dict[str, str]:
        out = {}
        for sym, v in self.values.items():
            if isinstance(v, Table):
                out[str(sym)] = "".join(_table_words(v))
            elif isinstance(v, list):
                body = v[1:]
                shown = ", ".join(f"{x:.6g}" for x in body[:6]) + (", …" if len(body) > 6 else "")
                out[str(sym)] = f"({shown}) [length {len(body)}{_hot_words(sym, v)}]"
            else:
                out[str(sym)] = f"{v:.17g}" if isinstance(v, float) else str(v)
        return out

    def said(self):
        """`describe` as the words str() gives it, each scalar held as a verdicts.Number (every digit drawn)."""
        from ..verdicts import Formula, Number, Said
        described, parts = self.describe(), []
        for k, (sym, v) in enumerate(self.values.items()):
            text = described[str(sym)]
            if isinstance(v, Table):
                text = Said(*_table_words(v, Number))
            elif isinstance(v, list):
                body = v[1:]
                text = Said("(", Said.joined(", ", [Number(f"{x:.6g}") for x in body[:6]]),
                            ", …" if len(body) > 6 else "", f") [length {len(body)}{_hot_words(sym, v)}]")
            else:
                text = Number(text)
            quoted = repr(str(sym))          # the symbol as the words quote it ('H_0'), held as a formula
            name = Formula(quoted[1:-1], sp.latex(sym)) if quoted[0] == quoted[-1] == "'" and isinstance(sym, sp.Basic) \
                else quoted[1:-1]
            parts += [", " if k else "", "'", name, "': '", text, "'"]
        out = Said("{", *parts, "}")
        return out if out == str(described) else str(described)

    def as_values(self) -> dict:
        """The point as values (verdicts.PointValue), every digit drawn: what `describe` says in words."""
        from ..verdicts import PointValue
        out = {}
        for sym, v in self.values.items():
            if isinstance(v, list):
                body = [x for x in v[1:] if x is not None] if isinstance(v, Table) else v[1:]     # a table's entries
                out[str(sym)] = PointValue(entries=tuple(f"{float(x):.17g}" for x in body[:6]), length=len(body))
            else:
                out[str(sym)] = PointValue(f"{v:.17g}" if isinstance(v, float) else str(v))
        return out


TABLE_SHOWN = 6          # the entries a point's description writes out of a table, with their indices


def _table_words(v: Table, number=lambda text: text) -> list:
    """A table's entries as a point describes them, as parts (each entry's digits through `number`): each with its
    indices, y_ij in their order (the last index fastest), then its shape: "(1,1: 0.3, 1,2: 0.7, …) [2 × 3 entries]".
    An entry past the table's shape at the point has no value and is not written."""
    parts: list = ["("]
    shown, ends = 0, [v.start - 1] * v.rank
    for position, indices in table_indices(len(v), v.start, v.rank):
        x = v[position]
        if x is None:           # past the table's shape: no entry
            continue
        ends = [max(e, k) for e, k in zip(ends, indices)]
        if shown < TABLE_SHOWN:
            parts += [", " if shown else "", f"{','.join(map(str, indices))}: ",
                      number(f"{x:.6g}") if isinstance(x, float) else str(x)]
        elif shown == TABLE_SHOWN:
            parts.append(", …")
        shown += 1
    parts.append(f") [{' × '.join(str(e - v.start + 1) for e in ends)} entries]")
    return parts


def _draw_declared_law(d: Domain, rng: random.Random):
    """Integers, complex numbers and stated laws (normal, laplace, exponential); None for the uniform kinds."""
    if d.law is not None:
        name, params = d.law.name, d.law.params
        if name == "normal":
            return rng.gauss(params[0], params[1])
        if name == "laplace":
            return params[0] + params[1] * (rng.expovariate(1.0) - rng.expovariate(1.0))
        if name == "exponential":
            return rng.expovariate(params[0])
        raise SamplingError(f"unknown sampling law {d.law!r}")
    if d.kind == "integer":
        return rng.randint(int(d.low), int(d.high))
    if d.kind == "complex":
        low, high = _floats(d)
        return complex(rng.uniform(low, high), rng.uniform(low, high))
    return None


def inward(bound, side: str) -> float:
    """A declared bound as the nearest float inside the interval as written ([low, high]).

    low=0.3 is stored as 0.29999…, below 3/10: an entry sampled at that float lies outside [3/10, …]
    and could refute a claim true on the interval as written, so a bound the float misses by rounding
    is replaced by the next float inward.  Exact bounds (Rational(1, 3), pi) are rounded inward too."""
    from fractions import Fraction
    x = float(bound)
    if isinstance(bound, sp.Basic) and not bound.is_Rational:       # pi, sqrt(2): compared exactly by SymPy
        below, above = bool(sp.Rational(Fraction(x)) < bound), bool(sp.Rational(Fraction(x)) > bound)
        if side == "low" and below:
            return math.nextafter(x, math.inf)
        if side == "high" and above:
            return math.nextafter(x, -math.inf)
        return x
    if isinstance(bound, sp.Rational):
        written = Fraction(int(bound.p), int(bound.q))
    elif isinstance(bound, (int, Fraction)):
        written = Fraction(bound)
    else:
        written = Fraction(repr(x))
    if side == "low" and Fraction(x) < written:
        return math.nextafter(x, math.inf)
    if side == "high" and Fraction(x) > written:
        return math.nextafter(x, -math.inf)
    return x


def _floats(d: Domain) -> tuple:
    """The bounds to draw between: Python numbers as declared, exact ones (Rational(1, 3)) as inward floats."""
    return tuple(b if isinstance(b, (int, float)) else inward(b, side) for b, side in ((d.low, "low"), (d.high, "high")))


def draw(d: Domain, rng: random.Random) -> float:
    drawn = _draw_declared_law(d, rng)
    if drawn is not None:
        return drawn
    low, high = _floats(d)
    if d.log:
        return math.exp(rng.uniform(math.log(low), math.log(high)))
    return rng.uniform(low, high)


def _to_mpc(v):
    return v if isinstance(v, (mpmath.mpf, mpmath.mpc)) else mpmath.mpmathify(v)


def evaluate(fn, point: Point, inputs: Inputs, dps: int):
    with mpmath.workdps(dps):
        return _to_mpc(fn(*point.args(inputs)))


@dataclass
class Comparison:
    """Outcome of comparing two sides over sampled points (see compare.py for the rules)."""
    agrees: bool
    refuted: bool
    worst: mpmath.mpf | None                # largest |lhs − rhs| (or violation) bound among agreeing points
    evaluated: int                          # points that agreed at both precisions
    failures: list[str] = field(default_factory=list)
    counterexample: tuple | None = None     # (point, {dps: lhs}, {dps: rhs}); values are balls or "undefined (…)"
    sizes: list[int] = field(default_factory=list)
    certificate: dict = field(default_factory=dict)   # {dps: "lhs − rhs ∈ [mid +/- rad], so …"} of a refutation
    inconclusive: int = 0                   # points whose balls stayed too wide up to the precision cap
    undefined_at: dict | None = None        # the point where a side has no value, if that refuted the claim
    timed_out: bool = False
    uncertified: list[str] = field(default_factory=list)   # functions evaluated by mpmath (FLINT lacks them)
    exact: str = ""                         # how an exact (sampling-free) decision was reached
    replay: str = ""                        # what SymPy's evalf found replaying the step as written (replay.py)
    engine_error: str = ""                  # the balls and the replay disagree: the step is unknown, loudly
    engine_gap: object = None               # there, lhs − rhs as the balls certified it (verdicts.Ball, ComplexBall)
    skipped: int = 0                        # points that are no evidence (neither side has a value there)
    notes: list[str] = field(default_factory=list)
    # Which kinds of points were visited ({"random": 12, "corner": 3, "structure": 6, "optimised": 40}, the
    # last counting the search's low-precision evaluations), the smallest slack (largest |lhs − rhs| for =)
    # among the certified agreeing points, and the sentence the evidence shows.
    coverage: dict = field(default_factory=dict)
    smallest_slack: str = ""
    coverage_note: str = ""
    # The same evidence as values (verdicts.py): the cross-check of agreeing points; a refutation's gap at each
    # precision as a ball, the quantity it encloses and what it shows; the replay's value of that quantity.
    cross: object = None                    # verdicts.CrossCheck, or None when no agreeing point was replayed
    gap_quantity: str = ""
    gap_balls: dict = field(default_factory=dict)           # {dps: verdicts.Ball}
    gap_excludes: str = ""
    replayed_gap: dict = field(default_factory=dict)        # {dps: value of the quantity, or words}
    replay_detail: str = ""                 # the replay of the refutation, in words, without its point
    balls_say: dict = field(default_factory=dict)           # {dps: the certificate without the replay}


def fmt(x, digits: int = 6) -> str:
    if x is None:
        return "—"
    if isinstance(x, str):
        return x
    if isinstance(x, int):
        return str(x)
    from flint import acb, arb
    if isinstance(x, (arb, acb)):
        # The midpoint, rounded in decimal by FLINT itself: never through a Python float.
        if isinstance(x, acb):
            return f"{fmt(x.real, digits)} + {fmt(x.imag, digits)}i"
        return x.mid().str(digits, radius=False)
    if isinstance(x, sp.Basic):
        return str(sp.N(x, digits))
    if isinstance(x, mpmath.mpc):
        return mpmath.nstr(x, digits)
    return mpmath.nstr(mpmath.mpf(x), digits)
