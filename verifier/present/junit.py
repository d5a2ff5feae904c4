"""JUnit XML (--junit PATH): one test case per step, one test suite per derivation.

CI systems read this format to show which steps failed.  A step that passes is
a passing case; a refuted, unknown or (under --require-proof) merely numeric
step is a failure whose message says why, and a refuted one carries its
counterexample; a malformed step is an error.  Experiments are cases of their
derivation too, and a file that could not be loaded is an errored case of a
suite of its own.  Written with the standard library's ElementTree.

The file is valid against Jenkins' junit-10.xsd (xunit plugin; vendored in tests/fixtures/): `file`
only on test suites, never on test cases.  Class names are the file's path relative to its project
root, dotted (derivations.softmax_basics.name), never an absolute path.  A restatement passes with a
warning (its <system-out> starts with "warning:", and its suite carries a `warning` property); under
strict it is a failure of type "restatement".
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from ..verdicts import RunResult, Verdict
from .output_files import write_output
from .restated import WARNING, is_restated

_ROOT_MARKERS = ("pyproject.toml", "derivations", ".git")


def case_name(index: int, relation: str) -> str:
    return f"step {index} ({relation})"


def counterexample_text(ce) -> str:
    if ce is None:
        return ""
    where = ", ".join(f"{k} = {v}" for k, v in ce.point.items())
    sides = "; ".join(f"{p} digits: lhs = {ce.lhs[p]}, rhs = {ce.rhs[p]}" for p in sorted(ce.lhs))
    return f"counterexample at {where}: {sides}" + (f" ({ce.note})" if ce.note else "")


def classname(file: str, name: str) -> str:
    """file::name as a dotted class name relative to the project root: derivations/x.py → derivations.x.name.
    A file outside the run's project (its results name it by its absolute path) is named relative to its
    own project root (the nearest folder above it with pyproject.toml, derivations/ or .git), else by its stem."""
    path = Path(file)
    if path.is_absolute():
        rel = Path(path.name)
        for folder in path.parents:
            if any((folder / m).exists() for m in _ROOT_MARKERS):
                rel = path.relative_to(folder)
                break
        path = rel
    parts = [p for p in path.with_suffix("").parts if p not in ("", ".", "..")]
    return ".".join(parts + [name])


def _step_problem(s, require_proof: bool, strict: bool = False) -> tuple[str, str, str] | None:
    """(element, type, message) for a step that did not pass, else None."""
    if s.passed and strict and is_restated(s):
        return "failure", "restatement", WARNING.replace("; fails under --strict", "")
    if s.passed:
        return None
    if s.verdict is Verdict.ERROR:
        return "error", "error", s.message or "malformed step"
    if s.expect_refuted:
        return "failure", "not refuted", s.message or f"expected a refutation, but the step came out {s.verdict.value}"
    if s.verdict is Verdict.REFUTED:
        ce = counterexample_text(s.counterexample)
        return "failure", "refuted", "; ".join(x for x in ("refuted", s.message, ce) if x)
    if require_proof and s.verdict in (Verdict.NUMERIC, Verdict.CASES):
        return "failure", s.verdict.value, f"{s.verdict.value} only, and a proof is required; {s.message}".strip("; ")
    return "failure", s.verdict.value, f"{s.verdict.value}: {s.message}".strip(": ")


def _seconds(value) -> str:
    """A time as junit-10.xsd's SUREFIRE_TIME allows: digits and at most three decimals, never negative."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        value = 0.0
    return f"{max(0.0, value) if value == value else 0.0:.3f}"


def build(run: RunResult, strict: bool = False) -> ET.ElementTree:
    root = ET.Element("testsuites", name="verifier")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for d in run.derivations:
        suite = ET.SubElement(root, "testsuite", name=f"{d.file}::{d.name}", file=d.file,
                              time=_seconds(d.seconds))
        counts = {"tests": 0, "failures": 0, "errors": 0}
        cls = classname(d.file, d.name)
        restated = [s for s in d.steps if is_restated(s)]
        if restated:
            props = ET.SubElement(suite, "properties")
            for s in restated:
                ET.SubElement(props, "property", name="warning",
                              value=f"{case_name(s.index, s.relation)}: {WARNING}")
        for s in d.steps:
            case = ET.SubElement(suite, "testcase", classname=cls, name=case_name(s.index, s.relation),
                                 time=_seconds(s.seconds))
            said = (f"{s.label}: {s.lhs_latex} {s.relation} {s.rhs_latex} "
                    f"— {s.reason}" + (f" [{s.method}]" if s.method else ""))
            if is_restated(s):
                said = f"warning: {WARNING}\n{said}"
            _record(case, counts, _step_problem(s, run.require_proof, strict), counterexample_text(s.counterexample))
            ET.SubElement(case, "system-out").text = said
        for e in d.experiments:
            case = ET.SubElement(suite, "testcase", classname=cls, name=f"experiment: {e.title}",
                                 time=_seconds(e.seconds))
            problem = None
            if not e.passed:
                kind = "error" if e.verdict is Verdict.ERROR else "failure"
                problem = (kind, e.verdict.value, f"{e.verdict.value}: {e.finding}")
            _record(case, counts, problem, e.finding)
        if not d.steps and not d.passed:
            case = ET.SubElement(suite, "testcase", classname=cls, name="derivation")
            _record(case, counts, ("error", "error", d.message or "the derivation has no steps"), "")
        for k, v in counts.items():
            suite.set(k, str(v))
            totals[k] += v
    if run.load_errors:
        suite = ET.SubElement(root, "testsuite", name="loading")
        counts = {"tests": 0, "failures": 0, "errors": 0}
        for message in run.load_errors:
            file = message.split(": cannot be loaded", 1)[0]
            case = ET.SubElement(suite, "testcase", classname="loading", name=file)
            _record(case, counts, ("error", "load error", message), "")
        for k, v in counts.items():
            suite.set(k, str(v))
            totals[k] += v
    for k, v in totals.items():
        root.set(k, str(v))
    root.set("time", _seconds(run.seconds))
    return ET.ElementTree(root)


def _record(case, counts, problem, details: str) -> None:
    counts["tests"] += 1
    if problem is None:
        return
    element, kind, message = problem
    counts["failures" if element == "failure" else "errors"] += 1
    ET.SubElement(case, element, type=kind, message=message).text = details or message


def write_junit(run: RunResult, path, strict: bool = False, stdout=None) -> None:
    """PATH, or standard output for `-` (see output_files: devices and pipes are written in place)."""
    import io
    tree = build(run, strict)
    ET.indent(tree)
    buffer = io.BytesIO()
    tree.write(buffer, encoding="utf-8", xml_declaration=True)
    write_output(path, buffer.getvalue() + b"\n", stdout)
