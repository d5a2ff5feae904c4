"""Mutation testing of the checker (verifier.mutate): the operators, the equivalence filter, the score and the command.

The operators must make the edits they name and no others (a constant edit
never touches a summation limit; renaming a free index never captures a bound
one), be reproducible from the seed, and the score must count only mutants
that are not equivalent to the original right side.
"""
from __future__ import annotations

import json
import random

import sympy as sp

from verifier import Σ, calc, exp, index, maximum, positive, size, vector
from verifier.authoring.reductions import IndexedMax
from verifier.mutate.mutations import KINDS, all_mutants, mutate, rename_free
from verifier.mutate.score import equivalent, run
from verifier.settings import Settings

n = size("n")
i, j, k = index("i j k", n)
s = vector("s", n)
lam = positive("lambda")
p_i = exp(lam * s[i]) / Σ(exp(lam * s[j]), j)

FAST = Settings(quick=True, points=8, limit=1.0, step_limit=6.0, numeric_limit=3.0)


def exprs(kind, rhs, lhs=None):
    return [m.expr for m in all_mutants(rhs, lhs)[kind]]


def test_renaming_a_free_index_never_captures_a_bound_one():
    # Σ_j s_i s_j with i → j must mean Σ_{j'} s_j s_{j'}, not Σ_j s_j², where the new j is caught by the sum.
    renamed = rename_free(Σ(s[i] * s[j], j), i, j)
    assert renamed.limits[0][0] != j and j in renamed.free_symbols
    assert equivalent(renamed, Σ(s[j] * s[k], k))
    assert not equivalent(renamed, Σ(s[j] ** 2, j))


def test_a_free_index_is_renamed_to_another_declared_index_and_a_bound_one_to_a_free_one():
    found = exprs("index", p_i)
    assert any(equivalent(e, exp(lam * s[j]) / Σ(exp(lam * s[k]), k)) for e in found)
    # the bound j of the normaliser replaced by the free i: Σ_j e^{λ s_i} = n e^{λ s_i}
    assert exp(lam * s[i]) / Σ(exp(lam * s[i]), j) in found


def test_a_lone_free_index_is_renamed_to_a_fresh_index_over_the_same_range():
    (m,) = exprs("index", s[i])
    (fresh,) = [x for x in m.atoms(sp.Symbol) if x != s.label]
    assert fresh != i and fresh.domain.size == n and fresh.domain.start == 1


def test_ranges_shift_each_limit_by_one_and_constants_leave_limits_alone():
    rhs = Σ(s[i], i) + maximum(s[j], j)
    ranges = exprs("range", rhs)
    assert sp.Sum(s[i], (i, 1, n - 1)) + maximum(s[j], j) in ranges
    assert sp.Sum(s[i], (i, 2, n)) + maximum(s[j], j) in ranges
    assert Σ(s[i], i) + IndexedMax(s[j], (j, 1, n + 1)) in ranges
    assert len(ranges) == 8
    # no number appears outside the limits, so the constant operator has nothing to edit
    assert exprs("constant", rhs) == []


def test_signs_flip_the_whole_side_or_one_term():
    flipped = exprs("sign", s[i] + 2 * lam)
    assert -(s[i] + 2 * lam) in flipped and s[i] - 2 * lam in flipped and -s[i] + 2 * lam in flipped


def test_a_dropped_factor_is_one_factor_of_a_product_never_the_minus_sign():
    dropped = exprs("factor", -lam * s[i] * n)
    assert set(dropped) == {-s[i] * n, -lam * n, -lam * s[i]}


def test_constants_are_perturbed_relatively_and_by_one():
    perturbed = exprs("constant", 3 * lam)
    assert sp.Rational(3000003, 1000000) * lam in perturbed and 4 * lam in perturbed


def test_mutants_are_chosen_reproducibly_from_the_seed_and_bounded_per_kind():
    rhs = lam * s[i] - sp.log(Σ(exp(lam * s[j]), j)) + 2
    first = mutate(rhs, random.Random("0:x"), 2)
    assert first == mutate(rhs, random.Random("0:x"), 2)
    assert all(sum(m.kind == kind for m in first) <= 2 for kind in KINDS)
    assert all(m.expr != rhs for m in first)


