"""Random variables declared with a law, and expectations written as expressions SymPy does not compute.

    X = random_variable("X", normal(0, sigma))             # one draw of N(0, σ²)
    K, eps = independent_variables(("K", bernoulli(p)), ("varepsilon", normal(0, sigma)))
    xi = draws("xi", n, uniform(-1, 1))                    # xi_1 … xi_n, independent draws of one law
    expected(exp(X))                                       # E[e^X], kept unevaluated
    Var(X), Cov(X, Y), KL(normal(0, 1), normal(m, s))      # defined through expected()

Independence is a premise the declaration states, never a library's built-in model: variables declared
together by `independent_variables` (or `random_variable("X Y", law, independent=True)`) are independent,
and so are the entries of one `draws` vector with different indices.  Two variables declared apart have
no joint law: E[XY] is then left as it is (a proof cannot factor it, the numbers cannot evaluate it).  The
declaration is printed with the derivation's assumptions ("ε ~ Normal(0, σ), independent of K").

`Expectation` is a plain SymPy expression over its body: the random variables inside are bound by it
(they are not free symbols of the expectation), so the numbers never sample them.  What an expectation
is worth comes from its definition only: prove/expectations.py (linearity, the declared independence, the
moment table of each law, exact finite sums) and evidence/expectations.py (the integral against the
density, or the exact finite sum).
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..verdicts import Formula, Said
from .random_laws import Distribution, ExactLaw, as_distribution
from .symbols import Declared, Domain, domain_of


def _names(names: str) -> list[str]:
    return names.replace(",", " ").split()


def _displays(names: list[str], display) -> list[str]:
    if not display:
        return [""] * len(names)
    shown = display.split() if isinstance(display, str) else list(display)
    if len(shown) != len(names):
        raise ValueError(f"display= gives {len(shown)} name(s) for {len(names)} variable(s): {' '.join(names)}")
    return shown


def _one_or_many(items):
    return items[0] if len(items) == 1 else tuple(items)


@dataclass(frozen=True)
class RandomDomain(Domain):
    """The domain of a random variable: its law, and the names declared independent with it."""
    distribution: object = None
    group: tuple = ()           # ("K ~ Bernoulli(p)", "ε ~ Normal(0, σ)"): declared mutually independent

    def _describe(self, name: str) -> str:
        """"ε ~ N(0, σ), independent of K": the names held as formulas (ε_U set as ε with subscript U), the
        same words."""
        law = self.distribution.describe() if self.distribution is not None else "an undeclared law"
        if self.kind == "vector":
            entry = Formula(f"{name}_i", f"{{{_name_latex(name)}}}_{{i}}")
            return Said(entry, f" ~ {law} independently, i = {self.start}…{self.size}")
        others = [g.split(" ~ ")[0] for g in self.group if g.split(" ~ ")[0] != name]
        independent = (", independent of ", Said.joined(", ", [_name_formula(o) for o in others])) if others else ()
        return Said(_name_formula(name), f" ~ {law}", *independent)


def _name_latex(name: str) -> str:
    """A variable's name as LaTeX: varepsilon_U and ε_U as \\varepsilon_{U}."""
    from sympy.printing.pretty.pretty_symbology import greek_unicode
    letters = {char: word for word, char in greek_unicode.items() if isinstance(char, str) and len(char) == 1}
    letters["ε"] = "varepsilon"          # the texts' ε, not the lunate ϵ
    try:
        return sp.latex(sp.Symbol("".join(letters.get(c, c) for c in name)))
    except Exception:       # a name SymPy cannot print: as it is
        return name


def _name_formula(name: str) -> Formula:
    return Formula(name, _name_latex(name))


def _sampling(dist: Distribution, law) -> dict:
    """Where a random variable is sampled should it appear outside an expectation: its support."""
    if isinstance(law, ExactLaw):
        return {"low": -3.0, "high": 3.0, "law": law}
    if dist.discrete:
        values = [v for v, _ in dist.outcomes]
        if all(v.is_number for v in values):
            return {"low": float(min(values)), "high": float(max(values))}
    elif dist.name == "uniform" and all(p.is_number for p in dist.params):
        return {"low": float(dist.params[0]), "high": float(dist.params[1])}
    return {"low": -3.0, "high": 3.0}


def _assumptions(dist: Distribution) -> dict:
    if dist.name == "exponential":
        return {"positive": True}
    return {"real": True}


def _one(name: str, law, group: tuple, display: str):
    dist = as_distribution(law)
    domain = RandomDomain("real", distribution=dist, group=group, **_sampling(dist, law))
    return Declared(name, domain, display, **_assumptions(dist))


def random_variable(names: str, law, *, independent: bool = False, display=""):
    """Random variables with a law.  Several names with independent=True are independent draws of it;
    without, they share a law but no joint law is stated (E[XY] stays unevaluated)."""
    listed = _names(names)
    if not listed:
        raise ValueError("random_variable(names, law): give at least one name")
    dist = as_distribution(law)
    group = tuple(f"{n} ~ {dist.describe()}" for n in listed) if independent and len(listed) > 1 else ()
    return _one_or_many([_one(n, law, group, shown) for n, shown in zip(listed, _displays(listed, display))])


