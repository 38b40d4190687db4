"""Output files are written whole or not at all: a temporary file beside the target, written,
synced to the disk (`fsync`), then renamed over the target, and the folder synced, so that after
a crash or a power cut the target is the old file or the whole new one.

Whose name it is decides what a symbolic link does:

- A file the user names (`-o FILE`, a log given to `record`) is written where it leads: a
  symbolic link is followed and the file it names replaced (the link stays a link), and a target
  that is not a file (a terminal, a pipe, `/dev/stdout`) is written to directly.
- A file the tool names itself (`write_atomic(..., follow_links=False)`: the snapshots of
  `render -o DIR` and their PNGs, `LOG-board.svg` beside a log, the pages of `report
  --viewers`) is never written through a link: a symbolic link standing at that name is
  refused, and so is a pipe, a device or a socket. Refused, not replaced: a link a person put
  there is theirs to remove. A link put there after the check is replaced by the rename itself
  (`os.replace` replaces a link, never what it points to), so no race writes through one.

A file replaced keeps its permission bits (and its owner and group where the system lets us).
A file the user made read-only (no write bit for its owner, or not writable by this user) is
refused rather than replaced, and so is a file with other names (hard links: `st_nlink` > 1),
since the rename would give this name a new file and leave the other names with the old text
(a file written whole is the promise, so it is not written in place instead).

The temporary file's name is short and bounded, `.grinivil-TTTTTTTT-RRRRRRRR.tmp` (`TEMP_PREFIX`,
the tag of the target's name, 8 random characters, `TEMP_SUFFIX`): a target whose name fits the
system's limit never fails for the length of its temporary name. `is_temporary_of` and
`temporaries_of` tell a temporary file left by a killed process (and one of the earlier
`.NAME.xxxxxxxx` form) from everything else beside the target.

Only what the user named is created: a file whose folder does not exist is refused (a mistyped
`-o /tmp/reprots/x.html` must not leave a tree of folders behind), and `make_folder` creates the
output folder itself but never the folders above it. Every refusal is an `OSError` whose
`strerror` is a sentence for people (a name too long for the system says so, and by how much)."""

from __future__ import annotations

import errno
import hashlib
import os
import re
import secrets
import stat
from pathlib import Path

TEMP_PREFIX = ".grinivil-"  # a temporary file of write_atomic: TEMP_PREFIX, tag, -, 8 random
TEMP_SUFFIX = ".tmp"
TEMP_NAME = re.compile(r"\.grinivil-([0-9a-f]{8})-[0-9a-f]{8}\.tmp")  # the tag is group 1
_LEGACY_RANDOM = r"\.[a-z0-9_]{8}"  # tempfile.mkstemp's, after `.NAME` (before issue 27)
NAME_MAX = 255  # bytes of one name, where the system cannot tell (Linux, macOS file systems)
PATH_MAX = 4096


def write_atomic(path: str | os.PathLike[str], text: str, *, follow_links: bool = True) -> None:
    """Write `text` to `path` so that readers see the old file or the whole new one; without
    `follow_links` (a name the tool gives), a symbolic link at `path` is refused."""
    write_atomic_bytes(path, text.encode("utf-8"), follow_links=follow_links)


def write_atomic_bytes(path: str | os.PathLike[str], data: bytes, *,
                       follow_links: bool = True) -> None:
    """Write `data` to `path` so that readers see the old file or the whole new one."""
    named = Path(path)
    try:
        target, st = _replaceable(named, follow_links)
        if st is not None and not stat.S_ISREG(st.st_mode):  # a device or a pipe: written to
            with open(target, "wb") as f:
                f.write(data)
            return
        _replace(target, st, data)
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG and not isinstance(e, NameTooLong):
            raise name_too_long(named) from None
        raise


def check_writable(path: str | os.PathLike[str], *, follow_links: bool = True) -> None:
    """Raise the `OSError` that `write_atomic(path, ..., follow_links=follow_links)` would
    raise before writing anything (a link refused, a read-only file, a file with other names,
    a folder that does not exist or cannot be written), so that a refusal comes first: before
    a render draws anything, before a recorder asks for a turn."""
    named = Path(path)
    try:
        target, st = _replaceable(named, follow_links)
        if st is not None and not stat.S_ISREG(st.st_mode):
            return
        folder = target.parent
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(errno.EACCES, f"the folder {folder} is not writable: a file "
                                  "is written whole beside it, then renamed", str(named))
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG and not isinstance(e, NameTooLong):
            raise name_too_long(named) from None
        raise


