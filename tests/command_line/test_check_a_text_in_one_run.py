"""`python -m verifier check PAPER.tex` (or .md) imports the text and checks it in one run, with a line per display;
a text that holds only definitions has no claim to check, and the command says so with exit 2."""
import pytest

from tests.command_line.in_process import run_cli


def run(*args, cwd):
    return run_cli(*args, cwd=cwd)      # the command line in this process: its exit code, output and files


def test_a_text_is_imported_and_checked_in_one_run_with_a_line_per_display(tmp_path):
    text = tmp_path / "notes.md"
    text.write_text("A square.\n$$ (a+b)^2 = a^2 + 2ab + b^2 $$\nIts careless twin.\n$$ (a+b)^2 = a^2 + b^2 $$\n"
                    "A derivative.\n$$ \\frac{dy}{dx} = 2x $$\n", encoding="utf-8")
    code, out, err = run("check", str(text), "--jobs", "1", "--no-cache", "--quick", cwd=tmp_path)
    lines = err.splitlines()
    assert [l for l in lines if l.startswith("import: notes.md: line 2:")]
    assert [l for l in lines if l.startswith("import: notes.md: line 4:")]
    assert [l for l in lines if l.startswith("import: notes.md: line 6: not read")]
    assert code == 1 and "refuted" in out and "proved" in out
    assert not (tmp_path / "reports").exists()        # a text's import is not the project's report


def test_a_text_that_only_defines_names_exits_2_saying_so(tmp_path):
    text = tmp_path / "defs.tex"
    text.write_text("The entropy.\n\\begin{equation} H = -\\sum_{i=1}^n p_i \\log p_i \\end{equation}\n",
                    encoding="utf-8")
    code, _, err = run("check", str(text), "--jobs", "1", "--no-cache", cwd=tmp_path)
    assert code == 2
    assert "only definitions (H) and no claim to check" in err


def test_a_text_that_only_gives_an_entry_a_value_exits_2_naming_the_entry(tmp_path):
    text = tmp_path / "entries.md"
    text.write_text("Consider two entries $x_0$ and $x_1$. We take\n\n$$x_1 = 2x_0.$$\n", encoding="utf-8")
    code, _, err = run("check", str(text), "--jobs", "1", "--no-cache", cwd=tmp_path)
    assert code == 2
    assert "names x_1 (used by the steps, not checked)" in err
    assert "only definitions (x_1) and no claim to check" in err
