"""Typed moves: each turn of a log read once, after the schema check, into frozen records.

Issue 12, first step: the records, `parse_turn` and `write_turn`; the rules do not take them yet.
A reader with `docs/log-format.md` open finds here, in the order of its sections:

* `At`: where a value stands in the log, as a path (("turns", 5, "site"));
* the shared shapes: `Cubes` (a list of names or a mapping of counts), `Entry` (one entry of a
  `{name: value}` mapping: bids, pledges, municipal_tokens, features, accepted, ...);
* one record per action family (*Action fields by tile*), each with its `read` and `write`, then
  `FAMILIES`, the tile keys they serve; *Building*'s `SiteBonus` and `Associated`; the *Bonus
  Road Track*'s `RoadBonus`;
* `Turn` and `RepeatAction` (*Turns*): what a turn and a Repeat Action record around the action;
* `parse_turn` and `write_turn`.

Positions. Every record keeps `at`, the path of the mapping (or the value) it was read from;
a field's own path is its record's `at` followed by the field's log key:
`(build.at / "site").path == ("turns", 5, "site")`, the path `IllegalMove.path` takes, and an
entry of a list or mapping keeps its own `at` (`move.spots` -> `at / "spots" / 0`; an `Entry`;
a `Trade`). The file, line and column are `Loaded.position(path)` (`At.position`): a path is
enough, and a record made without a log (by hand, by the simulator) has the empty path.

Absence. An optional field left out is `None`, never a default (*Optional fields: what absence
means*: `roll_first` absent means "rolled after", and that is the rules' to know). Every field of
an action is optional here: a `declined` turn records none, and a field the rules require is
judged by the rules (an IncompleteRecord at `at / key`), not by this module.

Shapes. `parse_turn` reads a turn the schema accepted. A shape the schema would refuse (a wrong
type, an unknown key, a field of another tile) raises `UnreadableTurn`, a LogFormatError naming
the path; what the schema reads and the rules judge (two site bonuses, both `refill` and
`give`, a roll of 9...) is read as written, for the rules to judge.

The round trip is exact: `write_turn(parse_turn(d, path)) == d` for every turn of every bundled
log, with the same key order and the same types, so the YAML text is the same. Nothing is
normalised; to keep it so, the records keep the form the log used:

* cubes written as a list keep the list (`Cubes.listed`, in the log's order), cubes written as
  counts keep the keys written, zero counts included (`Cubes.keys`);
* every mapping keeps the order its keys were written in (`keys`; a `Turn`'s keys include its
  action's fields); `{name: value}` mappings are tuples of `Entry` in the log's order;
* a site bonus or associated action mapping with several keys keeps all of them, in order.

Equality. `at`, `keys` and `Cubes.listed` are compare=False: two records of the same move are
equal wherever and however they were written. A record made by hand has no `keys`: it is
written in the order of docs/log-format.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, TypeVar, cast

from ..edition.model import RESOURCES
from ..errors import LogFormatError, Path, Position, Problem
from ..logfile.loaded import Loaded
from .abilities import MERCHANT_KEY
from .tiles import ABILITY_TILES

T = TypeVar("T")
V = TypeVar("V")


# --- Where a value stands -------------------------------------------------------------------


@dataclass(frozen=True)
class At:
    """A value's place in the log: its path from the top of the document, as `IllegalMove.path`
    takes it (("turns", 5, "repeat", 0, "site")). Positions come from the Loaded document."""

    path: Path = ()

    def __truediv__(self, key: str | int) -> At:
        """The path of a field (a log key) or an element (an index) inside this value."""
        return At((*self.path, key))

    def position(self, loaded: Loaded) -> Position | None:
        """file:line:col of the value (of its nearest parent when it is not in the log)."""
        return loaded.position(self.path)


NOWHERE = At()  # a record made without a log


class UnreadableTurn(LogFormatError):
    """A turn of a shape the records cannot read (the schema refuses it: exit 2)."""

    def __init__(self, at: At, message: str) -> None:
        super().__init__([Problem(message, None, at.path)])
        self.path = at.path


# --- Cubes and {name: value} entries ---------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Cubes:
    """Resource Cubes, written as a list (`[wood, wood, steel]`) or as counts (`{wood: 2,
    steel: 1}`): the counts, and the form written (`listed`: the names in the log's order, or
    None for counts; `keys`: the count keys written, zeros included). `counts()` is
    `game.cube_counts`, `as_list()` `game.cube_list`."""

    concrete: int = 0
    wood: int = 0
    steel: int = 0
    listed: tuple[str, ...] | None = field(default=None, compare=False)
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    def __post_init__(self) -> None:
        if self.listed is not None and self.listed_counts(self.listed) != self.counts():
            raise ValueError(f"cubes listed as {list(self.listed)} are not {self.counts()}")

    @staticmethod
    def listed_counts(names: Iterable[str]) -> dict[str, int]:
        counts = dict.fromkeys(RESOURCES, 0)
        for name in names:
            counts[name] += 1
        return counts

    @classmethod
    def of(cls, names: Iterable[str], at: At = NOWHERE) -> Cubes:
        """Cubes written as a list of names."""
        listed = tuple(names)
        counts = cls.listed_counts(listed)
        return cls(concrete=counts["concrete"], wood=counts["wood"], steel=counts["steel"],
                   listed=listed, at=at)

    def counts(self) -> dict[str, int]:
        return {"concrete": self.concrete, "wood": self.wood, "steel": self.steel}

    def as_list(self) -> list[str]:
        if self.listed is not None:
            return list(self.listed)
        return [r for r, n in self.counts().items() for _ in range(n)]

    def total(self) -> int:
        return self.concrete + self.wood + self.steel

    @classmethod
    def read(cls, value: object, at: At) -> Cubes:
        if isinstance(value, list):
            return cls.of((_cube(v, at / i) for i, v in enumerate(value)), at)
        f = _Fields(value, at, "cubes (a list of names or a mapping of counts)")
        concrete, wood, steel = f.integer("concrete"), f.integer("wood"), f.integer("steel")
        f.done("cube counts")
        return cls(concrete=concrete or 0, wood=wood or 0, steel=steel or 0, keys=f.keys,
                   at=at)

    def write(self) -> list[str] | dict[str, int]:
        if self.listed is not None:
            return list(self.listed)
        counts = self.counts()
        written = {r: counts[r] for r in self.keys}
        return _ordered({r: n for r, n in counts.items() if n or r in written}, self.keys)


@dataclass(frozen=True)
class Entry(Generic[V]):
    """One entry of a `{name: value}` mapping (bids, pledges, accepted, excess, sudden_death,
    municipal_tokens, features): its key, its value and the value's place."""

    key: str
    value: V
    at: At = field(default=NOWHERE, compare=False)


