"""The `grinivil` command: options, printing and exit codes only; no rule lives here.

Exit codes: 0 legal, 1 illegal move or disagreeing claim, 2 unreadable input or usage error;
`validate` stopped by SIGINT (Ctrl-C) or SIGTERM: 130 or 143 (128 + the signal).
"""

from __future__ import annotations

import re
import signal
import sys
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .base import collector
from .base.terminal import safe_json, safe_text
from .base.width import terminal_width, wrap
from .engine.game import plural
from .errors import LogFormatError, Problem
from .logfile.yamlsafe import STDIN, STDIN_NAME
from .reports import report
from .table.loading import DEFAULT_MAX_BYTES, Game, load_game
from .validate import batch

if TYPE_CHECKING:
    from .edition.check import Checked

app = typer.Typer(no_args_is_help=True, rich_markup_mode="markdown",
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help="Replay and validate recorded games of Grinivil.")


def _version(shown: bool) -> None:
    """`--version`: the package's version (`grinivil_cli.__version__`), then exit 0."""
    if shown:
        from . import __version__

        _echo(f"grinivil {__version__}")
        raise typer.Exit(LEGAL)


@app.callback()
def _main(
    shown: Annotated[bool, typer.Option(
        "--version", "-V", metavar="", callback=_version, is_eager=True,
        help="Print grinivil's version and exit.")] = False,
) -> None:
    """Replay and validate recorded games of Grinivil."""

def _number(low: int | None = None, high: int | None = None,
            hint: str = "") -> Callable[[str | int], int]:
    """The parser of a whole-number option: its value as typed, within `low`..`high`, or a
    usage error in the table's words (typer's own, from pydantic, said "Input should be a
    valid integer, unable to parse string as an integer"); `hint` follows a value that is no
    number (`--players Anna,Bruno`: the names go in --names)."""
    span = (f" from {low} to {high}" if low is not None and high is not None
            else f" of {low} or more" if low is not None else "")

    def parse(text: str | int) -> int:
        if isinstance(text, int):  # a value typer has converted already (a default)
            value = text
        elif not WHOLE.fullmatch(text.strip()):
            shown = safe_text(text, newlines=False)
            raise typer.BadParameter(f"takes a whole number{span}, not '{shown}'{hint}")
        else:
            value = int(text.strip())
        if (low is not None and value < low) or (high is not None and value > high):
            raise typer.BadParameter(f"takes a whole number{span}, not {value}")
        return value

    return parse


WHOLE = re.compile(r"[+-]?[0-9]{1,18}")  # as typed: no `1_000`, no `1e6`


EditionOpt = Annotated[str | None, typer.Option(
    "--edition", metavar="NAME|FILE",
    help="Edition file (component data) or bundled edition name.")]
MaxSizeOpt = Annotated[int, typer.Option(
    "--max-size", parser=_number(1), metavar="BYTES",
    help="Refuse log files larger than this many bytes.")]
# a new game dealt at random (`record`, `serve`)
DealOpt = Annotated[int | None, typer.Option(
    "--deal", parser=_number(), metavar="SEED",
    help="Start a new log with a random legal setup dealt from this seed.")]
PlayersOpt = Annotated[int | None, typer.Option(
    "--players", parser=_number(2, 6, " (their names go in --names Anna,Bruno)"), metavar="N",
    help="How many players, 2 to 6 (default: as many as --names, else 4).")]
NamesOpt = Annotated[str | None, typer.Option(
    "--names", metavar="NAMES", help="The players in seating order: Anna,Bruno,...")]


def _seats(players: int | None, names: str | None) -> tuple[int, list[str] | None]:
    """How many players a new game has and their names (None: the default names), from
    `--players N` and `--names A,B,...`, as `new`, `record`, `serve` and `simulate` read
    them; a usage error (exit 2) when they disagree."""
    named = [n.strip() for n in names.split(",") if n.strip()] if names is not None else None
    if named is not None and not 2 <= len(named) <= 6:
        _echo(f"grinivil: --names gives 2 to 6 players, comma-separated (Anna,Bruno); "
              f"'{safe_text(names or '', newlines=False)}' gives {len(named)}.", err=True)
        raise typer.Exit(UNREADABLE)
    if named is not None and players is not None and players != len(named):
        _echo(f"grinivil: --players {players} but --names gives {len(named)} names.", err=True)
        raise typer.Exit(UNREADABLE)
    return (len(named) if named is not None else players or 4), named
FormatOpt = Annotated[str, typer.Option("--format", metavar="FORMAT",
                                        help="Output format: text or json.")]

LEGAL, ILLEGAL, UNREADABLE = 0, 1, 2


def _load_or_exit(log: Path, edition: str | None, max_size: int, fmt: str = "text",
                  **replay_options: bool) -> Game:
    """Read, check and replay a log; every format problem printed and exit 2 if unreadable."""
    try:
        return load_game(log, edition, max_size, **replay_options)
    except LogFormatError as e:
        _emit("json" if fmt == "json" else "text", report.format_problems(_shown(log), e.problems))
        raise typer.Exit(UNREADABLE) from None


def _shown(log: Path) -> str:
    """How a log is named in messages (`-` reads standard input)."""
    return STDIN_NAME if str(log) == STDIN else str(log)


def _write_or_exit(path: Path, text: str) -> None:
    """Write an output file whole, or exit 2 saying why it cannot be (a folder that does not
    exist is not created: only what the user named is)."""
    from .base.output import write_atomic

    try:
        write_atomic(path, text)
    except OSError as e:
        _echo(f"grinivil: cannot write {path}: {_why(path.parent, e)}.", err=True)
        raise typer.Exit(UNREADABLE) from None


def _why(folder: Path, error: OSError) -> str:
    """Why a file cannot be written into `folder`: a name too long, a file standing where a
    folder should be (mkdir's 'File exists' would not say which), or the system's reason."""
    from .base.output import reason

    return reason(error, folder)


def _check_format(fmt: str) -> None:
    if fmt not in ("text", "json"):
        _echo(f"grinivil: --format must be text or json, not "
              f"'{safe_text(fmt, newlines=False)}'.", err=True)
        raise typer.Exit(UNREADABLE)


@app.command()
def validate(
    logs: Annotated[list[str], typer.Argument(
        metavar="LOG",
        help="Game log files (YAML), directories (every .yaml/.yml below, hidden folders "
        "skipped), globs, or - for standard input.")],
    edition: EditionOpt = None,
    max_size: MaxSizeOpt = DEFAULT_MAX_BYTES,
    fmt: Annotated[str, typer.Option(
        "--format", metavar="FORMAT",
        help="text; json: one document (files, skipped, summary); jsonl: one record a line, "
        "a summary record last.")] = "text",
    jobs: Annotated[int, typer.Option("--jobs", "-j", parser=_number(1),
                                      metavar="N", help="Validate in this many processes.")] = 1,
    lenient: Annotated[bool, typer.Option(
        "--lenient", metavar="",
        help="Carry on after an illegal move and report every finding.")] = False,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", metavar="",
        help="Print only the findings: illegal moves, disagreeing claims, unreadable logs.")]
    = False,
    exclude: Annotated[list[str] | None, typer.Option(
        "--exclude", metavar="PATTERN",
        help="Skip the files and folders found in a folder or a glob whose path or name "
        "matches this glob pattern (repeatable).")] = None,
    logs_only: Annotated[bool, typer.Option(
        "--logs-only", metavar="",
        help="Skip named files that are not Grinivil logs too, as in folders (for a hook "
        "given every YAML file).")] = False,
    dask: Annotated[str | None, typer.Option(
        "--dask", metavar="ADDRESS",
        help="Validate on a Dask cluster: its scheduler (tcp://HOST:PORT or HOST:PORT; `local` "
        "starts one on this machine). Needs the optional extra 'dask'. A Dask cluster runs "
        "code in grinivil's process and is trusted: connect only to a cluster you run.")]
    = None,
) -> None:
    """Replay each log through the rules. Exit 0 when every move is legal, 1 at the first
    illegal move or disagreeing claim, 2 when a log cannot be read. In folders and globs,
    YAML files that are clearly not Grinivil logs (none of a log's keys) are skipped and
    counted. Ctrl-C (or SIGTERM) stops at once, prints the results known and exits 130
    (143)."""
    from .validate.run import run

    raise typer.Exit(run(logs, edition, max_size, fmt, jobs, lenient, quiet, exclude,
                         logs_only, dask))


