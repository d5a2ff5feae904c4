"""`python -m verifier all` and `pytest --derivations` read and write the same results-cache entries:
alternating them checks (imports) nothing again.  Near miss: an edited file is still checked again by
whichever of the two runs next."""
from __future__ import annotations

import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from verifier.results_cache import context_key, for_run, limits_of
from verifier.settings import DEFAULT_LOAD_LIMIT, Settings

ROOT = Path(__file__).resolve().parents[2]

COUNTED = '''\
from pathlib import Path
from verifier import calc, real
with open(Path(__file__).parent.parent / "imports.log", "a") as log:
    log.write("imported\\n")
t = real("t")
square = calc((t + 1) ** 2, title="a square").eq(t ** 2 + 2 * t + 1, "expand")
'''


def env():
    return dict(os.environ, PYTHONPATH=str(ROOT))


def cli(project: Path):
    done = subprocess.run([sys.executable, "-m", "verifier", "all", "--no-report", "--jobs", "1"], cwd=project,
                          capture_output=True, text=True, timeout=600, env=env())
    assert done.returncode == 0, done.stderr
    return done


def plugin(project: Path):
    installed = any(ep.value == "verifier.pytest_plugin" for ep in metadata.entry_points(group="pytest11"))
    extra = [] if installed else ["-p", "verifier.pytest_plugin"]
    done = subprocess.run([sys.executable, "-m", "pytest", *extra, "-p", "no:cacheprovider", "-q", "--derivations"],
                          cwd=project, capture_output=True, text=True, timeout=600, env=env())
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
    return done


def imports(project: Path) -> int:
    log = project / "imports.log"
    return len(log.read_text().split()) if log.exists() else 0


def test_the_command_line_and_the_plugin_open_the_cache_with_the_same_key_and_limits(tmp_path):
    settings = Settings()
    cache = for_run(settings, DEFAULT_LOAD_LIMIT, [tmp_path / "derivations" / "x.py"])
    assert cache.context == context_key(settings, DEFAULT_LOAD_LIMIT, limits_in_entry=True)
    assert cache.limits == limits_of(settings, DEFAULT_LOAD_LIMIT)
    from verifier import cli, pytest_plugin
    args = cli.parser().parse_args(["all"])
    from_cli = cli.results_cache(args, [tmp_path / "derivations" / "x.py"], cli.settings_from(args))

    class Config:
        def getoption(self, name):
            return False
    from_plugin = pytest_plugin._cache(Config(), tmp_path / "derivations" / "x.py", pytest_plugin._settings(Config()))
    assert (from_cli.folder, from_cli.context, from_cli.limits) == \
           (from_plugin.folder, from_plugin.context, from_plugin.limits)


@pytest.mark.subprocess
@pytest.mark.slow
def test_alternating_the_command_line_and_pytest_imports_nothing_again(tmp_path):
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "derivations").mkdir()
    counted = tmp_path / "derivations" / "counted.py"
    counted.write_text(COUNTED)
    cli(tmp_path)
    after_first = imports(tmp_path)
    assert after_first >= 1
    plugin(tmp_path)
    cli(tmp_path)
    plugin(tmp_path)
    assert imports(tmp_path) == after_first, "a run of one evicted the entries of the other"
    # Near miss: an edit is seen by the next run, whichever it is.
    counted.write_text(COUNTED.replace('"expand"', '"expand the square"'))
    plugin(tmp_path)
    assert imports(tmp_path) > after_first
