"""Finding derivation files and collecting the derivations they define.

Each file is imported in a process of its own (verifier/run/load.py), so its
code cannot touch the checker.  A file that fails to import — an exception,
SystemExit, a hang past the time limit — is reported as a LoadError naming
the file (and the line); the other files are still loaded, so one broken
derivation never stops the rest from being checked.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .authoring.chain import Derivation
from .run.load import describe as _describe, load_files, module_for as _module_for, relink, shown_path

PACKAGE_DIR = Path(__file__).resolve().parent


ROOT_MARKERS = ("pyproject.toml", "derivations")


def project_root(start: Path | None = None) -> Path:
    """The project the command is run in, found as pytest and git find theirs: the nearest folder at or
    above the working directory (or `start`) holding pyproject.toml or a derivations/ folder.  Without
    one, the working directory itself (never the folder the verifier happens to be installed in)."""
    here = Path(start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file() or (folder / "derivations").is_dir():
            return folder
    return here


def folder_files(folder: Path) -> list[Path]:
    """The derivation files in a folder: its *.py files, helpers (_name.py) left out."""
    return sorted(p for p in Path(folder).glob("*.py") if not p.name.startswith("_"))


def project_files(root: Path | None = None) -> list[Path]:
    """derivations/*.py, then the derivation files of each folder one level down (derivations/texts/: the
    source texts imported as written), folders in name order; folders named _x or .x are left out."""
    root = root or project_root()
    top = root / "derivations"
    folders = sorted(p for p in top.glob("*/") if p.is_dir() and not p.name.startswith(("_", ".")))
    return folder_files(top) + [f for folder in folders for f in folder_files(folder)]


@dataclass
class LoadError:
    file: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: cannot be loaded: {self.message}"


def load_file(path: Path, root: Path | None = None) -> tuple[list[Derivation], LoadError | None]:
    derivations, errors = _load([path], root)
    return derivations, (errors[0] if errors else None)


def _relative(path: Path, root: Path) -> str:
    return shown_path(path, root)


def load(paths: list[Path], root: Path | None = None, **options) -> tuple[list[Derivation], list[LoadError]]:
    derivations, errors = _load(paths, root, **options)
    return derivations, errors + duplicate_names(derivations)


def _load(paths: list[Path], root: Path | None = None, **options) -> tuple[list[Derivation], list[LoadError]]:
    """Each file in its own process (see run/load.py); options: limit=, jobs=, experiments=ExperimentPlan."""
    root = root or project_root()
    derivations, errors = [], []
    for loaded in load_files(list(paths), root, **options):
        derivations += loaded.derivations
        if loaded.error:
            errors.append(LoadError(loaded.shown, loaded.error))
    return relink(derivations), errors


def reading_order(derivations: list[Derivation]) -> list[Derivation]:
    """Derivations grouped by the seed text they cite (000, 001, 002, then the rest), files kept together."""
    from .authoring.chain import SEEDS
    seeds = list(SEEDS.values())

    def rank(d: Derivation) -> tuple:
        cited = [k for k, name in enumerate(seeds) if name in d.source]
        return (min(cited) if cited else len(seeds)), d.file

    files_first = {}
    for d in derivations:
        files_first.setdefault(d.file, rank(d))
    # A file goes where its first derivation's seed puts it; inside a file, the author's order stands.
    return sorted(derivations, key=lambda d: files_first[d.file])


def duplicate_names(derivations: list[Derivation]) -> list[LoadError]:
    """Names must be unique within a file: the JSON, the report and the claims address derivations as
    file::name, so two files may each define `claim`."""
    first: dict[tuple, Derivation] = {}
    errors = []
    for d in derivations:
        key = (d.file, d.name)
        if key in first and first[key] is not d:
            errors.append(LoadError(d.file, f"derivation name {d.name!r} is defined twice in this file; "
                                            "rename one of them"))
        first.setdefault(key, d)
    return errors


def resolve(targets: list[str], root: Path | None = None, **options) -> tuple[list[Derivation], list[LoadError]]:
    """Files by path, and project derivations by name or file stem."""
    root = root or project_root()
    derivations, errors = [], []
    project = None
    for target in targets:
        path = Path(target)
        if path.suffix == ".py" or path.exists():
            found, errs = _load([path], root, **options)
        else:
            if project is None:
                project = load(project_files(root), root, **options)
            found = [d for d in project[0] if d.name == target or Path(d.file).stem == target]
            errs = [] if found else [LoadError(target, "no derivation or file by that name "
                                                       "(see `python -m verifier list`)")]
        derivations += [d for d in found if d not in derivations]
        errors += errs
    return derivations, errors + duplicate_names(derivations)


def project_claims(root: Path | None = None, cache=None) -> tuple[list, list[LoadError]]:
    """The claims register: every Claim declared at module level in derivations/*.py (underscore files too,
    since the register itself, derivations/_claims.py, holds no derivation), in declaration order.

    Loaded in a process of its own like every derivation file; each claim names its derivations as
    "file::name" keys."""
    from .run.load import load_claims
    root = root or project_root()
    claims, errors = load_claims(sorted((root / "derivations").glob("*.py")), root, cache=cache)
    return claims, [LoadError(file, message) for file, message in errors]