Entries = tuple[Entry[V], ...]


def value_of(entries: Entries[V] | None, key: str) -> V | None:
    """The value of `key` in a mapping read as entries; None when it is not there."""
    return next((e.value for e in entries or () if e.key == key), None)


# --- Reading and writing the fields of one mapping ------------------------------------------


class _Fields:
    """A mapping of the log being read into a record: each field read once, with its path;
    `done` refuses the keys nobody read (the schema's `additionalProperties: false`)."""

    def __init__(self, data: object, at: At, what: str) -> None:
        if not isinstance(data, dict):
            raise UnreadableTurn(at, f"expected {what} as a mapping, found {_kind(data)}")
        self.data: dict[str, Any] = data
        self.at = at
        self.keys: tuple[str, ...] = tuple(data)
        self.unread = dict.fromkeys(data)

    def value(self, key: str, read: Callable[[object, At], T]) -> T | None:
        """The field read by `read`, or None when the log leaves it out."""
        self.unread.pop(key, None)
        if key not in self.data:
            return None
        return read(self.data[key], self.at / key)

    def text(self, key: str) -> str | None:
        return self.value(key, _text)

    def integer(self, key: str) -> int | None:
        return self.value(key, _integer)

    def flag(self, key: str) -> bool | None:
        return self.value(key, _flag)

    def texts(self, key: str) -> tuple[str, ...] | None:
        return self.value(key, _texts)

    def cubes(self, key: str) -> Cubes | None:
        return self.value(key, Cubes.read)

    def entries(self, key: str, read: Callable[[object, At], V]) -> Entries[V] | None:
        return self.value(key, lambda data, at: _entries(data, at, read))

    def done(self, what: str) -> None:
        if self.unread:
            key = next(iter(self.unread))
            raise UnreadableTurn(self.at / key, f"'{key}' is not a field of {what}")


