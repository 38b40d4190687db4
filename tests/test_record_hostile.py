"""`grinivil record` and `grinivil new` against hostile input (issue 27): one writer per log
(a lock that dies with its process), a log changed on disk while recorded is never overwritten,
one notion of a line (YAML's) wherever the log's text is cut or counted, answers files split
on newlines only, bounded reading of the log and the answers, free text refused at entry by
the schema's limits, numbers in ASCII digits only, a read-only log or folder refused before a
question is asked, and the temporary files of a killed recorder cleared.

The game is dealt from seed 7 for 3 players (Anna, Bruno, Clara, 70 G each; ring position 1 is
Buy Resources, 5 Subsidy: 3 G + 3 G for each of 3 unemployed Workers, +12 G, R-A17-01)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_hostile_input import _limit_memory as limit_memory
from test_hostile_input import needs_fifo, needs_zero, run
from test_record import STARTING_MONEY, answers_file, dealt, invoke

from grinivil_cli.base.output import temp_tag
from grinivil_cli.logfile.writer import turn_yaml
from grinivil_cli.recorder.session import CannotRecord
from grinivil_cli.table.loading import load_game

TOP = Path(__file__).resolve().parent.parent
OTHER_GAME = TOP / "samples" / "game-2p.yaml"
SUBSIDY = STARTING_MONEY + 12  # 82 G after a Subsidy with 3 unemployed Workers (R-A17-01)


def turns_of(log: Path) -> list[dict[str, Any]]:
    game = load_game(log)
    assert game.replay.error is None
    turns: list[dict[str, Any]] = game.loaded.data["turns"]
    return turns


def recorder_at_a_pipe(log: Path) -> subprocess.Popen[str]:
    """`grinivil record LOG` in a child reading its answers from a pipe, once it asks the first
    question (the log is open, read and locked)."""
    child = subprocess.Popen([sys.executable, "-m", "grinivil_cli", "record", str(log)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=TOP)
    assert child.stdout is not None
    seen = []
    for line in child.stdout:
        seen.append(line)
        if "turn 1, Anna" in line:
            return child
    child.kill()
    raise AssertionError("".join(seen) + (child.stderr.read() if child.stderr else ""))


# --- 1. one writer per log; a log changed on disk is never overwritten -------------------------

def test_a_second_recorder_is_refused_while_the_first_records(tmp_path: Path) -> None:
    """Recorder A holds the log; B is refused at once (exit 2, naming A's pid) and writes
    nothing; A killed (SIGKILL) takes its lock with it, and the next recorder records."""
    log = dealt(tmp_path)
    before = log.read_bytes()
    first = recorder_at_a_pipe(log)
    try:
        second = invoke("record", str(log), "--answers",
                        str(answers_file(tmp_path, "subsidy")))
        assert second.exit_code == 2, second.output
        assert (f"{log} is being recorded by another grinivil record (pid {first.pid}); "
                "close it first") in second.output
        assert "turn 1, Anna" not in second.output  # refused before any question
        assert log.read_bytes() == before
    finally:
        first.kill()
        first.wait(timeout=30)
    third = invoke("record", str(log), "--answers", str(answers_file(tmp_path, "subsidy")))
    assert third.exit_code == 0, third.output
    assert turns_of(log) == [{"player": "Anna", "tile": "subsidy"}]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.txt", "game.yaml"]


@pytest.mark.parametrize("change", ["comment", "other-game"])
def test_a_log_changed_on_disk_while_recorded_is_not_overwritten(change: str,
                                                                 tmp_path: Path) -> None:
    """A comment added in an editor, or another game copied over the log, while a turn is
    answered: the turn is not written (exit 2), the file keeps what it holds now, and the
    turn is printed as YAML to keep."""
    log = dealt(tmp_path)
    child = recorder_at_a_pipe(log)
    if change == "comment":
        changed = log.read_text(encoding="utf-8") + "# Anna's coffee spilt on the board\n"
    else:
        changed = OTHER_GAME.read_text(encoding="utf-8")
    log.write_text(changed, encoding="utf-8")
    out, err = child.communicate("subsidy\n", timeout=120)
    assert child.returncode == 2, out + err
    assert f"{log} was changed on disk since grinivil record read it" in err
    assert "nothing was written" in err
    assert "- {player: Anna, tile: subsidy}" in err
    assert "Traceback" not in out + err
    assert log.read_text(encoding="utf-8") == changed


def test_undo_and_claims_on_a_log_changed_on_disk_write_nothing(tmp_path: Path) -> None:
    """The same check guards every write of the recorder: `undo` and a claim (which, from
    the questions of a turn, stops the recording rather than being asked again); and a
    second recorder in the same process is refused too (the lock is per open file)."""
    from grinivil_cli.recorder.console import Script, make_turn
    from grinivil_cli.recorder.session import ChangedOutside, Recording

    log = dealt(tmp_path)
    assert invoke("record", str(log), "--answers",
                  str(answers_file(tmp_path, "subsidy"))).exit_code == 0
    rec = Recording.open(log)
    try:
        with pytest.raises(CannotRecord, match=r"is being recorded by another grinivil "
                           rf"record \(pid {os.getpid()}\)"):
            Recording.open(log)
        changed = log.read_text(encoding="utf-8") + "# edited meanwhile\n"
        log.write_text(changed, encoding="utf-8")
        with pytest.raises(ChangedOutside, match="turn 1 was not taken back"):
            rec.undo()
        with pytest.raises(ChangedOutside, match="the claims were not written"):
            rec.claim("money", {"Anna": SUBSIDY})
        said: list[str] = []
        script = Script(answers_file(tmp_path, f"money Anna {SUBSIDY}"), said.append)
        with pytest.raises(ChangedOutside) as stopped:
            make_turn(rec, script, lambda r: "")
        assert ("turn 1 with them, to keep it:\n- player: Anna\n  tile: subsidy\n  claims:\n"
                "    Anna: {money: 82}\n") in str(stopped.value)
        assert log.read_text(encoding="utf-8") == changed
    finally:
        rec.close()
    assert not (tmp_path / ".game.yaml.lock").exists()


def test_a_link_planted_at_the_lock_files_name_is_not_followed(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    (tmp_path / ".game.yaml.lock").symlink_to(victim)
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, "subsidy")))
    assert result.exit_code == 2, result.output
    assert f"cannot lock {log} for recording" in result.output
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    assert turns_of(log) == []


# --- 2. one notion of a line: YAML's --------------------------------------------------------

BREAKS = {"U+2028": "\u2028", "U+2029": "\u2029", "U+0085": "\x85"}


def with_a_noted_turn(tmp_path: Path, note: str, endings: str = "\n") -> tuple[Path, Any]:
    """The dealt log with Anna's Subsidy written with `note` (as the recorder writes one), its
    lines ended by `endings`; and that turn as the log reads it."""
    log = dealt(tmp_path)
    text = log.read_text(encoding="utf-8").replace(
        "turns: []\n", "turns:\n" + turn_yaml({"player": "Anna", "tile": "subsidy",
                                                "note": note}))
    log.write_bytes(text.replace("\n", endings).encode("utf-8"))
    return log, turns_of(log)[0]


@pytest.mark.parametrize("where", ["U+2028", "U+2029", "U+0085", "CR-ends"])
def test_a_claim_after_a_line_separator_keeps_every_turn(where: str, tmp_path: Path) -> None:
    """CLAIM, R-A17-01: the log holds a note with a line separator (or ends its lines with a
    lone CR: YAML's line breaks are \\n, \\r\\n, \\r, U+0085, U+2028, U+2029); Bruno's Subsidy
    recorded (82 G) and the table's claim for him: both turns are in the log, the claim on
    Bruno's (it removed Bruno's turn and exited 0)."""
    note = f"pasted{BREAKS.get(where, '')}text"
    log, anna = with_a_noted_turn(tmp_path, note, "\r" if where == "CR-ends" else "\n")
    result = invoke("record", str(log), "--answers",
                    str(answers_file(tmp_path, "subsidy", f"money Bruno {SUBSIDY}")))
    assert result.exit_code == 0, result.output
    assert turns_of(log) == [anna, {"player": "Bruno", "tile": "subsidy",
                                    "claims": {"Bruno": {"money": SUBSIDY}}}]


@pytest.mark.parametrize("where", ["U+2028", "U+2029", "U+0085", "CR-ends"])
def test_undo_after_a_line_separator_takes_back_the_last_turn_only(where: str,
                                                                   tmp_path: Path) -> None:
    log, anna = with_a_noted_turn(tmp_path, f"pasted{BREAKS.get(where, '')}text",
                                  "\r" if where == "CR-ends" else "\n")
    result = invoke("record", str(log), "--answers",
                    str(answers_file(tmp_path, "subsidy", "undo", "convert", "undo", "undo")))
    assert result.exit_code == 0, result.output
    assert "turn 1 taken back; Anna is on turn (turn 1)." in result.output
    assert turns_of(log) == []
    assert "turns: []" in log.read_text(encoding="utf-8")


@pytest.mark.parametrize("where", ["U+2028", "U+2029"])
def test_a_line_separator_typed_in_a_note_is_one_answer(where: str, tmp_path: Path) -> None:
    """A note pasted with a line separator is one answer of an answers file (answers split on
    newlines only); with a claim after it, every turn is kept."""
    log = dealt(tmp_path)
    note = f"pasted{BREAKS[where]}text"
    result = invoke("record", str(log), "--answers", str(answers_file(
        tmp_path, f"note {note}", "subsidy", "subsidy", f"money Bruno {SUBSIDY}")))
    assert result.exit_code == 0, result.output
    assert turns_of(log) == [{"player": "Anna", "tile": "subsidy", "note": note},
                             {"player": "Bruno", "tile": "subsidy",
                              "claims": {"Bruno": {"money": SUBSIDY}}}]


def test_a_note_with_u0085_is_refused_as_it_would_not_read_back(tmp_path: Path) -> None:
    """U+0085 (NEL) in a note would come back from the log as a space: refused at entry."""
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers", str(answers_file(
        tmp_path, "note pasted\x85text", "subsidy")))
    assert result.exit_code == 2, result.output
    assert "answers.txt:1: the note cannot be written as typed: U+0085" in result.output
    assert turns_of(log) == []


def test_an_answers_file_with_a_bom_and_crlf_is_read_as_typed(tmp_path: Path) -> None:
    """A leading BOM (Notepad) is not part of the first answer; CRLF ends a line."""
    log = dealt(tmp_path)
    path = tmp_path / "answers.txt"
    path.write_bytes("\ufeffsubsidy\r\nconvert\r\n".encode())
    result = invoke("record", str(log), "--answers", str(path))
    assert result.exit_code == 0, result.output
    assert turns_of(log) == [{"player": "Anna", "tile": "subsidy"},
                             {"player": "Bruno", "tile": "convert"}]


# --- 3. bounded reading of the log and of the answers ----------------------------------------

@needs_zero
def test_record_dev_zero_is_refused_at_once() -> None:
    result = run("record", "/dev/zero", "--answers", "/dev/null", timeout=60)
    assert result.returncode == 2, result.stderr
    assert "/dev/zero is a character device, not a file" in result.stderr


@needs_fifo
def test_record_a_fifo_log_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "game.yaml"
    os.mkfifo(fifo)
    result = run("record", str(fifo), "--answers", "/dev/null", timeout=60)
    assert result.returncode == 2, result.stderr
    assert f"{fifo} is a FIFO (named pipe), not a file" in result.stderr


@needs_zero
def test_answers_from_dev_zero_are_refused_by_their_size(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    result = run("record", str(log), "--answers", "/dev/zero", timeout=60)
    assert result.returncode == 2, result.stderr
    assert "'/dev/zero' is too big to be an answers file: the limit is 1.0 MB" in result.stderr
    assert turns_of(log) == []


@needs_zero
def test_standard_input_of_endless_nul_bytes_is_refused_by_its_line_length(
        tmp_path: Path) -> None:
    """Without --answers and a terminal, a line of standard input is bounded too."""
    log = dealt(tmp_path)
    with open("/dev/zero", "rb") as zero:
        result = subprocess.run([sys.executable, "-m", "grinivil_cli", "record", str(log)],
                                stdin=zero, capture_output=True, text=True, timeout=60,
                                cwd=TOP, preexec_fn=limit_memory)
    assert result.returncode == 2, result.stderr[-2000:]
    assert "standard input: a line of more than 65,536 characters is not an answer" in \
        result.stderr
    assert turns_of(log) == []


@needs_fifo
def test_answers_piped_through_a_fifo_are_read(tmp_path: Path) -> None:
    """A test harness may pipe the answers: a FIFO is read to its end."""
    log = dealt(tmp_path)
    fifo = tmp_path / "answers.fifo"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "w", encoding="utf-8") as f:
            f.write("subsidy\n")

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    result = run("record", str(log), "--answers", str(fifo), timeout=60)
    writer.join(timeout=30)
    assert result.returncode == 0, result.stderr
    assert turns_of(log) == [{"player": "Anna", "tile": "subsidy"}]


@needs_fifo
def test_a_silent_answers_fifo_is_refused_not_waited_on_forever(tmp_path: Path) -> None:
    """No writer ever comes: refused after the bounded reader's wait (1 s here)."""
    log = dealt(tmp_path)
    fifo = tmp_path / "answers.fifo"
    os.mkfifo(fifo)
    code = ("import sys; from grinivil_cli.logfile import yamlsafe; yamlsafe.PIPE_WAIT = 1.0; "
            "from grinivil_cli.entry import main; sys.argv[0] = 'grinivil'; main()")
    result = subprocess.run([sys.executable, "-c", code, "record", str(log), "--answers",
                             str(fifo)], capture_output=True, text=True, timeout=60, cwd=TOP)
    assert result.returncode == 2, result.stderr
    assert f"nothing arrived from '{fifo}', a FIFO (named pipe), for 1 seconds" in \
        result.stderr


# --- 4. free text within the schema's limits -------------------------------------------------

def test_a_note_over_2000_characters_is_refused_at_entry(tmp_path: Path) -> None:
    """The schema's `note` holds at most 2,000 characters: a longer one is refused when typed
    (from a file: exit 2 at its line), and the log stays readable; 2,000 are written."""
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers", str(answers_file(
        tmp_path, "note " + "x" * 2001, "subsidy")))
    assert result.exit_code == 2, result.output
    assert "answers.txt:1: a note is at most 2,000 characters; this one has 2,001" in \
        result.output
    assert turns_of(log) == []
    result = invoke("record", str(log), "--answers", str(answers_file(
        tmp_path, "note " + "y" * 2000, "subsidy")))
    assert result.exit_code == 0, result.output
    assert turns_of(log) == [{"player": "Anna", "tile": "subsidy", "note": "y" * 2000}]


