r"""The claims register: every distinct claim of the three seed texts, and what checks it.

One entry per claim: its id, where the seed makes it, a short quote, the text as written (written=: the
display's LaTeX, or a sentence quoted verbatim), the text's own premises, and what addresses it.  A claim
that is a display of seed 000 or 001 names that display imported as written (line=, derivations/texts/):
its status comes from that line's verdict, and the hand-written derivations named under the keyword are
further links (the line cites them with by=); a claim is as strong as its weakest link, which it names.
Prose claims, and the displays the import refuses (refused= names the construct), rest on the hand-written
derivations alone.  A refutation counts against the text only under the text's premises: results under
other models (random Gaussian q, k, correlated noise, peaked scores, a constant fixed where the text leaves
it free, exact proportionality for "∝") are named under beyond= and never change the status.  The status
shown in the JSON and the report is computed from verdicts (verifier/judge/claims.py); nothing here says
whether a claim holds.  A claim no derivation addresses says why, so nothing goes missing silently.

The file starts with an underscore because it holds no derivation; verifier.loader.project_claims
collects it.
"""
from verifier import claim, seed

from derivations.attention_cost_and_sparsity import (attention_operation_count, mass_off_the_peak,
                                                     sparsity_needs_a_large_gap, weight_below_gap,
                                                     weights_not_sparse_at_unit_scale)
from derivations.entropy_bounds import (entropy_at_most_log_n, entropy_equal_scores, entropy_nonnegative,
                                        one_hot_entropy, one_hot_limit, one_hot_limit_generic,
                                        one_hot_limit_fails_at_ties)
from derivations.entropy_decomposition import entropy_decomposition
from derivations.entropy_scale import (aligned_inner_product_grows_like_d, aligned_inverse_d_scale, flat_entropy_scale,
                                       inner_product_grows_like_d, inverse_d_scale_from_the_premise,
                                       half_tied_entropy, half_tied_seed_scale_not_flat, inverse_d_scale_not_flat,
                                       one_peak_corrected_scale, one_peak_seed_scale_not_flat,
                                       scale_affine_in_log_n, scale_asymptotically_log_n,
                                       scale_not_proportional_to_log_n, scale_with_dimension,
                                       target_entropy_scale)
from derivations.gaussian_kernel import (equal_norm_attention_d2, equal_norm_attention_d3, kernel_posterior_d2,
                                         kernel_posterior_d3, unequal_norms_not_attention_d2,
                                         unequal_norms_not_attention_d3)
from derivations.max_entropy import (dual_curvature, dual_gradient, gibbs_gap, gibbs_inequality, kkt_cross_check,
                                     lagrangian_gradient, multiplier_gamma, negative_definite, normalised_solution,
                                     normaliser, scaled_score_variance, stationary_point, stationary_point_is_root)
from derivations.max_likelihood import (constant_variance_is_not_attention, mle_gradient, mle_gradient_vanishes,
                                        mle_hessian_negative_definite, mle_is_attention, mle_log_likelihood,
                                        mle_precision_weighted_mean, mle_precision_weights_sum_to_one,
                                        mle_unique_maximum)
from derivations.mean_field import (entropy_approximation, entropy_lower_bound, eq5_fails_at_large_lambda,
                                    eq5_not_second_order, focus_on_max, focus_on_max_unique,
                                    focus_on_max_with_a_tie, mean_field, mean_field_fails_at_large_lambda,
                                    mean_field_jensen, mean_field_second_order, tied_weight_does_not_tend_to_one,
                                    tied_weight_tends_to_half)
from derivations.noise_robustness import (factoring_fails_for_correlated_noise, factoring_gaussian_noise,
                                          factoring_uniform_noise, fluctuation_variance_as_an_expectation,
                                          noisy_attention_output, output_variance_uniform_weights,
                                          remainder_is_first_order_in_the_fluctuations,
                                          student_t_noise_has_no_exponential_moment)
from derivations.peaked_noise import peaked_scores_participation
from derivations.softmax_basics import (higher_score_higher_weight, own_score_derivative, weight_falls_with_another_score,
                                        weights_positive,
                                        weight_increases_with_its_score,
                                        weights_sum_to_one)
from derivations.softmax_gradient import (gradients_do_not_vanish_at_ties, jacobian_positive_semidefinite,
                                          jacobian_trace_below_entropy, jacobian_trace_with_ties,
                                          jacobian_vanishes_at_one_hot, softmax_jacobian, uniform_jacobian_trace,
                                          uniform_trace_is_largest)
from derivations.texts import seed_000_entropy_invariance as text_000
from derivations.texts import seed_001_robustness_and_information as text_001
from derivations.temperature_bound import (entropy_floor, f_never_below_minus_C,
                                           gap_at_unit_temperature, gap_at_unit_temperature_upper,
                                           min_entropy_vanishes, near_optimal_vertex_tends_to_floor,
                                           two_valued_entropy, vertex_entropy_small_temperature,
                                           vertex_lemma_falling, vertex_lemma_rising, vertex_minimum_tends_to_floor)

