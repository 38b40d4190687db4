"""Hostile input (issue 11): devices and FIFOs as inputs, output amplified through aliases,
encodings and limits. Every input gets one bounded reader, every refusal is exit 2 with a
message for people, and nothing hangs or grows without bound."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from grinivil_cli.edition.load import load_edition
from grinivil_cli.errors import LogFormatError, Position, Problem
from grinivil_cli.logfile import yamlsafe
from grinivil_cli.logfile.yamlsafe import load_yaml_file, load_yaml_text

TOP = Path(__file__).resolve().parent.parent
SAMPLE = TOP / "samples" / "game-2p.yaml"
GIB = 1024 * 1024 * 1024
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")
needs_zero = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")


def _limit_memory() -> None:
    """In the child: at most 1 GiB of address space (the attack grew to 23.7 GB)."""
    resource.setrlimit(resource.RLIMIT_AS, (GIB, GIB))


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The CLI in a child process with a memory limit and a time limit."""
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, timeout=timeout, cwd=TOP, preexec_fn=_limit_memory)
    out = result.stdout + result.stderr
    assert "Traceback" not in out and "internal error" not in out, out[-2000:]
    return result


# 1. the edition gets the bounded reader


@needs_zero
def test_dev_zero_as_an_edition_is_refused_in_bounded_memory() -> None:
    result = run("validate", "--edition", "/dev/zero", str(SAMPLE))
    assert result.returncode == 2, result.stdout
    assert "'/dev/zero' is a character device, not a file: an edition must be a file" \
        in result.stdout, result.stdout
    assert "too big to be a log" not in result.stdout


@needs_fifo
def test_a_fifo_nobody_writes_to_as_an_edition_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "edition.yaml"
    os.mkfifo(fifo)
    start = time.monotonic()
    result = run("validate", "--edition", str(fifo), str(SAMPLE), timeout=20)
    assert time.monotonic() - start < 10
    assert result.returncode == 2
    assert f"'{fifo}' is a FIFO (named pipe), not a file: an edition must be a file" \
        in result.stdout, result.stdout


