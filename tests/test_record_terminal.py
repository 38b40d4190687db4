"""`grinivil record` at a real terminal (a pseudo-terminal driven by pexpect, the prompts of
prompt_toolkit): a short game with an answer the rules refuse, an undo, the terminal killed in
the middle of a turn, and the recording opened again from the last whole turn (issue 13).

The game is dealt from seed 7 for 3 players (Anna, Bruno, Clara; ring position 1 is Buy
Resources #01, 2 Sell the House #12, 4 Convert #13, 5 Subsidy #17, 9 the Auction #05)."""

from __future__ import annotations

import io
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from grinivil_cli.table.loading import load_game

pexpect = pytest.importorskip("pexpect")

GRINIVIL = [sys.executable, "-m", "grinivil_cli"]
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[@-Z\\-_])|\x08")  # a terminal's


def said(pattern: str) -> str:
    """`pattern` with each space as any run of spaces and line breaks: the recorder wraps what
    it says to the terminal's width, and a long log path moves the breaks."""
    return pattern.replace(" ", r"\s+")


def spawn(*args: str) -> object:
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm")
    for name in ("COLUMNS", "LINES"):  # the terminal's own size, not the test run's
        env.pop(name, None)
    child = pexpect.spawn(GRINIVIL[0], [*GRINIVIL[1:], *args], env=env, encoding="utf-8",
                          timeout=60, dimensions=(40, 120))
    return child


def test_a_game_recorded_at_the_terminal_killed_and_taken_up_again(tmp_path: Path) -> None:
    log = tmp_path / "club.yaml"
    c = spawn("record", str(log), "--deal", "7", "--players", "3")
    c.expect(r"turn 1, Anna: the Action Tile \(tile\)")
    c.sendline("sell-house")  # R-A12-01: nobody has a House to sell at the first turn
    c.expect("sell-house: R-A12-01: Anna has no finished, unsold House")
    c.expect(r"turn 1, Anna: the Action Tile")  # asked again
    c.sendline("subsidy")
    c.expect("turn 1: Anna, Subsidy")
    c.expect(r"Anna: Subsidy with 3 unemployed Workers \+12 G \(R-A17-01\)\.")
    c.expect("turn 2, Bruno")
    c.sendline("undo")  # asks first
    c.expect(r"Take back turn 1 \(Anna, Subsidy\)\? \[y/N\]")
    c.sendline("n")
    c.expect("nothing taken back")
    c.expect("turn 2, Bruno")
    c.sendline("undo")
    c.expect(r"Take back turn 1 .*\[y/N\]")
    c.sendline("y")
    c.expect(r"turn 1 taken back; Anna is on turn \(turn 1\)")
    c.expect("turn 1, Anna")
    c.sendline("#13")  # the number printed on Convert
    c.expect(r"= Convert \(#13, ring position 4\)")
    c.expect("turn 1: Anna, Convert")
    c.expect("turn 2, Bruno")
    c.sendline("5")  # #05 is the Auction, position 5 holds Subsidy: which one?
    c.expect(r"  '5' could be Auction \(#05, ring position 9\) by its printed number, or "
             r"Subsidy \(#17, ring position 5\) by its place on\r\n    the ring: answer #05 "
             r"or @5\r\n")  # wrapped to the terminal's 120 columns (less one), between words
    c.sendline("@5")  # Subsidy, by its ring position
    c.expect(r"= Subsidy \(#17, ring position 5\)")
    c.expect("turn 2: Bruno, Subsidy")
    c.expect("turn 3, Clara")
    c.sendline("1")  # Buy Resources: its cubes are asked next
    c.expect(r"concrete bought \(cubes.concrete\)")
    c.kill(signal.SIGKILL)  # the terminal gone in the middle of turn 3
    c.close(force=True)

    game = load_game(log)
    assert game.replay.error is None
    assert game.loaded.data["turns"] == [{"player": "Anna", "tile": "convert"},
                                         {"player": "Bruno", "tile": "subsidy"}]

    c = spawn("record", str(log))
    c.expect(said(r"2 turns recorded; Clara is on turn \(turn 3\)"))
    c.expect(said(r"the last turn recorded: turn 2: Bruno, Subsidy: Bruno: Subsidy with 3 "
                  r"unemployed Workers \+12 G \(R-A17-01\)\."))
    c.expect("turn 3, Clara")
    c.sendline("1 cw")  # a whole turn on one line: Buy Resources, a concrete and a wood
    c.expect(r"concrete bought \(cubes concrete\) 0 to 7> cw")
    c.expect("turn 3: Clara, Buy Resources")
    c.expect("turn 4, Anna")
    c.sendcontrol("c")  # asks before leaving
    c.expect(r"Leave\? .*\[y/N\]")
    c.sendline("y")
    c.expect("3 whole turns recorded")
    c.expect(pexpect.EOF)
    c.close()
    assert c.exitstatus == 0
    turns = load_game(log).loaded.data["turns"]
    assert turns[2] == {"player": "Clara", "tile": "buy-resources",
                        "cubes": {"concrete": 1, "wood": 1}}


