"""Checking runs inside one call with a large frame (verifier/frames.py), so that CPython keeps a deep,
oscillating stack in one frame chunk: the call computes exactly what the plain call computes."""
import sys

import pytest

from verifier.frames import roomy_call


def test_the_roomy_call_returns_what_the_plain_call_returns():
    assert roomy_call(divmod, 17, 5) == divmod(17, 5)
    assert roomy_call(lambda *a: a, 1, "x", None) == (1, "x", None)


def test_the_roomy_call_passes_an_exception_through_unchanged():
    class Mine(Exception):
        pass

    def raising():
        raise Mine("as raised")
    with pytest.raises(Mine, match="as raised"):
        roomy_call(raising)


@pytest.mark.skipif(sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11),
                    reason="the frame chunks are CPython 3.11's")
def test_on_cpython_3_11_the_frame_holds_room_for_thousands_of_frames():
    # 70 000 slots of 8 bytes: a chunk far larger than the 16 KiB ones a deep recursion would otherwise cross
    assert roomy_call.__code__.co_nlocals >= 70_000


def test_a_recursion_deeper_than_a_chunk_runs_inside_it():
    def depth(n):
        return 0 if n == 0 else 1 + depth(n - 1)
    assert roomy_call(depth, 500) == 500
