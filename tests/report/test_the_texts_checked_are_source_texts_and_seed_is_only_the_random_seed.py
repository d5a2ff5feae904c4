"""The report calls the texts it checks source texts ("the claims of the source texts", "the text's chain"):
"seed" is only the random seed the numbers were drawn with ("seed 0", "seeded points").  The register's heading,
lede, legend and headline say so, and so do the words the derivations give a reader (titles, reasons, notes,
assumptions, findings: their string literals, not their docstrings or comments).  Near miss: the random seed is
still named where numbers were drawn."""
from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from tests.report import report_samples as samples
from verifier.present.report.html import render_html
from verifier.present.report.latex import render_latex
from verifier.present.report.view import build_view

DERIVATIONS = Path(__file__).resolve().parents[2] / "derivations"
# The source text called a seed: "the seed", "seed 000", "the seed's", "seed text(s)", "seed claim(s)".
TEXT_AS_SEED = re.compile(r"\b[Tt]he seed\b|\b[Ss]eed \d{3}\b|\b[Ss]eed(?:'s|’s)|\b[Ss]eed (?:text|claim)s?\b")


def _readers_strings(path: Path) -> list[str]:
    """The file's string literals but its docstrings (a string standing as a statement)."""
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline))
    out, previous = [], None
    for token in tokens:
        if token.type in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT):
            continue
        if token.type == tokenize.STRING and not (previous is None or previous.type == tokenize.NEWLINE
                                                  or previous.string == ":"):
            out.append(token.string)
        previous = token
    return out


def test_the_register_names_the_texts_it_checks_source_texts():
    view = build_view(samples.sample_run(), versions=[], commit="x", date="d")
    tex, page = render_latex(view), "".join(render_html(view))
    for words in (tex, page):
        assert "Findings: the claims of the source texts" in words and "Each claim of a source text" in words
        register = words[words.index("Findings: the claims"):words.index("What the badges mean")]
        assert not TEXT_AS_SEED.search(register)
        assert "statuses of the source texts" in words and "statuses of seed claims" not in words
    assert "claims of the source texts: 1 proved to hold" in view.headline and "seed claims" not in view.headline


def test_the_derivations_words_for_a_reader_never_call_a_source_text_a_seed():
    found = [(path.name, s[:80]) for path in sorted(DERIVATIONS.glob("*.py")) for s in _readers_strings(path)
             if TEXT_AS_SEED.search(s)]
    assert not found, found


def test_near_miss_the_random_seed_is_still_named_where_numbers_were_drawn():
    drawn = [s for path in sorted(DERIVATIONS.glob("*.py")) for s in _readers_strings(path) if "seed {" in s]
    assert drawn and not [s for s in drawn if TEXT_AS_SEED.search(s)]
    assert TEXT_AS_SEED.search("Not in the seed: …") and not TEXT_AS_SEED.search("(seed 0, 3 draws per row)")
