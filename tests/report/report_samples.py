"""Synthetic RunResults for the report tests and the report benchmark.

They cover every verdict the report must draw (proved, numeric, refuted with
its counterexample, refuted as expected, unknown, error with a message), an ≈
step with sub-checks and a measured-error table, an experiment with a table
and a plot, and text full of LaTeX specials and Unicode maths.
"""
from __future__ import annotations

import math

import sympy as sp

from verifier.verdicts import (Check, ClaimResult, ClaimStatus, Counterexample, DerivationResult, ExperimentResult,
                               Number, NumericEvidence, Plot, RunResult, Said, SamplingRange, StepResult, Table,
                               Verdict)

# Titles the tests look for in the PDF text and the HTML.
TITLE_ENTROPY = "Entropy lower bound: H ≥ log n − λ(s_max − s̄)"
TITLE_TRICKY = "Specials & unicode: 50% of Σ_i #tokens costs $3 ≈ λ²"
TITLE_BROKEN = "Temperature limit λ → ∞ (a broken chain)"
TITLE_SIZES = "Jensen for the log-partition, checked at small sizes"
TITLE_REFUTER = "Without the exponential variance law the MLE is not attention"
# Text the engine and authors really write: SymPy's printing, TeX-like scripts, oo, exp(…), ⫫.
NOTE_ASCII = ("Stated for e^{−2g} with σ_t² = σ₀² exp(−q·k_t/√d); γ* = 1 - log(Sum(exp(beta*f[j]), (j, 1, n))) "
              "and ε ⫫ (s, v); see `constant_variance_is_not_attention`.")
CHECK_ASCII = "log(Sum(exp(lambda*s[i]), (i, 1, n))/n) ≥ lambda*Sum(s[j], (j, 1, n))/n"
SEED_CITATION = "summary of J. Ma, 'Deriving the Scaled-Dot-Function via Maximum Likelihood', arXiv:2509.12285"
# Python's operators in prose that no parser reads as SymPy (Unicode mixed in); the report must not show **.
NOTE_PYTHON_POWER = "The ratio tends to (1/(1 − (√(4λ²+1) − 1)**2/(4*λ**2)) as λ → 0, and 2**-50 bounds the rest."
SHARED_NOTE = "Reconstruction: the seed describes this derivation in words only; every equation here is reconstructed."

n = sp.Symbol("n", integer=True, positive=True)
i, j = sp.symbols("i j", integer=True)
lam = sp.Symbol("lambda", positive=True)
s = sp.IndexedBase("s")
s_max, s_bar = sp.Symbol("s_max"), sp.Symbol("sbar")
Z = sp.Sum(sp.exp(lam * s[j]), (j, 1, n))
p_i = sp.exp(lam * s[i]) / Z


LONG_LATEX = sp.latex(sp.expand((1 + sp.Symbol("x")) ** 18))


def _step(index, relation, lhs, rhs, reason, verdict, **kw) -> StepResult:
    passed = kw.pop("passed", verdict in (Verdict.PROVED, Verdict.NUMERIC)
                    or (verdict is Verdict.REFUTED and kw.get("expect_refuted", False)))
    rhs_latex = kw.pop("rhs_override", None) or (sp.latex(rhs) if rhs is not None else "")
    return StepResult(index=index, relation=relation, lhs_latex=sp.latex(lhs) if lhs is not None else "",
                      rhs_latex=rhs_latex, lhs_srepr=sp.srepr(lhs),
                      rhs_srepr=sp.srepr(rhs), reason=reason, source=kw.pop("source", ""), verdict=verdict,
                      passed=passed, **kw)


def _numeric(worst="3.2e-31", points=24) -> NumericEvidence:
    return NumericEvidence(points=points, precisions=(30, 60), worst_error=worst, sizes=[3, 17, 256], seed=7)


