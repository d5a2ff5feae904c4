"""The actual error of an approximation over a grid of parameter values, at high precision: a table, not a verdict."""
from __future__ import annotations

import itertools

import mpmath

from ..verdicts import Table
from . import numeric


def measure_error(lhs, rhs, grid: dict, *, relative: bool, samples: int, seed: int, dps: int, given=None) -> Table:
    """Worst error over `samples` seeded draws of the other symbols, for every combination of the grid."""
    d = lhs - rhs
    inputs = numeric.inputs_of(d, lhs)
    fd, fl = numeric.compile_expr(d, inputs), numeric.compile_expr(lhs, inputs)
    keys = list(grid)
    cols = [str(k) for k in keys] + (["worst |lhs − rhs| / |lhs|"] if relative else ["worst |lhs − rhs|"]) + ["lhs at worst"]
    rows, values = [], []
    for combo in itertools.product(*[grid[k] for k in keys]):
        fixed = {**(given or {}), **dict(zip(keys, combo))}
        worst, at = None, None
        for pt in numeric.sample_points(inputs, samples, seed, fixed):
            err = abs(numeric.evaluate(fd, pt, inputs, dps))
            val = numeric.evaluate(fl, pt, inputs, dps)
            if relative:
                err = err / max(abs(val), mpmath.mpf(10) ** -(dps // 2))
            if worst is None or err > worst:
                worst, at = err, val
        shown = [numeric.fmt(worst, 4), numeric.fmt(at, 6)]
        rows.append([f"{float(v):g}" for v in combo] + shown)
        values.append([float(v) for v in combo] + [_value(worst, shown[0]), _value(at, shown[1])])
    pinned = given or {}
    others = [str(s) for s in inputs.args if s not in grid and s not in pinned]
    # With nothing left to draw, each row is one point: no seed or draws to speak of.
    caption = ((f"Measured error over the grid; {', '.join(others)} drawn at random "
                f"(seed {seed}, {samples} draws per row, {dps} digits)" if others else
                f"Measured error over the grid, at each row's point ({dps} digits)")
               + (f"; pinned: {', '.join(f'{k} = {v}' for k, v in pinned.items())}" if pinned else ""))
    return Table(caption, cols, rows, values=values)


def _value(x, shown: str) -> float | str | None:
    """A measured value as a number (a float: its size; the row's text holds its digits); one that is not a
    real number (a complex value) as its text, and none as None."""
    if x is None:
        return None
    try:
        return float(x)
    except (TypeError, ValueError):
        return shown
