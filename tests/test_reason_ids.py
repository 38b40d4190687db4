"""Issue 28 items 5 and 6: a refusal names the narrowest rule whose condition failed, and the
same one in the choices (`grinivil moves`: `tile_choices`, the decisions of `--set`) as in
`validate` (the replay of a log choosing it); and in the last round a finishing move names a
tile without anything of it being judged (AMB-END-04 in docs/rulings.md).

Each position is arranged by hand on gamekit's table (2 players, 50 G, the ring of
tests/gamekit.py: 3 sell-resources, 8 explore-build-road, 11 buy-resources-discount,
17 architect)."""

from __future__ import annotations

from typing import Any

from grinivil_cli.choose import Partial, tile_choices, turn_search
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.market import holes
from grinivil_cli.reports.setvalues import decisions

from gamekit import give, illegal, lay, new_game, play, player, refused


def listed(g: Game, tile: str) -> tuple[bool, str | None]:
    """Whether `moves` lists `tile` as eligible for the player on turn, and if not, the rule."""
    t = next(t for t in tile_choices(g) if t.tile == tile)
    return t.eligible, t.why.rule if t.why is not None else None


def set_refused(g: Game, tile: str, **given: str) -> str:
    """The rule `moves --tile TILE --set PATH=VALUE ...` reports as broken."""
    _, broken = decisions(g, g.state.turn, tile, dict(given))
    assert broken is not None, f"{given} accepted"
    return broken.rule


def searched(g: Game, **record: Any) -> str | None:
    """The rule the search of the choices finds broken by every completion of `record` (the
    reason `moves` and `record` give for it), None when some completion is legal."""
    ok, why = turn_search(g).attempt(Partial(record))
    return None if ok else why.rule if why is not None else "?"


# --- item 5: the narrowest rule, the same in the list and in validate ----------------------------

def test_r_a02_03_buy_resources_discount_not_eligible_names_its_own_cost_rule() -> None:
    """R-A02-03 (not #01's R-A01-03): with 0 G no cube on the Market costs 3 or less (the
    cheapest, steel, 12 - 3 = 9): the list and validate both cite #02's cost rule."""
    g = new_game(2, money=0)
    assert listed(g, "buy-resources-discount") == (False, "R-A02-03")
    assert listed(g, "buy-resources") == (False, "R-A01-03")
    illegal(g, "R-A02-03", player="Anna", tile="buy-resources-discount", cubes={"steel": 1})


def test_r_bld_07_build_floor_without_the_cubes_of_any_floor() -> None:
    """R-BLD-07 (not R-A03-02): Anna holds no cube, so no Floor can be built (a House's first
    Floor needs 2 concrete and 1 wood): #03 and #04 name the Floor's cost rule, as validate
    does for a House on C.s1."""
    g = new_game(2)
    assert listed(g, "build-floor") == (False, "R-BLD-07")
    assert listed(g, "build-floor-premium") == (False, "R-BLD-07")
    illegal(g, "R-BLD-07", player="Anna", tile="build-floor", site="C.s1", building="house")
    illegal(g, "R-BLD-07", player="Anna", tile="build-floor-premium", site="C.s1",
            building="house")


def test_r_a06_03_sell_resources_whose_refill_fills_the_last_hole_of_cubes_held() -> None:
    """R-A06-03 (not R-A06-01): the Market is full but for a wood hole and a concrete hole;
    Anna (position 6) holds 1 wood and chooses Sell Resources (3), completing the TAR; the
    pouch holds only wood, so every refill fills the wood hole: she holds a cube, but no
    section of hers has an empty hole. Judged at the choice (AMB-TAR-01), the list and validate
    both cite R-A06-03."""
    g = new_game(2)
    for r in ("concrete", "wood", "steel"):
        g.state.market[r] = len(holes(g, r))
    g.state.market["wood"] -= 1
    g.state.market["concrete"] -= 1
    give(g, "Anna", wood=1)
    pouch = g.state.supply.pouch
    pouch["concrete"] = pouch["steel"] = 0
    player(g, "Anna").position = 6
    assert listed(g, "sell-resources") == (False, "R-A06-03")
    illegal(g, "R-A06-03", player="Anna", tile="sell-resources", refills=[["wood"] * 4],
            cubes={"wood": 1})


