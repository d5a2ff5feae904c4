r"""`\pi \approx 3.14` between two numbers claims the written digits are correct: |lhs − rhs| ≤ half a unit of the
last written digit (the value correctly rounded to them): π = 3.14159…: 3.1416 and 3.142 are proved, 3.1417 and
3.143 refuted; an exact half is allowed either way.  Digits that are the value cut short and not its rounding
(3.1415, 3.141) have two readings — rounded (wrong) and truncated (right) — and are refused naming both, never
refuted: texts write truncated expansions.
Where the digits state no bound (a whole number with trailing zeros, no number written as digits), the step is
refused naming why, never an error asking for a meaning that cannot be given.  Before, every numeric ≈ was a step
error, and its false twins (`\sqrt{2} \approx 1.141`) were never caught.

Near misses both ways: each true line proved, its one-edit twin refuted; an ≈ that writes a free name keeps its
reading (no bound is invented for it); the rule is printed in the written file's header.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.approximations import digits
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.verdicts import Verdict

import sympy as sp


@pytest.mark.parametrize("true, twin", [
    (r"\pi \approx 3.14", r"\pi \approx 3.15"),
    (r"\pi \approx 3.1416", r"\pi \approx 3.1417"),
    (r"\pi \approx 3.142", r"\pi \approx 3.143"),
    (r"e^{-3} \approx 0.0498", r"e^{-3} \approx 0.0499"),
    (r"\sqrt{2} \approx 1.414", r"\sqrt{2} \approx 1.141"),
    (r"\sqrt{10} \approx 3", r"\sqrt{10} \approx 4"),
    (r"2^{79} \approx 6.04 \times 10^{23}", r"2^{79} \approx 6.05 \times 10^{23}"),
    (r"0.333 \approx \frac{1}{3}", r"0.334 \approx \frac{1}{3}"),
])
def test_a_correctly_rounded_value_is_proved_and_a_wrongly_rounded_one_refuted(tmp_path, true, twin):
    assert document_verdicts(tmp_path, f"To the digits written,\n\n$${true}$$\n", "t.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, f"To the digits written,\n\n$${twin}$$\n", "f.py") == [Verdict.REFUTED]


def test_an_exact_half_is_allowed_either_way(tmp_path):
    assert document_verdicts(tmp_path, "$$0.125 \\approx 0.13$$\n", "u.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, "$$0.125 \\approx 0.12$$\n", "d.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, "$$0.125 \\approx 0.11$$\n", "w.py") == [Verdict.REFUTED]


@pytest.mark.parametrize("line", [r"\pi \approx 3.1415", r"\pi \approx 3.141", r"e^{-3} \approx 0.0497",
                                  r"-\pi \approx -3.1415", r"e \approx 2.7182", r"\sqrt{15} \approx 3"])
def test_digits_that_are_the_value_cut_short_are_refused_naming_both_readings_never_refuted(line):
    doc = read_document(f"$${line}$$\n", "n.md")
    assert not doc.chains and len(doc.failures) == 1, doc.failures
    assert "cut" in doc.failures[0].message and "rounded" in doc.failures[0].message and "truncated" in \
        doc.failures[0].message


def test_near_miss_digits_that_are_both_the_rounding_and_the_cut_are_checked(tmp_path):
    # 3.14 and 3.14159 are both π truncated and π rounded: no second reading, the bound is checked
    for line in (r"\pi \approx 3.14", r"\pi \approx 3.14159", r"e \approx 2.718"):
        assert document_verdicts(tmp_path, f"$${line}$$\n", "b.py") == [Verdict.PROVED], line


def test_the_digits_state_half_a_unit_of_the_last_one():
    assert digits("3.14") == digits("3.14.") and digits("3.14").half_unit == sp.Rational(1, 200)
    assert digits("-0.693").value == sp.Rational(-693, 1000)
    assert digits("6.02 \\times 10^{23}").half_unit == sp.Rational(1, 2) * 10 ** 21
    assert digits("3").half_unit == sp.Rational(1, 2)
    for none in ("1000", "10^{3}", "\\frac{99}{70}", "30 \\times 10^{8}", "x"):
        assert digits(none) is None, none


def test_where_the_digits_state_no_bound_the_step_is_refused_naming_why():
    for line in (r"2^{10} \approx 1000", r"\sqrt{2} \approx \frac{99}{70}"):
        doc = read_document(f"$${line}$$\n", "n.md")
        assert not doc.chains and len(doc.failures) == 1 and "digits" in doc.failures[0].message, doc.failures


def test_a_chain_keeps_its_other_steps_and_the_header_states_the_rule(tmp_path):
    doc = read_document("$$\\ln 2 \\approx 0.693 < 1$$\n", "n.md")
    assert [c.chain.relations for c in doc.chains] == [["<="], ["<"]]
    assert "half a unit of the last digit" in write(doc)
    assert document_verdicts(tmp_path, "$$\\ln 2 \\approx 0.693 < 1$$\n", "c.py") == [Verdict.PROVED] * 2
    assert Verdict.REFUTED in document_verdicts(tmp_path, "$$\\ln 2 \\approx 0.639 < 1$$\n", "d.py")


def test_near_miss_an_approximation_of_a_free_name_gets_no_bound():
    doc = read_document("$$x \\approx 3.14$$\n$$N \\approx 6.02 \\times 10^{23}$$\n", "n.md")
    assert [c.chain.relations for c in doc.chains] == [["approx"], ["approx"]]
