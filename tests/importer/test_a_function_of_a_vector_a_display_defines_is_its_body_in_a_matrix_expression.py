r"""A function of a bold vector that a display defines (`h(\mathbf{x}) = \frac{1}{2}\mathbf{x}^\top\mathbf{Q}\mathbf{x}
+ \mathbf{x}^\top\mathbf{c} + b`) is, applied in a matrix expression after it, its body at the argument; and a bold
capital between a transposed row and a bracket of a vector is a matrix times the bracket (a bilinear form) only where
the text settles it.

The completed square ½(x + Q⁻¹c)ᵀQ(x + Q⁻¹c) + b − ½cᵀQ⁻¹c equals h(x) only for a symmetric Q: it is never refuted.
The line as Dive into Deep Learning writes it, with x − Q⁻¹c, differs from h(x) by 2xᵀc at every symmetric Q (its
own words put the minimiser at −Q⁻¹c): false, and refuted on Q = q·I, as is its twin with + ½cᵀQ⁻¹c.  With no words
deriving the second display from the first it stays unknown: the text may define h again.
"""
from __future__ import annotations

from pathlib import Path

from tests.engine import QUICK
from verifier.importer.document import read_document
from verifier.importer.writer import write
from verifier.judge.checker import check_all
from verifier.loader import load_file
from verifier.verdicts import Verdict

DEFINITION = (r"Consider the function" "\n\n"
              r"$$h(\mathbf{x}) = \frac{1}{2} \mathbf{x}^\top \mathbf{Q} \mathbf{x} + \mathbf{x}^\top \mathbf{c} + b.$$"
              "\n\n")
SQUARE = (r"h(\mathbf{x}) = \frac{1}{2} (\mathbf{x} {s} \mathbf{Q}^{-1} \mathbf{c})^\top \mathbf{Q} (\mathbf{x} {s} "
          r"\mathbf{Q}^{-1} \mathbf{c}) + b {t} \frac{1}{2} \mathbf{c}^\top \mathbf{Q}^{-1} \mathbf{c}")
HENCE = r"Hence we can rewrite $h$ as"


def square(inner: str, constant: str) -> str:
    return SQUARE.replace("{s}", inner).replace("{t}", constant)


def verdicts(tmp_path, text: str) -> list:
    doc = read_document(text, "notes.md")
    if not doc.chains:
        return []
    path = Path(tmp_path) / "notes.py"
    path.write_text(write(doc), encoding="utf-8")
    found, error = load_file(path, Path(tmp_path))
    assert error is None, error
    return [s.verdict for r in check_all(found, QUICK) for s in r.steps]


def refusals(text: str) -> list[str]:
    return [f.message for f in read_document(text, "notes.md").failures]


# ---- the completed square: true for symmetric Q, never refuted; false lines refuted ----

def test_the_true_completed_square_is_read_and_never_refuted(tmp_path):
    text = DEFINITION + f"{HENCE}\n\n$${square('+', '-')}.$$\n"
    doc = read_document(text, "notes.md")
    assert len(doc.chains) == 1 and not doc.failures
    assert any("as the body of h" in r for r in doc.rules)
    assert any("bilinear form" in r for r in doc.rules)
    # true only for a symmetric Q (the expansions differ by cᵀQ⁻ᵀQx − xᵀc): unknown, never refuted
    assert verdicts(tmp_path, text) == [Verdict.UNKNOWN]


def test_near_miss_the_line_with_x_minus_the_minimiser_is_refuted_as_it_differs_by_twice_x_dot_c(tmp_path):
    # ½(x − Q⁻¹c)ᵀQ(x − Q⁻¹c) + b − ½cᵀQ⁻¹c = ½xᵀQx − xᵀc + b for symmetric Q, not h(x)
    assert verdicts(tmp_path, DEFINITION + f"{HENCE}\n\n$${square('-', '-')}.$$\n") == [Verdict.REFUTED]


