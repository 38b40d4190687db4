"""Typed moves (issue 12): every turn of every bundled log reads into frozen records that keep
each value's path and write back to the same mapping, key order and forms included; the rules
take them, read through a probe while a turn is being made, and a simulator's draws are written
into the turn it writes."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from grinivil_cli.engine.game import cube_counts, cube_list
from grinivil_cli.engine.records import (
    PENDING,
    AbilityTile,
    AdditionalFloor,
    Associated,
    AssociatedSale,
    At,
    Auction,
    BonusChoice,
    BonusExplore,
    BonusPlant,
    BonusRandom,
    BonusRoad,
    BuildFloor,
    BuildRoad,
    BuyResources,
    BuyTrees,
    Claim,
    ConnectedRoad,
    Convert,
    Crowdfunding,
    Cubes,
    Entry,
    Explore,
    ExploreLand,
    ForcedTrade,
    Header,
    Import,
    NewResident,
    NoFields,
    Optimization,
    PlantTrees,
    RepeatAction,
    Replanting,
    RoadBonus,
    Sale,
    SellHouse,
    SellResources,
    Setup,
    SiteBonus,
    Trade,
    TreeMove,
    Turn,
    UnreadableTurn,
    parse_partial,
    parse_turn,
    probe_of,
    probed,
    refresh,
    unprobed,
    value_of,
    write_turn,
)
from grinivil_cli.errors import LogFormatError
from grinivil_cli.logfile.yamlsafe import load_yaml_file, load_yaml_text

ROOT = Path(__file__).parent.parent / "samples"
LOGS = sorted([*ROOT.glob("*.yaml"), *ROOT.glob("variants/*.yaml"), *ROOT.glob("claims/*.yaml"),
               *ROOT.glob("illegal/*.yaml"), *ROOT.glob("variants/illegal/*.yaml")])


def same(a: Any, b: Any) -> bool:
    """Equal with the same types (True is not 1) and the same key order: the same YAML text."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def places(record: Any) -> list[At]:
    """The `at` of every record, entry and cube count inside `record`."""
    found: list[At] = []
    if dataclasses.is_dataclass(record) and not isinstance(record, type):
        for f in dataclasses.fields(record):
            value = getattr(record, f.name)
            if isinstance(value, At):
                if value.path:
                    found.append(value)
            else:
                found += places(value)
    elif isinstance(record, tuple):
        for value in record:
            found += places(value)
    return found


def turn_of(text: str, i: int = 0) -> Turn:
    """Turn `i` of a YAML list of turns, at ("turns", i)."""
    return parse_turn(yaml.safe_load(text)[i], ("turns", i))


# --- every bundled log ------------------------------------------------------------------------


def test_there_are_bundled_logs_of_every_kind() -> None:
    kinds = {p.parent.relative_to(ROOT).as_posix() for p in LOGS}
    assert kinds == {".", "variants", "claims", "illegal", "variants/illegal"}


@pytest.mark.parametrize("path", LOGS, ids=[p.relative_to(ROOT).as_posix() for p in LOGS])
def test_every_turn_round_trips_exactly_and_keeps_its_paths(path: Path) -> None:
    loaded = load_yaml_file(path)
    for i, data in enumerate(loaded.data["turns"]):
        turn = parse_turn(data, ("turns", i))
        written = write_turn(turn)
        assert written == data
        assert same(written, data), f"turn {i}: {written} != {data}"
        assert (yaml.safe_dump(written, sort_keys=False)
                == yaml.safe_dump(data, sort_keys=False))
        assert turn.at.path == ("turns", i) and turn.action.at == turn.at
        for at in places(turn):  # every value kept is where the log has a value
            assert at.path in loaded.positions, (i, at)


