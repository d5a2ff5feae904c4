"""Numeric evaluation speed: compiled and hoisted lambdify versus subs/evalf, in one run.

Prints each figure as a ratio against the baseline measured in the same run
(naive subs/evalf of the same expression at the same point), so machine noise
cancels out.  Run: python bench/bench_numeric.py
"""
from __future__ import annotations

import time

import os
import sys

import mpmath
import sympy as sp

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from verifier import Σ, exp, index, log, positive, size, vector
from verifier.evidence.inputs import _lambdify
from verifier.evidence.numeric import compile_expr, inputs_of, sample_points

n = size("n")
i, j = index("i j", n)
s = vector("s", n)
lam = positive("lambda")
p = exp(lam * s[i]) / Σ(exp(lam * s[j]), j)
H = -Σ(p * log(p), i)


def best_of(fn, repeat=3):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main(length: int = 12, dps: int = 50):
    inputs = inputs_of(H)
    point = sample_points(inputs, 1, seed=0, fixed={n: length})[0]
    args = point.args(inputs)
    concrete = H.subs(n, length).doit()
    subs = {s[k]: sp.Float(point.values[s][k], dps) for k in range(1, length + 1)}
    subs[lam] = sp.Float(point.values[lam], dps)

    baseline = best_of(lambda: concrete.evalf(dps, subs=subs), repeat=1)
    hoisted = compile_expr(H, inputs)
    flat = _lambdify(inputs.args, H)        # no hoisting: the normaliser is recomputed for every i
    with mpmath.workdps(dps):
        t_hoisted = best_of(lambda: hoisted(*args))
        t_flat = best_of(lambda: flat(*args))
    print(f"entropy of softmax, n = {length}, {dps} digits")
    print(f"  baseline subs/evalf:          {baseline:8.4f} s   (1.00x)")
    print(f"  lambdify, no hoisting:        {t_flat:8.4f} s   (baseline / this = {baseline / t_flat:,.0f}x faster)")
    print(f"  lambdify, hoisted reductions: {t_hoisted:8.4f} s   (baseline / this = {baseline / t_hoisted:,.0f}x faster)")


if __name__ == "__main__":
    main()
    # Hoisting matters most for long vectors; subs/evalf is too slow to baseline there (minutes at n = 64).
    inputs = inputs_of(H)
    for length in (64, 256):
        args = sample_points(inputs, 1, seed=0, fixed={n: length})[0].args(inputs)
        hoisted, flat = compile_expr(H, inputs), _lambdify(inputs.args, H)
        with mpmath.workdps(50):
            t_h, t_f = best_of(lambda: hoisted(*args)), best_of(lambda: flat(*args), repeat=1)
        print(f"n = {length}: hoisted {t_h:.4f} s, unhoisted {t_f:.4f} s ({t_f / t_h:.0f}x)")
