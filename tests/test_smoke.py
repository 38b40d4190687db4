"""Smoke tests (issue 33): every command run once, as a user runs it (a process of its own, no
traceback), on a sample or a game made here, with its exit code and a line of what it says.

They are the tests CI runs against the lowest versions of the dependencies that pyproject.toml
allows (`.ci/floors.txt`, in a virtual environment with nothing else but pytest), and on each
Python the classifiers name: they import only the standard library, pytest, typer and
grinivil. Run them alone by their file (`python -m pytest tests/test_smoke.py`: `-m smoke`
still imports every test module, and the other modules need the test tools). Seconds, the
whole file. They run in the normal suite too.
"""

from __future__ import annotations

import fcntl
import json
import os
import queue
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import typer

from grinivil_cli import __version__
from grinivil_cli.cli import app

from clikit import grinivil, words

pytestmark = pytest.mark.smoke

SAMPLES = Path(__file__).parent.parent / "samples"
GAME = SAMPLES / "game-4p.yaml"  # 132 turns; Bruno 68, Clara 58, Anna 57, David 50
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[@-Z\\-_])")  # a terminal's


def commands(group: object = None, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command and subcommand of `grinivil` (`("edition", "check")`), as click has them."""
    group = typer.main.get_command(app) if group is None else group
    for name, command in sorted(getattr(group, "commands", {}).items()):
        yield (*prefix, name)
        yield from commands(command, (*prefix, name))


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game dealt by `grinivil record --deal 7 --players 3` and three turns recorded from an
    answers file (the README's "Record a game"): Subsidy, Convert, Buy Resources."""
    folder = tmp_path_factory.mktemp("recorded")
    (folder / "answers.txt").write_text("subsidy\nconv\n1 cw\n")
    result = grinivil("record", "club.yaml", "--deal", "7", "--players", "3",
                      "--answers", "answers.txt", cwd=folder)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "club.yaml: a new 3-player game dealt from seed 7." in result.stdout
    assert "Clara: the Buying Price of 1 concrete, 1 wood (5+8) -13 G (R-A01-03)" in \
        result.stdout
    assert "club.yaml: 3 whole turns recorded" in result.stdout
    return folder / "club.yaml"


def test_version() -> None:
    result = grinivil("--version")
    assert (result.returncode, result.stdout) == (0, f"grinivil {__version__}\n")


def test_the_installed_command() -> None:
    """The console script pyproject.toml declares, beside the interpreter."""
    script = Path(sys.executable).parent / "grinivil"
    if not script.exists():
        pytest.skip(f"no {script}: grinivil is not installed beside this interpreter")
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True,
                            timeout=120)
    assert (result.returncode, result.stdout) == (0, f"grinivil {__version__}\n"), result.stderr


def test_help_lists_every_command() -> None:
    result = grinivil("-h")
    assert result.returncode == 0, result.stderr
    assert "Usage: grinivil [OPTIONS] COMMAND [ARGS]..." in result.stdout
    for (name,) in (c for c in commands() if len(c) == 1):
        assert re.search(rf"^\W*{name}\s", result.stdout, re.MULTILINE), name


def test_every_command_has_its_help() -> None:
    """`grinivil COMMAND -h` for each command and subcommand, one a core at a time."""
    every = list(commands())
    assert {("validate",), ("record",), ("serve",), ("edition", "diff")} <= set(every)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda c: grinivil(*c, "-h"), every))
    for command, result in zip(every, results, strict=True):
        assert result.returncode == 0, (command, result.stderr)
        assert f"Usage: grinivil {' '.join(command)} [OPTIONS]" in result.stdout, command


def test_a_usage_error() -> None:
    """An option's value refused: exit 2, the option and what it takes (click 8.2 wrote
    "(env var: 'None')" into it)."""
    result = grinivil("validate", "--jobs", "x", str(GAME))
    assert result.returncode == 2
    said = " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.stderr).split())
    assert "Invalid value for '--jobs' / '-j': takes a whole number of 1 or more, not 'x'" in \
        said, said


