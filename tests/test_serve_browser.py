"""`grinivil serve`'s page (issue 31) driven in Chromium (Playwright's sync API on Debian's
/usr/bin/chromium, no browser download) as the people at a table use it, against a real server
on 127.0.0.1 (tests/servekit.py, or a subprocess where one is killed); each server is stopped by
the test that starts it. What is tested:

1. the first 30 turns of samples/game-2p.yaml recorded by taps alone (the page's option and tile
   buttons, its steppers, its cube buttons, the table's "Enter NAME's bid", and "Check the
   score track" where the sample checks it), on the table's page at a phone's size (390x844,
   touch taps) and at a tablet's (1024x768): the log's turns are the sample's;
2. a tablet and two phones (Anna's, Bruno's) at once, each its own browser context: each
   phone shows a turn answered on the tablet within 1 s; an Auction bid on the phones, each in
   secret: before the second bid neither phone's text nor any response its page received holds
   the other's bid; once both are in, every page shows them;
3. a page reloaded in the middle of a turn asks the same question and the turn goes on; a
   server killed with SIGKILL mid-turn and started again on the same log (its lock file left
   behind) goes on from the last whole turn, none lost; Ctrl-C then stops it cleanly;
4. the layout at 390x844 (the table's page and a phone's, a bid on it) and 1024x768: no
   horizontal scroll, nothing cut off at the right, every visible button, link and summary at
   least 44x44 px, no text under 12 px; screenshots in /tmp/serve-shots/ to be looked at.

Every wait is for the page's `body[data-version]` (serve.js sets it with each state it shows),
never a sleep. The value each question is given comes from the sample (`choose.walk`, as
`recorder/transcript.py` finds a turn's answers); the server's state (GET /state, read only)
says which button that is.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
import yaml
from servekit import base, running

from grinivil_cli.choose import Partial, in_offered_form, recorded_value, turn_search, walk
from grinivil_cli.recorder.transcript import header_text
from grinivil_cli.table import answers
from grinivil_cli.table.loading import load_game

from clikit import CHROMIUM_ARGS, chromium_or_skip, words

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page, Response

CHROMIUM, sync_api = chromium_or_skip("grinivil serve")

TOP = Path(__file__).resolve().parent.parent
SAMPLE = TOP / "samples" / "game-2p.yaml"
TOKEN = "browser-test-token"
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
SHOTS = Path("/tmp/serve-shots")
ARGS = CHROMIUM_ARGS
WAIT_MS = 15_000  # the longest wait for a page to show a new state
BIDS = {"Anna": 23, "Bruno": 31}  # turn 5's Auction bid on the phones (Anna 45 G, Bruno 55 G)

Answers = dict[str, Any]  # a turn's value of each decision, by its path as the page names it


# --- the sample -----------------------------------------------------------------------------------


def sample_turns(count: int) -> list[dict[str, Any]]:
    turns: list[dict[str, Any]] = load_game(SAMPLE).loaded.data["turns"][:count]
    return turns


def sample_answers(count: int) -> list[Answers]:
    """The value of each decision of the sample's first `count` turns, by path (`site`,
    `bids.Anna`, `excess.Bruno.wood`): an option's text (`answers.option_text`), a count's
    number."""
    game = load_game(SAMPLE)
    r = game.replay
    g = r.game
    assert g is not None
    entries = list(g.ledger.entries)
    out: list[Answers] = []
    for i, turn in enumerate(game.loaded.data["turns"][:count]):
        snap = r.snapshots[i]
        g.state = snap.state.copy()
        g.ledger.entries[:] = entries[:snap.ledger_size]
        del g.findings[:]
        _, steps = walk(turn_search(g, i + 1), Partial({"player": turn["player"]}),
                        in_offered_form(turn), recorded_value,
                        exact=lambda raw: raw.path != ("tile",))
        out.append({".".join(map(str, d.path)):
                    value if d.kind == "count" else answers.option_text(value)
                    for d, value in steps})
    return out


def new_log(folder: Path, turns: int = 0) -> Path:
    """The sample's header and its first `turns` turns: a log to go on with."""
    log = folder / "game.yaml"
    text = header_text(SAMPLE.read_text(encoding="utf-8"))
    if turns:
        text = text.replace("turns: []\n", "turns:\n" + yaml.safe_dump(
            sample_turns(turns), sort_keys=False, allow_unicode=True, width=100))
    log.write_text(text, encoding="utf-8")
    assert log_turns(log) == sample_turns(turns)
    return log


def log_turns(log: Path) -> list[dict[str, Any]]:
    turns: list[dict[str, Any]] = load_game(log).loaded.data["turns"] or []
    return turns


@pytest.fixture(scope="module")
def steps() -> list[Answers]:
    return sample_answers(30)


