"""Hostile runs of the whole command (issue 27's classes), for `tools/fuzz.py` and the tests.

Each run makes a hostile situation in a scratch folder, runs `grinivil` in a child process (in
MEMORY_LIMIT bytes of address space, with a time limit, `HOME` in the scratch folder) and
judges what came back: never a traceback or an internal error, an exit code the situation
allows, done in time, and what the class checks besides. Run i of a campaign depends only on
(seed, i): `--first i --runs 1` plays it again.

The classes:
- `cache`: files planted where a cache would be read (`$GRINIVIL_CACHE_DIR`,
  `$XDG_CACHE_HOME/grinivil`, `~/.cache/grinivil`): a pickle that runs code when loaded, a FIFO,
  a link to /dev/zero, random bytes. Nothing of them may run or be waited on.
- `folders`: a folder of logs with FIFOs named `*.yaml`, links to devices and looping folder
  links (`l1 -> .`); `validate DIR`, a `**` glob, `report DIR`: done in time, each game counted
  once.
- `set`: `moves --set PATH=VALUE` with hostile paths and values (aliases, nesting, dates,
  `~`, `.nan`, lists, digits that are not ASCII, 5000-digit numbers, negative counts).
- `lines`: a log whose note holds U+2028, U+2029 or U+0085 (and an answers file holding them,
  or a BOM), then `record` with `undo` or a claim: the turns left are the turns before.
- `signals`: SIGINT at a random moment of a command's first 0.15 s: exit 130 (or the
  command's own, if it finished), no traceback from grinivil's code.

Usage: python tools/hostile.py --runs 200 --seed 1 [--only CLASS] [--first I]
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
SAMPLE = TOP / "samples" / "game-2p.yaml"
MEMORY_LIMIT = 1024 * 1024 * 1024
TIMEOUT = 60.0
# Runs the CLI in at most argv[1] bytes of address space (where `resource` exists).
_LIMITED = ("import runpy, sys\ntry:\n    import resource\nexcept ImportError:\n    pass\n"
            "else:\n    n = int(sys.argv[1])\n    resource.setrlimit(resource.RLIMIT_AS, (n, n))\n"
            "sys.argv = ['grinivil'] + sys.argv[2:]\nrunpy.run_module('grinivil_cli', "
            "run_name='__main__')\n")


@dataclass
class Ran:
    """A child's exit code, output and time."""

    code: int
    out: str
    seconds: float


