"""The viewer page: shared SVG definitions, a table of distinct SVG lines, one entry per frame.

A *frame* is one position of the slider: the setup, the table after every turn, and, when the
log breaks a rule, the illegal turn itself (drawn with the table before it, and its message in
red). Frames point at snapshots; snapshots are lists of indexes into the line table, where a
negative number `-n` after index `k` stands for the next `n` lines `k+1 .. k+n`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from markupsafe import Markup

from ..base.htmlpage import static_text, templates
from ..base.terminal import safe_text
from ..engine.game import plural
from ..engine.replay import CLAIM
from ..engine.scoring import projected_scores
from ..render.caption import action_name
from ..render.files import game_title
from ..render.snapshot import snapshot_svg
from ..reports import report
from ..reports.audit import Divergence, claim_divergences
from ..reports.chart import COLOURS, LEFT, PLOT, progress_chart
from ..table.loading import Game
from ..table.story import UNITS, amount, final_story, turn_story

HERE = Path(__file__).parent  # templates/viewer.html, static/viewer.css and viewer.js
_ID = re.compile(r' id="([^"]+)"')


@dataclass
class SharedDefs:
    """The `<defs>` children of every snapshot, each kept once (by id, or by text)."""

    parts: dict[str, str] = field(default_factory=dict)

    def take(self, svg: str) -> list[str]:
        """Move the definitions of `svg` into the shared set; return the other lines. A
        definition whose id is already taken by different content is renamed in this snapshot
        (a safeguard: the renderer's static artwork is the same in every snapshot)."""
        lines = svg.rstrip("\n").split("\n")
        if lines and lines[0].startswith("<?xml"):
            lines = lines[1:]
        try:
            start, end = lines.index(" <defs>"), lines.index(" </defs>")
        except ValueError:
            return lines
        body = lines[:start] + lines[end + 1:]
        for child in _children(lines[start + 1:end]):
            m = _ID.search(child.split("\n", 1)[0])
            key = m.group(1) if m else child
            if self.parts.setdefault(key, child) == child:
                continue
            n = 2
            while f"{key}-v{n}" in self.parts and self.parts[f"{key}-v{n}"] != child:
                n += 1
            new = f"{key}-v{n}"
            self.parts[new] = child.replace(f' id="{key}"', f' id="{new}"', 1)
            ref = re.compile(f"#{re.escape(key)}(?=[\"')])")
            body = [ref.sub(f"#{new}", line) for line in body]
        return body

    def svg(self) -> str:
        """One hidden SVG element holding every shared definition."""
        return ('<svg class="gv-defs" xmlns="http://www.w3.org/2000/svg" '
                'xmlns:xlink="http://www.w3.org/1999/xlink" width="0" height="0" '
                'aria-hidden="true" focusable="false">\n <defs>\n'
                + "\n".join(self.parts.values()) + "\n </defs>\n</svg>")


def _children(lines: list[str]) -> list[str]:
    """Split the indented lines inside `<defs>` into one text per child element."""
    out: list[list[str]] = []
    for line in lines:
        if line.startswith("  <") and not line.startswith("  </") or not out:
            out.append([line])
        else:
            out[-1].append(line)
    return ["\n".join(c) for c in out]


@dataclass
class LineTable:
    """Distinct lines in first-seen order; each snapshot as runs of indexes."""

    index: dict[str, int] = field(default_factory=dict)

    def encode(self, lines: list[str]) -> list[int]:
        out: list[int] = []
        last = -2
        for line in lines:
            k = self.index.setdefault(line, len(self.index))
            if out and k == last + 1:
                if out[-1] < 0:
                    out[-1] -= 1
                else:
                    out.append(-1)
            else:
                out.append(k)
            last = k
        return out


def _turn_yaml(rec: object) -> str:
    if rec is None:
        return ""
    return yaml.safe_dump(rec, sort_keys=False, allow_unicode=True, default_flow_style=None,
                          width=60).rstrip("\n")


def _frames(game: Game) -> list[dict[str, Any]]:
    log_turns: list[Any] = game.loaded.data.get("turns") or []
    setup = {k: v for k, v in game.loaded.data.items() if k in ("players", "setup")}
    frames: list[dict[str, Any]] = []
    snaps, entries = game.replay.snapshots, game.replay.ledger.entries
    for i, snap in enumerate(snaps):
        rec = log_turns[snap.turn - 1] if 0 < snap.turn <= len(log_turns) else None
        head = ("Setup" if snap.turn == 0 else
                f"Turn {snap.turn} \u00b7 {snap.player} \u00b7 {action_name(snap.action)}")
        story = turn_story(entries[snaps[i - 1].ledger_size:snap.ledger_size],
                           rec if isinstance(rec, dict) else None) if i else []
        frame = {"turn": snap.turn, "snap": i, "head": head, "player": snap.player or "",
                 "yaml": _turn_yaml(setup if snap.turn == 0 else rec),
                 "story": [safe_text(line) for line in story]}
        if isinstance(rec, dict) and isinstance(rec.get("note"), str) and snap.turn:
            frame["note"] = rec["note"]  # the table's own words about the turn, shown as text
        frames.append(frame)
    divergences = claim_divergences(game) if game.replay.findings else []
    for err in game.replay.findings:  # claims on their turns; an illegal move stops the game
        if err.turn is None or not frames:
            continue
        message = str(err)
        same = [f for f in frames if f["turn"] == err.turn]
        if same:
            same[-1]["error"] = message
            same[-1]["claim"] = err.rule == CLAIM
            if err.rule == CLAIM:
                same[-1]["explain"] = claim_explanation(game, err.turn, divergences)
        elif err.turn > frames[-1]["turn"]:
            rec = log_turns[err.turn - 1] if 0 < err.turn <= len(log_turns) else None
            frames.append({"turn": err.turn, "snap": frames[-1]["snap"],
                           "player": err.player or "",
                           "head": f"Turn {err.turn} \u00b7 {err.player or '?'} \u00b7 "
                                   f"{action_name(err.action)} \u2014 illegal",
                           "yaml": _turn_yaml(rec),
                           "error": message + " (the picture shows the table before it)"})
    scores = game.replay.scores
    if scores is not None and frames:  # the game is over: its final scoring, one more frame
        claimed = {k: v for k, v in game.loaded.data.items() if k in ("final_scores", "winner")}
        frames.append({"turn": frames[-1]["turn"], "snap": frames[-1]["snap"], "player": "",
                       "head": "Final scoring", "yaml": _turn_yaml(claimed or None),
                       "final": True, "story": [safe_text(x) for x in final_story(scores)]})
    # shown as written: a bidi or control character of the log is escaped, it cannot act
    return [{k: safe_text(v) if isinstance(v, str) else v for k, v in f.items()} for f in frames]


MAX_EXPLAINED = 40  # ledger lines under a claim that disagrees (the latest ones)


def claim_explanation(game: Game, turn: int, divergences: list[Divergence]) -> list[str]:
    """Why the claims of `turn` that disagree are wrong, from the ledger: for each, the
    claimed and the real figure after the turn, then every change of that figure for that
    player since the player's previous claim of it (or the setup), each with its cause, rule
    and the total after it: where the table's count and the rules' parted. `divergences`:
    the log's claims that disagree (`audit.claim_divergences`, found once for the page)."""
    r = game.replay
    turns: list[Any] = game.loaded.data.get("turns") or []
    snap_of = {s.turn: s for s in r.snapshots}
    out: list[str] = []
    for d in divergences:
        if d.turn != turn or d.what not in UNITS or turn not in snap_of:
            continue
        unit = UNITS[d.what]
        earlier = [i + 1 for i, t in enumerate(turns[:turn - 1]) if isinstance(t, dict)
                   and d.what in ((t.get("claims") or {}).get(d.player) or {})]
        since = earlier[-1] if earlier and earlier[-1] in snap_of else 0
        start, end = snap_of[since].ledger_size, snap_of[turn].ledger_size
        changes = [e for e in r.ledger.entries[start:end]
                   if e.player == d.player and e.what == d.what]
        out.append(f"{d.player}: the log claims {d.claimed} {unit} after turn {turn}; the "
                   f"rules give {d.actual} {unit}. Every change since "
                   f"{f'the claim of turn {since}' if since else 'the setup'}:")
        if len(changes) > MAX_EXPLAINED:
            out.append(f"... {len(changes) - MAX_EXPLAINED} earlier changes")
        out += [f"turn {e.turn}: {e.cause} {amount(e)} ({e.rule}), {e.total} {unit} after"
                for e in changes[-MAX_EXPLAINED:]]
    return [safe_text(line) for line in out]


def projections(game: Game) -> list[list[list[int]]]:
    """For each snapshot, each player's projected final score, in the order of the players:
    [total, Scoreboard VPs, VPs for money, Public buildings, unsold residents]
    (`scoring.projected_scores`)."""
    g = game.replay.game
    if g is None:
        return []
    names = [p.name for p in game.replay.snapshots[0].state.players]
    out = []
    for snap in game.replay.snapshots:
        by_name = {s.player: s for s in projected_scores(g, snap.state)}
        out.append([[by_name[n].total, by_name[n].track_vp, by_name[n].money_vp,
                     by_name[n].public_vp, by_name[n].unsold] for n in names])
    return out


def _badge(game: Game) -> str:
    findings = game.replay.findings or ([game.replay.error] if game.replay.error else [])
    if not findings:
        return f"legal \u00b7 {plural(game.replay.played, 'turn')}"
    moves = [e for e in findings if e.rule != CLAIM]
    claims = len(findings) - len(moves)
    parts = [f"{claims} claim{'s' * (claims != 1)} disagreeing"] if claims else []
    if moves:
        at = moves[0].turn
        parts.append("illegal move" + (f" at turn {at}" if at is not None else ""))
    return " \u00b7 ".join(parts)


def viewer_html(game: Game, source: str) -> str:
    """The whole page for a replayed game with at least one snapshot; `source` names the log
    in the validation result. Deterministic: the same game gives the same text."""
    snaps = game.replay.snapshots
    log_turns: list[Any] = game.loaded.data.get("turns") or []
    title = game_title(game)
    shared, table = SharedDefs(), LineTable()
    encoded: list[list[int]] = []
    for i, snap in enumerate(snaps):
        rec = log_turns[snap.turn - 1] if 0 < snap.turn <= len(log_turns) else None
        svg = snapshot_svg(snap, log_turn=rec if isinstance(rec, dict) else None,
                           previous=snaps[i - 1].state if i > 0 else None, title=title,
                           ids=True)  # hidden until the "ids" box is ticked
        encoded.append(table.encode(shared.take(svg)))
    frames = _frames(game)
    result = report.validation(source, game)
    projected = projections(game)
    players = snaps[0].state.players
    per_player = [[row[i][0] for row in projected] for i in range(len(players))]
    chart = progress_chart(game.replay, title=title, projected=per_player).rstrip("\n")
    chart = chart[:-len("</svg>")] + (
        f'<line id="gv-mark" x1="{LEFT}" x2="{LEFT}" y1="0" y2="100%" stroke="#e8590c" '
        'stroke-width="1.5" stroke-dasharray="4 3"/></svg>')
    findings = [{"frame": i, "label": f"turn {f['turn']}: "
                 + ("claim" if f.get("claim") else "illegal move")}
                for i, f in enumerate(frames) if f.get("error")]
    names = [safe_text(p.name) for p in players]
    data = {"lines": list(table.index), "snapshots": encoded, "frames": frames,
            "players": [{"name": name, "colour": COLOURS.get(p.colour, "#000")}
                        for name, p in zip(names, players, strict=True)],
            "projected": projected,
            "values": [[[q.vp, q.money] for q in snap.state.players] for snap in snaps],
            "chart": {"left": LEFT, "width": PLOT, "count": len(snaps)}}
    return templates(HERE).get_template("viewer.html").render(
        title=title, badge=_badge(game), status=result["status"], findings=findings,
        last=len(frames) - 1, players=names, validation=result["text"], data=data,
        defs=Markup(shared.svg()), chart=Markup(chart),  # the package's own SVG
        css=static_text(HERE, "viewer.css"), js=static_text(HERE, "viewer.js"))
