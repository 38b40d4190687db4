"""Which rules do the bots' games exercise? Simulate games with `grinivil simulate`'s bots,
replay each from its log alone, and count, per feature, how many games used it and how often.

Usage: python tools/sim_coverage.py [--games K] [--players 2,3,4,5,6] [--seed S]
                                    [--option KEY=VALUE ...]
K games (seeds S, S+1, ...) for each player count; `--option` as for `grinivil simulate`.
Prints one row per feature (with the first games that used it, as players/seed), the turns
per game and how many games ended through the Sudden-death Round. Exit status 1 when a
feature was never used (a tile counts only when it was on some game's ring), 0 otherwise.

Features are read from the replayed data: the ledger entries (their rule ids and causes, as
grinivil_cli/engine records them) and the log's turn records (docs/log-format.md), with a
Repeat Action's record counted like a turn's. Where the log alone would be ambiguous the
detector checks the ledger, and a count that the engine's own bookkeeping contradicts (the
Bonus Road Track positions, the Auction winners, the Forced Trade payments, the
Compensations) raises `DetectorError`: a detector out of step with the engine is a bug here.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TOP = Path(__file__).resolve().parent.parent
if str(TOP) not in sys.path:  # runnable from a checkout without `pip install -e .`
    sys.path.insert(0, str(TOP))

from grinivil_cli.edition.load import load_edition  # noqa: E402
from grinivil_cli.edition.model import Edition  # noqa: E402
from grinivil_cli.engine import townland  # noqa: E402
from grinivil_cli.engine.actions import NAMES as ACTION_NAMES  # noqa: E402
from grinivil_cli.engine.actions.build import (  # noqa: E402
    ADDITIONAL_FLOOR,
    CONNECTED_ROAD,
    SELL_THE_HOUSE,
)
from grinivil_cli.engine.ledger import Entry  # noqa: E402
from grinivil_cli.engine.replay import Replay, replay  # noqa: E402
from grinivil_cli.engine.state import MUNICIPALITY, GameState  # noqa: E402
from grinivil_cli.engine.tiles import BUILD_TILES, DUAL_TILE, ring_tile_of  # noqa: E402
from grinivil_cli.engine.turnstate import Move, steps_to  # noqa: E402
from grinivil_cli.errors import IllegalMove  # noqa: E402
from grinivil_cli.logfile.loaded import Loaded  # noqa: E402
from grinivil_cli.sim.simulate import simulate  # noqa: E402
from grinivil_cli.table.deal import SimulationError, check_options, parse_option  # noqa: E402

Record = dict[str, Any]
FIRST_GAMES = 3  # games named per feature ("players p/seed"), to replay the rare ones

# Every feature but the tiles, in table order, with what it counts. A tile's row is
# "tile:<action key>" (the dual tile #08 as its halves, `explore` and `build-road`).
SITE_BONUS_KINDS = ("vp", "money", "trees", "resources", "plant", "road", "explore", "repeat")
ROAD_BONUS_KINDS = ("money", "trees", "vp", "warehouse", "explore", "repeat")
FEATURES: dict[str, str] = {
    "declined": "actions declined, 2 VP penalty (R-TAR-10/11)",
    "finished-on-choosing": "last round: the choosing move finished the player (R-END-02)",
    "site-bonus": "site bonuses collected, any kind (R-SBON-01)",
    **{f"site-bonus:{k}": f"site bonus: {k}" for k in SITE_BONUS_KINDS},
    "associated": "Associated Build Actions, any kind (R-ABA-01/02)",
    "associated:additional_floor": "Build Additional Floor, 25 G (R-ABA-03)",
    "associated:connected_road": "Build Connected Road, 10 G (R-ABA-04)",
    "associated:sell_house": "Sell the House after building, 15 G (R-ABA-05)",
    "road-bonus": "Bonus Road Track spaces reached and collected (R-RDB-04..06)",
    **{f"road-bonus:{k}": f"road bonus: {k}" for k in ROAD_BONUS_KINDS},
    "repeat-action": "Repeat Actions taken (R-SACT-05)",
    "auction:bid": "Auctions held, at least one bid (R-A05-01..05)",
    "auction:2+bidders": "Auctions with two or more bidders (R-A05-03/04)",
    "forced-trade:accepted": "cubes swapped in accepted Forced Trades (R-A18-01/03)",
    "house-sale:sell-house": "Houses sold with #12 Sell the House (R-A12-01)",
    "house-sale:final": "final House sales on the Starting Tile (R-END-03)",
    "house-sale:co-builders": "sold Houses with another player's Block: Compensation "
                              "(R-SELL-06)",
    "commerce-reward:split": "Commerce rewards of a sale shared by 2+ players (R-SELL-10, "
                             "R-SPLIT-01..04)",
    "time-buying": "Time Units bought, 3 G each (R-TBUY-01)",
    "excess-cubes": "players with excess cubes at the end of a turn (R-WH-06)",
    "sudden-death:stay": "Sudden-death choices: stay (R-SD-04)",
    "sudden-death:start-tile": "Sudden-death choices: to the Starting Tile (R-SD-05)",
    "ended-by-sudden-death": "games finished through the Sudden-death Round (R-SD-01, "
                             "R-END-07)",
}
# Features only a game variant can use: reported when seen, never required.
VARIANT_FEATURES: dict[str, str] = {"follow": "actions performed as a Follower (#51P)"}
ROAD_REWARD_WHAT = {"money": "money", "vp": "vp", "trees": "trees",
                    "warehouse": "small_warehouses"}


class DetectorError(Exception):
    """A detector disagrees with the engine's own bookkeeping (a bug in this tool)."""


