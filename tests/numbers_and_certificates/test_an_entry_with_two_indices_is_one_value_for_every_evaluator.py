"""An entry written with two indices (y_ij, w_{i,j}) is one value of a table for every evaluator: the certified balls,
the mpmath compilation, the replay's exact substitution, the sampler and the search read y_ij at the same place.  A
table's shape is the ranges the claim writes its entries over (y_ij inside Σ_{i=1}^n Σ_{j=1}^k is n × k); an entry past
it has no value, as one past a vector's end.  So a true identity of tables is never refuted, a false one is refuted at
a point whose every entry lies in its declared domain and the replay agrees, a table declared positive is never
refuted by a negative entry, and a table whose shape or meaning is not settled is not evaluated."""
from __future__ import annotations

import re

import mpmath
from flint import arb
from sympy import Product, Sum

from tests.engine import only_step
from verifier import Σ, calc, index, log, size, vector
from verifier.evidence import balls
from verifier.evidence.inputs import ExactPrinter, Point, Table, compile_expr, inputs_of
from verifier.evidence.replay import _NoValue, outside_domain, substitute
from verifier.evidence.sampling import TABLE_ENTRIES, sample_points
from verifier.verdicts import Verdict


def _entries(said: str) -> dict:
    """{(i, j): value} of a table as a counterexample's point writes it ("(1,1: 0.3, 1,2: 0.7, …) [2 × 2 entries]")."""
    return {(int(a), int(b)): float(x) for a, b, x in re.findall(r"(\d+),(\d+): (-?[\d.e+-]+)", said)}


def test_the_balls_the_mpmath_compilation_and_the_replay_read_the_same_entry_of_a_table():
    n, k = size("n"), size("k")
    i, j = index("i", n), index("j", k)
    y = vector("y", k)
    expr = Σ(Σ(2 ** i * 3 ** j * y[i, j], j), i)
    inputs = inputs_of(expr)
    # n = 2, k = 3 held in a 3 × 3 table: y_ij = 10 i + j, the third row past the shape
    table = Table([None] + [float(10 * a + b) if a <= 2 else None for a in (1, 2, 3) for b in (1, 2, 3)], 2, 1)
    point = Point({n: 2, k: 3, y: table})
    expected = sum(2 ** a * 3 ** b * (10 * a + b) for a in (1, 2) for b in (1, 2, 3))
    args = [[None if x is None else arb(x) for x in v] if isinstance(v, list) else v
            for v in (point.values[s] for s in inputs.args)]
    with balls.precision(50):
        ball = balls.compile_ball(expr, inputs.args)(args, "real")
    assert ball.contains(expected) and ball.rad() < 1e-30
    with mpmath.workdps(50):
        assert compile_expr(expr, inputs, ExactPrinter)(*point.args(inputs)) == expected
    assert substitute(expr, point) == expected
    assert substitute(y[1, 2] - y[2, 1], point) == -9          # near miss: y_12 is not y_21


def test_an_entry_past_the_tables_shape_has_no_value_for_the_balls_and_the_replay():
    n, k = size("n"), size("k")
    i, j = index("i", n), index("j", k)
    y = vector("y", k)
    inputs = inputs_of(Σ(Σ(y[i, j], j), i), y[n + 1, 1])
    table = Table([None] + [float(a) if a <= 2 else None for a in (1, 2, 3) for b in (1, 2, 3)], 2, 1)
    point = Point({n: 2, k: 3, y: table})
    args = [[None if x is None else arb(x) for x in v] if isinstance(v, list) else v
            for v in (point.values[s] for s in inputs.args)]
    past = balls.compile_ball(y[n + 1, 1], inputs.args)
    try:
        past(args, "real")
        raise AssertionError("an entry past the shape had a value")
    except balls.Undefined:
        pass
    assert substitute(y[2, 1], point) == 2
    try:
        substitute(y[3, 1], point)
        raise AssertionError("the replay gave an entry past the shape a value")
    except _NoValue:
        pass
    assert balls.compile_ball(y[n, k], inputs.args)(args, "real").contains(2)     # near miss: inside the shape


def test_every_sampled_table_has_its_entries_exactly_inside_its_shape_and_stays_small():
    n, k = size("n"), size("k")
    i, j = index("i", n), index("j", k)
    y = vector("y", k)
    points = sample_points(inputs_of(Σ(Σ(y[i, j], j), i)), 12, seed=0, corners=3)
    assert points
    for pt in points:
        table = pt.values[y]
        assert isinstance(table, Table) and len(table) <= TABLE_ENTRIES + 1
        side = table.side
        for a in range(1, side + 1):
            for b in range(1, side + 1):
                held = table[1 + (a - 1) * side + (b - 1)]
                assert (held is not None) == (a <= pt.values[n] and b <= pt.values[k]), (a, b, pt.describe())


