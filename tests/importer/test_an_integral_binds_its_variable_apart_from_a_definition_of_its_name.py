r"""`Let $t = x - 1$. Then $$\int_0^1 t\,dt + x = x + \frac{1}{2}$$`: an integral binds its own variable, whatever value
the text gives a name spelled the same (in its words or in a display `t = x - 1`).  The written file binds t to its
value, so the integral is written over a name of its own (t_bound), the same integral: the file loads and every chain
in it is checked (written over t, the file did not load and no chain of the text was checked).  So does a sum over k
after "Let $k = a + b$", its summand's k the index.  A free t beside the
integral is still the definition.  Near misses both ways: the true line is proved and its twin refuted, and an
unrelated display in the same text is checked.
"""
from __future__ import annotations

import pytest

from tests.engine import document_verdicts
from verifier.verdicts import Verdict

LET = "Let $t = x - 1$. Then\n\n$$ {} $$\n\nThe other display\n\n$$ (a + b)^2 = a^2 + 2ab + b^2 $$\n"
DISPLAY = "We set\n\n$$ t = x - 1 $$\n\nThen\n\n$$ {} $$\n"


@pytest.mark.parametrize("text", [LET, DISPLAY])
def test_an_integral_over_a_defined_name_is_read_as_its_own_variable_and_the_file_loads(text, tmp_path):
    got = document_verdicts(tmp_path, text.format(r"\int_0^1 t\,dt + x = x + \frac{1}{2}"), "t.py")
    assert got and all(v is Verdict.PROVED for v in got), got


def test_near_miss_the_twin_is_refuted(tmp_path):
    got = document_verdicts(tmp_path, LET.format(r"\int_0^1 t\,dt + x = x + 1"), "f.py")
    assert got == [Verdict.REFUTED, Verdict.PROVED], got


def test_a_sum_over_a_defined_name_is_read_over_its_own_index(tmp_path):
    # the summand's k is the sum's index too (read by name), never the defined a + b: 1 + 4 + 9 = 14
    let = "Let $k = a + b$. Then\n\n$$ {} $$\n"
    assert document_verdicts(tmp_path, let.format(r"\sum_{k=1}^{3} k^2 = 14"), "sum.py") == [Verdict.PROVED]
    assert document_verdicts(tmp_path, let.format(r"\sum_{k=1}^{3} k^2 = 15"), "sum_f.py") == [Verdict.REFUTED]


def test_a_free_name_beside_the_integral_is_still_the_definition(tmp_path):
    assert document_verdicts(tmp_path, LET.format(r"\int_0^1 t\,dt + t = x - \frac{1}{2}"), "free.py")[0] \
        is Verdict.PROVED
    # t written on the first side only reads as an equation giving t a value: never proved, never refuted
    assert document_verdicts(tmp_path, LET.format(r"\int_0^1 t\,dt + t = x"), "free_f.py")[0] is not Verdict.PROVED


def test_a_limit_over_a_defined_name_is_written_over_its_own_variable_and_a_free_name_beside_it_is_not():
    import sympy as sp
    from verifier.importer.writer import _bound_apart_from_definitions
    t, x = sp.symbols("t x", real=True)
    written = _bound_apart_from_definitions(sp.Limit(sp.sin(t) / t, t, 0) + t, {"t"})
    (limit,) = written.atoms(sp.Limit)
    assert limit.args[1].name == "t_bound" and limit.args[0] == sp.sin(limit.args[1]) / limit.args[1], written
    assert t in (written - limit).free_symbols          # the t beside the limit is the defined t
    untouched = sp.Limit(sp.sin(x) / x, x, 0)
    assert _bound_apart_from_definitions(untouched, {"t"}) == untouched
