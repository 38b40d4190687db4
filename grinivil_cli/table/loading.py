"""From a path to a replayed game: read the YAML safely, check it against the schema and the
edition's names, then replay it. Every reading problem is a LogFormatError (exit 2)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..base import collector
from ..base.shown import file_named, tagged
from ..edition.load import holding, load_edition
from ..edition.model import Edition
from ..edition.references import check_references
from ..engine.replay import Replay, replay
from ..errors import LogFormatError, Problem
from ..logfile.loaded import Loaded
from ..logfile.schema import check_log
from ..logfile.yamlsafe import DEFAULT_MAX_BYTES, load_yaml_file, load_yaml_text

__all__ = ["DEFAULT_MAX_BYTES", "TEXT_AS_PATH", "Game", "Readable", "checked", "edition_note",
           "folder_of", "load_game", "load_game_text", "pinned", "read_log", "read_open"]


@dataclass(repr=False)
class Game:
    """A log read, checked and replayed: what it holds, the edition it is judged with, and
    its replay."""

    loaded: Loaded
    edition: Edition
    replay: Replay

    def __repr__(self) -> str:
        return tagged("Game", f"{file_named(self.loaded.source)}, {self.edition.name}: "
                      f"{repr(self.replay)[1:-1]}")


def read_log(path: str | os.PathLike[str], edition: str | None = None,
             max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[Loaded, Edition]:
    """Read and check a log; all format problems at once, each with its position."""
    return checked(load_yaml_file(path, max_bytes=max_bytes, display_name=str(path)), edition,
                   beside=folder_of(path))


def folder_of(path: str | os.PathLike[str]) -> Path | None:
    """The folder of a log file, where an edition it names that is not bundled is read
    (`NAME.yaml`); None for standard input (`-`), which has none."""
    return None if os.fspath(path) == "-" else Path(path).parent


def checked(loaded: Loaded, edition: str | None = None, *,
            beside: Path | None = None) -> tuple[Loaded, Edition]:
    """A log read from YAML checked against the schema and its edition's names (all format
    problems at once); the edition it names (or `edition`). `beside`: the log's folder, where
    an edition it names that is not bundled is read from (`my-box.yaml` for `my-box`)."""
    problems = check_log(loaded)
    if problems:  # and the names the log gets wrong, in the same report (one run, not two)
        raise LogFormatError(with_names(loaded, problems, edition, beside))
    name = edition if edition is not None else loaded.data.get("edition") or "standard"
    try:
        ed = load_edition(name, bundled_only=edition is None, beside=beside)
    except LogFormatError as e:
        where = loaded.position(("edition",)) if edition is None else None  # named by the log
        prefix = f"edition {name}: " if name else ""
        raise LogFormatError([Problem(f"{prefix}{p}", where, ("edition",) if where else ())
                              for p in e.problems]) from None
    if edition is None:  # the data the log was recorded with, where it pins them
        ed = pinned(loaded, ed)
    problems = check_references(loaded, ed)
    if problems:
        raise LogFormatError(problems)
    return loaded, ed


def pinned(loaded: Loaded, ed: Edition) -> Edition:
    """The edition a log is judged with: the one it names, unless it pins other data
    (`edition_digest`) that a kept version of that edition has (`standard@1`): then that one,
    so that an upgrade of the bundled data never changes a verdict (`edition_note` says
    which)."""
    want = loaded.data.get("edition_digest")
    if not isinstance(want, str) or want == ed.digest:
        return ed
    kept = holding(ed.name, want)
    return ed if kept is None else load_edition(kept, bundled_only=True)


def edition_note(loaded: Loaded, ed: Edition) -> str | None:
    """What a report says about the edition data a log was judged with, when they are not
    plainly the ones it names: judged with a kept version whose data it pins, or with data
    other than the ones it was recorded with (none at hand has them). None otherwise, and for
    a log that pins no data (judged with the edition it names, as before issue 32)."""
    want = loaded.data.get("edition_digest")
    named = loaded.data.get("edition") or "standard"
    if not isinstance(want, str):
        return None
    if want == ed.digest:  # the data it was recorded with: worth a word only when the
        # edition it names has other data now (judged with a kept version of them)
        if ed.name == named or holding(named if isinstance(named, str) else "standard",
                                       want) == named:
            return None
        return (f"edition: judged with {ed.name}, the data the log was recorded with "
                f"({want}); the log names {named}, whose data have changed since (grinivil "
                f"edition diff {ed.name} {named} says what differs)")
    holder = holding(named if isinstance(named, str) else "standard", want)
    if holder is not None:  # --edition gave other data than the ones the log pins
        return (f"edition: the log was recorded with edition data {want} ({holder}'s); judged "
                f"with {ed.name} ({ed.digest}), whose data differ (without --edition it is "
                f"judged with {holder})")
    return (f"edition: the log was recorded with edition data {want}, which no edition at hand "
            f"has; judged with {ed.name} ({ed.digest}), whose data differ: give the edition "
            "file it was recorded with (--edition FILE) to judge it as recorded")


def with_names(loaded: Loaded, problems: list[Problem], edition: str | None,
               beside: Path | None = None) -> list[Problem]:
    """The schema's `problems` of a log and the names it gets wrong (`check_references`) where
    the schema found nothing, in the order of the log: a misspelt key, a wrong type and a
    misspelt card are reported together. Without an edition to judge names by (the one the
    log names cannot be read), the schema's problems alone."""
    data = loaded.data
    name = edition if edition is not None else data.get("edition") if isinstance(data, dict) \
        else None
    try:
        ed = load_edition(name if isinstance(name, str) and name else "standard",
                          bundled_only=edition is None, beside=beside)
        names = check_references(loaded, ed) if isinstance(data, dict) else []
    except (LogFormatError, AttributeError, TypeError, KeyError, IndexError):
        return problems  # names are judged once the log reads (`checked` again)
    flagged = [p.path for p in problems]

    def covered(path: tuple[str | int, ...]) -> bool:
        return any(path[:len(f)] == f or f[:len(path)] == path for f in flagged)

    added = [p for p in names if not covered(p.path)]
    if not added:
        return problems
    last = (float("inf"), float("inf"))  # a problem of no place (the check stopped) stays last
    return sorted(problems + added, key=lambda p: (p.position.line, p.position.col)
                  if p.position else last)


