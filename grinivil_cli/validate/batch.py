"""Validating many logs: paths, directories and globs; parallel processes; results in input
order whatever order the jobs finish in; one broken file never stops the others.

SIGINT (Ctrl-C) and SIGTERM, inside `stopping_on_signals`, stop a batch at once: the workers
ignore SIGINT (a terminal sends it to the whole group) and are terminated by the parent, which
raises `Interrupted` with the reports already finished; a worker dies with its parent, even a
SIGKILLed one. Outside it (a library caller), SIGINT is Python's KeyboardInterrupt as before,
and the workers are stopped all the same."""

from __future__ import annotations

import fnmatch
import os
import re
import signal
import socket
import stat
import struct
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from ..base.terminal import safe_text
from ..engine.game import plural
from ..errors import LogFormatError, Problem
from ..logfile.yamlsafe import DEFAULT_MAX_BYTES, STDIN, STDIN_NAME, kind_of_file
from ..reports import report
from ..table.loading import Game, load_game
from .sniff import LOG_KEYS, is_log

if TYPE_CHECKING:  # multiprocessing is imported for --jobs only (start-up time)
    from multiprocessing.connection import Connection
    from multiprocessing.context import BaseContext
    from multiprocessing.process import BaseProcess

GLOB_CHARS = set("*?[")
LOG_SUFFIXES = (".yaml", ".yml")


@dataclass
class Found:
    """The logs a command line names (`find_logs`), and what a folder or a glob held that was
    left out (`not_logs`): YAML files that are clearly not Grinivil logs (none of a log's keys:
    a `docker-compose.yaml`, a CI configuration, an edition; `sniff.py`), and files that are
    not regular files (a FIFO, a socket, a device: never opened), these with what they are in
    `not_files`. A log with a mistake in it (`fromat:`, a syntax error) is not left out."""

    logs: list[Path] = field(default_factory=list)
    not_logs: list[Path] = field(default_factory=list)
    not_files: dict[Path, str] = field(default_factory=dict)


def natural_key(path: Path) -> list[tuple[int, int | str]]:
    """Sort key: numbers in names compared as numbers (`sim-2-15` before `sim-2-100`), the
    rest as text."""
    return [(0, int(part)) if part.isdigit() else (1, part)
            for part in re.split(r"(\d+)", str(path)) if part]


def _stat(path: str | Path) -> os.stat_result | None:
    """`os.stat` (links followed), None when it fails: missing, a name too long for the
    system (ENAMETOOLONG), a loop of links, a NUL in the name..."""
    try:
        return os.stat(path)
    except (OSError, ValueError):
        return None


def not_a_file(path: str | Path) -> str | None:
    """What a file found in a folder or a glob is when it is not a regular file, without
    opening it ('a FIFO (named pipe)', 'a socket'...); None for a regular file, a folder and
    one that cannot be looked at (kept, to be reported)."""
    info = _stat(path)
    if info is None or stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode):
        return None
    return kind_of_file(info.st_mode) or "not a regular file"


def _real(path: Path) -> str:
    """Where a file found is, for finding it once: its real path (every link resolved, `.` and
    `..` too). A game is one file however many names lead to it: a link to a log
    (`latest.yaml -> game-12.yaml`) is the log, read and counted once (issue 27: a report's
    standings counted a game once for every path a loop made to it)."""
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):  # a NUL in the name (the Python API): reported by the reader
        return str(path)


