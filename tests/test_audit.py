"""The audit of a scoring dispute (issue 4): the ledger entry by entry for the worked examples
EX-05 (Paula moves in) and EX-10..EX-12 (final scoring, Public buildings); on every sample game
the final-score entries and the VP sources add up, and `grinivil audit` / `grinivil ledger`
work in every format; the logs in samples/claims (one wrong claim each) are caught at the right
turn with the ledger entry that explains the mistake.

Every number asserted is derived by hand from the rulebook (the derivation is in the comment
next to it), read from the log itself (its `final_scores`, `winner` and `claims`), or counted
directly from the replay's ledger; never taken from the audit under test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_resident_rules import paula_town
from test_scoring_rules import scoring_example
from typer.testing import CliRunner

import grinivil_cli.cli as cli_module
from grinivil_cli.cli import app
from grinivil_cli.engine.scoring import FINAL, final_scores, record_final_scores
from grinivil_cli.engine.state import MUNICIPALITY
from grinivil_cli.reports.audit import Audit, audit, lost_to_municipality, public_shares, vp_sources
from grinivil_cli.reports.audit_report import public_table
from grinivil_cli.table.loading import DEFAULT_MAX_BYTES, Game, load_game

from gamekit import play

TOP = Path(__file__).resolve().parent.parent
SAMPLES = sorted((TOP / "samples").glob("*.yaml"))
CLAIMS = sorted((TOP / "samples" / "claims").glob("*.yaml"))

# --- replays are cached: each log is replayed once for the whole module -----------------------

_REPLAYS: dict[tuple[Any, ...], Game] = {}


def cached_load_game(path: Any, *args: Any, **kwargs: Any) -> Game:
    """`load_game`, replaying each (log, options) once; the audit and the ledger only read
    the replay, so the commands may share it."""
    key = (str(Path(path).resolve()), args, tuple(sorted(kwargs.items())))
    if key not in _REPLAYS:
        _REPLAYS[key] = load_game(path, *args, **kwargs)
    return _REPLAYS[key]


def replayed(path: Path) -> Game:
    """The finished game, replayed as `grinivil audit` replays it (claims do not stop it)."""
    game = cached_load_game(path, None, DEFAULT_MAX_BYTES, claims=False)
    assert game.replay.error is None, str(game.replay.error)
    assert game.replay.scores is not None, f"{path.name}: the game is not over"
    return game


@pytest.fixture
def grinivil(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run a `grinivil` command in this process, its text in 80 columns (as piped): (exit
    code, stdout). `audit` and `ledger` share the module's replays; `validate` replays for
    itself."""
    monkeypatch.setattr(cli_module, "load_game", cached_load_game)
    runner = CliRunner()

    def run(*args: str) -> tuple[int, str]:
        result = runner.invoke(app, list(args), env={"COLUMNS": "80"})
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception  # a crash must not pass for exit 1
        return result.exit_code, result.stdout

    return run


# --- EX-05: Paula moves in, entry by entry -----------------------------------------------------