def entropy_derivation() -> DerivationResult:
    H = -sp.Sum(p_i * sp.log(p_i), (i, 1, n))
    e1 = sp.log(Z) - lam * sp.Sum(p_i * s[i], (i, 1, n))
    e2 = sp.log(n) + sp.log(Z / n) - lam * sp.Sum(p_i * s[i], (i, 1, n))
    e3 = sp.log(n) + lam * s_bar - lam * sp.Sum(p_i * s[i], (i, 1, n))
    e4 = sp.log(n) - lam * (s_max - s_bar)
    steps = [
        _step(1, "=", H, e1, "log p_i = λ s_i − log Z and Σ_i p_i = 1", Verdict.PROVED,
              method="expand_log + Sum linearity", scope="generic n; also n = 1…6 by expansion",
              source="000_ca974c2c5f958f3e.txt, eq. (2)", seconds=0.41),
        _step(2, "=", e1, e2, "take log n out", Verdict.PROVED, method="simplify", scope="generic n", seconds=0.05),
        _step(3, ">=", e2, e3, "Jensen: log of the mean ≥ mean of the logs (log Z/n ≥ λ s̄)", Verdict.NUMERIC,
              method="numeric, 2 precisions", scope="n ∈ {3, 17, 256}", numeric=_numeric(),
              assumptions=["λ > 0"], seconds=1.9),
        _step(4, ">=", e3, e4, "Σ_i p_i s_i ≤ s_max since p is a distribution", Verdict.PROVED,
              method="bound by max_i s_i", scope="generic n", seconds=0.12),
    ]
    return DerivationResult(
        name="entropy_lower_bound", title=TITLE_ENTROPY, source="000_ca974c2c5f958f3e.txt, §3, eq. (2)–(5)",
        file="derivations/entropy.py", verdict=Verdict.NUMERIC, passed=True,
        conclusion="H ≥ log n − λ(s_max − s̄)",
        conclusion_latex=sp.latex(H) + r" \ge " + sp.latex(e4), conclusion_relation=">=",
        assumptions=["n ∈ ℤ, n ≥ 1 (sampled at 3, 17, 256 only)", "s_i ∈ [-3, 3], i = 1…n", "λ ∈ [0.05, 20] (log-uniform)"],
        sampling=[SamplingRange("n", "size", least=1, sizes=(3, 17, 256), only=True),
                  SamplingRange("s", "vector", "-3", "3", index=("1", "n")),
                  SamplingRange("λ", "real", "0.05", "20", log_uniform=True)],
        notes=["The seed text states the bound without its middle steps; steps 2–3 are ours.",
               "Step 3 is only numeric: Jensen's inequality is not in SymPy's repertoire."],
        reconstruction=True, steps=steps, seconds=2.48)


