r"""A display the text shows is read, or named as not read: it never vanishes while the document passes.

* GitHub's ```math fenced block is a display (read as `$$…$$` is), and the text after its closing fence is read as
  usual (the closing fence is never the opening of a code block running to the end);
* breqn's `dmath` (also inside `dgroup`), `IEEEeqnarray`/`IEEEeqnarray*` (`& = &` columns) and `empheq` are read
  like `equation` and `align`, their layout argument (`{rCl}`, `[box=\fbox]{align}`) never a factor;
* a relation written in another glyph with a plain meaning is read: Unicode ≈ ≤ ≥ ≦ ≧, `\leqq`, `\geqq`,
  `\thickapprox` (as `\approx`); one with no plain meaning here (`\nleq`, `\lneq`, `\eqsim`, `\preccurlyeq`, Unicode
  ≅ ≪ ≡) is named as a relation not read;
* an equation beside a law in the same display (`q_i, k_i \sim \mathcal{N}(0, 1), \quad d_k = 64`) is read as a
  display of its own; any other relation beside it (`\sigma > 0`, a condition on the law's parameters as often as a
  claim) is named as not read; the law itself is still stated;
* a display made only of a membership, an orthogonality, a limit or a map (`2 \in [3, 4]`, `\mathbf{u} \perp
  \mathbf{v}`, `x_n \to 0`) is named as not read, and so is a ```math block never closed.
"""
from __future__ import annotations

import pytest

from tests.engine import QUICK
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict


def verdicts(tmp_path, text: str, name: str = "notes.md") -> list:
    written = write(read_document(text, name))
    path = tmp_path / "imported.py"
    path.write_text(written, encoding="utf-8")
    found, error = load_file(path, tmp_path)
    assert error is None, f"{error}\n{written}"
    return [s.verdict for r in check_all(found, QUICK) for s in r.steps]


TRUE = "$$(a+b)^2 = a^2 + 2ab + b^2$$\n\n"


@pytest.mark.parametrize("true, false", [
    (r"(a-b)^2 = a^2 - 2ab + b^2", r"(a-b)^2 = a^2 + b^2"),
    (r"3 \cdot 4 = 12", r"3 \cdot 4 = 13"),
])
def test_a_math_fenced_block_is_a_display_and_the_text_after_it_is_read(tmp_path, true, false):
    for line, verdict in ((true, Verdict.PROVED), (false, Verdict.REFUTED)):
        text = TRUE + f"GitHub display syntax:\n\n```math\n{line}\n```\n\nand after it:\n\n$$2 + 2 = 4$$\n"
        assert len(read_document(text, "README.md").chains) == 3
        assert verdicts(tmp_path, text).count(verdict) >= 1
        assert verdicts(tmp_path, text).count(Verdict.REFUTED) == (verdict is Verdict.REFUTED)


def test_a_code_block_that_shows_a_math_fence_stays_code():
    text = TRUE + "````\n```math\n2 + 2 = 5\n```\n````\n"
    assert len(read_document(text, "README.md").chains) == 1


TEX = "\\documentclass{article}\n\\begin{document}\n\\begin{equation}\n(a+b)^2 = a^2 + 2ab + b^2\n\\end{equation}\nDISPLAY\n" \
      "\\end{document}\n"


@pytest.mark.parametrize("display", [
    "\\begin{{dmath}}\n{0}\n\\end{{dmath}}",
    "\\begin{{dmath}}[label=eq:one]\n{0}\n\\end{{dmath}}",
    "\\begin{{dgroup}}\n\\begin{{dmath}}\n{0}\n\\end{{dmath}}\n\\end{{dgroup}}",
    "\\begin{{IEEEeqnarray}}{{rCl}}\n{1}\n\\end{{IEEEeqnarray}}",
    "\\begin{{IEEEeqnarray*}}{{rCl}}\n{1}\n\\end{{IEEEeqnarray*}}",
    "\\begin{{empheq}}[box=\\fbox]{{align}}\n{2}\n\\end{{empheq}}",
    "\\begin{{empheq}}{{align*}}\n{2}\n\\end{{empheq}}",
])
def test_display_environments_of_breqn_ieeetran_and_empheq_are_read_both_ways(tmp_path, display):
    forms = [(r"(a-b)^2 = a^2 - 2ab + b^2", r"(a-b)^2 & = & a^2 - 2ab + b^2", r"(a-b)^2 &= a^2 - 2ab + b^2"),
             (r"(a-b)^2 = a^2 + b^2", r"(a-b)^2 & = & a^2 + b^2", r"(a-b)^2 &= a^2 + b^2")]
    for (one, two, three), verdict in zip(forms, (Verdict.PROVED, Verdict.REFUTED)):
        text = TEX.replace("DISPLAY", display.format(one, two, three))
        assert len(read_document(text, "notes.tex").chains) == 2, text
        found = verdicts(tmp_path, text, "notes.tex")
        assert sorted(found, key=str) == sorted([Verdict.PROVED, verdict], key=str), (text, found)