def _kind(value: object) -> str:
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a number",
            float: "a number", type(None): "nothing"}.get(type(value), type(value).__name__)


def _text(value: object, at: At) -> str:
    if not isinstance(value, str):
        raise UnreadableTurn(at, f"expected text, found {_kind(value)}")
    return value


def _integer(value: object, at: At) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise UnreadableTurn(at, f"expected a whole number, found {_kind(value)}")
    return value


def _flag(value: object, at: At) -> bool:
    if not isinstance(value, bool):
        raise UnreadableTurn(at, f"expected true or false, found {_kind(value)}")
    return value


def _cube(value: object, at: At) -> str:
    name = _text(value, at)
    if name not in RESOURCES:
        raise UnreadableTurn(at, f"expected a cube ({', '.join(RESOURCES)}), found '{name}'")
    return name


def _list(value: object, at: At, read: Callable[[object, At], T]) -> tuple[T, ...]:
    if not isinstance(value, list):
        raise UnreadableTurn(at, f"expected a list, found {_kind(value)}")
    return tuple(read(v, at / i) for i, v in enumerate(value))


def _texts(value: object, at: At) -> tuple[str, ...]:
    return _list(value, at, _text)


def _entries(value: object, at: At, read: Callable[[object, At], V]) -> Entries[V]:
    if not isinstance(value, dict):
        raise UnreadableTurn(at, f"expected a mapping, found {_kind(value)}")
    return tuple(Entry(k, read(v, at / k), at / k) for k, v in value.items())


def _ordered(out: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """`out` with the keys the log wrote first, in its order, then the others as they are."""
    first = {k: out[k] for k in keys if k in out}
    return first | {k: v for k, v in out.items() if k not in first}


def _mapping(**fields: Any) -> dict[str, Any]:
    """The fields given that are not None (absent in the log), in the order given."""
    return {k: v for k, v in fields.items() if v is not None}


def _written(value: Any) -> Any:
    """A field's value as the log writes it: a tuple as a list, a record by its `write`."""
    if isinstance(value, tuple):
        return [_written(v) for v in value]
    if isinstance(value, dict):
        return {k: _written(v) for k, v in value.items()}
    write = getattr(value, "write", None)
    return write() if callable(write) else value


def _dict(entries: Entries[Any] | None) -> dict[str, Any] | None:
    """Entries back to their `{name: value}` mapping (an empty one stays `{}`)."""
    return None if entries is None else {e.key: e.value for e in entries}


def _write(keys: tuple[str, ...], **fields: Any) -> dict[str, Any]:
    """The fields given that are present (not None), as the log writes them, in the order
    given but with the log's own keys (`keys`) first, in its order."""
    return _ordered({k: _written(v) for k, v in _mapping(**fields).items()}, keys)


# --- Shared parts of actions ----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Explore:
    """#08a `explore` (and the `explore` of a site bonus or a Bonus Road Track space): the slot,
    the land tile drawn, the Building Tokens drawn for its Municipal sites ({site: building})."""

    slot: str | None = None
    land_tile: str | None = None
    municipal_tokens: Entries[str] | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Explore:
        return cls(slot=f.text("slot"), land_tile=f.text("land_tile"),
                   municipal_tokens=f.entries("municipal_tokens", _text), keys=f.keys, at=f.at)

    @classmethod
    def read_spec(cls, value: object, at: At) -> Explore:
        """A nested exploration (`{slot, land_tile, municipal_tokens}`)."""
        f = _Fields(value, at, "an exploration")
        spec = cls.read(f)
        f.done("an exploration")
        return spec

    def write(self) -> dict[str, Any]:
        return _write(self.keys, slot=self.slot, land_tile=self.land_tile,
                      municipal_tokens=_dict(self.municipal_tokens))


@dataclass(frozen=True, kw_only=True)
class RoadBonus:
    """`road_bonus` (*Bonus Road Track*): `declined` (the word: all rewards declined), or the
    rewards that need a decision: `explore` and `repeat`."""

    declined: bool = False
    explore: Explore | None = None
    repeat: bool | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> RoadBonus:
        if value == "declined":
            return cls(declined=True, at=at)
        f = _Fields(value, at, "a road bonus ('declined' or {explore, repeat})")
        bonus = cls(explore=f.value("explore", Explore.read_spec), repeat=f.flag("repeat"),
                    keys=f.keys, at=at)
        f.done("a road bonus")
        return bonus

    def write(self) -> str | dict[str, Any]:
        if self.declined:
            return "declined"
        return _write(self.keys, explore=self.explore, repeat=self.repeat)


@dataclass(frozen=True, kw_only=True)
class Sale:
    """A House sold: `sell-house` (#12), `final_sale`, `associated.sell_house`. `house` is
    None in an associated sale (the House just built); `features`: {building: site}."""

    house: str | None = None
    resident: str | None = None
    features: Entries[str] | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields, *, house: bool = True) -> Sale:
        return cls(house=f.text("house") if house else None, resident=f.text("resident"),
                   features=f.entries("features", _text), keys=f.keys, at=f.at)

    @classmethod
    def read_final(cls, value: object, at: At) -> Sale:
        f = _Fields(value, at, "a final sale")
        sale = cls.read(f)
        f.done("a final sale")
        return sale

    def write(self) -> dict[str, Any]:
        return _write(self.keys, house=self.house, resident=self.resident,
                      features=_dict(self.features))


