"""What a reader needs to reproduce a report: tool versions, commit, date."""
from __future__ import annotations

import datetime as _dt
import os
import platform
import re
import subprocess
import time
from importlib import metadata
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parents[2]


def report_epoch() -> int:
    """SOURCE_DATE_EPOCH when set, so that rebuilding a report reproduces it byte for byte."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if raw:
        try:
            return int(raw)
        except ValueError:
            pass
    return int(time.time())


def format_date(epoch: int) -> str:
    return _dt.datetime.fromtimestamp(epoch, _dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def versions(recorded: dict[str, str]) -> list[tuple[str, str]]:
    """Python, SymPy and mpmath first (filled in when the run did not record them), then the rest."""
    found = {k.lower(): (k, v) for k, v in (recorded or {}).items()}
    out = []
    for key, label in (("python", "Python"), ("sympy", "SymPy"), ("mpmath", "mpmath")):
        if key in found:
            out.append((label, str(found.pop(key)[1])))
        elif key == "python":
            out.append((label, platform.python_version()))
        else:
            try:
                out.append((label, metadata.version(key)))
            except metadata.PackageNotFoundError:
                out.append((label, "not installed"))
    out.extend((name, str(value)) for name, value in sorted(found.values()))
    return out


def git_commit(project_dir: Path | None = None) -> str:
    """The commit of the project being checked: the working directory's repository (git walks up from it),
    then the verifier's own checkout.  Never only the package's folder: installed from a wheel, that is
    site-packages, which no repository holds, and every report said "Commit unknown"."""
    for folder in ([project_dir] if project_dir is not None else [Path.cwd(), PROJECT_DIR]):
        try:
            done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=folder, capture_output=True,
                                  text=True, timeout=10, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError):
            continue
        commit = done.stdout.strip()
        if done.returncode == 0 and commit:
            return commit
    return "unknown"


def git_full_commit(project_dir: Path = PROJECT_DIR) -> str:
    done = _git(["rev-parse", "HEAD"], project_dir)
    return done if re.fullmatch(r"[0-9a-f]{40}", done) else ""


def repository_url(project_dir: Path = PROJECT_DIR) -> str:
    """The web address of the checkout's remote (origin, else the first), or "" when there is none.

    git@host:owner/name.git and https://host/owner/name(.git) both become https://host/owner/name;
    credentials in a URL are dropped, never printed.
    """
    remotes = _git(["remote"], project_dir).split()
    if not remotes:
        return ""
    name = "origin" if "origin" in remotes else remotes[0]
    url = _git(["remote", "get-url", name], project_dir)
    m = re.fullmatch(r"(?:ssh://)?git@([^:/]+)[:/](.+?)(?:\.git)?/?", url)
    if m:
        return f"https://{m.group(1)}/{m.group(2)}"
    m = re.fullmatch(r"https?://(?:[^@/]*@)?([^/]+)/(.+?)(?:\.git)?/?", url)
    if m:
        return f"https://{m.group(1)}/{m.group(2)}"
    return ""


def blob_url(repository: str, commit: str, path: str, line: int | None = None) -> str:
    """A file at a commit on GitHub, GitLab or alike (GitLab spells it /-/blob/)."""
    if not (repository and commit and path):
        return ""
    infix = "/-/blob/" if "gitlab" in repository else "/blob/"
    return f"{repository}{infix}{commit}/{path}" + (f"#L{line}" if line else "")


def committed_unchanged(path: Path, project_dir: Path = PROJECT_DIR) -> str:
    """The file's path in the repository when HEAD holds it exactly as it is on disk, else ""."""
    top = _git(["rev-parse", "--show-toplevel"], project_dir)
    if not top:
        return ""
    try:
        relative = Path(path).resolve().relative_to(Path(top).resolve()).as_posix()
    except ValueError:
        return ""
    committed = _git(["rev-parse", f"HEAD:{relative}"], project_dir)
    on_disk = _git(["hash-object", "--", str(Path(path).resolve())], project_dir)
    return relative if committed and committed == on_disk else ""


def _git(args: list[str], project_dir: Path) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=project_dir, capture_output=True, text=True, timeout=10,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""