@dataclass
class Action:
    """One action of a turn: the turn's own record or a Repeat Action's, in the order played."""

    turn: int  # the log's turn number (1-based), which the ledger entries carry
    player: str
    rec: Record
    repeat: bool  # taken as a Repeat Action


def actions(turn: int, record: Record) -> Iterator[Action]:
    """The turn's action, then each of its Repeat Actions with their own, depth first (the
    engine plays them in this order: turn.play_action). The snapshots hold the table between
    turns only, so a Repeat Action whose choosing move ends the player's game in the last
    round (R-END-01) cannot be told apart: it counts as carried out."""

    def walk(rec: Record, repeat: bool) -> Iterator[Action]:
        yield Action(turn, record["player"], rec, repeat)
        for sub in rec.get("repeat") or []:
            yield from walk(sub, True)

    yield from walk(record, False)


def ring_actions(state: GameState) -> set[str]:
    """The actions that can be chosen on this ring (the dual tile as its two halves)."""
    tiles = set(state.ring.tiles)
    if DUAL_TILE in tiles:
        tiles = (tiles - {DUAL_TILE}) | {"explore", "build-road"}
    return tiles


def finished_on_choosing(before: GameState, record: Record) -> bool:
    """In the last round a choosing move that completes the TAR ends the player's game and the
    action is not carried out (R-END-01/02): the move as turn.move_token plays it."""
    if not before.sudden_death or record.get("follow"):
        return False
    p = before.player(record["player"])
    target = before.ring.position_of(ring_tile_of(record["tile"]))
    return target is not None and Move.forward(p.position, steps_to(p.position, target)).laps > 0


class Ledger:
    """The replay's ledger entries, indexed by turn (and player)."""

    def __init__(self, entries: list[Entry]) -> None:
        self.entries = entries
        self.by_turn: dict[int, list[Entry]] = {}
        for e in entries:
            self.by_turn.setdefault(e.turn, []).append(e)

    def find(self, turn: int, player: str | None = None, *, rule: str | None = None,
             cause: str | None = None, what: str | None = None) -> list[Entry]:
        """The entries of a turn, of a player, a rule, a cause and a kind (None: any)."""
        return [e for e in self.by_turn.get(turn, [])
                if (player is None or e.player == player) and (rule is None or e.rule == rule)
                and (cause is None or e.cause == cause) and (what is None or e.what == what)]

    def payments(self, rule: str, amount: int | None = None) -> int:
        """Payments under a rule (one entry per payer), of exactly `amount` when given."""
        return sum(1 for e in self.entries if e.rule == rule and e.what == "money"
                   and e.amount < 0 and (amount is None or e.amount == -amount))


