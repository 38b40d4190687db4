"""Issue 27, output files: what the tool names is never written through a symbolic link (a
snapshot of `render -o DIR`, its PNG, `LOG-board.svg`, the pages of `report --viewers`); a file
replaced keeps its mode, and one the user made read-only (or that has other names: hard links)
is refused; what is written reaches the disk (fsync of the file and of its folder) before it
counts as written; `report --viewers` reads each log once; a name too long for the system is
said so for people (exit 2), and the temporary name of `write_atomic` is short and bounded
whatever the name of the file it stands for."""

from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest
from test_outputs_and_bounds import GAME2, run, tree
from test_record import answers_file, dealt, invoke

from grinivil_cli.base import output
from grinivil_cli.base.output import write_atomic
from grinivil_cli.render import render_game
from grinivil_cli.table import loading
from grinivil_cli.table.loading import load_game
from grinivil_cli.viewer import viewer_html

NOTES = "my notes, not a picture\n"


def planted(tmp_path: Path, name: str, folder: str = "out") -> tuple[Path, Path]:
    """`folder/name` made a symbolic link to `../notes.txt` (which holds NOTES): the folder
    and the notes."""
    out = tmp_path / folder
    out.mkdir()
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    (out / name).symlink_to(Path("..") / "notes.txt")
    return out, notes


def assert_link_left_alone(link: Path, notes: Path) -> None:
    assert link.is_symlink() and os.readlink(link) == str(Path("..") / "notes.txt")
    assert notes.read_text(encoding="utf-8") == NOTES


def assert_said_for_people(result: Any) -> None:
    said = result.stdout + result.stderr
    assert result.returncode == 2, said
    assert "Traceback" not in said and "internal error" not in said and "Errno" not in said


# --- 1. a name the tool gives is never written through a symbolic link -----------------------

def test_render_refuses_a_snapshot_name_that_is_a_link_and_writes_nothing(tmp_path: Path) -> None:
    out, notes = planted(tmp_path, "turn-000.svg")
    result = run("render", str(GAME2), "-o", str(out))
    assert_said_for_people(result)
    assert_link_left_alone(out / "turn-000.svg", notes)
    assert f"{out / 'turn-000.svg'} is a symbolic link to ../notes.txt" in result.stderr
    assert "remove the link" in result.stderr
    assert tree(out) == ["turn-000.svg"]  # refused before anything is written


def test_render_refuses_a_dangling_link_putting_a_snapshot_outside_its_folder(
        tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "turn-001.svg").symlink_to(Path("..") / "elsewhere.svg")
    result = run("render", str(GAME2), "-o", str(out), "--turn", "1")
    assert_said_for_people(result)
    assert not (tmp_path / "elsewhere.svg").exists()
    assert (out / "turn-001.svg").is_symlink()


def test_a_png_beside_a_snapshot_is_not_written_through_a_link(tmp_path: Path) -> None:
    out, notes = planted(tmp_path, "turn-001.png")
    with pytest.raises(OSError, match=r"turn-001\.png is a symbolic link to \.\./notes\.txt"):
        render_game(load_game(GAME2), out, range(1, 2), png=lambda svg: b"\x89PNG")
    assert_link_left_alone(out / "turn-001.png", notes)
    assert tree(out) == ["turn-001.png"]


