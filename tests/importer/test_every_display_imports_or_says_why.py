"""Every display of a text is imported, or refused with one line naming what was not read; every written file loads.

Definitions are not claims: a new name on the left of a first `=`, `:=`, `\\equiv`, `\\triangleq` or
`\\stackrel{\\text{def}}{=}` is defined by its right side and used by later steps, never checked as a claim
about a free variable (which a check would refute).  An `align` whose left side stands on its own row is
that chain; one unreadable row refuses only its own steps.  The written file imports every name it uses
(π, sin, asin, …), orders its definitions by use, and gives each size its own spare index.
"""
from __future__ import annotations

import pytest
import sympy as sp

from tests.engine import QUICK
from verifier.importer.declarations import infer
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict


def load_written(tmp_path, latex: str, name: str = "imported.py"):
    doc = read_document(latex, "notes.tex")
    text = write(doc)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, f"{error}\n{text}"
    return doc, text, found


# ---- definitions are not claims --------------------------------------------------------------------

@pytest.mark.parametrize("relation", ["=", ":=", r"\equiv", r"\triangleq", r"\stackrel{\text{def}}{=}",
                                      r"\overset{\mathrm{def}}{=}", r"\coloneqq"])
def test_a_new_name_on_the_left_of_a_first_relation_is_a_definition(relation):
    latex = (r"\begin{equation} p_i " + relation + r" \frac{e^{s_i}}{\sum_{j=1}^n e^{s_j}} \end{equation}"
             r"\begin{equation} \sum_{i=1}^n p_i = 1 \end{equation}")
    doc = read_document(latex)
    assert [d.name for d in doc.definitions] == ["p"]
    assert [c.name for c in doc.chains] == ["eq_2"] and not doc.failures


@pytest.mark.slow
def test_a_numbered_definition_is_used_and_its_false_twin_claim_refuted(tmp_path):
    """Numbered `p_i = softmax` checked as a claim about a free vector p was refuted; it is a definition."""
    definition = r"\begin{equation} p_i = \frac{e^{s_i}}{\sum_{j=1}^n e^{s_j}} \end{equation}"
    _, _, found = load_written(tmp_path, definition + r"\begin{equation} \sum_{i=1}^n p_i = 1 \end{equation}",
                               "good.py")
    assert [s.verdict for r in check_all(found, QUICK) for s in r.steps] == [Verdict.PROVED]
    _, _, found = load_written(tmp_path, definition + r"\begin{equation} \sum_{i=1}^n p_i = 2 \end{equation}",
                               "bad.py")
    assert [s.verdict for r in check_all(found, QUICK) for s in r.steps] == [Verdict.REFUTED]


def test_a_name_defined_before_is_a_claim_on_its_second_equation():
    doc = read_document(r"$$ H = a + b $$ $$ H = b + a $$")
    assert [d.name for d in doc.definitions] == ["H"] and len(doc.chains) == 1


def test_a_definition_after_a_chain_that_uses_its_name_is_refused_and_the_name_stays_free():
    """`m_1 = N/10`, then `N = m_1 · 10²` (a consequence), then `N = 10 · 10² = 1000` (an example): defining N
    for every chain rewrote the first as m_1 = 10 m_1 and the last as 100 m_1 = 1000, both refuted."""
    doc = read_document("The size\n" r"$$m_1 = N / 10$$" "\nso that\n" r"$$N = m_1 \cdot 10^2$$" "\nand\n"
                        r"$$N = 10 \cdot 10^2 = 1000$$")
    # m_1, written nowhere before, is named by its display (never a claim about an entry of a free vector m), and the
    # chains after it read it as N/10; N, used by the display before its own, is defined by none of them
    N = sp.Symbol("N")
    assert not doc.definitions and list(doc.named_entries.values()) == [N / 10]
    first, last = doc.chains
    assert first.exprs == [N, 10 * N]
    assert last.exprs[0] == N and last.unsettled