def _replaceable(named: Path, follow_links: bool) -> tuple[Path, os.stat_result | None]:
    """The file to write for `named` and its status now (None: it does not exist yet), or the
    `OSError` that refuses it."""
    if follow_links:
        target = Path(os.path.realpath(named))  # through symbolic links: the file they name
        st = _status(target, follow=True)
    else:
        target = named
        st = _status(target, follow=False)
        if st is not None and stat.S_ISLNK(st.st_mode):
            raise _link_refused(named)
        if st is not None and not stat.S_ISREG(st.st_mode) and not stat.S_ISDIR(st.st_mode):
            raise OSError(errno.EEXIST, f"{named} is not a plain file (a pipe, a device or a "
                          "socket): grinivil writes the files it names only as plain files; "
                          "remove it, or write into another folder", str(named))
    if st is None:
        if not target.parent.is_dir():
            raise _no_folder(named, target)
        return target, None
    if stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, f"{named} is a folder, not a file", str(named))
    if stat.S_ISREG(st.st_mode):
        _check_replaceable(named, target, st)
    return target, st


def _status(path: Path, follow: bool) -> os.stat_result | None:
    try:
        return os.stat(path, follow_symlinks=follow)
    except FileNotFoundError:
        return None


def _check_replaceable(named: Path, target: Path, st: os.stat_result) -> None:
    """Refuse a file the user made read-only, and one with other names (hard links)."""
    if not st.st_mode & stat.S_IWUSR:  # root may write anything: the mode says what is meant
        raise PermissionError(errno.EACCES, f"{named} is read-only: grinivil does not replace "
                              "a file made read-only; make it writable (chmod u+w) or write "
                              "another file", str(named))
    if not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, f"{named} is read-only for you (it belongs to "
                              "another user): grinivil does not replace it; write another "
                              "file", str(named))
    if st.st_nlink > 1:
        raise OSError(errno.EMLINK, f"{named} has {st.st_nlink} names (hard links): written "
                      "whole, it would become a new file under this name only, and the other "
                      "names would keep the old text; give it a name of its own (cp it to a new "
                      "file and use that), or remove the other names", str(named))


def _replace(target: Path, st: os.stat_result | None, data: bytes) -> None:
    """`data` into a new temporary file beside `target` (with the mode of the file it
    replaces, else an ordinary file's), synced, renamed to `target`; the folder synced."""
    folder = target.parent
    fd, tmp = _create_temporary(target)
    try:
        if st is not None and hasattr(os, "fchown") and (st.st_uid, st.st_gid) != (
                os.getuid(), os.getgid()):
            try:  # the owner and group of the file replaced, where the system lets us
                os.fchown(fd, st.st_uid, st.st_gid)
            except OSError:
                pass
        if st is not None:
            mode = stat.S_IMODE(st.st_mode) & 0o777
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask  # as an ordinary file would be, not the temporary's 0600
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        else:
            os.chmod(tmp, mode)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)  # the text on the disk before the name points to it
        os.close(fd)
        fd = -1
        os.replace(tmp, target)  # a link at `target` is replaced itself, never followed
    except BaseException:
        if fd >= 0:
            os.close(fd)
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(folder)


def _create_temporary(target: Path) -> tuple[int, Path]:
    """A new empty file (mode 0600) beside `target` named `TEMP_PREFIX`TAG-RANDOM`TEMP_SUFFIX`."""
    tag = temp_tag(target)
    for _ in range(100):
        tmp = target.parent / f"{TEMP_PREFIX}{tag}-{secrets.token_hex(4)}{TEMP_SUFFIX}"
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
            return os.open(tmp, flags | getattr(os, "O_CLOEXEC", 0), 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, f"no free temporary name beside {target}", str(target))


def _sync_folder(folder: Path) -> None:
    """The rename on the disk: fsync the folder (where the file system can; a folder this user
    cannot open for reading is left to the system)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EBADF,
                           errno.EROFS):
            raise
    finally:
        os.close(fd)


def temp_tag(target: str | os.PathLike[str]) -> str:
    """The 8 hexadecimal digits that name the file `target` leads to (through links, as
    `write_atomic` writes it) in the names of its temporary files."""
    name = os.path.basename(os.path.realpath(target))
    return hashlib.sha256(os.fsencode(name)).hexdigest()[:8]


def is_temporary_of(name: str, target: str | os.PathLike[str]) -> bool:
    """Whether `name` (a name in the folder of the file `target` leads to) is the name of a
    temporary file `write_atomic` makes for `target`: `.grinivil-TAG-RANDOM.tmp`, or the
    `.NAME.xxxxxxxx` of earlier versions. Another target's temporary files are not."""
    found = TEMP_NAME.fullmatch(name)
    if found is not None:
        return found.group(1) == temp_tag(target)
    real = os.path.basename(os.path.realpath(target))
    return re.fullmatch(r"\." + re.escape(real) + _LEGACY_RANDOM, name) is not None


