"""The `expectation` strategy: = steps between expectations over declared laws.

Each expectation E[f] on either side is rewritten by rules that hold for the declared laws, and the
difference of the rewritten sides is then shown zero by the other strategies:

  * linearity: constants out, sums split (finite sums too: E[Σ_i f_i] = Σ_i E[f_i]);
  * independence, only as declared: a product of factors whose draws are declared independent is the
    product of their expectations.  Entries ξ_i, ξ_j of one vector of draws are the same draw when
    i = j and independent otherwise: E[f(ξ_i) g(ξ_j)] = δ_ij E[f(ξ)g(ξ)] + (1 − δ_ij) E[f(ξ)] E[g(ξ)];
  * the moment table of each continuous law: E[X^k e^{tX}] = M^{(k)}(t), the k-th derivative of the moment
    generating function written in random_laws.py (normal, uniform, exponential, laplace), used only
    where M(t) is finite (t < rate, |t| < 1/b shown from the declarations; t ≠ 0 for uniform's M);
  * a discrete law (bernoulli, categorical) by its exact finite sum Σ_k p_k f(v_k).

A rewrite is all or nothing for each expectation, with one exception that keeps linearity sound: a
term left unevaluated (two draws with no declared joint law, E[XY]) is split off only when it is a
polynomial in the draws, whose expectation is finite for every law here.  Nothing is ever factored
without a declaration, so E[XY] = E[X]E[Y] for X, Y declared apart is not proved (and not refuted either:
the numbers have no joint law to evaluate it with).
"""
from __future__ import annotations

import itertools

import sympy as sp

from ..verdicts import Formula, Said
from ..authoring.expectations import Expectation, draws_in, independence_groups, independent_pair, law_of, \
    outside, relation
from .identities import prepare, scope_of
from .outcome import Proof, ProofOutcome
from .registry import EQUALITY, Cost, Goal, attempt, register
from .signs import prove_nonnegative
from .timeouts import StrategyTimeout, time_limit

NAME = "expectation"


class _Open(Exception):
    """This expectation is not rewritten (no rule applies, or a condition is not shown)."""


def rewrite(expr: sp.Expr, limit: float) -> tuple[sp.Expr, list[str]]:
    """expr with each expectation rewritten by the rules above where they apply (innermost first)."""
    used: list[str] = []

    def one(node):
        try:
            out = _Rewriter(limit, used).value(node.body, frozenset())
        except _Open:
            return node
        return out
    return expr.replace(lambda e: isinstance(e, Expectation), one), used


def law_formula(law) -> "Formula | str":
    """A law as its words say it ("Normal(0, sigma)") and as LaTeX: a normal law by its mean and variance as
    the texts write it, N(0, σ²); another by its name and parameters, \\operatorname{Laplace}(0, b).  A law
    with outcomes (categorical) in its words alone."""
    words = law.describe()
    if law.name == "categorical" or not words.endswith(")"):
        return words
    if law.name == "normal" and len(law.params) == 2:
        mean, std = law.params
        shown = (f"{mean:g}", f"{std * std:g}") if isinstance(std, float) and isinstance(mean, float) else \
            (sp.latex(sp.sympify(mean)), sp.latex(sp.sympify(std) ** 2))
        return Formula(words, rf"\mathrm{{N}}\left({shown[0]}, {shown[1]}\right)")
    head = words[:words.index("(")]
    params = ", ".join(sp.latex(sp.sympify(p)) for p in law.params)
    return Formula(words, rf"\operatorname{{{head}}}\left({params}\right)")


