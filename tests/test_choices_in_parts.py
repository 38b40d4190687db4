"""Issue 28, item 2: an action made of parts (Forced Trade's trades, Replanting's moves) is
carried out one part after another, so the options of part k are those of the table the parts
before it left (AMB-A18-02, AMB-A16-03 in docs/rulings.md). `validate` accepted these turns;
the choices never offered them.

The games are gamekit's (tests/gamekit.py): 2 or 3 players, Anna on turn with the ring laid out
so that Replanting (#16) and Forced Trade (#18) can be chosen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_choices import decide, start

from grinivil_cli.choose import END, Partial
from grinivil_cli.edition.model import RESOURCES

from gamekit import give, new_game, play, player

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_r_a18_01_a_cube_received_in_a_trade_may_be_given_in_the_next() -> None:
    """Anna holds 1 wood and no steel, Bruno 1 steel, Clara 1 concrete. Trade 1 gives Bruno
    Anna's wood for his steel; trade 2 may then give Clara that steel (received in trade 1)
    for her concrete: "Change 1 to 3 Resources" one swap after another. Before, only what Anna
    held before the action (wood) was offered for trade 2, and wood she no longer has
    (AMB-A18-02)."""
    g = new_game(3)
    for name in ("Anna", "Bruno", "Clara"):
        player(g, name).cubes.update(concrete=0, wood=0, steel=0)
    give(g, "Anna", wood=1)
    give(g, "Bruno", steel=1)
    give(g, "Clara", concrete=1)
    s, p = start(g, "forced-trade")
    d, p = decide(s, p, "Bruno", "wood", "steel", "Clara")
    assert d.path == ("trades", 1, "give")
    assert d.options == ("steel",)  # the steel received from Bruno; the wood is his now
    d, p = decide(s, p, "steel")
    assert d.path == ("trades", 1, "get") and d.options == ("concrete",)
    record = p.choose(d, "concrete")
    play(g, **finished(s, record))
    anna, bruno, clara = (player(g, n) for n in ("Anna", "Bruno", "Clara"))
    assert (anna.cubes["concrete"], anna.cubes["wood"], anna.cubes["steel"]) == (1, 0, 0)
    assert (bruno.cubes["wood"], bruno.cubes["steel"]) == (1, 0)
    assert (clara.cubes["steel"], clara.cubes["concrete"]) == (1, 0)


def test_r_a18_01_two_trades_with_one_opponent_come_in_either_order() -> None:
    """Anna holds 1 wood and 1 steel, Bruno 2 concrete: wood for concrete then steel for
    concrete, or steel first: both are offered (the rules accept both). After the first trade
    Anna may also give on the concrete she received, and take back the cube she gave
    (AMB-A18-02)."""
    for first, second in (("wood", "steel"), ("steel", "wood")):
        g = new_game(2)
        for name in ("Anna", "Bruno"):
            player(g, name).cubes.update(concrete=0, wood=0, steel=0)
        give(g, "Anna", wood=1, steel=1)
        give(g, "Bruno", concrete=2)
        s, p = start(g, "forced-trade")
        d, p = decide(s, p, "Bruno", first, "concrete", "Bruno")
        assert d.path == ("trades", 1, "give")
        assert d.options == tuple(sorted(("concrete", second), key=RESOURCES.index))
        d, p = decide(s, p, second)
        assert d.options == tuple(sorted(("concrete", first), key=RESOURCES.index))
        play(g, **finished(s, p.choose(d, "concrete")))  # Bruno's second concrete
        assert player(g, "Anna").cubes["concrete"] == 2
        assert (player(g, "Bruno").cubes["wood"], player(g, "Bruno").cubes["steel"]) == (1, 1)


def test_r_a16_01_the_same_tree_may_be_moved_twice_and_an_emptied_spot_refilled() -> None:
    """Trees on I0.p1 and I0.p2. Move 1 takes the Tree of I0.p1 to I1.p1; move 2 may take it
    on from I1.p1 (a Spot it stands on now) and move 3 may put a supply Tree on I0.p1 (the Spot
    move 1 emptied): "Move up to 3 trees onto any empty spots", one after another
    (AMB-A16-03)."""
    g = new_game(2)
    g.state.townland.trees = {"I0.p1", "I0.p2"}
    s, p = start(g, "replanting")
    d, p = decide(s, p, "I0.p1", "I1.p1")
    assert d.path == ("moves", 1, "from")
    assert "I1.p1" in d.options and "I0.p1" not in d.options
    d, p = decide(s, p, "I1.p1")
    assert d.path == ("moves", 1, "to")
    assert "I0.p1" in d.options and "I1.p1" not in d.options
    d, p = decide(s, p, "C.p1", "supply")
    assert d.path == ("moves", 2, "to") and "I0.p1" in d.options
    record = p.choose(d, "I0.p1")
    play(g, **finished(s, record))
    assert g.state.townland.trees == {"I0.p1", "I0.p2", "C.p1"}


def finished(s: Any, p: Partial) -> dict[str, Any]:
    """The record completed with the first option of every decision left (the lists ended)."""
    while (d := s.decision(p)) is not None:
        p = p.choose(d, END if END in d.options else d.options[0] if d.options
                     else d.ranges[0][0])
    return p.record()


def test_the_tiles_at_a_merchant_position_are_those_every_refill_gives(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28, item 8: with a Worker on the Merchant (#24) the tile list tried every refill
    of the choosing move for every tile (0.3-0.4 s). For an Action blind to the Market one
    refill of each set of kinds it leaves in the pouch (what the Merchant may draw next) is
    enough: the eligible tiles, their rules and messages are the same as with every refill
    tried (samples/variants/promo-tiles-4p.yaml, where the Merchant is taken: five of its
    Merchant positions, spread over the game; the sample is played again when the bots
    change, so they are found, not named)."""
    from grinivil_cli import choose as choices
    from grinivil_cli.choose import domains
    from grinivil_cli.choose.domains import turn as turn_domains
    from grinivil_cli.engine.abilities import merchant_active
    from grinivil_cli.table.loading import load_game

    game = load_game(SAMPLES / "variants" / "promo-tiles-4p.yaml")
    r = game.replay
    g = r.game
    assert g is not None
    entries = list(g.ledger.entries)

    def at(turn: int) -> None:
        g.state = r.snapshots[turn].state.copy()
        g.ledger.entries[:] = entries[:r.snapshots[turn].ledger_size]

    def tiles(turn: int) -> list[tuple[str, bool, str | None, str | None]]:
        at(turn)
        choices.forget()
        return [(t.tile, t.eligible, t.why.rule if t.why else None,
                 t.why.message if t.why else None) for t in choices.tile_choices(g)]

    found = []
    for turn in range(r.played):
        at(turn)
        if merchant_active(g, g.state.players[g.state.current]):
            found.append(turn)
    assert found
    for turn in found[::max(1, len(found) // 5)][:5]:
        quick = tiles(turn)
        with monkeypatch.context() as m:
            m.setitem(domains.AT_THE_CHOICE, "refills", turn_domains.refills)  # every refill
            assert tiles(turn) == quick, f"turn {turn + 1}"
        assert any(not eligible for _, eligible, _, _ in quick)
