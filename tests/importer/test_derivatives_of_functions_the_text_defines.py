r"""A function the text defines near a display (`f(x) = 3x^4 - 4x^3`, in the display, in the prose's inline maths
just before it, or in the display before it) is read as its definition: `\frac{df}{dx}`, `\frac{\partial f}{\partial
y}`, `\frac{d^2 g}{dx^2}(x)` as the derivative of its body, `\frac{dg}{dx}(2)` at the point, `\sigma(x)` as its
body; `f(x) = 1/x \quad \rightarrow \quad \frac{df}{dx} = -1/x^2` as a derivative of the function that row defines.

Near misses: a name defined twice, differently, has its derivative refused naming both definitions; a function
defined far from the display, a derivative in a variable it is not a function of, `\frac{df}{dx}` beside a
definition of another letter (`\frac{dg}{dx}` beside `f_c(x) = c + x`), an equation in a sentence with no defining word before it ("the roots
where $f(x) = x$") and `f(x) = 0` (an equation to solve) leave the derivative refused; a true line is not refuted
and its one-edit false twin is.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import sympy as sp

from verifier.importer.document import read_document
from verifier.importer.reading import Context, ReadError, read_side
from verifier.verdicts import Verdict

x, y, z, a, b, c = sp.symbols("x y z a b c")


def exprs_of(text: str) -> list:
    return [c.exprs for c in read_document(text, "notes.md").chains]


def messages(text: str) -> str:
    return " ".join(str(f) for f in read_document(text, "notes.md").failures)


def verdicts_of(folder: Path, text: str, name: str) -> list:
    from tests.engine import QUICK
    from verifier.importer.writer import write
    from verifier.judge.checker import check_all
    from verifier.loader import load_file
    doc = read_document(text, "notes.md")
    assert doc.chains, [str(f) for f in doc.failures]
    path = folder / name
    path.write_text(write(doc), encoding="utf-8")
    found, error = load_file(path, folder)
    assert error is None, error
    return [s.verdict for r in check_all(found, QUICK) for s in r.steps]


QUARTIC = "For a concrete example, consider the function\n$$\nf(x) = 3x^4 - 4x^3 -12x^2.\n$$\n\n"
BODY = 3 * x ** 4 - 4 * x ** 3 - 12 * x ** 2


@pytest.mark.parametrize("latex, value", [
    (r"\frac{df}{dx}", sp.Derivative(BODY, x)),
    (r"\frac{d^2f}{dx^2}(x)", sp.Derivative(BODY, (x, 2))),
    (r"\frac{df}{dx}(2)", sp.Subs(sp.Derivative(BODY, x), x, 2)),
    (r"f(1)", sp.Integer(-13)),
])
def test_a_function_defined_in_the_display_before_is_read_as_its_definition(latex, value):
    assert exprs_of(QUARTIC + f"$$ {latex} = 0 $$")[-1][0] == value


def test_a_function_defined_in_the_prose_just_before_is_read_as_its_definition():
    text = ("Consider the function $g(x) = ax^{2}+ bx + c$.  We can then compute that\n"
            "$$\n\\frac{dg}{dx}(x) = 2ax + b\n$$\n")
    assert exprs_of(text)[0] == [sp.Derivative(a * x ** 2 + b * x + c, x), 2 * a * x + b]


def test_a_defined_function_applied_in_the_chain_is_its_body_and_its_own_definition_stays_as_written():
    text = r"$$\operatorname{sigmoid}(x) = \frac{1}{1 + \exp(-x)}.$$" + "\n\n" + \
        r"$$\frac{d}{dx} \operatorname{sigmoid}(x) = \operatorname{sigmoid}(x)\left(1-\operatorname{sigmoid}(x)\right).$$"
    found = exprs_of(text)
    s = 1 / (1 + sp.exp(-x))
    assert found[-1] == [sp.Derivative(s, x), s * (1 - s)]
    assert found[0][0] == sp.Function("sigmoid")(x)     # the definition itself is not read through itself


def test_derivatives_after_an_arrow_beside_a_definition_are_chains_read_with_that_row():
    text = r"$$ f(x,y) = x y \hspace{0.5in} \rightarrow \hspace{0.5in} \frac{\partial f}{\partial x} = y " \
           r"\hspace{0.5in} \frac{\partial f}{\partial y} = x $$"
    found = exprs_of(text)
    assert [sp.Derivative(x * y, x), y] in found and [sp.Derivative(x * y, y), x] in found
    rows = "$$\nf(x) = \\frac{1}{x} \\hspace{1in} \\rightarrow \\hspace{1in} \\frac{df}{dx} = -1/x^2 \\\\\n" \
           "f(x) = e^x \\hspace{1in} \\rightarrow \\hspace{1in} \\frac{df}{dx} = e^x\n$$"
    found = exprs_of(rows)
    # each row's own f, though the display defines f twice
    assert [sp.Derivative(1 / x, x), -1 / x ** 2] in found and [sp.Derivative(sp.exp(x), x), sp.exp(x)] in found


def test_a_row_opened_by_an_arrow_after_a_definition_is_its_chain_of_derivatives():
    text = "$$\n\\sigma(x) = \\frac{1}{1+e^{-x}} \\\\\n\\rightarrow \\hspace{0.3in} \\frac{d\\sigma(x)}{dx} = " \
           "\\frac{e^{-x}}{(1+e^{-x})^2}\n$$"
    s = 1 / (1 + sp.exp(-x))
    assert [sp.Derivative(s, x), sp.exp(-x) / (1 + sp.exp(-x)) ** 2] in exprs_of(text)


@pytest.mark.parametrize("text, match", [
    # defined twice, differently: which one is differentiated is not settled
    ("$$ f(x) = x^2 $$\n\nThen $f(x) = x^3$ and\n$$ \\frac{df}{dx} = 3x^2 $$", "more than once"),
    # a function of x, differentiated in z
    (QUARTIC + r"$$ \frac{df}{dz} = 0 $$", "not of z"),
    # defined two displays before: not near the display
    (QUARTIC + "$$ y = 2 $$\n\n$$ \\frac{df}{dx} = 12x^3 - 12x^2 - 24x $$", "derivative"),
    # `\frac{dg}{dx}` beside a definition of f_c, not of g
    (r"$$ f_c(x) = c + x \hspace{1in} \rightarrow \hspace{1in} \frac{dg}{dx} = 1 $$", "second equation"),
    # an arrow opening a row after a chain that defines no function
    ("$$\nx + 1 = y + 1 \\\\\n\\rightarrow \\frac{d y}{dx} = 1\n$$", "rightarrow"),
    # an equation in a sentence with no defining word before it: not what f is
    ("The roots are where $f(x) = x$ holds.\n$$ \\frac{df}{dx} = 2x $$", "derivative"),
    # `f(x) = 0` is an equation to solve, not a definition of f
    ("Solve\n$$ f(x) = 0 $$\n\n$$ \\frac{df}{dx} = 2x $$", "derivative"),
])
def test_a_derivative_of_a_function_not_settled_by_the_text_is_refused(text, match):
    found = exprs_of(text)
    assert not any(isinstance(e, sp.Basic) and e.atoms(sp.Derivative) for es in found for e in es), found
    assert match in messages(text)


def test_the_reader_refuses_a_derivative_of_a_name_defined_twice_naming_both():
    context = Context(defined={"f": [((x,), x ** 2), ((x,), x ** 3)]})
    with pytest.raises(ReadError) as info:
        read_side(r"\frac{df}{dx}", context=context)
    assert len(info.value.readings) == 2


@pytest.mark.slow
@pytest.mark.parametrize("true, twin", [
    (QUARTIC + "$$\n\\frac{df}{dx} = 12x^3 - 12x^2 -24x = 12x(x-2)(x+1).\n$$",
     QUARTIC + "$$\n\\frac{df}{dx} = 12x^3 - 12x^2 -24x = 12x(x-2)(x-1).\n$$"),
    ("Consider the function $g(x) = ax^{2}+ bx + c$.\n$$\n\\frac{d^2g}{dx^2}(x) = 2a.\n$$",
     "Consider the function $g(x) = ax^{2}+ bx + c$.\n$$\n\\frac{d^2g}{dx^2}(x) = a.\n$$"),
    (r"$$ f(x) = \frac{1}{x} \hspace{1in} \rightarrow \hspace{1in} \frac{df}{dx} = -1/x^2 $$",
     r"$$ f(x) = \frac{1}{x} \hspace{1in} \rightarrow \hspace{1in} \frac{df}{dx} = 1/x^2 $$"),
])
def test_a_true_derivative_of_a_defined_function_is_not_refuted_and_its_twin_is(tmp_path, true, twin):
    verdicts = verdicts_of(tmp_path, true, "true.py")
    assert verdicts and Verdict.REFUTED not in verdicts and Verdict.PROVED in verdicts, verdicts
    assert Verdict.REFUTED in verdicts_of(tmp_path, twin, "twin.py")
