"""The evidence lower bound: log p(x) = ELBO(q) + KL(q ‖ p(·|x)) ≥ ELBO(q), for a binary latent z.

The model is written by its joint at the observed x: p(x, z = 0) = a₀ and p(x, z = 1) = a₁ (positive), so
p(x) = a₀ + a₁ and the posterior is p(z | x) = p(x, z)/p(x).  The variational law q is Bernoulli(r), r in
the open interval (0, 1), declared as the law of z (random_variable): every E below is over z ~ q, kept
unevaluated, proved by the expectation strategy from the exact finite sum over z ∈ {0, 1} and evaluated
by that sum.  For z ∈ {0, 1}: p(x, z) = a₀^{1−z} a₁^z and q(z) = (1 − r)^{1−z} r^z.
"""
from verifier import bernoulli, calc, expected, interval, log, positive, random_variable

a0, a1 = positive("a_0 a_1", low=0.01, high=0.5)
r = interval("r", 0, 1, open=True)
z = random_variable("z", bernoulli(r))

evidence = a0 + a1                          # p(x)
joint = a0 ** (1 - z) * a1 ** z             # p(x, z)
q = (1 - r) ** (1 - z) * r ** z             # q(z)
posterior = joint / evidence                # p(z | x)
ELBO = expected(log(joint) - log(q))        # E_q[log p(x, z) − log q(z)]
KL_q_posterior = expected(log(q) - log(posterior))   # KL(q ‖ p(·|x)) = E_q[log q(z) − log p(z | x)]

evidence_decomposition = (
    calc(log(evidence), title="log p(x) = ELBO(q) + KL(q ‖ p(·|x))")
    .eq(expected(log(joint) - log(posterior)),
        "log p(x) = log p(x, z) − log p(z | x) for every z, and a constant is its own mean under q")
    .eq(ELBO + KL_q_posterior, "add and subtract log q(z) inside E; E is linear")
)

post0, post1 = a0 / evidence, a1 / evidence     # p(z = 0 | x), p(z = 1 | x)

kl_nonnegative = (
    calc(KL_q_posterior, title="KL(q ‖ p(·|x)) ≥ 0 (Gibbs' inequality)",
         notes=["Step 2 is numeric only: it is u − 1 − log u ≥ 0 at u = p(z | x)/q(z) for z = 0 and z = 1, "
                "weighted by q(z), but a lemma cited at u = p(z = 0 | x)/(1 − r) is not accepted yet: the "
                "instance's hypothesis u > 0 is not shown from r's open interval (1 − r > 0)."])
    .eq((1 - r) * log((1 - r) / post0) + r * log(r / post1),
        "E over z ∈ {0, 1}: Σ_z q(z) log(q(z)/p(z | x))")
    .ge((1 - r) * (1 - post0 / (1 - r)) + r * (1 - post1 / r),
        "−log u ≥ 1 − u at u = p(z | x)/q(z), for z = 0 and z = 1")
    .eq(0, "Σ_z q(z) − Σ_z p(z | x) = 1 − 1")
)

evidence_lower_bound = (
    calc(log(evidence), title="log p(x) ≥ ELBO(q)",
         notes=["Step 2 is as strong as kl_nonnegative, whose lemma step is numeric only (see its notes)."])
    .eq(ELBO + KL_q_posterior, "the decomposition", by=[evidence_decomposition])
    .ge(ELBO, "KL(q ‖ p(·|x)) ≥ 0", by=[kl_nonnegative])
)

# False twins: the bound turned the wrong way, and the KL with its sign flipped.
bound_reversed_twin = (
    calc(log(evidence), title="a false twin: log p(x) ≤ ELBO(q)")
    .le(ELBO, "the bound in the wrong direction", expect="refuted")
)

kl_sign_flipped_twin = (
    calc(log(evidence), title="a false twin: log p(x) = ELBO(q) − KL(q ‖ p(·|x))")
    .eq(ELBO - KL_q_posterior, "the KL subtracted instead of added", expect="refuted")
)
