"""Source links work outside a checkout: the HTML embeds each derivation file and links each derivation
to the line where it starts; a link into the repository, by commit, is added only when the checkout has a
remote and the file is committed exactly as it was checked."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.report import report_samples as samples
from tests.report import report_tools as tools
from verifier.present.report import files, provenance, write_reports

SOURCE = '''"""A derivation file."""
import sympy as sp

x = sp.Symbol("x")

entropy_lower_bound = (
    calc(x)
    .eq(x, "nothing")
)


@decorated
def broken_chain():
    return 1 < 2   # a <tag> & an ampersand, shown literally
'''


@pytest.fixture(scope="module")
def moved_page(tmp_path_factory) -> Path:
    """The report written where the derivation file is, then moved away from it (as when it is mailed)."""
    checkout = tmp_path_factory.mktemp("checkout")
    (checkout / "derivations").mkdir()
    (checkout / "derivations" / "entropy.py").write_text(SOURCE, encoding="utf-8")
    (checkout / "derivations" / "broken.py").write_text(SOURCE, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(checkout)
        write_reports(samples.sample_run(), checkout / "reports", formats=("html",))
    away = tmp_path_factory.mktemp("elsewhere")
    shutil.move(str(checkout / "reports" / "index.html"), away / "index.html")
    shutil.rmtree(checkout)
    return away / "index.html"


def test_every_link_of_the_page_is_inside_it_or_to_a_repository(moved_page):
    html = moved_page.read_text(encoding="utf-8")
    hrefs = re.findall(r'href="([^"]*)"', html)
    assert hrefs
    outside = [h for h in hrefs if not h.startswith("#") and not h.startswith("https://")]
    assert outside == [], f"links that only work inside a checkout: {outside[:5]}"
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    dangling = sorted({h[1:] for h in hrefs if h.startswith("#")} - ids)
    assert dangling == [], f"links to nothing: {dangling[:5]}"


def test_the_derivation_file_is_embedded_and_linked_at_its_line(moved_page):
    html = moved_page.read_text(encoding="utf-8")
    assert "a &lt;tag&gt; &amp; an ampersand, shown literally" in html, "the file's text, escaped"
    # entropy_lower_bound starts at line 6 of its file, broken_chain's decorator at line 12.
    assert 'href="#src-derivations-entropy-py-L6"' in html
    assert 'href="#src-derivations-broken-py-L12"' in html
    start = html.index('id="src-derivations-entropy-py-L6">')
    assert html[start:].split(">", 1)[1].startswith("entropy_lower_bound = (")
    embedded = re.findall(r'<details class="src-file" id="([^"]+)">', html)
    assert len(embedded) == len(set(embedded)), "each file once"
    assert {"src-derivations-entropy-py", "src-derivations-broken-py"} <= set(embedded), "folded away"


@pytest.mark.tex
def test_following_a_source_link_unfolds_the_file(moved_page, tmp_path):
    done = tools.run(tools._chromium_cmd(tmp_path / "profile", "--dump-dom",
                                         moved_page.resolve().as_uri() + "#src-derivations-entropy-py-L6"))
    opened = re.findall(r'<details class="src-file" id="([^"]+)"( open="")?', done.stdout)
    assert ("src-derivations-entropy-py", ' open=""') in opened
    assert ("src-derivations-broken-py", "") in opened


def test_definitions_are_found_by_name_with_their_lines():
    found = files.definitions(SOURCE)
    assert found["entropy_lower_bound"] == (6, 9)
    assert found["broken_chain"] == (12, 14), "a decorated function starts at its decorator"
    assert files.definitions("not python (") == {}


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=True).stdout.strip()


@pytest.mark.parametrize("remote, expected", [
    ("git@github.com:owner/project.git", "https://github.com/owner/project"),
    ("https://github.com/owner/project.git", "https://github.com/owner/project"),
    ("https://user:secret@gitlab.example.org/group/project", "https://gitlab.example.org/group/project"),
    ("/srv/git/project.git", ""),
])
def test_repository_address_from_the_remote_without_credentials(tmp_path, remote, expected):
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "remote", "add", "origin", remote)
    assert provenance.repository_url(tmp_path) == expected


def test_no_remote_no_repository_link(tmp_path):
    _git(tmp_path, "init", "-q")
    assert provenance.repository_url(tmp_path) == ""


def test_a_file_is_linked_by_commit_only_while_it_is_committed_unchanged(tmp_path):
    _git(tmp_path, "init", "-q")
    (tmp_path / "derivations").mkdir()
    file = tmp_path / "derivations" / "a.py"
    file.write_text("x = 1\n", encoding="utf-8")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "a")
    commit = provenance.git_full_commit(tmp_path)
    assert re.fullmatch(r"[0-9a-f]{40}", commit)
    assert provenance.committed_unchanged(file, tmp_path) == "derivations/a.py"
    assert provenance.blob_url("https://github.com/o/p", commit, "derivations/a.py", 3) == \
        f"https://github.com/o/p/blob/{commit}/derivations/a.py#L3"
    file.write_text("x = 2\n", encoding="utf-8")
    assert provenance.committed_unchanged(file, tmp_path) == "", "the commit no longer holds what was checked"
