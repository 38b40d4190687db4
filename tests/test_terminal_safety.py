"""Terminal safety (issue 11, items 4 and 5): values quoted from a log (keys, player names,
tiles, values), names given on the command line and the file's own name reach a terminal only
with their control and bidi characters escaped as `repr` writes them (`\\x1b`, `\\r`,
`\\u202e`); Markdown cells keep their columns and show names literally; a log with thousands of
format problems prints a bounded number of lines."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from grinivil_cli.table.loading import load_game
from grinivil_cli.viewer import viewer_html

TOP = Path(__file__).parent.parent
SAMPLE = TOP / "samples" / "game-2p.yaml"
# Anna's first Subsidy, turn 19 (line 112): a turn written on one line, to add to.
A_TURN = "- {player: Anna, tile: subsidy}"

# Written in YAML's double-quoted escapes: OSC (window title, terminated by BEL), DCS (ended by
# ST), ESC c (reset), a carriage return with a fake verdict, a backspace, the C1 CSI (U+009B),
# and RIGHT-TO-LEFT OVERRIDE.
OSC, DCS, RESET = r"\e]0;pwned\a", r"\ePdcs\e\\", r"\ec"
FAKE = r"\rfake.yaml: legal (0 turns)"
PAYLOADS = [OSC, DCS, RESET, FAKE, r"\b", r"\x9b31m", r"\u202eevil"]
ALL = "".join(PAYLOADS)
# What each payload looks like once escaped.
SHOWN = [r"\x1b]0;pwned\x07", r"\x1bPdcs\x1b\\", r"\x1bc", r"\rfake.yaml: legal (0 turns)",
         r"\x08", r"\x9b31m", r"\u202eevil"]

BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
UNSAFE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{BIDI}]")


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            input=stdin, timeout=120, cwd=TOP)
    assert b"Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def assert_safe(raw: bytes) -> str:
    """The bytes a terminal would get: UTF-8 with no control character but a newline (and no
    tab: grinivil aligns with spaces) and no bidi control; returned decoded."""
    text = raw.decode("utf-8")
    bad = sorted({f"U+{ord(c):04X}" for c in UNSAFE.findall(text)} | ({"U+0009"} & {
        f"U+{ord(c):04X}" for c in text}))
    assert not bad, f"{bad} reach the terminal in {text[:2000]!r}"
    return text


def log_with(tmp_path: Path, name: str, old: str, new: str, *, source: Path = SAMPLE) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def hostile_logs(tmp_path: Path) -> dict[str, Path]:
    """One log per kind of quoted value, each carrying every payload."""
    return {
        "key": log_with(tmp_path, "key.yaml", A_TURN,
                        f'- {{player: Anna, tile: subsidy, "k{ALL}": 1}}'),
        "tile": log_with(tmp_path, "tile.yaml", A_TURN,
                         f'- {{player: Anna, tile: "subsidy{ALL}"}}'),
        "player": log_with(tmp_path, "player.yaml", A_TURN,
                           f'- {{player: "A{ALL}", tile: subsidy}}'),
        "value": log_with(tmp_path, "value.yaml", "inner_tiles: [I04, I05]",
                          f'inner_tiles: [I04, "I{ALL}"]'),
    }


def assert_every_payload_escaped(text: str, payloads: list[str] = SHOWN) -> None:
    for shown in payloads:
        assert shown in text, f"{shown!r} is not shown escaped in {text[:2000]!r}"


def test_the_escape_function_quotes_like_repr_and_keeps_letters() -> None:
    from grinivil_cli.base.terminal import safe_text

    for c in "\x00\x07\x08\t\r\x1b\x7f\x80\x85\x9b\x9f" + BIDI:
        assert safe_text(f"a{c}b") == "a" + repr(c)[1:-1] + "b"
    assert safe_text("a\nb") == "a\nb" and safe_text("a\nb", newlines=False) == "a\\nb"
    for name in ("Zoë", "Łukasz", "李", "Žofie Dvořáková", "שרה", "😀", "a\\x1b"):
        assert safe_text(name) == name
    assert safe_text(safe_text("\x1b[31m\u202e")) == safe_text("\x1b[31m\u202e") == (
        "\\x1b[31m\\u202e")
    assert safe_text("\ud800") == "\\ud800"  # a lone surrogate would not even encode


@pytest.mark.parametrize("kind", ["key", "tile", "player", "value"])
def test_validate_escapes_control_and_bidi_characters_in_quoted_values(
        tmp_path: Path, kind: str) -> None:
    path = hostile_logs(tmp_path)[kind]
    result = run("validate", str(path))
    assert result.returncode == 2
    text = assert_safe(result.stdout) + assert_safe(result.stderr)
    # the quoted value may be shortened in the message: the first payloads always show
    assert_every_payload_escaped(text, SHOWN if kind == "key" else SHOWN[:2])
    for line in text.splitlines():  # the fake verdict did not get a line of its own
        assert line.startswith(f"{path}:"), line
    assert "fake.yaml: legal" not in text.replace("\\rfake.yaml: legal", "")


@pytest.mark.parametrize("command", [["show"], ["audit"], ["audit", "--format", "markdown"],
                                     ["ledger"], ["ledger", "--format", "markdown"],
                                     ["render", "-o", "{out}"], ["viewer", "-o", "{out}/v.html"]])
def test_every_command_escapes_the_problems_of_an_unreadable_log(
        tmp_path: Path, command: list[str]) -> None:
    path = hostile_logs(tmp_path)["key"]
    args = [a.replace("{out}", str(tmp_path / "out")) for a in command]
    result = run(args[0], str(path), *args[1:])
    assert result.returncode == 2
    text = assert_safe(result.stdout) + assert_safe(result.stderr)
    assert_every_payload_escaped(text)


def test_names_from_the_command_line_and_the_file_name_are_escaped(tmp_path: Path) -> None:
    raw = "Ann\x1b]0;pwned\x07\x1bc\r\x9b\u202e"
    result = run("ledger", str(SAMPLE), "--player", raw)
    assert result.returncode == 2
    assert r"Ann\x1b]0;pwned\x07\x1bc\r\x9b\u202e" in assert_safe(result.stderr)
    result = run("ledger", str(SAMPLE), "--turns", raw)
    assert result.returncode == 2 and r"\x1b]0;pwned" in assert_safe(result.stderr)
    odd = tmp_path / "g\x1b]0;t\x07\u202e.yaml"
    odd.write_bytes(SAMPLE.read_bytes())
    for args in (["validate", str(odd)], ["audit", str(odd)], ["audit", str(odd), "--format",
                 "markdown"], ["validate", str(odd), str(SAMPLE)]):
        result = run(*args)
        assert result.returncode == 0, result
        assert r"g\x1b]0;t\x07\u202e.yaml" in unescape(assert_safe(result.stdout))
    assert run("show", str(odd)).returncode == 0


def test_an_illegal_move_on_standard_error_is_escaped(tmp_path: Path) -> None:
    """`show` prints why the replay stops on standard error; the log is named by its file."""
    illegal = TOP / "samples" / "illegal" / "r-fee-03-fee-unaffordable.yaml"
    odd = tmp_path / "x\x1b[2J\u202e.yaml"
    odd.write_bytes(illegal.read_bytes())
    result = run("show", str(odd))
    assert result.returncode == 1
    assert r"x\x1b[2J\u202e.yaml:40:11: turn 4, Bruno, Build Floor: R-FEE-03" in assert_safe(
        result.stderr)
    assert_safe(result.stdout)


def test_ordinary_letters_print_unchanged(tmp_path: Path) -> None:
    """Regression guard (passes before and after the fix): letters are not escaped."""
    text = SAMPLE.read_text(encoding="utf-8").replace("Anna", "Zoë").replace("Bruno", "李")
    path = tmp_path / "Łukasz.yaml"
    path.write_text(text, encoding="utf-8")
    out = assert_safe(run("validate", str(path)).stdout)
    assert f"{path}: legal" in out and "Zoë" in out and "李" in out
    assert "| Zoë |" in assert_safe(run("audit", str(path), "--format", "markdown").stdout)


def test_json_output_escapes_c1_and_bidi_characters_and_stays_the_same_data(
        tmp_path: Path) -> None:
    """JSON escapes C0 controls itself; C1 controls and bidi controls are escaped too
    (`\\u009b`, `\\u202e`: the same JSON string), and every problem is kept."""
    path = hostile_logs(tmp_path)["key"]
    result = run("validate", str(path), "--format", "json")
    text = assert_safe(result.stdout)
    report = json.loads(text)["files"][0]
    assert "\\u009b" in text and "\\u202e" in text
    assert any("\x9b31m\u202eevil" in p["message"] for p in report["problems"])


# --- Markdown -----------------------------------------------------------------------------------

MD_NAMES = {"Anna": "A|B", "Bruno": "[x](http://e)"}
MD_NAMES_2 = {"Anna": "*b*", "Bruno": "_u_<i>`c`&amp;"}


def renamed(tmp_path: Path, names: dict[str, str]) -> Path:
    text = SAMPLE.read_text(encoding="utf-8")
    for old, new in names.items():
        text = text.replace(old, "'" + new + "'")
    path = tmp_path / "md.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def cells(row: str) -> list[str]:
    """A GitHub-flavoured Markdown table row split at its unescaped pipes."""
    assert row.startswith("|") and row.endswith("|"), row
    return [c.strip() for c in re.split(r"(?<!\\)\|", row[1:-1])]


def unescape(cell: str) -> str:
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", cell)


@pytest.mark.parametrize("names", [MD_NAMES, MD_NAMES_2])
@pytest.mark.parametrize("command", ["audit", "ledger"])
def test_markdown_tables_keep_their_columns_and_show_names_literally(
        tmp_path: Path, command: str, names: dict[str, str]) -> None:
    path = renamed(tmp_path, names)
    result = run(command, str(path), "--format", "markdown")
    assert result.returncode == 0, result.stderr
    text = assert_safe(result.stdout)
    tables: list[list[list[str]]] = []
    previous = ""
    for line in text.splitlines():
        if line.startswith("|"):
            if not previous.startswith("|"):
                tables.append([])
            tables[-1].append(cells(line))
        previous = line
    assert tables
    shown: set[str] = set()
    for rows in tables:
        assert {len(r) for r in rows} == {len(rows[0])}, rows[:3]
        shown |= {unescape(c) for r in rows[2:] for c in r}
    for name in names.values():
        assert name in shown or any(name in c for c in shown), (name, sorted(shown)[:20])
    assert "[x](http://e)" not in text and "*b*" not in text and "<i>" not in text
    for prose in (line for line in text.splitlines() if not line.startswith("|")):
        for raw in ("*b*", "[x](", "A|B", "<i>", "&amp;"):  # not left unescaped
            assert raw not in re.sub(r"\\.", "", prose), prose


# --- the error cap ------------------------------------------------------------------------------

def many_problems(tmp_path: Path, n: int) -> Path:
    keys = ", ".join(f"zz{k}: 1" for k in range(n))
    return log_with(tmp_path, "many.yaml", A_TURN,
                    f"- {{player: Anna, tile: subsidy, {keys}}}")


def test_thousands_of_format_problems_print_at_most_the_cap_and_a_count(tmp_path: Path) -> None:
    from grinivil_cli.reports.report import MAX_SHOWN

    path = many_problems(tmp_path, 5000)
    # JSON is for programs: every problem the reader reports (the schema check may itself
    # stop early, with a problem saying so).
    report = json.loads(run("validate", str(path), "--format", "json").stdout)["files"][0]
    found = len(report["problems"])
    assert found > MAX_SHOWN
    result = run("validate", str(path))
    assert result.returncode == 2
    lines = assert_safe(result.stdout).splitlines()
    assert len(lines) == MAX_SHOWN + 1 <= 101
    assert lines[-1] == f"{path}: ... and {found - MAX_SHOWN} more problems"
    assert all("unknown key 'zz" in line for line in lines[:-1])
    for command in ("show", "audit", "viewer"):
        out = run(command, str(path), "-o", str(tmp_path / "v.html")) if command == "viewer" \
            else run(command, str(path))
        assert len(out.stdout.splitlines()) == MAX_SHOWN + 1, command
    # a folder: each log's problems are capped, the summary still counts them all
    folder = tmp_path / "logs"
    folder.mkdir()
    path.rename(folder / "many.yaml")
    (folder / "ok.yaml").write_bytes(SAMPLE.read_bytes())
    out = run("validate", str(folder)).stdout.decode("utf-8")
    assert f"{found} problems" in out and len(out.splitlines()) < MAX_SHOWN + 10


def test_a_few_problems_print_without_a_summary_line(tmp_path: Path) -> None:
    from grinivil_cli.reports.report import MAX_SHOWN

    path = many_problems(tmp_path, MAX_SHOWN)
    lines = run("validate", str(path)).stdout.decode("utf-8").splitlines()
    assert len(lines) == MAX_SHOWN and "more problems" not in lines[-1]


# --- the viewer ---------------------------------------------------------------------------------

def test_viewer_shows_bidi_and_control_characters_of_titles_and_notes_escaped(
        tmp_path: Path) -> None:
    data = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))
    data["title"] = "Club \u202eevil\u202c night \x1b]0;t\x07"
    data["turns"][0]["note"] = "look \u202eereh\u2066 x\x85y"
    path = tmp_path / "bidi.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    html = viewer_html(load_game(path), str(path))
    assert not re.search(f"[{BIDI}\x00-\x08\x0b-\x1f\x7f-\x9f]", html), "raw controls in page"
    assert "Club \\u202eevil\\u202c night \\x1b]0;t\\x07</h1>" in html
    assert "\\\\u202eereh\\\\u2066" in html  # in the JSON data: the frame's log entry
    result = run("viewer", str(path), "-o", str(tmp_path / "v.html"))
    assert result.returncode == 0 and assert_safe(result.stdout)


# --- the fuzzer ---------------------------------------------------------------------------------

def test_the_fuzzer_puts_control_and_bidi_characters_in_every_kind_of_name(
        tmp_path: Path) -> None:
    """tools/fuzz.py draws names with control and bidi characters for every kind it replaces
    (and junk values, and a key), and counts a raw one in a message as a crash."""
    import copy

    from grinivil_cli.edition.load import load_edition

    from toolkit import load_tool

    fuzz = load_tool("fuzz")
    assert any(isinstance(j, str) and "\x1b]" in j for j in fuzz.JUNK)
    assert any("\u202e" in k for k in fuzz.KEYS)
    edition = load_edition("standard")
    bases = fuzz.base_games(edition, [(2, 1)], samples=False)
    vocab = fuzz.Vocabulary(edition, bases)
    tried = set()
    for kind, pool in vocab.pools.items():
        hostile = [v for v in pool if isinstance(v, str) and not fuzz.is_safe(v)]
        assert hostile, kind
        data = copy.deepcopy(bases[0])
        found = [(p, is_key) for p, v, is_key in fuzz.places(data) if vocab.kind(v) == kind]
        if not found:  # a kind of name this game does not use
            continue
        tried.add(kind)
        path, is_key = found[len(found) // 2]
        holder = fuzz.parent(data, path)
        if is_key:
            fuzz.rename_key(holder, path[-1], hostile[0])
        else:
            holder[path[-1]] = hostile[0]
        raw = fuzz.log_to_yaml(data).encode("utf-8")
        status, crash = fuzz.try_mutant(raw, 10**7, str(tmp_path), cli=kind in ("tile",
                                                                                 "player"))
        assert crash is None, (kind, crash)
    assert {"tile", "player", "resident", "site", "cube"} <= tried, tried
    assert fuzz.check_report({"status": "unreadable", "exit": 2, "problems": [{}],
                              "text": "x.yaml:1:1: 'a\x1bc' is not a tile"}) is not None


def test_lenient_findings_are_capped_like_problems() -> None:
    from grinivil_cli.reports.report import MAX_SHOWN, shown_lines

    lines = shown_lines("x.yaml", [f"x.yaml:{i}:1: R-X: \x1b[2J" for i in range(MAX_SHOWN + 50)],
                        "findings").split("\n")
    assert len(lines) == MAX_SHOWN + 1 and lines[-1] == "x.yaml: ... and 50 more findings"
    assert lines[0] == "x.yaml:0:1: R-X: \\x1b[2J"


def test_a_newline_in_a_file_name_does_not_make_a_line(tmp_path: Path) -> None:
    odd = tmp_path / "n\nfake.yaml: legal (0 turns)\n.yaml"
    odd.write_bytes(SAMPLE.read_bytes())
    text = assert_safe(run("validate", str(odd), str(SAMPLE)).stdout)
    assert not [line for line in text.splitlines() if line.startswith("fake.yaml")], text
    assert text.count("n\\nfake.yaml: legal (0 turns)\\n.yaml") == 2  # its result, the summary


def test_usage_errors_quote_what_was_typed_escaped() -> None:
    """A usage error (printed by Typer, not by grinivil's own messages) quotes the option that
    was typed: its bidi and control characters are escaped too (standard error goes through
    terminal.SafeStream), and the exit code is still the usage error's 2."""
    result = run("validate", "--\u202eevil\x1b]0;pwned\x07")
    assert result.returncode == 2
    text = assert_safe(result.stderr)
    assert "No such option" in text and "\\u202eevil\\x1b]0;pwned\\x07" in text
