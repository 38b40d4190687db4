"""Validating many logs: paths, directories and globs; parallel processes; results in input
order whatever order the jobs finish in; one broken file never stops the others."""

from __future__ import annotations

import glob
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from . import report
from .errors import LogFormatError, Problem
from .loading import load_game
from .logfile.yamlsafe import STDIN, STDIN_NAME

GLOB_CHARS = set("*?[")
LOG_SUFFIXES = (".yaml", ".yml")


def expand(args: list[str]) -> list[Path]:
    """Files named, every log under a directory (sorted), every match of a glob (sorted);
    each once, in the order given. A name that matches nothing is kept, to be reported."""
    out: list[Path] = []
    for arg in args:
        path = Path(arg)
        if GLOB_CHARS & set(arg) and not path.exists():
            matches = [Path(m) for m in sorted(glob.glob(arg, recursive=True))]
            found = [f for m in matches for f in _logs_in(m)] or [path]  # reported: no match
        else:
            found = _logs_in(path)
        out += [p for p in found if p not in out]
    return out


def _logs_in(path: Path) -> list[Path]:
    """A folder's logs, sorted (the folder itself when it has none: reported); else the path."""
    if not path.is_dir():
        return [path]
    return sorted(p for p in path.rglob("*") if p.suffix in LOG_SUFFIXES and p.is_file()) or [path]


def validate_one(path: str, edition: str | None, max_bytes: int,
                 lenient: bool = False) -> dict[str, Any]:
    """One file's report (picklable: it crosses process boundaries); `-` is standard input."""
    if path != STDIN and not os.path.lexists(path) and GLOB_CHARS & set(path):
        return report.format_problems(path, [Problem(f"'{path}' matches no file")])
    if os.path.isdir(path):  # `expand` keeps a folder only when it holds no log
        return report.format_problems(path, [Problem(
            f"'{path}' is a folder with no log ({' or '.join(LOG_SUFFIXES)}) in it")])
    try:
        game = load_game(path, edition, max_bytes, keep_snapshots=False, lenient=lenient)
    except LogFormatError as e:
        return report.format_problems(_name(path), e.problems)
    except Exception as e:  # noqa: BLE001 - a bug must not stop the other files
        return {"file": path, "status": "error", "exit": 2,
                "text": f"{path}: internal error ({type(e).__name__}: {e}); this is a bug in "
                        "grinivil, please report it with this log."}
    return report.validation(_name(path), game)


def _name(path: str) -> str:
    return STDIN_NAME if path == STDIN else path


def validate_many(paths: list[Path], *, edition: str | None, max_bytes: int, jobs: int,
                  lenient: bool = False,
                  on_done: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
    """Reports in input order, each as soon as it and every earlier one are done."""
    names = [str(p) for p in paths]
    if jobs <= 1 or len(names) <= 1 or STDIN in names:  # one process reads standard input
        for name in names:
            result = validate_one(name, edition, max_bytes, lenient)
            if on_done:
                on_done()
            yield result
        return
    with ProcessPoolExecutor(max_workers=min(jobs, os.cpu_count() or 1, len(names))) as pool:
        futures = [pool.submit(validate_one, name, edition, max_bytes, lenient)
                   for name in names]
        for future in futures:
            result = future.result()
            if on_done:
                on_done()
            yield result


def summary(results: list[dict[str, Any]]) -> str:
    """A table of every file's result and a count by status."""
    rows = [(r["file"], r["status"], _detail(r)) for r in results]
    width = max(len(f) for f, _, _ in rows)
    lines = [f"{f:<{width}}  {s:<10}  {d}" for f, s, d in rows]
    counts = {s: sum(1 for r in results if r["status"] == s)
              for s in ("legal", "illegal", "unreadable", "error")}
    lines.append(f"{len(results)} files: " + ", ".join(f"{n} {s}" for s, n in counts.items()
                                                        if n))
    return "\n".join(lines)


def _detail(r: dict[str, Any]) -> str:
    if r["status"] == "legal":
        return f"{r.get('turns', 0)} turns"
    if r["status"] == "illegal":
        e = r["error"]
        return f"turn {e['turn']}: {e['rule']}" if e.get("turn") else e["rule"]
    if r["status"] == "unreadable":
        n = len(r.get("problems", []))
        return f"{n} problem{'s' * (n != 1)}"
    return "internal error"
