"""No module under verifier/present/ parses the engine's words with a regular expression.

The engine hands its words over as verdicts.Said, whose numbers (Number), formulas (Formula) and names (Name)
are values: the report sets each part as what it is and shows the plain words between them as they are, never
reading a formula, a number or a name back out of them.  The regular expressions that remain under present/
each serve one listed purpose: escaping or checking the report's own output, reading what an external tool
wrote (Graphviz, Matplotlib's SVG, LaTeX's log, git), or reading an author's plain text (a title, a note, a
step's reason, a claim's quote, a table cell), which no engine made.  A new one needs a place in this list
and a reason."""
from __future__ import annotations

import inspect
import re
from collections import Counter
from pathlib import Path

import sympy as sp

from verifier.present.report import numbers, prose
from verifier.present.report.html import prose_html
from verifier.present.report.latex import prose as latex_prose
from verifier.present.report.prose import plain, said_segments, segments
from verifier.verdicts import Formula, Name, Number, Said, said_from_json, said_to_json

PRESENT = Path(__file__).resolve().parents[2] / "verifier" / "present"
# A call of the re module (a pattern compiled, or matched at once); not a flag, nor the annotation re.Match.
_RE_USE = re.compile(r"(?<![\w.])re\.(?:compile|sub|subn|findall|finditer|fullmatch|match|search|split|escape)\(")

# Each module's uses of re, at most, and what they read.
ALLOWED = {
    "output_files.py": (1, "an output path naming a file descriptor (/dev/fd/N): the user's argument"),
    "report/__init__.py": (1, "the names of the figure files the report itself writes"),
    "report/badges.py": (1, "a step's reason, which its author wrote: a leading 'claim:' dropped"),
    "report/display.py": (2, "long decimals cut in a side's LaTeX; the Greek names an author declared spelled out "
                             "(varepsilon), in a hypothesis or a sampling range: the engine's pins and laws in "
                             "them are formulas, never read"),
    "report/escape.py": (3, "escaping the report's own text for LaTeX and PDF strings"),
    "report/files.py": (1, "an anchor slug made from a name"),
    "report/graph.py": (6, "Graphviz's plain output, its SVG comments and titles, the text runs and node outlines "
                           "of its SVG, and the PDF date it writes"),
    "report/latex.py": (8, "checking and reshaping LaTeX markup before it is set; repeats in an author's list"),
    "report/mathml.py": (2, "checking the report's own MathML for a leaked TeX command"),
    "report/numbers.py": (1, "long decimals in an author's sentence or table cell, and in the engine's words "
                             "that still hold numbers as plain text: a counterexample's note and replay, a step's "
                             "numeric remark (its values, sides and approach are numerals, taken apart without it)"),
    "report/pdf.py": (1, "LaTeX's log: the error lines of a failed PDF build"),
    "report/plots.py": (4, "ids and metadata in Matplotlib's SVG"),
    "report/prose.py": (28, "an author's plain text set as mathematics: SymPy's printing, scripts, exp, ∞, a starred "
                            "name (c*, u*(1 − 1/u)), a power of ten (6·10⁻⁵)"),
    "report/provenance.py": (3, "git's output: a commit hash, a remote's URL"),
    "report/sources.py": (1, "a step's source as its author wrote it: seed file, citation, place"),
    "report/view.py": (1, "an anchor slug made from a name"),
}


def _uses() -> Counter:
    found = Counter()
    for path in sorted(PRESENT.rglob("*.py")):
        found[path.relative_to(PRESENT).as_posix()] += len(_RE_USE.findall(path.read_text(encoding="utf-8")))
    return +found


def test_every_regular_expression_under_present_is_one_listed_with_its_reason():
    over = {module: (count, ALLOWED.get(module, (0, ""))[0]) for module, count in _uses().items()
            if count > ALLOWED.get(module, (0, ""))[0]}
    assert not over, f"new regular expressions under present/ (found, listed): {over}"