@app.command()
def show(
    log: Annotated[Path, typer.Argument(metavar="LOG",
                                        help="Game log file (YAML); - reads standard input.")],
    turn: Annotated[int | None, typer.Option("--turn", parser=_number(0), metavar="N",
                                             help="Show the state after turn N "
                                             "(0 is the setup; default: the last turn).")] = None,
    edition: EditionOpt = None,
    max_size: MaxSizeOpt = DEFAULT_MAX_BYTES,
    fmt: FormatOpt = "text",
) -> None:
    """Show the state of the game after a turn as readable tables (the last turn when no
    --turn is given). Exit 0; 1 when the log breaks a rule before the turn shown (the state
    before that move is shown, then the finding); 2 when the log cannot be read or --turn is
    not one of its turns."""
    _check_format(fmt)
    game = _load_or_exit(log, edition, max_size, fmt)
    snaps = game.replay.snapshots
    n = _turn_or_exit(log, game, turn, fmt)
    tables = report.state_tables(snaps[n], None if fmt == "json" else terminal_width())
    stopped = game.replay.error is not None and n == len(snaps) - 1
    if stopped and fmt == "json":  # one JSON document: the state and why the replay stops
        tables["validation"] = report.validation(_shown(log), game)
    _emit(fmt, tables)
    if stopped and fmt != "json":
        _echo(report.validation(_shown(log), game)["text"], err=True)
    raise typer.Exit(ILLEGAL if stopped else LEGAL)


def _turn_or_exit(log: Path, game: Game, turn: int | None, fmt: str) -> int:
    """The snapshot --turn names (default: the last); exit 1 with the validation when the log
    has none (its setup is illegal), 2 when --turn is out of range."""
    snaps = game.replay.snapshots
    if not snaps:
        _emit(fmt, report.validation(_shown(log), game))
        raise typer.Exit(ILLEGAL)
    n = len(snaps) - 1 if turn is None else turn
    if not 0 <= n < len(snaps):
        _echo(f"grinivil: --turn must be between 0 and {len(snaps) - 1} for {_shown(log)}.",
              err=True)
        raise typer.Exit(UNREADABLE)
    return n


@app.command()
def simulate(
    players: Annotated[int, typer.Option("--players", parser=_number(2, 6),
                                         metavar="N", help="Number of players (2 to 6).")] = 4,
    seed: Annotated[int, typer.Option("--seed", parser=_number(), metavar="SEED",
                                      help="Random seed: same seed, same log.")] = 1,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", metavar="FILE", help="Write the log here (default: print).")] = None,
    edition: EditionOpt = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="KEY=VALUE",
        help="A game variant, KEY=VALUE, repeatable: blocks=-2..2 (Quick or Long "
        "Game), big_town=true, beginners_ring=true, ignore_max_distance=true, "
        "personalized_tar=true (picks drawn), promo_tiles=follower,crowdfunding,manager.")
    ] = None,
    bot: Annotated[str, typer.Option(
        "--bot", metavar="NAME",
        help="Who plays every seat: simple (the fast bots, default) or planner (a lookahead "
        "on the projected final score with a House plan kept across turns: games that look "
        "like real ones, about 5 times slower; docs/bots.md).")] = "simple",
) -> None:
    """Play a complete legal game with bots and write its log (with --option, a variant
    game: the options go into the log header; with --bot planner, the stronger bots). Exit 0
    when the log is written, 2 on a usage error (an unknown option or bot, an edition that
    cannot be read) or when the file cannot be written."""
    from .edition.load import load_edition, refused_name
    from .errors import IllegalMove
    from .logfile.writer import log_to_yaml
    from .sim.simulate import simulate as play_game
    from .table.deal import SimulationError, parse_option

    try:
        ed = load_edition("standard" if edition is None else edition)
    except LogFormatError as e:
        _emit("text", report.format_problems(f"--edition {edition!r}", e.problems))
        raise typer.Exit(UNREADABLE) from None
    if refused_name(ed.name) is not None:
        _echo(f"grinivil: --edition: {refused_name(ed.name)}.", err=True)
        raise typer.Exit(UNREADABLE)
    from .logfile.suggest import hint
    from .sim.arena import BOTS

    if bot not in BOTS:
        _echo(f"grinivil: --bot must be {' or '.join(BOTS)}, not "
              f"{safe_text(repr(bot), newlines=False)}{hint(bot, BOTS) or '.'}", err=True)
        raise typer.Exit(UNREADABLE)
    options: dict[str, object] = {}
    try:
        for item in option or []:
            options.update(parse_option(item))
        log = play_game(ed, players, seed, options or None, bot_kind=bot)
    except (ValueError, IllegalMove) as e:
        _echo(f"grinivil: --option: {e}", err=True)
        raise typer.Exit(UNREADABLE) from None
    except SimulationError as e:  # no log rather than an unfinished one
        _echo(f"grinivil: {e}.", err=True)
        raise typer.Exit(UNREADABLE) from None
    args = "".join(f" --option {o}" for o in option or []) + (
        f" --bot {bot}" if bot != "simple" else "")
    from .base.packagedata import schema_path_from

    # the schema named by a path an editor resolves from the log's folder
    where = Path.cwd() if output is None or str(output) == STDIN else output.parent
    text = log_to_yaml(log, f" --players {players} --seed {seed}{args}",
                       schema=schema_path_from(where))
    if output is None:  # a log, not a message: escaped only when a terminal shows it
        typer.echo(safe_text(text) if sys.stdout.isatty() else text, nl=False)
    else:
        _write_or_exit(output, text)
        _after_new_log(output, edition)


def _after_new_log(log: Path, edition: str | None) -> None:
    """What a command that starts a log says after writing it: where the commands that read
    it will find an edition of one's own, and how to write the schema its `$schema` line
    names when there is none beside it."""
    _edition_beside(log, edition)
    _schema_hint(log)


def _edition_beside(log: Path, edition: str | None) -> None:
    """A word after a new log is written with an edition of one's own (`--edition FILE`)
    that is not in the log's folder: the log names it, and the commands that read the log
    look for its file beside it (`my-box.yaml`), or are given it again."""
    from .edition.load import bundled_editions

    if edition is None or edition in bundled_editions():
        return
    given = Path(edition)
    beside = log.parent / given.name
    try:
        if beside.exists() and beside.samefile(given):
            return
    except OSError:
        return
    _note(f"{log} names the edition {given.stem}: the commands that read it look for "
          f"{given.name} in its folder ({beside}); copy {edition} there, or give --edition "
          f"{edition} each time.")


