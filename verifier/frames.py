"""One call with room for a deep stack: CPython's frame chunks kept from thrashing.

CPython 3.11 keeps the frames of running Python functions in chunks of 16 KiB that it maps when the call stack
grows past a chunk's end and unmaps when it shrinks back.  SymPy's recursion, going up and down across such an
edge, costs a map, an unmap and freshly zeroed pages tens of thousands of times per second of checking (measured:
186 000 unmaps of 16 KiB in checking one derivation file, about a sixth of the checker's CPU time spent in the
kernel).  `roomy_call(fn, *args)` runs fn inside one call whose frame is large (70 000 unused local slots,
560 KiB): the chunk holding it has room for thousands more frames, so the work's stack stays in that one chunk.
What fn computes is unchanged; on an interpreter whose code objects take no such slots it is a plain call.
"""
from __future__ import annotations

import types

_SLOTS = 70_000


def _call(fn, *args):
    return fn(*args)


try:
    roomy_call = types.FunctionType(
        _call.__code__.replace(co_varnames=_call.__code__.co_varnames + tuple(f"_slot{i}" for i in range(_SLOTS)),
                               co_nlocals=_call.__code__.co_nlocals + _SLOTS),
        _call.__globals__, "roomy_call")
except (TypeError, ValueError):      # an interpreter whose code objects take no such slots
    roomy_call = _call
