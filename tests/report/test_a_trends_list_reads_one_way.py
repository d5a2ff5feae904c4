"""A trend's list reads one way: "λ = 0.1:" with spaces around "=", a power of ten as "10⁻⁶" (never "1 × 10⁻⁶"),
each value to three significant digits with the zeros rounding leaves dropped, so that 1.0, 1.00 and a rounded
0.9999997 all read 1 in one list, and a length past twelve digits with every digit in groups of three.
Near misses: a power with a mantissa keeps it (1.5 × 10⁻¹⁰, 2 × 10⁶), a value with digits keeps them (0.795), and
an exact number in the running text keeps the zeros that say it was rounded (1.00000)."""
from __future__ import annotations

from verifier.present.report import numbers
from verifier.present.report.prose import plain
from verifier.present.report.view import trend_words
from verifier.verdicts import MeasuredTrend

G = "\u202f"


def test_a_limits_list_reads_one_way():
    trend = MeasuredTrend("|lhs/rhs − 1|", "lambda", ("0.1", "0.01", "1e-06", "1e-08", "1.5e-10"),
                          ("0.795", "1.0", "1.00", "0.9999997", "0.800"))
    assert plain(trend_words(trend)) == ("|lhs/rhs − 1| along the approach: lambda = 0.1: 0.795, lambda = 0.01: 1, "
                                         "lambda = 10⁻⁶: 1, lambda = 10⁻⁸: 1, lambda = 1.5 × 10⁻¹⁰: 0.8")


def test_a_long_length_reads_with_every_digit_in_groups():
    trend = MeasuredTrend("|lhs − rhs|", "n", ("16", "1000000", "7610000000002"), ("0.179", "2e6", "0.00795"))
    assert plain(trend_words(trend)) == \
        f"|lhs − rhs| along the approach: n = 16: 0.179, n = 10⁶: 2 × 10⁶, n = 7{G}610{G}000{G}000{G}002: 0.00795"


def test_near_miss_the_running_text_keeps_the_zeros_of_a_rounding():
    assert numbers.short("0.9999997") == "1.00000" and numbers.short("1.0") == "1.0"
    assert numbers.short("1e-8") == "10⁻⁸" and numbers.short("1.5e-8") == "1.5 × 10⁻⁸"


def test_a_counterexamples_list_of_values_reads_one_way():
    assert numbers.numerals("0.79999999, 0.8, 0.8000001", 3) == "0.8, 0.8, 0.8"
    assert numbers.numerals("6.5612, 94.31, 9993.2, 999999.9, 1e8", 3) == "6.56, 94.3, 9.99 × 10³, 10⁶, 10⁸"
    # near miss: one value alone keeps the zeros that say it was rounded
    assert numbers.numerals("0.7999999", 3) == "0.800"


def test_a_long_whole_number_breaks_in_the_pdf_only_between_its_groups():
    from verifier.present.report.escape import tex_escape
    tex = str(tex_escape(f"n = 7{G}610{G}000{G}000{G}002: 0.00795", breakable=True))
    groups = tex.split(": ")[0].removeprefix("n = ").split("\\,")
    assert [g.replace("\\allowbreak{}", "") for g in groups] == ["7", "610", "000", "000", "002"]
    assert all("\\allowbreak" not in g.removeprefix("\\allowbreak{}") for g in groups)   # never inside a group
    # near miss: a short grouped number gets no break point, a long unspaced run still one every 8 characters
    assert "allowbreak" not in str(tex_escape(f"n = 16{G}384: 0.1", breakable=True))
    assert str(tex_escape("abcdefghijklmnopqrstuvwxyz", breakable=True)).count("\\allowbreak{}") == 3
