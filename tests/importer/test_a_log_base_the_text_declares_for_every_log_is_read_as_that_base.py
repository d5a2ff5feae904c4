r"""A text that declares the base of every `\log` it writes ("we will always use base-2 logarithms in this section",
"$\log(.)$ always refers to $\log_2(.)$") has its `\log` read to that base, log(…)/log(2), with the rule printed; a
number of bits after a number ending a side (`= 4 \textrm{ bits}`) is that number; a string in quotes in a text font
(`p(\textrm{"0010"})`, a code word) is one name, so `p` before it is a function applied (a string is no factor).

Near misses both ways: a true line in bits is proved and its false twin refuted; a text that only mentions a base or
bits, that declares it in a denial ("we do not use base-2 logarithms") or that also speaks of the natural logarithm
keeps `\log` refused naming both readings; `\ln` stays natural; a word after a name or before more terms is no unit;
a line about the probability of a code word, whose value the text gives in words, is never refuted.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.importer.reading import ReadError, read_side
from verifier.verdicts import Verdict

DECLARED = ("Note that we will always use base-2 logarithms in this section.",
            r"For simplicity, $\log(.)$ always refers to $\log_2(.)$ from here on.")


def verdicts(tmp_path, text: str) -> list[Verdict]:
    return document_verdicts(tmp_path, text, "imported.py")


@pytest.mark.parametrize("prose", DECLARED)
def test_a_declared_base_reads_log_to_that_base_both_ways(tmp_path, prose):
    doc = read_document(f"{prose}\n\n$$- \\log \\left( \\frac{{1}}{{2^4}} \\right) = 4$$\n", "notes.md")
    assert any("logarithm to base 2, as the text declares" in r for r in doc.rules), doc.rules
    assert verdicts(tmp_path, f"{prose}\n\n$$- \\log \\left( \\frac{{1}}{{2^4}} \\right) = 4$$\n") == [Verdict.PROVED]
    assert verdicts(tmp_path, f"{prose}\n\n$$- \\log \\left( \\frac{{1}}{{2^3}} \\right) = 4$$\n") == [Verdict.REFUTED]


@pytest.mark.parametrize("prose", [
    "We do not use base-2 logarithms in this section.",
    "We use base-2 logarithms for codes, and the natural logarithm for densities.",
    "Information is measured in bits.",
    "Rather than base 2 logarithms we use base e.",
])
def test_near_miss_a_base_mentioned_denied_or_beside_the_natural_log_is_not_declared(prose):
    doc = read_document(f"{prose}\n\n$$\\log 8 = 3$$\n", "notes.md")
    assert not any("as the text declares" in r for r in doc.rules)
    assert doc.failures or "base e" in prose      # refused naming both readings, or natural where the text says so


def test_near_miss_ln_stays_natural_where_log_is_declared_base_2(tmp_path):
    assert verdicts(tmp_path, f"{DECLARED[0]}\n\n$$\\ln e^{{3}} = 3$$\n") == [Verdict.PROVED]
    assert verdicts(tmp_path, f"{DECLARED[0]}\n\n$$\\ln e^{{3}} = 2$$\n") == [Verdict.REFUTED]


def test_bits_after_a_number_ending_a_side_are_its_unit_both_ways(tmp_path):
    from verifier.importer.reading import Context
    assert read_side(r"4 \textrm{ bits}", context=Context(log_declared="2")).expr == 4
    text = f"{DECLARED[0]}\n\n$$-\\log \\frac{{1}}{{8}} = {{}} \\textrm{{ bits}}.$$\n"
    assert verdicts(tmp_path, text.replace("{}", "3")) == [Verdict.PROVED]
    assert verdicts(tmp_path, text.replace("{}", "4")) == [Verdict.REFUTED]


@pytest.mark.parametrize("text", ["A fair coin flip carries\n\n$$\\log 2 = 1 \\text{ bit}$$\n",
                                  "It carries\n\n$$\\log 8 = 3 \\textrm{ bits}.$$\n"])
def test_a_quantity_in_bits_beside_a_log_of_no_declared_base_is_refused_naming_both(text):
    # log 2 = 1 bit is true in base 2 and false in the natural base the reader takes for \log
    doc = read_document(text, "notes.md")
    assert not doc.chains and any("base 2" in " ".join(f.readings) for f in doc.failures), doc.failures


def test_near_miss_a_quantity_in_nats_is_read_beside_the_natural_log(tmp_path):
    assert verdicts(tmp_path, "It carries\n\n$$\\log e^{2} = 2 \\text{ nats}$$\n") == [Verdict.PROVED]


@pytest.mark.parametrize("latex", [r"x \textrm{ bits}", r"4 \textrm{ bits} + 1", r"2^{4 \textrm{ bits}}"])
def test_near_miss_a_word_after_a_name_or_before_more_terms_is_no_unit(latex):
    with pytest.raises(ReadError):
        read_side(latex)


def test_a_string_in_quotes_is_one_name_and_the_letter_before_it_a_function():
    reading = read_side(r'p(\textrm{"0010"})')
    (applied,) = reading.expr.atoms(__import__("sympy").Function)
    assert applied.func.__name__ == "p" and [str(a) for a in applied.args] == ['"0010"']


def test_a_code_word_chain_is_imported_in_full_and_only_its_arithmetic_refutes(tmp_path):
    context = ("$$I(X) = - \\log_2 (p),$$\n\nas the *bits* of information. " + DECLARED[0] + " " + DECLARED[1] + "\n\n")
    chain = "$$I(\\textrm{\"0010\"}) = - \\log (p(\\textrm{\"0010\"})) = - \\log \\left( \\frac{1}{2^4} \\right) = 4 \\textrm{ bits}.$$\n"
    doc = read_document(context + chain, "notes.md")
    assert not [f for f in doc.failures if f.line > 3], doc.failures
    got = verdicts(tmp_path, context + chain)
    assert Verdict.REFUTED not in got and got[-1] is Verdict.PROVED
    twin = verdicts(tmp_path, context + chain.replace("2^4", "2^3"))
    assert twin[-1] is Verdict.REFUTED and twin.count(Verdict.REFUTED) == 1
