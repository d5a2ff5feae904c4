"""A derivation is named where a reader meets it by its function and its file ("entropy_lower_bound
(entropy.py)" in the PDF, "entropy_lower_bound in entropy.py" in the HTML), never the program's file::function,
which stays in the JSON and in an HTML data attribute for tools."""
from __future__ import annotations

from verifier.present.report.html import defined_in
from verifier.present.report.latex import derivation_name


def test_the_pdf_names_a_derivation_by_its_function_then_its_file():
    tex = str(derivation_name("derivations/entropy.py::entropy_lower_bound"))
    assert "::" not in tex and tex.startswith(r"entropy\_\allowbreak{}lower") and "(derivations/entropy.py)" in tex


def test_the_html_names_a_derivation_by_its_function_in_its_file():
    assert defined_in("entropy.py::entropy_lower_bound") == "<code>entropy_lower_bound</code> in <code>entropy.py</code>"


def test_near_miss_a_name_without_a_file_is_kept_as_written():
    assert str(derivation_name("entropy_lower_bound")) == r"entropy\_\allowbreak{}lower\_\allowbreak{}bound"
    assert defined_in("a<b") == "<code>a&lt;b</code>"
