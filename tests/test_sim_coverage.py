"""The bots of `grinivil simulate` play games that use the whole game: every action tile of the
standard edition, the sub-steps of a turn (site bonuses R-SBON-01..05, R-SACT-03/05,
Associated Build Actions R-ABA-04, Bonus Road Track rewards R-RDB-04..06), Auctions with
several bidders (R-A05-01..06), accepted Forced Trades (R-A18-01/03), House sales with
co-builders (R-SELL-06, R-SELL-10, R-END-03), excess cubes (R-WH-06), and games that end through
the Sudden-death Round (R-SD-01..05, R-END-01/02/07) in a realistic number of turns.

What each game used is read from its log and its replay by tools/sim_coverage.py (`features`),
which checks its counts against the engine's ledger. The games below are a small set that
together use every feature the bots can reach (picked with `python tools/sim_coverage.py
--games 100`, 500 games: seed 59 with 2 players is one of the 4 in which a Bonus Road Track
Repeat Action is earned), one game for each player count, and one with the promo tiles.

Never reached by the bots, so not asserted here (the gaps of grinivil_cli/sim/bot.py and
grinivil_cli/engine/moves.py; `tools/sim_coverage.py` lists them under "never used"):
  * declined actions (R-TAR-10/11): `moves.last_resort` tries every bare tile before declining
    one, and a bare Subsidy, Convert, Buy Warehouse or Ability Tile is nearly always legal;
  * the `plant` and `explore` site bonuses (R-SACT-02, R-SACT-04): `moves.floor_extras` makes
    a site bonus choice only for `resources` and `road` sites;
  * Build Additional Floor and the associated Sell the House (R-ABA-03, R-ABA-05):
    `floor_extras` never proposes a sale, and proposes an Additional Floor only above 40
    Grinies and without checking that the cubes for a second Floor are there (R-BLD-07);
  * Repeat Actions taken (R-SACT-05): they are earned, but no generator writes `repeat`;
  * Time Buying (R-TBUY-01): no generator writes `buy_time`.
"""

from __future__ import annotations

from typing import Any

import pytest

from grinivil_cli.edition.load import load_edition
from grinivil_cli.engine.ring import DUAL_TILE
from grinivil_cli.engine.state import RING_SIZE

from toolkit import load_tool

ED = load_edition("standard")
PROMOS = ["follower", "crowdfunding", "manager"]

# (players, seed, options)
GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (2, 59, {}),  # a Connected Road, Bonus Road Track Land Tile and Repeat Action rewards
    (2, 85, {}),
    (3, 3, {}),
    (4, 16, {}),
    (5, 37, {}),
    (5, 50, {}),
    (6, 15, {}),
    (4, 1, {"promo_tiles": PROMOS}),
]
# The rulebook gives no game length (no playing time, no number of rounds), so the range of
# turns per player is the bots' own: in 500 games (seeds 1-100, 2 to 6 players) 498 took 21 to
# 155 turns per player; the other two were 2-player games without Subsidy on the ring, stuck
# in Convert and Optimization turns (245 and 340 turns per player: seeds 49 and 33).
TURNS_PER_PLAYER = (20, 160)


cov = load_tool("sim_coverage")


@pytest.fixture(scope="module")
def summary() -> Any:
    """The games played, replayed and scanned (about 2 seconds)."""
    return cov.Summary([cov.play(ED, players, seed, options) for players, seed, options in GAMES])


def used(summary: Any, *features: str) -> dict[str, int]:
    """How often each feature was used over all the games, for the assertion messages."""
    return {f: summary.times[f] for f in features}


def test_every_action_tile_of_the_standard_edition_is_played(summary: Any) -> None:
    """R-SETUP-18/19: the corner tiles, the 9 other non-pink tiles and the 11 pink ones, of
    which 7 come on each ring: each is carried out at least once (the dual tile #08 as both
    Explore Land and Build a Road)."""
    tiles = {k for k, t in ED.action_tiles.items() if not t.promo}
    actions = (tiles - {DUAL_TILE}) | {"explore", "build-road"}
    assert actions <= summary.tiles_on_ring()
    unplayed = sorted(a for a in actions if not summary.times[f"tile:{a}"])
    assert not unplayed, f"never played: {unplayed}"


