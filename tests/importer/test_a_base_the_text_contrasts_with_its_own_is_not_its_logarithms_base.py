"""A logarithm's base is the one the text gives its own: "a "nat" is the equivalent of a bit when using a code with
base $e$ rather than one with base 2" speaks of natural logarithms, so `\\log` is read as the natural logarithm (a false
line refuted, a true one proved), never refused as base 2.  A base the text does give its logarithms ("logarithms are
base 2", "measured in bits") still makes them that base, even beside a base it sets aside.
"""
from __future__ import annotations

from tests.engine import document_verdicts
from verifier.importer.document import _log_base
from verifier.verdicts import Verdict

NATS = ('We need at least $H$ "nats" to encode it.\n'
        'A "nat" is the equivalent of a bit but when using a code with base $e$ rather than one with base 2.\n\n')


def test_a_contrasted_base_is_not_the_texts():
    assert _log_base(NATS + r"$$\log(ab) = \log a + \log b$$") == ""
    assert _log_base(r"We use $\log$ in nats instead of bits.") == ""


def test_near_miss_a_base_the_text_gives_is_kept_beside_one_it_sets_aside():
    assert _log_base(r"Rather than base $e$ we use base 2 logarithms: $\log$.") == "2"
    assert _log_base(r"Logarithms are base 2 here, $\log$.") == "2"
    assert _log_base(r"Entropy is measured in bits, $\log$.") == "2"


def test_natural_logarithms_after_a_contrasted_base_are_checked_both_ways(tmp_path):
    false = NATS + "$$\\log (a b) = \\log a + \\log b + 1$$\n"
    assert document_verdicts(tmp_path, false, "false.py") == [Verdict.REFUTED]
    true = NATS + "$$\\log (e^{a}) = a$$\n"
    assert document_verdicts(tmp_path, true, "true.py") == [Verdict.PROVED]


NATURAL_NOT_TWO = "Here $\\log$ is the natural logarithm, not base 2.\n\n"


def test_a_base_the_text_says_its_logarithms_are_not_is_not_their_base():
    assert _log_base(NATURAL_NOT_TWO) == ""
    assert _log_base(r"$\log$ is the natural log rather than base 2.") == ""
    assert _log_base(r"Entropy is in nats, not in bits: $\log$.") == ""
    assert _log_base(r"Here $\log$ is the natural log (not base-10).") == ""


def test_near_miss_a_base_the_text_gives_after_not_something_else_is_kept():
    assert _log_base(r"$\log$ is not natural but base 2.") == "2"
    assert _log_base(r"Logarithms are not base 10 but base 2: $\log$.") == "2"
    assert _log_base(r"We use base 2, not the natural logarithm: $\log$.") == "2"


def test_natural_logarithms_beside_a_base_they_are_not_are_checked_both_ways(tmp_path):
    assert document_verdicts(tmp_path, NATURAL_NOT_TWO + "$$\\log (e^{a}) = a$$\n", "true.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, NATURAL_NOT_TWO + "$$\\log (e^{a}) = 2a$$\n", "false.py") == [Verdict.REFUTED]
