"""`grinivil record`: answers per turn, and the time from an answer to the next question.

    python bench/record.py                   # every sample and variant; the timing on game-6p
    python bench/record.py --only game-4p    # one log

For each bundled game: its turns turned into the answers the recorder asks for
(`recorder/transcript.py`, one per question; none for a decision with one possible value),
against the characters of YAML each turn takes in the log file; the answers recorded again
must give the same game (checked on the way: the run stops otherwise). Keystrokes are the
characters of the answers plus one Enter each (completion would save more).

The same with each turn on one line where its answers are one word each (`1 cw`, issue 30:
a median of at most 2 answers and 10 keystrokes a turn), recorded again to the same game.

Then the 6-player sample is recorded again as at a terminal (the eligible tiles found before
each tile question, as `Terminal` shows them), and the time from each answer to the next
question is taken (the decisions' options, the turn played and written between them).
Issue 13's targets: a median of at most 4 answers a turn, and under 50 ms from an answer to
the next question at worst.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from grinivil_cli.base import collector
from grinivil_cli.recorder.console import Question, Script, record
from grinivil_cli.recorder.session import Recording
from grinivil_cli.recorder.transcript import header_text, transcript
from grinivil_cli.table.loading import load_game

TOP = Path(__file__).resolve().parent.parent
GAMES = sorted((TOP / "samples").glob("game-*.yaml")) + \
    sorted((TOP / "samples" / "variants").glob("*.yaml"))
TIMED = TOP / "samples" / "game-6p.yaml"
TARGET_ANSWERS = 4
TARGET_MS = 50.0
TARGET_ONE_LINE = (2, 10)  # issue 30: answers and keystrokes a turn (medians)


class Timed(Script):
    """Answers from a file, with the eligible tiles found as at a terminal, and the time from
    each answer to the next question."""

    shows_tiles = True

    def __init__(self, path: Path) -> None:
        super().__init__(path, lambda text: None)
        self.answered: float | None = None
        self.waits: list[tuple[float, str]] = []

    def ask(self, question: Question) -> str:
        now = time.perf_counter()
        if self.answered is not None:
            self.waits.append((now - self.answered, question.title))
        text = super().ask(question)
        self.answered = time.perf_counter()
        return text


def per_turn_yaml(path: Path) -> list[int]:
    game = load_game(path)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    turns = game.loaded.data["turns"]
    starts = [game.loaded.positions[("turns", i)][0] for i in range(len(turns))]
    ends = starts[1:] + [next(i + 1 for i in range(starts[-1], len(lines))
                              if not lines[i].startswith((" ", "-")))]
    return [len("".join(lines[a - 1:b - 1])) for a, b in zip(starts, ends, strict=True)]


def answers_of(path: Path, one_line: bool = False) -> list[tuple[str, ...]]:
    game = load_game(path)
    r = game.replay
    assert r.game is not None
    with collector.spared():
        return [t.answers for t in transcript(r.game, r, game.loaded.data["turns"],
                                              one_line=one_line)]


def again(path: Path, said: list[tuple[str, ...]], work: Path, console: Any = None) -> Any:
    log = work / f"{path.stem}.yaml"
    log.write_text(header_text(path.read_text(encoding="utf-8")))
    file = work / f"{path.stem}.txt"
    file.write_text("".join(a + "\n" for t in said for a in t))
    console = console(file) if console else Script(file, lambda text: None)
    with collector.spared():
        record(Recording.open(log), console, lambda rec: "")
    original, made = load_game(path), load_game(log)
    assert made.replay.error is None and made.replay.played == original.replay.played, path
    return console


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="one game, by its file name without .yaml")
    args = parser.parse_args()
    games = [g for g in GAMES if args.only in (None, g.stem)]
    work = Path(tempfile.mkdtemp(prefix="grinivil-record-"))
    try:
        print(f"{'game':<28} {'turns':>5} {'answers/turn':>13} {'max':>4} "
              f"{'keys/turn':>10} {'YAML chars/turn':>16} {'one-line: lines':>16} "
              f"{'keys':>5} {'max':>4}")
        medians, line_medians, key_medians = [], [], []
        for path in games:
            said = answers_of(path)
            again(path, said, work)
            counts = [len(t) for t in said]
            keys = [sum(len(a) + 1 for a in t) for t in said]
            chars = per_turn_yaml(path)
            medians.append(statistics.median(counts))
            one = answers_of(path, one_line=True)  # a turn on one line (`1 cw`)
            again(path, one, work)
            lines1 = [len(t) for t in one]
            keys1 = [sum(len(a) + 1 for a in t) for t in one]
            line_medians.append(statistics.median(lines1))
            key_medians.append(statistics.median(keys1))
            print(f"{path.stem:<28} {len(said):>5} {statistics.median(counts):>6} "
                  f"(mean {statistics.mean(counts):.1f}) {max(counts):>4} "
                  f"{statistics.median(keys):>10} {statistics.median(chars):>16} "
                  f"{statistics.median(lines1):>16} {statistics.median(keys1):>5} "
                  f"{max(keys1):>4}")
        print(f"median answers a turn, the worst game: {max(medians)} (target <= "
              f"{TARGET_ANSWERS}: {'PASS' if max(medians) <= TARGET_ANSWERS else 'FAIL'})")
        met = max(line_medians) <= TARGET_ONE_LINE[0] and max(key_medians) <= TARGET_ONE_LINE[1]
        print(f"one-line turns, the worst game: median {max(line_medians)} lines and "
              f"{max(key_medians)} keystrokes a turn (issue 30's target: <= "
              f"{TARGET_ONE_LINE[0]} answers and <= {TARGET_ONE_LINE[1]} keystrokes: "
              f"{'PASS' if met else 'FAIL'})")
        if args.only in (None, TIMED.stem):
            timed: Timed = again(TIMED, answers_of(TIMED), work, Timed)
            waits = sorted(w for w, _ in timed.waits)
            worst = max(timed.waits)
            print(f"\n{TIMED.name} recorded again as at a terminal: {len(waits)} waits from an "
                  f"answer to the next question: median {1000 * statistics.median(waits):.1f} "
                  f"ms, 95th percentile {1000 * waits[int(0.95 * len(waits))]:.1f} ms, worst "
                  f"{1000 * worst[0]:.1f} ms (before '{worst[1]}'; target < {TARGET_MS:g} ms: "
                  f"{'PASS' if 1000 * worst[0] < TARGET_MS else 'FAIL'})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
