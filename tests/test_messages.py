"""Issue 28 item 7: messages that do not mislead: one Time Unit, one Tree, one VP in the
singular; the rulebook's word "Half-road"; the audit's VP sources named as VPs; the pointer to
`grinivil rule`; and the ruling on `road_bonus: declined` (AMB-RDB-03 in docs/rulings.md)."""

from __future__ import annotations

from pathlib import Path

import yaml
from typer.testing import CliRunner

from grinivil_cli.cli import app
from grinivil_cli.engine.scoring import Score
from grinivil_cli.render.caption import describe
from grinivil_cli.reports.audit import SOURCES, explain_tie
from grinivil_cli.reports.report import validation
from grinivil_cli.rules import reference
from grinivil_cli.table.loading import load_game
from grinivil_cli.table.story import turn_story
from grinivil_cli.validate.batch import _detail as batch_detail
from grinivil_cli.validate.batch import summary as batch_summary
from grinivil_cli.viewer.page import _badge as viewer_badge

from gamekit import give, illegal, lay, living, new_game, player, refused, turn

RULINGS = Path(__file__).resolve().parent.parent / "docs" / "rulings.md"


def test_r_tbuy_01_one_time_unit_is_singular() -> None:
    """R-TBUY-01: Buy Warehouse costs 1 TU; buying 2 is refused with "1 Time Unit", not
    "1 Time Units"."""
    g = new_game(2)
    e = refused(g, "Anna", "R-TBUY-01", tile="buy-warehouse", buy_time=2)
    assert "the action costs 1 Time Unit;" in e.message


def test_r_a09_02_one_tree_is_singular() -> None:
    """R-A09-02: 1 Tree for 1 Grinie with no money: "1 Tree is 1 Grinie"."""
    g = new_game(2, money=0)
    e = refused(g, "Anna", "R-A09-02", tile="buy-trees", trees=1)
    assert "1 Tree is 1 Grinie;" in e.message


def test_r_road_02_half_road_is_written_as_the_rulebook_writes_it() -> None:
    """R-ROAD-02: the message says "Half-road", never "half road"."""
    g = new_game(2)
    give(g, "Anna", concrete=2, wood=1)
    e = refused(g, "Anna", "R-ROAD-02", tile="build-floor", site="I0.s2", building="house")
    assert "Half-road" in e.message and "half road" not in e.message


def test_the_audits_sources_that_count_things_say_they_hold_vps() -> None:
    """Floors built, houses sold, trees planted and auctions are VP sources, named so."""
    names = set(SOURCES.values())
    for what in ("floors built", "houses sold", "trees planted", "auctions"):
        assert f"VPs from {what}" in names and what not in names


def test_the_hint_says_what_to_run() -> None:
    """Not "grinivil rule R-SELL-12 explains R-SELL-12." but what to run for the rule in full."""
    assert reference.hint_for("R-SELL-12") == \
        "Run `grinivil rule R-SELL-12` for the rule in full."


def test_amb_rdb_03_road_bonus_declined_has_a_ruling_and_declines_the_space() -> None:
    """AMB-RDB-03, R-RDB-04, R-RDB-05: docs/rulings.md decides `road_bonus: declined` (every
    reward of the space is optional); declined, space 6 gives nothing and the marker still
    advances to 6."""
    text = RULINGS.read_text(encoding="utf-8")
    assert "### AMB-RDB-03:" in text
    section = text.split("### AMB-RDB-03:")[1].split("\n### ")[0]
    assert "R-RDB-04" in section and "R-RDB-05" in section and "Choice:" in section
    g = new_game(2)
    lay(g, "I2", "I08")
    player(g, "Anna").road_track = 5
    give(g, "Anna", concrete=2)
    before = player(g, "Anna").money, player(g, "Anna").vp, player(g, "Anna").trees
    turn(g, "Anna", tile="build-road", road="R2", road_bonus="declined")
    a = player(g, "Anna")
    assert a.road_track == 6 and (a.money, a.vp, a.trees) == before


# --- the rest of item 7 -----------------------------------------------------------------------

SAMPLE_2P = Path(__file__).resolve().parent.parent / "samples" / "game-2p.yaml"


