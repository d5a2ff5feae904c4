"""Write an imported document as a derivation file in the usual authoring API.

One `calc(…)` per chain, one step per relation, the original LaTeX of each step in its `source=`
(and as a comment beside it), each ≈ with the meaning the text's words state ("the approximating quadratic at
$[-1,0]^\top$", "for large $n$") or without one (unknown while unconfirmed, an error once confirmed without one),
each ∝ with an empty `wrt=` (an error until the author names the variables), the prose before
each display as the derivation's notes, and a header of inferred declarations the author confirms.
Meanings and wrt= the author gives in a sidecar (meanings.py) are written in instead.
"""
from __future__ import annotations

import ast
import builtins
import itertools
import re
from pathlib import Path

import sympy as sp
from sympy.core.function import AppliedUndef
from sympy.printing.str import StrPrinter

from ..authoring.chain import SEEDS
from .conditions import EVERY_ENTRY_AS_WORDS, EVERY_NAME_AS_WORDS, EVERY_TABLE_AS_WORDS, TWIN_GLYPHS, names_in
from .declarations import identifier, infer
from . import arbitrary_functions, identity_multiples, products
from .document import Definition, Document, Failure
from .meanings import Given, MeaningsError, assign
from .nowhere_equal import unequal_at_every_value

METHODS = {"=": "eq", "def": "eq", "<=": "le", ">=": "ge", "<": "lt", ">": "gt", "approx": "approx",
           "sim": "approx", "propto": "propto"}


def lit(s: str) -> str:
    """A Python string literal for s, raw when that reads better."""
    if '"' not in s and not s.endswith("\\") and "\n" not in s:
        return 'r"' + s + '"' if "\\" in s else '"' + s + '"'
    return repr(s)


class CodePrinter(StrPrinter):
    """SymPy as the authoring API writes it: Σ(f, i), s[i], max_over(f, k), Rational(1, 2), p(i) for definitions."""

    printmethod = "_verifier_importer_code"      # never an object's own _sympystr (Indexed has one)

    def __init__(self, identifiers: dict[str, str], sizes: dict[str, str], defined: dict[str, Definition]):
        super().__init__({"order": "none"})
        self.ids, self.sizes, self.defined = identifiers, sizes, defined

    _constant = False

    def _print(self, expr, **kwargs):
        """A sum, product or power of numbers kept as written (`\\frac{3(-2)-2}{-2-2}`) has its whole numbers
        written as Integer(…): in Python `(3*(-2) - 2)/(-2 - 2)` is float division, and the step would hold a
        float instead of the exact number the text wrote."""
        if not self._constant and isinstance(expr, (sp.Add, sp.Mul, sp.Pow)) and not expr.free_symbols \
                and expr.atoms(sp.Integer):
            self._constant = True
            try:
                return super()._print(expr, **kwargs)
            finally:
                self._constant = False
        return super()._print(expr, **kwargs)

    def _print_Integer(self, expr):
        return f"Integer({expr.p})" if self._constant else super()._print_Integer(expr)

    def _print_Symbol(self, expr):
        return self.ids.get(expr.name, expr.name)

    def _print_Indexed(self, expr):
        base = expr.base.label.name
        idx = ", ".join(self._print(i) for i in expr.indices)
        if base in self.defined:
            return f"{base}({idx})"
        return f"{self.ids.get(base, base)}[{idx}]"

    def _print_IndexedBase(self, expr):
        return self.ids.get(expr.label.name, expr.label.name)

    parameters: set = set()      # the parameter of the definition being written (S_n = Σ_{k ≤ n} a_k: n)

    def _full_range(self, lim) -> bool:
        """Σ(f, k) runs over k's whole declared range; a sum whose upper limit is a definition's parameter
        keeps its limits, so that S(n − 1) sums up to n − 1."""
        var, lo, hi = lim
        return lo == 1 and isinstance(hi, sp.Symbol) and self.sizes.get(var.name) == hi.name \
            and hi.name not in self.parameters

    def _print_Sum(self, expr):
        body = self._print(expr.function)
        for lim in expr.limits:
            if self._full_range(lim):
                body = f"Σ({body}, {self._print(lim[0])})"
            else:
                body = f"Sum({body}, ({', '.join(self._print(x) for x in lim)}))"
        return body

    def _print_Product(self, expr):
        return f"Product({self._print(expr.function)}, {', '.join('(' + ', '.join(self._print(x) for x in lim) + ')' for lim in expr.limits)})"

    def _reduction(self, expr, name):
        lim = expr.limits[0]
        if not self._full_range(lim):
            raise ValueError(f"{name} over a partial range is not written by the import")
        return f"{name}({self._print(expr.function)}, {self._print(lim[0])})"

    def _print_IndexedMax(self, expr):
        return self._reduction(expr, "max_over")

    def _print_IndexedMin(self, expr):
        return self._reduction(expr, "min_over")

    def _print_Limit(self, expr):
        """SymPy's Limit with its direction as the string it is ('+-' two-sided), not as a name of the file."""
        body, var, point, direction = expr.args
        return f"Limit({self._print(body)}, {self._print(var)}, {self._print(point)}, {str(direction)!r})"

    def _print_Float(self, expr):
        raise ValueError(f"the number {expr} is a float: a written file holds only exact numbers")

    def _print_Rational(self, expr):
        return f"Rational({expr.p}, {expr.q})"

    def _print_Half(self, expr):
        return "Rational(1, 2)"

    def _print_Exp1(self, expr):
        return "exp(1)"

    def _print_Function(self, expr):
        if expr.func.__class__.__name__ == "UndefinedFunction":
            return f'Function("{expr.func.__name__}")({", ".join(self._print(a) for a in expr.args)})'
        return super()._print_Function(expr)