@pytest.mark.parametrize("relation", ["≈", r"\thickapprox"])
def test_an_approx_in_another_glyph_is_read_as_approx(tmp_path, relation):
    assert verdicts(tmp_path, TRUE + f"$$\\pi {relation} 3.14$$\n") == [Verdict.PROVED, Verdict.PROVED]
    assert verdicts(tmp_path, TRUE + f"$$\\pi {relation} 3.15$$\n") == [Verdict.PROVED, Verdict.REFUTED]


@pytest.mark.parametrize("relation, true, false", [
    (r"\leqq", "2 {} 3", "3 {} 2"), ("≦", "2 {} 3", "3 {} 2"), ("≤", "2 {} 3", "3 {} 2"),
    (r"\geqq", "3 {} 2", "2 {} 3"), ("≧", "3 {} 2", "2 {} 3"), ("≥", "3 {} 2", "2 {} 3"),
])
def test_an_inequality_in_another_glyph_is_read_both_ways(tmp_path, relation, true, false):
    assert verdicts(tmp_path, TRUE + f"$${true.format(relation)}$$\n") == [Verdict.PROVED, Verdict.PROVED]
    assert verdicts(tmp_path, TRUE + f"$${false.format(relation)}$$\n") == [Verdict.PROVED, Verdict.REFUTED]


@pytest.mark.parametrize("line", [r"3 \nleq 4", r"3 \lneq 2", r"3 \ngeq 2", r"x \eqsim y", r"3 \preccurlyeq 2",
                                  r"x \fallingdotseq y", r"x \backsimeq y", "A ≅ B", "x ≪ y", "a ≡ b",
                                  r"A \subsetneq B", "A ⊆ B", "3 ≮ 2"])
def test_a_relation_with_no_plain_meaning_here_is_named_as_not_read(line):
    doc = read_document(TRUE + f"$${line}$$\n", "notes.md")
    assert len(doc.chains) == 1
    assert any("not read" in f.message for f in doc.failures), doc.failures



@pytest.mark.parametrize("line", [r"\color{blue} { H(X,Y) = H(Y|X) + H(X) }", r"\textcolor{red}{2 + 2 = 5}",
                                  r"\mathbf{2 + 2 = 5}", r"\boldsymbol{2 + 2 = 5}", r"\bbox[yellow]{2 + 2 = 5}",
                                  r"\colorbox{yellow}{2 + 2 = 5}"])
def test_a_relation_in_bold_or_in_colour_is_named_as_not_read(line):
    doc = read_document(TRUE + f"$${line}$$\n", "notes.md")
    assert len(doc.chains) == 1
    assert any("not read" in f.message for f in doc.failures), doc.failures


@pytest.mark.parametrize("line", [r"\mathbf{x}^\top\mathbf{x} = \|\mathbf{x}\|^2", r"{\color{blue} x} + 1 = 1 + x"])
def test_near_miss_bold_names_or_colour_around_a_name_hide_no_relation(line):
    doc = read_document(TRUE + f"$${line}$$\n", "notes.md")
    assert not any("decoration" in f.message for f in doc.failures), doc.failures

@pytest.mark.parametrize("display", [
    r"q_i, k_i \sim \mathcal{N}(0, 1), \quad d_k = 64, \quad \sqrt{d_k} = 9",
    r"X \sim \mathcal{N}(0,1), \quad \mathbb{E}[X^4] = 2",
    r"X \sim \mathcal{N}(0,1), \qquad Y = 2X + 1 = 3",
    r"X \sim \mathcal{N}(0,1) \text{ and } 2 + 2 = 5",
    r"Z = \frac{X - \mu}{\sigma} \sim \mathcal{N}(0, 1), \qquad 2 + 2 = 5",
    r"a_t \sim \pi(\cdot \mid s_t), \quad r_t = 2 + 2 = 5",
])
def test_a_relation_beside_a_law_is_read_as_its_own_chain_or_named_as_not_read(display):
    doc = read_document(TRUE + f"$${display}$$\n", "notes.md")
    assert doc.laws, "the law is still stated"
    assert any("beside a law" in f.message for f in doc.failures) or len(doc.chains) > 1, doc.failures