def tricky_derivation() -> DerivationResult:
    x = sp.Symbol("x", positive=True)
    approx_lhs = sp.log(1 + x)
    approx_rhs = x - x**2 / 2
    steps = [
        _step(1, "~", approx_lhs, approx_rhs, "Taylor: log(1+x) ≈ x − x²/2 for small x (error ~ x³/3)",
              Verdict.NUMERIC, method="meanings", scope="x → 0",
              checks=[Check("lhs − rhs → 0 as x → 0", Verdict.PROVED, "limit", "x → 0", "limit is 0"),
                      Check("lhs − rhs = O(x^3) as x → 0", Verdict.PROVED, "series", "x → 0",
                            "series of lhs − rhs starts at x³/3"),
                      Check("one-sided: lhs ≤ rhs everywhere", Verdict.NUMERIC, "sampling", "x ∈ [0.05, 20]",
                            "worst violation 0 over 40 points; 100% of samples & all sizes")],
              tables=[Table("Measured error |lhs − rhs| (relative to |lhs|) — 5% of cells are ≥ 1e-2",
                            ["x", "|lhs − rhs|", "relative", "x³/3"],
                            [[f"{v:g}", f"{abs(math.log1p(v) - (v - v * v / 2)):.3e}",
                              f"{abs(math.log1p(v) - (v - v * v / 2)) / math.log1p(v):.3e}", f"{v ** 3 / 3:.3e}"]
                             for v in (0.001, 0.01, 0.05, 0.1, 0.2, 0.5)])],
              seconds=0.8),
        _step(2, "propto", approx_rhs, 2 * x - x**2, "scale by 2 (∝ wrt x): costs $3 & #5, under_scores, 100% ~ ok",
              Verdict.PROVED, method="ratio is constant", scope="wrt x", seconds=0.02),
        _step(3, "<=", 2 * x - x**2, 2 * x, "drop −x² ≤ 0; a \\backslash and {braces} and ^caret",
              Verdict.PROVED, method="difference is non-positive", scope="x > 0", seconds=0.03),
        # Far wider than a page: the report must shrink or scroll it, never let it overflow.
        _step(4, "=", 2 * x, None, "a very long rhs: (1+x)¹⁸ expanded, minus itself", Verdict.PROVED,
              method="expand", scope="x > 0", rhs_override=f"{LONG_LATEX} - \\left({LONG_LATEX}\\right) + 2 x "
                                                  f"+ \\frac{{{LONG_LATEX}}}{{{LONG_LATEX}}} - 1"),
        _step(5, "<", 2 * x, 2 * x, "strictly less than itself (wrong on purpose)", Verdict.REFUTED,
              expect_refuted=True, method="numeric, 2 precisions", scope="x ∈ [0.05, 20]",
              counterexample=Counterexample(point={"x": "0.5"}, lhs={30: "1.0", 60: "1.0"}, rhs={30: "1.0", 60: "1.0"},
                                            note="equality, so < fails"),
              numeric=_numeric(worst="0"), seconds=0.3),
    ]
    return DerivationResult(
        name="tricky_text", title=TITLE_TRICKY, source="hand-written test case; see §4 of notes_v2.md",
        file="derivations/tricky_text.py", verdict=Verdict.NUMERIC, passed=True,
        conclusion="log(1+x) ≈ 2x (composed: only ≈ survives)", conclusion_latex="",
        assumptions=["x > 0", "λ ∈ ℝ, ‖s‖₂ ≤ 1"], notes=["Text with specials: 100% & #1 $5 _x ^y ~z {a} \\b <c> |d|."],
        steps=steps, seconds=1.15,
        experiments=[attention_experiment()])


def attention_experiment() -> ExperimentResult:
    temps = [0.1, 0.3, 1.0, 3.0, 10.0, 30.0]
    entropy = [math.log(64) * (1 - math.exp(-t / 3)) for t in temps]
    bound = [math.log(64) - 3.0 / t for t in temps]
    return ExperimentResult(
        name="entropy_vs_temperature", title="Entropy of softmax(λ·s) against λ⁻¹, n = 64",
        verdict=Verdict.NUMERIC, claim="H grows with the temperature 1/λ and stays ≥ log n − λ(s_max − s̄)",
        finding="Supported on 6 temperatures × 20 seeds: min margin 0.013 nats (≈ 0.2%)",
        tables=[Table("Entropy per temperature (mean of 20 seeded draws)", ["1/λ", "H (nats)", "bound", "margin"],
                      [[f"{t:g}", f"{h:.4f}", f"{b:.4f}", f"{h - b:.4f}"] for t, h, b in zip(temps, entropy, bound)])],
        plots=[Plot("Entropy against temperature", "temperature 1/λ", "entropy H (nats), costs in $",
                    {"measured H": (temps, entropy), "lower bound": (temps, bound),
                     "log n": (temps, [math.log(64)] * len(temps))}, logx=True)],
        seed=7, seconds=0.9)


