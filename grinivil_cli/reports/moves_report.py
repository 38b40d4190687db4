"""`grinivil moves`: the legal choices of the player on turn after a turn of a log, as text
and JSON (the engine finds them: `grinivil_cli/choose`; nothing is judged here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base.width import wrap
from ..choose import (
    END,
    MISSING,
    OMIT,
    Decision,
    Partial,
    Step,
    TileChoice,
    line,
    reason,
    tile_choices,
    turn_search,
)
from ..engine.actions import NAMES
from ..engine.game import Game
from ..engine.records import PENDING
from ..engine.tiles import ring_tile_of
from ..errors import IllegalMove, Path


def shown(value: Any) -> str:
    """An option as a person reads it."""
    if value is MISSING:
        return "-"
    if value is OMIT:
        return "(leave it out)"
    if value is END:
        return "(no more)"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]" if value else "[]"
    if isinstance(value, dict):
        parts = [k if v in ({}, PENDING) else f"{k}: {shown(v)}" for k, v in value.items()]
        return "{" + ", ".join(parts) + "}"
    return str(value)


def as_json(value: Any) -> Any:
    """An option as JSON: leaving the field out is null, the end of a list "end", a part
    decided later "..."."""
    if value is OMIT or value is MISSING:
        return None
    if value is END:
        return "end"
    if value is PENDING:
        return "..."
    if isinstance(value, list):
        return [as_json(v) for v in value]
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    return value


def dotted(path: Path) -> str:
    return ".".join(str(k) for k in path)


def whose_turn(g: Game) -> str:
    return g.state.players[g.state.current].name


def tiles_report(g: Game, after: int, width: int | None = None) -> dict[str, Any]:
    """The eligible tiles for the player on turn after turn `after`, and why the others are
    not; a line wider than `width` (None: none is) goes on under the tile's id."""
    who = whose_turn(g)
    tiles = tile_choices(g)
    lines = [f"After turn {after}, {who} is on turn (turn {after + 1}). Tiles of the ring:"]
    longest = max((len(NAMES.get(t.tile, t.tile)) for t in tiles), default=0)
    for t in tiles:
        name = NAMES.get(t.tile, t.tile)
        position = g.state.ring.position_of(ring_tile_of(t.tile))
        if t.eligible:
            what = "eligible" + (" (only as a Follower, without moving)" if t.followed else "")
        else:
            what = f"not eligible: {reason(t.why)}" + (f" ({t.why.rule}: {t.why.message})"
                                                      if t.why is not None else "")
        lines.append(wrap(f"  {position:>2} {t.tile:<24} {name:<{longest}}  {what}", width,
                          hang=" " * 7))
    eligible = [t.tile for t in tiles if t.eligible]
    lines.append(f"{len(eligible)} of {len(tiles)} eligible.")
    return {"turn": after, "player": who, "tiles": [tile_json(g, t) for t in tiles],
            "text": "\n".join(lines)}


def tile_json(g: Game, t: TileChoice) -> dict[str, Any]:
    out: dict[str, Any] = {"tile": t.tile, "name": NAMES.get(t.tile, t.tile),
                           "position": g.state.ring.position_of(ring_tile_of(t.tile)),
                           "eligible": t.eligible}
    if t.followed:
        out["only_as_follower"] = True
    if not t.eligible:
        out["reason"] = reason(t.why)
        if t.why is not None:
            out["rule"], out["message"] = t.why.rule, t.why.message
    return out


def decisions_report(g: Game, after: int, tile: str, given: dict[str, Any],
                     take: Callable[[Decision, Any], Any] | None = None,
                     ) -> tuple[dict[str, Any], IllegalMove | None]:
    """The decisions of `tile` for the player on turn after turn `after`, one after the
    other: each decision's exact options, and the value the line takes (given by --set for
    its path, as `choose.line` reads it with `take`, or the first option). A value given
    that is not among the options is refused: by the rule it breaks, or, when the rules
    find none (a count below 0, which only the log's format forbids), by the decision's
    own rule."""
    who = whose_turn(g)
    search = turn_search(g)
    start = Partial({"player": who, "tile": tile})
    steps, partial, broken = line(search, start, given, take=take)
    last = steps[-1] if steps else None
    if broken is None and last is not None and last.given and not last.decision.allows(
            last.value):
        d = last.decision
        broken = IllegalMove(d.rule, f"{shown(last.value)} is not among the options of "
                             f"{dotted(d.path)} ({options_text(d)}).", d.path)
    name = NAMES.get(tile, tile)
    lines = [f"After turn {after}, {who} is on turn (turn {after + 1}): {name} ({tile})."]
    first = search.attempt(start)
    if not first[0]:
        why = first[1]
        lines.append(f"Not eligible: {reason(why)}" + (f" ({why.rule}: "
                                                        f"{why.message.rstrip('.')})"
                                                        if why is not None else "") + ".")
    for i, s in enumerate(steps, 1):
        lines += step_text(i, s)
    complete = broken is None and search.probe(partial).done
    if broken is not None:
        lines.append(f"The value given breaks {broken.rule}: {broken.message}")
    elif complete:
        lines.append("The move is complete and legal: " + shown(partial.record()))
    payload = {"turn": after, "player": who, "tile": tile, "eligible": first[0],
               "decisions": [step_json(s) for s in steps],
               "move": as_json(partial.record()) if complete else None,
               "text": "\n".join(lines)}
    if broken is not None:
        payload["broken"] = {"rule": broken.rule, "message": broken.message}
    return payload, broken


def step_text(i: int, s: Step) -> list[str]:
    d = s.decision
    head = f"{i}. {dotted(d.path)}: {d.what} ({d.rule}, {d.kind})"
    how = "given" if s.given else "first option"
    if s.given and not d.allows(s.value):
        how += f"): not among the options ({options_text(d)}"
    return [head, f"   options: {options_text(d)}", f"   taken: {shown(s.value)} ({how})"]


def options_text(d: Decision) -> str:
    if d.kind == "count":
        parts = [str(lo) if lo == hi else f"{lo} to {hi}" for lo, hi in d.ranges]
        return ", ".join(parts) if parts else "none"
    return ", ".join(shown(o) for o in d.options) if d.options else "none"


def step_json(s: Step) -> dict[str, Any]:
    d = s.decision
    out: dict[str, Any] = {"path": list(d.path), "what": d.what, "rule": d.rule, "kind": d.kind,
                           "taken": as_json(s.value), "given": s.given}
    if d.kind == "count":
        out["ranges"] = [list(r) for r in d.ranges]
    else:
        out["options"] = [as_json(o) for o in d.options]
    return out
