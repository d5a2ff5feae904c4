"""The value sympy.limit returns is read within the strategy's limit: a value simplify cannot settle in time is
read by its assumptions alone, so a value that is 0 in disguise is never taken for a nonzero limit (no
contradiction of a true → 0 claim), and a value SymPy knows is not 0 still contradicts."""
import sympy as sp

from verifier.prove import limits
from verifier.prove.timeouts import StrategyTimeout


def _simplify_out_of_time(*args, **kwargs):
    raise StrategyTimeout


def test_a_zero_in_disguise_is_never_read_as_nonzero_when_simplify_runs_out_of_time(monkeypatch):
    zero = sp.log(2) + sp.log(3) - sp.log(6)
    assert limits.read_value(zero, 5.0) == "zero"
    monkeypatch.setattr(limits.sp, "simplify", _simplify_out_of_time)
    assert limits.read_value(zero, 5.0) in ("undecided", "zero")


def test_near_miss_a_nonzero_value_is_still_read_as_nonzero_when_simplify_runs_out_of_time(monkeypatch):
    monkeypatch.setattr(limits.sp, "simplify", _simplify_out_of_time)
    assert limits.read_value(sp.log(2) - sp.Rational(1, 2), 5.0) == "nonzero"
    assert limits.read_value(sp.oo, 5.0) == "nonzero"