def _fresh(used: set[str]) -> sp.Symbol:
    for c in "jklmrtuv":
        if c not in used:
            used.add(c)
            return sp.Symbol(c, integer=True)
    raise ValueError("no spare index name")


def _rename_bound(expr: sp.Expr, index: sp.Symbol, used: set[str]) -> sp.Expr:
    """Bound variables named like the definition's own index get a fresh name (p_i = e^{s_i}/Σ_i e^{s_i})."""
    def clash(e):
        return getattr(e, "limits", None) is not None and any(lim[0] == index for lim in e.limits)
    return expr.replace(clash, lambda e: e.xreplace({index: _fresh(used)}))


class _BoundApart(sp.Symbol):
    """The variable of an integral written under a name of its own (t_bound), apart from a definition of t."""


def _bound_apart_from_definitions(expr, defined: set[str]):
    """`Let $t = x - 1$. Then $$\\int_0^1 t\\,dt + x = …$$`: an integral (a sum, a product, a limit) binds its own
    variable, whatever value the text gives a name spelled the same.  The written file binds t to its value, so `Integral(t, (t, 0, 1))` would not
    load (and no chain of the file would be checked): the integral is written over t_bound instead, the same integral.
    Its limits keep the defined t (`\\int_0^t`); an integral whose other limits write the variable is left as it is."""
    if not isinstance(expr, sp.Basic):
        return expr

    def clash(e):
        return isinstance(e, (sp.Integral, sp.Sum, sp.Product)) and any(
            isinstance(lim[0], sp.Symbol) and lim[0].name in defined for lim in e.limits) \
            or isinstance(e, sp.Limit) and isinstance(e.args[1], sp.Symbol) and e.args[1].name in defined

    def apart(e):
        if isinstance(e, sp.Limit):
            # `\lim_{t \to 0}` binds t as an integral does: written over t_bound, its point keeps the text's names
            v = e.args[1]
            fresh = _BoundApart(f"{v.name}_bound", **v.assumptions0)
            function = e.args[0].replace(lambda x: isinstance(x, sp.Symbol) and not isinstance(x, _BoundApart)
                                         and x.name == v.name, lambda x: fresh)
            return sp.Limit(function, fresh, *e.args[2:])
        variables = {lim[0] for lim in e.limits if isinstance(lim[0], sp.Symbol) and lim[0].name in defined}
        if any(b.has(v) for lim in e.limits for b in lim[1:] for v in variables) and len(e.limits) > 1:
            return e
        # by name: the text's t in the integrand may carry other assumptions than the variable of its limits
        fresh = {v.name: _BoundApart(f"{v.name}_bound", **v.assumptions0) for v in variables}
        limits = [(fresh[lim[0].name] if lim[0] in variables else lim[0], *lim[1:]) for lim in e.limits]
        function = e.function.replace(lambda x: isinstance(x, sp.Symbol) and not isinstance(x, _BoundApart)
                                      and x.name in fresh, lambda x: fresh[x.name])
        return e.func(function, *limits)
    try:
        return expr.replace(clash, apart)
    except (TypeError, ValueError, AttributeError):
        return expr


def _in_dependency_order(defs: list[Definition]) -> list[Definition]:
    """Each definition after the definitions its right side uses (H = -Σ p_i log p_i after p_i = …), so the
    written file loads; otherwise in the text's order."""
    names = {d.name for d in defs}

    def uses(d):
        found = {s.name for s in d.expr.atoms(sp.Symbol)} | {b.base.label.name for b in d.expr.atoms(sp.Indexed)}
        return (found & names) - {d.name}
    out, placed, todo = [], set(), list(defs)
    while todo:
        ready = next((d for d in todo if uses(d) <= placed), todo[0])
        out.append(ready)
        placed.add(ready.name)
        todo.remove(ready)
    return out


def tex_as_code(text: str) -> str:
    """Prose with its $…$ and \\(…\\) maths in backticks, which the report keeps as written (literal code):
    its prose renderer would otherwise read `e^{\\lambda s_i}` as superscripts and mangle the LaTeX."""
    text = text.replace("`", "'")
    text = re.sub(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)", lambda m: "`" + next(g for g in m.groups() if g) + "`", text)
    return text


def seed_source(path: str, where: str) -> str:
    name = Path(path).name or "the text"
    for key, file in SEEDS.items():
        if file == name:
            return f'seed("{key}", "{where}")'
    return lit(f"{name}, {where}")


def write_what_can_be_written(doc: Document, given: dict[str, Given] | None = None) -> str:
    """The derivation file of every chain that can be written beside the others: a chain whose names clash with
    theirs (`i` the upper limit of one sum and the index of another) is left out and named among the document's
    failures, so one display never keeps the rest of the text from being checked.  A file that is written but does
    not load (`Let $y = x^2$` before `\frac{d}{dy} y^2`: a derivative in what the file binds to x²) is the same
    failure: each chain is kept only where the file written with it loads.  Raises what `write` raises when no
    chain can be written."""
    try:
        text = write(doc, given)
        error = _load_error(text)
        if error is None:
            return text
    except MeaningsError:
        raise
    except Exception as first:
        error = first
    kept: list = []
    for c in list(doc.chains):
        doc.chains = kept + [c]
        try:
            problem = _load_error(write(doc, given))
            if problem is not None:
                raise problem
        except MeaningsError:
            raise
        except Exception as exc:
            doc.failures.append(Failure(c.chain.line, c.where, c.chain.sides[0] if c.chain.sides else "",
                                        "the chain cannot be written beside the text's other chains: " + " ".join(str(exc).split())))
        else:
            kept.append(c)
    doc.chains = kept
    if not kept:
        raise error
    return write(doc, given)


