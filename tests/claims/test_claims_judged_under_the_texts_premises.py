r"""A claim of a text is judged as the text writes it, under the text's own premises.

The register names, for each display of seeds 000 and 001, that display imported as written
(derivations/texts/): the claim's status comes from that line's verdict, never from a paraphrase; the
hand-written derivations are further links, and the claim is as strong as its weakest link, which it names.
Results under premises the text excludes (random Gaussian q, k, correlated noise, peaked scores, a constant
fixed where the text leaves it free, exact proportionality for "∝") are listed under beyond= and never change
the status.  The unit tests build result records by hand (the contract between the engine and the register);
the last ones read the project's texts and register.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import sympy as sp

from tests.engine import ROOT, check_one, project_register, project_results
from verifier import calc, claim, log, positive, size
from verifier.authoring.chain import SEEDS
from verifier.authoring.claims import AGAINST, BEYOND, CONTRADICTED_BY, LINE, READINGS, REFUTED_BY, REGIME, UNDER
from verifier.judge.claims import compute_claims
from verifier.loader import load_file, project_files
from verifier.verdicts import ClaimStatus, DerivationResult, ExperimentResult, StepResult, Verdict

pytestmark = pytest.mark.slow

FILE = "derivations/texts/example.py"
HAND = "derivations/example.py"
P, C, N, R, U = Verdict.PROVED, Verdict.CASES, Verdict.NUMERIC, Verdict.REFUTED, Verdict.UNKNOWN
TEXTS = ROOT / "derivations" / "texts"


def step(verdict, index=1, expect_refuted=False, scope="generic n"):
    passed = (verdict is R) if expect_refuted else verdict in (P, C, N)
    return StepResult(index, "=", "a", "b", "a", "b", "reason", "", verdict, passed,
                      expect_refuted=expect_refuted, scope=scope)


def result(name, *steps, file=HAND, experiments=()):
    passed = all(s.passed for s in steps) and all(e.passed for e in experiments)
    return DerivationResult(name, name, "", file, P, passed, "", steps=list(steps), experiments=list(experiments))


def contradicting_experiment():
    return ExperimentResult("e", "random q, k ~ N(0, I_d)", R, "claim", "finding", passed=True, expect_refuted=True)


def line(name="eq_6"):
    return f"{FILE}::{name}"


def hand(name):
    return f"{HAND}::{name}"


def status_of(c, *results):
    [out] = compute_claims([c], list(results))
    return out


# ---- a result beyond the text's premises never changes the status --------------------------------------

def test_a_refutation_under_a_model_the_text_excludes_leaves_the_claim_holding():
    c = claim("x", "src", "λ ∝ log n / d", line=line(), holds=[hand("proof")],
              beyond=("random q, k ~ N(0, I_d)", [hand("gaussian")]))
    out = status_of(c, result("eq_6", step(P), file=FILE), result("proof", step(P)),
                    result("gaussian", step(R, expect_refuted=True), experiments=[contradicting_experiment()]))
    assert out.status is ClaimStatus.HOLDS
    assert len(out.beyond) == 1 and out.beyond[0].startswith("random q, k ~ N(0, I_d): ")
    assert "refutes it there" in out.beyond[0] and out.line == line()


def test_near_miss_the_same_refutation_inside_the_premises_refutes():
    """The counterexample moved into the text's own line (its premises declared there): refuted."""
    c = claim("x", "src", "λ ∝ log n / d", line=line(), holds=[hand("proof")])
    out = status_of(c, result("eq_6", step(R), file=FILE), result("proof", step(P)))
    assert out.status is ClaimStatus.REFUTED
    assert out.weakest_link == f"{line()} step 1: refuted" and "under the text's premises" in out.strength


def test_data_beyond_the_text_never_make_a_claim_contradicted():
    c = claim("x", "src", "⟨q, k⟩ ∝ d", under=("aligned q, k", [hand("aligned")]),
              beyond=("random q, k ~ N(0, I_d)", [hand("gaussian")]))
    out = status_of(c, result("aligned", step(P)),
                    result("gaussian", step(P), experiments=[contradicting_experiment()]))
    assert out.status is ClaimStatus.UNDER_ASSUMPTION
    assert "data contradict it there" in out.beyond[0]


def test_near_miss_the_same_data_as_contradicted_by_with_no_qualification_contradict():
    c = claim("x", "src", "⟨q, k⟩ ∝ d", contradicted_by=[hand("gaussian")])
    out = status_of(c, result("gaussian", step(P), experiments=[contradicting_experiment()]))
    assert out.status is ClaimStatus.CONTRADICTED


