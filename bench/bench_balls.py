"""Ball arithmetic (python-flint) against the compiled mpmath path, on every numeric check of the project.

For each =, ≤, ≥, <, > and ∝ step of the derivations under derivations/, both paths
evaluate the same sampled points at the same two precisions: the old path evaluates
lhs and rhs with lambdified mpmath (hoisted reductions), the new one the gap
lhs − rhs with FLINT balls, as compare() does.  Compilation is timed separately.
Prints the totals and their ratio (machine noise cancels).  Run:
    python bench/bench_balls.py [--points 12] [--limit-steps N]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import sympy as sp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from verifier.authoring.relations import Relation  # noqa: E402
from verifier.authoring.symbols import declared_like  # noqa: E402
from verifier.evidence import balls  # noqa: E402
from verifier.evidence.compare import _Evaluator  # noqa: E402
from verifier.evidence.numeric import compile_expr, evaluate, inputs_of, sample_points  # noqa: E402
from verifier.loader import load_file  # noqa: E402

DPS = (50, 100)


def numeric_checks():
    """(name, lhs, rhs, given) for every step checked by compare(), ∝ as the ratio against its twin."""
    out = []
    for path in sorted((ROOT / "derivations").glob("*.py")):
        found, error = load_file(path, ROOT)
        for d in found or []:
            lhs = d.start
            for k, step in enumerate(d.steps, 1):
                rhs = step.rhs
                if lhs is not None and rhs is not None and not step.error:
                    if step.relation is Relation.PROPTO:
                        ratio = lhs / rhs
                        out.append((f"{d.name}:{k}", ratio, ratio.xreplace({w: declared_like(w, f"{w}'") for w in step.wrt}),
                                    step.given))
                    elif step.relation is not Relation.APPROX:
                        out.append((f"{d.name}:{k}", lhs, rhs, step.given))
                lhs = rhs
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--points", type=int, default=12)
    ap.add_argument("--limit-steps", type=int, default=0)
    opts = ap.parse_args()
    checks = numeric_checks()
    if opts.limit_steps:
        checks = checks[:opts.limit_steps]
    t_mp = t_ball = c_mp = c_ball = 0.0
    fb_mp = fb_ball = 0.0          # checks with a function FLINT lacks: mpmath on both paths
    counted = skipped = 0
    rows = []
    for name, lhs, rhs, given in checks:
        try:
            inputs = inputs_of(lhs, rhs)
            points = sample_points(inputs, opts.points, 0, given or None)
            t0 = time.perf_counter()
            f, g = compile_expr(lhs, inputs), compile_expr(rhs, inputs)
            t1 = time.perf_counter()
            ev = _Evaluator(lhs, rhs, inputs)
            t2 = time.perf_counter()
        except Exception as exc:  # a step one path cannot express is not a speed comparison
            skipped += 1
            print(f"  skipped {name}: {exc.__class__.__name__}")
            continue
        step_mp = step_ball = 0.0
        for point in points:
            try:
                a = time.perf_counter()
                for dps in DPS:
                    evaluate(f, point, inputs, dps), evaluate(g, point, inputs, dps)
                b = time.perf_counter()
                for dps in DPS:
                    ev.run(ev.gap.__call__, point, dps)
                c = time.perf_counter()
            except Exception:
                continue
            step_mp += b - a
            step_ball += c - b
            counted += 1
        if ev.uncertified:
            fb_mp += step_mp
            fb_ball += step_ball
            continue
        t_mp += step_mp
        t_ball += step_ball
        c_mp += t1 - t0
        c_ball += t2 - t1
        rows.append((step_mp / max(step_ball, 1e-9), name, step_mp, step_ball))
    print(f"{len(checks)} numeric checks ({skipped} skipped), {counted} points, precisions {DPS[0]} and {DPS[1]} digits")
    print(f"  evaluation: mpmath {t_mp:8.3f} s   balls {t_ball:8.3f} s   -> balls are {t_mp / t_ball:.1f}x faster")
    print(f"  checks with functions FLINT lacks (mpmath on both paths): mpmath {fb_mp:.3f} s, balls {fb_ball:.3f} s")
    print(f"  compilation: mpmath {c_mp:7.3f} s   balls {c_ball:7.3f} s   ({c_mp / max(c_ball, 1e-9):.1f}x)")
    total_mp, total_ball = t_mp + c_mp + fb_mp, t_ball + c_ball + fb_ball
    print(f"  everything: mpmath {total_mp:8.3f} s   balls {total_ball:8.3f} s   -> {total_mp / total_ball:.1f}x")
    rows.sort(key=lambda r: -r[3])
    print("  longest with balls: " + ", ".join(f"{n} {b:.2f} s (mpmath {m:.2f} s)" for _, n, m, b in rows[:5]))


if __name__ == "__main__":
    main()
