"""The run as the terminal shows it: a progress bar on a TTY, plain lines otherwise.

Plain lines (one per derivation) are what a CI log wants; a bar redrawn in
place is what a person at a terminal wants.  Colour only on a TTY, and never
under NO_COLOR (https://no-color.org): then not a single ANSI escape is written.

A restatement (a step whose two sides are the same expression) is never shown as
a plain proof: it is counted as "restated" and listed as a warning; under
strict it fails its derivation.
"""
from __future__ import annotations

import math
import os
import sys
import time

from ..verdicts import RunResult, Verdict
from .instances import instance_words, law_words
from .restated import WARNING, derivation_passes, is_restated, restated_steps

GREEN, RED, YELLOW, DIM, RESET, CLEAR_LINE = "\x1b[32m", "\x1b[31m", "\x1b[33m", "\x1b[2m", "\x1b[0m", "\x1b[2K"
BAR_WIDTH = 24


class Terminal:
    def __init__(self, stream=None, *, tty: bool | None = None, color: bool | None = None, strict: bool = False):
        self.stream = stream or sys.stdout
        self.strict = strict
        self.tty = self.stream.isatty() if tty is None else tty
        no_color = "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb"
        self.color = (self.tty and not no_color) if color is None else color
        self.total: int | None = None
        self.done = 0
        self.started = time.monotonic()
        self._bar_shown = False

    def _paint(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.color else text

    def expect(self, total: int) -> None:
        """How many derivations the run will report (known once the files are loaded)."""
        self.total = total
        self._draw_bar()

    def result(self, r) -> None:
        """One checked derivation: its line, then the bar below it again."""
        self.done += 1
        self._clear_bar()
        mark = self._mark(r)
        counts = ", ".join(f"{v} {k}" for k, v in self._counts(r).items() if v)
        print(f"{mark} {r.name:<38} {counts:<40} {r.seconds:6.1f} s", file=self.stream, flush=True)
        self._draw_bar()

    def finish(self) -> None:
        self._clear_bar()

    def _mark(self, d) -> str:
        """✓ passes, ✗ fails, ! passes with a warning (a restatement)."""
        if not derivation_passes(d, self.strict):
            return self._paint("✗", RED)
        return self._paint("!", YELLOW) if restated_steps(d) else self._paint("✓", GREEN)

    @staticmethod
    def _counts(d) -> dict[str, int]:
        """The verdict counts, with restated steps taken out of "proved" (or numeric) and counted apart."""
        counts = dict(d.counts())
        restated = restated_steps(d)
        for s in restated:
            counts[s.verdict.value] -= 1
        counts["restated"] = len(restated)
        return counts

    def _draw_bar(self) -> None:
        if not self.tty:
            return
        elapsed = time.monotonic() - self.started
        if self.total:
            filled = int(BAR_WIDTH * min(self.done, self.total) / self.total)
            bar = "█" * filled + "░" * (BAR_WIDTH - filled)
            text = f"{bar} {self.done}/{self.total} derivations  {elapsed:5.1f} s"
        else:
            text = f"{self.done} derivations checked  {elapsed:5.1f} s"
        self.stream.write("\r" + self._paint(text, DIM))
        self.stream.flush()
        self._bar_shown = True

    def _clear_bar(self) -> None:
        if self._bar_shown:
            # Without escapes (NO_COLOR), overwrite the bar with spaces instead of clearing the line.
            self.stream.write("\r" + (CLEAR_LINE if self.color else " " * 79 + "\r"))
            self._bar_shown = False

    def _guarded(self, d, what: str, show) -> None:
        """show() for one derivation; if it raises, one line naming the derivation instead of the end of the run."""
        try:
            show()
        except Exception as exc:
            where = f"{getattr(d, 'file', '?')}::{getattr(d, 'name', '?')}"
            print(f"{self._paint('✗', RED)} {where}: its {what} cannot be shown: {exc.__class__.__name__}: {exc}",
                  file=self.stream)

    def summary(self, run: RunResult) -> None:
        out = self.stream
        for d in run.derivations:
            for s in d.steps:
                if not s.passed:
                    self._guarded(d, f"step {getattr(s, 'index', '?')}", lambda d=d, s=s: self._failed_step(d, s))
                elif is_restated(s):
                    self._guarded(d, f"step {getattr(s, 'index', '?')}", lambda d=d, s=s: self._restated_step(d, s))
        for d in run.derivations:
            for e in d.experiments:
                if not e.passed:
                    self._guarded(d, "experiment", lambda d=d, e=e: self._failed_experiment(d, e))
        print("\nderivation                              proved cases numeric refuted unknown error  conclusion", file=out)
        for d in run.derivations:
            self._guarded(d, "summary line", lambda d=d: self._summary_line(d))
        ok = sum(derivation_passes(d, self.strict) for d in run.derivations)
        restated = sum(len(restated_steps(d)) for d in run.derivations)
        print(f"\n{ok}/{len(run.derivations)} derivations pass in {run.seconds:.1f} s (seed {run.seed}, "
              f"{run.dps[0]} and {run.dps[1]} digits)" + (", proofs required" if run.require_proof else "")
              + (", restatements fail (--strict)" if self.strict else ""), file=out)
        if restated:
            word = "restatement" if restated == 1 else "restatements"
            print(f"{'error' if self.strict else 'warning'}: {restated} {word}: step(s) whose two sides are "
                  f"the same expression check nothing" + ("" if self.strict else " (--strict fails them)"), file=out)
        if run.mutation is not None:
            print(self.mutation_line(run.mutation), file=out)
        if run.load_errors:       # each is its own `error:` line on stderr; said once, not twice
            n = len(run.load_errors)
            print(f"not checked: {n} file{'s' if n != 1 else ''} that cannot be loaded (the error lines say why)",
                  file=out)

    def _failed_experiment(self, d, e) -> None:
        out = self.stream
        print(f"\n{self._paint('✗', RED)} {d.file}: {d.name}: experiment {e.title!r}: {e.verdict.value}", file=out)
        print(f"    claim:   {e.claim}", file=out)
        print(f"    finding: {e.finding}", file=out)

    def _summary_line(self, d) -> None:
        c = self._counts(d)
        concl = d.conclusion if len(d.conclusion) < 70 else d.conclusion[:67] + "…"
        if c["restated"]:
            concl = f"[{c['restated']} restated] {concl}"
        mark = self._mark(d)
        print(f"{mark} {d.name:<37} {c['proved']:>6} {c.get('cases', 0):>5} {c['numeric']:>7} {c['refuted']:>7} "
              f"{c['unknown']:>7} {c['error']:>5}  {concl}", file=self.stream)

    @staticmethod
    def mutation_line(m) -> str:
        """One line: how well the checker rejects edits of these steps, as last measured."""
        if not m.measured:
            return f"mutation score: not measured for these steps (run `{m.command}`, minutes; then this again)"
        # Rounded down to 0.1%, as the report does: the two never disagree, and a score never reads better.
        line = (f"mutation score {math.floor(m.score * 1000) / 10:.1f}%: {m.killed} of {m.mutants - m.equivalent} mutants "
                f"rejected" if m.score is not None else "mutation score: no mutant to judge")
        line += f", {m.survived} survived ({len(m.unexplained)} not explained)"
        line += f"; measured on {m.measured} of {m.steps} steps"
        if m.older_engine:
            line += f", {len(m.older_engine)} by an earlier engine version"
        return line + f" (`{m.command}` measures the rest)" if m.measured < m.steps or m.older_engine else line

    def _restated_step(self, d, s) -> None:
        word = self._paint("✗", RED) if self.strict else self._paint("!", YELLOW)
        print(f"\n{word} {d.file}: {d.name}: step {s.index} ({s.relation}): "
              f"{'error' if self.strict else 'warning'}: {WARNING}", file=self.stream)
        print(f"    claim:   {s.lhs_latex}  {s.relation}  {s.rhs_latex}", file=self.stream)

    def _failed_step(self, d, s) -> None:
        out = self.stream
        cross = self._paint("✗", RED)
        if s.verdict is Verdict.ERROR:
            # A malformed step is one line: where it is and what to fix.
            print(f"\n{cross} {d.file}: {d.name}: step {s.index} ({s.relation}): error: {s.message}", file=out)
            return
        print(f"\n{cross} {d.file}: {d.name}: step {s.index} ({s.relation}): {s.label}", file=out)
        print(f"    reason:  {s.reason}", file=out)
        print(f"    claim:   {s.lhs_latex}  {s.relation}  {s.rhs_latex}", file=out)
        if s.message:
            print(f"    why:     {s.message}", file=out)
        for c in s.checks:
            print(f"    check:   {c.name}: {c.verdict.value} {c.detail}", file=out)
        if s.counterexample:
            ce = s.counterexample
            print("    at:      " + ", ".join(f"{k} = {v}" for k, v in ce.point.items()), file=out)
            if ce.instance:
                print("    matrices: " + instance_words(ce), file=out)
            if ce.law is not None:
                print("    law:     " + law_words(ce), file=out)
            for p in sorted(ce.lhs):
                print(f"    {p} digits: lhs = {ce.lhs[p]}, rhs = {ce.rhs[p]}", file=out)
            if ce.note:
                print(f"    note:    {ce.note}", file=out)
