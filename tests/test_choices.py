"""The exact legal choices of a turn (grinivil_cli/choose/, its domains in choose/domains/), one
decision at a time, on small positions built by hand with the test kit; and `able`, R-TAR-06.

Every number asserted is derived by hand from the rulebook (/work/shared/rules) and the
edition data (grinivil_cli/editions/standard.yaml); each docstring says how.

The kit's table (gamekit.base_log, 2 players): Anna on turn at the Starting Tile (position 0),
50 Grinies (unless `money=` says otherwise), 2 Trees, 3 Workers, no cubes. Market of the 2-3p
side holding concrete 5, wood 4, steel 3. A buyer takes the topmost filled hole, so a section
holding n cubes sells its cubes for holes[n-1].buy, holes[n-2].buy, ...:
  concrete (holes 9 9 9 7 7 7 5 5 5 4 4 4 from the bottom, 5 held): 7, 7, 9, 9, 9
  wood     (holes 10 10 10 8 8 8 6 6 6, 4 held):                        8, 10, 10, 10
  steel    (holes 12 12 12 9 9 9 7 7 7, 3 held):                        12, 12, 12
Ring positions of gamekit.RING: 1 buy-resources, 2 auction, 6 build-floor,
8 explore-build-road, 10 buy-trees, 11 buy-resources-discount, 13 plant-trees,
16 build-floor-premium, 17 architect (all ahead of position 0: no lap is completed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from grinivil_cli.choose import (
    END,
    OMIT,
    Decision,
    Partial,
    Search,
    able,
    forget,
    line,
    reason,
    remake,
    tile_choices,
    turn_search,
)
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.moves import is_legal
from grinivil_cli.engine.records import parse_turn

from gamekit import building, give, illegal, new_game, play, player

# gamekit's ring with the Engineer (#20) at position 3 (the ability ring of test_ring_rules).
ABIL_RING = ["auction", "engineer", "sell-resources", "buy-warehouse", "builder",
             "explore-build-road", "buy-trees", "ecologist", "subsidy", "plant-trees",
             "merchant", "new-resident", "architect", "sell-house", "banker", "convert"]


def start(g: Game, tile: str, **decided: Any) -> tuple[Search, Partial]:
    """The search of the next turn and the record begun with the tile (and whatever else is
    given), the action carried out (not declined)."""
    s = turn_search(g)
    who = g.state.players[g.state.current].name
    p = Partial({"player": who, "tile": tile, **decided})
    d = s.decision(p)
    assert d is not None and d.path == ("declined",), d
    return s, p.choose(d, OMIT)


def decide(s: Search, p: Partial, *values: Any) -> tuple[Decision, Partial]:
    """Take `values` for the next decisions, one after the other; the decision after them."""
    for v in values:
        d = s.decision(p)
        assert d is not None
        assert d.allows(v), f"{v!r} is not offered at {d.path}: {d.options or d.ranges}"
        p = p.choose(d, v)
    d = s.decision(p)
    assert d is not None
    return d, p


def counted(d: Decision, path: tuple[Any, ...]) -> tuple[tuple[int, int], ...]:
    assert d.path == path, d.path
    assert d.kind == "count"
    return d.ranges


# --- Buy Resources: R-MKT-04, R-A01-02/03, R-A02-03, R-A20-01 -----------------------------------

def test_r_a01_03_buy_resources_counts_follow_money_and_buying_prices() -> None:
    """R-MKT-02, R-A01-02, R-A01-03, R-A01-05: 20 Grinies. Concrete 7, 7, 9: 1 costs 7, 2 cost
    14, 3 cost 23 > 20: 0..2 (0 is legal, wood and steel can still be bought). After 2
    concrete (6 left) a wood (8) is too dear: 0 only. After no concrete, wood 8, 18, 28: 0..2;
    after neither, a steel (12) must be bought (at least 1 cube, R-A01-02): exactly 1.
    After 1 concrete + 1 wood (15), a steel (12) is too dear: 0."""
    g = new_game(2, money=20)
    s, p = start(g, "buy-resources")
    d, _ = decide(s, p)
    assert counted(d, ("cubes", "concrete")) == ((0, 2),)
    d, _ = decide(s, p, 2)
    assert counted(d, ("cubes", "wood")) == ((0, 0),)
    d, _ = decide(s, p, 0)
    assert counted(d, ("cubes", "wood")) == ((0, 2),)
    d, _ = decide(s, p, 0, 0)
    assert counted(d, ("cubes", "steel")) == ((1, 1),)
    d, _ = decide(s, p, 1, 1)
    assert counted(d, ("cubes", "steel")) == ((0, 0),)


def test_r_mkt_04_a_section_cannot_sell_more_cubes_than_it_holds() -> None:
    """R-MKT-04: with 200 Grinies every cube is affordable, so the counts are the cubes each
    section holds: concrete 0..5, then wood 0..4, then steel 0..3."""
    g = new_game(2, money=200)
    s, p = start(g, "buy-resources")
    d, _ = decide(s, p)
    assert counted(d, ("cubes", "concrete")) == ((0, 5),)
    d, _ = decide(s, p, 5)
    assert counted(d, ("cubes", "wood")) == ((0, 4),)
    d, _ = decide(s, p, 5, 4)
    assert counted(d, ("cubes", "steel")) == ((0, 3),)


def test_r_a02_03_the_discount_tile_takes_3_off_the_total() -> None:
    """R-A02-03 (#02 at position 11): 20 Grinies; concrete 7, 7, 9, 9: 1 costs 7-3 = 4, 2 cost
    11, 3 cost 23-3 = 20, 4 cost 32-3 = 29 > 20: 0..3. After 3 concrete (20 paid), a wood
    would make 31-3 = 28: 0. With 4 Grinies: a concrete is 4 (legal), a wood 8-3 = 5 and a
    steel 12-3 = 9 are too dear, so no concrete leads nowhere: exactly 1."""
    g = new_game(2, money=20)
    s, p = start(g, "buy-resources-discount")
    d, _ = decide(s, p)
    assert counted(d, ("cubes", "concrete")) == ((0, 3),)
    d, _ = decide(s, p, 3)
    assert counted(d, ("cubes", "wood")) == ((0, 0),)
    g = new_game(2, money=4)
    s, p = start(g, "buy-resources-discount")
    d, _ = decide(s, p)
    assert counted(d, ("cubes", "concrete")) == ((1, 1),)


def test_r_a20_01_the_engineer_takes_3_off_each_cube() -> None:
    """R-A20-01: Anna's Worker on the Engineer (position 3, not passed on the way to position
    1). 20 Grinies; concrete 7, 7, 9, 9, 9 -> 4, 4, 6, 6, 6: 4, 8, 14, 20, 26: 0..4. Wood
    8, 10, 10, 10 -> 5, 7, 7, 7: 5, 12, 19, 26: 0..3. Steel 12 -> 9 each: 9, 18, 27, and at
    least 1 cube: 1..2."""
    g = new_game(2, money=20, ring=ABIL_RING)
    assert g.state.ring.position_of("engineer") == 3
    g.state.ring.ability_workers[3] = "Anna"
    s, p = start(g, "buy-resources")
    d, _ = decide(s, p)
    assert counted(d, ("cubes", "concrete")) == ((0, 4),)
    d, _ = decide(s, p, 0)
    assert counted(d, ("cubes", "wood")) == ((0, 3),)
    d, _ = decide(s, p, 0, 0)
    assert counted(d, ("cubes", "steel")) == ((1, 2),)


def test_r_a20_01_engineer_and_discount_together() -> None:
    """R-A20-01, R-A02-03, EX-20, AMB-A02-01 (max(total - 3, 0)): the Engineer and #02, 2
    Grinies; Anna's token at position 4, so the move to #02 (position 11) does not pass her
    Worker on the Engineer (position 3; R-TAR-08 would take it back). A concrete is 7-3 = 4,
    minus 3 = 1; two are 8-3 = 5 > 2: 0..1. Without concrete,
    a wood is 5-3 = 2 (legal), two 12-3 = 9; a steel 9-3 = 6 > 2, so no wood leads nowhere:
    exactly 1 wood."""
    g = new_game(2, money=2, ring=ABIL_RING)
    g.state.ring.ability_workers[3] = "Anna"
    player(g, "Anna").position = 4
    s, p = start(g, "buy-resources-discount")
    d, _ = decide(s, p)
    assert counted(d, ("cubes", "concrete")) == ((0, 1),)
    d, _ = decide(s, p, 0)
    assert counted(d, ("cubes", "wood")) == ((1, 1),)


# --- Auction: R-A05-02, R-A05-08 ------------------------------------------------------------------

def auction_bids(g: Game) -> tuple[Decision, Search, Partial]:
    """The Initiator's bid decision, after the lot is drawn (an outcome: its first option)."""
    s, p = start(g, "auction")
    d = s.decision(p)
    assert d is not None and d.path == ("drawn",) and d.kind == "outcome"
    assert all(len(lot) == 5 for lot in d.options)  # R-A05-01: 5 cubes, the pouch is full
    p = p.choose(d, d.options[0])
    d = s.decision(p)
    assert d is not None
    return d, s, p


