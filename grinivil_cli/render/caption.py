"""Words for a snapshot: the caption (turn, player, action and what it did) and the short
description that goes into `<desc>`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.actions import NAMES
from ..engine.game import plural
from ..engine.setup import describe_options
from ..engine.state import GameState
from ..engine.tiles import ABILITY_TILES
from .scene import Scene, repeats

Rec = dict[str, Any]


def caption(scene: Scene) -> tuple[str, str]:
    """Headline and detail line."""
    if scene.final:
        return "Final scoring", f"the table after turn {scene.turn}" + (
            f"; {scene.story[-1]}" if scene.story else "")
    if scene.turn == 0:
        variants = describe_options(scene.state.options)
        return "Setup", "the table before the first turn" + (
            f"; variants: {variants}" if variants else "")
    if scene.log_turn is None:  # a position without its log entry (the Python API)
        who = f" \u00b7 {scene.player} \u00b7 {action_name(scene.action)}" if scene.player \
            else ""
        return f"Turn {scene.turn}{who}", ""
    rec = scene.log_turn
    head = f"Turn {scene.turn} \u00b7 {scene.player} \u00b7 {action_name(rec.get('tile'))}"
    details = [describe(scene.state, rec)]
    if finished_now(scene):
        details.append(FINISHED)
    for r in repeats(rec):
        details.append(f"then {action_name(r.get('tile'))}: {describe(scene.state, r)}")
    if rec.get("declined"):
        details.append("declined (2 VP penalty)")
    if rec.get("final_sale"):
        details.append("final sale of a House")
    return head, "; ".join(d for d in details if d)


FINISHED = "finished: the token completes the TAR and ends on the Starting Tile (R-END-01)"


def finished_now(scene: Scene) -> bool:
    """Whether the player on turn finished the game with this turn's move (R-END-01)."""
    if scene.player is None or scene.previous is None:
        return False
    names = [p.name for p in scene.previous.players]
    if scene.player not in names:
        return False
    return (scene.state.player(scene.player).finished
            and not scene.previous.player(scene.player).finished)


def action_name(tile: object) -> str:
    return NAMES.get(tile, str(tile)) if isinstance(tile, str) else "?"


def _cubes(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{n} {r}" for r, n in value.items())
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return ""


def _resident(s: GameState, key: object) -> str:
    card = s.edition.residents.get(key) if isinstance(key, str) else None
    return card.name if card is not None else str(key)


def _build(s: GameState, r: Rec) -> str:
    """Which building, and how far it stands now (after the turn)."""
    site = r.get("site")
    b = s.townland.buildings.get(site) if isinstance(site, str) else None
    if b is None:
        return f"on {site}"
    name = s.edition.buildings[b.building].name
    done = "finished" if b.finished else f"{len(b.blocks)} of {b.floors} floors"
    return f"{name} on {site}, {done}" + (" and sold" if b.sold else "")


def _convert(s: GameState, r: Rec) -> str:
    if "vp_to_money" in r:
        return f"{r['vp_to_money']} VP to money"
    if "money_to_vp" in r:
        return f"money to {r['money_to_vp']} VP"
    return ""


DESCRIBE: dict[str, Callable[[GameState, Rec], str]] = {
    "buy-resources": lambda s, r: _cubes(r.get("cubes")),
    "buy-resources-discount": lambda s, r: _cubes(r.get("cubes")),
    "sell-resources": lambda s, r: _cubes(r.get("cubes")),
    "build-floor": _build, "build-floor-premium": _build,
    "auction": lambda s, r: f"drawn {_cubes(r.get('drawn'))}",
    "explore": lambda s, r: f"tile {r.get('land_tile')} at {r.get('slot')}",
    "build-road": lambda s, r: f"road {r.get('road')}",
    "buy-trees": lambda s, r: plural(int(r.get("trees") or 0), "tree"),
    "plant-trees": lambda s, r: f"on {', '.join(map(str, r.get('spots') or []))}",
    "new-resident": lambda s, r: f"takes {_resident(s, r.get('take'))}",
    "sell-house": lambda s, r: f"{r.get('house')} to {_resident(s, r.get('resident'))}",
    "convert": _convert,
    "import": lambda s, r: f"D6 {r.get('roll')}: {_cubes(r.get('items'))}",
    "optimization": lambda s, r: f"chose {r.get('choice')}",
    "replanting": lambda s, r: f"{plural(len(r.get('moves') or []), 'tree')} moved",
    "forced-trade": lambda s, r: plural(len(r.get("trades") or []), "trade"),
}
# the fields a description reads: when one is missing the action was not carried out as
# logged (a finishing move ends on the Starting Tile, R-END-01) and nothing is described
NEEDS: dict[str, tuple[str, ...]] = {
    "buy-resources": ("cubes",), "buy-resources-discount": ("cubes",),
    "sell-resources": ("cubes",), "build-floor": ("site",), "build-floor-premium": ("site",),
    "auction": ("drawn",), "explore": ("land_tile", "slot"), "build-road": ("road",),
    "buy-trees": ("trees",), "plant-trees": ("spots",), "new-resident": ("take",),
    "sell-house": ("house", "resident"), "import": ("roll",), "optimization": ("choice",),
    "replanting": ("moves",), "forced-trade": ("trades",),
}


def describe(state: GameState, rec: Rec) -> str:
    """What a logged action did, in a few words ('' when nothing to add)."""
    tile = rec.get("tile")
    fn = DESCRIBE.get(tile) if isinstance(tile, str) else None
    if fn is not None and not rec.get("declined"):
        # an action the log does not carry out (a finishing move, R-END-01) has no fields
        if any(rec.get(key) is None for key in NEEDS.get(str(tile), ())):
            return ""
        return fn(state, rec)
    if isinstance(tile, str) and tile in state.edition.action_tiles and tile not in DESCRIBE:
        return "places a Worker on the ability tile" if tile in ABILITY_TILES else ""
    return ""


def description(scene: Scene) -> str:
    """A short text description of the snapshot (for `<desc>`)."""
    s = scene.state
    head, detail = caption(scene)
    town = s.townland
    people = "; ".join(f"{p.name} ({scene.look(p.name).letter}, {p.colour}) "
                       + ("" if scene.private else f"{p.money} G, ") + f"{p.vp} VP"
                       for p in s.players)
    return (f"Grinivil, {scene.title}: {head}" + (f" ({detail})" if detail else "") + ". "
            f"Townland: {plural(len(town.tiles), 'land tile')}, "
            f"{plural(len(town.buildings), 'building')}, {plural(len(town.trees), 'tree')}, "
            f"{plural(len(town.road_tokens), 'road token')}. "
            f"Residents of Grinivil: {len(s.supply.pile)}. Players: {people}."
            + (f" Variants: {variants}." if (variants := describe_options(s.options)) else ""))