# ------------------------------------------------------------------------------------------------ seed 000

# "directly assume s_1, s_2, …, s_n ∈ ℝ" and "a scaling factor λ": every claim of seed 000 is under these
# (derivations/texts/seed_000_entropy_invariance.py declares them); the later claims add what the text adds.
SCORES_000 = "s_1, …, s_n ∈ ℝ (any n ≥ 1, ties allowed); p = softmax(λ s) with a scaling factor λ > 0"
SCALE_000 = (SCORES_000 + "; 'eliminate the influence of the length n': eq. (5)'s entropy held at one H₀ for every n; "
             "'⟨q, k⟩ ∝ d': s_max − s̄ = δ·d with δ free of d; κ, H₀ and δ left free")
GAUSSIAN_QK = ("random q, k ~ N(0, I_d), for which ⟨q, k⟩ has size √d, not ∝ d: the text's premise "
               "'⟨q, k⟩ ∝ d' excludes them")

c000_eq1 = claim(
    "000-eq1", seed("000", "eq. (1)"), "Attention(Q, K, V) = softmax(κ log n/d · QKᵀ)V",
    written=r"Attention(Q,K,V) = softmax\left(\frac{\kappa \log n}{d}QK^{\top}\right)V",
    not_checked="a definition (attention with the scale κ log n/d), whose matrix product with the transpose QKᵀ "
                "is not checked as written (the checked lines relate scalars); what it is said to achieve is 000-entropy-invariant, and its scale is eq. (6)")

c000_softmax = claim(
    "000-def", seed("000", "definition of p_i"), "p_i = e^{λ s_i}/Σ e^{λ s_i} is the softmax of λ s",
    written=r"$$p_i = \frac{e^{\lambda s_i}}{\sum_{i=1}^n e^{\lambda s_i}}$$ Obviously, this is the result of applying "
            r"Softmax to $s_1, s_2, \dots, s_n$ after multiplying them by a scaling factor $\lambda$.",
    not_checked="a definition (the weights p_i of the scores λs_i), which the next sentence names the softmax; it "
                "claims nothing.  What the text then uses of it, weights that sum to one, is proved where it is "
                "used (000-eq2)")

c000_eq2 = claim(
    "000-eq2", seed("000", "eq. (2)"), "H = log Σ e^{λ s_i} − λ Σ p_i s_i = log n + log(1/n Σ e^{λ s_i}) − λ Σ p_i s_i",
    written=r"""H =&\, -\sum_{i=1}^n p_i \log p_i = \log\sum_{i=1}^n e^{\lambda s_i} - \lambda\sum_{i=1}^n p_i s_i \\
=&\, \log n + \log\frac{1}{n}\sum_{i=1}^n e^{\lambda s_i} - \lambda\sum_{i=1}^n p_i s_i""",
    premises=SCORES_000, line=text_000.eq_2, holds=[entropy_decomposition])

c000_eq3 = claim(
    "000-eq3", seed("000", "eq. (3)"), "log(1/n Σ e^{λ s_i}) ≈ λ s̄ (mean field)",
    written=r"\log\frac{1}{n}\sum_{i=1}^n e^{\lambda s_i}\approx \log\exp\left(\frac{1}{n}\sum_{i=1}^n \lambda s_i\right) = \lambda \bar{s}",
    premises=SCORES_000, line=text_000.eq_3,
    regime=("λ → 0, error λ² Var(s)/2 + O(λ³); a lower bound for every λ", [mean_field, mean_field_second_order,
                                                                           mean_field_jensen]),
    refuted_by=[mean_field_fails_at_large_lambda])

c000_eq4 = claim(
    "000-eq4", seed("000", "eq. (4)"), "λ Σ p_i s_i ≈ λ s_max",
    written=r"\lambda\sum_{i=1}^n p_i s_i \approx \lambda s_{\max}",
    premises=SCORES_000, line=text_000.eq_4,
    regime=("λ → ∞ (ties included); an upper bound for every λ", [focus_on_max, focus_on_max_unique,
                                                                 focus_on_max_with_a_tie]))

# "Softmax tends to one-hot for a unique maximum" is one fact under 000-focus and 001-large-init: both cite its
# general statement (entropy_bounds.one_hot_limit_generic), so it has one status in both; the one-top-and-equal-
# others case (mass_off_the_peak, one_hot_limit) is proved, the general one is checked by numbers only.
c000_focus = claim(
    "000-focus", seed("000", "before eq. (4)"), "Softmax tends to focus on the max element",
    written=r"Furthermore, we know that Softmax tends to focus on the $\max$ element",
    premises=SCORES_000,
    regime=("λ → ∞ with a unique maximum; k tied maxima share the weight equally",
            [one_hot_limit_generic, tied_weight_tends_to_half, mass_off_the_peak]),
    refuted_by=[tied_weight_does_not_tend_to_one, one_hot_limit_fails_at_ties])

