"""A child process that runs untrusted code under a time limit and can only answer with bytes.

The child is forked (cheap: SymPy is already imported), starts its own process
group so that everything it spawns can be killed with it, and writes its
standard output to standard error so that it cannot forge the run's output.
Whatever it does — return, raise SystemExit or KeyboardInterrupt, call
os._exit, loop forever — the parent gets either its message or one line
saying what happened.

A child's limit counts its CPU time (read from /proc where there is one), not the
wall clock, so a loaded machine stops the same children as a quiet one; a child
that uses no CPU (it sleeps, or waits on something) is stopped after WALL_FACTOR
times its limit of wall time.  With the defaults, loading one file may take 60 s
of CPU (settings.DEFAULT_LOAD_LIMIT; the kernel's cap below is 1.5 × 60 + 5 = 95 s)
and 10 × 60 + 10 = 610 s of wall time; a file stopped by the wall bound is told so
("the machine may be loaded"), as a load error of that file, never as a verdict.

The parent's polling is not the only bound, since the parent itself may be stopped:
- the kernel caps each child's CPU time (RLIMIT_CPU, set in the child, raised by the
  parent through prlimit when it extends a deadline) at KERNEL_FACTOR times its limit
  plus KERNEL_MARGIN seconds, so a child whose parent stopped looking still ends;
- every process forked from a main thread dies with its parent (interrupts.py:
  PR_SET_PDEATHSIG on Linux; elsewhere a watchdog thread in each child started here
  exits when its parent has gone), so nothing keeps running orphaned;
- while `interrupts.stopping_children()` is active (the whole of a check, see run/pipeline.py),
  SIGTERM and SIGINT kill every child this process started, each child started here
  with its whole process group, and end the process at once with status 128 + the
  signal's number.  Nothing is written on the way out: the previous report and
  results files stay as they were.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from multiprocessing.connection import wait

from ..frames import roomy_call
from ..interrupts import cap_cpu, track, untrack, watch_parent_where_unbound

# Message kinds: the first byte of every message a child sends.
DATA, ERROR, PROGRESS = b"D", b"E", b"P"

WALL_FACTOR, WALL_MARGIN = 10.0, 10.0   # wall-time backstop: for a child that uses no CPU
POLL = 0.1                              # seconds between looks at a running child's CPU time
KERNEL_FACTOR, KERNEL_MARGIN = 1.5, 5.0  # the kernel's CPU cap: above the parent's own limit, a backstop
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def kernel_cap(limit: float) -> float:
    """CPU seconds the kernel allows a child whose own limit is `limit`: a margin above it."""
    return KERNEL_FACTOR * limit + KERNEL_MARGIN


def cpu_seconds(pid: int) -> float | None:
    """CPU seconds of a running process and of the children it reaped (None where /proc cannot say)."""
    from .reads import unrecorded
    try:
        with unrecorded(), open(f"/proc/{pid}/stat", "rb") as f:    # the limit's own read, not the file's data
            fields = f.read().rsplit(b")", 1)[1].split()
        return sum(int(x) for x in fields[11:15]) / _TICK     # utime, stime, cutime, cstime
    except (OSError, ValueError, IndexError):
        return None


def _context():
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _enter(writer, target, args, own_group, parent, limit):
    if own_group:
        try:
            os.setsid()
        except OSError:
            pass
    cap_cpu(kernel_cap(limit))
    watch_parent_where_unbound(parent)
    try:
        sys.stdout.flush()
        os.dup2(2, 1)
    except OSError:
        pass
    try:
        roomy_call(target, writer, *args)
    except BaseException as exc:  # SystemExit and KeyboardInterrupt too: they are the file's failure
        try:
            writer.send_bytes(ERROR + f"{exc.__class__.__name__}: {exc}".encode("utf-8", "replace"))
        except BaseException:
            pass
    finally:
        # Skip atexit handlers and finalisers the untrusted code may have registered.
        os._exit(0)


class Child:
    """One running child; `messages` collects what it sent, `failure` says why it stopped without an answer."""

    def __init__(self, target, args: tuple, limit: float, own_group: bool = True):
        ctx = _context()
        self.reader, writer = ctx.Pipe(duplex=False)
        self.own_group = own_group
        self.process = ctx.Process(target=_enter, args=(writer, target, args, own_group, os.getpid(), limit),
                                   daemon=False)
        self.process.start()
        track(self.process.pid, own_group)
        writer.close()
        self.limit = limit
        self.started = time.monotonic()
        self.messages: list[bytes] = []
        self.failure = ""
        self.timed_out = False      # stopped at its limit (by this process, or by the kernel's CPU cap)
        self.done = False
        self.extend(limit)

    def extend(self, seconds: float) -> None:
        """From now on the child may use `seconds` more CPU time (and WALL_FACTOR times that of wall time)."""
        used = cpu_seconds(self.process.pid)
        self.cpu_deadline = None if used is None else used + seconds
        self.deadline = time.monotonic() + (seconds if used is None else WALL_FACTOR * seconds + WALL_MARGIN)
        if used is not None:
            cap_cpu(used + kernel_cap(seconds), self.process.pid)

    def next_look(self) -> float:
        """When to look at the child again: its wall deadline, or soon when its CPU time is watched."""
        return self.deadline if self.cpu_deadline is None else min(self.deadline, time.monotonic() + POLL)

    def over_limit(self) -> bool:
        if time.monotonic() >= self.deadline:
            return True
        if self.cpu_deadline is None:
            return False
        used = cpu_seconds(self.process.pid)
        return used is not None and used >= self.cpu_deadline

    def receive(self) -> None:
        """Read one message (call when the reader is ready); a closed pipe means the child stopped."""
        try:
            message = self.reader.recv_bytes()
        except (EOFError, OSError):
            self.process.join(5)
            code = self.process.exitcode
            if not any(m[:1] in (DATA, ERROR) for m in self.messages):
                self.failure = _exit_description(code)
                self.timed_out = code is not None and -code == getattr(signal, "SIGXCPU", None)
            self.finish()
            return
        self.messages.append(message)

    def expire(self) -> None:
        self.timed_out = True
        used = cpu_seconds(self.process.pid)
        if self.cpu_deadline is not None and used is not None and used < self.cpu_deadline:
            wall = time.monotonic() - self.started
            self.failure = (f"was stopped after {wall:.0f} s of wall time, having used only {used:.1f} s of CPU "
                            f"(its limit is {self.limit:g} s of CPU): the machine may be loaded, or the file "
                            f"waits on something; no verdict was given")
        else:
            self.failure = f"took longer than the limit of {self.limit:g} s and was stopped"
        self.finish()

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        for kill in ((os.killpg, os.kill) if self.own_group else (os.kill,)):
            try:        # the process itself too: it may not have made its own group yet
                kill(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError, OSError):
                pass
        self.process.join(5)
        untrack(self.process.pid)
        self.reader.close()

    def answer(self) -> tuple[bytes | None, str]:
        """(payload of the DATA message, "") or (None, why there is none)."""
        for m in self.messages:
            if m[:1] == DATA:
                return m[1:], ""
            if m[:1] == ERROR:
                return None, m[1:].decode("utf-8", "replace")
        return None, self.failure or "stopped without an answer"


def _exit_description(code) -> str:
    if code is None:
        return "stopped without an answer"
    if code < 0:
        if -code == getattr(signal, "SIGXCPU", None):
            return "used more CPU time than its limit allows and was stopped by the kernel (SIGXCPU)"
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"its process was killed by {name}"
    return f"its process exited (exit code {code}) before answering, e.g. by os._exit"


def run_all(children_args, jobs: int, on_message=None, own_group: bool = True) -> list[Child]:
    """Run (target, args, limit) triples, at most `jobs` at a time, until each answers, fails or expires.

    on_message(k, child, message) sees every message as it arrives (e.g. to extend a deadline).
    """
    pending = list(enumerate(children_args))
    running: dict[int, Child] = {}
    finished: dict[int, Child] = {}
    try:
        while pending or running:
            while pending and len(running) < max(1, jobs):
                k, (target, args, limit) = pending.pop(0)
                running[k] = Child(target, args, limit, own_group)
            now = time.monotonic()
            timeout = max(0.0, min(c.next_look() for c in running.values()) - now)
            ready = wait([c.reader for c in running.values()], timeout=timeout)
            for k, child in list(running.items()):
                if child.reader in ready:
                    before = len(child.messages)
                    child.receive()
                    if on_message and len(child.messages) > before:
                        on_message(k, child, child.messages[-1])
                    if child.messages and child.messages[-1][:1] in (DATA, ERROR):
                        child.finish()
                elif child.over_limit():
                    child.expire()
                if child.done:
                    finished[k] = running.pop(k)
    finally:
        for child in running.values():
            child.expire()
    return [finished[k] for k in range(len(children_args))]


def run_one(target, args: tuple, limit: float, own_group: bool = True) -> tuple[bytes | None, str]:
    """Run one child to its end; a child of a child stays in its parent's group, so both die together."""
    [child] = run_all([(target, args, limit)], 1, own_group=own_group)
    return child.answer()
