"""Every result record of verifier/verdicts.py is a frozen dataclass whose sequences are tuples and whose
mappings are FrozenMaps.

A result is built once from values computed first; a later stage that adds to it makes a new record.  So no
record can be changed after it is built: not by assigning a field, not through a list it holds (a list
given to a record is kept as a tuple), and not through a dict it holds (a counterexample's point, its
certificate, a step's survives= notes, the coverage of its numbers: kept as a FrozenMap).  The records
still travel as they did: through the results cache's pickles and into the JSON."""
from __future__ import annotations

import dataclasses
import inspect
import json
import re

import pytest

from verifier import verdicts
from verifier.present.results_json import to_dict
from verifier.run import safe_pickle
from verifier.verdicts import (Ball, Check, ClaimResult, Counterexample, FrozenMap, NumericEvidence, ClaimStatus, DerivationResult, ExperimentResult, MutationSummary,
                               Plot, RunResult, StepResult, SurvivingMutant, Table, Verdict)

RECORDS = [obj for _, obj in inspect.getmembers(verdicts, inspect.isclass)
           if dataclasses.is_dataclass(obj) and obj.__module__ == verdicts.__name__]


def _sample_run() -> RunResult:
    table = Table("error over n", ["n", "error"], [["1", "0.1"], ["2", "0.05"]])
    evidence = NumericEvidence(12, (50, 100), "1e-40", coverage={"random": 10, "corner": 2})
    counterexample = Counterexample({"x": "0"}, {50: "1"}, {50: "2"}, certificate={50: "[-1 +/- 1e-50]"},
                                    symbols={"x": "x"}, gap={50: Ball("-1", "1e-50")})
    step = StepResult(1, "=", "x", "x", "", "", "by hand", "", Verdict.PROVED, True,
                      checks=[Check("cites fact f", Verdict.PROVED)], tables=[table], assumptions=["x > 0"],
                      numeric=evidence, counterexample=counterexample, survives={"sign": "a harmless sign"})
    experiment = ExperimentResult("e", "an experiment", Verdict.NUMERIC, "it holds", "it held", tables=[table],
                                  plots=[Plot("p", "n", "error", {"error": ([1.0, 2.0], [0.1, 0.05])})])
    derivation = DerivationResult("d", "a derivation", "src", "derivations/d.py", Verdict.PROVED, True, "x = x",
                                  assumptions=["x > 0"], notes=["a note"], steps=[step], experiments=[experiment])
    claim = ClaimResult("c", "src", "q", ClaimStatus.HOLDS, derivations=["derivations/d.py::d"],
                        measured_at=[("derivations/d.py::d", 1, "error over n")], failed=[("x", "why")],
                        beyond=["beyond"])
    mutant = SurvivingMutant("d::d::1", "sign", "right side negated", "-x", "=", "numeric", "slack")
    mutation = MutationSummary(1, 1, survivors=[mutant], unmeasured=["a"], older_engine=["b"], unused_notes=["c"],
                               skipped=["d"], measured_between=["2026-01-01", "2026-01-02"])
    return RunResult([derivation], 0, (50, 100), True, False, load_errors=["e"], claims=[claim], mutation=mutation,
                     versions={"sympy": "1.13"})