def test_near_miss_the_completed_square_with_the_constant_added_is_refuted(tmp_path):
    assert verdicts(tmp_path, DEFINITION + f"{HENCE}\n\n$${square('+', '+')}.$$\n") == [Verdict.REFUTED]
    assert verdicts(tmp_path, DEFINITION + f"{HENCE}\n\n$${square('-', '+')}.$$\n") == [Verdict.REFUTED]


def test_a_second_value_of_the_function_with_no_deriving_words_is_never_refuted(tmp_path):
    # two displays with nothing between them: the second may define h again (another case), so no verdict is settled
    for inner, constant in (("-", "-"), ("-", "+"), ("+", "-")):
        assert verdicts(tmp_path, DEFINITION + f"$${square(inner, constant)}.$$\n") == [Verdict.UNKNOWN]


def test_the_defining_display_alone_is_a_definition_not_a_claim():
    doc = read_document(DEFINITION, "notes.md")
    assert not doc.chains and not doc.failures
    assert any("as defining the function h of the vector" in r for r in doc.rules)


# ---- an application at another argument ----

QUADRATIC = "Consider\n\n" r"$$h(\mathbf{x}) = \mathbf{x}^\top \mathbf{Q} \mathbf{x}.$$" "\n\nExpanding, we get\n\n"


def test_an_application_at_a_sum_puts_the_sum_for_the_vector(tmp_path):
    line = (r"$$h(\mathbf{x} + \mathbf{y}) = \mathbf{x}^\top \mathbf{Q} \mathbf{x} + \mathbf{x}^\top \mathbf{Q} "
            r"\mathbf{y} + \mathbf{y}^\top \mathbf{Q} \mathbf{x} + \mathbf{y}^\top \mathbf{Q} \mathbf{y}.$$")
    assert verdicts(tmp_path, QUADRATIC + line + "\n") == [Verdict.PROVED]


def test_near_miss_an_application_at_twice_the_vector_is_four_times_the_body_not_twice(tmp_path):
    assert verdicts(tmp_path, QUADRATIC + r"$$h(2\mathbf{x}) = 4 \mathbf{x}^\top \mathbf{Q} \mathbf{x}.$$" "\n") \
        == [Verdict.PROVED]
    assert verdicts(tmp_path, QUADRATIC + r"$$h(2\mathbf{x}) = 2 \mathbf{x}^\top \mathbf{Q} \mathbf{x}.$$" "\n") \
        == [Verdict.REFUTED]


def test_a_body_writing_the_vector_with_a_subscript_is_not_put_in():
    text = ("Consider\n\n" r"$$h(\mathbf{x}) = \mathbf{x}_0^\top \mathbf{Q} \mathbf{x}.$$" "\n\nExpanding, we get\n\n"
            r"$$h(\mathbf{y}) = \mathbf{x}_0^\top \mathbf{Q} \mathbf{y}.$$" "\n")
    assert any("with a subscript or a power" in m for m in refusals(text))
    assert not read_document(text, "notes.md").chains


# ---- a function defined twice differently: never put in ----

def test_a_function_defined_twice_differently_is_not_put_in():
    text = (QUADRATIC.split("Expanding")[0] + "Now define instead\n\n" r"$$h(\mathbf{x}) = \mathbf{x}^\top \mathbf{Q}^\top "
            r"\mathbf{Q} \mathbf{x}.$$" "\n\nExpanding, we get\n\n"
            r"$$h(\mathbf{y}) = \mathbf{y}^\top \mathbf{Q} \mathbf{y}.$$" "\n")
    doc = read_document(text, "notes.md")
    assert not doc.chains
    assert any("defined more than once" in f.message for f in doc.failures)