def temporaries_of(target: str | os.PathLike[str]) -> list[Path]:
    """The temporary files of `target` in its folder (the folder of the file it leads to):
    plain files only (never a link or a folder), sorted; a process killed while writing left
    them. The folder that cannot be listed has none."""
    folder = Path(os.path.realpath(target)).parent
    found = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if is_temporary_of(entry.name, target) and entry.is_file(follow_symlinks=False):
                    found.append(folder / entry.name)
    except OSError:
        return []
    return sorted(found)


def make_folder(path: str | os.PathLike[str]) -> Path:
    """The output folder `path`, created if it does not exist yet, but not the folders above it.
    A symbolic link is followed: a dangling link gets the folder it names when that folder's own
    folder exists. Raises an `OSError` saying why the folder cannot be had."""
    named = Path(path)
    try:
        target = Path(os.path.realpath(named))
        if target.is_dir():
            return named
        if os.path.lexists(target):
            shown = (named if target == Path(os.path.abspath(named))
                     else f"{named} (a link to {target})")
            raise NotADirectoryError(errno.ENOTDIR, f"{shown} is a file, not a folder",
                                     str(named))
        if not target.parent.is_dir():
            raise _no_folder(named, target)
        target.mkdir()
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG and not isinstance(e, NameTooLong):
            raise name_too_long(named) from None
        raise
    return named


class NameTooLong(OSError):
    """A path the system refuses as too long, its `strerror` saying which name and the limit."""


def name_too_long(named: str | os.PathLike[str]) -> NameTooLong:
    """The error for a path the system refuses as too long, saying which name is too long
    and the limit (without the long name itself when it is the file's own)."""
    path = Path(named)
    limit = _name_max(path)
    parts = path.parts
    for i, part in enumerate(parts):
        size = len(os.fsencode(part))
        if size > limit:
            if i == len(parts) - 1:
                why = f"its name is too long ({size} bytes; a name may have at most {limit})"
            else:
                shown = part if len(part) <= 24 else part[:20] + "..."
                why = (f"the name {shown} in its path is too long ({size} bytes; a name may "
                       f"have at most {limit})")
            return NameTooLong(errno.ENAMETOOLONG, why, str(named))
    size = len(os.fsencode(os.path.abspath(path)))
    return NameTooLong(errno.ENAMETOOLONG, f"its path is too long ({size} bytes; a path may have "
                   f"at most {PATH_MAX})" if size > PATH_MAX else "its name is too long for "
                   "the file system", str(named))


def _name_max(path: Path) -> int:
    """The longest name (bytes) the file system of `path`'s nearest existing folder takes."""
    for folder in Path(os.path.abspath(path)).parents:
        try:
            if folder.is_dir():
                return int(os.pathconf(folder, "PC_NAME_MAX"))
        except (OSError, ValueError):
            continue
    return NAME_MAX


def reason(error: OSError, folder: Path | None = None) -> str:
    """Why a file cannot be written, for people: a name too long (which, and the limit), a
    file standing where a folder should be in `folder` or above it (mkdir's 'File exists'
    would not say which), or the system's reason."""
    if isinstance(error, NameTooLong):
        return str(error.strerror)
    if error.errno == errno.ENAMETOOLONG:
        return str(name_too_long(error.filename or folder or ".").strerror)
    for part in (folder, *folder.parents) if folder is not None else ():
        try:
            if part.exists() and not part.is_dir():
                return f"{part} is a file, not a folder"
        except OSError:
            continue
    return str(error.strerror or error)


def _link_refused(named: Path) -> OSError:
    try:
        to = os.readlink(named)
    except OSError:
        to = "somewhere"
    return OSError(errno.ELOOP, f"{named} is a symbolic link to {to}: grinivil does not write "
                   "a file it names itself through a link (that would replace what the link "
                   "points to); remove the link or move it away, then run the command again",
                   str(named))


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