def test_ex05_paula_sale_entry_by_entry() -> None:
    """EX-05, R-SELL-06, R-SELL-09, R-SELL-10, R-SPLIT-01, R-MUNI-01, R-MUNI-02, R-BLD-12.

    Everyone starts with 50 G and 0 VP. Bruno sells the House (Bruno, David) to Paula with #12:
    1. Compensation first: Bruno -15 (50 -> 35), David +15 (50 -> 65).
    2. Bruno's primary reward: 5 VP (0 -> 5) and 10 + 8 Trees x 3 = 34 G (35 -> 69).
    3. Bus Stop (Municipality, Robin), full: Robin +3 VP; the Municipality's 3 are lost.
    4. Cafe (Rudi, Bruno), full: Rudi +4 VP (0 -> 4), Bruno +4 VP (5 -> 9).
    5. Cultural Venue: its road R2 is not completed, so nobody gets the 28 G."""
    g = paula_town()
    size = len(g.ledger.entries)
    play(g, player="Bruno", tile="sell-house", house="I0.s1", resident="paula")
    entries = g.ledger.entries[size:]
    PRIMARY = "Paula moved in: primary reward (10 + 8 Trees x 3)"
    BUS_STOP = "Paula moved in: the Bus Stop at O1.s2 (distance 2 of 2, full split)"
    CAFE = "Paula moved in: the Cafe at O1.s3 (distance 2 of 3, full split)"
    assert [(e.turn, e.player, e.what, e.amount, e.total, e.cause, e.rule, e.counterparty)
            for e in entries] == [
        (1, "Bruno", "money", -15, 35, "Compensation to David", "R-SELL-06", "David"),
        (1, "David", "money", 15, 65, "Compensation from Bruno", "R-SELL-06", "Bruno"),
        (1, "Bruno", "vp", 5, 5, PRIMARY, "R-SELL-09", "bank"),
        (1, "Bruno", "money", 34, 69, PRIMARY, "R-SELL-09", "bank"),
        (1, "Robin", "vp", 3, 3, BUS_STOP, "R-SELL-10", "bank"),
        (1, "Rudi", "vp", 4, 4, CAFE, "R-SELL-10", "bank"),
        (1, "Bruno", "vp", 4, 9, CAFE, "R-SELL-10", "bank"),
    ]
    # The Municipality gets no entry (its Bus Stop share is lost), nobody is paid for the
    # Cultural Venue, and the compensation went to David, not to the bank.
    assert all(e.player != MUNICIPALITY and e.counterparty != MUNICIPALITY for e in entries)
    assert not any("Cultural Venue" in e.cause for e in entries)
    # Net result: Bruno +9 VP and -15 + 34 = +19 G; David +15 G; Robin +3 VP; Rudi +4 VP.
    net: dict[tuple[str, str], int] = {}
    for e in entries:
        net[e.player, e.what] = net.get((e.player, e.what), 0) + e.amount
    assert net == {("Bruno", "money"): 19, ("Bruno", "vp"): 9, ("David", "money"): 15,
                   ("Robin", "vp"): 3, ("Rudi", "vp"): 4}
    # The audit's sources: the primary reward is "VPs from houses sold", the features "commerce
    # rewards".
    assert vp_sources(entries, ["Bruno", "David", "Robin", "Rudi"]) == {
        "Bruno": {"VPs from houses sold": 5, "commerce rewards": 4}, "David": {},
        "Robin": {"commerce rewards": 3}, "Rudi": {"commerce rewards": 4}}


# --- EX-10..EX-12: final scoring, Public buildings ------------------------------------------


def test_ex10_to_ex12_public_shares() -> None:
    """EX-10, EX-11, EX-12, R-SCORE-03, R-SPLIT-03, R-SPLIT-05, R-MUNI-02. The Pile paula,
    dana, hana, milan, emil.
    Post Office (C.s6; Robin, Robin, Val): 9 + 15 + 3 = 27; Robin 27 x 2 // 3 = 18, Val 9.
    Water Treatment Plant (C.s7; Bruno, David, Rudi): 15 + 12 = 27; 9 each.
    Hospital (I1.s1; Robin, Municipality, Bruno): 6; 2 each, the Municipality's 2 lost."""
    g = scoring_example()
    shares = public_shares(g.state)
    assert [(p.site, p.building, p.total, p.shares) for p in shares] == [
        ("C.s6", "Post Office", 27, [("Robin", 2, 18), ("Val", 1, 9)]),
        ("C.s7", "Water Treatment Plant", 27, [("Bruno", 1, 9), ("David", 1, 9),
                                               ("Rudi", 1, 9)]),
        ("I1.s1", "Hospital", 6, [("Robin", 1, 2), (MUNICIPALITY, 1, 2), ("Bruno", 1, 2)]),
    ]
    assert sorted(v for _, v in shares[0].desired_by) == [3, 9, 15]
    assert sorted(v for _, v in shares[1].desired_by) == [12, 15]
    assert [v for _, v in shares[2].desired_by] == [6]
    assert [lost_to_municipality(p) for p in shares] == [0, 0, 2]
    # What a player reads: the split by blocks and the lost share.
    audit = Audit(scores=[], sources={}, public=shares, tie_break="")
    text = public_table(audit, markdown=False)
    assert "Robin 2 blocks: 18, Val 1 block: 9" in text
    assert "Municipality 1 block: 2 (lost)" in text
    assert "The Municipality's shares (2 VPs) are lost (R-MUNI-02)." in text


