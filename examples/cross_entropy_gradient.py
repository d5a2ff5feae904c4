"""The gradient of cross-entropy through softmax is p − y.

L(s) = −Σ_i y_i log p_i(s) with p = softmax(s) and y a probability vector.  A probability vector with
full support is written y_i = w_i / Σ_j w_j for positive weights w, which builds Σ y_i = 1 into y.
"""
import sympy as sp

from verifier import Σ, calc, exp, index, log, size, vector

n = size("n")
i, j, k = index("i j k", n)
s = vector("s", n)
w = vector("w", n, 0.05, 5, positive=True)


def p(a):
    return exp(s[a]) / Σ(exp(s[j]), j)


def y(a):
    return w[a] / Σ(w[j], j)


cross_entropy = -Σ(y(i) * log(p(i)), i)

gradient_is_p_minus_y = (
    calc(sp.diff(cross_entropy, s[k]), title="∂L/∂s_k = p_k − y_k for L = −Σ y_i log softmax(s)_i",
         notes=["The start is SymPy's own derivative of L with respect to s_k, a sum with a Kronecker delta "
                "in it; the engine resolves the delta and uses Σ y_i = 1."])
    .eq(p(k) - y(k), "log p_i = s_i − log Σ_j e^{s_j}, differentiate, Σ_i y_i = 1")
)

loss_is_log_partition_minus_score = (
    calc(cross_entropy, title="L = log Σ_j e^{s_j} − Σ_i y_i s_i: the form the gradient is read from")
    .eq(-Σ(y(i) * (s[i] - log(Σ(exp(s[j]), j))), i), "log p_i = s_i − log Σ_j e^{s_j}")
    .eq(log(Σ(exp(s[j]), j)) - Σ(y(i) * s[i], i), "Σ_i y_i = 1")
)

gradients_sum_to_zero = (
    calc(Σ(p(k) - y(k), k), title="The gradient sums to zero: adding a constant to every score leaves L unchanged")
    .eq(0, "Σ p = Σ y = 1")
)