def broken_derivation() -> DerivationResult:
    steps = [
        _step(1, "=", lam * s_max, lam * s_max + 1, "shift by one (false)", Verdict.REFUTED,
              method="numeric, 2 precisions", scope="λ ∈ [0.05, 20]",
              counterexample=Counterexample(
                  point={"λ": "0.0731", "s": "[0.125, −2.75, 1.5, …] (17 entries)", "s_max": "1.5"},
                  lhs={30: "0.109650000000000000000000000000", 60: "0.10965000000000000000000000000000000000000000000000000000000"},
                  rhs={30: "1.10965000000000000000000000000", 60: "1.10965000000000000000000000000000000000000000000000000000000"}),
              numeric=_numeric(worst="0.9012"), seconds=0.2),
        _step(2, "<=", lam * s_max + 1, sp.exp(lam * s_max), "1 + u ≤ eᵘ", Verdict.UNKNOWN,
              method="", scope="", message="", seconds=5.0),
        _step(3, "~", sp.exp(lam * s_max), None, "approximation without a stated meaning", Verdict.ERROR,
              message=("approximation without a stated meaning: give approx(..., meaning=Limit(x, 0) "
                       "| Series(x, 0, order) | Bound('>='))\nTraceback (most recent call last):\n"
                       "  File \"derivations/broken.py\", line 12, in <module>\n    [x] = {'a_b': 100%}"),
              seconds=0.0),
    ]
    return DerivationResult(
        name="broken_chain", title=TITLE_BROKEN, source="002_666090d9d1b0f4d9.txt, eq. (7)",
        file="derivations/broken.py", verdict=Verdict.ERROR, passed=False,
        conclusion="none: the chain has a refuted step and a malformed one", assumptions=[],
        notes=[NOTE_PYTHON_POWER], steps=steps, message="1 step is malformed; see step 3", seconds=5.2)


def sizes_derivation() -> DerivationResult:
    """Established only at n = 1…6, a proof scoped to n ≤ 3, a restatement, and a cited fact."""
    lhs = sp.log(Z / n)
    mean = lam * sp.Sum(s[j], (j, 1, n)) / n
    steps = [
        _step(1, ">=", lhs, mean, "Jensen, by the cited fact", Verdict.CASES, method="expand at concrete n",
              scope="n = 1…6 only", sizes_only=6, strategy="concrete sizes",
              checks=[Check("cites fact entropy_lower_bound", Verdict.PROVED, "by=", "generic n",
                            "the fact concludes H ≥ log n − λ(s_max − s̄)"),
                      Check("limit: lhs − rhs → 0 as lambda → oo", Verdict.PROVED, "sympy.limit", "n = 1…3 only",
                            CHECK_ASCII, sizes_only=3)],
              numeric=_numeric(), seconds=0.7),
        _step(2, "=", mean, mean, "the same, restated", Verdict.PROVED, method="exact match", scope="generic n",
              restatement=True, strategy="exact match", seconds=0.01),
        _step(3, "~", mean, lam * s_bar, "the mean as s̄", Verdict.PROVED, method="limit: sympy.limit",
              scope="n = 1…3 only", sizes_only=3, strategy="limit", seconds=0.2),
    ]
    return DerivationResult(
        name="jensen_log_partition", title=TITLE_SIZES,
        source=f"002_666090d9d1b0f4d9.txt ({SEED_CITATION}), maximum-entropy derivation",
        file="derivations/max_entropy.py", verdict=Verdict.CASES, passed=True,
        conclusion="log(Sum(exp(lambda*s[j]), (j, 1, n))/n) ≥ lambda*Sum(s[j], (j, 1, n))/n",
        conclusion_latex=sp.latex(lhs) + r" \ge " + sp.latex(lam * s_bar), conclusion_relation=">=",
        assumptions=["n ∈ ℤ, n ≥ 1 (sampled at 3, 17, 256 only)", "lambda ∈ [0.05, 20] (log-uniform)",
                     "ε independent of (s, v)"], hypotheses=["ε independent of (s, v)"],
        sampling=[SamplingRange("n", "size", least=1, sizes=(3, 17, 256), only=True),
                  SamplingRange("lambda", "real", "0.05", "20", log_uniform=True)],
        notes=[SHARED_NOTE, NOTE_ASCII], reconstruction=True, steps=steps, seconds=0.9)


