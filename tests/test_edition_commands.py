"""`grinivil edition new / check / diff` (issue 32): a club's own copy of the component data,
made from the bundled edition, checked with every mistake at its line, and compared in words.

The seeded mistakes are the issue's: a duplicate id, a site on no road, a market with a missing
hole, a resident card wishing for an unknown building, a count over the Components list. The
diff is tested on real data: tests/data/standard-before-issue-16.yaml is standard.yaml as it was
before issue 16 recalibrated it (`git show ead99e8~1:grinivil_cli/editions/standard.yaml`,
unchanged).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grinivil_cli.edition.check import check_edition
from grinivil_cli.edition.diff import diff_editions
from grinivil_cli.edition.digest import data_digest
from grinivil_cli.edition.load import load_edition
from grinivil_cli.errors import LogFormatError

from clikit import grinivil, words

TOP = Path(__file__).resolve().parent.parent
STANDARD = TOP / "grinivil_cli" / "editions" / "standard.yaml"
SCHEMA = TOP / "grinivil_cli" / "schemas" / "edition.schema.json"
BEFORE_16 = TOP / "tests" / "data" / "standard-before-issue-16.yaml"
COPY_TITLE = " (a copy to correct: see `grinivil edition check`)"



def data_of(path: Path) -> Any:
    """An edition file's data as grinivil reads it (mapping keys as written: `"1"`, not 1)."""
    return check_edition(str(path)).data


def without_title(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "title"}


# --- edition new ---------------------------------------------------------------------------


