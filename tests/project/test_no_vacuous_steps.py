"""No step of the project's own files is true by construction.

A step checks something only when both its sides are written out.  If a right side is computed by
SymPy from the left (`diff`, `doit`, `solve`, `simplify`, `subs`, or `sympy.stats`' E and variance),
the step compares SymPy with itself: it passes whatever the author meant.  The same holds for a
claim whose start is produced by such an operation (a root from `solve`, an expectation from
`sympy.stats`, whose independence is the library's built-in model rather than a stated premise).
A left side that is a derivative (`diff`) or a substitution (`subs`) of written expressions is the
object of the claim and stays allowed there.

The test reads derivations/ and examples/ with `ast`, follows module-level names (and names imported
from other derivation files) to where they are computed, and fails on every such operation that
carries no reason.  An exception is written where the operation is: a comment `# computed: <why>`
on one of the lines of the call or in the comment block right above it (or on the assignment that
introduces the computed name).
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from verifier.verdicts import Verdict

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "derivations").glob("*.py")) + sorted((ROOT / "examples").glob("*.py"))

RELATIONS = {"eq", "le", "ge", "lt", "gt", "approx", "propto"}
# Operations that compute an answer: forbidden in a right side, and in a claim's start.
COMPUTING = {"diff", "doit", "solve", "dsolve", "simplify", "subs", "E", "variance", "Expectation", "Variance"}
# A start may be a derivative or a substitution of written expressions: that is what it claims something about.
ALLOWED_IN_START = {"diff", "subs"}
REASON = re.compile(r"#\s*computed:\s*\S")


@dataclass(frozen=True)
class Use:
    op: str
    line: int          # where the operation is written
    excused: bool      # a `# computed: <why>` comment on its lines
    via: str = ""      # the module-level name that carries it, if any


def _op_name(call: ast.Call) -> str | None:
    f = call.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
    return name if name in COMPUTING else None


def _excused(lines: list[str], first: int, last: int) -> bool:
    """A `# computed: <why>` on the lines of the call, or in the block of comment lines right above it."""
    above = first - 1
    while above >= 1 and lines[above - 1].strip().startswith("#"):
        above -= 1
    return any(REASON.search(lines[k - 1]) for k in range(above + 1, last + 1))


class Module:
    """The computing operations each module-level name (or function) of one file carries."""

    def __init__(self, path: Path, modules: dict):
        self.path, self.text = path, path.read_text()
        self.lines = self.text.splitlines()
        self.tree = ast.parse(self.text)
        self.names: dict[str, set[Use]] = {}
        for node in self.tree.body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("derivations."):
                other = modules.get(node.module.split(".", 1)[1])
                for alias in node.names:
                    if other is not None and alias.name in other.names:
                        self.names[alias.asname or alias.name] = {
                            Use(u.op, u.line, u.excused, f"{node.module}.{alias.name}") for u in other.names[alias.name]}
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                uses = self.uses(node.value, start=False)
                if _excused(self.lines, node.lineno, node.end_lineno):
                    uses = {Use(u.op, u.line, True, u.via) for u in uses}
                for target in targets:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name) and uses:
                            self.names[name.id] = uses
            elif isinstance(node, ast.FunctionDef):
                uses = set().union(*(self.uses(b, start=False) for b in node.body)) if node.body else set()
                if uses:
                    self.names[node.name] = uses

    def uses(self, expr, *, start: bool) -> set[Use]:
        """The computing operations in an expression, written there or carried by a name it mentions."""
        if expr is None:
            return set()
        out = set()
        for node in ast.walk(expr):
            if isinstance(node, ast.Call) and (op := _op_name(node)):
                if start and op in ALLOWED_IN_START:
                    continue
                out.add(Use(op, node.lineno, _excused(self.lines, node.lineno, node.end_lineno)))
            elif isinstance(node, ast.Name) and node.id in self.names:
                out |= {Use(u.op, u.line, u.excused, u.via or node.id) for u in self.names[node.id]
                        if not (start and u.op in ALLOWED_IN_START)}
        return out

    def offences(self) -> list[str]:
        """Every computed side of every step in the file, with where it is computed; excused ones left out."""
        sides = []                                   # (line, what, uses)
        starts = {}
        for node in ast.walk(self.tree):
            if not (isinstance(node, ast.Call) and node.args and isinstance(node.func, ast.Attribute)
                    and node.func.attr in RELATIONS):
                continue
            sides.append((node.lineno, f"right side of .{node.func.attr}()", self.uses(node.args[0], start=False)))
            # The chain's start: the first argument of the call the relations hang from (calc(…) or a function that builds it).
            base = node.func.value
            while isinstance(base, ast.Call) and isinstance(base.func, ast.Attribute) and \
                    base.func.attr in RELATIONS | {"experiment"}:
                base = base.func.value
            if isinstance(base, ast.Call) and base.args:
                starts[id(base)] = (base.lineno, "start of the chain", self.uses(base.args[0], start=True))
        found = []
        for line, side, uses in sorted(sides + list(starts.values()), key=lambda x: (x[0], x[1])):
            for u in sorted(uses, key=lambda u: (u.line, u.op)):
                if not u.excused:
                    via = f" (through {u.via}, computed at line {u.line})" if u.via else f" (line {u.line})"
                    found.append(f"{self.path.relative_to(ROOT)}:{line}: {side} computed by {u.op}{via}")
        return found


def _modules() -> dict[str, Module]:
    """Every file, derivation files first in an order that lets imports be resolved (two passes suffice)."""
    modules: dict[str, Module] = {}
    for _ in range(2):
        for path in FILES:
            modules[path.stem] = Module(path, modules)
    return modules


@pytest.fixture(scope="module")
def modules():
    return _modules()


def test_no_step_side_of_the_project_is_computed_by_sympy_from_another(modules):
    offences = [o for m in modules.values() for o in m.offences()]
    assert offences == [], "write the side out, or say why it is computed with `# computed: <why>`:\n" + \
        "\n".join(offences)


# ---- the guard itself, on small files: it catches what it is for, and lets written sides pass ----------

def _offences(tmp_path, text: str) -> list[str]:
    path = tmp_path / "derivations" / "x.py"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text)
    global ROOT
    old, ROOT = ROOT, tmp_path
    try:
        return Module(path, {}).offences()
    finally:
        ROOT = old


HEAD = "import sympy as sp\nfrom verifier import calc\nx = sp.Symbol('x')\nf = x**2\n"


@pytest.mark.parametrize("body, op", [
    ("d = calc(sp.diff(f, x), title='t').eq(sp.diff(f, x), 'r')\n", "diff"),         # right side = the left
    ("d = calc(f, title='t').eq(sp.simplify(f), 'r')\n", "simplify"),
    ("g = (x + 1).subs(x, 2)\nd = calc(f, title='t').eq(g, 'r')\n", "subs"),            # through a name
    ("(r,) = sp.solve(f - 1, x)\nd = calc(f.subs(x, r), title='t').eq(1, 'r')\n", "solve"),   # a root as the claim
    ("from sympy.stats import E, Normal\nX = Normal('X', 0, 1)\nd = calc(E(X**2), title='t').eq(1, 'r')\n", "E"),
])
def test_a_computed_side_is_caught(tmp_path, body, op):
    found = _offences(tmp_path, HEAD + body)
    assert found and all(f" {op} " in o for o in found), found


@pytest.mark.parametrize("body", [
    "d = calc(sp.diff(f, x), title='t').eq(2 * x, 'r')\n",                    # a derivative, answered by hand
    "d = calc(f.subs(x, 2), title='t').eq(4, 'r')\n",                          # a substitution claimed about
    "g = sp.simplify(f)  # computed: the test's reason\nd = calc(f, title='t').eq(g, 'r')\n",
])
def test_a_written_or_explained_side_passes(tmp_path, body):
    assert _offences(tmp_path, HEAD + body) == []


def test_a_reason_in_the_comment_block_above_the_call_counts_but_one_further_up_does_not(tmp_path):
    excused = "# computed: the test's reason\n# (continued)\ng = sp.simplify(f)\nd = calc(f, title='t').eq(g, 'r')\n"
    assert _offences(tmp_path, HEAD + excused) == []
    detached = "# computed: the test's reason\n\ng = sp.simplify(f)\nd = calc(f, title='t').eq(g, 'r')\n"
    assert _offences(tmp_path, HEAD + detached) != []


def test_an_empty_reason_is_no_reason(tmp_path):
    body = "g = sp.simplify(f)  # computed:\nd = calc(f, title='t').eq(g, 'r')\n"
    assert _offences(tmp_path, HEAD + body) != []


# ---- roots written by hand: a written root can fail ------------------------------------------------------

def test_a_wrong_mle_root_does_not_factor_the_gradient():
    """max_likelihood writes x̂ by hand; the plain mean (one edit: equal weights) must be refuted."""
    from verifier import Σ, calc
    from tests.engine import check_one, verdicts
    import derivations.max_likelihood as ml
    plain_mean = Σ(ml.v1[ml.t], ml.t) / ml.n
    near = calc(Σ(ml.v1[ml.t] / ml.sigma2[ml.t], ml.t) - ml.x1 * ml.S_all, title="near miss") \
        .eq(-ml.S_all * (ml.x1 - plain_mean), "claimed: the plain mean is the root", expect="refuted")
    assert verdicts(check_one(near)) == [Verdict.REFUTED]


def test_a_wrong_entropy_scale_root_does_not_factor_the_condition():
    """entropy_scale writes λ(n) = (log n − H₀)/D by hand; the sign of H₀ flipped must be refuted."""
    from verifier import calc, log
    from tests.engine import check_one, verdicts
    import derivations.entropy_scale as es
    near = calc(log(es.n) - es.lam * es.D - es.H0, title="near miss") \
        .eq(-es.D * (es.lam - (log(es.n) + es.H0) / es.D), "claimed root with +H₀", expect="refuted")
    assert verdicts(check_one(near)) == [Verdict.REFUTED]