class _Rewriter:
    def __init__(self, limit: float, used: list[str]):
        self.limit = limit
        self.used = used

    def note(self, rule: str):
        if rule not in self.used:
            self.used.append(rule)

    def value(self, body, distinct: frozenset) -> sp.Expr:
        if not draws_in(body):
            return body
        if any(draws_in(s.function) for s in body.atoms(sp.Sum)):
            return self.through_sums(body, distinct)
        terms = sp.Add.make_args(sp.expand(body))
        if len(terms) > 1:
            self.note("linearity")
        out = []
        for t in terms:
            try:
                out.append(self.term(t, distinct))
            except _Open:
                if len(terms) == 1 or not _polynomial_in_draws(t):
                    raise
                constant, random = _split(t)
                out.append(constant * Expectation(random))      # finite: a polynomial in the draws
        return sp.Add(*out)

    def through_sums(self, body, distinct) -> sp.Expr:
        self.note("linearity over sums")
        out = []
        for term in sp.Add.make_args(sp.expand(body)):
            factors = sp.Mul.make_args(term)
            copies, rest = [], []
            for f in factors:
                if isinstance(f, sp.Sum) and draws_in(f.function):
                    copies.append(f)
                elif isinstance(f, sp.Pow) and isinstance(f.base, sp.Sum) and draws_in(f.base.function) \
                        and f.exp.is_Integer and f.exp > 0:
                    copies += [f.base] * int(f.exp)         # (Σ_i a_i)² = Σ_i Σ_j a_i a_j
                elif draws_in(f):
                    raise _Open()
                else:
                    rest.append(f)
            if not copies:
                out.append(self.value(term, distinct))
                continue
            inner, limits = sp.Integer(1), []
            for s in copies:
                if len(s.limits) != 1:
                    raise _Open()
                (var, lo, hi), = s.limits
                if draws_in(lo) or draws_in(hi):
                    raise _Open()
                fresh = sp.Dummy(var.name, integer=True)
                inner = inner * s.function.xreplace({var: fresh})
                limits.append((fresh, lo, hi))
            out.append(sp.Mul(*rest) * sp.Sum(self.value(inner, distinct), *limits))
        return sp.Add(*out)

    def term(self, term, distinct: frozenset) -> sp.Expr:
        constant, random = _split(term)
        if random == 1:
            return term
        found = sorted(draws_in(random), key=sp.default_sort_key)
        for a, b in itertools.combinations(found, 2):
            if relation(a, b) == "undecided" and frozenset((a, b)) not in distinct:
                self.note(Said("entries of one vector of draws: the same draw or independent (",
                                   Formula("δ_ij", r"\delta_{ij}"), ")"))
                delta = sp.KroneckerDelta(a.indices[0], b.indices[0])
                merged = self.value(outside(random, {b: a}), distinct)
                apart = self.value(random, distinct | {frozenset((a, b))})
                return constant * (delta * merged + (1 - delta) * apart)
        groups = independence_groups(sp.Mul.make_args(random), distinct)
        if len(groups) > 1:
            self.note("independence")
        return constant * sp.Mul(*[self.group(sp.Mul(*g), distinct) for g in groups])

    def group(self, expr, distinct) -> sp.Expr:
        found = sorted(draws_in(expr), key=sp.default_sort_key)
        for a, b in itertools.combinations(found, 2):
            if not independent_pair(a, b, distinct):
                raise _Open()          # the same draw twice is one draw; two draws without a joint law stay open
        discrete = [d for d in found if law_of(d).discrete]
        if discrete:
            self.note("the discrete law summed exactly")
            total = expr
            for d in discrete:
                total = sp.Add(*[p * outside(total, {d: v}) for v, p in law_of(d).outcomes])
            return self.value(total, distinct)
        if len(found) > 1:
            raise _Open()              # a factor mixing independent continuous draws: not in the table
        return self.table(found[0], expr)

    def table(self, draw, expr) -> sp.Expr:
        """E[expr] for one continuous draw, from the law's moment generating function."""
        law = law_of(draw)
        out = []
        for term in sp.Add.make_args(sp.expand(expr)):
            coefficient, k, t = _monomial(term, draw)
            out.append(coefficient * self.moment(law, k, t))
        self.note(Said("the moments of ", law_formula(law)))
        return sp.Add(*out)

    def moment(self, law, k: int, t) -> sp.Expr:
        """E[X^k e^{tX}] = M^{(k)}(t), where M is finite."""
        if t == 0:
            return law.moment(k)
        if law.name == "uniform" and t.is_zero is not False:
            raise _Open()              # its M(t) is written for t ≠ 0
        s = sp.Dummy("s")
        m, condition = law.mgf(s)
        if condition is not None:
            shown = prove_nonnegative(condition.xreplace({s: t}), strict=True, limit=self.limit)
            if shown.method is None:
                raise _Open()          # E[e^{tX}] may be infinite here
        return sp.diff(m, s, k).xreplace({s: t}) if k else m.xreplace({s: t})


