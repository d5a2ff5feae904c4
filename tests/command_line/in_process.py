"""The command line run inside the test process: `verifier.cli.main(argv)` in a given working directory, giving
back what `python -m verifier ARGS` gives, its exit code, standard output and standard error.

Starting `python -m verifier` costs a second or more (Python, SymPy, python-flint) before anything is checked.
A test whose property is the exit code, a message or the files written needs none of that: the command line
loads and checks derivation files in forked processes of its own either way (verifier/run/load.py).  Tests of
the process itself (`python -m verifier` starting, a signal, a derivation file that attacks the run, output to
the process's own standard output) keep a subprocess.
"""
from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path


def run_cli(*args, cwd: Path) -> tuple[int, str, str]:
    """(exit code, standard output, standard error) of `python -m verifier ARGS` run in `cwd`."""
    from verifier.cli import main
    out, err = io.StringIO(), io.StringIO()
    before = Path.cwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main([str(a) for a in args])
            except SystemExit as stop:        # argparse's usage errors, as the process would exit
                code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    finally:
        os.chdir(before)
    return code, out.getvalue(), err.getvalue()