def _load_error(text: str) -> Exception | None:
    """What running a written derivation file raises, or None: the file is the import's own code, which builds
    the chains (SymPy expressions, no check), as loading it for the check will."""
    try:
        exec(compile(text, "<the written derivation file>", "exec"), {"__name__": "verifier_imported_file"})
    except Exception as exc:    # noqa: BLE001 - any failure to load is the chain's failure, named to the reader
        return exc
    return None


def write(doc: Document, given: dict[str, Given] | None = None) -> str:
    """The derivation file; `given` ({display key: Given}, from meanings.load) fills in ≈ meanings and ∝ wrt=."""
    per_chain = assign(given or {}, doc.chains)
    used = {s.name for c in doc.chains for e in c.exprs for s in e.atoms(sp.Symbol)}
    used |= {s.name for d in doc.definitions for s in d.expr.atoms(sp.Symbol)}
    defs = []
    for d in doc.definitions:
        expr = _rename_bound(d.expr, d.index, used) if d.index is not None else d.expr
        defs.append(Definition(d.name, d.index, expr, d.latex, d.where))
    defs = _in_dependency_order(defs)
    defined = {d.name: d for d in defs}
    exprs = [e for c in doc.chains for e in c.exprs[c.start:]] + [d.expr for d in defs]
    exprs += [d.index for d in defs if d.index is not None]
    inferred = infer(exprs, doc.size, set(defined), doc.sign_open, doc.one_hot)
    taken = set(inferred.identifiers.values()) | set(defined)
    for n in defined:
        if n not in inferred.identifiers and not n.isidentifier():
            # a product of matrices a definition names (`\mathbf{O} = …`): its Python name
            inferred.identifiers[n] = identifier(n, taken)
            taken.add(inferred.identifiers[n])
    # concrete matrices and vectors (each c·I, each a·u) at which a step read as products that do not commute is
    # looked at again (identity_multiples.py)
    on_instances = _identity_multiples(doc, defined)
    for s in {s for found in on_instances.values() for s in list(found.matrices) + list(found.vectors)}:
        inferred.identifiers[s.name] = identifier(s.name, taken)
        taken.add(inferred.identifiers[s.name])
    # a letter a matrix is raised to (A^n) is a whole number n ≥ 1: a size, unless the file declares it otherwise
    sizes_declared = {d.identifier for d in inferred.declarations if d.code.startswith("size(")}
    new_sizes = []
    for key, found in list(on_instances.items()):
        for n in found.powers:
            if n in inferred.identifiers and inferred.identifiers[n] not in sizes_declared:
                del on_instances[key]           # a letter declared a number of another kind: no instance
                break
            if n not in inferred.identifiers:
                inferred.identifiers[n] = identifier(n, taken)
                taken.add(inferred.identifiers[n])
                sizes_declared.add(inferred.identifiers[n])
                new_sizes.append(n)
    pr = CodePrinter(inferred.identifiers, inferred.sizes, defined)
    name = Path(doc.path).name or "the text"
    lines = ['Imported from ' + name.replace('"', "'") + ' by `python -m verifier import`.',
             "",
             "CONFIRM THE DECLARATIONS BELOW before trusting any verdict: they were inferred from how the",
             "symbols are written.  Each ≈ has the meaning the text's words state, or none (unknown; an error once",
             "you remove unconfirmed=), and each ∝ no wrt= (an error until you give it).  Each step keeps its",
             "original LaTeX in source= (and in the comment beside it).",
             "Each step says unconfirmed=: the conditions the text states around it (r ≠ 1, p ∈ (0, 1)) are proposed,",
             "not applied.  The step is checked over every declared value, and a counterexample those conditions",
             "exclude, or one where a side has no value, is unknown, never refuted.  Once you confirm them, write",
             "them as declarations or assume=, and remove unconfirmed=.",
             "",
             "Rules the import applied to read the LaTeX:"]
    lines += [f"  - {r}" for r in doc.rules] or ["  (none)"]
    # functions the text's words introduce as arbitrary, with their properties: refuted at a witness (at_functions=)
    arbitrary = _arbitrary_functions(doc, defined)
    if arbitrary and not doc.rules:
        lines.pop()
    lines += [f"  - {rule}" for rule in _arbitrary_rules(arbitrary)]
    if doc.laws:
        lines += ["", "Laws the text gives its quantities (`\\sim`, “distributed as”): declarations, proposed beside the",
                  "steps that write their names (unconfirmed=), never checked; confirm each:"]
        lines += [f"  - line {line}: {words}" for line, words in doc.laws]
    if doc.failures:
        lines += ["", "Not imported (see the comments at the end):"] + [f"  - {f}" for f in doc.failures]
    body = 'r' + chr(34) * 3 + "\n".join(lines).replace(chr(34) * 3, chr(39) * 3).rstrip(chr(92)) + "\n" + chr(34) * 3
    out = ["# ---- declarations, inferred: confirm each ----"]
    for d in inferred.declarations:
        out.append(f"{d.identifier} = {d.code}".ljust(44) + f"  # {d.why}")
    for n in new_sizes:
        out.append(f'{inferred.identifiers[n]} = size("{n}")'.ljust(44) + f"  # {n}: a power of a matrix (A^{n}), a "
                   "whole number n ≥ 1")
    declared_instance: set = set()
    for found in on_instances.values():
        for s, latex in list(found.matrices.items()) + list(found.vectors.items()):
            if s.name not in declared_instance:
                declared_instance.add(s.name)
                ident = inferred.identifiers[s.name]
                what = "times the identity" if s in found.matrices else "times one unit vector u"
                out.append(f'{ident} = positive("{ident}")'.ljust(44) + f"  # {latex} = {ident} {what} (only to refute "
                           "steps read as products that do not commute)")
    if inferred.functions:
        out.append(f"# undeclared functions (written as SymPy Function): {', '.join(inferred.functions)}")
    if defs:
        out += ["", "# ---- definitions from the text ----"]
    for d in defs:
        if d.index is not None:
            ix = inferred.identifiers.get(d.index.name, d.index.name)
            pr.parameters = {d.index.name}       # a sum up to the parameter runs up to the argument given
            try:
                value = pr.doprint(d.expr)
            finally:
                pr.parameters = set()
            out += [f"def {d.name}({ix}):  # {d.where}: {d.name}_{d.index} = {d.latex}", f"    return {value}", ""]
        else:
            out.append(f"{inferred.identifiers.get(d.name, d.name)} = {pr.doprint(d.expr)}  # {d.where}: "
                       f"{d.name} = {d.latex}")
    seen_blocks = set()
    plain_defined = {d.name for d in defs if d.index is None}
    bound_declared: set[str] = set()
    for c in doc.chains:
        block = c.chain.block
        source = seed_source(doc.path, c.where)
        shown = [_bound_apart_from_definitions(e, plain_defined) for e in c.exprs]
        for name in sorted(set().union(*({s.name for s in e.atoms(_BoundApart)} for e in shown
                                               if isinstance(e, sp.Basic))) - bound_declared):
            bound_declared.add(name)
            whole = any(x.is_integer for e in shown if isinstance(e, sp.Basic) for x in e.atoms(_BoundApart)
                        if x.name == name)
            declared = f'Symbol("{name}", integer=True)' if whole else f'real("{name}")'
            out.append(f'{name} = {declared}'.ljust(44) + f"  # the variable an integral or a sum at {c.where} "
                       "binds, apart from the definition of its name")
        notes = ""
        if block is not None and id(block) not in seen_blocks and block.prose_before:
            prose = " ".join(block.prose_before.split())
            prose = prose[-600:]
            notes = f", notes=[{lit('text before: ' + tex_as_code(prose))}]"
        seen_blocks.add(id(block))
        sides, rels, rel_tex, lines_ = (c.chain.sides, c.chain.relations, c.chain.relation_latex, c.chain.lines)
        title = f"{c.where}: `{sides[c.start]} {rel_tex[c.start]}` … (imported)"
        out += ["", f"# {c.where}, line {c.chain.line}", f"{c.name} = (",
                f"    calc({pr.doprint(shown[c.start])}, title={lit(title)}, source={source}{notes})"]
        for k in range(c.start, len(rels)):
            rhs = pr.doprint(shown[k + 1])
            latex = f"{rel_tex[k]} {sides[k + 1]}"
            step_source = lit(f"{Path(doc.path).name or 'the text'}, {c.where}, line {lines_[k + 1]}: `{latex}`")
            annotation = c.chain.annotations[k] if k < len(c.chain.annotations) else ""
            annotation = re.sub(r"\\(text|textrm|mbox)\{([^}]*)\}", r"\2", annotation).strip()
            reason = lit(annotation or "as written in the source: state the reason")
            method = METHODS[rels[k]]
            extra, comment = "", ""
            g = per_chain.get(c.name, Given())
            if method == "approx" and g.meaning:
                extra = f", meaning=[{g.meaning}]"
                comment = "  # meaning given in the meanings file"
            elif method == "approx" and rels[k] == "approx" and c.meaning is not None:
                m = c.meaning
                extra = (f", meaning=[tends({pr.doprint(m.var)}, {pr.doprint(m.point)})]" if m.order is None else
                         f", meaning=[series_order({pr.doprint(m.var)}, {pr.doprint(m.point)}, {m.order})]")
                comment = "  # meaning the text states in words"
            elif method == "approx":
                comment = ("  # ≈ without a meaning the text states: unknown until you add meaning=tends(…)/"
                           "series_order(…)/one_sided(…)")
            if method == "approx" and rels[k] == "sim":
                comment += " (written \\sim)"
            if method == "propto" and g.wrt:
                extra = f", wrt=({g.wrt},)"
                comment = "  # wrt given in the meanings file"
            elif method == "propto":
                extra = ", wrt=()"
                comment = "  # ∝: name wrt= (what the ratio must not depend on); an error until then"
            numbers_only = all(not e.free_symbols and not e.atoms(sp.Indexed, AppliedUndef) for e in c.exprs[k:k + 2])
            # what the text states around the chain, about the names this step writes (or names tied to them)
            unconfirmed = _unconfirmed(c, pr, defined, c.exprs[k:k + 2])
            # `(1-2)(-1-1)\frac{p}{2} + … = 4p - 1`: false at every value of its names, whatever values the text gives
            # them, so neither what the text states about those values nor a law's quantities can make it hold
            everywhere = (not c.unsettled or c.by_values) and false_at_every_value(c.exprs[k], c.exprs[k + 1], rels[k])
            if everywhere:
                unconfirmed = "True"
                comment += "  # false at every value of its names: refuted whatever the text gives them"
            # `E_1 = 50 − 45 = 5`: what is unsettled is E_1's value; 50 − 45 = 5 is decided either way
            unsettled = c.unsettled and not numbers_only and not everywhere and k not in c.settled_steps
            extra += f", unconfirmed={unconfirmed}" + (f", unsettled={lit(c.unsettled)}" if unsettled else "")
            if unsettled and c.at_laws.get(k):
                # laws every statement of the text allows: the step is refuted at one with a certified counterexample
                # (a law may also name the text's constants it takes positive: the deviations of its families)
                extra += ", at_laws=[" + ", ".join(
                    f"at_law({lit(words)}, {{" + ", ".join(f"{pr.doprint(q)}: {pr.doprint(v)}" for q, v in values)
                    + "}, shown={" + ", ".join(f"{pr.doprint(q)}: {lit(_shown_quantity(q))}" for q, _ in values) + "}"
                    + (", satisfies=[" + ", ".join(lit(" ".join(w.split())) for w in honoured) + "]" if honoured else "")
                    + (", positive=[" + ", ".join(pr.doprint(s) for s in more[0]) + "]" if more and more[0] else "")
                    + ")" for words, values, honoured, *more in c.at_laws[k]) + "]"
            found = on_instances.get((id(c), k))
            if unsettled and found is not None:
                # every matrix c·I and every vector a·u: a certified counterexample there refutes the step
                extra += (", scalar_instance=identity_multiples({"
                          + ", ".join(f"{pr.doprint(w)}: {pr.doprint(v)}" for w, v in found.values.items()) + "}, "
                          + "matrices={" + ", ".join(f"{pr.doprint(m)}: {lit(t)}" for m, t in found.matrices.items())
                          + "}, vectors={" + ", ".join(f"{pr.doprint(m)}: {lit(t)}" for m, t in found.vectors.items())
                          + "}" + (", satisfies=[" + ", ".join(lit(w) for w in found.satisfies) + "]"
                                   if found.satisfies else "")
                          + (", powers=[" + ", ".join(inferred.identifiers[n] for n in found.powers) + "]"
                             if found.powers else "") + ")")
            at_functions = _at_functions(arbitrary, c.exprs[k:k + 2]) if not unsettled else ""
            if at_functions:
                # functions the text introduces as arbitrary: a certified counterexample at witnesses with every
                # property the text states of them refutes the step
                extra += f", at_functions={at_functions}"
            out.append(f"    .{method}({rhs}, {reason}{extra}, source={step_source}){comment}")
        out.append(")")
    for f in doc.failures:
        out += ["", f"# NOT IMPORTED: {str(f)}".replace("\n", " ")]
    code = "\n".join(out) + "\n"
    limits = any(isinstance(e, sp.Basic) and e.has(sp.Limit) for c in doc.chains for e in c.exprs)
    return body + "\n" + imports(code, sympy_limit=limits) + "\n" + code


