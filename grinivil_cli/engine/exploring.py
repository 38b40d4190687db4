"""Exploring the Land Area, Parcel Ownership and the Municipality's orange Blocks (rulebook:
Exploring the Land Area, Parcel Ownership; Setup step 2; #08a)."""

from __future__ import annotations

import copy
from collections.abc import Callable

from ..edition.model import Edition
from ..errors import IllegalMove, IncompleteRecord
from . import townland
from .construction import participation_fee
from .game import Chance, Game, required
from .records import Explore, Setup, value_of
from .state import MUNICIPALITY, Building, GameState, PlayerState


def zone_stack(state: GameState, slot: str) -> list[str]:
    """The stack a slot's Land Tile is drawn from: the Inner Zone's or the Outer Zone's."""
    return state.supply.inner_stack if slot.startswith("I") else state.supply.outer_stack


def slots_to_explore(ed: Edition, state: GameState) -> list[str]:
    """The empty slots a Land Tile can be explored into now: reachable (R-EXPL-02..04), with
    a tile left in the zone's stack to draw (AMB-EXPL-04); in slot order."""
    return [s for s in townland.explorable_slots(ed, state.townland) if zone_stack(state, s)]


def explore(g: Game, p: PlayerState, spec: Explore, *, owner: PlayerState | None, cause: str,
            rule: str) -> str:
    """Add the Land Tile recorded in `spec` (`slot`, `land_tile`, `municipal_tokens`) and
    resolve Municipal placement. `owner` marks the Parcel (None: the Municipality owns it,
    R-SACT-04). Returns the slot."""
    town = g.state.townland
    slot = required(spec.slot, spec, "slot", "the slot where the new tile is placed", rule)
    legal = townland.explorable_slots(g.ed, town)
    stack = zone_stack(g.state, slot)
    drawn = g.outcome(spec, "land_tile", lambda c: c.choice(sorted(stack))) if stack \
        else spec.land_tile
    tile: str = required(drawn, spec, "land_tile", "the Land Tile revealed", rule)
    if slot not in legal:
        why = "already holds a tile" if slot in town.tiles else (
            "is not reachable: an Outer slot needs a Completed Road leading out of the Inner "
            "Zone" if slot.startswith("O") else "is not a slot of the Land Area")
        raise IllegalMove("R-EXPL-03" if slot.startswith("O") else "R-EXPL-02",
                          f"{slot} {why}; the slots open now are {', '.join(legal) or 'none'}.",
                          spec.at("slot"))
    if tile not in stack:
        zone = "Inner" if slot.startswith("I") else "Outer"
        raise IllegalMove("R-EXPL-05", f"{tile} is not in the {zone} Zone stack (left: "
                          f"{', '.join(stack) or 'none'}).", spec.at("land_tile"))
    place_tile(g, slot, tile, owner, spec, cause)
    return slot


def place_tile(g: Game, slot: str, tile: str, owner: PlayerState | None, spec: Explore,
               cause: str) -> None:
    """Place the tile, mark ownership (R-A08A-04, R-EXPL-06..08), then orange Blocks on
    Municipal sites that became buildable (R-EXPL-09)."""
    town = g.state.townland
    before = copy.copy(town)
    before.tiles = dict(town.tiles)
    before.road_tokens = set(town.road_tokens)
    stack = zone_stack(g.state, slot)
    if tile in stack:
        stack.remove(tile)
    town.tiles[slot] = tile
    if owner is not None and owner.markers > 0:
        g.ledger.record(g.state, owner, "markers", -1, f"Ownership Marker on {slot} ({cause})",
                        "R-A08A-04", "townland")
        town.owners[slot] = owner.name
    else:
        town.owners[slot] = MUNICIPALITY
    place_municipal_blocks(g, townland.newly_buildable(g.ed, before, town), spec)


