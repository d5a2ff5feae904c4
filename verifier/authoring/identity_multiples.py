"""Matrices and vectors at which a step read as products that do not commute is looked at again: each square matrix
a positive multiple of the identity, each vector a positive multiple of one unit vector.

The import reads a side that writes matrices and vectors as products in the order written, each product one
quantity (importer/products.py); a step whose expansions differ may still hold for the text's matrices, so a
counterexample over free values of those quantities refutes nothing.  Take instead every square matrix c·I (of any
size n) and every vector a·u, with u one unit vector of length n and c, a > 0: then uᵀu = 1, (c·I)ᵀ = c·I,
(c·I)⁻¹ = (1/c)·I and ‖a·u‖ = a, so each product is a number times I, u, uᵀ, uuᵀ or 1.  Where every term of both
sides is a number times the same one of these, the step holds for those matrices exactly when the numbers agree,
and a certified counterexample to the numbers is one of the matrix step: the concrete matrices c·I and vectors a·u,
at every size.  Agreement proves nothing: a step that holds there (AB = BA) stays as it was.

Whether every declaration of the text allows such matrices (no orthogonal, projection or rectangular matrix, no
relation the text states between them) is decided by the import (importer/identity_multiples.py), which writes
the instance only where it does.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy as sp


@dataclass(frozen=True)
class IdentityMultiples:
    """The instance: the value of each product of matrices and vectors the step writes, as a number made of the
    instance's scalars (((its symbol, its value), …)), and the scalars themselves: ((c, the matrix's LaTeX), …) for
    the matrices c·I, ((a, the vector's LaTeX), …) for the vectors a·u."""
    values: tuple = ()
    matrices: tuple = ()
    vectors: tuple = ()
    # the text's conditions, in its words, that the instance satisfies (`\mathbf{A} \in \mathbb{R}^{n \times n}`):
    # they hold there, so they keep no counterexample on it from refuting the step
    satisfies: tuple = ()
    # whole numbers n ≥ 1 a matrix is raised to (A^n = cⁿ·I): declared sizes, sampled like any other
    powers: tuple = ()

    def mapping(self) -> dict:
        return dict(self.values)

    def scalars(self) -> tuple:
        """The instance's scalars, matrices first."""
        return tuple(s for s, _ in self.matrices) + tuple(s for s, _ in self.vectors)


def identity_multiples(values: dict, matrices: dict, vectors: dict | None = None, satisfies=(),
                       powers=()) -> IdentityMultiples:
    """The instance where each matrix of `matrices` ({c: its LaTeX}) is c·I and each vector of `vectors` ({a: its
    LaTeX}) is a·u, u a unit vector; `values` gives each product the step writes ({its symbol: its value there}).
    Each scalar is a positive declared symbol, and each value a number made of those scalars alone.  `satisfies`
    lists the text's conditions, in its words, that hold on the instance (a square matrix's or a vector's space);
    `powers` the whole numbers n ≥ 1 (declared sizes) the values raise a scalar to (Aⁿ = cⁿ·I)."""
    vectors = vectors or {}
    if not isinstance(values, dict) or not values:
        raise ValueError("identity_multiples(values, matrices, vectors): give the value of each product, {mat_A_x: c*a}")
    if not isinstance(matrices, dict) or not isinstance(vectors, dict) or not (matrices or vectors):
        raise ValueError("identity_multiples: matrices= and vectors= take {scalar: the matrix's or vector's LaTeX}")
    scalars = set(matrices) | set(vectors)
    powers = tuple(powers)
    if not all(isinstance(n, sp.Symbol) and n.is_integer and n.is_positive for n in powers):
        raise ValueError("identity_multiples: powers= takes declared whole numbers n ≥ 1 (sizes)")
    for s, latex in list(matrices.items()) + list(vectors.items()):
        if not isinstance(s, sp.Symbol) or s.is_positive is not True or not isinstance(latex, str):
            raise ValueError(f"identity_multiples: {s!r} is not a positive declared symbol with the LaTeX it stands for")
    out = []
    for k, v in values.items():
        if not isinstance(k, sp.Symbol):
            raise ValueError(f"identity_multiples: {k!r} is not a declared symbol (a product the step writes)")
        value = sp.sympify(v)
        if not isinstance(value, sp.Expr) or not value.free_symbols <= scalars | set(powers):
            raise ValueError(f"identity_multiples: the value of {k} is {v!r}, not a number made of the instance's "
                             "scalars")
        out.append((k, value))
    if isinstance(satisfies, str) or not all(isinstance(w, str) for w in satisfies):
        raise ValueError("identity_multiples: satisfies= takes a list of the text's conditions in its words")
    return IdentityMultiples(tuple(out), tuple(matrices.items()), tuple(vectors.items()), tuple(satisfies), powers)
