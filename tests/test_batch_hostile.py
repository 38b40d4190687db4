"""Hostile folders, globs, names and Dask addresses (issue 27): how many logs `validate` and
`report` find, and how they read them. A FIFO, a socket or a device found in a folder or a glob
is skipped without being opened; folder symlinks that loop are not followed and each file is
read once, by its real path; a name too long for the system is a message; a `--dask` address is
checked before connecting, and what a server says before the Dask handshake is bounded."""

from __future__ import annotations

import json
import os
import resource
import shutil
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from test_hostile_input import GIB, SAMPLE, TOP, needs_fifo, run

needs_symlinks = pytest.mark.skipif(os.name == "nt", reason="needs folder symlinks")
LONG_NAME = "a" * 300 + ".yaml"  # over NAME_MAX (255): ENAMETOOLONG


def game_in(folder: Path, name: str = "game.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copyfile(SAMPLE, folder / name))


def summary_of(result: subprocess.CompletedProcess[str]) -> dict[str, int]:
    """The summary record of `validate --format jsonl`."""
    return dict(json.loads(result.stdout.splitlines()[-1])["summary"])


# 1. FIFOs, sockets and devices in folders and globs


@pytest.fixture
def odd_folder(tmp_path: Path) -> Path:
    """A folder holding a log, a FIFO nobody writes to, a socket, a link to a FIFO outside it
    and a link to a character device, all named *.yaml."""
    folder = tmp_path / "club"
    game_in(folder)
    os.mkfifo(folder / "pipe.yaml")
    os.mkfifo(tmp_path / "elsewhere")
    (folder / "linked.yaml").symlink_to(tmp_path / "elsewhere")
    (folder / "zero.yaml").symlink_to("/dev/zero")
    with closing(socket.socket(socket.AF_UNIX)) as sock:
        sock.bind(str(folder / "sock.yaml"))
    return folder


@needs_fifo
@pytest.mark.parametrize("how", ["folder", "glob"])
def test_fifos_sockets_and_devices_in_a_folder_are_skipped_unopened(
        odd_folder: Path, how: str) -> None:
    arg = str(odd_folder) if how == "folder" else str(odd_folder / "*.yaml")
    start = time.monotonic()
    result = run("validate", arg, timeout=25)
    assert time.monotonic() - start < 15
    assert result.returncode == 0, result.stdout
    assert "1 file: 1 legal" in result.stdout, result.stdout
    assert ("4 files skipped, not regular files: linked.yaml is a FIFO (named pipe), "
            "pipe.yaml is a FIFO (named pipe), sock.yaml is a socket, zero.yaml is a character "
            "device") in result.stdout, result.stdout
    jsonl = run("validate", "--format", "jsonl", arg, timeout=25)
    assert summary_of(jsonl)["files"] == 1 and summary_of(jsonl)["skipped"] == 4


@needs_fifo
def test_report_of_a_folder_with_a_fifo_is_written(odd_folder: Path) -> None:
    result = run("report", "--format", "json", str(odd_folder), timeout=25)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert [Path(g["file"]).name for g in report["games"]] == ["game.yaml"]


@needs_fifo
def test_a_fifo_named_on_the_command_line_is_still_read(tmp_path: Path) -> None:
    """Named, a FIFO is read through the bounded reader (with its wait), not skipped."""
    fifo = tmp_path / "named.yaml"
    os.mkfifo(fifo)
    text = SAMPLE.read_bytes()

    def writer() -> None:
        with open(fifo, "wb") as handle:
            handle.write(text)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    result = run("validate", "--format", "jsonl", str(fifo), timeout=60)
    thread.join(10)
    assert result.returncode == 0, result.stdout
    assert json.loads(result.stdout.splitlines()[0])["status"] == "legal"


# 2. folder symlinks that loop


@pytest.fixture
def looping(tmp_path: Path) -> Path:
    """g/game.yaml, g/sub/other.yaml, g/l1 -> ., g/l2 -> ., g/sub/up -> .."""
    g = tmp_path / "g"
    game_in(g)
    game_in(g / "sub", "other.yaml")
    (g / "l1").symlink_to(".", target_is_directory=True)
    (g / "l2").symlink_to(".", target_is_directory=True)
    (g / "sub" / "up").symlink_to("..", target_is_directory=True)
    return g


@needs_symlinks
@pytest.mark.parametrize("pattern", ["**/*.yaml", "**", "**/game.yaml", "*/**/*.yaml"])
def test_a_double_star_glob_over_looping_links_reads_each_file_once(
        looping: Path, pattern: str) -> None:
    start = time.monotonic()
    result = run("validate", "--format", "jsonl", str(looping / pattern), timeout=30)
    assert time.monotonic() - start < 15
    files = [json.loads(line)["file"] for line in result.stdout.splitlines()[:-1]]
    expected = [looping / "game.yaml"] if pattern == "**/game.yaml" else \
        [looping / "game.yaml", looping / "sub" / "other.yaml"]  # `*/`: l1, l2 and sub
    assert sorted(map(os.path.realpath, files)) == sorted(map(str, expected)), files
    assert len(files) == len(expected)


@needs_symlinks
def test_a_folder_with_looping_links_reads_each_file_once(looping: Path) -> None:
    result = run("validate", "--format", "jsonl", str(looping), timeout=30)
    files = [json.loads(line)["file"] for line in result.stdout.splitlines()[:-1]]
    assert files == [str(looping / "game.yaml"), str(looping / "sub" / "other.yaml")]


@needs_symlinks
def test_the_same_file_by_two_paths_is_read_once(looping: Path) -> None:
    """A one-level glob follows a folder link (finite), but a file reached by several paths
    is one file: the first path it was found by."""
    result = run("validate", "--format", "jsonl", str(looping / "*" / "game.yaml"),
                 str(looping / "game.yaml"), str(looping / "l2" / "game.yaml"), timeout=30)
    files = [json.loads(line)["file"] for line in result.stdout.splitlines()[:-1]]
    assert files == [str(looping / "l1" / "game.yaml")]


@needs_symlinks
def test_report_standings_count_a_game_once_through_a_loop(tmp_path: Path) -> None:
    g = tmp_path / "g"
    game_in(g)
    (g / "loop").symlink_to(".", target_is_directory=True)
    result = run("report", "--format", "json", str(g / "**" / "*.yaml"), timeout=30)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert len(report["games"]) == 1
    assert {row["player"]: row["played"] for row in report["standings"]} == {"Anna": 1,
                                                                           "Bruno": 1}


@needs_symlinks
def test_a_link_to_a_log_is_the_log_counted_once(tmp_path: Path) -> None:
    """A club's `latest.yaml -> game.yaml`: one game, one file read, one game in the
    standings, by the first path it was found by."""
    g = tmp_path / "g"
    game_in(g)
    (g / "latest.yaml").symlink_to("game.yaml")
    result = run("validate", "--format", "jsonl", str(g), timeout=30)
    assert [json.loads(line)["file"] for line in result.stdout.splitlines()[:-1]] \
        == [str(g / "game.yaml")]
    result = run("report", "--format", "json", str(g), timeout=30)
    report = json.loads(result.stdout)
    assert len(report["games"]) == 1
    assert {row["player"]: row["played"] for row in report["standings"]} == {"Anna": 1,
                                                                           "Bruno": 1}


@needs_symlinks
def test_exclude_prunes_folders_in_a_double_star_glob(looping: Path) -> None:
    result = run("validate", "--format", "jsonl", "--exclude", "sub",
                 str(looping / "**" / "*.yaml"), timeout=30)
    files = [json.loads(line)["file"] for line in result.stdout.splitlines()[:-1]]
    assert files == [str(looping / "game.yaml")]
    result = run("validate", "--format", "jsonl", "--exclude", "game.yaml",
                 str(looping / "**" / "*.yaml"), timeout=30)
    files = [json.loads(line)["file"] for line in result.stdout.splitlines()[:-1]]
    assert files == [str(looping / "sub" / "other.yaml")]


DEPTH = 1100  # folders in one another: over Python's recursion limit (os.walk recursed)


def test_a_folder_deeper_than_the_recursion_limit_is_walked(tmp_path: Path) -> None:
    fd = os.open(tmp_path, os.O_RDONLY)
    try:
        for _ in range(DEPTH):
            os.mkdir("a", dir_fd=fd)
            inner = os.open("a", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        log = os.open("x.yaml", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(log, SAMPLE.read_bytes())
        os.close(log)
    finally:
        os.close(fd)
    deep = tmp_path / "/".join(["a"] * DEPTH) / "x.yaml"
    try:
        for arg in (str(tmp_path), str(tmp_path / "**" / "*.yaml")):
            result = run("validate", "--format", "jsonl", arg, timeout=60)
            assert result.returncode == 0, result.stdout[-500:]
            assert [json.loads(line)["file"] for line in result.stdout.splitlines()[:-1]] \
                == [str(deep)]
    finally:  # shutil.rmtree recurses too
        for level in range(DEPTH, -1, -1):
            folder = tmp_path.joinpath(*["a"] * level)
            for name in os.listdir(folder):
                if name != "a":
                    os.unlink(folder / name)
            if level:
                os.rmdir(folder)


# 3. a name too long for the system


def test_a_name_too_long_is_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    name = str(tmp_path / LONG_NAME)
    result = run("validate", name, str(SAMPLE))
    assert result.returncode == 2
    assert result.stdout.startswith(f"cannot read '{name}': File name too long\n"), \
        result.stdout
    assert "2 files: 1 legal, 1 unreadable" in result.stdout
    result = run("validate", str(tmp_path / "*" / LONG_NAME), str(tmp_path / LONG_NAME / "*"))
    assert result.returncode == 2 and "matches no file" in result.stdout, result.stdout


def test_report_of_a_name_too_long_says_so(tmp_path: Path) -> None:
    name = str(tmp_path / LONG_NAME)
    result = run("report", "--format", "json", name, str(SAMPLE))
    assert result.returncode == 2
    assert f"cannot read '{name}': File name too long; in the report as unreadable" \
        in result.stderr, result.stderr
    assert len(json.loads(result.stdout)["games"]) == 2


# 4. and 5. --dask


@pytest.mark.parametrize("address", ["nonsense", "", "tls://127.0.0.1:1", "http://127.0.0.1:1",
                                     "tcp://a:1:2", "ucx://127.0.0.1:1", "tcp://127.0.0.1:99999",
                                     "inproc://x", "tcp://:1"])
def test_a_dask_address_that_is_not_one_is_refused(address: str) -> None:
    start = time.monotonic()
    result = run("validate", "--dask", address, str(SAMPLE), timeout=30)
    assert time.monotonic() - start < 10
    assert result.returncode == 2
    assert result.stderr.startswith(
        f"grinivil: --dask takes 'local' or a Dask scheduler's address, tcp://HOST:PORT or "
        f"HOST:PORT, not '{address}'"), result.stderr
    assert result.stdout == ""


def test_a_dask_scheduler_nobody_listens_at_is_a_message() -> None:
    with socket.socket() as probe:  # a port free a moment ago
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    start = time.monotonic()
    result = run("validate", "--dask", f"127.0.0.1:{port}", str(SAMPLE), timeout=30)
    assert time.monotonic() - start < 10
    assert result.returncode == 2
    assert result.stderr.startswith(f"grinivil: cannot reach the Dask scheduler at "
                                    f"127.0.0.1:{port}: "), result.stderr


@contextmanager
def fake_scheduler(answer: bytes, *, trickle: bool, lasts: float = 20.0) -> Iterator[int]:
    """A server on 127.0.0.1 that answers every connection with `answer` (then, `trickle`,
    zeros for as long as it lasts, or silence); it stops by itself after `lasts` seconds."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    end = time.monotonic() + lasts

    def serve(conn: socket.socket) -> None:
        with conn:
            try:
                conn.sendall(answer)
                while time.monotonic() < end:
                    if trickle:
                        conn.sendall(bytes(1 << 20))
                    else:
                        time.sleep(0.1)
            except OSError:
                pass

    def accept() -> None:
        with server:
            while time.monotonic() < end:
                try:
                    conn, _ = server.accept()
                except TimeoutError:
                    continue
                threading.Thread(target=serve, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        end = time.monotonic()
        thread.join(5)


def run_measured(*args: str, timeout: float) -> tuple[int, str, float, int]:
    """The CLI with at most 2 GiB of address space: exit code, standard error, seconds, and
    its peak resident memory in bytes (its own, from wait4)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 * GIB, 2 * GIB))

    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "grinivil_cli", *args], cwd=TOP,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=limit)
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    try:
        assert proc.stderr is not None
        err = proc.stderr.read().decode("utf-8", "replace")
        _, status, usage = os.wait4(proc.pid, 0)
    finally:
        timer.cancel()
        proc.returncode = 0  # reaped by wait4
        proc.stderr.close() if proc.stderr else None
    return os.waitstatus_to_exitcode(status), err, time.monotonic() - start, \
        usage.ru_maxrss * 1024


