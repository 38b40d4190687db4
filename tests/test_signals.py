"""`grinivil validate --jobs 2` under real signals: Ctrl-C (SIGINT, once or twice), SIGTERM and
a SIGKILLed parent. It stops within about a second, prints whole results only (the ones already
known, in input order), exits 130 (SIGINT) or 143 (SIGTERM) and leaves no process behind.

Every run is a real `grinivil` process in its own session (its process group is its pid), so
the workers can be found, and killed whatever happens, by that group."""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TOP = Path(__file__).parent.parent
SAMPLE = TOP / "samples" / "game-2p.yaml"
COPIES = 400  # far more than a test lets finish: about 30 ms each with two workers
STOPS_WITHIN = 2.0  # seconds from the signal to the exit (the target is 1 s; CI is slower)
GONE_WITHIN = 5.0  # seconds for the workers of a SIGKILLed parent to die
RESULT = re.compile(r"(?P<file>\S+/g\d{4}\.yaml): legal \(114 turns\)")
SCORES = "final scores: 1. Anna 76, 2. Bruno 70"
ROW = re.compile(r"(?P<file>\S+/g\d{4}\.yaml) +legal +114 turns")
COUNT = re.compile(r"(?P<n>\d+) files: (?P=n) legal")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("batch")
    for i in range(COPIES):
        shutil.copyfile(SAMPLE, folder / f"g{i:04d}.yaml")  # copies: links are one file
    return folder