def test_a_function_the_prose_also_gives_a_value_is_not_put_in():
    text = (r"Here $h(\mathbf{x}) = \mathbf{x}^\top \mathbf{x}$ in general, and for the quadratic case"
            "\n\n" + QUADRATIC.split("Consider\n\n")[1] + r"$$h(\mathbf{y}) = \mathbf{y}^\top \mathbf{Q} \mathbf{y}.$$" "\n")
    doc = read_document(text, "notes.md")
    assert not doc.chains
    assert any("given a value in the prose" in f.message for f in doc.failures)


# ---- a bold capital before a bracket: a product only where the text settles it ----

def test_a_bold_capital_applied_to_a_bracket_with_no_row_before_it_stays_refused():
    text = QUADRATIC + r"$$\mathbf{Q}(\mathbf{x} + \mathbf{y}) = \mathbf{Q}\mathbf{x} + \mathbf{Q}\mathbf{y}.$$" "\n"
    assert any("before a bracket in a matrix expression is not read" in m for m in refusals(text))


def test_a_bold_capital_the_words_call_a_map_stays_refused_between_a_row_and_a_bracket():
    text = (r"Let the map $\mathbf{Q}$ be given." "\n\n" + QUADRATIC
            + r"$$\mathbf{y}^\top \mathbf{Q} (\mathbf{x} + \mathbf{y}) = \mathbf{y}^\top \mathbf{Q} \mathbf{x} + "
              r"\mathbf{y}^\top \mathbf{Q} \mathbf{y}.$$" "\n")
    assert any("before a bracket in a matrix expression is not read" in m for m in refusals(text))


def test_a_bold_capital_the_text_never_multiplies_as_a_matrix_stays_refused():
    text = (r"$$\mathbf{y}^\top \mathbf{N} (\mathbf{x} + \mathbf{y}) = \mathbf{y}^\top \mathbf{N} (\mathbf{x}) + "
            r"\mathbf{y}^\top \mathbf{N} (\mathbf{y}).$$" "\n")
    assert any("before a bracket in a matrix expression is not read" in m for m in refusals(text))


def test_a_bold_capital_between_a_row_and_a_bracket_is_a_bilinear_form_where_the_text_multiplies_it(tmp_path):
    text = QUADRATIC + (r"$$\mathbf{y}^\top \mathbf{Q} (\mathbf{x} + \mathbf{y}) = \mathbf{y}^\top \mathbf{Q} \mathbf{x} "
                        r"+ \mathbf{y}^\top \mathbf{Q} \mathbf{y}.$$" "\n")
    assert verdicts(tmp_path, text) == [Verdict.PROVED]
    false = text.replace(r"+ \mathbf{y}^\top \mathbf{Q} \mathbf{y}.$$", r"- \mathbf{y}^\top \mathbf{Q} \mathbf{y}.$$")
    assert verdicts(tmp_path, false) == [Verdict.REFUTED]


# ---- a matrix that depends on a point, evaluated there, is no bilinear form ----

HESSIAN = (r"Let $f$ be twice differentiable, with gradient $\mathbf{g}$ and Hessian matrix $\mathbf{H}$. The Newton "
           r"step is $\mathbf{d} = -\mathbf{H}^{-1}\mathbf{g}$, so $\mathbf{H}\mathbf{d} = -\mathbf{g}$." "\n\nThen\n\n")


def test_a_matrix_evaluated_at_a_point_between_a_row_and_a_vector_is_not_read_as_a_product(tmp_path):
    # vᵀH(2x)v is the Hessian at 2x, not vᵀ·H·2x·v: the false "= 2vᵀH(x)v" must not pass, the true "= vᵀH(x)v" (a
    # quadratic objective) must not be refuted
    false = HESSIAN + r"$$\mathbf{v}^\top \mathbf{H}(2\mathbf{x}) \mathbf{v} = 2 \mathbf{v}^\top \mathbf{H}(\mathbf{x}) \mathbf{v}.$$" "\n"
    true = HESSIAN + r"$$\mathbf{v}^\top \mathbf{H}(2\mathbf{x}) \mathbf{v} = \mathbf{v}^\top \mathbf{H}(\mathbf{x}) \mathbf{v}.$$" "\n"
    for text in (false, true):
        assert any("before a bracket in a matrix expression is not read" in m for m in refusals(text))
        assert Verdict.PROVED not in verdicts(tmp_path, text) and Verdict.REFUTED not in verdicts(tmp_path, text)


