"""A step read from a text is refuted only at a point that satisfies every condition the text states.

The prose around a display states where its lines hold ("for $r \\neq 1$", "$p \\in (0, 1)$", "for $x \\geq 0$").
The import proposes those conditions and does not apply them: the step is checked over every declared value,
and a counterexample the text's conditions exclude, or one where a side has no value, makes the step unknown
with the reason, never refuted.  A genuinely false line whose counterexample satisfies every condition the text
states is still refuted; a line whose reading is not settled is refuted by no point.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import QUICK
from verifier import calc, real
from verifier.importer.conditions import conditions_in, read_condition
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict


def checked(tmp_path, text: str, name: str):
    """(written file, [step results]) of a text imported, written, loaded and checked."""
    doc = read_document(text, "notes.md")
    written = write(doc)
    path = tmp_path / name
    path.write_text(written, encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, f"{error}\n{written}"
    return written, [s for r in check_all(found, QUICK) for s in r.steps]


# ---- reading the conditions --------------------------------------------------------------------------------

@pytest.mark.parametrize("prose, relation", [
    (r"For $r \neq 1$,", "Ne(r, 1)"),
    (r"where $p \in (0, 1)$", "(p > 0) & (p < 1)"),
    (r"where $p \in [0, 1)$", "(p >= 0) & (p < 1)"),
    (r"for $n \geq 2$", "n >= 2"),
    (r"Let $0 < p < 1$.", "(0 < p) & (p < 1)"),
    (r"for all $x, y > 0$", "(x > 0) & (y > 0)"),
    ("for r ≠ 1", "Ne(r, 1)"),
    (r"$\lambda \in [0, \infty)$", "lam >= 0"),
])
def test_a_condition_in_the_prose_is_read_as_a_relation(prose, relation):
    found = conditions_in(prose)
    assert len(found) == 1 and found[0].relation == sp.sympify(relation).xreplace({sp.Symbol("lam"): sp.Symbol("lambda")})


def test_prose_that_states_no_condition_gives_none_and_an_unreadable_one_keeps_its_words():
    assert conditions_in(r"the loss $l(y, \hat y) = -\sum_j y_j \log \hat y_j$ is convex") == []
    assert [c.relation for c in conditions_in(r"where $a + b = c$ holds")] == [None]
    assert conditions_in(r"for $x \in \mathbb{R}$")[0].relation is sp.true
    unread = conditions_in(r"for $x \in \{0, 1\}$")
    assert unread[0].relation is None and "x" in unread[0].names
    assert read_condition(r"x = 1") is None


# ---- the soundness rule, both ways ----------------------------------------------------------------------

GEOMETRIC = "For $r \\neq 1$,\n$$ \\sum\\limits_{k=0}^{n}ar^k=\\dfrac{a(1-r^{%s})}{1-r} $$\n"


@pytest.mark.slow
def test_a_closed_form_the_text_states_for_r_not_1_is_not_refuted_at_r_equal_1(tmp_path):
    """The closed form of a geometric series (public week-2 notes; an Obsidian note says "with r ≠ 1") was
    refuted at r = 1, where its right side has no value and the text excludes the point."""
    written, steps = checked(tmp_path, GEOMETRIC % "n+1", "geometric.py")
    assert r'unconfirmed=[(Ne(r, 1), r"r \neq 1")]' in written
    assert [s.verdict for s in steps] == [Verdict.UNKNOWN]
    assert "excluded by the text: 'r \\neq 1'" in steps[0].message or "no value" in steps[0].message


@pytest.mark.slow
def test_a_false_closed_form_is_refuted_at_a_point_the_text_allows(tmp_path):
    _, steps = checked(tmp_path, GEOMETRIC % "n", "geometric_twin.py")
    assert [s.verdict for s in steps] == [Verdict.REFUTED]
    assert steps[0].counterexample.point["r"] != "1"


@pytest.mark.slow
def test_a_counterexample_the_text_excludes_makes_the_step_unknown_with_the_reason(tmp_path):
    _, steps = checked(tmp_path, "For $x \\geq 0$,\n$$ \\sqrt{x^2} = x $$\n", "root.py")
    assert [s.verdict for s in steps] == [Verdict.UNKNOWN]
    assert "excluded by the text: 'x \\geq 0'" in steps[0].message


@pytest.mark.slow
def test_a_false_line_is_refuted_at_a_point_inside_the_texts_condition(tmp_path):
    """√(x²) = x is false on (−1, 0), which the text's x > −1 allows: the first counterexample may lie below −1,
    and the step is looked at again inside the condition, where it is refuted."""
    _, steps = checked(tmp_path, "For $x > -1$,\n$$ \\sqrt{x^2} = x $$\n", "root_near.py")
    assert [s.verdict for s in steps] == [Verdict.REFUTED]
    assert -1 < float(steps[0].counterexample.point["x"]) < 0
    _, steps = checked(tmp_path, "For $x \\geq 0$,\n$$ \\sqrt{x^2} = -x $$\n", "root_twin.py")
    assert [s.verdict for s in steps] == [Verdict.REFUTED]
    assert float(steps[0].counterexample.point["x"]) > 0


@pytest.mark.slow
def test_a_condition_about_other_names_does_not_shield_a_false_line(tmp_path):
    written, steps = checked(tmp_path, "For $y > 0$,\n$$ (a+b)^2 = a^2 + b^2 $$\n", "square.py")
    assert "unconfirmed=True" in written
    assert [s.verdict for s in steps] == [Verdict.REFUTED]


@pytest.mark.slow
def test_a_condition_the_import_cannot_read_lets_no_point_refute_the_steps_that_use_its_names(tmp_path):
    written, steps = checked(tmp_path, "For $r \\in \\{2, 3\\}$,\n$$ r^2 = 5r - 6 $$\n", "pair.py")
    assert r'unconfirmed=[r"r \in \{2, 3\}"]' in written
    assert [s.verdict for s in steps] == [Verdict.UNKNOWN]
    assert "could not read" in steps[0].message


# ---- the step options themselves ------------------------------------------------------------------------

@pytest.mark.parametrize("latex", [r"\log \frac{p}{q} = \log p - \log q", r"\sqrt{ab} = \sqrt{a}\sqrt{b}",
                                   r"\ln x^2 = 2 \ln x",
                                   # the same in vector entries, whose values a counterexample abbreviates
                                   r"\log \prod_{i=1}^{n} x_i = \sum_{i=1}^{n} \log x_i",
                                   r"\log(x_i y_i) = \log x_i + \log y_i",
                                   r"\sum_i p_i \log \frac{p_i}{q_i} = \sum_i p_i \log p_i - \sum_i p_i \log q_i"])
def test_a_true_line_is_not_refuted_where_a_quantity_it_writes_is_not_real(tmp_path, latex):
    """log(p/q) = log p − log q was refuted at p, q < 0 with complex sides, √(ab) = √a √b at a, b < 0 with real
    sides of opposite sign: a text about real quantities means its lines where they are real."""
    _, steps = checked(tmp_path, f"Using the properties of logarithms and roots,\n$$ {latex} $$\n", "real.py")
    assert [s.verdict for s in steps] != [Verdict.REFUTED], steps[0].message


@pytest.mark.parametrize("latex", [r"\log \frac{p}{q} = \log p + \log q", r"\sqrt{a+b} = \sqrt{a} + \sqrt{b}"])
def test_a_false_line_is_still_refuted_where_every_quantity_it_writes_is_real(tmp_path, latex):
    _, steps = checked(tmp_path, f"A careless step:\n$$ {latex} $$\n", "false_real.py")
    assert [s.verdict for s in steps] == [Verdict.REFUTED], steps[0].message


@pytest.mark.parametrize("latex", [r"\log(x_i y_i) = \log x_i \cdot \log y_i",
                                   r"\log \prod_{i=1}^{n} x_i = \sum_{i=1}^{n} 2 \log x_i"])
def test_near_miss_a_false_line_in_vector_entries_with_logs_is_never_accepted(tmp_path, latex):
    _, steps = checked(tmp_path, f"A careless step:\n$$ {latex} $$\n", "false_entries.py")
    assert [s.verdict for s in steps] in ([Verdict.REFUTED], [Verdict.UNKNOWN]), steps[0].message


def test_near_miss_a_false_line_in_vector_entries_with_real_sides_is_still_refuted(tmp_path):
    _, steps = checked(tmp_path, "A careless step:\n$$ \\sum_{i=1}^{n} (x_i + 1)^2 = \\sum_{i=1}^{n} x_i^2 + 1 $$\n",
                       "false_real_entries.py")
    assert [s.verdict for s in steps] == [Verdict.REFUTED], steps[0].message


def test_a_step_whose_reading_is_not_settled_is_never_refuted():
    x = real("x")
    unsettled = calc(x * (x + 1), title="p(1-p)").eq(x ** 2, "as written", unsettled="p(x+1): a product or p applied")
    settled = calc(x * (x + 1), title="p(1-p)").eq(x ** 2, "as written", unconfirmed=True)
    [a], [b] = (check_all([d], QUICK)[0].steps for d in (unsettled, settled))
    assert a.verdict is Verdict.UNKNOWN and "not settled" in a.message
    assert b.verdict is Verdict.REFUTED


def test_a_malformed_unconfirmed_option_is_an_error():
    x = real("x")
    d = calc(x, title="t").eq(x, "same", unconfirmed=[42])
    assert check_all([d], QUICK)[0].steps[0].verdict is Verdict.ERROR
