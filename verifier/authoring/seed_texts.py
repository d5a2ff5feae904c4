"""The source texts the project checks, as each presents itself: title, author and date.

Only what a text states about itself (or, for a summary, the paper it summarises) is written here; a field
the text leaves out says so rather than being guessed.  The report heads each text's part with this record.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SourceText:
    file: str                    # its file name under derivations/texts/ (and the seeds' folder)
    title: str                   # as the text gives it; in [brackets] when the text has none and this describes it
    author: str                  # "" when the text does not name one
    date: str                    # "" when the text does not give one
    about: str = ""              # one line on what kind of text it is (a blog post, a summary of a paper)
    # Where the work a text reports on is published ("arXiv:2509.12285" for a summary of a paper), with what
    # that says of its date; "" when there is none.  Not the text's own date, which `date` alone holds.
    published: str = ""


SOURCE_TEXTS = {
    "000_ca974c2c5f958f3e.txt": SourceText(
        "000_ca974c2c5f958f3e.txt",
        "[A short derivation of the log n scale of softmax attention, supplementing "
        "'From Entropy Invariance to the Scale Operation in Attention']",
        "Su Jianlin", "April 11, 2022",
        "a blog post, signed in Chinese characters (here in pinyin); the text itself has no title line"),
    "001_dcab543f7fb3c953.txt": SourceText(
        "001_dcab543f7fb3c953.txt",
        "Two Interesting Observations about Attention and Softmax: Robustness and Information Content",
        "", "", "a blog post; the text names neither its author nor its date"),
    "002_666090d9d1b0f4d9.txt": SourceText(
        "002_666090d9d1b0f4d9.txt",
        "[A summary of J. Ma's paper 'Deriving the Scaled-Dot-Function via Maximum Likelihood Estimation and "
        "Maximum Entropy Approach']",
        "Jiyong Ma (Oracle Corporation)", "",
        "a summary of the paper by an unnamed writer, with no title line, linking to the paper without naming it; "
        "the claims checked are the summary's",
        "the paper: arXiv:2509.12285 (September 2025)"),
}


def source_text(file: str) -> SourceText | None:
    """The record of a seed text by its file name, or None for another source."""
    return SOURCE_TEXTS.get(file)
