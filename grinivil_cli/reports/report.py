"""What the commands print: each report is a dict for `--format json` with its `text` for
people. Pure functions of the replay; deterministic."""

from __future__ import annotations

from typing import Any

from ..base.terminal import safe_text
from ..base.width import text_table, wrap
from ..edition.model import RESOURCES
from ..engine import townland
from ..engine.actions import NAMES
from ..engine.game import plural
from ..engine.replay import CLAIM, Snapshot
from ..engine.setup import describe_options
from ..engine.state import GameState
from ..errors import IllegalMove, Problem
from ..table.loading import Game, edition_note

MAX_SHOWN = 100  # problems (or findings) of one log printed for people; JSON keeps every one
# found (the schema check itself stops after logfile.schema.MAX_PROBLEMS)


def shown_lines(path: str, lines: list[str], what: str = "problems") -> str:
    """The lines of one log's report for a terminal: each a line (a newline or a control
    character inside a message is escaped, so no value can forge a line), at most `MAX_SHOWN`
    of them and then how many more there are."""
    out = [safe_text(line, newlines=False) for line in lines[:MAX_SHOWN]]
    if len(lines) > MAX_SHOWN:
        out.append(f"{safe_text(path, newlines=False)}: ... and {len(lines) - MAX_SHOWN} more "
                   f"{what}")
    return "\n".join(out)


def format_problems(path: str, problems: list[Problem]) -> dict[str, Any]:
    """Every format problem with its position: the log cannot be replayed. The `text` shows
    the first `MAX_SHOWN` (escaped for a terminal); `problems` holds them all."""
    lines = [str(p) if p.position or f"'{path}'" in p.message else f"{path}: {p.message}"
             for p in problems]
    return {
        "file": path, "status": "unreadable", "exit": 2,
        "problems": [{"message": p.message, "line": p.position.line if p.position else None,
                      "col": p.position.col if p.position else None} for p in problems],
        "text": shown_lines(path, lines),
    }


def _move(e: IllegalMove) -> dict[str, Any]:
    return {"rule": e.rule, "message": e.message, "turn": e.turn, "player": e.player,
            "action": e.action, "line": e.position.line if e.position else None,
            "col": e.position.col if e.position else None}


def validation(path: str, game: Game) -> dict[str, Any]:
    """Legal, or the first illegal move / disagreeing claim; the final scores when over. The
    status: `legal`, `illegal` (a move breaks a rule), or `claims` (every move is legal, and a
    claimed number disagrees with the rules: a finding, not an illegal move), both exit 1."""
    r = game.replay
    turns = r.played
    out: dict[str, Any] = {"file": path, "turns": turns}
    note = edition_note(game.loaded, game.edition)  # the data judged with, when not plain
    if note is not None:
        out["edition"] = {"name": game.edition.name, "digest": game.edition.digest,
                          "note": note}
    if r.error is not None:
        lines = [f"{path}: {note}"] if note else []
        for i, e in enumerate(r.findings or [r.error]):
            where = "" if e.position else f"{path}: "
            later = " (follows an earlier finding)" if i else ""
            lines.append(f"{where}{e}{later}")
        claims_only = all(e.rule == CLAIM for e in r.findings or [r.error])
        out.update(status="claims" if claims_only else "illegal", exit=1, error=_move(r.error),
                   findings=[_move(e) for e in r.findings],
                   text=shown_lines(path, lines, "findings"))
        return out
    lines = [f"{path}: legal ({plural(turns, 'turn')})"] + ([note] if note else [])
    if r.game is not None and r.game.state.options.played:  # the variants played
        out["options"] = {k: sorted(v) if k == "promo_tiles" else v
                          for k, v in r.game.state.options.write().items()}
        lines.append(f"options: {describe_options(r.game.state.options) or 'none'}")
    if r.scores is not None:
        out["scores"] = [{"player": s.player, "total": s.total, "rank": s.rank,
                          "scoreboard": s.track_vp, "money": s.money_vp,
                          "public": s.public_vp, "unsold_residents": s.unsold}
                         for s in r.scores]
        lines.append("final scores: " + ", ".join(
            f"{s.rank}. {s.player} {s.total}" for s in r.scores))
    elif r.game is not None:
        playing = [p.name for p in r.game.state.players if not p.finished]
        out["unfinished"] = playing
        lines.append(f"the log ends before the game does ({', '.join(playing)} still playing)")
    out.update(status="legal", exit=0, text=shown_lines(path, lines))
    return out