def independent_variables(*declared):
    """Mutually independent random variables, each with its own law: independent_variables(("K", bernoulli(p)),
    ("varepsilon", normal(0, sigma))) returns (K, ε).  Independence is the stated premise of every claim using them."""
    pairs = [(d[0], d[1], d[2] if len(d) > 2 else "") for d in declared]
    if len(pairs) < 2:
        raise ValueError("independent_variables needs at least two (name, law) pairs")
    if len({p[0] for p in pairs}) != len(pairs):
        raise ValueError("independent_variables: two variables share a name")
    group = tuple(f"{name} ~ {as_distribution(law).describe()}" for name, law, _ in pairs)
    return tuple(_one(name, law, group, shown) for name, law, shown in pairs)


def draws(name: str, n, law, start: int = 1, *, display=""):
    """name_start … name_n: independent draws of one law (an IndexedBase; entries with different indices
    are independent, the same index is the same draw)."""
    dist = as_distribution(law)
    sampled = _sampling(dist, law)
    domain = RandomDomain("vector", size=n, start=start, distribution=dist, **sampled)
    return sp.IndexedBase(Declared(name, domain, display, **_assumptions(dist)), **_assumptions(dist))


# -- what a draw is -----------------------------------------------------------------------------------

def random_domain(sym) -> RandomDomain | None:
    d = domain_of(sym) if isinstance(sym, (sp.Symbol, sp.IndexedBase)) else None
    return d if isinstance(d, RandomDomain) else None


def is_draw(e) -> bool:
    """A random variable (a declared symbol) or one entry of a vector of draws."""
    if isinstance(e, sp.Indexed):
        d = random_domain(e.base)
        return d is not None and d.kind == "vector"
    return isinstance(e, sp.Symbol) and (d := random_domain(e)) is not None and d.kind != "vector"


def law_of(draw) -> Distribution:
    d = random_domain(draw.base if isinstance(draw, sp.Indexed) else draw)
    return d.distribution


def draws_in(expr) -> set:
    """The draws expr depends on, outside the expectations nested in it (those bind their own)."""
    out = set()

    def walk(e):
        if isinstance(e, Expectation):
            return
        if is_draw(e):
            out.add(e)
            return
        if isinstance(e, sp.Basic):
            for a in e.args:
                walk(a)
    walk(sp.sympify(expr))
    return out


def relation(a, b) -> str:
    """How two draws relate by their declarations: "same", "independent", "undecided" (entries of one vector
    whose indices may or may not be equal) or "unknown" (no joint law declared)."""
    if a == b:
        return "same"
    if isinstance(a, sp.Indexed) and isinstance(b, sp.Indexed):
        if a.base != b.base:
            return "unknown"
        gap = sp.expand(a.indices[0] - b.indices[0])
        if gap == 0:
            return "same"
        if gap.is_zero is False:
            return "independent"
        return "undecided"
    if isinstance(a, sp.Indexed) or isinstance(b, sp.Indexed):
        return "unknown"
    da, db = random_domain(a), random_domain(b)
    if da.group and da.group == db.group and a.name != b.name:
        return "independent"
    return "unknown"


def independent_pair(a, b, distinct: frozenset = frozenset()) -> bool:
    """a and b are declared independent (or `distinct` pairs them as different entries of one vector)."""
    return relation(a, b) == "independent" or frozenset((a, b)) in distinct


def independence_groups(factors, distinct: frozenset = frozenset()) -> list[list]:
    """The factors, joined into groups whenever their draws are not declared independent (the same draw, or
    no joint law): E of a product is the product of the groups' E only across groups."""
    groups: list[tuple[set, list]] = []
    for f in factors:
        mine = draws_in(f)
        joined = [g for g in groups if any(not independent_pair(a, b, distinct) for a in mine for b in g[0])]
        merged = (set(mine), [f])
        for g in joined:
            merged[0].update(g[0])
            merged[1][:0] = g[1]
            groups.remove(g)
        groups.append(merged)
    return [fs for _, fs in groups]


# -- the expectation --------------------------------------------------------------------------------