def test_r_a05_02_the_initiator_bids_10_to_all_she_holds_others_may_bid_nothing() -> None:
    """R-A05-02: Anna (Initiator, 50 G) 10..50; Bruno (50 G) nothing, or 10..50."""
    g = new_game(2)
    d, s, p = auction_bids(g)
    assert counted(d, ("bids", "Anna")) == ((10, 50),)
    d, _ = decide(s, p, 17)
    assert counted(d, ("bids", "Bruno")) == ((0, 0), (10, 50))


def test_r_a05_02_a_player_with_less_than_10_can_only_bid_nothing() -> None:
    """R-A05-02: Bruno holds 9 Grinies (under the Minimum Bid): only 0; with exactly 10: 0 or
    10. Anna holding exactly 10: 10 only."""
    g = new_game(2)
    player(g, "Bruno").money = 9
    d, s, p = auction_bids(g)
    d, _ = decide(s, p, 10)
    assert counted(d, ("bids", "Bruno")) == ((0, 0),)
    g = new_game(2, money=10)
    d, s, p = auction_bids(g)
    assert counted(d, ("bids", "Anna")) == ((10, 10),)
    d, _ = decide(s, p, 10)
    assert counted(d, ("bids", "Bruno")) == ((0, 0), (10, 10))


def test_r_tar_12_declining_the_auction_nobody_else_can_bid_on_is_offered() -> None:
    """R-TAR-06, R-TAR-10, R-TAR-12: Anna (50 G) is able to hold the Auction, so she may
    decline it (2 VP). Bruno holds 9 G and cannot bid, so the Auction is not held: the record
    is just the declined tile, which the replay accepts (4 -> 2 VP). So the first decision
    must offer both carrying it out (OMIT) and declining (True), and the declined record must
    have a legal completion."""
    g = new_game(2)
    player(g, "Anna").vp = 4
    player(g, "Bruno").money = 9
    assert is_legal(g, {"player": "Anna", "tile": "auction", "declined": True}) is None
    s = turn_search(g)
    p = Partial({"player": "Anna", "tile": "auction"})
    d = s.decision(p)
    assert d is not None and d.path == ("declined",)
    assert d.options == (OMIT, True)


