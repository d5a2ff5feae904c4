"""What one step is checked under, frozen: the run's settings, the step's pins, cited facts and named strategies.

One object instead of a dozen threaded parameters, so a new option cannot be
forgotten by one relation's judge while another honours it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..prove import FactGap
from ..settings import Settings, cpu_clock


@dataclass(frozen=True)
class CitedFact(FactGap):
    """A cited fact as the prove layer sees it (a gap), plus what the judge reports: its verdict and conclusion."""
    verdict: object = None
    conclusion: str = ""


@dataclass(frozen=True)
class StepContext:
    settings: Settings
    given: dict = field(default_factory=dict)        # symbol -> pinned value for the numbers
    facts: tuple = ()                                # FactGap, in citation order
    how: tuple = ()                                  # strategy names to try first
    wrt: tuple = ()                                  # for ∝
    deadline: float = float("inf")                   # settings.cpu_clock() after which the step gives up
    assumed: tuple = ()                              # assume= read as relations: points they exclude are no evidence
    fingerprint: str = ""                            # the step's (fingerprint.py): what its proof hint is keyed on

    def strategy_seconds(self, refuted: bool = False) -> float:
        """Seconds a symbolic strategy may take now: the per-strategy limit, within what is left of the step."""
        limit = min(self.settings.limit, REFUTED_LIMIT) if refuted else self.settings.limit
        return max(0.05, min(limit, self.remaining()))

    def numeric_seconds(self) -> float:
        return max(0.5, min(self.settings.numeric_limit, self.remaining()))

    def remaining(self) -> float:
        """CPU seconds left to the step (this process and its reaped children): load cannot shorten it."""
        return self.deadline - cpu_clock()


# Once the numbers refute a step, SymPy only needs to be asked briefly, each strategy and the whole search
# alike: a quick "proof" would still expose an engine bug, and a long search cannot change the verdict.
REFUTED_LIMIT = 1.0
