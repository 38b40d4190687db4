"""Output files are written whole or not at all (grinivil_cli/base/output.py): readers see the old
file or the whole new one, never a part; a failed write leaves the old file and no temporary
file; links are followed and pipes written to, never replaced by a file."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from grinivil_cli.base import output
from grinivil_cli.base.output import write_atomic


def test_a_new_file_is_written_whole_with_ordinary_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    old = os.umask(0o022)
    try:
        write_atomic(target, "héllo\n")
    finally:
        os.umask(old)
    assert target.read_text(encoding="utf-8") == "héllo\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output.os, "replace", refuse)
    with pytest.raises(OSError):
        write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_symbolic_link_stays_a_link_and_its_file_gets_the_text(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"


def test_a_pipe_is_written_to_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    write_atomic(fifo, "through the pipe")
    reader.join(timeout=10)
    assert got == [b"through the pipe"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)  # still a pipe, not a file put in its place


def test_a_folder_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError):
        write_atomic(tmp_path, "x")
    assert list(tmp_path.iterdir()) == []