def _records_in(obj):
    """Every dataclass record reachable from obj, obj included."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        yield obj
        for f in dataclasses.fields(obj):
            yield from _records_in(getattr(obj, f.name))
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            yield from _records_in(item)
    elif isinstance(obj, dict):
        for item in obj.values():
            yield from _records_in(item)


def test_the_module_defines_the_result_records_this_test_looks_at():
    names = {r.__name__ for r in RECORDS}
    assert {"StepResult", "ExperimentResult", "DerivationResult", "ClaimResult", "SurvivingMutant",
            "MutationSummary", "RunResult", "Table", "Counterexample", "NumericEvidence"} <= names


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.__name__)
def test_every_result_record_is_a_frozen_dataclass(record):
    assert record.__dataclass_params__.frozen, f"{record.__name__} can be changed after it is built"


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.__name__)
def test_no_result_record_declares_a_list_set_or_dict_field(record):
    for f in dataclasses.fields(record):
        assert not re.search(r"\b(list|set|dict)\b", str(f.type)), f"{record.__name__}.{f.name}: {f.type}"
        assert f.default_factory in (dataclasses.MISSING, FrozenMap), f"{record.__name__}.{f.name}"


def test_lists_given_to_a_record_are_kept_as_tuples_down_to_a_tables_rows():
    run = _sample_run()
    for record in _records_in(run):
        for f in dataclasses.fields(record):
            assert not isinstance(getattr(record, f.name), list), f"{type(record).__name__}.{f.name}"
    [d] = run.derivations
    assert d.steps[0].tables[0].rows == (("1", "0.1"), ("2", "0.05"))
    assert run.claims[0].measured_at == (("derivations/d.py::d", 1, "error over n"),)
    assert d.experiments[0].plots[0].series == {"error": ((1.0, 2.0), (0.1, 0.05))}


def test_a_built_record_refuses_a_new_value_and_a_new_item():
    run = _sample_run()
    step = run.derivations[0].steps[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.verdict = Verdict.REFUTED
    with pytest.raises(AttributeError):
        step.assumptions.append("y > 0")
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.claims = ()


def test_near_miss_a_new_record_from_replace_leaves_the_old_one_as_it_was():
    step = _sample_run().derivations[0].steps[0]
    other = dataclasses.replace(step, verdict=Verdict.UNKNOWN, assumptions=["y > 0"])
    assert (other.verdict, other.assumptions) == (Verdict.UNKNOWN, ("y > 0",))
    assert (step.verdict, step.assumptions) == (Verdict.PROVED, ("x > 0",))


def test_frozen_records_travel_through_the_cache_pickle_and_into_the_json_unchanged():
    run = _sample_run()
    again = safe_pickle.loads(safe_pickle.dumps(run.derivations))
    assert again == run.derivations
    data = json.loads(json.dumps(to_dict(run), ensure_ascii=False))
    [d] = data["derivations"]
    assert d["assumptions"] == ["x > 0"] and d["steps"][0]["tables"][0]["rows"] == [["1", "0.1"], ["2", "0.05"]]
    assert data["claims"][0]["measured_at"] == [["derivations/d.py::d", 1, "error over n"]]
    assert data["mutation"]["measured_between"] == ["2026-01-01", "2026-01-02"]


def test_dicts_given_to_a_record_are_kept_as_frozen_maps_down_to_a_balls_precision():
    run = _sample_run()
    for record in _records_in(run):
        for f in dataclasses.fields(record):
            value = getattr(record, f.name)
            assert not isinstance(value, dict) or isinstance(value, FrozenMap), f"{type(record).__name__}.{f.name}"
    step = run.derivations[0].steps[0]
    assert isinstance(step.counterexample.gap, FrozenMap) and step.counterexample.gap[50] == Ball("-1", "1e-50")
    assert isinstance(run.derivations[0].experiments[0].plots[0].series, FrozenMap)


@pytest.mark.parametrize("change", [
    lambda m: m.__setitem__("y", "1"), lambda m: m.__delitem__("x"), lambda m: m.update(y="1"),
    lambda m: m.setdefault("y", "1"), lambda m: m.pop("x"), lambda m: m.popitem(), lambda m: m.clear(),
    lambda m: m.__ior__({"y": "1"})], ids=["set", "delete", "update", "setdefault", "pop", "popitem", "clear", "or"])
def test_a_counterexamples_point_refuses_every_change(change):
    point = _sample_run().derivations[0].steps[0].counterexample.point
    with pytest.raises(TypeError):
        change(point)
    assert point == {"x": "0"}


def test_near_miss_a_dict_the_engine_keeps_changing_after_building_a_record_does_not_change_the_record():
    coverage = {"random": 10}
    evidence = NumericEvidence(10, (50, 100), "0", coverage=coverage)
    coverage["random"] = 11
    assert evidence.coverage == {"random": 10}


def test_a_record_holding_only_frozen_values_is_hashable_and_equal_to_its_copy():
    cx = _sample_run().derivations[0].steps[0].counterexample
    again = Counterexample(dict(cx.point), dict(cx.lhs), dict(cx.rhs), certificate=dict(cx.certificate),
                           symbols=dict(cx.symbols), gap=dict(cx.gap))
    assert again == cx and hash(again) == hash(cx)


def test_frozen_maps_travel_through_the_cache_pickle_and_into_the_json_as_plain_objects():
    run = _sample_run()
    [again] = safe_pickle.loads(safe_pickle.dumps(run.derivations))
    assert isinstance(again.steps[0].counterexample.point, FrozenMap) and again == run.derivations[0]
    data = json.loads(json.dumps(to_dict(run), ensure_ascii=False))
    step = data["derivations"][0]["steps"][0]
    assert step["counterexample"]["point"] == {"x": "0"} and step["counterexample"]["gap"] == {
        "50": {"midpoint": "-1", "radius": "1e-50"}}
    assert step["numeric"]["coverage"] == {"random": 10, "corner": 2} and step["survives"] == {"sign": "a harmless sign"}
    assert data["versions"] == {"sympy": "1.13"}