# --- the server and the browser -----------------------------------------------------------------


@dataclass
class Server:
    """A running `grinivil serve`: the address it printed (the table's page, with its token)
    and its state as a page of `seat` gets it (GET /state: read only)."""

    address: str
    client: httpx.Client = field(default_factory=lambda: httpx.Client(timeout=10))

    @property
    def url(self) -> str:
        return self.address.split("/?", 1)[0]

    @property
    def token(self) -> str:
        return self.address.split("?t=", 1)[1]

    def state(self, seat: str = "") -> dict[str, Any]:
        r = self.client.get(f"{self.url}/state", params={"t": self.token, "seat": seat})
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data


@contextmanager
def serving(log: Path) -> Iterator[Server]:
    with running(log, token=TOKEN) as served:
        server = Server(f"{base(served)}/?t={TOKEN}")
        assert server.address == served.address
        try:
            yield server
        finally:
            server.client.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@dataclass
class Tab:
    """A page in its own browser context; `touch`: a phone's (taps are touch taps)."""

    page: Page
    touch: bool
    problems: list[str]
    laid_out: set[str] | None = None  # the questions whose layout was checked (None: none is)

    def press(self, target: Locator) -> None:
        if self.touch:
            target.tap()
        else:
            target.click()

    @property
    def version(self) -> int:
        return int(self.page.get_attribute("body", "data-version") or "-1")

    def shows(self, wanted: int) -> None:
        """Wait until the page shows the state of version `wanted`."""
        self.page.wait_for_function("v => document.body.getAttribute('data-version') === v",
                                    arg=str(wanted), timeout=WAIT_MS)

    def moved(self, before: int) -> None:
        """Wait until the page shows a state other than version `before`."""
        self.page.wait_for_function("v => document.body.getAttribute('data-version') !== v",
                                    arg=str(before), timeout=WAIT_MS)

    def tap(self, target: Locator) -> None:
        """Tap `target` and wait for the state the tap makes."""
        before = self.version
        self.press(target)
        self.moved(before)

    def text(self) -> str:
        """The page's words, the board's drawing left out."""
        found: str = self.page.evaluate(
            "() => Array.from(document.querySelectorAll('header, .panel, .side'))"
            ".map(e => e.innerText).join('\\n')")
        return found


@contextmanager
def opened(browser: Browser, address: str, size: dict[str, int], seat: str = "",
           touch: bool = False) -> Iterator[Tab]:
    """The page at `address` (with `seat`: that player's phone) in a browser context of its
    own, once its first state is shown; no script error nor console error on it meanwhile."""
    context = browser.new_context(viewport=size, has_touch=touch, is_mobile=touch,
                                  device_scale_factor=1)
    problems: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: problems.append(f"script error: {e}"))
        page.on("console", lambda m: problems.append(f"console: {m.text}")
                if m.type == "error" else None)
        page.goto(address + (f"&seat={seat}" if seat else ""))
        page.wait_for_selector("body[data-version]", timeout=WAIT_MS)
        yield Tab(page, touch, problems)
        assert problems == []
    finally:
        context.close()


# --- taps ---------------------------------------------------------------------------------------


def step_to(tab: Tab, box: Locator, wanted: int) -> None:
    """Set the stepper `box` to `wanted` with its −10, −, +, +10 buttons."""
    shown = box.locator("output.value")
    for _ in range(40):
        now = int(shown.text_content() or "")
        if now == wanted:
            return
        gap = wanted - now
        label = ("+10" if gap >= 10 else "+") if gap > 0 else ("−10" if gap <= -10 else "−")
        tab.press(box.locator("button.step").filter(
            has_text=re.compile(f"^{re.escape(label)}$")))
    raise AssertionError(f"the stepper did not reach {wanted} (at {shown.text_content()})")


def answer_question(tab: Tab, s: dict[str, Any], values: Answers) -> None:
    """Give the question of the state `s` (shown on `tab`) the value of `values`, by taps."""
    page = tab.page
    if "sealed" in s:  # the table's screen passed round: "Enter Anna's bid", a stepper, OK
        name = next(p["name"] for p in s["sealed"]["players"] if not p["done"])
        part = page.locator("#question .mine").filter(has_text=f"{name}'s ")
        tab.press(part.get_by_role("button", name=f"Enter {name}'s "))
        step_to(tab, part.locator(".stepper"), values[f"{s['sealed']['kind']}s.{name}"])
        tab.tap(part.locator("button.ok"))
        return
    q = s["question"]
    value = values[q["path"]]
    if q["path"] == "tile":
        tab.tap(page.locator(f"#question .options.tiles:not(.off-tiles) "
                             f"button[data-tile='{value}']"))
    elif q["kind"] == "count":
        box = page.locator("#question .stepper")
        step_to(tab, box, value)
        tab.tap(box.locator("button.ok"))
    elif q["options"] and all(o.get("cubes") for o in q["options"]):  # a draw: cube buttons
        box = page.locator("#question .cubes")
        for cube in value.split():
            tab.press(box.locator(f"button.cube.{cube}"))
        tab.tap(box.get_by_role("button", name="Done"))
    else:
        i = next(o["i"] for o in q["options"] if o["text"] == value)
        tab.tap(page.locator(f"#question .options button[data-i='{i}']"))


