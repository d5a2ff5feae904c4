"""Expected refutations, empty maxima and symbols of one name, through the real check path.

An expected refutation that stays unknown leaves the derivation unknown, never refuted (nor passed); an
empty max has no value and refutes only where the size allows it; two symbols of one name with different
domains stay two through loading.
"""
import sympy as sp

from verifier import Σ, calc, index, interval, max_over, size, vector

from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.settings import Settings
from verifier.verdicts import Verdict

from tests.engine import only_step


HOLDS = (Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC)
R = sp.Rational


v = interval("v", R(1, 10), R(9, 10))


n = size("n")
n2 = size("n2", low=2)
j = index("j", n)
j2 = index("j2", n, start=2)
k2 = index("k2", n2)
k22 = index("k22", n2, start=2)
s = vector("s", n)
s2 = vector("s2", n2)


def step(lhs, relation, rhs):
    d = calc(lhs, title="under test")
    d = getattr(d, {"=": "eq", "<=": "le", ">=": "ge", "<": "lt", ">": "gt"}[relation])(rhs, "claimed")
    return only_step(d)


def verdict(lhs, relation, rhs):
    return step(lhs, relation, rhs).verdict


def test_an_empty_max_has_no_value_and_refutes_only_where_the_size_allows_it():
    # max over j = 2…n has no value at n = 1 while max over 1…n has one: refuted, as the rule for undefined points says;
    # declaring the size ≥ 2 removes that point and the claim holds.
    assert verdict(max_over(s[j2], j2), "<=", max_over(s[j], j)) is Verdict.REFUTED
    assert verdict(max_over(s2[k22], k22), "<=", max_over(s2[k2], k2)) in HOLDS
    assert verdict(Σ(s[j2], j2), "<=", Σ(sp.Abs(s[j]), j)) in HOLDS     # an empty sum is 0


SAME_NAME = '''
from verifier import calc, interval, integer
xa = interval("x", -1, 1)
xb = interval("x", 2, 3)
ka = integer("k", 0, 3)
kb = integer("k", 10, 12)
lt_true = calc(xa, title="x in [-1, 1] < x in [2, 3]").lt(xb, "disjoint intervals")
eq_false = calc(xa - xb, title="their difference is 0").eq(0, "claimed")
k_false = calc(ka, title="k in 0..3 = k in 10..12").eq(kb, "claimed")
'''


def test_two_symbols_of_one_name_and_different_domains_stay_two_through_loading(tmp_path):
    (tmp_path / "derivations").mkdir()
    path = tmp_path / "derivations" / "same_name.py"
    path.write_text(SAME_NAME)
    found, error = load_file(path, tmp_path)
    assert error is None, str(error)
    results = {r.name: r for r in check_all(found, Settings(quick=True))}
    assert [st.verdict for st in results["lt_true"].steps] == [Verdict.PROVED]
    assert [st.verdict for st in results["eq_false"].steps] == [Verdict.REFUTED]
    assert [st.verdict for st in results["k_false"].steps] == [Verdict.REFUTED]


def test_an_expected_refutation_that_stays_unknown_leaves_the_derivation_unknown_not_refuted():
    d = calc(sp.polygamma(R(1, 2), v), title="undecidable here").eq(0, "claimed", expect="refuted")
    d.name = "expected_refutation_unknown"
    [result] = check_all([d], Settings(quick=True))
    assert [st.verdict for st in result.steps] == [Verdict.UNKNOWN]
    assert not result.passed
    assert result.verdict is not Verdict.REFUTED


def test_near_miss_an_expected_refutation_that_is_refuted_passes_and_one_that_fails_does_not():
    ok = calc(v, title="false, expected refuted").ge(v + 1, "claimed", expect="refuted")
    ok.name = "expected_and_refuted"
    bad = calc(v, title="true, expected refuted").le(v + 1, "claimed", expect="refuted")
    bad.name = "expected_but_true"
    results = {r.name: r for r in check_all([ok, bad], Settings(quick=True))}
    assert results["expected_and_refuted"].passed
    assert not results["expected_but_true"].passed