def test_a_definition_before_the_chains_that_use_it_is_used():
    doc = read_document("$$N = m_1 \\cdot 10^2$$\nand\n$$\\frac{N}{100} = m_1$$")
    assert [d.name for d in doc.definitions] == ["N"] and not doc.failures


def test_a_defined_partial_sum_runs_up_to_the_argument_it_is_given(tmp_path):
    """S_n = Σ_{k ≤ n} a_k written as Σ over k's whole range made S(n − 1) = S(n): the true recurrence
    S_n = S_{n−1} + a_n was refuted and the false S_{n+1} = S_n passed as a restatement."""
    definition = "$$ S_n = \\sum_{k=1}^{n} a_k $$\n"
    doc, text, found = load_written(tmp_path, definition + "$$ S_n = S_{n-1} + a_n $$", "good.py")
    assert "Sum(a[k], (k, 1, n))" in text, text
    assert [s.verdict for r in check_all(found, QUICK) for s in r.steps][0] in (Verdict.PROVED, Verdict.CASES)
    _, text, found = load_written(tmp_path, definition + "$$ S_{n+1} = S_n $$", "bad.py")
    verdicts = [s.verdict for r in check_all(found, QUICK) for s in r.steps]
    assert verdicts and verdicts[0] not in (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC), text


def test_a_defined_name_set_to_a_number_in_an_example_is_unsettled():
    """μ = np, then "flip a coin 10 times": μ = 10 × 0.5 = 5 was refuted as np = 5 for every n and p."""
    doc = read_document("The mean is\n$$ \\mu = np $$\nFor n = 10, p = 0.5:\n$$ \\mu = 10 \\times 0.5 = 5 $$")
    [chain] = doc.chains
    assert [d.name for d in doc.definitions] == ["mu"] and chain.unsettled


def test_a_second_equation_beside_a_chain_is_refused_not_taken_for_a_condition():
    """`x² − 1 = (x − 1)(x + 1), \\quad (x + 1)² = x² + 1`: the false second equation was filed as a condition
    of the first and never checked."""
    doc = read_document(r"$$ x^2 - 1 = (x-1)(x+1), \quad (x+1)^2 = x^2 + 1 $$")
    assert len(doc.chains) == 1 and any("second equation" in f.message for f in doc.failures)
    assert not doc.chains[0].conditions
    kept = read_document(r"$$ \sqrt{x^2} = x \quad (x \geq 0) $$")
    assert not kept.failures and kept.chains[0].conditions


def test_a_quad_wide_hspace_separates_as_qquad_does_and_a_thin_one_is_spacing():
    """`\\hspace{0.5in}` between two equations (cs231n) is the separation `\\qquad` sets; `\\hspace{2pt}` inside a
    formula is spacing in a product; a width between a thick space and a quad is refused by name."""
    wide = read_document(r"$$ x^2 - 1 = (x-1)(x+1) \hspace{0.5in} (x+1)^2 = x^2 + 1 $$")
    assert len(wide.chains) == 1 and len(wide.chains[0].exprs) == 2
    assert any("second equation" in f.message for f in wide.failures)
    x = sp.Symbol("x")
    thin = read_document(r"$$ (x+1)^2 = x^2 + 2\hspace{2pt}x + 1 $$")
    assert not thin.failures and thin.chains[0].exprs[1] == x ** 2 + 2 * x + 1
    between = read_document(r"$$ (x+1)^2 = x^2 + 2\hspace{0.5em}x + 1 $$")
    assert any("hspace" in f.message for f in between.failures)


def test_a_name_on_both_sides_is_not_a_definition():
    doc = read_document(r"$$ x = x + 0 $$")
    assert not doc.definitions and len(doc.chains) == 1