def find_logs(args: list[str], exclude: list[str] | None = None, *,
              logs_only: bool = False, max_bytes: int = DEFAULT_MAX_BYTES) -> Found:
    """Files named (always kept), every log under a directory and every match of a glob, in
    natural order, each once (by its real path: a file reached through links, or named
    twice, is read once, by the first path it was found by), in
    the order given. Under a directory, hidden files and folders (`.git/`, `.venv/`) are
    skipped, links to folders are not followed, files that are not regular files (FIFOs,
    sockets, devices) are skipped without being opened (`Found.not_files`) and YAML files
    that are clearly not Grinivil logs are left out (`Found.not_logs`; `sniff.is_log`, which
    reads at most `max_bytes` of a file); a glob's matches likewise.
    `exclude`: glob patterns (`*` within a name, `**` across folders) matched against a
    file's path and against each of its names; a match is skipped, as `ruff --exclude` does.
    A name that matches nothing is kept, to be reported. With `logs_only`, a file named that
    is clearly not a Grinivil log is left out too (a hook given every staged YAML file:
    `.pre-commit-hooks.yaml`)."""
    patterns = list(exclude or [])
    found = Found()
    seen: set[str] = set()

    def excluded(path: Path) -> bool:
        return any(fnmatch.fnmatch(path.as_posix(), pat)
                   or any(fnmatch.fnmatch(part, pat) for part in path.parts)
                   for pat in patterns)

    def add(paths: list[Path], *, named: bool, keep: bool = False) -> None:
        """`named`: given as is on the command line (read whatever it is); otherwise found
        in a folder or a glob: excluded, or skipped when not a regular file, and (unless
        `keep`) skipped when not a log."""
        for p in paths:
            if not named and excluded(p):
                continue
            key = STDIN if str(p) == STDIN else _real(p)
            if key in seen:
                continue
            seen.add(key)
            kind = None if named else not_a_file(p)
            if kind is not None:
                found.not_logs.append(p)
                found.not_files[p] = kind
            elif (named and not logs_only) or keep or key == STDIN or is_log(p, max_bytes):
                found.logs.append(p)
            else:
                found.not_logs.append(p)

    for arg in args:
        path = Path(arg)
        info = None if arg == STDIN else _stat(arg)
        if GLOB_CHARS & set(arg) and info is None:
            matches = sorted(map(Path, glob_paths(arg, excluded)), key=natural_key)
            if not matches:
                add([path], named=True)  # reported: no match
            for m in matches:
                if os.path.isdir(m):
                    logs = _logs_in(m, excluded)
                    add(logs, named=logs == [m])  # a folder with no YAML in it: reported
                else:
                    add([m], named=False, keep=m.suffix not in LOG_SUFFIXES)
        elif info is not None and stat.S_ISDIR(info.st_mode):
            logs = _logs_in(path, excluded)
            add(logs, named=logs == [path])  # a folder with no YAML in it: reported
        else:
            add([path], named=True)
    return found


def expand(args: list[str], exclude: list[str] | None = None) -> list[Path]:
    """The logs `find_logs` finds."""
    return find_logs(args, exclude).logs


def _logs_in(path: Path, excluded: Callable[[Path], bool]) -> list[Path]:
    """A folder's YAML files in natural order, hidden ones and those under hidden folders
    skipped, and the excluded (the folder itself when it has none: reported). Links to
    folders are not followed (a link to `.` would loop)."""
    out = [Path(f) for f in _walk(str(path), excluded)
           if not os.path.basename(f).startswith(".") and Path(f).suffix in LOG_SUFFIXES]
    return sorted(out, key=natural_key) or [path]


def _join(folder: str, name: str) -> str:
    return os.path.join(folder, name) if folder else name


def _entries(folder: str) -> list[os.DirEntry[str]]:
    """A folder's entries by name, last first (popped from a stack: the first is walked
    first, whatever order the file system gives them in); none when it cannot be read."""
    try:
        with os.scandir(folder or ".") as entries:
            return sorted(entries, key=lambda entry: entry.name, reverse=True)
    except (OSError, ValueError):
        return []


def _folder_key(entry: os.DirEntry[str]) -> tuple[int, int] | None:
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _walk(top: str, excluded: Callable[[Path], bool]) -> Iterator[str]:
    """Every file under the folder `top` (the names as found: `top` joined with theirs),
    hidden and excluded folders skipped, without following links to folders, each real
    folder once (a bind mount seen twice is not walked twice); iterative, so that however
    deep, it cannot exhaust the stack."""
    todo = [top]
    visited: set[tuple[int, int]] = set()
    while todo:
        folder = todo.pop()
        for entry in _entries(folder):
            name = _join(folder, entry.name)
            if not _is_folder(entry, links=False):
                if not _is_folder(entry, links=True):  # a link to a folder: not followed
                    yield name
            elif not entry.name.startswith(".") and not excluded(Path(name)):
                key = _folder_key(entry)
                if key is not None and key not in visited:
                    visited.add(key)
                    todo.append(name)


