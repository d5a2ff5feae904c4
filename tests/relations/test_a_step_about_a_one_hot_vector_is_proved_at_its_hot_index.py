"""An = step about a vector declared one-hot is proved through its hot index (y_j = δ_{jh} for one h of its range,
each sum over the range taken at h): Σ_j y_j c = c and Σ_j y_j² = 1 are proved for generic q, though false for a plain
vector.  Near misses, never proved: the same steps about a plain vector, a sum over part of the range (Σ_{j=2}^q y_j
= 1: the hot entry may be the first), and an entry at an index no sum binds (Σ_k y_k o_k = o_j: only where j is hot)."""
from __future__ import annotations

from verifier import Σ, exp, index, log, size, vector
from verifier.prove import prove_equal, strategy_names

q = size("q")
j, k = index("j k", q)
y = vector("y", q, one_hot=True)
v = vector("v", q)
o = vector("o", q)
LSE = log(Σ(exp(o[k]), k))


def test_a_one_hot_sum_of_a_term_free_of_its_index_is_that_term_for_generic_q():
    out = prove_equal(Σ(y[j] * LSE, j) - Σ(y[j] * o[j], j), LSE - Σ(y[j] * o[j], j))
    assert out.proof is not None and out.strategy == "one-hot", out.notes
    assert "generic q" in out.proof.scope


def test_the_squares_of_a_one_hot_vector_sum_to_one():
    out = prove_equal(Σ(y[j] ** 2, j), 1)
    assert out.proof is not None and out.strategy == "one-hot"


def test_near_miss_the_same_steps_about_a_plain_vector_are_not_proved():
    assert prove_equal(Σ(v[j] * LSE, j) - Σ(v[j] * o[j], j), LSE - Σ(v[j] * o[j], j)).proof is None
    assert prove_equal(Σ(v[j] ** 2, j), 1).proof is None


def test_near_miss_a_sum_over_part_of_the_range_is_not_proved():
    from sympy import Sum
    assert prove_equal(Sum(y[j], (j, 2, q)), 1).proof is None


def test_near_miss_an_entry_at_an_index_no_sum_binds_is_not_taken_for_the_hot_one():
    assert prove_equal(Σ(y[k] * o[k], k), o[j]).proof is None


def test_the_strategy_is_registered_for_equalities():
    assert "one-hot" in strategy_names("=")


def test_near_miss_the_vector_written_whole_is_left_to_the_other_strategies():
    """l(y, c) names the whole vector, which δ_jh does not write: the strategy leaves such a step alone."""
    from sympy import Function, Symbol
    c = Symbol("c", real=True)
    out = prove_equal(Function("l")(y, c) * Σ(y[j], j), Function("l")(y, c))
    assert out.strategy != "one-hot"