@pytest.mark.parametrize("display", [r"X \sim \mathcal{N}(0,1) \text{ and } 2 + 2 = 5",
                                     r"a_t \sim \pi(\cdot \mid s_t), \quad r_t = 2 + 2 = 5"])
def test_a_false_equation_beside_a_law_is_refuted(tmp_path, display):
    assert Verdict.REFUTED in verdicts(tmp_path, TRUE + f"$${display}$$\n")


@pytest.mark.parametrize("display", [r"X \sim \mathcal{N}(\mu,\sigma^2), \quad \sigma > 0",
                                     r"X \sim \mathcal{N}(\mu,\sigma^2), \quad \mu = 0 \text{ for } n > 1",
                                     r"q_i, k_i \sim \mathcal{N}(0, 1), \quad \sqrt{d_k} = 9"])
def test_a_condition_beside_a_law_is_named_and_an_equation_about_a_free_name_never_refuted(tmp_path, display):
    doc = read_document(TRUE + f"$${display}$$\n", "notes.md")
    assert doc.laws
    assert Verdict.REFUTED not in verdicts(tmp_path, TRUE + f"$${display}$$\n")


def test_a_law_alone_names_nothing_and_a_claim_before_a_law_is_still_checked(tmp_path):
    doc = read_document(TRUE + r"$$X \sim \mathcal{N}(0, 1)$$" + "\n", "notes.md")
    assert doc.laws and not doc.failures
    assert Verdict.REFUTED in verdicts(tmp_path, TRUE + r"$$2 + 2 = 5, \quad X \sim \mathcal{N}(0, 1)$$" + "\n")


def test_a_text_of_a_law_and_a_relation_beside_it_says_the_relation_was_not_read(tmp_path, capsys):
    from verifier.importer.command import import_for_check
    doc = tmp_path / "law.md"
    doc.write_text(r"$$X \sim \mathcal{N}(0,\sigma^2), \quad \sigma > 0$$" + "\n", encoding="utf-8")
    written, message = import_for_check(doc, tmp_path)
    assert written is None and "1 display(s) not read" in message


@pytest.mark.parametrize("display, named", [
    (r"$$2 \in [3, 4]$$", r"`\in`"), (r"$$\mathbf{u} \perp \mathbf{v}$$", r"`\perp`"), (r"$$x_n \to 0$$", r"`\to`"),
    (r"$$f: \mathbb{R} \to \mathbb{R}$$", r"`\to`"), (r"$$A \subseteq B$$", r"`\subseteq`"),
])
def test_a_display_of_a_membership_an_orthogonality_a_limit_or_a_map_is_named(display, named):
    doc = read_document(display, "notes.md")
    assert not doc.chains and any(named in f.message for f in doc.failures), doc.failures


@pytest.mark.parametrize("display", [r"$$\lim_{x \to 0} (1 + x) = 1$$", r"$$x + 1 = 1 + x \quad x \in A$$",
                                     r"$$p(y \mid x)$$", r"$$\sum_{i \in S} a_i = \sum_{j \in S} a_j$$"])
def test_a_membership_or_a_limit_inside_a_display_that_is_read_names_nothing(display):
    doc = read_document(display, "notes.md")
    assert not any("membership" in f.message for f in doc.failures), doc.failures


def test_a_math_block_never_closed_is_named_and_one_closed_is_read(tmp_path):
    doc = read_document("Text.\n\n```math\n1 + 1 = 3\n", "notes.md")
    assert any("never closed" in f.message for f in doc.failures)
    assert not any("never closed" in f.message for f in read_document("```math\n1 + 1 = 3\n```\n", "notes.md").failures)
    assert verdicts(tmp_path, "```math\n1 + 1 = 3\n```\n") == [Verdict.REFUTED]
    assert not read_document("```python\nx = 1\n", "notes.md").failures