def _shown_quantity(q) -> str:
    """A quantity of a law as the text writes it: `E[X^2]`; a family of them, one for each value of its index, as
    `E[w_{i j} x_j] (every entry)`."""
    return q.name if isinstance(q, sp.Symbol) else f"{q.label.name} (every entry)"


def _arbitrary_functions(doc: Document, defined: dict) -> dict:
    """{a function's SymPy name: how the text introduces it as arbitrary (arbitrary_functions.Introduced)} for each
    function with no body the chains write that the text's words introduce as any function with properties the
    witness table knows."""
    names = sorted({a.func.__name__ for c in doc.chains for e in c.exprs if isinstance(e, sp.Basic)
                    for a in e.atoms(AppliedUndef)})
    found = {n: arbitrary_functions.introduced(doc.text, n, set(defined)) for n in names} if doc.text else {}
    return {n: f for n, f in found.items() if f is not None}


def _arbitrary_rules(arbitrary: dict) -> list[str]:
    """The rule printed for each function the text introduces as arbitrary."""
    return [f"read {name} as any function with the properties the text states of it ({', '.join(f.properties)}; in "
            f"its words: {' '.join(f.words.split())}): a step that writes it is refuted at a witness with every one of "
            f"them ({', '.join(w.name for w in f.witnesses())}), never proved by one; a function given a body, named "
            "as one object, or given a property no witness is known to have is never refuted"
            for name, f in arbitrary.items()]