def features(log: dict[str, Any], r: Replay) -> Counter[str]:
    """How often each feature (FEATURES, VARIANT_FEATURES, "tile:<action>") is used in one
    game: `log` as simulated, `r` its replay (with snapshots, as `replay` keeps by default)."""
    if r.game is None or r.error is not None or len(r.snapshots) != len(log["turns"]) + 1:
        raise DetectorError(f"the log does not replay legally: {r.error}")
    scan = Scan(r)
    for i, record in enumerate(log["turns"]):
        scan.turn(i + 1, record, r.snapshots[i].state, r.snapshots[i + 1].state)
    scan.check_engine_totals()
    if (scan.final.sudden_death and r.finished
            and sum("sudden_death" in t for t in log["turns"]) == 1):
        scan.used["ended-by-sudden-death"] += 1
    return scan.used


class Scan:
    """The features of one replayed game, gathered turn by turn."""

    def __init__(self, r: Replay) -> None:
        assert r.game is not None
        self.ed: Edition = r.game.ed
        self.setup, self.final = r.snapshots[0].state, r.game.state
        self.ledger = Ledger(r.ledger.entries)
        self.used: Counter[str] = Counter()
        self.track = {p.name: p.road_track for p in self.setup.players}  # Bonus Road Track
        self.first_floors = {(e.turn, e.player, e.counterparty) for e in self.ledger.entries
                             if e.what == "blocks" and e.rule == "R-BLD-08"}
        self.auctions = self.sales = 0
        # bonuses detected through their ledger cause, checked against the causes' count
        self.site_bonus_entries = self.road_bonus_entries = 0

    def turn(self, number: int, record: Record, before: GameState, after: GameState) -> None:
        """One turn: its actions (unless the choosing move ended the player's game), then
        what belongs to the whole turn."""
        if finished_on_choosing(before, record):
            if not after.player(record["player"]).finished:
                raise DetectorError(f"turn {number}: the choosing move completes the TAR in "
                                    f"the last round, but {record['player']} plays on")
            self.used["finished-on-choosing"] += 1
        else:
            for a in actions(number, record):
                self.action(a)
        self.whole_turn(number, record)

    def action(self, a: Action) -> None:
        """One action, declined or carried out: its tile (a Follower's action as `follow`),
        an Auction, and the sub-steps of the Build, Build Road, Sell the House and Forced
        Trade actions."""
        rec, tile, used = a.rec, a.rec["tile"], self.used
        used["repeat-action"] += a.repeat
        if tile == "auction":
            self.auction(rec)
        if rec.get("declined") is True:
            used["declined"] += 1
            return
        if set(rec) == {"tile"} and tile in (*BUILD_TILES, "sell-house", "build-road"):
            # a Repeat Action whose choosing move ended the player's game in the last round:
            # the turn ends there, without the action (R-END-01, R-END-02)
            used["finished-on-choosing"] += 1
            return
        used["follow" if rec.get("follow") else f"tile:{tile}"] += 1
        if tile in BUILD_TILES:
            if (a.turn, a.player, rec["site"]) in self.first_floors:
                self.site_bonus(a)
            associated = rec.get("associated") or {}
            for kind in associated:
                used["associated"] += 1
                used[f"associated:{kind}"] += 1
            if "connected_road" in associated:
                self.road_bonus(a, associated["connected_road"] or {})
            if "sell_house" in associated:
                self.house_sale(a, rec["site"])
        elif tile == "build-road":
            self.road_bonus(a, rec)
        elif tile == "sell-house":
            used["house-sale:sell-house"] += 1
            self.house_sale(a, rec["house"])
        elif tile == "forced-trade":
            # one swap per trade; the engine refuses a trade not accepted (R-A18-01)
            used["forced-trade:accepted"] += len(rec.get("trades") or [])

    def auction(self, rec: Record) -> None:
        """An Auction is held when anyone bids: always when carried out (the Initiator bids 10
        or more), when declined only if others bid (R-A05-02, R-TAR-12)."""
        bidders = sum(1 for v in (rec.get("bids") or {}).values() if int(v))
        self.auctions += bidders > 0
        self.used["auction:bid"] += bidders > 0
        self.used["auction:2+bidders"] += bidders >= 2

    def site_bonus(self, a: Action) -> None:
        """The first Floor on a bonus site by a Build action (build.site_bonus): VP, money,
        Trees and Resources show in the ledger as "site bonus at <site>" (R-SBON-03..05),
        planting as R-SACT-02; a road or a Land Tile is recorded in the log's `site_bonus`
        (R-SACT-03/04); a Repeat Action is earned unless declined (R-SACT-05)."""
        site = a.rec["site"]
        bonus = townland.site_spec(self.ed, self.final.townland, site).bonus  # tiles stay put
        choice = a.rec.get("site_bonus")
        if bonus is None or choice == "declined":
            return
        kind = bonus.kind
        if kind in ("vp", "money", "trees", "resources"):
            got = bool(self.ledger.find(a.turn, a.player, cause=f"site bonus at {site}"))
            self.site_bonus_entries += got
        elif kind == "plant":
            got = bool(self.ledger.find(a.turn, a.player, rule="R-SACT-02", what="vp"))
        elif kind in ("road", "explore"):
            got = isinstance(choice, dict) and kind in choice
        else:
            got = kind == "repeat"
        if got:
            self.used["site-bonus"] += 1
            self.used[f"site-bonus:{kind}"] += 1

    def road_bonus(self, a: Action, parent: Record) -> None:
        """One step on the Bonus Road Track, as roads.advance_road_track takes it: the rewards
        of the space reached, unless declined or past the end (R-RDB-04..06, AMB-RDB-01).
        Automatic rewards show in the ledger as "Bonus Road Track space <n>"; a Land Tile is
        the log's `road_bonus.explore`; a Repeat Action is earned."""
        self.track[a.player] += 1
        space = self.track[a.player]
        choice = parent.get("road_bonus")
        if space > len(self.ed.road_track) or choice == "declined":
            return
        cause = f"Bonus Road Track space {space}"
        kinds = []
        for reward in self.ed.road_track[space - 1]:
            if reward.kind in ROAD_REWARD_WHAT:
                got = bool(self.ledger.find(a.turn, a.player, cause=cause,
                                            what=ROAD_REWARD_WHAT[reward.kind]))
            elif reward.kind == "explore":
                got = isinstance(choice, dict) and "explore" in choice
            else:
                got = reward.kind == "repeat"
            if got:
                kinds.append(reward.kind)
        self.road_bonus_entries += any(k in ROAD_REWARD_WHAT for k in kinds)
        if kinds:
            self.used["road-bonus"] += 1
            for kind in kinds:
                self.used[f"road-bonus:{kind}"] += 1

    def house_sale(self, a: Action, house: str) -> None:
        """A House sold by #12, the associated action or the final sale
        (residents.sell_house): co-built when another player has a Block in it, whom the
        seller pays Compensation (R-SELL-06). A sold House keeps its Blocks, so the final
        townland shows them."""
        self.sales += 1
        others = set(self.final.townland.buildings[house].blocks) - {a.player, MUNICIPALITY}
        paid = {e.counterparty for e in self.ledger.find(a.turn, a.player, rule="R-SELL-06")
                if e.amount < 0}
        if not others <= paid:
            raise DetectorError(f"turn {a.turn}: the House at {house} has Blocks of "
                                f"{sorted(others)}, but {a.player} paid Compensation to "
                                f"{sorted(paid)}")
        self.used["house-sale:co-builders"] += bool(others)

    def whole_turn(self, number: int, record: Record) -> None:
        """What belongs to the whole turn: the final sale, Time Buying, excess cubes, the
        Sudden-death choices, and the Commerce rewards shared at the turn's sales."""
        used = self.used
        if record.get("final_sale"):
            used["house-sale:final"] += 1
            self.house_sale(Action(number, record["player"], record, False),
                            record["final_sale"]["house"])
        entries = self.ledger.find(number)
        used["time-buying"] += sum(1 for e in entries if e.rule == "R-TBUY-01" and e.amount < 0)
        used["excess-cubes"] += len({e.player for e in entries if e.rule == "R-WH-06"})
        for choice in (record.get("sudden_death") or {}).values():
            used[f"sudden-death:{choice}"] += 1
        rewards: dict[str, set[str]] = {}  # residents.distribute: one cause per building
        for e in entries:
            if e.rule == "R-SELL-10":
                rewards.setdefault(e.cause, set()).add(e.player)
        used["commerce-reward:split"] += sum(1 for who in rewards.values() if len(who) >= 2)

    def check_engine_totals(self) -> None:
        """The detectors' counts against the engine's own records of the whole game."""
        positions = {p.name: p.road_track for p in self.final.players}
        if self.track != positions:
            raise DetectorError(f"Bonus Road Track positions {self.track}, the engine's "
                                f"{positions}")
        used, ledger = self.used, self.ledger
        causes = {(e.turn, e.player, e.cause) for e in ledger.entries}
        checks = [
            ("Auctions held", self.auctions, ledger.payments("R-A05-05")),
            ("Forced Trade swaps", used["forced-trade:accepted"], ledger.payments("R-A18-03")),
            ("Additional Floors", used["associated:additional_floor"],
             ledger.payments("R-ABA-03", ADDITIONAL_FLOOR)),
            ("Connected Roads", used["associated:connected_road"],
             ledger.payments("R-ABA-04", CONNECTED_ROAD)),
            ("associated sales", used["associated:sell_house"],
             ledger.payments("R-ABA-05", SELL_THE_HOUSE)),
            ("House sales", self.sales,
             sum(b.sold for b in self.final.townland.buildings.values())),
            ("site bonuses in the ledger", self.site_bonus_entries,
             sum(1 for c in causes if c[2].startswith("site bonus at "))),
            ("road bonuses in the ledger", self.road_bonus_entries,
             sum(1 for c in causes if c[2].startswith("Bonus Road Track space "))),
        ]
        for what, mine, engine in checks:
            if mine != engine:
                raise DetectorError(f"{what}: {mine} detected, {engine} in the replay")