def test_r_a06_01_sell_resources_without_any_cube_keeps_its_rule() -> None:
    """R-A06-01: holding no cube at all, the rule is the one that wants at least 1 cube sold."""
    g = new_game(2)
    assert listed(g, "sell-resources") == (False, "R-A06-01")
    illegal(g, "R-A06-01", player="Anna", tile="sell-resources")


def test_r_road_02_a_first_floor_on_a_half_road_site() -> None:
    """R-ROAD-02 (not R-BLD-08): I0.s2 hangs on R0, a Half-road while I7 is empty; "you cannot
    build on sites attached to it". validate and `moves --set site=I0.s2` say so."""
    g = new_game(2)
    give(g, "Anna", concrete=2, wood=1)
    e = illegal(g, "R-ROAD-02", player="Anna", tile="build-floor", site="I0.s2",
                building="house")
    assert "R0, a Half-road" in e.message
    assert set_refused(g, "build-floor", site="I0.s2") == "R-ROAD-02"


def test_r_aba_07_an_associated_build_action_that_cannot_be_paid() -> None:
    """R-ABA-07 (not R-ABA-04, R-ABA-03 or R-SELL-06): every cost of the Associated Build
    Action must be payable. Connected Road with 9 G (10) or 1 concrete (2); Additional Floor
    with 24 G (25); Sell the House with 14 G (15 and 15 of Compensation to the
    Municipality, whose Block is in O1.s1's House). The same rule in `moves --set`."""
    g = new_game(2)
    lay(g, "I2", "I08")
    give(g, "Anna", concrete=4, wood=1)
    road = {"tile": "build-floor", "site": "I1.s2", "building": "house",
            "associated": {"connected_road": {}}}
    player(g, "Anna").money = 9
    e = refused(g, "Anna", "R-ABA-07", **road)
    assert "10 Grinies; Anna holds 9" in e.message
    assert searched(g, player="Anna", **road) == "R-ABA-07"
    player(g, "Anna").money = 50
    player(g, "Anna").cubes["concrete"] = 3  # 2 for the Floor, 1 left for the Road
    e = refused(g, "Anna", "R-ABA-07", **road)
    assert "2 concrete for the Road; Anna holds 1 concrete" in e.message
    g = new_game(2)
    player(g, "Anna").money = 24
    give(g, "Anna", concrete=3, wood=2, steel=1)
    refused(g, "Anna", "R-ABA-07", tile="build-floor", site="I0.s1", building="house",
            associated={"additional_floor": {}})
    g = new_game(2)
    g.state.supply.display.remove("boris")
    player(g, "Anna").residents.append("boris")
    player(g, "Anna").money = 14
    give(g, "Anna", concrete=1, wood=1, steel=1)
    e = refused(g, "Anna", "R-ABA-07", tile="build-floor", site="O1.s1",
                associated={"sell_house": {"resident": "boris"}})
    assert "Compensation to each co-builder: Municipality" in e.message


def test_r_muni_04_a_token_recorded_for_a_site_that_gets_no_orange_block() -> None:
    """R-MUNI-04 (not R-MUNI-05): I08 at I7 connects the Municipal site I0.s4; a log naming a
    token for C.s6 only (no Municipal site connected now) breaks R-MUNI-04, whose condition
    (a site connected for the first time) failed, before the missing token of I0.s4."""
    g = new_game(2)
    e = refused(g, "Anna", "R-MUNI-04", tile="explore", slot="I7", land_tile="I08",
                municipal_tokens={"C.s6": "cafe"})
    assert "no orange Block was placed on C.s6" in e.message
    refused(g, "Anna", "R-MUNI-05", tile="explore", slot="I7", land_tile="I08",
            municipal_tokens={"I0.s4": "house"})


def test_r_rdb_04_a_road_reward_the_new_space_does_not_have() -> None:
    """R-RDB-04 (not R-RDB-06): the rewards received are those of the space reached; space 1
    has no Land Tile and no Repeat Action; past the last space there is none (AMB-RDB-01)."""
    g = new_game(2)
    lay(g, "I2", "I08")
    give(g, "Anna", concrete=2)
    e = refused(g, "Anna", "R-RDB-04", tile="build-road", road="R2",
                road_bonus={"explore": {"slot": "I4", "land_tile": "I05"}})
    assert "space 1 of the Bonus Road Track has no 'explore' reward" in e.message
    refused(g, "Anna", "R-RDB-04", tile="build-road", road="R2", road_bonus={"repeat": True})
    player(g, "Anna").road_track = 12
    refused(g, "Anna", "R-RDB-04", tile="build-road", road="R2", road_bonus={"repeat": True})