@pytest.mark.parametrize("trickle", [True, False], ids=["huge-length", "silent-after"])
def test_a_fake_scheduler_announcing_a_huge_message_costs_no_memory(trickle: bool) -> None:
    with fake_scheduler(struct.pack("=Q", 1_500_000_000), trickle=trickle) as port:
        code, err, seconds, peak = run_measured(
            "validate", "--dask", f"tcp://127.0.0.1:{port}", str(SAMPLE), timeout=30)
    assert code == 2, err
    assert seconds < 12, (seconds, err)
    assert peak < 400 * 1024 * 1024, peak
    assert "Traceback" not in err and "internal error" not in err, err
    assert err.startswith(f"grinivil: the server at tcp://127.0.0.1:{port} is not a Dask "
                          "scheduler: it announced a message of 1,500,000,000 bytes before "
                          "the handshake"), err


def test_a_silent_server_is_given_up_on() -> None:
    with fake_scheduler(b"", trickle=False) as port:
        code, err, seconds, peak = run_measured(
            "validate", "--dask", f"tcp://127.0.0.1:{port}", str(SAMPLE), timeout=30)
    assert code == 2, err
    assert seconds < 15, (seconds, err)
    assert err.startswith(f"grinivil: the server at tcp://127.0.0.1:{port} is not a Dask "
                          "scheduler: it said nothing for 5 seconds"), err


def test_a_real_scheduler_at_an_address_validates() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        result = run("validate", "--format", "jsonl", "--dask", cluster.scheduler_address,
                     str(SAMPLE), timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[0])["status"] == "legal"


def test_the_dask_help_says_a_cluster_is_trusted() -> None:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", "validate", "--help"],
                            capture_output=True, text=True, cwd=TOP, timeout=60,
                            env={**os.environ, "COLUMNS": "400", "TERMINAL_WIDTH": "400"})
    text = " ".join(result.stdout.replace("│", " ").split())
    assert "A Dask cluster runs code in grinivil's process and is trusted: connect only to " \
           "a cluster you run." in text, text
