"""Records of the turn (*Turns*): `FAMILIES` (the record of each tile key), `Step`, `Turn` and
`RepeatAction` (what a turn and a Repeat Action record around the action), `parse_turn`,
`parse_partial`, `parse_turns`, `write_turn` and `outcome_value`. See the package's docstring
(`engine/records/__init__.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from ...errors import Path
from ..tiles import ABILITY_TILES, MERCHANT_KEY
from .base import _MAKING, NOWHERE, At, Record, UnreadableTurn, _make
from .build import BuildFloor
from .fields import (
    Cubes,
    Entries,
    _cube,
    _dict,
    _entries,
    _Fields,
    _flag,
    _integer,
    _kind,
    _list,
    _ordered,
    _text,
    _write,
)
from .land import BuildRoad, BuyTrees, ExploreLand, PlantTrees, Replanting
from .parts import Sale
from .people import AbilityTile, Convert, NewResident, NoFields, SellHouse
from .promo import Crowdfunding
from .trade import Auction, BuyResources, ForcedTrade, Import, Optimization, SellResources

Action = (BuyResources | BuildFloor | Auction | SellResources | NoFields | ExploreLand
          | BuildRoad | BuyTrees | PlantTrees | NewResident | SellHouse | Convert | Import
          | Optimization | Replanting | ForcedTrade | AbilityTile | Crowdfunding)

# The record of each tile key a turn's `tile` names (docs/log-format.md, *Action fields by tile*).
FAMILIES: dict[str, Callable[[_Fields], Action]] = {
    "buy-resources": BuyResources.read,  # 01
    "buy-resources-discount": BuyResources.read,  # 02
    "build-floor": BuildFloor.read,  # 03
    "build-floor-premium": BuildFloor.read,  # 04
    "auction": Auction.read,  # 05
    "sell-resources": SellResources.read,  # 06
    "buy-warehouse": NoFields.read,  # 07
    "explore": ExploreLand.read,  # 08a
    "build-road": BuildRoad.read,  # 08b
    "buy-trees": BuyTrees.read,  # 09
    "plant-trees": PlantTrees.read,  # 10
    "new-resident": NewResident.read,  # 11
    "sell-house": SellHouse.read,  # 12
    "convert": Convert.read,  # 13
    "import": Import.read,  # 14
    "optimization": Optimization.read,  # 15
    "replanting": Replanting.read,  # 16
    "subsidy": NoFields.read,  # 17
    "forced-trade": ForcedTrade.read,  # 18
    "crowdfunding": Crowdfunding.read,  # 52P
    **{tile: AbilityTile.read for tile in ABILITY_TILES},  # 19-24, 51P, 53P
}


# --- The turn (*Turns*) ---------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Claim(Record):
    """What the table believed about one player after the turn: `money`, `vp`, either or
    both."""

    player: str
    money: int | None = None
    vp: int | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, player: str, value: object, at: At) -> Claim:
        f = _Fields(value, at, "a claim ({money, vp})")
        claim = _make(cls, player=player, money=f.integer("money"), vp=f.integer("vp"), keys=f.keys,
                    at=at)
        f.done("a claim")
        return claim

    def write(self) -> dict[str, Any]:
        return _write(self.keys, money=self.money, vp=self.vp)


SUDDEN_DEATH = ("start-tile", "stay")
BIG_TOWN = ("extra-block", "sudden-death")
BigTown = Literal["extra-block", "sudden-death"] | None


def _one_of(names: tuple[str, ...]) -> Callable[[object, At], str]:
    known = frozenset(names)

    def read(value: object, at: At) -> str:
        name = _text(value, at)
        if name not in known:
            raise UnreadableTurn(at, f"expected one of {', '.join(names)}, found '{name}'")
        return name
    return read


_read_big_town = _one_of(BIG_TOWN)
_read_sudden_death = _one_of(SUDDEN_DEATH)
_read_tile = _one_of(tuple(FAMILIES))


def _claims(value: object, at: At) -> tuple[Claim, ...]:
    if not isinstance(value, dict):
        raise UnreadableTurn(at, f"expected claims as a mapping, found {_kind(value)}")
    return tuple(Claim.read(player, v, at / player) for player, v in value.items())


@dataclass(frozen=True, kw_only=True)
class Step(Record):
    """What a turn and a Repeat Action both record ("a turn without `player`"): the tile
    chosen, its action's fields (`action`, the record of the tile's family), the decline, the
    time bought, the refills and Merchant cube drawn, the Repeat Actions taken after it.

    `excess`, `sudden_death`, `final_sale`, `claims` belong to the turn; the schema reads them
    in a Repeat Action too, and R-TURN-08 refuses them there, so they are kept here."""

    tile: str
    action: Action
    follow: bool | None = None  # a Repeat Action's is refused by R-A51P-06
    declined: bool | None = None
    buy_time: int | None = None
    refills: tuple[Cubes, ...] | None = None
    merchant: str | None = None
    excess: Entries[Cubes] | None = None  # {player: cubes}
    repeat: tuple[RepeatAction, ...] | None = None
    sudden_death: Entries[str] | None = None  # {player: start-tile or stay}
    final_sale: Sale | None = None
    claims: tuple[Claim, ...] | None = None  # {player: {money, vp}}
    note: str | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    def write(self) -> dict[str, Any]:
        """Back to the log's mapping: the log's key order, else that of docs/log-format.md,
        *Turns*."""
        player, big_town = ((self.player, self.big_town) if isinstance(self, Turn)
                            else (None, None))
        out = _write((), player=player, tile=self.tile, follow=self.follow)
        out |= self.action.write()
        out |= _write((), buy_time=self.buy_time, refills=self.refills,
                      merchant=self.merchant, excess=_dict(self.excess), repeat=self.repeat,
                      big_town=big_town, sudden_death=_dict(self.sudden_death),
                      final_sale=self.final_sale, declined=self.declined,
                      claims=None if self.claims is None else {c.player: c for c in self.claims},
                      note=self.note)
        return _ordered(out, self.keys)


@dataclass(frozen=True, kw_only=True)
class RepeatAction(Step):
    """One entry of a turn's `repeat`: a whole action (AMB-TURN-01 (a))."""


