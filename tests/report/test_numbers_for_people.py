"""What the report's running text shows of a number: six significant digits, never a false enclosure.

The full values stay in the JSON, behind a click in the HTML and in the PDF's appendix; these tests
pin how the running text shortens them, and what it must never do (drop a digit that tells two
values apart, or print a rounded midpoint after "∈" as if it were still a certified ball).
"""
import pytest

from verifier.present.report.numbers import for_people, short
from verifier.present.report.view import gap_words
from verifier.verdicts import Ball, Counterexample


@pytest.mark.parametrize("written, shown", [
    ("0.095355815268660605357", "0.0953558"),
    ("498.71774300418036", "498.718"),
    ("0.31440000000000000000", "0.3144"),          # trailing zeros are not digits a reader needs
    ("12345678901234567890123", "1.23457 × 10²²"),
    ("3.57873e-12", "3.57873 × 10⁻¹²"),
    ("6.95e-804", "< 10⁻⁵⁰"),                       # beyond a float, read off the text
])
def test_long_numbers_are_shortened_to_six_significant_digits(written, shown):
    assert short(written) == shown


@pytest.mark.parametrize("kept", ["0.5", "-2.06653", "131/100", "1.0", "256", "123456789012"])
def test_short_numbers_and_fractions_are_left_as_written(kept):
    assert for_people(kept) == kept


def test_a_value_next_to_an_exact_one_keeps_the_zeros_that_show_it_was_rounded():
    # 2.000…01 beside an exact 2 must not read "2": the zeros say six digits were shown
    assert short("2.000000000000000000001") == "2.00000"


def test_a_shortened_ball_is_never_printed_after_the_membership_sign():
    full = "lhs − rhs ∈ [0.016407852837606633544798020548168074470006834978822 +/- 2.70e-52], so lhs − rhs ≠ 0"
    cx = Counterexample({"c": "1.3"}, {50: "1"}, {50: "2"}, "", {50: full}, quantity="lhs − rhs",
                        gap={50: Ball("0.016407852837606633544798020548168074470006834978822", "2.70e-52")},
                        excludes="≠ 0", certified={50: full})
    shown = gap_words(cx, 50)
    assert "∈" not in shown and "≈ 0.0164079" in shown and "radius < 10⁻⁵⁰" in shown


def test_names_with_digits_are_not_numbers():
    assert for_people("s_1 = 0.1234567891, x2 = 3") == "s_1 = 0.123457, x2 = 3"


def test_a_decimal_whose_digits_go_on_is_cut_never_rounded_before_its_ellipsis():
    """"0.474474647…" shortened to "0.474475…" would say the digits go on after 5; they go on after 4."""
    from verifier.present.report.numbers import for_people
    assert for_people("C(1) = 0.474474647070526937246280975373…, bounded") == "C(1) = 0.474474…, bounded"
    assert for_people("−C(1) = −0.474474647070…; and") == "−C(1) = −0.474474…; and"
    # The near miss: without an ellipsis the number is rounded, as everywhere in the running text.
    assert for_people("C(1) = 0.474474647070526937 exactly") == "C(1) = 0.474475 exactly"
