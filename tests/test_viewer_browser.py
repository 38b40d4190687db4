"""The viewer page driven in headless Chromium as a user drives it: the move list searched,
filtered by player and clicked; the chart hovered and clicked; the final frame's scores; a
wrong claim's game played to its end; the phone layout; the size of the text.

A harness page (written next to the viewer page) holds the viewer in an iframe of the size
under test, acts on it from its own script once it is shown, and writes what it found into its
own `<body data-result=...>`, which `--dump-dom` prints (Chromium lets a file page reach a file
iframe with `--allow-file-access-from-files`). The expected figures come from the log and the
audit, not from the page."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_viewer import chromium, console_problems

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
GAME4 = SAMPLES / "game-4p.yaml"
CLAIMS = SAMPLES / "claims" / "missed-participation-fee.yaml"

HARNESS = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<iframe id="f" src="%(src)s" style="width:%(width)dpx;height:%(height)dpx;border:0"></iframe>
<script>
var f = document.getElementById("f");
f.onload = function () { setTimeout(run, 300); };
function run() {
  var out = {};
  try {
    var w = f.contentWindow, d = w.document;
    var $ = function (id) { return d.getElementById(id); };
    var turn = function () { return parseInt(d.body.getAttribute("data-turn"), 10); };
    var shown = function () {
      return Array.prototype.filter.call(d.querySelectorAll("#gv-list li[data-frame]"),
        function (li) { return !li.hidden; }); };
    %(body)s
  } catch (e) { out.error = String(e) + " " + (e.stack || ""); }
  document.body.setAttribute("data-result", JSON.stringify(out));
}
</script></body></html>
"""


def viewer_page(log: Path, folder: Path) -> Path:
    out = folder / "viewer.html"
    if not out.exists():
        result = subprocess.run([sys.executable, "-m", "grinivil_cli", "viewer", str(log), "-o",
                                 str(out)], capture_output=True, text=True, timeout=300)
        assert out.exists(), result.stderr
    return out


def drive(page: Path, body: str, *, hash_: str = "", width: int = 1200,
          height: int = 2000) -> dict[str, Any]:
    """Run `body` (JavaScript, with `w`, `d`, `$`, `turn()`, `shown()` and `out`) in a harness
    holding `page` in an iframe `width` x `height`; what it put in `out`."""
    harness = page.parent / f"harness-{width}.html"
    harness.write_text(HARNESS % {"src": page.name + hash_, "width": width, "height": height,
                                  "body": body}, encoding="utf-8")
    result = chromium("--allow-file-access-from-files", "--enable-logging=stderr", "--v=0",
                      f"--window-size={width + 40},{height + 40}",
                      "--virtual-time-budget=5000", "--dump-dom", harness.as_uri())
    assert result.returncode == 0, result.stderr[-2000:]
    assert console_problems(result.stderr) == [], console_problems(result.stderr)
    found = re.search(r'<body data-result="([^"]*)"', result.stdout)
    assert found is not None, result.stdout[-1000:]
    out: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    assert "error" not in out, out["error"]
    return out


@pytest.fixture(scope="module")
def game4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("chromium") is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it as root)")
    return viewer_page(GAME4, tmp_path_factory.mktemp("viewer4"))


def log_turns(log: Path) -> list[dict[str, Any]]:
    turns: list[dict[str, Any]] = yaml.safe_load(log.read_text(encoding="utf-8"))["turns"]
    return turns


def test_the_move_list_is_filtered_by_player_and_searched_and_a_click_jumps(
        game4: Path) -> None:
    """The 4-player sample: every turn is a line of the move list (132 turns, the setup and the
    final scoring: 134 lines). Filtered to Bruno, the lines are his turns (counted in the
    log); searched for "subsidy" as well, his Subsidy turns (the log's `tile: subsidy`
    entries of Bruno); a click on the second of them shows its turn."""
    turns = log_turns(GAME4)
    bruno = [i + 1 for i, t in enumerate(turns) if t["player"] == "Bruno"]
    subsidies = [i + 1 for i, t in enumerate(turns)
                 if t["player"] == "Bruno" and t["tile"] == "subsidy"]
    assert len(subsidies) >= 2
    out = drive(game4, """
      out.all = shown().length;
      var who = $("gv-who");
      who.value = String(Array.prototype.map.call(who.options, function (o) {
        return o.textContent; }).indexOf("Bruno") - 1);
      who.dispatchEvent(new w.Event("change"));
      out.bruno = shown().map(function (li) { return li.textContent; });
      var search = $("gv-search");
      search.value = "Subsidy";
      search.dispatchEvent(new w.Event("input"));
      var lines = shown();
      out.subsidy = lines.map(function (li) { return li.firstChild.textContent; });
      lines[1].click();
      out.turn = turn();
      out.current = d.querySelector("#gv-list li.gv-current").firstChild.textContent;
      search.value = "no such move at all";
      search.dispatchEvent(new w.Event("input"));
      out.none = shown().length;
      out.noneShown = !d.querySelector(".gv-list-none").hidden;
    """, hash_="#turn=1")
    assert out["all"] == len(turns) + 2
    assert len(out["bruno"]) == len(bruno)
    assert all(line.startswith(f"Turn {n} \u00b7 Bruno") for line, n in
               zip(out["bruno"], bruno, strict=True))
    assert out["subsidy"] == [f"Turn {n} \u00b7 Bruno \u00b7 Subsidy" for n in subsidies]
    assert out["turn"] == subsidies[1]
    assert out["current"] == f"Turn {subsidies[1]} \u00b7 Bruno \u00b7 Subsidy"
    assert out["none"] == 0 and out["noneShown"] is True