def refuting_derivation() -> DerivationResult:
    """A derivation whose purpose is to refute a seed claim: its badge must say so, not "proved"."""
    x = sp.Symbol("x", positive=True)
    steps = [
        _step(1, "=", sp.Sum(s[i], (i, 1, n)) / n, sp.Sum(s[i], (i, 1, n)) / n, "equal precisions: the weights are 1/n",
              Verdict.PROVED, method="exact match", scope="generic n", strategy="exact match", seconds=0.01),
        _step(2, "=", x, x + 1, "claim: this is Σ_t softmax(q·k/√d)_t v_t", Verdict.REFUTED, expect_refuted=True,
              method="numeric counterexample at two precisions", scope="all values",
              counterexample=Counterexample(point={"x": "0.25"}, lhs={30: "0.25", 60: "0.25"},
                                            rhs={30: "1.25", 60: "1.25"},
                                            certificate={30: Said("-1.0 ± ", Number("1e-29")),
                                                         60: Said("-1.0 ± ", Number("1e-59"))}),
              numeric=_numeric(worst="1.0"), seconds=0.1),
    ]
    return DerivationResult(
        name="constant_variance_is_not_attention", title=TITLE_REFUTER,
        source=f"002_666090d9d1b0f4d9.txt ({SEED_CITATION}), maximum-likelihood derivation",
        file="derivations/max_likelihood.py", verdict=Verdict.PROVED, passed=True,
        conclusion="none: the derivation states claims in order to refute them",
        assumptions=["x ∈ [0.05, 20]"], sampling=[SamplingRange("x", "real", "0.05", "20")], notes=[SHARED_NOTE],
        reconstruction=True, steps=steps, seconds=0.2)


def sample_claims() -> list[ClaimResult]:
    return [
        ClaimResult("000-eq2", "000_ca974c2c5f958f3e.txt, eq. (2)", "H ≥ log n − λ(s_max − s̄)", ClaimStatus.HOLDS,
                    derivations=["entropy.py::entropy_lower_bound"], measured_error="3.2e-31",
                    strength="proved (generic n)"),
        ClaimResult("002-maxent", "002_666090d9d1b0f4d9.txt, maximum entropy", "maximum entropy yields the softmax",
                    ClaimStatus.IN_REGIME_SUPPORTED, qualifier="only for n ≤ 6 (checked at sizes)",
                    derivations=["max_entropy.py::jensen_log_partition"],
                    strength="checked at n = 1…6 only"),
        ClaimResult("002-mle", "002_666090d9d1b0f4d9.txt, maximum likelihood",
                    "the MLE is the attention output", ClaimStatus.UNDER_ASSUMPTION,
                    qualifier="needs the variance law σ_t² = σ₀² exp(−q·k_t/√d), put in by hand",
                    derivations=["max_likelihood.py::constant_variance_is_not_attention"]),
        ClaimResult("000-eq5", "000_ca974c2c5f958f3e.txt, eq. (5)", "λ ∝ log n keeps the entropy flat",
                    ClaimStatus.REFUTED, derivations=["broken.py::broken_chain"], measured_error="0.9012"),
        ClaimResult("001-eq3", "001_dcab543f7fb3c953.txt, eq. (3)", "noise averages out for any noise",
                    ClaimStatus.NOT_CHECKED, qualifier="a law of large numbers about random ε; not a derivation"),
    ]


def sample_run() -> RunResult:
    return RunResult(derivations=[entropy_derivation(), tricky_derivation(), broken_derivation(), sizes_derivation(),
                                  refuting_derivation()], seed=7,
                     dps=(30, 60), quick=False, require_proof=False,
                     load_errors=["derivations/typo.py: NameError: name 'Σ_' is not defined"],
                     versions={"python": "3.11.7", "sympy": sp.__version__}, seconds=9.7, claims=sample_claims())


def large_run(derivations: int = 10, steps: int = 6, plots: int = 2) -> RunResult:
    """About the size of a real run, for timing: `derivations` chains of `steps` steps, `plots` plots in all."""
    out = []
    for k in range(derivations):
        base = entropy_derivation()
        chain = [base.steps[m % len(base.steps)] for m in range(steps)]
        chain = [StepResult(**{**vars(st), "index": m + 1}) for m, st in enumerate(chain)]
        experiments = [attention_experiment()] if k < plots else []
        out.append(DerivationResult(**{**vars(base), "name": f"{base.name}_{k}", "title": f"{base.title} (copy {k + 1})",
                                       "steps": chain, "experiments": experiments}))
    return RunResult(derivations=out, seed=7, dps=(30, 60), quick=False, require_proof=False, seconds=60.0)