def _at_functions(arbitrary: dict, sides) -> str:
    """The at_functions= option of a step every function of which the text introduces as arbitrary, "" otherwise."""
    names = sorted({a.func.__name__ for e in sides if isinstance(e, sp.Basic) for a in e.atoms(AppliedUndef)})
    if not names or any(n not in arbitrary for n in names):
        return ""
    words = "; ".join(dict.fromkeys(" ".join(arbitrary[n].words.split()) for n in names))
    satisfies = [w for n in names for w in arbitrary[n].satisfied]
    return ("arbitrary_functions({" + ", ".join(f"{lit(n)}: [{', '.join(lit(p) for p in arbitrary[n].properties)}]"
                                                for n in names)
            + f"}}, words={lit(words)}"
            + (", satisfies=[" + ", ".join(lit(w) for w in dict.fromkeys(satisfies)) + "]" if satisfies else "")
            + ")")


def _identity_multiples(doc: Document, defined: dict) -> dict:
    """{(id of a chain, step): the instance of its matrices and vectors} for each step of = read as products that do
    not commute whose instance nothing in the text rules out (identity_multiples.py), its definitions put in."""
    out: dict = {}
    if not doc.words or doc.matrix_facts is None:
        return out
    names = identity_multiples.scalars()
    with_values = {n: d.expr for n, d in defined.items() if d.index is None}

    def put_in(e):
        for _ in range(8):
            hits = {s: with_values[s.name] for s in e.free_symbols if s.name in with_values}
            if not hits:
                return e
            e = e.xreplace(hits)
        return None
    for c in doc.chains:
        if c.unsettled != products.UNSETTLED:
            continue
        line = c.chain.block.line if c.chain.block is not None else 0
        for k in range(c.start, len(c.chain.relations)):
            if c.chain.relations[k] != "=" or any(d.index is not None and any(
                    s.name == d.name for e in c.exprs[k:k + 2] for s in e.free_symbols) for d in defined.values()):
                continue
            lhs, rhs = put_in(c.exprs[k]), put_in(c.exprs[k + 1])
            if lhs is None or rhs is None:
                continue
            found = identity_multiples.instance(lhs, rhs, doc.words, doc.matrix_facts, names, line)
            if found is not None:
                # the text's spaces of square matrices and vectors hold on the instance
                found.satisfies = [cond.words for cond in c.conditions if cond.relation is None
                                   and identity_multiples.satisfied(cond.words)]
                out[(id(c), k)] = found
    return out


