"""Output files are written whole or not at all: a temporary file beside the target, renamed.
A target that is not a file (a terminal, a pipe, `/dev/stdout`) is written to directly, and a
symbolic link is followed, so that the rename never replaces a device or a link."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write `text` to `path` so that readers see the old file or the whole new one."""
    write_atomic_bytes(path, text.encode("utf-8"))


def write_atomic_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the whole new one."""
    target = Path(os.path.realpath(path))  # through symbolic links: the file they name
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if mode is not None and not stat.S_ISREG(mode):  # a device or a pipe: nothing to rename
        with open(target, "wb") as f:
            f.write(data)
        return
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as an ordinary file would be, not mkstemp's 0600
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
