r"""Laws of families of random variables, one law per entry, at which the steps that write their quantities inside a
sum are looked at again (`at_laws=`, judged as laws.py's are).

"The weights $w_{ij}$ are all drawn independently from the same distribution ... with zero mean and variance
$\sigma^2$ ... the inputs $x_j$ also have zero mean and variance $\gamma^2$ and are independent of $w_{ij}$ and of
each other" states a law for every entry of two families.  `\sum_{j=1}^{n} E[w_{ij} x_j]` is read as the sum of one
quantity for each j (reading.py): the entries of the family E[w_{ij} x_j].  A law proposed here gives every entry of
a family one two-point law with the mean and the variance the text states, the entries and the families independent;
then every quantity of one entry of each family it writes (E[w_{ij} x_j], E[w^2_{ij}]) has one value for every j,
computed exactly as laws.py computes a plain variable's, and the judge checks the step with each entry of the family
of quantities at that value.  Agreement at these laws proves nothing and changes no verdict.

What the text says is honoured, or no law is proposed:

  - only sentences of these kinds: names of the families in roles that say nothing of their values ("With $n$ inputs
    $x_j$ and their associated weights $w_{ij}$"); a family drawn independently from the same distribution, i.i.d.,
    independent and identically distributed; a mean and a variance in so many words (laws.py's phrases), of the
    family named or of "this distribution" just said to be the family's (families one sentence draws from the same
    distribution whose moments are then stated apart and differ get no law: σ may be γ); "independent of $w_{ij}$"
    (another family), "independent of each other"; "this does not mean that the distribution has to be Gaussian, just that the mean and
    variance need to exist" (which requires nothing); "we can compute the mean of $o_i$".  Any other sentence that
    writes a family's letter leaves it without laws, and a word that describes a law or its values anywhere else in
    the text (laws.py's list, in a sentence, a heading or a note inside a display) leaves every step without laws, and
    so does a mean or a variance said in a sentence that names no family by its letter and index ("the weights have
    variance $1$", "this distribution" with no family just drawn from one, "the inputs $x$ have variance ..."), and a
    sentence not honoured that speaks of the families by their role or as "they" ("each weight is a Rademacher
    variable"); a sentence that sets a name equal to inline maths after it ("the inputs $x_j$ are given by $w_{ij}$")
    leaves the families it writes without laws;
  - a quantity may write one entry of each family (w_{ij}, w_{ij}^2), never two of one (x_i x_j: i may be j), with
    numbers beside them; a quantity of two families needs the text to say they are independent (else E[w_{ij} x_j] is
    not E[w_{ij}] E[x_j], and nothing is proposed);
  - a step may write, beside those quantities and their sums (from a number to a size), only the sizes of the sums
    and the names of the stated means and deviations; a deviation is positive in every law proposed (the judge
    looks only where it is);
  - two laws are proposed that both have every stated mean and variance and differ in every moment left open (laws.py's
    m ± h and m − 2h w.p. 1/5, m + h/2 w.p. 4/5); a step with a side that writes no quantity is decided only where both
    laws give each quantity one value, written in names the step writes;
  - another display that writes a family's letter may only define a name (`o_i = \sum_j w_{ij} x_j`) or hold at each
    law; a display not read, and a display the words before it suppose, leave the step without laws, and so do a word
    in a text box of the chain's own display (`\text{for Rademacher } w_{ij}`; not `n_\textrm{in}`, `\textrm{Var}`) and a
    part of it not read (`\quad (w_{ij} = \pm 1)`).
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

import sympy as sp

from .environments import find_blocks, kind_of
from .law_texts import LAW_QUANTITIES as _LAW_QUANTITIES, LAW_WORDS as _LAW_WORDS, VALUES as _VALUES, \
    PHRASES as _PHRASES, SUPPOSED as _SUPPOSED, exact as _exact, inline_maths, letters_of as _letters_of, \
    notes_of as _notes_of, prose_of as _prose_of, two_point as _two_point, \
    independent_outcomes as _independent_outcomes

# Words a sentence about the families may use besides the phrases read below: they name the families' roles
# (inputs, weights of a layer) or join the sentence, and say nothing of a value.  Any other word leaves the
# sentence unhonoured.
_PLAIN_WORDS = frozenset("""a an the all are is be has have also and that let's lets let us assume suppose we for now furthermore
moreover further this these those case in of to with their its they them each every here then both its
weights weight inputs input outputs output layer layers associated unit units neuron neurons entries entry parameters
parameter activations activation features feature hidden""".split())
_DRAWN = re.compile(r"\b(?:are\s+)?(?:all\s+)?(?:drawn|sampled|chosen)\s+independently\s+from\s+(?:the\s+)?same\s+"
                    r"distribution\b|\b(?:independent(?:ly)?\s+and\s+identically\s+distributed|i\.\s*i\.\s*d\.?|iid)\b",
                    re.I)
_OF_EACH_OTHER = re.compile(r"\b(?:independent\s+of\s+each\s+other|mutually\s+independent)\b", re.I)
_OF_ANOTHER = re.compile(r"\bindependent\s+of\s+\$([^$]+)\$", re.I)
_THIS_DISTRIBUTION = re.compile(r"\b(?:this|that|the\s+same)\s+distribution\s+(?:has|have)\b", re.I)
# "Note that this does not mean that the distribution has to be Gaussian, just that the mean and variance need to
# exist": it requires nothing (a finite law has every moment)
_NO_REQUIREMENT = re.compile(r"^\s*(?:note\s+that\s+)?this\s+does\s+not\s+mean\s+that\s+the\s+distribution\s+(?:has|needs)"
                             r"\s+to\s+be\s+(?:gaussian|normal)\s*,?\s*(?:(?:just|only|but\s+only)\s+that\s+the\s+mean\s+"
                             r"and\s+(?:the\s+)?variance\s+(?:need|have)\s+to\s+exist)?\s*[.:;]?\s*$", re.I)
_ANNOUNCE = re.compile(r"^\s*(?:in\s+this\s+case\s*,?\s*)?(?:we\s+can|we|let\s+us|let's)\s+(?:now\s+)?(?:compute|calculate|"
                       r"find|derive)\s+the\s+(?:mean|variance|expectation|expected\s+value)\s+of\s+\$[^$]+\$\s*[.:;]?\s*$",
                       re.I)
# words about how variables depend on each other, in a sentence not honoured: the laws proposed may not have it
_DEPENDENCE = re.compile(r"independ|dependen|correlat|covarian|joint|coupl|same\s+(?:value|variable)", re.I)
# words that name the families by their role or stand for them: a sentence not honoured that writes them may say
# anything of their law
_ROLES = re.compile(r"\b(?:weights?|inputs?|outputs?|entr(?:y|ies)|parameters?|activations?|features?|units?|neurons?|"
                    r"variables?|samples?|draws?|they|their|them|theirs)\b", re.I)
# a word in a text box of a display that is no part of a name (`n_\textrm{in}`) and no operator (`\textrm{Var}`)
_NOT_NOTES = re.compile(r"[_^]\s*\\(?:text|textrm|textup|textit|mathrm|mbox)\s*\{[^{}]*\}|"
                        r"\\(?:text|textrm|textup|mathrm|operatorname)\s*\{\s*(?:E|Var|Cov|var|cov)\s*\}")
_NOTE_WORDS = re.compile(r"\\(?:text|textrm|textup|textit|mbox)\s*\{[^{}]*[A-Za-z]{2}[^{}]*\}")
# a name set equal to what the inline maths after it writes ("$x_j$ are the weights $w_{ij}$", "given by $w_{ij}$")
_NAMED_AS = re.compile(r"\b(?:is|are|be|being|equals?|given\s+by)\s+(?:(?:the|a|an|all|also|each|every|their|its|"
                       r"weights?|inputs?|outputs?|entr(?:y|ies)|parameters?|activations?|features?|units?|neurons?)"
                       r"\s+)*\$", re.I)
_GIVEN_BY = re.compile(r"\b(?:is|are)\s+given\s+by\b", re.I)
_INLINE = re.compile(r"\$([^$]+)\$|\\\((.+?)\\\)", re.S)
# inline maths that only names: a letter, subscripted or not, or a list of them
_ONE_NAME = r"\\?[A-Za-z]+(?:\s*_\s*(?:\{[^{}$]*\}|\\?[A-Za-z0-9]+|\\text(?:rm)?\s*\{[A-Za-z]+\}))?"
_NAMES = re.compile(rf"\s*{_ONE_NAME}(?:\s*,\s*{_ONE_NAME})*\s*")
_SUBSCRIPTED = re.compile(r"\\?([A-Za-z]+)\s*_")
_MAX_FAMILIES = 3


@dataclass
class _Family:
    mean: sp.Expr | None = None
    width: sp.Expr | None = None
    independent_of: set = field(default_factory=set)


@dataclass
class _Said:
    families: dict = field(default_factory=dict)    # letter -> _Family
    blocked: set = field(default_factory=set)       # letters a sentence not honoured writes
    honoured: list = field(default_factory=list)
    moment_names: set = field(default_factory=set)
    together: list = field(default_factory=list)    # families one sentence draws from the same distribution


def _sentences(text: str) -> list[str]:
    prose = _prose_of(text)
    # a sentence goes on after "i.i.d." or "i.e." followed by a word in lower case ("are i.i.d. with zero mean"): cut
    # there, the mean and the variance would be said of no family
    cut = r"(?<=[.!?:;])(?<!\bi\.i\.d\.)(?<!\bi\.e\.)(?<!\be\.g\.)\s+|(?<=[.!?:;])\s+(?=[^a-z\s])|\n\s*\n"
    return [s for s in re.split(cut, prose) if s and re.search(r"[A-Za-z]", s)]


def _words(sentence: str) -> set:
    return {w.lower().strip(".,;:!?()") for w in _INLINE.sub(" ", sentence).split()} - {""}


def _set_moments(family: _Family, mean, width) -> bool:
    for what, value in (("mean", mean), ("width", width)):
        if value is None:
            continue
        if getattr(family, what) is not None and getattr(family, what) != value:
            return False            # two statements: not one law
        setattr(family, what, value)
    return True


def _what_the_text_says(text: str) -> _Said | None:
    """The families the prose states a law of, or None when it says something of a law no law proposed honours."""
    said = _Said()
    last: list[str] = []        # the families the sentence before drew from one distribution ("this distribution")
    notes = _notes_of(text)
    if _LAW_WORDS.search(notes):
        return None
    for sentence in _sentences(text):
        flat = " ".join(sentence.split())
        if _NO_REQUIREMENT.match(flat):
            said.honoured.append(sentence.strip())
            continue
        maths = inline_maths(sentence)
        if _ANNOUNCE.match(flat) and all(_NAMES.fullmatch(m) for m in maths):
            said.honoured.append(sentence.strip())
            continue
        rest = _GIVEN_BY.sub(" ", flat)
        drawn = bool(_DRAWN.search(rest))
        rest = _DRAWN.sub(" ", rest)
        each_other = bool(_OF_EACH_OTHER.search(rest))
        rest = _OF_EACH_OTHER.sub(" ", rest)
        others = [m.group(1) for m in _OF_ANOTHER.finditer(rest)]
        rest = _OF_ANOTHER.sub(" ", rest)
        back = bool(_THIS_DISTRIBUTION.search(rest))
        rest = _THIS_DISTRIBUTION.sub(" ", rest)
        moments = {"mean": None, "width": None}
        ok = True
        for pattern, what, value in _PHRASES:
            m = pattern.search(rest)
            if m:
                if moments[what] is not None:
                    ok = False
                moments[what] = value(m)
                rest = rest[:m.start()] + " " + rest[m.end():]
        names = inline_maths(rest)
        plain = _words(rest)
        letters = {x for m in maths for x in _letters_of(m)}
        subjects = {m.group(1) for n in names for m in _SUBSCRIPTED.finditer(n)}
        objects = {m.group(1) for o in others for m in _SUBSCRIPTED.finditer(o)}
        says = drawn or each_other or others or back or moments["mean"] is not None or moments["width"] is not None
        if not ok or not plain <= _PLAIN_WORDS or not all(_NAMES.fullmatch(n) for n in names + others) \
                or re.search(r"\bmean|varian|deviation|moment|distribut|independ|identical", " ".join(plain), re.I):
            if _LAW_WORDS.search(_INLINE.sub(" ", sentence)) or _DEPENDENCE.search(_INLINE.sub(" ", sentence)):
                return None         # words about a law, its values or how the variables depend on each other
            if _ROLES.search(_INLINE.sub(" ", sentence)):
                return None         # "each weight is a Rademacher variable": said of the families by their role, not
                #                     their letter, and no law proposed may have it
            said.blocked |= letters
            last = []
            continue
        if not says and _NAMED_AS.search(_INLINE.sub(" $ ", flat)):
            said.blocked |= letters     # "the inputs $x_j$ are (given by) $w_{ij}$": a name equal to another
            last = []
            continue
        if not says:
            said.honoured.append(sentence.strip())     # names in their roles: nothing said of a law
            last = []
            continue
        unnamed = says and any(not _SUBSCRIPTED.search(n) for n in names)   # "the inputs $x$ have variance …"
        if back and subjects or back and not last or (others or each_other or drawn) and not subjects \
                or not back and not subjects or unnamed:
            if moments["mean"] is not None or moments["width"] is not None:
                return None     # a mean or a variance of families the sentence does not name ("the weights have
                #                 variance $1$"): a law proposed without it may contradict it
            said.blocked |= letters
            last = []
            continue
        targets = sorted(subjects) if subjects else list(last)
        moment_names = {x.name for x in moments.values() if isinstance(x, sp.Symbol)}
        if set(targets) & moment_names or objects & moment_names:
            said.blocked |= letters
            continue
        for letter in targets:
            family = said.families.setdefault(letter, _Family())
            if not _set_moments(family, moments["mean"], moments["width"]):
                said.blocked.add(letter)
            family.independent_of |= objects
        for letter in objects:
            said.families.setdefault(letter, _Family()).independent_of |= set(targets)
        said.moment_names |= moment_names
        if drawn and len(targets) > 1:
            said.together.append(set(targets))
        last = targets if drawn or back else []
        said.honoured.append(sentence.strip())
    for group in said.together:
        if len({(said.families[f].mean, said.families[f].width) for f in group}) > 1:
            said.blocked |= group   # drawn from one distribution, their moments stated apart: σ may be γ, or must be
    if said.moment_names & set(said.families) or said.moment_names & said.blocked:
        return None
    return said


@dataclass(frozen=True)
class _Law:
    words: str
    outcomes: tuple             # ((probability, {representative: value}), …), the families independent


def _laws(families: list[str], said: _Said, numbers: dict, shown: dict) -> list[_Law]:
    """Two laws of one entry of each family (each entry of a family has it, independently): both have every stated
    mean and variance; an unstated mean is 0 in one and 1 in the other, an unstated deviation 1 and 2."""
    out = []
    for first in (True, False):
        pieces, words = [], []
        for letter in families:
            f = said.families[letter]
            m = f.mean if f.mean is not None else sp.Integer(0 if first else 1)
            h = f.width if f.width is not None else sp.Integer(1 if first else 2)
            m, h = m.xreplace(numbers), h.xreplace(numbers)
            pair = _two_point(m, h, first)
            pieces.append([(p, sp.Symbol(letter), x) for p, x in pair])
            words.append(f"{shown[letter]} = {pair[0][1]} with probability {pair[0][0]} and {pair[1][1]} with "
                         f"probability {pair[1][0]} at every entry")
        tail = ", ".join(f"{n} = {v}" for n, v in sorted(numbers.items(), key=lambda kv: kv[0].name))
        out.append(_Law("; ".join(words) + ", every entry independent of every other"
                        + (f" ({tail}: a value the step leaves open)" if tail else ""),
                        _independent_outcomes(pieces)))
    return out


def _value(word: str, parts, law: _Law):
    def mean(f):
        total = sp.Integer(0)
        for prob, point in law.outcomes:
            total += prob * f.xreplace(point)
        return _exact(total)
    if word == "E":
        return mean(parts[0])
    if word == "Var":
        return _exact(mean(parts[0] ** 2) - mean(parts[0]) ** 2)
    return _exact(mean(parts[0] * parts[1]) - mean(parts[0]) * mean(parts[1]))


def _entry_families(parts, said: _Said) -> list[str] | None:
    """The families one quantity's argument writes, each at one entry, beside numbers only; None otherwise."""
    seen: dict = {}
    for p in parts:
        if not isinstance(p, sp.Expr) or p.atoms(sp.Sum, sp.Product, sp.Integral, sp.Derivative, sp.Function):
            return None
        for e in p.atoms(sp.Indexed):
            letter = e.base.label.name
            if letter not in said.families or letter in said.blocked or seen.get(letter, e) != e \
                    or not all(isinstance(i, sp.Symbol) for i in e.indices):
                return None         # a name no law is stated of, or two entries of one family (x_i x_j: i may be j)
            seen[letter] = e
        held = {x for e in p.atoms(sp.Indexed) for x in e.free_symbols}
        if p.free_symbols - held:
            return None
    return sorted(seen) or None