def test_the_parts_of_the_engines_words_are_set_by_code_that_uses_no_regular_expression():
    for function in (said_segments, numbers.short, numbers._decimal_literal):
        source = inspect.getsource(function)
        assert not _RE_USE.search(source), function.__name__
        assert "_text_segments" not in source and "for_people" not in source, function.__name__


def test_the_plain_words_of_the_engine_are_shown_as_they_are_never_read_as_mathematics():
    # Words that an author's text would have set as a formula, a superscript, a name and ∞: said by the
    # engine as plain words, they are words.
    words = "Sum(s[i], (i, 1, n)) is oo; h^2 and sigma_max; fact entropy_lower_bound"
    assert said_segments(Said(words)) == (("text", words),)
    assert plain(Said(words)) == words
    # The near miss: the same text as an author's plain string is read as it was written.
    kinds = {kind for kind, _ in segments(words)}
    assert kinds - {"text"}, segments(words)


def test_the_engines_formulas_numbers_and_names_are_set_from_their_values():
    said = Said("fact ", Name("entropy_lower_bound"), ", times ", Formula.of(sp.Rational(1, 2)), "; |d|/",
                Formula.power("h", 2), " = ", Number("0.016407852837606633545"))
    assert str(said) == "fact entropy_lower_bound, times 1/2; |d|/h^2 = 0.016407852837606633545"
    assert said_segments(said) == (("text", "fact "), ("code", "entropy_lower_bound"), ("text", ", times "),
                                   ("math", r"\frac{1}{2}"), ("text", "; |d|/"), ("math", "h^{2}"),
                                   ("text", " = 0.0164079"))
    assert "<code>entropy_lower_bound</code>" in prose_html(said)
    assert r"\texttt{entropy\_\allowbreak{}lower\_\allowbreak{}bound}" in latex_prose(said)
    assert plain(said) == "fact entropy_lower_bound, times 1/2; |d|/h^2 = 0.0164079"


def test_a_name_in_the_engines_words_survives_the_json_and_a_pickle():
    import pickle
    said = Said(Name("sympy_limit"), " failed: ", Name("NotImplementedError"))
    for again in (said_from_json(said_to_json(said)), pickle.loads(pickle.dumps(said))):
        assert again == said and again.parts == said.parts


def test_a_decimal_literal_is_taken_apart_as_a_numeral_and_anything_else_is_left_alone():
    assert numbers._decimal_literal("-2.50e-127") == ("-", "2.50", "-127")
    assert numbers._decimal_literal("17") == ("", "17", None)
    for not_one in ("", "-", "1e", "1.2.3", "x1", "1e+", "0x10", "١٢", "1 000"):
        assert numbers._decimal_literal(not_one) is None, not_one
    assert numbers.short("0.016407852837606633545") == "0.0164079"
    assert numbers.short("2.5e-127") == "< 10⁻⁵⁰" and numbers.short("words") == "words"


def test_a_series_trend_is_worded_from_its_values_with_its_decades_as_mathematics():
    from verifier.present.report.view import trend_words
    from verifier.verdicts import MeasuredTrend
    trend = MeasuredTrend(Said("|lhs − rhs|/", Formula.power("h", 2)), "h",
                          (Said(Formula.power(10, -1)), Said(Formula.power(10, -40))), ("0.405", "3.63"), order=True)
    words = trend_words(trend)
    assert str(words) == "|lhs − rhs|/h^2 at h = 10^-1 … 10^-40: 0.405, 3.63"
    assert ("math", "10^{-1}") in segments(words) and ("math", "10^{-40}") in segments(words)
    assert "^" not in "".join(value for kind, value in segments(words) if kind == "text")


