"""Declarations inferred from the symbols of the imported chains, each with the reason it was inferred.

The inference is a proposal the author confirms (the written file says so in its header):
a symbol that is the upper limit of a sum is a size; a summation variable or a subscript letter is
an index over 1…that size; a name with subscripted entries is a vector; `x_max`/`x_min` of a vector
x is the maximum/minimum over it, `x_bar` its mean; λ is positive (the scale of softmax; declare it
real if it may be negative); any other name is a real scalar.
"""
from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, field

import sympy as sp
from sympy.core.function import AppliedUndef

RESERVED = {"log", "exp", "sqrt", "pi", "oo", "calc", "seed", "index", "size", "vector", "mean", "real", "positive",
            "max_over", "min_over", "Rational", "Sum", "Product", "Function", "Σ", "E", "I", "sp"}
GREEK_DISPLAY = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
                 "eta": "η", "theta": "θ", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "rho": "ρ",
                 "sigma": "σ", "tau": "τ", "phi": "φ", "varphi": "φ", "psi": "ψ", "omega": "ω", "xi": "ξ",
                 "zeta": "ζ", "chi": "χ", "Delta": "Δ", "Sigma": "Σ", "Lambda": "Λ", "Omega": "Ω"}
POSITIVE = {"lambda", "tau", "beta", "sigma"}     # scales and temperatures of softmax


@dataclass
class Declaration:
    identifier: str
    code: str
    why: str


@dataclass
class Inferred:
    declarations: list[Declaration] = field(default_factory=list)
    identifiers: dict[str, str] = field(default_factory=dict)     # SymPy name -> Python identifier
    sizes: dict[str, str] = field(default_factory=dict)           # index name -> its size's name
    functions: list[str] = field(default_factory=list)            # undeclared functions (p(x))


def identifier(name: str, taken: set[str]) -> str:
    if re.match(r"\(*\\(?:mathbf|boldsymbol|bm|mathit)\b", name):
        # a product of matrices and vectors read as one quantity (products.py): `mat_X_W1_W2`, `mat_BT_AT`
        name = "mat_" + re.sub(r"\\(?:mathbf|boldsymbol|bm|mathit)\s*\{([^{}]*)\}", r"_\1", name.replace(r"^{\top}", "T")
                                .replace("^{-1}", "inv").replace("^{*}", "star"))
        name = re.sub(r"_+", "_", re.sub(r"[^A-Za-z0-9_]", "_", name.replace("\\", ""))).rstrip("_")
    ident = "lam" if name == "lambda" else "".join(c if c.isalnum() or c == "_" else "_" for c in name)
    if not ident or ident[0].isdigit():
        ident = "v_" + ident
    while ident in RESERVED or keyword.iskeyword(ident) or ident in taken:
        ident += "_"
    return ident