AuditFormatOpt = Annotated[str, typer.Option(
    "--format", metavar="FORMAT", help="Output format: text, markdown or json.")]


def _load_for_audit(log: Path, edition: str | None, max_size: int, fmt: str,
                    lenient: bool = False) -> Game:
    """Read and replay without stopping at claims; exit 2 or 1 when that cannot be done.
    `--format` is text, markdown or json, as every command names its formats (`table`, its
    name before 0.2, is still taken, with a word on standard error)."""
    if fmt == "table":
        _echo("grinivil: --format table is now --format text (the same tables).", err=True)
    elif fmt not in ("text", "markdown", "json"):
        _echo(f"grinivil: --format must be text, markdown or json, not "
              f"'{safe_text(fmt, newlines=False)}'.", err=True)
        raise typer.Exit(UNREADABLE)
    game = _load_or_exit(log, edition, max_size, fmt, claims=False, lenient=lenient)
    if game.replay.error is not None and not (lenient and fmt == "json"):
        _emit("json" if fmt == "json" else "text", report.validation(_shown(log), game))
    if game.replay.error is not None and not lenient:
        raise typer.Exit(ILLEGAL)
    return game  # lenient JSON: the findings go into the one JSON document


@app.command()
def audit(
    log: Annotated[Path, typer.Argument(metavar="LOG",
                                        help="Game log file (YAML); - reads standard input.")],
    edition: EditionOpt = None,
    max_size: MaxSizeOpt = DEFAULT_MAX_BYTES,
    fmt: AuditFormatOpt = "text",
    chart: Annotated[Path | None, typer.Option(
        "--chart", metavar="FILE",
        help="Also write an SVG chart of VPs and money per player.")] = None,
    lenient: Annotated[bool, typer.Option(
        "--lenient", metavar="",
        help="Carry on after illegal moves (they are listed first).")] = False,
) -> None:
    """Final scores itemised, Public building shares, tie-breaks, and the first claim of the
    log that disagrees with the rules, with the ledger entries that explain it. Exit 0 when
    every claim agrees, 1 at a claim that disagrees or an illegal move, 2 when the log cannot
    be read or its game is not over."""
    from .reports.audit import audit as run_audit
    from .reports.audit_report import audit_json, audit_text

    game = _load_for_audit(log, edition, max_size, fmt, lenient)
    findings = report.validation(_shown(log), game) if lenient and fmt == "json" else None
    if game.replay.scores is None:
        _no_final_score(log, game, fmt, findings)
    result = run_audit(game)
    if chart is not None:
        from .reports.chart import progress_chart

        _write_or_exit(chart, progress_chart(game.replay, title=safe_text(_shown(log))))
    from .engine.setup import describe_options

    variants = describe_options(game.replay.game.state.options) if game.replay.game else ""
    if fmt == "json":
        payload = audit_json(result, _shown(log), variants)
        if findings is not None:
            payload["validation"] = findings
            payload["exit"] = max(payload["exit"], findings["exit"])  # as the process exits
        _echo_json(payload)
    else:
        _echo(audit_text(result, _shown(log), markdown=fmt == "markdown", variants=variants,
                         width=terminal_width()))
    raise typer.Exit(LEGAL if result.agrees and game.replay.error is None else ILLEGAL)


def _no_final_score(log: Path, game: Game, fmt: str, findings: dict[str, Any] | None) -> None:
    """Exit: an unfinished game has no final score to audit (2); one the rules stopped before
    its end (an illegal setup, or turns skipped by --lenient) is illegal (1)."""
    r = game.replay
    playing = [p.name for p in r.game.state.players if not p.finished] if r.game else []
    why = (f"the game is not over ({', '.join(playing)} still playing)" if playing
           else "the game could not be set up")
    text = f"{_shown(log)}: {why}; there is no final score to audit."
    code = ILLEGAL if r.error is not None else UNREADABLE
    if fmt == "json":
        payload: dict[str, Any] = {"file": _shown(log), "status": "unfinished", "exit": code,
                                   "text": text}
        if findings is not None:
            payload["validation"] = findings
        _emit("json", payload)
    else:
        _echo(text, err=True)
    raise typer.Exit(code)


@app.command()
def ledger(
    log: Annotated[Path, typer.Argument(metavar="LOG",
                                        help="Game log file (YAML); - reads standard input.")],
    player: Annotated[str | None, typer.Option("--player", metavar="NAME",
                                               help="Only this player.")] = None,
    turns: Annotated[str | None, typer.Option("--turns", metavar="A-B",
                                              help="Only turns A-B (or N).")] = None,
    edition: EditionOpt = None,
    max_size: MaxSizeOpt = DEFAULT_MAX_BYTES,
    fmt: AuditFormatOpt = "text",
) -> None:
    """Every change of money, VPs, cubes, trees, Blocks and Workers, with its cause and rule.
    Exit 0; 1 when the log breaks a rule (the ledger up to that move is printed, then the
    finding); 2 when it cannot be read."""
    from .reports.audit_report import LEDGER_HEADERS, ledger_rows, table

    game = _load_for_audit(log, edition, max_size, fmt)
    entries = game.replay.ledger.entries
    names = [p.name for p in game.replay.snapshots[0].state.players]
    if player is not None and player not in names:
        from .logfile.suggest import hint

        _echo(f"grinivil: '{player}' is not a player of {_shown(log)}{hint(player, names)}",
              err=True)
        raise typer.Exit(UNREADABLE)
    lo, hi = _turn_range(turns)
    chosen = [e for e in entries if (player is None or e.player == player)
              and lo <= e.turn <= hi]
    if fmt == "json":
        for e in chosen:
            _echo_json(e._asdict())
    else:
        _echo(table(LEDGER_HEADERS, ledger_rows(chosen), markdown=fmt == "markdown",
                    width=terminal_width()))


def _turn_range(turns: str | None) -> tuple[int, int]:
    if turns is None:
        return 0, 10**9
    try:
        lo, _, hi = turns.partition("-")
        first, last = int(lo), int(hi or lo)
        if first > last:
            raise ValueError(turns)
        return first, last
    except ValueError:
        _echo(f"grinivil: --turns takes N or A-B, not '{turns}'.", err=True)
        raise typer.Exit(UNREADABLE) from None