def test_a_pipe_named_as_a_snapshot_is_refused_not_waited_on(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    os.mkfifo(out / "turn-000.svg")
    result = run("render", str(GAME2), "-o", str(out), "--turn", "0")
    assert_said_for_people(result)
    assert "not a plain file" in result.stderr
    assert stat.S_ISFIFO((out / "turn-000.svg").lstat().st_mode)


def test_the_board_beside_the_log_is_not_written_through_a_link(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    picture = tmp_path / "game-board.svg"
    picture.symlink_to("notes.txt")
    result = invoke("record", str(log), "--answers",
                    str(answers_file(tmp_path, "subsidy", "board")))
    assert result.exit_code == 0, result.output
    assert notes.read_text(encoding="utf-8") == NOTES and picture.is_symlink()
    assert f"cannot write {picture}: {picture} is a symbolic link to notes.txt" in result.output


def test_report_viewers_refuses_a_page_name_that_is_a_link(tmp_path: Path) -> None:
    viewers, notes = planted(tmp_path, "001-game-2p.html", "viewers")
    result = run("report", str(GAME2), "-o", str(tmp_path / "report.html"),
                 "--viewers", str(viewers))
    assert_said_for_people(result)
    assert_link_left_alone(viewers / "001-game-2p.html", notes)
    assert "is a symbolic link to ../notes.txt" in result.stderr


def test_a_file_the_user_names_is_still_written_through_its_link(tmp_path: Path) -> None:
    real = tmp_path / "real.html"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "page.html"
    link.symlink_to(real)
    result = run("viewer", str(GAME2), "-o", str(link))
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and real.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_write_atomic_refuses_a_link_if_asked_and_a_race_replaces_only_the_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    link = tmp_path / "picture.svg"
    link.symlink_to(notes)
    with pytest.raises(OSError, match="is a symbolic link to"):
        write_atomic(link, "<svg/>", follow_links=False)
    assert notes.read_text(encoding="utf-8") == NOTES
    # a link put in place after the check: the rename replaces the link, never its target
    link.unlink()
    real_replace = os.replace

    def plant_then_replace(src: str, dst: str) -> None:
        Path(dst).symlink_to(notes)
        real_replace(src, dst)

    monkeypatch.setattr(output.os, "replace", plant_then_replace)
    write_atomic(link, "<svg/>", follow_links=False)
    assert not link.is_symlink() and link.read_text(encoding="utf-8") == "<svg/>"
    assert notes.read_text(encoding="utf-8") == NOTES


# --- 2. the mode of a file replaced; read-only files and hard links ---------------------------

@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664])
def test_a_file_replaced_keeps_its_mode(tmp_path: Path, mode: int) -> None:
    target = tmp_path / "log.yaml"
    target.write_text("old", encoding="utf-8")
    target.chmod(mode)
    old = os.umask(0o022)
    try:
        write_atomic(target, "new")
    finally:
        os.umask(old)
    assert target.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(target.stat().st_mode) == mode


@pytest.mark.parametrize("mode", [0o400, 0o444, 0o440])
def test_a_read_only_file_is_refused_even_for_root(tmp_path: Path, mode: int) -> None:
    target = tmp_path / "log.yaml"
    target.write_text("old", encoding="utf-8")
    target.chmod(mode)
    with pytest.raises(PermissionError) as raised:
        write_atomic(target, "new")
    assert raised.value.strerror.startswith(f"{target} is read-only: ")
    assert target.read_text(encoding="utf-8") == "old"
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert [p.name for p in tmp_path.iterdir()] == ["log.yaml"]


def test_a_file_with_another_name_is_refused_not_split_from_it(tmp_path: Path) -> None:
    target = tmp_path / "log.yaml"
    target.write_text("old", encoding="utf-8")
    other = tmp_path / "backup.yaml"
    os.link(target, other)
    with pytest.raises(OSError) as raised:
        write_atomic(target, "new")
    assert raised.value.strerror.startswith(f"{target} has 2 names (hard links)")
    assert target.read_text(encoding="utf-8") == other.read_text(encoding="utf-8") == "old"
    assert target.stat().st_ino == other.stat().st_ino


def test_recording_into_a_read_only_log_is_refused_and_keeps_it(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    before = log.read_text(encoding="utf-8")
    log.chmod(0o400)
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, "subsidy")))
    assert result.exit_code == 2, result.output
    assert f"{log} is read-only: " in result.output
    assert log.read_text(encoding="utf-8") == before
    assert stat.S_IMODE(log.stat().st_mode) == 0o400


def test_recording_keeps_the_mode_of_the_log(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    log.chmod(0o600)
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, "subsidy")))
    assert result.exit_code == 0, result.output
    assert "tile: subsidy" in log.read_text(encoding="utf-8")
    assert stat.S_IMODE(log.stat().st_mode) == 0o600


# --- 3. the file and its folder reach the disk -------------------------------------------------