c000_eq5 = claim(
    "000-eq5", seed("000", "eq. (5)"), "H ≈ log n − λ(s_max − s̄)",
    written=r"H\approx \log n - \lambda(s_{\max} - \bar{s})",
    premises=SCORES_000, line=text_000.eq_5,
    as_bound=("a lower bound: H ≥ log n − λ(s_max − s̄) for every λ > 0; as an approximation its error is of first "
              "order as λ → 0, not second, and unbounded as λ → ∞", [entropy_lower_bound, entropy_approximation]),
    refuted_by=[eq5_not_second_order, eq5_fails_at_large_lambda])

c000_log_n = claim(
    "000-lambda-log-n", seed("000", "after eq. (5)"), "to remove the influence of n we need λ ∝ log n",
    written=r"Thus, according to the above equation, we need $\lambda \propto \log n$.",
    premises=SCORES_000 + "; eq. (5)'s entropy ('according to the above equation'), n the quantity that varies",
    under=("s_max − s̄ independent of n (not stated by the text, but implicit in this step: eq. (5) gives λ ∝ log n "
           "only if it holds), and for eq. (5)'s approximate entropy only; λ = (log n − H₀)/(s_max − s̄) "
           "is affine in log n: ∝ log n as n → ∞, and exactly only at H₀ = 0",
           [target_entropy_scale, flat_entropy_scale, scale_affine_in_log_n, scale_asymptotically_log_n]),
    beyond=("∝ read as exact proportionality at a fixed H₀ ≠ 0, and the exact entropy of one peak among equal "
            "scores at κ ∈ [0.5, 1.5]: the text reasons on eq. (5)'s entropy and leaves its constant free",
            [scale_not_proportional_to_log_n, one_peak_seed_scale_not_flat]))

# The seed says nothing of q and k but that they are the attention's query and key, so '⟨q, k⟩ ∝ d' is judged over
# all of them: aligned q, k (a fixed cosine, norms ∝ √d, the model of laplace_scale.py) satisfy it, and random
# q, k ~ N(0, I_d), inside those premises, do not (|q·k| ~ √d); their data count against it.  Only the claims that
# take '⟨q, k⟩ ∝ d' as their premise (000-lambda-d, 000-eq6) set the Gaussian data aside.
c000_qk = claim(
    "000-qk-d", seed("000", "after eq. (5)"), "⟨q, k⟩ ∝ d (d the vector dimension)",
    written=r"the form of $s$ is such that $\langle \boldsymbol{q}, \boldsymbol{k}\rangle \propto d$ (where $d$ "
            r"is the vector dimension)",
    premises="q, k the attention's query and key, d their dimension; nothing more is said of them",
    under=("aligned q, k (fixed cosine, norms ∝ √d), an assumption the text does not state; random q, k ~ N(0, I_d) "
           "have ⟨q, k⟩ of size √d", [aligned_inner_product_grows_like_d]),
    contradicted_by=[inner_product_grows_like_d])

c000_lambda_d = claim(
    "000-lambda-d", seed("000", "after eq. (5)"), "so we need λ ∝ 1/d",
    written=r"so we need $\lambda \propto \frac{1}{d}$",
    premises=SCORES_000 + "; ⟨q, k⟩ ∝ d, so s_max − s̄ = δ·d with δ free of d; eq. (5)'s entropy held at one H₀",
    holds=[inverse_d_scale_from_the_premise, target_entropy_scale],
    beyond=(GAUSSIAN_QK + "; there λ ∝ 1/d drives H to log n as d grows", [inverse_d_scale_not_flat]))

# Eq. (6) as written, under the premises the text states before it (declared in the imported file): exact in d,
# and ∝ log n in n as n → ∞ (λ is affine in log n, so exactly ∝ only at H₀ = 0, a value the text leaves free).
c000_eq6 = claim(
    "000-eq6", seed("000", "eq. (6) and eq. (1)"), "λ ∝ log n / d: Attention = softmax(κ log n/d · QKᵀ)V",
    written=r"\lambda\propto \frac{\log n}{d}",
    premises=SCALE_000, line=text_000.eq_6,
    under=("δ = (s_max − s̄)/d also free of n: not stated by the text (its '⟨q, k⟩ ∝ d' speaks of d only), but "
           "implicit in its step 'according to the above equation, we need λ ∝ log n'; "
           "then λ is exactly ∝ 1/d in d, and in n ∝ log n as n → ∞ (λ = (log n − H₀)/(δd) is affine in log n)",
           [target_entropy_scale, scale_asymptotically_log_n, aligned_inverse_d_scale]),
    beyond=(GAUSSIAN_QK + "; and ∝ read as exact proportionality in n at a fixed H₀ ≠ 0",
            [scale_with_dimension, scale_not_proportional_to_log_n]))