def test_a_missing_or_failed_result_beyond_the_text_does_not_make_the_claim_unchecked():
    c = claim("x", "src", "q", line=line(), beyond=("correlated noise", [hand("gone"), hand("broken")]))
    out = status_of(c, result("eq_6", step(P), file=FILE), result("broken", step(U)))
    assert out.status is ClaimStatus.HOLDS
    assert "is missing" in out.beyond[0] and "came out" in out.beyond[1]


def test_a_line_beside_a_refutation_needs_a_qualification_the_refutation_bounds():
    bad = claim("x", "src", "q", line=line(), refuted_by=[hand("strawman")])
    assert "beyond the text" in bad.error
    good = claim("x", "src", "q", line=line(), regime=("λ → 0", [hand("proof")]), refuted_by=[hand("boundary")])
    assert not good.error


@pytest.mark.parametrize("kwargs", [dict(line=line(), beyond="random q, k"),
                                    dict(line=line(), beyond=("", [hand("g")]))])
def test_a_malformed_line_or_beyond_is_never_counted(kwargs):
    c = claim("x", "src", "q", **kwargs)
    assert c.error
    assert status_of(c, result("eq_6", step(P), file=FILE)).status is ClaimStatus.NOT_CHECKED


# ---- the status comes from the text's line, never from a paraphrase ------------------------------------

def test_a_proved_paraphrase_does_not_make_a_numeric_line_hold():
    c = claim("x", "src", "q", line=line("eq_4"), holds=[hand("paraphrase")])
    out = status_of(c, result("eq_4", step(N), file=FILE), result("paraphrase", step(P)))
    assert out.status is ClaimStatus.SUPPORTED
    assert out.weakest_link == f"{line('eq_4')} step 1: numeric (generic n)"


def test_near_miss_a_proved_line_with_a_proved_paraphrase_holds():
    c = claim("x", "src", "q", line=line("eq_4"), holds=[hand("paraphrase")])
    out = status_of(c, result("eq_4", step(P), file=FILE), result("paraphrase", step(P)))
    assert out.status is ClaimStatus.HOLDS and out.strength.startswith("proved")


def test_a_refuted_line_is_refuted_however_proved_the_paraphrase():
    c = claim("x", "src", "q", line=line("eq_3"), regime=("λ → 0", [hand("paraphrase")]))
    out = status_of(c, result("eq_3", step(P), step(R, 2), file=FILE), result("paraphrase", step(P)))
    assert out.status is ClaimStatus.REFUTED and "step 2" in out.weakest_link


@pytest.mark.parametrize("line_result", [None, result("eq_3", step(U), file=FILE),
                                         result("eq_3", step(Verdict.ERROR), file=FILE)])
def test_a_line_missing_unknown_or_in_error_leaves_the_claim_unchecked_whatever_the_paraphrase(line_result):
    c = claim("x", "src", "q", line=line("eq_3"), holds=[hand("paraphrase")])
    results = [result("paraphrase", step(P))] + ([line_result] if line_result else [])
    out = status_of(c, *results)
    assert out.status is ClaimStatus.NOT_CHECKED and "the text's line" in out.qualifier


def test_the_weakest_link_is_named_wherever_it_is():
    """A proved line citing a hand-written proof, with one numeric step in a further link: that step is named."""
    c = claim("x", "src", "q", line=line("eq_5"), as_bound=[hand("bound"), hand("table")])
    out = status_of(c, result("eq_5", step(P), file=FILE), result("bound", step(P), step(P, 2)),
                    result("table", step(P), step(N, 2)))
    assert out.status is ClaimStatus.AS_BOUND_SUPPORTED
    assert out.weakest_link == f"{hand('table')} step 2: numeric (generic n)"


def test_the_claim_carries_the_text_as_written_and_its_premises():
    c = claim("x", "src", "q", written=r"\lambda\propto \frac{\log n}{d}", premises="s_i ∈ ℝ", line=line())
    out = status_of(c, result("eq_6", step(P), file=FILE))
    assert (out.written, out.premises) == (r"\lambda\propto \frac{\log n}{d}", "s_i ∈ ℝ")


# ---- eq. (6) of seed 000 under its premises, and its near miss -------------------------------------------

