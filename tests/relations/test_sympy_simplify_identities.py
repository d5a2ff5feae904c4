"""The identities of SymPy's own simplify tests are proved with their scope, and none of their false twins is.

tests/fixtures/sympy_simplify_identities.json holds 90 equalities taken from sympy/simplify/tests
(test_simplify.py, test_trigsimp.py, test_radsimp.py, test_powsimp.py, test_fu.py), each with the file and
line it comes from and the function the test applies (simplify, trigsimp, TR13, …), and with the domain
of its symbols: real, or positive where the test declares them so (or where they are polar there).  Each
has a false twin made by one careless edit of the right side (the sign of a term, an exponent, a
coefficient), false at some point where both of its sides are defined.
"""
import json
from collections import Counter
from pathlib import Path

import pytest
import sympy as sp

from tests.engine import check
from verifier import calc, positive, real
from verifier.verdicts import Verdict

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "sympy_simplify_identities.json"
IDENTITIES = json.loads(FIXTURE.read_text())


def _derivations(twins: bool):
    out = []
    for k, entry in enumerate(IDENTITIES):
        names = {n: (positive(n) if d == "positive" else real(n)) for n, d in entry["symbols"].items()}
        lhs = sp.sympify(entry["lhs"], locals=names)
        rhs = sp.sympify(entry["twin"]["rhs"] if twins else entry["rhs"], locals=names)
        d = calc(lhs, title=entry["origin"]).eq(rhs, f"sympy's {entry['tested_with']}")
        d.name = f"{'twin' if twins else 'identity'}_{k}"
        out.append(d)
    return out


def test_the_fixture_holds_ninety_identities_with_their_origin():
    assert len(IDENTITIES) == 90
    files = Counter(e["origin"].rsplit(":", 1)[0] for e in IDENTITIES)
    assert set(files) == {f"sympy/simplify/tests/{name}.py" for name in
                          ("test_simplify", "test_trigsimp", "test_radsimp", "test_powsimp", "test_fu")}
    assert all(e["origin"].rsplit(":", 1)[1].isdigit() and e["twin"]["edit"] for e in IDENTITIES)


@pytest.mark.slow
def test_at_least_80_of_the_90_identities_are_proved_with_their_scope_and_none_refuted():
    results = check(*_derivations(twins=False))
    steps = [r.steps[0] for r in results]
    verdicts = Counter(s.verdict for s in steps)
    assert verdicts[Verdict.PROVED] >= 80, verdicts
    assert verdicts[Verdict.REFUTED] == 0, [e["origin"] for e, s in zip(IDENTITIES, steps)
                                           if s.verdict is Verdict.REFUTED]
    for s in steps:
        if s.verdict is Verdict.PROVED:
            assert s.scope == "all values" or s.scope.startswith("all values where both sides are defined: ")


@pytest.mark.slow
def test_no_false_twin_of_the_90_identities_is_proved():
    results = check(*_derivations(twins=True))
    passed = [(e["origin"], r.steps[0].verdict.value) for e, r in zip(IDENTITIES, results)
              if r.steps[0].verdict in (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)]
    assert not passed
