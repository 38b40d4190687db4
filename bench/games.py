"""Logs for the benchmarks, made once and cached under bench/.cache/ (git-ignored).

- `simulated_games(n)`: n complete legal games played by grinivil's bots (`simulate`), 2 to 5
  players, generated in parallel the first time and kept in a folder named after a hash of the
  bots (grinivil_cli/sim, grinivil_cli/choose and this file: new bots play
  new games). A legal log stays legal while the rules do, so the games are kept across other
  changes to the engine; bench/run.py checks that every one is still legal and has those that
  are not made again (`forget`).
- `long_log(turns)`: one legal log of `turns` turns that stops before the game ends, played by
  `NeverBuildBot`, which never builds, so no player gets down to 2 Building Blocks and the
  Sudden-death Round never comes; `truncated_log` cuts its prefix of any length (a prefix of a
  legal log is a legal log).

The long log is named after a hash of the sources that decide its text (the engine, the bots,
the edition, the YAML writer and this file): a change to them records a new one (10 s). Delete
bench/.cache/ to drop old files.
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from grinivil_cli.choose import Partial, Raw
from grinivil_cli.edition.load import load_edition
from grinivil_cli.edition.model import Edition
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.state import PlayerState
from grinivil_cli.logfile.writer import log_to_yaml
from grinivil_cli.sim.arena import CLAIM_EVERY, new_table, take_turn
from grinivil_cli.sim.bot import Bot
from grinivil_cli.sim.simulate import simulate
from grinivil_cli.table.deal import SimulationError, random_setup
from grinivil_cli.table.loading import DEFAULT_MAX_BYTES
from grinivil_cli.validate.batch import validate_one

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(__file__).resolve().parent / ".cache"
SOURCES = ("grinivil_cli/engine", "grinivil_cli/sim", "grinivil_cli/edition",
           "grinivil_cli/editions")
BOTS = ("grinivil_cli/sim", "grinivil_cli/choose")  # what decides the games played
FIRST_SEED = 1_000
LONG_SEED = 7
LONG_PLAYERS = 4
REJECTED = "rejected.txt"

Progress = Callable[[str], None]


def source_hash(*extra: str, sources: tuple[str, ...] = SOURCES) -> str:
    """A short hash of every file that decides what the simulated logs contain (`sources`,
    folders or files, and `extra`)."""
    digest = hashlib.sha256()
    for folder in sources + extra:
        top = ROOT / folder
        for path in sorted(top.rglob("*")) if top.is_dir() else [top]:
            if path.suffix in (".py", ".yaml") and path.is_file():
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".yaml")
    os.fchmod(fd, 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


# --- complete simulated games -------------------------------------------------------------------
def _simulate_to(args: tuple[int, str]) -> str:
    """Play game number `index`, write it and check it with `grinivil validate`'s own check.
    A seed the bots cannot finish, or whose log the validator refuses (a bug: noted in
    rejected.txt beside the games), is replaced by the next seed of the same game
    (index + k * 1,000,000)."""
    index, folder = args
    edition = load_edition("standard")
    players = 2 + index % 4
    path = Path(folder) / f"game-{index:05d}.yaml"
    for attempt in range(10):
        seed = FIRST_SEED + index + attempt * 1_000_000
        try:
            log = simulate(edition, players, seed)
        except SimulationError as e:
            _note_rejected(folder, f"seed {seed}: simulate failed: {e}")
            continue
        _write_atomic(path, log_to_yaml(log, f" --players {players} --seed {seed}"))
        report = validate_one(str(path), None, DEFAULT_MAX_BYTES)
        if report["status"] == "legal":
            return str(path)
        _note_rejected(folder, f"seed {seed} ({players} players): simulate wrote a log that "
                       f"validate calls {report['status']}: {report['text'].splitlines()[0]}")
    path.unlink(missing_ok=True)
    raise SimulationError(f"game {index}: 10 seeds in a row gave no legal log")


def _note_rejected(folder: str, line: str) -> None:
    with open(Path(folder) / REJECTED, "a", encoding="utf-8") as f:
        f.write(line + "\n")


def rejected(paths: list[Path]) -> list[str]:
    """The seeds replaced while making these games, each with why (see _simulate_to)."""
    notes = paths[0].parent / REJECTED if paths else None
    if notes is None or not notes.exists():
        return []
    return notes.read_text(encoding="utf-8").splitlines()


def simulated_games(count: int, jobs: int, progress: Progress) -> list[Path]:
    """`count` complete legal games; the missing ones are generated (in `jobs` processes)."""
    folder = CACHE / f"sim-{source_hash('bench/games.py', sources=BOTS)}"  # new bots, new games
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"game-{i:05d}.yaml" for i in range(count)]
    missing = [i for i, p in enumerate(paths) if not p.exists()]
    if missing:
        progress(f"generating {len(missing)} simulated games into {folder} "
                 f"({jobs} processes; cached for later runs) ...")
        start = time.perf_counter()
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for done, _ in enumerate(pool.map(_simulate_to, [(i, str(folder)) for i in missing],
                                              chunksize=4), 1):
                if done % 100 == 0 or done == len(missing):
                    progress(f"  {done}/{len(missing)} games "
                             f"({time.perf_counter() - start:.0f} s)")
    return paths


def forget(paths: list[Path]) -> None:
    """Drop cached games (no longer legal after a change of rules): made again when asked."""
    for path in paths:
        path.unlink(missing_ok=True)


# --- one very long log --------------------------------------------------------------------------
NEVER_BUILD = ("build-floor", "build-floor-premium", "sell-house")


class NeverBuildBot(Bot):
    """grinivil's bot without the actions that build Floors (or sell the Houses they make):
    Building Blocks never run low, so the game never reaches its Sudden-death Round and a log
    can be as long as wanted."""

    def options(self, g: Game, p: PlayerState, partial: Partial, raw: Raw,
                liked: dict[str, list[Any]]) -> list[Any]:
        found = super().options(g, p, partial, raw, liked)
        return [v for v in found if v not in NEVER_BUILD] if raw.key == "tile" else found


def record_long_game(edition: Edition, turns: int, seed: int = LONG_SEED,
                     players: int = LONG_PLAYERS) -> dict[str, Any]:
    """A legal log of exactly `turns` turns that stops before the game ends."""
    rng = random.Random(seed)
    log = random_setup(edition, players, rng)
    log["title"] = f"A {turns}-turn unfinished {players}-player game (bench/games.py)"
    table = new_table(edition, log)
    g = table.game
    bot = NeverBuildBot(rng)
    played: list[dict[str, Any]] = log["turns"]
    while len(played) < turns:
        if g.state.sudden_death or any(p.finished for p in g.state.players):
            raise SimulationError(f"turn {len(played)}: the game is ending; NeverBuildBot "
                                  "should never let it")
        played.append(take_turn(table, bot))
        if len(played) % CLAIM_EVERY == 0:
            played[-1]["claims"] = {p.name: {"money": p.money, "vp": p.vp}
                                    for p in g.state.players}
    return log


def long_log(turns: int, progress: Progress) -> Path:
    """The cached long log (recorded the first time)."""
    digest = source_hash("bench/games.py")
    path = CACHE / f"long-{digest}-{turns}.yaml"
    if not path.exists():
        for stale in CACHE.glob("long-*.yaml"):  # made by other sources: never used again
            if not stale.name.startswith(f"long-{digest}-"):
                stale.unlink()
        progress(f"recording a {turns}-turn log into {path} (cached for later runs) ...")
        start = time.perf_counter()
        log = record_long_game(load_edition("standard"), turns)
        CACHE.mkdir(parents=True, exist_ok=True)
        _write_atomic(path, log_to_yaml(log))
        progress(f"  done in {time.perf_counter() - start:.0f} s")
    return path


def truncated_log(source: Path, turns: int) -> Path:
    """The first `turns` turns of a cached long log (cached too)."""
    path = source.with_name(f"{source.stem}-first-{turns}.yaml")
    if not path.exists():
        import yaml

        log = yaml.load(source.read_text(encoding="utf-8"),
                        Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        if len(log["turns"]) < turns:
            raise ValueError(f"{source} has only {len(log['turns'])} turns")
        log["turns"] = log["turns"][:turns]
        log["title"] = f"The first {turns} turns of an unfinished game (bench/games.py)"
        _write_atomic(path, log_to_yaml(log))
    return path


def _print(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


if __name__ == "__main__":  # a quick look: python bench/games.py TURNS
    start = time.perf_counter()
    made = long_log(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000, _print)
    print(made, f"{time.perf_counter() - start:.1f} s")