# --- Building: site bonus and associated build action ---------------------------------------


@dataclass(frozen=True, kw_only=True)
class BonusRandom:
    """Resources bonus: `{random: cubes}`, the 2 cubes drawn."""

    KEY: ClassVar[str] = "random"
    cubes: Cubes
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusChoice:
    """Resources bonus: `{choice: cube}`, the cube chosen."""

    KEY: ClassVar[str] = "choice"
    cube: str
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusPlant:
    """Plant bonus: `{plant: [spots]}`."""

    KEY: ClassVar[str] = "plant"
    spots: tuple[str, ...]
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusRoad:
    """Road bonus: `{road: R4}`."""

    KEY: ClassVar[str] = "road"
    road: str
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusExplore:
    """Explore bonus: `{explore: {slot, land_tile, municipal_tokens}}`."""

    KEY: ClassVar[str] = "explore"
    explore: Explore
    at: At = field(default=NOWHERE, compare=False)


BonusChoiceRecord = BonusRandom | BonusChoice | BonusPlant | BonusRoad | BonusExplore


def _bonus_choice(key: str, value: object, at: At) -> BonusChoiceRecord:
    if key == "random":
        return BonusRandom(cubes=Cubes.read(value, at), at=at)
    if key == "choice":
        return BonusChoice(cube=_cube(value, at), at=at)
    if key == "plant":
        return BonusPlant(spots=_texts(value, at), at=at)
    if key == "road":
        return BonusRoad(road=_text(value, at), at=at)
    if key == "explore":
        return BonusExplore(explore=Explore.read_spec(value, at), at=at)
    raise UnreadableTurn(at, f"'{key}' is not a site bonus choice (random, choice, plant, "
                         "road, explore)")


def _bonus_value(choice: BonusChoiceRecord) -> Any:
    if isinstance(choice, BonusRandom):
        return choice.cubes.write()
    if isinstance(choice, BonusChoice):
        return choice.cube
    if isinstance(choice, BonusPlant):
        return list(choice.spots)
    if isinstance(choice, BonusRoad):
        return choice.road
    return choice.explore.write()


