"""`grinivil report`: one page for a tournament or a club season. A table of the games (players,
final scores, winner, result), the standings across them, every finding with its message, and
a section per game with its final score itemised; as HTML (one self-contained page: Jinja2's
templates/report.html, autoescaped, with static/report.css and report.js written inside it),
Markdown (a forum post, its tables by `terminal.markdown_table`) or JSON (for scripts).

Each log is read and replayed in a worker (`batch.validate_many` with `summary`), which sends
back a small JSON-able dict; everything after that is pure functions of those dicts, in input
order, so the same logs give the same bytes. Names (players, files) are the logs' and the
command line's: escaped for HTML (autoescaping) or Markdown wherever they are written, and
their control and bidi characters shown as `terminal.safe_text` shows them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..base.terminal import markdown_table, markdown_text, safe_json
from ..engine.replay import CLAIM
from ..engine.setup import describe_options
from ..reports import report
from ..reports.audit import final_scoring
from ..reports.audit_report import (
    NO_PUBLIC,
    PUBLIC_HEADERS,
    audit_json,
    public_rows,
    score_rows,
)
from ..table.loading import Game

HERE = Path(__file__).parent  # templates/report.html, static/report.css and report.js

FORMATS = ("html", "markdown", "json")
UNREADABLE_RULE = "unreadable"
INTERNAL_RULE = "internal error"
KINDS = {"legal": "legal", "claims": "with claim findings", "illegal": "illegal",
         "unreadable": "unreadable", "error": "internal error"}
GAME_HEADERS = ["#", "game", "players", "final scores", "winner", "result"]
STANDING_HEADERS = ["player", "played", "scored", "wins", "average score", "best score"]
FINDING_HEADERS = ["#", "where", "turn", "player", "rule", "message"]
STANDINGS_NOTE = ("Wins and scores are the rules' final scores (a claim that disagrees does not "
                  "change them); players sharing first place each get a win. A game that did "
                  "not reach its final scoring (an illegal move, or a log that ends early) "
                  "counts as played but not scored: the average and best score are over the "
                  "scored games only. An unreadable log counts for nobody. Sorted by wins, "
                  "then average score, then name.")


# --- in the worker: one replayed log -----------------------------------------------------------
def summary(name: str, game: Game) -> dict[str, Any]:
    """A replayed log's part of the report: what `validate` reports (status, exit, every
    finding with its line and column), its players in seating order, its variants and, when
    the game reached its final scoring, the scores itemised as the audit itemises them."""
    out = report.validation(name, game)
    r = game.replay
    out["players"] = [str(p["name"]) for p in game.loaded.data.get("players") or []]
    out["variants"] = describe_options(r.game.state.options) if r.game is not None else ""
    out.pop("scores", None)
    if r.scores is not None:
        a = final_scoring(r)
        out["scores"] = audit_json(a, name)["scores"]
        out["tie_break"] = a.tie_break
        headers, rows = score_rows(a)
        public, lost = public_rows(a)
        out["breakdown"] = {"headers": headers, "rows": rows, "public": public, "lost": lost}
    elif r.game is not None and out["status"] == "legal":
        out["unfinished"] = [p.name for p in r.game.state.players if not p.finished]
    return out


VIEWER_PAGE = "viewer_page"  # the key of the viewer page in `summary_with_viewer`'s result


def summary_with_viewer(name: str, game: Game) -> dict[str, Any]:
    """`season_report.summary` of a replayed log and, when the replay drew a snapshot, the
    log's viewer page (`VIEWER_PAGE`) for `report --viewers`, made from the same reading and
    the same replay of the log (in the worker that read it, `batch.validate_many` asked to
    keep the snapshots: the log is read and replayed once, and the page shows the game the
    report describes even if the file changes meanwhile)."""
    from ..viewer import viewer_html

    out = summary(name, game)
    if game.replay.snapshots:
        out[VIEWER_PAGE] = viewer_html(game, name)
    return out


# --- in the parent: the report's data ----------------------------------------------------------


def game_entry(number: int, result: dict[str, Any]) -> dict[str, Any]:
    """One game of the report from its worker's result (a `summary`, or the problems of an
    unreadable log, or an internal error)."""
    file = str(result["file"])
    status = result["status"]
    if status == "unreadable":
        findings = [_finding(UNREADABLE_RULE, p["message"], p["line"], p["col"])
                    for p in result.get("problems", [])]
    elif status == "error":
        findings = [_finding(INTERNAL_RULE, result["text"])]
    else:  # an illegal setup is the error alone (the replay stops before its findings)
        found = result.get("findings") or ([result["error"]] if "error" in result else [])
        findings = [_finding(f["rule"], f["message"], f["line"], f["col"], f["turn"],
                             f["player"]) for f in found]
    for f in findings:
        f["where"] = file if f["line"] is None else f"{file}:{f['line']}:{f['col']}"
    claims = sum(f["rule"] == CLAIM for f in findings)
    stop = next((f for f in findings if f["rule"] != CLAIM), None)
    kind = (status if status in ("unreadable", "error") else "illegal" if stop
            else "claims" if claims else "legal")
    scores: list[dict[str, Any]] = result.get("scores") or []
    winners = [s["player"] for s in scores if s["rank"] == 1]
    tied = len(scores) > 1 and scores[1]["total"] == scores[0]["total"]  # ranked by VPs first
    return {
        "number": number, "file": file, "status": kind, "exit": result["exit"],
        "result": _result_text(kind, stop, claims, result), "turns": result.get("turns"),
        "players": result.get("players", []), "variants": result.get("variants", ""),
        "scored": bool(scores), "scores": scores, "winners": winners,
        "tie_break": result.get("tie_break", ""), "decided_by_tie_break": tied,
        "unfinished": result.get("unfinished", []), "findings": findings,
        "breakdown": result.get("breakdown"),
    }


def _finding(rule: str, message: str, line: int | None = None, col: int | None = None,
             turn: int | None = None, player: str | None = None) -> dict[str, Any]:
    return {"rule": rule, "message": message, "line": line, "col": col, "turn": turn,
            "player": player}


def _plural(n: int, what: str) -> str:
    return f"{n} {what}{'s' * (n != 1)}"


def _result_text(kind: str, stop: dict[str, Any] | None, claims: int,
                 result: dict[str, Any]) -> str:
    if kind == "unreadable":
        return f"unreadable ({_plural(len(result.get('problems', [])), 'problem')})"
    if kind == "error":
        return "internal error"
    found = _plural(claims, "claim finding")
    if stop is not None:
        at = f"at turn {stop['turn']}" if stop["turn"] is not None else "setup"
        return f"illegal {at} ({stop['rule']})" + (f"; {found}" if claims else "")
    if claims:
        return found
    return "legal" if result.get("scores") else "legal, not finished"


def standings(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per player name: games played, scored (reached final scoring), wins (first place,
    shared places each count), average and best final score over the scored games; by wins,
    then average score, then name."""
    table_: dict[str, dict[str, Any]] = {}
    for g in games:
        if g["status"] in ("unreadable", "error"):
            continue
        by_name = {s["player"]: s for s in g["scores"]}
        for name in dict.fromkeys(g["players"]):
            row = table_.setdefault(name, {"player": name, "played": 0, "scored": 0, "wins": 0,
                                           "total_score": 0, "best": None})
            row["played"] += 1
            s = by_name.get(name)
            if s is not None:
                row["scored"] += 1
                row["wins"] += s["rank"] == 1
                row["total_score"] += s["total"]
                row["best"] = s["total"] if row["best"] is None else max(row["best"], s["total"])
    for row in table_.values():
        exact = row["total_score"] / row["scored"] if row["scored"] else None
        row["exact"] = exact
        row["average"] = None if exact is None else float(f"{exact:.1f}")
    ordered = sorted(table_.values(), key=lambda r: (
        -r["wins"], r["exact"] is None, -(r["exact"] or 0.0), r["player"]))
    for row in ordered:
        del row["exact"]
    return ordered


