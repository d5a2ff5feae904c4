"""Every status a claim can have in the register is named in the claims legend by its group's words: a reader who
meets "supported only in a regime, not proved" finds "supported", "in a regime" and "not proved" in one legend line,
as "holds only as a bound" finds "holds only as a bound" in its own."""
from __future__ import annotations

from verifier.present.report.badges import CLAIM_LEGEND, claim_group
from verifier.verdicts import ClaimStatus

QUALIFIERS = ("as a bound", "under an added assumption", "in a regime")


def test_each_status_s_qualifier_is_in_its_groups_legend_line():
    legend = {group: label for group, label, _ in CLAIM_LEGEND}
    for status in ClaimStatus:
        label = legend[claim_group(status)]
        for qualifier in QUALIFIERS:
            if qualifier in status.value:
                assert qualifier in label, (status.value, label)
        if "not proved" in status.value:
            assert "not proved" in label and label.startswith("supported"), (status.value, label)


def test_near_miss_a_proved_status_s_line_says_nothing_of_support():
    legend = {group: label for group, label, _ in CLAIM_LEGEND}
    assert "not proved" not in legend[claim_group(ClaimStatus.IN_REGIME)]
    assert "in a regime" in legend[claim_group(ClaimStatus.IN_REGIME)]