def infer(exprs: list[sp.Basic], default_size: str = "n", defined: set[str] = frozenset(),
          sign_open: frozenset = frozenset(), one_hot: dict | None = None) -> Inferred:
    """The declarations the written names suggest; a usually positive letter (λ, β, τ, σ) whose sign the text
    states otherwise or leaves open (`sign_open`) is real; a vector the text's words settle is one-hot (`one_hot`,
    letter -> the words, one_hot.py) is declared so."""
    one_hot = one_hot or {}
    out = Inferred()
    sizes: dict[str, str] = {}          # index -> size
    size_names: list[str] = []
    vectors: list[str] = []
    scalars: list[str] = []
    functions: list[str] = []
    from_zero: set[str] = set()         # vectors the text writes an entry 0 of (r_0 + \gamma r_1 + …)
    written_up_to = 1                   # the largest entry written with a number (r_2): the vectors have it
    for e in exprs:
        for node in sp.preorder_traversal(e):
            limits = getattr(node, "limits", None)
            if isinstance(node, (sp.Sum, sp.Product)) or type(node).__name__ in ("IndexedMax", "IndexedMin"):
                for lim in limits:
                    if len(lim) == 3 and isinstance(lim[2], sp.Symbol):
                        sizes.setdefault(lim[0].name, lim[2].name)
                        if lim[2].name not in size_names:
                            size_names.append(lim[2].name)
            if isinstance(node, sp.Indexed):
                if node.base.label.name not in vectors:
                    vectors.append(node.base.label.name)
                if any(ix == 0 for ix in node.indices):
                    from_zero.add(node.base.label.name)
                written_up_to = max([written_up_to] + [int(ix) for ix in node.indices if ix.is_Integer])
                for ix in node.indices:
                    if isinstance(ix, sp.Symbol):
                        sizes.setdefault(ix.name, None)
            if isinstance(node, AppliedUndef) and node.func.__name__ not in functions:
                functions.append(node.func.__name__)
    for e in exprs:
        # a limit's direction ('+-', '+', '-') is stored as a symbol among its arguments: no name of the text
        directions = {lim.args[3] for lim in e.atoms(sp.Limit)} if isinstance(e, sp.Basic) else set()
        for s in sorted(e.free_symbols | {b for b in sp.preorder_traversal(e) if isinstance(b, sp.Symbol)},
                        key=lambda s: s.name):
            if s.name in sizes or s.name in size_names or s.name in vectors or s.name in scalars or s in directions:
                continue
            if isinstance(s, sp.Symbol) and not isinstance(s, sp.Dummy):
                scalars.append(s.name)
    for s in size_names:        # x_n beside \sum_{i=1}^n: n is the size (x_n the last entry), not an index of itself
        if s in sizes and sizes[s] is None:
            del sizes[s]
    if not size_names and (sizes or vectors):
        size_names.append(default_size)
        if sizes.get(default_size, "") is None:     # x_n with no sum: n is the length (x_n the last entry) as above
            del sizes[default_size]
    both = sorted(set(size_names) & {ix for ix in sizes if ix not in size_names or sizes[ix] is not None})
    both = [b for b in both if b in sizes]
    if both:
        raise ValueError(f"{', '.join(both)} is used both as a size (the upper limit of a sum) and as an index: "
                         "the declarations cannot say which")
    for k, v in list(sizes.items()):
        if v is None:
            sizes[k] = default_size if default_size in size_names else size_names[0]
    taken: set[str] = set(defined)
    ids = out.identifiers

    def name(n):
        if n not in ids:
            ids[n] = identifier(n, taken)
            taken.add(ids[n])
        return ids[n]

    first_size = size_names[0] if size_names else default_size
    for n in size_names:
        if n == first_size and vectors and 1 < written_up_to <= 16:
            # `r_0 + \gamma r_1 + \gamma^2 r_2`: the text writes entry 2, so the vectors have it (n ≥ 2): at n = 1 no
            # line that writes r_2 has a value
            out.declarations.append(Declaration(name(n), f'size("{n}", (17, 256), low={written_up_to})',
                                                f"{n} is the length of the vectors, which have the entry "
                                                f"{written_up_to} the text writes: a length of at least "
                                                f"{written_up_to}"))
            continue
        out.declarations.append(Declaration(name(n), f'size("{n}")',
                                            f"{n} is the upper limit of a sum: a length (symbolic in proofs, "
                                            "sampled at 3, 17, 256)"))
    by_size: dict[str, list[str]] = {}
    for ix, n in sizes.items():
        by_size.setdefault(n, []).append(ix)
    derived_index = {}
    spares_taken: set[str] = set()
    for n, ixs in by_size.items():
        # each size gets its own spare index: two sizes sharing one would run a mean over the wrong range
        spare = next((c for c in "klmjirtuvw" if c not in sizes and c not in scalars and c not in vectors
                      and c not in spares_taken and c not in size_names), None)
        if spare is None:
            raise ValueError(f"no spare index name is left for the size {n}")
        spares_taken.add(spare)
        derived_index[n] = spare
        all_ix = sorted(ixs) + ([spare] if spare not in ixs else [])
        idents = [name(i) for i in all_ix]
        out.declarations.append(Declaration(", ".join(idents) + ("," if len(idents) == 1 else ""),
                                            f'index("{" ".join(all_ix)}", {name(n)})',
                                            f"summation variables and subscripts: indices over 1…{n}"
                                            + (f" ({spare} is spare, for max/mean)" if spare not in ixs else "")))
        out.sizes.update({i: n for i in all_ix})
    for v in vectors:
        if v in defined:
            continue
        if v in one_hot:
            start = ", start=0" if v in from_zero else ""
            out.declarations.append(Declaration(name(v), f'vector("{v}", {name(first_size)}{start}, one_hot=True)',
                                                f"the text states `{one_hot[v]}`: every entry 0 but one, which is 1"))
            continue
        if v in from_zero:
            # `r_0 + \gamma r_1 + \gamma^2 r_2`: the text writes an entry 0, so the entries start there (else r_0
            # has no value and no line that writes it is ever checked by the numbers)
            out.declarations.append(Declaration(name(v), f'vector("{v}", {name(first_size)}, start=0)',
                                                f"{v}_i is written with a subscript, {v}_0 among them: a real vector "
                                                "entry, from 0"))
            continue
        if "[" in v:
            # `\sum_j E[w_{ij} x_j]`: the quantity of a law for each value of j, named as Python names it (the name
            # as written holds spaces and commas, which a declaration would read as several names)
            out.declarations.append(Declaration(name(v), f'vector("{name(v)}", {name(first_size)})',
                                                f"{v}: a quantity of a law for each value of its index, a real entry"))
            continue
        out.declarations.append(Declaration(name(v), f'vector("{v}", {name(first_size)})',
                                            f"{v}_i is written with a subscript: a real vector entry"))
    for s in scalars:
        base, _, suffix = s.rpartition("_")
        if base in vectors and suffix in ("max", "min", "bar"):
            k = name(derived_index.get(first_size, "k"))
            fn = {"max": "max_over", "min": "min_over", "bar": "mean"}[suffix]
            what = {"max": "the maximum over the vector", "min": "the minimum over the vector",
                    "bar": "the mean of the vector"}[suffix]
            out.declarations.append(Declaration(name(s), f"{fn}({name(base)}[{k}], {k})", f"{s}: {what}"))
            continue
        if s in defined:
            continue
        display = GREEK_DISPLAY.get(s)
        shown = f', display="{display}"' if display else ""
        if s in POSITIVE and s not in sign_open:
            out.declarations.append(Declaration(name(s), f'positive("{name(s)}"{shown})',
                                                f"{display or s} > 0 (a scale); declare real(…) if it may be negative"))
        elif re.match(r"\(*\\(?:mathbf|boldsymbol|bm|mathit)\b", s):
            out.declarations.append(Declaration(name(s), f'real("{name(s)}")',
                                                f"{s}: a product of matrices and vectors in the order written, read as one "
                                                "quantity"))
        else:
            out.declarations.append(Declaration(name(s), f'real("{name(s)}"{shown})', f"{display or s}: a real scalar"))
    out.functions = functions
    return out
