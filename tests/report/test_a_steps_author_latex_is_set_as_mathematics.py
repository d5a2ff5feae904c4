"""An imported step shows the author's own LaTeX beside its verdict ("as written") set as mathematics, as the
register sets a claim's: "= log Σᵢ e^{λ sᵢ}", never the source's raw "= \\log\\sum_{i=1}^n e^{\\lambda s_i}" with its
backslashes, carets and underscores in the reader's path.  Near miss: a step with no LaTeX of its own shows no
"as written"."""
from __future__ import annotations

import dataclasses
import re

from tests.report import report_samples as samples
from tests.report import report_tools as tools
from verifier.present.report import write_reports

WRITTEN = r"= \log\sum_{i=1}^n e^{\lambda s_i} - \lambda\sum_{i=1}^n p_i s_i"


def test_the_authors_latex_of_a_step_reads_as_mathematics(tmp_path):
    run = samples.sample_run()
    first = run.derivations[0]
    step = dataclasses.replace(first.steps[0], source=f"000_ca974c2c5f958f3e.txt, eq. (2), line 20: `{WRITTEN}`")
    run = dataclasses.replace(run, derivations=[dataclasses.replace(first, steps=[step, *first.steps[1:]]),
                                                *run.derivations[1:]])
    write_reports(run, tmp_path, formats=("html",))
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    written = re.findall(r'<span class="k">as written</span>(.*?)</span>\s*(?:<span><span class="k">|</p>)', html, re.S)
    assert len(written) == 1 and "<math" in written[0], written
    seen = tools.reader_path_text(html)
    assert "as written" in seen and "\\log" not in seen and "s_i" not in seen and "^n" not in seen


def test_near_miss_a_step_without_its_authors_latex_shows_no_as_written(tmp_path):
    write_reports(samples.sample_run(), tmp_path, formats=("html",))
    assert "as written</span>" not in (tmp_path / "index.html").read_text(encoding="utf-8")
