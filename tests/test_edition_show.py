"""`grinivil edition show` (issue 32): the catalogue page a club lays beside its box.

The page is written whole; it marks exactly the records and counts whose note says
`reconstructed` (the numbers below are counted by hand from grinivil_cli/editions/standard.yaml:
5 counts, the cubes, 2 Market sides, 19 buildings, 17 land tiles, 29 resident cards and the 22
action tiles #05-#13, #15-#24, #51P-#53P: 95), and the same number for a club's corrected copy;
it shows every id a log names; it escapes the names of a club's file; the same edition gives
the same bytes; an incorrect file is refused with its problem at its place, and nothing is
written. The page in a browser, and at A4: tests/test_edition_show_browser.py.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from grinivil_cli.edition.check import check_edition, reconstructed

from clikit import grinivil, words

STANDARD_TO_CHECK = 95
MARKED_COUNTS = {"starting_money", "road_track", "ring_corners", "import_prices",
                 "beginners_ring"}
PRINTED_COUNTS = {"trees", "small_warehouses", "road_tokens", "ownership_markers",
                  "orange_blocks", "roof_blocks", "occupied_tokens"}
MARKED_ACTION_NUMBERS = {f"{n:02d}" for n in range(5, 14)} | \
    {f"{n:02d}" for n in range(15, 25)} | {"51P", "52P", "53P"}
PRINTED_ACTION_NUMBERS = {"01", "02", "03", "04", "14"}



class Records(HTMLParser):
    """The page's elements that carry a `data-record`: their path, classes and text, and every
    element id with every `href` that points inside the page."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[tuple[str, set[str], list[str]]] = []
        self.ids: list[str] = []
        self.links: list[str] = []
        self.open: list[tuple[str, int | None]] = []  # tag, index of its record

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs, closed=True)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]],
                        closed: bool = False) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        for name in ("href", "xlink:href"):
            if str(a.get(name, "")).startswith("#"):
                self.links.append(str(a[name])[1:])
        record = None
        if a.get("data-record"):
            record = len(self.records)
            self.records.append((str(a["data-record"]), set(str(a.get("class")).split()), []))
        if not closed and tag not in ("meta", "br"):
            self.open.append((tag, record))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, record in self.open:
            if record is not None:
                self.records[record][2].append(data)

    def text(self, path: str) -> str:
        [found] = [" ".join(" ".join(text).split()) for p, _, text in self.records if p == path]
        return found

    def marked(self) -> list[str]:
        return [p for p, classes, _ in self.records if "reconstructed" in classes]


def parsed(html: str) -> Records:
    parser = Records()
    parser.feed(html)
    return parser


