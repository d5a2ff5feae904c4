"""A text's own LaTeX, quoted in backticks in a note or a source line, is set as mathematics; a claim id keeps
its letters.

The imported texts quote each display's LaTeX (`\\log\\sum_{i=1}^n e^{\\lambda s_i}`) and the sentence before it;
shown as code, a reader gets backslashes.  The near misses stay code: a Python name in backticks (`mle_gradient`,
`s_max`) has no LaTeX command and no braced script.  A claim id such as 000-lambda-log-n is a name, and the Greek
letter a bare "lambda" becomes in prose must not enter it.
"""
from __future__ import annotations

from verifier.present.report.html import prose_html
from verifier.present.report.latex import prose
from verifier.present.report.prose import plain, segments


def test_a_quoted_latex_formula_in_a_source_line_is_set_as_mathematics():
    text = r"000.txt, eq. (2), line 9: `= \log\sum_{i=1}^n e^{\lambda s_i} - \lambda\sum_{i=1}^n p_i s_i`"
    assert segments(text)[-1] == ("math", r"= \log\sum_{i=1}^n e^{\lambda s_i} - \lambda\sum_{i=1}^n p_i s_i")
    assert r"$= \log\sum_{i=1}^n e^{\lambda s_i}" in prose(text)
    assert "<math" in prose_html(text) and r"\textbackslash" not in prose(text)


def test_quoted_latex_in_the_sentence_before_a_display_is_set_as_mathematics():
    text = r"text before: applying Softmax to `s_1, s_2, \dots, s_n` after a scaling factor `\lambda`."
    assert [k for k, _ in segments(text)] == ["text", "math", "text", "math", "text"]
    assert "<code>" not in prose_html(text)


def test_near_miss_python_names_in_backticks_stay_code():
    for name in ("mle_gradient", "s_max", "laplace_scale.py", "x"):
        assert segments(f"see `{name}` here")[1] == ("code", name)


def test_a_claim_id_keeps_lambda_spelled_out():
    for text in ("the text's premise (000-lambda-log-n) holds", "claim 000-lambda-d"):
        assert plain(text) == text
        assert "λ" not in prose_html(text) and r"\lambda" not in prose(text)


def test_near_miss_a_bare_lambda_in_prose_is_still_the_letter():
    assert plain("lambda ∈ [0.05, 20] and 1 - lambda") == "λ ∈ [0.05, 20] and 1 - λ"


def test_a_derivation_named_in_prose_reads_result_n_once_never_derivation_result_n():
    from verifier.present.report import latex
    token = latex._NAMES.set({"entropy_lower_bound": ((33, "d33"),)})
    try:
        said = latex.prose("What is checked: derivation `entropy_lower_bound`, and fact `entropy_lower_bound`.")
        unknown = latex.prose("a derivation `not_in_this_report` elsewhere")
    finally:
        latex._NAMES.reset(token)
    assert "derivation result" not in said and "fact result" not in said
    assert said.count(r"\hyperlink{d33}{result~33}") == 2
    # The near miss: a name that is no result of this report keeps its noun.
    assert "derivation" in unknown and r"\texttt{" in unknown


def test_a_quoted_one_letter_symbol_with_a_script_is_mathematics_and_a_program_name_stays_code():
    from verifier.present.report.prose import segments
    quoted = segments("mutually independent `\\varepsilon_i` and `s_i,v_i`; if we let `p_i` be the weights")
    assert ("math", "s_i,v_i") in quoted and ("math", "p_i") in quoted
    # The near misses: names of the program, with or without a digit, are code.
    for name in ("entropy_lower_bound", "x_h9", "k1_i", "lam_gaussian"):
        assert ("code", name) in segments(f"see `{name}` here"), name