def test_an_oversized_regular_edition_is_called_an_edition(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    with open(path, "wb") as handle:
        handle.write(b"# a comment\n")
        handle.truncate(6 * 1024 * 1024)
    result = run("validate", "--edition", str(path), str(SAMPLE))
    assert result.returncode == 2
    assert (f"'{path}' is too big to be an edition: the limit is 5.0 MB (5,242,880 bytes) and "
            "it is 6.0 MB (6,291,456 bytes)") in result.stdout, result.stdout
    assert "to be a log" not in result.stdout and "--max-size" not in result.stdout


def test_an_oversized_edition_is_not_read_into_memory(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.yaml"
    with open(path, "wb") as handle:
        handle.truncate(6 * 1024 * 1024)

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the edition was opened")

    monkeypatch.setattr(yamlsafe, "_open_fd", never)
    with pytest.raises(LogFormatError) as caught:
        load_edition(str(path))
    assert "too big to be an edition" in caught.value.problems[0].message


# 1b. devices and FIFOs as logs: read with the bound, never waiting forever


@needs_fifo
def test_a_fifo_log_nobody_writes_to_is_refused_after_the_wait(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "log.yaml"
    os.mkfifo(fifo)
    monkeypatch.setattr(yamlsafe, "PIPE_WAIT", 0.5)
    start = time.monotonic()
    with pytest.raises(LogFormatError) as caught:
        load_yaml_file(fifo, display_name="log.yaml")
    assert time.monotonic() - start < 5
    assert caught.value.problems == [Problem(
        "nothing arrived from 'log.yaml', a FIFO (named pipe), for 0.5 seconds; "
        "give a file, or - to read standard input")]


@needs_fifo
def test_a_fifo_log_someone_writes_to_is_read(tmp_path: Path) -> None:
    fifo = tmp_path / "log.yaml"
    os.mkfifo(fifo)
    text = SAMPLE.read_bytes()

    def writer() -> None:
        with open(fifo, "wb") as handle:
            for i in range(0, len(text), 1000):
                handle.write(text[i:i + 1000])
                handle.flush()

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        result = run("validate", str(fifo), timeout=60)
    finally:
        thread.join(10)
    assert result.returncode == 0, result.stdout
    assert "legal" in result.stdout


@needs_fifo
def test_a_fifo_log_over_the_limit_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    fifo = tmp_path / "log.yaml"
    os.mkfifo(fifo)

    def writer() -> None:
        try:
            with open(fifo, "wb") as handle:
                for _ in range(100):
                    handle.write(b"# " + b"x" * 65534)
        except BrokenPipeError:
            pass  # the reader had enough

    thread = threading.Thread(target=writer)
    thread.start()
    with pytest.raises(LogFormatError) as caught:
        load_yaml_file(fifo, max_bytes=100_000, display_name="log.yaml")
    thread.join(10)
    assert caught.value.problems[0].message.startswith(
        "'log.yaml' is too big to be a log: the limit is 97.7 KB (100,000 bytes) and it is "
        "larger than that")


@needs_zero
def test_dev_zero_as_a_log_is_refused_in_bounded_memory() -> None:
    result = run("validate", "/dev/zero")
    assert result.returncode == 2
    assert "'/dev/zero' is too big to be a log" in result.stdout


def test_standard_input_from_a_pipe_still_works() -> None:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", "validate", "-"],
                            input=SAMPLE.read_text(encoding="utf-8"), capture_output=True,
                            text=True, timeout=60, cwd=TOP)
    assert result.returncode == 0 and result.stdout.startswith("<stdin>: legal")


# 2. amplification: what an alias may repeat, and the note cap


def _log_with_aliased_note(note: str, aliases: int) -> str:
    """The 2-player sample with `note` anchored in turn 1 and aliased in the next turns."""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    turns = [i for i, line in enumerate(lines) if line.startswith("- player:")]
    assert len(turns) > aliases
    out = list(lines)
    for n, i in enumerate(reversed(turns[:aliases + 1])):
        first = n == aliases
        out.insert(i + 1, f'  note: &big "{note}"' if first else "  note: *big")
    return "\n".join(out) + "\n"


def test_a_large_note_aliased_in_every_turn_is_refused_at_the_alias(tmp_path: Path) -> None:
    text = _log_with_aliased_note("x" * 300_000, 29)
    log = tmp_path / "amplified.yaml"
    log.write_text(text, encoding="utf-8")
    page = tmp_path / "page.html"
    start = time.monotonic()
    result = run("viewer", str(log), "-o", str(page), timeout=120)
    assert time.monotonic() - start < 30
    assert result.returncode == 2, result.stdout[-2000:]
    second = text.splitlines().index("  note: *big", text.splitlines().index("  note: *big") + 1)
    assert re.search(rf"^{re.escape(str(log))}:{second + 1}:9: aliases repeat too much",
                     result.stdout, re.M), result.stdout[:2000]
    assert len(result.stdout) < 10_000
    assert not page.exists() or page.stat().st_size < 20 * log.stat().st_size


def test_the_viewer_page_stays_proportional_to_the_log(tmp_path: Path) -> None:
    """Notes within the cap, aliased everywhere the alias budget allows: the page grows with
    the log, not with the repetitions."""
    plain = tmp_path / "plain.yaml"
    plain.write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    noted = tmp_path / "noted.yaml"
    noted.write_text(_log_with_aliased_note("y" * 2000, 10), encoding="utf-8")
    sizes = []
    for log in (plain, noted):
        page = tmp_path / f"{log.stem}.html"
        assert run("viewer", str(log), "-o", str(page), timeout=120).returncode == 0
        sizes.append(page.stat().st_size)
    assert sizes[1] - sizes[0] < 20 * (noted.stat().st_size - plain.stat().st_size) + 50_000


def test_an_alias_is_charged_the_length_of_its_text() -> None:
    big = "z" * 10_000
    text = f"a: &n {big}\n" + "".join(f"b{i}: *n\n" for i in range(20))
    with pytest.raises(LogFormatError) as caught:
        load_yaml_text(text, "g.yaml")
    (problem,) = caught.value.problems
    assert problem.position is not None and problem.position.line > 2
    assert problem.message.startswith("aliases repeat too much: ")
    assert "billion" not in problem.message


def test_an_aliased_collection_is_charged_its_text_too() -> None:
    text = f"a: &n [{'q' * 5000}, {'r' * 5000}]\n" + "".join(f"b{i}: *n\n" for i in range(40))
    with pytest.raises(LogFormatError) as caught:
        load_yaml_text(text, "g.yaml")
    assert caught.value.problems[0].message.startswith("aliases repeat too much: ")


def test_small_aliases_are_still_fine() -> None:
    text = "a: &r [wood, wood, steel, concrete]\n" + "".join(f"b{i}: *r\n" for i in range(200))
    assert load_yaml_text(text, "g.yaml").data["b199"] == ["wood", "wood", "steel", "concrete"]


def _with_note(note: str) -> str:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("- player:"))
    lines.insert(first + 1, f"  note: {note}")
    return "\n".join(lines) + "\n"


def test_a_note_is_capped_at_2000_characters(tmp_path: Path) -> None:
    ok = tmp_path / "ok.yaml"
    ok.write_text(_with_note("n" * 2000), encoding="utf-8")
    assert run("validate", str(ok)).returncode == 0
    long = tmp_path / "long.yaml"
    long.write_text(_with_note("n" * 2001), encoding="utf-8")
    result = run("validate", str(long))
    assert result.returncode == 2
    line = long.read_text(encoding="utf-8").splitlines().index("  note: " + "n" * 2001) + 1
    assert f"{long}:{line}:9:" in result.stdout, result.stdout
    assert "2000" in result.stdout or "2,000" in result.stdout
    assert len(result.stdout) < 1000  # the note is not copied into the message


# 3. encodings and limits


@pytest.mark.parametrize("data", ["a: 1\n".encode("utf-32"), "a: 1\n".encode("utf-32-le"),
                                  "a: 1\n".encode("utf-32-be"),
                                  "\ufeffa: 1\n".encode("utf-32-be")])
def test_utf32_is_named_utf32(data: bytes) -> None:
    with pytest.raises(LogFormatError) as caught:
        load_yaml_text(data, "g.yaml")
    assert caught.value.problems == [
        Problem("the file is saved as UTF-32; save it as UTF-8", Position("g.yaml", 1, 1))]


@pytest.mark.parametrize("data", ["a: 1\n".encode("utf-16-le"), "a: 1\n".encode("utf-16-be"),
                                  "a: 1\n".encode("utf-16")])
def test_utf16_without_or_with_a_bom_is_named_utf16(data: bytes) -> None:
    with pytest.raises(LogFormatError) as caught:
        load_yaml_text(data, "g.yaml")
    assert caught.value.problems == [
        Problem("the file is saved as UTF-16; save it as UTF-8", Position("g.yaml", 1, 1))]


@pytest.mark.parametrize("data", [b"\xef\xbb\xbf\xef\xbb\xbfa: 1\n", "\ufeff\ufeffa: 1\n"])
def test_a_double_bom_is_refused_at_1_1(data: str | bytes) -> None:
    with pytest.raises(LogFormatError) as caught:
        load_yaml_text(data, "g.yaml")
    assert caught.value.problems == [Problem(
        "the file starts with two byte order marks (U+FEFF); remove the second one",
        Position("g.yaml", 1, 1))]


def test_too_many_plain_values_are_not_blamed_on_aliases() -> None:
    text = "format: grinivil-log/1\nturns: [" + "{}," * 1_600_000 + "]\n"
    assert len(text.encode()) < 5 * 1024 * 1024
    with pytest.raises(LogFormatError) as caught:
        load_yaml_text(text, "g.yaml")
    (problem,) = caught.value.problems
    assert "alias" not in problem.message and "billion" not in problem.message
    assert problem.message.startswith("the file holds more than 1,000,000 values")
    assert problem.position is not None and problem.position.line == 2


def test_a_log_of_many_broken_turns_is_explained_in_bounded_time() -> None:
    """20,000 empty turns (60 KB): the schema's explanations stop after 200 problems, rather
    than spending a minute (a million turns: an hour) on them."""
    from grinivil_cli.logfile.schema import MAX_PROBLEMS, check_log

    loaded = load_yaml_text("format: grinivil-log/1\nturns: [" + "{}," * 20_000 + "]\n", "g.yaml")
    start = time.monotonic()
    problems = check_log(loaded)
    assert time.monotonic() - start < 10
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[-1].message == (
        "more than 200 problems: checking stopped here; fix these and check again")
    assert all(p.position is not None for p in problems[:-1])


@pytest.mark.parametrize("args", [["validate", "samples/game-2p.yaml"],
                                  ["show", "samples/game-2p.yaml", "--turn", "2"],
                                  ["audit", "samples/game-2p.yaml"]])
@pytest.mark.parametrize("name", ["e" * 300, "e" * 300 + ".yaml", "a/" + "e" * 300])
def test_an_edition_named_by_a_name_no_file_can_have_is_refused_in_words(
        args: list[str], name: str) -> None:
    """Issue 27: `--edition` with a 300-character name was an internal error (the name was
    looked up as a file with Path.exists, which raises ENAMETOOLONG)."""
    done = run(*args, "--edition", name)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert ("unknown edition" in done.stderr + done.stdout
            or "cannot read the edition" in done.stderr + done.stdout)
