"""`grinivil moves --set PATH=VALUE` against hostile values (issue 27, item 5 and the medium
`--set` items; issue 28, item 3): a VALUE is read as a plain word and matched against the
options of the decision at PATH, never as YAML with aliases; a list or mapping is read (by the
bounded reader) only to name an offered option; a PATH is matched against the decisions' own
paths (a key may hold a dot); a value outside the options is refused with them.

The positions are those of tests/test_moves_cli.py and the samples' own turns:
- after turn 81 of the 3-player sample, Anna may buy 1 to 3 Trees (`trees`);
- after turn 20 of the 2-player sample, Anna buys Resources (`cubes.concrete` 0 to 4 after the
  first refill option);
- after turn 5 of the 2-player sample, Bruno builds a House on I0.s3 (the log's turn 6), whose
  Building Site Bonus offers `{plant}` (the log plants two Trees there);
- after turn 27 of the 2-player sample, Bruno explores I2 with I02 (the log's turn 28), which
  draws the Building Token of I1.s4 (`municipal_tokens.I1.s4`, a key with a dot).
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from test_moves_cli import SAMPLE_2P, SAMPLES, invoke, log_turns, moves_json

from grinivil_cli.reports.moves_report import as_json, shown

SAMPLE_3P = SAMPLES / "game-3p.yaml"
TREES = (str(SAMPLE_3P), "--turn", "81", "--tile", "buy-trees")
CUBES = (str(SAMPLE_2P), "--turn", "20", "--tile", "buy-resources")
BONUS = (str(SAMPLE_2P), "--turn", "5", "--tile", "build-floor", "--set", "site=I0.s3",
         "--set", "building=house")
EXPLORE = (str(SAMPLE_2P), "--turn", "27", "--tile", "explore", "--set", "slot=I2")
MUNI = (*EXPLORE, "--set", "land_tile=I02")
SITE = (str(SAMPLE_2P), "--turn", "8", "--tile", "build-floor")


def moves(*args: str) -> Any:
    return invoke("moves", *args)


def decision(data: dict[str, Any], path: list[Any]) -> dict[str, Any]:
    found: dict[str, Any] = next(d for d in data["decisions"] if d["path"] == path)
    return found


def bounded_run(*args: str, memory: int = 1 << 30,
                timeout: float = 60) -> tuple[subprocess.CompletedProcess[str], float]:
    """A real process with at most `memory` bytes of address space: an expansion without a
    bound fails there instead of filling the machine."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    start = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", "moves", *args],
                            capture_output=True, text=True, timeout=timeout, preexec_fn=limit)
    return result, time.monotonic() - start


def alias_bomb(levels: int = 9) -> str:
    """A billion-laughs value in flow style: 9 levels of 9 aliases each, about 300 bytes,
    9^9 = 387 million strings once expanded."""
    parts = ["&a [lol,lol,lol,lol,lol,lol,lol,lol,lol]"]
    names = "abcdefghijklmnop"
    for i in range(1, levels):
        parts.append(f"&{names[i]} [" + ",".join([f"*{names[i - 1]}"] * 9) + "]")
    return "[" + ", ".join(parts) + "]"


# --- item 5 (high): no alias expansion, no deep nesting -----------------------------------------

@pytest.mark.parametrize(("position", "path"), [(TREES, "trees"), (BONUS, "site_bonus")])
def test_an_alias_bomb_is_refused_at_once_in_bounded_memory(position: tuple[str, ...],
                                                            path: str) -> None:
    """A 300-byte billion-laughs value, at a count (`trees`) and at a decision whose options
    are mappings (`site_bonus`): refused with a message naming the PATH, exit 2, in a few
    seconds and within 1 GB (it reached 4.97 GB before)."""
    bomb = alias_bomb()
    assert len(bomb) < 400
    result, took = bounded_run(*position, "--set", f"{path}={bomb}")
    assert result.returncode == 2, result.stdout[-500:] + result.stderr[-500:]
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    assert f"--set {path}:" in result.stderr
    assert result.stdout == ""
    assert took < 30


