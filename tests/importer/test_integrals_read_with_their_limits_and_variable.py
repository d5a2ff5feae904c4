r"""A definite integral `\int_a^b f \, dx` is read as SymPy's Integral(f, (x, a, b)), its limits and its variable as
written: the integrand runs from the limits to the differential, and an integral inside it takes its own
differential first (`\int\int f \,d\theta\,dr`).

Near misses are refused by name: an integral without both limits (an antiderivative, defined up to a constant),
without a differential, with its differential before the integrand (`\int dx\, f`) or before another factor, with
a `d` in the integrand that may be a differential or a name, and an entry `x_i` beside the variable x.  A true line
is not refuted and its one-edit false twin is.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import imported_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

x, y, r, theta, d = sp.symbols("x y r theta d")


@pytest.mark.parametrize("latex, value", [
    (r"\int_0^1 x^2 \, dx", sp.Integral(x ** 2, (x, 0, 1))),
    (r"\int_0^{1} ye^{-y^2}\; dy", sp.Integral(y * sp.exp(-y ** 2), (y, 0, 1))),
    (r"\int_{-\infty}^\infty \frac{x^2}{1+x^2}\; dx", sp.Integral(x ** 2 / (1 + x ** 2), (x, -sp.oo, sp.oo))),
    (r"\int_0^1 x \, \mathrm{d}x + 1", sp.Integral(x, (x, 0, 1)) + 1),
    (r"-2\int_0^{1} y\;dy", -2 * sp.Integral(y, (y, 0, 1))),
    # d2l integral-calculus:250: the limit x is the free x, the integrand's x the variable of integration
    (r"\int_0^{x} e^{x} \; dx", sp.Integral(sp.exp(x), (x, 0, x))),
    # d2l integral-calculus:520: the inner integral takes the first differential
    (r"\int _ 0^\infty \int _ 0 ^ {2\pi} re^{-r^{2}} \;d\theta\;dr",
     sp.Integral(r * sp.exp(-r ** 2), (theta, 0, 2 * sp.pi), (r, 0, sp.oo))),
    # a d as a power is never a differential
    (r"\int_0^1 x^d \, dx", sp.Integral(x ** d, (x, 0, 1))),
])
def test_an_integral_is_read_with_its_limits_and_variable_as_written(latex, value):
    assert read_side(latex).expr == value


@pytest.mark.parametrize("latex, match", [
    (r"\int x \, dx", "antiderivative"),
    (r"\int_0 x \, dx", "antiderivative"),
    (r"\int_0^1 x^2", "differential"),
    (r"\int_0^1 dx\, x", "differential"),
    (r"\int_0^1 x \, dx \, y", "differential"),
    (r"\int_0^1 d\, x \, dx", "differential"),
    (r"\int_0^1 x^{d} (d + x) \, dx", "name d"),
    (r"\int_0^1 x_i \, dx", "entry of x"),
    (r"\iint_D x \, dx\, dy", "not read"),
])
def test_a_near_miss_integral_is_refused_by_name(latex, match):
    with pytest.raises(ReadError, match=match):
        read_side(latex)


@pytest.mark.slow
@pytest.mark.parametrize("true, twin", [
    (r"\int_0^1 x^2 \, dx = \frac{1}{3}", r"\int_0^1 x^2 \, dx = \frac{1}{2}"),
    # d2l integral-calculus:313 and a one-edit twin
    (r"\int_0^{1} ye^{-y^2}\; dy = \frac{1-e^{-1}}{2}", r"\int_0^{1} ye^{-y^2}\; dy = \frac{1+e^{-1}}{2}"),
    # the limit and the integrand both write x (d2l integral-calculus:250)
    (r"\int_0^{x} e^{x} \; dx = e^x - 1", r"\int_0^{x} e^{x} \; dx = e^x + 1"),
    (r"\int_0^{-1} 1\; dx = -1", r"\int_0^{-1} 1\; dx = 1"),
])
def test_a_true_integral_is_not_refuted_and_its_twin_is(tmp_path, true, twin):
    verdicts = imported_verdicts(tmp_path, true, "true.py")
    assert verdicts and Verdict.REFUTED not in verdicts and Verdict.ERROR not in verdicts, verdicts
    assert imported_verdicts(tmp_path, twin, "twin.py") == [Verdict.REFUTED]


def test_a_look_alike_with_its_differential_first_is_refused_in_a_document():
    doc = read_document(r"$$ \int_0^1 dx \, x^2 = \frac{1}{3} $$", "notes.md")
    assert not doc.chains and any("differential" in f.message for f in doc.failures)
