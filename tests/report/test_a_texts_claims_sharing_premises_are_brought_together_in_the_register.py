"""The claims of one text that share premises stand together in the register, so the premises are stated once even
when the text's order puts a claim with other premises between them (PDF and HTML).  Near misses: the claim with
other premises keeps them in its own row, a claim of another text with the same words is not pulled in, and the
text's order is kept inside each set."""
from __future__ import annotations

import dataclasses

from tests.report import report_samples as samples
from verifier.present.report.html import render_html
from verifier.present.report.latex import render_latex
from verifier.present.report.view import build_view

SHARED = "the summarised paper's models as the summary names them"
OTHER = "self-attention as the summary describes it"


def _run():
    by_id = {c.id: c for c in samples.sample_claims()}
    mle, maxent = by_id["002-mle"], by_id["002-maxent"]
    between = dataclasses.replace(mle, id="002-between", quote="a claim with other premises", premises=OTHER)
    third = dataclasses.replace(mle, id="002-third", quote="a third claim", premises=SHARED)
    eq2 = dataclasses.replace(by_id["000-eq2"], premises=SHARED)             # another text, the same words
    ordered = [eq2, dataclasses.replace(mle, premises=SHARED), between, dataclasses.replace(maxent, premises=SHARED),
               third, by_id["000-eq5"], by_id["001-eq3"]]
    return dataclasses.replace(samples.sample_run(), claims=ordered)


def test_a_claim_with_other_premises_no_longer_splits_a_set_in_two():
    view = build_view(_run(), versions=[], commit="x", date="d")
    ids = [c.id for c in view.claims]
    assert ids[:5] == ["000-eq2", "002-mle", "002-maxent", "002-third", "002-between"]
    by_id = {c.id: c for c in view.claims}
    assert by_id["002-mle"].premises_head == SHARED and by_id["002-mle"].premises_count == 3
    tex = render_latex(view)
    register = tex[tex.index("Findings: the claims"):tex.index("What the badges mean")]
    assert register.count("summarised paper's models") == 2                   # once for 002, once in 000's row
    assert register.count("premises of the 3 claims below") == 1 and register.count("as above") == 3


def test_the_html_register_states_the_brought_together_set_once():
    page = "".join(render_html(build_view(_run(), versions=[], commit="x", date="d")))
    register = page[page.index('id="findings-h"'):page.index("</table>", page.index('id="findings-h"'))]
    assert register.count("premises of the 3 claims below") == 1
    assert register.count("summarised paper") == 2 and register.count("</span> as above") == 3


def test_near_miss_other_premises_and_another_text_stay_in_their_own_rows():
    view = build_view(_run(), versions=[], commit="x", date="d")
    by_id = {c.id: c for c in view.claims}
    assert not by_id["002-between"].premises_shared and by_id["002-between"].premises == OTHER
    assert not by_id["000-eq2"].premises_shared                              # 000's words are not 002's set
    ids = [c.id for c in view.claims]
    assert ids.index("000-eq5") < ids.index("001-eq3")                       # claims without premises keep their place


def test_a_claim_without_premises_between_two_sharing_claims_keeps_its_place_inside_their_run():
    by_id = {c.id: c for c in samples.sample_claims()}
    mle, maxent = by_id["002-mle"], by_id["002-maxent"]
    quoted = dataclasses.replace(mle, id="002-quoted", quote="a display quoted as written", premises="")
    ordered = [dataclasses.replace(mle, premises=SHARED), quoted, dataclasses.replace(maxent, premises=SHARED)]
    view = build_view(dataclasses.replace(samples.sample_run(), claims=ordered), versions=[], commit="x", date="d")
    assert [c.id for c in view.claims] == ["002-mle", "002-quoted", "002-maxent"]          # the text's order
    by_view = {c.id: c for c in view.claims}
    assert by_view["002-mle"].premises_head == SHARED and by_view["002-mle"].premises_count == 2
    assert by_view["002-maxent"].premises_shared and not by_view["002-quoted"].premises_shared
