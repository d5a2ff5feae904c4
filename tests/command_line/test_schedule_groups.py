"""Work is spread by citation group, not by file: one large file does not set the wall time, and the
verdicts are those of a serial run (a cited fact is checked in the same worker as the steps citing it)."""
from verifier import calc, real
from verifier.judge import schedule
from verifier.judge.schedule import check_all, citation_groups
from verifier.settings import Settings
from verifier.verdicts import Verdict

x = real("x")


def fact():
    return calc(x ** 2, title="square", name="square").ge(0, "a square")


def test_derivations_of_one_file_that_cite_nothing_are_separate_groups():
    ds = [calc(x + k, title=f"d{k}", name=f"d{k}").eq(k + x, "commutes") for k in range(3)]
    for d in ds:
        d.file = "derivations/one_file.py"
    assert sorted(citation_groups(ds)) == [[0], [1], [2]]


def test_a_fact_and_its_citers_share_a_group_and_so_do_citers_of_a_fact_outside_the_list():
    square = fact()
    lone = calc(x, title="lone", name="lone").eq(x, "restated")
    citer = calc(x ** 2 + 1, title="citer", name="citer").ge(1, "the square is ≥ 0", by=[square])
    other = calc(x ** 2 + 2, title="other", name="other").ge(2, "the square is ≥ 0", by=[square])
    assert sorted(map(sorted, citation_groups([citer, lone, square]))) == [[0, 2], [1]]
    # The fact is not in the list (checked again where cited): its two citers go to one worker, which checks it once.
    assert sorted(map(sorted, citation_groups([citer, lone, other]))) == [[0, 2], [1]]


def test_one_file_spread_over_two_workers_gives_the_serial_verdicts():
    square = fact()
    ds = [square,
          calc(x ** 2 + 1, title="citer", name="citer").ge(1, "the square is ≥ 0", by=[square]),
          calc(x ** 2 + 1, title="false", name="false_citer").ge(2, "one edit away: false at x = 0", by=[square]),
          calc(2 * x, title="double", name="double").eq(x + x, "x + x")]
    for d in ds:
        d.file = "derivations/one_file.py"
    serial = check_all(ds, Settings(quick=True))
    spread = check_all(ds, Settings(quick=True), jobs=2, isolate=True)
    assert [r.name for r in spread] == [r.name for r in serial]
    assert [[s.verdict for s in r.steps] for r in spread] == [[s.verdict for s in r.steps] for r in serial]
    assert spread[2].steps[0].verdict is Verdict.REFUTED and spread[1].steps[0].verdict is Verdict.PROVED


def _allocate(item):
    """A worker's task that asks for more memory than its cap, or reports the cap it runs under."""
    import resource
    if item == "hog":
        try:
            bytearray(2 * schedule.memory_cap())
        except MemoryError:
            return "MemoryError"
        return "allocated"
    return resource.getrlimit(resource.RLIMIT_AS)[0]


def test_a_checker_worker_runs_under_a_memory_cap_and_a_hog_ends_in_a_memory_error():
    """One derivation once made SymPy take 20 GB of a 24 GB machine: a worker may take at most its cap."""
    got = list(schedule.resilient_map(_allocate, ["cap", "hog"], 2, lambda item, why: why))
    assert "MemoryError" in got, got
    [cap] = [g for g in got if isinstance(g, int)]
    assert 0 < cap <= schedule.memory_cap()
