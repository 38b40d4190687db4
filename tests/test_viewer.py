"""`grinivil viewer` (issue 5): one self-contained, deterministic HTML page per game, checked as
text and in a real headless browser (Debian's `chromium`; `.ci/run` installs it as root)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml

from grinivil_cli.render import snapshot_svg
from grinivil_cli.render.files import game_title
from grinivil_cli.table.loading import load_game
from grinivil_cli.viewer import viewer_html

from gamekit import renamed_log
from pngkit import png_colours

TOP = Path(__file__).parent.parent
SAMPLES = TOP / "samples"
ILLEGAL = SAMPLES / "illegal" / "r-fee-03-fee-unaffordable.yaml"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


class Page(HTMLParser):
    """Every start tag with its attributes, and the text of some elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.texts: dict[str, str] = {}
        self._open: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))
        self._open = tag if tag in ("h1", "title") else None

    def handle_data(self, data: str) -> None:
        if self._open:
            self.texts[self._open] = self.texts.get(self._open, "") + data

    def handle_endtag(self, tag: str) -> None:
        self._open = None

    def find(self, tag: str, **attrs: str) -> list[dict[str, str]]:
        return [a for t, a in self.tags
                if t == tag and all(a.get(k) == v for k, v in attrs.items())]


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    return page