# The headline: "a version of the attention mechanism with entropy-invariant properties" (eq. (1)).  The text
# defines entropy invariance as "the desire to eliminate the influence of the length n as much as possible" (line 20),
# which leaves two readings open, and they come out differently: on eq. (5)'s entropy, the text's own measure, the
# scale holds under the assumption implicit in the step to λ ∝ log n, s_max − s̄ free of n (000-eq6, 000-lambda-log-n),
# with λ = (log n − H₀)/(δd) affine in log n;
# on the entropy itself, half the scores tied at the top keep H ≥ log(n/2) at every scale (half_tied_entropy, proved;
# half_tied_seed_scale_not_flat, a certificate at one κ), and one peak among equal scores moves with n at a κ of
# [0.5, 1.5] (one_peak_seed_scale_not_flat).  A reading that is not settled is never refuted nor proved: the claim
# names each reading's derivations and says what each gives, and its status is "reading not settled".
c000_headline = claim(
    "000-entropy-invariant", seed("000", "opening sentence and eq. (1)"),
    "Attention = softmax(κ log n/d · QKᵀ)V has entropy-invariant properties",
    written="we derived a version of the attention mechanism with entropy-invariant properties",
    premises=SCALE_000 + "; 'the so-called entropy invariance is the desire to eliminate the influence of the "
                         "length n as much as possible' (line 20)",
    refused="eq. (1): a matrix product with the transpose QKᵀ, while the checked lines relate scalars; its scale "
            "λ = κ log n/d is eq. (6)",
    readings=("the text's 'entropy invariance' ('eliminate the influence of the length n as much as possible') "
              "leaves its reading open, and the two readings come out differently.  On eq. (5)'s entropy, the "
              "text's own measure, it holds under the assumption implicit in the text's step to λ ∝ log n, "
              "s_max − s̄ free of n, which the text does not state (000-eq6, 000-lambda-log-n): "
              "λ = (log n − H₀)/(δd) holds it at H₀, which is κ log n/d only as n → ∞ or at H₀ = 0.  On the "
              "entropy −Σ p_i log p_i itself, it fails inside the text's premises, with that assumption added: "
              "with half the scores tied at the top (s_max − s̄ free of n) H ≥ log(n/2) at every scale (proved), "
              "so for every κ, and one peak among equal scores moves with n (certified at one κ of [0.5, 1.5])",
              [target_entropy_scale, scale_asymptotically_log_n, half_tied_entropy, half_tied_seed_scale_not_flat,
               one_peak_seed_scale_not_flat]),
    beyond=("a scale the text does not write, λδ = log n + log log n + c, under which one score above n − 1 equal "
            "ones has H → e^{−c}", [one_peak_corrected_scale]))

# Not a claim of this seed: "H ≈ log n − 0.24 λd" is the cited article's (laplace_scale.py reconstructs it and shows
# the 0.24 is g(1) = ½ log φ of a rate that is not linear in λ); it is kept out of the register's counts.

# ------------------------------------------------------------------------------------------------ seed 001

NOISE_001 = ("s_i ∈ ℝ with values v_i; ε_i i.i.d. noise, and 'ε_i and s_i, v_i are mutually independent' (the text's "
             "words under eq. (3))")
ENTROPY_001 = "p_i = e^{s_i}/Σ e^{s_i} for real s_i, H = −Σ p_i log p_i"
COSINE_001 = "p_i = e^{cos θ_i/τ}/Σ e^{cos θ_i/τ} (eq. (5)) for any angles θ_i, τ = 1 unless said"
# Eq. (3)'s first equality, õ = (1/n Σ …)/(1/n Σ …), is imported (derivations/texts/seed_001_…::eq_3); it only
# divides above and below by n, so it checks nothing (the vacuous-step check says so) and supports no claim.  The
# claims of eq. (3) are its ≈ and its last equalities, which the seed file does not hold: the ≈ says nothing about
# one draw at finite n, and E[e^ε] cancels only when 0 < E[e^ε] < ∞; the hand-written derivations check them.
EQ3_REFUSED = ("eq. (3) past its first equality: its expectations 𝔼_i[…] and 𝔼[e^ε] are not checked as the text "
               "writes them; its first equality (seed_001_robustness_and_information.eq_3) only rescales numerator and "
               "denominator by 1/n: a restatement with nothing to check")

c001_eq1 = claim(
    "001-eq1", seed("001", "eq. (1)"), "o = Σ e^{s_i} v_i / Σ e^{s_i}",
    written=r"o = \frac{\sum\limits_{i=1}^n e^{s_i} v_i}{\sum\limits_{i=1}^n e^{s_i}}",
    not_checked="a definition (the attention output); nothing to check")

c001_eq2 = claim(
    "001-eq2", seed("001", "eq. (2)"), "õ = Σ e^{s_i+ε_i} v_i / Σ e^{s_i+ε_i}, ε_i i.i.d.",
    written=r"\tilde{o} = \frac{\sum\limits_{i=1}^n e^{s_i+\varepsilon_i} v_i}{\sum\limits_{i=1}^n e^{s_i+\varepsilon_i}}",
    not_checked="a definition (the noisy output); nothing to check")