def test_new_refuses_a_name_over_40_characters_and_writes_nothing(tmp_path: Path) -> None:
    """The schema's player name holds at most 40 characters: `new` refused to read its own
    log after writing it."""
    out = tmp_path / "club.yaml"
    name = "B" * 41
    result = invoke("new", "--names", f"Anna,{name}", "-o", str(out))
    assert result.exit_code == 2, result.output
    assert f"a player's name is at most 40 characters; '{name}' has 41" in result.output
    assert not out.exists()
    dealt_log = tmp_path / "dealt.yaml"
    result = invoke("record", str(dealt_log), "--deal", "7", "--players", "2", "--names",
                    f"Anna,{name}", "--answers", str(answers_file(tmp_path)))
    assert result.exit_code == 2, result.output
    assert f"a player's name is at most 40 characters; '{name}' has 41" in result.output
    assert not dealt_log.exists()


def test_a_name_over_40_characters_asked_at_the_table_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "club.yaml"
    result = invoke("record", str(log), "--answers",
                    str(answers_file(tmp_path, "2", "Anna", "C" * 41)))
    assert result.exit_code == 2, result.output
    assert f"answers.txt:3: a player's name is at most 40 characters; '{'C' * 41}' has 41" \
        in result.output
    assert not log.exists()


def test_a_name_with_a_zero_width_joiner_emoji_is_a_name(tmp_path: Path) -> None:
    """A family emoji (three emoji joined by U+200D) and a heart with its variation selector
    U+FE0F are names; a right-to-left override (U+202E) still is not."""
    out = tmp_path / "club.yaml"
    family, heart = "\U0001F469\u200d\U0001F469\u200d\U0001F467", "\u2764\ufe0f"
    result = invoke("new", "--names", f"{family},{heart},Anna", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert [p["name"] for p in load_game(out).loaded.data["players"]] == [family, heart,
                                                                          "Anna"]
    spoof = tmp_path / "spoof.yaml"
    result = invoke("new", "--names", "Anna,\u202eannA", "-o", str(spoof))
    assert result.exit_code == 2, result.output
    assert "U+202E" in result.output
    assert not spoof.exists()


# --- 5. numbers in ASCII digits ---------------------------------------------------------------

@pytest.mark.parametrize("answer", ["\u00b2", "\u2460", "9" * 5000])
def test_a_tile_answered_by_no_ascii_number_is_refused_in_words(answer: str,
                                                                tmp_path: Path) -> None:
    """'²' and '①' pass str.isdigit(), and int() of 5,000 digits raises: each was an internal
    error at the tile question."""
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, answer)))
    assert result.exit_code == 2, result.output
    shown = answer if len(answer) < 40 else answer[:20]
    assert f"answers.txt:1: '{shown}" in result.output
    assert "is not a number" in result.output or "is not a ring position" in result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert turns_of(log) == []


