r"""A display that only defines makes no claim, and is imported as a definition, never refused and never checked:

* a word applied to its parameters on the left, `Attention(Q,K,V) = softmax(\frac{\kappa \log n}{d}QK^{\top})V`
  (seed 000, eq. (1)), when no other display applies the word and its right side does not write it: its body
  (here matrices) is never read into a chain;
* “Let $$p_i = …$$” after a chain that wrote p (seed 001, eq. (5), after eq. (4)): the text defines p again from
  that display on; the chain before keeps p as it read it, and no display after writes p.

Near misses: a function the import knows (`\mathrm{softmax}(x) = \mathrm{softmax}(x + c)`) is a claim, checked
both ways; a word written on both sides is not a definition; a word another display applies keeps the reading of
functions the text defines; a redefinition without a defining word, or with a display after it that writes the
name, stays refused as before.
"""
from __future__ import annotations

from tests.engine import document_verdicts
from verifier.importer.document import read_document
from verifier.verdicts import Verdict

PASSING = {Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC}
ATTENTION = r"\begin{equation}Attention(Q,K,V) = softmax\left(\frac{\kappa \log n}{d}QK^{\top}\right)V\end{equation}"


def test_a_word_applied_to_its_parameters_defines_a_function_and_is_imported_as_that_definition():
    doc = read_document("we derived\n" + ATTENTION + "\nIt can be observed that", "notes.txt")
    assert not doc.failures and not doc.chains
    assert any("defining the function Attention of Q, K, V" in r for r in doc.rules)


def test_near_miss_a_function_the_import_knows_is_a_claim_checked_both_ways(tmp_path):
    true = r"$$ \mathrm{softmax}(x) = \mathrm{softmax}(x) $$"
    doc = read_document(r"$$ \mathrm{softmax}(x) = \mathrm{softmax}(x + c) $$", "notes.md")
    assert doc.chains and not any("defining the function" in r for r in doc.rules)
    assert set(document_verdicts(tmp_path, true, "true.py")) <= PASSING


def test_near_miss_a_word_on_both_sides_or_applied_elsewhere_is_not_taken_for_a_definition():
    both = read_document(r"$$ Attention(Q,K,V) = Attention(K,Q,V) $$", "notes.md")
    assert not any("defining the function" in r for r in both.rules) and both.failures
    applied = read_document(ATTENTION + "\nso\n" + r"$$ Attention(Q,K,V) = 2 $$", "notes.txt")
    assert not any("defining the function" in r for r in applied.rules)
    assert applied.failures                 # the word stays refused where the text applies it


SEED_001_TAIL = ("If we let $p_i = e^{s_i}\\left/\\sum\\limits_{i=1}^n e^{s_i}\\right.$, then\n"
                 "\\begin{equation}H = -\\sum_{i=1}^n p_i\\log p_i\\quad\\in[0,\\log n]\\end{equation}\n"
                 "Earlier, the temperature. Let\n"
                 "\\begin{equation}p_i = \\frac{e^{(\\cos\\theta_i) / \\tau}}{\\sum\\limits_{i=1}^n "
                 "e^{(\\cos\\theta_i)/\\tau}}\\end{equation}\nIf $\\tau=1$, then the bound is $\\log n$.")


def test_let_before_a_definition_after_a_chain_that_wrote_the_name_defines_it_again_from_there():
    doc = read_document(SEED_001_TAIL, "notes.txt")
    assert not doc.failures, [str(f) for f in doc.failures]
    assert "p" not in {d.name for d in doc.definitions}         # the chain before keeps p as it read it
    assert any("defining p again from this display on" in r for r in doc.rules)


def test_near_miss_without_a_defining_word_or_with_a_later_use_the_definition_stays_refused():
    plain = SEED_001_TAIL.replace("Earlier, the temperature. Let\n", "Earlier, the temperature is such that\n")
    assert any("not used as a definition" in f.message for f in read_document(plain, "notes.txt").failures)
    later = SEED_001_TAIL + "\n$$ \\sum_{i=1}^n p_i = 1 $$"
    assert any("not used as a definition" in f.message for f in read_document(later, "notes.txt").failures)


def test_the_chain_before_a_redefinition_is_still_checked_and_never_refuted_through_it(tmp_path):
    """eq. (4)'s p stays the name it was (the prose's p_i as a proposed condition): the redefinition by τ never
    reaches it, so 0 ≤ H ≤ log n is not rewritten with cos θ_i/τ."""
    verdicts = document_verdicts(tmp_path, SEED_001_TAIL, "seed.py")
    assert verdicts and Verdict.REFUTED not in verdicts