def test_a_number_set_equal_to_free_names_is_imported_unsettled_never_refutable():
    """`b_1 + 2 b_2 = 0` (d2l-en, geometry-linear-algebraic-ops.md) states a fact about particular vectors, while
    `\\sin^2 x + \\cos^2 x = 1` is an identity: both are imported with unsettled=, so a check may prove the
    identity and refutes neither."""
    for latex in (r"$$ b_1 + 2\cdot b_2 = 0. $$", r"$$ \sin^2 x + \cos^2 x = 1 $$", "$$ x = 3 $$"):
        doc = read_document(latex)
        assert len(doc.chains) == 1 and doc.chains[0].unsettled and not doc.definitions
        assert "unsettled=" in write(doc)


def test_a_function_named_on_the_left_is_not_checked():
    """`\\eta(t) = \\eta_0 e^{-\\lambda t}` (d2l-en, chapter_optimization/sgd.md) names a schedule."""
    doc = read_document(r"$$ \eta(t) = \eta_0 \cdot e^{-\lambda t} $$")
    assert not doc.chains and "defines a function" in str(doc.failures[0])


# ---- no display vanishes silently --------------------------------------------------------------------

def test_an_align_whose_left_side_stands_on_its_own_row_is_that_chain():
    doc = read_document("\\begin{align*}\n&(a+b)^2 \\\\\n&= a^2 + 2ab + b^2 \\\\\n&= b^2 + 2ab + a^2\n\\end{align*}")
    [chain] = doc.chains
    a, b = sp.symbols("a b")
    assert chain.exprs[0] == (a + b) ** 2 and len(chain.chain.relations) == 2


def test_one_unreadable_row_refuses_its_own_steps_and_the_others_import():
    latex = ("\\begin{align}\nx &= a + b \\\\\n&= \\|a\\| + b \\\\\n&= c \\\\\n&= d\n\\end{align}\n"
             "\\begin{align}\ny &= \\top \\\\\nz + 1 &= 1 + z\n\\end{align}")
    doc = read_document(latex)
    assert len(doc.failures) == 2 and all("line" in str(f) for f in doc.failures)
    starts = [str(c.exprs[0]) for c in doc.chains]
    assert starts == ["c", "z + 1"]                 # x = a + b is a definition; c = d and z + 1 = 1 + z import
    assert [d.name for d in doc.definitions] == ["x"]


def test_a_mathjax_display_script_is_a_display_and_an_inline_one_is_prose():
    """kramdown and Jekyll write displays as <script type="math/tex; mode=display">; their bodies are TeX."""
    html = ('The sum: <script type="math/tex; mode=display">\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}</script>\n'
            "<script type='math/tex;mode=display'>(a+b)^2 = a^2 + 2ab + b^2</script>\n"
            '<script type="math/tex">x = 1</script> is inline.')
    doc = read_document(html, "post.html")
    assert len(doc.chains) == 2 and not doc.failures
    k, n, a, b = sp.symbols("k n a b")
    assert doc.chains[1].exprs == [(a + b) ** 2, a ** 2 + 2 * a * b + b ** 2]


def test_math_between_double_dollars_inside_a_sentence_is_prose_not_a_claim():
    """kramdown sets `$$…$$` inside a paragraph inline: "When $$p_g = p_r$$, D becomes 1/2" states a hypothesis.
    Read as a claim, p_g = p_r (g and r are labels) was refuted."""
    doc = read_document("When $$p_g = p_{r}$$, the optimum $$D^*(x)$$ becomes 1/2.\n"
                        "We have $$p_g = p_{r}$$ there.\n", "post.md")
    assert not doc.chains


def test_near_miss_a_display_on_its_own_lines_or_with_punctuation_after_it_is_a_display():
    doc = read_document("Expanding,\n$$ (a+b)^2 = a^2 + 2ab + b^2 $$.\n\n$$\n(a-b)^2 = a^2 - 2ab + b^2\n$$\n"
                        "$$ x + 1 = 1 + x $$ $$ y + 1 = 1 + y $$\n", "post.md")
    assert len(doc.chains) == 4 and not doc.failures