def test_r_wh_06_excess_not_making_the_rest_fit_says_what_is_kept_and_why() -> None:
    """R-WH-01, R-WH-03, R-WH-06: the Big Warehouse has Sections of 4, 2 and 2, one Resource
    type each. Anna holds 8 wood and buys 2 concrete: 10 cubes. Giving up 1 concrete, she keeps
    1 concrete and 8 wood, 9 cubes for 8 places; giving up 1 wood she keeps 2 concrete and 7
    wood: 9 cubes again. Giving up 1 wood with 1 concrete bought, she keeps 1 concrete and 7
    wood, 8 cubes for 8 places, but the concrete takes a Section of 2 and 7 wood do not fit in
    the 4 + 2 left; 1 more wood must go."""
    g = new_game(2)
    give(g, "Anna", wood=8)
    turn = dict(player="Anna", tile="buy-resources", cubes={"concrete": 2})
    e = illegal(g, "R-WH-06", **turn, excess={"Anna": {"concrete": 1}})
    assert "gives up 1 concrete as excess and keeps 1 concrete, 8 wood" in e.message
    assert "the Big Warehouse (Sections of 4, 2 and 2)" in e.message
    assert "9 cubes, and the Sections hold 8 in all" in e.message
    assert "at least 1 more cube must go to the Market" in e.message
    turn = dict(player="Anna", tile="buy-resources", cubes={"concrete": 1})
    e = illegal(g, "R-WH-06", **turn, excess={"Anna": {"wood": 1}})
    assert "keeps 1 concrete, 7 wood" in e.message and "one Resource type per Section " \
        "(R-WH-03)" in e.message and "at least 1 more cube" in e.message


def test_r_a11_01_says_why_the_refill_card_cannot_be_drawn() -> None:
    """R-A11-01: the Display is refilled "with a random card from the pile" (of cards not yet
    seen; the rulebook's word, kept in the messages). Anna takes Paula
    (Display: Paula, Milan, Agata, Boris, Cyril; Anna was dealt Dana and Emil, Bruno Filip and
    Greta): Milan is on the Display, Dana in Anna's Portfolio, Filip in Bruno's, Paula the card
    taken, a card in the Residents of Grinivil pile has been drawn already; no card refills
    from an empty pile."""
    g = new_game(2)
    where = {"milan": "is on the Resident Display", "dana": "is in Anna's Portfolio",
             "filip": "is in Bruno's Portfolio", "paula": "is the card taken from the Display",
             "nobody": "is not a Resident Card of the edition"}
    for card, words in where.items():
        e = refused(g, "Anna", "R-A11-01", tile="new-resident", take="paula", refill=card)
        assert f"'{card}' {words}" in e.message, e.message
    living(g, 1)
    seen = g.state.supply.pile[-1]
    e = refused(g, "Anna", "R-A11-01", tile="new-resident", take="paula", refill=seen)
    assert f"'{seen}' is in the Residents of Grinivil pile: drawn already" in e.message
    g.state.supply.deck.clear()
    e = refused(g, "Anna", "R-A11-01", tile="new-resident", take="paula", refill="milan")
    assert "the pile of Resident Cards is empty" in e.message


def test_r_a18_03_the_payee_reads_the_forced_trade_from_their_own_side() -> None:
    """R-A18-01, R-A18-03: Anna gives Bruno 1 wood for 1 steel and pays him 2 G. Bruno's lines
    read "Forced Trade with Anna", never "Forced Trade with Bruno from Anna"."""
    g = new_game(3)
    give(g, "Anna", wood=2)
    give(g, "Bruno", steel=1)
    turn(g, "Anna", tile="forced-trade", trades=[{"with": "Bruno", "give": "wood",
                                                 "get": "steel"}], accepted={"Bruno": True})
    bruno = [e for e in g.ledger.entries if e.player == "Bruno"]
    assert {(e.what, e.amount) for e in bruno} == {("wood", 1), ("steel", -1), ("money", 2)}
    assert {e.cause for e in bruno} == {"Forced Trade with Anna"}
    story = turn_story(g.ledger.entries, None)
    assert not any("with Bruno" in line for line in story if line.startswith("Bruno:"))