def _unconfirmed(c, pr: CodePrinter, defined=frozenset(), step=None) -> str:
    """The step option that says the chain was read from a text and nobody confirmed its conditions: True, or the
    conditions the prose around the display states about the chain's names, each with the text's words.

    A condition over names the chain writes as plain scalars is written as a relation; one that could not be
    read, or that also names something the chain does not write, is kept as its words (then no point is known
    to satisfy it, and no counterexample refutes the steps).  A condition about none of the chain's names is
    left out.  For one step (`step`, its two sides) the names are those the step writes, the names of the
    definitions it uses, and every name a condition about those names also mentions (x + y > 0 with the step
    writing x ties y to it): a display the import could not read holds off only the steps that write its names."""
    exprs = c.exprs[c.start:]
    whole = {s.name for e in exprs for s in e.free_symbols if isinstance(s, sp.Symbol)}
    if step is not None:
        exprs = list(step)
    scalars = {s.name for e in exprs for s in e.free_symbols if isinstance(s, sp.Symbol)}
    written = scalars | {b.base.label.name for e in exprs for b in e.atoms(sp.Indexed)}
    written |= {s.name for e in exprs for s in e.atoms(sp.Symbol)}
    every = {s.name for e in exprs for s in e.free_symbols} | {b.base.label.name for e in exprs
                                                                for b in e.atoms(sp.Indexed)}
    if step is not None:
        written |= {f.func.__name__ for e in exprs for f in e.atoms(AppliedUndef)}
        written = _reached(written, c.conditions, defined)
        scalars |= written & whole
        every |= written
    # the prose names a letter (b); the chain may write it styled (b_bold for \mathbf{b}) or with a label:
    # a condition on the letter then still blocks a refutation it may exclude
    written |= {name.split("_")[0] for name in written}
    # the entries p_ij of a matrix the prose names P (or \mathbf{P}, Σ for σ_ij): words on the matrix are on its entries
    written |= {_other_case(b.base.label.name.split("_")[0]) for e in exprs if isinstance(e, sp.Basic)
                for b in e.atoms(sp.Indexed) if len(b.indices) >= 2}
    out = []
    for cond in c.conditions:
        rel = cond.relation
        every_name = getattr(cond, "every_name", None)
        if step is not None and _solves_a_name_nothing_else_holds(cond, c.conditions, exprs):
            continue
        if every_name is not None:
            # "all variables are positive": that sign on each scalar the chain writes; as words where the chain also
            # writes entries or matrices, which the words cover and a relation on scalars would not
            symbols = sorted((s for e in exprs for s in e.free_symbols if isinstance(s, sp.Symbol)
                              and s.name not in defined), key=lambda s: s.name)
            other = any(e.atoms(sp.Indexed) or any(s.name.startswith("\\") for s in e.free_symbols) for e in exprs)
            if every_name in (EVERY_TABLE_AS_WORDS, EVERY_ENTRY_AS_WORDS):
                # "Let $P$ be a stochastic matrix", "repeated indices are summed": its words on every step writing an
                # entry with two indices (any entry, for the summation convention)
                least = 2 if every_name == EVERY_TABLE_AS_WORDS else 1
                if not any(len(b.indices) >= least for e in exprs if isinstance(e, sp.Basic)
                           for b in e.atoms(sp.Indexed)):
                    continue
                item = lit(cond.words)
            elif every_name == EVERY_NAME_AS_WORDS:
                # "On the interval $[1, 2]$": a range of the display's variable, unnamed: its words on every step
                if not (symbols or other):
                    continue
                item = lit(cond.words)
            elif other:
                item = lit(cond.words)
            elif symbols:
                item = f"({pr.doprint(sp.And(*(every_name(s) for s in symbols)))}, {lit(cond.words)})"
            else:
                continue
            if item not in out:
                out.append(item)
            continue
        if getattr(cond, "per_name", False) and rel is not None:
            # a sign given to each name: the relations on names the chain does not write say nothing about it
            kept = [a for a in sp.And.make_args(rel)
                    if ({s.name for s in a.free_symbols} | {b.base.label.name for b in a.atoms(sp.Indexed)}) & every]
            if not kept:
                continue
            rel = sp.And(*kept)
        if rel is not None and rel.free_symbols and {s.name for s in rel.free_symbols} <= scalars \
                and not rel.atoms(sp.Indexed) and rel is not sp.true:
            item = f"({pr.doprint(rel)}, {lit(cond.words)})"
        elif rel is sp.true:
            continue
        elif getattr(cond, "all_names", False) and not set(cond.names) - set(defined) <= written:
            continue        # a sum to one over a name the chain does not write: that name takes the rest
        elif (set(cond.names) - set(defined)) & written:     # a name the text's displays define is read as defined
            item = lit(cond.words)
        else:
            continue
        if item not in out:
            out.append(item)
    return "[" + ", ".join(out) + "]" if out else "True"