@dataclass
class Game:
    """One simulated game and what it used."""

    players: int
    seed: int
    options: dict[str, Any]
    turns: int
    last_round: int | None  # turns after the one that triggered the Sudden-death Round
    used: Counter[str]
    ring: set[str]  # the actions its ring offered


def play(edition: Edition, players: int, seed: int,
         options: dict[str, Any] | None = None) -> Game:
    """Simulate one game, replay it from its log alone and detect its features."""
    log = simulate(edition, players, seed, options)
    r = replay(edition, Loaded(f"simulated-{players}p-{seed}", log))
    used = features(log, r)
    turns = log["turns"]
    trigger = next((i for i, t in enumerate(turns) if "sudden_death" in t), None)
    last_round = None if trigger is None else len(turns) - trigger - 1
    return Game(players, seed, dict(options or {}), len(turns), last_round, used,
                ring_actions(r.snapshots[0].state))


@dataclass
class Summary:
    """Feature totals over several games."""

    games: list[Game]
    in_games: Counter[str] = field(default_factory=Counter)
    times: Counter[str] = field(default_factory=Counter)
    first: dict[str, list[str]] = field(default_factory=dict)  # feature -> its first games

    def __post_init__(self) -> None:
        for g in self.games:
            self.times.update(g.used)
            self.in_games.update(k for k, n in g.used.items() if n)
            for k, n in g.used.items():
                seen = self.first.setdefault(k, [])
                if n and len(seen) < FIRST_GAMES:
                    seen.append(f"{g.players}p/{g.seed}")

    def tiles_on_ring(self) -> set[str]:
        return set().union(*(g.ring for g in self.games))

    def rows(self) -> list[str]:
        """Every feature to report: the tiles on some ring, then FEATURES, then the variant
        features seen."""
        tiles = [f"tile:{t}" for t in sorted(self.tiles_on_ring())]
        extra = [k for k in VARIANT_FEATURES if self.times[k]]
        return tiles + list(FEATURES) + extra

    def missing(self) -> list[str]:
        """Required features no game used."""
        return [k for k in self.rows() if not self.times[k]]

    def ended_by_sudden_death(self) -> int:
        return self.in_games["ended-by-sudden-death"]


