"""A display the import does not read may state a hypothesis about its names: it holds off the refutations of the
steps that write those names (or a name a condition ties to them), and only those; a step of the same chain about
other names is checked as written.  The words of its environment (`\\begin{aligned}`) and commands (`\\textrm{and}`)
are no names of it."""
from __future__ import annotations

from tests.engine import document_verdicts
from verifier.verdicts import Verdict

UNREAD = "Let $x$ be a real number.\n$$\\text{Let } x^2 = x.$$\nThen\n"


def test_a_false_step_about_other_names_in_a_chain_that_writes_the_unread_names_is_refuted(tmp_path):
    true = document_verdicts(tmp_path, UNREAD + "$$x^3 - x + y = (y+1)^2 - y^2 - y - 1 = y$$\n", "t.py")
    assert true and Verdict.REFUTED not in true, true
    false = document_verdicts(tmp_path, UNREAD + "$$x^3 - x + y = (y+1)^2 - y^2 - y - 1 = 2y$$\n", "f.py")
    assert false[-1] is Verdict.REFUTED, false


def test_near_miss_a_step_that_writes_the_unread_names_is_never_refuted(tmp_path):
    # x^3 = x^2 holds for the x the unread display allows (0 and 1)
    found = document_verdicts(tmp_path, UNREAD + "$$x^3 - x^2 + y = (y+1)^2 - y^2 - y - 1 = y$$\n", "n.py")
    assert found and found[0] is not Verdict.REFUTED, found


ALIGNED = ("Suppose that\n\n$$\n\\begin{aligned}\nP(X = 1 \\; \\textrm{and} \\; Y = -1) & = \\frac{p}{2}, \\\\\n"
           "P(X = 3 \\; \\textrm{and} \\; Y = 3) & = \\frac{1-p}{2}.\n\\end{aligned}\n$$\n\nThen\n\n")


def test_the_letters_of_an_environments_name_are_no_names_of_the_unread_display(tmp_path):
    assert document_verdicts(tmp_path, ALIGNED + "$$d^2 = d$$\n", "d.py") == [Verdict.REFUTED]
    found = document_verdicts(tmp_path, ALIGNED + "$$p^2 = p$$\n", "p.py")
    assert found and Verdict.REFUTED not in found, found
