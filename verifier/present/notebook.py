"""A derivation in Jupyter: its chain with a verdict per step, checked the first time it is displayed.

Derivation._repr_html_ calls derivation_html(self).  The check runs in the
notebook's own process (the notebook already runs the author's code) and is
remembered on the object until a step or experiment is added.  Formulas are
$…$ LaTeX, which Jupyter typesets.
"""
from __future__ import annotations

from html import escape

from ..verdicts import DerivationResult, Verdict
from .restated import is_restated

COLOURS = {Verdict.PROVED: "#1a7f37", Verdict.CASES: "#4d7c0f", Verdict.NUMERIC: "#0969da",
           Verdict.REFUTED: "#cf222e", Verdict.UNKNOWN: "#9a6700", Verdict.ERROR: "#8250df"}
SYMBOLS = {"=": "=", "<=": r"\le", ">=": r"\ge", "<": "<", ">": ">", "~": r"\approx", "propto": r"\propto"}
_MEMO = "_verifier_notebook_result"


def checked(d, settings=None) -> DerivationResult:
    """The derivation's result, checked now if it has not been since its last change."""
    signature = (len(d.steps), len(d.experiments), id(d.start))
    memo = d.__dict__.get(_MEMO)
    if memo is not None and memo[0] == signature:
        return memo[1]
    from ..judge.checker import check_all
    from ..settings import Settings
    # The check needs a name; the author's object keeps its own (its repr() must not change on display).
    name = d.name
    d.name = name or "derivation"
    try:
        [result] = check_all([d], settings or Settings())
    finally:
        d.name = name
    d.__dict__[_MEMO] = (signature, result)
    return result


def derivation_html(d, settings=None) -> str:
    return result_html(checked(d, settings))


def _badge(label: str, verdict: Verdict, passed: bool) -> str:
    colour = COLOURS.get(verdict, "#57606a")
    mark = "✓" if passed else "✗"
    return (f'<span style="background:{colour};color:#fff;border-radius:3px;padding:1px 6px;'
            f'white-space:nowrap">{mark} {escape(label)}</span>')


def result_html(r: DerivationResult) -> str:
    rows = []
    first = r.steps[0].lhs_latex if r.steps else ""
    if first:
        rows.append(f'<tr><td></td><td style="text-align:left">${first}$</td><td></td><td></td></tr>')
    for s in r.steps:
        detail = escape(s.reason)
        extra = "; ".join(x for x in (s.method, s.scope) if x)
        if extra:
            detail += f'<br><small style="color:#57606a">{escape(extra)}</small>'
        restated = is_restated(s)
        if s.message and (not s.passed or restated):
            detail += f'<br><small>{escape(s.message)}</small>'
        if s.counterexample:
            ce = s.counterexample
            at = ", ".join(f"{k} = {v}" for k, v in ce.point.items())
            sides = "; ".join(f"{p} digits: lhs = {ce.lhs[p]}, rhs = {ce.rhs[p]}" for p in sorted(ce.lhs))
            detail += f'<br><small>counterexample at {escape(at)}: {escape(sides)}</small>'
        rows.append(f'<tr><td>${SYMBOLS.get(s.relation, escape(s.relation))}$</td>'
                    f'<td style="text-align:left">${s.rhs_latex}$</td>'
                    f'<td style="text-align:left">{detail}</td>'
                    f'<td>{_badge("restated: checks nothing" if restated else s.label, s.verdict, s.passed)}</td></tr>')
    for e in r.experiments:
        rows.append(f'<tr><td>🧪</td><td style="text-align:left">{escape(e.title)}</td>'
                    f'<td style="text-align:left">{escape(e.claim)}<br><small>{escape(e.finding)}</small></td>'
                    f'<td>{_badge(e.verdict.value, e.verdict, e.passed)}</td></tr>')
    head = (f'<div><strong>{escape(r.title)}</strong> {_badge(r.verdict.value, r.verdict, r.passed)}'
            + (f'<br><small>{escape(r.message)}</small>' if r.message else "") + "</div>")
    conclusion = f'<div><small>conclusion: {escape(r.conclusion)}</small></div>' if r.conclusion else ""
    return f'{head}<table>{"".join(rows)}</table>{conclusion}'