c001_robust = claim(
    "001-robust", seed("001", "Robustness"), "softmax attention is naturally resistant to i.i.d. noise: õ ≈ o",
    written=r"the attention mechanism is naturally resistant to this kind of noise, i.e. $\tilde{o}\approx o$",
    premises=NOISE_001,
    instances=("Var(e^ε) < ∞ (E[e^{2ε}] < ∞) and the weights spread out (Σ p_i² → 0), assumptions the text does not "
               "state; proved in pieces and for instances: õ − o is exactly a remainder R, R is first order in the "
               "fluctuations, their variance is Var(e^ε) Σ a_i² with a_i = p_i (v_i − o)/E[e^ε] (uniform noise) and, for uniform weights, of order "
               "1/n; the step from that variance to õ → o (Chebyshev) is argued, not checked.  The error is then of "
               "the order of (Σ p_i²)^{1/2}, n^{−1/2} for weights of size 1/n, and grows with the noise variance; with peaked weights it does not fall like n^{−1/2} (Gaussian scores of "
           "sd 3 or 5: Σ p_i² ≈ e^{σ_s²}/n only once n ≫ e^{4σ_s²}; at n = 16384 the measured mean Σ p_i² is 0.048 and 0.26 and the "
           "fitted slope of the error is near 0)",
           [noisy_attention_output, remainder_is_first_order_in_the_fluctuations,
            fluctuation_variance_as_an_expectation,
            output_variance_uniform_weights]),
    contradicted_by=[student_t_noise_has_no_exponential_moment, peaked_scores_participation],
    beyond=("noise correlated with the scores (the text assumes ε ⫫ (s, v))", [factoring_fails_for_correlated_noise]))
# Its boundary, Σ p_i² → 0, inside the text's premises (it takes any real s_i): peaked_noise.peaked_scores_participation shows E[e^{2σ_s Z}] = e^{σ_s²} E[e^{σ_s Z}]² (so
# Σ p_i² ≈ e^{σ_s²}/n only once n ≫ e^{4σ_s²}), and its Monte Carlo (noise σ = 0.5, n = 16…16384) contradicts the rate
# for score sd 3 and 5 while sd 1, the project's model, keeps it.

c001_eq3 = claim(
    "001-eq3", seed("001", "eq. (3)"), "õ = E_i[e^{s_i+ε_i} v_i]/E_i[e^{s_i+ε_i}] ≈ E_i[e^{s_i} v_i]/E_i[e^{s_i}] = o",
    written=(r"\tilde{o} = \frac{\frac{1}{n}\sum\limits_{i=1}^n e^{s_i+\varepsilon_i} v_i}{\frac{1}{n}\sum\limits_{i=1}^n "
             r"e^{s_i+\varepsilon_i}}=\frac{\mathbb{E}_i[e^{s_i+\varepsilon_i} v_i]}{\mathbb{E}_i[e^{s_i+\varepsilon_i}]}"
             r"\approx \frac{\mathbb{E}_i[e^{s_i}v_i]\mathbb{E}[e^{\varepsilon}]}{\mathbb{E}_i[e^{s_i}]"
             r"\mathbb{E}[e^{\varepsilon}]}=\frac{\mathbb{E}_i[e^{s_i}v_i]}{\mathbb{E}_i[e^{s_i}]}=o"),
    not_checked="the chain as a whole: its first equality only multiplies above and below by 1/n, a restatement "
                "with nothing to check; its ≈ is the claim 001-eq3-factor, its last equalities 001-eq3-cancel, and what it "
                "concludes, õ ≈ o, is 001-robust")

c001_eq3_factor = claim(
    "001-eq3-factor", seed("001", "eq. (3), the ≈"),
    "E_i[e^{s_i+ε_i} v_i] ≈ E_i[e^{s_i} v_i] E[e^ε]: the expectation of the product is the product of expectations",
    written=r"The approximate equality uses the fact that $\varepsilon_i$ and $s_i,v_i$ are mutually independent, so "
            r"the expectation of the product equals the product of the expectations.",
    premises=NOISE_001, refused=EQ3_REFUSED,
    instances=("the product rule for independent ε, proved for two laws: (s, v) on two points with Gaussian or with "
               "uniform ε; the general rule is the textbook fact, not checked here.  The text's ≈ for one draw at "
               "finite n is 001-robust's (fluctuations of order (Σ p_i²)^{1/2})",
               [factoring_gaussian_noise, factoring_uniform_noise]),
    beyond=("noise correlated with the scores, which the text's 'mutually independent' excludes",
            [factoring_fails_for_correlated_noise]))

c001_eq3_cancel = claim(
    "001-eq3-cancel", seed("001", "eq. (3), last equalities"), "E[e^ε] cancels, leaving E_i[e^s v]/E_i[e^s] = o",
    written=r"\frac{\mathbb{E}_i[e^{s_i}v_i]\mathbb{E}[e^{\varepsilon}]}{\mathbb{E}_i[e^{s_i}]\mathbb{E}[e^{\varepsilon}]}"
            r"=\frac{\mathbb{E}_i[e^{s_i}v_i]}{\mathbb{E}_i[e^{s_i}]}=o",
    premises=NOISE_001, refused=EQ3_REFUSED,
    under=("0 < E[e^ε] < ∞", [noisy_attention_output]),
    contradicted_by=[student_t_noise_has_no_exponential_moment])