class Run:
    """A `grinivil validate` process in a session of its own, its stdout read line by line."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "grinivil_cli", "validate", *args], cwd=TOP,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.out: list[str] = []
        self.err = ""
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def wait_for_lines(self, count: int, timeout: float = 60.0) -> None:
        """Until `count` lines are printed (the workers are busy by then)."""
        deadline = time.monotonic() + timeout
        while len(self.out) < count:
            line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            if line is None:
                code = self.process.wait()
                self.lines.put(None)  # for finish
                self.finish()
                pytest.fail(f"exited {code} early: {''.join(self.out)[-500:]}{self.err[-2000:]}")
            self.out.append(line)

    def signal(self, signum: int, group: bool = False) -> float:
        """Send a signal to the parent (or to the whole group, as a terminal's Ctrl-C does)."""
        if group:
            os.killpg(self.process.pid, signum)
        else:
            self.process.send_signal(signum)
        return time.monotonic()

    def exit_code(self, since: float) -> tuple[int, float]:
        """The exit code and the seconds since `since` (fails after STOPS_WITHIN)."""
        try:
            code = self.process.wait(timeout=STOPS_WITHIN + 0.5)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running {STOPS_WITHIN + 0.5} s after the signal")
        took = time.monotonic() - since
        self.finish()
        return code, took

    def finish(self) -> None:
        """Every line of stdout and stderr (the process has exited)."""
        while (line := self.lines.get(timeout=10)) is not None:
            self.out.append(line)
        assert self.process.stderr is not None
        self.err = self.process.stderr.read()

    def alive(self) -> list[str]:
        return group_members(self.process.pid)

    def kill_all(self) -> None:
        """Whatever the test found, nothing of this run stays behind."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)


def group_members(pgid: int) -> list[str]:
    """The live processes (not zombies) of a process group, as 'pid state command'."""
    if not Path("/proc/self/stat").exists():  # no /proc: any member, zombies included
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return []
        return [f"a member of group {pgid}"]
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # gone meanwhile
            continue
        command, _, rest = stat.rpartition(")")
        fields = rest.split()  # state, ppid, pgrp, ...
        if int(fields[2]) == pgid and fields[0] not in "ZX":
            found.append(f"{entry.name} {fields[0]} {command.partition('(')[2]}")
    return found


def gone_within(run: Run, seconds: float) -> list[str]:
    """Polls until no process of the run's group is alive; what is still alive after that."""
    deadline = time.monotonic() + seconds
    while (alive := run.alive()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive


@pytest.fixture
def runs() -> Iterator[list[Run]]:
    started: list[Run] = []
    yield started
    for run in started:
        run.kill_all()


def start(runs: list[Run], *args: str) -> Run:
    run = Run(*args)
    runs.append(run)
    return run


def check_whole_results(run: Run, folder: Path) -> list[str]:
    """Text output: whole results (two lines each), in input order from the first file, then
    the summary of those files; the files validated."""
    text = "".join(run.out)
    assert text.endswith("\n"), text[-200:]
    lines = text.splitlines()
    assert "" in lines, f"no summary: {text[-500:]}"
    blank = lines.index("")
    results, table = lines[:blank], lines[blank + 1:]
    assert len(results) % 2 == 0, results[-3:]
    files = []
    for first, second in zip(results[::2], results[1::2], strict=True):
        match = RESULT.fullmatch(first)
        assert match and second == SCORES, (first, second)
        files.append(match["file"])
    names = sorted(str(p) for p in folder.iterdir())
    assert files == sorted(files) and set(files) <= set(names), files
    count = COUNT.fullmatch(table[-1])
    assert count and int(count["n"]) == len(files), table[-1]
    rows = [m["file"] for row in table[:-1] if (m := ROW.fullmatch(row))]
    assert rows == files, table[:-1]
    assert 0 < len(files) < COPIES
    return files


@pytest.mark.parametrize("group", [True, False], ids=["ctrl-c-to-the-group", "to-the-parent"])
def test_sigint_stops_the_workers_within_a_second_and_prints_what_is_known(
        logs: Path, runs: list[Run], group: bool) -> None:
    """Ctrl-C reaches every process of the terminal's group (workers ignore it; the parent
    stops them); `kill -INT` reaches the parent only. Either way: exit 130 within a second,
    the results known so far printed whole with their summary, and no process left."""
    run = start(runs, "--jobs", "2", str(logs))
    run.wait_for_lines(6)
    code, took = run.exit_code(run.signal(signal.SIGINT, group))
    assert code == 130, run.err
    assert took < STOPS_WITHIN
    files = check_whole_results(run, logs)
    assert "Traceback" not in run.err
    assert f"interrupted (SIGINT): {len(files)} of {COPIES} files validated" in run.err
    assert gone_within(run, 1.0) == []


def test_sigint_twice_does_not_hang(logs: Path, runs: list[Run]) -> None:
    """A second Ctrl-C 0.3 s after the first: still exit 130, whole results, nobody left."""
    run = start(runs, "--jobs", "2", str(logs))
    run.wait_for_lines(6)
    since = run.signal(signal.SIGINT, group=True)
    time.sleep(0.3)
    if run.process.poll() is None:
        run.signal(signal.SIGINT, group=True)
    code, took = run.exit_code(since)
    assert code == 130, run.err
    assert took < STOPS_WITHIN
    check_whole_results(run, logs)
    assert "Traceback" not in run.err
    assert gone_within(run, 1.0) == []


@pytest.mark.parametrize("group", [False, True], ids=["to-the-parent", "to-the-group"])
def test_sigterm_is_handled_like_sigint_with_exit_143(
        logs: Path, runs: list[Run], group: bool) -> None:
    run = start(runs, "--jobs", "2", str(logs))
    run.wait_for_lines(6)
    code, took = run.exit_code(run.signal(signal.SIGTERM, group))
    assert code == 143, run.err
    assert took < STOPS_WITHIN
    files = check_whole_results(run, logs)
    assert f"interrupted (SIGTERM): {len(files)} of {COPIES} files validated" in run.err
    assert gone_within(run, 1.0) == []


def test_the_workers_of_a_sigkilled_parent_die_with_it(logs: Path, runs: list[Run]) -> None:
    run = start(runs, "--jobs", "2", str(logs))
    run.wait_for_lines(6)
    assert len(run.alive()) == 3  # the parent and its two workers
    run.signal(signal.SIGKILL)
    assert run.process.wait(timeout=5) == -signal.SIGKILL
    assert gone_within(run, GONE_WITHIN) == []


def test_json_output_interrupted_is_whole_documents_in_input_order(
        logs: Path, runs: list[Run]) -> None:
    run = start(runs, "--jobs", "2", "--format", "jsonl", str(logs))
    run.wait_for_lines(3)
    code, took = run.exit_code(run.signal(signal.SIGINT, group=True))
    assert code == 130 and took < STOPS_WITHIN
    text = "".join(run.out)
    assert text.endswith("\n")
    records = [json.loads(line) for line in text.splitlines()]
    files = [r["file"] for r in records[:-1]]
    assert files == sorted(files) and 3 <= len(files) < COPIES
    assert records[-1]["summary"]["files"] == len(files)  # the summary of what was done
    assert gone_within(run, 1.0) == []


def test_with_one_job_ctrl_c_stops_at_once_too(logs: Path, runs: list[Run]) -> None:
    run = start(runs, "--jobs", "1", str(logs))
    run.wait_for_lines(6)
    code, took = run.exit_code(run.signal(signal.SIGINT, group=True))
    assert code == 130 and took < STOPS_WITHIN
    check_whole_results(run, logs)
    assert gone_within(run, 1.0) == []


def children_of(pid: int) -> list[int]:
    """The live child processes of `pid` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] not in "ZX":
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_worker_killed_costs_its_file_only(tmp_path: Path, runs: list[Run]) -> None:
    """A worker SIGKILLed (out of memory, say) does not stop the batch: its file is reported
    as an internal error, a new worker takes the others, the exit code is 2."""
    for i in range(16):
        shutil.copyfile(SAMPLE, tmp_path / f"g{i:04d}.yaml")
    run = start(runs, "--jobs", "2", "--format", "jsonl", str(tmp_path))
    run.wait_for_lines(2)
    workers = children_of(run.process.pid)
    assert len(workers) == 2
    os.kill(workers[0], signal.SIGKILL)
    code = run.process.wait(timeout=60)
    run.finish()
    *results, last = [json.loads(line) for line in run.out]
    assert last["summary"]["files"] == 16
    assert [r["file"] for r in results] == sorted(str(p) for p in tmp_path.iterdir())
    errors = [r for r in results if r["status"] != "legal"]
    assert len(errors) <= 1  # none if it was killed just between two files
    assert all("killed by SIGKILL" in r["text"] and r["exit"] == 2 for r in errors)
    assert code == (2 if errors else 0), run.err
    assert gone_within(run, 1.0) == []