@pytest.mark.parametrize("value", ["[" * 10_000 + "]" * 10_000, "{a: " * 3000 + "1" + "}" * 3000])
def test_deep_nesting_is_refused_with_a_message(value: str) -> None:
    """10,000 nested lists (3,000 nested mappings): a usage error naming the PATH, exit 2."""
    result, _ = bounded_run(*BONUS, "--set", f"site_bonus={value}")
    assert result.returncode == 2
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    assert "--set site_bonus:" in result.stderr


@pytest.mark.parametrize("value", ["&a {plant: ...}", "*a", "!!map {plant: ...}",
                                   "!!python/name:os.system", "[&a x, *a]"])
def test_anchors_aliases_and_tags_are_refused(value: str) -> None:
    result = moves(*BONUS, "--set", f"site_bonus={value}")
    assert result.exit_code == 2
    assert "--set site_bonus:" in result.stderr
    assert result.stdout == ""


# --- the medium items: a message for people, never an internal error -----------------------------

@pytest.mark.parametrize("value", ["2024-01-01", "~", ".nan", "[1, 2]", "1.5", "true", "yes",
                                   "{a: 1}", "", "9" * 4000, "1234567", "1e3", "٣", "0x10",
                                   "3 trees", "-"])
def test_a_count_takes_a_whole_number_and_says_so(value: str) -> None:
    """`trees` is a count, 1 to 3 here (test_moves_cli: R-A09-01/02): any other VALUE is a
    usage error that names the PATH and the numbers it takes, exit 2, nothing on stdout."""
    data = moves_json(SAMPLE_3P, *TREES[1:])
    assert decision(data, ["trees"])["ranges"] == [[1, 3]]
    result = moves(*TREES, "--set", f"trees={value}")
    assert result.exit_code == 2, result.stdout
    assert "--set trees:" in result.stderr and "a whole number" in result.stderr
    assert "1 to 3" in result.stderr
    assert result.stdout == ""
    assert len(result.stderr) < 600  # a 5000-digit value is not echoed whole


@pytest.mark.parametrize(("pair", "words"), [
    ("=true", "--set takes PATH=VALUE"),
    ("²=1", "'²' is not an index: an index is written with the digits 0-9"),
    ("trees.٣=1", "'٣' is not an index: an index is written with the digits 0-9"),
    ("trees." + "9" * 5000 + "=1", "the PATH is 5,006 characters long"),
    ("trees.1234567=1", "an index has at most 6 digits"),
    ("trees\x1b[2J=1", "a control character"),
    ("trees=1\n2", "a control character"),
    ("trees=" + "1" * 5000, "the VALUE is 5,000 bytes long"),
])
def test_a_malformed_pair_names_what_is_wrong(pair: str, words: str) -> None:
    result = moves(*TREES, "--set", pair)
    assert result.exit_code == 2
    assert words in result.stderr
    assert result.stdout == ""
    assert len(result.stderr) < 600


@pytest.mark.parametrize(("position", "pair", "words"), [
    (BONUS, "site_bonus=random", "'random' cannot be taken there: expected a site bonus"),
    (CUBES, "refills.0=[gold, gold, gold, gold]", "is not among the options (the options: "
     "[concrete, concrete, concrete, concrete], "),
    (BONUS, "site_bonus={plant: [I0.p1, I0.p2]}", "is not among the options (the options: "
     "(leave it out), declined, {plant}); give a list or mapping as the listing shows it"),
])
def test_a_value_the_record_cannot_hold_there_is_a_usage_error(
        position: tuple[str, ...], pair: str, words: str) -> None:
    """A word where the log holds a mapping, a list that names no offered draw, a mapping of
    the log's form where the option leaves its parts to later decisions: exit 2, the PATH and
    the options named; the rules are not asked (their readers expect the log's shapes)."""
    result = moves(*position, "--set", pair)
    assert result.exit_code == 2
    assert f"--set {pair.partition('=')[0]}: " in result.stderr
    assert words in result.stderr
    assert result.stdout == ""