def _other_case(letter: str) -> str:
    """The letter's other case (p and P, sigma and Sigma): a matrix and the letter of its entries."""
    return letter[0].swapcase() + letter[1:] if letter[:1].isalpha() else letter


def _solves_a_name_nothing_else_holds(cond, conditions, sides) -> bool:
    """Whether a condition only gives names the step does not write their values (`P(X \\mid \\theta) =
    \\theta^{n_H}(1-\\theta)^{n_T}`, a display before it, beside a step in θ, n_H and n_T alone): each such name takes
    its value at any point of the step, so the condition excludes none, unless another condition of the chain also
    speaks of the name (a probability in [0, 1]: then the value is held too)."""
    rel = cond.relation
    if rel is None or not isinstance(rel, (sp.Eq, sp.And)):
        return False
    parts = sp.And.make_args(rel)
    if not all(isinstance(a, sp.Eq) for a in parts):
        return False
    step_names = {x.name for e in sides if isinstance(e, sp.Basic) for x in e.atoms(sp.Symbol)}
    step_names |= {i.base.label.name for e in sides if isinstance(e, sp.Basic) for i in e.atoms(sp.Indexed)}
    step_names |= {f.func.__name__ for e in sides if isinstance(e, sp.Basic) for f in e.atoms(AppliedUndef)}
    solved = []
    for a in parts:
        side = next((x for x in (a.lhs, a.rhs) if isinstance(x, sp.Symbol) and x.name not in step_names
                     and x not in (a.rhs if x is a.lhs else a.lhs).free_symbols), None)
        if side is None or side in solved:
            return False
        solved.append(side)
    others = [k for k in conditions if k is not cond]
    # the name, or the letter it is written with (P of P[X \mid \theta]), in another condition's words or relation
    letters = {x: {x.name, re.split(r"[\[_{\s]", x.name.lstrip("\\"), maxsplit=1)[0]} for x in solved}
    return not any(letters[x] & set(k.names) or (k.relation is not None and x in k.relation.free_symbols)
                   for x in solved for k in others)


def _letters(names: set) -> set:
    """Names and the letters written in them: `E[X^2]` and X, `\\mathbf{b}_1` and b, `b_bold` and b."""
    out = set(names)
    for name in names:
        out.add(name.split("_")[0])
        if re.search(r"[\[\\{]", name):
            out |= names_in(name)
    return out


def _reached(written: set, conditions, defined) -> set:
    """The names a step writes, with the names of the definitions it uses and, through each condition of the text
    that mentions one of them, every name that condition mentions (till no condition adds one)."""
    definitions = defined if isinstance(defined, dict) else {}
    reach = set(written)
    while True:
        more = set()
        for name in reach & set(definitions):
            d = definitions[name]
            more |= {s.name for s in d.expr.atoms(sp.Symbol)} | {b.base.label.name for b in d.expr.atoms(sp.Indexed)}
            more |= {f.func.__name__ for f in d.expr.atoms(AppliedUndef)}
        letters = _letters(reach | more)
        for cond in conditions:
            names = set(cond.names) - set(defined)
            # weights summing to one tie nothing (a name the step does not write takes the rest of the sum), nor
            # does a sign given to each name
            if names & letters and not getattr(cond, "all_names", False) and not getattr(cond, "per_name", False):
                # the other glyph of a letter it writes (\vartheta beside \theta) is named so a step writing that
                # glyph is held off too; reached from the letter, it would turn the copy of the letter's own
                # conditions on that glyph (twin_glyphs) into words that hold off every point
                more |= {n for n in names if n in reach or TWIN_GLYPHS.get(n) not in names}
        if more <= reach:
            return reach
        reach |= more


