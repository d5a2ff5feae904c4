r"""When the prose gives its logarithms a base other than e, an unsubscripted `\log` is refused naming both readings
(the natural logarithm | the logarithm to that base), whatever the wording: "the common (base 10) logarithm",
"$\log = \log_{10}$", "the decimal logarithm", "binary logarithms (base two)", "logs are base 2", "measured in bits".
Read with ln, `\log 1000 = 3` would be refuted.

Near misses stay read: a text that speaks of the natural logarithm, of a "binary logistic" classifier or of no base
reads `\log` as ln, both ways (the true line proved, its false twin refuted).
"""
from __future__ import annotations

import pytest

from tests.engine import QUICK
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict


@pytest.mark.parametrize("prose, display, base", [
    ("Here $\\log$ is the common (base 10) logarithm:", r"\log 1000 = 3", "10"),
    ("In this section $\\log = \\log_{10}$.", r"\log 1000 = 3", "10"),
    ("The pH is defined with the decimal logarithm:", r"-\log 10^{-7} = 7", "10"),
    ("All logarithms in this note are binary logarithms (base two).", r"\log 16 = 4", "2"),
    ("The depth, where logs are base 2 as usual in algorithms:", r"\log 8 = 3", "2"),
    ("Information is measured in bits. An event of probability $1/8$ carries", r"-\log \frac{1}{8} = 3", "2"),
    ("Measured in bits, the entropy of a fair coin is",
     r"-\frac{1}{2}\log\frac{1}{2} - \frac{1}{2}\log\frac{1}{2} = 1", "2"),
    ("Here $\\log$ is the common (base 10) logarithm:", r"\log 1000 = 2", "10"),
    ("All logarithms in this note are binary logarithms (base two).", r"\log 16 = 16", "2"),
])
def test_a_log_whose_base_the_prose_states_is_refused_naming_both_readings(prose, display, base):
    doc = read_document(f"{prose}\n\n$${display}$$\n", "notes.md")
    assert not doc.chains
    assert doc.failures[0].readings == ("the natural logarithm", f"the logarithm to base {base}"), doc.failures


@pytest.mark.parametrize("prose", ["Here $\\log$ is the natural logarithm.",
                                   "A binary logistic regression classifier has two classes.", "For real $x$,"])
def test_near_miss_a_log_with_no_other_base_in_the_prose_is_read_as_ln_both_ways(tmp_path, prose):
    for display, verdict in ((r"\log(e^{3}) = 3", Verdict.PROVED), (r"\log(e^{3}) = 2", Verdict.REFUTED)):
        written = write(read_document(f"{prose}\n\n$${display}$$\n", "notes.md"))
        path = tmp_path / "imported.py"
        path.write_text(written, encoding="utf-8")
        found, error = load_file(path, tmp_path)
        assert error is None, written
        assert [s.verdict for r in check_all(found, QUICK) for s in r.steps] == [verdict], written