def test_r_tar_12_after_a_declined_auction_the_others_may_still_bid_nothing() -> None:
    """R-TAR-12, R-A05-02: Anna declines the Auction (4 -> 2 VP); Bruno (50 G) may bid
    nothing (then the Auction is not held and nothing more is recorded: the replay accepts
    {declined: true} alone) or 10..50. `remake` of that legal record must not refuse it."""
    g = new_game(2)
    player(g, "Anna").vp = 4
    turn = {"player": "Anna", "tile": "auction", "declined": True}
    assert is_legal(g, dict(turn)) is None
    s = turn_search(g)
    p = Partial({"player": "Anna", "tile": "auction", "declined": True})
    d = s.decision(p)
    assert d is not None
    assert counted(d, ("bids", "Bruno")) == ((0, 0), (10, 50))
    made, _ = remake(g, turn, 1)
    assert made.record() == turn


# --- Buy Trees: R-A09-01/02/05 ------------------------------------------------------------------

@pytest.mark.parametrize(("money", "supply", "most"), [
    (5, 48, 3),    # 3 Trees cost 3; 4 cost 4 x 2 = 8 > 5
    (7, 48, 3),    # 4 cost 8 > 7
    (8, 48, 4),    # 4 cost 8; 5 cost 10 > 8
    (11, 48, 5),   # 5 cost 10; 6 cost 12 > 11
    (12, 48, 6),   # 6 cost 12
    (50, 2, 2),    # only 2 Trees left in the supply (R-A09-05)
    (1, 48, 1),    # 1 Tree costs 1
])
def test_r_a09_02_buy_trees_counts(money: int, supply: int, most: int) -> None:
    """R-A09-01 (1-6 Trees), R-A09-02 (1-3 cost 1 G each, 4-6 cost 2 G each for every Tree),
    R-A09-05 (no more than the supply): the counts offered are 1..most, `most` worked out in
    the parameters' comments."""
    g = new_game(2, money=money)
    g.state.supply.trees = supply
    s, p = start(g, "buy-trees")
    d, _ = decide(s, p)
    assert counted(d, ("trees",)) == ((1, most),)


# --- Plant Trees: R-A10-01, R-PLANT-06/07 ---------------------------------------------------------

# The Planting Sectors of the kit's table (C, I0 = I01, I1 = I02, O1 = O01; the radial road R1
# between I0 and I1 and O1's main road split the land, R-PLANT-01/02/04):
CENTRE = ["C.p1", "C.p2"]
WEST = ["I0.p1", "I0.p2", "I0.p3", "I0.p4", "I0.p5", "O1.p1", "O1.p2"]
EAST = ["I1.p1", "I1.p2", "I1.p3", "O1.p3", "O1.p4"]


def test_r_plant_07_after_a_spot_only_its_sector_is_offered_in_ascending_order() -> None:
    """R-A10-01, R-PLANT-05/07: Anna holds 5 Trees. The first Spot: any of the 14 free Spots
    (C.p1, C.p2; I01's p1-p5 and O1's left p1, p2; I02's p1-p3 and O1's right p3, p4). After
    I0.p2: the free Spots of its sector after it (ascending), or the end: I0.p3, I0.p4, I0.p5,
    O1.p1, O1.p2. A Tree on I0.p4 takes it out. After C.p1: C.p2 or the end."""
    g = new_game(2)
    player(g, "Anna").trees = 5
    g.state.supply.trees -= 3
    s, p = start(g, "plant-trees")
    d, _ = decide(s, p)
    assert d.path == ("spots", 0)
    assert sorted(d.options) == sorted(CENTRE + WEST + EAST)
    d, _ = decide(s, p, "I0.p2")
    assert d.path == ("spots", 1)
    assert d.options == ("I0.p3", "I0.p4", "I0.p5", "O1.p1", "O1.p2", END)
    d, _ = decide(s, p, "C.p1")
    assert d.options == ("C.p2", END)
    g.state.townland.trees.add("I0.p4")
    s, p = start(g, "plant-trees")
    d, _ = decide(s, p, "I0.p2")
    assert d.options == ("I0.p3", "I0.p5", "O1.p1", "O1.p2", END)


def test_r_plant_06_no_more_spots_than_trees_held() -> None:
    """R-PLANT-06: with 3 Trees in the Portfolio, after 3 Spots the list ends without a
    decision (the next one is the Time Units bought, R-TBUY-01); with 2 Trees (the kit's),
    after I1.p1 and I1.p2 too. The record is complete and legal there."""
    for trees, spots in ((3, ["I1.p1", "I1.p3", "O1.p4"]), (2, ["I1.p1", "I1.p2"])):
        g = new_game(2)
        player(g, "Anna").trees = trees
        s, p = start(g, "plant-trees")
        d, q = decide(s, p, *spots)
        assert d.path == ("buy_time",)
        assert q.data["spots"] == spots
        assert s.completable(q)


