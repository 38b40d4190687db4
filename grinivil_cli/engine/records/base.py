"""Records: what every record of the log is, and how the rules read one being made.

`At` (where a value stands in the log), `UnreadableTurn`, the `Sentinel` values of a decision
being made (`PENDING`), `Record` (its place and the log key of each field), the probe's view of
a record (`probed`, `probe_of`, `unprobed`, `refresh`), and `_make`, the fast maker of a record
read from the log (with `_MAKING`, set while a turn being made is read). See the package's
docstring (`engine/records/__init__.py`).
"""

from __future__ import annotations

import dataclasses
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar, cast

from ...errors import LogFormatError, Path, Position, Problem
from ...logfile.loaded import Loaded

R = TypeVar("R", bound="Record")
M = TypeVar("M")
_SET = object.__setattr__  # what a frozen record's own __setattr__ refuses, for its makers


# --- Where a value stands -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class At:
    """A value's place in the log: its path from the top of the document, as `IllegalMove.path`
    takes it (("turns", 5, "repeat", 0, "site")). Positions come from the Loaded document.
    Light: a record keeps one for each of its values."""

    path: Path = ()

    def __truediv__(self, key: str | int) -> At:
        """The place of a field (a log key) or an element (an index) inside this value."""
        made = object.__new__(At)
        _SET(made, "path", (*self.path, key))  # At((*self.path, key)), made faster
        return made

    def __call__(self, *keys: str | int) -> Path:
        """The path of a field or element inside this value, as an IllegalMove takes it:
        `move.at("site")`, `move.at("bids", name)`, `move.at()` (the value's own)."""
        return (*self.path, *keys)

    def position(self, loaded: Loaded) -> Position | None:
        """file:line:col of the value (of its nearest parent when it is not in the log)."""
        return loaded.position(self.path)


NOWHERE = At()  # a record made without a log
SETUP_AT = At(("setup",))


class UnreadableTurn(LogFormatError):
    """A turn of a shape the records cannot read (the schema refuses it: exit 2)."""

    def __init__(self, at: At, message: str) -> None:
        super().__init__([Problem(message, None, at.path)])
        self.path = at.path


# --- What every record is: its place, its fields, read by the rules -------------------------


class Sentinel:
    """A value of a decision being made that is not a value of the log (`grinivil_cli/choose`)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name

    def __reduce__(self) -> str:
        return self.name


PENDING = Sentinel("PENDING")  # a part of an option decided by a later decision


class FieldProbe(Protocol):
    """What a record being made decision by decision asks before the rules read one of its
    fields (`choose.Probe`): `path`, the field's (with `item`, an entry of it)."""

    def read(self, path: Path, key: str, item: str | int | None = None, *,
             outcome: bool = False) -> bool:
        """Raises to stop the rules; True when the field is settled (decided, left out, or no
        decision at all): a later read of it need not ask again."""
        ...


class Record:
    """A record of the log: its place `at` (`move.at("site")` is the path of its field
    `site`), and the log key of each of its fields (`log_keys`).

    The rules read records as they are. A record being made decision by decision is read
    through `probed`: the same record, whose every field read first asks the probe, which
    stops the rules at the first field not decided yet."""

    __slots__ = ()
    at: At
    # fields that are not log keys of the record's own mapping: its place and written form,
    # the parts of a value (a site bonus's choices), an action read from the same mapping
    NOT_READ: ClassVar[frozenset[str]] = frozenset({"at", "keys", "listed", "action", "word",
                                                    "choices", "actions", "sale"})

    @property
    def path(self) -> Path:
        return self.at.path

    @classmethod
    def log_keys(cls) -> dict[str, str | None]:
        """attribute -> the log key it is read from; None: the record's own value (a site
        bonus choice, `{plant: [...]}`, is read at its key)."""
        found = _LOG_KEYS.get(cls)
        if found is None:
            fields = [f.name for f in dataclasses.fields(cast(Any, cls))
                      if f.name not in cls.NOT_READ]
            own = hasattr(cls, "KEY") and len(fields) == 1 and not hasattr(cls, "write")
            found = _LOG_KEYS[cls] = {name: None if own else _LOG_KEY.get(name, name)
                                      for name in fields}
        return found

    def field_of(self, key: str) -> str:
        """The attribute a log key is read into (a record of one value: that value's)."""
        cls = type(self)
        found = _FIELD_OF.get((cls, key))
        if found is None:
            keys = cls.log_keys()
            found = next((name for name, k in keys.items()
                          if k == key or (k is None and len(keys) == 1)), None)
            if found is None:
                raise KeyError(key)
            _FIELD_OF[cls, key] = found
        return found