def run_from_json(path) -> RunResult:
    """A RunResult read back from `--json` output, to render a real run's report without re-checking it."""
    import json
    from pathlib import Path

    data = json.loads(Path(path).read_text(encoding="utf-8"))

    def table(t):
        return Table(t["caption"], t["columns"], t["rows"])

    def step(st):
        ev = st.get("numeric")
        cx = st.get("counterexample")
        return StepResult(
            index=st["index"], relation=st["relation"], lhs_latex=st["lhs_latex"], rhs_latex=st["rhs_latex"],
            lhs_srepr=st.get("lhs_srepr", ""), rhs_srepr=st.get("rhs_srepr", ""), reason=st["reason"],
            source=st.get("source", ""), verdict=Verdict(st["verdict"]), passed=st["passed"],
            expect_refuted=st.get("expect_refuted", False), method=st.get("method", ""), scope=st.get("scope", ""),
            numeric=NumericEvidence(ev["points"], tuple(ev["precisions"]), ev["worst_error"], ev.get("sizes", []),
                                    ev.get("seed", 0), ev.get("note", "")) if ev else None,
            counterexample=Counterexample(cx["point"], cx["lhs"], cx["rhs"], cx.get("note", ""),
                                          cx.get("certificate", {})) if cx else None,
            checks=[Check(c["name"], Verdict(c["verdict"]), c.get("method", ""), c.get("scope", ""), c.get("detail", ""))
                    for c in st.get("checks", [])],
            tables=[table(t) for t in st.get("tables", [])], assumptions=st.get("assumptions", []),
            message=st.get("message", ""), seconds=st.get("seconds", 0.0),
            restatement=st.get("restatement", False), strategy=st.get("strategy", ""))

    def experiment(e):
        return ExperimentResult(
            name=e["name"], title=e["title"], verdict=Verdict(e["verdict"]), claim=e["claim"], finding=e["finding"],
            tables=[table(t) for t in e.get("tables", [])],
            plots=[Plot(p["title"], p["xlabel"], p["ylabel"], {k: tuple(v) for k, v in p["series"].items()},
                        p.get("logx", False), p.get("logy", False)) for p in e.get("plots", [])],
            seed=e.get("seed", 0), seconds=e.get("seconds", 0.0), passed=e.get("passed", True),
            expect_refuted=e.get("expect_refuted", False))

    derivations = [DerivationResult(
        name=d["name"], title=d["title"], source=d["source"], file=d["file"], verdict=Verdict(d["verdict"]),
        passed=d["passed"], conclusion=d["conclusion"], conclusion_latex=d.get("conclusion_latex", ""),
        conclusion_relation=d.get("conclusion_relation"), assumptions=d.get("assumptions", []),
        hypotheses=d.get("hypotheses", []), sampling=[SamplingRange(**r) for r in d.get("sampling", [])],
        notes=d.get("notes", []), reconstruction=d.get("reconstruction", False),
        steps=[step(s) for s in d["steps"]], experiments=[experiment(e) for e in d.get("experiments", [])],
        message=d.get("message", ""), seconds=d.get("seconds", 0.0)) for d in data["derivations"]]
    claims = [ClaimResult(c["id"], c["source"], c["quote"], ClaimStatus(c["status"]), c.get("qualifier", ""),
                          c.get("derivations", []), c.get("measured_error", ""), c.get("detail", ""))
              for c in data.get("claims", [])]
    return RunResult(derivations=derivations, seed=data["seed"], dps=tuple(data["dps"]), quick=data["quick"],
                     require_proof=data["require_proof"], load_errors=data.get("load_errors", []),
                     versions=data.get("versions", {}), seconds=data.get("seconds", 0.0), claims=claims)