def state_tables(snap: Snapshot, width: int | None = None) -> dict[str, Any]:
    """The state after a turn: players, market, townland; typed values for `--format json`
    (numbers as numbers, lists as lists), every Building Site and Planting Spot of the placed
    land tiles with its id and what stands there (the empty ones too: their ids are the
    names a log uses), and the same as tables for people, in `width` columns (None: each
    table and line at its natural width; a players table too wide has a column per player)."""
    s = snap.state
    town, ed = s.townland, s.edition
    title = "after setup" if snap.turn == 0 else (
        f"after turn {snap.turn} ({snap.player}, {NAMES.get(snap.action or '', snap.action)})")
    players = _player_rows(s)
    market = {r: s.market[r] for r in RESOURCES}
    buildings: list[dict[str, Any]] = [
        {"site": site, "building": b.building, "name": ed.buildings[b.building].name,
         "floors_built": len(b.blocks), "floors": b.floors, "blocks": list(b.blocks),
         "state": "sold" if b.sold else "finished" if b.finished else "under construction",
         "workers": list(b.workers)}
        for site, b in sorted(town.buildings.items())]
    tiles: list[dict[str, Any]] = [
        {"slot": slot, "land_tile": town.tiles[slot],
         "name": s.edition.land_tiles[town.tiles[slot]].name, "owner": town.owners.get(slot)}
        for slot in sorted(town.tiles)]
    sites: list[dict[str, Any]] = [{"site": site, "kind": townland.site_spec(ed, town, site).kind,
              "building": town.buildings[site].building if site in town.buildings else None}
             for site in townland.all_sites(ed, town)]
    spots: list[dict[str, Any]] = [{"spot": spot, "tree": spot in town.trees}
             for spot in townland.all_spots(ed, town)]
    empty_sites = [x["site"] for x in sites if x["building"] is None]
    empty_spots = [x["spot"] for x in spots if not x["tree"]]
    text = "\n\n".join([
        f"State {title}",
        text_table(["player", "money", "VP", "concrete", "wood", "steel", "warehouses",
                    "trees", "blocks", "workers", "road track", "ring", "portfolio"],
                   [_player_cells(r) for r in players], width, flip=0),
        wrap("Resident Display: " + ", ".join(s.supply.display)
             + f"; Residents of Grinivil: {', '.join(s.supply.pile) or 'none'}", width),
        wrap("Market: " + ", ".join(f"{r} {n}" for r, n in market.items())
             + f"; Conversion Rate {s.ring.conversion_rate}", width),
        text_table(["slot", "land tile", "name", "owner"],
                   [[t["slot"], t["land_tile"], t["name"], t["owner"] or ""] for t in tiles],
                   width),
        text_table(["site", "building", "floors", "blocks", "state", "workers"],
                   [[x["site"], x["name"], f"{x['floors_built']}/{x['floors']}",
                     ", ".join(x["blocks"]), x["state"], ", ".join(x["workers"])]
                    for x in buildings], width) if buildings else "No buildings yet.",
        wrap("Roads completed: " + (", ".join(sorted(town.road_tokens)) or "none")
             + f"\nTrees planted: {', '.join(sorted(town.trees)) or 'none'}"
             + f"\nEmpty Building Sites: {', '.join(empty_sites) or 'none'}"
             + f"\nEmpty Planting Spots: {', '.join(empty_spots) or 'none'}", width),
    ])
    return {"turn": snap.turn, "player": snap.player, "action": snap.action,
            "players": players, "market": market, "buildings": buildings, "tiles": tiles,
            "sites": sites, "spots": spots, "text": text}


def _player_rows(s: GameState) -> list[dict[str, Any]]:
    rows = []
    for p in s.players:
        employed = sum(p.name in b.workers for b in s.townland.buildings.values()) + sum(
            who == p.name for who in s.ring.ability_workers.values())
        rows.append({"player": p.name, "money": p.money, "vp": p.vp,
                     **{r: p.cubes[r] for r in RESOURCES}, "warehouses": 1 + p.small_warehouses,
                     "trees": p.trees, "blocks": p.blocks,
                     "workers": {"free": p.workers - employed, "employed": employed},
                     "road_track": p.road_track,
                     "ring": {"position": p.position,
                              "tile": s.ring.tile_at(p.position) if p.position else None},
                     "portfolio": list(p.residents)})
    return rows


def _player_cells(row: dict[str, Any]) -> list[Any]:
    """A player's row of the `show` table, for people."""
    ring = row["ring"]
    return [row["player"], row["money"], row["vp"], *(row[r] for r in RESOURCES),
            row["warehouses"], row["trees"], row["blocks"],
            f"{row['workers']['free']} free / {row['workers']['employed']} employed",
            row["road_track"],
            "Starting Tile" if ring["position"] == 0 else f"{ring['position']} {ring['tile']}",
            ", ".join(row["portfolio"])]