def counts(games: list[dict[str, Any]]) -> dict[str, int]:
    return {kind: sum(g["status"] == kind for g in games) for kind in KINDS}


def count_text(games: list[dict[str, Any]]) -> str:
    """'6 games: 3 legal, 1 with claim findings, 1 illegal, 1 unreadable'."""
    found = counts(games)
    return (f"{_plural(len(games), 'game')}: "
            + ", ".join(f"{n} {KINDS[k]}" for k, n in found.items() if n))


def exit_code(games: list[dict[str, Any]]) -> int:
    return max((int(g["exit"]) for g in games), default=0)


def scores_text(g: dict[str, Any]) -> str:
    return ", ".join(f"{s['player']} {s['total']}" for s in g["scores"]) or "—"


def winner_text(g: dict[str, Any]) -> str:
    """The winner(s); the tie-break sentence when players tied on VPs."""
    if not g["winners"]:
        return "—"
    names = " and ".join(g["winners"])
    return f"{names} ({g['tie_break']})" if g["decided_by_tie_break"] else names


def standing_cells(row: dict[str, Any]) -> list[Any]:
    return [row["player"], row["played"], row["scored"], row["wins"],  # average: one decimal
            "—" if row["average"] is None else row["average"],
            "—" if row["best"] is None else row["best"]]


