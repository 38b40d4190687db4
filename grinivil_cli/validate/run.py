"""`grinivil validate`: its work, what it prints and its exit code, without typer.

The typer command (`cli.validate`) and the quick start (`entry.py`: the same command line
parsed without typer, start-up time) both run `run`, so the command behaves the same whichever
way it was started. Options, help and usage errors are the typer command's.
"""

from __future__ import annotations

import signal
import sys
from contextlib import closing
from typing import Any

from ..base.terminal import echo, safe_json, safe_text
from ..base.width import terminal_width, wrap
from ..engine.game import plural
from ..logfile.yamlsafe import DEFAULT_MAX_BYTES, STDIN
from . import batch

ILLEGAL, UNREADABLE = 1, 2


def run(logs: list[str], edition: str | None = None, max_size: int = DEFAULT_MAX_BYTES,
        fmt: str = "text", jobs: int = 1, lenient: bool = False, quiet: bool = False,
        exclude: list[str] | None = None, logs_only: bool = False,
        dask: str | None = None) -> int:
    """Validate the logs as `grinivil validate` does (its options, by the same names) and
    print the results; the exit code: the worst over the files, 2 for a usage error, 128 +
    the signal when SIGINT or SIGTERM stopped the run."""
    if fmt not in ("text", "json", "jsonl"):
        _echo(f"grinivil: --format must be text, json or jsonl, not '{fmt}'.", err=True)
        return UNREADABLE
    if dask is not None:  # before reading anything
        try:
            batch.dask_scheduler(dask)
        except batch.DaskUnavailable as e:
            _echo(f"grinivil: {e}", err=True)
            return UNREADABLE
    found = batch.find_logs(logs, exclude, logs_only=logs_only, max_bytes=max_size)
    paths = found.logs
    if dask is not None and (jobs > 1 or STDIN in map(str, paths)):
        _echo("grinivil: --dask validates files on the cluster's workers: not with --jobs, "
              "nor standard input.", err=True)
        return UNREADABLE
    progress = fmt == "text" and len(paths) > 1 and sys.stderr.isatty()
    stream = fmt == "jsonl" or (fmt == "text" and not progress)  # each result as it comes
    results: list[dict[str, Any]] = []

    def show(result: dict[str, Any]) -> None:
        if fmt == "jsonl":
            _echo_json(result)
        elif not (quiet and result["status"] == "legal"):
            _echo(_fitted(result))

    with batch.stopping_on_signals():  # Ctrl-C, SIGTERM: stop, print what is known, 130, 143
        try:
            if dask is not None:
                reports = batch.validate_on_dask(paths, dask, edition=edition,
                                                 max_bytes=max_size, lenient=lenient,
                                                 on_done=lambda: bar.update(1))
            else:
                reports = batch.validate_many(paths, edition=edition, max_bytes=max_size,
                                              jobs=jobs, lenient=lenient,
                                              on_done=lambda: bar.update(1))
            with _progressbar(len(paths), "validating", shown=progress) as bar, \
                    closing(reports):
                for result in reports:
                    results.append(result)
                    if stream:
                        show(result)
        except batch.Interrupted as stop:  # the reports finished but not given yet
            results += stop.known
            if stream:
                for result in stop.known:
                    show(result)
        except batch.DaskUnavailable as e:
            _echo(f"grinivil: {e}", err=True)
            return UNREADABLE
        signum = batch.pending_signal()
        if fmt == "text" and not stream:
            for result in results:
                show(result)
        counts = batch.counts(results, found.not_logs)
        if fmt == "json":
            _echo_json({"files": results, "summary": counts, "skipped": [
                safe_text(str(p), newlines=False) for p in found.not_logs]})
        elif fmt == "jsonl":
            _echo_json({"summary": counts})
        elif not quiet and (len(paths) > 1 or found.not_logs) and results:
            named = [{**r, "file": safe_text(r["file"], newlines=False)} for r in results]
            _echo("\n" + batch.summary(named, found.not_logs, found.not_files))  # a line per
            # file, whatever its name holds
        if fmt == "text":
            _rule_hint(results)
        if signum is not None:
            _echo(f"grinivil: interrupted ({signal.Signals(signum).name}): {len(results)} of "
                  f"{plural(len(paths), 'file')} validated.", err=True)
            return 128 + signum
    return counts["exit"]


LISTS = ("options:", "final scores:")  # the lines of a legal log that are lists


def _fitted(result: dict[str, Any]) -> str:
    """A result's text for the terminal: a legal log's lines after its verdict wrapped to the
    terminal's width, a list (the options, the final scores) between its items, a sentence
    (the edition's note, a game not over) between its words; an illegal log's note on its
    edition (its first line) too; a verdict and a finding stay one line each
    (`file:line:col: message`, as editors and hooks read them)."""
    width = terminal_width()
    if result["status"] != "legal":
        text = str(result["text"])
        if "edition" not in result:
            return text
        note, _, findings = text.partition("\n")  # `file: edition: ...`, a sentence
        return "\n".join([wrap(note, width), *([findings] if findings else [])])
    verdict, *rest = str(result["text"]).split("\n")
    return "\n".join([verdict, *(wrap(line, width, sep=", " if line.startswith(LISTS) else " ")
                                  for line in rest)])


def _rule_hint(results: list[dict[str, Any]]) -> None:
    """Once a run, after the findings: how to read the first rule id they cite."""
    from ..rules.reference import hint_for

    for r in results:
        error = r.get("error") or {}
        hint = hint_for(error.get("rule", "")) if error.get("rule") else ""
        if hint:
            _echo(hint, err=True)
            return


class _Hidden:
    """A progress bar that shows nothing (typer's with `hidden=True`)."""

    def __enter__(self) -> _Hidden:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, steps: int) -> None:
        return None


def _progressbar(length: int, label: str, *, shown: bool) -> Any:
    """typer's progress bar on standard error when `shown` (typer imported only then)."""
    if not shown:
        return _Hidden()
    import typer

    return typer.progressbar(length=length, label=label, file=sys.stderr)


def _echo(text: str, err: bool = False) -> None:
    """Every message goes through `safe_text` (as `cli._echo`)."""
    echo(safe_text(text), err=err)


def _echo_json(value: Any) -> None:
    echo(safe_json(value, indent=None, sort_keys=True))

