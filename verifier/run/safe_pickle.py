"""Reading derivations sent by a loader process without running any of their file's code.

A pickle can name any callable and call it while it is read (`__reduce__`
returning `exec`), which would hand a derivation file the checker's process
after all.  So only classes are accepted, and only data classes: SymPy
expressions (subclasses of Basic), the verifier's own records and a few plain
builtin containers.  SymPy turns strings into code when it sympifies them,
so string parsing is switched off while a pickle is read, and so is setting
the state of a SymPy object (a forged pickle could rewrite a cached Symbol or
S.Zero that the checker uses afterwards).
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
# (Not verifier.run.process: building a Child would start a process.)
_VERIFIER_DATA = {"verifier.verdicts", "verifier.run.load", "verifier.run.experiments", "verifier.run.pipeline",
                  "verifier.results_cache"}


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
        elif module in _VERIFIER_DATA or module.startswith("verifier.authoring."):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise UnsafePickle(f"refused to rebuild {module}.{name}: a derivation may hold SymPy expressions "
                           "and the verifier's own objects only")


@contextlib.contextmanager
def _guarded():
    """While a pickle is read: no string becomes code, and no SymPy object or enum member gets its state overwritten.

    SymPy's own pickles never set state on a SymPy object; a forged one could, on a cached or
    singleton object (Symbol('x'), S.Zero) that the checker then uses, so that is refused."""
    import enum

    from sympy import Basic, Symbol
    from sympy.parsing import sympy_parser
    saved = (sympy_parser.parse_expr, Basic.__dict__["__setstate__"], Symbol.__dict__["__setstate__"])

    def no_parsing(*args, **kwargs):
        raise UnsafePickle("a pickled expression tried to parse a string as code")

    def no_state(self, state):
        raise UnsafePickle(f"a pickle tried to overwrite the state of a SymPy {type(self).__name__}")

    sympy_parser.parse_expr, Basic.__setstate__, Symbol.__setstate__ = no_parsing, no_state, no_state
    # Enum members (Relation.LE, Verdict.PROVED) are singletons too; their pickles never carry state.
    enum.Enum.__setstate__ = no_state
    try:
        yield
    finally:
        sympy_parser.parse_expr, Basic.__setstate__, Symbol.__setstate__ = saved
        del enum.Enum.__setstate__


def dumps(obj) -> bytes:
    return pickle.dumps(obj, protocol=PROTOCOL)


def loads(data: bytes):
    """Rebuild data from a loader process; UnsafePickle if it names anything but data classes."""
    with _guarded():
        return _DataOnly(io.BytesIO(data)).load()