def test_a_double_dollar_in_markdown_code_is_not_mathematics():
    """`echo $$` in a fenced block paired with the next display's opening, so both later displays vanished."""
    text = ("Run this:\n\n```\necho $$\n```\n\nand `kill $$` too.\n\n"
            "$$\n(a+b)^2 = a^2 + 2ab + b^2\n$$\n\n$$\n(a-b)^2 = a^2 - 2ab + b^2\n$$\n")
    doc = read_document(text, "post.md")
    a, b = sp.symbols("a b")
    assert [c.exprs[0] for c in doc.chains] == [(a + b) ** 2, (a - b) ** 2] and not doc.failures
    assert [c.chain.line for c in doc.chains] == [10, 14]         # the lines of their first sides


def test_a_letter_written_as_a_vector_and_as_an_index_refuses_the_chains_that_write_it():
    """`w_{xy}` beside `x_i` bound x as an index and as a vector in one written file (as `x_{max}` read letter by
    letter once did)."""
    doc = read_document("$$\n w_{xy} = w_{yx} \n$$\n$$\n \\sum_{i=1}^n x_i^2 \\geq 0 \n$$\n"
                        "$$\n (a+b)^2 = a^2 + 2ab + b^2 \n$$\n", "notes.md")
    assert len(doc.chains) == 1 and doc.chains[0].chain.line == 8
    assert sum("one name for two objects" in f.message for f in doc.failures) == 2


def test_near_miss_a_vector_beside_its_maximum_and_an_index_of_its_own_is_read():
    doc = read_document(r"$$ s_{\max} - s_i \geq 0 $$" "\n" r"$$ \sum_{i=1}^n (s_i - s_j) = \sum_{i=1}^n s_i - n s_j $$")
    assert len(doc.chains) == 2 and not doc.failures


def test_entries_of_a_sequence_the_text_never_defines_at_shifted_indices_are_never_refuted():
    """`C_n = C_{n-1}/n` (with C_0 = 1 in prose) defines C by recurrence; over every vector it is false."""
    # ("obey", not "satisfy": a display the text says its names satisfy is a condition for that reason already)
    doc = read_document("The coefficients obey $C_0 = 1$ and\n" r"$$ C_n = \frac{C_{n-1}}{n} $$", "notes.md")
    assert doc.chains and "recurrence" in doc.chains[0].unsettled


def test_near_miss_entries_at_one_index_or_of_a_defined_sum_stay_refutable():
    doc = read_document(r"$$ x_n + 1 = 2 + x_n $$" "\n" r"$$ S_n = \sum_{k=1}^n a_k $$" "\n" r"$$ S_n = S_{n-1} + 2 a_n $$")
    assert [c.unsettled for c in doc.chains] == ["", ""]


def test_a_name_defined_again_under_a_new_heading_is_not_checked_against_the_first():
    """`L = (y − ŷ)²` under "Regression", then `L = −y log ŷ − (1 − y) log(1 − ŷ)` under "Classification": the
    second defines L for its own section; checked against the first it was refuted."""
    text = ("## Regression\n\n$$\nL = (y - \\hat{y})^2\n$$\n\n## Classification\n\n"
            "$$\nL = -y \\log \\hat{y} - (1-y)\\log(1-\\hat{y})\n$$\n")
    doc = read_document(text, "notes.md")
    assert not doc.chains and any("new section" in f.message for f in doc.failures)


def test_near_miss_a_defined_name_restated_in_its_own_section_is_a_claim():
    text = ("## Regression\n\n$$\nL = (y - \\hat{y})^2\n$$\n\nExpanding,\n\n$$\nL = y^2 - 2 y \\hat{y}\n$$\n"
            "## Next\n\nMore text.\n")
    doc = read_document(text, "notes.md")
    assert len(doc.chains) == 1 and not doc.failures


