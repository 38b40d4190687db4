"""Output files are written whole or not at all: a temporary file beside the target, renamed.
A target that is not a file (a terminal, a pipe, `/dev/stdout`) is written to directly, and a
symbolic link is followed, so that the rename never replaces a device or a link.

Only what the user named is created: a file whose folder does not exist is refused (a mistyped
`-o /tmp/reprots/x.html` must not leave a tree of folders behind), and `make_folder` creates the
output folder itself but never the folders above it. The refusals are `OSError`s whose
`strerror` is a sentence for people naming the folder that is missing."""

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
    if mode is None and not target.parent.is_dir():
        raise _no_folder(Path(path), target)
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


def make_folder(path: str | os.PathLike[str]) -> Path:
    """The output folder `path`, created if it does not exist yet, but not the folders above it.
    A symbolic link is followed: a dangling link gets the folder it names when that folder's own
    folder exists. Raises an `OSError` saying why the folder cannot be had."""
    named = Path(path)
    target = Path(os.path.realpath(named))
    if target.is_dir():
        return named
    if os.path.lexists(target):
        shown = named if target == Path(os.path.abspath(named)) else f"{named} (a link to {target})"
        raise NotADirectoryError(errno.ENOTDIR, f"{shown} is a file, not a folder", str(named))
    if not target.parent.is_dir():
        raise _no_folder(named, target)
    target.mkdir()
    return named


def _no_folder(named: Path, target: Path) -> OSError:
    """The error for `named` (which leads to `target`) whose folder does not exist: a file
    standing where a folder should be, the link and the folder it leads to, or the folder."""
    folder = target.parent if named.is_symlink() or named.parent == Path(".") else named.parent
    for part in (folder, *folder.parents):
        if part.exists() and not part.is_dir():
            return NotADirectoryError(errno.ENOTDIR, f"{part} is a file, not a folder",
                                      str(named))
    if named.is_symlink():
        why = f"{named} is a link to {target}, and the folder {folder} does not exist"
    else:
        why = f"the folder {folder} does not exist"
    return FileNotFoundError(errno.ENOENT, why, str(named))