c001_distribution = claim(
    "001-distribution", seed("001", "before eq. (4)"), "p_i = e^{s_i}/Σ e^{s_i} is a discrete probability distribution",
    written=r"then $p_i$ describes a discrete probability distribution", premises=ENTROPY_001,
    holds=[weights_positive, weights_sum_to_one])

# The two bounds and the equal-score case attaining log n; the one-hot limit (H → 0) is 001-one-hot's.
c001_eq4 = claim(
    "001-eq4", seed("001", "eq. (4)"), "H = −Σ p_i log p_i ∈ [0, log n]",
    written=r"H = -\sum_{i=1}^n p_i\log p_i\quad\in[0,\log n]",
    premises=ENTROPY_001, line=text_001.eq_4,
    holds=[entropy_nonnegative, entropy_at_most_log_n, entropy_equal_scores])

# Exact: the one-hot distribution's entropy is 0 (the closed form and its limit); the general one-hot limit for
# any unique maximum (one_hot_limit_generic, numeric) is 001-large-init's fact, not this one's.
c001_one_hot_zero = claim(
    "001-one-hot", seed("001", "Information Content"), "a one-hot distribution has zero information content",
    written="A one-hot distribution has zero information content", premises=ENTROPY_001,
    holds=[one_hot_entropy, one_hot_limit])

c001_large_init = claim(
    "001-large-init", seed("001", "Information Content"), "if s_i are initialised very large, p approaches one-hot",
    written=r"if we initialize $s_i$ to be very large, then $p_i$ approaches a one-hot distribution",
    premises=ENTROPY_001,
    regime=("a unique largest score; k tied maxima share the weight", [one_hot_limit, one_hot_limit_generic]),
    refuted_by=[tied_weight_does_not_tend_to_one])

c001_vanishing = claim(
    "001-vanishing-gradients", seed("001", "Information Content"),
    "near one-hot, training becomes impossible due to vanishing gradients",
    written="at which point training becomes impossible due to vanishing gradients", premises=ENTROPY_001,
    regime=("a unique largest score, read as 'the gradient through the softmax vanishes' (‖J‖ ≤ tr J ≤ H → 0); "
            "its boundary is ties: k tied maxima give tr J → 1 − 1/k.  'Training becomes impossible' is not a "
            "mathematical statement", [softmax_jacobian, jacobian_positive_semidefinite, jacobian_trace_below_entropy,
                                        jacobian_vanishes_at_one_hot, jacobian_trace_with_ties]),
    refuted_by=[gradients_do_not_vanish_at_ties])

c001_uniform = claim(
    "001-uniform-init", seed("001", "Information Content"),
    "initialise as uniform as possible, so that the information available is as large as possible",
    written="This is why we should initialize models to be as uniform as possible, to ensure that the amount of "
            "information available for extraction is as large as possible.",
    premises=ENTROPY_001,
    holds=[entropy_at_most_log_n, entropy_equal_scores, uniform_jacobian_trace, uniform_trace_is_largest])

c001_eq5 = claim(
    "001-eq5", seed("001", "eq. (5)"), "p_i = e^{cos θ_i/τ}/Σ e^{cos θ_i/τ}",
    written=r"p_i = \frac{e^{(\cos\theta_i) / \tau}}{\sum\limits_{i=1}^n e^{(\cos\theta_i)/\tau}}",
    not_checked="a definition (the weights of contrastive learning at temperature τ over cosines); nothing to check. "
                "It is not checked as a line of the text, being a second definition of p, which eq. (4) has used; the claims that rest on "
                "it are the τ = 1 bounds below, checked under it as their premise")

c001_upper = claim(
    "001-tau1-upper", seed("001", "eq. (5), τ = 1"), "if τ = 1 the upper bound of the entropy is log n",
    written=r"If $\tau=1$, then the upper bound on the information entropy is $\log n$", premises=COSINE_001,
    holds=[entropy_at_most_log_n, entropy_equal_scores])

# "The lower bound" says two things: H ≥ log n − C(1) for every n (entropy_floor, from the vertex lemmas and
# f ≥ −C), and that no larger constant works, the bound is tight: the vertex minimum of H minus log n tends to
# −C(1) (near_optimal_vertex_tends_to_floor proves it for every τ; vertex_minimum_tends_to_floor is the τ = 1
# statement itself, a minimum over r = 1…n, numeric).  The status is "supported, not proved", and stays so until
# the vertex lemma is proved: (1) vertex_lemma_rising/falling end in "an integral of a nonnegative integrand over an
# interval of nonnegative length is ≥ 0", for which no strategy exists (the integrand's sign is proved by nothing
# either: it needs t ≤ x ≤ m inside the integral), so they are numeric; (2) the move of one coordinate at a time to
# its better end, which takes the minimum over the cube to a vertex, is an induction over the n coordinates written
# in entropy_floor's notes, not a step; entropy_floor cites the lemmas, so its first step is numeric too, and its
# second (min_r f(r/n) ≥ −C from f ≥ −C) is numeric as well: no strategy carries a bound through a minimum.  The rest
# (two_valued_entropy, f ≥ −C, the constant to 30 digits, the tightness limit for every τ) is proved.
c001_floor = claim(
    "001-tau1-floor", seed("001", "eq. (5), τ = 1"), "the lower bound is approximately log n − 0.4745",
    written=r"but the lower bound is approximately $\log n - 0.4745$", premises=COSINE_001,
    holds=[entropy_floor, vertex_lemma_rising, vertex_lemma_falling, two_valued_entropy, f_never_below_minus_C,
           gap_at_unit_temperature, gap_at_unit_temperature_upper, near_optimal_vertex_tends_to_floor,
           vertex_minimum_tends_to_floor])

