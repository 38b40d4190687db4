"""Issue 28, item 8 ("Slow tiles"): the searches' shortcuts change no answer.

The options of a decision are found by searches that try, at each decision, the values a legal
record may take (`choices.witnesses`). Some of those searches leave values out, or take the
result of one value for the others, where the rules make them alike (`domains.common.SHORTCUTS`:
`Raw.enough`, `Raw.any_one` and `Raw.alike` set by the domains; docs/performance.md, section
12a). With `SHORTCUTS` off every candidate is tried and replayed: the slow reference.
Both must give the same tiles, eligible or not, with the same rule, message and place, and
the same options at every decision of a recorded turn, after the same number of replays of
the turn's search (the planner bots measure their search in replays: their games, and so the
samples, must not change, issue 16).

The tables: every 9th of four samples, with each Merchant (#24) position, and the first three
of the last round; the tables of the samples with the Merchant on the ring, a Worker of the
player on turn put on it; and tables built by hand (gamekit) for the shortcuts of Convert (#13),
Crowdfunding (#52P) and the Participation Fee."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from grinivil_cli import choose as choices
from grinivil_cli.base import collector
from grinivil_cli.choose import OMIT, Partial
from grinivil_cli.choose.domains import common as domains
from grinivil_cli.engine.abilities import merchant_active
from grinivil_cli.engine.game import Game
from grinivil_cli.table.loading import load_game

from gamekit import give, new_game, player

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
LOGS = ("game-3p.yaml", "game-6p.yaml", "variants/big-town-extra-blocks-4p.yaml",
        "variants/promo-tiles-4p.yaml")
EVERY = 9  # every 9th table of a sample
Tiles = list[tuple[Any, ...]]
T = TypeVar("T")


def tiles(g: Game) -> Tiles:
    """The tile list as `grinivil moves` shows it, with each reason's rule, message and place;
    the answers kept across searches dropped first (a fresh process)."""
    choices.forget()
    return [(t.tile, t.eligible, t.followed, t.why.rule if t.why else None,
             t.why.message if t.why else None, t.why.path if t.why else None)
            for t in choices.tile_choices(g)]


def both(monkeypatch: pytest.MonkeyPatch, made: Callable[..., T], *args: Any) -> tuple[T, T]:
    """`made(*args)` with the shortcuts, then without (the slow reference)."""
    monkeypatch.setattr(domains, "SHORTCUTS", True)
    quick = made(*args)
    monkeypatch.setattr(domains, "SHORTCUTS", False)
    slow = made(*args)
    monkeypatch.setattr(domains, "SHORTCUTS", True)
    return quick, slow


class Sample:
    """A sample log, its table before any turn put back on demand."""

    def __init__(self, name: str) -> None:
        game = load_game(SAMPLES / name)
        self.replay = game.replay
        self.turns: list[dict[str, Any]] = game.loaded.data.get("turns") or []
        g = self.replay.game
        assert g is not None
        self.g: Game = g
        self.entries = list(g.ledger.entries)

    def at(self, i: int) -> Game:
        """The table before turn i + 1."""
        snap = self.replay.snapshots[i]
        self.g.state = snap.state.copy()
        self.g.ledger.entries[:] = self.entries[:snap.ledger_size]
        del self.g.findings[:]
        return self.g

    def tables(self) -> list[int]:
        """Every EVERY-th table, each Merchant position, the first three of the last round."""
        played = self.replay.played
        merchant, last = [], []
        for i in range(played):
            state = self.replay.snapshots[i].state
            self.g.state = state
            if merchant_active(self.g, state.players[state.current]):
                merchant.append(i)
            if state.sudden_death:
                last.append(i)
        return sorted(set(range(0, played, EVERY)) | set(merchant) | set(last[:3]))


@pytest.mark.parametrize("log", LOGS)
def test_the_tile_lists_are_those_of_the_slow_search(log: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every tile of the ring, eligible or not, with its rule, message and place, as the search
    that tries every candidate lists them."""
    sample = Sample(log)
    with collector.spared():
        for i in sample.tables():
            quick, slow = both(monkeypatch, lambda i: tiles(sample.at(i)), i)
            assert quick == slow, f"{log}, turn {i + 1}"