@app.command()
def moves(
    log: Annotated[Path, typer.Argument(metavar="LOG",
                                        help="Game log file (YAML); - reads standard input.")],
    turn: Annotated[int | None, typer.Option("--turn", parser=_number(0), metavar="N",
                                             help="The choices after turn N (0 is "
                                             "the setup; default: the last turn).")] = None,
    tile: Annotated[str | None, typer.Option("--tile", metavar="TILE",
                                             help="The decisions of this tile's "
                                             "action, with the options of each.")] = None,
    given: Annotated[list[str] | None, typer.Option(
        "--set", metavar="PATH=VALUE",
        help="With --tile: take VALUE at decision PATH (e.g. site=I3.s2, "
        "cubes.wood=2, bids.Anna=12, site_bonus={plant}): an option in the words the "
        "listing shows (or its JSON), a whole number for a count; 'omit' leaves an "
        "optional field out, 'end' ends a list. Repeatable.")] = None,
    edition: EditionOpt = None,
    max_size: MaxSizeOpt = DEFAULT_MAX_BYTES,
    fmt: FormatOpt = "text",
) -> None:
    """The legal choices of the player on turn after a turn: which tiles are eligible (and
    why the others are not); with --tile, each decision of that tile's action and its exact
    options. Exit 0; 1 when a value given with --set is one the rules refuse (the rule
    said); 2 when the log cannot be read or --turn is not one of its legal turns."""
    from .engine.actions import NAMES
    from .logfile.suggest import hint
    from .reports.moves_report import dotted, tiles_report
    from .reports.setvalues import BadSet, cut, decisions

    _check_format(fmt)
    game = _load_or_exit(log, edition, max_size, fmt)
    snaps = game.replay.snapshots
    n = _turn_or_exit(log, game, turn, fmt)
    g = game.replay.game
    assert g is not None  # a replay with snapshots has its game
    if tile is not None and tile not in NAMES:
        _echo(f"grinivil: '{tile}' is not an action tile{hint(tile, NAMES)}", err=True)
        raise typer.Exit(UNREADABLE)
    if given and tile is None:
        _echo("grinivil: --set needs --tile (the decisions it sets are a tile's).", err=True)
        raise typer.Exit(UNREADABLE)
    g.state = snaps[n].state.copy()
    if all(p.finished for p in g.state.players):
        _emit(fmt, {"turn": n, "over": True, "text": f"After turn {n} the game is over: "
                    "nobody is on turn."})
        raise typer.Exit(LEGAL)
    if tile is None:
        with collector.spared():  # the searches' replays: no collection walks the game
            tiles = tiles_report(g, n, None if fmt == "json" else terminal_width())
        _emit(fmt, tiles)
        raise typer.Exit(LEGAL)
    try:
        wanted = _given(given or [])
        with collector.spared():
            payload, broken = decisions(g, n, tile, wanted)
    except BadSet as error:
        _echo(f"grinivil: {error}", err=True)
        raise typer.Exit(UNREADABLE) from None
    asked = [dotted(d["path"]) for d in payload["decisions"]]
    unused = [path for path in wanted if path not in asked]
    if unused and broken is None:  # a value given for no decision of the move: say so
        _emit_fitted(fmt, payload)
        _echo(f"grinivil: --set {cut(unused[0])}: no decision of this move is at "
              f"'{cut(unused[0])}' (its decisions: {', '.join(asked) or 'none'})"
              f"{hint(unused[0], asked)}", err=True)
        raise typer.Exit(UNREADABLE)
    _emit_fitted(fmt, payload)
    raise typer.Exit(ILLEGAL if broken is not None else LEGAL)


def _given(pairs: list[str]) -> dict[str, str]:
    """--set PATH=VALUE pairs: each PATH as written (matched against the decisions' paths as
    text) and its VALUE as written (read at its decision: `setvalues.take`, never as YAML
    with aliases); BadSet for a pair no decision can take."""
    from .reports.setvalues import read_pairs

    return read_pairs(pairs)


@app.command()
def record(
    log: Annotated[Path, typer.Argument(metavar="LOG",
                                        help="The log to record into: an existing one is "
                                        "replayed and continued; a new one starts with its "
                                        "setup, asked (or dealt with --deal).")],
    deal: DealOpt = None,
    players: PlayersOpt = None,
    names: NamesOpt = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="KEY=VALUE",
        help="A variant of a dealt game, KEY=VALUE (as for simulate).")] = None,
    answers: Annotated[Path | None, typer.Option(
        "--answers", metavar="FILE",
        help="Read the answers from this file, one a line, instead of asking.")]
    = None,
    edition: EditionOpt = None,
    max_size: MaxSizeOpt = DEFAULT_MAX_BYTES,
) -> None:
    """Record a game at the table: each turn asked decision by decision from its exact legal
    options, checked by the rules at once, and the log written after every turn. At a
    question: ? (options, and why a tile is not eligible), back, undo, board, note TEXT,
    score NAME N ..., quit. One recorder writes a log at a time; a log changed on disk
    meanwhile is not written over. Exit 0 when the recording ends (quit, the end of the game
    or of the answers file); with --answers, 1 when the rules refuse an answer and 2 when it
    names no option; 1 when the log breaks a rule; 2 when it cannot be read or recorded
    (another recorder has it)."""
    from .recorder.console import Refused, Script, Stop, Terminal
    from .recorder.console import record as record_turns
    from .recorder.session import CannotRecord, Recording
    from .table.deal import parse_option

    def out(text: str) -> None:
        _echo(text)

    rec: Any = None  # holds the log's lock until the end (`close`)
    try:
        console: Any = Script(answers, out) if answers is not None else Terminal(out)
        if deal is not None:
            options: dict[str, Any] = {}
            for text in option or []:
                options.update(parse_option(text))
            count, named = _seats(players, names)
            rec = Recording.deal(log, count, deal, options, named, edition)
            out(f"{log}: a new {count}-player game dealt from seed {deal}.")
            _after_new_log(log, edition)
        else:
            if option or names or players is not None:
                raise CannotRecord("--players, --names and --option are for a game dealt "
                                   "with --deal")
            if log.exists():
                rec = Recording.open(log, edition, max_size)
            else:
                rec = _setup_at_the_table(log, console, edition, "record")
    except Refused as e:
        _echo(f"grinivil: {e}", err=True)
        raise typer.Exit(e.code) from None
    except (CannotRecord, ValueError, OSError, LogFormatError) as e:
        code = e.code if isinstance(e, CannotRecord) else UNREADABLE
        _echo(f"grinivil: {e}", err=True)
        if rec is not None:
            rec.close()
        raise typer.Exit(code) from None
    try:
        record_turns(rec, console, _board)
    except Stop as e:
        if e.unfinished is not None and answers is not None:  # the file ends in a turn
            number, given = e.unfinished
            _echo(f"grinivil: {answers}: the answers end in the middle of turn {number} "
                  f"({given} of its answers given): turn {number} is not recorded; add the "
                  "rest of its answers and run the same command again.", err=True)
            _echo(f"{log}: {_whole(rec.turns)} recorded.", err=True)
            raise typer.Exit(UNREADABLE) from None
        out(f"{log}: {_whole(rec.turns)} recorded; run the same command to go on.")
    except Refused as e:
        _echo(f"grinivil: {e}", err=True)
        _echo(f"{log}: {_whole(rec.turns)} recorded.", err=True)
        raise typer.Exit(e.code) from None
    except CannotRecord as e:
        _echo(f"grinivil: {e}", err=True)
        raise typer.Exit(e.code) from None
    except KeyboardInterrupt:
        _echo(f"\n{log}: {_whole(rec.turns)} recorded (the turn being entered is not).",
              err=True)
        raise typer.Exit(130) from None
    finally:
        rec.close()  # the lock let go (it would die with the process anyway)


