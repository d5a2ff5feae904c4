"""Small helpers the tests share: check derivations and look at their steps."""
from __future__ import annotations

from pathlib import Path

from verifier.judge.checker import check_all
from verifier.settings import Settings
from verifier.loader import load_file

ROOT = Path(__file__).resolve().parents[1]
QUICK = Settings(quick=True)


def check(*derivations, **settings):
    """Check derivations with default settings (seed 0, 50/100 digits) unless overridden."""
    for k, d in enumerate(derivations):
        d.name = d.name or f"d{k}"
    return check_all(list(derivations), Settings(**settings))


def only_step(derivation, **settings):
    [result] = check(derivation, **settings)
    [step] = result.steps
    return step


def check_one(derivation, settings: Settings = QUICK):
    derivation.name = derivation.name or "under_test"
    [result] = check_all([derivation], settings)
    return result


def at_equal_thirds(expr):
    """expr in real balls at 50 digits with every symbol 1/3: a difference of two of them is a ball around 0."""
    import sympy as sp
    from flint import arb, fmpq
    from verifier.evidence import balls
    args = sorted(expr.free_symbols, key=sp.default_sort_key)
    with balls.precision(50):
        return balls.compile_ball(expr, args)([arb(fmpq(1, 3))] * len(args), "real")


def load_project_files(*names: str) -> dict:
    """{file name: [derivations]} for files under derivations/, failing loudly if one cannot load."""
    out = {}
    for name in names:
        found, error = load_file(ROOT / "derivations" / name, ROOT)
        assert error is None, str(error)
        out[name] = found
    return out


def check_project_files(*names: str, settings: Settings = QUICK) -> dict:
    """{derivation name: result} for every derivation in the named files, checked once."""
    every = [d for found in load_project_files(*names).values() for d in found]
    results = {r.name: r for r in check_all(every, settings)}
    names = [r.name for r in results.values()]
    assert len(results) == len(every), ("two derivations share a name: "
                                        f"{sorted(d.name for d in every)} checked as {sorted(names)}")
    return results


def verdicts(result):
    return [s.verdict for s in result.steps]