class Expectation(sp.Expr):
    """E[body]: unevaluated; its random variables are bound (not free symbols of the expectation)."""
    is_commutative = True

    def __new__(cls, body, **kwargs):
        body = sp.sympify(body, strict=True)
        if not isinstance(body, sp.Expr):
            raise TypeError(f"expected() takes an expression, not {type(body).__name__}")
        return sp.Expr.__new__(cls, body)

    @property
    def body(self) -> sp.Expr:
        return self.args[0]

    @property
    def free_symbols(self) -> set:
        out = set()
        for s in self.body.free_symbols:
            if isinstance(s, sp.Indexed) and random_domain(s.base) is not None:
                continue
            if isinstance(s, sp.Symbol) and random_domain(s) is not None:
                continue
            out.add(s)
        for d in draws_in(self.body):          # E[X] for X ~ N(μ, σ) depends on μ and σ
            out |= law_of(d).free_symbols
        return out

    def _eval_is_extended_real(self):
        return True if self.body.is_extended_real else None

    # Sign and finiteness only where they are certain: a body of polynomials and exponentials of linear forms in
    # draws of laws with every exponential moment (normal, uniform, discrete) has a finite expectation, and a
    # positive such body a positive one.  E[1/X] or E[e^{tX}] for X ~ Exp(λ) may be infinite: nothing is said.
    def _eval_is_finite(self):
        return True if _surely_finite(self.body) else None

    def _eval_is_real(self):
        return True if self.body.is_real and _surely_finite(self.body) else None

    def _eval_is_positive(self):
        return True if self.body.is_positive and _surely_finite(self.body) else None

    def _eval_is_nonnegative(self):
        return True if self.body.is_nonnegative and _surely_finite(self.body) else None

    def _latex(self, printer):
        return r"\mathbb{E}\left[" + printer._print(self.body) + r"\right]"

    def _sympystr(self, printer):
        return "E[" + printer._print(self.body) + "]"


_EVERY_MOMENT = ("normal", "uniform", "bernoulli", "categorical")


def _surely_finite(body) -> bool:
    """Whether E[body] is finite for sure: draws only of laws with every exponential moment, and body a sum of
    products of draw-free factors, nonnegative integer powers of draws, and e^{linear form in draws}."""
    found = draws_in(body)
    if any(law_of(d).name not in _EVERY_MOMENT for d in found):
        return False
    if any(not v.is_finite for d in found if law_of(d).discrete for v, _ in law_of(d).outcomes):
        return False
    try:
        expanded = sp.expand(body)
    except Exception:
        return False
    for term in sp.Add.make_args(expanded):
        for f in sp.Mul.make_args(term):
            if not draws_in(f):
                if f.is_finite is not True and not isinstance(f, Expectation):
                    return False
                continue
            if f in found or (isinstance(f, sp.Pow) and f.base in found and f.exp.is_Integer and f.exp > 0):
                continue
            if isinstance(f, sp.exp):
                try:
                    if sp.Poly(f.args[0], *sorted(found, key=sp.default_sort_key)).total_degree() <= 1:
                        continue
                except sp.PolynomialError:
                    pass
            return False
    return True


def expected(body) -> Expectation:
    """E[body] over the declared laws of the random variables in it, kept unevaluated."""
    return Expectation(body)


def Var(x) -> Expectation:
    """Var(X) = E[(X − E[X])²]."""
    return Expectation((x - Expectation(x)) ** 2)


def Cov(x, y) -> Expectation:
    """Cov(X, Y) = E[(X − E[X])(Y − E[Y])]."""
    return Expectation((x - Expectation(x)) * (y - Expectation(y)))


def KL(p, q, name: str = "X") -> Expectation:
    """KL(p ‖ q) = E_{X ~ p}[log p(X) − log q(X)], for two laws (X is a fresh draw of p).

    Both densities are written for the values X takes (p's outcomes; the whole line for normal and laplace),
    so the body has no branch for values X never takes; where q's support may not contain p's, q's density
    keeps its zero, and the KL is undefined there as it should be."""
    law_p, law_q = as_distribution(p), as_distribution(q)
    x = random_variable(name, p)
    return Expectation(sp.expand_log(sp.log(_on_support(law_p, law_p, x)) - sp.log(_on_support(law_q, law_p, x))))


def _on_support(law: Distribution, of: Distribution, x) -> sp.Expr:
    """law's density (or mass) at x, for x in the support of `of`."""
    if law.discrete and of.discrete:
        mass = dict(law.outcomes)
        values = [v for v, _ in of.outcomes]
        if all(v in mass for v in values):
            pairs = [(mass[v], sp.Eq(x, v)) for v in values[:-1]]
            return sp.Piecewise(*pairs, (mass[values[-1]], True)) if pairs else mass[values[-1]]
        return law.density(x)
    if law.discrete or of.discrete:
        return law.density(x)
    whole_line = law.name in ("normal", "laplace")
    same = law.name == of.name and law.support() == of.support()
    return law.pieces(x)[0][0] if law.name in ("normal", "uniform", "exponential") and (whole_line or same) \
        else law.density(x)


def random_variables_in(expr) -> set:
    """Every random variable (scalar symbol, or vector of draws) inside the expectations of expr, for the report's
    assumptions: their declarations, independence included, are premises of the claim."""
    out = set()
    if not isinstance(expr, sp.Basic):
        return out
    for node in expr.atoms(Expectation):
        for d in draws_in(node.body):
            out.add(d.base if isinstance(d, sp.Indexed) else d)
    return out


def outside(expr, mapping: dict):
    """expr with the draws in mapping replaced, except inside nested expectations (which bind their own:
    in E[(X − E[X])²], putting X = 1 in the outer body must leave the inner E[X] alone)."""
    if isinstance(expr, Expectation):
        return expr
    if expr in mapping:
        return mapping[expr]
    if not isinstance(expr, sp.Basic) or not expr.args:
        return expr
    if not expr.has(Expectation):
        return expr.xreplace(mapping)
    return expr.func(*[outside(a, mapping) for a in expr.args])
