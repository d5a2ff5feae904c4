"""A function's name in the HTML's MathML reads as TeX sets it: upright, applied to its argument, and a thin
space from a neighbour that is not a bracket ("κ log n / d", "log exp(x)"), never glued into "κlogn" or
"logexp".  A word a text spells in plain letters as a function (softmax, Attention) is one upright name;
any other row of letters stays a product of italic symbols, as written."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from verifier.present.report.mathml import to_mathml

APPLY = "\u2061"
THIN = "0.1667em"


def _row(latex: str) -> list[ET.Element]:
    """The children of the formula's top row (MathML, its namespace dropped)."""
    markup = to_mathml(latex, False).replace(' xmlns="http://www.w3.org/1998/Math/MathML"', "")
    root = ET.fromstring(markup)
    row = root.find("semantics/mrow/mrow")
    return list(row)


def _spelled(row: list[ET.Element]) -> list[str]:
    out = []
    for e in row:
        if e.tag == "mspace":
            out.append("␣" if e.get("width") == THIN else "?")
        elif e.tag == "mo" and e.text == APPLY:
            out.append("⁡")
        else:
            out.append("".join(e.itertext()))
    return out


def test_the_name_log_is_upright_applied_and_set_apart_from_its_argument():
    row = _row(r"\log n")
    assert _spelled(row) == ["log", "⁡", "␣", "n"]
    assert row[0].tag == "mi" and row[0].get("mathvariant") == "normal"
    assert "&#x2061;" in to_mathml(r"\log n", False)


def test_a_name_between_symbols_is_spaced_on_both_sides_and_two_names_are_apart():
    assert _spelled(_row(r"\kappa \log n / d")) == ["κ", "␣", "log", "⁡", "␣", "n", "/", "d"]
    assert _spelled(_row(r"\log \exp(x)")) == ["log", "⁡", "␣", "exp", "⁡", "(", "x", ")"]
    assert _spelled(_row(r"2 \log_2 n")) == ["2", "␣", "log2", "⁡", "␣", "n"]


def test_a_bracket_or_an_operator_next_to_a_name_takes_no_extra_space():
    # The near misses: log(n) is not "log (n)", and "− log n" keeps the minus sign's own spacing.
    assert _spelled(_row(r"\log(n)")) == ["log", "⁡", "(", "n", ")"]
    assert _spelled(_row(r"H = -\log n")) == ["H", "=", "−", "log", "⁡", "␣", "n"]
    # SymPy's \log{\left(n \right)}: the bracket around one letter is the text's, not a stretched one apart.
    markup = to_mathml(r"\log{\left(n \right)}", False)
    assert 'stretchy="true"' not in markup and 'stretchy="false"' in markup
    # … and around a fraction it still grows.
    assert 'stretchy="true"' in to_mathml(r"\log{\left(\frac{1}{n} \right)}", False)


def test_function_words_spelled_in_letters_are_one_name_other_letters_stay_a_product():
    row = _row(r"Attention(Q, K, V) = softmax\left(\frac{\kappa \log n}{d} QK^\top\right)V")
    names = [e.text for e in row if e.tag == "mi" and e.get("mathvariant") == "normal"]
    assert names == ["Attention", "softmax"]
    assert _spelled(row)[:3] == ["Attention", "⁡", "("]
    # The near misses: a row of letters that is no function's name is what it was written as, a product.
    assert _spelled(_row("abc")) == ["a", "b", "c"]
    assert _spelled(_row("soft(x)")) == ["s", "o", "f", "t", "(", "x", ")"]
    assert all(e.get("mathvariant") is None for e in _row("abc"))


def test_large_operators_keep_their_own_form():
    markup = to_mathml(r"\max_i s_i + \lim_{n \to \infty} a_n", False)
    assert "<mo>max</mo>" in markup and "<mo>lim</mo>" in markup and APPLY not in markup
