"""The sdist holds every file of the repository but .gitignore, so its tests find what they read (the CI
workflow they validate, the documentation, the fixtures, the derivations).  Built offline with the
installed setuptools from the last commit, which is what a clone holds."""
from __future__ import annotations

import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LEFT_OUT = {".gitignore"}      # git's own file: nothing reads it


@pytest.mark.subprocess
@pytest.mark.slow
def test_the_sdist_holds_every_committed_file_its_tests_may_read(tmp_path):
    listed = subprocess.run(["git", "ls-tree", "-r", "--name-only", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout (an sdist's own tests)")
    committed = set(listed.stdout.splitlines())
    src = tmp_path / "src"
    src.mkdir()
    archive = subprocess.run(["git", "archive", "--format=tar", "HEAD"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    out = tmp_path / "dist"
    code = f"from setuptools import build_meta as b; print(b.build_sdist({str(out)!r}))"
    done = subprocess.run([sys.executable, "-c", code], cwd=src, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    [sdist] = out.glob("attention_math_verifier-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    missing = sorted(committed - names - LEFT_OUT)
    assert not missing, f"the sdist leaves out committed files (MANIFEST.in): {missing[:20]}"
    assert ".github/workflows/ci.yml" in names
