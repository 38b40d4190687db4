"""A tile not eligible is listed with the narrowest rule whose condition failed, the one
`validate` names for a record that carries the action out as far as the table allows (issue
28, item 5; docs/rulings.md, "The list's reason and the validator's"). Found by tools/perft.py
(e) once it compared every tile: the list named a broader rule than the validator in three
kinds of table, each built here by hand.

The kit's table (gamekit.base_log, 2 players): Anna on turn at the Starting Tile with 50
Grinies unless set, Inner tiles I01 and I02, and a Municipal House on O1.s1.
"""

from __future__ import annotations

from grinivil_cli.choose import tile_choices
from grinivil_cli.edition.model import RESOURCES
from grinivil_cli.engine import townland
from grinivil_cli.engine.game import Game

from gamekit import building, give, illegal, new_game, player


def why(g: Game, tile: str) -> str:
    found = next(c for c in tile_choices(g) if c.tile == tile)
    assert not found.eligible and found.why is not None
    return found.why.rule


def a_house_site(g: Game) -> str:
    """An empty Residential site on a usable road."""
    town = g.state.townland
    return next(s for s in sorted(townland.buildable_sites(g.ed, town))
                if s not in town.buildings
                and townland.site_spec(g.ed, town, s).kind == "residential")


def test_sell_house_with_every_house_sold_is_r_sell_12() -> None:
    """R-SELL-12 "A House with a roof cannot be sold again": Anna built the Floors of one House,
    sold already (a red Roof Block on it). The list said R-A12-01 (no House that meets R-SELL-01
    to R-SELL-05); the narrower rule, the one `validate` names for selling it, is R-SELL-12."""
    g = new_game(2)
    site = a_house_site(g)
    floors = len(g.ed.buildings["house"].floors)
    building(g, site, "house", ["Anna"] * floors, []).sold = True
    assert why(g, "sell-house") == "R-SELL-12"
    resident = player(g, "Anna").residents[0]
    illegal(g, "R-SELL-12", player="Anna", tile="sell-house", house=site, resident=resident)


def test_sell_house_with_every_house_unfinished_is_r_sell_02() -> None:
    """R-SELL-02 "the House is finished, with all floors built": Anna built the first Floor of
    a House that has more; the list's rule and the validator's are R-SELL-02."""
    g = new_game(2)
    site = a_house_site(g)
    assert len(g.ed.buildings["house"].floors) > 1
    building(g, site, "house", ["Anna"], [])
    assert why(g, "sell-house") == "R-SELL-02"
    resident = player(g, "Anna").residents[0]
    illegal(g, "R-SELL-02", player="Anna", tile="sell-house", house=site, resident=resident)


def test_sell_house_with_an_empty_portfolio_says_so() -> None:
    """R-SELL-01 "a Resident card from the Portfolio moves in": Anna's House is finished and
    unsold, and her Portfolio is empty. The list said "nothing is possible for the Resident
    moving in"; it says why, under the same rule as the validator."""
    g = new_game(2)
    site = a_house_site(g)
    floors = len(g.ed.buildings["house"].floors)
    building(g, site, "house", ["Anna"] * floors, [])
    player(g, "Anna").residents.clear()
    found = next(c for c in tile_choices(g) if c.tile == "sell-house")
    assert found.why is not None and found.why.rule == "R-SELL-01"
    assert found.why.message == "Anna has no Resident card in their Portfolio to move in."
    illegal(g, "R-SELL-01", player="Anna", tile="sell-house", house=site, resident="paula")


def test_forced_trade_with_no_swap_to_make_is_r_a18_01() -> None:
    """R-A18-01 (a trade changes one Resource for another, with an opponent who holds it) is
    judged before R-A18-03 (2 Grinies a trade): Anna holds 1 Grinie and only Wood, Bruno only
    Wood. The list said R-A18-03; no swap exists, so the narrower rule is R-A18-01, the one
    `validate` names for trading Wood for Wood."""
    g = new_game(2)
    for name in ("Anna", "Bruno"):
        p = player(g, name)
        p.cubes = dict.fromkeys(RESOURCES, 0)
        give(g, name, wood=1)
    player(g, "Anna").money = 1
    assert why(g, "forced-trade") == "R-A18-01"
    illegal(g, "R-A18-01", player="Anna", tile="forced-trade",
            trades=[{"with": "Bruno", "give": "wood", "get": "wood"}])
    player(g, "Bruno").cubes["steel"] = 1  # a swap to make, not to pay for: R-A18-03
    assert why(g, "forced-trade") == "R-A18-03"
