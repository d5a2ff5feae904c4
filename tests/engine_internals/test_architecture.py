"""The engine's shape: layers that depend only downward, no import cycles, no reaching into private names.

A newcomer should see the architecture from `ls verifier/`; these tests keep
that listing honest as the code grows.
"""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "verifier"

# Lower number = lower layer.  A module may import from its own layer or below, never above.
LAYERS = {
    "verdicts": 0, "settings": 0, "functions": 0, "interrupts": 0, "timings": 0, "frames": 0,
    "authoring": 1,
    "prove": 2, "evidence": 2,
    "judge": 3,
    "present": 4,
    "loader": 5, "run": 5, "isolation": 5, "results_cache": 5,
    "cli": 6, "pytest_plugin": 6, "mutate": 6, "__main__": 6, "importer": 6,
}
# The two middle layers are independent of each other: numbers never import the strategies.
FORBIDDEN = {("evidence", "prove"), ("prove", "evidence")}


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """(imported module, imported names) for every import in the file, function-level ones included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [a.name for a in node.names]
            if target.startswith("verifier"):
                if node.module is None or target == ".".join(base):
                    out += [(f"{target}.{n}", []) for n in names]
                else:
                    out.append((target, names))
        elif isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names if a.name.startswith("verifier")]
    return out


def _layer_of(module: str) -> tuple[str, int] | None:
    parts = module.split(".")
    if len(parts) < 2:
        return None
    top = parts[1]
    return (top, LAYERS[top]) if top in LAYERS else None


def _modules():
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def test_every_top_level_part_of_the_package_has_a_layer():
    tops = {p.relative_to(PACKAGE).parts[0].removesuffix(".py") for p in PACKAGE.rglob("*.py")}
    unlayered = sorted(tops - set(LAYERS) - {"__init__"})
    assert not unlayered, f"give these a layer in tests/engine_internals/test_architecture.py: {unlayered}"


def test_layers_import_only_downward():
    violations = []
    for module, path in _modules().items():
        if path.name == "__init__.py" and module == "verifier":
            continue       # the public API re-exports from every layer
        mine = _layer_of(module)
        if mine is None:
            continue
        for target, _ in _imports(path):
            theirs = _layer_of(target)
            if theirs is None:
                continue
            if theirs[1] > mine[1] or (mine[0], theirs[0]) in FORBIDDEN:
                violations.append(f"{module} imports {target}")
    assert not violations, "imports from a higher layer:\n" + "\n".join(violations)


def test_there_are_no_import_cycles():
    modules = _modules()
    graph = {m: set() for m in modules}
    for module, path in modules.items():
        for target, _ in _imports(path):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != module and not (path.name == "__init__.py" and target.startswith(module)):
                # A package's __init__ importing its own submodules is how a package exposes them, not a cycle.
                if modules[target].name == "__init__.py" and module.startswith(target + "."):
                    continue
                graph[module].add(target)
    state, cycle = {}, []

    def visit(m, stack):
        state[m] = "open"
        for t in sorted(graph[m]):
            if state.get(t) == "open":
                cycle.extend(stack[stack.index(t):] + [t] if t in stack else [m, t])
                return True
            if t not in state and visit(t, stack + [t]):
                return True
        state[m] = "done"
        return False

    for m in sorted(graph):
        if m not in state and visit(m, [m]):
            break
    assert not cycle, "import cycle: " + " → ".join(cycle)


def test_no_module_imports_another_modules_private_names():
    offenders = []
    for module, path in _modules().items():
        for target, names in _imports(path):
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            if private:
                offenders.append(f"{module}: from {target} import {', '.join(private)}")
    assert not offenders, "\n".join(offenders)
