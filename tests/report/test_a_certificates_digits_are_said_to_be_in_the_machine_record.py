"""A shortened certificate says where its every digit is: in the machine record ("Certificates in full"), with
its page, never "in the appendix", which a reader of the appendix's derivations is already in while the digits
are not there.  Near miss: the link still lands on the certificate's own entry in the machine record."""
from __future__ import annotations

import re

from tests.report import report_samples as samples
from verifier.present.report.latex import render_latex
from verifier.present.report.view import build_view


def test_a_shortened_certificate_points_to_the_machine_record_by_page():
    tex = render_latex(build_view(samples.sample_run(), versions=[], commit="x", date="d"))
    pointers = re.findall(r"every digit in \\hyperlink\{full-([^}]*)\}\{([^}]*)\}, p\.\\,\\pageref\{full-([^}]*)\}", tex)
    assert pointers, "the sample run has a shortened certificate"
    assert all(words == "the machine record" and link == page for link, words, page in pointers)
    assert "every digit in \\hyperlink{full-" in tex and "{the appendix}" not in tex
    for link, _, _ in pointers:
        assert f"\\hypertarget{{full-{link}}}{{}}\\label{{full-{link}}}" in tex