@app.command()
def serve(
    log: Annotated[Path, typer.Argument(metavar="LOG",
                                        help="The log to record into: an existing one is "
                                        "replayed and continued; a new one starts with its "
                                        "setup, asked at the terminal (or dealt with --deal).")],
    port: Annotated[int, typer.Option("--port", parser=_number(0, 65535), metavar="PORT",
                                      help="The port to listen on (0: any free one).")] = 8000,
    lan: Annotated[bool, typer.Option(
        "--lan", metavar="", help="Listen on the local network too (for a tablet and phones); the "
        "printed address and its QR code carry the join token every request needs.")]
    = False,
    deal: DealOpt = None,
    players: PlayersOpt = None,
    names: NamesOpt = None,
    edition: EditionOpt = None,
    max_size: MaxSizeOpt = DEFAULT_MAX_BYTES,
) -> None:
    """Record a game from a tablet and phones: a local web page showing the board, each
    question as buttons (checked by the rules as record checks it), the game live on every
    page, and each player's Auction bids and Crowdfunding pledges secret on their own phone
    until all are in. Listens on 127.0.0.1 unless --lan; one writer a log. Exit 0 when
    stopped with Ctrl-C, 2 when the log cannot be read or served (another recorder has it,
    the port is taken)."""
    from .recorder.console import Refused, Terminal
    from .recorder.session import CannotRecord, Recording
    from .serve.run import serve as serve_table

    try:
        if deal is not None:
            count, named = _seats(players, names)
            rec = Recording.deal(log, count, deal, None, named, edition, by="serve")
            _note(f"{log}: a new {count}-player game dealt from seed {deal}.")
            _after_new_log(log, edition)
        elif names or players is not None:
            raise CannotRecord("--players and --names are for a game dealt with --deal")
        elif not log.exists():  # its setup as dealt at the table, asked here first
            rec = _setup_at_the_table(log, Terminal(_echo), edition, "serve",
                                      "; then the page is served")
        else:
            rec = Recording.open(log, edition, max_size, by="serve")
    except Refused as e:
        _echo(f"grinivil: {e}", err=True)
        raise typer.Exit(e.code) from None
    except (CannotRecord, ValueError, OSError, LogFormatError) as e:
        _echo(f"grinivil: {e}", err=True)
        raise typer.Exit(e.code if isinstance(e, CannotRecord) else UNREADABLE) from None
    try:
        # its prose wrapped to the terminal; the QR code's lines (37 columns) are narrower
        serve_table(rec, port=port, lan=lan, say=_note)
    except OSError as e:  # the port taken, most often
        _echo(f"grinivil: cannot listen on port {port}: {e.strerror or e} (--port PORT "
              "chooses another)", err=True)
        raise typer.Exit(UNREADABLE) from None


def _setup_at_the_table(log: Path, console: Any, edition: str | None, by: str,
                        then: str = "") -> Any:
    """A new log's setup as it was dealt at the table, asked question by question
    (`recorder/dealing.py`), then written: the Recording of `record` or `serve` (`by`).
    Left unfinished, nothing is written and the command ends (exit 0)."""
    from .edition.load import load_edition
    from .recorder.console import Stop
    from .recorder.dealing import deal_at_the_table
    from .recorder.session import Recording

    _note(f"{log} is a new log: the setup as it was dealt at the table (--deal SEED deals one "
          f"at random){then}.")
    try:
        header = deal_at_the_table(console, load_edition(edition or "standard"))
    except Stop:
        _echo(f"{log}: nothing written (the setup was not finished).")
        raise typer.Exit(LEGAL) from None
    rec = Recording.create(log, header, edition=edition, by=by)
    _after_new_log(log, edition)
    return rec


def _whole(turns: int) -> str:
    return f"{turns} whole turn{'' if turns == 1 else 's'}"


def _board(rec: Any, width: int) -> str:
    """The table as `show` prints it in `width` columns, with the ids an answer can name now
    (free sites and spots, slots to explore, roads to build: `recorder/board.py`), and drawn as
    `render --ids` draws it, in an SVG file beside the log (LOG-board.svg, written whole) to
    keep open in a browser: the ids the questions ask for, written where they are."""
    from .base.output import write_atomic
    from .recorder.board import answer_ids
    from .render.snapshot import snapshot_svg

    snap = rec.table.snapshot
    text: str = report.state_tables(snap, width)["text"] + "\n\n" + answer_ids(rec.game, width)
    picture = rec.path.with_name(f"{rec.path.stem}-board.svg")
    try:
        write_atomic(picture, snapshot_svg(snap, log_turn=rec.last, previous=None,
                                           title=str(rec.path.name), ids=True),
                     follow_links=False)
        text += f"\n\nThe table drawn: {picture} (open it in a browser; `board` draws it again)"
    except OSError as e:
        text += f"\n\n(cannot write {picture}: {_why(picture.parent, e)})"
    return text


@app.command()
def new(
    output: Annotated[Path, typer.Option("-o", "--output", metavar="FILE",
                                         help="The new log (refused if it exists).")],
    players: PlayersOpt = None,
    names: NamesOpt = None,
    deal: Annotated[int, typer.Option(
        "--deal", parser=_number(), metavar="SEED",
        help="The seed of the random legal setup written.")] = 1,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="KEY=VALUE", help="A variant, as for simulate (repeatable).")]
    = None,
    edition: EditionOpt = None,
) -> None:
    """Start a new log: the players (`--names Anna,Bruno,Clara` in seating order, or
    `--players N` with the names Anna, Bruno...), and a legal setup dealt at random (from
    --deal SEED) with a comment above each value saying where it comes from at the table, to
    replace with what was dealt there; then `grinivil record FILE` records the turns. Exit 0
    when written, 2 when it cannot be (the file exists, a name is refused)."""
    from .recorder.session import CannotRecord, Recording
    from .table.deal import parse_option

    if players is None and names is None:
        _echo("grinivil: name the players in seating order: --names Anna,Bruno,Clara (or "
              "--players N for Anna, Bruno, ...).", err=True)
        raise typer.Exit(UNREADABLE)
    count, named = _seats(players, names)
    try:
        options: dict[str, Any] = {}
        for text in option or []:
            options.update(parse_option(text))
        rec = Recording.deal(output, count, deal, options, named, edition, explained=True)
        seated = [p.name for p in rec.game.state.players]
        rec.close()
    except (CannotRecord, ValueError) as e:
        _echo(f"grinivil: {e}", err=True)
        raise typer.Exit(UNREADABLE) from None
    except OSError as e:  # a name too long to look at
        _echo(f"grinivil: cannot write {output}: {_why(output.parent, e)}.", err=True)
        raise typer.Exit(UNREADABLE) from None
    _note(f"{output}: a new {count}-player game ({', '.join(seated)}), its setup dealt "
          f"from seed {deal}: edit the setup to what your table dealt, then record the turns "
          f"with `grinivil record {output}`.")
    _after_new_log(output, edition)


@app.command()
def rule(
    query: Annotated[str, typer.Argument(
        metavar="ID", help="A rule id (R-FEE-03), a ruling id (AMB-TAR-01), or a family (FEE, "
        "AMB-TAR, A08) to list its ids.")],
) -> None:
    """What a rule id of grinivil's messages means: what the rule says, where it stands in
    the rulebook, the project's rulings that touch it and the tests that cover it. Exit 0,
    or 2 for an id the reference does not know (with a "did you mean")."""
    from .rules.reference import explain

    text, code = explain(query)
    _echo(text.rstrip("\n"), err=code != LEGAL)
    raise typer.Exit(code)


SchemaOutputOpt = Annotated[Path | None, typer.Option(
    "-o", "--output", metavar="FILE",
    help="Write the schema to this file (whole or not at all) instead of printing it.")]


