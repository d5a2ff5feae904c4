"""A claim whose reading is not settled is counted apart in the headline, with whether one of its readings is
refuted, and the legend says what the status means; "not checked" keeps meaning that no derivation addresses
the claim."""
from __future__ import annotations

from verifier.present.report.badges import CLAIM_LEGEND, claim_group
from verifier.present.report.view import _headline
from verifier.verdicts import ClaimStatus

COUNTS = dict(hold=12, qualified=5, supported=15, refuted=0, unchecked=9)


def test_the_headline_counts_an_unsettled_claim_and_says_one_reading_is_refuted():
    head = _headline(171, 0, {**COUNTS, "unsettled": 1, "unsettled, one reading refuted": 1}, True, 0)
    assert "9 not checked" in head and "1 whose reading is not settled" in head
    assert "it is refuted on one reading" in head


def test_without_an_unsettled_claim_the_headline_says_nothing_of_readings():
    head = _headline(171, 0, {**COUNTS, "unsettled": 0, "unsettled, one reading refuted": 0}, True, 0)
    assert "reading" not in head and "9 not checked" in head


def test_the_legend_says_what_not_settled_and_not_checked_mean():
    legend = {group: (label, meaning) for group, label, meaning in CLAIM_LEGEND}
    assert claim_group(ClaimStatus.UNSETTLED) == "unsettled" and claim_group(ClaimStatus.NOT_CHECKED) == "unchecked"
    assert legend["unsettled"][0] == "reading not settled" and "readings" in legend["unsettled"][1]
    assert legend["unchecked"][1].startswith("no derivation addresses it")
