"""JUnit XML (--junit PATH): one test case per step, one test suite per derivation.

CI systems read this format to show which steps failed.  A step that passes is
a passing case; a refuted, unknown or (under --require-proof) merely numeric
step is a failure whose message says why, and a refuted one carries its
counterexample; a malformed step is an error.  Experiments are cases of their
derivation too, and a file that could not be loaded is an errored case of a
suite of its own.  Written with the standard library's ElementTree.
"""
from __future__ import annotations

import os
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

from ..verdicts import RunResult, Verdict


def case_name(index: int, relation: str) -> str:
    return f"step {index} ({relation})"


def counterexample_text(ce) -> str:
    if ce is None:
        return ""
    where = ", ".join(f"{k} = {v}" for k, v in ce.point.items())
    sides = "; ".join(f"{p} digits: lhs = {ce.lhs[p]}, rhs = {ce.rhs[p]}" for p in sorted(ce.lhs))
    return f"counterexample at {where}: {sides}" + (f" ({ce.note})" if ce.note else "")


def _step_problem(s, require_proof: bool) -> tuple[str, str, str] | None:
    """(element, type, message) for a step that did not pass, else None."""
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


def build(run: RunResult) -> ET.ElementTree:
    root = ET.Element("testsuites", name="verifier")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for d in run.derivations:
        suite = ET.SubElement(root, "testsuite", name=f"{d.file}::{d.name}", file=d.file,
                              time=f"{d.seconds:.3f}")
        counts = {"tests": 0, "failures": 0, "errors": 0}
        classname = f"{Path(d.file).with_suffix('').as_posix().replace('/', '.')}.{d.name}"
        for s in d.steps:
            case = ET.SubElement(suite, "testcase", classname=classname, name=case_name(s.index, s.relation),
                                 file=d.file, time=f"{s.seconds:.3f}")
            ET.SubElement(case, "system-out").text = (f"{s.label}: {s.lhs_latex} {s.relation} {s.rhs_latex} "
                                                      f"— {s.reason}" + (f" [{s.method}]" if s.method else ""))
            _record(case, counts, _step_problem(s, run.require_proof), counterexample_text(s.counterexample))
        for e in d.experiments:
            case = ET.SubElement(suite, "testcase", classname=classname, name=f"experiment: {e.title}",
                                 file=d.file, time=f"{e.seconds:.3f}")
            problem = None
            if not e.passed:
                kind = "error" if e.verdict is Verdict.ERROR else "failure"
                problem = (kind, e.verdict.value, f"{e.verdict.value}: {e.finding}")
            _record(case, counts, problem, e.finding)
        if not d.steps and not d.passed:
            case = ET.SubElement(suite, "testcase", classname=classname, name="derivation", file=d.file)
            _record(case, counts, ("error", "error", d.message or "the derivation has no steps"), "")
        for k, v in counts.items():
            suite.set(k, str(v))
            totals[k] += v
    if run.load_errors:
        suite = ET.SubElement(root, "testsuite", name="loading")
        counts = {"tests": 0, "failures": 0, "errors": 0}
        for message in run.load_errors:
            file = message.split(": cannot be loaded", 1)[0]
            case = ET.SubElement(suite, "testcase", classname="loading", name=file, file=file)
            _record(case, counts, ("error", "load error", message), "")
        for k, v in counts.items():
            suite.set(k, str(v))
            totals[k] += v
    for k, v in totals.items():
        root.set(k, str(v))
    root.set("time", f"{run.seconds:.3f}")
    return ET.ElementTree(root)


def _record(case, counts, problem, details: str) -> None:
    counts["tests"] += 1
    if problem is None:
        return
    element, kind, message = problem
    counts["failures" if element == "failure" else "errors"] += 1
    ET.SubElement(case, element, type=kind, message=message).text = details or message


def write_junit(run: RunResult, path: Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tree = build(run)
    ET.indent(tree)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    with os.fdopen(fd, "wb") as fh:
        tree.write(fh, encoding="utf-8", xml_declaration=True)
    os.replace(tmp, path)
