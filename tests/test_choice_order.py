"""The order of a turn's decisions follows the order of the table (issue 28, items 1 and 4).

A decision comes after what it depends on: the die before what it prices, the decline after
what makes it forced; so no value offered leads to a decision with nothing to take (a dead
end). And a value the rules do not read in a situation is an error, not accepted unread.

Every number is derived by hand from the rulebook (/work/shared/rules/grinivil-rulebook.txt)
and the edition data (grinivil_cli/editions/standard.yaml: Import's D6 prices by face are
2, 3, 3, 4, 5, 6, AMB-A14-01). The kit's table (gamekit.base_log, 2 players): Anna on turn at
the Starting Tile, 50 Grinies unless set, Conversion Rate 6 unless set; Import at position 3,
Convert at position 20 of the ring (no lap is completed on the way to either).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grinivil_cli.choose import OMIT, Decision, Partial, Search, turn_search
from grinivil_cli.engine.game import Game

from gamekit import illegal, new_game, play, player


def anna(g: Game, *, money: int, vp: int, rate: int | None = None) -> None:
    a = player(g, "Anna")
    a.money, a.vp = money, vp
    if rate is not None:
        g.state.ring.conversion_rate = rate


def walk(s: Search, p: Partial, depth: int = 0) -> Iterator[tuple[Partial, Decision]]:
    """Every decision reached through offered values from `p` (every value of a one-of or an
    outcome, both ends of each range of a count), with the record before it."""
    d = s.decision(p)
    if d is None or depth > 12:
        return
    yield p, d
    values: list[Any] = list(d.options)
    for lo, hi in d.ranges:
        values += sorted({lo, hi})
    for v in values:
        yield from walk(s, p.choose(d, v), depth + 1)


def dead_ends(g: Game, tile: str) -> list[tuple[dict[str, Any], Decision]]:
    s = turn_search(g)
    start = Partial({"player": "Anna", "tile": tile})
    return [(p.data, d) for p, d in walk(s, start) if d.empty]


def first_decisions(g: Game, tile: str, n: int) -> list[tuple[str, ...]]:
    """The paths of the first `n` decisions, each taking its first option."""
    s = turn_search(g)
    p = Partial({"player": "Anna", "tile": tile})
    out: list[tuple[str, ...]] = []
    for _ in range(n):
        d = s.decision(p)
        if d is None:
            break
        out.append(tuple(str(k) for k in d.path))
        p = p.choose(d, d.options[0] if d.options else d.ranges[0][0])
    return out


# --- item 1: Convert, the Die before the amount it prices -------------------------------------

def test_convert_asks_roll_first_then_the_roll_then_the_amount() -> None:
    """#13: "Roll the Die before conversion (use a new rate) or after conversion (use an old
    rate)"; R-VP-03 "Rolling before converting makes the new rate apply now". The table first
    decides when to roll; rolling first, the die shows the rate before the amount is chosen."""
    g = new_game(2)
    anna(g, money=25, vp=3, rate=8)
    s = turn_search(g)
    p = Partial({"player": "Anna", "tile": "convert"}).choose(
        Decision(("declined",), "one-of", "", ""), OMIT)
    d = s.decision(p)
    assert d is not None and d.path == ("roll_first",)
    assert d.allows(OMIT) and d.allows(True)
    p = p.choose(d, True)
    d = s.decision(p)
    assert d is not None and d.path == ("roll",) and d.kind == "outcome"
    assert set(d.options) == {5, 6, 7, 8}


def test_convert_money_to_vp_is_priced_by_the_face_rolled_first() -> None:
    """R-VP-02: money into VPs at the rate. Anna holds 25 G and 3 VP, the Die shows 8. Rolling
    first: a 5 prices 5 VP at 25 G (25 // 5 = 5), an 8 prices 3 VP at 24 G (25 // 8 = 3).
    Rolling after: the old rate 8 prices at most 3 VP. Before the fix, `money_to_vp=5` was
    offered before the roll and `roll_first` had no option after an 8."""
    g = new_game(2)
    anna(g, money=25, vp=3, rate=8)
    s = turn_search(g)
    p = Partial({"player": "Anna", "tile": "convert"}).choose(
        Decision(("declined",), "one-of", "", ""), OMIT)
    for face, most in ((5, 5), (8, 3)):
        q = p.choose(Decision(("roll_first",), "one-of", "", ""), True)
        q = q.choose(Decision(("roll",), "outcome", "", ""), face)
        d = s.decision(q)
        assert d is not None and d.path == ("vp_to_money",)
        q = q.choose(d, 0)
        d = s.decision(q)
        assert d is not None and d.path == ("money_to_vp",)
        assert max(hi for _, hi in d.ranges) == most
    q = p.choose(Decision(("roll_first",), "one-of", "", ""), OMIT)
    d = s.decision(q.choose(Decision(("vp_to_money",), "count", "", "", zero_omits=True), 0))
    assert d is not None and d.path == ("money_to_vp",)
    assert max(hi for _, hi in d.ranges) == 3


def test_convert_has_no_dead_end() -> None:
    """Every value offered along every line of Convert leads on: 25 G, 3 VP, rate 8."""
    g = new_game(2)
    anna(g, money=25, vp=3, rate=8)
    assert dead_ends(g, "convert") == []


def test_convert_rolled_first_is_legal_at_the_new_rate() -> None:
    """R-VP-03: rolled first, the new face (5) prices the conversion: 5 VP cost 25 G."""
    g = new_game(2)
    anna(g, money=25, vp=3, rate=8)
    play(g, player="Anna", tile="convert", roll_first=True, roll=5, money_to_vp=5)
    assert (player(g, "Anna").money, player(g, "Anna").vp) == (0, 8)
    assert g.state.ring.conversion_rate == 5


def test_convert_asks_when_to_roll_before_the_decline_and_the_roll_too() -> None:
    """AMB-A13-01 (docs/rulings.md): rolled first, the Die shows the new rate before the
    player converts, so the decline may follow the roll, as Import's follows its D6: the
    decisions are `roll_first`, the roll, then the decline. Rolling after, the decline comes
    before the amount and nothing is rolled for it."""
    g = new_game(2)
    anna(g, money=25, vp=3, rate=8)
    assert first_decisions(g, "convert", 1) == [("roll_first",)]
    s = turn_search(g)
    p = Partial({"player": "Anna", "tile": "convert"})
    p = p.choose(Decision(("roll_first",), "one-of", "", ""), True)
    p = p.choose(Decision(("roll",), "outcome", "", ""), 7)
    d = s.decision(p)
    assert d is not None and d.path == ("declined",) and d.allows(True) and d.allows(OMIT)
    q = Partial({"player": "Anna", "tile": "convert"}).choose(
        Decision(("roll_first",), "one-of", "", ""), OMIT)
    d = s.decision(q)
    assert d is not None and d.path == ("declined",)


def test_convert_declined_after_rolling_first_keeps_the_face() -> None:
    """R-VP-04 "The die face stays on the table and is shared by all players"; R-TAR-10: a
    player who will not carry out the Action pays 2 VP. Anna (25 G, 3 VP, rate 8) rolls
    first, sees a 7 and declines: 1 VP left, 25 G, and the rate is 7 for everybody."""
    g = new_game(2)
    anna(g, money=25, vp=3, rate=8)
    play(g, player="Anna", tile="convert", roll_first=True, roll=7, declined=True)
    assert (player(g, "Anna").money, player(g, "Anna").vp) == (25, 1)
    assert g.state.ring.conversion_rate == 7


def test_convert_declined_without_rolling_first_records_no_roll() -> None:
    """R-TAR-10: declined before rolling, the Die is not rolled: a roll or `roll_first:
    false` in the log is a value the replay does not use; with 0 VPs before selecting it,
    no roll at all (R-VP-06), declined or not."""
    g = new_game(2)
    anna(g, money=25, vp=3, rate=8)
    e = illegal(g, "R-TAR-10", player="Anna", tile="convert", roll=7, declined=True)
    assert e.path == ("turns", 0, "roll") and "'roll'" in e.message
    e = illegal(g, "R-TAR-10", player="Anna", tile="convert", roll_first=False, declined=True)
    assert e.path == ("turns", 0, "roll_first")
    assert g.state.ring.conversion_rate == 8
    anna(g, money=25, vp=0)
    e = illegal(g, "R-VP-06", player="Anna", tile="convert", roll_first=True, roll=5,
                declined=True)
    assert e.path == ("turns", 0, "roll_first")


# --- item 1: Import, the roll before the decline it may force ---------------------------------

def test_import_asks_the_roll_before_the_decline() -> None:
    """#14: "Roll the D6 Die…buy 1 to 3 items"; R-TAR-10: a player "not able (or willing) to
    do or complete the Action" pays 2 VP. The roll comes first; the decline after it."""
    g = new_game(2)
    anna(g, money=4, vp=5)
    assert first_decisions(g, "import", 2)[:1] == [("roll",)]


def test_import_after_a_roll_nothing_pays_for_the_decline_is_forced() -> None:
    """AMB-A14-03 (a): Anna holds 4 G; a 5 prices an item at 5 G (face 5 -> 5): she cannot
    buy, and declining (2 VP) is the only way on. A 1 prices an item at 2 G: 2 items (4 // 2)
    may be bought, or she declines."""
    g = new_game(2)
    anna(g, money=4, vp=5)
    s = turn_search(g)
    p = Partial({"player": "Anna", "tile": "import"})
    d = s.decision(p)
    assert d is not None and d.path == ("roll",)
    after5 = p.choose(d, 5)
    d5 = s.decision(after5)
    assert d5 is not None and d5.path == ("declined",) and d5.options == (True,)
    after1 = p.choose(d, 1)
    d1 = s.decision(after1)
    assert d1 is not None and d1.path == ("declined",) and set(d1.options) == {OMIT, True}


def test_import_has_no_dead_end() -> None:
    """Every value offered along every line of Import leads on: Anna holds 4 G."""
    g = new_game(2)
    anna(g, money=4, vp=5)
    assert dead_ends(g, "import") == []


def test_import_declined_after_the_roll_records_the_roll() -> None:
    """R-TAR-10, AMB-A14-03 (a): the D6 shows 5, Anna (4 G) cannot buy and
    declines: 2 VP (5 -> 3), no money spent, no time shift (position 3, Import's)."""
    g = new_game(2)
    anna(g, money=4, vp=5)
    play(g, player="Anna", tile="import", roll=5, declined=True)
    a = player(g, "Anna")
    assert (a.vp, a.money, a.position) == (3, 4, 3)


def test_import_declined_with_a_roll_no_d6_shows_is_illegal() -> None:
    """R-A14-01: the D6 shows 1 to 6, declined or not."""
    g = new_game(2)
    illegal(g, "R-A14-01", player="Anna", tile="import", roll=9, declined=True)


def test_import_declined_before_the_roll_is_offered_and_then_only_the_decline() -> None:
    """AMB-A14-03: a declined Import may be written without its roll (declined before the D6
    is rolled), as `validate` accepts it: the roll's options end with "(leave it out)", and
    after it the only option is to decline. Anna holds 4 G (able: a 1 prices an item at 2 G).
    Before, leaving the roll out was offered only if the carried-out Action, tried first, could
    be completed without a roll, which it never can (perft: accepted but not offered)."""
    g = new_game(2)
    anna(g, money=4, vp=5)
    s = turn_search(g)
    p = Partial({"player": "Anna", "tile": "import"})
    d = s.decision(p)
    assert d is not None and d.path == ("roll",) and d.options == (1, 2, 3, 4, 5, 6, OMIT)
    after = p.choose(d, OMIT)
    d = s.decision(after)
    assert d is not None and d.path == ("declined",) and d.options == (True,)
    play(g, player="Anna", tile="import", declined=True)
    a = player(g, "Anna")
    assert (a.vp, a.money) == (3, 4)


def test_record_takes_no_default_for_the_import_die() -> None:
    """`record` asks the D6 with its faces and "(leave it out)" (declined before rolling): an
    empty answer must not take that (it forces the 2-VP decline); the face is typed."""
    from grinivil_cli.table import answers

    g = new_game(2)
    anna(g, money=4, vp=5)
    d = turn_search(g).decision(Partial({"player": "Anna", "tile": "import"}))
    assert d is not None and d.path == ("roll",) and OMIT in d.options
    assert answers.default(d) is answers.NO_DEFAULT


# --- item 4: a value the rules do not read is an error ----------------------------------------

def test_convert_with_0_vp_records_no_roll_first() -> None:
    """R-VP-06: "if you have zero Victory Points and use the Convert Action, you will get 15
    Grinies. Do not roll the Die": with 0 VP, when to roll is no question; `roll_first`
    recorded is an error."""
    g = new_game(2)
    anna(g, money=10, vp=0)
    e = illegal(g, "R-VP-06", player="Anna", tile="convert", roll_first=True)
    assert e.path[-1] == "roll_first"


def test_convert_with_0_vp_asks_nothing() -> None:
    """R-VP-06: with 0 VP, Convert is 15 G and nothing to decide: no amount, no roll."""
    g = new_game(2)
    anna(g, money=10, vp=0)
    paths = first_decisions(g, "convert", 6)
    assert not {p[0] for p in paths} & {"roll_first", "roll", "vp_to_money", "money_to_vp"}
