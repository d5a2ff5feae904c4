"""A whole document: its chains read side by side, definitions recognised, errors with their lines."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import sympy as sp

from .environments import Block, Chain, find_blocks, chains
from .reading import Backend, Context, DEFAULT_BACKEND, ReadError, read_side


@dataclass
class ImportedChain:
    chain: Chain
    exprs: list[sp.Expr]                      # one per side
    rules: list[str]
    name: str                                  # a Python identifier for the derivation
    where: str                                 # "eq. (2)" or "line 7"
    start: int = 0                             # the side the calc starts at (1 when the first relation defines a name)


@dataclass
class Definition:
    name: str                                  # "p" or "H"
    index: sp.Symbol | None                    # p_i: the index; H: None
    expr: sp.Expr
    latex: str
    where: str


@dataclass
class Failure:
    line: int
    where: str
    latex: str
    message: str
    readings: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = f"line {self.line} ({self.where}): {self.message}"
        if self.readings:
            text += "; readings: " + " | ".join(f"({k + 1}) {r}" for k, r in enumerate(self.readings))
        return text


@dataclass
class Document:
    path: str
    chains: list[ImportedChain] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    size: str = "n"


def where_of(block: Block, chain: Chain) -> str:
    if block.number:
        return f"eq. ({block.number})"
    return f"line {chain.line}"


def default_size(text: str) -> str:
    found = re.findall(r"\\sum_\{?\s*[a-z]\s*=\s*[^}]*\}?\s*\^\s*\{?\s*([A-Za-z])", text)
    return Counter(found).most_common(1)[0][0] if found else "n"


def _is_name(e) -> bool:
    return isinstance(e, sp.Symbol) or (isinstance(e, sp.Indexed) and len(e.indices) == 1
                                         and isinstance(e.indices[0], sp.Symbol))


def read_document(text: str, path: str = "", label: str | None = None,
                  backend: Backend = DEFAULT_BACKEND) -> Document:
    doc = Document(path, size=default_size(text))
    context = Context(size=doc.size)
    used_names: Counter = Counter()
    blocks = find_blocks(text)
    if label is not None and not any(b.label == label for b in blocks):
        doc.failures.append(Failure(0, "", "", f"no display labelled {label!r}"))
    for block in blocks:
        for chain in chains(block):
            where = where_of(block, chain)
            exprs, rules, failed = [], [], False
            for side, line in zip(chain.sides, chain.lines):
                try:
                    reading = read_side(side, backend, context)
                except ReadError as exc:
                    doc.failures.append(Failure(line, where, side, str(exc), exc.readings))
                    failed = True
                    break
                exprs.append(reading.expr)
                rules += [f"line {line}: {r}" for r in reading.rules if f"line {line}: {r}" not in rules]
            if failed:
                continue
            doc.rules += rules
            # An unnumbered `p_i = …` (or any `x := …`) is a definition; so is the first relation of a chain
            # `H = … = …` that starts at a lone name.
            single_def = (len(chain.relations) == 1 and _is_name(exprs[0])
                          and (chain.relations[0] == "def" or (chain.relations[0] == "=" and not block.number)))
            if single_def:
                doc.definitions.append(_definition(exprs[0], exprs[1], chain.sides[1], where))
                doc.rules.append(f"line {chain.line}: read `{chain.sides[0]} {chain.relation_latex[0]} …` "
                                 f"({'numbered' if block.number else 'unnumbered'}, a lone name on the left) "
                                 f"as the definition of {exprs[0]}")
                continue
            if label is not None and block.label != label:
                continue
            start = 0
            if (len(chain.relations) >= 2 and chain.relations[0] in ("=", "def") and isinstance(exprs[0], sp.Symbol)):
                doc.definitions.append(_definition(exprs[0], exprs[1], chain.sides[1], where))
                doc.rules.append(f"line {chain.line}: read `{chain.sides[0]} {chain.relation_latex[0]} …` as defining "
                                 f"{exprs[0]} by its first right side; the chain starts there")
                start = 1
            base = re.sub(r"\W", "_", f"eq_{block.number}" if block.number else
                          (block.label or f"line_{chain.line}")).strip("_").replace("–", "_")
            base = re.sub(r"_+", "_", base)
            used_names[base] += 1
            name = base if used_names[base] == 1 else f"{base}_{used_names[base]}"
            doc.chains.append(ImportedChain(chain, exprs, rules, name, where, start))
    return doc


def _definition(lhs, rhs, latex, where) -> Definition:
    if isinstance(lhs, sp.Indexed):
        return Definition(lhs.base.label.name, lhs.indices[0], rhs, latex, where)
    return Definition(lhs.name, None, rhs, latex, where)


def import_file(path: str | Path, label: str | None = None, backend: Backend = DEFAULT_BACKEND) -> Document:
    p = Path(path)
    return read_document(p.read_text(encoding="utf-8"), str(p), label, backend)
