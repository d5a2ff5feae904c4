r"""An equation in one name whose sides are equal at no value of it where both have one is false whatever value the
text gives that name: a chain ending in a number (`\approx e^{-1}`, which may be a value at one n) cannot make it
hold, so it is refuted.  An equation equal at even one value (2x = x at 0, a power of 0 at its base's root) stays a
statement about particular values, never refuted."""
from __future__ import annotations

import sympy as sp

from tests.engine import document_verdicts
from verifier.importer.nowhere_equal import unequal_at_every_value
from verifier.verdicts import Verdict

CHAIN = (r"$${n \choose 1} \frac{1}{n} \left(1-\frac{1}{n}\right)^{n-1} = \frac{n}{n{}} \left(1-\frac{1}{n}\right)^{n}"
         r" \approx e^{-1} \approx 0.37.$$" "\n")

n, x = sp.symbols("n x")
ONCE = (1 - 1 / n) ** (n - 1)


def test_a_step_unequal_at_every_value_of_its_name_is_refuted_in_a_chain_ending_in_a_number(tmp_path):
    found = document_verdicts(tmp_path, CHAIN.replace("{}", "+1"), "f.py")
    assert found[0] == Verdict.REFUTED, found


def test_near_miss_the_true_step_of_that_chain_is_never_refuted(tmp_path):
    found = document_verdicts(tmp_path, CHAIN.replace("{}", "-1"), "t.py")
    assert found and Verdict.REFUTED not in found, found


def test_near_miss_a_step_equal_at_one_value_stays_a_statement_about_particular_values(tmp_path):
    # 2x = x + 2 holds at x = 2, the value the chain's end gives x
    found = document_verdicts(tmp_path, "$$2x = x + 2 = 4$$\n", "p.py")
    assert found and Verdict.REFUTED not in found, found


def test_unequal_at_every_value_where_both_sides_have_one():
    assert unequal_at_every_value(ONCE, n * (1 - 1 / n) ** n / (n + 1))
    assert unequal_at_every_value(sp.exp(x) * (x + 1), sp.exp(x) * (x + 2))
    assert unequal_at_every_value(sp.exp(x), 2 * sp.exp(x))
    # equal only where a side has no value: x = 1 divides by 0, 1/x is 0 nowhere
    assert unequal_at_every_value((x ** 2 - 1) / (x - 1), sp.Integer(2))
    assert unequal_at_every_value(1 / x, sp.Integer(0))
    # 0^0 at x = 1: 1 as SymPy takes it, or no value; 0 is neither
    assert unequal_at_every_value((x - 1) ** (x - 1), sp.Integer(0))


def test_near_miss_equal_at_one_value_or_everywhere_is_not_unequal_everywhere():
    assert not unequal_at_every_value(ONCE, n * (1 - 1 / n) ** n / (n - 1))    # the identity
    assert not unequal_at_every_value(2 * x, x)                                # both 0 at x = 0
    assert not unequal_at_every_value(x ** 2, sp.Integer(2))                  # at ±√2
    assert not unequal_at_every_value((x - 1) ** x, sp.Integer(0))             # 0^1 = 0 at x = 1
    assert not unequal_at_every_value(x * (x - 1) ** x, 2 * x * (x - 1) ** x)  # both 0 at x = 0
    assert not unequal_at_every_value(n * (1 - 1 / n) ** n, sp.Integer(0))     # 0 at n = 1
    assert not unequal_at_every_value(sp.exp(x) * (x - 2), sp.Integer(0))     # 0 at x = 2
    # a root off the real line, which a text about complex values may mean: not decided
    assert not unequal_at_every_value(x ** 2 + 1, sp.Integer(0))
    # two names, or a function other than powers and exp: not decided
    y = sp.Symbol("y")
    assert not unequal_at_every_value(x ** 2 + y ** 2 + 1, sp.Integer(0))
    assert not unequal_at_every_value(sp.sin(x) + 2, sp.Integer(0))
