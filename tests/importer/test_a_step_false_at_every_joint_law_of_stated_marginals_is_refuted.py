r"""A step that writes expectations of variables whose marginal laws the text states ("$w_0, w_1 \sim
\mathcal{N}(0,1)$") and whose joint law it leaves open is refuted where it is false for every joint law: at the points
where every mixed moment it writes (E[w_0 w_1]) drops out, so that the stated marginals alone fix both sides.  The
refutation says it holds whatever the joint law.  A step that no stated marginal decides, a step true for some
coupling, and a text that says more of its variables than their marginals are specified in
test_a_step_a_coupling_of_stated_marginals_makes_true_is_never_refuted.py.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.verdicts import Verdict

GP = (r"Suppose $f(x) = w_0 + w_1 x$, and $w_0, w_1 \sim \mathcal{N}(0,1)$, with $w_0, w_1, x$ all in one dimension. "
      r"We can equivalently write this function as the inner product $f(x) = (w_0, w_1)(1, x)^{\top}$. In "
      r":eqref:`eq_gp-function` above, $w = (w_0, w_1)^{\top}$ and $\phi(x) = (1,x)^{\top}$." "\n\n")
GP_TWIN = GP + (r"$$k(x,x') = \textrm{Cov}(f(x),f(x')) = E[f(x)f(x')]-E[f(x)]E[f(x')] = "
                r"E[w_0^2 + w_0w_1x' + w_1w_0x + w_1^2xx'] = 1 + 2xx'.$$")
STATED = "Suppose $w_0, w_1 \\sim \\mathcal{N}(0,1)$.\n\n"


def verdicts(folder: Path, text: str) -> list:
    from tests.engine import document_verdicts
    return document_verdicts(folder, text, "notes.py")


FALSE_LINES = [
    # the kernel of a linear model with a factor 2 too many: at x = -x' the mixed moment drops out, and 1 - x'^2 is
    # not 1 - 2x'^2
    GP_TWIN,
    # a covariance off by x: false at x = -y, where Cov = 1 - y^2 for every joint law
    STATED + r"$$\textrm{Cov}(w_0 + w_1 x, w_0 + w_1 y) = 1 + x y + x$$",
    # a variance off by one: at x = 0 it is Var(w_0) = 1 for every joint law, and the line says 2
    STATED + r"$$\textrm{Var}(w_0 + x w_1) = 1 + x^2 + 2x + 1$$",
    # no mixed moment at all: the marginals alone give 2
    STATED + r"$$E[w_0^2 + w_1^2] = 1$$",
    # y written bare is a constant: E[w_0 y] = y E[w_0] = 0 for every joint law
    STATED + r"$$E[w_0 y] = 1 + y$$",
]


@pytest.mark.parametrize("text", FALSE_LINES)
def test_a_step_false_at_every_joint_law_is_refuted(tmp_path, text):
    found = verdicts(tmp_path, text)
    assert Verdict.REFUTED in found, found
    assert not {Verdict.PROVED, Verdict.NUMERIC} & set(found), found


def test_only_the_false_step_of_the_kernel_chain_is_refuted(tmp_path):
    assert verdicts(tmp_path, GP_TWIN) == [Verdict.UNKNOWN, Verdict.UNKNOWN, Verdict.REFUTED]


def test_the_refutation_says_it_holds_whatever_the_joint_law(tmp_path):
    from tests.engine import QUICK, check_all, load_file
    path = tmp_path / "notes.py"
    path.write_text(write(read_document(GP_TWIN, "notes.md")), encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, error
    step = [s for r in check_all(found, QUICK) for s in r.steps][-1]
    assert step.verdict is Verdict.REFUTED
    law = step.counterexample.law
    assert law.words.startswith("every joint law of w_0, w_1 with the marginals the text states "
                                "(w_0 ~ N(0, 1); w_1 ~ N(0, 1)), at x = -x_prime, where E[w_0 w_1] drops out"), law
    assert law.words.endswith("the line fails whatever the joint law"), law
    assert dict(law.values)["E[w_0^2 + w_0 w_1 x' + w_1 w_0 x + w_1^2 x x']"] == "1 - x_prime**2"
    assert "whatever the joint law" in str(step.message)


def test_the_instance_puts_no_value_on_a_mixed_moment():
    doc = read_document(GP_TWIN, "notes.md")
    (instance,) = doc.chains[0].at_laws[2]
    words, values, _ = instance
    assert all("w_0 w_1" not in str(v) and not v.has(*[s for s in v.free_symbols if s.name.startswith("E[")])
               for _, v in values), values