@pytest.fixture(scope="module")
def standard(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """The bundled edition's page, written by the command, and what it printed."""
    out = tmp_path_factory.mktemp("show") / "catalogue.html"
    result = grinivil("edition", "show", "-o", str(out))
    assert result.returncode == 0, result.stderr
    return out.read_text(encoding="utf-8"), result.stdout


def test_the_command_writes_one_self_contained_printable_page(
        standard: tuple[str, str]) -> None:
    """One HTML file: no script, no style sheet, image or font fetched, A4 pages whose cards
    and tiles are not split; the line printed says what was written and how many values to
    check."""
    html, printed = standard
    assert words(printed).endswith("the catalogue of the edition standard, every component "
                                   "drawn (95 values reconstructed, marked to check against "
                                   "your box).")
    assert all(len(line) <= 100 for line in printed.splitlines())  # wrapped to the width
    assert html.startswith("<!DOCTYPE html>")
    assert "<script" not in html and "<link" not in html and " src=" not in html
    assert "url(http" not in html and "@import" not in html
    assert "<?xml" not in html  # each drawing inline, without its XML declaration
    assert "@page { size: A4; margin: 12mm; }" in html
    assert "break-inside: avoid" in html


def test_the_page_counts_the_values_to_check_as_edition_check_does(
        standard: tuple[str, str]) -> None:
    """95 marked records and counts, the number at the top, and `reconstructed`'s count."""
    html, _ = standard
    page = parsed(html)
    assert len(page.marked()) == STANDARD_TO_CHECK
    assert reconstructed(check_edition("standard").data) == STANDARD_TO_CHECK
    assert f'id="check-count">{STANDARD_TO_CHECK}</strong>' in html
    to_check = re.search(r'<ol class="to-check">(.*?)</ol>', html, re.S)
    assert to_check is not None and to_check.group(1).count("<li>") == STANDARD_TO_CHECK


def test_exactly_the_reconstructed_records_are_marked_each_once(
        standard: tuple[str, str]) -> None:
    """Each record and count once on the page (its path in the file as `data-record`); marked
    are the five reconstructed counts, the cubes, both Markets, every building, land tile and
    resident card, and the action tiles whose border colour is reconstructed; the rulebook's
    counts and tiles #01-#04 and #14 are shown with their source, unmarked."""
    html, _ = standard
    page = parsed(html)
    paths = [p for p, _, _ in page.records]
    assert len(paths) == len(set(paths))
    data = check_edition("standard").data
    numbers = {f"action_tiles.{k}": t["number"] for k, t in data["action_tiles"].items()}
    expected = MARKED_COUNTS | {"cubes", "markets.0", "markets.1"} \
        | {f"buildings.{k}" for k in data["buildings"]} \
        | {f"land_tiles.{k}" for k in data["land_tiles"]} \
        | {f"residents.{k}" for k in data["residents"]} \
        | {p for p, n in numbers.items() if n in MARKED_ACTION_NUMBERS}
    assert (len(data["buildings"]), len(data["land_tiles"]), len(data["residents"])) == \
        (19, 17, 29)
    assert set(page.marked()) == expected
    unmarked = set(paths) - expected
    assert unmarked == PRINTED_COUNTS | {p for p, n in numbers.items()
                                         if n in PRINTED_ACTION_NUMBERS}
    assert page.text("markets.0").endswith(
        "check: holes and prices rulebook: Market & Resource Reserve (Bruno 4+5+5, Robin "
        "7+8+7+7; bottom rows worth more)")
    assert "check: which type has which count" in page.text("cubes")
    assert "check: every value" in page.text("land_tiles.I01")
    buy = page.text("action_tiles.buy-resources")
    assert "check" not in buy
    assert buy.endswith("rulebook: Action Tiles Overview #01 (Initial Action Tile)")
    assert "50" in page.text("trees") and "check" not in page.text("trees")


def test_every_id_a_log_names_is_on_the_page(standard: tuple[str, str]) -> None:
    """Every land tile with its sites and spots (and the ids they take once placed), every
    resident card, building and action tile by its key, each action tile by its number."""
    html, _ = standard
    page = parsed(html)
    edition = check_edition("standard").edition
    assert edition is not None
    for tile in edition.land_tiles.values():
        text = page.text(f"land_tiles.{tile.key}")
        assert text.startswith(f"{tile.key} {tile.name}")
        for key in [s.key for s in tile.sites] + [s.key for s in tile.spots]:
            assert re.search(rf"\b{key}\b", text), (tile.key, key)
    for key in edition.residents:
        assert key in page.text(f"residents.{key}")
    for key in edition.buildings:
        assert key in page.text(f"buildings.{key}")
    for key, info in edition.action_tiles.items():
        assert f"#{info.number} {key}" in page.text(f"action_tiles.{key}")
    center, orchard, entrance = (page.text(f"land_tiles.{k}") for k in ("C1", "I01", "O01"))
    assert "its sites are C.s1, C.s2, C.s5, C.s6, C.s7; its spots C.p1, C.p2." in center
    assert ("(a log names the tile I01); at I3: its sites are I3.s1, I3.s2, I3.s3, I3.s4; its "
            "spots I3.p1, I3.p2, I3.p3, I3.p4, I3.p5.") in orchard
    assert "Placed at slot O1 at setup, the entrance tile (1A)" in entrance
    assert "O1.s3" in entrance and "its road O1.road" in entrance


def test_a_tile_lists_each_site_with_its_kind_road_municipal_mark_and_bonus(
        standard: tuple[str, str]) -> None:
    """I01 Orchard (standard.yaml): s2 residential on the left road with a trees bonus, s4
    Municipal; I03's s2 gives 5 G; O03's s2 hangs on its Access Road and gives 3 VP."""
    page = parsed(standard[0])
    orchard = page.text("land_tiles.I01")
    assert "s2 residential left half-road \u2013 2 trees" in orchard
    assert "s4 non-residential left half-road Municipal \u2013" in orchard
    assert "s2 non-residential right half-road \u2013 5 G" in page.text("land_tiles.I03")
    farmstead = page.text("land_tiles.O03")
    assert "s2 non-residential Access Road \u2013 3 VP" in farmstead
    assert "a Construction Road; an Access Road, always completed" in farmstead


def test_a_resident_card_shows_its_rewards_features_and_wishes(
        standard: tuple[str, str]) -> None:
    """Paula (the rulebook's example) and Xenia (a ●●●●+ card), as standard.yaml gives them."""
    page = parsed(standard[0])
    paula = page.text("residents.paula")
    assert "5 VP and 10 G + 3 G per tree (at most 60 G)" in paula
    assert "at least 5 trees" in paula
    assert "Bus Stop ( bus-stop ), max distance 2: 3 VP to each participant" in paula
    assert "Cultural Venue ( cultural-venue ), any distance: 28 G divided by the " \
        "participants" in paula
    assert "Post Office ( post-office ): 9 VP" in paula
    assert "\u25cf\u25cf\u25cf\u25cf+" not in paula.split("PRIMARY")[0].split("Primary")[0]
    xenia = page.text("residents.xenia")
    assert xenia.startswith("Xenia xenia \u25cf\u25cf\u25cf\u25cf+")
    assert "Bowling ( bowling ), max distance 3: 4 VP to each participant" in xenia


def test_the_markets_road_track_ring_and_die_are_drawn_with_their_values(
        standard: tuple[str, str]) -> None:
    """The 2-3 side's concrete: 12 holes in 4 rows, 9/7 at the bottom and 4/2 at the top; the
    track's 12 spaces; the corners; the Beginners Ring's r1; the D6's 6 prices."""
    html, _ = standard
    page = parsed(html)
    side = re.search(r'data-record="markets.0".*?</article>', html, re.S)
    assert side is not None
    assert "concrete" in side.group(0) and ">12 holes<" in side.group(0)
    track = page.text("road_track")
    assert "1 3 G 2 6 trees 3 2 VP 4 a Small Warehouse" in track
    assert "12 a Repeat Action + 5 VP" in track
    corners = page.text("ring_corners")
    assert "1 #01 Buy Resources ( buy-resources ) 6 #03 Build Floor" in corners
    assert "r1 2 #09 Buy Trees (for planting) ( buy-trees )" in page.text("beginners_ring")
    dice = page.text("import_prices")
    assert "2 G 3 G 3 G 4 G 5 G 6 G" in dice


def test_the_drawings_ids_are_unique_and_every_reference_resolves(
        standard: tuple[str, str]) -> None:
    """Many drawings on one page: no two elements share an id, and each `<use>` and link finds
    the element it names."""
    page = parsed(standard[0])
    assert len(page.ids) == len(set(page.ids))
    assert set(page.links) <= set(page.ids)
    assert len(page.links) > 100


def test_the_same_edition_gives_the_same_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    for out in (a, b):
        assert grinivil("edition", "show", "standard", "-o", str(out)).returncode == 0
    assert a.read_bytes() == b.read_bytes()


def club_copy(folder: Path) -> Path:
    """A club's copy with two records checked against its box and a resident and a tile named
    as no card is: the page must show those names as text."""
    path = folder / "my-box.yaml"
    assert grinivil("edition", "new", "-o", str(path)).returncode == 0
    text = path.read_text(encoding="utf-8")
    for old, new in (
            ("    name: Orchard\n    zone: inner\n    source: reconstructed\n",
             "    name: Orchard & \"Co\" <b>\n    zone: inner\n    source: \"checked: "
             "against our box\"\n"),
            ("  agata:\n    name: Agata\n    source: reconstructed\n",
             "  agata:\n    name: \"<script>alert(1)</script>\"\n    source: \"checked: "
             "our box\"\n")):
        assert text.count(old) == 1
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_club_copy_shows_its_own_count_and_escapes_its_names(tmp_path: Path) -> None:
    """Two records checked: 93 left to check, as `edition check` counts them; the names with
    markup in them are shown as text."""
    path = club_copy(tmp_path)
    assert reconstructed(check_edition(str(path)).data) == STANDARD_TO_CHECK - 2
    out = tmp_path / "catalogue.html"
    result = grinivil("edition", "show", str(path), "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert "(93 values reconstructed" in result.stdout
    html = out.read_text(encoding="utf-8")
    page = parsed(html)
    assert len(page.marked()) == 93 and 'id="check-count">93</strong>' in html
    assert "land_tiles.I01" not in page.marked() and "residents.agata" not in page.marked()
    assert "<script" not in html and 'Orchard & "Co" <b>' not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Orchard &amp; &#34;Co&#34; &lt;b&gt;" in html
    assert page.text("residents.agata").startswith("<script>alert(1)</script> agata")
    assert "checked: our box" in page.text("residents.agata")


def test_an_incorrect_edition_is_refused_at_its_place_and_nothing_is_written(
        tmp_path: Path) -> None:
    """Trees 52 (the Components list has 50): exit 2, the problem at its line and column, no
    page; a file that is not YAML, and one that does not exist, likewise."""
    path = tmp_path / "my-box.yaml"
    assert grinivil("edition", "new", "-o", str(path)).returncode == 0
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    [row] = [i for i, line in enumerate(lines) if line == "trees: 50\n"]
    lines[row] = "trees: 52\n"
    path.write_text("".join(lines), encoding="utf-8")
    out = tmp_path / "catalogue.html"
    result = grinivil("edition", "show", str(path), "-o", str(out))
    assert result.returncode == 2
    assert f"{path}:{row + 1}:8: trees: 52; the rulebook's Components list has 50" in \
        result.stderr
    assert "it is not a correct edition, so it is not shown" in result.stderr
    assert not out.exists() and result.stdout == ""
    broken = tmp_path / "broken.yaml"
    broken.write_text("trees: [50\n", encoding="utf-8")
    for name in (str(broken), str(tmp_path / "missing.yaml"), "standrd"):
        result = grinivil("edition", "show", name, "-o", str(out))
        assert result.returncode == 2, name
        assert "it cannot be read, so it is not shown" in result.stderr
        assert not out.exists()


def test_a_page_that_cannot_be_written_exits_2(tmp_path: Path) -> None:
    out = tmp_path / "no-such-folder" / "catalogue.html"
    result = grinivil("edition", "show", "-o", str(out))
    assert result.returncode == 2
    assert result.stderr.startswith(f"grinivil: cannot write {out}:")
    assert not out.parent.exists()
