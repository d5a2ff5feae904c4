"""The evidence layer's public face: sampled points, certified comparisons, and the inputs they work on.

inputs.py holds what everything else builds on (declared inputs, points, the mpmath
compiler for trends); sampling.py draws points that look for edges; balls.py and
compare.py decide each point in certified ball arithmetic.
"""
from __future__ import annotations

import sympy as sp

from ..settings import DEFAULT_DPS, DEFAULT_POINTS, MIN_POINTS  # noqa: F401
from .compare import compare as _certified
from .inputs import (Comparison, ExactInt, Inputs, Point, SamplingError, compile_expr, domain_or_fallback,  # noqa: F401
                     draw, evaluate, fmt, inputs_of)
from .sampling import sample_points as _edge_points


def sample_points(inputs: Inputs, count: int, seed: int, fixed: dict | None = None, distinct=()) -> list[Point]:
    """Seeded points from each symbol's declared domain, edge cases included (see sampling.py)."""
    return _edge_points(inputs, count, seed, fixed, distinct)


def compare(lhs: sp.Expr, rhs: sp.Expr, relation: str, *, seed: int = 0, dps=DEFAULT_DPS,
            points: int = DEFAULT_POINTS, fixed: dict | None = None, time_limit: float | None = None,
            distinct=(), assume=()) -> Comparison:
    """lhs relation rhs at seeded points, in certified ball arithmetic at two precisions (compare.py)."""
    return _certified(lhs, rhs, relation, seed=seed, dps=dps, points=points, fixed=fixed,
                      time_limit=time_limit, distinct=distinct, assume=assume)