def load_game(path: str | os.PathLike[str] | Path, edition: str | None = None,
              max_bytes: int = DEFAULT_MAX_BYTES, *, keep_snapshots: bool = True,
              claims: bool = True, lenient: bool = False) -> Game:
    """Read, check and replay a log (without `claims`, claims do not stop the replay; with
    `lenient`, illegal moves do not either). No garbage collection runs meanwhile
    (`collector.paused`: what is read lives on)."""
    with collector.paused():
        loaded, ed = read_log(path, edition, max_bytes)
        return Game(loaded, ed, replay(ed, loaded, keep_snapshots=keep_snapshots,
                                       claims=claims, lenient=lenient))


# a string with a line break given for a path: read as the log's text until 0.3 (issue 33)
TEXT_AS_PATH = ("{call}(text): a string with a line break in it is read as the log's text, "
                "not as a path, until grinivil 0.3; give the text to {instead}(text), a path or "
                "a file open for reading to {call}")


class Readable(Protocol):
    """A file open for reading, in text or in binary mode (`open(path)`, `sys.stdin`,
    `io.StringIO`...)."""

    def read(self, size: int = -1, /) -> str | bytes: ...


def read_open(file: Readable, max_bytes: int = DEFAULT_MAX_BYTES
              ) -> tuple[str | bytes, str, Path | None]:
    """What a file open for reading holds (at most `max_bytes` and one more, so that the
    reader can say it is too long), the name it goes by in messages (its `name`, `<file>`
    without one) and the folder of that name when it is a file's path (where an edition the
    log names is read from, as for a path: `checked`)."""
    data = file.read(max_bytes + 1)
    name = getattr(file, "name", None)
    if isinstance(name, (str, bytes, os.PathLike)):
        shown = os.fsdecode(name)
        if shown and not (shown.startswith("<") and shown.endswith(">")):  # not `<stdin>`
            return data, shown, folder_of(shown)
        return data, shown or "<file>", None
    return data, "<file>", None  # no name, or a descriptor's number (`open(fd)`)


def load_game_text(text: str | bytes, source: str = "<text>", edition: str | None = None,
                   max_bytes: int = DEFAULT_MAX_BYTES, *, beside: Path | None = None) -> Game:
    """`load_game` for a log given as YAML text (named `source` in messages; `beside`: the
    folder an edition it names that is not bundled is read from, as `checked` says)."""
    with collector.paused():
        loaded, ed = checked(load_yaml_text(text, source, max_bytes=max_bytes), edition,
                             beside=beside)
        return Game(loaded, ed, replay(ed, loaded))