def test_the_chart_shows_the_values_under_the_pointer_and_a_click_jumps(game4: Path) -> None:
    """Hovering the chart at the x of the snapshot after turn 100 shows that turn's VPs and
    money of each player (the replay's own figures); a click there shows turn 100."""
    from grinivil_cli.reports.chart import LEFT, PLOT
    from grinivil_cli.table.loading import load_game

    snaps = load_game(GAME4).replay.snapshots
    t = 100
    x = LEFT + PLOT * t / (len(snaps) - 1)
    out = drive(game4, f"""
      var svg = d.querySelector(".gv-chart svg"), box = svg.getBoundingClientRect();
      var x = box.left + {x} * box.width / svg.viewBox.baseVal.width;
      var y = box.top + box.height / 3;
      svg.dispatchEvent(new w.MouseEvent("mousemove", {{clientX: x, clientY: y,
                                                        bubbles: true}}));
      out.tip = $("gv-tip").hidden ? null : $("gv-tip").innerText;
      svg.dispatchEvent(new w.MouseEvent("click", {{clientX: x, clientY: y, bubbles: true}}));
      out.turn = turn();
    """)
    state = snaps[t].state
    assert snaps[t].turn == 100
    assert out["tip"] is not None and out["tip"].startswith("After turn 100")
    for p in state.players:
        assert f"{p.name}: {p.vp} VP, {p.money} G, projected " in out["tip"]
    assert out["turn"] == 100


def test_the_final_frame_shows_the_audits_totals(game4: Path) -> None:
    """End shows the final scoring: its table is the audit's totals (`grinivil audit --format
    json`: Bruno 68, Clara 58, Anna 57, David 50, best first, the log's `final_scores`; the
    final frame's test in tests/test_viewer.py itemises them), and the story ends with the
    winner."""
    audit = subprocess.run([sys.executable, "-m", "grinivil_cli", "audit", str(GAME4),
                            "--format", "json"], capture_output=True, text=True, timeout=120)
    scores = json.loads(audit.stdout)["scores"]
    out = drive(game4, """
      d.dispatchEvent(new w.KeyboardEvent("keydown", {key: "End", bubbles: true}));
      out.where = $("gv-where").textContent;
      out.head = $("gv-projected-head").textContent;
      out.rows = Array.prototype.map.call($("gv-projected").tBodies[0].rows, function (r) {
        return [r.cells[0].textContent, parseInt(r.cells[1].textContent, 10)]; });
      out.story = Array.prototype.map.call(d.querySelectorAll("#gv-story li"),
        function (li) { return li.textContent; });
    """)
    assert out["where"] == "Final scoring" and out["head"] == "Final score"
    expected = [[s["player"], s["total"]] for s in sorted(scores, key=lambda s: s["rank"])]
    assert out["rows"] == expected == [["Bruno", 68], ["Clara", 58], ["Anna", 57], ["David", 50]]
    assert out["story"][-1] == "Bruno wins with 68 VPs."


def test_a_wrong_claims_game_plays_to_its_last_turn_and_lists_its_finding(
        tmp_path: Path) -> None:
    """samples/claims/missed-participation-fee.yaml: a claim disagrees at one turn; the game
    goes on to its last turn (the log's turn count), its finding is listed in the header and
    in the move list (in red), and clicking it shows its turn."""
    if shutil.which("chromium") is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it as root)")
    page = viewer_page(CLAIMS, tmp_path)
    turns = log_turns(CLAIMS)
    claimed = [i + 1 for i, t in enumerate(turns) if t.get("claims")]
    out = drive(page, """
      d.dispatchEvent(new w.KeyboardEvent("keydown", {key: "End", bubbles: true}));
      out.last = turn();
      var buttons = d.querySelectorAll(".gv-finding");
      out.findings = Array.prototype.map.call(buttons, function (b) { return b.textContent; });
      out.red = Array.prototype.map.call(d.querySelectorAll("#gv-list li.gv-bad"),
        function (li) { return li.firstChild.textContent; });
      buttons[0].click();
      out.turn = turn();
      out.kind = $("gv-error-kind").textContent;
      out.explain = Array.prototype.map.call(d.querySelectorAll("#gv-explain li"),
        function (li) { return li.textContent; });
    """)
    assert out["last"] == len(turns)
    assert len(out["findings"]) == 1 and out["findings"][0].endswith(": claim")
    at = int(out["findings"][0].split()[1].rstrip(":"))
    assert at in claimed
    assert out["turn"] == at and len(out["red"]) == 1 and out["red"][0].startswith(f"Turn {at}")
    assert out["kind"].startswith("A claim disagrees with the rules")
    # R-FEE-03: the ledger lines that explain it, the missed fee last (tests/test_viewer.py)
    assert out["explain"][0].startswith(f"Anna: the log claims 10 G after turn {at}")
    assert out["explain"][-1].startswith(f"turn {at}: the Participation Fee to Bruno")


