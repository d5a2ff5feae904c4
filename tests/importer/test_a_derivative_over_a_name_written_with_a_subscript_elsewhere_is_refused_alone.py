r"""A text that differentiates a number x (`\frac{\partial f}{\partial x}`) and writes entries `x_i` elsewhere names two
objects with one letter: the written file binds x to the vector of the entries, and a derivative over a vector is no
number.  That chain is refused with its line, and the file still loads: every other display is read and checked (a
false line beside it is still refuted).  With no `x_i` in the text the derivative is read as before.
"""
from __future__ import annotations

import sympy as sp

from verifier.importer.document import read_document
from verifier.importer.writer import write

DERIVATIVE = r"""Consider the product of two numbers $f(x,y) = x y$. Its partial derivative is

$$
\frac{\partial}{\partial x} (x y) = y
$$
"""
ENTRIES = r"""
Later, for the inner product of weights and inputs,

$$
\sum_{i=1}^{n} w_i x_i + 0 = \sum_{i=1}^{n} x_i w_i
$$
"""
FALSE = r"""
and a false line:

$$
(a + b)^2 = a^2 + b^2
$$
"""


def _loads(doc) -> dict:
    space: dict = {}
    exec(compile(write(doc), "written.py", "exec"), space)      # the written file loads: no error at import
    return space


def test_a_derivative_over_a_letter_the_text_writes_with_a_subscript_is_refused_and_the_rest_is_read():
    doc = read_document(DERIVATIVE + ENTRIES + FALSE)
    assert any("x is differentiated" in f.message for f in doc.failures), [str(f) for f in doc.failures]
    assert not any(e.atoms(sp.Derivative) for c in doc.chains for e in c.exprs)
    a, b = sp.symbols("a b")
    assert [(a + b) ** 2, a ** 2 + b ** 2] in [c.exprs for c in doc.chains]       # the false line is read
    _loads(doc)


def test_a_derivative_over_a_letter_with_no_entries_in_the_text_is_read():
    doc = read_document(DERIVATIVE + FALSE)
    assert not any("differentiated" in f.message for f in doc.failures)
    assert any(e.atoms(sp.Derivative) for c in doc.chains for e in c.exprs)
    _loads(doc)
