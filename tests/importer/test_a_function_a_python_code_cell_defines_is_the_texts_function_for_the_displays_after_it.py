r"""A Markdown text that defines its function only in a Python code cell (`def L(x):` / `return x**2 + 1701*(x-4)**3`)
and then writes displays about L defines L for the displays after it, printed as a rule: the difference quotient's
limit 8 is checked, its twin 4 refuted.  Only one shape is read: a top-level `def` of a one-letter name with plain
parameters whose body is one `return` of plain arithmetic of its parameters and numbers.  A body that calls a
function, reads another name, loops, or a cell that is not Python defines nothing: L stays a function the text does not
give, never refuted."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.code_cells import code_definitions
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

CELL = "```{{.python .input}}\n#@tab all\n# Define our function\ndef L(x):\n    return {}\n```\n\n"
CLAIM = "The way that a mathematician encodes this fact is\n\n$$\n\\lim_{{\\epsilon \\rightarrow 0}}" \
        "\\frac{{L(4+\\epsilon) - L(4)}}{{\\epsilon}} = {}.\n$$\n"
BODY = "x**2 + 1701*(x-4)**3"


def test_the_limit_of_a_code_cells_function_is_checked_and_its_twin_refuted(tmp_path):
    true = document_verdicts(tmp_path, CELL.format(BODY) + CLAIM.format(8), "t.py")
    assert true and all(v in (Verdict.PROVED, Verdict.NUMERIC) for v in true), true
    assert document_verdicts(tmp_path, CELL.format(BODY) + CLAIM.format(4), "f.py") == [Verdict.REFUTED]


def test_the_definition_is_printed_as_a_rule():
    doc = read_document(CELL.format(BODY) + CLAIM.format(8), "notes.md")
    assert any("code cell" in r and "def L(x)" in r for r in doc.rules), doc.rules


@pytest.mark.parametrize("body", ["np.exp(x)", "w * x + 1", "x ** 2 if x > 0 else 0", "x ^ 2", "1e-3 * x", "'x'"])
def test_near_miss_a_body_that_is_not_plain_arithmetic_of_its_parameters_defines_nothing(tmp_path, body):
    assert not code_definitions(CELL.format(body), ".md")
    assert Verdict.REFUTED not in document_verdicts(tmp_path, CELL.format(body) + CLAIM.format(4), "n.py")


@pytest.mark.parametrize("cell", [
    "```bash\ndef L(x):\n    return x**2\n```\n",                       # not Python
    "```python\ndef L(x):\n    y = x**2\n    return y\n```\n",            # more than one return
    "```python\ndef L(x, c=2):\n    return c*x\n```\n",                 # a default
    "```python\ndef loss(x):\n    return x**2\n```\n",                  # a name of more than one letter
    "```python\n@cache\ndef L(x):\n    return x**2\n```\n",             # a decorator
])
def test_near_miss_another_shape_of_code_defines_nothing(cell):
    assert not code_definitions(cell, ".md")


def test_near_miss_a_tex_file_has_no_code_cells():
    assert not code_definitions(CELL.format(BODY), ".tex")


def test_a_definition_with_a_docstring_and_decimals_is_read_exactly():
    [found] = code_definitions("```python\ndef f(x, y):\n    \"\"\"A plane.\"\"\"\n    return 0.5*x - y/4\n```\n", ".md")
    x, y = found.params
    assert found.name == "f" and found.body - (x / 2 - y / 4) == 0 and found.line == 2