@pytest.mark.parametrize("answer", ["\u0663", "1_0", "+1", "9" * 5000])
def test_a_count_answered_by_no_ascii_number_is_refused(answer: str, tmp_path: Path) -> None:
    """R-A01-02: the cubes bought are counted in ASCII digits ('٣' was taken for 3)."""
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers",
                    str(answers_file(tmp_path, "buy-resources", answer)))
    assert result.exit_code == 2, result.output
    assert "is not a number" in result.output
    assert "Traceback" not in result.output
    assert turns_of(log) == []


def test_a_claim_of_5000_digits_is_refused_in_words(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers", str(answers_file(
        tmp_path, "subsidy", "money Anna " + "9" * 5000)))
    assert result.exit_code == 2, result.output
    refusal = next(line for line in result.output.splitlines() if "grinivil:" in line)
    assert refusal.endswith("answers.txt:2: '99999999999999999999…' (5,000 characters) is "
                            "not a number (Anna's)")
    assert turns_of(log) == [{"player": "Anna", "tile": "subsidy"}]


# --- 6. a read-only log or folder, refused before any question ---------------------------------

def test_a_read_only_log_is_refused_at_open(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    before = log.read_bytes()
    log.chmod(0o400)
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, "subsidy")))
    assert result.exit_code == 2, result.output
    assert f"{log} is read-only" in result.output
    assert "turn 1, Anna" not in result.output
    assert log.read_bytes() == before and stat.S_IMODE(log.stat().st_mode) == 0o400


