"""Numbers for people: what the running text shows of a 100-digit ball or an error of 10⁻⁸⁰⁴.

The engine records every value in full (the JSON, the HTML behind a click, the PDF's appendix of
certificates).  The running text shows six significant digits, a ball as its midpoint with the size
of its radius, and an error below 10⁻⁵⁰ as "< 10⁻⁵⁰": a reader wants the size of a number, and the
certificate's rigour lives in the full ball, which is one click (or one appendix) away.
"""
from __future__ import annotations

import math
import re
from decimal import Decimal

from ...verdicts import Ball, ComplexBall, Said

DIGITS = 6                 # significant digits in the running text
TINY = 50                  # |x| < 10^-TINY reads "< 10^-TINY"
LONGEST_INTEGER = 12       # an integer with more digits reads in scientific form

_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
# A decimal number not glued to a name (s_1, x2) or to another number.
_NUMBER = re.compile(r"(?<![\w.])([-+]?)(\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)(?![\w.])")


def power_of_ten(exponent: int) -> str:
    return "10" + str(exponent).translate(_SUPERSCRIPT)


def _significant(mantissa: str) -> int:
    digits = mantissa.replace(".", "").lstrip("0")
    return len(digits)


def short(number: str, digits: int = DIGITS, tiny: int | None = TINY, zeros: bool = True) -> str:
    """One decimal literal as a reader wants it; anything that is not one is returned unchanged.  Below
    10^-tiny it reads "< 10^-tiny" (an error, whose size is all a reader asks); tiny=None keeps its size
    (a value along a trend, where the size is what shows the rate).  zeros=False drops the zeros rounding
    leaves (0.150 reads 0.15), for a list of values whose digits are all the same few."""
    literal = _decimal_literal(number)
    if literal is None:
        return number
    sign, mantissa, written_exponent = literal
    exponent = int(written_exponent or 0)
    if "." not in mantissa and written_exponent is None and len(mantissa.lstrip("0")) <= LONGEST_INTEGER:
        return number
    plain = mantissa.replace(".", "")
    lead = plain.lstrip("0")
    if not lead:    # a zero written with an exponent ("0.00e+00", beside "-1.11e-16") reads 0, as an exact zero
        return number if len(plain) <= digits and written_exponent is None else "0"
    point = mantissa.index(".") if "." in mantissa else len(mantissa)
    magnitude = exponent + point - (len(plain) - len(lead)) - 1        # x = d.ddd × 10^magnitude
    if tiny is not None and magnitude < -tiny:
        return ("> −" if sign == "-" else "< ") + power_of_ten(-tiny)
    if len(lead.rstrip("0")) <= digits and written_exponent is None:
        if not zeros and "." in mantissa and len(plain) <= LONGEST_INTEGER:
            # one rule for a list of values: 1.0 and 1.00 read 1, as a rounded 0.9999997 does beside them
            trimmed = mantissa.rstrip("0").rstrip(".")
            return sign + (trimmed or "0")
        if len(plain) <= LONGEST_INTEGER:
            return number
        if point > LONGEST_INTEGER:
            return _scientific(sign, lead, magnitude, digits, keep_zeros=False)
        trimmed = mantissa.rstrip("0")          # 0.31440000000000000000 reads 0.3144
        return sign + (trimmed + "0" if trimmed.endswith(".") else trimmed)
    return _scientific(sign, lead, magnitude, digits, keep_zeros=zeros and len(lead.rstrip("0")) > digits)


def _decimal_literal(number: str) -> tuple[str, str, str | None] | None:
    """A decimal literal ("-0.125", "17", "2.5e-127") as its sign, its digits with their point and its
    written exponent (None when it has none); None for anything else.  The literal is a value the engine
    hands over (a Number's digits, a ball's midpoint), taken apart as a numeral, never found in words."""
    text = str(number).strip()
    sign = text[:1] if text[:1] in "+-" else ""
    body, marker, exponent = text[len(sign):].replace("E", "e").partition("e")
    whole, point, fraction = body.partition(".")
    if not (whole.isascii() and whole.isdigit()) or (point and not (fraction.isascii() and fraction.isdigit())):
        return None
    if marker:
        digits = exponent[1:] if exponent[:1] in "+-" else exponent
        if not (digits.isascii() and digits.isdigit()):
            return None
        return sign, body, exponent
    return sign, body, None