def test_a_setup_corrected_with_back_and_a_second_recorder_refused(tmp_path: Path) -> None:
    """The 2-player sample's setup typed at the terminal, a wrong second name taken back with
    `back` and typed again; while it records, a second `grinivil record` on the same log is
    refused (exit 2) naming the first; the first goes on."""
    from test_record import SAMPLES, setup_answers

    said = setup_answers(SAMPLES / "game-2p.yaml")
    log = tmp_path / "club.yaml"
    c = spawn("record", str(log))
    c.expect("is a new log")
    lines = [said[0], said[1], "Zed", "back", *said[2:]]
    for line in lines:
        c.expect(r"setup: [^\r\n]*>")
        c.sendline(line)
    c.expect(r"turn 1, Anna: the Action Tile \(tile\)")
    second = spawn("record", str(log))
    second.expect(r"is being recorded by another grinivil record \(pid [0-9]+\)")
    second.expect(pexpect.EOF)
    second.close()
    assert second.exitstatus == 2
    c.sendline("quit")
    c.expect(pexpect.EOF)
    c.close()
    written = load_game(log).loaded.data
    assert [p["name"] for p in written["players"]] == said[1:3]


def test_what_the_recorder_says_fits_a_narrow_terminal(tmp_path: Path) -> None:
    """At 80 columns a refusal and a "did you mean" are wrapped between words, the tiles'
    lists between tiles (`#02 buy-resources-discount @11` on one line), and `board`'s tables
    fit (the players' turned over, a column for each player): every line within the
    terminal's width less one."""
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", NO_COLOR="1")
    for name in ("COLUMNS", "LINES"):
        env.pop(name, None)
    c = pexpect.spawn(GRINIVIL[0], [*GRINIVIL[1:], "record", "club.yaml", "--deal", "7",
                                    "--players", "3"], cwd=tmp_path,  # a path is never broken
                      env=env, encoding="utf-8", timeout=60, dimensions=(40, 80))
    c.expect(r"turn 1, Anna: the Action Tile \(tile\)")
    said = [c.before]
    for answer, then in (("subsidyy", r"turn 1, Anna"), ("subsidy", r"turn 2, Bruno"),
                         ("9", r"answer #09 or @9")):
        c.sendline(answer)
        c.expect(then)
        said.append(c.before)
    c.expect(r"turn 2, Bruno")
    said.append(c.before)
    c.sendline("board")  # the tables of `show`, in the terminal's width
    c.expect(r"The table drawn: club-board\.svg")
    said.append(c.before)
    c.terminate(force=True)
    text = ESCAPES.sub("", "".join(said)).replace("\r", "")
    lines = [line for line in text.split("\n") if line.strip()]
    assert any("did you mean 'subsidy'?" in line for line in lines), text
    assert any("'9' could be Buy Trees (#09, ring position 14)" in line for line in lines), text
    assert any(line.startswith("    ") and "#" in line for line in lines), text  # a wrapped list
    assert any(re.match(r"player +Anna +Bruno +Clara$", line) for line in lines), text
    assert all(len(line) <= 79 for line in lines), [line for line in lines if len(line) > 79]
    tile = re.compile(r"#\d\d[ab]? [a-z-]+ @\d{1,2}")  # `#02 buy-resources-discount @11`
    listing = False
    for line in lines:  # the tiles' lists: each tile whole on its line
        listing = line.startswith(("  eligible: ", "  not eligible ")) or (
            listing and line.startswith("    "))
        if listing:
            items = line.split("): ", 1)[-1].split("eligible: ", 1)[-1].strip()
            assert all(tile.fullmatch(i) for i in items.rstrip(",").split(", ")), line