def describe(edition: Edition, key: str) -> str:
    """A row's explanation: the tile as printed, or what the feature counts."""
    if key.startswith("tile:"):
        action = key.removeprefix("tile:")
        tile = edition.action_tiles[ring_tile_of(action)]
        return f"#{tile.number} {ACTION_NAMES.get(action, tile.name)}"
    return FEATURES.get(key) or VARIANT_FEATURES.get(key, "")


def spread(values: list[int] | list[float]) -> str:
    return (f"min {min(values):g}, median {statistics.median(values):g}, "
            f"max {max(values):g}")


def report(edition: Edition, summary: Summary) -> str:
    """The table, the turns per game, the Sudden-death endings and what was never used."""
    n = len(summary.games)
    rows = summary.rows()
    width = max(len(k) for k in rows)
    lines = [f"{'feature':<{width}}  {'games':>7}  {'times':>6}  {'first games':<20}  what",
             f"{'-' * width}  {'-' * 7}  {'-' * 6}  {'-' * 20}  ----"]
    for key in rows:
        share = f"{summary.in_games[key]}/{n}"
        first = " ".join(summary.first.get(key, [])) or "-"
        lines.append(f"{key:<{width}}  {share:>7}  {summary.times[key]:>6}  {first:<20}  "
                     f"{describe(edition, key)}")
    lines += ["", f"turns per game: {spread([g.turns for g in summary.games])} ({n} games)"]
    for players in sorted({g.players for g in summary.games}):
        games = [g for g in summary.games if g.players == players]
        lines.append(f"  {players} players: {spread([g.turns for g in games])}; per player "
                     f"{spread([round(g.turns / players) for g in games])}")
    last = [round(g.last_round / g.players) for g in summary.games if g.last_round is not None]
    if last:
        lines.append(f"the last round, turns per player after the trigger: {spread(last)}")
    lines.append(f"ended through the Sudden-death Round: {summary.ended_by_sudden_death()} "
                 f"of {n} games")
    missing = summary.missing()
    unplayed = [k.removeprefix("tile:") for k in missing if k.startswith("tile:")]
    if unplayed:
        lines.append(f"tiles on a ring but never played: {', '.join(unplayed)}")
    lines.append(f"never used: {', '.join(missing)}" if missing else "every feature was used")
    return "\n".join(lines)