def asks(s: dict[str, Any]) -> str | None:
    """The path of the question of the state `s` (None: secret answers, or the game over)."""
    return s["question"]["path"] if "question" in s else None


def answer_until(tab: Tab, server: Server, values: Answers, done: Any) -> dict[str, Any]:
    """Answer on `tab` the questions of the turn being made until `done(state)`."""
    s = server.state()
    for _ in range(40):
        if done(s):
            return s
        tab.shows(s["version"])
        asked = asks(s) or "secret answers"
        if tab.laid_out is not None and asked not in tab.laid_out:  # each kind of question
            check_layout(tab, f"turn {s['turn']}, {asked}")
            tab.laid_out.add(asked)
        answer_question(tab, s, values)
        s = server.state()
    raise AssertionError(f"turn {s['turn']} did not get on: {s.get('question')}")


def play_turn(tab: Tab, server: Server, values: Answers, turn: dict[str, Any]) -> None:
    """One whole turn answered on `tab` by taps; the score track checked after it where the
    sample checks it (the table's "Check the score track", its claims typed in its box)."""
    turns = server.state()["turns"]
    s = answer_until(tab, server, values, lambda s: s["turns"] > turns)
    if "claims" in turn:
        tab.shows(s["version"])
        claims = turn["claims"]
        text = " ".join(f"{word} " + " ".join(f"{name} {held[what]}"
                                              for name, held in claims.items() if what in held)
                        for word, what in (("score", "vp"), ("money", "money")))
        tab.press(tab.page.locator("#claim"))
        tab.page.fill("#ask-input", text)
        before = tab.version
        tab.page.press("#ask-input", "Enter")  # a phone keyboard's Go, a keyboard's Enter
        tab.moved(before)
        assert tab.page.locator("#error").is_hidden(), tab.page.text_content("#error")


# --- 1. thirty turns by taps --------------------------------------------------------------------


@pytest.mark.parametrize(("size", "touch"), [(PHONE, True), (TABLET, False)],
                         ids=["phone", "tablet"])
def test_thirty_turns_of_the_sample_recorded_by_taps_alone(
        browser: Browser, steps: list[Answers], tmp_path: Path, size: dict[str, int],
        touch: bool) -> None:
    log = new_log(tmp_path)
    turns = sample_turns(30)
    with serving(log) as server, opened(browser, server.address, size, touch=touch) as tab:
        tab.laid_out = set()
        for values, turn in zip(steps, turns, strict=True):
            play_turn(tab, server, values, turn)
        assert {"tile", "drawn", "refills.0", "secret answers", "site", "trees", "spots.0",
                "excess.Bruno.wood", "slot", "land_tile"} <= tab.laid_out
        assert tab.page.text_content("#turn") == "game.yaml · turn 31"
        assert tab.page.text_content("#who") == "Anna is on turn"
        assert tab.page.locator("#moves li").count() == 30
        assert tab.page.text_content("#moves li:first-child") == "Bruno, Banker"
    assert log_turns(log) == turns


# --- 2. a tablet and two phones -------------------------------------------------------------------


def secret_of(bid: int, texts: list[str]) -> list[str]:
    """The texts that hold the number `bid` (not as a part of another number)."""
    return [t for t in texts if re.search(rf"(?<![\d.]){bid}(?![\d])", t)]