@pytest.mark.parametrize("log", LOGS)
def test_remade_turns_have_the_options_and_replays_of_the_slow_search(
        log: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The recorded turn made again decision by decision (`choices.remake`): every decision's
    options the same, and the search's replays counted the same after each."""
    sample = Sample(log)

    def remade(i: int) -> list[tuple[Any, int]]:
        g = sample.at(i)
        choices.forget()
        search = choices.turn_search(g, i + 1)
        decide, out = search.decision, []

        def counted(partial: Partial) -> Any:
            d = decide(partial)
            out.append((d, search.probes))
            return d

        search.decision = counted  # type: ignore[method-assign]
        choices.remake(g, sample.turns[i], i + 1, search)
        return out

    with collector.spared():
        for i in sample.tables():
            quick, slow = both(monkeypatch, remade, i)
            assert quick == slow, f"{log}, turn {i + 1}"


@pytest.mark.parametrize("log", ["game-2p.yaml", "variants/big-town-4p.yaml",
                                 "variants/promo-tiles-4p.yaml"])
def test_the_tile_lists_with_a_worker_put_on_the_merchant(
        log: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The samples' players seldom take the Merchant: at every 7th table of a sample with the
    Merchant on the ring, a Worker of the player on turn is put on it (when free), and every
    Action chosen draws a cube (`domains.turn.BLIND_TO_THE_MERCHANT`, `one_refill_per_pouch`)."""
    sample = Sample(log)
    tried = 0

    def given(i: int) -> Game | None:
        g = sample.at(i)
        ring, p = g.state.ring, g.state.players[g.state.current]
        where = ring.position_of("merchant")
        if where is None or ring.ability_workers.get(where) not in (None, p.name):
            return None
        ring.ability_workers[where] = p.name
        return g

    def given_tiles(i: int) -> Tiles:
        g = given(i)
        assert g is not None
        return tiles(g)

    with collector.spared():
        for i in range(0, sample.replay.played, 7):
            if given(i) is None:
                continue
            tried += 1
            quick, slow = both(monkeypatch, given_tiles, i)
            assert quick == slow, f"{log}, turn {i + 1}"
    assert tried


# --- tables built by hand ------------------------------------------------------------------------

def convert_table(vp: int, money: int, rate: int, merchant: bool) -> Game:
    """gamekit's 2-player table, Anna on Convert's position (20): choosing Convert again is a
    whole lap, so Taxes and Wages are paid and the Market refilled on the way (a VP lost when
    she cannot pay them, R-RND-07); with `merchant`, the Banker's place holds the Merchant with
    her Worker (each Action chosen draws a cube)."""
    g = new_game(2)
    state = g.state
    anna = player(g, "Anna")
    anna.position = state.ring.position_of("convert") or 0
    anna.vp, anna.money = vp, money
    state.ring.conversion_rate = rate
    if merchant:
        where = state.ring.position_of("banker")
        assert where is not None
        state.ring.tiles[where - 1] = "merchant"
        state.ring.ability_workers[where] = "Anna"
    return g


@pytest.mark.parametrize("merchant", [False, True])
def test_convert_judged_at_the_choice_is_the_slow_search(merchant: bool,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """#13 at the choice (`roll_at_the_choice`, `converted_at_the_choice`): VPs 0 to 3 before
    choosing, money 0 to 20, the rate 5 or 8; every tile the same as with every face and every
    amount tried. Some tables make Convert ineligible (1 VP lost to the Taxes, no money for a
    VP: R-VP-02), the others eligible."""
    answers = set()
    for vp in range(4):
        for money in (0, 4, 5, 9, 20):
            for rate in (5, 8):
                quick, slow = both(monkeypatch, lambda *a: tiles(convert_table(*a)), vp, money,
                                   rate, merchant)
                assert quick == slow, (vp, money, rate)
                answers.add(next(t[1] for t in quick if t[0] == "convert"))
    assert answers == {True, False}


def crowdfunding_table(money: int) -> Game:
    """gamekit's 2-player table with Crowdfunding (#52P) in the Banker's place (position 19):
    its empty Non-residential sites on the Centre ring and I01, I02 are on usable roads."""
    g = new_game(2)
    where = g.state.ring.position_of("banker")
    assert where is not None
    g.state.ring.tiles[where - 1] = "crowdfunding"
    player(g, "Anna").money = money
    return g


def test_crowdfunding_without_the_pledge_is_the_slow_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """#52P with 29 Grinies, under the least pledge (`cannot_pledge`): not eligible, the same
    rule and message (the Initiator's pledge) with one site and one token tried, the tokens
    `alike`; with 30, eligible both ways. The site decision's options too, after as many
    replays counted, fewer made."""
    for money, eligible in ((29, False), (30, True)):
        quick, slow = both(monkeypatch, lambda m: tiles(crowdfunding_table(m)), money)
        assert quick == slow
        assert next(t for t in quick if t[0] == "crowdfunding")[1] is eligible

    def sites() -> tuple[Any, int, int]:
        g = crowdfunding_table(29)
        choices.forget()
        return site_decision(g, "crowdfunding")

    (d, counted, made), (d_slow, counted_slow, made_slow) = both(monkeypatch, sites)
    assert d == d_slow and d.options == ()
    assert counted == counted_slow and made < made_slow


def site_decision(g: Game, tile: str) -> tuple[Any, int, int]:
    """Anna's Building Site decision for `tile` (carried out, not declined), the replays the
    search counted and those it made."""
    search = choices.turn_search(g)
    made = [0]
    run = search.run

    def replay(partial: Partial) -> Any:
        made[0] += 1
        return run(partial)

    search.run = replay
    start = Partial({"player": "Anna", "tile": tile})
    declined = search.decision(start)
    assert declined is not None and declined.path == ("declined",)
    d = search.decision(start.choose(declined, OMIT))
    assert d is not None and d.path == ("site",)
    return d, search.probes, made[0]


def fee_table(money: int) -> Game:
    """gamekit's 2-player table, I0 (tile I01) Bruno's Parcel: a first Floor there costs Anna
    the Participation Fee, 5 Grinies with no resident living (R-FEE-03); Anna holds the cubes of
    any first Floor."""
    g = new_game(2)
    g.state.townland.owners["I0"] = "Bruno"
    anna = player(g, "Anna")
    anna.money = money
    anna.cubes.update(concrete=0, wood=0, steel=0)
    give(g, "Anna", concrete=4, wood=4, steel=4)
    return g


def test_tokens_alike_when_the_fee_cannot_be_paid(monkeypatch: pytest.MonkeyPatch) -> None:
    """#03 with 4 Grinies (`cannot_pay_the_fee`): every token of an empty site on Bruno's
    Parcel breaks R-FEE-03 right after it, with the same message; the search takes the first's
    end for the others. The Building Site's options, the tile list and the replays counted
    are those of the slow search, with fewer replays made; with 5 Grinies nothing is alike."""
    for money in (4, 5):
        def site(money: int) -> tuple[Any, int, int, Tiles]:
            g = fee_table(money)
            listed = tiles(g)
            return (*site_decision(g, "build-floor"), listed)

        (d, counted, made, listed), (d_slow, counted_slow, made_slow, listed_slow) = \
            both(monkeypatch, site, money)
        assert d == d_slow and listed == listed_slow and counted == counted_slow
        on_bruno = [s for s in d.options if str(s).startswith("I0.")]
        if money == 4:
            assert not on_bruno and made < made_slow
        else:
            assert on_bruno and made == made_slow