def test_a_row_times_a_matrix_at_one_point_is_not_read_as_a_product(tmp_path):
    text = HESSIAN + r"$$\mathbf{u}^\top \mathbf{H}(2\mathbf{x}) = 2 \mathbf{u}^\top \mathbf{H}(\mathbf{x}).$$" "\n"
    assert any("before a bracket in a matrix expression is not read" in m for m in refusals(text))
    assert verdicts(tmp_path, text) == []


def test_a_matrix_the_text_evaluates_at_a_point_is_no_bilinear_form_even_at_a_sum(tmp_path):
    # `\mathbf{H}(\mathbf{x}) = …` elsewhere: H depends on the point, so vᵀH(x + y) is no vᵀHx + vᵀHy
    text = (HESSIAN.replace("Then", r"Here $\mathbf{H}(\mathbf{x}) = \nabla^2 f(\mathbf{x})$. Then")
            + r"$$\mathbf{v}^\top \mathbf{H}(\mathbf{x} + \mathbf{y}) = \mathbf{v}^\top \mathbf{H} \mathbf{x} + "
              r"\mathbf{v}^\top \mathbf{H} \mathbf{y}.$$" "\n")
    assert any("before a bracket in a matrix expression is not read" in m for m in refusals(text))
    # the Hessian is taken at a point even where the text writes it nowhere else with a bracket
    hessian = HESSIAN + (r"$$\mathbf{v}^\top \mathbf{H}(\mathbf{x} + \mathbf{y}) = \mathbf{v}^\top \mathbf{H} \mathbf{x} + "
                         r"\mathbf{v}^\top \mathbf{H} \mathbf{y}.$$" "\n")
    assert any("before a bracket in a matrix expression is not read" in m for m in refusals(hessian))
    # near miss: the same line where the text writes H only as a matrix is the bilinear form, and proved
    plain = HESSIAN.replace("Hessian matrix", "a matrix") + (r"$$\mathbf{v}^\top \mathbf{H}(\mathbf{x} + \mathbf{y}) = \mathbf{v}^\top \mathbf{H} \mathbf{x} + "
                       r"\mathbf{v}^\top \mathbf{H} \mathbf{y}.$$" "\n")
    assert verdicts(tmp_path, plain) == [Verdict.PROVED]


# ---- a body the argument is not put for in full ----

COORDINATE = ("Consider\n\n" r"$$h(\mathbf{x}) = \mathbf{x}^\top \mathbf{Q} \mathbf{x} + x_1.$$" "\n\nScaling, we get\n\n")


def test_a_body_writing_a_coordinate_of_the_vector_is_not_put_in(tmp_path):
    # h(2x) = 4xᵀQx + 2x₁ is true, and putting 2x for the bold x alone would refute it
    true = COORDINATE + r"$$h(2\mathbf{x}) = 4 \mathbf{x}^\top \mathbf{Q} \mathbf{x} + 2 x_1.$$" "\n"
    false = COORDINATE + r"$$h(2\mathbf{x}) = 4 \mathbf{x}^\top \mathbf{Q} \mathbf{x} + x_1.$$" "\n"
    for text in (true, false):
        assert any("not bold as well" in m for m in refusals(text))
        assert verdicts(tmp_path, text) == []