def false_at_every_value(lhs, rhs, relation: str) -> bool:
    """Whether a step fails at every value of its names: its sides differ by a nonzero number (after the
    derivatives of written expressions are taken), or by a number of the wrong sign for an inequality, or, for an
    equation in one name, are unequal at every value of it where both have one (nowhere_equal.py).  Such a step
    is false whatever values a text gives its names, whatever laws or conditions it states about them."""
    if not (isinstance(lhs, sp.Basic) and isinstance(rhs, sp.Basic)) or relation not in ("=", "<=", ">=", "<", ">"):
        return False
    if any(isinstance(e, (sp.MatrixBase, sp.core.relational.Relational, sp.logic.boolalg.BooleanFunction,
                          sp.logic.boolalg.BooleanAtom, sp.Set)) for e in (lhs, rhs)):
        return False
    try:
        gap = lhs - rhs
        gap = gap.replace(lambda x: isinstance(x, sp.Derivative), lambda x: x.doit())
        gap = sp.expand(gap)
        if gap.atoms(sp.Abs, sp.sign) and not gap.is_number:
            return _false_at_every_sign(gap, relation)
        if relation == "=" and not gap.is_number:
            # `(1-\frac{1}{n})^{n-1} = \frac{n}{n+1} (1-\frac{1}{n})^{n}`: unequal at every value of its one name
            return unequal_at_every_value(lhs, rhs)
        return _wrong_number(gap, relation)
    except (TypeError, ValueError, ArithmeticError, RecursionError, AttributeError, NotImplementedError):
        return False


def _wrong_number(gap, relation: str, signed=False) -> bool:
    """Whether gap = lhs − rhs is a real number that makes the relation fail (`signed`: or a quantity of names of a
    known sign that SymPy's assumptions show makes it fail, 2p + 1 for a positive p)."""
    if not (gap.is_number or signed) or gap.atoms(sp.Integral, sp.Sum, sp.Product, sp.Limit, sp.Derivative,
                                                  AppliedUndef, sp.Indexed) \
            or any(not isinstance(s, sp.Dummy) for s in gap.atoms(sp.Symbol)):
        return False
    if gap.is_real is not True or gap.is_finite is not True:
        return False
    return {"=": gap.is_zero is False, "<=": gap.is_positive is True,
            "<": gap.is_nonnegative is True, ">=": gap.is_negative is True,
            ">": gap.is_nonpositive is True}[relation]


def _false_at_every_sign(gap, relation: str) -> bool:
    """`\\frac{a}{|a|} = -\\textrm{sign}(a)`: a gap made of at most three names (each real), absolute values and
    signs, that is a number of the wrong kind once each name is given a sign (positive, negative or 0), for every choice
    of signs, or has no value there: the step fails at every value of its names where both sides have one."""
    symbols = sorted(gap.free_symbols, key=lambda s: s.name)
    # the written file declares each plain name of a step a real scalar, a positive one or a size: all real
    if not 1 <= len(symbols) <= 3 or not all(isinstance(s, sp.Symbol) and s.is_real is not False for s in symbols) \
            or gap.atoms(sp.Integral, sp.Sum, sp.Product, sp.Limit, sp.Derivative, AppliedUndef, sp.Indexed,
                         sp.Piecewise, sp.Max, sp.Min, sp.floor, sp.ceiling):
        return False
    # `|A| = -2`, `|J| = -1`, `|\Sigma|`: bars around a capital letter are the determinant of a matrix in the texts
    # that write them, which may be negative: the absolute value is one reading only
    if any(s.name[:1].isupper() for x in gap.atoms(sp.Abs) for s in x.free_symbols):
        return False
    for signs in itertools.product((1, -1, 0), repeat=len(symbols)):
        value = sp.simplify(gap.subs({s: k * sp.Dummy(positive=True) if k else 0 for s, k in zip(symbols, signs)}))
        if value.has(sp.nan, sp.zoo):
            continue        # no value there
        if not _wrong_number(value, relation, signed=True):
            return False
    return True


def imports(code: str, sympy_limit: bool = False) -> str:
    """The import lines for every name the code uses and does not define: the authoring API's names from
    verifier, the rest (pi, sin, asin, Abs, factorial, …) from SymPy.  Derived from the code itself, so a
    file that uses a function loads whatever the reader produced."""
    import verifier
    tree = ast.parse(code)
    defined = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    defined |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    defined |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) for a in n.args.args}
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - defined
    # a limit a side writes is SymPy's Limit (expression, variable, point, direction), not the authoring API's
    # Limit meaning (written as tends(…))
    apart = {"Rational"} | ({"Limit"} if sympy_limit else set())
    from_verifier = sorted((used | BASE_API) & set(dir(verifier)) - apart)
    from_sympy = sorted(u for u in used | {"Function", "Product", "Rational", "Sum"}
                        if u not in from_verifier and hasattr(sp, u))
    unknown = sorted(used - set(from_verifier) - set(from_sympy) - set(vars(builtins)))
    if unknown:
        raise ValueError(f"the written file would use undefined names: {', '.join(unknown)}")
    return "\n".join([_import_line("sympy", from_sympy), "", _import_line("verifier", from_verifier), ""])


BASE_API = {"Σ", "calc", "exp", "index", "log", "max_over", "mean", "min_over", "one_sided", "oo", "positive", "real",
            "seed", "series_order", "size", "sqrt", "tends", "vector"}


def _import_line(module: str, names: list[str]) -> str:
    lines, line = [], f"from {module} import ("
    for k, n in enumerate(names):
        piece = n + (", " if k < len(names) - 1 else ")  # noqa: F401")
        if len(line) + len(piece) > 110:
            lines.append(line.rstrip())
            line = " " * len(f"from {module} import (")
        line += piece
    lines.append(line)
    return "\n".join(lines)