@app.command()
def schema(
    edition: Annotated[str | None, typer.Option(
        "--edition", metavar="NAME|FILE",
        help="Name the edition's resident cards, buildings, land tiles, sites and spots in "
        "the schema, for an editor to complete them.")] = None,
    output: SchemaOutputOpt = None,
) -> None:
    """Print the JSON Schema of the game log format (with --edition, one that lists the
    edition's names), or write it with -o: `grinivil schema -o games/game-log.schema.json`
    beside a club's logs, whose `$schema` line names it, for an editor to check them as they
    are typed. Exit 0; 2 when the edition cannot be read or the file cannot be written."""
    from .edition.schema import schema_for_edition
    from .logfile.schemadata import LOG_SCHEMA

    if edition is None:
        _schema_out(LOG_SCHEMA, output)
        return
    from .edition.load import load_edition

    try:
        ed = load_edition(edition, bundled_only=False)
    except LogFormatError as e:
        _echo(f"grinivil: edition {edition}: {e}", err=True)
        raise typer.Exit(UNREADABLE) from None
    except OSError as e:  # a name too long to look at
        from .base.output import reason

        _echo(f"grinivil: --edition {edition}: cannot be read: {reason(e)}.", err=True)
        raise typer.Exit(UNREADABLE) from None
    _schema_out(schema_for_edition(ed), output)


def _schema_out(document: dict[str, Any], output: Path | None) -> None:
    """A JSON Schema printed, or written whole to `output` (said in one line)."""
    if output is None:
        _echo_json(document, indent=2, sort_keys=False)
        return
    _write_or_exit(output, safe_json(document, indent=2, sort_keys=False) + "\n")
    _note(f"{output}: the JSON Schema {document.get('title', '')!s}, for an editor to check "
          "the files that name it as they are typed.")


def _schema_hint(written: Path, schema_file: str = "game-log.schema.json") -> None:
    """After a log (or an edition copy) is written whose `$schema` line names a schema not
    found beside it nor above it: how to write it there (`packagedata.schema_path_from`)."""
    from .base.packagedata import schema_found

    if schema_found(written.parent, schema_file):
        return
    command = "grinivil schema" if schema_file == "game-log.schema.json" else \
        "grinivil edition schema"
    _note(f"{written}: its `$schema` line names {schema_file} beside it, for an editor to "
          f"check it as it is typed: `{command} -o {written.parent / schema_file}` writes it "
          "there.")


edition_app = typer.Typer(
    no_args_is_help=True, rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Your own copy of the game's component data: see every component on one printable "
    "page (show), make a copy to correct against your box (new), check it (check), say what "
    "differs from another (diff).")
app.add_typer(edition_app, name="edition")
EditionArg = Annotated[str, typer.Argument(
    metavar="NAME|FILE", help="A bundled edition's name (standard) or an edition file.")]


@edition_app.command("new")
def edition_new(
    output: Annotated[Path, typer.Option("-o", "--output", metavar="FILE",
                                         help="The new edition file (refused if it exists).")],
    source: Annotated[str, typer.Option(
        "--from", metavar="NAME|FILE",
        help="The edition to copy: a bundled one by name, or a file.")] = "standard",
) -> None:
    """Write a copy of an edition to correct against your box: the whole file with its
    comments, a `$schema` line an editor resolves from the copy's folder, and a title saying
    it is a copy to correct. Then `grinivil edition check FILE` checks it and `--edition
    FILE` plays, records and validates with it. Exit 0 when written; 2 when the file exists,
    the edition copied is not correct, or the copy cannot be written."""
    import os

    from .edition.check import check_edition, reconstructed
    from .edition.copy import copy_text

    if os.path.lexists(output):
        _echo(f"grinivil: {output} exists already: nothing is written (a copy never replaces a "
              "file); correct that file, or name a new one.", err=True)
        raise typer.Exit(UNREADABLE)
    checked = check_edition(source)
    _stop_unless_correct(checked, f"--from {source}", "copied")
    try:
        text = copy_text(source, output)
    except LogFormatError as e:
        _echo(f"grinivil: {'; '.join(p.message for p in e.problems)}", err=True)
        raise typer.Exit(UNREADABLE) from None
    _write_or_exit(output, text)
    _note(f"{output}: a copy of the edition {source} to correct against your box "
          f"({reconstructed(checked.data)} records and counts reconstructed, marked `source: "
          f"reconstructed`); then `grinivil edition check {output}`.")
    _schema_hint(output, "edition.schema.json")


@edition_app.command("check")
def edition_check(
    editions: Annotated[list[str], typer.Argument(
        metavar="FILE", help="Edition files, or bundled editions by name (standard).")],
    fmt: FormatOpt = "text",
) -> None:
    """Check edition files as `--edition` reads them: the schema and the cross-checks
    (counts against the rulebook's Components list, ids unique, every site on a road its
    tile has, prices and holes, the names cards and tiles use), every problem of a file in
    one run with `file:line:col` and a "did you mean". Exit 0 when every file is correct, 1
    when one has a mistake in its data (a key written twice included), 2 when one cannot be
    read (no such file or edition, not UTF-8, not YAML)."""
    from .edition.check import check_edition, counts, ok_line, problem_lines, reconstructed

    _check_format(fmt)
    results: list[dict[str, Any]] = []
    code = LEGAL
    for name in editions:
        checked = check_edition(name)
        exit_code = LEGAL if checked.ok else UNREADABLE if checked.unreadable else ILLEGAL
        code = max(code, exit_code)
        if fmt == "json":
            entry = _problems_json(checked, exit_code)
            if checked.edition is not None:
                entry.update(counts=counts(checked.edition),
                             reconstructed=reconstructed(checked.data),
                             warnings=[_place_json(p) for p in checked.warnings])
            results.append(entry)
        elif checked.ok:
            _note(ok_line(checked))
            for line in problem_lines(checked, warnings=True):
                _echo(line)
        else:
            _edition_problems(checked)
    if fmt == "json":
        _echo_json({"files": results, "exit": code})
    raise typer.Exit(code)


@edition_app.command("diff")
def edition_diff(
    old: EditionArg,
    new: EditionArg,
    fmt: FormatOpt = "text",
) -> None:
    """What differs from one edition to another, in words, grouped: counts and money,
    buildings, resident cards, land tiles, Markets, action tiles and the ring, the Bonus
    Road Track, the dice; then the notes, which judge nothing (the title, and where values
    come from). Exit 0 when their data are the same (every log is judged the same with
    either), 1 when they differ, 2 when one cannot be read or is not a correct edition."""
    from .edition.check import check_edition
    from .edition.diff import diff_editions, diff_json, diff_text

    _check_format(fmt)
    a, b = check_edition(old), check_edition(new)
    broken = [c for c in (a, b) if not c.ok]
    if broken:
        if fmt == "json":
            _echo_json({"a": old, "b": new, "exit": UNREADABLE,
                        "files": [_problems_json(c, UNREADABLE) for c in broken]})
        for checked in broken:
            if fmt != "json":
                _edition_problems(checked, err=True)
            _echo(f"grinivil: {checked.name}: {_not_correct(checked)}, so the editions are "
                  f"not compared (`grinivil edition check {checked.name}`).", err=True)
        raise typer.Exit(UNREADABLE)
    diff = diff_editions(a.data, b.data)
    if fmt == "json":
        _echo_json(diff_json(old, new, diff))
    else:
        _note(diff_text(old, new, diff))
    raise typer.Exit(LEGAL if diff.same else ILLEGAL)