def _split(term) -> tuple[sp.Expr, sp.Expr]:
    factors = sp.Mul.make_args(term)
    return sp.Mul(*[f for f in factors if not draws_in(f)]), sp.Mul(*[f for f in factors if draws_in(f)])


def _monomial(term, draw) -> tuple[sp.Expr, int, sp.Expr]:
    """term = c · X^k · e^{tX} with c, t free of X and k ≥ 0 an integer, as (c, k, t); else _Open."""
    coefficient, k, t = [], 0, sp.Integer(0)
    for f in sp.Mul.make_args(term):
        if not draws_in(f):
            coefficient.append(f)
        elif f == draw:
            k += 1
        elif isinstance(f, sp.Pow) and f.base == draw and f.exp.is_Integer and f.exp > 0:
            k += int(f.exp)
        elif isinstance(f, sp.exp) or (isinstance(f, sp.Pow) and f.base is sp.E):
            arg = sp.expand(f.exp if isinstance(f, sp.Pow) else f.args[0])
            slope = arg.coeff(draw, 1)
            if draws_in(slope) or draws_in(sp.expand(arg - slope * draw)):
                raise _Open()
            t += slope
            coefficient.append(sp.exp(sp.expand(arg - slope * draw)))
        else:
            raise _Open()
    return sp.Mul(*coefficient), k, t


def _polynomial_in_draws(term) -> bool:
    ds = sorted(draws_in(term), key=sp.default_sort_key)
    if not ds:
        return False
    try:
        poly = sp.Poly(term, *ds)
    except sp.PolynomialError:
        return False
    return all(not draws_in(c) for c in poly.coeffs())


@register(NAME, [EQUALITY], Cost.MODERATE,
          "expectations rewritten by linearity, declared independence, each law's moment table and exact finite "
          "sums; then the other strategies on the difference")
def by_expectations(goal: Goal) -> ProofOutcome:
    if not (goal.lhs.has(Expectation) or goal.rhs.has(Expectation)):
        return ProofOutcome(None, [])
    try:
        with time_limit(goal.limit):
            lhs, used_l = rewrite(goal.lhs, goal.limit)
            rhs, used_r = rewrite(goal.rhs, goal.limit)
    except StrategyTimeout:
        return ProofOutcome(None, [f"{NAME} timed out after {goal.limit:g} s"], [], True)
    if (lhs, rhs) == (goal.lhs, goal.rhs):
        return ProofOutcome(None, [f"{NAME}: no rule of the declared laws applies"])
    used = list(dict.fromkeys(used_l + used_r))
    gap = prepare(lhs - rhs)
    if gap == 0:
        return ProofOutcome(Proof(Said(f"{NAME}: ", Said.joined(", ", used)), scope_of(goal)), [], [], False, NAME)
    inner = attempt(Goal(EQUALITY, gap, sp.Integer(0), (), goal.limit, goal.depth + 1, sizes=goal.sizes),
                    skip=(NAME, "cases", "fact"))
    if inner.proof is None:
        return ProofOutcome(None, [Said(f"{NAME}: after ", Said.joined(", ", used), " the difference is not shown zero")]
                            + inner.notes[:3], [], inner.timed_out)
    return ProofOutcome(Proof(Said(f"{NAME}: ", Said.joined(", ", used), "; then ", inner.proof.method), scope_of(goal)),
                        inner.notes, [], False, NAME)
