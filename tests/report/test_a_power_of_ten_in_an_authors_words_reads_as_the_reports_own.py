"""A number times a power of ten in an author's words (6·10⁻⁵, 3.3·10^10) is set with "×", as the report sets its
own numbers (6.1 × 10⁻⁵): one form for a power of ten, in the PDF and the HTML."""
from __future__ import annotations

from verifier.present.report.html import prose_html
from verifier.present.report.latex import prose
from verifier.present.report.prose import plain, segments


def test_a_dotted_power_of_ten_is_set_with_times():
    assert plain("(1/n = 6·10⁻⁵)") == "(1/n = 6 × 10⁻⁵)"
    assert plain("1.3·10⁻³ at n = 16, 9·10⁻⁷ at n = 1000") == "1.3 × 10⁻³ at n = 16, 9 × 10⁻⁷ at n = 1000"
    assert segments("n < 3.3·10^10 at τ = 0.07")[:2] == (("text", "n < 3.3 × 10"), ("sup", "10"))
    for text in ("(1/n = 6·10⁻⁵)", "n < 3.3·10^10"):
        assert "·10" not in prose_html(text) and r"\cdot{}10" not in prose(text) and "·10" not in prose(text)


def test_a_dot_that_is_no_power_of_ten_stays():
    assert plain("2·λ and x·10 and 2·10 items") == "2·λ and x·10 and 2·10 items"
    assert plain("a·10⁻³") == "a·10⁻³"