@edition_app.command("schema")
def edition_schema(output: SchemaOutputOpt = None) -> None:
    """Print the JSON Schema of an edition file, or write it with -o beside a club's copy,
    whose `$schema` line names it (`grinivil edition schema -o edition.schema.json`), for an
    editor to complete and check the copy as it is typed. Exit 0; 2 when the file cannot
    be written."""
    from .edition.load import edition_schema

    _schema_out(edition_schema(), output)


@edition_app.command("show")
def edition_show(
    output: Annotated[Path, typer.Option("-o", "--output", metavar="FILE",
                                         help="The catalogue page to write (HTML).")],
    edition: EditionArg = "standard",
) -> None:
    """Write the catalogue of an edition: one self-contained, printable HTML page with every
    component drawn as it lies on the table (each Land Tile with its sites, spots, roads and
    the ids a log gives them, each resident card as a card, the buildings, both Markets, the
    Bonus Road Track, the action tiles and the ring, the Import die, the counts), every value
    the rulebook does not print marked, with what to check, and counted at the top. Lay it
    beside your box; correct your copy where they differ (`grinivil edition new`). Exit 0
    when written; 2 when the edition is not correct or the page cannot be written."""
    from .edition.check import check_edition, reconstructed
    from .render.catalogue import catalogue_html

    checked = check_edition(edition)
    _stop_unless_correct(checked, checked.name, "shown")
    _write_or_exit(output, catalogue_html(checked))
    _note(f"{output}: the catalogue of the edition {checked.name}, every component drawn "
          f"({reconstructed(checked.data)} values reconstructed, marked to check against your "
          "box).")


def _stop_unless_correct(checked: Checked, named: str, done: str) -> None:
    """An edition that is not correct stops the command (exit 2): its problems, then why
    nothing is `done` with it (copied, shown) and the command that lists its problems."""
    if checked.ok:
        return
    _edition_problems(checked, err=True)
    _echo(f"grinivil: {named}: {_not_correct(checked)}, so it is not {done} "
          f"(`grinivil edition check {checked.name}` lists its problems).", err=True)
    raise typer.Exit(UNREADABLE)


def _not_correct(checked: Checked) -> str:
    return "it cannot be read" if checked.unreadable else "it is not a correct edition"


def _edition_problems(checked: Checked, err: bool = False) -> None:
    """Every problem of an edition, one a line (at most report.MAX_SHOWN of them)."""
    from .edition.check import problem_lines

    _echo(report.shown_lines(checked.name, problem_lines(checked)), err=err)


def _problems_json(checked: Checked, code: int) -> dict[str, Any]:
    """An edition checked, for `--format json`: its status, exit code and every problem."""
    status = "ok" if checked.ok else "unreadable" if checked.unreadable else "mistakes"
    return {"file": checked.name, "status": status, "exit": code,
            "problems": [_place_json(p) for p in checked.problems]}


def _place_json(p: Problem) -> dict[str, Any]:
    """A problem of a file, for `--format json`: its message and place."""
    return {"message": p.message, "line": p.position.line if p.position else None,
            "col": p.position.col if p.position else None}


@app.command()
def render(
    log: Annotated[Path, typer.Argument(metavar="LOG",
                                        help="Game log file (YAML); - reads standard input.")],
    output: Annotated[Path, typer.Option("-o", "--output",
                                         metavar="DIR",
                                         help="Directory for the SVG files (created, not "
                                         "the folders above it; an earlier render's "
                                         "turn-*.svg/.png there are removed).")],
    turn: Annotated[int | None, typer.Option("--turn", parser=_number(0), metavar="N",
                                             help="Only the snapshot after turn N "
                                             "(0 is the setup).")] = None,
    turns: Annotated[str | None, typer.Option("--turns", metavar="A-B",
                                              help="Only turns A-B.")] = None,
    png: Annotated[bool, typer.Option("--png", metavar="",
                                      help="Also a 1200 px wide PNG beside each SVG "
                                      "(needs cairosvg: the optional extra 'png').")] = False,
    ids: Annotated[bool, typer.Option("--ids", metavar="",
                                      help="Write the id of every Building Site and "
                                      "Planting Spot beside it, and of every open slot and "
                                      "Construction Road, as the log names them.")]
    = False,
    edition: EditionOpt = None,
    max_size: MaxSizeOpt = DEFAULT_MAX_BYTES,
) -> None:
    """Draw the table after the setup and after every turn: one SVG each (turn-000.svg, ...).
    Exit 0; 1 at an illegal move (the turns before it are drawn), 2 when the log is
    unreadable."""
    from .render import render_game
    from .render.files import remove_earlier_snapshots
    from .render.png import Converter, PngUnavailable, png_converter

    if turn is not None and turns is not None:
        _echo("grinivil: give --turn or --turns, not both.", err=True)
        raise typer.Exit(UNREADABLE)
    to_png: Converter | None = None
    if png:
        try:
            to_png = png_converter()
        except PngUnavailable as e:
            _echo(f"grinivil: {e}", err=True)
            raise typer.Exit(UNREADABLE) from None
    lo, hi = (turn, turn) if turn is not None else _turn_range(turns)
    game = _load_or_exit(log, edition, max_size)
    if not game.replay.snapshots:  # the setup itself is illegal: nothing to draw
        _emit("text", report.validation(_shown(log), game))
        raise typer.Exit(ILLEGAL)
    last = len(game.replay.snapshots) - 1
    if not (0 <= lo <= last and (turns is None or hi >= 0)):
        stops = (f" (its replay stops before the illegal turn {last + 1})"
                 if game.replay.error is not None else "")
        _echo(f"grinivil: {'--turn' if turns is None else '--turns'} must be between 0 "
              f"and {last} for {_shown(log)}{stops}.", err=True)
        raise typer.Exit(UNREADABLE)
    try:
        written = render_game(game, output, range(lo, hi + 1), png=to_png, ids=ids)
        removed = remove_earlier_snapshots(output, written)
    except OSError as e:
        _echo(f"grinivil: cannot write to {output}: {_why(output, e)}.", err=True)
        raise typer.Exit(UNREADABLE) from None
    _note(f"{_shown(log)}: {len(written)} snapshot{'s' * (len(written) != 1)} written to "
          f"{output}{' (SVG and PNG)' * png}")
    if removed:  # the folder holds this render only: say what went (docs/commands.md, output files)
        names = " ... ".join(dict.fromkeys((removed[0].name, removed[-1].name)))
        _note(f"{_shown(log)}: removed {len(removed)} file{'s' * (len(removed) != 1)} of an "
              f"earlier render from {output} ({names}: the turn-*.svg and turn-*.png not "
              "drawn this time)")
    if game.replay.error is not None:
        _emit("text", report.validation(_shown(log), game))
        raise typer.Exit(ILLEGAL)


@app.command()
def viewer(
    log: Annotated[Path, typer.Argument(metavar="LOG",
                                        help="Game log file (YAML); - reads standard input.")],
    output: Annotated[Path, typer.Option("-o", "--output",
                                         metavar="FILE",
                                         help="The HTML file to write (one file, no network).")],
    edition: EditionOpt = None,
    max_size: MaxSizeOpt = DEFAULT_MAX_BYTES,
) -> None:
    """Write one self-contained HTML page that steps through the game: every snapshot, the
    turn's log entry, the validation result and a chart of VPs and money. Exit 0; 1 at an
    illegal move (the page shows it at its turn), 2 when the log is unreadable."""
    from .viewer import viewer_html

    game = _load_or_exit(log, edition, max_size)
    if not game.replay.snapshots:
        _emit("text", report.validation(_shown(log), game))
        raise typer.Exit(ILLEGAL)
    page = viewer_html(game, _shown(log))
    _write_or_exit(output, page)
    _note(f"{_shown(log)}: viewer of {plural(len(game.replay.snapshots), 'snapshot')} "
          f"written to "
          f"{output} ({len(page.encode('utf-8')) / 1e6:.1f} MB)")
    if game.replay.error is not None:
        _emit("text", report.validation(_shown(log), game))
        raise typer.Exit(ILLEGAL)


