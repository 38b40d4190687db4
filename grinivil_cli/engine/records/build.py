"""Records of *Building*: #03 Build Floor and #04 Build Floor (at a premium) (`BuildFloor`),
with the site bonus (`SiteBonus`) and the Associated Build Action (`Associated`).

One record per action family (*Action fields by tile*): each reads its fields from the turn's
(or Repeat Action's) own mapping: its `at` is that mapping's, and its keys are ordered with the
turn's (`Turn.keys`). See the package's docstring (`engine/records/__init__.py`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, cast

from .base import _MAKING, NOWHERE, PENDING, At, Record, UnreadableTurn, _make
from .fields import Cubes, _cube, _Fields, _kind, _text, _texts, _write
from .parts import Explore, RoadBonus, Sale

# --- Building: site bonus and associated build action ---------------------------------------


@dataclass(frozen=True, kw_only=True)
class BonusRandom(Record):
    """Resources bonus: `{random: cubes}`, the 2 cubes drawn."""

    KEY: ClassVar[str] = "random"
    cubes: Cubes
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusChoice(Record):
    """Resources bonus: `{choice: cube}`, the cube chosen."""

    KEY: ClassVar[str] = "choice"
    cube: str
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusPlant(Record):
    """Plant bonus: `{plant: [spots]}`."""

    KEY: ClassVar[str] = "plant"
    spots: tuple[str, ...]
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusRoad(Record):
    """Road bonus: `{road: R4}`."""

    KEY: ClassVar[str] = "road"
    road: str
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusExplore(Record):
    """Explore bonus: `{explore: {slot, land_tile, municipal_tokens}}`."""

    KEY: ClassVar[str] = "explore"
    explore: Explore
    at: At = field(default=NOWHERE, compare=False)


BonusChoiceRecord = BonusRandom | BonusChoice | BonusPlant | BonusRoad | BonusExplore


def _bonus_choice(key: str, value: object, at: At) -> BonusChoiceRecord:
    if value is PENDING and _MAKING.get():  # the kind of bonus chosen, its value not yet
        made = {"random": BonusRandom, "choice": BonusChoice, "plant": BonusPlant,
                "road": BonusRoad}[key]
        return cast(BonusChoiceRecord, made(**{f.name: value for f in dataclasses.fields(made)
                                               if f.name != "at"}, at=at))
    if key == "random":
        return _make(BonusRandom, cubes=Cubes.read(value, at), at=at)
    if key == "choice":
        return _make(BonusChoice, cube=_cube(value, at), at=at)
    if key == "plant":
        return _make(BonusPlant, spots=_texts(value, at), at=at)
    if key == "road":
        return _make(BonusRoad, road=_text(value, at), at=at)
    if key == "explore":
        return _make(BonusExplore, explore=Explore.read_spec(value, at), at=at)
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
class SiteBonus(Record):
    """`site_bonus` (*Building*): the word `repeat` or `declined`, or a mapping of choices
    (`choices`, in the log's order: one, unless the log breaks R-SBON-01 or R-SBON-03)."""

    word: Literal["repeat", "declined"] | None = None
    choices: tuple[BonusChoiceRecord, ...] = ()
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> SiteBonus:
        if value == "repeat":
            return _make(cls, word="repeat", at=at)
        if value == "declined":
            return _make(cls, word="declined", at=at)
        if not isinstance(value, dict):
            raise UnreadableTurn(at, "expected a site bonus: repeat, declined or a mapping "
                                 f"({{random: ...}}, {{plant: ...}}...), found {_kind(value)}")
        return _make(cls, choices=tuple(_bonus_choice(k, v, at / k) for k, v in value.items()),
                     at=at)

    def write(self) -> str | dict[str, Any]:
        if self.word is not None:
            return self.word
        return {c.KEY: _bonus_value(c) for c in self.choices}


@dataclass(frozen=True, kw_only=True)
class AdditionalFloor(Record):
    """`associated: {additional_floor: {cubes}}`: 25 G, one more floor (R-ABA-03)."""

    KEY: ClassVar[str] = "additional_floor"
    cubes: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    def write(self) -> dict[str, Any]:
        return _write((), cubes=self.cubes)


@dataclass(frozen=True, kw_only=True)
class ConnectedRoad(Record):
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
class AssociatedSale(Record):
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
        action: AssociatedAction = _make(AdditionalFloor, cubes=f.cubes("cubes"), at=at)
    elif key == "connected_road":
        f = _Fields(value, at, what)
        action = _make(ConnectedRoad, road=f.text("road"), road_bonus=f.value("road_bonus",
                               RoadBonus.read), keys=f.keys, at=at)
    elif key == "sell_house":
        f = _Fields(value, at, what)
        action = _make(AssociatedSale, sale=Sale.read(f, house=False), at=at)
    else:
        raise UnreadableTurn(at, f"'{key}' is not an Associated Build Action "
                             "(additional_floor, connected_road, sell_house)")
    f.done(what)
    return action


@dataclass(frozen=True, kw_only=True)
class Associated(Record):
    """`associated` (*Building*): the Associated Build Actions in the log's order (one, unless
    the log breaks R-ABA-02)."""

    actions: tuple[AssociatedAction, ...] = ()
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Associated:
        if not isinstance(value, dict):
            raise UnreadableTurn(at, f"expected associated as a mapping, found {_kind(value)}")
        return _make(cls, actions=tuple(_associated_action(k, v, at / k) for k, v in value.items()),
                   at=at)

    def write(self) -> dict[str, Any]:
        return {a.KEY: a.write() for a in self.actions}


@dataclass(frozen=True, kw_only=True)
class BuildFloor(Record):
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
        return _make(cls, site=f.text("site"), building=f.text("building"), cubes=f.cubes("cubes"),
                   site_bonus=f.value("site_bonus", SiteBonus.read),
                   associated=f.value("associated", Associated.read), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), site=self.site, building=self.building, cubes=self.cubes,
                      site_bonus=self.site_bonus, associated=self.associated)