def test_an_interval_after_a_chain_is_the_claim_that_its_value_lies_in_it():
    """`H = -\\sum p_i \\log p_i \\quad \\in [0, \\log n]` claims 0 ≤ H ≤ log n; taken for a condition, it was lost."""
    doc = read_document(r"$$ y = \sin x \quad \in [-1, 1] $$" "\n" r"$$ z = e^x \quad\in (0, \infty) $$")
    x = sp.Symbol("x")
    assert [c.exprs for c in doc.chains] == [[-1, sp.sin(x), 1], [0, sp.exp(x)]]
    assert [c.chain.relations for c in doc.chains] == [["<=", "<="], ["<"]]


def test_near_miss_a_variable_in_an_interval_beside_a_chain_stays_a_condition():
    doc = read_document(r"$$ \sqrt{x^2} = x \quad x \in [0, \infty) $$")
    assert len(doc.chains) == 1 and doc.chains[0].conditions and len(doc.chains[0].exprs) == 2


@pytest.mark.slow
def test_an_interval_claim_passes_where_it_holds_and_not_where_it_fails(tmp_path):
    _, _, found = load_written(tmp_path, r"$$ y = \sin x \quad \in [-1, 1] $$", "true.py")
    assert {s.verdict for r in check_all(found, QUICK) for s in r.steps} <= {Verdict.PROVED, Verdict.NUMERIC}
    _, _, found = load_written(tmp_path, r"$$ y = \sin x \quad \in [0, 1] $$", "false.py")
    # free names against numbers: an identity or a fact about particular values, so unsettled (never refuted);
    # what matters is that the false claim does not pass
    assert [s.verdict for r in check_all(found, QUICK) for s in r.steps][0] not in (Verdict.PROVED, Verdict.NUMERIC,
                                                                                  Verdict.CASES)


@pytest.mark.parametrize("path", ["notes.tex", "chapter.Rmd"])
def test_double_dollars_inside_a_sentence_are_a_display_in_tex_and_pandoc(path):
    """TeX and pandoc set `$$…$$` as a display wherever it stands: "gives $$2\\sum k = n(n+1)$$ and" is a claim."""
    doc = read_document("Pairing terms gives $$ (a+b)^2 = a^2 + 2ab + b^2 $$ and so on.\n", path)
    assert len(doc.chains) == 1


def test_markup_beside_a_display_is_not_a_sentence():
    """pandoc-crossref labels ($$…$$ {#eq:name}), HTML around a display and \\label are markup, not prose."""
    text = ("$$ (a+b)^2 = a^2 + 2ab + b^2 $$ {#eq:square}\n\n<center>$$ (a-b)^2 = a^2 - 2ab + b^2 $$</center>\n\n"
            "$$ x + 1 = 1 + x \\label{eq:x} $$ <br>\n")
    doc = read_document(text, "chapter.md")
    assert len(doc.chains) == 3


def test_an_inline_double_dollar_is_said_to_be_read_as_prose():
    doc = read_document("When $$p_g = p_{r}$$, the optimum is 1/2.\n", "post.md")
    assert not doc.chains and any("inside a sentence" in r for r in doc.rules)


def test_what_looks_like_code_but_is_not_leaves_the_displays_alone():
    """A one-line ```pip install x``` (no closing fence follows) blanked the rest of the file; in TeX, `soft' and
    `hard' paired up as a code span and hid the display between them; a ```math block is a display, read."""
    md = "Install with ```pip install flint``` first.\n\n$$\n(a+b)^2 = a^2 + 2ab + b^2\n$$\n\n```math\nx + 1 = 1 + x\n```\n"
    assert len(read_document(md, "README.md").chains) == 2
    tex = "A `soft' bound \\[ (a+b)^2 = a^2 + 2ab + b^2 \\] and a `hard' one.\n~~~\n\\[ (a-b)^2 = a^2 - 2ab + b^2 \\]\n"
    assert len(read_document(tex, "notes.tex").chains) == 2


