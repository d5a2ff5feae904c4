"""Finding derivation files and collecting the derivations they define.

A file that fails to import is reported as a LoadError naming the file and the
line; the other files are still loaded, so one broken derivation never stops
the rest from being checked.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

from .authoring.chain import Derivation

PACKAGE_DIR = Path(__file__).resolve().parent


def project_root() -> Path:
    """The checkout holding derivations/: the working directory if it has one, else beside the package."""
    cwd = Path.cwd()
    if (cwd / "derivations").is_dir():
        return cwd
    return PACKAGE_DIR.parent


def project_files(root: Path | None = None) -> list[Path]:
    root = root or project_root()
    return sorted(p for p in (root / "derivations").glob("*.py") if not p.name.startswith("_"))


@dataclass
class LoadError:
    file: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: cannot be loaded: {self.message}"


def _module_for(path: Path, root: Path):
    path = path.resolve()
    derivations_dir = (root / "derivations").resolve()
    if path.parent == derivations_dir:
        # Import as a package module so derivation files can cite each other's facts by import.
        if str(root) not in sys.path:
            sys.path.insert(0, str(root))
        return importlib.import_module(f"derivations.{path.stem}")
    name = f"verifier_user_{abs(hash(str(path)))}_{path.stem}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _describe(exc: BaseException, path: Path) -> str:
    if isinstance(exc, SyntaxError):
        return f"SyntaxError: {exc.msg} (line {exc.lineno})"
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename).resolve() == path.resolve()]
    where = f" (line {frames[-1].lineno})" if frames else ""
    return f"{exc.__class__.__name__}: {exc}{where}"


def load_file(path: Path, root: Path | None = None) -> tuple[list[Derivation], LoadError | None]:
    root = root or project_root()
    shown = _relative(path, root)
    if not path.is_file():
        return [], LoadError(shown, "no such file")
    try:
        module = _module_for(path, root)
    except Exception as exc:  # anything a user's file raises must become a one-line error
        return [], LoadError(shown, _describe(exc, path))
    found, seen = [], set()
    for var, value in vars(module).items():
        if isinstance(value, Derivation) and id(value) not in seen and \
                Path(value.file or path).resolve() == path.resolve():
            seen.add(id(value))
            value.name = value.name or var
            value.file = shown
            found.append(value)
    if not found:
        return [], LoadError(shown, "defines no derivation: assign one at module level, "
                                    "e.g. `my_claim = calc(expr, title=...).eq(...)`")
    return found, None


def _relative(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)


def load(paths: list[Path], root: Path | None = None) -> tuple[list[Derivation], list[LoadError]]:
    derivations, errors = _load(paths, root)
    return derivations, errors + duplicate_names(derivations)


def _load(paths: list[Path], root: Path | None = None) -> tuple[list[Derivation], list[LoadError]]:
    derivations, errors = [], []
    for path in paths:
        found, err = load_file(path, root)
        derivations += found
        if err:
            errors.append(err)
    return derivations, errors


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
    """Names must be unique: `check NAME`, the JSON and the report all address derivations by name."""
    first: dict[str, Derivation] = {}
    errors = []
    for d in derivations:
        if d.name in first and first[d.name] is not d:
            errors.append(LoadError(d.file, f"derivation name {d.name!r} is also defined in {first[d.name].file}; "
                                            "rename one of them"))
        first.setdefault(d.name, d)
    return errors


def resolve(targets: list[str], root: Path | None = None) -> tuple[list[Derivation], list[LoadError]]:
    """Files by path, and project derivations by name or file stem."""
    root = root or project_root()
    derivations, errors = [], []
    project = None
    for target in targets:
        path = Path(target)
        if path.suffix == ".py" or path.exists():
            found, errs = _load([path], root)
        else:
            if project is None:
                project = load(project_files(root), root)
            found = [d for d in project[0] if d.name == target or Path(d.file).stem == target]
            errs = [] if found else [LoadError(target, "no derivation or file by that name "
                                                       "(see `python -m verifier list`)")]
        derivations += [d for d in found if d not in derivations]
        errors += errs
    return derivations, errors + duplicate_names(derivations)


def project_claims(root: Path | None = None) -> tuple[list, list[LoadError]]:
    """The claims register: every Claim declared at module level in derivations/*.py (underscore files too,
    since the register itself, derivations/_claims.py, holds no derivation), in declaration order."""
    from .authoring.claims import Claim
    root = root or project_root()
    claims, errors, seen = [], [], {}
    for path in sorted((root / "derivations").glob("*.py")):
        try:
            module = _module_for(path, root)
        except Exception as exc:
            errors.append(LoadError(_relative(path, root), _describe(exc, path)))
            continue
        for value in vars(module).values():
            if isinstance(value, Claim) and id(value) not in {id(c) for c in claims}:
                if value.id in seen:
                    errors.append(LoadError(_relative(path, root), f"claim id {value.id!r} is declared twice"))
                    continue
                seen[value.id] = value
                claims.append(value)
    return claims, errors