def test_a_misspelt_tile_the_rules_refuse_is_named_with_why(tmp_path: Path) -> None:
    """At the first turn of seed 7, Sell the House (#12) and Build a Floor (#03) are not
    eligible (R-A12-01: nobody has a House; R-BLD-07: Anna holds no cubes). At a terminal the
    tile question offers the eligible tiles only, so `sel-house` was refused with no "did you
    mean": now the refused tile it comes close to is named with the rule that refuses it; a
    misspelt eligible tile keeps its own "did you mean", and a word close to nothing gets
    none."""
    c = spawn("record", str(tmp_path / "club.yaml"), "--deal", "7", "--players", "3")
    seen = io.StringIO()
    c.logfile_read = seen
    c.expect(r"turn 1, Anna: the Action Tile \(tile\)")
    for answer in ("sel-house", "bild-floor", "auctoin", "qqqq"):
        c.sendline(answer)
        c.expect(rf"'{answer}' is not an option")
    c.sendline("subsidy")
    c.expect("turn 2, Bruno")
    text = re.sub(r"\s+", " ", ESCAPES.sub("", seen.getvalue()))
    c.terminate(force=True)
    said = re.findall(r"'(?:sel-house|bild-floor|auctoin|qqqq)' is not an option.*?"
                      r"(?=turn 1, Anna: the Action Tile)", text)
    assert len(said) == 4, text
    refused, floor, auction, nothing = said
    assert ("did you mean 'sell-house'? not now: R-A12-01: Anna has no finished, unsold House "
            "they built a Floor of.") in refused, refused
    assert "did you mean 'build-floor'? not now: R-BLD-07: Anna holds no cubes" in floor, floor
    assert auction.endswith("(16 in all); did you mean 'auction'? "), auction
    assert "'qqqq' is not an option" in nothing and "did you mean" not in nothing, nothing


def test_the_tile_prompt_does_not_repeat_the_tiles_listed_above_it(tmp_path: Path) -> None:
    """The 2-player sample after 40 turns: Anna has 12 eligible tiles, listed on the lines
    before the question (`eligible: #24 merchant @3, ...`). Twelve options fit a prompt's
    braces, and the tile question repeated them there: a 196-column prompt, which the terminal
    broke inside a word ("new-resi" / "dent"). Now the prompt is the question alone and every
    line fits the terminal's 120 columns."""
    sample = Path(__file__).resolve().parent.parent / "samples" / "game-2p.yaml"
    lines = sample.read_text(encoding="utf-8").splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if re.match(r"- \{?player:", line)]
    log = tmp_path / "mid.yaml"
    log.write_text("".join(lines[:starts[40]]), encoding="utf-8")
    c = spawn("record", str(log))
    seen = io.StringIO()
    c.logfile_read = seen
    c.expect(r"turn 41, Anna: the Action Tile \(tile\)[^\r\n]*>")
    c.terminate(force=True)
    text = ESCAPES.sub("", seen.getvalue()).replace("\r", "")
    assert "eligible: #24 merchant @3, #19 architect @4" in text, text
    assert "the Action Tile (tile)>" in text and "{merchant" not in text, text
    assert all(len(line) < 120 for line in text.split("\n")), text