def test_the_promo_tiles_are_played_when_on_the_ring(summary: Any) -> None:
    """#51P-#53P: a Follower follows, a Crowdfunding is held, a Worker goes on the Manager."""
    counts = used(summary, *(f"tile:{t}" for t in PROMOS), "follow")
    assert all(counts.values()), counts


def test_site_bonuses_are_collected(summary: Any) -> None:
    """R-SBON-01..05, R-SACT-03, R-SACT-05 (the Repeat Action earned); R-TURN-04. Gaps: the
    `plant` and `explore` bonuses (module docstring)."""
    kinds = [k for k in cov.SITE_BONUS_KINDS if k not in ("plant", "explore")]
    counts = used(summary, "site-bonus", *(f"site-bonus:{k}" for k in kinds))
    assert all(counts.values()), counts


def test_associated_build_actions_are_taken(summary: Any) -> None:
    """R-ABA-01, R-ABA-02, R-ABA-04: a Connected Road after a Floor, whose road advances the
    Bonus Road Track. Gaps: Build Additional Floor and the associated Sell the House."""
    counts = used(summary, "associated", "associated:connected_road")
    assert all(counts.values()), counts


def test_every_bonus_road_track_reward_is_collected(summary: Any) -> None:
    """R-RDB-04..06, R-TURN-06: money, Trees, VPs, a Small Warehouse, a Land Tile, a Repeat
    Action earned."""
    counts = used(summary, "road-bonus", *(f"road-bonus:{k}" for k in cov.ROAD_BONUS_KINDS))
    assert all(counts.values()), counts


def test_auctions_trades_and_sales_with_co_builders(summary: Any) -> None:
    """R-A05-01..06: Auctions with one and with several bidders; R-A18-01/03: accepted Forced
    Trades; R-A12-01, R-END-03: Houses sold by #12 and at the very end; R-SELL-06: a sold
    House with another player's Block (Compensation); R-SELL-10, R-SPLIT-01..04: a Commerce
    reward shared by its co-builders."""
    counts = used(summary, "auction:bid", "auction:2+bidders", "forced-trade:accepted",
                  "house-sale:sell-house", "house-sale:final", "house-sale:co-builders",
                  "commerce-reward:split")
    assert all(counts.values()), counts


def test_end_of_turn_and_last_round_steps(summary: Any) -> None:
    """R-WH-06: excess cubes go to the Market; R-SD-03..05: both Sudden-death choices;
    R-END-02: a choosing move that ends a player's game. Gap: Time Buying (R-TBUY-01)."""
    counts = used(summary, "excess-cubes", "sudden-death:stay", "sudden-death:start-tile",
                  "finished-on-choosing")
    assert all(counts.values()), counts


def test_every_feature_but_the_known_gaps_is_used(summary: Any) -> None:
    """Everything tools/sim_coverage.py counts (the tiles on the rings, FEATURES) is used,
    but for the gaps named in the module docstring."""
    gaps = {"declined", "site-bonus:plant", "site-bonus:explore",
            "associated:additional_floor", "associated:sell_house", "repeat-action",
            "time-buying"}
    assert set(summary.missing()) <= gaps, sorted(set(summary.missing()) - gaps)


@pytest.mark.parametrize("players,seed,options", GAMES,
                         ids=[f"{p}p-seed{s}{'-promo' if o else ''}" for p, s, o in GAMES])
def test_game_ends_through_the_sudden_death_round_in_a_realistic_number_of_turns(
        summary: Any, players: int, seed: int, options: dict[str, Any]) -> None:
    """R-SD-01, R-SD-02, R-END-07: the Sudden-death Round is triggered once and every player
    then finishes. The last round is at most one lap: each turn moves the token forward at
    least one of the 20 tiles (R-TAR-01..04), so a player takes at most RING_SIZE turns
    before the one that completes the TAR and ends their game (R-END-01). The whole game
    takes TURNS_PER_PLAYER turns per player (the bots' range: the rulebook gives no game
    length)."""
    game = next(g for g in summary.games if (g.players, g.seed, g.options) ==
                (players, seed, options))
    assert game.used["ended-by-sudden-death"] == 1
    assert game.last_round is not None and game.last_round <= (RING_SIZE + 1) * players
    low, high = TURNS_PER_PLAYER
    assert low * players <= game.turns <= high * players, game.turns
