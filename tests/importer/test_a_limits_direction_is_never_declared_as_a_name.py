r"""SymPy keeps a limit's direction ('+-' for `\lim_{h \to 0}`) as a symbol among its arguments; it is no name of the
text, so the written file declares no scalar for it, while every name the limit's operand writes is declared."""
from __future__ import annotations

from verifier.importer.document import read_document
from verifier.importer.writer import write


def test_a_two_sided_limit_declares_its_names_and_no_direction():
    written = write(read_document(r"$$\lim_{h \rightarrow 0}\frac{(a+h)^2 - a^2}{h} = 2a.$$", "notes.md"))
    declarations = [line for line in written.splitlines() if '= real("' in line or "= positive(" in line]
    assert any(line.startswith("h = ") for line in declarations), declarations
    assert any(line.startswith("a = ") for line in declarations), declarations
    assert not any("+-" in line or line.startswith("__") for line in declarations), declarations