def test_validate() -> None:
    result = grinivil("validate", str(GAME))
    assert result.returncode == 0, result.stderr
    assert f"{GAME}: legal (132 turns)" in result.stdout
    assert "final scores: 1. Bruno 68, 2. Clara 58, 3. Anna 57, 4. David 50" in result.stdout


def test_validate_an_illegal_log() -> None:
    log = SAMPLES / "illegal" / "r-fee-03-fee-unaffordable.yaml"
    result = grinivil("validate", str(log))
    assert result.returncode == 1, result.stderr
    assert "turn 4, Bruno, Build Floor: R-FEE-03: the Participation Fee to Anna" in result.stdout


def test_validate_a_log_the_schema_refuses(tmp_path: Path) -> None:
    """A misspelt key: the schema's errors explained (jsonschema, used only for them)."""
    log = tmp_path / "typo.yaml"
    log.write_text((SAMPLES / "game-2p.yaml").read_text().replace("\n  money: ", "\n  mony: "))
    result = grinivil("validate", str(log))
    assert result.returncode == 2, result.stderr
    assert re.search(r"^\S*typo\.yaml:\d+:\d+: unknown key 'mony' in the setup; did you mean "
                     r"'money'\?$", result.stdout, re.MULTILINE), result.stdout


def test_show() -> None:
    result = grinivil("show", str(GAME), "--turn", "3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("State after turn 3 (Clara, Auction)\n")
    assert "Market: concrete 8, wood 6, steel 7; Conversion Rate 7" in result.stdout


def test_audit() -> None:
    result = grinivil("audit", str(GAME))
    assert result.returncode == 0, result.stderr
    assert "\nBruno wins with 68 VPs.\n" in result.stdout
    assert "Every claim in the log agrees with the rules." in result.stdout


def test_ledger() -> None:
    result = grinivil("ledger", str(GAME), "--turns", "1-1")
    assert result.returncode == 0, result.stderr
    assert re.search(r"^1 +Anna +money +-22 +48 .* R-A01-03 ", result.stdout, re.MULTILINE)


def test_moves() -> None:
    result = grinivil("moves", str(GAME), "--turn", "3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("After turn 3, David is on turn (turn 4).")
    assert "R-A08B-05" in result.stdout


def test_render(tmp_path: Path) -> None:
    result = grinivil("render", str(GAME), "--turn", "3", "-o", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "1 snapshot written to out" in words(result.stdout)
    assert "</svg>" in (tmp_path / "out" / "turn-003.svg").read_text()


def test_record_then_validate(recorded: Path) -> None:
    result = grinivil("validate", str(recorded))
    assert result.returncode == 0, result.stderr
    assert f"{recorded}: legal (3 turns)" in result.stdout


def test_record_at_a_terminal(tmp_path: Path) -> None:
    """`grinivil record` at a terminal (a pseudo-terminal: prompt_toolkit asks): a dealt game,
    one turn answered, then `quit`."""
    master, terminal = os.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1"}
    recorder = subprocess.Popen([sys.executable, "-m", "grinivil_cli", "record", "club.yaml",
                                 "--deal", "7", "--players", "3"], stdin=terminal,
                                stdout=terminal, stderr=terminal, cwd=tmp_path, env=env,
                                start_new_session=True)
    os.close(terminal)
    screen = b""

    def expect(text: str) -> None:
        nonlocal screen
        deadline = time.monotonic() + 60
        while text not in (shown := ESCAPES.sub("", screen.decode(errors="replace"))):
            assert time.monotonic() < deadline and recorder.poll() is None, shown[-3000:]
            if select.select([master], [], [], 1)[0]:
                try:
                    screen += os.read(master, 65536)
                except OSError:  # the terminal closed: the recorder has ended
                    assert text in shown, shown[-3000:]

    try:
        expect("turn 1, Anna: the Action Tile (tile)>")
        os.write(master, b"subsidy\r")
        expect("Anna: Subsidy with 3 unemployed Workers +12 G (R-A17-01).")
        expect("turn 2, Bruno: the Action Tile (tile)>")
        os.write(master, b"quit\r")
        expect("club.yaml: 1 whole turn recorded")
        assert recorder.wait(timeout=30) == 0
    finally:
        if recorder.poll() is None:
            recorder.kill()
            recorder.wait()
        os.close(master)
    assert "Traceback" not in ESCAPES.sub("", screen.decode(errors="replace"))
    assert "\n- {player: Anna, tile: subsidy}\n" in (tmp_path / "club.yaml").read_text()


def test_viewer(recorded: Path, tmp_path: Path) -> None:
    result = grinivil("viewer", str(recorded), "-o", "v.html", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "viewer of 4 snapshots written to v.html" in words(result.stdout)
    assert "</html>" in (tmp_path / "v.html").read_text()


def test_report(tmp_path: Path) -> None:
    """The samples' folder: legal games, wrong claims and illegal moves, so exit 1."""
    result = grinivil("report", str(SAMPLES), "-o", "r.html", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert re.match(r"report of \d+ games: \d+ legal, \d+ with claim findings, \d+ illegal "
                    r"written to r\.html", words(result.stdout)), result.stdout
    assert "</html>" in (tmp_path / "r.html").read_text()


def test_simulate() -> None:
    result = grinivil("simulate", "--players", "2", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "\nformat: grinivil-log/1\n" in result.stdout
    assert "(grinivil simulate --players 2 --seed 1)" in result.stdout


def test_rule() -> None:
    result = grinivil("rule", "R-FEE-03")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("R-FEE-03  (rule; rulebook: Floor Construction)")


def test_schema() -> None:
    result = grinivil("schema")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["title"] == "Grinivil game log (grinivil-log/1)"


def test_edition_check() -> None:
    result = grinivil("edition", "check", "standard")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("standard: ok (17 land tiles, 29 resident cards")


def test_edition_diff() -> None:
    result = grinivil("edition", "diff", "standard@1", "standard")
    assert result.returncode == 1, result.stderr
    assert "standard@1 -> standard:" in result.stdout
    assert "starting money 50 -> 70" in result.stdout


def test_new(tmp_path: Path) -> None:
    result = grinivil("new", "-o", "x.yaml", "--names", "A,B", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "x.yaml: a new 2-player game (A, B)" in words(result.stdout)
    assert "\nformat: grinivil-log/1\n" in (tmp_path / "x.yaml").read_text()


def test_serve(recorded: Path) -> None:
    """`grinivil serve` on 127.0.0.1 (any free port): the table's page, its state and its
    board answered; Ctrl-C stops it with exit 0 and the log let go."""
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen([sys.executable, "-m", "grinivil_cli", "serve", str(recorded),
                               "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env)
    said: queue.Queue[str] = queue.Queue()  # its lines, "" when it has ended
    reader = threading.Thread(target=lambda: [*map(said.put, server.stdout or ()), said.put("")],
                              daemon=True)
    reader.start()
    out = ""
    try:
        deadline = time.monotonic() + 60
        while not (found := re.search(r"http://127\.0\.0\.1:\d+/\?t=\S+", out)):
            line = said.get(timeout=max(0.1, deadline - time.monotonic()))
            assert line, out + (server.stderr.read() if server.stderr else "")
            out += line
        root, token = found.group(0).split("/?")
        for path, kind, mark in [("/", "text/html", "<html"),
                                 ("/state", "application/json", '"turns":3'),
                                 ("/board.svg", "image/svg+xml", "</svg>")]:
            with urllib.request.urlopen(f"{root}{path}?{token}", timeout=30) as response:
                assert response.status == 200, path
                assert response.headers["content-type"].startswith(kind), path
                assert mark in response.read().decode(), path
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    reader.join(30)
    while not said.empty():
        out += said.get_nowait()
    err = server.stderr.read() if server.stderr else ""
    assert server.returncode == 0, err
    assert "Traceback" not in out + err, err
    assert f"{recorded}: 3 whole turns recorded" in words(out)
