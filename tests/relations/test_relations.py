"""How a chain's relations compose into its conclusion."""
from verifier.authoring.relations import Relation as R, compose


def test_equalities_compose_to_equality():
    assert compose([R.EQ, R.EQ]) == (R.EQ, "")


def test_equality_then_upper_bound_is_an_upper_bound():
    assert compose([R.EQ, R.LE, R.EQ])[0] is R.LE


def test_a_strict_step_makes_the_whole_bound_strict():
    assert compose([R.LE, R.LT])[0] is R.LT
    assert compose([R.GE, R.EQ, R.GT])[0] is R.GT


def test_equality_then_approximation_is_an_approximation():
    assert compose([R.EQ, R.APPROX])[0] is R.APPROX


def test_mixing_upper_and_lower_bounds_concludes_nothing_and_says_why():
    rel, why = compose([R.LE, R.GE])
    assert rel is None
    assert "≤" in why and "≥" in why


def test_proportionality_only_composes_with_equalities():
    assert compose([R.EQ, R.PROPTO])[0] is R.PROPTO
    assert compose([R.LE, R.PROPTO])[0] is None


def test_an_empty_chain_concludes_nothing():
    assert compose([])[0] is None
