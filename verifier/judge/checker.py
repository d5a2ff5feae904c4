"""The judge's public face: check steps, derivations and whole runs.

The rules live in small modules: combine.py (the one verdict table), relations.py
and meanings.py (a judge per relation and per meaning of ≈), steps.py (a step and
a derivation as a whole), compose.py (what a chain concludes), schedule.py (order
and worker processes).
"""
from .schedule import check_all, dependency_order
from .steps import StepError, check_derivation, check_step, fact_gaps, run_experiment

__all__ = ["check_all", "dependency_order", "StepError", "check_derivation", "check_step", "fact_gaps",
           "run_experiment"]