def test_eq6_as_written_holds_under_the_premises_the_text_states_before_it():
    """λ ∝ log n / d in d, with λ the root of eq. (5) = H₀ and s_max − s̄ = δd (the file's declarations)."""
    found, error = load_file(TEXTS / "seed_000_entropy_invariance.py", ROOT)
    assert error is None, str(error)
    [eq6] = [d for d in found if d.name == "eq_6"]
    assert eq6.steps[0].source.endswith(r"`\propto \frac{\log n}{d}`")
    assert [s.verdict for s in check_one(eq6).steps] == [P]


@pytest.mark.slow
@pytest.mark.parametrize("which", ["000", "001"])
def test_no_imported_line_of_the_texts_is_refuted_or_undecided(which):
    """Under the premises their files declare, every line of seeds 000 and 001 that the import read passes, as the
    project's one run checks them."""
    results = [r for r in project_results()[f"texts/{IMPORTED_FILES[which]}"]
               if r.file.startswith("derivations/texts/")]
    assert results and all(r.passed for r in results), [(r.name, [s.verdict for s in r.steps]) for r in results]
    assert not [s for r in results for s in r.steps if s.verdict in (R, U, Verdict.ERROR)]


def test_near_miss_eq6_for_a_free_lambda_read_as_exact_proportionality_in_n_is_refuted():
    """What the text's premises exclude: λ a free positive number, ∝ exact in n.  That reading is refuted,
    which is why it is listed beyond the text and not as evidence against it."""
    n, lam, d = size("n", low=2), positive("lam"), positive("d", low=1, high=4096)
    free = calc(lam, title="λ ∝ log n / d for a free λ").propto(log(n) / d, "read literally", wrt=(n, d))
    assert [s.verdict for s in check_one(free).steps] == [R]


# ---- the project's texts and register -----------------------------------------------------------------

@pytest.fixture(scope="module")
def register():
    claims, errors = project_register()
    assert not errors, [str(e) for e in errors]
    return {c.id: c for c in claims}


def _seed_text(which: str) -> str:
    return (TEXTS / SEEDS[which]).read_text(encoding="utf-8")


def _plain(text: str) -> str:
    return " ".join(text.split())


def test_the_copies_of_the_seeds_in_the_project_are_the_seeds():
    for which in ("000", "001"):
        original = Path("/work/shared/seeds") / SEEDS[which]
        if original.exists():
            assert _seed_text(which) == original.read_text(encoding="utf-8")


def test_every_claim_quotes_its_text_verbatim_and_states_its_premises(register):
    seeds = {w: _plain(_seed_text(w)) for w in ("000", "001")}
    seeds["002"] = None
    for c in register.values():
        assert c.written, c.id
        which = c.id[:3]
        if seeds.get(which) is not None:
            assert _plain(c.written) in seeds[which], c.id
        assert c.premises or c.not_checked, c.id


def test_eq6_is_judged_by_its_line_and_nothing_beyond_the_text_counts_against_it(register):
    c = register["000-eq6"]
    refs = c.references()
    assert refs[LINE] == ["derivations/texts/seed_000_entropy_invariance.py::eq_6"]
    assert not set(refs) & set(AGAINST)
    assert "derivations/entropy_scale.py::scale_with_dimension" in refs[BEYOND]
    assert "N(0, I_d)" in c.beyond_what


def test_no_claim_counts_gaussian_vectors_correlated_noise_or_a_model_the_text_excludes_against_it(register):
    """Each result of this list assumes what the text excludes: it may appear only under beyond=.  (Random q, k
    ~ N(0, I_d) are not excluded from 000-qk-d, whose premises say nothing of q, k: there they count.  One peak's
    true entropy is beyond 000-lambda-log-n, which reasons on eq. (5)'s entropy, and counts for the headline
    000-entropy-invariant, which speaks of the entropy itself.)"""
    excluded = {"derivations/entropy_scale.py::scale_with_dimension",
                "derivations/entropy_scale.py::inverse_d_scale_not_flat",
                "derivations/entropy_scale.py::scale_not_proportional_to_log_n",
                "derivations/entropy_scale.py::one_peak_seed_scale_not_flat",
                "derivations/noise_robustness.py::factoring_fails_for_correlated_noise",
                "derivations/max_likelihood.py::constant_variance_is_not_attention"}
    against = {(c.id, k) for c in register.values() for kind in (REFUTED_BY, CONTRADICTED_BY)
               for k in c.references().get(kind, []) if k in excluded}
    assert against <= {("000-entropy-invariant", "derivations/entropy_scale.py::one_peak_seed_scale_not_flat")}
    # Peaked scores are inside seed 001's premises (any real s_i): the boundary of its added assumption, not beyond it.
    assert "derivations/peaked_noise.py::peaked_scores_participation" in \
        register["001-robust"].references()[CONTRADICTED_BY]
    assert excluded <= {k for c in register.values() for k in c.references().get(BEYOND, [])}