def glob_paths(pattern: str, excluded: Callable[[Path], bool]) -> list[str]:
    """The paths matching a glob pattern, as `glob.glob(pattern, recursive=True)` would give
    them, but bounded: `*`, `?` and `[...]` match within a name (a hidden name only when the
    pattern's part starts with a dot), `**` alone as a part matches any number of folders,
    which it finds without following links to folders (a link to `.` would make it endless)
    and without entering hidden or excluded ones; each real folder is entered once at each
    part of the pattern. A trailing separator matches folders only. `**` as the last part
    gives the folder it starts from (its logs are all below it)."""
    separators = "/\\" if os.name == "nt" else "/"
    parts = re.split(f"[{re.escape(separators)}]", pattern)
    first = next(i for i, part in enumerate(parts) if GLOB_CHARS & set(part))
    base = "/".join(parts[:first]) or ("/" if first else "")
    folders_only = parts[-1] == ""
    rest = [part for part in parts[first:] if part]
    out: list[str] = []
    visited: set[tuple[int, int, int]] = set()
    todo = [(base, 0)]
    while todo:
        folder, k = todo.pop()
        if k == len(rest):
            out.append(folder or ".")
            continue
        part, last = rest[k], k + 1 == len(rest) and not folders_only
        if part == "**":
            if k + 1 == len(rest):
                out.append(folder or ".")
                continue
            todo.append((folder, k + 1))  # no folder at all
            for entry in _entries(folder):
                name = _join(folder, entry.name)
                if entry.name.startswith(".") or not _is_folder(entry, links=False) \
                        or excluded(Path(name)):
                    continue
                key = _folder_key(entry)
                if key is not None and (*key, k) not in visited:
                    visited.add((*key, k))
                    todo.append((name, k))
        elif GLOB_CHARS & set(part):
            for entry in _entries(folder):
                if entry.name.startswith(".") and not part.startswith("."):
                    continue
                if fnmatch.fnmatch(entry.name, part):
                    name = _join(folder, entry.name)
                    if last:
                        out.append(name)
                    elif _is_folder(entry, links=True):  # one level: a link is followed
                        todo.append((name, k + 1))
        else:
            name = _join(folder, part)
            if last:
                if os.path.lexists(name):
                    out.append(name)
            elif os.path.isdir(name):
                todo.append((name, k + 1))
    return list(dict.fromkeys(out))


def _is_folder(entry: os.DirEntry[str], *, links: bool) -> bool:
    try:
        return entry.is_dir(follow_symlinks=links)
    except OSError:
        return False


Describe = Callable[[str, Game], dict[str, Any]]  # a replayed log's report, from its name
# and game: `report.validation` (validate), `season_report.summary` (report); a module-level
# function, so that it reaches the workers whatever the start method


def validate_one(path: str, edition: str | None, max_bytes: int, lenient: bool = False,
                 describe: Describe = report.validation, snapshots: bool = False
                 ) -> dict[str, Any]:
    """One file's report (picklable: it crosses process boundaries); `-` is standard input.
    A replayed log is reported by `describe` (with `snapshots`, its replay keeps the table
    after every turn, for a viewer page); one that cannot be read by its problems."""
    if path != STDIN and not os.path.lexists(path) and GLOB_CHARS & set(path):
        return report.format_problems(path, [Problem(f"'{path}' matches no file")])
    if os.path.isdir(path):  # `expand` keeps a folder only when it holds no log
        return report.format_problems(path, [Problem(
            f"'{path}' is a folder with no log ({' or '.join(LOG_SUFFIXES)}) in it")])
    try:
        game = load_game(path, edition, max_bytes, keep_snapshots=snapshots, lenient=lenient)
        return describe(_name(path), game)
    except LogFormatError as e:
        return report.format_problems(_name(path), e.problems)
    except Exception as e:  # noqa: BLE001 - a bug must not stop the other files
        return {"file": path, "status": "error", "exit": 2,
                "text": f"{path}: internal error ({type(e).__name__}: {e}); this is a bug in "
                        "grinivil, please report it with this log."}