def _scientific(sign: str, lead: str, magnitude: int, digits: int, keep_zeros: bool) -> str:
    """d.ddddd × 10^k, or plain decimals for moderate k; zeros kept when digits were rounded away
    (2.000000000000001 reads 2.00000, not 2, beside an exact 2)."""
    head = lead[:digits + 2]
    if abs(magnitude) < 300:
        mant, exp = f"{float(head + 'e' + str(magnitude - len(head) + 1)):.{digits - 1}e}".split("e")
        exp = int(exp)
    else:   # beyond a float's range only the leading digits go through one, so 10^-900 keeps its size
        mant, carry = f"{float(head[0] + '.' + head[1:]):.{digits - 1}e}".split("e")
        exp = magnitude + int(carry)
    shown_sign = "-" if sign == "-" else ""
    if -4 <= exp < digits:
        text = f"{float(mant) * 10 ** exp:.{max(digits - 1 - exp, 0)}f}"
        return shown_sign + (text if keep_zeros else (text.rstrip("0").rstrip(".") if "." in text else text))
    if not keep_zeros:
        mant = mant.rstrip("0").rstrip(".")
    if mant == "1":                             # 1e-8 reads 10⁻⁸, not 1 × 10⁻⁸
        return f"{shown_sign}{power_of_ten(exp)}"
    return f"{shown_sign}{mant} × {power_of_ten(exp)}"


def ball(midpoint: str, radius: str) -> str:
    """[m +/- r] as "m (radius r)": the size of the number and of its doubt.

    The midpoint is rounded, so the shortened form is not itself an enclosure; it never follows "∈".
    """
    if float(radius) == 0:
        return f"{short(midpoint)} (exact)" if is_long(midpoint) else midpoint
    return f"{short(midpoint)} (radius {short(radius, 2)})"


def every_digit(number: str) -> str:
    """A decimal literal with every digit it was written with, for a reader: a minus sign, not a hyphen, and
    an exponent as a power of ten ("9.47e-52" reads "9.47 × 10⁻⁵²"); no digit added, dropped or rounded, so
    a radius stays the upper bound it was.  A list of literals ("0.0030842, 3.57824e-6", a trend's values) reads
    so literal by literal; anything else is returned as it is."""
    pieces = str(number).split(", ")
    if len(pieces) > 1:
        return ", ".join(every_digit(x) for x in pieces) if all(_decimal_literal(x) for x in pieces) else str(number)
    literal = _decimal_literal(number)
    if literal is None:
        over, slash, under = str(number).partition("/")
        if slash and _decimal_literal(over) and _decimal_literal(under) and "e" not in str(number).lower():
            return every_digit(over) + "/" + under          # a fraction the engine drew (-2/7) reads −2/7
        return str(number)
    sign, mantissa, exponent = literal
    shown = ("−" if sign == "-" else "") + mantissa
    return f"{shown} × {power_of_ten(int(exponent))}" if exponent is not None else shown


def ball_digits(value: Ball | ComplexBall) -> str:
    """A certified ball from its record, every digit, as an enclosure a reader can read: "−0.24812496764329610149
    ± 9.47 × 10⁻⁵²"; a complex one as "(a ± r) + (b ± r)·i".  Nothing is rounded, so it may follow "∈"."""
    if isinstance(value, ComplexBall):
        return f"({ball_digits(value.real)}) + ({ball_digits(value.imaginary)})·i"
    return f"{every_digit(value.midpoint)} ± {every_digit(value.radius)}"


def exact(number: str) -> str:
    """A coordinate the engine drew as a double and wrote with 17 significant digits ("7.8741977984672573"), as
    the exact decimal of that double ("7.87419779846725731431433814577758312225341796875"): the balls are
    certified at the double, and at the 17-digit decimal the value may lie outside them.  A double is a
    finite decimal, so nothing is rounded.  Anything else (an integer, a fraction "131/100", words) is
    returned as it is."""
    text = str(number).strip()
    if _decimal_literal(text) is None:
        return str(number)
    try:
        x = float(text)
    except ValueError:
        return str(number)
    if not math.isfinite(x) or f"{x:.17g}" != text:
        return str(number)
    exact_text = str(Decimal(x))
    return exact_text.replace("E", "e") if "E" in exact_text else exact_text


def point_digits(value) -> str:
    """One coordinate of a counterexample from its value (a PointValue), every digit of the number the balls
    were certified at, as a reader writes it: a drawn double as its exact decimal ("−0.7321589626462722327…"
    to its last digit), a vector as "(0.0676483…, −0.570395…)", with ", …" when it has more entries."""
    if value.length is None and not value.entries:
        return every_digit(exact(value.value))
    more = ", …" if (value.length or 0) > len(value.entries) else ""
    return f"({', '.join(every_digit(exact(e)) for e in value.entries)}{more})"


