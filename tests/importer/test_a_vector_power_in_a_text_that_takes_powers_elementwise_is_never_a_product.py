r"""A text that says it takes powers of vectors entry by entry ("Powers of vectors are taken elementwise", "with
entrywise exponentiation") means by `\mathbf{x}^{\mathbf{a}}` the vector of the powers x_j^{a_j}, never their product:
there the multi-index power is not read, and `\log \mathbf{x}^{\mathbf{a}} = \sum_j a_j \log x_j`, false of that
vector, is never proved as the log of a product.  A text that says nothing of the kind (or says only that a function
is applied elementwise) still reads the multi-index power."""
from __future__ import annotations

import pytest

from verifier.importer.document import read_document

LINE = r"$$ \log \mathbf{x}^{\mathbf{a}} = \sum_{j=1}^{k} a_j \log x_j $$" + "\n"


def read_as_a_product(text: str) -> bool:
    return any("multi-index power" in r for r in read_document(text, "notes.md").rules)


@pytest.mark.parametrize("words", [
    "Powers of vectors are taken elementwise here.",
    "We write vectors with entrywise exponentiation throughout.",
    "The exponent acts component-wise on the entries.",
])
def test_a_text_that_takes_powers_entry_by_entry_never_reads_the_multi_index_power(words):
    assert not read_as_a_product(words + "\n\n" + LINE)


@pytest.mark.parametrize("words", ["", "The sigmoid is applied elementwise to the vector.\n\n"])
def test_near_miss_without_such_words_the_multi_index_power_is_read(words):
    assert read_as_a_product(words + LINE)