def _name(path: str) -> str:
    return STDIN_NAME if path == STDIN else path


def validate_many(paths: list[Path], *, edition: str | None, max_bytes: int, jobs: int,
                  lenient: bool = False,
                  on_done: Callable[[], None] | None = None,
                  describe: Describe = report.validation, snapshots: bool = False,
                  ) -> Generator[dict[str, Any], None, None]:
    """Reports in input order, each as soon as it and every earlier one are done; closing the
    generator (or an exception) stops the workers at once. `describe` makes the report of a
    replayed log, `snapshots` keeps its tables (`validate_one`)."""
    names = [str(p) for p in paths]
    if jobs <= 1 or len(names) <= 1 or STDIN in names:  # one process reads standard input
        for name in names:
            result = _abandonable(validate_one, name, edition, max_bytes, lenient, describe,
                                  snapshots)
            if on_done:
                on_done()
            yield result
        return
    count = min(jobs, os.cpu_count() or 1, len(names))
    yield from _Pool(count, (edition, max_bytes, lenient, describe, snapshots)).reports(
        names, on_done)


class DaskUnavailable(Exception):
    """--dask cannot run: the extra is not installed, the address is not one, or the
    scheduler cannot be reached or does not answer as one."""


DASK_ADDRESS = re.compile(
    r"(?:tcp://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}[A-Za-z0-9])?)"
    r":(?P<port>[0-9]{1,5})")
DASK_WAIT = 5.0  # seconds to connect to a scheduler, and for its first message
HANDSHAKE_MAX = 65_536  # bytes: a scheduler's first message (its handshake) is under 1 KB


def dask_scheduler(address: str) -> tuple[str, int] | None:
    """The host and port of a `--dask` address: `tcp://HOST:PORT` or `HOST:PORT` (HOST a
    name, an IPv4 address or an [IPv6] one); None for `local`. Anything else (another
    protocol: tls://, ucx://, inproc://, ws://; a port out of range) is refused with
    DaskUnavailable, before anything is imported or connected."""
    if address == "local":
        return None
    match = DASK_ADDRESS.fullmatch(address)
    if match is None or not 0 < int(match["port"]) < 65536:
        raise DaskUnavailable(
            f"--dask takes 'local' or a Dask scheduler's address, tcp://HOST:PORT or "
            f"HOST:PORT, not '{address}' (other protocols, tls:// among them, are not "
            "supported)")
    return match["host"].strip("[]"), int(match["port"])


def _check_scheduler(address: str, host: str, port: int) -> None:
    """Look before Dask connects: what answers at the address must send a Dask handshake
    within DASK_WAIT seconds, announced in its first 8 bytes as at most HANDSHAKE_MAX bytes.
    Dask itself allocates whatever length a server announces (a fake one made it take
    1.5 GB) and waits for the handshake without a time limit; this reads at most
    8 + HANDSHAKE_MAX bytes and waits at most DASK_WAIT seconds. A scheduler that answers
    one connection so and the next otherwise is not stopped by it: a cluster is trusted."""
    deadline = time.monotonic() + DASK_WAIT
    try:
        conn = socket.create_connection((host, port), timeout=DASK_WAIT)
    except socket.gaierror as e:
        raise DaskUnavailable(f"cannot reach the Dask scheduler at {address}: unknown host "
                              f"'{host}' ({e.strerror or e})") from None
    except TimeoutError:
        raise DaskUnavailable(f"cannot reach the Dask scheduler at {address}: no answer in "
                              f"{DASK_WAIT:g} seconds") from None
    except OSError as e:
        raise DaskUnavailable(f"cannot reach the Dask scheduler at {address}: "
                              f"{e.strerror or e}") from None
    with conn:
        head = _receive(conn, 8, deadline, address)
        (size,) = struct.unpack("=Q", head)  # distributed.comm.tcp: native "Q"
        if size > HANDSHAKE_MAX:
            raise DaskUnavailable(
                f"the server at {address} is not a Dask scheduler: it announced a message of "
                f"{size:,} bytes before the handshake (a Dask handshake is under "
                f"{HANDSHAKE_MAX:,})")
        _receive(conn, size, deadline, address)


