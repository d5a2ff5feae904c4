"""A run of words joined by punctuation ("cancel/together", "(19u+1)/(20(u+1)),") may break after the
punctuation, never inside a word ("cancel/t ogether"); only a stretch with no such place that is still too long
for a narrow column (a 60-digit number) breaks every 8 characters."""
from __future__ import annotations

from verifier.present.report.escape import tex_escape

BREAK = r"\allowbreak{}"


def test_words_joined_by_a_slash_break_after_the_slash_only():
    tex = tex_escape("METHOD cancel/together then expand", breakable=True)
    assert tex == "METHOD cancel/" + BREAK + "together then expand"


def test_near_miss_a_long_number_still_breaks_in_pieces():
    tex = tex_escape("0.12518888954809964664249832821951713413", breakable=True)
    assert tex.count(BREAK) >= 3 and tex.replace(BREAK, "") == "0.12518888954809964664249832821951713413"


def test_ordinary_words_and_short_runs_get_no_break_points():
    assert tex_escape("a/b and together", breakable=True) == "a/b and together"