def point_exact(value) -> str:
    """The same in the engine's form, for the machine record: "-0.73215896264627223274…" (a hyphen, an
    exponent as e-5), a vector as "(a, b, …) [length n]"."""
    if value.length is None and not value.entries:
        return exact(value.value)
    more = ", …" if (value.length or 0) > len(value.entries) else ""
    return f"({', '.join(exact(e) for e in value.entries)}{more}) [length {value.length}]"


def ball_words(value: Ball | ComplexBall) -> str:
    """A certified ball from its record, for the running text: "0.0164079 (radius 2.7 × 10⁻⁵²)", a complex one
    as "a + b·i" with each part so.  Rounded, so it follows "≈", never "∈"."""
    if isinstance(value, ComplexBall):
        imaginary = ball(value.imaginary.midpoint, value.imaginary.radius)
        sign, imaginary = ("−", imaginary[1:]) if imaginary.startswith("-") else ("+", imaginary)
        return f"{ball(value.real.midpoint, value.real.radius)} {sign} {imaginary}·i"
    return ball(value.midpoint, value.radius)


def numerals(text: str, digits: int = DIGITS) -> str:
    """A value the engine hands over as text (a side's value "0.60563378906351701034", a trend's values
    "0.794724, 0.97917, 1.0"), each numeral shortened; any other text ("undefined (…)", "→ 0 (…)") as it is.
    Taken apart as numerals with str methods, never searched for numbers."""
    text = str(text or "")
    pieces = text.split(", ")
    if not all(_decimal_literal(x) is not None for x in pieces if x):
        return text
    # a list reads one way: the zeros rounding leaves are dropped, so 0.7999999 and 0.8 both read 0.8
    return ", ".join(short(x, digits, zeros=len(pieces) == 1) if x else x for x in pieces)


def for_people(text: str, digits: int = DIGITS) -> str:
    """Every long decimal in an author's sentence (a title, a note, a table cell), shortened; words and short
    numbers untouched.  The engine's words (Said) come back as they are: their numbers are values, which
    the renderer rounds (prose.said_segments).  Balls never reach a sentence: the records hold them as
    values (Ball, ComplexBall), which ball_words sets."""
    if not text or isinstance(text, Said):
        return text
    return _NUMBER.sub(lambda m: (_cut(m.group(1) + m.group(2), digits) if text[m.end():m.end() + 1] == "…"
                                  else short(m.group(1) + m.group(2), digits)) if is_long(m.group(2), digits)
                       else m.group(0), text)


def _cut(number: str, digits: int) -> str:
    """A decimal an author writes with "…" after it (its digits go on), cut after `digits` significant digits
    rather than rounded: "0.474474647…" reads "0.474474…", never "0.474475…", which is not how it goes on."""
    if "e" in number.lower() or "." not in number:
        return short(number, digits)
    seen = 0
    for k, ch in enumerate(number):
        if ch.isdigit() and (seen or ch != "0"):
            seen += 1
            if seen == digits:
                return number[:k + 1] if "." in number[:k + 1] else short(number, digits)
    return number


def is_long(number: str, digits: int = DIGITS) -> bool:
    return short(number, digits) != number


def is_shortened(text: str, digits: int = DIGITS) -> bool:
    """Whether for_people changes the text: the full form then deserves a place behind a click."""
    return for_people(text, digits) != text


GROUP = "\u202f"     # a narrow no-break space between groups of three digits


def whole(number: str) -> str:
    """A whole number as a reader takes it in, exact: up to six digits as written (16, 1024, 16384), a power of ten
    from 10⁴ on as one (10⁴, 10¹²), up to twelve digits as written (2773306), and a longer one with every digit in
    groups of three (7610000000002 reads 7 610 000 000 002), never the rounded 7.61 × 10¹², which reads as no
    whole number, nor 761 × 10¹⁰ + 2, which reads as a typo.  Anything that is not a whole number's digits is
    returned as it is."""
    text = str(number).strip()
    if not (text.isascii() and text.isdigit()):
        return str(number)
    value = int(text)
    digits = len(text.lstrip("0")) or 1
    if value >= 10 ** 4 and value == 10 ** (digits - 1):
        return power_of_ten(digits - 1)
    if digits <= LONGEST_INTEGER:
        return str(value)
    return f"{value:,}".replace(",", GROUP)
