r"""A function written before a run of juxtaposed factors without brackets (`\ln 2 \, n`, `\ln\frac{a}{b}(c+1)`,
`\sin\frac{\pi}{6}(2x)`, `\log\frac{a}{b} c`) reaches over the first factor as often as over the whole product: the
reader refuses it naming both readings, whatever the first factor is (a letter, a digit or a fraction), so neither a
true line nor its one-edit false twin is ever checked in a reading the author may not have meant.

What is settled stays read: an argument in brackets (`\ln\left(\frac{a}{b}\right)(c+1)`), one factor alone (`\ln 2`,
`\log e^{x}`) or before + or − (`\ln 2 + n`), and a fraction or number before a big operator (`\log\frac{1}{n}\sum_i …`,
the normaliser of a mean inside the log).
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict


def verdicts(tmp_path, text: str) -> list:
    return document_verdicts(tmp_path, text, "imported.py")


@pytest.mark.parametrize("latex, readings", [
    (r"\ln \frac{a}{b} (c)", (r"log(\frac{a}{b} (c))", r"log(\frac{a}{b}) · (c)")),
    (r"\ln 2 (1-p)", ("log(2 (1 - p))", "log(2) · (1 - p)")),
    (r"\ln 2 \, n", ("log(2 n)", "log(2) · n")),
    (r"\sin\frac{\pi}{6}(2x)", (r"sin(\frac{\pi}{6} (2 x))", r"sin(\frac{\pi}{6}) · (2 x)")),
    (r"\exp \frac{a}{2} (b)", (r"exp(\frac{a}{2} (b))", r"exp(\frac{a}{2}) · (b)")),
    (r"\log \frac{a}{b} c", (r"log(\frac{a}{b} c)", r"log(\frac{a}{b}) · c")),
    (r"\ln \frac{a}{b} \, (c + 1)", (r"log(\frac{a}{b} (c + 1))", r"log(\frac{a}{b}) · (c + 1)")),
    (r"\log \frac{1}{2} \left(1 + e^{-x}\right)", (r"log(\frac{1}{2} (1 + e^{-x}))", r"log(\frac{1}{2}) · (1 + e^{-x})")),
    (r"\log 2\pi e", (r"log(2 \pi e)", r"log(2) · \pi e")),
])
def test_a_function_before_a_product_of_a_number_or_fraction_and_more_is_refused_naming_both(latex, readings):
    with pytest.raises(ReadError) as err:
        read_side(latex)
    assert err.value.readings == readings


@pytest.mark.parametrize("latex", [
    r"\ln\left(\frac{a}{b}\right)(c+1)", r"\log e^{x}", r"\ln 2", r"\ln 2 + n", r"\ln 2 \cdot (1-p)",
    r"\log\frac{1}{n}\sum_{i=1}^n e^{\lambda s_i} - \lambda",
])
def test_a_settled_reach_is_still_read(latex):
    read_side(latex)


# each true line beside its one-edit false twin: the reach is not settled, so neither is refuted nor proved
@pytest.mark.parametrize("true, false", [
    (r"\ln \frac{a}{b} \, (c + 1) = (c+1) \ln \frac{a}{b}", r"\ln \frac{a}{b} \, (c + 1) = (c+2) \ln \frac{a}{b}"),
    (r"\log 2 (1 - p) = (1-p)\log 2", r"\log 2 (1 - p) = (1+p)\log 2"),
    (r"\ln 2 \, n = n \ln 2", r"\ln 2 \, n = 2 n \ln 2"),
    (r"\sin \frac{\pi}{6} (2x) = x", r"\sin \frac{\pi}{6} (2x) = 2x"),
    (r"\exp \frac{a}{2} (b) = b \exp\frac{a}{2}", r"\exp \frac{a}{2} (b) = 2b \exp\frac{a}{2}"),
    (r"\log \frac{a}{b} c = c \log \frac{a}{b}", r"\log \frac{a}{b} c = \log \frac{a c}{b}"),
    (r"\log \frac{p}{q} (1 - p) = \log \frac{p (1-p)}{q}", r"\log \frac{p}{q} (1 - p) = (1-p)\log\frac{p}{q} + 1"),
])
def test_an_unsettled_reach_is_neither_refuted_nor_proved(tmp_path, true, false):
    for line in (true, false):
        text = f"$$(a+b)^2 = a^2 + 2ab + b^2$$\n\nThen\n\n$${line}$$\n"
        found = verdicts(tmp_path, text)
        assert Verdict.REFUTED not in found and found.count(Verdict.PROVED) <= 1, (line, found)
        assert any("ambiguous reach" in f.message for f in read_document(text, "notes.md").failures), line


# the settled readings are checked both ways
@pytest.mark.parametrize("true, false", [
    (r"\ln\left(\frac{a}{b}\right)(c+1) = (c+1)\ln\frac{a}{b}", r"\ln\left(\frac{a}{b}\right)(c+1) = (c+2)\ln\frac{a}{b}"),
    (r"\ln 2 + \ln 3 = \ln 6", r"\ln 2 + \ln 3 = \ln 5"),
    (r"\log e^{x} = x", r"\log e^{x} = 2x"),
])
def test_a_settled_reach_is_proved_and_its_twin_refuted(tmp_path, true, false):
    assert verdicts(tmp_path, f"$${true}$$\n") == [Verdict.PROVED]
    assert verdicts(tmp_path, f"$${false}$$\n") == [Verdict.REFUTED]
