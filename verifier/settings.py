"""Run-wide settings and their defaults, defined once: the command line, the engine and the tests read them here."""
from __future__ import annotations

from dataclasses import dataclass

DEFAULT_SEED = 0
DEFAULT_DPS = (50, 100)        # the two precisions, in decimal digits
DEFAULT_POINTS = 12            # sampled points per numeric check
MIN_POINTS = 8                 # the fewest evaluated points that count as numeric agreement
DEFAULT_LIMIT = 5.0            # seconds per symbolic strategy
DEFAULT_STEP_LIMIT = 20.0      # seconds for one step as a whole (strategies and numbers together)
DEFAULT_NUMERIC_LIMIT = 10.0   # seconds for the numeric evidence of one step
DEFAULT_LOAD_LIMIT = 60.0      # seconds to load one derivation file
MAX_JOBS = 4                   # default worker processes: the number of cores, at most this


@dataclass(frozen=True)
class Settings:
    seed: int = DEFAULT_SEED
    dps: tuple[int, int] = DEFAULT_DPS
    points: int = DEFAULT_POINTS
    limit: float = DEFAULT_LIMIT              # seconds per symbolic strategy
    step_limit: float = DEFAULT_STEP_LIMIT    # seconds per step, everything included
    numeric_limit: float = DEFAULT_NUMERIC_LIMIT
    quick: bool = False                       # smaller experiments, for tests
    require_proof: bool = False               # numeric no longer passes
