"""The game state: plain data. Rules live in the other engine modules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..base.shown import listed, plural, tagged
from ..edition.model import RESOURCES, Edition
from ..logfile.names import MUNICIPALITY as MUNICIPALITY
from .records import Options

RING_SIZE = 20
STARTING_TILE = 0  # ring position of the Starting Tile (the lap boundary)
T = TypeVar("T")


def no_cubes() -> dict[str, int]:
    return {r: 0 for r in RESOURCES}


@dataclass
class Building:
    """A building on a Building Site: its Floors' Building Blocks bottom up, by builder."""

    site: str  # global site id, e.g. "I3.s2"
    building: str  # building type key
    floors: int  # how many Floors this type has
    blocks: list[str] = field(default_factory=list)  # each Floor's builder (or MUNICIPALITY)
    by_build_action: list[bool] = field(default_factory=list)  # Floor built through a Build action
    workers: list[str] = field(default_factory=list)  # players with a Worker at the site
    sold: bool = False  # a red Roof Block is on it (House sold)

    @property
    def finished(self) -> bool:
        return len(self.blocks) >= self.floors

    def participants(self) -> list[str]:
        """Every colour with a Building Block in the building, in order of first Floor."""
        seen: list[str] = []
        for b in self.blocks:
            if b not in seen:
                seen.append(b)
        return seen


@dataclass(repr=False)
class PlayerState:
    name: str
    colour: str
    money: int = 0
    vp: int = 0
    cubes: dict[str, int] = field(default_factory=no_cubes)
    small_warehouses: int = 0
    trees: int = 0  # unplanted trees in the Portfolio
    blocks: int = 0  # Building Blocks left in the Portfolio
    workers: int = 3  # Workers owned (3, or 4 once the fourth is earned)
    fourth_worker: bool = False
    residents: list[str] = field(default_factory=list)  # resident cards in the Portfolio
    markers: int = 5  # Ownership Markers left
    position: int = STARTING_TILE  # ring position 1..20, or 0 on the Starting Tile
    road_track: int = 0  # spaces advanced on the Bonus Road Track
    finished: bool = False  # ended the last round on the Starting Tile
    extra_block: bool = False  # Big Town

    def total_cubes(self) -> int:
        return sum(self.cubes.values())

    def __repr__(self) -> str:
        cubes = ", ".join(f"{n} {r}" for r, n in self.cubes.items() if n) or "no cubes"
        done = ", finished" if self.finished else ""
        return tagged("PlayerState", f"{self.name} ({self.colour}): {self.money} G, {self.vp} "
                      f"VP, {cubes}, {plural(self.trees, 'Tree')}, "
                      f"{plural(self.blocks, 'Block')}, {plural(self.workers, 'Worker')}, "
                      f"{plural(len(self.residents), 'resident')}, ring position "
                      f"{self.position}{done}")


@dataclass(repr=False)
class Ring:
    """The Time Action Ring: tile keys at positions 1..20 (index 0 is position 1)."""

    tiles: list[str]
    ability_workers: dict[int, str] = field(default_factory=dict)  # position -> worker's player
    occupied: dict[int, str] = field(default_factory=dict)  # position -> who placed the token
    conversion_rate: int = 5

    def tile_at(self, position: int) -> str:
        return self.tiles[position - 1]

    def position_of(self, tile: str) -> int | None:
        """The ring position of a tile key (actions map to tiles with ring.ring_tile_of)."""
        return self.tiles.index(tile) + 1 if tile in self.tiles else None

    def __repr__(self) -> str:
        return tagged("Ring", f"{listed(self.tiles, 70)}; "
                      f"{plural(len(self.ability_workers), 'Ability Worker')}, "
                      f"{len(self.occupied)} occupied, conversion rate {self.conversion_rate}")


@dataclass(repr=False)
class Townland:
    """What is on the table: placed Land Tiles, owners, road tokens, buildings, trees."""

    tiles: dict[str, str] = field(default_factory=dict)  # slot -> land tile key
    owners: dict[str, str] = field(default_factory=dict)  # slot -> player name or MUNICIPALITY
    road_tokens: set[str] = field(default_factory=set)  # roads completed by a road token
    buildings: dict[str, Building] = field(default_factory=dict)  # site id -> building
    trees: set[str] = field(default_factory=set)  # planting spots with a tree

    def __repr__(self) -> str:
        return tagged("Townland", f"Land Tiles at {listed(self.tiles, 50) or 'no slot'}; "
                      f"{plural(len(self.buildings), 'building')}, "
                      f"{plural(len(self.road_tokens), 'road token')}, "
                      f"{plural(len(self.trees), 'Tree')}")