def test_r_sd_07_the_wrong_player_starts_the_last_round() -> None:
    """R-SD-07 (not R-GEN-02): Anna's Floor leaves her 2 Blocks and triggers the Sudden-death
    Round; the last round starts with Bruno, clockwise from her: a log giving the next turn
    to Clara breaks R-SD-07. Later in the last round, the wrong player is R-GEN-02 again."""
    g = new_game(3)
    player(g, "Anna").blocks = 3
    give(g, "Anna", concrete=2, wood=1)
    play(g, player="Anna", tile="build-floor", site="C.s1", building="house",
         sudden_death={"Anna": "stay", "Bruno": "stay", "Clara": "stay"})
    e = illegal(g, "R-SD-07", player="Clara", tile="convert")
    assert "the last round starts with Bruno, the player clockwise from Anna" in e.message
    play(g, player="Bruno", tile="convert")
    illegal(g, "R-GEN-02", player="Anna", tile="convert")


# --- item 6: a finishing move judges nothing of the tile it names (AMB-END-04) --------------------

def last_round_at(g: Game, position: int) -> None:
    g.state.sudden_death = True
    player(g, "Anna").position = position


def test_amb_end_04_a_finishing_move_may_name_a_tile_blocked_for_placement() -> None:
    """AMB-END-04 (b), R-END-01, R-END-02, R-TAR-05: in the last round, Anna at 18 names the
    Architect (17) holding her own Worker: the token ends on the Starting Tile at once, so
    the tile's placement is not judged; the list offers it. Before the boundary (19, 20) the
    Worker still blocks."""
    g = new_game(2)
    last_round_at(g, 18)
    g.state.ring.ability_workers[17] = "Anna"
    assert listed(g, "architect") == (True, None)
    play(g, player="Anna", tile="architect")
    assert player(g, "Anna").finished and player(g, "Anna").position == 0
    g = new_game(2, ring=["auction", "import", "sell-resources", "buy-warehouse",
                          "optimization", "explore-build-road", "replanting", "buy-trees",
                          "subsidy", "plant-trees", "forced-trade", "new-resident", "convert",
                          "sell-house", "banker", "architect"])
    last_round_at(g, 18)
    g.state.ring.ability_workers[20] = "Bruno"  # the Architect at 20: reached, not crossed
    assert listed(g, "architect") == (False, "R-TAR-05")
    illegal(g, "R-TAR-05", player="Anna", tile="architect")


def test_amb_end_04_a_finishing_move_may_name_an_occupied_replanting() -> None:
    """AMB-END-04 (b), R-A16-05: Bruno's 'occupied' token on Replanting (9); Anna at 18
    crossing the boundary to it finishes, as naming any other tile would."""
    g = new_game(2)
    last_round_at(g, 18)
    g.state.ring.occupied[9] = "Bruno"
    g.state.supply.occupied_tokens -= 1
    assert listed(g, "replanting") == (True, None)
    play(g, player="Anna", tile="replanting")
    assert player(g, "Anna").finished


def test_amb_end_04_a_finishing_move_may_name_an_action_it_cannot_carry_out() -> None:
    """AMB-END-04 (b), R-A18-06: Bruno has finished, so Forced Trade cannot be carried out;
    Anna at 18 naming it (14) finishes all the same, in the list and in validate; before the
    boundary the rule holds."""
    g = new_game(2)
    last_round_at(g, 18)
    player(g, "Bruno").finished = True
    assert listed(g, "forced-trade") == (True, None)
    play(g, player="Anna", tile="forced-trade")
    assert player(g, "Anna").finished
    g = new_game(2)
    last_round_at(g, 10)
    player(g, "Bruno").finished = True
    assert listed(g, "forced-trade") == (False, "R-A18-06")
    illegal(g, "R-A18-06", player="Anna", tile="forced-trade",
            trades=[{"with": "Bruno", "give": "wood", "get": "steel"}])
