"""Validating many logs: paths, directories and globs; parallel processes; results in input
order whatever order the jobs finish in; one broken file never stops the others.

SIGINT (Ctrl-C) and SIGTERM, inside `stopping_on_signals`, stop a batch at once: the workers
ignore SIGINT (a terminal sends it to the whole group) and are terminated by the parent, which
raises `Interrupted` with the reports already finished; a worker dies with its parent, even a
SIGKILLed one. Outside it (a library caller), SIGINT is Python's KeyboardInterrupt as before,
and the workers are stopped all the same."""

from __future__ import annotations

import fnmatch
import glob
import os
import re
import signal
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

from . import report
from .errors import LogFormatError, Problem
from .loading import Game, load_game
from .logfile.yamlsafe import STDIN, STDIN_NAME
from .terminal import safe_text

if TYPE_CHECKING:  # multiprocessing is imported for --jobs only (start-up time)
    from multiprocessing.connection import Connection
    from multiprocessing.context import BaseContext
    from multiprocessing.process import BaseProcess

GLOB_CHARS = set("*?[")
LOG_SUFFIXES = (".yaml", ".yml")


@dataclass
class Found:
    """The logs a command line names (`find_logs`), and what a folder or a glob held that was
    left out: YAML files that are not Grinivil logs (no `format: grinivil-log/...` line near
    their top: a `docker-compose.yaml`, a CI configuration)."""

    logs: list[Path] = field(default_factory=list)
    not_logs: list[Path] = field(default_factory=list)


def natural_key(path: Path) -> list[tuple[int, int | str]]:
    """Sort key: numbers in names compared as numbers (`sim-2-15` before `sim-2-100`), the
    rest as text."""
    return [(0, int(part)) if part.isdigit() else (1, part)
            for part in re.split(r"(\d+)", str(path)) if part]


LOG_MARK = re.compile(rb"^format:[ \t]*['\"]?grinivil-log/", re.M)
MARK_WITHIN = 16_384  # bytes of a file read to find its `format:` line


def is_log(path: Path) -> bool:
    """Whether a YAML file found in a folder says it is a Grinivil log: a top-level
    `format: grinivil-log/...` in its first 16 KiB (the log format puts it first). One that
    cannot be read is kept, to be reported."""
    try:
        with open(path, "rb") as f:
            head = f.read(MARK_WITHIN)
    except OSError:
        return True
    return LOG_MARK.search(head) is not None


def find_logs(args: list[str], exclude: list[str] | None = None, *,
              logs_only: bool = False) -> Found:
    """Files named (always kept), every log under a directory and every match of a glob, in
    natural order, each once, in the order given. Under a directory, hidden files and folders
    (`.git/`, `.venv/`) are skipped, and YAML files that are not Grinivil logs are left out
    (`Found.not_logs`). `exclude`: glob patterns (`*` within a name, `**` across folders)
    matched against a file's path and against each of its names; a match is skipped, as
    `ruff --exclude` does. A name that matches nothing is kept, to be reported. With
    `logs_only`, a file named that is not a Grinivil log is left out too (a hook given every
    staged YAML file: `.pre-commit-hooks.yaml`)."""
    patterns = list(exclude or [])
    found = Found()

    def excluded(path: Path) -> bool:
        return any(fnmatch.fnmatch(path.as_posix(), pat)
                   or any(fnmatch.fnmatch(part, pat) for part in path.parts)
                   for pat in patterns)

    def add(paths: list[Path], named: bool) -> None:
        for p in paths:
            if p in found.logs or p in found.not_logs or (not named and excluded(p)):
                continue
            if (named and not logs_only) or str(p) == STDIN or is_log(p):
                found.logs.append(p)
            else:
                found.not_logs.append(p)

    for arg in args:
        path = Path(arg)
        if GLOB_CHARS & set(arg) and not path.exists():
            matches = sorted((Path(m) for m in glob.glob(arg, recursive=True)), key=natural_key)
            if not matches:
                add([path], True)  # reported: no match
            for m in matches:
                if m.is_dir():
                    add(_logs_in(m, excluded), False)
                elif not excluded(m):
                    add([m], m.suffix not in LOG_SUFFIXES)
        elif path.is_dir():
            logs = _logs_in(path, excluded)
            add(logs, logs == [path])  # a folder with no YAML in it: reported
        else:
            add([path], True)
    return found


def expand(args: list[str], exclude: list[str] | None = None) -> list[Path]:
    """The logs `find_logs` finds."""
    return find_logs(args, exclude).logs


def _logs_in(path: Path, excluded: Callable[[Path], bool]) -> list[Path]:
    """A folder's YAML files in natural order, hidden ones and those under hidden folders
    skipped, and the excluded (the folder itself when it has none: reported)."""
    out = []
    for root, folders, files in os.walk(path):
        folders[:] = [d for d in folders if not d.startswith(".")
                      and not excluded(Path(root) / d)]
        out += [Path(root) / f for f in files
                if not f.startswith(".") and Path(f).suffix in LOG_SUFFIXES]
    return sorted(out, key=natural_key) or [path]