def test_phones_follow_the_tablet_and_bid_in_secret(browser: Browser, steps: list[Answers],
                                                    tmp_path: Path) -> None:
    """Turn 4 (Bruno's Build a Floor) answered on the tablet: both phones show turn 5 within
    1 s. Turn 5: Anna calls the Auction on the tablet, the lot drawn; Anna bids 23 on her phone,
    Bruno 31 on his (R-A05-02: secret bids, opened at once). Until Bruno's is in, Bruno's phone
    shows no 23 (its words, and every /state, /seal and /answer response its page got), while
    Anna's shows her own; then every page shows both: Bruno wins the lot, and gives up its
    excess steel on his phone (R-WH-06), as in the sample."""
    log = new_log(tmp_path, 3)
    got: dict[str, list[Response]] = {"Anna": [], "Bruno": []}
    with serving(log) as server, \
            opened(browser, server.address, TABLET) as tablet, \
            opened(browser, server.address, PHONE, "Anna", touch=True) as anna, \
            opened(browser, server.address, PHONE, "Bruno", touch=True) as bruno:
        phones = {"Anna": anna, "Bruno": bruno}
        for name, phone in phones.items():
            phone.page.on("response", lambda r, name=name: got[name].append(r)
                          if re.search(r"/(state|seal|answer)\b", r.url) else None)
        assert anna.page.text_content("#who") == "Bruno is on turn"
        assert bruno.page.text_content("#who") == "Bruno is on turn (you)"
        # a phone answers only its own questions
        assert anna.page.locator("#question .wait").text_content() == "Bruno answers this one."
        assert anna.page.locator("#question button").count() == 0
        assert bruno.page.locator("#question button[data-tile]").count() == 21

        # turn 4 on the tablet: its last tap brings turn 5 to the phones by themselves (pushed,
        # no reload; how fast is measured in bench/serve.py, not here: a timed test fails on
        # a loaded machine)
        s = answer_until(tablet, server, steps[3], lambda s: asks(s) == "site")
        q = s["question"]
        assert (q["path"], q["who"]) == ("site", "Bruno")
        tablet.shows(s["version"])
        site = next(o["i"] for o in q["options"] if o["text"] == steps[3]["site"])
        before = {name: phone.version for name, phone in phones.items()}
        tablet.press(tablet.page.locator(f"#question .options button[data-i='{site}']"))
        for name, phone in phones.items():
            phone.page.wait_for_selector("#turn:text-is('game.yaml · turn 5')",
                                         timeout=WAIT_MS)
            assert phone.version > before[name]
        assert anna.page.text_content("#who") == "Anna is on turn (you)"
        assert bruno.page.text_content("#who") == "Anna is on turn"
        assert anna.page.title().startswith("● your turn · ")  # a phone put down is told
        assert not bruno.page.title().startswith("●")
        assert bruno.page.text_content("#moves li:first-child") == "Bruno, Build Floor"
        assert log_turns(log) == sample_turns(4)

        # turn 5: the Auction called and its lot drawn on the tablet, the bids on the phones
        answer_until(tablet, server, steps[4], lambda s: "sealed" in s)
        for name, phone in phones.items():
            phone.shows(server.state()["version"])
            got[name].clear()  # from here on, every response holds the secret bids' state
            assert phone.page.locator("#question .mine").count() == 1  # its own bid only
            other = BIDS["Bruno" if name == "Anna" else "Anna"]
            assert secret_of(other, [phone.text()]) == []  # so the checks below mean something
        mine = anna.page.locator("#question .mine .stepper")
        step_to(anna, mine, BIDS["Anna"])
        anna.tap(mine.get_by_role("button", name="Give my bid in secret"))
        bruno.shows(anna.version)
        assert "Anna: given ✓" in bruno.text() and "Bruno: waiting…" in bruno.text()
        # a phone cannot take the secret answers back (the others' would go too); the table can
        assert bruno.page.locator("#back").is_disabled()
        tablet.shows(anna.version)
        assert tablet.page.locator("#back").is_enabled()
        assert "Your bid (secret until all are in): 23 given" in anna.text()
        seen = {name: [r.text() for r in got[name]] for name in phones}
        assert secret_of(BIDS["Anna"], seen["Anna"]) != []  # on her own phone, and only there:
        assert len(seen["Bruno"]) >= 1
        for body in seen["Bruno"]:
            sealed = json.loads(body)["sealed"]
            assert [p["done"] for p in sealed["players"]] == [True, False]
            assert [(m["name"], m.get("value")) for m in sealed["mine"]] == [("Bruno", None)]
        assert secret_of(BIDS["Anna"], [bruno.text(), *seen["Bruno"]]) == []
        assert secret_of(BIDS["Bruno"], [anna.text(), *seen["Anna"]]) == []

        mine = bruno.page.locator("#question .mine .stepper")
        step_to(bruno, mine, BIDS["Bruno"])
        bruno.tap(mine.get_by_role("button", name="Give my bid in secret"))
        for tab in (anna, bruno, tablet):
            tab.shows(bruno.version)
            assert "shown at once: Anna 23, Bruno 31" in tab.page.text_content("#said")
        # Bruno won the lot: the cubes his Warehouses cannot hold are his to give, on his phone
        s = server.state()
        assert (asks(s), s["question"]["who"]) == ("excess.Bruno.concrete", "Bruno")
        assert anna.page.locator("#question .wait").text_content() == "Bruno answers this one."
        answer_until(bruno, server, steps[4], lambda s: s["turns"] == 5)
    assert log_turns(log) == [*sample_turns(4), {**sample_turns(5)[4], "bids": BIDS}]