def test_each_imported_display_of_the_texts_is_a_claims_line_or_the_read_part_of_a_refused_one(register):
    """A line no claim names is the part the import read of a display whose claim names what refused the rest
    (seed 001's eq. (3): its first equality is read, its ≈ is not)."""
    lines = {k for c in register.values() for k in c.references().get(LINE, [])}
    for path in sorted(TEXTS.glob("seed_*.py")):
        found, error = load_file(path, ROOT)
        assert error is None, str(error)
        for d in found:
            if f"derivations/texts/{path.name}::{d.name}" in lines:
                continue
            where = re.search(r"eq\. \(\d+\)", d.source).group(0)
            refused = [c for c in register.values() if c.refused and where in c.source
                       and c.source.startswith(d.source.split(",")[0]) and f"{path.stem}.{d.name}" in c.refused]
            assert refused, (path.name, d.name)


def test_the_missing_claim_is_there_as_the_text_states_it(register):
    c = register["001-tau1-little-information"]
    assert c.written == "meaning the amount of information obtainable is too small"
    assert "derivations/temperature_bound.py::entropy_floor" in c.references()["holds"]


def test_a_claim_whose_display_is_refused_names_the_construct(register):
    refused = {c.id: c.refused for c in register.values() if c.refused}
    assert set(refused) >= {"001-eq3-factor", "001-eq3-cancel"}
    # the construct is named in mathematics (the transpose QKᵀ, the expectations 𝔼_i[…]), not as TeX
    assert all(("QKᵀ" in why or "𝔼" in why) and "\\" not in why for why in refused.values())


# ---- every display of seeds 000 and 001 is imported, or listed with the construct that refused it ----------

DISPLAY = re.compile(r"\\begin\{equation\}(?P<numbered>.*?)\\end\{equation\}|\$\$(?P<plain>.*?)\$\$", re.S)
IMPORTED_FILES = {"000": "seed_000_entropy_invariance.py", "001": "seed_001_robustness_and_information.py"}


def _displays(text: str):
    """(where the import says the display is, its line, its LaTeX) for every display, counted independently."""
    number = 0
    for m in DISPLAY.finditer(text):
        line_no = text.count("\n", 0, m.start()) + 1
        if m.group("numbered") is not None:
            number += 1
            yield f"eq. ({number})", line_no, m.group("numbered")
        else:
            yield f"line {line_no}", line_no, m.group("plain")


@pytest.mark.parametrize("which", ["000", "001"])
def test_every_display_is_imported_or_listed_with_the_construct_that_refused_it(which):
    text = _seed_text(which)
    written = (TEXTS / IMPORTED_FILES[which]).read_text(encoding="utf-8")
    displays = list(_displays(text))
    assert len(displays) == {"000": 7, "001": 5}[which]
    for where, line_no, _latex in displays:
        chain = f'seed("{which}", "{where}")' in written
        definition = f"# {where}:" in written
        refused = re.search(rf"NOT IMPORTED: line {line_no}\b[^\n]*: `[^`]+`", written)
        assert chain or definition or refused, (which, where)


@pytest.mark.parametrize("which", ["000", "001"])
def test_the_latex_of_every_imported_step_is_the_texts_own(which):
    text = _plain(_seed_text(which))
    found, error = load_file(TEXTS / IMPORTED_FILES[which], ROOT)
    assert error is None, str(error)
    sources = [s.source for d in found for s in d.steps]
    assert sources
    for source in sources:
        latex = re.search(r"`(.*)`$", source).group(1)
        latex = re.sub(r"^(=|\\approx|\\propto|\\leq?|\\geq?|<|>)\s*", "", latex.strip())   # \in[a, b] reads as a ≤ · ≤ b
        assert _plain(latex) in text, source


def test_the_loader_collects_the_texts_as_part_of_the_project():
    files = [p.relative_to(ROOT).as_posix() for p in project_files(ROOT)]
    assert {f"derivations/texts/{name}" for name in IMPORTED_FILES.values()} <= set(files)
    assert files.index("derivations/texts/seed_000_entropy_invariance.py") > files.index("derivations/mean_field.py")
    assert not [f for f in files if "/_" in f or f.endswith("_claims.py")]