def run(args: list[str], scratch: Path, *, timeout: float = TIMEOUT,
        env: dict[str, str] | None = None) -> Ran:
    """`grinivil ARGS` in MEMORY_LIMIT, HOME in `scratch`, no cache variable of the caller's."""
    base = {k: v for k, v in os.environ.items()
            if k not in ("GRINIVIL_CACHE_DIR", "XDG_CACHE_HOME")}
    base["HOME"] = str(scratch / "home")
    (scratch / "home").mkdir(exist_ok=True)
    started = time.monotonic()
    try:
        done = subprocess.run([sys.executable, "-c", _LIMITED, str(MEMORY_LIMIT), *args],
                              capture_output=True, text=True, errors="replace",
                              timeout=timeout, cwd=scratch, env={**base, **(env or {})},
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return Ran(-1, f"no answer after {timeout:g} s", time.monotonic() - started)
    return Ran(done.returncode, done.stdout + done.stderr, time.monotonic() - started)


def ours(traceback: str) -> bool:
    """A traceback through grinivil's code after start.py's first lines (before them, the
    interpreter starting is Python's own)."""
    frames = re.findall(r'File "([^"]+)"', traceback)
    return any("grinivil_cli" in f and not f.endswith(("start.py", "__main__.py"))
               for f in frames)


def judged(ran: Ran, allowed: tuple[int, ...]) -> str | None:
    """Why `ran` is not an acceptable answer, if it is not."""
    if ran.code == -1:
        return ran.out
    if "Traceback" in ran.out or "PanicException" in ran.out:
        return f"a traceback (exit {ran.code}): {ran.out[-1500:]}"
    if "internal error" in ran.out:
        return f"an internal error: {ran.out[-1500:]}"
    if ran.code not in allowed:
        return f"exit {ran.code}, expected one of {allowed}: {ran.out[-1500:]}"
    return None


# --- cache: files planted where a cache would be read -----------------------------------------


class _Planted:
    """A pickle whose loading makes the folder `marker`."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (self.marker,))


def cache(rng: random.Random, scratch: Path) -> str | None:
    marker = scratch / "planted-code-ran"
    where = rng.choice(["GRINIVIL_CACHE_DIR", "XDG_CACHE_HOME", "HOME"])
    env: dict[str, str] = {}
    if where == "HOME":
        folder = scratch / "home" / ".cache" / "grinivil"
    else:
        env[where] = str(scratch / "elsewhere")
        folder = scratch / "elsewhere" / ("grinivil" if where == "XDG_CACHE_HOME" else "")
    folder.mkdir(parents=True, exist_ok=True)
    payload = pickle.dumps(_Planted(str(marker)))
    header = b"grinivil-cache/1\n"
    for name in ("edition-standard.pickle", "dataclasses.marshal", "edition-standard.json"):
        kind = rng.choice(["pickle", "fifo", "zero", "random"])
        path = folder / name
        if kind == "pickle":
            path.write_bytes(header + zlib.crc32(payload).to_bytes(4, "big") + payload)
        elif kind == "fifo" and hasattr(os, "mkfifo"):
            os.mkfifo(path)
        elif kind == "zero" and os.path.exists("/dev/zero"):
            os.symlink("/dev/zero", path)
        else:
            path.write_bytes(rng.randbytes(rng.randrange(1, 5000)))
    args = rng.choice([["validate", str(SAMPLE)], ["--version"], ["rule", "R-GEN-02"],
                       ["show", str(SAMPLE), "--turn", "3"]])
    problem = judged(run(args, scratch, env=env, timeout=30), (0, 1))
    if problem is None and marker.exists():
        problem = f"grinivil {' '.join(args)} ran a pickle planted in {where}"
    return problem


# --- folders: FIFOs, devices and looping links among the logs ---------------------------------


def folders(rng: random.Random, scratch: Path) -> str | None:
    games = scratch / "games"
    (games / "sub").mkdir(parents=True)
    real = rng.randrange(1, 4)
    for i in range(real):
        (games / ("sub" if i % 2 else ".") / f"game-{i}.yaml").write_bytes(SAMPLE.read_bytes())
    if hasattr(os, "mkfifo"):
        for i in range(rng.randrange(1, 3)):
            os.mkfifo(games / rng.choice([".", "sub"]) / f"pipe-{i}.yaml")
    if os.path.exists("/dev/zero") and rng.random() < 0.5:
        os.symlink("/dev/zero", games / "zero.yaml")
    for i in range(rng.randrange(1, 4)):
        os.symlink(rng.choice([".", "..", str(games)]), games / rng.choice([".", "sub"]) / f"l{i}")
    how = rng.choice(["folder", "glob", "report"])
    if how == "report":
        args = ["report", str(games), "-o", str(scratch / "report.html")]
    else:
        target = str(games) if how == "folder" else str(games / "**" / "*.yaml")
        args = ["validate", "--format", "json", target]
    ran = run(args, scratch, timeout=40)
    problem = judged(ran, (0, 1, 2))
    if problem is None and ran.seconds > 30:
        problem = f"{how}: {ran.seconds:.0f} s"
    if problem is None and how != "report":
        counted = len(re.findall(r'"file":\s*"[^"]*game-\d\.yaml"', ran.out))
        if counted != real:
            problem = f"{how}: {real} games in the folder, {counted} reports of them"
    return problem


# --- set: hostile --set paths and values ------------------------------------------------------

_BOMB = ("a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
         "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
         "e: [*d,*d,*d,*d,*d,*d,*d,*d,*d]")


def hostile_value(rng: random.Random) -> str:
    return rng.choice([
        _BOMB, "[" * 5000 + "]" * 5000, "{a: " * 300 + "1" + "}" * 300, "2024-01-01", "~",
        ".nan", ".inf", "[1, 2]", "{x: 1}", "1.5", "-1", "-0", "9" * 5000, "²", "①", "٣",
        "!!python/object:os.system 'true'", "&a x", "*a", "", "'", "\"", "\x1b[31mred",
        "\u2028", "wood\u0085", "true", "no", "omit", "end", "0x10", "1e3", "+3",
        rng.choice(["I2.s4", "C.s1", "cafe", "Anna", "Ann.a", "no-such-building"]),
    ])


def hostile_path(rng: random.Random) -> str:
    return rng.choice([
        "cubes.concrete", "cubes.wood", "site", "building", "trees", "bids.Anna",
        "municipal_tokens.I2.s4", "", "²", "0", "9" * 5000, "cubes." + "9" * 5000, "a" * 5000,
        "cubes..wood", ".", "..", "site.", "refills.0", "excess.Anna.concrete", "\x1b]0;x\x07",
    ])


_MOVES = [("109", "buy-trees"), ("8", "build-floor"), ("4", "buy-resources"), ("12", "auction"),
          ("20", "subsidy"), ("30", "convert")]


def set_values(rng: random.Random, scratch: Path) -> str | None:
    turn, tile = rng.choice(_MOVES)
    args = ["moves", str(SAMPLE), "--turn", turn, "--tile", tile]
    for _ in range(rng.randrange(1, 4)):
        args += ["--set", f"{hostile_path(rng)}={hostile_value(rng)}"]
    if rng.random() < 0.5:
        args += ["--format", "json"]
    return judged(run(args, scratch, timeout=60), (0, 1, 2))


# --- lines: line separators in a log's notes and in answers files -----------------------------

SEPARATORS = ["\u2028", "\u2029", "\u0085", "\r"]


def lines(rng: random.Random, scratch: Path) -> str | None:
    """The sample's first turns, one with a note holding a line separator (PyYAML writes it
    raw in a quoted scalar, as the recorder does); `record` then records the sample's next
    turn from an answers file (a BOM at its start, sometimes) and takes it back (`undo`) or
    claims the scores after it."""
    import yaml

    data = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))
    keep = rng.randrange(2, 12)
    said = _sample_answers()
    data["turns"] = data["turns"][:keep]
    data.pop("final_scores", None)
    data.pop("winner", None)
    sep = rng.choice(SEPARATORS[:3])
    noted = rng.randrange(keep)
    data["turns"][noted]["note"] = f"pasted{sep}from a chat{rng.choice(SEPARATORS)}end"
    log = scratch / "game.yaml"
    log.write_text(yaml.dump(data, sort_keys=False, allow_unicode=True,
                             width=rng.choice([60, 100])), encoding="utf-8")
    before = yaml.safe_load(log.read_text(encoding="utf-8"))["turns"]
    action = rng.choice(["undo", "claim"])
    given = list(said[keep])
    want = len(before)
    if action == "undo":
        given += ["undo", "quit"]
    else:
        given += [f"score {name} {points}" for name, points in _vp_after(keep + 1).items()]
        given += ["quit"]
        want += 1
    answers = scratch / "answers.txt"
    bom = "\ufeff" if rng.random() < 0.3 else ""
    answers.write_text(bom + "\n".join(given) + "\n", encoding="utf-8")
    ran = run(["record", str(log), "--answers", str(answers)], scratch, timeout=120)
    problem = judged(ran, (0,))
    if problem is not None:
        return f"{action} after a note with U+{ord(sep):04X}: {problem}"
    after = yaml.safe_load(log.read_text(encoding="utf-8"))["turns"]
    if action == "undo" and after != before or action == "claim" and (
            len(after) != want or after[:keep] != before or not after[-1].get("claims")):
        return (f"{action} after a note with U+{ord(sep):04X} in turn {noted + 1} of {keep}: "
                f"{len(after)} turns in the log, {want} expected, or the turns before changed")
    return None


_SAID: list[tuple[str, ...]] = []
_VP: list[dict[str, int]] = []


def _sample_answers() -> list[tuple[str, ...]]:
    """The recorder's answers for every turn of the sample, and each player's VPs after each
    turn (`_VP`), as the engine gives them: made once."""
    if not _SAID:
        if str(TOP) not in sys.path:
            sys.path.insert(0, str(TOP))
        from grinivil_cli.recorder.transcript import transcript
        from grinivil_cli.table.loading import load_game

        game = load_game(str(SAMPLE), None, 5 * 1024 * 1024)
        r = game.replay
        assert r.game is not None
        _VP.extend({p.name: p.vp for p in snap.state.players} for snap in r.snapshots)
        _SAID.extend(t.answers for t in transcript(r.game, r, game.loaded.data["turns"]))
    return _SAID


def _vp_after(turn: int) -> dict[str, int]:
    _sample_answers()
    return _VP[turn]


# --- signals: Ctrl-C at start-up --------------------------------------------------------------


def _interruptible() -> None:
    """In the child: SIGINT as a terminal gives it (a campaign started in a shell's background
    inherits it ignored, and the command rightly keeps a signal its parent ignores)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def signals(rng: random.Random, scratch: Path) -> str | None:
    args = rng.choice([["validate", str(SAMPLE)], ["--version"], ["show", str(SAMPLE)],
                       ["moves", str(SAMPLE), "--turn", "5"], ["rule", "R-GEN-02"]])
    delay = rng.uniform(0.0, 0.15)
    env = {k: v for k, v in os.environ.items()}
    env["HOME"] = str(scratch / "home")
    process = subprocess.Popen([sys.executable, "-m", "grinivil_cli", *args], cwd=TOP, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               preexec_fn=_interruptible)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        return f"SIGINT after {delay:.3f} s: no exit in 60 s"
    if ours(err) or "PanicException" in err or "internal error" in err:
        return f"SIGINT after {delay:.3f} s: {err[-1500:]}"
    if "Traceback" not in err and process.returncode not in (130, -signal.SIGINT, 0, 1):
        return f"SIGINT after {delay:.3f} s: exit {process.returncode}: {err[-800:]}"
    return None


