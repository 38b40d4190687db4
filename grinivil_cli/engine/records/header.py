"""Records of what a log says before its turns: the players (`Seat`), the variants (`Options`,
`Pick`), the setup (`Setup`), all three in `Header`. See the package's docstring
(`engine/records/__init__.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .base import NOWHERE, SETUP_AT, At, Record, UnreadableTurn, _make
from .fields import Cubes, Entries, _dict, _Fields, _kind, _list, _text, _texts, _write, _written

# --- The log's header: the players and the variants (*Setup*, *Game Variants*) ---------------


@dataclass(frozen=True, kw_only=True)
class Seat(Record):
    """One entry of `players`: a player's name and colour, in seating order (R-GEN-01 judges
    the colours, R-SETUP-14 orange)."""

    name: str
    colour: str
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Seat:
        f = _Fields(value, at, "a player")
        name, colour = f.text("name"), f.text("colour")
        f.done("a player")
        if name is None or colour is None:
            missing = "name" if name is None else "colour"
            raise UnreadableTurn(at, f"a player must have a '{missing}'")
        return _make(cls, name=name, colour=colour, at=at)

    def write(self) -> dict[str, Any]:
        return {"name": self.name, "colour": self.colour}


@dataclass(frozen=True, kw_only=True)
class Pick(Record):
    """One Personalized TAR pick: a player names a pink tile forced into the ring (`include`)
    or kept out of it (`exclude`); one of the two (R-VAR-PERS-01 judges a pick naming both or
    neither)."""

    player: str
    include: str | None = None
    exclude: str | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Pick:
        f = _Fields(value, at, "a Personalized TAR pick")
        player = f.text("player")
        pick = _make(cls, player=player, include=f.text("include"), exclude=f.text("exclude"),
                     keys=f.keys, at=at)
        f.done("a Personalized TAR pick")
        if player is None:
            raise UnreadableTurn(at, "a Personalized TAR pick must name its 'player'")
        return pick

    def write(self) -> dict[str, Any]:
        return _write(self.keys, player=self.player, include=self.include, exclude=self.exclude)


@dataclass(frozen=True, kw_only=True)
class Options(Record):
    """`options`: the variants played (the base game when the log leaves it out). The rules
    read them (the Quick and Long Games R-VAR-QUICK-01 / R-VAR-LONG-01, Big Town R-VAR-BIG-01,
    the Beginners Ring R-VAR-BEG-02, the Maximum Distance R-VAR-BEG-03, Personalized TAR
    R-VAR-PERS-01, the promo tiles R-SETUP-19); never changed after setup."""

    blocks: int = 0
    big_town: bool = False
    beginners_ring: bool = False
    ignore_max_distance: bool = False
    personalized_tar: tuple[Pick, ...] = ()
    promo_tiles: tuple[str, ...] = ()  # in the log's order (an error names its index)
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Options:
        if value is None:
            return _make(cls, at=at)
        f = _Fields(value, at, "the options")
        blocks, picks = f.integer("blocks"), f.value("personalized_tar", _picks)
        options = _make(cls, blocks=blocks or 0, big_town=bool(f.flag("big_town")),
                        beginners_ring=bool(f.flag("beginners_ring")),
                        ignore_max_distance=bool(f.flag("ignore_max_distance")),
                        personalized_tar=picks or (), promo_tiles=f.texts("promo_tiles") or (),
                        keys=f.keys, at=at)
        f.done("the options")
        return options

    @property
    def played(self) -> bool:
        """Whether the log names any option (a variant, or an option at its base value)."""
        return bool(self.keys)

    def write(self) -> dict[str, Any]:
        """The options as the log writes them: the keys it wrote, in its order."""
        return {k: _written(getattr(self, k)) for k in self.keys}


def _picks(value: object, at: At) -> tuple[Pick, ...]:
    return _list(value, at, Pick.read)


@dataclass(frozen=True, kw_only=True)
class Header(Record):
    """What a log says before its turns: the players (in seating order), the variants and the
    setup."""

    players: tuple[Seat, ...]
    options: Options
    setup: Setup
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, log: dict[str, Any]) -> Header:
        players = log.get("players")
        if not isinstance(players, list):
            raise UnreadableTurn(At(("players",)), f"expected the players as a list, found "
                                 f"{_kind(players)}")
        return _make(cls, players=_list(players, At(("players",)), Seat.read),
                     options=Options.read(log.get("options"), At(("options",))),
                     setup=Setup.read(log.get("setup")))


# --- The setup (*Setup*) -------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Setup(Record):
    """`setup`: what was placed and drawn before the first turn (the rules judge each: the
    Inner tiles R-SETUP-01, the Market R-SETUP-11, the Display R-SETUP-08, the residents dealt
    R-SETUP-15, the ring R-SETUP-18..21, the first Conversion Die roll R-VP-01)."""

    money: int | None = None
    inner_tiles: tuple[str, ...] | None = None
    municipal_tokens: Entries[str] | None = None
    market: Cubes | None = None
    display: tuple[str, ...] | None = None
    residents: Entries[tuple[str, ...]] | None = None  # {player: [card, card]}
    ring: tuple[str, ...] | None = None
    conversion_rate: int | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=SETUP_AT, compare=False)

    @classmethod
    def read(cls, value: object, at: At = SETUP_AT) -> Setup:
        f = _Fields({} if value is None else value, at, "the setup")
        setup = _make(cls, money=f.integer("money"), inner_tiles=f.texts("inner_tiles"),
                    municipal_tokens=f.entries("municipal_tokens", _text),
                    market=f.cubes("market"), display=f.texts("display"),
                    residents=f.entries("residents", _texts), ring=f.texts("ring"),
                    conversion_rate=f.integer("conversion_rate"), keys=f.keys, at=at)
        f.done("the setup")
        return setup

    def write(self) -> dict[str, Any]:
        return _write(self.keys, money=self.money, inner_tiles=self.inner_tiles,
                      municipal_tokens=_dict(self.municipal_tokens), market=self.market,
                      display=self.display,
                      residents=None if self.residents is None else {
                          e.key: list(e.value) for e in self.residents},
                      ring=self.ring, conversion_rate=self.conversion_rate)