@dataclass(frozen=True, kw_only=True)
class SiteBonus:
    """`site_bonus` (*Building*): the word `repeat` or `declined`, or a mapping of choices
    (`choices`, in the log's order: one, unless the log breaks R-SBON-01 or R-SBON-03)."""

    word: Literal["repeat", "declined"] | None = None
    choices: tuple[BonusChoiceRecord, ...] = ()
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> SiteBonus:
        if value == "repeat":
            return cls(word="repeat", at=at)
        if value == "declined":
            return cls(word="declined", at=at)
        if not isinstance(value, dict):
            raise UnreadableTurn(at, "expected a site bonus: repeat, declined or a mapping "
                                 f"({{random: ...}}, {{plant: ...}}...), found {_kind(value)}")
        return cls(choices=tuple(_bonus_choice(k, v, at / k) for k, v in value.items()), at=at)

    def write(self) -> str | dict[str, Any]:
        if self.word is not None:
            return self.word
        return {c.KEY: _bonus_value(c) for c in self.choices}


@dataclass(frozen=True, kw_only=True)
class AdditionalFloor:
    """`associated: {additional_floor: {cubes}}`: 25 G, one more floor (R-ABA-03)."""

    KEY: ClassVar[str] = "additional_floor"
    cubes: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    def write(self) -> dict[str, Any]:
        return _write((), cubes=self.cubes)


@dataclass(frozen=True, kw_only=True)
class ConnectedRoad:
    """`associated: {connected_road: {road, road_bonus}}`: 10 G + 2 concrete (R-ABA-04);
    `road` absent: the site's own Construction Road (AMB-ABA-02)."""

    KEY: ClassVar[str] = "connected_road"
    road: str | None = None
    road_bonus: RoadBonus | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    def write(self) -> dict[str, Any]:
        return _write(self.keys, road=self.road, road_bonus=self.road_bonus)


@dataclass(frozen=True, kw_only=True)
class AssociatedSale:
    """`associated: {sell_house: {resident, features}}`: 15 G, the House just built is sold
    (R-ABA-05)."""

    KEY: ClassVar[str] = "sell_house"
    sale: Sale
    at: At = field(default=NOWHERE, compare=False)

    def write(self) -> dict[str, Any]:
        return self.sale.write()


AssociatedAction = AdditionalFloor | ConnectedRoad | AssociatedSale


def _associated_action(key: str, value: object, at: At) -> AssociatedAction:
    what = f"an associated '{key}'"
    if key == "additional_floor":
        f = _Fields(value, at, what)
        action: AssociatedAction = AdditionalFloor(cubes=f.cubes("cubes"), at=at)
    elif key == "connected_road":
        f = _Fields(value, at, what)
        action = ConnectedRoad(road=f.text("road"), road_bonus=f.value("road_bonus",
                               RoadBonus.read), keys=f.keys, at=at)
    elif key == "sell_house":
        f = _Fields(value, at, what)
        action = AssociatedSale(sale=Sale.read(f, house=False), at=at)
    else:
        raise UnreadableTurn(at, f"'{key}' is not an Associated Build Action "
                             "(additional_floor, connected_road, sell_house)")
    f.done(what)
    return action


@dataclass(frozen=True, kw_only=True)
class Associated:
    """`associated` (*Building*): the Associated Build Actions in the log's order (one, unless
    the log breaks R-ABA-02)."""

    actions: tuple[AssociatedAction, ...] = ()
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Associated:
        if not isinstance(value, dict):
            raise UnreadableTurn(at, f"expected associated as a mapping, found {_kind(value)}")
        return cls(actions=tuple(_associated_action(k, v, at / k) for k, v in value.items()),
                   at=at)

    def write(self) -> dict[str, Any]:
        return {a.KEY: a.write() for a in self.actions}


# --- One record per action family (*Action fields by tile*) ---------------------------------
#
# Each reads its fields from the turn's (or Repeat Action's) own mapping: its `at` is that
# mapping's, and its keys are ordered with the turn's (`Turn.keys`).


@dataclass(frozen=True, kw_only=True)
class BuyResources:
    """#01 `buy-resources`, #02 `buy-resources-discount`: `cubes`, from the top of each Market
    section."""

    cubes: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> BuyResources:
        return cls(cubes=f.cubes("cubes"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), cubes=self.cubes)