def page_data(html: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="gv-data">(.*?)</script>', html, re.S)
    assert m is not None
    data: dict[str, Any] = json.loads(m.group(1))
    return data


@pytest.fixture(scope="module")
def game4_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("viewer") / "game.html"
    result = run("viewer", str(SAMPLES / "game-4p.yaml"), "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert "133 snapshots" in result.stdout
    return out


# --- the page as text --------------------------------------------------------------------------

def test_same_log_same_bytes(game4_page: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.html"
    assert run("viewer", str(SAMPLES / "game-4p.yaml"), "-o", str(again)).returncode == 0
    assert again.read_bytes() == game4_page.read_bytes()


def test_page_is_self_contained_with_one_slider(game4_page: Path) -> None:
    html = game4_page.read_text(encoding="utf-8")
    page = parse(html)
    assert not page.find("link"), "no external style sheet"
    for tag, attrs in page.tags:
        for name in ("src", "href", "xlink:href", "action", "data", "poster"):
            value = attrs.get(name, "")
            assert not re.match(r"\s*(https?:)?//", value), (tag, name, value)
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", html, re.I)
    assert not re.search(r"url\(\s*['\"]?(https?:)?//|@import", html, re.I)
    assert [a.get("src") for a in page.find("script")] == [None, None], "inline scripts only"
    sliders = page.find("input", type="range")
    assert len(sliders) == 1
    # 133 snapshots (the setup and 132 turns), and the final scoring
    assert sliders[0]["min"] == "0" and sliders[0]["max"] == str(133)
    # static artwork once in the page, not once per snapshot
    assert html.count('<symbol id="tree"') == 1
    assert html.count(".caption { font-size") == 1
    size = len(html.encode("utf-8"))
    assert size < 3_000_000, f"{size} bytes for 133 snapshots"


def test_every_snapshot_and_log_entry_is_in_the_page(game4_page: Path) -> None:
    html = game4_page.read_text(encoding="utf-8")
    data = page_data(html)
    game = load_game(SAMPLES / "game-4p.yaml")
    assert len(data["snapshots"]) == len(game.replay.snapshots) == len(data["frames"]) - 1
    assert [f["turn"] for f in data["frames"]] == list(range(133)) + [132]  # final scoring
    first = yaml.safe_load(data["frames"][1]["yaml"])
    assert first == game.loaded.data["turns"][0]
    assert not any("error" in f for f in data["frames"])
    assert 'class="gv-badge gv-legal"' in html


def decode(data: dict[str, Any], i: int) -> str:
    """The snapshot text as the page's script rebuilds it."""
    lines, out, last = data["lines"], [], 0
    for v in data["snapshots"][i]:
        if v >= 0:
            out.append(lines[v])
            last = v
        else:
            out.extend(lines[last + 1:last - v + 1])
            last -= v
    return "\n".join(out)


def test_snapshots_decode_to_the_rendered_svg_without_defs() -> None:
    game = load_game(SAMPLES / "game-2p.yaml")
    data = page_data(viewer_html(game, "game-2p.yaml"))
    snaps, turns = game.replay.snapshots, game.loaded.data["turns"]
    for i in (0, 1, len(snaps) - 1):
        svg = snapshot_svg(snaps[i], log_turn=turns[snaps[i].turn - 1] if i else None,
                           previous=snaps[i - 1].state if i else None,
                           title=game_title(game), ids=True)  # hidden by the page's CSS
        body = re.sub(r"\n <defs>\n.*?\n </defs>", "", svg, flags=re.S)
        assert decode(data, i) == body.split("\n", 1)[1].rstrip("\n")


def test_illegal_move_shown_at_its_turn_in_red(tmp_path: Path) -> None:
    out = tmp_path / "illegal.html"  # a missing folder is refused: tests/test_outputs_and_bounds
    result = run("viewer", str(ILLEGAL), "-o", str(out))
    assert result.returncode == 1
    assert "R-FEE-03" in result.stdout
    html = out.read_text(encoding="utf-8")
    data = page_data(html)
    snaps = load_game(ILLEGAL).replay.snapshots
    last = data["frames"][-1]
    assert last["turn"] == 4 and "R-FEE-03" in last["error"] and "illegal" in last["head"]
    assert last["snap"] == len(snaps) - 1, "drawn with the table before the illegal move"
    assert parse(html).find("input", type="range")[0]["max"] == str(len(snaps))
    assert 'class="gv-badge gv-illegal"' in html and "gv-error" in html


def test_odd_names_are_escaped(tmp_path: Path) -> None:
    names = ['Ann <b>&amp; "Q"', "Žofie Dvořáková 李"]
    log = renamed_log(2, names, 'Club <night> & "friends" </script>',
                      [{"player": names[0], "tile": "buy-trees", "trees": 2}])
    path = tmp_path / "odd.yaml"
    path.write_text(yaml.safe_dump(log, allow_unicode=True, sort_keys=False), encoding="utf-8")
    html = viewer_html(load_game(path), str(path))
    page = parse(html)
    assert page.texts["h1"] == log["title"]
    assert "<night>" not in html and "<b>" not in html and "</script> " not in html
    assert html.count("</script>") == 2
    data = page_data(html)
    assert yaml.safe_load(data["frames"][1]["yaml"])["player"] == names[0]
    assert names[1] in decode(data, 1)


def test_unreadable_log_and_unwritable_output(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: [\n", encoding="utf-8")
    out = tmp_path / "bad.html"
    assert run("viewer", str(bad), "-o", str(out)).returncode == 2
    assert not out.exists()
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    result = run("viewer", str(SAMPLES / "game-2p.yaml"), "-o", str(blocker / "x.html"))
    assert result.returncode == 2 and "cannot write" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml", "file"]


# --- a real browser -----------------------------------------------------------------------------

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--mute-audio"]


def chromium(*args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("chromium")
    if exe is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it when run as root: "
                    "apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="gv-chromium-") as profile:
        return subprocess.run([exe, *FLAGS, f"--user-data-dir={profile}", *args],
                              capture_output=True, text=True, timeout=120)


def console_problems(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines()
            if ":CONSOLE" in line or "Uncaught" in line or "SyntaxError" in line]


def test_browser_right_arrow_shows_the_next_turn(game4_page: Path) -> None:
    result = chromium("--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
                      "--dump-dom", f"{game4_page.as_uri()}#turn=5&selftest")
    assert result.returncode == 0, result.stderr[-2000:]
    assert console_problems(result.stderr) == []
    body = re.search(r"<body[^>]*>", result.stdout)
    assert body is not None, result.stdout[:500]
    assert 'data-selftest="ok"' in body.group(0)
    assert 'data-turn="6"' in body.group(0), "ArrowRight from turn 5 shows turn 6"
    stage = result.stdout.split('id="gv-stage"', 1)[1].split("</figure>", 1)[0]
    assert "<svg" in stage and "Turn 6 \u00b7" in stage, "the picture of turn 6 is shown"


def test_browser_shows_the_illegal_turn_without_errors(tmp_path: Path) -> None:
    out = tmp_path / "illegal.html"
    assert run("viewer", str(ILLEGAL), "-o", str(out)).returncode == 1
    result = chromium("--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
                      "--dump-dom", f"{out.as_uri()}#turn=4")
    assert console_problems(result.stderr) == []
    error = re.search(r'<div id="gv-error"[^>]*>.*?</div>', result.stdout, re.S)
    assert error is not None and "hidden" not in error.group(0).split(">", 1)[0]
    assert "R-FEE-03" in error.group(0)


def test_browser_screenshot_is_not_blank(game4_page: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    result = chromium(f"--screenshot={shot}", "--window-size=1400,1000",
                      "--virtual-time-budget=3000", f"{game4_page.as_uri()}#turn=40")
    assert shot.exists(), result.stderr[-2000:]
    colours = png_colours(shot.read_bytes(), range(150, 420))
    assert len(colours) > 50, f"only {len(colours)} colours: the snapshot is not drawn"


@pytest.mark.parametrize(("hash_", "shown"), [("#turn=3&selftest", "hidden"),
                                              ("#turn=3&ids&selftest", "shown")])
def test_browser_site_ids_are_hidden_until_asked_for(game4_page: Path, hash_: str,
                                                     shown: str) -> None:
    """Every frame carries the ids of its sites and Planting Spots (`render --ids`); the page
    hides them until the "site ids" box is ticked (or `&ids` in the link, or the I key)."""
    result = chromium("--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
                      "--dump-dom", f"{game4_page.as_uri()}{hash_}")
    assert console_problems(result.stderr) == []
    body = re.search(r"<body[^>]*>", result.stdout)
    assert body is not None and f'data-ids="{shown}"' in body.group(0), body
    assert ">I0.s1<" in result.stdout.split('id="gv-stage"', 1)[1]


def test_every_turn_in_words_with_its_rules(game4_page: Path) -> None:
    """Turn 21 of the 4-player sample, Anna's Subsidy, shows +7 G on the board (7 G to 14 G):
    her token passed the Starting Tile, so the Taxes (5 G, R-RND-03) came first, then the
    Subsidy for her 3 unemployed Workers (3 + 3 x 3 = +12 G, R-A17-01; her one Worker came
    back from I0.s1 at turn 13 and she employs none now), and the 4 cubes drawn for the Market
    (R-RND-05; the log's `refills`: concrete, concrete, wood, steel): the frame says so."""
    data = page_data(game4_page.read_text())
    frame = next(f for f in data["frames"] if f["turn"] == 21)
    assert frame["story"] == [
        "Anna: Taxes at TAR completion -5 G (R-RND-03); Subsidy with 3 unemployed Workers "
        "+12 G (R-A17-01).",
        "1 Market refill: concrete, concrete, wood, steel (R-RND-05)."]
    assert data["frames"][0]["story"] == []


def test_browser_shows_the_turn_in_words(game4_page: Path) -> None:
    result = chromium("--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
                      "--dump-dom", f"{game4_page.as_uri()}#turn=21")
    assert console_problems(result.stderr) == []
    story = re.search(r'<ul id="gv-story"[^>]*>(.*?)</ul>', result.stdout, re.S)
    assert story is not None
    text = re.sub(r"<[^>]+>", "", story.group(1))
    assert "Anna: Taxes at TAR completion -5 G (R-RND-03); Subsidy with 3 unemployed " \
        "Workers +12 G (R-A17-01)." in text
    assert '<span class="gv-rule">(R-A17-01)</span>' in story.group(1)


def test_a_wrong_claim_is_a_finding_and_the_game_goes_on(tmp_path: Path) -> None:
    """CLAIM, R-FEE-03: the claims sample's table forgot Anna's Participation Fee at turn 160
    (it claims 10 G; the rules leave her 2): the viewer flags that turn as a claim, not an
    illegal move, and plays the game to its end (all 228 turns and the setup); `validate`
    still exits 1."""
    log = SAMPLES / "claims" / "missed-participation-fee.yaml"
    out = tmp_path / "claims.html"
    assert run("viewer", str(log), "-o", str(out)).returncode == 1
    html = out.read_text()
    data = page_data(html)
    flagged = [(f["turn"], f.get("claim")) for f in data["frames"] if f.get("error")]
    assert flagged == [(160, True)]
    assert data["frames"][-1]["turn"] == 228 and len(data["snapshots"]) == 229
    assert '<span class="gv-badge gv-claims">1 claim disagreeing</span>' in html
    assert "Anna has 2 Grinies after this turn by the rules; the log claims 10." in \
        data["frames"][160]["error"]


def test_browser_the_findings_are_listed_and_n_jumps_to_the_next(tmp_path: Path) -> None:
    """The header lists every finding as a button (the claims sample: one, the claim of turn
    160); from turn 3, the N key goes to it."""
    log = SAMPLES / "claims" / "missed-participation-fee.yaml"
    out = tmp_path / "claims.html"
    assert run("viewer", str(log), "-o", str(out)).returncode == 1
    assert '<button type="button" class="gv-finding" data-frame="160">turn 160: claim' \
        '</button>' in out.read_text()
    result = chromium("--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
                      "--dump-dom", f"{out.as_uri()}#turn=3&press=n")
    assert console_problems(result.stderr) == []
    body = re.search(r"<body[^>]*>", result.stdout)
    assert body is not None and 'data-turn="160"' in body.group(0), body


def test_the_final_frame_is_the_audits_final_scoring(game4_page: Path) -> None:
    """R-SCORE-01..05: the last frame of a finished game is its final scoring, each player's
    total the audit's (`grinivil audit --format json`, the log's `final_scores`): the 4-player
    sample's Scoreboard has Clara 54 (50 claimed after turn 130, + 4 for the Garden Center's
    first Floor at turn 131) ahead of Bruno 52, but Bruno's 12 G (+1) and his Post Office
    (+15: Hana 3 + Olga 12, all 3 Floors his) make it Bruno 68, Clara 58 (+4: her 1 of the
    Water Treatment Plant's 3 Floors, (Viktor 8 + Karel 6) x 1/3 rounded down), Anna 57
    (40, +2 for 26 G, +15 Public: tests/test_season_report.py), David 50; no one keeps a
    resident. The claims of the log's end are its entry."""
    data = page_data(game4_page.read_text())
    final = data["frames"][-1]
    assert final["final"] is True and final["head"] == "Final scoring"
    result = run("audit", str(SAMPLES / "game-4p.yaml"), "--format", "json")
    totals = {s["player"]: s["total"] for s in json.loads(result.stdout)["scores"]}
    assert totals == {"Bruno": 68, "Clara": 58, "Anna": 57, "David": 50}
    lines = final["story"]
    assert [line.split(":")[0] for line in lines[:4]] == ["1. Bruno", "2. Clara", "3. Anna",
                                                          "4. David"]
    for line, (who, total) in zip(lines, sorted(totals.items(), key=lambda kv: -kv[1]),
                                  strict=False):
        assert line.endswith(f"= {total} VP.") and who in line
    assert lines[0].startswith("1. Bruno: 52 on the Scoreboard + 1 for money")
    assert "+ 15 from Public buildings (R-SCORE-03)" in lines[0]
    assert lines[1].startswith("2. Clara: 54 on the Scoreboard")
    assert "+ 4 from Public buildings (R-SCORE-03)" in lines[1]
    assert lines[2].startswith("3. Anna: 40 on the Scoreboard + 2 for money")
    assert not any("unsold" in line for line in lines)
    assert lines[-1] == "Bruno wins with 68 VPs."
    assert "final_scores" in final["yaml"]


def test_a_wrong_claim_is_explained_by_the_ledger_since_the_last_claim(tmp_path: Path) -> None:
    """R-FEE-03, R-RND-03: samples/claims/missed-participation-fee.yaml claims Anna holds
    10 G after turn 160, where the rules give 2: her table forgot the Participation Fee she
    paid Bruno at that turn (5 G + 3 G for the 1 resident then living in Grinivil: 8 G). The
    claim's frame lists every change of Anna's money since her previous claim (turn 150),
    each with its rule and the total after it; the last two are the Taxes (-5 G: 10 G, what
    the table wrote) and the fee (-8 G: 2 G)."""
    out = tmp_path / "claims.html"
    result = run("viewer", str(SAMPLES / "claims" / "missed-participation-fee.yaml"), "-o",
                 str(out))
    assert result.returncode == 1, result.stderr
    frame = next(f for f in page_data(out.read_text())["frames"] if f.get("explain"))
    assert frame["turn"] == 160 and frame["claim"] is True
    lines = frame["explain"]
    assert lines[0] == ("Anna: the log claims 10 G after turn 160; the rules give 2 G. Every "
                        "change since the claim of turn 150:")
    assert lines[-2] == "turn 160: Taxes at TAR completion -5 G (R-RND-03), 10 G after"
    assert lines[-1] == ("turn 160: the Participation Fee to Bruno (5 + 3 x 1 resident) -8 G "
                         "(R-FEE-03), 2 G after")
    assert all(line.startswith("turn ") for line in lines[1:])
    assert all(int(line.split()[1].rstrip(":")) in range(151, 161) for line in lines[1:])


def test_a_turns_note_is_shown_as_text_beside_its_turn(tmp_path: Path) -> None:
    """Issue 30: a note recorded with a turn (`note TEXT` at the recorder) was shown only
    inside the raw YAML. It is on its turn's frame, shown above what happened, as text (its
    markup is not read), found by the moves' search; turns without one show none."""
    data = yaml.safe_load((SAMPLES / "game-2p.yaml").read_text())
    note = "Bruno's cat moved the <b>tree</b>; put back"
    data["turns"][2]["note"] = note
    log = tmp_path / "noted.yaml"
    log.write_text(yaml.safe_dump(data, sort_keys=False))
    out = tmp_path / "noted.html"
    assert run("viewer", str(log), "-o", str(out)).returncode == 0
    html = out.read_text()
    frames = page_data(html)["frames"]
    assert [(f["turn"], f["note"]) for f in frames if "note" in f] == [(3, note)]
    assert "<b>tree</b>" not in html  # in the page's data as JSON, escaped
    result = chromium("--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
                      "--dump-dom", f"{out.as_uri()}#turn=3")
    assert console_problems(result.stderr) == []
    shown = re.search(r'<p id="gv-note"([^>]*)>(.*?)</p>', result.stdout, re.S)
    assert shown is not None and "hidden" not in shown.group(1)
    assert "Bruno's cat moved the &lt;b&gt;tree&lt;/b&gt;; put back" in shown.group(2)
    result = chromium("--virtual-time-budget=3000", "--dump-dom", f"{out.as_uri()}#turn=4")
    shown = re.search(r'<p id="gv-note"([^>]*)>', result.stdout)
    assert shown is not None and "hidden" in shown.group(1)
