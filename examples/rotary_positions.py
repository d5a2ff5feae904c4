"""Rotary position embeddings (RoPE): the attention score of a rotated query and key depends only on m − n.

A query at position m is rotated by the angle mθ, a key at position n by nθ.  In complex form a pair of
coordinates is one complex number and the rotation is multiplication by e^{imθ}; in real form it is a
2 × 2 rotation per pair of coordinates, with its own frequency θ_j for each of the h pairs.
Positions are integers, queries and keys complex: the declarations say so, and the numbers sample so.
"""
import sympy as sp

from verifier import Σ, calc, complex_number, exp, index, integer, real, size, vector

q, k = complex_number("q k")
m, n, t = integer("m n t", 0, 512)            # positions and a shift
theta = real("theta", 0, 1, display="θ")
I, conj = sp.I, sp.conjugate


def score(a, b):
    """Re(q_a · conj(k_b)) for q rotated to position a and k to position b."""
    return sp.re(q * exp(I * a * theta) * conj(k * exp(I * b * theta)))


complex_form = (
    calc(q * exp(I * m * theta) * conj(k * exp(I * n * theta)),
         title="(q e^{imθ}) · conj(k e^{inθ}) = q conj(k) e^{i(m − n)θ}")
    .eq(q * conj(k) * exp(I * (m - n) * theta), "conj(e^{inθ}) = e^{−inθ} for real nθ")
)

shift_invariant = (
    calc(score(m + t, n + t), title="Shifting query and key by the same t leaves the score unchanged")
    .eq(score(m, n), "(m + t) − (n + t) = m − n")
)

absolute_positions_do_not_cancel = (
    calc(score(m + t, n), title="Shifting only the query changes the score",
         notes=["A near miss of shift_invariant, kept to show the relative-position property is not vacuous."])
    .eq(score(m, n), "claimed: the score ignores positions", expect="refuted")
)

# The real form: h planes, plane j rotated at its own frequency θ_j.
h = size("h", sizes=(2, 8, 32))
j = index("j", h)
a, b = vector("a b", h)                      # the query's two coordinates in each plane
c, e = vector("c e", h)                      # the key's
freq = vector("theta", h, 0.001, 1, positive=True, display="θ")


def rotate(angle, x, y):
    return sp.cos(angle) * x - sp.sin(angle) * y, sp.sin(angle) * x + sp.cos(angle) * y


def rotated_score(p_query, p_key):
    qx, qy = rotate(p_query * freq[j], a[j], b[j])
    kx, ky = rotate(p_key * freq[j], c[j], e[j])
    return Σ(qx * kx + qy * ky, j)


def relative_score(offset):
    kx, ky = rotate(offset * freq[j], c[j], e[j])
    return Σ(a[j] * kx + b[j] * ky, j)


real_form = (
    calc(rotated_score(m, n), title="⟨R_m q, R_n k⟩ = ⟨q, R_{n−m} k⟩ over h planes with frequencies θ_j",
         notes=["Each plane is the complex form with q_j = a_j + i b_j, k_j = c_j + i e_j; the sum over planes "
                "is what a d = 2h dimensional RoPE score is."])
    .eq(relative_score(n - m), "R_mᵀ R_n = R_{n−m} in each plane: cos and sin of a difference")
)