def test_new_writes_the_whole_edition_with_comments_a_schema_line_and_a_title(
        tmp_path: Path) -> None:
    """The copy loads, holds the bundled edition's data but the title (which says it is a copy
    to correct), keeps every comment, and its first line names the edition schema beside it
    (never a path into the installed package: issue 33); the command says how to write it
    there, and `edition schema -o` writes the package's schema."""
    out = tmp_path / "club" / "my-box.yaml"
    out.parent.mkdir()
    result = grinivil("edition", "new", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert f"{out}: a copy of the edition standard to correct" in words(result.stdout)
    text = out.read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first == "# yaml-language-server: $schema=edition.schema.json"
    written = out.parent / "edition.schema.json"
    assert f"`grinivil edition schema -o {written}` writes it there." in words(result.stdout)
    assert grinivil("edition", "schema", "-o", str(written)).returncode == 0
    assert json.loads(written.read_text(encoding="utf-8")) == \
        json.loads(SCHEMA.read_text(encoding="utf-8"))
    copy, bundled = data_of(out), data_of(STANDARD)
    assert copy["title"] == bundled["title"] + COPY_TITLE
    assert without_title(copy) == without_title(bundled)
    comments = [line for line in STANDARD.read_text(encoding="utf-8").splitlines()[1:]
                if line.lstrip().startswith("#") or " # " in line]
    assert comments and all(line in text.splitlines() for line in comments)
    edition = load_edition(str(out))  # as --edition reads it: checked, and the same model
    standard = load_edition("standard")
    assert edition.residents == standard.residents and edition.markets == standard.markets
    assert edition.land_tiles == standard.land_tiles
    assert edition.starting_money == standard.starting_money


def test_the_copy_checks_and_is_the_same_data_as_its_edition(tmp_path: Path) -> None:
    """`edition check` passes the copy; `edition diff standard COPY` finds the same data (exit
    0) and names the title among the notes."""
    out = tmp_path / "box.yaml"
    assert grinivil("edition", "new", "-o", str(out)).returncode == 0
    check = grinivil("edition", "check", str(out))
    assert check.returncode == 0, check.stdout
    said = " ".join(check.stdout.split())  # its line wrapped to the terminal's width
    assert said.startswith(f"{out}: ok (17 land tiles, 29 resident cards, ")
    assert "95 records and counts reconstructed" in said
    diff = grinivil("edition", "diff", "standard", str(out))
    assert diff.returncode == 0, diff.stdout
    said = " ".join(diff.stdout.split())
    assert "the same data" in said and "Notes (they judge nothing):" in said
    assert COPY_TITLE.strip() in said


def test_new_refuses_to_replace_a_file(tmp_path: Path) -> None:
    out = tmp_path / "box.yaml"
    out.write_text("mine\n", encoding="utf-8")
    result = grinivil("edition", "new", "-o", str(out))
    assert result.returncode == 2
    assert "exists already: nothing is written" in result.stderr
    assert out.read_text(encoding="utf-8") == "mine\n"


def test_new_copies_a_file_and_a_copy_of_a_copy_keeps_one_note(tmp_path: Path) -> None:
    """--from FILE: the old data copied (its title marked once); a copy of the copy has one
    `grinivil edition new` note, not two."""
    first, second = tmp_path / "a.yaml", tmp_path / "sub" / "b.yaml"
    second.parent.mkdir()
    assert grinivil("edition", "new", "-o", str(first), "--from", str(BEFORE_16)).returncode == 0
    assert grinivil("edition", "new", "-o", str(second), "--from", str(first)).returncode == 0
    assert without_title(data_of(second)) == without_title(data_of(BEFORE_16))
    assert data_of(second)["title"].count(COPY_TITLE) == 1
    text = second.read_text(encoding="utf-8")
    assert text.count("made by `grinivil edition new`") == 1
    assert f"grinivil edition check {second.name}" in text
    assert text.splitlines()[0] == "# yaml-language-server: $schema=edition.schema.json"


def test_new_refuses_an_edition_with_mistakes_or_none(tmp_path: Path) -> None:
    broken = seeded(tmp_path, "\ntrees: 50\n", "\ntrees: 51\n")[0]
    for source in (str(broken), "standrd"):
        result = grinivil("edition", "new", "-o", str(tmp_path / "out.yaml"), "--from", source)
        assert result.returncode == 2
        assert "so it is not copied" in result.stderr
        assert not (tmp_path / "out.yaml").exists()
    assert "did you mean 'standard'?" in result.stderr


# --- edition check: the seeded mistakes, each at its line ------------------------------------


def seeded(tmp_path: Path, old: str, new: str, nth: int = 1,
           name: str = "seeded.yaml") -> tuple[Path, int]:
    """A copy of standard.yaml with the `nth` `old` replaced by `new`, and the line where `new`
    starts (1-based)."""
    text = STANDARD.read_text(encoding="utf-8")
    at = -1
    for _ in range(nth):
        at = text.index(old, at + 1)
    changed = text[:at] + new + text[at + len(old):]
    path = tmp_path / name
    path.write_text(changed, encoding="utf-8")
    line = changed[:at].count("\n") + 1 + (new[:len(new) - len(new.lstrip("\n"))].count("\n"))
    return path, line


SITE = "      s3: {kind: nonresidential, road: right, x: 0.88, y: 0.55}\n"  # tile I01
MISTAKES: dict[str, tuple[str, str, str]] = {
    # a duplicate id: two land tiles, or two sites of a tile, with the same key
    "duplicate land tile": ("  I04:\n", "  I03:\n", "duplicate key 'I03' (first at line"),
    "duplicate site": (SITE, SITE.replace("s3:", "s2:"), "duplicate key 's2' (first at line"),
    "duplicate action tile number": ('number: "06"', 'number: "05"', "number 05 is used twice"),
    # a site on no road: its road left out, or a road its tile does not have
    "site without a road": (SITE, SITE.replace("road: right, ", ""),
                            "land_tiles.I01.sites.s3: missing key 'road'"),
    "site on a road its tile lacks": (SITE, SITE.replace("right", "access"),
                                      "the tile has no Access Road"),
    # a market whose prices are inconsistent: a hole selling at its buying price
    "hole selling at its price": ("{buy: 7, sell: 5}   # row 2", "{buy: 7, sell: 7}   # row 2",
                                  "sells at 7, not below its buying price"),
    # a resident card wishing for an unknown building: a Public desire, a Commerce feature
    "unknown desired building": ("public: {post-office: 9}", "public: {post-ofice: 9}",
                                 "unknown building 'post-ofice'; did you mean 'post-office'?"),
    "unknown required building": ("{building: bus-stop, max_distance: 2, reward: {vp: 3",
                                  "{building: bus-stp, max_distance: 2, reward: {vp: 3",
                                  "unknown building 'bus-stp'; did you mean 'bus-stop'?"),
    # a count over the rulebook's Components list
    "trees over the Components list": ("\ntrees: 50\n", "\ntrees: 51\n",
                                       "trees: 51; the rulebook's Components list has 50"),
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_check_finds_each_seeded_mistake_at_its_line(tmp_path: Path, mistake: str) -> None:
    """Exit 1, the problem at `file:LINE:col` of the line changed, in the loader's words (a
    "did you mean" where it has one); the same problems `--edition` gives."""
    old, new, message = MISTAKES[mistake]
    path, line = seeded(tmp_path, old, new)
    result = grinivil("edition", "check", str(path))
    assert result.returncode == 1, result.stdout + result.stderr
    found = [p for p in result.stdout.splitlines() if p.startswith(f"{path}:{line}:")]
    assert any(message in problem for problem in found), (line, result.stdout)
    with pytest.raises(LogFormatError) as raised:
        load_edition(str(path))
    assert [str(p) for p in raised.value.problems] == result.stdout.splitlines()


def test_check_finds_a_market_hole_left_out(tmp_path: Path) -> None:
    """A row of the 2-3 player concrete section with 2 holes, not 3 (the section 11 holes long,
    its prices still in order): said at the row's first hole, as worth a look (a real Market
    may have a short row, AMB-MKT-02: docs/rulings.md), so the file stays usable (exit 0);
    JSON gives the same place. The bundled edition has no such row."""
    path, line = seeded(tmp_path, "        - {buy: 7, sell: 5}\n", "", nth=1)
    first = line - 1  # the row's first hole, the line above the one taken out
    assert path.read_text().splitlines()[first - 1].strip() == "- {buy: 7, sell: 5}   # row 2"
    result = grinivil("edition", "check", str(path))
    assert result.returncode == 0, result.stdout
    assert f"{path}:{first}:11: worth a look: concrete row 2 from the bottom (buy 7, sell 5) " \
        "has 2 holes; the other rows of the 2-3 player side have 3: a hole left out, or one " \
        "too many?" in result.stdout
    report = json.loads(grinivil("edition", "check", "--format", "json", str(path)).stdout)
    assert [(w["line"], w["col"]) for w in report["files"][0]["warnings"]] == [(first, 11)]
    assert "worth a look" not in grinivil("edition", "check", "standard").stdout


def test_check_lists_every_cross_check_problem_of_a_file_in_one_run(tmp_path: Path) -> None:
    """Four mistakes of the data in one file: four problems, each at its line, in one run."""
    path, _ = seeded(tmp_path, "\ntrees: 50\n", "\ntrees: 51\n")
    text = path.read_text(encoding="utf-8")
    for old, new, _ in (MISTAKES["unknown desired building"],
                        MISTAKES["site on a road its tile lacks"],
                        MISTAKES["duplicate action tile number"]):
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    result = grinivil("edition", "check", str(path))
    assert result.returncode == 1
    lines = text.splitlines()
    for needle in ("trees: 51", "post-ofice", "road: access", 'number: "05", name: Sell'):
        at = next(i for i, line in enumerate(lines, 1) if needle in line)
        assert f"{path}:{at}:" in result.stdout, (needle, result.stdout)


def test_check_exit_codes_and_the_worst_of_several(tmp_path: Path) -> None:
    """0 correct (a bundled edition is checked too), 1 a mistake, 2 unreadable: not YAML, an
    empty file, no such file, an unknown bundled name (with a "did you mean"), a folder;
    several files: every one reported, the worst exit."""
    assert grinivil("edition", "check", "standard", str(BEFORE_16)).returncode == 0
    broken, _ = seeded(tmp_path, "\ntrees: 50\n", "\ntrees: 51\n")
    not_yaml = tmp_path / "not.yaml"
    not_yaml.write_text("cubes: [\n", encoding="utf-8")
    empty = tmp_path / "empty.yaml"
    empty.write_text("", encoding="utf-8")
    assert grinivil("edition", "check", "standard", str(broken)).returncode == 1
    for name in (str(not_yaml), str(empty), str(tmp_path / "none.yaml"), "standrd",
                 str(tmp_path)):
        result = grinivil("edition", "check", name)
        assert result.returncode == 2, (name, result.stdout)
        assert result.stdout.startswith(name), result.stdout
    result = grinivil("edition", "check", "standrd")
    assert "unknown edition 'standrd'; did you mean 'standard'?" in result.stdout
    result = grinivil("edition", "check", str(broken), str(not_yaml), "standard")
    assert result.returncode == 2
    assert "trees: 51" in result.stdout and "invalid YAML" in result.stdout
    assert "standard: ok (" in result.stdout


def test_a_key_written_twice_or_a_tag_is_a_mistake_not_an_unreadable_file(
        tmp_path: Path) -> None:
    """The YAML reads, so a key twice or a tag is a mistake of the data (exit 1), as a
    misspelt key is; a file not UTF-8 cannot be read (exit 2)."""
    tagged, _ = seeded(tmp_path, "\ntrees: 50\n", "\ntrees: !!int 50\n")
    assert grinivil("edition", "check", str(tagged)).returncode == 1
    utf16 = tmp_path / "utf16.yaml"
    utf16.write_bytes(STANDARD.read_text(encoding="utf-8").encode("utf-16"))
    result = grinivil("edition", "check", str(utf16))
    assert result.returncode == 2 and "UTF-16" in result.stdout


def test_check_json_gives_counts_and_every_problem(tmp_path: Path) -> None:
    broken, line = seeded(tmp_path, "\ntrees: 50\n", "\ntrees: 51\n")
    result = grinivil("edition", "check", "--format", "json", "standard", str(broken))
    assert result.returncode == 1
    doc = json.loads(result.stdout)
    assert doc["exit"] == 1
    ok, bad = doc["files"]
    assert ok["status"] == "ok" and ok["counts"]["land tiles"] == 17
    assert ok["reconstructed"] == 95
    assert bad["status"] == "mistakes" and bad["exit"] == 1
    assert bad["problems"] == [{"message": "trees: 51; the rulebook's Components list has 50",
                                "line": line, "col": 8}]


def test_check_agrees_with_the_loader_on_what_is_correct() -> None:
    """A file `check` passes is one `--edition` takes (the model built the same way)."""
    checked = check_edition(str(BEFORE_16))
    assert checked.ok and checked.edition is not None
    assert checked.edition.residents == load_edition(str(BEFORE_16)).residents


# --- edition diff --------------------------------------------------------------------------

# From `diff tests/data/standard-before-issue-16.yaml grinivil_cli/editions/standard.yaml`, read
# by hand: the starting money 50 -> 70, and nine cards whose one mandatory feature (a Commerce
# building) became their first optional one, unchanged (the rest is `source` notes).
RECALIBRATED = {
    "cyril": ("Cyril", "Garden Center"), "greta": ("Greta", "Cafe"),
    "jana": ("Jana", "Garden Center"), "lucie": ("Lucie", "Playground"),
    "petra": ("Petra", "Cafe"), "tomas": ("Tomas", "School"), "viktor": ("Viktor", "Bank"),
    "zdenek": ("Zdenek", "Pet Shop"), "ema": ("Ema", "Bus Stop"),
}


def test_diff_of_the_recalibration_of_issue_16() -> None:
    """The data before issue 16 against today's: the starting money and the nine cards, in
    words, nothing else in the data; the `source` notes that changed listed apart. The file
    named from the checkout, as its user names it (a long absolute path wraps the title)."""
    result = grinivil("edition", "diff", str(BEFORE_16.relative_to(TOP)), "standard", cwd=TOP)
    assert result.returncode == 1, result.stdout
    expected = ["  starting money 50 -> 70"] + [
        f"  {card}: the {building} moved from the mandatory to the optional features"
        for card, building in RECALIBRATED.values()]
    lines = result.stdout.splitlines()
    assert lines[0] == f"{BEFORE_16.relative_to(TOP)} -> standard: 10 differences in the data"
    assert lines[1:13] == ["Counts and money:", expected[0], "Resident cards:", *expected[1:]]
    assert lines[13] == "Notes (they judge nothing):"  # the same title: one note, its line
    assert lines[14].startswith("  where") and all(  # wrapped to the terminal's width
        line.startswith("    ") for line in lines[15:])
    notes = " ".join(lines[14:])
    assert "in 10 places: sources.starting_money" in notes
    assert all(f"residents.{key}" in notes for key in RECALIBRATED)


def test_diff_the_other_way_and_as_json() -> None:
    result = grinivil("edition", "diff", "--format", "json", "standard", str(BEFORE_16))
    assert result.returncode == 1
    doc = json.loads(result.stdout)
    assert doc["same"] is False and doc["exit"] == 1
    assert doc["changes"][0] == {"group": "Counts and money", "path": "starting_money",
                                 "text": "starting money 70 -> 50"}
    cards = doc["changes"][1:]
    assert [c["path"] for c in cards] == [f"residents.{key}" for key in RECALIBRATED]
    assert {c["group"] for c in cards} == {"Resident cards"}
    assert cards[1]["text"] == "Greta: the Cafe moved from the optional to the mandatory features"
    assert {n["path"] for n in doc["notes"]} == {"sources.starting_money"} | {
        f"residents.{key}.source" for key in RECALIBRATED}


def test_diff_exit_codes() -> None:
    """0 the same data, 1 different, 2 when one cannot be read or has mistakes (its problems
    said first)."""
    assert grinivil("edition", "diff", "standard", str(STANDARD)).returncode == 0
    result = grinivil("edition", "diff", "standard", "standrd")
    assert result.returncode == 2
    assert "did you mean 'standard'?" in result.stderr and "not compared" in result.stderr


def test_diff_refuses_an_edition_with_mistakes(tmp_path: Path) -> None:
    broken, line = seeded(tmp_path, "\ntrees: 50\n", "\ntrees: 51\n")
    result = grinivil("edition", "diff", "standard", str(broken))
    assert result.returncode == 2
    assert f"{broken}:{line}:8: trees: 51" in result.stderr
    assert "it is not a correct edition, so the editions are not compared" in result.stderr


def test_same_data_is_same_digest() -> None:
    """`diff` says the same data exactly when the digests a log pins agree (`edition_digest`:
    the title and the `source` notes judge nothing)."""
    old, new = data_of(BEFORE_16), data_of(STANDARD)
    noted = {**new, "title": "x", "sources": {**new["sources"], "trees": "our box"}}
    for a, b in ((old, new), (new, noted), (old, old)):
        assert diff_editions(a, b).same == (data_digest(a) == data_digest(b))


def test_the_kept_version_before_issue_16_is_that_data() -> None:
    """`edition diff standard@1 standard`, the bundled version a log recorded before issue 16
    is judged with, says what the file from before issue 16 says."""
    result = grinivil("edition", "diff", "--format", "json", "standard@1", "standard")
    assert result.returncode == 1
    kept = json.loads(result.stdout)["changes"]
    assert kept == [vars(c) for c in diff_editions(data_of(BEFORE_16),
                                                   data_of(STANDARD)).changes]


# --- the words of each section ----------------------------------------------------------------


def changed(edit: Any) -> list[str]:
    """The words for the change `edit` makes to the standard edition's data."""
    old = data_of(STANDARD)
    new = data_of(STANDARD)
    edit(new)
    return [c.text for c in diff_editions(old, new).changes]


def test_words_of_counts_buildings_and_cards() -> None:
    def edit(d: dict[str, Any]) -> None:
        d["cubes"]["wood"] = 29
        d["buildings"]["pub"]["floors"][1] = {"cost": {"wood": 2, "steel": 1}, "vp": 4}
        d["buildings"]["bank"]["four_plus"] = True
        d["residents"]["paula"]["public"] = {"post-office": 12, "hospital": 3}
        d["residents"]["paula"]["optional"][0]["max_distance"] = None
        d["residents"]["milan"]["primary_vp"] = 5
        d["residents"]["greta"]["optional"].reverse()
        del d["residents"]["agata"]

    assert changed(edit) == [
        "wood cubes 28 -> 29",
        "Pub: Floor 2 costs 1 wood, 1 steel, 3 VP -> costs 2 wood, 1 steel, 4 VP",
        "Bank: the ●●●●+ mark added",
        "Paula: the Cafe's max distance 3 -> any",
        "Paula: desires the Post Office for 9 VP -> 12 VP",
        "Paula: now desires the Hospital (3 VP)",
        "Milan: primary reward 4 VP -> 5 VP",
        "Agata removed (primary reward 3 VP, 12 G)",
        "Greta: the optional features reordered: Cafe, Cultural Venue -> Cultural Venue, Cafe",
    ]


def test_words_of_tiles_markets_ring_track_and_dice() -> None:
    """A Market hole left out is said once (not as every hole above it changed)."""
    def edit(d: dict[str, Any]) -> None:
        sites = d["land_tiles"]["I01"]["sites"]
        sites["s2"]["bonus"] = {"kind": "money", "amount": 3}
        sites["s4"]["municipal"] = False
        sites["s5"] = {"kind": "residential", "road": "ring", "x": 0.5, "y": 0.5}
        del d["land_tiles"]["I01"]["spots"]["p5"]
        del d["markets"][0]["sections"]["concrete"][4]
        d["action_tiles"]["auction"]["pink"] = True
        d["ring_corners"]["1"] = "build-floor-premium"
        d["road_track"][5][1]["amount"] = 5
        d["import_prices"][2] = 4

    assert changed(edit) == [
        "I01 Orchard: site s2: bonus trees -> 3 G",
        "I01 Orchard: site s4: no longer Municipal",
        "I01 Orchard: site s5 added (residential, on the ring road, drawn at (0.5, 0.5))",
        "I01 Orchard: planting spot p5 removed (drawn at (0.5, 0.85))",
        "Market (2-3 players): concrete 12 holes -> 11",
        "Market (2-3 players): concrete hole 4 from the bottom removed (buy 7, sell 5)",
        "#05 Auction (single-bid): now pink",
        "ring position 1: #01 Buy Resources -> #04 Build Floor (at a premium)",
        "space 6: 3 VP and 3 G -> 3 VP and 5 G",
        "Import (#14) die, face 3: 3 G -> 4 G",
    ]


def test_a_value_of_no_known_section_is_told_by_its_path() -> None:
    def edit(d: dict[str, Any]) -> None:
        d["house_rules"] = {"extra_round": True}
        d["residents"]["paula"]["portrait"] = "paula.png"

    found = diff_editions(data_of(STANDARD), {**data_of(STANDARD)}).changes
    assert found == []
    assert changed(edit) == ["Paula: portrait: (none) -> paula.png",
                             "house_rules: (none) -> {extra_round: yes}"]
