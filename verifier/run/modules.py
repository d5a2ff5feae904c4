"""Importing a derivation file, always inside a child process (see process.py): the checker's own process never runs it.

Files under derivations/ are imported as a package, so they can cite each other's facts by import;
the sys.path entry this needs is made in the child and dies with it.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path


def module_for(path: Path, root: Path):
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