# --- Build Floor: R-A03-02, R-SITE-01, R-BLD-07/08, R-FEE-03 -------------------------------------

# The sites of the kit's table on a usable road: the Centre ring (C.s1, C.s2 residential;
# C.s5 Municipal Bank; C.s6, C.s7 non-residential), I01 s1 (ring, residential) and s3 (R1,
# non-residential), I02 s1 and s3 (ring and R1, both non-residential), O1's main road (s1
# Municipal House, s2 Municipal Pub) and Access Road (s3, non-residential). I01 s2/s4 (R0)
# and I02 s2 (R2) lie on half-roads (no tile at I7, I2): not buildable (R-BLD-08).
EMPTY_SITES = ["C.s1", "C.s2", "C.s6", "C.s7", "I0.s1", "I0.s3", "I1.s1", "I1.s3", "O1.s3"]


def test_r_site_01_tokens_for_a_residential_and_a_non_residential_site() -> None:
    """R-BLD-07, R-BLD-08, R-SITE-01: Anna holds 2 concrete + 1 wood, the first Floor of a
    House and of a Pub or a Post Office (standard.yaml); the Pub token is on O1.s2 (none
    left), Pet Shop, Bowling and Retirement Facility are 4+ only (R-SETUP-04). Every other
    first Floor needs steel or 2 wood or 3 concrete. So: a residential site (C.s1) takes only
    the House, a non-residential one (C.s6) only the Post Office. The started buildings
    (Bank floor 2: 1 concrete + 2 steel; House floor 2 and Pub floor 2 need steel) are not
    payable, so the sites offered are exactly the empty ones."""
    g = new_game(2)
    give(g, "Anna", concrete=2, wood=1)
    s, p = start(g, "build-floor")
    d, _ = decide(s, p)
    assert d.path == ("site",)
    assert list(d.options) == EMPTY_SITES
    d, _ = decide(s, p, "C.s1")
    assert (d.path, d.options) == (("building",), ("house",))
    d, _ = decide(s, p, "C.s6")
    assert (d.path, d.options) == (("building",), ("post-office",))


def test_r_bld_07_a_site_without_the_cubes_for_its_floor_is_not_offered() -> None:
    """R-BLD-07: Anna holds 1 concrete + 1 steel: the Bus Stop's first Floor (non-residential)
    and nothing a House needs (2 concrete + 1 wood): the residential sites C.s1, C.s2, I0.s1
    are not offered; on C.s7 the Bus Stop is the only token."""
    g = new_game(2)
    give(g, "Anna", concrete=1, steel=1)
    s, p = start(g, "build-floor")
    d, _ = decide(s, p)
    assert list(d.options) == ["C.s6", "C.s7", "I0.s3", "I1.s1", "I1.s3", "O1.s3"]
    d, _ = decide(s, p, "C.s7")
    assert d.options == ("bus-stop",)


def test_r_fee_03_a_site_whose_participation_fee_is_unaffordable_is_not_offered() -> None:
    """R-FEE-01..03: I1 (I02) belongs to Bruno; with nobody living in Grinivil the fee is
    5 + 3 x 0 = 5 Grinies. Anna holds 4 Grinies and 2 concrete + 1 wood: I1.s1 and I1.s3 are
    not offered (she cannot pay the fee); with 5 Grinies they are. The Municipal parcels
    owe nothing."""
    g = new_game(2, money=4)
    g.state.townland.owners["I1"] = "Bruno"
    give(g, "Anna", concrete=2, wood=1)
    s, p = start(g, "build-floor")
    d, _ = decide(s, p)
    assert list(d.options) == [x for x in EMPTY_SITES if not x.startswith("I1.")]
    player(g, "Anna").money = 5
    s, p = start(g, "build-floor")
    d, _ = decide(s, p)
    assert list(d.options) == EMPTY_SITES


def test_r_bld_09_an_upper_floor_is_offered_when_its_cubes_are_held() -> None:
    """R-BLD-09: with 1 concrete + 2 steel (the Bank's Floor 2 on the Municipal C.s5), C.s5
    is offered; that and the Bus Stop's Floor 1 (1 concrete + 1 steel) on the non-residential
    sites. A House (2 concrete + 1 wood) is not: no residential site."""
    g = new_game(2)
    give(g, "Anna", concrete=1, steel=2)
    s, p = start(g, "build-floor")
    d, _ = decide(s, p)
    assert list(d.options) == ["C.s5", "C.s6", "C.s7", "I0.s3", "I1.s1", "I1.s3", "O1.s3"]


# --- able: R-TAR-06, AMB-TAR-01 (a) --------------------------------------------------------------

@pytest.mark.parametrize(("action", "short", "enough", "rule"), [
    ("explore", 9, 10, "R-A08A-01"),        # Explore Land is 10 G
    ("buy-warehouse", 9, 10, "R-A07-01"),   # a Small Warehouse is 10 G
    ("buy-trees", 0, 1, "R-A09-02"),        # one Tree is 1 G
    ("auction", 9, 10, "R-A05-02"),         # the Initiator must bid 10 G (R-A05-08)
])
def test_r_tar_06_able_is_the_money_the_action_needs(action: str, short: int, enough: int,
                                                      rule: str) -> None:
    """R-TAR-06: with one Grinie less than the action's price (parameters) Anna is not able to
    perform it (`able` names the price's rule); with the price she is."""
    for money, expected in ((short, rule), (enough, None)):
        g = new_game(2, money=money)
        why = able(g, player(g, "Anna"), action,
                   parse_turn({"player": "Anna", "tile": action}, ("turns", 0)), None)
        assert (why.rule if why is not None else None) == expected, why


