"""`grinivil moves --set PATH=VALUE`: the values a person gives on the command line.

A VALUE is a word, read against the options of the decision at PATH (never as YAML with
aliases: a value of the command line is as hostile as any input):
- the words the listing shows for an option (`C.s1`, `yes`, `(leave it out)`, `{plant}`,
  `[concrete, wood, wood, steel]`), or its JSON (`{"plant": "..."}`, `null`): that option;
- `omit` leaves an optional field out, `end` ends a list;
- at a count: a whole number in the digits 0-9, with an optional minus;
- else a plain scalar of the kind the options are: a whole number where they are numbers,
  yes/no/true/false where they are yes or no, else the text itself (a name, a site);
- a list or mapping (`[...]`, `{...}`) is read, by the bounded reader with its alias budget
  (`logfile.yamlsafe.load_yaml_text`, at most MAX_VALUE bytes), only to name an offered
  option; anchors, aliases and tags are refused.
A PATH is matched, as text, against the paths of the decisions (`.`-joined), so a key that
holds a dot (a site `I2.s4`, a player `Ann.a`) is found as it is written.

Problems are `BadSet` (a usage error: exit 2), with a message for people that names the PATH
and what it takes.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..base.terminal import is_safe
from ..choose import END, MISSING, OMIT, Decision, Partial, put
from ..edition.references import check_references
from ..engine.game import Game
from ..engine.records import UnreadableTurn
from ..errors import IllegalMove, LogFormatError
from ..logfile.loaded import Loaded
from ..logfile.suggest import hint
from ..logfile.yamlsafe import load_yaml_text
from .moves_report import as_json, decisions_report, options_text, shown

MAX_PATH = 200  # characters of a PATH (the longest decision path is far shorter)
MAX_VALUE = 4096  # bytes of a VALUE (the longest option, a draw of cubes, is under 100)
MAX_DIGITS = 6  # digits of a number or an index (no count or list of the game reaches 10^6)
SHOWN = 60  # characters of a hostile PATH or VALUE repeated in a message

_WHOLE = re.compile(r"-?[0-9]+")  # ASCII digits only (str.isdigit accepts '²', '٣')
_YES = {"yes": True, "true": True, "no": False, "false": False}
_NOT_READ = "&*!"  # YAML anchors, aliases and tags: never read from the command line


class BadSet(ValueError):
    """A --set that cannot be taken: the message says why, for people (exit 2)."""


def path_text(path: tuple[str | int, ...]) -> str:
    """A decision's path as --set writes it."""
    return ".".join(str(k) for k in path)


def cut(text: str) -> str:
    """A PATH or VALUE as a message repeats it: at most SHOWN characters."""
    return text if len(text) <= SHOWN else text[:SHOWN] + f"... ({len(text):,} characters)"


