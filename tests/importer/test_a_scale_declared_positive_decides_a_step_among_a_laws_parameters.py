r"""A step among a law's parameters that writes a scale the import declares positive (σ, λ, τ, β, where the text
leaves no sign open) is decided over positive values of it, the law's range for a scale: the Gaussian density
rewritten in exponential-family form (`\frac{1}{\sqrt{2\pi\sigma^2}} e^{…} = \frac{1}{\sqrt{2\pi}} e^{\frac{\mu}{\sigma^2}x
- … - \log\sigma}`) is proved, and its false twins (μ/(2σ²), +log σ) refuted, where before the root and the log kept
every such step unsettled.  A text that leaves σ's sign open, or a scale the import does not declare positive (s),
keeps the step unsettled: never refuted."""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.verdicts import Verdict

DENSITY = (r"$$\begin{aligned}p(x \mid \mu, \sigma) &= \frac{1}{\sqrt{2 \pi \sigma^2}} \cdot \exp \left\{ "
           r"\frac{-(x-\mu)^2}{2 \sigma^2} \right\} \\ &= \frac{1}{\sqrt{2 \pi}} \cdot \exp \left\{ \frac{\mu}{FACTOR}x"
           r" -\frac{1}{2 \sigma^2} x^2 - \left( \frac{1}{2 \sigma^2} \mu^2 SIGN\log(\sigma) \right) \right\}."
           "\\end{aligned}$$\n")


def density(factor="\\sigma^2", sign="+", before=""):
    return before + DENSITY.replace("FACTOR", factor).replace("SIGN", sign)


@pytest.mark.slow
def test_the_exponential_family_form_of_the_gaussian_density_is_proved(tmp_path):
    verdicts = document_verdicts(tmp_path, density(), "density.py")
    assert Verdict.REFUTED not in verdicts and Verdict.PROVED in verdicts, verdicts


@pytest.mark.slow
@pytest.mark.parametrize("factor, sign", [("2\\sigma^2", "+"), ("\\sigma^2", "-")])
def test_its_false_twins_are_refuted_at_a_positive_scale(tmp_path, factor, sign):
    assert Verdict.REFUTED in document_verdicts(tmp_path, density(factor, sign), "twin.py")


@pytest.mark.slow
@pytest.mark.parametrize("text", [
    density("2\\sigma^2", before="Here $\\sigma$ may be negative.\n\n"),
    density("2\\sigma^2").replace("\\sigma", "s"),
])
def test_a_scale_whose_sign_is_open_or_not_declared_positive_keeps_the_step_unsettled(tmp_path, text):
    assert Verdict.REFUTED not in document_verdicts(tmp_path, text, "open.py")