def test_equivalence_is_exact_simplification_and_renaming_bound_indices():
    assert equivalent(Σ(s[k], k), Σ(s[i], i))
    assert equivalent(2 * (lam + 1), 2 * lam + 2)
    assert not equivalent(sp.Sum(s[i], (i, 1, n - 1)), Σ(s[i], i))
    assert not equivalent(lam * sp.Rational(1000001, 1000000), lam)


def test_the_score_counts_kills_and_leaves_equivalent_mutants_out():
    identity = calc(Σ(exp(lam * s[i]) / Σ(exp(lam * s[j]), j), i), title="weights sum to one").eq(1, "normaliser")
    identity.name = "weights"
    out = run([identity], seed=0, per_kind=2, jobs=1, settings=FAST)
    assert out.steps == 1 and out.results
    # Every mutant of "= 1" is a different constant: all false, all killed.
    assert out.count("killed") == len(out.results) - out.count("equivalent")
    assert out.score == 1.0
    data = out.to_dict()
    assert data["schema"] == "verifier-mutation/1" and data["survivors"] == []
    assert sum(v["killed"] for v in data["by_kind"].values()) == data["killed"]


def test_a_survivor_is_listed_and_a_weaker_inequality_is_explained_as_slack():
    # s_i ≤ max_j s_j + 1 stays true when the constant 1 grows: a survivor, but not an engine miss.
    bound = calc(s[i], title="slack").le(maximum(s[j], j) + 1, "one above the max")
    bound.name = "slack"
    out = run([bound], seed=0, per_kind=2, jobs=1, settings=FAST, kinds=("constant",))
    grown = [r for r in out.results if "+ 1" in r.mutation]
    assert grown and grown[0].status == "survived"
    assert grown[0].explanation.startswith("slack")
    assert out.score is not None and out.score < 1.0


def test_steps_documented_as_false_are_not_mutated():
    false = calc(s[i], title="false").ge(maximum(s[j], j), "no", expect="refuted")
    false.name = "false"
    out = run([false], seed=0, per_kind=1, jobs=1, settings=FAST)
    assert out.results == [] and out.steps == 0 and out.score is None


def test_python_m_verifier_mutate_prints_the_score_and_writes_the_survivors_to_json(tmp_path, capsys):
    from verifier.cli import main
    source = tmp_path / "tiny.py"
    source.write_text(
        "from verifier import Σ, calc, index, size, vector\n"
        "n = size('n')\ni, j = index('i j', n)\ns = vector('s', n)\n"
        "double = calc(Σ(2 * s[i], i), title='double').eq(2 * Σ(s[j], j), 'linearity')\n", encoding="utf-8")
    out_json = tmp_path / "mutation.json"
    code = main(["mutate", str(source), "--jobs", "1", "--max-per-step", "1", "--kinds", "constant,sign",
                 "--json", str(out_json)])
    printed = capsys.readouterr().out
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert "mutation score" in printed
    assert data["mutants"] == len(data["results"]) >= 2
    assert code == (0 if not data["survivors"] else 1)
    assert data["score"] == data["killed"] / (data["mutants"] - data["equivalent"])


def test_a_stronger_bound_that_is_false_only_where_the_original_is_tight_is_found_at_a_landmark():
    # e^t ≥ t + 1 + 10⁻⁶ fails only for |t| < 1.4·10⁻³: random points miss it, pinning t = 0 shows it.
    from verifier import real
    from verifier.mutate.score import false_at_a_landmark
    x = real("t")
    probe = dict(seed=1, dps=(50, 100), points=8, fixed=None, time_limit=10.0)
    assert false_at_a_landmark(sp.exp(x), x + 1 + sp.Rational(1, 10**6), ">=", probe) == "t = 0"
    assert false_at_a_landmark(sp.exp(x), x + 1, ">=", probe) == ""