def test_a_certificate_that_is_not_a_ball_is_set_from_its_parts_and_never_read():
    """A limit's measured tail, an exact difference, a side with no value: the engine says them with their
    numbers and formulas as values; the running text rounds the numbers and says a value below what the digits
    resolve as a bound ("|d| < 10⁻⁵⁰", never "|d| = < 10⁻⁵⁰")."""
    from verifier.present.report.view import gap_words
    from verifier.verdicts import Counterexample
    assert not _RE_USE.search(inspect.getsource(gap_words)) and "for_people" not in inspect.getsource(gap_words)
    tail = Said("at this point, the tail is bounded away from 0; measured: |d| = ", Number("2.5e-127"),
                " at distance ", Number("1e-10"), ", tail slope ", Number("0.000123456789"))
    cx = Counterexample({"x": "approach from +: 0.1 … 1e-10"}, {50: "1"}, {50: "→ 0"}, certificate={50: tail})
    said = gap_words(cx, 50)
    assert said == tail and said.parts == tail.parts
    assert "|d| < 10⁻⁵⁰ at distance 10⁻¹⁰, tail slope 0.000123457" in plain(said)
    assert "= <" not in plain(said) and "= <" not in "".join(v for _, v in said_segments(said))
    # The near miss: a value the digits resolve keeps its "=".
    resolved = Said("measured: |d| = ", Number("0.0030842"))
    assert plain(resolved) == "measured: |d| = 0.0030842" and said_segments(resolved)[-1] == ("text", resolved)
    # An exact difference is a formula; words the engine left plain are shown as they are, never read.
    exact = Counterexample({}, {50: "1"}, {50: "2"},
                           certificate={50: Said("lhs − rhs = ", Formula.of(sp.Rational(-1, 3)), " exactly")})
    assert ("math", r"- \frac{1}{3}") in segments(gap_words(exact, 50))
    words = Counterexample({}, {50: "1"}, {50: "2"}, certificate={50: "lhs − rhs = 0.12345678912345 exactly"})
    assert plain(gap_words(words, 50)) == "lhs − rhs = 0.12345678912345 exactly"


def test_the_engine_says_a_certificate_that_is_not_a_ball_with_its_numbers_and_formulas_as_values():
    from verifier.evidence.compare import _exact
    x = sp.Symbol("x")
    refuted = _exact(sp.Integer(1), sp.Rational(4, 3), "=", (50, 100))
    said = refuted.certificate[50]
    assert str(said) == "lhs − rhs = -1/3 exactly" and any(isinstance(p, Formula) for p in said.parts)
    # The near miss: a relation that holds has no certificate.
    assert not _exact(x - x + 1, sp.Integer(1), "=", (50, 100)).certificate


def test_a_declared_law_is_a_formula_in_the_hypotheses_written_as_the_texts_write_it():
    from verifier.judge.steps import _law_as_formula
    from verifier.present.report.view import hypothesis_words
    from verifier.authoring.random_laws import normal
    sigma = sp.Symbol("sigma", positive=True)

    class Declared:          # a domain's law, as a random variable's declaration holds it
        distribution = normal(0, sigma)
    words = "varepsilon ~ Normal(0, sigma), independent of K (declared)"
    said = _law_as_formula(words, Declared)
    assert said == words and any(isinstance(p, Formula) for p in said.parts)
    shown = segments(hypothesis_words(said))
    assert shown[0] == ("text", "ε ~ ") and shown[1] == ("math", r"\mathrm{N}\left(0, \sigma^{2}\right)")
    assert "Normal" not in "".join(v for k, v in shown if k == "text")
    # The near miss: words with no law in them stay as they were.
    assert _law_as_formula("0.05 ≤ p ≤ 0.95", object()) == "0.05 ≤ p ≤ 0.95"


def test_the_running_text_says_the_instruments_as_the_mathematics_they_compute():
    from verifier.present.report.latex import prose as latex_prose
    from verifier.present.report.prose import reader_words
    method = Said("limit: sympy.limit at concrete n; series: sympy.series at concrete n")
    assert str(reader_words(method)) == ("limit: symbolic limit at concrete n; series: symbolic series expansion at "
                                         "concrete n")
    said = Said("at this point sympy.limit gives ", Formula.of(sp.Rational(1, 2)), ", and the numbers approach it")
    out = reader_words(said)
    assert str(out).startswith("at this point the symbolic limit is 1/2")
    assert any(isinstance(p, Formula) for p in out.parts)
    from verifier.present.report.html import _environment
    html_prose, html_notes = _environment().filters["prose"], _environment().filters["notes"]
    for text in (method, said, "sign by interval arithmetic (mpmath.iv)", "replayed with SymPy evalf at 50 digits"):
        shown = latex_prose(text) + html_prose(text)
        assert not any(tool in shown for tool in ("sympy", "SymPy", "mpmath", "evalf")), shown
    # The HTML's notes behind a click keep the checker's own words.
    assert "sympy.limit" in html_notes(method)
    # The near miss: words naming no instrument are left as they are.
    assert reader_words("the limit of the weights") == "the limit of the weights"


