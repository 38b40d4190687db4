"""Cases found in review: each is a legal move the engine once refused, or an illegal one it
once accepted."""

from __future__ import annotations

from grinivil_cli.engine.state import Building

from gamekit import RING, give, illegal, lay, new_game, play, player, total_cubes


def test_random_draws_may_be_written_as_counts() -> None:
    """R-A05-01, R-RND-05 and docs/log-format.md: cube lists are a list or counts."""
    g = new_game(2)
    before = total_cubes(g)
    play(g, player="Anna", tile="auction", drawn={"wood": 3, "steel": 2}, bids={"Anna": 10})
    anna = player(g, "Anna")
    assert (anna.cubes["wood"], anna.cubes["steel"], anna.money, anna.vp) == (3, 2, 40, 1)
    assert total_cubes(g) == before


def test_a_feature_without_maximum_distance_needs_no_route() -> None:
    """R-RESI-06, R-DIST-03: only a printed Maximum Distance can fail; a finished, usable
    Garden Center counts wherever it stands (here on O1's Access Road, reached by a route)."""
    from grinivil_cli.engine.residents import qualifying

    g = new_game(2)
    jana = g.ed.residents["jana"]
    feature = next(f for f in (*jana.mandatory, *jana.optional) if f.building == "garden-center")
    assert feature.max_distance is None
    g.state.townland.buildings["O1.s3"] = Building("O1.s3", "garden-center", 2,
                                                    ["Anna", "Bruno"], [True, True])
    lay(g, "I2", "I03")  # R2 a Construction Road: a House there has no completed route
    assert [b.site for b in qualifying(g, "I2.s2", feature)] == ["O1.s3"]


def test_builder_may_discard_the_full_cost() -> None:
    """R-A21-01, R-BLD-07: with the Builder a player *can* discard one cube less (2 of the
    House's 3), or the printed cost (3); 4 cubes is neither."""
    ring = ["builder" if t == "banker" else t for t in RING]
    g = new_game(2, ring=ring)
    pos = g.state.ring.position_of("builder")
    assert pos is not None
    g.state.ring.ability_workers[pos] = "Anna"
    give(g, "Anna", concrete=3, wood=1)
    turn = dict(player="Anna", tile="build-floor", site="C.s1", building="house")
    e = illegal(g, "R-BLD-07", **turn, cubes={"concrete": 3, "wood": 1})
    assert "needs 3 cubes (2 concrete, 1 wood), or 2 with the Builder" in e.message
    play(g, **turn, cubes={"concrete": 2, "wood": 1})
    assert player(g, "Anna").cubes == {"concrete": 1, "wood": 0, "steel": 0}


def test_a_forced_trade_changes_one_resource_for_another() -> None:
    """R-A18-01: wood for wood changes nothing and is refused."""
    g = new_game(2)
    give(g, "Anna", wood=1)
    give(g, "Bruno", wood=1)
    e = illegal(g, "R-A18-01", player="Anna", tile="forced-trade",
                trades=[{"with": "Bruno", "give": "wood", "get": "wood"}],
                accepted={"Bruno": True})
    assert "wood for wood" in e.message


def test_a_spot_named_twice_is_reported_as_such() -> None:
    """R-PLANT-05: one Tree per Planting Spot."""
    g = new_game(2)
    e = illegal(g, "R-PLANT-05", player="Anna", tile="plant-trees", spots=["C.p1", "C.p1"])
    assert "named twice" in e.message


SUBSIDY_LAST = [("convert" if t == "subsidy" else "subsidy" if t == "convert" else t)
                for t in RING]  # 12 convert, 20 subsidy


def test_no_repeat_action_after_the_time_shift_ends_the_game() -> None:
    """R-END-01, R-SACT-05: the turn ends on the Starting Tile; a recorded Repeat Action is
    refused (Subsidy at 20, Anna at 19: its mandatory 2 TU cross the boundary)."""
    g = new_game(2, ring=SUBSIDY_LAST)
    g.state.sudden_death = True
    player(g, "Anna").position = 19
    e = illegal(g, "R-END-01", player="Anna", tile="subsidy",
                repeat=[{"tile": "buy-trees", "trees": 6}])
    assert "no Repeat Action is taken" in e.message


def test_a_finished_players_occupied_token_comes_back() -> None:
    """R-A16-04, R-END-05: a player who finishes has no next turn; their 'occupied' token
    leaves the Restricted Tile when they finish, so the others can choose it."""
    g = new_game(2, ring=SUBSIDY_LAST)
    g.state.sudden_death = True
    pos = g.state.ring.position_of("replanting")
    assert pos is not None
    g.state.ring.occupied[pos] = "Anna"
    player(g, "Anna").position = 19
    play(g, player="Anna", tile="subsidy")
    assert player(g, "Anna").finished and g.state.ring.occupied == {}


def test_end_of_turn_records_are_refused_inside_a_repeat_action() -> None:
    """R-TURN-08: claims, excess, Sudden-death choices and the final sale belong to the turn."""
    g = new_game(2)
    lay(g, "I2", "I04")  # I04.s2: a repeat bonus on R2, now a Construction Road
    give(g, "Anna", concrete=1, wood=2)  # Floor 1 of the Cafe
    e = illegal(g, "R-TURN-08", player="Anna", tile="build-floor", site="I2.s2",
                building="cafe", repeat=[{"tile": "buy-trees", "trees": 1,
                                         "claims": {"Anna": {"money": 999}}}])
    assert "'claims' belongs to the turn" in e.message