def test_a_read_only_folder_is_refused_at_open(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder of the log is not writable: refused before the first question (it was found
    when the turn's answers were typed). As root, the folder's mode binds no one: the answer
    a non-root user gets from the system (os.access) is given to the recorder."""
    folder = tmp_path / "club"
    folder.mkdir()
    log = dealt(folder)
    answers = answers_file(tmp_path, "subsidy")
    folder.chmod(0o555)
    try:
        if os.geteuid() == 0:
            real = os.access

            def access(path: Any, mode: int, **kw: Any) -> bool:
                if mode & os.W_OK and Path(path).resolve() == folder.resolve():
                    return False
                return real(path, mode, **kw)

            monkeypatch.setattr(os, "access", access)
        result = invoke("record", str(log), "--answers", str(answers))
    finally:
        folder.chmod(0o755)
    assert result.exit_code == 2, result.output
    assert f"the folder {folder} is not writable" in result.output
    assert "turn 1, Anna" not in result.output
    assert turns_of(log) == []


# --- 7. the temporary files of a killed recorder -----------------------------------------------

def test_stale_temporary_files_of_the_log_are_removed_and_nothing_else(tmp_path: Path) -> None:
    """A recorder killed while writing leaves its temporary file beside the log
    (`write_atomic`'s `.grinivil-TAG-RANDOM.tmp`, TAG from the log's name, or `.LOG.xxxxxxxx`
    of earlier versions: 8 of a-z, 0-9, _): the next recorder, holding the lock, removes
    those of its own log and says so; another log's, a folder, or a name of another pattern
    is left alone."""
    log = dealt(tmp_path)
    tag, other = temp_tag(log), temp_tag(tmp_path / "other.yaml")
    stale = [".game.yaml.abcd_123", ".game.yaml.zz9ytr0q", f".grinivil-{tag}-0123abcd.tmp"]
    kept = [".game.yaml.abcd12345", ".game.yaml.ABCD1234", ".game.yaml.abc",
            ".other.yaml.abcd1234", "game.yaml.abcd1234", ".game.yaml.lock.abcd1234",
            ".game.yaml.abcd-123", f".grinivil-{other}-0123abcd.tmp",
            f".grinivil-{tag}-0123abcd.tmp.bak"]
    for name in stale + kept:
        (tmp_path / name).write_text("turns:\n", encoding="utf-8")
    (tmp_path / ".game.yaml.dir12345").mkdir()
    (tmp_path / f".grinivil-{tag}-ffffffff.tmp").symlink_to(tmp_path / "answers.txt")
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, "subsidy")))
    assert result.exit_code == 0, result.output
    assert ("removed 3 temporary files left beside the log by a recorder that was stopped: "
            + ", ".join(sorted(stale))) in result.output
    left = {p.name for p in tmp_path.iterdir()}
    assert not left & set(stale)
    assert left == {*kept, ".game.yaml.dir12345", f".grinivil-{tag}-ffffffff.tmp",
                    "game.yaml", "answers.txt"}
    assert turns_of(log) == [{"player": "Anna", "tile": "subsidy"}]


def test_turns_recorded_leave_no_lock_or_temporary_file(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers",
                    str(answers_file(tmp_path, "subsidy", "convert")))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.txt", "game.yaml"]
    assert yaml.safe_load(log.read_text(encoding="utf-8"))["turns"][1]["tile"] == "convert"