c001_shrink = claim(
    "001-shrink-tau", seed("001", "eq. (5), shrinking τ"), "shrinking τ lets the lower bound on entropy approach 0",
    written=r"This is why we shrink $\tau$, so that the lower bound on entropy approaches 0",
    premises=COSINE_001.replace(", τ = 1 unless said", ", τ > 0"),
    holds=[min_entropy_vanishes, vertex_entropy_small_temperature])

# The seed never writes the floor as log n − C(τ) for τ ≠ 1: its claim is 001-shrink-tau, which holds.  That the
# formula log n − C(τ) itself diverges to −∞ (temperature_bound.bound_does_not_approach_zero) is a caveat on how
# the τ = 1 bound extends, not a claim of the seed, so it is kept out of the register's counts.

# The text's conclusion from the two bounds: at τ = 1 the entropy can move only between log n − 0.4745 and log n,
# so at most ≈ 0.4745 nats can be gained, whatever n.  Judged as stated: the range's width is C(1) ≈ 0.4745 (the
# floor, its constant and its upper end), so it is as strong as the floor's weakest link.
c001_little_information = claim(
    "001-tau1-little-information", seed("001", "eq. (5), τ = 1"),
    "at τ = 1 little information is obtainable: H ranges over about [log n − 0.4745, log n] for large n",
    written="meaning the amount of information obtainable is too small", premises=COSINE_001,
    holds=[entropy_at_most_log_n, entropy_floor, gap_at_unit_temperature, gap_at_unit_temperature_upper,
           near_optimal_vertex_tends_to_floor])

c001_information = claim(
    "001-information", seed("001", "Information Content"),
    "entropy measures uncertainty and the information an optimiser can extract",
    written="entropy is a measure of uncertainty, and also a measure of information content",
    not_checked="an interpretation of entropy, with no statement to check beyond H ∈ [0, log n] (001-eq4)")

# ------------------------------------------------------------------------------------------------ seed 002

# A summary with no equations: each claim is a sentence quoted from it, tied to the derivation that states it in
# equations.  The premises are the summary's own words about the paper's models.
PAPER_002 = ("the summarised paper's models as the summary names them: the query, key and value vectors as sequences "
             "of Gaussians with independent value components, the output the value that maximises the likelihood of "
             "the observed keys and values given the query (lines 6–7); the inner products q·k_t as feature "
             "functions (maximum entropy, line 11)")
ATTENTION_002 = ("self-attention as the summary describes it (line 4): a query scored against keys, the softmax of the "
                 "scores weighting the values")

c002_monotone = claim(
    "002-monotone", seed("002", "Understanding Self-Attention and Softmax"),
    "the softmax ensures that more relevant information gets a higher weight",
    written="ensuring that more relevant information gets a higher weight", premises=ATTENTION_002,
    holds=[own_score_derivative, weight_increases_with_its_score, weight_falls_with_another_score,
           higher_score_higher_weight])
# Its near miss, "a weight increases in every score" (softmax_basics.weight_does_not_increase_with_another_score,
# refuted), is not a claim of the seed and stays out of the register.

c002_sum = claim(
    "002-sum-to-one", seed("002", "Understanding Self-Attention and Softmax"), "all weights sum up to one",
    written="all weights sum up to one", premises=ATTENTION_002,
    holds=[weights_sum_to_one])

c002_mle = claim(
    "002-mle", seed("002", "Deriving Softmax via Maximum Likelihood Estimation"),
    "maximising the likelihood of Gaussian value vectors naturally leads to the softmax function",
    written="Through a series of mathematical steps involving log-likelihood functions and partial derivatives, the derivation naturally leads to the softmax function.", premises=PAPER_002,
    instances=("variance law σ_t² ∝ e^{−q·k_t/√d}, put in by hand; checked for vectors of dimension d = 3",
           [mle_log_likelihood, mle_gradient, mle_precision_weighted_mean, mle_gradient_vanishes, mle_is_attention]),
    beyond=("one variance for every key, a model the summarised paper does not use (its weights come from the "
            "variances)", [constant_variance_is_not_attention]))

