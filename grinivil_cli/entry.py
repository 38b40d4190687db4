"""The `grinivil` console entry point (and `python -m grinivil_cli`): a quick start for the most
common command, everything else through the typer application of `cli.py`.

Start-up time (issue 15): building the typer application and parsing its options imports typer,
then pydantic, which typer uses to convert every option value (0.15 s together, more than the
validation of a small log). `grinivil validate` given plain arguments (log paths and the
command's own options, each written whole: `--format json`, `--format=json`, `-q`, `-j 2`) is
parsed here and run by the same function as the typer command (`validating.run`), with the
same messages and exit codes. Anything else goes to typer: another command, `--help`, an option
this parser does not know or a value it would have to convert differently (`--jobs 0`,
`--max-size 1e6`, a value beginning with `-`), an option given twice, `--`, combined short
options, a shell-completion request, Windows (where click expands globs itself). Typer is the
judge of every command line the quick start does not accept, so usage errors, help and
completion are typer's own. tests/test_entry.py runs both ways on the same command lines.
Why it stays (the same `validate` 1.9x slower through typer: 0.29 imports pydantic to convert
the options, 0.16 imports rich with itself): docs/performance.md, section 9, issue 33.
"""

from __future__ import annotations

import os
import re
import signal
import sys
from collections.abc import Callable
from typing import Any

Handler = Callable[[int, Any], None]  # a signal handler, as `signal.signal` takes it

LEGAL, ILLEGAL, UNREADABLE = 0, 1, 2
_COUNT = re.compile(r"[1-9][0-9]{0,17}")  # an int option's value the quick start converts
# validate's options (cli.validate): the parameter each sets; a value or a flag
_VALUES = {"--edition": "edition", "--max-size": "max_size", "--format": "fmt",
           "--jobs": "jobs", "-j": "jobs", "--exclude": "exclude", "--dask": "dask"}
_FLAGS = {"--lenient": "lenient", "--quiet": "quiet", "-q": "quiet", "--logs-only": "logs_only"}
_INTEGERS = frozenset({"max_size", "jobs"})
_REPEATABLE = frozenset({"exclude"})
COMPLETE_VAR = "_GRINIVIL_COMPLETE"  # typer's shell-completion request (`_{PROG}_COMPLETE`)


def plain_validate(argv: list[str]) -> dict[str, Any] | None:
    """The arguments of `validate` in `argv` (the command line after the program's name) as
    `validating.run` takes them, or None when typer is to parse the command line."""
    if not argv or argv[0] != "validate" or os.name == "nt" or COMPLETE_VAR in os.environ:
        return None
    given: dict[str, Any] = {}
    logs: list[str] = []
    rest = iter(argv[1:])
    for arg in rest:
        if arg == "-" or not arg.startswith("-"):
            logs.append(arg)
            continue
        name, eq, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name in _FLAGS and not eq and _FLAGS[name] not in given:
            given[_FLAGS[name]] = True
            continue
        key = _VALUES.get(name)
        if key is None or (key in given and key not in _REPEATABLE):
            return None  # --help, an unknown option, `--`, -qj2, a flag twice: typer's
        if not eq:
            following = next(rest, None)
            if following is None:
                return None
            value = following
        if value.startswith("-") or (key in _INTEGERS and not _COUNT.fullmatch(value)):
            return None
        if key in _REPEATABLE:
            given.setdefault(key, []).append(value)
        else:
            given[key] = int(value) if key in _INTEGERS else value
    if not logs:
        return None  # typer says the argument is missing
    return {"logs": logs, **given}


def main(starting: Handler | None = None) -> None:
    """Console entry point: never let a traceback reach a person, nor a control character
    a terminal would obey (standard error goes through `terminal.SafeStream`), nor a
    traceback for Ctrl-C however early it comes (exit 130: `start.py`, whose handler until
    now is `starting`, and `_Interrupted`)."""
    interrupted = _Interrupted(starting)
    try:
        interrupted.install()  # from here, Ctrl-C is a KeyboardInterrupt the commands handle
        from .base import collector
        from .base.terminal import SafeStream

        sys.stderr = SafeStream(sys.stderr)
        args = plain_validate(sys.argv[1:])
        if args is None:
            with collector.paused():
                from .cli import app
            app(prog_name="grinivil")  # `python -m grinivil_cli` is the same command
        else:
            _quick_validate(args)
    except SystemExit:
        raise
    except BaseException as e:  # noqa: B036 - KeyboardInterrupt, PanicException: see below
        if interrupted.seen:  # whatever Ctrl-C broke (an import half done: pyo3 turns the
            sys.exit(130)  # interrupt into its PanicException), the user asked to stop
        if not isinstance(e, Exception):
            raise
        from .base.terminal import safe_text

        print(safe_text(f"grinivil: internal error ({type(e).__name__}: {e}). This is a bug in "
                        "grinivil; please report it with the log that caused it."),
              file=sys.stderr)
        sys.exit(UNREADABLE)


def _quick_validate(args: dict[str, Any]) -> None:
    """`validating.run` as typer would run the command: its exit code the process's, and
    what typer's standalone mode makes of the interruptions it knows (KeyboardInterrupt: 130;
    a closed pipe on standard output: 1, without a message; end of input: "Aborted.", 1)."""
    import errno

    from .base import collector
    from .base.terminal import echo

    try:
        with collector.paused():  # the modules' objects live on
            from .validate.run import run
        code = run(**args)
    except KeyboardInterrupt:
        code = 130
    except EOFError:
        echo("", err=True)
        echo("Aborted.", err=True)
        code = ILLEGAL
    except OSError as e:
        if e.errno != errno.EPIPE:
            raise
        sys.stdout = _Pacified(sys.stdout)
        sys.stderr = _Pacified(sys.stderr)
        code = ILLEGAL
    sys.exit(code)


class _Interrupted:
    """SIGINT while a command runs: Python's KeyboardInterrupt, as the commands expect, noted
    so that `main` can tell an interrupted import (whatever exception it became) from a bug.
    A KeyboardInterrupt raised where Python cannot raise it (a weakref callback of the import
    system, a finalizer) is printed as "Exception ignored in ..." and lost, and the command
    would go on: there the process ends at once with 130 (`unraisable`)."""

    def __init__(self, starting: Handler | None = None) -> None:
        self.seen = False
        self.previous = sys.unraisablehook
        self.starting = starting  # start.py's handler, which this one takes over from

    def install(self) -> None:
        """In place of Python's handler or start.py's (`starting`), not of a handler someone
        else installed."""
        if signal.getsignal(signal.SIGINT) in (signal.default_int_handler, self.starting):
            signal.signal(signal.SIGINT, self)
            sys.unraisablehook = self.unraisable

    def unraisable(self, info: Any) -> None:
        """Ctrl-C that landed where it could not be raised: stop as asked (nothing is half
        written: every output is written whole or not at all); anything else as before."""
        if self.seen and info.exc_type is KeyboardInterrupt:
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except (OSError, ValueError):
                    pass
            os._exit(130)
        self.previous(info)

    def __call__(self, signum: int, frame: object) -> None:
        self.seen = True
        raise KeyboardInterrupt


class _Pacified:
    """A stream whose flush ignores a closed pipe (click's PacifyFlushWrapper): the flush at
    the interpreter's exit must not raise again for the pipe that is gone."""

    def __init__(self, wrapped: Any) -> None:
        self.wrapped = wrapped

    def flush(self) -> None:
        try:
            self.wrapped.flush()
        except OSError as e:
            import errno

            if e.errno != errno.EPIPE:
                raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)
