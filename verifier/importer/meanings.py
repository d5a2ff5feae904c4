"""Meanings for the imported ≈ and ∝ steps, from a small JSON sidecar: `import … --meanings FILE.json`.

LaTeX never says what its ≈ means or what its ∝ is taken in, so the import writes each ≈ without a
meaning (unknown, unless the text's words state one) and each ∝ without wrt= (an error until the author
says).  A sidecar says it once per display:

    {"eq. (3)": {"meaning": "tends(lam, 0), series_order(lam, 0, 2), one_sided('>=')"},
     "eq:focus": {"meaning": "tends(lam, oo), one_sided('<=')"},
     "eq_6":     {"wrt": "n"}}

A key names a display by where the import says it is ("eq. (3)"), by its \\label ("eq:focus") or by the
derivation's name in the written file ("eq_3").  "meaning" is written into every ≈ step of that display as
`meaning=[…]`, "wrt" into every ∝ step as `wrt=(…)`: Python expressions over the names of the written file
(its declarations, `tends`, `series_order`, `one_sided`, `oo`), copied verbatim, so they are exactly as
trusted as the derivation file itself (checked only to be one expression).  A key that names no imported
display, or a field the display has no step for, is an error: a typo never leaves a step silently unmeant.
With --label only that display is imported, so the sidecar may name only it.
"""
from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from pathlib import Path

FIELDS = ("meaning", "wrt")


@dataclass(frozen=True)
class Given:
    meaning: str = ""      # the inside of meaning=[…]
    wrt: str = ""          # the inside of wrt=(…)


class MeaningsError(ValueError):
    pass


def _expression(code: str, key: str, name: str) -> str:
    code = " ".join(code.split())
    try:
        ast.parse(f"[{code}]", mode="eval")
    except SyntaxError as exc:
        raise MeaningsError(f"{key!r}: {name} {code!r} is not a Python expression ({exc.msg})") from None
    return code


def parse(data) -> dict[str, Given]:
    """{display key: Given} from the sidecar's JSON value; keys starting with '_' are comments."""
    if not isinstance(data, dict):
        raise MeaningsError("the meanings file must hold one JSON object: {display: {\"meaning\": …, \"wrt\": …}}")
    out = {}
    for key, value in data.items():
        if key.startswith("_"):
            continue
        if isinstance(value, str):
            value = {"meaning": value}
        if not isinstance(value, dict) or not value or set(value) - set(FIELDS):
            raise MeaningsError(f"{key!r}: expected {{\"meaning\": \"…\"}} and/or {{\"wrt\": \"…\"}}, got {value!r}")
        if not all(isinstance(v, str) and v.strip() for v in value.values()):
            raise MeaningsError(f"{key!r}: each field is a non-empty string of Python")
        out[key] = Given(**{f: _expression(v, key, f) for f, v in value.items()})
    return out


def load(path: str | Path) -> dict[str, Given]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise MeaningsError(f"{path}: {exc}") from None
    return parse(data)


def keys_of(chain) -> tuple[str, ...]:
    """The names an ImportedChain answers to: where ("eq. (3)"), its derivation name, its \\label."""
    block = chain.chain.block
    return tuple(k for k in (chain.where, chain.name, block.label if block is not None else "") if k)


def assign(given: dict[str, Given], chains) -> dict[str, Given]:
    """{chain name: Given}, every key used and every field landing on a step of its kind, else MeaningsError.

    A key that several chains answer to (one display split into chains) applies to each of them."""
    out, named = {}, {}
    for c in chains:
        found = [k for k in keys_of(c) if k in given]
        if len(found) > 1:
            raise MeaningsError(f"{c.where} is named twice in the meanings file: {', '.join(map(repr, found))}")
        if found:
            named.setdefault(found[0], []).append(c)
            out[c.name] = given[found[0]]
    for key, cs in named.items():
        relations = [r for c in cs for r in c.chain.relations[c.start:]]
        if given[key].meaning and not any(r in ("approx", "sim") for r in relations):
            raise MeaningsError(f"{key!r}: a meaning is given but {cs[0].where} has no ≈ step")
        if given[key].wrt and "propto" not in relations:
            raise MeaningsError(f"{key!r}: wrt is given but {cs[0].where} has no ∝ step")
    unused = [k for k in given if k not in named]
    if unused:
        names = ", ".join(f"{c.where} ({c.name})" for c in chains)
        raise MeaningsError(f"no imported display is named {', '.join(map(repr, unused))}; the displays are: {names}")
    return out
