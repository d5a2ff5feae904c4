"""Run-wide settings and their defaults, defined once: the command line, the engine and the tests read them here."""
from __future__ import annotations

import os
import random
from dataclasses import dataclass, field

DEFAULT_SEED = 0
DEFAULT_DPS = (50, 100)        # the two precisions, in decimal digits
DEFAULT_POINTS = 12            # sampled points per numeric check
MIN_POINTS = 8                 # the fewest evaluated points that count as numeric agreement
DEFAULT_LIMIT = 5.0            # seconds per symbolic strategy
DEFAULT_STEP_LIMIT = 20.0      # seconds for one step as a whole (strategies and numbers together)
DEFAULT_NUMERIC_LIMIT = 10.0   # seconds for the numeric evidence of one step
DEFAULT_LOAD_LIMIT = 60.0      # seconds to load one derivation file
FAULTS_ENV = "VERIFIER_FAULTS"   # seed:rate turns fault injection on (see faulted() below)
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
    # Fault injection (VERIFIER_FAULTS=seed:rate, read from the environment): part of the settings, so the
    # results cache never answers a quiet run with what a run with cut limits found.
    faults: str = field(default_factory=lambda: os.environ.get(FAULTS_ENV, ""))


# ----------------------------------------------------------------------------- time

def cpu_clock() -> float:
    """CPU seconds used by this process and by the children it has reaped (a killed numeric worker's too).

    Every limit of a check counts CPU time, not the wall clock, so a loaded machine gives the same answers."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


# Fault injection: VERIFIER_FAULTS=seed:rate interrupts strategies and numeric evaluations at random, seeded
# instants (each limit is, with probability rate, cut to a random fraction of itself).  Every verdict must
# then equal the quiet run's or be unknown (tests/verdicts/test_time_never_changes_verdicts.py,
# bench/bench_verdict_stability.py).
_FAULTS: dict = {"spec": None, "parsed": None, "rng": None, "pid": None}


def faults() -> tuple[int, float] | None:
    """(seed, rate) when fault injection is on, else None."""
    spec = os.environ.get(FAULTS_ENV, "")
    if not spec:
        return None
    if spec != _FAULTS["spec"]:
        seed, _, rate = spec.partition(":")
        _FAULTS.update(spec=spec, parsed=(int(seed), float(rate) if rate else 0.2), rng=None, pid=None)
    return _FAULTS["parsed"]


def faulted(seconds: float) -> float:
    """A limit as fault injection cuts it: unchanged when it is off, or with probability 1 − rate."""
    spec = faults()
    if spec is None:
        return seconds
    seed, rate = spec
    pid = os.getpid()
    if _FAULTS["rng"] is None or _FAULTS["pid"] != pid:
        # Seeded; a forked worker draws its own sequence rather than repeating its parent's.
        first = _FAULTS["pid"] is None
        _FAULTS["rng"] = random.Random(f"{seed}" if first else f"{seed}:{pid}")
        _FAULTS["pid"] = pid
    rng = _FAULTS["rng"]
    if rng.random() >= rate:
        return seconds
    _FAULTS["cut"] = _FAULTS.get("cut", 0) + 1
    return max(1e-4, seconds * rng.random() ** 3)     # mostly early: most work ends well inside its limit


def faults_injected() -> int:
    """How many limits fault injection has cut in this process."""
    return _FAULTS.get("cut", 0)