def read_pairs(pairs: list[str]) -> dict[str, str]:
    """--set PATH=VALUE pairs: each PATH (as written) and its VALUE (as written), checked for
    what no decision can take (a PATH over MAX_PATH characters, an index not in the digits
    0-9 or over MAX_DIGITS of them, a control character, a VALUE over MAX_VALUE bytes, a PATH
    given twice). The value is read at its decision (`take`)."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, eq, text = pair.partition("=")
        if not eq or not key:
            raise BadSet(f"--set takes PATH=VALUE, not '{cut(pair)}'"
                         + (" (the PATH before '=' is empty)" if eq else "") + ".")
        if len(key) > MAX_PATH:
            raise BadSet(f"--set {cut(key)}: the PATH is {len(key):,} characters long; a "
                         f"decision's path has at most {MAX_PATH}.")
        if not is_safe(key, newlines=False):
            raise BadSet(f"--set {cut(key)}: the PATH holds a control character.")
        for part in key.split("."):
            if part.isdigit() and not part.isascii():
                raise BadSet(f"--set {cut(key)}: '{part}' is not an index: an index is written "
                             "with the digits 0-9.")
            if part.isdigit() and len(part) > MAX_DIGITS:
                raise BadSet(f"--set {cut(key)}: an index has at most {MAX_DIGITS} digits.")
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_VALUE:
            raise BadSet(f"--set {key}: the VALUE is {size:,} bytes long; a value has at most "
                         f"{MAX_VALUE:,}.")
        if not is_safe(text, newlines=False):
            raise BadSet(f"--set {key}: the VALUE holds a control character.")
        if key in out:
            raise BadSet(f"--set {key} is given twice ('{cut(out[key])}', '{cut(text)}').")
        out[key] = text
    return out


def decisions(g: Game, after: int, tile: str,
              given: dict[str, str]) -> tuple[dict[str, Any], IllegalMove | None]:
    """`moves_report.decisions_report` with the values given by --set (`read_pairs`), each
    read at its decision (`take`); BadSet for a value the record cannot hold there."""
    players = [{"name": p.name} for p in g.state.players]

    def read(d: Decision, text: str) -> Any:
        value = take(d, text)
        if d.allows(value) or d.kind == "outcome":
            return value
        record = put({"player": g.state.players[g.state.current].name, "tile": tile},
                     d.path, value)  # checked as a log's names are, before the rules
        problems = [p for p in check_references(
            Loaded(f"--set {path_text(d.path)}", {"players": players, "turns": [record]}),
            g.state.edition) if p.path[:1] == ("turns",)]
        if problems:
            raise BadSet(f"--set {path_text(d.path)}: {problems[0].message} ({_takes(d)}).")
        spelled = Partial(record).value_at(d.path)  # a name as printed ('Bus Stop'): its key
        return next((o for o in d.options if o == spelled), value)

    try:
        return decisions_report(g, after, tile, given, read)
    except UnreadableTurn as error:  # a value of the decision's kind the log cannot hold
        path = path_text(tuple(error.path[2:]))
        problem = error.problems[0].message if error.problems else str(error)
        if path not in given:
            raise
        raise BadSet(f"--set {path}: '{cut(given[path])}' cannot be taken there: "
                     f"{problem}.") from None


def take(d: Decision, text: str) -> Any:
    """The value `text` gives at decision `d`: one of its options, or a value of their kind
    that is not among them (the rules judge it then); BadSet when it is of no kind the
    decision takes."""
    key = path_text(d.path)
    if d.kind == "count":
        return _count(d, key, text)
    named = _named(d, text)
    if named is not MISSING:
        return named
    if text in ("omit", "end"):
        return OMIT if text == "omit" else END
    stripped = text.strip()
    if stripped[:1] in ("[", "{"):
        return _structured(d, key, stripped)
    if stripped[:1] in _NOT_READ:
        raise BadSet(f"--set {key}: '{cut(text)}' is not a value: YAML anchors, aliases and "
                     f"tags are not read from the command line ({_takes(d)}).")
    kinds = {type(o) for o in d.options if o is not OMIT and o is not END}
    if kinds and not kinds & {str, int, bool}:  # lists or mappings only: name one of them
        raise BadSet(f"--set {key}: '{cut(text)}' is not among the options ({_takes(d)})"
                     f"{hint(text, [shown(o) for o in d.options])}.")
    if bool in kinds and text.lower() in _YES:
        return _YES[text.lower()]
    if int in kinds and _WHOLE.fullmatch(text) and len(text.lstrip("-")) <= MAX_DIGITS:
        return int(text)
    return text


def _count(d: Decision, key: str, text: str) -> Any:
    if text in ("omit", "end"):
        return OMIT if text == "omit" else END
    if not _WHOLE.fullmatch(text) or len(text.lstrip("-")) > MAX_DIGITS:
        raise BadSet(f"--set {key}: {d.what} takes a whole number of at most {MAX_DIGITS} "
                     f"digits 0-9 ({_takes(d)}), not '{cut(text)}'.")
    return int(text)


def _named(d: Decision, text: str) -> Any:
    """The option whose words (as the listing shows it, or its JSON) are `text`; MISSING."""
    words = text.strip()
    for o in d.options:
        if words in (shown(o), json.dumps(as_json(o), ensure_ascii=False)):
            return o
    return MISSING


def _structured(d: Decision, key: str, text: str) -> Any:
    """A list or mapping: read by the bounded reader, only to name an offered option."""
    if not any(isinstance(o, (list, dict)) for o in d.options):
        raise BadSet(f"--set {key}: '{cut(text)}' cannot be read as a value of {d.what}: a "
                     f"list or mapping is read only where an option is one ({_takes(d)}).")
    if any(ch in text for ch in _NOT_READ):
        raise BadSet(f"--set {key}: '{cut(text)}' is not a value: YAML anchors, aliases and "
                     f"tags are not read from the command line ({_takes(d)}).")
    try:
        value = load_yaml_text(text, f"--set {key}", max_bytes=MAX_VALUE, what="value").data
    except LogFormatError as error:
        problem = error.problems[0].message if error.problems else str(error)
        raise BadSet(f"--set {key}: '{cut(text)}' cannot be read: {problem}.") from None
    found = next((o for o in d.options if _names(value, as_json(o))), MISSING)
    if found is MISSING:  # not given to the rules: their readers expect the log's shapes
        raise BadSet(f"--set {key}: '{cut(text)}' is not among the options ({_takes(d)}); "
                     "give a list or mapping as the listing shows it, and its parts at their "
                     "own paths.")
    return found


def _names(given: Any, option: Any) -> bool:
    """Whether a value read from the command line is the option (as JSON): equal, of the
    same types, a part decided later ("...") written as "..." or left empty (`{plant}`)."""
    if option == "..." and (given is None or given == "..."):
        return True
    if isinstance(option, dict):
        return isinstance(given, dict) and given.keys() == option.keys() and all(
            _names(given[k], option[k]) for k in option)
    if isinstance(option, list):
        return isinstance(given, list) and len(given) == len(option) and all(
            _names(g, o) for g, o in zip(given, option, strict=True))
    return type(given) is type(option) and given == option


def _takes(d: Decision) -> str:
    return f"the options: {options_text(d)}"