@app.command("report")
def season_report(
    logs: Annotated[list[str], typer.Argument(
        metavar="LOG",
        help="Game log files (YAML), directories (every .yaml/.yml below), globs, or - for "
        "standard input.")],
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", metavar="FILE",
        help="Write the report to this file (whole or not at all; its folder "
        "must exist). Default: print it.")] = None,
    fmt: Annotated[str, typer.Option(
        "--format", metavar="FORMAT",
        help="Output format: html (one self-contained page), markdown (a forum "
        "post) or json.")] = "html",
    title: Annotated[str, typer.Option("--title", metavar="TEXT", help="The report's heading.")]
    = "Grinivil report",
    viewers: Annotated[Path | None, typer.Option(
        "--viewers", metavar="DIR",
        help="Also write each game's viewer page into this folder (created, not "
        "the folders above it) and link it from the report (slow for many logs).")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", parser=_number(1),
                                      metavar="N",
                                      help="Read the logs in this many processes.")] = 1,
    edition: EditionOpt = None,
    max_size: MaxSizeOpt = DEFAULT_MAX_BYTES,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", metavar="",
        help="No progress bar and no closing line: only the report, and the logs that "
        "cannot be read.")] = False,
) -> None:
    """One page for a tournament or a club season: the games (players, final scores, winner,
    legal / illegal / claim findings), the standings across them (wins, average and best
    score per player), every finding with its message and each game's final score itemised.
    Exit the worst over the logs: 0 all legal, 1 an illegal move or a disagreeing claim, 2 an
    unreadable log; the report is written all the same."""
    from .season import report as sr

    if fmt not in sr.FORMATS:
        _echo(f"grinivil: --format must be html, markdown or json, not '{fmt}'.", err=True)
        raise typer.Exit(UNREADABLE)
    paths = batch.expand(logs)
    progress = len(paths) > 1 and sys.stderr.isatty() and not quiet
    games: list[dict[str, Any]] = []
    links: dict[int, str] = {}
    if viewers:  # before reading: a folder that cannot be had stops the command at once
        _viewer_folder(viewers)
    with batch.stopping_on_signals():  # Ctrl-C, SIGTERM: stop at once, no report written
        try:
            results = batch.validate_many(
                paths, edition=edition, max_bytes=max_size, jobs=jobs,
                on_done=lambda: bar.update(1),
                describe=sr.summary_with_viewer if viewers else sr.summary,
                snapshots=bool(viewers))
            with typer.progressbar(length=len(paths), label="reading", file=sys.stderr,
                                   hidden=not progress) as bar, closing(results):
                for number, result in enumerate(results, 1):
                    page = result.pop(sr.VIEWER_PAGE, None)  # made from the same reading
                    games.append(sr.game_entry(number, result))
                    if viewers and isinstance(page, str):
                        links[number] = _write_viewer(viewers, output, games[-1], page)
        except batch.Interrupted:
            pass
        signum = batch.pending_signal()
        if signum is not None:
            _echo(f"grinivil: interrupted ({signal.Signals(signum).name}) after {len(games)} "
                  f"of {plural(len(paths), 'log')}: no report written.", err=True)
            raise typer.Exit(128 + signum)
    for g in games:  # said here too: the person need not open the report to see it
        if g["status"] in ("unreadable", "error"):
            first, more = g["findings"][0], len(g["findings"]) - 1
            named = first["line"] is None and f"'{g['file']}'" in first["message"]
            _echo(f"grinivil: {'' if named else first['where'] + ': '}{first['message']}"
                  + (f" (and {more} more problems)" if more else "")
                  + "; in the report as unreadable.", err=True)
    if links and not quiet:
        _note(f"{len(links)} viewer page{'s' * (len(links) != 1)} written to {viewers}")
    if fmt == "json":
        text = sr.to_json(title, games)
    elif fmt == "markdown":
        text = sr.to_markdown(title, games)
    else:
        text = sr.to_html(title, games, links)
    code = sr.exit_code(games)
    if output is None:
        _echo(text, nl=False)
        if not quiet:
            _echo(f"report: {sr.count_text(games)}.", err=True)
    else:
        _write_or_exit(output, text)
        if not quiet:
            _note(f"report of {sr.count_text(games)} written to {output} "
                  f"({len(text.encode('utf-8')) / 1e3:.0f} kB)")
    raise typer.Exit(code)


def _viewer_folder(folder: Path) -> None:
    """The folder of `report --viewers`, created (not the folders above it), or exit 2."""
    from .base.output import make_folder

    try:
        make_folder(folder)
    except OSError as e:
        _echo(f"grinivil: cannot write to {folder}: {_why(folder, e)}.", err=True)
        raise typer.Exit(UNREADABLE) from None


def _write_viewer(folder: Path, report_file: Path | None, game: dict[str, Any],
                  page: str) -> str:
    """A game's viewer page written into `folder` (NNN-name.html, a name the tool gives: never
    written through a symbolic link), or exit 2; the link to it from the report, relative to
    the report's folder."""
    import os
    import re
    from urllib.parse import quote

    from .base.output import write_atomic

    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", Path(game["file"]).stem)[:60]
    path = folder / f"{game['number']:03d}-{stem}.html"
    try:
        write_atomic(path, page, follow_links=False)
    except OSError as e:
        _echo(f"grinivil: cannot write {path}: {_why(path.parent, e)}.", err=True)
        raise typer.Exit(UNREADABLE) from None
    start = report_file.parent if report_file is not None else Path(".")
    return quote(Path(os.path.relpath(path, start)).as_posix())


def _emit(fmt: str, payload: dict[str, Any]) -> None:
    if fmt == "json":
        _echo_json(payload)
    else:
        _echo(payload["text"])


def _emit_fitted(fmt: str, payload: dict[str, Any]) -> None:
    """`_emit`, the text's lines wrapped to the terminal's width (the JSON's `text` is the
    same at any width)."""
    if fmt == "json":
        _echo_json(payload)
    else:
        _note(payload["text"])


def _echo(text: str, err: bool = False, nl: bool = True) -> None:
    """The one way text reaches the terminal: every message, table and summary goes through
    `safe_text`, so no control or bidi character of a log, a file name or an argument can act
    on the terminal (a message's own newlines are kept; a value's were escaped before)."""
    typer.echo(safe_text(text), err=err, nl=nl)


def _note(text: str) -> None:
    """Prose (what a command says after its work, what it wrote, what to do next; a list in
    words), wrapped to the terminal's width between words (a path whole). A finding
    (`file:line:col: message`) and a table go through `_echo`, each as its own lines."""
    _echo(wrap(text, terminal_width()))


def _echo_json(value: Any, indent: int | None = None, sort_keys: bool = True) -> None:
    """One JSON document on standard output: the same data, with C1 and bidi controls written
    as JSON escapes (JSON escapes C0 controls itself)."""
    typer.echo(safe_json(value, indent=indent, sort_keys=sort_keys))