@dataclass(frozen=True, kw_only=True)
class BuildFloor:
    """#03 `build-floor`, #04 `build-floor-premium` (*Building*): the site, the Building Token
    (first floor only), the cubes (when Architect or Builder leave a choice), the site bonus
    choice, the Associated Build Action."""

    site: str | None = None
    building: str | None = None
    cubes: Cubes | None = None
    site_bonus: SiteBonus | None = None
    associated: Associated | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> BuildFloor:
        return cls(site=f.text("site"), building=f.text("building"), cubes=f.cubes("cubes"),
                   site_bonus=f.value("site_bonus", SiteBonus.read),
                   associated=f.value("associated", Associated.read), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), site=self.site, building=self.building, cubes=self.cubes,
                      site_bonus=self.site_bonus, associated=self.associated)


@dataclass(frozen=True, kw_only=True)
class Auction:
    """#05 `auction`: the 5 cubes `drawn`, the `bids` ({player: amount}; absent: every hand
    empty). A declined Auction still records both (R-TAR-12)."""

    drawn: Cubes | None = None
    bids: Entries[int] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Auction:
        return cls(drawn=f.cubes("drawn"), bids=f.entries("bids", _integer), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), drawn=self.drawn, bids=_dict(self.bids))


@dataclass(frozen=True, kw_only=True)
class SellResources:
    """#06 `sell-resources`: `cubes`."""

    cubes: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> SellResources:
        return cls(cubes=f.cubes("cubes"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), cubes=self.cubes)


@dataclass(frozen=True, kw_only=True)
class NoFields:
    """#07 `buy-warehouse`, #17 `subsidy`: the action has no fields."""

    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> NoFields:
        return cls(at=f.at)

    def write(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, kw_only=True)
class AbilityTile:
    """#19-#24 (`architect`, `engineer`, `builder`, `ecologist`, `banker`, `merchant`), #51P
    `follower`, #53P `manager`: a Worker is placed; no fields."""

    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> AbilityTile:
        return cls(at=f.at)

    def write(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, kw_only=True)
class ExploreLand:
    """#08a `explore`: `slot`, `land_tile`, `municipal_tokens` (`explore`, the same shape as
    a bonus's exploration; read from the turn's mapping, its `keys` are the turn's)."""

    explore: Explore
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> ExploreLand:
        return cls(explore=Explore.read(f), at=f.at)

    def write(self) -> dict[str, Any]:
        return self.explore.write()


@dataclass(frozen=True, kw_only=True)
class BuildRoad:
    """#08b `build-road`: `road`, `road_bonus` (*Bonus Road Track*)."""

    road: str | None = None
    road_bonus: RoadBonus | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> BuildRoad:
        return cls(road=f.text("road"), road_bonus=f.value("road_bonus", RoadBonus.read),
                   at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), road=self.road, road_bonus=self.road_bonus)


@dataclass(frozen=True, kw_only=True)
class BuyTrees:
    """#09 `buy-trees`: `trees`, how many."""

    trees: int | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> BuyTrees:
        return cls(trees=f.integer("trees"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), trees=self.trees)


@dataclass(frozen=True, kw_only=True)
class PlantTrees:
    """#10 `plant-trees`: `spots`, the planting spots."""

    spots: tuple[str, ...] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> PlantTrees:
        return cls(spots=f.texts("spots"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), spots=self.spots)


@dataclass(frozen=True, kw_only=True)
class NewResident:
    """#11 `new-resident`: `take` (a display card), then `refill` (the card drawn to the
    display) or `give` (a portfolio card, 10 G)."""

    take: str | None = None
    refill: str | None = None
    give: str | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> NewResident:
        return cls(take=f.text("take"), refill=f.text("refill"), give=f.text("give"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), take=self.take, refill=self.refill, give=self.give)


@dataclass(frozen=True, kw_only=True)
class SellHouse:
    """#12 `sell-house`: `house` (site), `resident`, `features` ({building: site}) (`sale`,
    the shape of every sale; read from the turn's mapping, its `keys` are the turn's)."""

    sale: Sale
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> SellHouse:
        return cls(sale=Sale.read(f), at=f.at)

    def write(self) -> dict[str, Any]:
        return self.sale.write()