def test_ex10_to_ex12_final_score_entries() -> None:
    """EX-10..EX-12, R-SCORE-01, R-SCORE-02, R-SCORE-03, R-SCORE-05: the final-score entries.
    Public buildings: Robin 18 + 2 = +20, Val +9, Bruno 9 + 2 = +11, David +9, Rudi +9; the
    Municipality has no entry. Everyone else as after setup: 0 VP on the Scoreboard, 50 G
    (+5), 2 residents in the Portfolio (-20): e.g. Robin 0 + 5 + 20 - 20 = 5."""
    g = scoring_example()
    scores = final_scores(g)
    size = len(g.ledger.entries)
    record_final_scores(g, scores)
    entries = g.ledger.entries[size:]
    assert all(e.what == FINAL for e in entries)
    public = {s.player: [(e.cause, e.amount) for e in entries
                         if e.player == s.player and e.rule == "R-SCORE-03"] for s in scores}
    assert public == {
        "Robin": [("the Post Office at C.s6", 18), ("the Hospital at I1.s1", 2)],
        "Val": [("the Post Office at C.s6", 9)],
        "Bruno": [("the Water Treatment Plant at C.s7", 9), ("the Hospital at I1.s1", 2)],
        "David": [("the Water Treatment Plant at C.s7", 9)],
        "Rudi": [("the Water Treatment Plant at C.s7", 9)],
    }
    assert {p: sum(v for _, v in rows) for p, rows in public.items()} == {
        "Robin": 20, "Val": 9, "Bruno": 11, "David": 9, "Rudi": 9}
    assert not any(e.player == MUNICIPALITY for e in entries)
    expected = {"Robin": 5 + 20 - 20, "Val": 5 + 9 - 20, "Bruno": 5 + 11 - 20,
                "David": 5 + 9 - 20, "Rudi": 5 + 9 - 20}
    for s in scores:
        mine = [e for e in entries if e.player == s.player]
        assert [e.rule for e in mine] == (["R-SCORE-01", "R-SCORE-02"]
                                          + ["R-SCORE-03"] * len(public[s.player])
                                          + ["R-SCORE-05"] * 2)
        assert sum(e.amount for e in mine) == s.total == mine[-1].total == expected[s.player]


# --- every sample game --------------------------------------------------------------------------


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_final_score_entries_and_vp_sources_add_up(path: Path) -> None:
    """R-SCORE-01..05: each player's final-score entries sum to their total (and the last
    running total is it); the VPs by source sum to the Scoreboard."""
    game = replayed(path)
    r = game.replay
    assert r.game is not None and r.scores is not None
    names = [p.name for p in r.game.state.players]
    sources = vp_sources(r.ledger.entries, names)
    for s in r.scores:
        mine = [e for e in r.ledger.entries if e.player == s.player and e.what == FINAL]
        assert mine, f"{s.player} has no final-score entry"
        assert sum(e.amount for e in mine) == s.total == mine[-1].total
        assert s.total == game.loaded.data["final_scores"][s.player]
        assert sum(sources[s.player].values()) == s.track_vp == r.game.state.player(s.player).vp