def _as_representatives(parts):
    return tuple(p.replace(lambda e: isinstance(e, sp.Indexed), lambda e: sp.Symbol(e.base.label.name)) for p in parts)


def _step_laws(c, k: int, quantities: dict, said: _Said, constraining, sizes: set) -> tuple:
    a, b = c.exprs[k], c.exprs[k + 1]
    if not all(isinstance(e, sp.Expr) for e in (a, b)) or c.chain.relations[k] not in ("=", "<=", ">=", "<", ">"):
        return ()
    entries = {e for s in (a, b) for e in s.atoms(sp.Indexed)}
    if not entries or any(e.base.label.name not in quantities for e in entries):
        return ()               # a side that writes another entry (x_j bare) or no family of quantities
    for s in (a, b):
        if s.atoms(sp.Product, sp.Integral, sp.Derivative, sp.Limit, sp.Function) - s.atoms(sp.Indexed):
            return ()
        for total in s.atoms(sp.Sum):
            if any(len(lim) != 3 or not lim[1].is_Integer or not (lim[2].is_Integer or str(lim[2]) in sizes)
                   for lim in total.limits):
                return ()
    families_of = {}
    for e in entries:
        name = e.base.label.name
        word, parts = quantities[name]
        found = _entry_families(parts, said)
        if found is None or len(found) > _MAX_FAMILIES:
            return ()
        for one, other in itertools.combinations(found, 2):
            if other not in said.families[one].independent_of:
                return ()       # E[w_{ij} x_j] of families the text never says are independent: not E[w] E[x]
        families_of[e.base] = (word, _as_representatives(parts), found)
    held = {x for e in entries for x in e.free_symbols} | {lim[0] for s in (a, b) for t in s.atoms(sp.Sum)
                                                           for lim in t.limits}
    bare = {x for s in (a, b) for x in s.free_symbols} - held
    moment = {sp.Symbol(n) for n in said.moment_names}
    if {x for x in bare if not any(x.name == m.name for m in moment) and x.name not in sizes}:
        return ()               # a name beside the quantities that is no stated moment and no size: μ_X, a constant
    families = sorted({f for _, _, found in families_of.values() for f in found})
    written = {x.name for e in c.exprs for x in e.free_symbols}
    numbers = {m: sp.Integer(n) for m, n in zip(sorted((m for m in moment if m.name not in written), key=str),
                                                 (4, 6, 8, 9, 10, 12))}
    shown = {}
    for e in entries:
        for p in quantities[e.base.label.name][1]:
            for x in p.atoms(sp.Indexed):
                shown.setdefault(x.base.label.name, f"{x.base.label.name}_{''.join(str(i) for i in x.indices)}")
    laws = _laws(families, said, numbers, shown)
    found = []
    for law in laws:
        values = {base: _value(word, parts, law) for base, (word, parts, _) in families_of.items()}
        if any(v is None or v.has(sp.nan, sp.zoo) or v.is_real is False for v in values.values()):
            return ()
        found.append((law, values))
    lone = not all(s.atoms(sp.Indexed) for s in (a, b))
    if lone:
        # looked at before the moments the step leaves open are given numbers (μ = 4): E[w_{ij}] = μ is no value a
        # side with no quantity (0) may be checked against
        step_names = {x.name for x in bare}
        symbolic = [{base: _value(word, parts, law) for base, (word, parts, _) in families_of.items()}
                    for law in _laws(families, said, {}, shown)]
        if any(_exact(symbolic[0][q] - v[q]) != 0 for v in symbolic for q in v) \
                or any(x.name not in step_names for v in symbolic[0].values() for x in v.free_symbols):
            return ()           # a value the stated moments do not fix, or one in a name the step does not write
    # the deviations the step writes are positive in every law proposed: only there may it be refuted
    widths = {w.name for f in families for w in [said.families[f].width] if isinstance(w, sp.Symbol)}
    named = bare | {x for _, values in found for v in values.values() for x in v.free_symbols}
    deviations = tuple(sorted((x for x in named if x.name in widths), key=str))
    out = []
    for law, values in found:
        if not all(_holds_at(o, law, quantities, said) for o in constraining):
            continue
        shown = tuple(sorted(values.items(), key=lambda kv: kv[0].name))
        out.append((law.words, shown, tuple(said.honoured), deviations))
    return tuple(out)