@dataclass(frozen=True, kw_only=True)
class Convert:
    """#13 `convert`: `vp_to_money` or `money_to_vp` (1-5), `roll` (the new rate), `roll_first`
    (absent: rolled after converting, R-VP-03)."""

    vp_to_money: int | None = None
    money_to_vp: int | None = None
    roll: int | None = None
    roll_first: bool | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Convert:
        return cls(vp_to_money=f.integer("vp_to_money"), money_to_vp=f.integer("money_to_vp"),
                   roll=f.integer("roll"), roll_first=f.flag("roll_first"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), vp_to_money=self.vp_to_money, money_to_vp=self.money_to_vp,
                      roll=self.roll, roll_first=self.roll_first)


IMPORT_ITEMS = ("tree", *RESOURCES)


def _import_item(value: object, at: At) -> str:
    item = _text(value, at)
    if item not in IMPORT_ITEMS:
        raise UnreadableTurn(at, f"expected an import item ({', '.join(IMPORT_ITEMS)}), "
                             f"found '{item}'")
    return item


@dataclass(frozen=True, kw_only=True)
class Import:
    """#14 `import`: `roll` (the D6 face), `items` (of `tree`, `concrete`, `wood`, `steel`)."""

    roll: int | None = None
    items: tuple[str, ...] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Import:
        return cls(roll=f.integer("roll"),
                   items=f.value("items", lambda v, at: _list(v, at, _import_item)), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), roll=self.roll, items=self.items)


@dataclass(frozen=True, kw_only=True)
class Optimization:
    """#15 `optimization`: `choice` (a cube), `random` (one cube per Small Warehouse)."""

    choice: str | None = None
    random: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Optimization:
        return cls(choice=f.value("choice", _cube), random=f.cubes("random"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), choice=self.choice, random=self.random)


@dataclass(frozen=True, kw_only=True)
class TreeMove:
    """One move of #16: `{from: spot or supply, to: spot}` (`from_`: `from` is a keyword)."""

    from_: str
    to: str
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> TreeMove:
        f = _Fields(value, at, "a tree moved ({from, to})")
        source, to = f.text("from"), f.text("to")
        f.done("a tree moved")
        if source is None or to is None:
            raise UnreadableTurn(at, "a tree moved needs 'from' and 'to'")
        return cls(from_=source, to=to, keys=f.keys, at=at)

    def write(self) -> dict[str, Any]:
        return _ordered({"from": self.from_, "to": self.to}, self.keys)


@dataclass(frozen=True, kw_only=True)
class Replanting:
    """#16 `replanting`: `moves`."""

    moves: tuple[TreeMove, ...] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Replanting:
        return cls(moves=f.value("moves", lambda v, at: _list(v, at, TreeMove.read)), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), moves=self.moves)


@dataclass(frozen=True, kw_only=True)
class Trade:
    """One trade of #18: `{with: player, give: cube, get: cube}` (`with_`: a keyword)."""

    with_: str
    give: str
    get: str
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Trade:
        f = _Fields(value, at, "a trade ({with, give, get})")
        partner, give, get = f.text("with"), f.value("give", _cube), f.value("get", _cube)
        f.done("a trade")
        if partner is None or give is None or get is None:
            raise UnreadableTurn(at, "a trade needs 'with', 'give' and 'get'")
        return cls(with_=partner, give=give, get=get, keys=f.keys, at=at)

    def write(self) -> dict[str, Any]:
        return _ordered({"with": self.with_, "give": self.give, "get": self.get}, self.keys)


@dataclass(frozen=True, kw_only=True)
class ForcedTrade:
    """#18 `forced-trade`: `trades`, `accepted` ({player: true}; absent: they accepted)."""

    trades: tuple[Trade, ...] | None = None
    accepted: Entries[bool] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> ForcedTrade:
        return cls(trades=f.value("trades", lambda v, at: _list(v, at, Trade.read)),
                   accepted=f.entries("accepted", _flag), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), trades=self.trades, accepted=_dict(self.accepted))


