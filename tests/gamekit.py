"""Test kit: a valid setup for the standard edition, a game after it, and turns played on it.

    g = new_game(2)                       # Anna and Bruno, after setup
    play(g, player="Anna", tile="buy-resources", cubes={"concrete": 2})
    e = illegal(g, "R-MKT-04", player="Bruno", tile="buy-resources", cubes={"steel": 99})

Tests may also arrange a position directly on `g.state` (a building here, a tree there) and
then call a rule; every number they assert is derived by hand from the rulebook.
"""

from __future__ import annotations

import copy
from typing import Any

from grinivil_cli.edition.load import load_edition
from grinivil_cli.edition.model import Edition
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.replay import play_written
from grinivil_cli.engine.setup import set_up
from grinivil_cli.engine.state import MUNICIPALITY, Building, PlayerState
from grinivil_cli.errors import IllegalMove

NAMES = ["Anna", "Bruno", "Clara", "David", "Emma", "Filip"]
COLOURS = ["brown", "grey", "beige", "white", "black", "orange"]
# The 9 tiles without a pink border and 7 pink ones (AMB-SETUP-08), r1..r16 in this order.
RING = ["auction", "import", "sell-resources", "buy-warehouse", "optimization",
        "explore-build-road", "replanting", "buy-trees", "subsidy", "plant-trees",
        "forced-trade", "new-resident", "architect", "sell-house", "banker", "convert"]
MARKET = {2: {"concrete": 5, "wood": 4, "steel": 3}, 3: {"concrete": 8, "wood": 6, "steel": 4},
          4: {"concrete": 10, "wood": 8, "steel": 6}, 5: {"concrete": 10, "wood": 9, "steel": 6},
          6: {"concrete": 12, "wood": 10, "steel": 8}}
DISPLAY = ["paula", "milan", "agata", "boris", "cyril"]
DEALT = [["dana", "emil"], ["filip", "greta"], ["hana", "ivan"], ["jana", "karel"],
         ["lucie", "marek"], ["nora", "otto"]]


def edition() -> Edition:
    return load_edition("standard")


def base_log(n: int = 2, **setup: Any) -> dict[str, Any]:
    """A log with a legal setup for n players and no turns: Inner tiles I01 at I0 and I02 at
    I1; orange Blocks on C.s5 (Bank), O1.s1 (House) and O1.s2 (Pub)."""
    log: dict[str, Any] = {
        "format": "grinivil-log/1",
        "players": [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(n)],
        "setup": {
            "money": 50,
            "inner_tiles": ["I01", "I02"],
            "municipal_tokens": {"C.s5": "bank", "O1.s2": "pub"} if n < 6 else {},
            "market": dict(MARKET[n]),
            "display": list(DISPLAY),
            "residents": {NAMES[i]: list(DEALT[i]) for i in range(n)},
            "ring": list(RING),
            "conversion_rate": 6,
        },
        "turns": [],
    }
    log["setup"].update(copy.deepcopy(setup))
    return log


def renamed_log(n: int, names: list[str], title: str, turns: list[dict[str, Any]]
                ) -> dict[str, Any]:
    """`base_log(n)` with the players called `names` (their dealt cards follow them), a title
    and turns."""
    log = base_log(n)
    dealt = list(log["setup"]["residents"].values())
    for player, name in zip(log["players"], names, strict=True):
        player["name"] = name
    log["setup"]["residents"] = dict(zip(names, dealt, strict=True))
    log["title"] = title
    log["turns"] = turns
    return log


def new_game(n: int = 2, **setup: Any) -> Game:
    """The game after a legal setup."""
    return set_up(edition(), base_log(n, **setup))


def play(g: Game, **turn: Any) -> None:
    """Play one turn; a broken rule fails the test with its message."""
    error = play_written(g, turn, g.state.turn)
    if error is not None:
        raise AssertionError(f"unexpected {error.rule}: {error.message}")


def illegal(g: Game, rule: str, **turn: Any) -> IllegalMove:
    """Play one turn that must break `rule`; the state is left as it was."""
    error = play_written(g, turn, g.state.turn)
    assert error is not None, f"expected {rule}, but the turn was legal"
    assert error.rule == rule, f"expected {rule}, got {error.rule}: {error.message}"
    return error


def player(g: Game, name: str) -> PlayerState:
    return g.state.player(name)


def give(g: Game, name: str, **cubes: int) -> None:
    """Arrange: put cubes in a player's Warehouses, taken from the pouch (conserves cubes)."""
    p = g.state.player(name)
    for r, n in cubes.items():
        g.state.supply.pouch[r] -= n
        p.cubes[r] += n


def total_cubes(g: Game) -> dict[str, int]:
    """Pouch + Market + every player's Warehouses, per type (the 94 are conserved)."""
    out = dict(g.state.supply.pouch)
    for r in out:
        out[r] += g.state.market[r] + sum(p.cubes[r] for p in g.state.players)
    return out


def turn(g: Game, name: str, **kw: Any) -> None:
    """`name` plays a legal turn from the Starting Tile (arranged: whoever was next)."""
    g.state.current = g.state.index_of(name)
    player(g, name).position = 0
    play(g, player=name, **kw)


def refused(g: Game, name: str, rule: str, **kw: Any) -> IllegalMove:
    """`name` plays a turn from the Starting Tile that must break `rule` (the state is put
    back as a copy: fetch players again afterwards)."""
    g.state.current = g.state.index_of(name)
    player(g, name).position = 0
    return illegal(g, rule, player=name, **kw)


def lay(g: Game, slot: str, tile: str, owner: str = MUNICIPALITY) -> None:
    """Arrange: a Land Tile on the table (no Municipal placement), taken out of its stack."""
    supply = g.state.supply
    (supply.inner_stack if slot.startswith("I") else supply.outer_stack).remove(tile)
    g.state.townland.tiles[slot] = tile
    g.state.townland.owners[slot] = owner


def living(g: Game, n: int) -> None:
    """Arrange: n Residents live in Grinivil (n cards from the deck onto the Pile)."""
    for _ in range(n):
        g.state.supply.pile.append(g.state.supply.deck.pop())


def building(g: Game, site: str, key: str, blocks: list[str], workers: list[str]) -> Building:
    """Arrange: a building with these Blocks (bottom up) and Workers at its site."""
    b = Building(site=site, building=key, floors=len(g.ed.buildings[key].floors),
                 blocks=list(blocks), by_build_action=[True] * len(blocks),
                 workers=list(workers))
    g.state.townland.buildings[site] = b
    return b