@pytest.mark.parametrize(("action", "short", "enough"), [
    ("explore", 9, 10), ("buy-warehouse", 9, 10), ("buy-trees", 0, 1), ("auction", 9, 10)])
def test_r_tar_06_declining_what_one_could_not_do_is_illegal(action: str, short: int,
                                                             enough: int) -> None:
    """R-TAR-06, R-TAR-10, AMB-TAR-01 (a): declined with too little money: illegal
    (R-TAR-06); with enough: the 2-VP penalty (5 -> 3 VP), the money kept. The declined
    Auction with 10 G is held without Anna: Bruno bids nothing, so it is not held
    (R-TAR-12)."""
    g = new_game(2, money=short)
    player(g, "Anna").vp = 5
    e = illegal(g, "R-TAR-06", player="Anna", tile=action, declined=True)
    assert "could not have carried it out" in e.message
    g = new_game(2, money=enough)
    player(g, "Anna").vp = 5
    play(g, player="Anna", tile=action, declined=True)
    assert (player(g, "Anna").vp, player(g, "Anna").money) == (3, enough)


def test_r_a10_04_plant_trees_without_a_tree_is_not_possible() -> None:
    """R-A10-04: "You need at least 1 tree in your portfolio"; R-PLANT-06. Anna holds no
    Tree: she is not able to plant. The reason named is the rule of the restriction (R-A10-04,
    or R-PLANT-06 as the replay says), not a field missing from the record."""
    g = new_game(2)
    player(g, "Anna").trees = 0
    g.state.supply.trees += 2
    why = able(g, player(g, "Anna"), "plant-trees",
               parse_turn({"player": "Anna", "tile": "plant-trees"}, ("turns", 0)), None)
    assert why is not None
    assert why.rule in ("R-A10-04", "R-PLANT-06"), f"{why.rule}: {why.message}"


# --- tile_choices: R-TAR-05, R-WRK-02, R-A09-05 ---------------------------------------------------

def choices_by_tile(g: Game) -> dict[str, Any]:
    return {t.tile: t for t in tile_choices(g)}


def test_r_tar_05_an_ability_tile_with_another_players_worker_is_not_eligible() -> None:
    """R-TAR-05: Bruno's Worker on the Architect (position 17): not eligible for Anna, reason
    R-TAR-05 ("a Worker stands on it"); without it, eligible (placing a Worker costs
    nothing)."""
    g = new_game(2)
    assert choices_by_tile(g)["architect"].eligible
    g.state.ring.ability_workers[17] = "Bruno"
    t = choices_by_tile(g)["architect"]
    assert not t.eligible and t.why is not None and t.why.rule == "R-TAR-05"
    assert reason(t.why) == "a Worker stands on it"


def test_r_wrk_02_build_floor_without_a_free_worker_is_not_eligible() -> None:
    """R-WRK-02, R-A03-01, R-A04-04: Anna's 3 Workers stand at unfinished Houses on C.s1, C.s2
    and on the Architect: #03 and #04 are not eligible, though she holds the cubes of a House
    Floor 2 (1 concrete + 1 wood + 1 steel) where her Worker already stands (AMB-WRK-01 (a):
    the rule applies anyway) and of a new House (2 concrete + 1 wood); with the Architect's
    Worker back in her Portfolio, #03 is eligible."""
    g = new_game(2)
    building(g, "C.s1", "house", ["Anna"], ["Anna"])
    building(g, "C.s2", "house", ["Anna"], ["Anna"])
    g.state.ring.ability_workers[17] = "Anna"
    give(g, "Anna", concrete=3, wood=2, steel=1)
    tiles = choices_by_tile(g)
    for tile in ("build-floor", "build-floor-premium"):
        t = tiles[tile]
        assert not t.eligible and t.why is not None and t.why.rule == "R-WRK-02", t
        assert reason(t.why) == "no free Worker"
    del g.state.ring.ability_workers[17]
    assert choices_by_tile(g)["build-floor"].eligible


def test_r_a09_05_buy_trees_with_an_empty_supply_cannot_be_chosen() -> None:
    """R-A09-05, R-GEN-04: no Tree in the general supply: Buy Trees is not eligible, "cannot
    be chosen" (reason: nothing left for it); Replanting neither (no Tree planted, none in the
    supply: R-A16-01). With one Tree back, both are."""
    g = new_game(2)
    g.state.supply.trees = 0
    tiles = choices_by_tile(g)
    t = tiles["buy-trees"]
    assert not t.eligible and t.why is not None and t.why.rule == "R-A09-05"
    assert "cannot be chosen" in t.why.message and reason(t.why) == "nothing left for it"
    assert tiles["replanting"].why is not None and tiles["replanting"].why.rule == "R-A16-01"
    g.state.supply.trees = 1
    tiles = choices_by_tile(g)
    assert tiles["buy-trees"].eligible and tiles["replanting"].eligible