c002_inverse_variance = claim(
    "002-inverse-variance", seed("002", "Deriving Softmax via Maximum Likelihood Estimation"),
    "the softmax weights are related to the inverse of the variance",
    written="the softmax weights are essentially related to the inverse of the variance of these Gaussian distributions", premises=PAPER_002,
    instances=("variance law σ_t² ∝ e^{−q·k_t/√d}, put in by hand: maximum likelihood weighs each value by its inverse "
           "variance σ_t⁻²/Σ_s σ_s⁻², and those weights are the softmax weights only under that law; "
           "checked for vectors of dimension d = 3",
           [mle_precision_weighted_mean, mle_precision_weights_sum_to_one, mle_is_attention]))

c002_most_probable = claim(
    "002-most-probable", seed("002", "Deriving Softmax via Maximum Likelihood Estimation"),
    "the approach suggests self-attention is effectively trying to find the most probable output value",
    written="the self-attention mechanism is effectively trying to find the most probable output value given the input context", premises=PAPER_002,
    instances=("variance law σ_t² ∝ e^{−q·k_t/√d}, put in by hand; checked for vectors of dimension d = 3",
           [mle_unique_maximum, mle_hessian_negative_definite, mle_is_attention]))

c002_gaussian_vectors = claim(
    "002-gaussian-vectors", seed("002", "Deriving Softmax via Maximum Likelihood Estimation"),
    "self-attention's query, key and value vectors modelled as sequences of Gaussian distributions",
    written="It models the various vectors involved in self-attention—the query, key, and value vectors—as sequences of Gaussian distributions.", premises=PAPER_002,
    not_checked="a description of how the summarised paper models the vectors, with no statement of its own; what "
                "that model gives (Gaussian value vectors whose likelihood leads to the softmax) is 002-mle",
    beyond=("a Gaussian-kernel posterior p(t | q) over the keys, the register's own reading, which the summary "
            "does not state: softmax for keys of equal norm and variance σ² = √d, not for unequal norms",
            [kernel_posterior_d2, kernel_posterior_d3, equal_norm_attention_d2, equal_norm_attention_d3,
             unequal_norms_not_attention_d2, unequal_norms_not_attention_d3]))

c002_sparsity = claim(
    "002-sparsity", seed("002", "Deriving Softmax via Maximum Likelihood Estimation"),
    "the weighting factors are sparse: only a few value vectors might be highly relevant",
    written="only a few value vectors might be highly relevant to a given query", premises=PAPER_002,
    regime=("scaled score gaps β(s_max − s_i) beyond log n: weights fall like e^{−β(s_max − s_i)}",
            [weight_below_gap, mass_off_the_peak, sparsity_needs_a_large_gap]),
    contradicted_by=[weights_not_sparse_at_unit_scale])

c002_quadratic = claim(
    "002-quadratic-cost", seed("002", "Deriving Softmax via Maximum Likelihood Estimation"),
    "computing the weighting factors takes time that grows quadratically with the sequence length",
    written="computing these weighting factors has a time complexity that grows quadratically with the sequence length", premises=ATTENTION_002,
    holds=[attention_operation_count])

c002_maxent = claim(
    "002-maxent", seed("002", "The Maximum Entropy Approach"),
    "maximum entropy with the feature functions q·k_t gives exactly the softmax",
    written="the resulting conditional probability distribution takes the exact form of the softmax function", premises=PAPER_002,
    holds=[lagrangian_gradient, stationary_point, stationary_point_is_root, normaliser, multiplier_gamma,
           normalised_solution, negative_definite, dual_gradient, dual_curvature, gibbs_gap, gibbs_inequality,
           kkt_cross_check])

c002_scaled = claim(
    "002-scaled", seed("002", "TLDR: the scaled-dot-product"),
    "the two derivations are derivations of the scaled-dot-product (softmax) function",
    written="two novel derivations for the scaled-dot-product (softmax) function", premises=PAPER_002,
    instances=("the softmax of a dot product with a free scale β, not the scaled dot product's 1/√d: both derivations "
           "give softmax(β q·k) with β free (maximum entropy: the multiplier of the constraint; maximum likelihood: "
           "the variance law); β = 1/√d, which keeps Var(β q·k) = 1 for unit-variance coordinates, is put in by hand "
           "and forced by neither derivation; the maximum-likelihood steps are checked for vectors of dimension d = 3",
           [scaled_score_variance, normalised_solution, mle_is_attention]))

c002_converging = claim(
    "002-converging", seed("002", "Significance of the Research"),
    "the two derivations converge: both give the softmax function",
    written="two distinct, yet converging, derivations of the scaled-dot-product (softmax) function",
    premises=PAPER_002,
    instances=("variance law σ_t² ∝ e^{−q·k_t/√d} for maximum likelihood, put in by hand (002-mle); maximum entropy gives "
           "softmax(β q·k) with its own multiplier β: the two agree at β = 1/√d; the maximum-likelihood steps are "
           "checked for vectors of dimension d = 3",
           [mle_is_attention, normalised_solution]))

c002_significance = claim(
    "002-significance", seed("002", "TLDR"),
    "the two derivations give statistical and information-theoretic grounding for softmax attention",
    written="These derivations offer deeper statistical and information-theoretic explanations for attention weighting.", premises=PAPER_002,
    not_checked="a summary judgement with no statement of its own; 002-mle and 002-maxent carry its content")