@dataclass(frozen=True, kw_only=True)
class Turn(Step):
    """One turn of `turns`: the player, the Big Town decision, and what a Repeat Action
    records too."""

    player: str
    big_town: Literal["extra-block", "sudden-death"] | None = None


def _read_step(f: _Fields, what: str) -> dict[str, Any]:
    """The fields of `Step`, read from the turn's or Repeat Action's mapping `f` (the fields
    written only: most of a turn's are left out)."""
    tile = f.data.get("tile")
    if type(tile) is str and tile in FAMILIES:  # the usual case, read without its place
        f.read.add("tile")
    else:
        tile = f.value("tile", _read_tile)
    if tile is None and _MAKING.get():
        tile = ""  # not chosen yet: the rules read it first (`NoFields` until it is)
    elif tile is None:
        raise UnreadableTurn(f.at / "tile", f"{what} must name its 'tile'")
    out: dict[str, Any] = {"tile": tile, "action": FAMILIES[tile](f) if tile
                           else NoFields(at=f.at), "keys": f.keys, "at": f.at}
    if len(f.keys) > len(f.read):  # a field around the action (most turns have none)
        for key in f.keys:
            reader = _STEP_FIELDS.get(key)
            if reader is not None:
                out[key] = f.value(key, reader)
    return out


_STEP_FIELDS: dict[str, Callable[[object, At], Any]] = {
    "follow": _flag, "declined": _flag, "buy_time": _integer,
    "refills": lambda v, at: _list(v, at, Cubes.read),
    MERCHANT_KEY: _cube,
    "excess": lambda v, at: _entries(v, at, Cubes.read),
    "repeat": lambda v, at: _list(v, at, _repeat_action),
    "sudden_death": lambda v, at: _entries(v, at, _read_sudden_death),
    "final_sale": lambda v, at: Sale.read_final(v, at),
    "claims": lambda v, at: _claims(v, at), "note": _text,
}  # the fields of `Step` around its action, by their log keys (`merchant` is MERCHANT_KEY)


def _repeat_action(value: object, at: At) -> RepeatAction:
    f = _Fields(value, at, "a Repeat Action")
    step = _make(RepeatAction, **_read_step(f, "a Repeat Action"))
    if len(f.read) != len(f.data):
        f.done(f"a Repeat Action of '{step.tile}'")
    return step


def parse_turn(data: object, path: Path | At) -> Turn:
    """The typed record of one turn of a log the schema accepted (`data`, at `path`, e.g.
    ("turns", 5)); UnreadableTurn for a shape the schema refuses."""
    at = path if isinstance(path, At) else At(tuple(path))
    f = _Fields(data, at, "a turn")
    player = f.text("player")
    if player is None:
        raise UnreadableTurn(at / "player", "a turn must name its 'player'")
    fields = _read_step(f, "a turn")
    fields["player"] = player
    if "big_town" in f.data:
        fields["big_town"] = f.value("big_town", _read_big_town)
    turn: Turn = object.__new__(Turn)
    turn.__dict__.update(fields)  # as `_make` makes it, from the fields read
    if len(f.read) != len(f.data):
        f.done(f"a '{turn.tile}' turn")
    return turn


# the random outcomes read as cubes (`Game.outcome`: a simulator's draw is read as the log's)
_CUBE_OUTCOMES = frozenset({"drawn", "random", "refills", "excess"})


def outcome_value(key: str, value: object, at: At) -> Any:
    """A random outcome drawn by a simulator (`Game.outcome`), read as the record reads the
    log's: cubes as `Cubes`, the others as they are."""
    if value is None or key not in _CUBE_OUTCOMES:
        return value
    return Cubes.read(value, at)


def parse_partial(data: dict[str, Any], path: Path | At, *, step: bool = False) -> Turn:
    """The record of a turn being made decision by decision (`grinivil_cli/choose`): what is
    decided so far, with its tile not chosen yet (""), a site bonus whose kind is chosen but
    not its value (PENDING), an element of a list begun (left out: the rules read a list when
    it is complete)."""
    token = _MAKING.set(True)
    try:
        if step:  # an action in the middle of a turn: read as a Repeat Action is
            at = path if isinstance(path, At) else At(tuple(path))
            return cast(Turn, _make(RepeatAction, **_read_step(_Fields(data, at, "an action"),
                                                        "an action")))
        return parse_turn(data, path)
    finally:
        _MAKING.reset(token)


def parse_turns(log: dict[str, Any]) -> list[Turn]:
    """Every turn of a log's data, each at ("turns", i)."""
    return [parse_turn(t, ("turns", i)) for i, t in enumerate(log.get("turns") or [])]


def write_turn(turn: Turn) -> dict[str, Any]:
    """The turn as the log writes it: `write_turn(parse_turn(d, path)) == d`, key order and
    forms included (see the package's docstring)."""
    return turn.write()