def _receive(conn: socket.socket, size: int, deadline: float, address: str) -> bytes:
    """Exactly `size` bytes from `conn` before `deadline`, or DaskUnavailable."""
    data = bytearray()
    while len(data) < size:
        conn.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = conn.recv(size - len(data))
        except TimeoutError:
            said = "nothing" if not data else "too little"
            raise DaskUnavailable(f"the server at {address} is not a Dask scheduler: it said "
                                  f"{said} for {DASK_WAIT:g} seconds") from None
        except OSError as e:
            raise DaskUnavailable(f"cannot reach the Dask scheduler at {address}: "
                                  f"{e.strerror or e}") from None
        if not chunk:
            raise DaskUnavailable(f"the server at {address} is not a Dask scheduler: it "
                                  "closed the connection before its handshake")
        data += chunk
    return bytes(data)


def validate_on_dask(paths: list[Path], address: str, *, edition: str | None, max_bytes: int,
                     lenient: bool = False, on_done: Callable[[], None] | None = None,
                     describe: Describe = report.validation,
                     ) -> Generator[dict[str, Any], None, None]:
    """`validate_many` on a Dask cluster (the optional extra `dask`): each file's report made
    by `validate_one` on the cluster's workers, which must see the files at the same paths
    (shared storage), given in input order. `address` is the scheduler's (`tcp://host:8786`
    or `host:8786`: `dask_scheduler`), or `local` for a cluster of this machine's cores
    started for the run. A cluster is trusted: it runs code in this process (results are
    unpickled); what answers at the address is checked to send a Dask handshake of bounded
    size in bounded time (`_check_scheduler`) before Dask connects. Every failure of the
    cluster is DaskUnavailable (a message, exit 2)."""
    scheduler = dask_scheduler(address)
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise DaskUnavailable("--dask needs the optional extra 'dask': pip install "
                              "'grinivil[dask]' (or -e '.[dask]')") from None
    if scheduler is not None:
        _check_scheduler(address, *scheduler)
    with dask.config.set({"distributed.comm.timeouts.connect": f"{DASK_WAIT:g}s"}):
        cluster = None
        try:
            if scheduler is None:
                cluster = LocalCluster(n_workers=os.cpu_count() or 1,  # type: ignore[no-untyped-call]
                                       threads_per_worker=1, dashboard_address=None)
            client = Client(cluster if cluster is not None else address,  # type: ignore[no-untyped-call]
                            timeout=f"{DASK_WAIT:g}s")
        except Exception as e:  # noqa: BLE001 - whatever Dask raises, a message
            if cluster is not None:
                with suppress(Exception):
                    cluster.close()
            where = "start a local Dask cluster" if scheduler is None else \
                f"reach the Dask scheduler at {address}"
            raise DaskUnavailable(f"cannot {where}: {e}") from None
        try:
            with client:
                futures = client.map(validate_one, [str(p) for p in paths], edition=edition,
                                     max_bytes=max_bytes, lenient=lenient, describe=describe,
                                     pure=False)
                for future in futures:
                    try:
                        result: dict[str, Any] = future.result()
                    except Exception as e:  # noqa: BLE001 - a worker lost, the cluster gone
                        raise DaskUnavailable(f"the Dask cluster at {address} failed: "
                                              f"{type(e).__name__}: {e}") from None
                    if on_done:
                        on_done()
                    yield result
        finally:
            if cluster is not None:
                cluster.close()


# --- Stopping on SIGINT and SIGTERM ---------------------------------------------------------------

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
POLL = 0.1  # seconds: how long the parent waits for its workers before it looks at the signals
GRACE = 1.0  # seconds: a signal this long after an unobeyed first one ends the process at once
DEADLINE = 5.0  # seconds: the process ends at once this long after an unobeyed stop signal
WATCH = 0.5  # seconds between a worker's looks at its parent (where Linux cannot tell it)
PR_SET_PDEATHSIG = 1  # Linux prctl(2)