# ---- strength calibrated: one fact, one status ----------------------------------------------------------

def test_softmax_tending_to_one_hot_for_a_unique_maximum_is_cited_alike_wherever_it_is_claimed(register):
    """000-focus and 001-large-init state the same fact; both cite its general statement, so its numeric check
    limits both alike, and the exact 'one-hot has zero entropy' is not limited by it."""
    general = "derivations/entropy_bounds.py::one_hot_limit_generic"
    cited = {cid: {k for kind, keys in register[cid].references().items() if kind not in AGAINST + (BEYOND,)
                   for k in keys} for cid in ("000-focus", "001-large-init", "001-one-hot")}
    assert general in cited["000-focus"] and general in cited["001-large-init"]
    assert general not in cited["001-one-hot"]


def test_two_claims_citing_one_numeric_fact_get_the_same_word_and_link():
    fact = result("general", step(N))
    a = status_of(claim("a", "src", "q", regime=("unique maximum", [hand("general"), hand("special")])),
                  fact, result("special", step(P)))
    b = status_of(claim("b", "src", "q", regime=("unique maximum", [hand("general")])), fact)
    assert a.status is b.status is ClaimStatus.IN_REGIME_SUPPORTED
    assert a.weakest_link == b.weakest_link == f"{hand('general')} step 1: numeric (generic n)"


def test_a_file_one_folder_down_is_collected_and_cites_a_top_level_file_by_import(tmp_path):
    """derivations/texts/x.py is imported as derivations.texts.x, so it can cite derivations/a.py's facts; a
    folder named _x is left out."""
    from verifier.loader import load
    d = tmp_path / "derivations"
    (d / "texts").mkdir(parents=True)
    (d / "_scratch").mkdir()
    (d / "a.py").write_text("from verifier import calc, real\nx = real('x')\n"
                            "sq = calc((x + 1)**2, title='sq').eq(x**2 + 2*x + 1, 'expand')\n")
    (d / "texts" / "line.py").write_text("from derivations.a import sq, x\nfrom verifier import calc\n"
                                         "used = calc((x + 1)**2, title='used').eq(x**2 + 2*x + 1, 'cited', by=[sq])\n")
    (d / "_scratch" / "junk.py").write_text("raise SystemExit(1)\n")
    files = project_files(tmp_path)
    assert [p.relative_to(d).as_posix() for p in files] == ["a.py", "texts/line.py"]
    found, errors = load(files, tmp_path)
    assert not errors, [str(e) for e in errors]
    assert {(x.file, x.name) for x in found} >= {("derivations/a.py", "sq"), ("derivations/texts/line.py", "used")}


def test_the_headline_whose_reading_is_open_names_both_readings_and_counts_nothing_against_it(register):
    """The text defines entropy invariance as eliminating n's influence 'as much as possible': on eq. (5)'s entropy
    it holds, on the entropy itself tied maxima break it for every κ.  An open reading is neither refuted nor proved:
    each reading's derivations are named under readings=, none counted for or against it; a scale the text does not
    write (λδ = log n + log log n + c) is shown beyond it."""
    c = register["000-entropy-invariant"]
    refs = c.references()
    assert c.readings and not c.not_checked and "log(n/2)" in c.readings and "as much as possible" in c.premises
    assert set(refs) == {READINGS, BEYOND} and "log log n" in c.beyond_what
    assert "derivations/entropy_scale.py::half_tied_seed_scale_not_flat" in refs[READINGS]
    assert refs[BEYOND] == ["derivations/entropy_scale.py::one_peak_corrected_scale"]
    assert "eq. (5)'s entropy" in c.premises
    assert "QKᵀ" in c.refused


@pytest.mark.parametrize("which", ["000", "001"])
def test_every_display_is_in_the_register_as_the_text_writes_it(which, register):
    """A reader finds each display of the texts on the claims page, written as the author wrote it, with the status
    of its claim (a definition says it is one): a display no claim quotes would be mathematics the page skips."""
    quoted = [_plain(c.written) for c in register.values() if c.id.startswith(which)]
    for where, _line, latex in _displays(_seed_text(which)):
        display = _plain(re.sub(r"\\(begin|end)\{aligned\}|\\label\{[^}]*\}", "", latex)).strip()
        assert any(display in q for q in quoted), (which, where)