def player_counts(text: str) -> list[int]:
    counts = [int(x) for x in text.split(",") if x.strip()]
    if not counts or any(not 2 <= n <= 6 for n in counts):
        raise argparse.ArgumentTypeError("player counts are 2 to 6, comma separated")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per player count")
    parser.add_argument("--players", type=player_counts, default=[2, 3, 4, 5, 6],
                        help="player counts, e.g. 2,3,4 (default 2 to 6)")
    parser.add_argument("--seed", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game variant, as `grinivil simulate --option`")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games is 1 or more")
    options: dict[str, Any] = {}
    try:
        for text in args.option:
            options.update(parse_option(text))
        check_options(options)
    except ValueError as e:
        parser.error(str(e))
    edition = load_edition("standard")
    games: list[Game] = []
    unfinished: list[str] = []
    for players in args.players:
        for seed in range(args.seed, args.seed + args.games):
            try:
                games.append(play(edition, players, seed, options or None))
            except IllegalMove as e:  # e.g. an option the setup refuses: no game can be had
                parser.error(f"cannot play these games: {e}")
            except SimulationError as e:  # a game the bots do not end: named, left out
                unfinished.append(f"{players}p/{seed}: {e}")
    if not games:
        parser.error("no game could be played: " + "; ".join(unfinished))
    summary = Summary(games)
    print(report(edition, summary))
    for line in unfinished:
        print(f"left out, not ended by the bots: {line}")
    return 1 if summary.missing() else 0


if __name__ == "__main__":
    sys.exit(main())