class Interrupted(BaseException):  # not an Exception: no `except Exception` may swallow it
    """SIGINT or SIGTERM stopped the batch; `known` are the reports finished but not yet
    given, in input order."""

    def __init__(self, signum: int, known: list[dict[str, Any]]) -> None:
        super().__init__(signum, known)
        self.signum = signum
        self.known = known


class _Signals:
    """What the handler knows: the first stop signal and when; whether the main thread may be
    interrupted where it is (a file validated in this process); the workers to kill."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self.since = 0.0
        self.abandon = False
        self.workers: set[int] = set()


_signals = _Signals()


def _on_signal(signum: int, frame: FrameType | None) -> None:
    """Note the signal; the batch obeys it at its next step. Should it not be done DEADLINE
    seconds later (standard output blocked, say), or at a signal GRACE seconds after the
    first, the workers are killed and the process ends at once."""
    if _signals.signum is None:
        _signals.signum, _signals.since = signum, time.monotonic()
        if hasattr(signal, "setitimer"):
            signal.signal(signal.SIGALRM, _leave_now)
            signal.setitimer(signal.ITIMER_REAL, DEADLINE)
    elif time.monotonic() - _signals.since > GRACE:
        _leave_now(signum, frame)
    if _signals.abandon:
        _signals.abandon = False
        raise Interrupted(_signals.signum, [])


def _leave_now(signum: int, frame: FrameType | None) -> None:
    for pid in list(_signals.workers):
        with suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    os._exit(128 + (_signals.signum or signum))


@contextmanager
def stopping_on_signals() -> Iterator[None]:
    """While inside: SIGINT and SIGTERM make `validate_many` raise `Interrupted` at its next
    step (at once while it validates in this process, within POLL seconds in parallel), and
    nowhere else; `pending_signal` tells one that came after. Leaving after a stop signal, the
    process is on its way out, with everything printed: the stop signals are ignored from then
    on, so that a second Ctrl-C does not turn the exit into a traceback or a death by signal
    (Python's finalization would restore their default action). Only the main thread can
    handle signals: elsewhere this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {signum: signal.signal(signum, _on_signal) for signum in STOP_SIGNALS}
    alarm = signal.getsignal(signal.SIGALRM) if hasattr(signal, "setitimer") else None
    try:
        yield
    finally:
        stopped = _signals.signum
        if stopped is not None and hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, signal.SIG_DFL if alarm is None else alarm)
        for signum, handler in before.items():
            if stopped is not None:
                handler = signal.SIG_IGN
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
        _signals.signum, _signals.abandon = None, False


def pending_signal() -> int | None:
    """The stop signal received inside `stopping_on_signals`, if any."""
    return _signals.signum


def _interrupt_if_asked(known: list[dict[str, Any]]) -> None:
    if _signals.signum is not None:
        raise Interrupted(_signals.signum, known)


def _abandonable(work: Callable[..., dict[str, Any]], *args: Any) -> dict[str, Any]:
    """`work(*args)` in this process, which a stop signal interrupts where it is."""
    _signals.abandon = True  # before looking: a signal in between raises in the handler
    try:
        _interrupt_if_asked([])
        return work(*args)
    finally:
        _signals.abandon = False


@contextmanager
def _signals_held() -> Iterator[None]:
    """Stop signals wait while a worker starts: none reaches it before it ignores SIGINT."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


# --- Worker processes -----------------------------------------------------------------------------

Task = tuple[int, str]  # the file's place in the input, its name


def _context() -> BaseContext:
    """fork where it is safe (Linux: the parent has no thread), spawn elsewhere; either way the
    parent of a worker is this process (which forkserver would not be)."""
    import multiprocessing

    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


Options = tuple[str | None, int, bool, Describe, bool]  # validate_one's, after the file's name


def _work(conn: Connection, parent: int, options: Options) -> None:
    """A worker: validate the files the parent sends, one at a time, until it sends None or
    goes. Ctrl-C, which reaches every process of the terminal's group, is the parent's to
    handle; SIGTERM (the parent's way to stop it) kills it at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with(parent)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    while True:
        try:
            task: Task | None = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        index, name = task
        conn.send((index, validate_one(name, *options)))


def _die_with(parent: int) -> None:
    """A SIGKILLed parent cannot stop its workers: on Linux the kernel kills them with it
    (PR_SET_PDEATHSIG); everywhere a thread ends the worker once its parent is another."""
    if sys.platform.startswith("linux"):
        import ctypes

        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # gone before the line above
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="watch-parent", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH)
    os._exit(1)


