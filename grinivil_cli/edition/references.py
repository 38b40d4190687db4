"""Names in a log (players, buildings, resident cards, land tiles, action tiles) must be names
the game knows; each unknown one is a format problem with a 'did you mean'."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from ..errors import Path, Problem
from ..logfile.loaded import Loaded
from ..logfile.names import BANK, MUNICIPALITY
from ..logfile.suggest import hint
from .model import Edition

PLAYER_VALUES = {"player", "with", "winner"}
PLAYER_KEYS = {"claims", "excess", "sudden_death", "bids", "accepted", "final_scores",
               "pledges"}
RESIDENT_VALUES = {"take", "give", "refill", "resident"}


def check_references(loaded: Loaded, edition: Edition) -> list[Problem]:
    """Every name in the log, checked against the players and the edition. A resident card
    or building written as printed on it, or in another case, is read as its key: the log's
    data is given the key (`spellings`), and the rules read that."""
    data = loaded.data
    players = [str(p.get("name")) for p in data.get("players") or [] if isinstance(p, dict)]
    problems: list[Problem] = []
    seen: set[str] = set()
    for i, name in enumerate(players):
        where = ("players", i, "name")
        if name in seen:
            problems.append(Problem(f"two players are called '{name}'",
                                    loaded.position(where), where))
        seen.add(name)
        why = name_problem(name)
        if why:
            problems.append(Problem(why, loaded.position(where), where))
    kinds = {
        "player": [n for n in players if isinstance(n, str)],
        "building": list(edition.buildings),
        "resident card": list(edition.residents),
        "land tile": list(edition.land_tiles),
        "action tile": list(edition.action_tiles),
    }
    known = {kind: set(names) for kind, names in kinds.items()}
    spelled = {"resident card": spellings(edition.residents),
               "building": spellings(edition.buildings)}
    for path, kind, value, key in _names(data, ()):
        if isinstance(value, str) and value not in known[kind]:
            canonical = spelled.get(kind, {}).get(value.casefold()) if not key else None
            if canonical is not None:  # 'Petra', 'PETRA', 'Bus Stop': as printed on the card
                put(data, path, canonical)
                continue
            problems.append(Problem(f"'{value}' is not a {kind}{hint(value, kinds[kind])}",
                                    loaded.position(path, key=key), path))
    return sorted(problems, key=lambda p: (p.position.line, p.position.col) if p.position
                  else (0, 0))


def spellings(cards: dict[str, Any]) -> dict[str, str]:
    """A resident card's or a building's key by how people write it: its key or its printed
    name, in any case ('Petra', 'PETRA' and 'petra' are the card `petra`)."""
    out: dict[str, str] = {}
    for key, card in cards.items():
        out.setdefault(str(card.name).casefold(), key)
    out.update({key.casefold(): key for key in cards})  # a key wins over another's name
    return out


def put(data: Any, path: Path, value: str) -> None:
    """Write `value` at `path` of the log's data (a name read as its edition key)."""
    node = data
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value


# Names the engine and its ledger use for who pays and who owns besides the players.
RESERVED = {MUNICIPALITY: "the Municipality (orange, not a player)", BANK: "the bank",
            "pouch": "the Reserve pouch", "market": "the Market", "supply": "the general supply",
            "townland": "the townland"}


def name_problem(name: str) -> str | None:
    """Why a player cannot be called `name`, or None: a name grinivil uses for someone else,
    or one with control characters (they would garble every message that names the player)."""
    if name in RESERVED:
        return (f"'{name}' cannot be a player's name: grinivil uses it for {RESERVED[name]}; "
                "name the player differently")
    bad = next((c for i, c in enumerate(name) if unicodedata.category(c) in (
        "Cc", "Cf", "Zl", "Zp") and not _joins(name, i)), None)
    if bad is not None:
        return (f"a player's name cannot hold control characters ({name!r} has "
                f"U+{ord(bad):04X})")
    return None


def _joins(name: str, i: int) -> bool:
    """Whether name[i] is a zero-width joiner (U+200D) between two characters that are not
    ASCII nor control or format characters: an emoji sequence (woman ZWJ woman ZWJ girl) or
    the letters of a script that joins them. (Variation selectors, U+FE0F, are marks, not
    format characters; bidi controls, U+202A-U+202E and U+2066-U+2069, stay refused.)"""
    return name[i] == "\u200d" and 0 < i < len(name) - 1 and all(
        not c.isascii() and unicodedata.category(c) not in ("Cc", "Cf", "Zl", "Zp")
        for c in (name[i - 1], name[i + 1]))


NAMING_KEYS = PLAYER_VALUES | PLAYER_KEYS | RESIDENT_VALUES | {
    "residents", "building", "municipal_tokens", "features", "display", "land_tile",
    "inner_tiles", "ring", "trades"}
OPAQUE = ("municipal_tokens", "features", "trades")  # their insides are named by _named_by


def _names(node: Any, path: Path) -> Iterable[tuple[Path, str, Any, bool]]:
    """(path, kind, name, is_key) for every name in the tree, by the key that holds it
    (an explicit stack: no generator per value)."""
    stack: list[tuple[Any, Path]] = [(node, path)]
    while stack:
        node, path = stack.pop()
        if isinstance(node, list):
            for i in range(len(node) - 1, -1, -1):
                if isinstance(node[i], (dict, list)):
                    stack.append((node[i], path + (i,)))
            continue
        found: list[tuple[Any, Path]] = []
        for key, value in node.items():
            if key in NAMING_KEYS:
                yield from _named_by(key, value, path + (key,), path)
                if key in OPAQUE:
                    continue
            if isinstance(value, (dict, list)):
                found.append((value, path + (key,)))
        stack.extend(reversed(found))


def _named_by(key: str, value: Any, here: Path, parent: Path) -> Iterable[
        tuple[Path, str, Any, bool]]:
    if key == "trades" and isinstance(value, list):
        for i, trade in enumerate(value):
            if isinstance(trade, dict) and "with" in trade:
                yield here + (i, "with"), "player", trade["with"], False
    elif key in PLAYER_VALUES:
        yield here, "player", value, False
    elif key in PLAYER_KEYS and isinstance(value, dict):
        for k in value:
            yield here + (k,), "player", k, True
    elif key == "residents" and parent == ("setup",) and isinstance(value, dict):
        for k, cards in value.items():
            yield here + (k,), "player", k, True
            for i, card in enumerate(cards if isinstance(cards, list) else []):
                yield here + (k, i), "resident card", card, False
    elif key == "building":
        yield here, "building", value, False
    elif key == "municipal_tokens" and isinstance(value, dict):
        for k, v in value.items():
            yield here + (k,), "building", v, False
    elif key == "features" and isinstance(value, dict):
        for k in value:
            yield here + (k,), "building", k, True
    elif key in RESIDENT_VALUES:
        yield here, "resident card", value, False
    elif key == "display" and isinstance(value, list):
        for i, card in enumerate(value):
            yield here + (i,), "resident card", card, False
    elif key == "land_tile":
        yield here, "land tile", value, False
    elif key == "inner_tiles" and isinstance(value, list):
        for i, tile in enumerate(value):
            yield here + (i,), "land tile", tile, False
    elif key == "ring" and parent == ("setup",) and isinstance(value, list):
        for i, tile in enumerate(value):
            yield here + (i,), "action tile", tile, False