def _holds_at(chain, law: _Law, quantities: dict, said: _Said) -> bool:
    """Every step of another chain that writes the families holds at the law (a display may state a hypothesis about
    them): each side writes only entries of families of quantities, numbers and sums, and the two sides agree."""
    for k in range(chain.start, len(chain.exprs) - 1):
        a, b = chain.exprs[k], chain.exprs[k + 1]
        if not all(isinstance(e, sp.Expr) for e in (a, b)) or chain.chain.relations[k] != "=":
            return False
        values = {}
        for e in {e for s in (a, b) for e in s.atoms(sp.Indexed)}:
            if e.base.label.name not in quantities:
                return False
            word, parts = quantities[e.base.label.name]
            if _entry_families(parts, said) is None:
                return False
            values[e.base] = _value(word, _as_representatives(parts), law)
        gap = (a - b).replace(lambda e: isinstance(e, sp.Indexed) and e.base in values, lambda e: values[e.base])
        gap = _exact(gap.doit())
        if gap.atoms(sp.Indexed, sp.Sum) or any("[" in x.name for x in gap.free_symbols) or gap != 0:
            return False
    return True


def propose(doc, law_arguments: dict, text: str) -> None:
    """Set `at_laws` on each unsettled step that writes entries of a family of quantities inside a sum and that a law
    of one entry of each family decides: {step k: ((words, ((family, its value at every entry), …), honoured), …)}."""
    quantities = {name: v for name, v in law_arguments.items() if v is not None}
    families_written = {b.label.name for c in doc.chains for e in c.exprs if isinstance(e, sp.Basic)
                        for b in e.atoms(sp.IndexedBase) if b.label.name in quantities}
    if not families_written:
        return
    said = _what_the_text_says(text)
    if said is None or not said.families:
        return
    letters = set(said.families) | said.blocked
    # a display that defines a new name from the families (`o_i = \sum_j w_{ij} x_j`) says nothing of their law; one
    # that defines a family's letter (`x_j = 2 u_j`) does, and one that writes a stated mean or deviation (`\sigma = 1`,
    # `n \sigma^2 = 1`) may fix it: it must hold at the law
    written_moments = letters | said.moment_names
    definitions = {d.line for d in doc.definitions} - {d.line for d in doc.definitions if d.name in written_moments}
    blocks = [(b.line, _letters_of(b.body)) for b in find_blocks(text, kind_of(doc.path))]
    sizes = {str(lim[2]) for c in doc.chains for e in c.exprs if isinstance(e, sp.Basic) for s in e.atoms(sp.Sum)
             for lim in s.limits if len(lim) == 3 and isinstance(lim[2], sp.Symbol)}
    for c in doc.chains:
        block = c.chain.block
        if not (_LAW_QUANTITIES in c.unsettled or c.unsettled.startswith(_VALUES) and _only_quantities(c, sizes)) \
                or block is None or _SUPPOSED.search(block.prose_before[-80:]):
            continue            # unsettled for another reason, or a display the text supposes (a hypothesis)
        others = [line for line, found in blocks if line != block.line and found & written_moments]
        if any(_block_of(f.line, blocks) in others + [block.line] for f in doc.failures):
            continue            # a display that writes the families and is not read may say what they are; a part
            #                     of the chain's own display not read (`\quad (w_{ij} = \pm 1)`) may be its condition
        if _NOTE_WORDS.search(_NOT_NOTES.sub(" ", block.body)):
            continue            # a note in the chain's own display (`\text{for Rademacher } w_{ij}`) may be its condition
        constraining = [o for o in doc.chains if o is not c and o.chain.block is not None
                        and o.chain.block.line in others + [block.line]]
        if any(line not in definitions and not any(o.chain.block.line == line for o in constraining)
               for line in others):
            continue            # a display that writes the families and is read as no chain and no definition
        for k in range(c.start, len(c.exprs) - 1):
            if k in c.settled_steps or c.at_laws.get(k):
                continue
            try:
                found = _step_laws(c, k, quantities, said, constraining, sizes)
            except (TypeError, ValueError, ArithmeticError, RecursionError, AttributeError):
                found = ()      # a value SymPy cannot compute: the step gets no law
            if found:
                c.at_laws[k] = found


def _only_quantities(c, sizes: set) -> bool:
    r"""Every name the chain writes is a quantity of a law, an entry of a family of them, an index of a sum or a size:
    its steps relate only the law's quantities (`E[o_i] = \sum_j E[w_{ij}] E[x_j] = 0`)."""
    for e in c.exprs:
        if not isinstance(e, sp.Basic):
            return False
        bound = {lim[0] for s in e.atoms(sp.Sum) for lim in s.limits}
        for x in e.free_symbols:
            if not ("[" in getattr(x, "name", "") or isinstance(x, sp.Indexed) and "[" in x.base.label.name
                    or x in bound or getattr(x, "name", None) in sizes):
                return False
    return True


def _block_of(line: int, blocks) -> int | None:
    """The first line of the display that holds `line`, or None."""
    starts = [first for first, _ in blocks if first <= line]
    return max(starts) if starts else None