def test_the_file_is_synced_before_the_rename_and_its_folder_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[tuple[str, int]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        st = os.fstat(fd)
        events.append(("dir" if stat.S_ISDIR(st.st_mode) else "file", st.st_ino))
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        events.append(("rename", os.stat(src).st_ino))
        real_replace(src, dst)

    monkeypatch.setattr(output.os, "fsync", fsync)
    monkeypatch.setattr(output.os, "replace", replace)
    target = tmp_path / "log.yaml"
    write_atomic(target, "whole")
    ino = target.stat().st_ino
    assert events == [("file", ino), ("rename", ino), ("dir", tmp_path.stat().st_ino)]


def test_a_folder_that_cannot_be_synced_is_no_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(22, "Invalid argument")  # a file system without directory fsync
        real_fsync(fd)

    monkeypatch.setattr(output.os, "fsync", fsync)
    write_atomic(tmp_path / "log.yaml", "whole")
    assert (tmp_path / "log.yaml").read_text(encoding="utf-8") == "whole"


# --- 4. report --viewers reads each log once -----------------------------------------------

def test_report_viewers_reads_each_log_once(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    second = tmp_path / "second.yaml"
    shutil.copyfile(GAME2, second)
    reads: dict[str, int] = {}
    real = loading.load_yaml_file

    def counted(path: Any, *args: Any, **kwargs: Any) -> Any:
        reads[str(path)] = reads.get(str(path), 0) + 1
        return real(path, *args, **kwargs)

    monkeypatch.setattr(loading, "load_yaml_file", counted)
    viewers = tmp_path / "viewers"
    result = invoke("report", str(GAME2), str(second), "-o", str(tmp_path / "report.html"),
                    "--viewers", str(viewers))
    assert result.exit_code == 0, result.output
    assert reads == {str(GAME2): 1, str(second): 1}
    assert sorted(p.name for p in viewers.iterdir()) == ["001-game-2p.html", "002-second.html"]
    monkeypatch.setattr(loading, "load_yaml_file", real)
    assert (viewers / "002-second.html").read_text(encoding="utf-8") == \
        viewer_html(load_game(second), str(second))


# --- 5. names too long, and the temporary name -------------------------------------------------

LONG = "a" * 300  # over the 255 bytes a name may have on Linux file systems
FITS = "b" * 243  # with .yaml, 248 bytes: fits (and so does NAME.lock), `.NAME.xxxxxxxx` did not


@pytest.mark.parametrize("args", [
    ("render", str(GAME2), "-o", LONG),
    ("render", str(GAME2), "-o", f"{LONG}/out"),
    ("report", str(GAME2), "-o", f"{LONG}.html"),
    ("report", str(GAME2), "-o", "report.html", "--viewers", LONG),
    ("schema", "--edition", f"{LONG}.yaml"),  # a bare long name is an unknown edition
    ("new", "-o", f"{LONG}.yaml", "--names", "Anna,Bruno"),
    ("simulate", "--players", "2", "-o", f"{LONG}.yaml"),
    ("audit", str(GAME2), "--chart", f"{LONG}.svg"),
    ("viewer", str(GAME2), "-o", f"{LONG}.html"),
], ids=lambda a: "-".join(x for x in a if len(x) < 20 and not x.endswith(".yaml")))
def test_a_name_too_long_is_said_for_people(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            args: tuple[str, ...]) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert_said_for_people(result)
    # 300 bytes, or 304-305 with the suffix given: the size and the limit, not "Errno 36"
    assert re.search(r"is too long \(30[045] bytes; a name may have at most 255\)\.?$",
                     result.stderr.strip()), result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [
    ("simulate", "--players", "2", "-o", f"{FITS}.yaml"),
    ("new", "-o", f"{FITS}.yaml", "--names", "Anna,Bruno"),
    ("viewer", str(GAME2), "-o", f"{FITS}.html"),
], ids=lambda a: a[0])
def test_a_long_name_that_fits_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          args: tuple[str, ...]) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == [args[-1] if args[0] != "new" else args[2]]


def test_the_temporary_name_is_short_and_tells_whose_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real_replace = os.replace

    def replace(src: str, dst: str) -> None:
        seen.append(Path(src).name)
        assert Path(src).parent == Path(dst).parent
        real_replace(src, dst)

    monkeypatch.setattr(output.os, "replace", replace)
    target = tmp_path / f"{FITS}.yaml"
    write_atomic(target, "whole")
    other = tmp_path / "other.yaml"
    write_atomic(other, "whole")
    mine, its = seen
    assert len(mine.encode()) == len(its.encode()) <= 40
    assert mine.startswith(output.TEMP_PREFIX) and mine.endswith(output.TEMP_SUFFIX)
    assert output.is_temporary_of(mine, target) and not output.is_temporary_of(mine, other)
    assert output.is_temporary_of(its, other) and not output.is_temporary_of(its, target)
    assert not output.is_temporary_of(target.name, target)
    # the name of an earlier version's temporary file (`.NAME.` and 8 characters) is known too
    assert output.is_temporary_of(".other.yaml.k2j_8x0a", other)
    assert not output.is_temporary_of(".other.yaml.k2j_8x0a", target)


def test_temporaries_of_a_log_are_the_plain_files_left_beside_it(tmp_path: Path) -> None:
    log = tmp_path / "game.yaml"
    log.write_text("log", encoding="utf-8")
    left = tmp_path / f"{output.TEMP_PREFIX}{output.temp_tag(log)}-abcd1234{output.TEMP_SUFFIX}"
    left.write_text("half a log", encoding="utf-8")
    old = tmp_path / ".game.yaml.zz9_abcd"
    old.write_text("half a log", encoding="utf-8")
    (tmp_path / ".other.yaml.zz9_abcd").write_text("another's", encoding="utf-8")
    (tmp_path / f"{output.TEMP_PREFIX}{output.temp_tag(log)}-linklink{output.TEMP_SUFFIX}") \
        .symlink_to("game.yaml")
    assert output.temporaries_of(log) == sorted([left, old])