def test_double_backtick_spans_and_highlight_blocks_are_code():
    text = ("Run ``echo $$`` or\n{% highlight bash %}\n# a comment, not a heading\necho $$\n{% endhighlight %}\n\n"
            "$$\n(a+b)^2 = a^2 + 2ab + b^2\n$$\n")
    doc = read_document(text, "post.md")
    assert len(doc.chains) == 1 and not doc.headings


def test_an_underlined_heading_starts_a_section_and_the_name_defined_before_stops_there():
    """`L = (y − ŷ)²` under one heading and `L = −y log ŷ − …` under the next (headings underlined with === or
    ---): the second is not read, and neither is any later chain that writes L, which is no longer the first L."""
    text = ("Regression\n==========\n\n$$\nL = (y - \\hat{y})^2\n$$\n\nClassification\n--------------\n\n"
            "$$\nL = -y \\log \\hat{y} - (1-y)\\log(1-\\hat{y})\n$$\n\n$$\nL - (y - \\hat{y})^2 = 0\n$$\n")
    doc = read_document(text, "notes.md")
    assert not doc.chains and sum("new heading" in f.message or "new section" in f.message for f in doc.failures) == 2


@pytest.mark.parametrize("display", [r"\sum_{i=1}^n \frac{b_i}{b} = 1", r"b \sum_{i=1}^n b_i \ge 0",
                                     r"a + \sum_{i=1}^n a_i = 2a"])
def test_a_letter_written_with_a_subscript_and_bare_as_a_number_refuses_the_chain(display):
    """"define $b = \\sum_i b_i$", then `\\frac{b_i}{b}`: the bare b was bound to the vector of the entries b_i, and
    the numbers divided by a list (a crash reported as unknown, where a sum would have been a false reading)."""
    doc = read_document(f"Define $b = \\sum_i b_i$.\n\n$${display}$$\n", "notes.md")
    assert not doc.chains and sum("one name for two objects" in f.message for f in doc.failures) == 1


@pytest.mark.parametrize("display", [r"\log \sum_i e^{x_i} = \mathrm{LSE}(x)", r"x_n + n = n + x_n",
                                     r"\sum_{i=1}^n x_i = n \bar{x}"])
def test_near_miss_a_vector_as_a_function_s_argument_or_its_length_is_read(display):
    assert len(read_document(f"$${display}$$\n", "notes.md").chains) == 1


def test_a_letter_written_as_an_index_and_as_a_number_refuses_what_writes_it():
    """`p_{ab} + p_{ba} = 1`, then "a threshold $a$": `a^2 \\geq a` was checked for a as an integer index."""
    doc = read_document("$$\np_{ab} + p_{ba} = 1\n$$\nFor a real threshold $a$,\n$$\na^2 \\geq a\n$$\n", "notes.md")
    assert not doc.chains and sum("one name for two objects" in f.message for f in doc.failures) == 2


def test_near_miss_the_length_beside_the_last_entry_is_one_name():
    doc = read_document("$$\n\\sum_{i=1}^n x_i = n \\bar{x}\n$$\n$$\nx_n + 1 = 1 + x_n\n$$\n", "notes.md")
    assert len(doc.chains) == 2 and not doc.failures


def test_an_interval_with_ends_in_letters_is_never_refuted():
    """"a weight $w$ between zero and one": `m = w a + (1 − w) b \\in [a, b]` holds only for such w."""
    doc = read_document("$$ m = w a + (1-w) b \\quad \\in [a, b] $$\n", "notes.md")
    assert doc.chains and doc.chains[0].unsettled


