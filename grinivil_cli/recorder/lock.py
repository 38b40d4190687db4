"""One writer per log: the lock a recorder holds while it records, and what it clears when it
takes it.

The lock is an OS lock (`fcntl.flock`; on Windows `msvcrt.locking`) on a lock file beside the
log, `.LOG.lock`, in the folder of the file the log's path leads to (through symbolic links, as
`output.write_atomic` writes it: two links to one log share one lock). Not on the log itself:
`write_atomic` replaces the log by a rename, and a lock on the old file would be lost with it
at the first turn written. The OS lock dies with its process (SIGKILL included): a lock file
left by a killed recorder locks nothing, and the next recorder takes it over. The lock file
holds the pid of the recorder that holds it (for the message of the one refused), and is
removed when the recorder closes, while still locked: a recorder that opened it meanwhile
finds, once it has the lock, that the file it holds is no longer the one at its name, and opens
again.

Holding the lock, no other recorder of the log is alive: the temporary files of a recorder
killed while writing the log (`output.temporaries_of`: `write_atomic`'s names for this log,
`.grinivil-TAG-RANDOM.tmp`, and `.LOG.xxxxxxxx` of earlier versions) are its own to remove
(`remove_stale`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
from pathlib import Path

from ..base.output import temporaries_of

if sys.platform != "win32":
    import fcntl

_TRIES = 20  # a lock file removed under us by its closing holder: opened again this many times


PROGRAMS = ("record", "serve")  # the commands that write a log, as a lock file names them


class Busy(Exception):
    """The log is being recorded by another process (`pid` and the command, `by`, when its
    lock file says)."""

    def __init__(self, pid: int | None, by: str = "record") -> None:
        super().__init__(pid)
        self.pid = pid
        self.by = by


def lock_path(target: Path) -> Path:
    """The lock file of the log file `target` (a real path)."""
    return target.with_name(f".{target.name}.lock")


class LogLock:
    """The lock of the log at `path`, held from `acquire` to `release` (or the end of the
    process)."""

    def __init__(self, path: Path, by: str = "record") -> None:
        self.by = by if by in PROGRAMS else "record"  # the command holding it, for the message
        self.target = Path(os.path.realpath(path))
        self.path = lock_path(self.target)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        """Take the lock; Busy when another process holds it, OSError when the lock file
        cannot be had (a folder not writable, a link or something else standing there)."""
        for _ in range(_TRIES):
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                         | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0), 0o644)
            try:
                info = os.fstat(fd)
                if not stat.S_ISREG(info.st_mode):
                    raise OSError(errno.EEXIST, f"{self.path} is not a lock file: remove it")
                if not _lock(fd):
                    raise Busy(*_holder(fd))
                try:
                    now = os.stat(self.path, follow_symlinks=False)
                except FileNotFoundError:
                    now = None
                if now is None or (now.st_dev, now.st_ino) != (info.st_dev, info.st_ino):
                    os.close(fd)  # its holder removed it as it closed: take the new one
                    continue
                if sys.platform != "win32":
                    os.ftruncate(fd, 0)
                    os.write(fd, f"{os.getpid()}\n{self.by}\n".encode())
            except BaseException:
                with contextlib.suppress(OSError):
                    os.close(fd)
                raise
            self._fd = fd
            return
        raise OSError(errno.EAGAIN, f"{self.path} keeps being replaced")

    def release(self) -> None:
        """Remove the lock file (while it is still locked) and let the lock go."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if sys.platform != "win32":  # Windows cannot remove an open file: it stays, unlocked
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        with contextlib.suppress(OSError):
            os.close(fd)

    def __del__(self) -> None:  # a Recording dropped without `close`: its lock goes with it
        try:
            self.release()
        except Exception:  # at interpreter exit the modules may be gone: the OS lets it go
            pass

    def remove_stale(self) -> list[str]:
        """Remove the temporary files a killed writer of the log left beside it (this user's
        plain files whose names are `write_atomic`'s for this log: `output.temporaries_of`);
        their names. Only while the lock is held: no other writer of the log is alive."""
        if not self.held:
            return []
        removed: list[str] = []
        for tmp in temporaries_of(self.target):
            try:
                info = os.stat(tmp, follow_symlinks=False)
                if not stat.S_ISREG(info.st_mode) or \
                        hasattr(os, "geteuid") and info.st_uid != os.geteuid():
                    continue
                os.unlink(tmp)
            except OSError:
                continue
            removed.append(tmp.name)
        return sorted(removed)

def _lock(fd: int) -> bool:
    """An exclusive lock on the open file `fd`, without waiting; False when another holds
    it."""
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as e:
        if e.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK, errno.EDEADLK):
            return False
        raise
    return True


def _holder(fd: int) -> tuple[int | None, str]:
    """The pid and the command written in a lock file (None and `record` when it says
    none)."""
    try:
        words = os.pread(fd, 32, 0).decode("ascii", "replace").split()
    except (OSError, AttributeError):
        return None, "record"
    pid = int(words[0]) if words and re.fullmatch("[0-9]{1,10}", words[0]) else None
    by = words[1] if len(words) > 1 and words[1] in PROGRAMS else "record"
    return pid, by