def test_a_function_the_words_after_its_definition_give_another_meaning_is_not_put_in(tmp_path):
    text = (QUADRATIC.split("Expanding")[0] + r"In the network below, $h$ is the hidden layer, with $h(\mathbf{z})$ "
            "its output. Then\n\n" r"$$h(2\mathbf{x}) = 4 \mathbf{x}^\top \mathbf{Q} \mathbf{x}.$$" "\n")
    assert any("say what `h` is" in m for m in refusals(text))
    assert Verdict.PROVED not in verdicts(tmp_path, text)
    # near miss: words that only derive from h ("Hence we can rewrite $h$ as") leave it read
    derived = QUADRATIC.split("Expanding")[0] + f"{HENCE}\n\n" r"$$h(2\mathbf{x}) = 4 \mathbf{x}^\top \mathbf{Q} \mathbf{x}.$$" "\n"
    assert verdicts(tmp_path, derived) == [Verdict.PROVED]


def test_an_application_after_a_second_value_given_alone_is_not_put_in(tmp_path):
    # a second example defines h again with no defining word: h(2x) after it means the second body, not the first
    second = ("\n\nIn the second example the objective is\n\n" r"$$h(\mathbf{x}) = \mathbf{x}^\top \mathbf{A} \mathbf{x}.$$"
              "\n\nScaling the argument, we get\n\n")
    true = QUADRATIC.split("Expanding")[0] + second + r"$$h(2\mathbf{x}) = 4 \mathbf{x}^\top \mathbf{A} \mathbf{x}.$$" "\n"
    assert any("another value" in m for m in refusals(true))
    assert Verdict.REFUTED not in verdicts(tmp_path, true)
    # near miss: with no second display the application is the body, and a false scaling is refuted
    assert verdicts(tmp_path, QUADRATIC + r"$$h(2\mathbf{x}) = 2 \mathbf{x}^\top \mathbf{Q} \mathbf{x}.$$" "\n") \
        == [Verdict.REFUTED]


def test_an_application_after_the_letter_is_given_a_value_of_another_argument_is_not_put_in(tmp_path):
    # `h(t) = t^2` later: h(Qw) then means (Qw)ᵀ(Qw), and reading it with the first body would prove wᵀQᵀQQw
    later = ("\n\nFor the link we take\n\n" r"$$h(t) = t^2.$$" "\n\nSo for a weight vector $\\mathbf{w}$,\n\n")
    false = QUADRATIC.split("Expanding")[0] + later + \
        r"$$h(\mathbf{Q}\mathbf{w}) = \mathbf{w}^\top \mathbf{Q}^\top \mathbf{Q} \mathbf{Q} \mathbf{w}.$$" "\n"
    assert any("another value" in m for m in refusals(false))
    assert Verdict.PROVED not in verdicts(tmp_path, false)
    inline = QUADRATIC.split("Expanding")[0] + r"In the second part $h(t) = 3t$ for a scalar $t$." "\n\n" + \
        r"$$h(\mathbf{Q}\mathbf{w}) = \mathbf{w}^\top \mathbf{Q}^\top \mathbf{Q} \mathbf{Q} \mathbf{w}.$$" "\n"
    assert any("given a value in the prose" in m for m in refusals(inline))
    assert Verdict.PROVED not in verdicts(tmp_path, inline)
    # near miss: with no other value the application is the body at Qw, and the line is proved
    assert verdicts(tmp_path, QUADRATIC + r"$$h(\mathbf{Q}\mathbf{w}) = \mathbf{w}^\top \mathbf{Q}^\top \mathbf{Q} "
                                          r"\mathbf{Q} \mathbf{w}.$$" "\n") == [Verdict.PROVED]