_LOG_KEY = {"from_": "from", "with_": "with"}  # the other attributes are their log keys
_LOG_KEYS: dict[type, dict[str, str | None]] = {}
_FIELD_OF: dict[tuple[type, str], str] = {}  # (record class, log key) -> attribute
_VIEWS: dict[type, type] = {}
_VIEW_KEYS: dict[type, dict[str, str | None]] = {}  # a view's class -> its record's log keys
_PROBE = "_probe"
_PARTS = "_parts"
_SETTLED = "_settled"  # the fields of a probed record whose reads need not ask again
_UNASKED = frozenset({"__dict__", "at", "path", "__class__", "write"})  # read most, never asked


def probed(record: R, probe: FieldProbe) -> R:
    """`record` read through `probe`: each field read asks it first (its parts, records too,
    are read through it as well)."""
    cls = type(record)
    view = _VIEWS.get(cls)
    if view is None:
        view = _VIEWS[cls] = type(cls.__name__, (cls,), {"__getattribute__": _probed_read,
                                                         "__module__": cls.__module__})
        _VIEW_KEYS[view] = cls.log_keys()
    made: Any = object.__new__(view)
    made.__dict__.update(record.__dict__)
    made.__dict__[_PROBE] = probe
    return cast(R, made)


def probe_of(record: Record) -> FieldProbe | None:
    """The probe a record is read through, if any."""
    found: FieldProbe | None = record.__dict__.get(_PROBE)
    return found


def unprobed(record: R) -> R:
    """The record itself, read without asking (what the rules peek at, not decide on)."""
    if _PROBE not in record.__dict__:
        return record
    made: Any = object.__new__(type(record).__mro__[1])
    made.__dict__.update({k: v for k, v in record.__dict__.items() if k[0] != "_"})
    return cast(R, made)


def _probed_read(self: Record, name: str) -> Any:
    if name in _UNASKED or name[0] == "_":  # the most read, never asked: answered first
        return object.__getattribute__(self, name)
    keys = _VIEW_KEYS[type(self)]
    own = object.__getattribute__(self, "__dict__")
    probe: FieldProbe = own[_PROBE]
    if name in keys:
        settled: set[str] | None = own.get(_SETTLED)
        if settled is None or name not in settled:
            at: At = object.__getattribute__(self, "at")
            key = keys[name]
            if probe.read(at.path, str(at.path[-1])) if key is None else probe.read(at(key), key):
                if settled is None:
                    settled = own[_SETTLED] = set()
                settled.add(name)
        value = object.__getattribute__(self, name)  # after the read: it may decide it
    else:
        value = object.__getattribute__(self, name)
        if not isinstance(value, (Record, tuple)):
            return value  # its place, a method...
    if not isinstance(value, Record) and not (
            type(value) is tuple and value and isinstance(value[0], Record)):
        return value
    views = own.get(_PARTS)  # its parts read through the probe, made once
    if views is None:
        views = own[_PARTS] = {}
    found = views.get(name)
    if found is None:
        found = views[name] = probed(value, probe) if isinstance(value, Record) else \
            tuple(probed(v, probe) for v in value)
    return found


def refresh(view: Record, fresh: Record) -> None:
    """A probed record made again in place from `fresh`, the same record read anew with a
    value decided in the middle of a replay (`choose.Probe.ask`): its fields, and those of
    its parts already read through the probe, which the rules may hold. A part whose shape
    changed is made again when next read."""
    own = view.__dict__
    own.update(fresh.__dict__)
    parts: dict[str, Any] | None = own.get(_PARTS)
    if not parts:
        return
    for name, part in list(parts.items()):
        value = object.__getattribute__(fresh, name)
        if isinstance(part, Record):
            if isinstance(value, Record) and type(value) is type(part).__mro__[1]:
                refresh(part, value)
                continue
        elif type(value) is tuple and len(value) == len(part) and all(
                type(v) is type(p).__mro__[1] for v, p in zip(value, part, strict=True)):
            for v, p in zip(value, part, strict=True):
                refresh(p, v)
            continue
        del parts[name]


# a turn being made decision by decision is read with its parts still to decide (`partial`)
_MAKING: ContextVar[bool] = ContextVar("making", default=False)



def _make(cls: type[M], **fields: Any) -> M:
    """`cls(**fields)` for a record read from the log, made without the dataclass's
    `__init__` (reading a whole log makes tens of thousands of records: this is several times
    faster); the same record, frozen as any other. A field left out reads its default from the
    class, where the dataclass puts it (every field of a record has a plain default or none:
    no `default_factory`), so most of a turn's fields cost nothing."""
    made: Any = object.__new__(cls)
    made.__dict__.update(fields)
    return cast(M, made)