def test_r_tar_06_the_ineligible_tiles_of_the_kits_first_turn() -> None:
    """R-TAR-06: Anna at the start (50 G, no cubes, no House, 2 Trees): not able to Sell
    Resources (no cube, R-A06-01), Build a Floor (no cube, #03 and #04: R-BLD-07), Forced
    Trade (no cube to give, R-A18-01), Sell the House (none, R-A12-01), Build a Road (no
    Construction Road: R1 is completed at setup, R0 and R2 are half-roads: R-A08B-05); with 9
    G the Auction (R-A05-02), Explore (R-A08A-01), Buy Warehouse (R-A07-01) too."""
    g = new_game(2)
    no = {t.tile: t.why.rule for t in tile_choices(g) if not t.eligible and t.why}
    assert no == {"sell-resources": "R-A06-01", "build-floor": "R-BLD-07",
                  "build-floor-premium": "R-BLD-07", "forced-trade": "R-A18-01",
                  "sell-house": "R-A12-01", "build-road": "R-A08B-05"}
    g = new_game(2, money=9)
    no = {t.tile: t.why.rule for t in tile_choices(g) if not t.eligible and t.why}
    assert {k: no.get(k) for k in ("auction", "explore", "buy-warehouse")} == {
        "auction": "R-A05-02", "explore": "R-A08A-01", "buy-warehouse": "R-A07-01"}


# --- every option has a legal completion ----------------------------------------------------------

def kit_position() -> Game:
    """Anna with cubes for a House, a Pub-family Floor and a Bus Stop, 3 Trees, 30 Grinies."""
    g = new_game(2, money=30)
    give(g, "Anna", concrete=3, wood=1, steel=1)
    player(g, "Anna").trees = 3
    return g


def sample_position() -> Game:
    """The 3-player sample after 20 turns (a replay snapshot)."""
    from pathlib import Path

    from grinivil_cli.table.loading import load_game

    replayed = load_game(Path(__file__).parent.parent / "samples" / "game-3p.yaml").replay
    g = replayed.game
    assert g is not None
    snap = replayed.snapshots[20]
    g.state = snap.state.copy()
    del g.ledger.entries[snap.ledger_size:]
    g.chance = None
    return g


@pytest.mark.parametrize("make", [kit_position, sample_position])
def test_every_option_of_the_first_two_decisions_has_a_legal_completion(make: Any) -> None:
    """The options are exact: for every tile offered (decision 1) and every option of the
    decision after it (decision 2), the record is completable, and the line of first options
    from there ends in a complete record that the replay (moves.is_legal) accepts."""
    g = make()
    s = turn_search(g)
    who = g.state.players[g.state.current].name
    first = s.decision(Partial({"player": who}))
    assert first is not None and first.path == ("tile",)
    eligible = {t.tile for t in tile_choices(g, s) if t.eligible}
    assert set(first.options) == eligible and len(eligible) >= 8
    checked = 0
    for tile in first.options:
        p1 = Partial({"player": who}).choose(first, tile)
        assert s.completable(p1), tile
        second = s.decision(p1)
        assert second is not None, tile
        values: list[Any] = list(second.options)
        for lo, hi in second.ranges:
            values += sorted({lo, hi})
        assert values, f"{tile}: no option at {second.path}"
        for v in values:
            p2 = p1.choose(second, v)
            assert s.completable(p2), (tile, second.path, v)
            _, made, broken = line(s, p2, {})
            assert broken is None and s.probe(made).done, (tile, v)
            move = made.record()
            assert is_legal(g, move) is None, (tile, v, move, is_legal(g, move))
            checked += 1
    assert checked >= len(first.options)


def tile_answers_counted(monkeypatch: pytest.MonkeyPatch, g: Game) -> Callable[
        [], tuple[dict[str, tuple[bool, str | None]], int]]:
    """Every tile's answer and reason (`tile_choices`, nothing kept from an earlier search),
    with the actions played (`turn.play_action`) to find them."""
    from grinivil_cli.choose import probe
    from grinivil_cli.engine import turn as turn_rules

    played = [0]
    play_action = turn_rules.play_action

    def counted(*args: Any, **kwargs: Any) -> None:
        played[0] += 1
        play_action(*args, **kwargs)

    monkeypatch.setattr(turn_rules, "play_action", counted)  # a turn's, a Repeat Action's
    monkeypatch.setattr(probe, "play_action", counted)  # the chooser's, at the choice

    def answers() -> tuple[dict[str, tuple[bool, str | None]], int]:
        forget()
        played[0] = 0
        found = {t.tile: (t.eligible, t.why.rule if t.why else None) for t in tile_choices(g)}
        return found, played[0]

    return answers


