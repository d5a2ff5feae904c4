"""The sizes a step was checked at beyond the ones most steps use (the large seeded sizes the engine adds where a
claim is cheap to evaluate, up to 10⁷) are said apart, with why, so that 3286297 reads as chosen and not as a
slip.  Near miss: sizes within the usual ones are listed plainly."""
from __future__ import annotations

from verifier.present.report.view import sizes_words

USUAL = (1, 2, 3, 17, 31, 38, 256)


def test_large_sizes_are_said_apart_with_why():
    words = sizes_words((1, 2, 3, 4, 5, 17, 31, 38, 256, 955, 1015, 2286, 3829, 3286297, 9997780), USUAL)
    assert words == ("sizes 1, 2, 3, 4, 5, 17, 31, 38 and 256, and, where the claim is cheap to evaluate, "
                     "955, 1015, 2286, 3829, 3286297 and 9997780")


def test_near_miss_usual_sizes_are_listed_plainly():
    assert sizes_words((1, 2, 3, 4, 5, 17, 31, 38, 256), USUAL) == "sizes 1, 2, 3, 4, 5, 17, 31, 38 and 256"
    assert sizes_words((3,), ()) == "sizes 3"