@dataclass(frozen=True, kw_only=True)
class Crowdfunding:
    """#52P `crowdfunding`: `site`, `building`, `pledges` ({player: amount}), `roll` (the D6,
    when the Municipality joins)."""

    site: str | None = None
    building: str | None = None
    pledges: Entries[int] | None = None
    roll: int | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Crowdfunding:
        return cls(site=f.text("site"), building=f.text("building"),
                   pledges=f.entries("pledges", _integer), roll=f.integer("roll"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), site=self.site, building=self.building, pledges=_dict(self.pledges),
                      roll=self.roll)


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
class Claim:
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
        claim = cls(player=player, money=f.integer("money"), vp=f.integer("vp"), keys=f.keys,
                    at=at)
        f.done("a claim")
        return claim

    def write(self) -> dict[str, Any]:
        return _write(self.keys, money=self.money, vp=self.vp)


SUDDEN_DEATH = ("start-tile", "stay")
BIG_TOWN = ("extra-block", "sudden-death")


def _one_of(names: tuple[str, ...]) -> Callable[[object, At], str]:
    def read(value: object, at: At) -> str:
        name = _text(value, at)
        if name not in names:
            raise UnreadableTurn(at, f"expected one of {', '.join(names)}, found '{name}'")
        return name
    return read


def _claims(value: object, at: At) -> tuple[Claim, ...]:
    if not isinstance(value, dict):
        raise UnreadableTurn(at, f"expected claims as a mapping, found {_kind(value)}")
    return tuple(Claim.read(player, v, at / player) for player, v in value.items())


@dataclass(frozen=True, kw_only=True)
class Step:
    """What a turn and a Repeat Action both record ("a turn without `player`"): the tile
    chosen, its action's fields (`action`, the record of the tile's family), the decline, the
    time bought, the refills and Merchant cube drawn, the Repeat Actions taken after it.

    `excess`, `sudden_death`, `final_sale`, `claims` belong to the turn; the schema reads them
    in a Repeat Action too, and R-TURN-08 refuses them there, so they are kept here."""

    tile: str
    action: Action
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
        player, follow, big_town = ((self.player, self.follow, self.big_town)
                                    if isinstance(self, Turn) else (None, None, None))
        out = _write((), player=player, tile=self.tile, follow=follow)
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
    """One turn of `turns`: the player, whether the action follows (#51P), the Big Town
    decision, and what a Repeat Action records too."""

    player: str
    follow: bool | None = None
    big_town: Literal["extra-block", "sudden-death"] | None = None


def _read_step(f: _Fields, what: str) -> dict[str, Any]:
    """The fields of `Step`, read from the turn's or Repeat Action's mapping `f`."""
    tile = f.value("tile", _one_of(tuple(FAMILIES)))
    if tile is None:
        raise UnreadableTurn(f.at / "tile", f"{what} must name its 'tile'")
    return {
        "tile": tile, "action": FAMILIES[tile](f),
        "declined": f.flag("declined"), "buy_time": f.integer("buy_time"),
        "refills": f.value("refills", lambda v, at: _list(v, at, Cubes.read)),
        MERCHANT_KEY: f.value(MERCHANT_KEY, _cube),
        "excess": f.entries("excess", Cubes.read),
        "repeat": f.value("repeat", lambda v, at: _list(v, at, _repeat_action)),
        "sudden_death": f.entries("sudden_death", _one_of(SUDDEN_DEATH)),
        "final_sale": f.value("final_sale", Sale.read_final),
        "claims": f.value("claims", _claims), "note": f.text("note"),
        "keys": f.keys, "at": f.at,
    }


def _repeat_action(value: object, at: At) -> RepeatAction:
    f = _Fields(value, at, "a Repeat Action")
    step = RepeatAction(**_read_step(f, "a Repeat Action"))
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
    turn = Turn(player=player, follow=f.flag("follow"),
                big_town=cast(Literal["extra-block", "sudden-death"] | None,
                              f.value("big_town", _one_of(BIG_TOWN))),
                **_read_step(f, "a turn"))
    f.done(f"a '{turn.tile}' turn")
    return turn


def parse_turns(log: dict[str, Any]) -> list[Turn]:
    """Every turn of a log's data, each at ("turns", i)."""
    return [parse_turn(t, ("turns", i)) for i, t in enumerate(log.get("turns") or [])]


def write_turn(turn: Turn) -> dict[str, Any]:
    """The turn as the log writes it: `write_turn(parse_turn(d, path)) == d`, key order and
    forms included (see the module's docstring)."""
    return turn.write()
