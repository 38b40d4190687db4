"""The schema decides only whether a log can be read; every number the rulebook states is a rule.

A log that breaks a rule's number (four trades in one Forced Trade, a ring of 15 tiles, a D6
rolled 7...) is read without a format problem (the schema, its fast check and the names all
accept it) and refused by the rule, with the rule's id, at the field's position (exit 1, never
exit 2). Each test is named after the rule that judges the bound the schema used to restate;
docs/log-format.md, "What the schema refuses and what the rules refuse", lists them all.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from grinivil_cli.engine.game import Game
from grinivil_cli.errors import IllegalMove, LogFormatError
from grinivil_cli.logfile import fastcheck
from grinivil_cli.logfile.schema import LOG_SCHEMA
from grinivil_cli.reports.report import validation
from grinivil_cli.table.loading import load_game, read_log

from gamekit import RING, base_log, give, lay, new_game, play, player, refused, turn

TOP = Path(__file__).resolve().parent.parent
VALIDATOR = Draft202012Validator(LOG_SCHEMA)
TRADE = {"with": "Bruno", "give": "wood", "get": "steel"}


def readable(log: dict[str, Any]) -> None:
    """The schema (jsonschema and the fast check) accepts the log: it can be read."""
    assert VALIDATOR.is_valid(log), [e.message for e in VALIDATOR.iter_errors(log)]
    assert fastcheck.is_valid(log)


def judged(tmp_path: Path, log: dict[str, Any], rule: str, path: tuple[Any, ...]) -> IllegalMove:
    """The log, written to a file, is read without a format problem and replayed; the replay
    stops at `rule`, exit 1, at the position of the field at `path`."""
    readable(log)
    file = tmp_path / "log.yaml"
    file.write_text(yaml.safe_dump(log, sort_keys=False), encoding="utf-8")
    try:
        read_log(file)
    except LogFormatError as e:  # pragma: no cover - the failure message says why
        raise AssertionError(f"refused as unreadable: {e}") from None
    game = load_game(file)
    error = game.replay.error
    assert error is not None, "the log was judged legal"
    assert error.rule == rule, f"expected {rule}, got {error.rule}: {error.message}"
    assert error.path == path, error.path
    assert error.position is not None and error.position.file == str(file)
    assert validation(str(file), game)["exit"] == 1
    return error


def with_setup(n: int = 2, **setup: Any) -> dict[str, Any]:
    return base_log(n, **setup)


def with_options(**options: Any) -> dict[str, Any]:
    log = base_log(2)
    log["options"] = options
    return log


def with_turns(*turns: dict[str, Any], n: int = 2) -> dict[str, Any]:
    log = base_log(n)
    log["turns"] = list(turns)
    return log


def in_game(g: Game, rule: str, name: str, turn_fields: dict[str, Any]) -> IllegalMove:
    """A turn that the schema reads (as the last turn of a legal setup) and `rule` refuses in
    the arranged game `g`."""
    readable(with_turns({"player": name, **turn_fields}))
    return refused(g, name, rule, **turn_fields)


# --- the header and the setup ------------------------------------------------------------------

def test_r_gen_01_one_or_seven_players_is_a_rule_break_not_a_format_error(tmp_path: Path) -> None:
    """R-GEN-01: 2 to 6 players (was players minItems 2 / maxItems 6)."""
    log = base_log(2)
    log["players"] = log["players"][:1]
    del log["setup"]["residents"]["Bruno"]
    e = judged(tmp_path, log, "R-GEN-01", ("players",))
    assert "2 to 6 players; the log lists 1" in e.message
    log = base_log(6)
    log["players"].append({"name": "Gus", "colour": "brown"})
    log["setup"]["residents"]["Gus"] = ["petra", "radek"]
    e = judged(tmp_path, log, "R-GEN-01", ("players", 6))
    assert "the log lists 7" in e.message


def test_r_var_quick_01_three_blocks_fewer_is_a_rule_break_not_a_format_error(
        tmp_path: Path) -> None:
    """R-VAR-QUICK-01: 1 or 2 Blocks fewer (was options.blocks minimum -2)."""
    e = judged(tmp_path, with_options(blocks=-3), "R-VAR-QUICK-01", ("options", "blocks"))
    assert "by 1 or 2; the log says -3" in e.message


def test_r_var_long_01_three_blocks_more_is_a_rule_break_not_a_format_error(
        tmp_path: Path) -> None:
    """R-VAR-LONG-01: 1 or 2 Blocks more (was options.blocks maximum 2)."""
    log = base_log(3)
    log["options"] = {"blocks": 3}
    e = judged(tmp_path, log, "R-VAR-LONG-01", ("options", "blocks"))
    assert "by 1 or 2; the log says 3" in e.message


def test_r_var_pers_01_a_pick_with_both_or_neither_breaks_a_rule_not_the_format(
        tmp_path: Path) -> None:
    """R-VAR-PERS-01: a pick names one pink tile, forced in or kept out (was the pick's anyOf
    include/exclude and its 'not both')."""
    both = [{"player": "Anna", "include": "import", "exclude": "banker"}]
    e = judged(tmp_path, with_options(personalized_tar=both), "R-VAR-PERS-01",
               ("options", "personalized_tar", 0, "exclude"))
    assert "names both" in e.message
    e = judged(tmp_path, with_options(personalized_tar=[{"player": "Anna"}]), "R-VAR-PERS-01",
               ("options", "personalized_tar", 0))
    assert "names neither" in e.message


def test_r_var_pers_01_a_non_pink_tile_is_a_rule_break_not_a_did_you_mean(
        tmp_path: Path) -> None:
    """R-VAR-PERS-01: Buy Resources (an Initial tile) exists but is not pink (the pick's enum
    used to list only the ring's variable tiles: "did you mean 'sell-resources'")."""
    picks = [{"player": "Anna", "include": "buy-resources"}]
    e = judged(tmp_path, with_options(personalized_tar=picks), "R-VAR-PERS-01",
               ("options", "personalized_tar", 0, "include"))
    assert "'buy-resources', which has no pink border (an Initial tile)" in e.message
    assert "did you mean" not in e.message
    picks = [{"player": "Anna", "exclude": "auction"}]
    e = judged(tmp_path, with_options(personalized_tar=picks), "R-VAR-PERS-01",
               ("options", "personalized_tar", 0, "exclude"))
    assert "'auction', which has no pink border" in e.message


def test_r_setup_19_a_non_promo_tile_is_a_rule_break_not_a_did_you_mean(
        tmp_path: Path) -> None:
    """R-SETUP-19, AMB-SETUP-10: the promo tiles (#51P-#53P) join the pink tiles; Banker is a
    tile of the box but not a promo tile (the option's enum used to list the three promo tiles
    only: "did you mean 'manager'")."""
    e = judged(tmp_path, with_options(promo_tiles=["follower", "banker"]), "R-SETUP-19",
               ("options", "promo_tiles", 1))
    assert "'banker' is not a promo tile" in e.message and "did you mean" not in e.message


def test_r_setup_01_three_or_repeated_inner_tiles_break_a_rule_not_the_format(
        tmp_path: Path) -> None:
    """R-SETUP-01: two different Inner tiles (was inner_tiles minItems/maxItems 2,
    uniqueItems)."""
    e = judged(tmp_path, with_setup(inner_tiles=["I01", "I02", "I03"]), "R-SETUP-01",
               ("setup", "inner_tiles"))
    assert "2 Inner Land Tiles" in e.message and "lists 3" in e.message
    e = judged(tmp_path, with_setup(inner_tiles=["I01", "I01"]), "R-SETUP-01",
               ("setup", "inner_tiles", 1))
    assert "'I01' is drawn twice" in e.message


def test_r_setup_08_four_or_repeated_display_cards_break_a_rule_not_the_format(
        tmp_path: Path) -> None:
    """R-SETUP-08: 5 different cards on the Display (was display minItems/maxItems 5,
    uniqueItems)."""
    e = judged(tmp_path, with_setup(display=["paula", "milan", "agata", "boris"]), "R-SETUP-08",
               ("setup", "display"))
    assert "5 cards; the log lists 4" in e.message
    e = judged(tmp_path, with_setup(display=["paula", "milan", "agata", "boris", "paula"]),
               "R-SETUP-08", ("setup", "display", 4))
    assert "'paula' is dealt twice" in e.message


def test_r_setup_15_three_dealt_cards_are_a_rule_break_not_a_format_error(
        tmp_path: Path) -> None:
    """R-SETUP-15: 2 resident cards per player (was residents' minItems/maxItems 2)."""
    dealt = {"Anna": ["dana", "emil", "hana"], "Bruno": ["filip", "greta"]}
    e = judged(tmp_path, with_setup(residents=dealt), "R-SETUP-15",
               ("setup", "residents", "Anna"))
    assert "Anna is dealt 2 resident cards; the log lists 3" in e.message


def test_r_setup_20_fifteen_ring_tiles_are_a_rule_break_not_a_format_error(
        tmp_path: Path) -> None:
    """R-SETUP-20: 16 variable tiles (was ring minItems/maxItems 16)."""
    e = judged(tmp_path, with_setup(ring=RING[:15]), "R-SETUP-20", ("setup", "ring"))
    assert "16 variable tiles; the log lists 15" in e.message


def test_r_setup_21_a_tile_twice_or_an_initial_tile_on_the_ring_is_a_rule_break(
        tmp_path: Path) -> None:
    """R-SETUP-18, R-SETUP-21: each tile once, the Initial tiles in their corners (was ring
    uniqueItems, and an enum of the variable tiles only)."""
    e = judged(tmp_path, with_setup(ring=[*RING[:15], "auction"]), "R-SETUP-21",
               ("setup", "ring", 15))
    assert "listed twice" in e.message
    e = judged(tmp_path, with_setup(ring=[*RING[:15], "build-floor"]), "R-SETUP-21",
               ("setup", "ring", 15))
    assert "'build-floor' is an Initial tile" in e.message


def test_r_vp_01_a_conversion_rate_of_nine_at_setup_breaks_a_rule_not_the_format(
        tmp_path: Path) -> None:
    """R-VP-01, R-SETUP-22: the D4's first roll is a rate of 5 to 8 (was conversion_rate
    minimum 5 / maximum 8)."""
    e = judged(tmp_path, with_setup(conversion_rate=9), "R-VP-01", ("setup", "conversion_rate"))
    assert "5 to 8" in e.message and "says 9" in e.message


# --- the turns -----------------------------------------------------------------------------------

def test_r_a09_01_zero_trees_bought_is_a_rule_break_not_a_format_error(tmp_path: Path) -> None:
    """R-A09-01: 1 to 6 Trees (was trees minimum 1; 7 Trees was already the rule's)."""
    e = judged(tmp_path, with_turns({"player": "Anna", "tile": "buy-trees", "trees": 0}),
               "R-A09-01", ("turns", 0, "trees"))
    assert "1 to 6 Trees are bought; the log buys 0" in e.message
    judged(tmp_path, with_turns({"player": "Anna", "tile": "buy-trees", "trees": 7}),
           "R-A09-01", ("turns", 0, "trees"))


def test_r_a10_01_no_spot_planted_is_a_rule_break_not_a_format_error(tmp_path: Path) -> None:
    """R-A10-01: 1 to 9 Trees planted (was spots minItems 1)."""
    e = judged(tmp_path, with_turns({"player": "Anna", "tile": "plant-trees", "spots": []}),
               "R-A10-01", ("turns", 0, "spots"))
    assert "1 to 9 Trees" in e.message and "plants none" in e.message


def test_r_a11_02_give_and_refill_is_a_rule_break_not_a_format_error(tmp_path: Path) -> None:
    """R-A11-01, R-A11-02: option 1 (refill from the pile) or option 2 (give a card), not both
    (was the new-resident turn's 'not both')."""
    turn_ = {"player": "Anna", "tile": "new-resident", "take": "paula", "refill": "hana",
             "give": "dana"}
    e = judged(tmp_path, with_turns(turn_), "R-A11-02", ("turns", 0, "refill"))
    assert "both 'give' and 'refill'" in e.message


def test_r_vp_05_zero_vps_converted_is_a_rule_break_not_a_format_error() -> None:
    """R-VP-05: a player with VPs converts at least 1 (was vp_to_money minimum 1)."""
    g = new_game(2)
    player(g, "Anna").vp = 3
    e = in_game(g, "R-VP-05", "Anna", {"tile": "convert", "vp_to_money": 0, "roll": 6})
    assert "Anna had 3 VPs before selecting Convert" in e.message
    assert "the log converts 0" in e.message and e.path == ("turns", 0, "vp_to_money")


def test_r_vp_02_six_vps_or_both_directions_is_a_rule_break_not_a_format_error() -> None:
    """R-VP-02, R-A13-01: 1 to 5 VPs, one way (was the convert turn's 'not both'; the 5 was
    already the rule's)."""
    g = new_game(2)
    player(g, "Anna").vp = 8
    e = in_game(g, "R-VP-02", "Anna", {"tile": "convert", "vp_to_money": 2, "money_to_vp": 1,
                                       "roll": 6})
    assert "not both" in e.message and e.path == ("turns", 0, "money_to_vp")
    e = in_game(g, "R-VP-02", "Anna", {"tile": "convert", "vp_to_money": 6, "roll": 6})
    assert "1 to 5 VPs are converted; the log converts 6" in e.message
    assert e.path == ("turns", 0, "vp_to_money")


def test_r_vp_01_a_conversion_die_roll_of_nine_breaks_a_rule_not_the_format() -> None:
    """R-VP-01, R-A13-02: the D4's new rate is 5 to 8 (was the convert roll's minimum 5 /
    maximum 8)."""
    g = new_game(2)
    player(g, "Anna").vp = 3
    e = in_game(g, "R-VP-01", "Anna", {"tile": "convert", "vp_to_money": 1, "roll": 9})
    assert "rolls 9" in e.message and e.path == ("turns", 0, "roll")


def test_r_a14_01_a_d6_roll_of_seven_is_a_rule_break_not_a_format_error(tmp_path: Path) -> None:
    """R-A14-01: a D6 face is 1 to 6 (was the import roll's minimum 1 / maximum 6)."""
    turn_ = {"player": "Anna", "tile": "import", "roll": 7, "items": ["wood"]}
    e = judged(tmp_path, with_turns(turn_), "R-A14-01", ("turns", 0, "roll"))
    assert "1 to 6; the log rolls 7" in e.message


def test_r_a14_02_four_imported_items_is_a_rule_break_not_a_format_error(tmp_path: Path) -> None:
    """R-A14-02: 1 to 3 items (was items minItems 1 / maxItems 3)."""
    turn_ = {"player": "Anna", "tile": "import", "roll": 3,
             "items": ["tree", "concrete", "wood", "steel"]}
    e = judged(tmp_path, with_turns(turn_), "R-A14-02", ("turns", 0, "items"))
    assert "1 to 3 items are bought; the log buys 4" in e.message
    turn_["items"] = []
    judged(tmp_path, with_turns(turn_), "R-A14-02", ("turns", 0, "items"))


def test_r_a16_01_four_trees_replanted_is_a_rule_break_not_a_format_error(tmp_path: Path) -> None:
    """R-A16-01, AMB-A16-02: 1 to 3 Trees (was moves minItems 1 / maxItems 3)."""
    moves = [{"from": "supply", "to": f"I0.p{i}"} for i in range(1, 5)]
    turn_ = {"player": "Anna", "tile": "replanting", "moves": moves}
    e = judged(tmp_path, with_turns(turn_), "R-A16-01", ("turns", 0, "moves"))
    assert "1 to 3 Trees are replanted; the log moves 4" in e.message
    turn_["moves"] = []
    judged(tmp_path, with_turns(turn_), "R-A16-01", ("turns", 0, "moves"))


def test_r_a18_01_four_trades_is_a_rule_break_not_a_format_error(tmp_path: Path) -> None:
    """R-A18-01: "Change 1 to 3 Resources" (was trades minItems 1 / maxItems 3)."""
    turn_ = {"player": "Anna", "tile": "forced-trade", "trades": [TRADE] * 4}
    e = judged(tmp_path, with_turns(turn_), "R-A18-01", ("turns", 0, "trades"))
    assert "1 to 3 Resources are traded; the log trades 4" in e.message
    turn_["trades"] = []
    judged(tmp_path, with_turns(turn_), "R-A18-01", ("turns", 0, "trades"))


def test_r_a18_01_the_cli_exits_1_with_the_rule_id_at_file_line_col(tmp_path: Path) -> None:
    """R-A18-01 through the command: exit 1, the rule id at file:line:col, no "expected 1 to 3
    entries"."""
    path = tmp_path / "four-trades.yaml"
    log = with_turns({"player": "Anna", "tile": "forced-trade", "trades": [TRADE] * 4})
    path.write_text(yaml.safe_dump(log, sort_keys=False), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", "validate", str(path)],
                            capture_output=True, text=True, timeout=120, cwd=TOP)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{path}:" in result.stdout and "R-A18-01" in result.stdout
    assert "entries" not in result.stdout


def test_r_a52p_04_a_d6_roll_of_seven_for_crowdfunding_is_a_rule_break(tmp_path: Path) -> None:
    """R-A52P-04: the Municipality's D6 shows 1 to 6 (was the crowdfunding roll's minimum 1 /
    maximum 6)."""
    log = with_turns({"player": "Anna", "tile": "crowdfunding", "site": "C.s6",
                      "building": "hospital", "pledges": {"Anna": 30}, "roll": 7})
    log["options"] = {"promo_tiles": ["crowdfunding"]}
    log["setup"]["ring"] = ["crowdfunding" if t == "architect" else t for t in RING]
    e = judged(tmp_path, log, "R-A52P-04", ("turns", 0, "roll"))
    assert "1 to 6" in e.message and "7" in e.message


def test_r_sact_02_four_or_no_trees_planted_by_the_site_action_is_a_rule_break() -> None:
    """R-SACT-02, EX-30: "max. 3 Trees" (was the plant bonus's minItems 1 / maxItems 3).
    I04 laid at I7 puts its plant site s3 on R0 (a Construction Road)."""
    g = new_game(2)
    lay(g, "I7", "I04")
    lay(g, "O0", "O08")
    player(g, "Anna").trees = 4
    give(g, "Anna", concrete=2, wood=1)
    build = {"tile": "build-floor", "site": "I7.s3", "building": "house"}
    e = in_game(g, "R-SACT-02", "Anna",
                {**build, "site_bonus": {"plant": ["I7.p1", "I7.p2", "I7.p3", "O0.p1"]}})
    assert "at most 3 Trees" in e.message and "plants 4" in e.message
    e = in_game(g, "R-SACT-02", "Anna", {**build, "site_bonus": {"plant": []}})
    assert "1 to 3 Trees" in e.message


def test_r_sbon_01_two_bonus_kinds_is_a_rule_break_not_a_format_error() -> None:
    """R-SBON-01: a site has one bonus (was the site bonus's maxProperties 1)."""
    g = new_game(2)
    lay(g, "I7", "I04")
    player(g, "Anna").trees = 3
    give(g, "Anna", concrete=2, wood=1)
    e = in_game(g, "R-SBON-01", "Anna", {"tile": "build-floor", "site": "I7.s3",
                                         "building": "house",
                                         "site_bonus": {"plant": ["I7.p1"], "road": "R0"}})
    assert "one bonus, 'plant'; the log also records 'road'" in e.message
    assert e.path == ("turns", 0, "site_bonus", "road")


def test_r_sbon_03_random_and_chosen_cubes_is_a_rule_break_not_a_format_error() -> None:
    """R-SBON-03: 2 random Resources or 1 of your choice (was the site bonus's maxProperties
    1). I1.s1 (I02's ring site) has the Resources bonus."""
    g = new_game(2)
    give(g, "Anna", concrete=1, steel=1)
    e = in_game(g, "R-SBON-03", "Anna",
                {"tile": "build-floor", "site": "I1.s1", "building": "bus-stop",
                 "site_bonus": {"random": ["wood", "concrete"], "choice": "steel"}})
    assert "not both" in e.message


def test_r_aba_02_two_associated_build_actions_break_a_rule_not_the_format() -> None:
    """R-ABA-02: at most one Associated Build Action (was associated maxProperties 1)."""
    g = new_game(2)
    give(g, "Anna", concrete=5, wood=2, steel=1)
    e = in_game(g, "R-ABA-02", "Anna",
                {"tile": "build-floor", "site": "I0.s1", "building": "house",
                 "associated": {"additional_floor": {}, "connected_road": {"road": "R0"}}})
    assert "at most one" in e.message and "additional_floor and connected_road" in e.message


# --- an optional field the rules read: Forced Trade's `accepted` ------------------------------

def test_r_a18_01_no_accepted_means_the_opponents_accepted() -> None:
    """R-A18-01, AMB-A18-01: the selected opponents must accept, so a log without `accepted`
    records an accepted trade (docs/log-format.md calls the field optional)."""
    g = new_game(3)
    give(g, "Anna", wood=1)
    give(g, "Bruno", steel=1)
    readable(with_turns({"player": "Anna", "tile": "forced-trade", "trades": [TRADE]}, n=3))
    turn(g, "Anna", tile="forced-trade", trades=[TRADE])
    assert player(g, "Anna").cubes == {"concrete": 0, "wood": 0, "steel": 1}
    assert (player(g, "Anna").money, player(g, "Bruno").money) == (48, 52)


def test_r_a18_01_a_refusal_is_illegal(tmp_path: Path) -> None:
    """R-A18-01, AMB-A18-01: a refusal cannot happen ("who must accept"): `accepted: {Bruno:
    false}` is an illegal move at Bruno's answer."""
    g = new_game(3)
    give(g, "Anna", wood=1)
    give(g, "Bruno", steel=1)
    e = in_game(g, "R-A18-01", "Anna", {"tile": "forced-trade", "trades": [TRADE],
                                        "accepted": {"Bruno": False}})
    assert "must accept" in e.message and "Bruno cannot refuse" in e.message
    assert e.path == ("turns", 0, "accepted", "Bruno")
    play(g, player="Anna", tile="forced-trade", trades=[TRADE], accepted={"Bruno": True})


def test_r_a18_01_an_answer_of_a_player_not_traded_with_is_refused() -> None:
    """R-A18-01: nothing recorded is dropped: Clara's answer in `accepted`, when Anna trades
    only with Bruno, is a value the replay would not use."""
    g = new_game(3)
    give(g, "Anna", wood=1)
    give(g, "Bruno", steel=1)
    e = in_game(g, "R-A18-01", "Anna", {"tile": "forced-trade", "trades": [TRADE],
                                        "accepted": {"Bruno": True, "Clara": True}})
    assert "'Clara' is not a partner of this Forced Trade" in e.message
    assert e.path == ("turns", 0, "accepted", "Clara")


# --- what the schema keeps -----------------------------------------------------------------------

BOUNDS = {"minItems", "maxItems", "minimum", "maximum", "uniqueItems", "minProperties",
          "maxProperties", "not", "minLength", "maxLength"}
KEPT = {  # each one a bound the rulebook does not state (docs/log-format.md)
    ("#/properties/options/properties/promo_tiles", "uniqueItems"),
    ("#/properties/setup/properties/money", "minimum"),
    ("#/$defs/cubeCounts/properties/concrete", "minimum"),
    ("#/$defs/cubeCounts/properties/wood", "minimum"),
    ("#/$defs/cubeCounts/properties/steel", "minimum"),
    ("#/$defs/player", "minLength"),
    ("#/$defs/player", "maxLength"),
    ("#/properties/title", "maxLength"),
    ("#/$defs/action/properties/note", "maxLength"),
    ("#/$defs/roadBonus/anyOf/1", "minProperties"),
    ("#/$defs/siteBonus/anyOf/1", "minProperties"),
    ("#/$defs/associated", "minProperties"),
    ("#/$defs/action/properties/buy_time", "minimum"),
    ("#/$defs/action/properties/claims/additionalProperties/properties/money", "minimum"),
    ("#/$defs/action/properties/claims/additionalProperties/properties/vp", "minimum"),
    ("#/$defs/action/allOf/4/then/properties/bids/additionalProperties", "minimum"),
    ("#/$defs/action/allOf/8/then/properties/trees", "minimum"),
    ("#/$defs/action/allOf/12/then/properties/vp_to_money", "minimum"),
    ("#/$defs/action/allOf/12/then/properties/money_to_vp", "minimum"),
    ("#/$defs/action/allOf/17/then/properties/pledges/additionalProperties", "minimum"),
}


def _bounds(node: Any, where: str) -> set[tuple[str, str]]:
    """(pointer, keyword) of every bound in a schema."""
    found: set[tuple[str, str]] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key in BOUNDS:
                found.add((where, key))
            if key in ("properties", "$defs"):  # names of properties, not keywords
                for name, sub in value.items():
                    found |= _bounds(sub, f"{where}/{key}/{name}")
            elif key not in ("description", "title", "examples", "enum", "const"):
                found |= _bounds(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, item in enumerate(node):
            found |= _bounds(item, f"{where}/{i}")
    return found


SANITY = {1_000_000, 1_000, 100}  # the sanity limits of numbers (docs/log-format.md)


def _integers(node: Any, where: str) -> set[str]:
    """The pointers of every integer field of a schema."""
    found: set[str] = set()
    if isinstance(node, dict):
        if node.get("type") == "integer":
            found.add(where)
        for key, value in node.items():
            if key not in ("description", "title", "examples", "enum", "const"):
                found |= _integers(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, item in enumerate(node):
            found |= _integers(item, f"{where}/{i}")
    return found


def test_the_schema_keeps_only_bounds_the_rulebook_does_not_state() -> None:
    """Every bound left in the schema is a sanity limit or a count that cannot be negative
    (0 is as far as a count can be read): every integer field has a sanity maximum, and a
    minimum that is 0 or the negative of that maximum; none is a number of the rulebook."""
    integers = _integers(LOG_SCHEMA, "#")
    sanity = {(where, "maximum") for where in integers}
    negative = {(where, "minimum") for where in integers} - KEPT
    assert _bounds(LOG_SCHEMA, "#") == KEPT | sanity | negative
    for where in integers:
        node: Any = LOG_SCHEMA
        for step in where[2:].split("/"):
            node = node[int(step)] if isinstance(node, list) else node[step]
        assert node["maximum"] in SANITY, where
        expected = 0 if (where, "minimum") in KEPT else -node["maximum"]
        assert node["minimum"] == expected, where


def test_the_ring_and_the_picks_name_every_action_tile_of_the_box() -> None:
    """A name decides readability, not the tile's place: the Initial tiles are names too
    (R-SETUP-18 and R-VAR-PERS-01 judge where they may go)."""
    names = set(LOG_SCHEMA["$defs"]["actionTile"]["enum"])
    assert {"buy-resources", "build-floor-premium", "explore-build-road", "manager"} <= names
    assert len(names) == 27 and "explore" not in names


@pytest.mark.parametrize("log", [
    with_turns({"player": "Anna", "tile": "forced-trade", "trades": [TRADE] * 4}),
    with_setup(ring=RING[:15]),
    with_options(personalized_tar=[{"player": "Anna"}]),
])
def test_the_moved_bounds_are_read_alike_by_jsonschema_and_the_fast_check(
        log: dict[str, Any]) -> None:
    assert VALIDATOR.is_valid(log) and fastcheck.is_valid(log)