def winner_line(log: dict[str, Any]) -> str:
    """The sentence naming the winner, from the log's own claims: `final_scores`, `winner`."""
    scores, winner = log["final_scores"], log["winner"]
    top = [p for p, v in scores.items() if v == max(scores.values())]
    if len(top) == 1:
        return f"{winner} wins with {scores[winner]} VPs."
    return f"tie on {scores[winner]} VPs; {winner} has the most"


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_audit_of_a_sample_agrees_in_every_format(path: Path, grinivil: Any) -> None:
    """`grinivil audit`: exit 0, the winner, every claim agreeing; as a table, as Markdown
    (headings and pipe tables) and as JSON (the totals the log claims)."""
    log = replayed(path).loaded.data
    code, out = grinivil("audit", str(path))
    assert code == 0, out
    assert winner_line(log) in out
    assert "Every claim in the log agrees with the rules." in out
    # the score table, too wide for 80 columns as a row per player, has a column per player:
    # the players in their ranks' order, their totals on the last row
    rows = [line.split() for line in out.split("\n\n")[1].splitlines()]
    assert rows[0][0] == "player" and rows[-1][0] == "total"
    assert dict(zip(rows[0][1:], map(int, rows[-1][1:]), strict=True)) == log["final_scores"]
    assert rows[0][1] == log["winner"]

    code, md = grinivil("audit", str(path), "--format", "markdown")
    assert code == 0, md
    assert md.startswith(f"## Audit of {path}")
    assert "\n## Public buildings\n" in md and "\n## Claims\n" in md
    assert "| rank | player |" in md and "\n|---|---|" in md
    assert winner_line(log) in md
    for name in log["final_scores"]:
        assert re.search(rf"^\| \d+ \| {name} \|", md, re.MULTILINE), f"no score row for {name}"

    code, raw = grinivil("audit", str(path), "--format", "json")
    assert code == 0, raw
    payload = json.loads(raw)
    assert (payload["status"], payload["exit"], payload["divergences"]) == ("agrees", 0, [])
    assert {s["player"]: s["total"] for s in payload["scores"]} == log["final_scores"]
    assert [s["player"] for s in payload["scores"] if s["rank"] == 1][0] == log["winner"]
    for s in payload["scores"]:
        assert sum(s["sources"].values()) == s["scoreboard"]
        assert (s["scoreboard"] + s["money"] + s["public"] - 10 * s["unsold_residents"]
                == s["total"])


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_ledger_filters_by_player_and_turns(path: Path, grinivil: Any) -> None:
    """`grinivil ledger --player X --turns A-B`: exactly X's entries of turns A to B, both
    included (A and B are turns where X has entries), as JSON lines and as a table."""
    entries = replayed(path).replay.ledger.entries
    name = entries[0].player
    turns = sorted({e.turn for e in entries if e.player == name})
    lo, hi = turns[len(turns) // 4], turns[len(turns) // 2]
    expected = sum(1 for e in entries if e.player == name and lo <= e.turn <= hi)
    assert expected > 0

    code, out = grinivil("ledger", str(path), "--player", name, "--turns", f"{lo}-{hi}",
                         "--format", "json")
    assert code == 0, out
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == expected
    assert {r["player"] for r in rows} == {name}
    assert min(r["turn"] for r in rows) == lo and max(r["turn"] for r in rows) == hi

    code, out = grinivil("ledger", str(path), "--player", name, "--turns", f"{lo}-{hi}")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["turn", "player", "what"]
    starts = [line for line in lines[2:] if not line.startswith(" ")]  # a cause wraps under
    assert len(starts) == expected  # itself: a row per entry, each beginning with its turn
    assert all(line.split()[1] == name and lo <= int(line.split()[0]) <= hi for line in starts)

    code, out = grinivil("ledger", str(path), "--turns", str(hi), "--format", "json")
    assert code == 0, out
    assert len(out.splitlines()) == sum(1 for e in entries if e.turn == hi)


def test_tie_broken_by_unplanted_trees() -> None:
    """R-SCORE-06, R-SCORE-07. Since the planner played the simulated samples again (issue 16)
    none of them ends in a tie (game-3p now ends Bruno 61, Anna 52, Clara 29).
    samples/claims/missed-participation-fee.yaml is the earlier game-3p (its own
    `setup.money: 50`) with one wrong claim, Anna's money after turn 160, which the replay
    does not follow (`grinivil audit` replays past claims). It ends with Clara and Anna on 23
    (the log's final_scores): each 29 on the Scoreboard + 0 for money (Clara 2 Grinies, Anna
    5) + 4 Public - 10 for one unsold resident = 23. Clara keeps 8 unplanted Trees, Anna 3, so
    Clara wins (the rulebook: a tie goes to the more unplanted Trees; the log's winner)."""
    game = replayed(TOP / "samples" / "claims" / "missed-participation-fee.yaml")
    assert game.replay.game is not None
    log, state = game.loaded.data, game.replay.game.state
    assert (log["final_scores"]["Clara"], log["final_scores"]["Anna"]) == (23, 23)
    assert (state.player("Clara").trees, state.player("Anna").trees) == (8, 3)
    assert log["winner"] == "Clara"
    assert audit(game).tie_break == (
        "Clara and Anna tie on 23 VPs; Clara has the most unplanted Trees (Clara 8, Anna 3) "
        "and wins (R-SCORE-07).")


# --- logs with one wrong claim --------------------------------------------------------------

HEADER = re.compile(r"^# Wrong claim: (?P<kind>[^,]+), first diverges at turn (?P<turn>\d+) "
                    r"\((?P<player>\w+) (?P<what>money|vp|final score)\)$")
# The rule of the ledger entry that shows each kind of mistake.
RULE = {"missed participation fee": "R-FEE-03", "wrong tree reward": "R-A10-02",
        "forgotten unsold-resident penalty": "R-SCORE-05",
        "miscounted Public building share": "R-SCORE-03"}


def wrong_claim(path: Path) -> dict[str, Any]:
    """The first line of a samples/claims log: the kind of mistake, where it first shows."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = HEADER.match(first)
    assert match, f"{path.name}: the first line must be '# Wrong claim: <kind>, first " \
                  f"diverges at turn N (<player> <money|vp|final score>)', not {first!r}"
    found = match.groupdict()
    found["turn"] = int(found["turn"])
    return found


def test_one_log_per_kind_of_wrong_claim() -> None:
    assert sorted(wrong_claim(p)["kind"] for p in CLAIMS) == sorted(RULE)


def last_agreement(log: dict[str, Any], turn: int) -> int:
    """The last turn before `turn` that carries claims (0: the setup)."""
    return max((i + 1 for i, t in enumerate(log["turns"]) if t.get("claims") and i + 1 < turn),
               default=0)


@pytest.mark.parametrize("path", CLAIMS, ids=[p.stem for p in CLAIMS])
def test_audit_finds_the_first_wrong_claim_and_explains_it(path: Path, grinivil: Any) -> None:
    """`grinivil audit` exits 1: one claim disagrees, at the turn and player the header names;
    the ledger entries of that player since the last turn with claims include the entry of
    the rule that was misapplied (R-FEE-03, R-A10-02, R-SCORE-05, R-SCORE-03)."""
    expect = wrong_claim(path)
    turn, player, what, rule = expect["turn"], expect["player"], expect["what"], \
        RULE[expect["kind"]]
    game = replayed(path)  # the moves are legal: only a claim is wrong
    since = last_agreement(game.loaded.data, turn)

    code, raw = grinivil("audit", str(path), "--format", "json")
    assert code == 1, raw
    payload = json.loads(raw)
    assert payload["status"] == "disagrees"
    (d,) = payload["divergences"]  # exactly one wrong claim
    assert (d["turn"], d["player"], d["what"]) == (turn, player, what)
    assert d["claimed"] != d["actual"]
    shown = payload["entries_since_agreement"]
    assert shown and all(e["player"] == player and since < e["turn"] <= turn for e in shown)
    assert any(e["rule"] == rule and e["turn"] == turn for e in shown), (
        f"no {rule} entry of {player} at turn {turn}: {shown}")

    code, out = grinivil("audit", str(path))
    assert code == 1, out
    explanation = out.split("\nClaims\n", 1)[1]
    prose = " ".join(explanation.split())  # its lines wrapped at 80 columns, read as one
    when = "at final scoring" if d["what"] == "final score" else f"after turn {turn}"
    assert prose.startswith(
        f"First divergence: {when} (line {d['line']}), the log claims {player} "
        f"has {d['claimed']} ")
    assert f"the rules give {d['actual']}." in prose
    assert (f"Ledger entries of {player} since "
            + (f"turn {since}, the last turn where every claim agreed" if since else "setup")
            ) in prose
    rows = [line.split() for line in explanation.splitlines()]
    assert any(row[:2] == [str(turn), player] and row[-1] == rule for row in rows if row), (
        f"no row of {player} at turn {turn} with {rule}:\n{explanation}")


@pytest.mark.parametrize("path", CLAIMS, ids=[p.stem for p in CLAIMS])
def test_validate_stops_at_the_wrong_claim(path: Path, grinivil: Any) -> None:
    """`grinivil validate` exits 1 with rule CLAIM, at the claim the header names."""
    expect = wrong_claim(path)
    code, raw = grinivil("validate", str(path), "--format", "json")
    assert code == 1, raw
    error = json.loads(raw)["files"][0]["error"]
    assert error["rule"] == "CLAIM"
    assert expect["player"] in error["message"]
    if expect["what"] == "final score":
        assert error["turn"] is None and "final score" in error["message"]
    else:
        assert error["turn"] == expect["turn"]