def test_a_turn_answered_on_the_board(browser: Browser, steps: list[Answers],
                                      tmp_path: Path) -> None:
    """Turn 4, Bruno's Build a Floor, with taps on the board (render --ids' tap targets): a tile
    no legal turn takes is greyed, and a tap on it says why (its rule), nothing answered; the
    Build a Floor tile; the refill's cubes (buttons); Building Site O1.s1 on the board."""
    log = new_log(tmp_path, 3)
    with serving(log) as server, opened(browser, server.address, TABLET) as tab:
        s = server.state()
        tab.shows(s["version"])
        board = tab.page.locator("#board svg")
        tab.page.wait_for_selector("#board svg .tap", timeout=WAIT_MS)
        options = s["question"]["options"]
        by_position: dict[int, list[dict[str, Any]]] = {}
        for o in options:
            by_position.setdefault(o["position"], []).append(o)
        shut = sorted(p for p, there in by_position.items()
                      if not any(o["eligible"] for o in there))
        assert shut and len(by_position) == 20
        assert sorted(int(n.get_attribute("data-position") or "0")
                      for n in board.locator(".tap-off").all()) == shut
        assert board.locator(".tap").count() == 20 - len(shut)
        off = by_position[shut[0]][0]
        tab.press(board.locator(f"[data-position='{shut[0]}']"))
        assert tab.page.text_content("#error") == f"{off['label']} is not eligible: {off['why']}"
        assert server.state()["version"] == s["version"]

        tab.tap(board.locator("[data-tile~='build-floor']"))
        s = answer_until(tab, server, steps[3], lambda s: asks(s) == "site")
        assert server.state()["made"][0] == "tile: build-floor"
        tab.shows(s["version"])
        site = board.locator(f"[data-site='{steps[3]['site']}'].tap")
        site.wait_for(timeout=WAIT_MS)
        assert board.locator(".tap").count() == len(s["question"]["options"])
        tab.tap(site)
        assert server.state()["turns"] == 4
    assert log_turns(log) == sample_turns(4)


# --- 3. a reload, a kill ----------------------------------------------------------------------


def test_a_page_reloaded_mid_turn_asks_the_same_question(browser: Browser, steps: list[Answers],
                                                        tmp_path: Path) -> None:
    """Turn 3, Anna's New Resident: the tile tapped, the page reloaded: the refill is asked
    again (the cube buttons), the tile kept; the turn then ends as the sample's. Turn 4: Bruno
    ticks "decline the action" and taps Subsidy: the Market refilled as in the sample, the tile
    taken as a move only."""
    log = new_log(tmp_path, 2)
    with serving(log) as server, opened(browser, server.address, PHONE, touch=True) as tab:
        s = answer_until(tab, server, steps[2], lambda s: s["made"])
        tab.shows(s["version"])
        asked = tab.page.text_content("#question h2")
        made = tab.page.locator("#made li").all_text_contents()
        assert made == ["tile: new-resident"] and s["question"]["path"] == "refills.0"
        tab.page.reload()
        tab.page.wait_for_selector("body[data-version]", timeout=WAIT_MS)
        assert tab.version == s["version"]
        assert tab.page.text_content("#question h2") == asked
        assert tab.page.locator("#made li").all_text_contents() == made
        assert tab.page.locator("#question .cubes button.cube").count() == 3
        assert tab.page.locator("#back").is_enabled()
        play_turn(tab, server, steps[2], sample_turns(3)[2])
        tab.shows(server.state()["version"])
        tab.press(tab.page.locator("#decline"))
        assert tab.page.locator("#decline").is_checked()
        tab.tap(tab.page.locator("#question .tiles button[data-tile='subsidy']"))
        assert server.state()["question"]["path"] == "refills.0"  # the market, as in turn 4
        answer_until(tab, server, steps[3], lambda s: s["turns"] == 4)
    assert log_turns(log) == [*sample_turns(3),
                              {"player": "Bruno", "tile": "subsidy",
                               "refills": sample_turns(4)[3]["refills"], "declined": True}]


@dataclass
class Process:
    """A `grinivil serve` running as a process of its own, and what it printed."""

    proc: subprocess.Popen[str]
    lines: queue.Queue[str]
    said: str = ""

    def read(self, until: str, seconds: float = 30) -> re.Match[str]:
        """What it prints, until a line matches the pattern `until`."""
        deadline = time.monotonic() + seconds
        while not (found := re.search(until, self.said)):
            line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            assert line, f"grinivil serve stopped: {self.said}"
            self.said += line
        return found

    def rest(self) -> str:
        """What it printed until its end."""
        self.proc.wait(20)
        while (line := self.lines.get(timeout=10)):
            self.said += line
        return self.said


