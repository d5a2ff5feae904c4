"""Premises that consecutive claims of one text share are stated once in the register, before the first of them,
and each of those rows refers to them ("premises as above") instead of repeating the paragraph.  Near misses: a
claim with premises of its own keeps them in its row, and claims of another text never share a statement."""
from __future__ import annotations

import dataclasses

from tests.report import report_samples as samples
from verifier.present.report.html import render_html
from verifier.present.report.latex import render_latex
from verifier.present.report.view import build_view

SHARED = "s_1, …, s_n real (any n, ties allowed); q and k of one dimension d"
OWN = "λ > 0 fixed while n grows"


def _run():
    claims = samples.sample_claims()
    by_id = {c.id: c for c in claims}
    mle, maxent = by_id["002-mle"], by_id["002-maxent"]
    third = dataclasses.replace(mle, id="002-third", quote="a third claim of the same text")
    eq2 = dataclasses.replace(by_id["000-eq2"], premises=SHARED)             # another text, the same words
    other = [c for c in claims if c.id not in ("002-mle", "002-maxent", "000-eq2")]
    ordered = [eq2, dataclasses.replace(maxent, premises=SHARED), dataclasses.replace(mle, premises=SHARED),
               dataclasses.replace(third, premises=SHARED), *other]
    lone = dataclasses.replace(by_id["000-eq5"], premises=OWN)
    ordered = [c if c.id != "000-eq5" else lone for c in ordered]
    return dataclasses.replace(samples.sample_run(), claims=ordered)


def test_a_texts_shared_premises_are_stated_once_before_its_claims():
    view = build_view(_run(), versions=[], commit="x", date="d")
    by_id = {c.id: c for c in view.claims}
    assert by_id["002-maxent"].premises_head == SHARED and by_id["002-maxent"].premises_count == 3
    assert all(by_id[k].premises_shared for k in ("002-maxent", "002-mle", "002-third"))
    tex = render_latex(view)
    register = tex[tex.index("Findings: the claims"):tex.index("What the badges mean")]
    assert register.count("premises of the 3 claims below") == 1
    assert register.count("premises} as above") == 3


def test_near_miss_own_premises_and_another_texts_stay_in_their_rows():
    view = build_view(_run(), versions=[], commit="x", date="d")
    by_id = {c.id: c for c in view.claims}
    assert not by_id["000-eq2"].premises_shared and not by_id["000-eq2"].premises_head     # 000, not 002
    assert not by_id["000-eq5"].premises_shared
    tex = render_latex(view)
    register = tex[tex.index("Findings: the claims"):tex.index("What the badges mean")]
    assert "fixed while n grows" in register and register.count("as above") == 3


def test_the_html_register_states_shared_premises_once_as_the_pdf_does():
    view = build_view(_run(), versions=[], commit="x", date="d")
    page = "".join(render_html(view))
    register = page[page.index('id="findings-h"'):page.index("</table>", page.index('id="findings-h"'))]
    assert register.count("premises of the 3 claims below") == 1
    assert register.count("</span> as above") == 3
    assert register.count("ties allowed") == 2 and "fixed while n grows" in register       # once for 002, once for 000
