"""Each source text's part opens with what holds of its claims, in sentences made from their statuses (the
strongest first, each claim named by its equation or its words), and the register states each claim after
its premises, as a proposition states its assumptions first.  A source text's date is only what the text
gives: a summary that gives none is undated, whatever the paper it summarises."""
from __future__ import annotations

import dataclasses

from tests.report import report_samples as samples
from verifier.authoring.seed_texts import source_text
from verifier.present.report import latex
from verifier.present.report.view import ClaimView, build_view, claims_summary


def _claim(id: str, where: str, quote: str, status: str) -> ClaimView:
    return ClaimView(id, "", where, id[:3], quote, status, "", "", "", "", [])


def test_the_summary_says_which_claims_hold_and_how_the_others_fall_short_strongest_first():
    claims = [_claim("000-eq1", "eq. (1)", "Attention = softmax(…)V", "not checked"),
              _claim("000-eq2", "eq. (2)", "H = log Σ e^{λ s_i} − λ Σ p_i s_i", "holds"),
              _claim("000-eq5", "eq. (5)", "H ≈ log n − λ(s_max − s̄)", "holds only as a bound"),
              _claim("000-lambda-d", "after eq. (5)", "so we need λ ∝ 1/d", "holds"),
              _claim("000-eq3", "eq. (3)", "log(1/n Σ e^{λ s_i}) ≈ λ s̄", "supported only in a regime, not proved"),
              _claim("000-eq4", "eq. (4)", "λ Σ p_i s_i ≈ λ s_max", "supported only in a regime, not proved"),
              _claim("000-x", "eq. (7)", "λ ∝ n", "refuted")]
    said = claims_summary(claims)
    assert said == ("Of its 7 claims, eq. (2) and “so we need λ ∝ 1/d” hold as stated; eq. (5) holds only as a "
                    "bound; eq. (3) and eq. (4) are supported only in a regime, not proved; eq. (7) is refuted; "
                    "eq. (1) is not checked (the register says why).")
    # The near misses: one claim is one sentence, with no count; a claim that is not an equation is quoted.
    assert claims_summary(claims[3:4]) == "“so we need λ ∝ 1/d” holds as stated."      # the quote as written
    assert claims_summary(claims[1:2]) == "Eq. (2) holds as stated."
    assert claims_summary([]) == ""


def test_the_register_states_each_claim_after_its_premises():
    run = samples.sample_run()
    run = dataclasses.replace(run, claims=[dataclasses.replace(c, premises="s_1, …, s_n ∈ ℝ; λ > 0")
                                           if c.id == "000-eq2" else c for c in run.claims])
    tex = latex.render_latex(build_view(run, versions=[], commit="abc", date="2026-01-01"))
    row = tex[tex.index(r"\textbf{000-eq2}"):]
    row = row[:row.index(r"\\")]
    assert "premises" in row and row.index("premises") < row.index(r"\textit{")
    # The near miss: a claim with no premises starts with its words.
    other = tex[tex.index(r"\textbf{002-mle}"):]
    assert "premises" not in other[:other.index(r"\textit{")]


def test_a_summary_of_a_paper_is_undated_and_names_where_the_paper_is_published_apart():
    ma = source_text("002_666090d9d1b0f4d9.txt")
    assert ma.date == "" and "arXiv:2509.12285" in ma.published
    tex = latex.render_latex(build_view(samples.sample_run(), versions=[], commit="abc", date="2026-01-01"))
    line = tex[tex.index("Jiyong Ma"):]
    line = line[:line.index(r"\par")]
    assert "undated" in line and "arXiv:2509.12285" in line and line.index("undated") < line.index("arXiv")
    # The near miss: a text that gives its date keeps it.
    assert source_text("000_ca974c2c5f958f3e.txt").date == "April 11, 2022"


def test_a_source_texts_title_is_the_texts_own_words_or_is_bracketed():
    """A title not in brackets is one the text gives itself; a title the report supplies (a paper's, for a summary
    of it) is in brackets, so no reader takes it for the text's."""
    from pathlib import Path
    from verifier.authoring.seed_texts import SOURCE_TEXTS
    texts = Path(__file__).resolve().parents[2] / "derivations" / "texts"
    for name, text in SOURCE_TEXTS.items():
        assert text.title.startswith("[") == text.title.endswith("]"), name
        if not text.title.startswith("["):     # the text's own: in it, word for word (a text not here cannot show it)
            assert (texts / name).is_file() and text.title in (texts / name).read_text(encoding="utf-8"), name
    ma = SOURCE_TEXTS["002_666090d9d1b0f4d9.txt"]
    assert ma.title.startswith("[") and "Deriving the Scaled-Dot-Function" in ma.title    # the paper's, supplied