def test_at_390_px_the_page_has_no_horizontal_scroll(game4: Path) -> None:
    """A phone: the page is no wider than the screen (the board pans inside its own box, at a
    readable size: 1000 px wide); the turn counter is inside the screen."""
    out = drive(game4, """
      out.page = d.documentElement.scrollWidth;
      out.screen = w.innerWidth;
      var where = $("gv-where").getBoundingClientRect();
      out.whereRight = where.right;
      out.board = d.querySelector("#gv-stage svg").getBoundingClientRect().width;
    """, hash_="#turn=5", width=390, height=1400)
    assert out["screen"] == 390
    assert out["page"] <= out["screen"], out
    assert out["whereRight"] <= out["screen"]
    assert out["board"] == 1000


SIZES = """
  var small = [], texts = d.querySelectorAll("%s");
  Array.prototype.forEach.call(texts, function (el) {
    var own = Array.prototype.some.call(el.childNodes, function (n) {
      return n.nodeType === 3 && n.textContent.trim(); });
    if (!own || !el.getClientRects().length) { return; }
    var size = parseFloat(w.getComputedStyle(el).fontSize), svg = el.ownerSVGElement;
    if (svg) { size *= svg.getScreenCTM().a; }  // the SVG's own scale on the page
    if (size < 10) { small.push(el.textContent.trim().slice(0, 30) + " " + size.toFixed(1)); }
  });
  out.small = small;
  out.count = texts.length;
"""


BOARD_SIZES = SIZES % "#gv-stage text" + """
  var board = d.querySelector("#gv-stage svg");
  out.scale = board.getScreenCTM().a;
  var drawn = 0;  // the texts of tiles and pieces drawn through <use>, at their drawn size
  Array.prototype.forEach.call(d.querySelectorAll("#gv-stage use"), function (use) {
    var ref = use.getAttribute("href") || use.getAttribute("xlink:href");
    var sym = ref && d.getElementById(ref.slice(1));
    if (!sym || !sym.viewBox || !sym.viewBox.baseVal || !sym.viewBox.baseVal.width) { return; }
    var k = use.getScreenCTM().a * use.width.baseVal.value / sym.viewBox.baseVal.width;
    Array.prototype.forEach.call(sym.querySelectorAll("text"), function (el) {
      if (!el.textContent.trim()) { return; }
      drawn += 1;
      var size = parseFloat(w.getComputedStyle(el).fontSize) * k;
      if (size < 10) { small.push(el.textContent.trim().slice(0, 30) + " " + size.toFixed(1)); }
    });
  });
  out.drawn = drawn;
"""


@pytest.mark.parametrize("turn", [5, 131])
def test_at_1200_px_the_board_has_no_text_under_10_px(game4: Path, turn: int) -> None:
    """At 1200 px wide the board takes the width of the page (a scale of about 0.97) and
    every text on it, the action tiles' number, Time Cost and name drawn through `<use>`
    included, is drawn at 10 px or more: turn 5 (the ring's tiles, the Market, the legend)
    and turn 131 (19 buildings with their Blocks and Tokens, the most of the game, 4 Workers
    on their sites)."""
    out = drive(game4, BOARD_SIZES + "out.turn = turn();", hash_=f"#turn={turn}")
    assert out["turn"] == turn  # a turn of the game, not the final scoring after it
    assert out["scale"] > 0.95
    assert out["count"] > 200 and out["drawn"] >= 21  # 20 action tiles and the Starting Tile
    assert out["small"] == []


def test_at_1200_px_the_panels_and_the_chart_have_no_text_under_10_px(game4: Path) -> None:
    """At 1200 px wide, every text of the page outside the board (header, story, projected
    score, move list, validation, chart) is drawn at 10 px or more, an SVG text measured at
    the size it is drawn (its font size times the SVG's scale on the page)."""
    out = drive(game4, SIZES % "body *:not(#gv-stage):not(#gv-stage *):not(.gv-defs *)",
                hash_="#turn=5")
    assert out["count"] > 100
    assert out["small"] == []