def place_municipal_blocks(g: Game, sites: list[str], record: Explore | Setup) -> None:
    """An orange Block and a Building Token, construction side up, on each Municipal site that
    just became buildable (R-MUNI-04..08, R-SETUP-03..07, AMB-MUNI-01 (b)); `record` (an
    exploration, or the setup) names the tokens drawn."""
    tokens = record.municipal_tokens or ()
    if not g.state.municipality:
        for entry in tokens:  # R-SETUP-07, R-VAR-6P-03: no Municipality, no orange Blocks
            raise IllegalMove("R-MUNI-04", f"there is no Municipality in a 6-player game: no "
                              f"orange Block goes on {entry.key}.",
                              record.at("municipal_tokens", entry.key))
        return
    town = g.state.townland
    for entry in tokens:  # a token for a site that is not a Municipal site connected now
        if entry.key not in sites or entry.key in town.buildings or \
                not townland.site_spec(g.ed, town, entry.key).municipal:
            raise IllegalMove("R-MUNI-04", f"no orange Block was placed on {entry.key} now "
                              "(not a Municipal site connected to a usable road for the first "
                              "time); its token must not be recorded.",
                              record.at("municipal_tokens", entry.key))
    for site in sites:
        spec = townland.site_spec(g.ed, town, site)
        if not spec.municipal or site in town.buildings:
            continue
        if g.state.supply.orange_blocks < 1:
            break  # R-MUNI-08: the Municipality stops building (recorded tokens still checked)
        key: str | None
        if spec.kind == "residential":
            if (value_of(tokens, site) or "house") != "house":
                raise IllegalMove("R-MUNI-06", f"{site} is a Residential site: its token is a "
                                  "House.", record.at("municipal_tokens", site))
            key = "house"  # R-MUNI-06
            if g.state.supply.tokens.get(key, 0) < 1:
                continue  # no House token left: no orange Block (AMB-GEN-03 (a), R-MUNI-08)
        else:
            drawn = g.outcome(record, "municipal_tokens", municipal_token_drawn(g), item=site)
            key = None if drawn is None else str(drawn)
            if key is None:
                raise IncompleteRecord("R-MUNI-05", f"an orange Block goes on the Municipal "
                                       f"site {site}: the log must name its Building Token in "
                                       "'municipal_tokens'.",
                                       record.at("municipal_tokens", site),
                                       field="municipal_tokens")
            family = g.ed.buildings[key].family
            if family == "house":
                raise IllegalMove("R-MUNI-05", f"{site} is a Non-residential site: its token "
                                  "is a Commerce or Public building.",
                                  record.at("municipal_tokens", site))
        if g.ed.buildings[key].four_plus and not g.state.four_plus:
            raise IllegalMove("R-SETUP-04", f"{g.ed.buildings[key].name} tokens are marked "
                              "●●●●+ and are not used with 2-3 players.",
                              record.at("municipal_tokens", site))
        if g.state.supply.tokens.get(key, 0) < 1:
            raise IllegalMove("R-GEN-09", f"no {g.ed.buildings[key].name} Building Token is left "
                              f"for {site}.", record.at("municipal_tokens", site))
        g.state.supply.tokens[key] -= 1
        g.state.supply.orange_blocks -= 1
        town.buildings[site] = Building(site=site, building=key,
                                        floors=len(g.ed.buildings[key].floors),
                                        blocks=[MUNICIPALITY], by_build_action=[False])
        pay_owner_for_orange_block(g, site)
    for entry in tokens:
        b = town.buildings.get(entry.key)
        if b is None or b.blocks != [MUNICIPALITY] or entry.key not in sites:
            raise IllegalMove("R-MUNI-04", f"no orange Block was placed on {entry.key} now; "
                              "its token must not be recorded.",
                              record.at("municipal_tokens", entry.key))


def municipal_token_drawn(g: Game) -> Callable[[Chance], str]:
    """The simulator's draw of a Commerce or Public token for a Municipal site (a replay reads
    it from the log)."""
    options = sorted(k for k, n in g.state.supply.tokens.items()
                     if n > 0 and g.ed.buildings[k].family != "house")
    return lambda c: str(c.choice(options))


def pay_owner_for_orange_block(g: Game, site: str) -> None:
    """The Municipality pays the Parcel's owner a Participation Fee (R-MUNI-07)."""
    owner = g.state.townland.owners.get(site.split(".")[0], MUNICIPALITY)
    if owner == MUNICIPALITY or g.state.turn == 0:
        return
    fee = participation_fee(g.state.residents_living())
    g.earn(g.state.player(owner), fee, f"Participation Fee from the Municipality for {site}",
           "R-MUNI-07")
