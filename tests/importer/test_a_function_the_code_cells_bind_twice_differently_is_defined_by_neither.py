r"""A name the Python code cells of a Markdown text bind more than once differently (`def f(x): return x**2`, and
later `def f(x): return x**3`, `f = np.vectorize(f)`, `import numpy as f`) is not the first definition's function
after the rebinding: none of its definitions is read, so a true line after the second definition, about x³, is never
refuted as a line about x².  The same definition written again (one per framework tab) is still read."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.code_cells import code_definitions
from verifier.verdicts import Verdict

SQUARE = "```{.python .input}\n#@tab all\ndef f(x):\n    return x**2\n```\n\n"
CLAIM = "The derivative at 3 is\n\n$$\n\\lim_{{h \\rightarrow 0}}\\frac{{f(3+h) - f(3)}}{{h}} = {}.\n$$\n\n"


@pytest.mark.parametrize("later", [
    "```python\ndef f(x):\n    return x**3\n```\n\n",
    "```python\ndef f(x):\n    return np.power(x, 3)\n```\n\n",
    "```python\nf = lambda x: x**3\n```\n\n",
    "```python\nfrom numpy import cbrt as f\n```\n\n",
])
def test_a_function_the_cells_bind_again_differently_is_defined_by_neither_binding(later):
    assert not code_definitions(SQUARE + later, ".md")


def test_a_true_line_after_a_second_definition_is_never_refuted_by_the_first(tmp_path):
    text = SQUARE + CLAIM.format(6) + "```python\ndef f(x):\n    return x**3\n```\n\n" + CLAIM.format(27)
    found = document_verdicts(tmp_path, text, "twice.py")
    assert found and Verdict.REFUTED not in found, found


def test_near_miss_the_same_definition_in_two_tabs_is_one_definition_and_still_refutes_a_wrong_line(tmp_path):
    again = SQUARE.replace("#@tab all", "#@tab pytorch")
    [found] = code_definitions(SQUARE + again, ".md")
    assert found.name == "f" and found.line == 3
    assert document_verdicts(tmp_path, SQUARE + again + CLAIM.format(5), "tabs.py") == [Verdict.REFUTED]


def test_near_miss_a_cell_that_only_uses_the_name_rebinds_nothing():
    use = "```python\nif f(2) == 4:\n    print(f(3))\ny = f(2)\n```\n\n"
    [found] = code_definitions(SQUARE + use, ".md")
    assert found.name == "f"


@pytest.mark.parametrize("later", [
    "```python\nf, g = g, f\n```\n\n",
    "```python\nfor f in (np.sin, np.cos):\n    print(f(1))\n```\n\n",
    "```python\n%matplotlib inline\nwith open('x') as f:\n    pass\n```\n\n",
])
def test_a_name_bound_again_by_a_tuple_a_loop_or_a_with_is_defined_by_neither(later):
    assert not code_definitions(SQUARE + later, ".md")


def test_near_miss_the_same_definition_with_another_comment_is_one_definition():
    again = "```python\n#@tab pytorch\ndef f(x):  # Objective function\n    return x**2\n```\n\n"
    [found] = code_definitions(SQUARE + again, ".md")
    assert found.name == "f"