def test_a_limits_certificate_says_its_tail_and_its_value_as_formulas_and_numbers():
    """What a refuted limit's certificate says (a tail bound, a monotone tail, SymPy's value) reaches the running
    text word for word: its variable, its powers of ten and its value are formulas, its bounds numbers."""
    from verifier.prove.limit_certificates import certify_at_infinity
    from verifier.prove.limits import _tail_text
    lam, x = sp.Symbol("lambda"), sp.Symbol("x", positive=True)
    tail = _tail_text(lam, sp.oo, "-", 2)
    assert tail == "lambda ≥ 10^2" and said_segments(tail) == (("math", r"\lambda"), ("text", " ≥ "), ("math", "10^{2}"))
    near = _tail_text(lam, sp.Integer(1), "+", 4)
    assert near == "lambda within 10^-4 of 1 from the right" and ("math", "10^{-4}") in said_segments(near)
    said = certify_at_infinity(sp.log(x), x, sp.oo, 5)
    assert "(SymPy's limit oo agrees)" in said            # the engine's words, every one kept
    words = "".join(value for kind, value in said_segments(said) if kind == "text")
    assert "oo" not in words and ("math", r"\infty") in said_segments(said)
    assert "SymPy" not in str(latex_prose(said)) and "4.60517" in plain(said)
    # The near miss: a limit the tail does not bound away from 0 has no certificate.
    assert not certify_at_infinity(1 / x, x, sp.Integer(0), 5)


def test_a_fact_cited_as_it_is_is_named_without_a_factor_of_one():
    from verifier.present.report.prose import reader_words
    from verifier.present.report.latex import prose as latex_prose
    as_is = Said("bound: fact ", Name("mean_field_jensen"), ", times ", Formula.of(sp.Integer(1)))
    assert str(reader_words(as_is)) == "bound: fact mean_field_jensen"
    assert "times" not in str(latex_prose(as_is))
    # The near miss: a real factor stays, as a formula.
    scaled = Said("bound: fact ", Name("entropy_lower_bound"), ", times ", Formula.of(1 / sp.Symbol("n")))
    assert reader_words(scaled) == scaled and ("math", r"\frac{1}{n}") in said_segments(reader_words(scaled))


def test_a_counterexamples_values_are_taken_apart_as_numerals_never_searched_for_numbers():
    from verifier.present.report.view import CounterexampleView, _approach_words
    from verifier.verdicts import Counterexample
    assert numbers.numerals("0.794724, 0.97917, 4.84363e-5, ") == "0.794724, 0.97917, 4.84363 × 10⁻⁵, "
    assert numbers.numerals("-0.15657432781593011532", 3) == "-0.157"
    # The near miss: words are no list of numerals, and stay as they are (never read for the numbers in them).
    assert numbers.numerals("undefined (log of 0.1234567891234)") == "undefined (log of 0.1234567891234)"
    cx = Counterexample({"n": "2"}, {50: "-0.15657432781593011532"}, {50: "0.091550612311312318"})
    view = CounterexampleView.of(cx)
    assert view.sides == ("−0.157", "0.0916") and view.table.rows[0][1:] == ["-0.156574", "0.0915506"]
    assert _approach_words("approach from +: 0.1 … 1e-10") == "→ its limit point from above, at distances 0.1 … " \
                                                             "10⁻¹⁰ from it"
    for function in (CounterexampleView.of, _approach_words):
        assert "for_people(" not in inspect.getsource(function).replace("for_people(note)", "").replace(
            "for_people(replayed)", "").replace("for_people(v)", ""), function