def test_a_pair_given_twice_is_refused() -> None:
    result = moves(*TREES, "--set", "trees=1", "--set", "trees=2")
    assert result.exit_code == 2
    assert "--set trees is given twice" in result.stderr


def test_a_misspelt_path_gets_a_did_you_mean_even_with_a_hostile_value() -> None:
    """`x` and `tree` name no decision of Buy Trees: exit 2, the decisions and a did-you-mean,
    whatever the value (a date, a list)."""
    for pair in ("x=2024-01-01", "tree=[1, 2]", "tree=2"):
        result = moves(*TREES, "--set", pair)
        assert result.exit_code == 2, result.stdout
        assert "no decision of this move is at" in result.stderr
        assert "(its decisions: declined, trees" in result.stderr
    assert "did you mean 'trees'?" in moves(*TREES, "--set", "tree=2").stderr


# --- item 3 (medium): a value outside the options is refused, with them ---------------------------

def test_a_negative_count_is_refused_with_the_options() -> None:
    """`cubes.concrete` after turn 20 of the 2-player sample (the first refill option draws 4
    concrete): 0 to 4. -1 was "taken: -1 (given)", exit 0, no verdict. A count of cubes is
    never negative: the record reader refuses it as the schema refuses it in a log (exit 2,
    "expected 0 or more"), the engine and the API too (tests/test_records.py), so `moves`
    says what `validate` says."""
    data = moves_json(SAMPLE_2P, *CUBES[1:])
    concrete = decision(data, ["cubes", "concrete"])
    assert (concrete["kind"], concrete["rule"], concrete["ranges"]) == (
        "count", "R-A01-02", [[0, 4]])
    result = moves(*CUBES, "--set", "cubes.concrete=-1")
    assert result.exit_code == 2
    assert "--set cubes.concrete: '-1' cannot be taken there: expected 0 or more, found -1." \
        in result.output
    result = moves(*CUBES, "--set", "cubes.concrete=-1", "--format", "json")
    assert result.exit_code == 2


@pytest.mark.parametrize(("position", "pair", "path", "rule"), [
    (CUBES, "cubes.concrete=5", ["cubes", "concrete"], None),          # more than the Market
    (CUBES, "cubes.concrete=999999", ["cubes", "concrete"], None),
    (TREES, "trees=0", ["trees"], "R-A09-01"),
    (TREES, "trees=-3", ["trees"], None),
    (TREES, "declined=no", ["declined"], None),                         # a yes/no
    (SITE, "site=C.s9", ["site"], "R-BLD-08"),                          # a name
    (MUNI, "municipal_tokens.I1.s4=no-such-building", ["municipal_tokens", "I1.s4"],
     "R-MUNI-05"),                                                      # a drawn token
    (EXPLORE, "land_tile=I99", ["land_tile"], "R-EXPL-05"),             # a drawn tile
    (EXPLORE, "land_tile=I04", ["land_tile"], "R-EXPL-05"),             # one not in the stack
])
def test_every_kind_of_value_outside_the_options_is_refused(
        position: tuple[str, ...], pair: str, path: list[Any], rule: str | None) -> None:
    """A count, a yes/no, a name, an outcome and a draw given outside the options the engine
    lists for them: the listing says "not among the options", the move is refused (exit 1,
    no move) by the rule the value breaks (or the decision's own rule)."""
    listed = moves_json(Path(position[0]), *position[1:])
    options = decision(listed, path) if path in [d["path"] for d in listed["decisions"]] \
        else None
    result = moves(*position, "--set", pair, "--format", "json")
    assert result.exit_code == 1, result.stdout + result.stderr
    out = json.loads(result.stdout)
    assert out["move"] is None
    taken = decision(out, path)
    assert taken["given"] is True
    if options is not None:
        assert taken.get("options") == options.get("options")
        assert taken.get("ranges") == options.get("ranges")
    if rule is not None:
        assert out["broken"]["rule"] == rule
    text = moves(*position, "--set", pair).stdout
    assert ": not among the options (" in text