def test_r_tar_06_a_tile_no_draw_lets_one_perform_is_found_without_trying_draws(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-TAR-06, R-RND-03, R-RND-05, R-A01-03: Anna at position 19 with 5 G. Choosing Buy
    Resources (position 1) or the discount tile (11) completes the TAR: the Taxes (5 G) take
    all her money, and with 0 G she can buy no cube (the cheapest, concrete, costs 7, 4 with
    the discount), whatever 4 cubes are drawn for the Market: 15 draws (the multisets of 4
    from 3 kinds, C(6, 2)). Not eligible, for the money (R-A01-03), as when every draw is
    tried: `choose.choosable` finds it once, from the table before the choosing move, and
    the answers with it turned off are the same, for every tile, at twice the replays of the
    whole tile list."""
    from grinivil_cli.choose import probe

    g = new_game(2, money=5)
    player(g, "Anna").position = 19
    answers = tile_answers_counted(monkeypatch, g)
    on, replays_on = answers()
    assert on["buy-resources"] == (False, "R-A01-03")
    assert on["buy-resources-discount"] == (False, "R-A02-03")  # #02's own cost rule
    assert on["subsidy"] == (True, None)
    monkeypatch.setattr(probe, "at_the_choice", lambda *args: None)
    off, replays_off = answers()
    assert off == on
    assert 2 * replays_off > 3 * replays_on, (replays_on, replays_off)  # 641 against 304


def test_r_a05_02_an_auction_after_a_refill_is_judged_with_one_draw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-A05-02, R-RND-03, R-RND-05: Anna at position 19 with 14 G chooses the Auction
    (position 2): the choosing move completes the TAR, the Taxes (5 G) leave her 9, and the
    Initiator must bid at least 10, whatever 4 cubes were drawn for the Market (the pouch
    holds 4 fewer after any of them, the lot is 5 cubes all the same). Not eligible, for her
    bid; found with one draw (`domains.turn.BLIND_TO_THE_MARKET`) where trying each of the 15
    draws gives the same answers for every tile at 14 replays more."""
    from grinivil_cli.choose.domains import turn as domains

    g = new_game(2, money=14)
    player(g, "Anna").position = 19
    answers = tile_answers_counted(monkeypatch, g)
    one, replays_one = answers()
    assert one["auction"] == (False, "R-A05-02")
    assert one["subsidy"] == (True, None)
    monkeypatch.setattr(domains, "BLIND_TO_THE_MARKET",
                        domains.BLIND_TO_THE_MARKET - {"auction"})
    every, replays_every = answers()
    assert every == one
    assert replays_every - replays_one == 14, (replays_one, replays_every)


def arrange_market(g: Game, **counts: int) -> None:
    """Arrange: Market sections holding these counts, the cubes taken from or put back into
    the pouch."""
    for r, n in counts.items():
        g.state.supply.pouch[r] -= n - g.state.market[r]
        g.state.market[r] = n


def without_the_deciding_refills(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every refill tried for #01, #02 and #06 too (`market.refills_that_decide` off)."""
    from grinivil_cli.choose.domains import turn as domains

    monkeypatch.setattr(domains, "DECIDED_BY_THE_MARKET", {})


def draws_judged(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[tuple[int, ...]]]:
    """For each tile, the refills (concrete, wood, steel) placed on the Market by the search of
    whether some draw lets the player perform it (`choose.choosable`), in the order tried."""
    from grinivil_cli.choose import probe as choices
    from grinivil_cli.engine import ring

    seen: dict[str, list[tuple[int, ...]]] = {}
    inside: list[str] = []
    at_the_choice, place = choices._at_the_choice, ring.place_on_market

    def judging(*args: Any, **kwargs: Any) -> Any:
        inside.append(args[2])
        try:
            return at_the_choice(*args, **kwargs)
        finally:
            inside.pop()

    def placed(g: Game, counts: dict[str, int]) -> dict[str, int]:
        if inside:
            drawn = tuple(counts.get(r, 0) for r in ("concrete", "wood", "steel"))
            tried = seen.setdefault(inside[-1], [])
            if drawn not in tried:
                tried.append(drawn)
        return place(g, counts)

    monkeypatch.setattr(choices, "_at_the_choice", judging)
    monkeypatch.setattr(ring, "place_on_market", placed)
    return seen


def test_r_a01_03_a_purchase_after_refill_is_judged_by_draws_with_most_of_a_kind(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-A01-03, R-MKT-05, R-RND-03, R-RND-05: Anna at position 19 with 11 G; the Market
    holds no concrete, 4 wood (next buy 8), 3 steel (12). Choosing Buy Resources (position 1)
    completes the TAR: Taxes leave her 6 G, and 4 cubes fill the Market from the bottom up.
    Concrete drawn sits in the bottom rows (9, 9, 9, 7): never 6 or less. Wood is 6 from the
    7th hole: she can buy one wood only if 3 or 4 wood are drawn. Steel: 7 at best. So
    eligible, and found by the draws with the most of each kind (CCCC, WWWW, SSSS: CCCC
    fails, WWWW succeeds: 2 draws) where trying each draw in turn fails CCCC, CCCW, CCCS,
    CCWW, CCWS, CCSS before CWWW; the same answer for every tile, at fewer replays. With
    #02 (3 off the total) one concrete at 9 is 6: eligible at the first draw."""
    g = new_game(2, money=11)
    player(g, "Anna").position = 19
    arrange_market(g, concrete=0)
    answers = tile_answers_counted(monkeypatch, g)
    judged = draws_judged(monkeypatch)
    deciding, replays_deciding = answers()
    assert deciding["buy-resources"] == (True, None)
    assert deciding["buy-resources-discount"] == (True, None)
    assert judged["buy-resources"] == [(4, 0, 0), (0, 4, 0)]
    assert judged["buy-resources-discount"] == [(4, 0, 0)]
    without_the_deciding_refills(monkeypatch)
    judged.clear()
    every, replays_every = answers()
    assert every == deciding
    assert judged["buy-resources"] == [(4, 0, 0), (3, 1, 0), (3, 0, 1), (2, 2, 0), (2, 1, 1),
                                       (2, 0, 2), (1, 3, 0)]
    assert replays_every > replays_deciding


def test_r_a01_03_no_refill_lets_one_buy_after_three_draws_of_fifteen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-A01-03, R-RND-05: as above with 9 G, 4 G after the Taxes: concrete drawn costs 7 at
    best, wood 6, steel 7 (above); nothing she can buy whatever is drawn. Not eligible, for
    the money; proven with the 3 draws with the most of a kind instead of all 15 (the reason
    is the same). #02 takes 3 off: one concrete at 7 (2 drawn) is then 4 G: eligible."""
    g = new_game(2, money=9)
    player(g, "Anna").position = 19
    arrange_market(g, concrete=0)
    answers = tile_answers_counted(monkeypatch, g)
    judged = draws_judged(monkeypatch)
    deciding, replays_deciding = answers()
    assert deciding["buy-resources"] == (False, "R-A01-03")
    assert deciding["buy-resources-discount"] == (True, None)
    assert judged["buy-resources"] == [(4, 0, 0), (0, 4, 0), (0, 0, 4)]
    without_the_deciding_refills(monkeypatch)
    judged.clear()
    every, replays_every = answers()
    assert every == deciding
    assert len(judged["buy-resources"]) == 15
    assert replays_every > replays_deciding


def test_r_a06_03_a_sale_after_refill_is_judged_by_draws_with_fewest_of_a_kind(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-A06-03, R-MKT-05, R-RND-05: Anna at position 19 holds 1 concrete; the Market's
    concrete section has one empty hole (11 of 12), wood and steel are full. Sell Resources
    (position 4) completes the TAR: she can sell her concrete only if no concrete is drawn
    (WWWW, WWWS, WWSS, WSSS, SSSS). Eligible, found by the draws with the fewest of each kind
    (CCCC for wood and steel, WWWW for concrete: 2 draws) where each draw in turn fails the
    10 draws holding concrete first; the same answers."""
    g = new_game(2)
    player(g, "Anna").position = 19
    give(g, "Anna", concrete=1)
    arrange_market(g, concrete=11, wood=9, steel=9)
    answers = tile_answers_counted(monkeypatch, g)
    judged = draws_judged(monkeypatch)
    deciding, replays_deciding = answers()
    assert deciding["sell-resources"] == (True, None)
    assert judged["sell-resources"] == [(4, 0, 0), (0, 4, 0)]
    without_the_deciding_refills(monkeypatch)
    judged.clear()
    every, replays_every = answers()
    assert every == deciding
    assert len(judged["sell-resources"]) == 11 and judged["sell-resources"][-1] == (0, 4, 0)
    assert replays_every > replays_deciding


def test_a_replay_goes_on_through_the_fields_a_search_leaves_out_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-TAR-10, R-TBUY-01, R-SACT-05: in the kit's first turn, Subsidy (#15: 5 Grinies, no
    decision of its own) is decided by three fields a search tries first to leave out:
    `declined` (carry the Action out), `buy_time` (0 Time Units) and `repeat` (none earned).
    Without lookahead the search replays the turn once per decision (3) and once more to find
    the record complete: 4 replays; with it, the first replay leaves each out as it meets it
    and completes the record: 1 replay, and the search answers for the three records between
    without replaying them. Every tile's answer and reason is the same both ways."""
    from grinivil_cli.choose import probe as choices

    g = new_game(2)
    g.state.ring.tiles[1] = "subsidy"  # position 1 instead of buy-resources

    def subsidy() -> tuple[int, Search, Partial]:
        s = turn_search(g)
        p = Partial({"player": "Anna", "tile": "subsidy"})
        assert s.completable(p)
        return s.probes, s, p

    replays, s, p = subsidy()
    assert replays == 1
    d = s.decision(p)  # carrying it out judged from the cache; declining, by one replay
    assert d is not None and d.path == ("declined",) and d.options == (OMIT, True)
    assert s.probes == 2
    nxt = s.decision(p.choose(d, OMIT))  # 0 from the cache; 1 Time Unit by one replay
    assert nxt is not None and nxt.path == ("buy_time",) and nxt.ranges == ((0, 0),)
    assert s.probes == 3
    on = {t.tile: (t.eligible, t.why and t.why.rule) for t in tile_choices(g)}

    monkeypatch.setattr(choices, "LOOKAHEAD", False)
    replays, s, p = subsidy()
    assert replays == 4
    assert {t.tile: (t.eligible, t.why and t.why.rule) for t in tile_choices(g)} == on


def test_a_replay_goes_on_with_the_first_site_and_token_a_search_would_try(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-BLD-01, R-SITE-01: Build Floor in the kit's first turn, Anna holding 3 cubes of each
    Resource: a replay that takes the first value of each decision on the way (the site, the
    token, each left-out field) makes the turn a search makes first, in fewer replays than
    one replay per decision (at least twice fewer); the line of first options (the first
    site, token...), the options of each of its decisions and every tile's answer are the
    same with and without it."""
    from grinivil_cli.choose import probe as choices

    g = new_game(2)
    player(g, "Anna").cubes = {"concrete": 3, "wood": 3, "steel": 3}

    def made() -> tuple[int, list[Any], dict[str, Any], dict[str, Any]]:
        s = turn_search(g)
        start = Partial({"player": "Anna", "tile": "build-floor"})
        steps, partial, broken = line(s, start, {})
        assert broken is None and s.probe(partial).done
        tiles = {t.tile: (t.eligible, t.why and t.why.rule) for t in tile_choices(g)}
        return s.probes, [(x.decision.path, x.decision.options, x.decision.ranges, x.value)
                          for x in steps], partial.record(), tiles

    with_it = made()
    monkeypatch.setattr(choices, "LOOKAHEAD", False)
    without = made()
    assert with_it[1:] == without[1:]
    assert with_it[1][1][0] == ("site",) and with_it[2]["site"] == with_it[1][1][3]
    assert 2 * with_it[0] < without[0], (with_it[0], without[0])