@contextmanager
def serve_process(log: Path) -> Iterator[tuple[Process, Server]]:
    """`grinivil serve LOG --port 0` in a process of its own (127.0.0.1 only), once it has
    printed its address; killed at the end if it still runs."""
    proc = subprocess.Popen([sys.executable, "-m", "grinivil_cli", "serve", str(log), "--port",
                             "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, cwd=TOP, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put("")

    threading.Thread(target=read, daemon=True).start()
    try:
        process = Process(proc, lines)
        server = Server(process.read(r"http://127\.0\.0\.1:\d+/\?t=\S+").group(0))
        try:
            yield process, server
        finally:
            server.client.close()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)


def test_a_server_killed_mid_turn_goes_on_from_its_last_whole_turn(
        browser: Browser, steps: list[Answers], tmp_path: Path) -> None:
    """Turns 3 and 4 by taps on a `grinivil serve` process, turn 5's Auction tile tapped, the
    server killed (SIGKILL): turns 1-4 are in the log, its lock file left; a new server on the
    same log asks turn 5's tile, and turn 5 is made whole."""
    log = new_log(tmp_path, 2)
    turns = sample_turns(5)
    lock = log.with_name(f".{log.name}.lock")
    with serve_process(log) as (first, server), \
            opened(browser, server.address, TABLET) as tab:
        for i in (2, 3):
            play_turn(tab, server, steps[i], turns[i])
        answer_until(tab, server, steps[4], lambda s: s["made"])
        assert server.state()["made"] == ["tile: auction"]
        os.kill(first.proc.pid, signal.SIGKILL)
        assert first.proc.wait(10) == -signal.SIGKILL
    assert log_turns(log) == turns[:4]
    assert lock.exists()  # a killed server's lock file locks nothing
    with serve_process(log) as (again, server), \
            opened(browser, server.address, TABLET) as tab:
        s = server.state()
        assert (s["turns"], s["made"], s["question"]["path"]) == (4, [], "tile")
        assert tab.page.text_content("#turn") == "game.yaml · turn 5"
        assert tab.page.locator("#moves li").count() == 4
        play_turn(tab, server, steps[4], turns[4])
        assert log_turns(log) == turns


def test_ctrl_c_stops_a_server_with_pages_open_cleanly(browser: Browser, steps: list[Answers],
                                                        tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) with the table's page open: the server stops, exit 0, its closing words
    said, no traceback, the lock let go, the log whole."""
    log = new_log(tmp_path, 2)
    with serve_process(log) as (process, server), \
            opened(browser, server.address, TABLET) as tab:
        play_turn(tab, server, steps[2], sample_turns(3)[2])
        process.proc.send_signal(signal.SIGINT)
        said = process.rest()
        assert "Traceback" not in said and "ERROR" not in said
        assert f"{log}: 3 whole turns recorded; run the same command to go on." in words(said)
        assert process.proc.returncode == 0
    assert log_turns(log) == sample_turns(3)
    assert not log.with_name(f".{log.name}.lock").exists()


# --- 4. the layout ------------------------------------------------------------------------------

FOUR = TOP / "samples" / "game-4p.yaml"


def test_a_tile_button_keeps_its_number_and_position_on_a_tablet(browser: Browser,
                                                                   tmp_path: Path) -> None:
    """The 4-player sample after 60 turns on the table's page at 1024x768: two tile buttons a
    row, and "#15 Optimization" pushed its "@19" out of its button (the name is given the
    width, the position goes under the number); each tile's number, name and position shown.
    On a phone (390x844) the position ends the number's line."""
    log = tmp_path / "game.yaml"
    text = FOUR.read_text(encoding="utf-8").splitlines(keepends=True)
    starts = [i for i, line in enumerate(text) if re.match(r"- \{?player:", line)]
    log.write_text("".join(text[:starts[60]]), encoding="utf-8")
    with serving(log) as server, opened(browser, server.address, TABLET) as tablet:
        tablet.press(tablet.page.locator("details.not-eligible summary"))
        check_layout(tablet, "the 4-player game's tiles at 1024x768")
        buttons = tablet.page.locator(".tiles .option")
        shown = [" ".join(buttons.nth(i).inner_text().split()) for i in range(buttons.count())]
        assert "#15 Optimization @19" in shown, shown
        assert all(re.fullmatch(r"#\d\d[ab]? \D+ @\d{1,2}", text) for text in shown), shown
    with serving(log) as server, opened(browser, server.address, PHONE, touch=True) as phone:
        # a phone: one tile a row, its position at the end of the number's line, so that a
        # short name makes a one-line button (44 px: the list a third shorter to scroll)
        check_layout(phone, "the 4-player game's tiles at 390x844")
        rows = phone.page.evaluate("""() => Array.from(
            document.querySelectorAll('.tiles:not(.off-tiles) .option')).map(b => {
              const top = s => b.querySelector(s).getBoundingClientRect();
              return [b.querySelector('.name').textContent, top('.num').top, top('.pos').top,
                      top('.pos').right, b.getBoundingClientRect().right,
                      b.getBoundingClientRect().height]; })""")
        assert len(rows) >= 10
        for name, number, position, right, edge, height in rows:
            assert abs(number - position) <= 3 and edge - right < 20, name  # on one line, last
            if len(name) <= 14:
                assert height <= 46, (name, height)



BOARD = """() => {  // the board's box, its drawing, a ring tile's name, the tools: where they are
  const box = document.getElementById('board-box'), svg = box.querySelector('svg');
  const tile = svg.querySelector('use.ring-tile.optimization');  // #15, 88 units high
  const rect = e => { const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, width: r.width, height: r.height}; };
  return {box: rect(box), svg: rect(svg), tools: rect(box.firstElementChild),
          font: rect(tile).height * 10.5 / 88,  // its name's size on the screen, in px
          inner: box.clientWidth, scrolls: box.scrollWidth > box.clientWidth,
          zoom: document.getElementById('zoom').textContent,
          says: document.getElementById('board-says').textContent};
}"""


def test_the_board_larger_or_on_the_whole_screen(browser: Browser, tmp_path: Path) -> None:
    """On a tablet (1024x768) the board had 3/5 of the width and the ring's tile names were
    about 5 px high. The 4-player sample after 60 turns: the board fitted at 100%; + twice
    makes it 200% (the names twice as high), panned in its box under its tools, the page still
    no wider than the screen; Full screen (the browser's own too) fits the whole drawing in
    the screen (a name about 1.2 times as high as fitted) and says whose turn and what is
    asked; Esc goes back to 200%, which the tablet keeps after a reload. A phone's board
    starts at 200%, about as wide as before (712 px at 390 px; it was 760 px), panned in its
    box."""
    log = tmp_path / "game.yaml"
    text = FOUR.read_text(encoding="utf-8").splitlines(keepends=True)
    starts = [i for i, line in enumerate(text) if re.match(r"- \{?player:", line)]
    log.write_text("".join(text[:starts[60]]), encoding="utf-8")
    with serving(log) as server, opened(browser, server.address, TABLET) as tablet:
        page = tablet.page
        page.wait_for_selector("#board svg")
        fitted = page.evaluate(BOARD)
        assert fitted["zoom"] == "100%" and not fitted["scrolls"]
        assert abs(fitted["svg"]["width"] - (fitted["inner"] - 8)) <= 1  # its box's width
        tablet.press(page.get_by_role("button", name="Larger board"))
        tablet.press(page.get_by_role("button", name="Larger board"))
        larger = page.evaluate(BOARD)
        assert larger["zoom"] == "200%" and larger["scrolls"]
        assert larger["font"] == pytest.approx(2 * fitted["font"], rel=0.01)
        assert 4.5 < fitted["font"] < 5.5 and larger["font"] > 9.5  # px: the 10.5-unit names
        check_layout(tablet, "the board at 200% on a tablet")
        page.evaluate("() => { const b = document.getElementById('board-box');"
                      " b.scrollLeft = 400; b.scrollTop = 300; }")
        panned = page.evaluate(BOARD)  # the tools in the box's corner, the board under them
        assert abs(panned["tools"]["left"] - panned["box"]["left"]) <= 6
        assert abs(panned["tools"]["top"] - panned["box"]["top"]) <= 6
        tablet.press(page.get_by_role("button", name="Full screen"))
        page.wait_for_function("() => document.fullscreenElement"
                               " === document.getElementById('board-box')")  # the browser's
        whole = page.evaluate(BOARD)
        assert whole["box"] == {"left": 0, "top": 0, "width": 1024, "height": 768}
        assert whole["zoom"] == "100%" and not whole["scrolls"]
        svg = whole["svg"]
        assert svg["top"] >= whole["tools"]["top"] + whole["tools"]["height"] - 1
        assert svg["top"] + svg["height"] <= 768 and svg["width"] <= 1024
        assert whole["font"] > 1.15 * fitted["font"]
        assert whole["says"] == "Anna is on turn: the Action Tile"
        check_layout(tablet, "the board on the whole screen of a tablet")
        page.screenshot(path=SHOTS / "tablet-board-full.png")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.fullscreenElement")
        back = page.evaluate(BOARD)
        assert back["zoom"] == "200%" and back["box"]["width"] < 700 and back["says"] == ""
        page.reload()
        page.wait_for_selector("#board svg")
        assert page.evaluate(BOARD)["zoom"] == "200%"
        with opened(browser, server.address, PHONE, "Anna", touch=True) as phone:
            phone.page.wait_for_selector("#board svg")
            mine = phone.page.evaluate(BOARD)
            assert mine["zoom"] == "200%" and 700 <= mine["svg"]["width"] <= 800
            assert mine["font"] > 5.5, mine["font"]  # as before (6.3 px at 760 px)


LAYOUT = """width => {  // the viewport's width as set (a phone widens its own to the content)
  const out = {scroll: [document.documentElement.scrollWidth, innerWidth], small: [],
               narrow: [], outside: [], spills: []};
  const visible = e => {
    const r = e.getBoundingClientRect(), st = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none'
      && !e.closest('details:not([open]) > :not(summary)');
  };
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : '')
    + ' "' + (e.textContent || '').trim().slice(0, 30) + '"';
  const inBoard = e => e.closest('#board');
  const clipped = e => {  // inside a box of its own that scrolls or clips (the board's)
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  for (const e of document.querySelectorAll('body *')) {
    if (inBoard(e) || !visible(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.right > width + 0.5 && !clipped(e)) out.outside.push(name(e) + ' ' + r.right);
    const ownText = Array.from(e.childNodes).some(
      n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (ownText && parseFloat(getComputedStyle(e).fontSize) < 12) {
      out.small.push(name(e) + ' ' + getComputedStyle(e).fontSize);
    }
    if (e.matches('button, a, summary') && (r.width < 44 || r.height < 44)) {
      out.narrow.push(name(e) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
    }
  }
  for (const b of document.querySelectorAll('button')) {  // a label out of its own button
    const rb = b.getBoundingClientRect();
    if (!visible(b)) continue;
    for (const e of b.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (r.width && (r.right > rb.right + 0.5 || r.left < rb.left - 0.5)) {
        out.spills.push(name(e) + ' in ' + name(b));
      }
    }
  }
  return out;
}"""


def check_layout(tab: Tab, where: str) -> None:
    """No horizontal scroll, nothing cut off at the right, nothing out of its own button,
    tap targets of 44x44 px, no text under 12 px: on the whole page, scrolled through."""
    size = tab.page.viewport_size
    assert size is not None
    found: dict[str, Any] = tab.page.evaluate(LAYOUT, size["width"])
    wrong = {"scrolls sideways": [f"{w} px of {size['width']}" for w in found["scroll"]
                                  if w > size["width"]],
             "cut off at the right": found["outside"],
             "tap targets under 44x44 px": found["narrow"],
             "text under 12 px": found["small"],
             "out of its own button": found["spills"]}
    wrong = {what: items for what, items in wrong.items() if items}
    assert wrong == {}, f"{where}: {wrong}"


def test_the_layout_on_a_phone_and_a_tablet(browser: Browser, steps: list[Answers],
                                            tmp_path: Path) -> None:
    """At turn 5 of the sample (Anna's): the tile question on the table's page at 390x844 and
    1024x768 (the not-eligible tiles opened) and on Anna's phone; the cube buttons of the lot;
    the count stepper of a secret bid on Bruno's phone and on the table's page."""
    log = new_log(tmp_path, 4)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with serving(log) as server, \
            opened(browser, server.address, PHONE, touch=True) as table, \
            opened(browser, server.address, TABLET) as tablet, \
            opened(browser, server.address, PHONE, "Bruno", touch=True) as phone:
        for tab, where in ((table, "the table's page at 390x844"),
                           (tablet, "the table's page at 1024x768")):
            tab.press(tab.page.locator("details.not-eligible summary"))
            assert tab.page.locator(".off-tiles button").first.is_visible()
            check_layout(tab, where)
        table.page.screenshot(path=SHOTS / "phone.png", full_page=True)
        tablet.page.screenshot(path=SHOTS / "tablet.png", full_page=True)
        check_layout(phone, "Bruno's phone at 390x844")
        s = answer_until(table, server, steps[4], lambda s: asks(s) == "drawn")
        table.shows(s["version"])
        assert table.page.locator("#question .cubes button").count() == 5  # 3 cubes, Clear, Done
        check_layout(table, "the cube buttons at 390x844")
        answer_until(table, server, steps[4], lambda s: "sealed" in s)
        phone.shows(server.state()["version"])
        assert phone.page.get_by_role("button", name="Give my bid in secret").is_visible()
        check_layout(phone, "a secret bid on a phone at 390x844")
        phone.page.screenshot(path=SHOTS / "phone-bid.png", full_page=True)
        table.press(table.page.get_by_role("button", name="Enter Anna's bid"))
        check_layout(table, "a bid's stepper on the table's page at 390x844")
    for shot in ("phone", "tablet", "phone-bid"):
        assert (SHOTS / f"{shot}.png").stat().st_size > 10_000