def test_a_true_identity_of_tables_under_a_log_is_never_refuted():
    n, k = size("n"), size("k")
    i, j = index("i", n), index("j", k)
    pi_ = vector("pi", k, positive=True)
    y = vector("y", k)
    logs = calc(log(Product(pi_[j] ** y[i, j], (j, 1, k), (i, 1, n))), title="log of a product of powers") \
        .eq(Σ(Σ(y[i, j] * log(pi_[j]), j), i), "log of a product")
    step = only_step(logs, quick=True)
    assert step.verdict in (Verdict.PROVED, Verdict.NUMERIC), step.message


def test_a_double_sum_of_a_table_taken_in_either_order_is_never_refuted():
    n, k = size("n"), size("k")
    i, j = index("i", n), index("j", k)
    a = vector("a", k)
    swapped = calc(Σ(Σ(a[i, j], j), i), title="order of a double sum").eq(Σ(Σ(a[i, j], i), j), "Fubini")
    step = only_step(swapped, quick=True)
    assert step.verdict in (Verdict.PROVED, Verdict.NUMERIC), step.message


def test_a_false_identity_of_tables_is_refuted_with_every_entry_inside_its_domain():
    n, k = size("n"), size("k")
    i, j = index("i", n), index("j", k)
    w = vector("w", k, positive=True)
    step = only_step(calc(log(Σ(Σ(w[i, j], j), i)), title="log of a sum").eq(Σ(Σ(log(w[i, j]), j), i), "wrong"), quick=True)
    assert step.verdict is Verdict.REFUTED
    entries = _entries(step.counterexample.point["w"])
    assert entries and all(x > 0 for x in entries.values()), step.counterexample.point
    assert step.counterexample.replayed_gap, "the refutation was not replayed"
    a = vector("a", n)
    square = calc(Σ(Σ(i * a[i, index("m", n)], index("m", n)), i), title="a weighted double sum").eq(
        Σ(Σ(i * a[index("m", n), i], index("m", n)), i), "transposed")
    assert only_step(square, quick=True).verdict is Verdict.REFUTED      # a square table's transpose is another table


def test_a_table_declared_positive_is_not_refuted_where_only_a_negative_entry_would_break_the_claim():
    n, k = size("n"), size("k")
    i, j = index("i", n), index("j", k)
    w = vector("w", k, positive=True)
    v = vector("v", k)
    held = only_step(calc(Σ(Σ(abs(w[i, j]), j), i), title="|w| = w").eq(Σ(Σ(w[i, j], j), i), "w > 0"))
    assert held.verdict is not Verdict.REFUTED, held.message
    broken = only_step(calc(Σ(Σ(abs(v[i, j]), j), i), title="|v| = v").eq(Σ(Σ(v[i, j], j), i), "v real"))
    assert broken.verdict is Verdict.REFUTED          # near miss: a plain real table has negative entries


def test_a_table_whose_shape_or_meaning_is_not_settled_is_not_evaluated():
    n, k = size("n"), size("k")
    i, j = index("i", n), index("j", k)
    a = vector("a", k)
    y = vector("y", k, one_hot=True)
    two_shapes = only_step(calc(Σ(Σ(a[i, j], j), i), title="a_ij beside a_ji").eq(
        Σ(Σ(a[j, i], j), i), "holds at n = k"))
    assert two_shapes.verdict is Verdict.UNKNOWN and "shape is not settled" in str(two_shapes.message)
    one_hot = only_step(calc(Σ(Σ(y[i, j], j), i), title="one-hot rows").eq(n, "each row sums to 1"))
    assert one_hot.verdict is Verdict.UNKNOWN and "not settled" in str(one_hot.message)


def test_the_replay_refuses_a_point_whose_table_has_an_entry_outside_its_domain_and_names_it_by_its_indices():
    n = size("n")
    w = vector("w", n, positive=True)
    assert outside_domain(Point({n: 2, w: Table([None, 1.0, 2.0, -3.0, 4.0], 2, 1)})) == "w_2,1 = -3.0 is not positive"
    assert outside_domain(Point({n: 2, w: Table([None, 1.0, 2.0, 3.0, 4.0], 2, 1)})) is None     # near miss


def test_an_index_summed_to_ends_a_whole_number_apart_runs_to_the_larger_so_a_dropped_last_term_is_refuted():
    n, k = size("n"), size("k")
    i, j = index("i", n), index("j", k)
    a = vector("a", k)
    split = calc(Σ(Σ(a[i, j], i), j), title="last column apart").eq(
        Sum(Σ(a[i, j], i), (j, 1, k - 1)) + Σ(a[i, k], i), "the last term apart")
    held = only_step(split, quick=True)
    assert held.verdict in (Verdict.PROVED, Verdict.NUMERIC), held.message
    dropped = calc(Σ(Σ(a[i, j], i), j), title="last column dropped").eq(
        Sum(Σ(a[i, j], i), (j, 1, k - 1)), "range shifted by one")
    step = only_step(dropped, quick=True)
    assert step.verdict is Verdict.REFUTED, step.message       # near miss: one term fewer
    assert step.counterexample.replayed_gap, "the refutation was not replayed"