# --- issue 28 item 3: what is offered can be given back, by the same words -----------------------

def test_every_option_of_the_site_bonus_can_be_given_back_by_its_words() -> None:
    """After turn 5 of the 2-player sample, the House on I0.s3 (the log's turn 6) earns a
    Building Site Bonus (plant): leave it out, `declined`, or `{plant}` (the log plants I0.p1
    and I0.p2). Each is given back by the words the text listing shows and by its JSON, and is
    taken as that option (`{plant}` then asks for the spots, the log's among them)."""
    turn = log_turns(SAMPLE_2P)[5]
    assert turn["site_bonus"] == {"plant": ["I0.p1", "I0.p2"]}
    data = moves_json(SAMPLE_2P, *BONUS[1:])
    bonus = decision(data, ["site_bonus"])
    assert bonus["options"] == [None, "declined", {"plant": "..."}]
    text = moves(*BONUS).stdout
    assert "   options: (leave it out), declined, {plant}" in text
    for words in ("(leave it out)", "omit", "null", "declined", "{plant}", '{"plant": "..."}',
                  "{plant: ...}"):
        out = moves_json(SAMPLE_2P, *BONUS[1:], "--set", f"site_bonus={words}")
        taken = decision(out, ["site_bonus"])
        assert taken["given"] is True, words
        expected = {"(leave it out)": None, "omit": None, "null": None}.get(
            words, "declined" if words == "declined" else {"plant": "..."})
        assert taken["taken"] == expected, words
    out = moves_json(SAMPLE_2P, *BONUS[1:], "--set", "site_bonus={plant}",
                     "--set", "site_bonus.plant.0=I0.p1", "--set", "site_bonus.plant.1=I0.p2")
    assert out["move"]["site_bonus"] == {"plant": ["I0.p1", "I0.p2"]}


def test_each_option_along_a_line_is_given_back_by_its_text_and_its_json() -> None:
    """For each decision of the Explore after turn 27 and of the House after turn 5 (2-player
    sample), each option (at most 4 of each) given back by its shown text and by its JSON text
    is taken as exactly that option (a value that makes a later --set of the position name no
    decision, `declined=yes`, is then reported: exit 2 with the listing)."""
    for position in (MUNI, BONUS):
        data = moves_json(Path(position[0]), *position[1:])
        for d in data["decisions"]:
            if d["kind"] == "count":
                continue
            dotted = ".".join(str(k) for k in d["path"])
            base = without(position, dotted)
            for option in d["options"][:4]:
                for words in (json.dumps(option), shown_of(option)):
                    result = moves(*base, "--set", f"{dotted}={words}", "--format", "json")
                    assert result.exit_code in (0, 1, 2) and result.stdout, (dotted, words)
                    taken = decision(json.loads(result.stdout), d["path"])
                    assert (taken["taken"], taken["given"]) == (option, True), (dotted, words)


def without(position: tuple[str, ...], dotted: str) -> list[str]:
    """The arguments of a position without its own --set of `dotted`."""
    out: list[str] = []
    for a in position:
        if a.startswith(f"{dotted}=") and out[-1:] == ["--set"]:
            out.pop()
        else:
            out.append(a)
    return out


def shown_of(option: Any) -> str:
    """The words the text listing shows for an option given as JSON (null: leave it out)."""
    from grinivil_cli.choose import OMIT
    from grinivil_cli.engine.records import PENDING

    def back(v: Any) -> Any:
        if v == "...":
            return PENDING
        if isinstance(v, dict):
            return {k: back(x) for k, x in v.items()}
        if isinstance(v, list):
            return [back(x) for x in v]
        return v
    value = OMIT if option is None else back(option)
    assert as_json(value) == option
    return shown(value)


# --- item 4: a key with a dot ---------------------------------------------------------------