Describe = Callable[[str, Game], dict[str, Any]]  # a replayed log's report, from its name
# and game: `report.validation` (validate), `season_report.summary` (report); a module-level
# function, so that it reaches the workers whatever the start method


def validate_one(path: str, edition: str | None, max_bytes: int, lenient: bool = False,
                 describe: Describe = report.validation) -> dict[str, Any]:
    """One file's report (picklable: it crosses process boundaries); `-` is standard input.
    A replayed log is reported by `describe`; one that cannot be read by its problems."""
    if path != STDIN and not os.path.lexists(path) and GLOB_CHARS & set(path):
        return report.format_problems(path, [Problem(f"'{path}' matches no file")])
    if os.path.isdir(path):  # `expand` keeps a folder only when it holds no log
        return report.format_problems(path, [Problem(
            f"'{path}' is a folder with no log ({' or '.join(LOG_SUFFIXES)}) in it")])
    try:
        game = load_game(path, edition, max_bytes, keep_snapshots=False, lenient=lenient)
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
                  describe: Describe = report.validation,
                  ) -> Generator[dict[str, Any], None, None]:
    """Reports in input order, each as soon as it and every earlier one are done; closing the
    generator (or an exception) stops the workers at once. `describe` makes the report of a
    replayed log (`validate_one`)."""
    names = [str(p) for p in paths]
    if jobs <= 1 or len(names) <= 1 or STDIN in names:  # one process reads standard input
        for name in names:
            result = _abandonable(validate_one, name, edition, max_bytes, lenient, describe)
            if on_done:
                on_done()
            yield result
        return
    count = min(jobs, os.cpu_count() or 1, len(names))
    yield from _Pool(count, (edition, max_bytes, lenient, describe)).reports(names, on_done)


class DaskUnavailable(Exception):
    """--dask cannot run: the extra is not installed, or the scheduler cannot be reached."""


def validate_on_dask(paths: list[Path], address: str, *, edition: str | None, max_bytes: int,
                     lenient: bool = False, on_done: Callable[[], None] | None = None,
                     describe: Describe = report.validation,
                     ) -> Generator[dict[str, Any], None, None]:
    """`validate_many` on a Dask cluster (the optional extra `dask`): each file's report made
    by `validate_one` on the cluster's workers, which must see the files at the same paths
    (shared storage), given in input order. `address` is the scheduler's (`tcp://host:8786`),
    or `local` for a cluster of this machine's cores started for the run."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise DaskUnavailable("--dask needs the optional extra 'dask': pip install "
                              "'grinivil[dask]' (or -e '.[dask]')") from None
    cluster = LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1,
                           dashboard_address=None) if address == "local" else None  # type: ignore[no-untyped-call]
    try:
        with Client(cluster if cluster is not None else address,  # type: ignore[no-untyped-call]
                    timeout="10s") as client:
            futures = client.map(validate_one, [str(p) for p in paths], edition=edition,
                                 max_bytes=max_bytes, lenient=lenient, describe=describe,
                                 pure=False)
            for future in futures:
                result: dict[str, Any] = future.result()
                if on_done:
                    on_done()
                yield result
    except OSError as e:  # the scheduler cannot be reached
        raise DaskUnavailable(f"cannot reach the Dask scheduler at {address}: {e}") from None
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


Options = tuple[str | None, int, bool, Describe]  # validate_one's, after the file's name


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


STATUSES = ("legal", "illegal", "unreadable", "error")


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


def summary(results: list[dict[str, Any]], not_logs: list[Path] | None = None) -> str:
    """A table of every file's result and a count by status (legal logs that end before
    their game does counted apart), and the YAML files skipped as not Grinivil logs."""
    rows = [(r["file"], r["status"], _detail(r)) for r in results]
    width = max(len(f) for f, _, _ in rows)
    lines = [f"{f:<{width}}  {s:<10}  {d}" for f, s, d in rows]
    n = counts(results, not_logs)
    parts = [f"{n[s]} {s}" + (f" ({n['unfinished']} unfinished)" if s == "legal" and
                              n["unfinished"] else "") for s in STATUSES if n[s]]
    lines.append(f"{len(results)} files: " + ", ".join(parts))
    if not_logs:
        names = ", ".join(safe_text(p.name, newlines=False) for p in not_logs[:5])
        more = f" and {len(not_logs) - 5} more" if len(not_logs) > 5 else ""
        lines.append(f"{len(not_logs)} YAML file{'s' * (len(not_logs) != 1)} skipped, not "
                     f"Grinivil logs (no 'format: grinivil-log/1'): {names}{more}")
    return "\n".join(lines)


def _detail(r: dict[str, Any]) -> str:
    if r["status"] == "legal":
        playing = r.get("unfinished")
        return f"{r.get('turns', 0)} turns" + (
            f", unfinished ({', '.join(playing)} still playing)" if playing else "")
    if r["status"] == "illegal":
        e = r["error"]
        return f"turn {e['turn']}: {e['rule']}" if e.get("turn") else e["rule"]
    if r["status"] == "unreadable":
        n = len(r.get("problems", []))
        return f"{n} problem{'s' * (n != 1)}"
    return "internal error"
