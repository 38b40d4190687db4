"""Terminal tables that fit the terminal (issue 33, item 4: at 80 columns `audit` printed
209-column lines, `show` 151, `ledger` 121): every command's text fits `COLUMNS` on the bundled
samples (each line's display width, as Rich measures it), and nothing is lost on the way: the
cells of every table and the items of every list are those of `--format json`, a wrapped cell
read back whole. Piped without `COLUMNS`, the text is 80 columns wide; JSON and Markdown take
no width.

The commands run in this process (Typer's CliRunner); each log is replayed once for the file.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

import grinivil_cli.cli as cli_module
from grinivil_cli.base.width import column_widths, terminal_width, text_table, wrap
from grinivil_cli.cli import app
from grinivil_cli.engine.ledger import Entry
from grinivil_cli.engine.state import MUNICIPALITY
from grinivil_cli.reports.audit_report import (
    LEDGER_HEADERS,
    PUBLIC_HEADERS,
    SOURCE_ORDER,
    ledger_rows,
)
from grinivil_cli.rules import reference
from grinivil_cli.table.loading import Game, load_game

TOP = Path(__file__).resolve().parent.parent


def named(pattern: str) -> list[Path]:
    """The checkout's files matching `pattern`, named relative to the checkout as a user in it
    names them: a path is never broken (it is copied from the terminal), and the checkout's own
    folder may be of any length (CI's pushed absolute sample paths past 80 columns)."""
    return sorted(p.relative_to(TOP) for p in TOP.glob(pattern))


SAMPLES = named("samples/*.yaml") + named("samples/variants/*.yaml")
CLAIMS = named("samples/claims/*.yaml")
SIX = Path("samples/game-6p.yaml")
BEFORE_16 = Path("tests/data/standard-before-issue-16.yaml")


@pytest.fixture(autouse=True)
def in_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command runs in the checkout, where the relative paths above lead."""
    monkeypatch.chdir(TOP)

_REPLAYS: dict[tuple[Any, ...], Game] = {}


def cached_load_game(path: Any, *args: Any, **kwargs: Any) -> Game:
    """`load_game`, replaying each (log, options) once: show, audit and ledger only read it."""
    key = (str(Path(path).resolve()), args, tuple(sorted(kwargs.items())))
    if key not in _REPLAYS:
        _REPLAYS[key] = load_game(path, *args, **kwargs)
    return _REPLAYS[key]


@pytest.fixture
def grinivil(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run `grinivil ARGS` in this process with `COLUMNS` (None: not set, as in a pipe):
    (exit code, stdout). `moves` (which moves its game to the turn asked) replays for itself."""
    runner = CliRunner()

    def run(*args: str, columns: int | None = 80) -> tuple[int, str]:
        with monkeypatch.context() as m:
            if args[0] != "moves":
                m.setattr(cli_module, "load_game", cached_load_game)
            if columns is None:
                m.delenv("COLUMNS", raising=False)
            result = runner.invoke(app, list(args),
                                   env={"COLUMNS": str(columns)} if columns else None)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.exit_code, result.stdout

    return run


def fits(text: str, width: int) -> None:
    """Every line of `text` at most `width` columns wide, as a terminal shows it."""
    wide = [line for line in text.splitlines() if cell_len(line) > width]
    assert not wide, f"{len(wide)} lines wider than {width}: {wide[:3]}"


def flat(text: Any) -> str:
    """`text` without its spaces and line breaks: a cell wrapped (or a word folded) over
    lines reads the same."""
    return "".join(str(text).split())


def columns_of(block: str) -> list[tuple[str, str]]:
    """The columns of a text table (a block of lines with a rule of dashes under its header),
    each as (its header, every line of its cells) read top to bottom, without spaces: the
    columns are where the dashes are."""
    lines = block.split("\n")
    rule = next(i for i, line in enumerate(lines) if re.fullmatch(r"-+(  +-+)*", line))
    starts = [m.start() for m in re.finditer(r"-+", lines[rule])]
    bounds = list(zip(starts, starts[1:] + [None], strict=True))

    def column(rows: list[str], a: int, b: int | None) -> str:
        return "".join(flat(line[a:b]) for line in rows)

    return [(column(lines[:rule], a, b), column(lines[rule + 1:], a, b)) for a, b in bounds]


def same_table(block: str, headers: list[str], rows: list[list[Any]]) -> None:
    """The text table `block` shows `headers` and `rows`, every cell whole and in its place,
    as it is or turned over (a column per row, the first column's values as headers)."""
    found = columns_of(block)
    straight = [(flat(h), "".join(flat(r[i]) for r in rows)) for i, h in enumerate(headers)]
    key = [i for i, h in enumerate(headers) if flat(h) == found[0][0]][0]
    turned = [(flat(headers[key]), "".join(flat(h) for i, h in enumerate(headers) if i != key))]
    turned += [(flat(r[key]), "".join(flat(r[i]) for i in range(len(headers)) if i != key))
               for r in rows]
    assert found in (straight, turned), (found, straight)


def block_with(text: str, head: str) -> str:
    """The block (between blank lines) of `text` whose first line begins with `head`."""
    return next(b for b in text.split("\n\n") if b.startswith(head))


# --- every command fits 80 columns on the samples, and says everything its JSON says ---------


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_show_fits_and_loses_nothing(path: Path, grinivil: Any) -> None:
    """`show` (the last turn and the middle one): the players, the buildings and the land
    tiles as in the JSON, every planted Tree and empty site and spot listed."""
    for turn in [[], ["--turn", "60"]] + ([["--turn", "0"]] if path == SIX else []):
        code, out = grinivil("show", str(path), *turn)
        assert code == 0, out
        fits(out, 80)
        code, raw = grinivil("show", str(path), *turn, "--format", "json")
        state = json.loads(raw)
        players = [[p["player"], p["money"], p["vp"], p["concrete"], p["wood"], p["steel"],
                    p["warehouses"], p["trees"], p["blocks"],
                    f"{p['workers']['free']} free / {p['workers']['employed']} employed",
                    p["road_track"], "Starting Tile" if not p["ring"]["position"] else
                    f"{p['ring']['position']} {p['ring']['tile']}", ", ".join(p["portfolio"])]
                   for p in state["players"]]
        same_table(block_with(out, "player "), ["player", "money", "VP", "concrete", "wood",
                                                "steel", "warehouses", "trees", "blocks",
                                                "workers", "road track", "ring", "portfolio"],
                   players)
        same_table(block_with(out, "slot "), ["slot", "land tile", "name", "owner"],
                   [[t["slot"], t["land_tile"], t["name"], t["owner"] or ""]
                    for t in state["tiles"]])
        if state["buildings"]:
            same_table(block_with(out, "site "), ["site", "building", "floors", "blocks",
                                                  "state", "workers"],
                       [[b["site"], b["name"], f"{b['floors_built']}/{b['floors']}",
                         ", ".join(b["blocks"]), b["state"], ", ".join(b["workers"])]
                        for b in state["buildings"]])
        lists = flat(block_with(out, "Roads completed: "))
        sites = ", ".join(s["site"] for s in state["sites"] if s["building"] is None)
        spots = ", ".join(s["spot"] for s in state["spots"] if not s["tree"])
        trees = ", ".join(sorted(s["spot"] for s in state["spots"] if s["tree"]))
        assert flat(f"Empty Building Sites: {sites or 'none'}") in lists
        assert flat(f"Empty Planting Spots: {spots or 'none'}") in lists
        assert flat(f"Trees planted: {trees or 'none'}") in lists


@pytest.mark.parametrize("path", SAMPLES + CLAIMS, ids=[p.stem for p in SAMPLES + CLAIMS])
def test_audit_fits_and_loses_nothing(path: Path, grinivil: Any) -> None:
    """`audit`: the final scores itemised per player (a column each in 80 columns), the
    Public buildings and, for a wrong claim, the ledger entries that explain it, as in the
    JSON; the prose wrapped, its words all there."""
    code, out = grinivil("audit", str(path))
    fits(out, 80)
    code, raw = grinivil("audit", str(path), "--format", "json")
    a = json.loads(raw)
    used = [s for s in SOURCE_ORDER if any(p["sources"].get(s) for p in a["scores"])]
    headers = ["rank", "player", *used, "Scoreboard", "VPs for money", "Public",
               "unsold residents", "total"]
    rows = [[s["rank"], s["player"], *(s["sources"].get(k, 0) for k in used), s["scoreboard"],
             f"+{s['money']}", f"+{s['public']}",
             f"{s['unsold_residents']} (-{10 * s['unsold_residents']})"
             if s["unsold_residents"] else "0", s["total"]] for s in a["scores"]]
    same_table(out.split("\n\n")[1 if "\n\nVariants: " not in out else 2], headers, rows)
    assert flat(a["tie_break"]) in flat(out)
    if a["public"]:
        same_table(block_with(out, "Public building "), PUBLIC_HEADERS, [
            [f"{p['building']} ({p['site']})",
             " + ".join(f"{d['vp']} ({d['resident']})" for d in p["desired_by"]) or "nobody",
             p["reward"],
             ", ".join(f"{s['participant']} {s['blocks']} block{'s' * (s['blocks'] > 1)}: "
                       f"{s['vp']}" + " (lost)" * (s["participant"] == MUNICIPALITY)
                       for s in p["shares"])] for p in a["public"]])
    if a["entries_since_agreement"]:
        same_table(block_with(out.split("\nClaims\n", 1)[1], "turn "),
                   ["turn", "player", "what", "change", "total", "cause", "rule"],
                   [[e["turn"], e["player"], e["what"], f"{e['amount']:+d}", e["total"],
                     e["cause"], e["rule"]] for e in a["entries_since_agreement"]])


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_ledger_fits_and_loses_nothing(path: Path, grinivil: Any) -> None:
    """`ledger`: every entry of the JSON lines, each cell whole, in 80 columns."""
    code, out = grinivil("ledger", str(path))
    assert code == 0
    fits(out, 80)
    code, raw = grinivil("ledger", str(path), "--format", "json")
    entries = [Entry(**json.loads(line)) for line in raw.splitlines()]
    same_table(out, LEDGER_HEADERS, ledger_rows(entries))


def test_validate_fits_and_loses_nothing(grinivil: Any) -> None:
    """`validate` of every sample: a legal log's verdict, its options and its final scores,
    the 6-player game's (87 columns) wrapped between two players, never inside one."""
    paths = [str(p) for p in SAMPLES]
    code, out = grinivil("validate", *paths)
    assert code == 0, out
    fits(out, 80)
    code, raw = grinivil("validate", *paths, "--format", "json")
    for result in json.loads(raw)["files"]:
        scores = ", ".join(f"{s['rank']}. {s['player']} {s['total']}" for s in result["scores"])
        assert flat(f"final scores: {scores}") in flat(out)
    code, six = grinivil("validate", str(SIX))
    assert six.splitlines()[1:] == [
        "final scores: 1. David 41, 2. Anna 36, 3. Emma 32, 4. Filip 30, 5. Bruno 17,",
        "  6. Clara 2"]


def test_an_illegal_logs_edition_note_wraps_and_its_finding_stays_one_line(
        grinivil: Any) -> None:
    """The 6-player sample judged with the data before the recalibration breaks R-SELL-05 at
    turn 23 (Viktor's Bank: mandatory then). The note on the edition data comes first, wrapped
    between words (it was one line of 214 columns); the finding stays one line, as editors
    and hooks read `file:line:col: message`."""
    code, out = grinivil("validate", str(SIX), "--edition", str(BEFORE_16))
    assert code == 1, out
    code, raw = grinivil("validate", str(SIX), "--edition", str(BEFORE_16), "--format", "json")
    result = json.loads(raw)["files"][0]
    lines = out.splitlines()
    finding = next(i for i, line in enumerate(lines) if line.startswith(f"{SIX}:132:17: "))
    note = lines[:finding]
    assert len(note) > 1 and all(len(line) <= 80 for line in note), note
    assert " ".join(line.strip() for line in note) == f"{SIX}: {result['edition']['note']}"
    error = result["error"]
    assert lines[finding] == (f"{SIX}:132:17: turn 23, Emma, {error['action']}: R-SELL-05: "
                              f"{error['message']}")  # one line, whatever its length


def test_validate_wraps_the_edition_note_between_words(grinivil: Any, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The note on the edition data a log was judged with is a sentence: it fills its lines
    and breaks between words (it was broken at its commas, as a list: its first line stopped
    at the 62nd column), its words all kept; the scores still break between players. The log:
    the 6-player sample pinning data no edition at hand has."""
    text = (TOP / SIX).read_text(encoding="utf-8")
    pinned = re.sub(r"(?m)^edition_digest: \w+$", "edition_digest: 0123456789ab", text)
    assert pinned != text
    (tmp_path / "game-6p.yaml").write_text(pinned, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out = grinivil("validate", "game-6p.yaml")
    assert code == 0, out
    fits(out, 80)
    assert out.splitlines()[-2:] == [
        "final scores: 1. David 41, 2. Anna 36, 3. Emma 32, 4. Filip 30, 5. Bruno 17,",
        "  6. Clara 2"]
    code, raw = grinivil("validate", "game-6p.yaml", "--format", "json")
    note = json.loads(raw)["files"][0]["edition"]["note"]
    assert note.startswith("edition: the log was recorded with edition data ")
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("edition:"))
    told = lines[start:lines.index(next(x for x in lines if x.startswith("final scores:")))]
    assert len(told) > 1 and all(x.startswith("  ") for x in told[1:])
    assert " ".join(x.strip() for x in told) == note
    for line, after in itertools.pairwise(told):  # no line ends while the next word would fit
        assert len(line) + 1 + len(after.split()[0]) > 80, (line, after)


@pytest.mark.parametrize("path", [SIX, Path("samples/game-4p.yaml"),
                                  Path("samples/variants/promo-tiles-4p.yaml")],
                         ids=["game-6p", "game-4p", "promo-tiles-4p"])
def test_moves_fits_and_loses_nothing(path: Path, grinivil: Any) -> None:
    """`moves`: every tile of the ring and why it is not eligible; with --tile, every option
    of every decision (a long list of sites wrapped between its items)."""
    code, out = grinivil("moves", str(path), "--turn", "10")
    assert code == 0, out
    fits(out, 80)
    code, raw = grinivil("moves", str(path), "--turn", "10", "--format", "json")
    for t in json.loads(raw)["tiles"]:
        assert flat(f"{t['tile']} {t['name']}") in flat(out)
        if not t["eligible"]:
            assert flat(f"not eligible: {t['reason']} ({t['rule']}: {t['message']})") in flat(out)
    code, out = grinivil("moves", str(path), "--turn", "10", "--tile", "build-floor")
    fits(out, 80)
    code, raw = grinivil("moves", str(path), "--turn", "10", "--tile", "build-floor",
                         "--format", "json")
    for d in json.loads(raw)["decisions"]:
        assert flat(f"{'.'.join(map(str, d['path']))}: {d['what']}") in flat(out)
        for option in d.get("options", []):
            assert not isinstance(option, str) or flat(option) in flat(out)


def test_edition_check_and_diff_fit_and_lose_nothing(grinivil: Any) -> None:
    """`edition check` (its counts), `edition diff` (every change of its JSON, and the path of
    every note)."""
    code, out = grinivil("edition", "check", "standard")
    assert code == 0
    fits(out, 80)
    assert flat("standard: ok (17 land tiles, 29 resident cards, 19 building types") in flat(out)
    for a, b in (("standard", "standard@1"), (str(BEFORE_16), "standard")):
        code, out = grinivil("edition", "diff", a, b)
        fits(out, 80)
        code, raw = grinivil("edition", "diff", a, b, "--format", "json")
        diff = json.loads(raw)
        for change in diff["changes"]:
            assert flat(change["text"]) in flat(out)
        for note in diff["notes"]:
            assert flat(note["path"].removesuffix(".source")) in flat(out)


@pytest.mark.parametrize("query", ["R-FEE-03", "FEE", "AMB-TAR-01", "R-SCORE-07"])
def test_rule_fits_and_names_every_test_whole(query: str, grinivil: Any) -> None:
    """`rule`: 80 columns, each test's name whole on a line of its own under its file (a name
    longer than 76 characters is never broken: it goes past the 80th column)."""
    code, out = grinivil("rule", query)
    assert code == 0
    fits("\n".join(line for line in out.splitlines()
                   if not re.fullmatch(r"    test_\w{72,}", line)), 80)
    found = reference.entry(query)
    for node in found.tests if found else []:
        file, _, name = node.partition("::")
        assert f"\n  {file}\n" in out and f"\n    {name}\n" in out


# --- other widths ---------------------------------------------------------------------------


def test_a_wider_terminal_gets_wider_tables(grinivil: Any) -> None:
    """COLUMNS=120: the 6-player game's ledger wraps less, its tables take up to 120 columns;
    at 200 every table is at its natural width, a row per player, nothing wrapped."""
    for command in ("show", "audit", "ledger"):
        code, narrow = grinivil(command, str(SIX), columns=80)
        code, wide = grinivil(command, str(SIX), columns=120)
        fits(wide, 120)
        assert len(wide.splitlines()) <= len(narrow.splitlines())
        assert max(cell_len(line) for line in wide.splitlines()) > 80
    code, out = grinivil("audit", str(SIX), columns=250)
    assert re.search(r"^1 +David +18 +8 +2 ", out, re.MULTILINE)  # rank, player, sources
    code, out = grinivil("ledger", str(SIX), columns=250)
    entries = cached_load_game(SIX, claims=False).replay.ledger.entries
    assert len(out.splitlines()) == 2 + len(entries)


def test_without_columns_a_pipe_gets_80(grinivil: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """No COLUMNS and no terminal (a pipe, a file): 80 columns, the same on every machine;
    COLUMNS, when given, wins (never below 40)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    assert terminal_width() == 80
    code, out = grinivil("audit", str(SIX), columns=None)
    assert out == grinivil("audit", str(SIX), columns=80)[1]
    monkeypatch.setenv("COLUMNS", "132")
    assert terminal_width() == 132
    monkeypatch.setenv("COLUMNS", "12")
    assert terminal_width() == 40


def test_json_and_markdown_take_no_width(grinivil: Any) -> None:
    """`--format json` and Markdown are the same at any width: the JSON's `text` of `show`
    and `moves` is the natural layout (a row per player), Markdown tables are never wrapped."""
    for args in (["show", str(SIX)], ["audit", str(SIX), "--format", "markdown"],
                 ["moves", str(SIX), "--turn", "10"]):
        json_args = args if "--format" in args else [*args, "--format", "json"]
        assert grinivil(*json_args, columns=80) == grinivil(*json_args, columns=300)
    code, raw = grinivil("show", str(SIX), "--format", "json")
    assert re.search(r"^David +\d+ +\d+ ", json.loads(raw)["text"], re.MULTILINE)


def test_validate_starts_without_rich(tmp_path: Path) -> None:
    """The quick start of `validate` (start-up time: entry.py) wraps a legal 6-player game's
    final scores without importing Rich."""
    seen = tmp_path / "modules.txt"
    code = ("import atexit, os, sys; atexit.register(lambda: open(os.environ['SEEN'], 'w')"
            ".write(' '.join(sorted(m for m in sys.modules if m.split('.')[0] == 'rich')))); "
            "import grinivil_cli.entry as e; e.main()")
    result = subprocess.run([sys.executable, "-c", code, "validate", str(SIX)],
                            capture_output=True, text=True, timeout=120,
                            env={**os.environ, "SEEN": str(seen), "COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    assert "  6. Clara 2" in result.stdout
    assert seen.read_text() == ""


# --- the table writer and the line wrapper --------------------------------------------------


def test_a_table_that_fits_looks_as_before() -> None:
    """Natural width: a header, dashes under each column, two spaces between columns, no
    space at the end of a line; Rich is not needed for it."""
    text = text_table(["player", "VP"], [["Anna", 3], ["Bruno", 12]], 80)
    assert text == "player  VP\n------  --\nAnna    3\nBruno   12"
    assert text_table(["player", "VP"], [["Anna", 3]], None) == "player  VP\n------  --\nAnna    3"


def test_a_table_too_wide_is_turned_over_then_wrapped() -> None:
    """A table too wide with a key column has a column per key; a long cell wraps within its
    column, at spaces, the widest text getting the room, and a word wider than its column is
    folded, never cut."""
    headers = ["player", *(f"value number {i}" for i in range(12))]
    turned = text_table(headers, [["Anna", *range(12)], ["Bruno", *range(12, 24)]], 40,
                        flip=0)
    assert turned.splitlines()[:3] == ["player           Anna  Bruno",
                                       "---------------  ----  -----",
                                       "value number 0   0     12"]
    wrapped = text_table(["turn", "cause"], [[1, "the Buying Price of 2 concrete, 1 wood"]], 40)
    assert wrapped.splitlines() == ["turn  cause", "----  ----------------------------------",
                                    "1     the Buying Price of 2 concrete, 1", "      wood"]
    folded = text_table(["a", "b"], [["x" * 30, "y" * 30]], 40)
    fits(folded, 40)
    assert flat(folded).count("x") == 30 and flat(folded).count("y") == 30


def test_cells_are_text_never_markup_nor_control() -> None:
    """A name from a log is shown as written: Rich's markup (`[bold]`, `[link=...]`) is text,
    a control or bidi character escaped (`safe_text`), a wide character two columns."""
    names = ["[bold]Anna[/bold]", "Bru\x1b[31mno", "Cl\u202eara", "李" * 12, ":smile:"]
    text = text_table(["player", "note"], [[n, "a long note " * 6] for n in names], 40)
    fits(text, 40)
    assert "[bold]Anna[/bold]" in text and ":smile:" in text and "Bru\\x1b[31mno" in text
    assert "Cl\\u202eara" in text and "\x1b" not in text and "\u202e" not in text
    assert flat(text).count("李") == 12


def test_widths_go_to_the_long_text() -> None:
    """Each column keeps its longest word and header; the room left goes to the columns by how
    much more they need."""
    table = [["turn", "rule", "cause"], ["1", "R-A01-03", "the Buying Price of 2 concrete"]]
    assert column_widths(table, 30) == [4, 8, 18]
    assert column_widths(table, 100) == [4, 8, 30]


def test_wrap_breaks_between_words_or_items_and_indents() -> None:
    """A line breaks at spaces (a list between its items when asked), its next lines indented
    deeper than it, so that no value begins a line; a word wider than the line stays whole;
    the spaces that align a column are kept on the first line."""
    assert wrap("final scores: 1. Anna Maria 41, 2. Bruno 7", 34, sep=", ") == \
        "final scores: 1. Anna Maria 41,\n  2. Bruno 7"
    assert wrap("  a " + "x" * 50 + " b", 20) == "  a\n    " + "x" * 50 + "\n    b"
    assert wrap("   4 explore      Explore  eligible but long", 30, hang=" " * 7) == \
        "   4 explore      Explore\n       eligible but long"
    assert wrap("short", 10) == "short" and wrap("a b " * 40, None) == "a b " * 40
    written = "viewer of 114 turns written to game-2p.html (1.2 MB)"  # a size keeps its unit
    assert wrap(written, 48) == "viewer of 114 turns written to game-2p.html\n  (1.2 MB)"
    assert wrap(written, 50) == "viewer of 114 turns written to game-2p.html\n  (1.2 MB)"
    assert wrap("took 12 ms, 3 s and 4 bytes", 9) == "took\n  12 ms,\n  3 s and\n  4 bytes"


def test_what_the_commands_say_after_their_work_fits(grinivil: Any, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The prose a command says once it has written its file (what it wrote, what to do
    next: `new`'s was 158 columns, the `$schema` hint 165) is wrapped between words, each
    file's name whole; run in the user's folder, with the names as typed there."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "game.yaml").write_text((TOP / "samples" / "game-2p.yaml").read_text())
    said = {
        "new": ("new", "-o", "x.yaml", "--names", "Anna,Bruno"),
        "schema": ("schema", "-o", "s.json"),
        "render": ("render", "games/game.yaml", "--turn", "3", "-o", "out"),
        "viewer": ("viewer", "games/game.yaml", "-o", "v.html"),
        "edition new": ("edition", "new", "-o", "my-box.yaml"),
        "edition show": ("edition", "show", "-o", "catalogue.html"),
        "report": ("report", "games", "-o", "r.html"),
    }
    for name, args in said.items():
        code, out = grinivil(*args)
        assert code == 0, (name, out)
        fits(out, 80)
        assert out.strip(), name
    code, out = grinivil("new", "-o", "y.yaml", "--names", "Anna,Bruno")
    assert flat("y.yaml: a new 2-player game (Anna, Bruno), its setup dealt from seed") in \
        flat(out)
    assert flat("its `$schema` line names game-log.schema.json beside it") in flat(out)
    assert len(out.splitlines()) > 2  # 158 and 165 columns: wrapped, nothing lost
