"""The small form of tools/perft.py (issue 28, "Checked independently"): the choices against
the validator at 16 positions of the samples, every sample and every variant sample at least
once (a few seconds).

Asserted zero: (a) complete turns built from offered options that the validator refuses,
(b) dead ends (Convert's amount asked before the roll, Import's decline before its die: no
longer), (c) turns the validator accepts that the options do not reach (Replanting and Forced
Trade part by part, Import declined before its roll: reached now), (d) values offered that
`moves --set` cannot give back (each option in the listing's words and JSON, and each walked
line given back whole), engine errors, capped searches, (f) a tile listed as not eligible
that a record choosing it makes legal, and (e) reason mismatches: the rule a tile not
eligible is listed with (the furthest dead end of the list's search) is the one the validator
cites for the furthest records that search tried with that rule, completed minimally; where
the search fills no field there (a decision with no candidate: a Floor's site when no cubes
fit, a buy with 0 Grinies), for one of the records filling every field the action needs with
values of the field's type (docs/rulings.md, issue 28 item 5: a Floor on a real site with the
cubes held, 1 Wood from the Market though not affordable). The three kinds where the list
named a broader rule than the validator (Sell the House with every House sold: R-SELL-12, not
R-A12-01; Build Floor with every empty site on a Half-road: R-ROAD-02, not R-BLD-08; Forced
Trade with no swap to make: R-A18-01, not R-A18-03) are named narrowly now, and (e) is zero
too. Tiles with a field no value of its type fills (no House of the player's) are not
compared and are reported by tile and rule (`unbuildable`).
"""

from __future__ import annotations

import pytest

from toolkit import load_tool

ZERO_TODAY = ("offered_refused", "dead_end", "accepted_not_offered", "not_given_back",
              "reason_mismatch", "listed_accepted", "errors", "capped", "unbuilt")
POSITIONS = 15  # 16 positions drawn: every sample and variant sample


def test_the_choices_agree_with_the_validator_on_the_samples() -> None:
    tool = load_tool("perft")
    units = tool.plan(POSITIONS, 1, ("sample", "variant"))
    names = {u.name for u in units}
    assert {f"samples/game-{n}p.yaml" for n in range(2, 7)} <= names
    assert {f"samples/variants/{p.name}" for p in tool.VARIANTS} <= names
    assert all(u.positions >= 1 for u in units)
    settings = tool.Settings(seed=1, show=3, budget=60.0, lines=tool.DEFAULT_LINES,
                             mutations=tool.DEFAULT_MUTATIONS)
    found = tool.run(units, settings)
    total = found.total()
    print(tool.report(found, 3, 0.0))  # the known disagreements, for the log of the run
    assert total.positions >= POSITIONS
    assert total.lines >= POSITIONS * (2 + tool.DEFAULT_LINES)
    assert total.complete > 0 and total.decisions > 0 and total.options > 0
    assert total.roundtrips == total.complete - total.offered_refused
    assert total.accepted >= total.positions  # the recorded turns, at least
    assert total.reached > 0 and total.ineligible > 0
    assert total.compared + total.unbuildable == total.ineligible
    assert total.filled > 0  # records filled beyond the search's, and compared
    assert any(k.startswith("agree buy-resources: listed R-A01-03, validator R-A01-03")
               for k in found.filled), found.filled
    for name in ZERO_TODAY:
        assert getattr(total, name) == 0, (name, tool.report(found, 3, 0.0))


def test_mutations_reorder_repeat_and_chain_the_parts_of_an_action() -> None:
    tool = load_tool("perft")
    replant = {"player": "Anna", "tile": "replanting",
               "moves": [{"from": "I0.p1", "to": "I1.p2"}, {"from": "O1.p1", "to": "I1.p3"}]}
    made = [m for m, _ in tool.mutations(replant, tool.gather_pools([replant]))]
    moves = [m.get("moves") for m in made]
    assert [{"from": "O1.p1", "to": "I1.p3"}, {"from": "I0.p1", "to": "I1.p2"}] in moves
    assert [{"from": "I0.p1", "to": "I1.p2"}, {"from": "I1.p2", "to": "I1.p3"}] in moves  # twice
    assert [{"from": "I0.p1", "to": "I1.p2"}, {"from": "O1.p1", "to": "I0.p1"}] in moves  # emptied
    trade = {"player": "Anna", "tile": "forced-trade",
             "trades": [{"with": "Bruno", "give": "steel", "get": "wood"},
                        {"with": "Clara", "give": "concrete", "get": "steel"}]}
    trades = [m.get("trades") for m, _ in tool.mutations(trade, tool.gather_pools([trade]))]
    assert list(reversed(trade["trades"])) in trades
    assert [trade["trades"][0], {"with": "Clara", "give": "wood", "get": "steel"}] in trades
    cubes = {"player": "Anna", "tile": "buy-resources", "cubes": {"wood": 2}}
    counts = [m.get("cubes") for m, _ in tool.mutations(cubes, tool.gather_pools([cubes]))]
    assert {"wood": 1} in counts and {"wood": 3} in counts and {"steel": 2} in counts


def test_the_same_seed_gives_the_same_report() -> None:
    tool = load_tool("perft")
    units = tool.plan(2, 3, ("variant",))[:2]
    settings = tool.Settings(seed=3, show=2, budget=60.0, lines=2, mutations=10)
    first, second = tool.run(units, settings), tool.run(units, settings)
    for found in (first, second):
        for c in found.counts.values():
            c.seconds = 0.0
    assert tool.as_report_json(first, 0)["total"] == tool.as_report_json(second, 0)["total"]
    assert tool.as_report_json(first, 0)["examples"] == tool.as_report_json(second, 0)["examples"]


def test_a_reason_the_validator_does_not_give_is_a_mismatch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """(e) measures: with a validator that cites another rule for every record, each tile
    compared is a mismatch."""
    tool = load_tool("perft")
    monkeypatch.setattr(tool.Position, "validate",
                        lambda self, record: tool.IllegalMove("R-OTHER-01", "other", ()))
    units = tool.plan(2, 3, ("variant",))[:2]
    settings = tool.Settings(seed=3, show=2, budget=60.0, lines=0, mutations=0)
    total = tool.run(units, settings).total()
    assert total.compared > total.filled > 0
    assert total.reason_mismatch == total.compared
    assert total.compared == total.ineligible - total.unbuilt - total.unbuildable


def test_a_tile_listed_not_eligible_that_a_record_makes_legal_is_counted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """(f) measures: with a validator that accepts every record, each tile compared (on the
    search's records or on filled ones) is listed not eligible and accepted."""
    tool = load_tool("perft")
    monkeypatch.setattr(tool.Position, "validate", lambda self, record: None)
    units = tool.plan(2, 3, ("variant",))[:2]
    settings = tool.Settings(seed=3, show=2, budget=60.0, lines=0, mutations=0)
    total = tool.run(units, settings).total()
    assert total.listed_accepted > 0
    assert total.listed_accepted + total.reason_mismatch == total.compared