class _Worker:
    """One worker process, its end of the pipe, the task it has."""

    def __init__(self, context: BaseContext, options: Options) -> None:
        self.conn, theirs = context.Pipe()
        self.process: BaseProcess = context.Process(  # type: ignore[attr-defined]
            target=_work, args=(theirs, os.getpid(), options), name="grinivil-worker",
            daemon=True)
        with _signals_held():
            self.process.start()
        assert self.process.pid is not None
        _signals.workers.add(self.process.pid)
        theirs.close()
        self.task: Task | None = None

    def give(self, task: Task) -> bool:
        """Send a task; False when the worker has gone."""
        try:
            self.conn.send(task)
        except OSError:
            return False
        self.task = task
        return True

    def collect(self) -> tuple[int, dict[str, Any]] | None:
        """The report of the task, or None when the worker went without one."""
        try:
            if self.conn.poll():
                index, report_ = self.conn.recv()
                self.task = None
                return index, report_
        except (EOFError, OSError):
            pass
        return None

    def stop(self, deadline: float, now: bool) -> None:
        """Ask it to finish (`now`: terminate it), then wait until `deadline`, then kill."""
        if now or not self.give_none():
            with suppress(OSError):
                self.process.terminate()
        self.process.join(max(0.0, deadline - time.monotonic()))
        if self.process.is_alive():
            self.process.kill()
            self.process.join(1.0)
        if self.process.pid is not None:
            _signals.workers.discard(self.process.pid)
        self.conn.close()

    def give_none(self) -> bool:
        try:
            self.conn.send(None)
        except OSError:
            return False
        return True


def _lost(name: str, process: BaseProcess) -> dict[str, Any]:
    """The report of a file whose worker died validating it (killed, out of memory...)."""
    process.join(1.0)
    code = process.exitcode
    how = (f"killed by {signal.Signals(-code).name}" if code is not None and code < 0
           else f"exit code {code}")
    return {"file": name, "status": "error", "exit": 2,
            "text": f"{name}: internal error (the process validating it stopped: {how}); this "
                    "is a bug in grinivil, please report it with this log."}


class _Pool:
    """`count` workers, each given the next file as soon as it is free; a worker that dies is
    replaced (its file reported as an error); every worker stopped when the batch ends,
    however it ends."""

    def __init__(self, count: int, options: Options) -> None:
        self.count, self.options = count, options
        self.workers: list[_Worker] = []
        self.todo: deque[Task] = deque()
        self.finished: dict[int, dict[str, Any]] = {}  # reports not given yet, by input place

    def reports(self, names: list[str], on_done: Callable[[], None] | None
                ) -> Generator[dict[str, Any], None, None]:
        self.todo.extend(enumerate(names))
        given = 0
        completed = False
        try:
            for i in range(self.count):
                self.workers.append(_Worker(_context(), self.options))
                self._feed(i)
            while given < len(names):
                self._interrupt_if_asked()
                if given in self.finished:
                    result = self.finished.pop(given)
                    given += 1
                    if on_done:
                        on_done()
                    yield result
                else:
                    self._collect()
            completed = True
        finally:
            deadline = time.monotonic() + 1.0
            for worker in self.workers:
                worker.stop(deadline, now=not completed)

    def _interrupt_if_asked(self) -> None:
        if _signals.signum is not None:
            _interrupt_if_asked([self.finished[i] for i in sorted(self.finished)])

    def _collect(self) -> None:
        """Wait up to POLL seconds for reports and take them; a free worker gets a file."""
        from multiprocessing.connection import wait

        busy = [w for w in self.workers if w.task is not None]
        ready = wait([*(w.conn for w in busy), *(w.process.sentinel for w in busy)],
                     timeout=POLL)
        self._interrupt_if_asked()
        for i, worker in enumerate(self.workers):
            if worker.task is None or (worker.conn not in ready
                                       and worker.process.sentinel not in ready):
                continue
            task, done = worker.task, worker.collect()
            if done is None:  # died without a report: the file says so
                self.finished[task[0]] = _lost(task[1], worker.process)
                worker.task = None
            else:
                self.finished[done[0]] = done[1]
            self._feed(i)

    def _feed(self, i: int) -> None:
        """The next file to worker `i`, replaced first if it has died; a file whose worker
        dies as it is sent is reported lost (so this ends, whatever the workers do)."""
        while self.todo:
            if not self.workers[i].process.is_alive():
                self.workers[i].stop(time.monotonic(), now=True)
                self.workers[i] = _Worker(_context(), self.options)
            task = self.todo.popleft()
            if self.workers[i].give(task):
                return
            self.finished[task[0]] = _lost(task[1], self.workers[i].process)