def test_a_definition_said_again_after_it_was_refused_is_never_refuted():
    """`C_n = 1/n!` defined after the chains that use C (refused), then said again in a later section: checked as a
    claim about a free vector C it was refuted."""
    text = ("$$\nC_{n+1} = \\frac{C_n}{n+1}\n$$\n\n$$\nC_n = \\frac{1}{n!}\n$$\n\n## Again\n\n"
            "$$\nC_n = \\frac{1}{n!}\n$$\n")
    doc = read_document(text, "notes.md")
    assert doc.chains and all(c.unsettled for c in doc.chains)


def test_a_piecewise_display_is_refused_whole():
    """`F(x) = \\begin{cases} 0 & x < 0 … \\end{cases}` (d2l-en, distributions.md) split into nonsense chains."""
    doc = read_document(r"$$F(x) = \begin{cases} 0 & x < 0, \\ 1-p & 0 \le x < 1, \\ 1 & x >= 1 . \end{cases}$$")
    assert not doc.chains and "cases" in str(doc.failures[0])


def test_a_text_that_declares_its_log_base_2_reads_log_to_base_2_and_one_that_mentions_bits_refuses_it():
    """d2l-en information-theory.md: "we will always use base-2 logarithms"; -log(1/2^4) = 4 is true there."""
    doc = read_document("we will always use base-2 logarithms in this section.\n"
                        r"$$ - \log \left( \frac{1}{2^4} \right) = 4 $$")
    assert doc.chains and any("logarithm to base 2, as the text declares" in r for r in doc.rules)
    mentioned = read_document("Information is measured in bits.\n" r"$$ - \log \left( \frac{1}{2^4} \right) = 4 $$")
    assert not mentioned.chains and "base 2" in str(mentioned.failures[0])
    assert read_document(r"$$ - \log \left( \frac{1}{e^4} \right) = 4 $$").chains


# ---- every written file loads ----------------------------------------------------------------------

@pytest.mark.parametrize("latex", [r"\pi r^2", r"\sin x", r"\cos x", r"\tan x", r"\tanh x", r"\arctan x",
                                   r"\sin^{-1} x", r"\arccos x", r"\sinh x", r"\cosh x", r"\cot x", r"\sec x",
                                   r"\exp x + \log x + \sqrt{x}", r"\tanh^{-1} x", r"e^{2\pi x}"])
def test_a_written_file_with_each_common_function_loads(tmp_path, latex):
    _, text, found = load_written(tmp_path, f"$$ {latex} + y = y + {latex} $$")
    assert found


def test_the_import_line_is_derived_from_the_names_the_file_uses(tmp_path):
    _, text, _ = load_written(tmp_path, r"$$ \sin^{-1} x + \pi = \pi + \sin^{-1} x $$")
    head = text.split("# ---- declarations", 1)[0]
    assert "asin" in head and "pi" in head and "cos" not in head


def test_definitions_are_written_after_what_they_use(tmp_path):
    """Seed 001 defines H = -Σ p_i log p_i before p_i = …; the written file must still load."""
    _, text, _ = load_written(tmp_path, r"\begin{equation} H = -\sum_{i=1}^n p_i\log p_i \end{equation}"
                                        r"\begin{equation} p_i = \frac{e^{s_i}}{\sum_{j=1}^n e^{s_j}} \end{equation}"
                                        r"\begin{equation} H + 1 = 1 + H \end{equation}")
    assert text.index("def p(") < text.index("H = -")


def test_two_sizes_get_two_spare_indices():
    i, j = sp.Symbol("i", integer=True), sp.Symbol("j", integer=True)
    n, m = sp.symbols("n m")
    exprs = [sp.Sum(sp.IndexedBase("a")[i], (i, 1, n)), sp.Sum(sp.IndexedBase("b")[j], (j, 1, m))]
    inferred = infer(exprs)
    index_lines = [d for d in inferred.declarations if d.code.startswith("index(")]
    assert len(index_lines) == 2
    spares = [d.code.split('"')[1].split()[-1] for d in index_lines]
    assert len(set(spares)) == 2, index_lines
