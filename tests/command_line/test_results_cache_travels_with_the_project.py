"""A results cache copied with its project to another folder is still warm (a CI runner restores
`.verifier-cache` into another workspace path): entries are keyed, and name their dependencies, relative
to the project root.  Moving keeps soundness: any change to a dependency's content, in the project or
outside it, still checks the file again."""
import shutil

import pytest
from pathlib import Path

from verifier.results_cache import Entry, for_run
from verifier.run import safe_pickle
from verifier.run.pipeline import check_files
from verifier.settings import Settings

from tests.command_line.logged_project import BASE, USES

QUICK = Settings(quick=True)

READS = """\
from pathlib import Path
from verifier import calc, real
with open(Path(__file__).parent.parent / "imports.log", "a") as log:
    log.write("reads\\n")
shift = int((Path(__file__).parent.parent / "data" / "shift.txt").read_text())
outside = int(Path({outside!r}).read_text())
t = real("t")
square = calc((t + shift) ** 2, title="a square").eq(t ** 2 + 2 * shift * t + shift ** 2 + 0 * outside, "expand")
"""


def make_project(folder: Path, outside: Path) -> None:
    d = folder / "derivations"
    d.mkdir(parents=True)
    (d / "__init__.py").write_text("")
    (d / "base.py").write_text(BASE)
    (d / "uses.py").write_text(USES)
    (d / "reads.py").write_text(READS.format(outside=str(outside)))
    (folder / "data").mkdir()
    (folder / "data" / "shift.txt").write_text("1")


def files(folder: Path) -> list[Path]:
    return [folder / "derivations" / n for n in ("base.py", "uses.py", "reads.py")]


def check(folder: Path):
    fs = files(folder)
    return check_files(fs, folder, QUICK, cache=for_run(QUICK, 60.0, fs))


def imports(folder: Path) -> list[str]:
    log = folder / "imports.log"
    return log.read_text().split() if log.exists() else []


def moved(tmp_path: Path) -> tuple[Path, Path]:
    """A project checked once at a/, then copied with its cache to b/ and the original removed."""
    outside = tmp_path / "outside.txt"
    outside.write_text("7")
    a, b = tmp_path / "a", tmp_path / "b"
    make_project(a, outside)
    first = check(a)
    assert all(not o.cached and not o.error and not o.uncacheable for o in first), first
    shutil.copytree(a, b, symlinks=True)
    shutil.rmtree(a)
    (b / "imports.log").unlink()
    return b, outside


def test_a_project_copied_with_its_cache_to_another_folder_is_answered_from_the_cache(tmp_path):
    b, _ = moved(tmp_path)
    outcomes = check(b)
    assert [o.cached for o in outcomes] == [True, True, True]
    assert imports(b) == []
    assert [r.file for o in outcomes for r in o.results] == ["derivations/base.py", "derivations/uses.py",
                                                             "derivations/reads.py"]


def test_entries_name_the_files_inside_the_project_relative_to_its_root(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("7")
    make_project(tmp_path / "a", outside)
    check(tmp_path / "a")
    entries = [safe_pickle.loads(p.read_bytes()) for p in (tmp_path / "a" / ".verifier-cache" / "results").glob("*.results.pickle")]
    assert len(entries) == 3 and all(isinstance(e, Entry) for e in entries)
    named = [name for e in entries for name in [*e.deps, *e.reads]]
    inside = [n for n in named if not Path(n).is_absolute()]
    assert "derivations/reads.py" in inside and "data/shift.txt" in inside
    # Only a file outside the project is named by its absolute path.
    assert [n for n in named if Path(n).is_absolute()] == [str(outside.resolve())]


@pytest.mark.slow
def test_near_miss_an_edited_import_in_the_moved_project_checks_its_importers_again(tmp_path):
    b, _ = moved(tmp_path)
    (b / "derivations" / "base.py").write_text(BASE.replace('"adds one"', '"adds one, again"'))
    assert [o.cached for o in check(b)] == [False, False, True]


@pytest.mark.slow
def test_near_miss_a_changed_data_file_in_the_moved_project_checks_its_reader_again(tmp_path):
    b, _ = moved(tmp_path)
    (b / "data" / "shift.txt").write_text("2")
    outcomes = check(b)
    assert [o.cached for o in outcomes] == [True, True, False]
    assert imports(b) == ["reads"]


@pytest.mark.slow
def test_near_miss_a_changed_file_outside_the_project_still_checks_its_reader_again(tmp_path):
    b, outside = moved(tmp_path)
    outside.write_text("8")
    assert [o.cached for o in check(b)] == [True, True, False]
