"""Importing a derivation file, always inside a child process (see process.py): the checker's own process never runs it.

Files under derivations/ are imported as a package, so they can cite each other's facts by import;
the sys.path entry this needs is made in the child and dies with it.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from pathlib import Path


def module_for(path: Path, root: Path):
    path = path.resolve()
    derivations_dir = (root / "derivations").resolve()
    inside = path.parent == derivations_dir or (path.parent.parent == derivations_dir
                                                 and path.parent.name.isidentifier())
    if inside:
        # Import as a package module so derivation files can cite each other's facts by import; a file one
        # folder down (derivations/texts/x.py) is derivations.texts.x, so it can import derivations.mean_field.
        _forget_other_derivations_package(derivations_dir)
        _forget_inherited_derivations()
        if str(root) in sys.path:
            sys.path.remove(str(root))
        sys.path.insert(0, str(root))
        package = "derivations" if path.parent == derivations_dir else f"derivations.{path.parent.name}"
        return importlib.import_module(f"{package}.{path.stem}")
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


_IMPORTED_IN = os.getpid()     # the process that imported this module; a forked child has another pid
_FORGOTTEN: set = set()


def _forget_inherited_derivations() -> None:
    """Once in each forked child: forget the derivation modules it inherited from its parent.

    The parent may have imported them itself and changed their objects (a test naming an unnamed derivation
    'under_test' while checking it); the child would then collect those objects, names and all, instead
    of the file as written (two derivations of noise_robustness.py both named 'under_test' in the suite)."""
    pid = os.getpid()
    if pid == _IMPORTED_IN or pid in _FORGOTTEN:
        return
    _FORGOTTEN.add(pid)
    for name in [m for m in sys.modules if m == "derivations" or m.startswith("derivations.")]:
        del sys.modules[name]
    importlib.invalidate_caches()


def _forget_other_derivations_package(derivations_dir: Path) -> None:
    """A `derivations` package already imported from another project (a forked child inherits its parent's
    modules) would shadow this one: forget it and its modules, in this child only."""
    loaded = sys.modules.get("derivations")
    paths = [Path(p).resolve() for p in getattr(loaded, "__path__", [])] if loaded else []
    if loaded is not None and derivations_dir not in paths:
        for name in [m for m in sys.modules if m == "derivations" or m.startswith("derivations.")]:
            del sys.modules[name]
        importlib.invalidate_caches()