def test_a_matrix_the_text_evaluates_at_a_point_unbraced_is_no_bilinear_form_braced(tmp_path):
    # `\mathbf H(\mathbf x)` and `\mathbf{H}` are one name: the text evaluates H at a point, in either spelling
    text = (HESSIAN.replace("Then", r"Here $\mathbf H(\mathbf x) = \nabla^2 f(\mathbf x)$. Then")
            + r"$$\mathbf{v}^\top \mathbf{H}(\mathbf{x} + \mathbf{y}) = \mathbf{v}^\top \mathbf{H} \mathbf{x} + "
              r"\mathbf{v}^\top \mathbf{H} \mathbf{y}.$$" "\n")
    assert any("before a bracket in a matrix expression is not read" in m for m in refusals(text))
    # near miss: a text writing its matrices unbraced throughout reads the bilinear form, and a false expansion of it
    # (the cross terms twice, with no symmetry said) is not proved
    form = (r"The matrix $\mathbf A$ gives the quadratic form $\mathbf x^T \mathbf A \mathbf x$. Expanding," "\n\n"
            r"$$(\mathbf x - \mathbf y)^{T} \mathbf A \left(\mathbf x - \mathbf y\right) = \mathbf x^T \mathbf A "
            r"\mathbf x - \mathbf x^T \mathbf A \mathbf y - \mathbf y^T \mathbf A \mathbf x + \mathbf y^T \mathbf A "
            r"\mathbf y.$$" "\n")
    assert not refusals(form)
    assert verdicts(tmp_path, form) == [Verdict.PROVED]
    assert Verdict.PROVED not in verdicts(tmp_path, form.replace(r"- \mathbf y^T \mathbf A \mathbf x", r"+ \mathbf y^T \mathbf A \mathbf x"))


def test_an_equation_beside_the_definition_is_refused_by_name_never_dropped_with_it():
    text = ("Consider\n\n" r"$$h(\mathbf{x}) = \mathbf{x}^\top \mathbf{Q} \mathbf{x}, \quad h(2\mathbf{x}) = 2 "
            r"\mathbf{x}^\top \mathbf{Q} \mathbf{x}.$$" "\n")
    assert any("a second equation beside the chain is not read" in m for m in refusals(text))


def test_a_claim_in_the_prose_at_a_point_leaves_the_definition_read(tmp_path):
    # `$h(2\mathbf{x}) = …$` says what h is at a point, and gives the letter no other definition (`$h(t) = 3t$` does)
    prose = QUADRATIC.split("Expanding")[0] + r"Then $h(2\mathbf{x}) = 4 \mathbf{x}^\top \mathbf{Q} \mathbf{x}$ and" "\n\n"
    assert verdicts(tmp_path, prose + r"$$h(3\mathbf{x}) = 9 \mathbf{x}^\top \mathbf{Q} \mathbf{x}.$$" "\n") \
        == [Verdict.PROVED]
    # (the relation in the prose keeps the identity multiples from refuting the false one: it is not proved)
    assert verdicts(tmp_path, prose + r"$$h(3\mathbf{x}) = 3 \mathbf{x}^\top \mathbf{Q} \mathbf{x}.$$" "\n") \
        == [Verdict.UNKNOWN]


def test_the_letter_alone_set_to_another_value_is_another_meaning_of_it(tmp_path):
    # `h = \sigma(\mathbf{W}\mathbf{x})` later (a hidden layer): h(2x) may be that layer, not the quadratic form
    line = r"$$h(2\mathbf{x}) = 4 \mathbf{x}^\top \mathbf{Q} \mathbf{x}.$$" "\n"
    display = QUADRATIC.split("Expanding")[0] + "For the network we take\n\n" \
        r"$$h = \sigma(\mathbf{W} \mathbf{x}).$$" "\n\nScaling the input, we get\n\n" + line
    inline = QUADRATIC.split("Expanding")[0] + r"For the network we take $h = \sigma(\mathbf{W} \mathbf{x})$. Then" \
        "\n\n" + line
    assert any("another value" in m for m in refusals(display))
    assert any("given a value in the prose" in m for m in refusals(inline))
    for text in (display, inline):
        assert Verdict.PROVED not in verdicts(tmp_path, text)
    # near miss: with no such value the line is the body at 2x, and proved
    assert verdicts(tmp_path, QUADRATIC + line) == [Verdict.PROVED]