STATUSES = ("legal", "claims", "illegal", "unreadable", "error")
# how the count line says each (`2 files: 1 legal, 1 with claims that disagree`)
SAID = {"claims": "with claims that disagree"}
KEYS_SAID = ", ".join(sorted(LOG_KEYS))  # format, players, setup, turns: as a log has them


def counts(results: list[dict[str, Any]], not_logs: list[Path] | None = None) -> dict[str, int]:
    """How many files of each status, how many legal ones end before their game does
    (`unfinished`), how many YAML files were skipped as not Grinivil logs, and the exit code
    (the worst)."""
    out = {"files": len(results)}
    out.update({s: sum(1 for r in results if r["status"] == s) for s in STATUSES})
    out["unfinished"] = sum(1 for r in results if r["status"] == "legal" and "unfinished" in r)
    out["skipped"] = len(not_logs or [])
    out["exit"] = max((r["exit"] for r in results), default=0)
    return out


def summary(results: list[dict[str, Any]], not_logs: list[Path] | None = None,
            not_files: dict[Path, str] | None = None) -> str:
    """A table of every file's result and a count by status (legal logs that end before
    their game does counted apart), the YAML files skipped as not Grinivil logs, and those
    of them that are not regular files (`not_files`, what each is: a FIFO...)."""
    rows = [(r["file"], r["status"], _detail(r)) for r in results]
    width = max(len(f) for f, _, _ in rows)
    lines = [f"{f:<{width}}  {s:<10}  {d}" for f, s, d in rows]
    n = counts(results, not_logs)
    parts = [f"{n[s]} {SAID.get(s, s)}" + (f" ({n['unfinished']} unfinished)" if s == "legal"
                                           and n["unfinished"] else "")
             for s in STATUSES if n[s]]
    lines.append(f"{plural(len(results), 'file')}: " + ", ".join(parts))
    odd = not_files or {}
    yaml = [p for p in not_logs or [] if p not in odd]
    if yaml:
        names = ", ".join(safe_text(p.name, newlines=False) for p in yaml[:5])
        more = f" and {len(yaml) - 5} more" if len(yaml) > 5 else ""
        lines.append(f"{len(yaml)} YAML file{'s' * (len(yaml) != 1)} skipped, not "
                     f"Grinivil logs (none of a log's keys: {KEYS_SAID}): {names}{more}")
    if odd:
        shown = list(odd.items())[:5]
        names = ", ".join(f"{safe_text(p.name, newlines=False)} is {kind}" for p, kind in shown)
        more = f" and {len(odd) - 5} more" if len(odd) > 5 else ""
        what = "a regular file" if len(odd) == 1 else "regular files"
        lines.append(f"{len(odd)} file{'s' * (len(odd) != 1)} skipped, not {what}: "
                     f"{names}{more}")
    return "\n".join(lines)


def _detail(r: dict[str, Any]) -> str:
    if r["status"] == "legal":
        playing = r.get("unfinished")
        return plural(int(r.get("turns", 0)), "turn") + (
            f", unfinished ({', '.join(playing)} still playing)" if playing else "")
    if r["status"] in ("illegal", "claims"):
        e = r["error"]
        return f"turn {e['turn']}: {e['rule']}" if e.get("turn") else e["rule"]
    if r["status"] == "unreadable":
        n = len(r.get("problems", []))
        return f"{n} problem{'s' * (n != 1)}"
    return "internal error"