def finding_cells(g: dict[str, Any], f: dict[str, Any]) -> list[Any]:
    return [g["number"], f["where"], "" if f["turn"] is None else f["turn"], f["player"] or "",
            f["rule"], f["message"]]


def game_facts(g: dict[str, Any]) -> list[str]:
    """The lines under a game's heading: players, variants, turns, result, final scoring."""
    facts = [f"Players: {', '.join(g['players']) or '—'}."]
    if g["variants"]:
        facts.append(f"Variants: {g['variants']}.")
    replayed = "" if g["turns"] is None else f"; {_plural(g['turns'], 'turn')} replayed"
    facts.append(f"Result: {g['result']}{replayed}.")
    if g["scored"]:
        facts.append(g["tie_break"])
    elif g["status"] in ("unreadable", "error"):
        facts.append("The log could not be replayed: no players, no scores.")
    elif g["unfinished"]:
        facts.append("No final scoring: the log ends before the game does "
                     f"({', '.join(g['unfinished'])} still playing).")
    else:
        facts.append("No final scoring: the replay stops at the illegal move.")
    return facts


def to_json(title: str, games: list[dict[str, Any]]) -> str:
    """For scripts: every game (its score breakdown as structured `scores`), the standings,
    every finding with its game number; sorted keys."""
    shown = [{k: v for k, v in g.items() if k != "breakdown"} for g in games]
    findings = [{**f, "game": g["number"], "file": g["file"]} for g in games
                for f in g["findings"]]
    return safe_json({"title": title, "games": shown, "standings": standings(games),
                      "findings": findings, "counts": counts(games), "exit": exit_code(games)},
                     indent=2, sort_keys=True) + "\n"


# --- Markdown: a forum post --------------------------------------------------------------------
def to_markdown(title: str, games: list[dict[str, Any]]) -> str:
    def prose(text: str) -> str:
        return markdown_text(text, paragraph=True)

    parts = [f"# {markdown_text(title)}", prose(count_text(games) + "."), "## Games",
             markdown_table(GAME_HEADERS, [[g["number"], g["file"], ", ".join(g["players"]),
                                            scores_text(g), winner_text(g), g["result"]]
                                           for g in games]),
             "## Standings"]
    rows = standings(games)
    parts.append(markdown_table(STANDING_HEADERS, [standing_cells(r) for r in rows])
                 if rows else prose("No readable game: no standings."))
    parts += [prose(STANDINGS_NOTE), "## Findings"]
    found = [finding_cells(g, f) for g in games for f in g["findings"]]
    parts.append(markdown_table(FINDING_HEADERS, found) if found
                 else prose("No findings: every move is legal and every claim agrees."))
    for g in games:
        parts.append(f"## Game {g['number']}: {markdown_text(g['file'])}")
        parts += [prose(line) for line in game_facts(g)]
        b = g["breakdown"]
        if b is not None:
            parts.append(markdown_table(b["headers"], b["rows"]))
            parts.append(markdown_table(PUBLIC_HEADERS, b["public"]) if b["public"]
                         else prose(NO_PUBLIC))
            if b["lost"]:
                parts.append(prose(b["lost"]))
        if g["findings"]:
            parts.append(markdown_table(FINDING_HEADERS,
                                        [finding_cells(g, f) for f in g["findings"]]))
    return "\n\n".join(parts) + "\n"


# --- HTML: one self-contained page (templates/report.html) ------------------------------------
def to_html(title: str, games: list[dict[str, Any]], viewers: dict[int, str]) -> str:
    """The page; `viewers` holds the link to each game's viewer page written beside it."""
    from ..base.htmlpage import static_text, templates  # Jinja2: for this format only

    shown = [{**g, "viewer": viewers.get(g["number"]), "facts": game_facts(g),
              "cells": [", ".join(g["players"]), scores_text(g), winner_text(g)],
              "finding_rows": [finding_cells(g, f)[1:] for f in g["findings"]]}
             for g in games]
    return templates(HERE).get_template("report.html").render(
        title=title, count=count_text(games), games=shown,
        standings=[standing_cells(r) for r in standings(games)],
        findings=[(g["number"], finding_cells(g, f)[1:]) for g in games
                  for f in g["findings"]],
        headers={"games": GAME_HEADERS, "standings": STANDING_HEADERS,
                 "findings": FINDING_HEADERS, "public": PUBLIC_HEADERS},
        standings_note=STANDINGS_NOTE, no_public=NO_PUBLIC,
        css=static_text(HERE, "report.css"), js=static_text(HERE, "report.js"))