def test_pay_to_a_player_names_the_payer_on_the_payees_line() -> None:
    """R-SELL-06, R-FEE-03: what one player pays another reads, on the payee's line, as
    received from the payer (Compensation from Anna), not as paid to the payee."""
    g = new_game(2)
    g.pay(player(g, "Anna"), 4, "Compensation to Bruno", "R-SELL-06", to="Bruno",
          received="Compensation from Anna")
    entry = g.ledger.entries[-1]
    assert (entry.player, entry.amount, entry.cause) == ("Bruno", 4, "Compensation from Anna")


def test_a_caption_never_prints_none_the_finishing_move_in_words(tmp_path: Path) -> None:
    """R-END-01: turn 113 of the 2-player sample is Anna's finishing move: her token completes
    the TAR in the last round and ends on the Starting Tile, so Sell the House is not carried
    out (no house, no resident recorded). The caption says so, not "None to None"."""
    result = CliRunner().invoke(app, ["render", str(SAMPLE_2P), "--turn", "113", "-o",
                                      str(tmp_path)])
    assert result.exit_code == 0, result.output
    svg = (tmp_path / "turn-113.svg").read_text(encoding="utf-8")
    assert "None" not in svg
    assert "ends on the Starting Tile" in svg


def test_a_real_site_that_cannot_take_the_building_names_r_site_01(tmp_path: Path) -> None:
    """R-SITE-01: after turn 8 of the 2-player sample Anna builds; C.s6 is a Nonresidential
    site, so a House cannot be built there. `moves --set` and `record` both name R-SITE-01
    (exit 1), not "not an option"."""
    result = CliRunner().invoke(app, ["moves", str(SAMPLE_2P), "--turn", "8", "--tile",
                                      "build-floor", "--set", "site=C.s6", "--set",
                                      "building=house"])
    assert result.exit_code == 1
    assert "The value given breaks R-SITE-01: C.s6 is a nonresidential site" in result.output
    log = sample_cut(tmp_path, 8)
    answers = tmp_path / "answers.txt"
    answers.write_text("build-floor\nconcrete concrete concrete concrete\nC.s6\nhouse\n",
                       encoding="utf-8")
    result = CliRunner().invoke(app, ["record", str(log), "--answers", str(answers)])
    assert result.exit_code == 1, result.output
    assert "house: R-SITE-01: C.s6 is a nonresidential site" in result.output


def test_counts_of_one_are_singular() -> None:
    """One trade, one Tree, one road token, one turn, one VP, one file: never "1 trades"."""
    g = new_game(2)
    s = g.state
    assert describe(s, {"tile": "forced-trade", "trades": [{}]}) == "1 trade"
    assert describe(s, {"tile": "buy-trees", "trees": 1}) == "1 tree"
    assert describe(s, {"tile": "buy-trees", "trees": 2}) == "2 trees"
    assert explain_tie([Score("Anna", 1, 0, 0)]) == "Anna wins with 1 VP."
    assert explain_tie([Score("Anna", 1, 0, 0, trees=2), Score("Bruno", 1, 0, 0, trees=1)]) \
        .startswith("Anna and Bruno tie on 1 VP;")
    assert batch_detail({"status": "legal", "turns": 1}) == "1 turn"
    assert batch_summary([{"file": "a.yaml", "status": "legal", "turns": 1, "exit": 0}]) \
        .endswith("1 file: 1 legal")


def test_one_turn_replayed_is_singular_in_the_report_and_the_viewer(tmp_path: Path) -> None:
    """The 2-player sample cut after its first turn: "legal (1 turn)", "legal · 1 turn"."""
    log = sample_cut(tmp_path, 1)
    game = load_game(log)
    assert game.replay.played == 1
    assert validation("game.yaml", game)["text"].startswith("game.yaml: legal (1 turn)")
    assert viewer_badge(game) == "legal \u00b7 1 turn"


def sample_cut(tmp_path: Path, turns: int) -> Path:
    """The 2-player sample with its first `turns` turns only (no final scores), as a file."""
    data = yaml.safe_load(SAMPLE_2P.read_text(encoding="utf-8"))
    data["turns"] = data["turns"][:turns]
    for key in ("final_scores", "winner"):
        data.pop(key, None)
    log = tmp_path / "game.yaml"
    log.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return log
