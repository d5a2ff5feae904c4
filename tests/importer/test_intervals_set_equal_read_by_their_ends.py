r"""Sides that are each an interval or a pair of numbers, `[a, b)`, `(a, b)`, with a < b, set equal: two intervals with
ends of the same kinds are equal exactly when their ends are, and two pairs exactly when their entries are, so the
claim is the same under either reading, one step for the lower ends and one for the upper.  A true line is proved
and a one-edit false twin refuted.  Ends of two kinds, ends that are not numbers (a pair, or an interval that may be
empty) and a lower end not below the upper are refused by name; a product of parentheses is no interval.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import imported_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict


@pytest.mark.parametrize("latex", [
    r"[0,1) = [0,1)",                                  # math-verify test_all:110
    r"(1,\frac{9}{2}) = (1,4.5)",                      # math-verify test_all:566
    r"(1, +\infty) = (1, +\infty)",                    # math-verify test_open_thoughts:39
    r"\left[\frac{1}{2}, 2\right] = [0.5, \sqrt{4}]",
])
def test_equal_intervals_are_proved_end_by_end(latex, tmp_path):
    assert imported_verdicts(tmp_path, latex, "true.py") == [Verdict.PROVED, Verdict.PROVED]


@pytest.mark.parametrize("latex", [
    r"[0,9) = [0,1)",                                  # math-verify test_all:112
    r"(1,\frac{9}{2}) = (1,4.6)",
    r"(1, +\infty) = (2, +\infty)",
])
def test_a_one_edit_false_twin_is_refuted_at_the_end_it_changes(latex, tmp_path):
    assert Verdict.REFUTED in imported_verdicts(tmp_path, latex, "twin.py")


@pytest.mark.parametrize("latex, match", [
    (r"(0,9) = [0,9)", "two kinds"),                   # math-verify test_all:113: unequal, but no step says so
    (r"(a, b) = (b, a)", "not numbers"),
    (r"(2, 1) = (3, 1)", "increasing"),                # two empty intervals are equal, two pairs are not
])
def test_intervals_whose_equality_depends_on_the_reading_are_refused_by_name(latex, match):
    doc = read_document(f"$$ {latex} $$", "notes.md")
    assert not doc.chains and any(match in f.message for f in doc.failures), [str(f) for f in doc.failures]


def test_a_product_of_parentheses_is_no_interval():
    doc = read_document(r"$$ (x+1)(x-1) = x^2 - 1 $$", "notes.md")
    x = sp.Symbol("x")
    assert [c.exprs for c in doc.chains] == [[(x + 1) * (x - 1), x ** 2 - 1]]


@pytest.mark.parametrize("text", [
    "By the Euclidean algorithm,\n\n$$ (12, 18) = (6, 12) $$",                   # gcd 6 = gcd 6: true
    "The least common multiple, written with brackets:\n\n$$ [4, 6] = [3, 12] $$",  # lcm 12 = lcm 12: true
    "The greatest common divisor of the two:\n\n$$ (12, 18) = (6, 13) $$",        # false either way: still refused
    "Since $3$ divides both,\n\n$$ (3, 6) = (3, 9) $$",
    r"$$ (12, 18) = (6, 12) \qquad \gcd $$",
])
def test_numbers_in_brackets_set_equal_in_a_text_about_divisors_are_refused_naming_gcd(text):
    doc = read_document(text, "notes.md")
    assert not doc.chains and any("common divisor" in " ".join(f.readings) for f in doc.failures), \
        [str(f) for f in doc.failures]


@pytest.mark.parametrize("text, verdicts", [
    ("On the interval of the text,\n\n$$ (1, 2) = (1, 2) $$", [Verdict.PROVED, Verdict.PROVED]),
    ("On the interval of the text,\n\n$$ (1, 2) = (1, 3) $$", [Verdict.PROVED, Verdict.REFUTED]),
])
def test_numbers_in_brackets_in_a_text_with_no_divisors_stay_intervals(text, verdicts, tmp_path):
    from tests.engine import QUICK, check_all, load_file
    from verifier.importer.writer import write
    path = tmp_path / "interval.py"
    path.write_text(write(read_document(text, "notes.md")), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None and [s.verdict for r in check_all(found, QUICK) for s in r.steps] == verdicts
