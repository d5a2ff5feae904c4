"""Mutation testing of the checker (`python -m verifier mutate`): false steps one edit away must not pass."""
from .mutations import KINDS, Mutant, all_mutants, mutate
from .score import MutantResult, MutationRun, run

__all__ = ["KINDS", "Mutant", "all_mutants", "mutate", "MutantResult", "MutationRun", "run"]
