"""The small form of tools/perft.py (issue 28, "Checked independently"): the choices against
the validator at 16 positions of the samples, every sample and every variant sample at least
once (a few seconds).

Asserted zero: (a) complete turns built from offered options that the validator refuses,
(b) dead ends (Convert's amount asked before the roll, Import's decline before its die: no
longer), (c) turns the validator accepts that the options do not reach (Replanting and Forced
Trade part by part, Import declined before its roll: reached now), (d) values offered that
`moves --set` cannot give back (each option in the listing's words and JSON, and each walked
line given back whole), engine errors, capped searches, and (e) reason mismatches: the rule
a tile not eligible is listed with (the furthest dead end of the list's search) is the one the
validator cites for the furthest records that search tried with that rule, completed
minimally (0 here and in the full run, 2368 tiles, on 2026-12-04). The tiles whose furthest
dead end is a decision with no candidate (no record was tried there: a Floor's site when no
cubes fit, a buy with 0 Grinies) are not compared (`unbuilt`, 53 of 99 here, 1113 of 2368
in the full run); before, the tool judged records it filled with values of its own (740
"mismatches", that record's own flaw).
"""

from __future__ import annotations

import pytest

from toolkit import load_tool

ZERO_TODAY = ("offered_refused", "dead_end", "accepted_not_offered", "not_given_back",
              "reason_mismatch", "errors", "capped")
KNOWN_NONZERO: tuple[str, ...] = ()  # recorded, not asserted (none today)
POSITIONS = 15


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
    for name in ZERO_TODAY:
        assert getattr(total, name) == 0, (name, tool.report(found, 3, 0.0))
    for name in KNOWN_NONZERO:  # recorded, not asserted: see the docstring
        print(f"known (issue 28): {name} = {getattr(total, name)}")


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
    assert total.ineligible > total.unbuilt
    assert total.reason_mismatch == total.ineligible - total.unbuilt