def test_a_key_with_a_dot_is_matched_against_the_decisions_paths() -> None:
    """`municipal_tokens.I1.s4` is the decision at ("municipal_tokens", "I1.s4"): hospital
    (the log's token) is taken; a building that is no option is refused (exit 1, the options
    listed), not dropped for the first option ("complete and legal", exit 0, before)."""
    assert log_turns(SAMPLE_2P)[27]["municipal_tokens"] == {"I1.s4": "hospital"}
    out = moves_json(SAMPLE_2P, *MUNI[1:], "--set", "municipal_tokens.I1.s4=hospital")
    token = decision(out, ["municipal_tokens", "I1.s4"])
    assert (token["taken"], token["given"]) == ("hospital", True)
    assert out["move"]["municipal_tokens"] == {"I1.s4": "hospital"}
    result = moves(*MUNI, "--set", "municipal_tokens.I1.s4=no-such-building")
    assert result.exit_code == 1
    assert "taken: no-such-building (given): not among the options (bus-stop, cafe" \
        in result.stdout
    assert "complete and legal" not in result.stdout
    result = moves(*MUNI, "--set", "municipal_tokens.I1.s9=hospital")
    assert result.exit_code == 2
    assert "did you mean 'municipal_tokens.I1.s4'?" in result.stderr


def test_a_player_named_with_a_dot_can_be_given_a_bid(tmp_path: Path) -> None:
    """The 2-player sample with Anna renamed `Ann.a` (the schema allows any name of 1 to 40
    characters; `validate` finds it legal): after turn 20 her Auction (the log's turn 21: she
    bids 10, Bruno 15) with `bids.Ann.a=12` takes 12 for her bid; before, the value was dropped
    and her first option (10) taken."""
    log = tmp_path / "ann.yaml"
    log.write_text(SAMPLE_2P.read_text(encoding="utf-8").replace("Anna", "Ann.a"),
                   encoding="utf-8")
    turn = log_turns(log)[20]
    assert (turn["tile"], turn["bids"]) == ("auction", {"Ann.a": 10, "Bruno": 15})
    args = ("--turn", "20", "--tile", "auction", "--set",
            "drawn=[concrete, concrete, wood, wood, steel]")
    bid = decision(moves_json(log, *args), ["bids", "Ann.a"])
    assert bid["ranges"] == [[10, 25]]
    out = moves_json(log, *args, "--set", "bids.Ann.a=12")
    bid = decision(out, ["bids", "Ann.a"])
    assert (bid["taken"], bid["given"]) == (12, True)
    assert out["move"]["bids"]["Ann.a"] == 12


# --- names: checked as a log's names are, before the rules --------------------------------------

def test_a_name_that_is_no_player_is_refused_as_in_a_log() -> None:
    """After turn 81 of the 3-player sample, Anna's Forced Trade offers to trade with Bruno
    or Clara (R-A18-01). `Ana` is no player: exit 2 with a did-you-mean, as `validate` says of
    a log (it was an internal error, KeyError); Anna herself is a player but no opponent:
    the rules refuse her (exit 1, R-A18-01); a cube that is none: exit 2."""
    forced = (str(SAMPLE_3P), "--turn", "81", "--tile", "forced-trade")
    data = moves_json(SAMPLE_3P, *forced[1:])
    assert decision(data, ["trades", 0, "with"])["options"] == ["Bruno", "Clara"]
    result = moves(*forced, "--set", "trades.0.with=Ana")
    assert result.exit_code == 2
    assert "--set trades.0.with: 'Ana' is not a player; did you mean 'Anna'?" in result.stderr
    result = moves(*forced, "--set", "trades.0.with=Anna", "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["broken"] == {
        "rule": "R-A18-01", "message": "'Anna' is not an opponent."}
    result = moves(*forced, "--set", "trades.0.give=gold")
    assert result.exit_code == 2
    assert "--set trades.0.give: 'gold' cannot be taken there: expected a cube" in result.stderr
