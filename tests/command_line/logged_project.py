"""Derivation files that log each import to imports.log beside their folder, for tests that see whether
a run imported a file or answered it from the results cache."""

BASE = """\
from pathlib import Path
from verifier import calc, positive
with open(Path(__file__).parent.parent / "imports.log", "a") as log:
    log.write("base\\n")
x = positive("x")
fact = calc(x + 1, title="bigger").ge(x, "adds one")
"""
USES = """\
from pathlib import Path
from verifier import calc
from derivations.base import fact, x
with open(Path(__file__).parent.parent / "imports.log", "a") as log:
    log.write("uses\\n")
use = calc(x + 2, title="uses the fact").ge(x + 1, "adds one", by=[fact])
"""
ALONE = """\
from pathlib import Path
from verifier import calc, real
with open(Path(__file__).parent.parent / "imports.log", "a") as log:
    log.write("alone\\n")
t = real("t")
square = calc((t + 1) ** 2, title="a square").eq(t ** 2 + 2 * t + 1, "expand")
"""
