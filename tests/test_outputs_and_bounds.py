"""Issue 11, item 5: what the viewer does with a fragment it cannot decode, what `render -o`
does with an earlier render's files, the sanity limits of the log format's numbers, output
folders that do not exist (or are dangling links), and 40-character player names in the
viewer's side cards."""

from __future__ import annotations

import copy
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from test_log_schema import VALID
from test_viewer import chromium, console_problems

from grinivil_cli.logfile import fastcheck
from grinivil_cli.logfile.schema import LOG_SCHEMA
from grinivil_cli.render import snapshot_svg
from grinivil_cli.render.style import text_width
from grinivil_cli.table.loading import load_game
from grinivil_cli.viewer import viewer_html

from clikit import words

TOP = Path(__file__).parent.parent
SAMPLES = TOP / "samples"
GAME2 = SAMPLES / "game-2p.yaml"
ILLEGAL = SAMPLES / "illegal" / "r-fee-03-fee-unaffordable.yaml"  # 3 turns drawn, then R-FEE-03
VALIDATOR = Draft202012Validator(LOG_SCHEMA)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def tree(folder: Path) -> list[str]:
    """Every path below `folder`, relative, sorted (links listed, not followed)."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# --- the viewer and a fragment that does not decode ---------------------------------------------

@pytest.fixture(scope="module")
def illegal_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("viewer") / "illegal.html"
    out.write_text(viewer_html(load_game(ILLEGAL), str(ILLEGAL)), encoding="utf-8")
    return out


def body_tag(dom: str) -> str:
    body = re.search(r"<body[^>]*>", dom)
    assert body is not None, dom[:500]
    return body.group(0)


@pytest.mark.parametrize("fragment", ["%", "turn=%E0%A4%A", "%E0%A4%A=1", "turn=%"])
def test_browser_a_fragment_that_does_not_decode_is_ignored(illegal_page: Path,
                                                            fragment: str) -> None:
    """`decodeURIComponent` throws on a malformed escape; the page shows the setup anyway."""
    result = chromium("--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
                      "--dump-dom", f"{illegal_page.as_uri()}#{fragment}")
    assert result.returncode == 0, result.stderr[-2000:]
    assert console_problems(result.stderr) == []
    body = body_tag(result.stdout)
    assert 'data-turn="0"' in body and 'data-frame="0"' in body, body
    stage = result.stdout.split('id="gv-stage"', 1)[1].split("</figure>", 1)[0]
    assert "<svg" in stage and "Setup" in stage, "the setup is drawn"


def test_browser_the_readable_parts_of_a_fragment_still_count(illegal_page: Path) -> None:
    result = chromium("--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
                      "--dump-dom", f"{illegal_page.as_uri()}#x=%E0%A4%A&turn=2")
    assert console_problems(result.stderr) == []
    assert 'data-turn="2"' in body_tag(result.stdout)


# --- render -o DIR over an earlier render -------------------------------------------------------

def test_render_over_an_earlier_game_removes_its_snapshots_and_nothing_else(
        tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    earlier = [f"turn-{n:03d}.svg" for n in range(168)] + ["turn-050.png", "turn-1000.svg"]
    for name in earlier:
        (out / name).write_text("earlier game", encoding="utf-8")
    mine = ["notes.txt", "turn-notes.svg", "my-turn-001.svg", "turn-001.svg.bak", "Turn-002.svg",
            "turn-01.svg", "turn-003.jpg"]
    for name in mine:
        (out / name).write_text("the user's", encoding="utf-8")
    (out / "turn-900.svg").mkdir()  # a folder of that name is not ours either
    result = run("render", str(ILLEGAL), "-o", str(out))
    assert result.returncode == 1, result.stderr  # the illegal turn 4: turns 0 to 3 are drawn
    drawn = [f"turn-{n:03d}.svg" for n in range(4)]
    assert tree(out) == sorted(drawn + mine + ["turn-900.svg"])
    for name in drawn:
        assert (out / name).read_text(encoding="utf-8").startswith("<?xml")
    assert f"removed 166 files of an earlier render from {out}" in words(result.stdout), \
        result.stdout


def test_render_into_a_folder_of_its_own_snapshots_says_nothing_about_removing(
        tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run("render", str(ILLEGAL), "-o", str(out)).returncode == 1
    again = run("render", str(ILLEGAL), "-o", str(out))
    assert again.returncode == 1 and "removed" not in again.stdout
    assert tree(out) == [f"turn-{n:03d}.svg" for n in range(4)]


# --- sanity limits of the log format ------------------------------------------------------------

AMOUNT, COUNT, SMALL = 1_000_000, 1_000, 100
LIMITS = {  # pointer: (minimum, maximum), as docs/log-format.md lists them
    "#/properties/options/properties/blocks": (-COUNT, COUNT),
    "#/properties/setup/properties/money": (0, AMOUNT),
    "#/properties/setup/properties/conversion_rate": (-SMALL, SMALL),
    "#/properties/final_scores/additionalProperties": (-AMOUNT, AMOUNT),
    "#/$defs/cubeCounts/properties/concrete": (0, COUNT),
    "#/$defs/cubeCounts/properties/wood": (0, COUNT),
    "#/$defs/cubeCounts/properties/steel": (0, COUNT),
    "#/$defs/action/properties/buy_time": (0, SMALL),
    "#/$defs/action/properties/claims/additionalProperties/properties/money": (0, AMOUNT),
    "#/$defs/action/properties/claims/additionalProperties/properties/vp": (0, AMOUNT),
    "#/$defs/action/allOf/4/then/properties/bids/additionalProperties": (0, AMOUNT),
    "#/$defs/action/allOf/8/then/properties/trees": (0, COUNT),
    "#/$defs/action/allOf/12/then/properties/vp_to_money": (0, AMOUNT),
    "#/$defs/action/allOf/12/then/properties/money_to_vp": (0, AMOUNT),
    "#/$defs/action/allOf/12/then/properties/roll": (-SMALL, SMALL),
    "#/$defs/action/allOf/13/then/properties/roll": (-SMALL, SMALL),
    "#/$defs/action/allOf/17/then/properties/pledges/additionalProperties": (0, AMOUNT),
    "#/$defs/action/allOf/17/then/properties/roll": (-SMALL, SMALL),
}


def integer_nodes(node: Any, where: str = "#") -> dict[str, dict[str, Any]]:
    """Every schema node that reads an integer, by JSON pointer."""
    found: dict[str, dict[str, Any]] = {}
    if isinstance(node, dict):
        if node.get("type") == "integer":
            found[where] = node
        for key, value in node.items():
            if key not in ("description", "enum", "const"):
                found |= integer_nodes(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, item in enumerate(node):
            found |= integer_nodes(item, f"{where}/{i}")
    return found


def test_every_integer_of_the_format_has_a_sanity_limit() -> None:
    nodes = integer_nodes(LOG_SCHEMA)
    assert {where: (n.get("minimum"), n.get("maximum")) for where, n in nodes.items()} == LIMITS


def turn(**fields: Any) -> dict[str, Any]:
    return {"player": "Anna", **fields}


def placed(value: int) -> dict[str, dict[str, Any]]:
    """One log per integer field, with `value` there."""
    def log(change: Any) -> dict[str, Any]:
        data = copy.deepcopy(VALID)
        change(data)
        return data

    def add(t: dict[str, Any]) -> Any:
        return lambda d: d["turns"].append(t)

    return {
        "blocks": log(lambda d: d.update(options={"blocks": value})),
        "setup.money": log(lambda d: d["setup"].update(money=value)),
        "conversion_rate": log(lambda d: d["setup"].update(conversion_rate=value)),
        "final_scores": log(lambda d: d["final_scores"].update(Anna=value)),
        "market cubes": log(lambda d: d["setup"]["market"].update(steel=value)),
        "buy_time": log(lambda d: d["turns"][0].update(buy_time=value)),
        "claims money": log(lambda d: d["turns"][0]["claims"]["Anna"].update(money=value)),
        "claims vp": log(lambda d: d["turns"][0]["claims"]["Anna"].update(vp=value)),
        "bids": log(add(turn(tile="auction", bids={"Anna": value}))),
        "trees": log(add(turn(tile="buy-trees", trees=value))),
        "vp_to_money": log(add(turn(tile="convert", vp_to_money=value))),
        "money_to_vp": log(add(turn(tile="convert", money_to_vp=value))),
        "convert roll": log(add(turn(tile="convert", roll=value))),
        "import roll": log(add(turn(tile="import", roll=value, items=["wood"]))),
        "pledges": log(add(turn(tile="crowdfunding", pledges={"Anna": value}))),
        "crowdfunding roll": log(add(turn(tile="crowdfunding", roll=value))),
    }


POINTERS = {  # the names of `placed` and the schema node of each
    "blocks": "#/properties/options/properties/blocks",
    "setup.money": "#/properties/setup/properties/money",
    "conversion_rate": "#/properties/setup/properties/conversion_rate",
    "final_scores": "#/properties/final_scores/additionalProperties",
    "market cubes": "#/$defs/cubeCounts/properties/steel",
    "buy_time": "#/$defs/action/properties/buy_time",
    "claims money": "#/$defs/action/properties/claims/additionalProperties/properties/money",
    "claims vp": "#/$defs/action/properties/claims/additionalProperties/properties/vp",
    "bids": "#/$defs/action/allOf/4/then/properties/bids/additionalProperties",
    "trees": "#/$defs/action/allOf/8/then/properties/trees",
    "vp_to_money": "#/$defs/action/allOf/12/then/properties/vp_to_money",
    "money_to_vp": "#/$defs/action/allOf/12/then/properties/money_to_vp",
    "convert roll": "#/$defs/action/allOf/12/then/properties/roll",
    "import roll": "#/$defs/action/allOf/13/then/properties/roll",
    "pledges": "#/$defs/action/allOf/17/then/properties/pledges/additionalProperties",
    "crowdfunding roll": "#/$defs/action/allOf/17/then/properties/roll",
}


@pytest.mark.parametrize("name", sorted(POINTERS))
def test_each_limit_is_read_alike_by_jsonschema_and_the_fast_check(name: str) -> None:
    """The limit itself is read (the rules judge it), one past it is not."""
    lo, hi = LIMITS[POINTERS[name]]
    for value, readable in ((lo, True), (hi, True), (lo - 1, False), (hi + 1, False)):
        log = placed(value)[name]
        assert VALIDATOR.is_valid(log) is readable, (name, value)
        assert fastcheck.is_valid(log) is readable, (name, value)


def test_a_legal_sample_still_validates() -> None:
    assert run("validate", str(GAME2), str(SAMPLES / "game-6p.yaml")).returncode == 0
    assert VALIDATOR.is_valid(VALID) and fastcheck.is_valid(VALID)


@pytest.mark.parametrize("huge", [10**100, 2**63, -10**100, 1_000_001, 1e300])
def test_huge_numbers_are_unreadable_alike_for_jsonschema_and_the_fast_check(huge: Any) -> None:
    for name, log in placed(huge).items():
        assert not VALIDATOR.is_valid(log), name
        assert not fastcheck.is_valid(log), name


@pytest.mark.parametrize(("old", "new", "where", "shown"), [
    ("  money: 70\n", "  money: " + "1" + "0" * 100 + "\n", "11:10", "a number of 101 digits"),
    ("  money: 70\n", f"  money: {2**63}\n", "11:10", "9,223,372,036,854,775,808"),
    ("  market: {concrete: 3,", "  market: {concrete: 1001,", "14:22", "1,001"),
    ("  conversion_rate: 8\n", "  conversion_rate: -101\n", "21:20", "-101"),
    ("final_scores: {Anna: 76,", "final_scores: {Anna: 1700000,", "-2:22", "1,700,000"),
])
def test_the_cli_refuses_a_huge_number_at_its_file_line_col(
        tmp_path: Path, old: str, new: str, where: str, shown: str) -> None:
    text = GAME2.read_text(encoding="utf-8")
    assert old in text
    log = tmp_path / "huge.yaml"
    log.write_text(text.replace(old, new, 1), encoding="utf-8")
    line, col = where.split(":")
    if int(line) < 0:
        line = str(text.count("\n") + 1 + int(line))
    result = run("validate", str(log))
    assert result.returncode == 2, result.stdout
    assert f"{log}:{line}:{col}:" in result.stdout, result.stdout
    assert "sanity limit" in result.stdout and shown in result.stdout, result.stdout
    assert len(max(re.findall(r"\d+", result.stdout), key=len)) < 20, "no 100-digit numbers"


# --- output folders that do not exist -----------------------------------------------------------

@pytest.mark.parametrize("command", [
    ["viewer", str(ILLEGAL), "-o"],
    ["audit", str(GAME2), "--chart"],
    ["simulate", "--players", "2", "--seed", "3", "-o"],
])
def test_a_missing_folder_for_an_output_file_is_refused_not_created(
        tmp_path: Path, command: list[str]) -> None:
    target = tmp_path / "missing" / "dir" / "x.out"
    result = run(*command, str(target))
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"the folder {tmp_path / 'missing' / 'dir'} does not exist" in result.stderr
    assert list(tmp_path.iterdir()) == [], "nothing created"


def test_render_creates_its_folder_but_not_the_folders_above_it(tmp_path: Path) -> None:
    deep = tmp_path / "missing" / "out"
    result = run("render", str(ILLEGAL), "-o", str(deep))
    assert result.returncode == 2
    assert f"the folder {tmp_path / 'missing'} does not exist" in result.stderr
    assert list(tmp_path.iterdir()) == []
    assert run("render", str(ILLEGAL), "-o", str(tmp_path / "out")).returncode == 1
    assert len(list((tmp_path / "out").iterdir())) == 4


def test_render_into_a_dangling_link_creates_the_folder_it_names(tmp_path: Path) -> None:
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "target")
    result = run("render", str(ILLEGAL), "-o", str(link))
    assert result.returncode == 1, result.stderr
    assert link.is_symlink() and len(list((tmp_path / "target").iterdir())) == 4


def test_render_into_a_link_to_a_missing_folder_says_so(tmp_path: Path) -> None:
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "gone" / "target")
    result = run("render", str(ILLEGAL), "-o", str(link))
    assert result.returncode == 2
    assert "File exists" not in result.stderr
    assert (f"{link} is a link to {tmp_path / 'gone' / 'target'}, and the folder "
            f"{tmp_path / 'gone'} does not exist") in result.stderr, result.stderr
    assert tree(tmp_path) == ["link"]


def test_a_file_through_a_link_to_a_missing_folder_says_so(tmp_path: Path) -> None:
    link = tmp_path / "page.html"
    link.symlink_to(tmp_path / "gone" / "page.html")
    result = run("viewer", str(ILLEGAL), "-o", str(link))
    assert result.returncode == 2
    assert f"the folder {tmp_path / 'gone'} does not exist" in result.stderr, result.stderr
    assert tree(tmp_path) == ["page.html"]


def test_a_file_through_a_dangling_link_in_an_existing_folder_is_written(tmp_path: Path) -> None:
    link = tmp_path / "page.html"
    link.symlink_to(tmp_path / "real.html")
    assert run("viewer", str(ILLEGAL), "-o", str(link)).returncode == 1
    assert link.is_symlink() and (tmp_path / "real.html").read_text().startswith("<!DOCTYPE")


# --- 40-character names in the viewer -----------------------------------------------------------

LONG = ["Annabelle-Maximiliane-Wilhelmina-Schmidt", "BrunoBartholomewBenedictBernhardBaumannX"]

MEASURE = """<script>
window.addEventListener("load", function () {
  var bad = [];
  document.querySelectorAll(".gv-side, .gv-side *").forEach(function (el) {
    if (el.scrollWidth > el.clientWidth + 1) { bad.push(el.tagName + "#" + el.id); }
  });
  if (document.documentElement.scrollWidth > window.innerWidth) { bad.push("page"); }
  document.body.setAttribute("data-overflow", bad.join(" ") || "none");
});
</script>
</body>"""


def long_names_log(tmp_path: Path) -> Path:
    text = ILLEGAL.read_text(encoding="utf-8")
    for short, long in zip(["Anna", "Bruno"], LONG, strict=True):
        text = re.sub(rf"\b{short}\b", long, text)
    path = tmp_path / "long-names.yaml"
    path.write_text(text, encoding="utf-8")
    data = yaml.safe_load(text)
    assert [len(p["name"]) for p in data["players"]] == [40, 40]
    return path


@pytest.mark.parametrize("width", [1400, 1000])
def test_browser_forty_character_names_stay_inside_the_side_cards(tmp_path: Path,
                                                                   width: int) -> None:
    log = long_names_log(tmp_path)
    page = tmp_path / "long.html"
    assert run("viewer", str(log), "-o", str(page)).returncode == 1
    html = page.read_text(encoding="utf-8")
    measured = tmp_path / "measured.html"
    measured.write_text(html.replace("</body>", MEASURE, 1), encoding="utf-8")
    result = chromium("--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
                      f"--window-size={width},1000", "--dump-dom", f"{measured.as_uri()}#turn=4")
    assert console_problems(result.stderr) == []
    body = body_tag(result.stdout)
    assert 'data-turn="4"' in body
    assert 'data-overflow="none"' in body, body


def test_the_snapshot_cuts_forty_character_names_with_the_full_name_as_a_tooltip(
        tmp_path: Path) -> None:
    """The players table gives a name 166 px before the Money column: a long one is cut with an
    ellipsis, the whole name in its `<title>`; the legend keeps room for it."""
    game = load_game(long_names_log(tmp_path))
    svg = snapshot_svg(game.replay.snapshots[1], log_turn=None, previous=None, title="long")
    rows = re.findall(r'<text font-size="13" font-weight="bold"[^>]*>([^<]*)<title>([^<]*)</title>',
                      svg)
    assert [full for _, full in rows] == LONG, rows
    for shown, full in rows:
        assert shown.endswith("\u2026") and full.startswith(shown[:-1])
        assert text_width(shown, 13, bold=True) <= 150
    legend = svg.split('class="legend"', 1)[1]
    xs = [float(x) for x in re.findall(r'<text class="small" x="([0-9.]+)"', legend)[:3]]
    assert xs[1] - xs[0] >= 1.1 * text_width(LONG[0][:20], 10), "the next item leaves room"
