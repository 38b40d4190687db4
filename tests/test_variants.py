"""Game Variants (catalogue section 13): the log header's `options`, Quick and Long Games,
Beginners Ring, ignoring Maximum Distance, Personalized TAR and Big Town (R-VAR-*, AMB-VAR-*).

gamekit.base_log(n) is a legal base-game setup; its ring (gamekit.RING) holds the pink tiles
import, optimization, replanting, subsidy, forced-trade, architect and banker.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from test_resident_rules import milan_town

from grinivil_cli.engine.game import Game
from grinivil_cli.engine.records import Options
from grinivil_cli.engine.setup import BLOCKS, set_up
from grinivil_cli.errors import IllegalMove, LogFormatError
from grinivil_cli.reports.report import validation
from grinivil_cli.table.loading import load_game, read_log

from gamekit import base_log, edition, illegal, play, player

TOP = Path(__file__).resolve().parent.parent
VARIANT_SAMPLES = sorted((TOP / "samples" / "variants").glob("*.yaml"))


def with_options(n: int = 2, **options: Any) -> dict[str, Any]:
    log = base_log(n)
    log["options"] = options
    return log


def game(n: int = 2, **options: Any) -> Game:
    return set_up(edition(), with_options(n, **options))


def setup_error(rule: str, log: dict[str, Any]) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        set_up(edition(), log)
    assert info.value.rule == rule, f"expected {rule}, got {info.value.rule}: {info.value}"
    return info.value


def format_error(tmp_path: Path, log: dict[str, Any]) -> str:
    path = tmp_path / "log.yaml"
    path.write_text(yaml.safe_dump(log, sort_keys=False))
    with pytest.raises(LogFormatError) as info:
        read_log(path)
    return "\n".join(str(p) for p in info.value.problems)


# --- the log header's options --------------------------------------------------------------------

def test_options_are_stored_on_the_state_and_shown_by_validate(tmp_path: Path) -> None:
    """R-VAR-QUICK-01, R-VAR-PERS-01: the header's options are read into their record
    (GameState.options: every variant a field, the picks records too, the promo tiles in the
    log's order) and `validate` prints them in one line."""
    log = with_options(3, blocks=-1, big_town=True, ignore_max_distance=True,
                       personalized_tar=[{"player": "Anna", "include": "import"},
                                         {"player": "Bruno", "exclude": "merchant"}],
                       promo_tiles=["manager", "follower"])
    g = set_up(edition(), log)
    options = g.state.options
    assert (options.blocks, options.big_town, options.beginners_ring,
            options.ignore_max_distance) == (-1, True, False, True)
    assert options.promo_tiles == ("manager", "follower")
    assert [(p.player, p.include, p.exclude) for p in options.personalized_tar] == [
        ("Anna", "import", None), ("Bruno", None, "merchant")]
    assert options.personalized_tar[1].path == ("options", "personalized_tar", 1)
    assert options.write() == log["options"]  # written back as the log has it
    assert g.state.copy().options == g.state.options
    path = tmp_path / "log.yaml"
    path.write_text(yaml.safe_dump(log, sort_keys=False))
    out = validation(str(path), load_game(path))
    assert out["status"] == "legal"
    assert ("options: Quick Game (-1 Building Blocks each), Big Town, Maximum Distance ignored, "
            "Personalized TAR (Anna +import, Bruno -merchant), promo tiles follower, manager"
            ) in out["text"].splitlines()
    assert out["options"]["promo_tiles"] == ["follower", "manager"]


def test_base_game_has_no_options_line(tmp_path: Path) -> None:
    """Without `options` the state's options are empty and validate prints no options line."""
    assert new_base().state.options == Options() and not new_base().state.options.played
    path = tmp_path / "log.yaml"
    path.write_text(yaml.safe_dump(base_log(2), sort_keys=False))
    out = validation(str(path), load_game(path))
    assert "options" not in out and "options:" not in out["text"]


def new_base() -> Game:
    return set_up(edition(), base_log(2))


def test_unknown_or_malformed_options_are_format_errors(tmp_path: Path) -> None:
    """The schema lists every option and its names: an unknown key, a pick of an unknown
    player, a misspelt tile, an unknown Big Town decision are refused before the replay
    (exit 2). The numbers and the pink or promo tiles are the rules' (below)."""
    assert "unknown key 'quick' in 'options'" in format_error(
        tmp_path, with_options(2, quick=True))
    assert "'Zoe' is not a player" in format_error(tmp_path, with_options(
        2, personalized_tar=[{"player": "Zoe", "include": "import"}]))
    assert "'folower' is not an action tile; did you mean 'follower'?" in format_error(
        tmp_path, with_options(2, promo_tiles=["folower"]))
    log = base_log(2)
    log["turns"] = [{"player": "Anna", "tile": "convert", "big_town": "maybe"}]
    assert "expected 'extra-block' or 'sudden-death'" in format_error(tmp_path, log)


def test_option_values_the_rules_refuse() -> None:
    """R-VAR-LONG-01, R-VAR-PERS-01, R-SETUP-19: a block change beyond 2, a pick with both
    include and exclude or with neither, a promo tile that is not one are read, and refused at
    setup by their rule (exit 1)."""
    assert "by 1 or 2; the log says 3" in setup_error(
        "R-VAR-LONG-01", with_options(3, blocks=3)).message
    both = [{"player": "Anna", "include": "import", "exclude": "banker"}]
    assert "names both" in setup_error(
        "R-VAR-PERS-01", with_options(2, personalized_tar=both)).message
    assert "names neither" in setup_error(
        "R-VAR-PERS-01", with_options(2, personalized_tar=[{"player": "Anna"}])).message
    assert "'banker' is not a promo tile" in setup_error(
        "R-SETUP-19", with_options(2, promo_tiles=["banker"])).message


# --- Quick and Long Games ------------------------------------------------------------------------

def test_quick_game_takes_blocks_from_every_player() -> None:
    """R-VAR-QUICK-01, AMB-VAR-05: 2 players have 14 Blocks each; Quick -2 leaves 12 each,
    3 players (12) with -1 have 11 each."""
    assert BLOCKS[2] == 14 and BLOCKS[3] == 12
    assert [p.blocks for p in game(2, blocks=-2).state.players] == [12, 12]
    assert [p.blocks for p in game(3, blocks=-1).state.players] == [11, 11, 11]


def test_long_game_adds_blocks_but_not_with_two_players() -> None:
    """R-VAR-LONG-01, AMB-VAR-05: 4 players (10 Blocks) with +1 have 11 each, 3 players (12)
    with +2 have 14; with 2 players the Long Game is refused."""
    assert [p.blocks for p in game(4, blocks=1).state.players] == [11] * 4
    assert [p.blocks for p in game(3, blocks=2).state.players] == [14] * 3
    e = setup_error("R-VAR-LONG-01", with_options(2, blocks=1))
    assert "not available with 2 players" in e.message and e.path == ("options", "blocks")
    e = setup_error("R-VAR-LONG-01", with_options(3, blocks=3))
    assert "1 or 2" in e.message
    assert [p.blocks for p in game(2, blocks=0).state.players] == [14, 14]


# --- Beginners Ring ------------------------------------------------------------------------------

def test_beginners_ring_must_be_the_edition_layout() -> None:
    """R-VAR-BEG-02, AMB-VAR-01: with `beginners_ring` the 16 variable tiles are the edition's
    fixed layout, in order; any other ring is illegal at its first different tile."""
    layout = list(edition().beginners_ring)
    assert len(layout) == 16 and sum(edition().action_tiles[k].pink for k in layout) == 7
    log = with_options(4, beginners_ring=True)
    log["setup"]["ring"] = list(layout)
    assert set_up(edition(), log).state.ring.tile_at(2) == layout[0]  # r1 is position 2
    swapped = list(layout)
    swapped[2], swapped[3] = swapped[3], swapped[2]
    log["setup"]["ring"] = swapped
    e = setup_error("R-VAR-BEG-02", log)
    assert f"'{layout[2]}' at r3" in e.message and e.path == ("setup", "ring", 2)
    e = setup_error("R-VAR-BEG-02", with_options(2, beginners_ring=True))  # gamekit.RING
    assert "r1" in e.message


def test_ignore_max_distance_lets_a_far_building_meet_the_feature() -> None:
    """R-VAR-BEG-03, AMB-VAR-01, R-DIST-03: Milan's School must be within distance 2; the one
    at O1.s3 is at distance 3 from the House at I0.s2 (R0 -> ring -> R1 -> O1.road; illegal in
    the base game, test_resident_rules). With `ignore_max_distance` the sale goes through:
    Anna 4 VP and 50 + 15 + min(10 x 2, 50) = 85 G, the School's builder Bruno Milan's 3 VP."""
    g = milan_town("O1.s3", house="I0.s2")
    illegal(g, "R-SELL-05", player="Anna", tile="sell-house", house="I0.s2", resident="milan")
    g.state.options = Options(ignore_max_distance=True)
    play(g, player="Anna", tile="sell-house", house="I0.s2", resident="milan")
    assert (player(g, "Anna").vp, player(g, "Anna").money) == (4, 85)
    assert (player(g, "Bruno").vp, player(g, "Bruno").money) == (3, 50)


# --- Personalized TAR ----------------------------------------------------------------------------

def picks(*pairs: tuple[str, str, str]) -> list[dict[str, str]]:
    return [{"player": who, kind: tile} for who, kind, tile in pairs]


def test_personalized_tar_forced_in_and_kept_out_tiles() -> None:
    """R-VAR-PERS-01, AMB-VAR-02: Anna forces import in (it is among the 7 pink tiles on the
    ring), Bruno keeps merchant out (it is not on the ring): legal."""
    g = game(2, personalized_tar=picks(("Anna", "include", "import"),
                                       ("Bruno", "exclude", "merchant")))
    assert "import" in g.state.ring.tiles and "merchant" not in g.state.ring.tiles


def test_personalized_tar_picks_that_the_ring_breaks() -> None:
    """R-VAR-PERS-01, AMB-VAR-02: a kept-out tile on the ring, a forced-in tile missing from it,
    a tile without a pink border, a promo tile not in the game, and a second pick by the same
    player are illegal, each at the pick."""
    e = setup_error("R-VAR-PERS-01", with_options(
        2, personalized_tar=picks(("Anna", "exclude", "banker"))))
    assert "kept it out, but it is on the ring" in e.message
    assert e.path == ("options", "personalized_tar", 0, "exclude")
    e = setup_error("R-VAR-PERS-01", with_options(
        2, personalized_tar=picks(("Anna", "include", "import"), ("Bruno", "include", "engineer"))))
    assert "forced it in, but it is not on the ring" in e.message
    assert e.path == ("options", "personalized_tar", 1, "include")
    e = setup_error("R-VAR-PERS-01", with_options(
        2, personalized_tar=picks(("Anna", "include", "auction"))))
    assert "no pink border" in e.message
    e = setup_error("R-VAR-PERS-01", with_options(
        2, personalized_tar=picks(("Anna", "exclude", "follower"))))
    assert "promo tile not in the game" in e.message
    e = setup_error("R-VAR-PERS-01", with_options(
        2, personalized_tar=picks(("Anna", "include", "import"), ("Anna", "exclude", "merchant"))))
    assert "one tile only" in e.message


def test_personalized_tar_a_tile_named_twice_follows_the_later_pick() -> None:
    """AMB-VAR-02, R-VAR-PERS-01: Anna forces engineer in, Bruno then keeps it out: the later
    pick decides, so a ring without engineer is legal; the other way round too (import). A promo
    tile in the game may be picked (kept out here)."""
    game(2, personalized_tar=picks(("Anna", "include", "engineer"),
                                   ("Bruno", "exclude", "engineer")))
    game(2, personalized_tar=picks(("Anna", "exclude", "import"), ("Bruno", "include", "import")))
    game(2, promo_tiles=["follower"], personalized_tar=picks(("Anna", "exclude", "follower")))
    setup_error("R-VAR-PERS-01", with_options(
        2, personalized_tar=picks(("Anna", "include", "import"), ("Bruno", "exclude", "import"))))


# --- Big Town ------------------------------------------------------------------------------------

def big_town(n: int = 3) -> Game:
    return game(n, big_town=True)


def at_blocks(g: Game, name: str, blocks: int) -> None:
    """Arrange: `name` has `blocks` Blocks left and it is their turn, from the Starting Tile."""
    player(g, name).blocks = blocks
    player(g, name).position = 0
    g.state.current = g.state.index_of(name)


def block_entries(g: Game, rule: str) -> list[tuple[str, int, int]]:
    return [(e.player, e.amount, e.total) for e in g.ledger.entries
            if e.what == "blocks" and e.rule == rule]


def test_big_town_first_player_takes_an_extra_block() -> None:
    """R-VAR-BIG-01: Anna ends her turn with 2 Blocks, the first to do so: the log must record
    her decision; she takes an extra Block (2 + 1 = 3, ledger entry) and the game goes on, so no
    Sudden-death choices may be recorded."""
    g = big_town()
    at_blocks(g, "Anna", 2)
    e = illegal(g, "R-VAR-BIG-01", player="Anna", tile="convert")
    assert "2 Building Blocks" in e.message and "big_town: extra-block" in e.message
    e = illegal(g, "R-VAR-BIG-01", player="Anna", tile="convert", big_town="extra-block",
                sudden_death={"Anna": "stay", "Bruno": "stay", "Clara": "stay"})
    assert "not triggered" in e.message
    play(g, player="Anna", tile="convert", big_town="extra-block")
    anna = player(g, "Anna")
    assert (anna.blocks, anna.extra_block, g.state.sudden_death) == (3, True, False)
    assert block_entries(g, "R-VAR-BIG-01") == [("Anna", 1, 3)]


def test_big_town_first_player_starts_sudden_death_without_extra_blocks() -> None:
    """R-VAR-BIG-01, AMB-VAR-03: Anna ends with 1 Block (2 or fewer counts) and chooses the
    Sudden-death Round: nobody gets an extra Block and the normal choices follow (R-SD-03)."""
    g = big_town()
    at_blocks(g, "Anna", 1)
    illegal(g, "R-SD-03", player="Anna", tile="convert", big_town="sudden-death")
    play(g, player="Anna", tile="convert", big_town="sudden-death",
         sudden_death={"Anna": "stay", "Bruno": "stay", "Clara": "stay"})
    assert g.state.sudden_death
    assert [p.blocks for p in g.state.players] == [1, 12, 12]
    assert not any(p.extra_block for p in g.state.players)


def test_big_town_later_player_starts_sudden_death_and_the_others_make_up() -> None:
    """R-VAR-BIG-02: Anna took an extra Block earlier (3 Blocks); Bruno ends with 2 and starts
    the Sudden-death Round: every player still without an extra Block gets one first, Bruno
    2 + 1 = 3 and Clara 12 + 1 = 13; Anna keeps 3."""
    g = big_town()
    at_blocks(g, "Anna", 2)
    play(g, player="Anna", tile="convert", big_town="extra-block")
    at_blocks(g, "Bruno", 2)
    play(g, player="Bruno", tile="convert", big_town="sudden-death",
         sudden_death={"Anna": "stay", "Bruno": "stay", "Clara": "stay"})
    assert g.state.sudden_death
    assert [p.blocks for p in g.state.players] == [3, 3, 13]
    assert block_entries(g, "R-VAR-BIG-02") == [("Bruno", 1, 3), ("Clara", 1, 13)]


def test_big_town_later_player_may_also_take_an_extra_block() -> None:
    """R-VAR-BIG-02: Bruno, after Anna's extra Block, takes one too (2 + 1 = 3); the game goes
    on."""
    g = big_town()
    at_blocks(g, "Anna", 2)
    play(g, player="Anna", tile="convert", big_town="extra-block")
    at_blocks(g, "Bruno", 2)
    play(g, player="Bruno", tile="convert", big_town="extra-block")
    assert [p.blocks for p in g.state.players] == [3, 3, 12] and not g.state.sudden_death
    assert block_entries(g, "R-VAR-BIG-02") == [("Bruno", 1, 3)]


def test_big_town_second_drop_triggers_sudden_death_automatically() -> None:
    """R-VAR-BIG-03: Anna took her extra Block; when she ends a turn with 2 again the
    Sudden-death Round begins without a decision (recording one is illegal), and Bruno and
    Clara make up their Block: 12 + 1 = 13 each."""
    g = big_town()
    at_blocks(g, "Anna", 2)
    play(g, player="Anna", tile="convert", big_town="extra-block")
    at_blocks(g, "Anna", 2)
    choices = {"Anna": "stay", "Bruno": "stay", "Clara": "stay"}
    e = illegal(g, "R-VAR-BIG-03", player="Anna", tile="convert", big_town="extra-block",
                sudden_death=choices)
    assert "automatically" in e.message
    play(g, player="Anna", tile="convert", sudden_death=choices)
    assert g.state.sudden_death
    assert [p.blocks for p in g.state.players] == [2, 13, 13]
    assert block_entries(g, "R-VAR-BIG-03") == [("Bruno", 1, 13), ("Clara", 1, 13)]


def test_big_town_two_players_extra_block_from_an_unused_colour() -> None:
    """R-VAR-BIG-04: with 2 players the extra Block comes from an unused colour; the engine
    counts Blocks only, so Anna simply has 2 + 1 = 3."""
    g = big_town(2)
    at_blocks(g, "Anna", 2)
    play(g, player="Anna", tile="convert", big_town="extra-block")
    assert player(g, "Anna").blocks == 3


def test_big_town_decision_only_when_it_applies() -> None:
    """R-VAR-BIG-01: `big_town` is illegal without the option, and with it when the player
    ends the turn with 3 Blocks or more, or once the Sudden-death Round has begun."""
    g = game(3)
    at_blocks(g, "Anna", 2)
    e = illegal(g, "R-VAR-BIG-01", player="Anna", tile="convert", big_town="extra-block")
    assert "do not play Big Town" in e.message
    g = big_town()
    at_blocks(g, "Anna", 3)
    e = illegal(g, "R-VAR-BIG-01", player="Anna", tile="convert", big_town="extra-block")
    assert "3 Building Blocks" in e.message
    g.state.sudden_death = True
    at_blocks(g, "Anna", 1)
    e = illegal(g, "R-VAR-BIG-01", player="Anna", tile="convert", big_town="sudden-death")
    assert "already begun" in e.message


# --- samples -------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", VARIANT_SAMPLES, ids=[p.stem for p in VARIANT_SAMPLES])
def test_variant_sample_game_is_legal_finished_and_scored_as_claimed(path: Path) -> None:
    """R-VAR-BEG-02, R-VAR-BEG-03, R-VAR-BIG-01, R-VAR-PERS-01: each complete variant sample
    replays as legal to the end with the scores it claims."""
    g = load_game(path)
    r = g.replay
    assert r.error is None, str(r.error)
    assert r.finished and r.scores is not None
    assert {s.player: s.total for s in r.scores} == g.loaded.data["final_scores"]
    assert r.game is not None and r.game.state.options.played


ILLEGAL_SAMPLES = sorted((TOP / "samples" / "variants" / "illegal").glob("*.yaml"))
# the variants (R-VAR-*), the promo tiles (#51P-#53P), a promo tile on the ring that
# options.promo_tiles does not name (R-SETUP-21), the 6-player game's missing Municipality
# (R-MUNI-04, R-VAR-6P-03)
ILLEGAL_RULES = ("R-VAR-", "R-A51P-", "R-A52P-", "R-A53P-", "R-SETUP-21", "R-MUNI-04")


@pytest.mark.parametrize("path", ILLEGAL_SAMPLES, ids=[p.stem for p in ILLEGAL_SAMPLES])
def test_variant_illegal_sample_breaks_the_rule_it_names(path: Path) -> None:
    """R-VAR-LONG-01, R-VAR-BEG-02, R-VAR-PERS-01, R-VAR-BIG-01, R-A51P-04, R-A52P-02,
    R-A53P-01, R-SETUP-21, R-MUNI-04: each illegal variant sample starts with
    `# Breaks <rule id>: ...` (its file name starts with the id) and replays to exactly that
    rule, at a position: in the setup or options (then with no turns), or in the last turn."""
    header = path.read_text().splitlines()[1]
    assert header.startswith("# Breaks ")
    rule = header.removeprefix("# Breaks ").split(":")[0]
    assert rule.startswith(ILLEGAL_RULES), rule
    assert path.stem.startswith(rule.lower() + "-")
    g = load_game(path)
    r = g.replay
    assert r.error is not None and r.error.rule == rule, str(r.error)
    assert r.error.position is not None
    turns = g.loaded.data["turns"]
    if r.error.path[0] == "turns":
        assert r.error.path[1] == len(turns) - 1, str(r.error)
    else:
        assert r.error.path[0] in ("setup", "options") and turns == [], str(r.error)
