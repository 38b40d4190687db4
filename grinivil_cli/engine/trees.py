"""Trees: Planting Sectors and Spots, planting rewards, buying and replanting (rulebook: Planting
Sector & Tree Planting; #09, #10, #16; Additional Site Action)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import IllegalMove, Path
from . import townland
from .game import Game, plural
from .records import TreeMove
from .state import PlayerState

PLANT_MONEY_PER_TREE = 5  # trees 1-3 (R-A10-02)
PLANT_VP_MIDDLE = 2  # trees 4-7
PLANT_VP_LATE = 3  # trees 8-9
MAX_PLANT = 9  # R-A10-01
MAX_SITE_PLANT = 3  # R-SACT-02


def planting_reward(n: int) -> tuple[int, int]:
    """(Grinies, VPs) for planting n Trees with #10: 5 G each for the first 3, 2 VP each for the
    4th-7th, 3 VP each for the 8th and 9th (R-A10-02)."""
    money = PLANT_MONEY_PER_TREE * min(n, 3)
    vp = PLANT_VP_MIDDLE * max(0, min(n, 7) - 3) + PLANT_VP_LATE * max(0, min(n, 9) - 7)
    return money, vp


def check_spots(g: Game, spots: list[Any], path: Path, rule: str) -> list[str]:
    """Each spot exists, is free, named once (R-PLANT-05)."""
    town = g.state.townland
    seen: list[str] = []
    for i, spot in enumerate(spots):
        try:
            townland.spot_spec(g.ed, town, spot)
        except KeyError:
            raise IllegalMove(rule, f"{spot} is not a Planting Spot on the table.",
                              path + (i,)) from None
        if spot in seen:
            raise IllegalMove("R-PLANT-05", f"{spot} is named twice: one Tree per Planting Spot.",
                              path + (i,))
        if spot in town.trees:
            raise IllegalMove("R-PLANT-05", f"a Tree already stands on {spot}.", path + (i,))
        seen.append(spot)
    return seen


def plant(g: Game, p: PlayerState, spots: list[Any], path: Path, *, most: int,
          rule: str) -> int:
    """Plant 1 to `most` Trees from the Portfolio on free Spots of one Planting Sector
    (`rule`: R-A10-01 for #10, R-SACT-02 for the site action; R-PLANT-06/07)."""
    if not spots:
        raise IllegalMove(rule, f"1 to {most} Trees are planted with this action; the log plants "
                          "none.", path)
    if len(spots) > most:
        raise IllegalMove(rule, f"at most {most} Trees can be planted with this action; the log "
                          f"plants {len(spots)}.", path)
    chosen = check_spots(g, spots, path, rule)
    sector = townland.sector_of_spot(g.ed, g.state.townland, chosen[0])
    for i, spot in enumerate(chosen):
        if spot not in sector:  # leniently, the misplaced Tree is planted anyway
            g.soft(IllegalMove("R-PLANT-07", f"{spot} is not in the Planting Sector of "
                               f"{chosen[0]}: all Trees of one action go into one sector.",
                               path + (i,)))
    if p.trees < len(chosen):
        raise IllegalMove("R-PLANT-06", f"{p.name} plants {plural(len(chosen), 'Tree')} but has "
                          f"{p.trees} in their Portfolio.", path)
    g.ledger.record(g.state, p, "trees", -len(chosen), f"planted at {', '.join(chosen)}", rule,
                    "townland")
    g.state.townland.trees.update(chosen)
    return len(chosen)


def plant_trees_action(g: Game, p: PlayerState, spots: list[Any], path: Path) -> int:
    """#10: plant 1-9 Trees, rewards by tree number (R-A10-01/02)."""
    n = plant(g, p, spots, path, most=MAX_PLANT, rule="R-A10-01")
    money, vp = planting_reward(n)
    g.earn(p, money, f"planted {plural(n, 'Tree')}", "R-A10-02")
    g.gain_vp(p, vp, f"planted {plural(n, 'Tree')}", "R-A10-02")
    return n


def plant_as_site_action(g: Game, p: PlayerState, spots: list[Any], path: Path) -> None:
    """Additional Site Action: up to 3 Trees, 1 VP each (R-SACT-02)."""
    n = plant(g, p, spots, path, most=MAX_SITE_PLANT, rule="R-SACT-02")
    g.gain_vp(p, n, f"planted {plural(n, 'Tree')} (site action)", "R-SACT-02")


def tree_price(n: int) -> int:
    """1 Grinie per Tree for up to 3, 2 Grinies each for 4 to 6 (R-A09-02)."""
    return n * (1 if n <= 3 else 2)


def replant(g: Game, p: PlayerState, moves: Sequence[TreeMove], path: Path) -> int:
    """#16: move up to 3 Trees from Spots or the supply to any free Spots, 1 VP flat
    (R-A16-01..03)."""
    town = g.state.townland
    if not 1 <= len(moves) <= 3:
        raise IllegalMove("R-A16-01", f"1 to 3 Trees are replanted; the log moves {len(moves)}.",
                          path)
    from_supply = 0
    for i, move in enumerate(moves):
        src, dst = move.from_, move.to
        if src == "supply":
            from_supply += 1
            if from_supply > g.state.supply.trees:
                raise IllegalMove("R-GEN-04", "no Tree is left in the general supply.",
                                  path + (i, "from"))
        elif src == "portfolio":
            raise IllegalMove("R-A16-02", "Replanting cannot use Trees from the Portfolio.",
                              path + (i, "from"))
        elif src not in town.trees:
            raise IllegalMove("R-A16-01", f"no Tree stands on {src}.", path + (i, "from"))
        elif src == dst:
            raise IllegalMove("R-A16-01", f"a replanted Tree moves to a new Spot, not back to "
                              f"{src}.", path + (i, "to"))
        else:
            town.trees.discard(src)
        check_spots(g, [dst], path + (i, "to"), "R-A16-01")
        town.trees.add(dst)
    g.replant_from_supply(p, from_supply, "Replanting: Trees from the general supply",
                          "R-A16-01")
    g.gain_vp(p, 1, "Replanting", "R-A16-03")
    return len(moves)
