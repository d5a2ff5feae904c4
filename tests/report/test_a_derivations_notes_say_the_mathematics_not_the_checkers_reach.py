"""A derivation's notes are in the reader's path: they say what the mathematics is (an equivalent form, why this
form), never where the checker's proof stops ("written that way, the identity is proved only at n = 1…6")."""
from __future__ import annotations

import importlib
import pathlib
import re

from verifier.authoring.chain import Derivation

DERIVATIONS = pathlib.Path(__file__).resolve().parents[2] / "derivations"
CHECKERS_REACH = re.compile(r"proved only at n\s*=|only at n = 1\s*(…|\.\.\.)|written that way, the identity is proved")


def _derivations(module_name):
    module = importlib.import_module(f"derivations.{module_name}")
    return [value for value in vars(module).values() if isinstance(value, Derivation)]


def test_the_hessians_quadratic_form_names_its_equivalent_forms_without_the_checkers_reach():
    (form,) = [d for d in _derivations("max_entropy") if "quadratic form of the Hessian" in " ".join(map(str, d.notes))]
    notes = " ".join(map(str, form.notes))
    assert "Σ_t Σ_u w_t w_u ∂²H/∂p_t∂p_u" in notes
    assert not CHECKERS_REACH.search(notes), notes


def test_no_note_of_the_entropy_derivations_speaks_of_where_a_proof_stops():
    for name in ("max_entropy", "entropy_bounds", "laplace_scale"):
        for derivation in _derivations(name):
            text = " ".join(map(str, [derivation.title, *derivation.notes]))
            assert not CHECKERS_REACH.search(text), (name, derivation.title)


def test_the_first_scale_derivations_note_names_no_constant_it_does_not_define():
    # C is the constant of another derivation (and the report's name for C(τ)): the note says the family in words.
    (target,) = [d for d in _derivations("entropy_scale") if d.title.startswith("Eq. (5) holds H = H₀ for every n")]
    notes = " ".join(map(str, target.notes))
    assert "dH/d(log n) = 0" in notes
    assert not re.search(r"\bC\s*=", notes), notes
