"""Run-wide settings every check reads: seed, precisions, sample counts, limits."""
from __future__ import annotations

from dataclasses import dataclass

from .numeric import DEFAULT_DPS, DEFAULT_POINTS
from .symbolic import DEFAULT_LIMIT


@dataclass(frozen=True)
class Settings:
    seed: int = 0
    dps: tuple[int, int] = DEFAULT_DPS
    points: int = DEFAULT_POINTS
    limit: float = DEFAULT_LIMIT      # seconds per symbolic strategy
    quick: bool = False               # smaller experiments, for tests
    require_proof: bool = False       # numeric no longer passes
