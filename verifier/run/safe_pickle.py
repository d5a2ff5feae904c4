"""Reading derivations sent by a loader process without running any of their file's code.

A pickle can name any callable and call it while it is read (`__reduce__`
returning `exec`), which would hand a derivation file the checker's process
after all.  So only classes are accepted, and only data classes: SymPy
expressions (subclasses of Basic), the verifier's own records and a few plain
builtin containers.  SymPy turns strings into code when it sympifies them,
so string parsing is switched off while a pickle is read.
"""
from __future__ import annotations

import contextlib
import io
import pickle

PROTOCOL = 5

_BUILTINS = {"set", "frozenset", "complex", "slice", "range", "bytearray", "tuple", "list", "dict",
             "int", "float", "str", "bool", "bytes", "object"}
# The few functions SymPy's own pickles call to rebuild an object (here: an undefined function f(x)).
_SYMPY_REBUILDERS = {("sympy.core.function", "_rebuild_undef")}
# verifier modules whose classes are plain records; nothing here runs user code when built.
_VERIFIER_DATA = ("verifier.authoring.", "verifier.verdicts", "verifier.run.", "verifier.results_cache")


class UnsafePickle(pickle.UnpicklingError):
    pass


class _DataOnly(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        if module == "builtins" and name in _BUILTINS:
            return super().find_class(module, name)
        if (module, name) in _SYMPY_REBUILDERS:
            return super().find_class(module, name)
        if module.startswith("sympy."):
            import sympy
            found = super().find_class(module, name)
            if isinstance(found, type) and issubclass(found, sympy.Basic):
                return found
        elif module.startswith(_VERIFIER_DATA):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise UnsafePickle(f"refused to rebuild {module}.{name}: a derivation may hold SymPy expressions "
                           "and the verifier's own objects only")


@contextlib.contextmanager
def _no_string_parsing():
    from sympy.parsing import sympy_parser
    original = sympy_parser.parse_expr

    def refuse(*args, **kwargs):
        raise UnsafePickle("a pickled expression tried to parse a string as code")

    sympy_parser.parse_expr = refuse
    try:
        yield
    finally:
        sympy_parser.parse_expr = original


def dumps(obj) -> bytes:
    return pickle.dumps(obj, protocol=PROTOCOL)


def loads(data: bytes):
    """Rebuild data from a loader process; UnsafePickle if it names anything but data classes."""
    with _no_string_parsing():
        return _DataOnly(io.BytesIO(data)).load()