CLASSES: dict[str, Callable[[random.Random, Path], str | None]] = {
    "cache": cache, "folders": folders, "set": set_values, "lines": lines, "signals": signals,
}


def campaign(runs: int, seed: int, first: int = 0, only: list[str] | None = None
             ) -> tuple[Counter[str], list[str]]:
    """Runs `first`..`first + runs - 1`, the classes in turn: (runs per class, findings)."""
    names = only or list(CLASSES)
    counts: Counter[str] = Counter()
    findings = []
    for i in range(first, first + runs):
        name = names[i % len(names)]
        rng = random.Random(f"{seed}:{i}")
        with tempfile.TemporaryDirectory(prefix="grinivil-hostile-") as folder:
            try:
                problem = CLASSES[name](rng, Path(folder))
            except Exception as e:  # noqa: BLE001 - the harness's own failure is a finding too
                problem = f"the run itself failed: {type(e).__name__}: {e}"
        counts[name] += 1
        if problem is not None:
            findings.append(f"run {i} ({name}): {problem}")
    return counts, findings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--only", action="append", choices=sorted(CLASSES))
    args = parser.parse_args(argv)
    counts, findings = campaign(args.runs, args.seed, args.first, args.only)
    for finding in findings:
        print(f"finding: {finding[:2000]}", file=sys.stderr)
    print(f"{sum(counts.values())} hostile runs (" + ", ".join(
        f"{n} {name}" for name, n in sorted(counts.items())) + f"): {len(findings)} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