def test_paths_give_the_positions_of_the_values() -> None:
    """A BuildFloor's site is at ("turns", i, "site"), on the line that writes it."""
    path = ROOT / "game-3p.yaml"
    loaded = load_yaml_file(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    builds = [(i, t) for i, t in ((i, parse_turn(d, ("turns", i)))
                                  for i, d in enumerate(loaded.data["turns"]))
              if isinstance(t.action, BuildFloor)]
    assert builds
    for i, turn in builds[:20]:
        assert isinstance(turn.action, BuildFloor) and turn.action.site is not None
        site = turn.action.at / "site"
        assert site.path == ("turns", i, "site")
        position = site.position(loaded)
        assert position is not None and position.file == str(path)
        line = lines[position.line - 1]
        assert line[position.col - 1:].startswith(turn.action.site)
        assert line[:position.col - 1].rstrip().endswith("site:")


# --- hand-written turns of each family --------------------------------------------------------


def test_a_turn_with_nothing_optional_has_none_for_each_absent_field() -> None:
    turn = turn_of("- {player: Anna, tile: subsidy}")
    assert turn == Turn(player="Anna", tile="subsidy", action=NoFields(at=At(("turns", 0))),
                        at=At(("turns", 0)))
    for name in ("follow", "declined", "buy_time", "repeat", "refills", "merchant", "excess",
                 "sudden_death", "big_town", "final_sale", "claims", "note"):
        assert getattr(turn, name) is None, name


def test_buy_and_sell_resources_keep_the_form_of_their_cubes() -> None:
    listed = turn_of("- {player: Anna, tile: buy-resources, cubes: [wood, steel, wood]}")
    counted = turn_of("- {player: Anna, tile: buy-resources-discount, cubes: {wood: 2, "
                      "concrete: 0, steel: 1}}")
    sold = turn_of("- {player: Anna, tile: sell-resources, cubes: {concrete: 3}}")
    assert isinstance(listed.action, BuyResources) and isinstance(counted.action, BuyResources)
    assert isinstance(sold.action, SellResources)
    a, b = listed.action.cubes, counted.action.cubes
    assert a is not None and b is not None
    assert a == b  # the same cubes, written two ways
    assert a.counts() == cube_counts(["wood", "steel", "wood"]) == {"concrete": 0, "wood": 2,
                                                                    "steel": 1}
    assert a.as_list() == ["wood", "steel", "wood"]
    assert b.as_list() == cube_list({"wood": 2, "concrete": 0, "steel": 1})
    assert a.at.path == ("turns", 0, "cubes") and a.total() == 3
    assert write_turn(listed)["cubes"] == ["wood", "steel", "wood"]
    assert list(write_turn(counted)["cubes"].items()) == [("wood", 2), ("concrete", 0),
                                                          ("steel", 1)]
    assert sold.action.cubes == Cubes(concrete=3, at=At(("turns", 0, "cubes")))


def test_build_floor_with_cubes_and_a_site_bonus_of_each_kind() -> None:
    turns = yaml.safe_load("""
- {player: Anna, tile: build-floor, site: I3.s2, building: house, cubes: {wood: 2},
   site_bonus: {random: [wood, steel]}}
- {player: Anna, tile: build-floor-premium, site: I3.s3, site_bonus: {choice: concrete}}
- {player: Anna, tile: build-floor, site: I4.s1, building: bank, site_bonus: {plant: [I4.p1]}}
- {player: Anna, tile: build-floor, site: I4.s2, building: shop, site_bonus: {road: R4}}
- {player: Anna, tile: build-floor, site: I4.s3, building: house,
   site_bonus: {explore: {slot: I5, land_tile: I07, municipal_tokens: {I5.s4: bank}}}}
- {player: Anna, tile: build-floor, site: I4.s4, building: house, site_bonus: repeat}
- {player: Anna, tile: build-floor, site: I4.s5, building: house, site_bonus: declined}
- {player: Anna, tile: build-floor, site: I4.s6, site_bonus: {road: R1, choice: wood}}
""")
    records = [parse_turn(d, ("turns", i)) for i, d in enumerate(turns)]
    builds = [r.action for r in records]
    assert all(isinstance(b, BuildFloor) for b in builds)
    first = builds[0]
    assert isinstance(first, BuildFloor)
    assert (first.site, first.building) == ("I3.s2", "house")
    assert first.cubes == Cubes(wood=2, at=At(("turns", 0, "cubes")))
    assert first.associated is None
    bonus = first.site_bonus
    assert bonus is not None and bonus.word is None and bonus.at.path == ("turns", 0,
                                                                          "site_bonus")
    assert bonus.choices == (BonusRandom(cubes=Cubes.of(["wood", "steel"],
                                                        At(("turns", 0, "site_bonus", "random"))),
                                         at=At(("turns", 0, "site_bonus", "random"))),)
    choices = [b.site_bonus.choices if isinstance(b, BuildFloor) and b.site_bonus else ()
               for b in builds]
    assert choices[1] == (BonusChoice(cube="concrete", at=At(("turns", 1, "site_bonus",
                                                                 "choice"))),)
    assert isinstance(builds[1], BuildFloor) and builds[1].building is None
    assert choices[2] == (BonusPlant(spots=("I4.p1",), at=At(("turns", 2, "site_bonus",
                                                                 "plant"))),)
    assert choices[3] == (BonusRoad(road="R4", at=At(("turns", 3, "site_bonus", "road"))),)
    explored = choices[4][0]
    assert isinstance(explored, BonusExplore)
    spec = explored.explore
    assert (spec.slot, spec.land_tile) == ("I5", "I07")
    assert spec.municipal_tokens == (
        Entry("I5.s4", "bank", At(("turns", 4, "site_bonus", "explore", "municipal_tokens",
                                   "I5.s4"))),)
    words = [b.site_bonus.word if isinstance(b, BuildFloor) and b.site_bonus else None
             for b in builds]
    assert words[5:7] == ["repeat", "declined"] and choices[5:7] == [(), ()]
    # two choices are read as written: R-SBON-01 judges them
    assert [c.KEY for c in choices[7]] == ["road", "choice"]
    for record, data in zip(records, turns, strict=True):
        assert same(write_turn(record), data)


def test_build_floor_with_each_associated_build_action() -> None:
    turns = yaml.safe_load("""
- {player: Anna, tile: build-floor, site: I3.s2, associated: {additional_floor: {cubes: [wood]}}}
- {player: Anna, tile: build-floor, site: I3.s2, associated: {additional_floor: {}}}
- {player: Anna, tile: build-floor, site: I3.s2,
   associated: {connected_road: {road: R3, road_bonus: {explore: {slot: O4, land_tile: O05},
                                                        repeat: true}}}}
- {player: Anna, tile: build-floor, site: I3.s2, associated: {connected_road: {}}}
- {player: Anna, tile: build-floor, site: I3.s2,
   associated: {sell_house: {resident: paula, features: {bank: C.s5}}}}
- {player: Anna, tile: build-floor, site: I3.s2,
   associated: {sell_house: {resident: paula}, connected_road: {road: R3}}}
""")
    records = [parse_turn(d, ("turns", i)) for i, d in enumerate(turns)]
    assoc: list[Associated] = []
    for r in records:
        assert isinstance(r.action, BuildFloor) and r.action.associated is not None
        assoc.append(r.action.associated)
    at = At(("turns", 0, "associated", "additional_floor"))
    assert assoc[0].actions == (AdditionalFloor(cubes=Cubes.of(["wood"], at / "cubes"), at=at),)
    assert assoc[1].actions == (AdditionalFloor(at=At(("turns", 1, "associated",
                                                         "additional_floor"))),)
    road = assoc[2].actions[0]
    assert isinstance(road, ConnectedRoad) and road.road == "R3"
    bonus = road.road_bonus
    assert bonus is not None and not bonus.declined and bonus.repeat is True
    assert bonus.explore is not None and bonus.explore.slot == "O4"
    assert bonus.explore.municipal_tokens is None
    assert bonus.at.path == ("turns", 2, "associated", "connected_road", "road_bonus")
    own = assoc[3].actions[0]
    assert isinstance(own, ConnectedRoad) and own.road is None and own.road_bonus is None
    sale = assoc[4].actions[0]
    assert isinstance(sale, AssociatedSale)
    assert sale.sale.house is None and sale.sale.resident == "paula"
    assert value_of(sale.sale.features, "bank") == "C.s5"
    assert [type(a) for a in assoc[5].actions] == [AssociatedSale, ConnectedRoad]  # R-ABA-02
    for record, data in zip(records, turns, strict=True):
        assert same(write_turn(record), data)


def test_auction_explore_and_build_road() -> None:
    auction = turn_of("- {player: Anna, tile: auction, drawn: [wood, wood, steel, concrete, "
                      "wood], bids: {Anna: 12, Bruno: 0}}")
    assert isinstance(auction.action, Auction)
    assert auction.action.drawn == Cubes.of(["wood", "wood", "steel", "concrete", "wood"])
    assert auction.action.bids == (Entry("Anna", 12, At(("turns", 0, "bids", "Anna"))),
                                   Entry("Bruno", 0, At(("turns", 0, "bids", "Bruno"))))
    declined = turn_of("- {player: Anna, tile: auction, declined: true, drawn: [wood]}")
    assert isinstance(declined.action, Auction) and declined.declined is True
    assert declined.action.bids is None
    explore = turn_of("- {player: Anna, tile: explore, slot: I5, land_tile: I07, "
                      "municipal_tokens: {}}")
    assert isinstance(explore.action, ExploreLand)
    assert explore.action.explore == Explore(slot="I5", land_tile="I07", municipal_tokens=(),
                                             at=At(("turns", 0)))
    assert write_turn(explore)["municipal_tokens"] == {}  # an empty mapping stays one
    road = turn_of("- {player: Anna, tile: build-road, road: O4.road, road_bonus: declined}")
    assert isinstance(road.action, BuildRoad) and road.action.road == "O4.road"
    assert road.action.road_bonus == RoadBonus(declined=True,
                                               at=At(("turns", 0, "road_bonus")))
    bare = turn_of("- {player: Anna, tile: build-road, road: R2}")
    assert isinstance(bare.action, BuildRoad) and bare.action.road_bonus is None
    for turn, text in ((auction, None), (road, "declined")):
        assert write_turn(turn)["tile"] == turn.tile
        if text:
            assert write_turn(turn)["road_bonus"] == text


def test_trees_residents_houses_and_convert() -> None:
    buy = turn_of("- {player: Anna, tile: buy-trees, trees: 3}")
    assert buy.action == BuyTrees(trees=3, at=At(("turns", 0)))
    plant = turn_of("- {player: Anna, tile: plant-trees, spots: [I3.p1, I3.p2]}")
    assert isinstance(plant.action, PlantTrees) and plant.action.spots == ("I3.p1", "I3.p2")
    replant = turn_of("- {player: Anna, tile: replanting, moves: [{from: supply, to: I3.p1},"
                      " {to: I3.p3, from: I3.p2}]}")
    assert isinstance(replant.action, Replanting) and replant.action.moves is not None
    assert replant.action.moves[0] == TreeMove(from_="supply", to="I3.p1",
                                               at=At(("turns", 0, "moves", 0)))
    assert list(write_turn(replant)["moves"][1]) == ["to", "from"]  # the log's order
    new = turn_of("- {player: Anna, tile: new-resident, take: paula, give: emil}")
    assert new.action == NewResident(take="paula", give="emil", at=At(("turns", 0)))
    assert isinstance(new.action, NewResident) and new.action.refill is None
    sell = turn_of("- {player: Anna, tile: sell-house, house: I3.s2, resident: paula, "
                   "features: {church: C.s1}}")
    assert isinstance(sell.action, SellHouse)
    assert sell.action.sale.house == "I3.s2" and sell.action.sale.resident == "paula"
    assert sell.action.sale.features == (Entry("church", "C.s1",
                                               At(("turns", 0, "features", "church"))),)
    convert = turn_of("- {player: Anna, tile: convert, vp_to_money: 2, roll: 7, "
                      "roll_first: false}")
    assert convert.action == Convert(vp_to_money=2, roll=7, roll_first=False,
                                     at=At(("turns", 0)))
    nothing = turn_of("- {player: Anna, tile: convert}")  # 0 VPs: 15 G, no roll
    assert nothing.action == Convert(at=At(("turns", 0)))
    assert isinstance(nothing.action, Convert) and nothing.action.roll_first is None
    assert write_turn(convert)["roll_first"] is False


def test_import_optimization_forced_trade_crowdfunding_and_ability_tiles() -> None:
    imported = turn_of("- {player: Anna, tile: import, roll: 4, items: [tree, steel]}")
    assert imported.action == Import(roll=4, items=("tree", "steel"), at=At(("turns", 0)))
    opt = turn_of("- {player: Anna, tile: optimization, choice: steel, random: [wood]}")
    assert opt.action == Optimization(choice="steel", random=Cubes.of(["wood"]),
                                      at=At(("turns", 0)))
    trade = turn_of("- {player: Anna, tile: forced-trade, trades: [{with: Bruno, give: wood, "
                    "get: steel}], accepted: {Bruno: true}}")
    assert isinstance(trade.action, ForcedTrade)
    assert trade.action.trades == (Trade(with_="Bruno", give="wood", get="steel",
                                         at=At(("turns", 0, "trades", 0))),)
    assert value_of(trade.action.accepted, "Bruno") is True
    assert value_of(trade.action.accepted, "Clara") is None
    crowd = turn_of("- {player: Anna, tile: crowdfunding, site: C.s5, building: bank, "
                    "pledges: {Anna: 30, Bruno: 35}, roll: 3}")
    assert isinstance(crowd.action, Crowdfunding)
    assert (crowd.action.site, crowd.action.building, crowd.action.roll) == ("C.s5", "bank", 3)
    assert [(e.key, e.value) for e in crowd.action.pledges or ()] == [("Anna", 30),
                                                                      ("Bruno", 35)]
    for tile in ("architect", "engineer", "builder", "ecologist", "banker", "merchant",
                 "follower", "manager"):
        worker = turn_of(f"- {{player: Anna, tile: {tile}}}")
        assert worker.action == AbilityTile(at=At(("turns", 0)))
    assert turn_of("- {player: Anna, tile: buy-warehouse}").action == NoFields(
        at=At(("turns", 0)))


def test_the_fields_around_the_action_and_repeat_actions() -> None:
    text = """
- player: Anna
  tile: build-floor
  site: I3.s2
  building: house
  site_bonus: repeat
  buy_time: 1
  refills: [[wood, steel, concrete, wood], []]
  merchant: steel
  excess: {Anna: {wood: 1}}
  repeat:
    - tile: buy-trees
      trees: 2
      refills: [[wood, wood, wood, wood]]
      repeat: [{tile: subsidy, declined: true}]
  big_town: sudden-death
  sudden_death: {Anna: start-tile, Bruno: stay}
  final_sale: {house: I3.s2, resident: paula}
  claims: {Anna: {money: 12, vp: 5}, Bruno: {vp: 3}}
  note: a long turn
"""
    data = yaml.safe_load(text)[0]
    turn = turn_of(text)
    at = At(("turns", 0))
    assert (turn.player, turn.tile, turn.buy_time, turn.merchant) == ("Anna", "build-floor", 1,
                                                                      "steel")
    assert turn.refills == (Cubes.of(["wood", "steel", "concrete", "wood"], at / "refills" / 0),
                            Cubes.of([], at / "refills" / 1))
    assert turn.excess == (Entry("Anna", Cubes(wood=1, at=at / "excess" / "Anna"),
                                 at / "excess" / "Anna"),)
    assert turn.big_town == "sudden-death"
    assert turn.sudden_death == (Entry("Anna", "start-tile", at / "sudden_death" / "Anna"),
                                 Entry("Bruno", "stay", at / "sudden_death" / "Bruno"))
    assert turn.final_sale == Sale(house="I3.s2", resident="paula", at=at / "final_sale")
    assert turn.claims == (Claim(player="Anna", money=12, vp=5, at=at / "claims" / "Anna"),
                           Claim(player="Bruno", vp=3, at=at / "claims" / "Bruno"))
    assert turn.note == "a long turn" and turn.follow is None and turn.declined is None
    assert turn.repeat is not None and len(turn.repeat) == 1
    again = turn.repeat[0]
    assert isinstance(again, RepeatAction) and not isinstance(again, Turn)
    assert again.at.path == ("turns", 0, "repeat", 0)
    assert again.action == BuyTrees(trees=2, at=At(("turns", 0, "repeat", 0)))
    assert (again.action.at / "trees").path == ("turns", 0, "repeat", 0, "trees")
    assert again.refills is not None and again.refills[0].at.path == ("turns", 0, "repeat", 0,
                                                                      "refills", 0)
    assert again.repeat is not None
    inner = again.repeat[0]
    assert inner.at.path == ("turns", 0, "repeat", 0, "repeat", 0)
    assert inner.tile == "subsidy" and inner.declined is True and inner.repeat is None
    assert same(write_turn(turn), data)


def test_a_follower_turn_and_claims_in_a_repeat_action_are_read_for_the_rules() -> None:
    followed = turn_of("- {player: Anna, tile: build-floor-premium, site: I3.s2, follow: true}")
    assert followed.follow is True and isinstance(followed.action, BuildFloor)
    # the schema reads these in a Repeat Action; R-TURN-08 refuses them, at their path
    turn = turn_of("- {player: Anna, tile: subsidy, repeat: [{tile: subsidy, claims: {Anna: "
                   "{vp: 2}}}]}")
    assert turn.repeat is not None and turn.repeat[0].claims is not None
    assert turn.repeat[0].claims[0].at.path == ("turns", 0, "repeat", 0, "claims", "Anna")
    # and a Repeat Action that follows, which R-A51P-06 refuses (R-A51P-02)
    turn = turn_of("- {player: Anna, tile: subsidy, repeat: [{tile: subsidy, follow: true}]}")
    assert turn.repeat is not None and turn.repeat[0].follow is True


def test_records_made_by_hand_are_written_in_the_documented_order() -> None:
    at = At(("turns", 3))
    turn = Turn(player="Anna", tile="build-floor", refills=(Cubes.of(["wood"]),),
                claims=(Claim(player="Anna", vp=4),),
                action=BuildFloor(site="I3.s2", building="house",
                                  cubes=Cubes(wood=2, steel=1),
                                  site_bonus=SiteBonus(word="repeat"),
                                  associated=Associated(actions=(AssociatedSale(
                                      sale=Sale(resident="paula")),))),
                repeat=(RepeatAction(tile="buy-trees", action=BuyTrees(trees=1)),), at=at)
    written = write_turn(turn)
    assert list(written) == ["player", "tile", "site", "building", "cubes", "site_bonus",
                             "associated", "refills", "repeat", "claims"]
    assert written["cubes"] == {"wood": 2, "steel": 1}
    assert written["associated"] == {"sell_house": {"resident": "paula"}}
    assert written["repeat"] == [{"tile": "buy-trees", "trees": 1}]
    again = parse_turn(written, at)
    assert again == turn  # the same move: `at` and the form written are not compared
    assert again.claims is not None and again.claims[0].at.path == ("turns", 3, "claims",
                                                                    "Anna")
    assert turn.claims is not None and turn.claims[0].at.path == ()
    explored = Turn(player="Anna", tile="build-road",
                    action=BuildRoad(road="R3", road_bonus=RoadBonus(
                        explore=Explore(slot="O4", land_tile="O05"))))
    assert write_turn(explored)["road_bonus"] == {"explore": {"slot": "O4", "land_tile": "O05"}}
    assert write_turn(Turn(player="Anna", tile="build-floor", action=BuildFloor(
        site="I4.s2", site_bonus=SiteBonus(choices=(BonusRoad(road="R1"),)))))["site_bonus"] == {
        "road": "R1"}


# --- frozen, and what cannot be read ----------------------------------------------------------


def test_equality_is_the_move_not_where_or_how_it_was_written() -> None:
    a = turn_of("- {player: Anna, tile: buy-resources, cubes: [wood, steel]}")
    b = turn_of("- {cubes: {steel: 1, wood: 1}, tile: buy-resources, player: Anna}", 0)
    c = parse_turn({"player": "Anna", "tile": "buy-resources", "cubes": ["wood", "steel"]},
                   ("turns", 7))
    assert a == b == c and hash(a) == hash(c)
    assert c.at.path == ("turns", 7) and a.at.path == ("turns", 0)
    assert write_turn(a)["cubes"] == ["wood", "steel"]  # each written back as it was
    assert write_turn(b) == {"cubes": {"steel": 1, "wood": 1}, "tile": "buy-resources",
                             "player": "Anna"}
    assert list(write_turn(b)) == ["cubes", "tile", "player"]


def test_the_records_are_frozen_and_hashable() -> None:
    turn = turn_of("- {player: Anna, tile: auction, drawn: {wood: 5}, bids: {Anna: 10}, "
                   "refills: [[wood]]}")
    assert isinstance(turn.action, Auction) and turn.action.bids and turn.action.drawn
    drawn, bid = turn.action.drawn, turn.action.bids[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        turn.player = "Bruno"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        turn.action.drawn = None  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        drawn.wood = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        bid.value = 11  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        turn.at.path = ()  # type: ignore[misc]
    assert isinstance(turn.refills, tuple)
    assert hash(turn) == hash(turn_of("- {player: Anna, tile: auction, drawn: {wood: 5}, "
                                      "bids: {Anna: 10}, refills: [[wood]]}"))
    classes = [Turn, RepeatAction, BuildFloor, Cubes, Entry, At, SiteBonus, Associated,
               RoadBonus, Explore, Sale, Trade, TreeMove, Claim, BonusRandom, ConnectedRoad]
    assert all(c.__dataclass_params__.frozen for c in classes)  # type: ignore[attr-defined]


@pytest.mark.parametrize("text,path,says", [
    ("{player: Anna, tile: subsidy, site: I3.s2}", ("turns", 0, "site"),
     "'site' is not a field of a 'subsidy' turn"),
    ("{player: Anna, tile: buy-trees, trees: three}", ("turns", 0, "trees"),
     "expected a whole number"),
    ("{player: Anna, tile: convert, roll_first: 1}", ("turns", 0, "roll_first"),
     "expected true or false"),
    ("{player: Anna, tile: buy-resources, cubes: [wood, gold]}", ("turns", 0, "cubes", 1),
     "expected a cube"),
    ("{player: Anna, tile: build-floor, site_bonus: {money: 3}}", ("turns", 0, "site_bonus",
                                                                  "money"),
     "not a site bonus choice"),
    ("{player: Anna, tile: subsidy, repeat: [{tile: subsidy, big_town: extra-block}]}",
     ("turns", 0, "repeat", 0, "big_town"), "not a field of a Repeat Action"),
    ("{player: Anna}", ("turns", 0, "tile"), "must name its 'tile'"),
    ("[player, Anna]", ("turns", 0), "expected a turn as a mapping"),
])
def test_a_shape_the_schema_refuses_is_an_unreadable_turn(text: str, path: tuple[Any, ...],
                                                          says: str) -> None:
    with pytest.raises(UnreadableTurn) as caught:
        parse_turn(yaml.safe_load(text), ("turns", 0))
    assert isinstance(caught.value, LogFormatError)
    assert caught.value.path == path
    assert says in caught.value.problems[0].message


def test_positions_of_a_hand_written_log() -> None:
    loaded = load_yaml_text("turns:\n  - player: Anna\n    tile: plant-trees\n"
                            "    spots: [I3.p1, I3.p2]\n", "x.yaml")
    turn = parse_turn(loaded.data["turns"][0], ("turns", 0))
    assert isinstance(turn.action, PlantTrees)
    spot = (turn.action.at / "spots" / 1).position(loaded)
    assert spot is not None and (spot.line, spot.col) == (4, 20)


# --- the rules take these records: read through a probe, written by a Chance -----------------


class Asked:
    """A probe that notes every field read (path, key, item, outcome) and stops at `stop`."""

    def __init__(self, stop: tuple[Any, ...] | None = None) -> None:
        self.reads: list[tuple[Any, ...]] = []
        self.stop = stop

    def read(self, path: tuple[Any, ...], key: str, item: str | int | None = None, *,
             outcome: bool = False) -> None:
        self.reads.append((path, key, item, outcome))
        if path == self.stop:
            raise LookupError(path)


def test_a_probed_record_asks_before_each_field_and_its_parts_are_probed_too() -> None:
    turn = turn_of("- {player: Anna, tile: build-floor, site: I3.s2, building: house, "
                   "site_bonus: {plant: [I3.p1, I3.p2]}, associated: {connected_road: "
                   "{road: R3}}}")
    asked = Asked()
    view = probed(turn, asked)
    assert isinstance(view, Turn) and not asked.reads
    assert view.tile == "build-floor" and asked.reads[-1] == (("turns", 0, "tile"), "tile",
                                                              None, False)
    move = view.action  # the action shares the turn's mapping: not a field of its own
    assert isinstance(move, BuildFloor) and len(asked.reads) == 1
    assert move.site == "I3.s2" and asked.reads[-1][:2] == (("turns", 0, "site"), "site")
    bonus = move.site_bonus
    assert bonus is not None and asked.reads[-1][:2] == (("turns", 0, "site_bonus"),
                                                         "site_bonus")
    plant = bonus.choices[0]  # a choice's value is read at its own key
    assert isinstance(plant, BonusPlant) and plant.spots == ("I3.p1", "I3.p2")
    assert asked.reads[-1][:2] == (("turns", 0, "site_bonus", "plant"), "plant")
    associated = move.associated
    assert associated is not None
    road = associated.actions[0]
    assert isinstance(road, ConnectedRoad) and road.road == "R3"
    assert asked.reads[-1][:2] == (("turns", 0, "associated", "connected_road", "road"), "road")
    assert probe_of(road) is asked and probe_of(turn) is None
    plain = unprobed(view)
    assert type(plain) is Turn and plain == turn and probe_of(plain) is None


def test_a_probe_that_stops_a_read_stops_the_rules_there() -> None:
    """The probe raises at the first field not decided: the rules read nothing after it."""
    turn = turn_of("- {player: Anna, tile: buy-trees, trees: 2}")
    view = probed(turn, Asked(stop=("turns", 0, "trees")))
    assert view.tile == "buy-trees"
    with pytest.raises(LookupError):
        _ = view.action.trees  # type: ignore[union-attr]


def test_a_turn_being_made_reads_with_its_parts_still_to_decide() -> None:
    """`parse_partial`: no tile yet (""), a site bonus whose kind is chosen (PENDING), a trade
    begun (left out until complete); a Repeat Action's mapping as an action (`step`)."""
    empty = parse_partial({"player": "Anna"}, ("turns", 4))
    assert empty.tile == "" and isinstance(empty.action, NoFields)
    begun = parse_partial({"player": "Anna", "tile": "build-floor", "site": "C.s1",
                           "site_bonus": {"choice": PENDING}}, ("turns", 4))
    assert isinstance(begun.action, BuildFloor) and begun.action.site_bonus is not None
    choice = begun.action.site_bonus.choices[0]
    assert isinstance(choice, BonusChoice) and choice.cube is PENDING
    trades = parse_partial({"player": "Anna", "tile": "forced-trade", "trades": [
        {"with": "Bruno", "give": "wood", "get": "steel"}, {"with": "Bruno"}]}, ("turns", 4))
    assert isinstance(trades.action, ForcedTrade) and trades.action.trades is not None
    assert [t.with_ for t in trades.action.trades] == ["Bruno"]
    step = parse_partial({"tile": "subsidy"}, ("turns", 4, "repeat", 0), step=True)
    assert isinstance(step, RepeatAction) and step.at.path == ("turns", 4, "repeat", 0)
    with pytest.raises(UnreadableTurn):  # outside a search, an unfinished trade is unreadable
        parse_turn({"player": "Anna", "tile": "forced-trade", "trades": [{"with": "Bruno"}]},
                   ("turns", 4))


def test_a_simulator_s_draws_are_written_into_the_turn_it_writes() -> None:
    """`Game.outcome` with a Chance and the mapping being written (`replay.play_written`): the
    refill drawn at a TAR completion is written into the turn and read as `Cubes`; the same
    mapping played again draws nothing more."""
    from grinivil_cli.engine.replay import play_written
    from grinivil_cli.sim.chance import SeededChance

    from gamekit import new_game, player

    g = new_game(2)
    player(g, "Anna").position = 19
    g.chance = SeededChance(random.Random(3))
    turn: dict[str, Any] = {"player": "Anna", "tile": "subsidy"}  # position 2: a lap
    before = dict(g.state.supply.pouch)
    assert play_written(g, turn, 0) is None
    drawn = turn["refills"][0]
    assert len(drawn) == 4
    assert sum(before.values()) - sum(g.state.supply.pouch.values()) == 4
    record = parse_turn(turn, ("turns", 0))
    assert record.refills is not None and record.refills[0].total() == 4
    assert sorted(record.refills[0].as_list()) == sorted(drawn)


def test_the_setup_reads_and_writes_back_exactly() -> None:
    for path in LOGS:
        data = yaml.safe_load(path.read_text())
        setup = Setup.read(data["setup"])
        assert setup.write() == data["setup"], path
        assert setup.at("ring", 3) == ("setup", "ring", 3)
    with pytest.raises(UnreadableTurn):
        Setup.read({"ring": "r1"})


def test_the_header_reads_the_players_and_options_and_writes_them_back() -> None:
    """The players and the variants are records too (the rules read no log mapping): every
    bundled log's header round-trips, each value keeps its place, and a shape the schema
    refuses is unreadable at its path."""
    variants = 0
    for path in LOGS:
        data = yaml.safe_load(path.read_text())
        header = Header.read(data)
        assert [s.write() for s in header.players] == data["players"], path
        assert header.players[1].at("colour") == ("players", 1, "colour")
        assert header.options.write() == data.get("options", {}), path
        assert header.options.played == ("options" in data and data["options"] != {})
        assert header.setup.write() == data["setup"]
        variants += header.options.played
    assert variants >= 5
    picks = Header.read({"players": [], "options": {"personalized_tar": [
        {"player": "Anna", "exclude": "merchant"}], "blocks": 1}}).options
    assert (picks.blocks, picks.personalized_tar[0].exclude, picks.big_town) == (1, "merchant",
                                                                                False)
    assert picks.personalized_tar[0].at("exclude") == ("options", "personalized_tar", 0,
                                                       "exclude")
    assert picks.write() == {"personalized_tar": [{"player": "Anna", "exclude": "merchant"}],
                             "blocks": 1}
    for data, where in [({"players": [{"name": "Anna"}]}, ("players", 0)),
                        ({"players": [{"name": "A", "colour": "grey", "age": 3}]},
                         ("players", 0, "age")),
                        ({"players": [], "options": {"big_twon": True}},
                         ("options", "big_twon")),
                        ({"players": [], "options": {"blocks": "2"}}, ("options", "blocks"))]:
        with pytest.raises(UnreadableTurn) as e:
            Header.read(data)
        assert e.value.path == where


def test_a_field_the_rules_need_is_an_incomplete_record_at_its_path() -> None:
    from grinivil_cli.engine.game import required
    from grinivil_cli.errors import IncompleteRecord

    move = parse_turn({"player": "Anna", "tile": "buy-trees"}, ("turns", 7)).action
    assert isinstance(move, BuyTrees)
    with pytest.raises(IncompleteRecord) as caught:
        required(move.trees, move, "trees", "how many Trees were bought", "R-A09-01")
    assert caught.value.path == ("turns", 7, "trees") and caught.value.rule == "R-A09-01"
    assert "how many Trees were bought ('trees')" in caught.value.message
    assert required(3, move, "trees", "how many", "R-A09-01") == 3


def test_a_probed_record_made_again_in_place_keeps_the_parts_the_rules_hold() -> None:
    """`refresh`: a value decided in the middle of a replay (the site, then the building) is
    read by the record the rules already hold, and by the action they took from it."""
    data: dict[str, Any] = {"player": "Anna", "tile": "build-floor"}
    view = probed(parse_partial(data, ("turns", 0)), Asked())
    move = view.action
    assert isinstance(move, BuildFloor) and move.site is None and move.building is None
    refresh(view, parse_partial({**data, "site": "I3.s2"}, ("turns", 0)))
    assert move.site == "I3.s2" and view.action is move and move.building is None
    refresh(view, parse_partial({**data, "site": "I3.s2", "building": "house"}, ("turns", 0)))
    assert move.building == "house" and move.site == "I3.s2"
    assert unprobed(view) == parse_turn({**data, "site": "I3.s2", "building": "house"},
                                        ("turns", 0))


@pytest.mark.parametrize("cubes", [{"concrete": -1, "wood": 2}, {"wood": 3, "steel": -2}])
def test_a_negative_cube_count_is_not_read_as_a_move(cubes: dict[str, int]) -> None:
    """Issue 27: Buy Resources of {concrete: -1, wood: 2} (1 cube in all, "at least 1" of
    R-A01-02 met by the sum) was a legal move to the engine, the API and `moves --set`; the
    schema alone refused it. The record reader refuses it as the schema does: a count is never
    negative."""
    from grinivil_cli.engine.records import UnreadableTurn
    from grinivil_cli.engine.replay import play_written
    from grinivil_cli.table.loading import load_game

    game = load_game(ROOT / "game-4p.yaml")
    turn = game.loaded.data["turns"][0]
    assert turn == {"player": "Anna", "tile": "buy-resources",
                    "cubes": {"concrete": 1, "wood": 2}}
    g = game.replay.game
    assert g is not None
    g.state = game.replay.snapshots[0].state.copy()
    with pytest.raises(UnreadableTurn, match="expected 0 or more, found -"):
        play_written(g, {**turn, "cubes": cubes}, 0, claims=False)