@dataclass(repr=False)
class Supply:
    """The general supply, the Reserve pouch and the resident cards."""

    pouch: dict[str, int] = field(default_factory=no_cubes)
    inner_stack: list[str] = field(default_factory=list)  # land tiles not yet drawn
    outer_stack: list[str] = field(default_factory=list)
    road_tokens: int = 0
    trees: int = 0
    small_warehouses: int = 0
    orange_blocks: int = 0
    roof_blocks: int = 0
    occupied_tokens: int = 0
    tokens: dict[str, int] = field(default_factory=dict)  # building type -> tokens available
    deck: list[str] = field(default_factory=list)  # resident cards not yet seen
    display: list[str] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)  # Residents of Grinivil, oldest first

    def __repr__(self) -> str:
        pouch = ", ".join(f"{n} {r}" for r, n in self.pouch.items())
        return tagged("Supply", f"pouch {pouch}; {len(self.inner_stack)} Inner and "
                      f"{len(self.outer_stack)} Outer Land Tiles; resident cards: "
                      f"{len(self.deck)} in the deck, {len(self.display)} on display, "
                      f"{len(self.pile)} in the pile")


@dataclass(repr=False)
class GameState:
    edition: Edition
    players: list[PlayerState]
    ring: Ring
    townland: Townland
    supply: Supply
    market: dict[str, int]  # cubes in each Market section (filled from the bottom row up)
    municipality: bool = True  # False in the 6-player game
    four_plus: bool = False  # 4 or more players: ●●●●+ cards and tokens are in play
    turn: int = 0  # number of turns taken so far
    current: int = 0  # index of the player whose turn is next
    sudden_death: bool = False
    # who triggered the Sudden-death Round, at which turn: the last round's first turn is
    # the next one (R-SD-07)
    triggered_by: str | None = None
    triggered_at: int = 0
    last_tile: str | None = None  # tile chosen by the previous player (for #51P)
    # the log header's `options` (the variants), read into their record; read by the rules,
    # never changed after setup (a frozen record: copies share it)
    options: Options = field(default_factory=Options)

    def __repr__(self) -> str:
        """One line: the turns taken, who plays next, each player's Grinies and VPs."""
        if self.players and all(p.finished for p in self.players):
            next_up = "the game is over"
        else:
            on_turn = self.players[self.current] if 0 <= self.current < len(self.players) \
                else None
            next_up = f"{on_turn.name} to play" if on_turn else "nobody to play"
            next_up += " (the Sudden-death Round)" if self.sudden_death else ""
        held = listed((f"{p.name} {p.money} G {p.vp} VP" for p in self.players), 110)
        return tagged("GameState", f"after turn {self.turn}: {next_up}; {held}")

    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def index_of(self, name: str) -> int:
        return [p.name for p in self.players].index(name)

    def residents_living(self) -> int:
        """Residents living in Grinivil: the cards in the Residents of Grinivil pile."""
        return len(self.supply.pile)

    def copy(self) -> GameState:
        """An independent copy (every mutable part copied; the edition is shared: it is
        immutable). Much faster than copy.deepcopy, which the replay would pay every turn, and
        than dataclasses.replace (the search of legal choices copies the state thousands of
        times a turn)."""
        town, supply, ring = self.townland, self.supply, self.ring
        return clone(
            self,
            players=[clone(p, cubes=dict(p.cubes), residents=list(p.residents))
                     for p in self.players],
            ring=clone(ring, tiles=list(ring.tiles), ability_workers=dict(ring.ability_workers),
                       occupied=dict(ring.occupied)),
            townland=clone(
                town, tiles=dict(town.tiles), owners=dict(town.owners),
                road_tokens=set(town.road_tokens), trees=set(town.trees),
                buildings={site: clone(b, blocks=list(b.blocks),
                                       by_build_action=list(b.by_build_action),
                                       workers=list(b.workers))
                           for site, b in town.buildings.items()}),
            supply=clone(supply, pouch=dict(supply.pouch), inner_stack=list(supply.inner_stack),
                         outer_stack=list(supply.outer_stack), tokens=dict(supply.tokens),
                         deck=list(supply.deck), display=list(supply.display),
                         pile=list(supply.pile)),
            market=dict(self.market),
            options=self.options,
        )


def clone(obj: T, **changes: Any) -> T:
    """A shallow copy of a dataclass of this module with some fields replaced (what
    dataclasses.replace does, without calling __init__)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new
