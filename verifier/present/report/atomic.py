"""Write a file so that readers see either the old version or the new one, never half of one."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Iterable


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: Path, content: str | bytes | Iterable[str | bytes]) -> Path:
    """Stream `content` to a temporary file beside `path`, then rename it into place.

    The temporary file is in the same directory so that os.replace is a
    rename within one file system, which is atomic.  If producing the content
    fails part way, the temporary file is removed and `path` is untouched.
    """
    path = Path(path)
    chunks = [content] if isinstance(content, (str, bytes)) else content
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            for chunk in chunks:
                out.write(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)
            out.flush()
            os.fsync(out.fileno())
        # mkstemp makes 0600 files; a report should be as readable as any file the user creates.
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path
