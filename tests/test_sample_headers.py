"""Each simulated sample names, on its second line, the command that played it (issue 16), and
every one of them is played again by that command here and must be the same log, byte for byte
from that line on (the first line, the `$schema` comment, depends on the folder the log is
written to). So a change of the bots cannot leave a sample its command no longer plays: the
sample is made again, and the tests built on it follow.

All the samples are the games their commands play with today's bots (played again after issue
28 changed the order of the bots' choices). A sample left from changed bots would say "as of
commit ..." in its header and be listed in `NOT_YET`; none is, and a test keeps that so."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from grinivil_cli.edition.load import load_edition
from grinivil_cli.logfile.writer import log_to_yaml
from grinivil_cli.sim.simulate import simulate
from grinivil_cli.table.deal import parse_option

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
COMMAND = re.compile(r"\(grinivil simulate (?P<args>[^`()]*)\)\.$")
# The samples whose header says "as of commit ...": played by bots that have changed since, to
# be played again with the tests that read their turns. None: every simulated sample is the
# game its header command plays today (played again after issue 28).
NOT_YET: set[str] = set()


def simulated() -> list[Path]:
    return sorted([*SAMPLES.glob("game-*.yaml"), *SAMPLES.glob("variants/*.yaml")])


def header(path: Path) -> str:
    return path.read_text(encoding="utf-8").split("\n", 2)[1]


def reproducible() -> list[Path]:
    return [p for p in simulated() if COMMAND.search(header(p))]


def arguments(args: str) -> dict[str, Any]:
    """`--players 6 --seed 3 --option blocks=1 --bot planner` as `simulate` takes them."""
    words = shlex.split(args)
    out: dict[str, Any] = {"options": {}, "bot_kind": "simple"}
    for flag, value in zip(words[::2], words[1::2], strict=True):
        if flag == "--players":
            out["players"] = int(value)
        elif flag == "--seed":
            out["seed"] = int(value)
        elif flag == "--option":
            out["options"].update(parse_option(value))
        elif flag == "--bot":
            out["bot_kind"] = value
        else:
            raise AssertionError(f"unknown argument {flag} in a sample's header")
    return out


@pytest.mark.parametrize("path", simulated(), ids=lambda p: str(p.relative_to(SAMPLES)))
def test_a_sample_is_the_game_its_header_command_plays(path: Path) -> None:
    """Every simulated sample, none skipped: its header names the command, which plays it."""
    found = COMMAND.search(header(path))
    assert found is not None, f"{path.name}'s header names no `grinivil simulate` command"
    a = arguments(found["args"])
    log = simulate(load_edition("standard"), a["players"], a["seed"], a["options"] or None,
                   bot_kind=a["bot_kind"])
    made = log_to_yaml(log, " " + found["args"])
    assert made.split("\n", 1)[1] == path.read_text(encoding="utf-8").split("\n", 1)[1]


def test_the_samples_not_yet_played_again_are_the_ones_listed() -> None:
    """Each sample either names the command that plays it or is in `NOT_YET` and says that
    its bots have changed (and the commit whose bots played it); today none is left, so every
    simulated sample (the 5 games of 2 to 6 players and the 8 variants) is reproducible."""
    stale = {str(p.relative_to(SAMPLES)) for p in simulated()
             if "as of commit" in header(p)}
    assert stale == NOT_YET == set()
    assert len(simulated()) == 13
    assert reproducible() == simulated()
