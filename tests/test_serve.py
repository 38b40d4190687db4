"""`grinivil serve` (issue 31) through its HTTP interface, as its pages use it: a real server
on 127.0.0.1 (tests/servekit.py), its answers judged by the same `Table` as `record`'s.

The game is dealt from seed 7 for 3 players (Anna, Bruno, Clara, 70 G each; ring position 1
is Buy Resources #01, 2 Sell the House #12, 4 Convert #13, 5 Subsidy #17, 9 the Auction #05).
Subsidy with the 3 unemployed Workers of the start gives 3 x 4 = 12 G (R-A17-01): 70 -> 82 G.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from servekit import answer_turn, base, running
from test_record import dealt
from test_record_hostile import turns_of

from grinivil_cli.recorder.session import CannotRecord, Recording
from grinivil_cli.serve.run import Served

from clikit import words

TOKEN = "test-token-of-this-game"


def state(served: Served, seat: str = "") -> dict[str, Any]:
    r = httpx.get(f"{base(served)}/state", params={"t": TOKEN, "seat": seat})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def post(served: Served, what: str, **body: Any) -> httpx.Response:
    return httpx.post(f"{base(served)}/{what}", json=body,
                      headers={"X-Grinivil-Token": TOKEN})


def tile_index(s: dict[str, Any], tile: str) -> int:
    return next(o["i"] for o in s["question"]["options"] if o["tile"] == tile)


@pytest.mark.parametrize("lan", [False, True], ids=["localhost", "lan"])
def test_nobody_without_the_token_learns_anything(tmp_path: Path, lan: bool) -> None:
    """On 127.0.0.1 and with --lan (every interface; the test still talks to 127.0.0.1):
    every request without the join token, or with a wrong one, is refused (403) and its
    answer names no player and no tile."""
    log = dealt(tmp_path)
    with running(log, token=TOKEN, lan=lan) as served:
        assert served.server.config.host == ("0.0.0.0" if lan else "127.0.0.1")
        assert httpx.get(f"{base(served)}/state", params={"t": TOKEN}).status_code == 200
        for path in ("/", "/state", "/board.svg", "/join.svg", "/events"):
            for params in ({}, {"t": "wrong"}, {"t": TOKEN[:-1]}):
                r = httpx.get(base(served) + path, params=params)
                assert r.status_code == 403, (path, params)
                assert "Anna" not in r.text and "subsidy" not in r.text
        r = httpx.post(f"{base(served)}/answer", json={"version": 0, "choice": 0})
        assert r.status_code == 403
        assert httpx.get(f"{base(served)}/static/serve.js").status_code == 200  # no game in it
        assert turns_of(log) == []


def test_a_turn_answered_by_taps_is_judged_and_written(tmp_path: Path) -> None:
    """R-A12-01: nobody has a House to sell at the first turn: Sell the House is refused with
    its rule (422), the table unchanged; Subsidy is taken and written at once."""
    log = dealt(tmp_path)
    with running(log, token=TOKEN) as served:
        s = state(served)
        assert (s["turn"], s["player"], s["question"]["path"]) == (1, "Anna", "tile")
        tiles = {o["tile"]: (o["number"], o["position"]) for o in s["question"]["options"]}
        assert tiles["subsidy"] == ("#17", 5) and tiles["auction"] == ("#05", 9)
        assert tiles["buy-resources"] == ("#01", 1) and tiles["convert"] == ("#13", 4)
        sell = next(o for o in s["question"]["options"] if o["tile"] == "sell-house")
        assert sell["eligible"] is False and sell["why"].startswith("R-A12-01")
        r = post(served, "answer", version=s["version"], choice=sell["i"])
        assert r.status_code == 422 and "R-A12-01" in r.json()["error"]
        assert turns_of(log) == []
        r = post(served, "answer", version=s["version"], choice=tile_index(s, "subsidy"))
        assert r.status_code == 200, r.text
        after = r.json()
        assert (after["turns"], after["player"]) == (1, "Bruno")
        assert any("Anna: Subsidy with 3 unemployed Workers +12 G (R-A17-01)" in line
                   for line in after["said"])
        assert turns_of(log) == [{"player": "Anna", "tile": "subsidy"}]


def test_the_first_answer_wins_and_a_stale_one_is_told_the_table_moved_on(
        tmp_path: Path) -> None:
    log = dealt(tmp_path)
    with running(log, token=TOKEN) as served:
        s = state(served)
        first = post(served, "answer", version=s["version"], choice=tile_index(s, "subsidy"))
        second = post(served, "answer", version=s["version"], choice=tile_index(s, "convert"))
        assert first.status_code == 200 and second.status_code == 409
        assert "the table moved on" in second.json()["error"]
        assert second.json()["state"]["player"] == "Bruno"  # the question now comes with it
        assert turns_of(log) == [{"player": "Anna", "tile": "subsidy"}]


def test_a_phone_answers_only_its_own_questions(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    with running(log, token=TOKEN) as served:
        s = state(served, "bruno")  # a seat in any case
        assert s["seat"] == "Bruno" and s["question"]["who"] == "Anna"
        r = post(served, "answer", version=s["version"], seat="Bruno",
                 choice=tile_index(s, "subsidy"))
        assert r.status_code == 403 and "Anna's to answer, not Bruno's" in r.json()["error"]
        assert post(served, "undo", version=s["version"], seat="Anna").status_code == 403
        r = post(served, "answer", version=s["version"], seat="Anna",
                 choice=tile_index(s, "buy-resources"))
        assert r.status_code == 200
        s = r.json()
        assert s["answered"] == 1  # Anna's cubes asked next: hers, not Bruno's, to take back
        refused = post(served, "back", version=s["version"], seat="Bruno")
        assert refused.status_code == 403 and "Anna's to answer" in refused.json()["error"]
        assert post(served, "back", version=s["version"], seat="Anna").status_code == 200
        assert httpx.get(f"{base(served)}/state",
                         params={"t": TOKEN, "seat": "Zed"}).status_code == 404


def test_r_a05_02_bids_are_secret_until_everyones_is_in(tmp_path: Path) -> None:
    """R-A05-02/03/05/06: Anna calls the Auction (#05); the lot drawn is 2 concrete, 2 wood
    and 1 steel; Anna bids 10, Bruno 12, Clara nothing, each on their phone. Until Clara's is
    in, no page (nor any response) but Bruno's own carries Bruno's 12; then the bids are shown
    at once: Bruno wins (70 - 12 = 58 G, +1 VP), Anna gets half the highest bid (70 + 6 =
    76 G)."""
    log = dealt(tmp_path)
    with running(log, token=TOKEN) as served:
        s = state(served)
        post(served, "answer", version=s["version"], choice=tile_index(s, "auction"))
        s = state(served)
        q = s["question"]
        if q["path"] == "declined":  # carry the action out
            keep = next(o["i"] for o in q["options"] if o["text"] != "yes")
            post(served, "answer", version=s["version"], choice=keep)
            s = state(served)
            q = s["question"]
        assert q["path"] == "drawn"
        lot = next(o for o in q["options"]
                   if o.get("cubes") == {"concrete": 2, "wood": 2, "steel": 1})
        post(served, "answer", version=s["version"], choice=lot["i"])
        s = state(served)
        assert "question" not in s
        assert s["sealed"]["kind"] == "bid"
        assert [p["name"] for p in s["sealed"]["players"]] == ["Anna", "Bruno", "Clara"]
        anna = state(served, "Anna")["sealed"]["mine"]
        assert [(m["name"], m["ranges"]) for m in anna] == [("Anna", [[10, 70]])]
        bruno = state(served, "Bruno")["sealed"]["mine"]
        assert [(m["name"], m["ranges"]) for m in bruno] == [("Bruno", [[0, 0], [10, 70]])]
        asked = s["sealed"]["round"]  # each bid names the secret questions it answers
        refused = post(served, "seal", seat="Bruno", player="Bruno", count=5, round=asked)
        assert refused.status_code == 422 and "R-A05" in refused.json()["error"]
        assert post(served, "seal", seat="Bruno", player="Anna", count=10,
                    round=asked).status_code == 403
        assert post(served, "back", version=s["version"], seat="Bruno").status_code == 403
        seen: list[str] = []
        for who, amount in (("Anna", 10), ("Bruno", 12)):
            r = post(served, "seal", seat=who, player=who, count=amount, round=asked)
            assert r.status_code == 200, r.text
            if who == "Bruno":
                assert r.json()["sealed"]["mine"][0]["value"] == 12  # to Bruno alone
            else:
                seen.append(r.text)
        for seat in ("", "Anna", "Clara"):
            shown = state(served, seat)
            seen.append(json.dumps(shown))
            assert [p["done"] for p in shown["sealed"]["players"]] == [True, True, False]
        assert not any("12" in text.split('"moves"')[0] for text in seen)
        assert turns_of(log) == []
        r = post(served, "seal", seat="Clara", player="Clara", count=0, round=asked)
        assert r.status_code == 200, r.text
        done = r.json()
        assert done["turns"] == 1 and done["player"] == "Bruno"
        assert "shown at once: Anna 10, Bruno 12, Clara 0" in done["said"]
    turn = turns_of(log)[0]
    assert turn["bids"] == {"Anna": 10, "Bruno": 12}
    game = Recording.open(log)
    try:
        players = {p.name: (p.money, p.vp) for p in game.game.state.players}
    finally:
        game.close()
    assert players["Bruno"] == (58, 1) and players["Anna"][0] == 76


def test_a_bid_for_an_auction_taken_back_never_lands_on_the_next(tmp_path: Path) -> None:
    """R-A05-02: a bid answers the lot it was typed for. Anna calls the Auction and the lot
    (2 concrete, 2 wood, 1 steel) is tapped; Anna's phone shows the bids. The table takes the
    lot back and taps another (5 concrete); Anna's 10, sent from the page she still had, is
    refused (409) and no page counts it; given again for the lot asked now, it is taken. The
    other bids of a round do not refuse each other: Bruno's, given after Anna's page was
    drawn, leaves her round as it was."""
    log = dealt(tmp_path)
    with running(log, token=TOKEN) as served:
        s = state(served)
        s = post(served, "answer", version=s["version"], choice=tile_index(s, "auction")).json()
        if s["question"]["path"] == "declined":  # carry the action out
            keep = next(o["i"] for o in s["question"]["options"] if o["text"] != "yes")
            s = post(served, "answer", version=s["version"], choice=keep).json()

        def lot(s: dict[str, Any], cubes: dict[str, int]) -> dict[str, Any]:
            assert s["question"]["path"] == "drawn"
            pick = next(o for o in s["question"]["options"] if o.get("cubes") == cubes)
            return dict(post(served, "answer", version=s["version"], choice=pick["i"]).json())

        s = lot(s, {"concrete": 2, "wood": 2, "steel": 1})
        first = state(served, "Anna")["sealed"]["round"]
        s = post(served, "back", version=s["version"]).json()  # the lot taken back
        assert "sealed" not in s and s["question"]["path"] == "drawn"
        s = lot(s, {"concrete": 5, "wood": 0, "steel": 0})
        now = s["sealed"]["round"]
        assert now != first
        late = post(served, "seal", seat="Anna", player="Anna", count=10, round=first)
        assert late.status_code == 409
        assert words(late.json()["error"]) == (
            "this bid was given for secret bids asked earlier (the table has moved on since): "
            "here are the ones asked now; give your bid again")
        shown = state(served)
        assert [p["done"] for p in shown["sealed"]["players"]] == [False, False, False]
        assert post(served, "seal", seat="Bruno", player="Anna", count=10,
                    round=first).status_code == 403  # not Bruno's to give, whichever round
        assert post(served, "seal", seat="Bruno", player="Bruno", count=12,
                    round=now).status_code == 200
        assert state(served)["sealed"]["round"] == now  # Bruno's answer: the same round
        assert post(served, "seal", seat="Anna", player="Anna", count=10,
                    round=now).status_code == 200
        done = post(served, "seal", seat="Clara", player="Clara", count=0, round=now).json()
        assert "shown at once: Anna 10, Bruno 12, Clara 0" in done["said"]
    turn = turns_of(log)[0]
    assert turn["drawn"] == ["concrete"] * 5 and turn["bids"] == {"Anna": 10, "Bruno": 12}


def test_one_writer_a_log(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    with running(log, token=TOKEN):
        with pytest.raises(CannotRecord, match=r"being recorded by another grinivil serve "
                                               r"\(pid [0-9]+\); close it first"):
            Recording.open(log)
    Recording.open(log).close()  # the lock let go when the server stopped


def test_undo_back_claims_and_notes_from_the_tables_screen(tmp_path: Path) -> None:
    """After Anna's Subsidy: Anna 82 G, 0 VP (R-A17-01); the score track checked; Bruno's
    Buy Resources begun (a tile answered), taken back with back, then undo takes turn 1 back
    out of the file."""
    log = dealt(tmp_path)
    with running(log, token=TOKEN) as served:
        s = state(served)
        post(served, "answer", version=s["version"], choice=tile_index(s, "subsidy"))
        s = state(served)
        r = post(served, "claim", version=s["version"], text="score anna 0 Bruno 0 clara 0")
        assert r.status_code == 200, r.text
        r = post(served, "claim", version=r.json()["version"], text="money Anna 80")
        assert r.status_code == 422
        assert "Anna has 82 G after turn 1 by the rules; the table says 80" in r.json()["error"]
        s = state(served)
        r = post(served, "note", version=s["version"], text="Bruno's <b>cat</b>")
        assert r.status_code == 200
        s = r.json()
        post(served, "answer", version=s["version"], choice=tile_index(s, "buy-resources"))
        s = state(served)
        assert s["answered"] == 1 and s["question"]["path"] != "tile"
        s = post(served, "back", version=s["version"]).json()
        assert s["answered"] == 0 and s["question"]["path"] == "tile"
        assert turns_of(log) == [{"player": "Anna", "tile": "subsidy",
                                  "claims": {"Anna": {"vp": 0}, "Bruno": {"vp": 0},
                                             "Clara": {"vp": 0}}}]
        r = post(served, "undo", version=s["version"])
        assert r.status_code == 200 and r.json()["turns"] == 0
        assert "turn 1 (Anna, Subsidy) taken back" in r.json()["said"]
        assert turns_of(log) == []


def test_bad_requests_are_refused_with_a_reason(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    with running(log, token=TOKEN) as served:
        h = {"X-Grinivil-Token": TOKEN}
        url = f"{base(served)}/answer"
        assert httpx.post(url, content=b"not json", headers=h).status_code == 400
        assert httpx.post(url, json=[1, 2], headers=h).status_code == 400
        assert httpx.post(url, json={"version": "0", "choice": 1}, headers=h).status_code == 400
        assert httpx.post(url, json={"version": 0, "choice": 99}, headers=h).status_code == 422
        big = httpx.post(f"{base(served)}/note", json={"version": 0, "text": "x" * 9000},
                         headers=h)
        assert big.status_code == 413
        assert httpx.get(f"{base(served)}/answer", params={"t": TOKEN}).status_code == 405
        assert turns_of(log) == []


def test_names_from_the_log_are_text_never_markup(tmp_path: Path) -> None:
    """A player's name is any text the log format takes (`<b>x</b>`, quotes, an ampersand):
    the page writes it escaped, in its seat links too, and the state carries it as JSON."""
    log = tmp_path / "odd.yaml"
    names = ["<b>x</b>", 'Zoë & "Q"', "O'Neil"]
    Recording.deal(log, 3, 7, names=names).close()
    with running(log, token=TOKEN) as served:
        page = httpx.get(f"{base(served)}/", params={"t": TOKEN}).text
        assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page
        assert 'Zoë &amp; &#34;Q&#34;' in page and "O&#39;Neil" in page
        assert "seat=%3Cb%3Ex%3C/b%3E" in page  # in the link's address, encoded
        phone = httpx.get(f"{base(served)}/", params={"t": TOKEN, "seat": "<B>X</b>"})
        assert phone.status_code == 200
        assert "<b>x</b>" not in phone.text and 'data-seat="&lt;b&gt;x&lt;/b&gt;"' in phone.text
        assert [p["name"] for p in state(served)["players"]] == names
        board = httpx.get(f"{base(served)}/board.svg", params={"t": TOKEN}).text
        assert "<b>x</b>" not in board and "&lt;b&gt;x&lt;/b&gt;" in board


def test_r_a52p_04_crowdfunding_pledges_are_secret_and_the_die_rolled_after(
        tmp_path: Path) -> None:
    """R-A52P-02, R-A52P-04: turn 4 of the promo sample, David's Crowdfunding of a Shopping
    Center at C.s6. Every player's pledge is asked in secret at once: David, the Initiator,
    30 up to his 70 G (the starting money: he has not played yet), the others nothing or 30 up
    to what they hold. Only once all are in is the D6 asked (the sample rolled 6); the turn
    recorded is the sample's."""
    sample = Path(__file__).parent.parent / "samples" / "variants" / "promo-tiles-4p.yaml"
    text = sample.read_text()
    log = tmp_path / "promo.yaml"
    log.write_text(text[:text.index("- player: David\n  tile: crowdfunding")])
    pledges = {"David": 30, "Anna": 38, "Clara": 51}
    wanted = {"player": "David", "tile": "crowdfunding", "site": "C.s6",
              "building": "shopping-center", "pledges": pledges, "roll": 6}
    with running(log, token=TOKEN) as served:
        s = state(served)
        assert s["player"] == "David"
        s = post(served, "answer", version=s["version"], choice=tile_index(s, "crowdfunding"))\
            .json()
        for path, text_of in (("site", "C.s6"), ("building", "shopping-center")):
            assert s["question"]["path"] == path
            choice = next(o["i"] for o in s["question"]["options"] if o["text"] == text_of)
            s = post(served, "answer", version=s["version"], choice=choice).json()
        sealed = s["sealed"]
        assert sealed["kind"] == "pledge" and sealed["rule"] == "R-A52P-02"
        assert [p["name"] for p in sealed["players"]] == ["David", "Anna", "Bruno", "Clara"]
        mine = state(served, "David")["sealed"]["mine"]
        assert [(m["name"], m["ranges"]) for m in mine] == [("David", [[30, 70]])]
        anna = state(served, "Anna")["sealed"]["mine"][0]["ranges"]
        assert anna[0] == [0, 0] and anna[1][0] == 30
        for name in ("David", "Anna", "Bruno", "Clara"):
            r = post(served, "seal", seat=name, player=name,
                     count=pledges.get(name, 0), round=sealed["round"])
            assert r.status_code == 200, r.text
        s = r.json()
        assert s["question"]["path"] == "roll" and s["turns"] == 3  # the die, after the reveal
        roll = next(o["i"] for o in s["question"]["options"] if o["text"] == "6")
        s = post(served, "answer", version=s["version"], choice=roll).json()
        assert s["turns"] == 4
    assert turns_of(log)[-1] == wanted


def test_the_end_of_the_game_its_final_scoring_and_the_final_claims(tmp_path: Path) -> None:
    """The 2-player sample ends with Bruno's Sell the House (turn 114): Anna 76, Bruno 70, as
    its final claims say (and validate accepts). Served finished, the page shows the final
    scoring and the board its itemised frame; undo takes the final claims back with the last
    turn; the turn tapped again ends the game, and the table's count is recorded as the final
    claims, the log then the sample's own."""
    sample = Path(__file__).parent.parent / "samples" / "game-2p.yaml"
    log = tmp_path / "game.yaml"
    log.write_text(sample.read_text())
    with running(log, token=TOKEN) as served:
        s = state(served)
        assert (s["over"], s["ended"], s["turns"]) == (True, True, 114)
        assert [(x["player"], x["total"]) for x in s["scores"]] == [("Anna", 76), ("Bruno", 70)]
        board = httpx.get(f"{base(served)}/board.svg", params={"t": TOKEN}).text
        assert "Final scoring" in board
        s = post(served, "undo", version=s["version"]).json()
        assert (s["over"], s["ended"], s["turns"], s["player"]) == (False, False, 113, "Bruno")
        s = post(served, "answer", version=s["version"], choice=tile_index(s, "sell-house"))\
            .json()
        assert (s["over"], s["ended"]) == (True, False)
        wrong = post(served, "claim", version=s["version"], text="score Anna 70 Bruno 76")
        assert wrong.status_code == 422 and "Anna scores 76 by the rules" in wrong.json()["error"]
        s = post(served, "claim", version=s["version"], text="score anna 76 bruno 70").json()
        assert s["ended"] is True
    assert log.read_text() == sample.read_text()


def test_a_whole_game_recorded_through_the_pages_answers_is_the_sample(tmp_path: Path) -> None:
    """All 114 turns of the 2-player sample answered as the page answers them (one POST a tap:
    tiles, options, numbers, secret bids; tests/servekit.py `answer_turn`), its claims typed
    in the score-track box after their turns, its final scores after the last: the log made is
    the sample, byte for byte but its header comment."""
    from test_record import header_text

    sample = Path(__file__).parent.parent / "samples" / "game-2p.yaml"
    data = yaml.safe_load(sample.read_text())
    log = tmp_path / "game.yaml"
    log.write_text(header_text(sample.read_text()))
    with running(log, token=TOKEN) as served, \
            httpx.Client(base_url=base(served), headers={"X-Grinivil-Token": TOKEN}) as client:
        s = state(served)
        for turn in data["turns"]:
            s = answer_turn(client, served, {k: v for k, v in turn.items() if k != "claims"}, s)
            for name, held in (turn.get("claims") or {}).items():
                for what, amount in held.items():
                    word = "score" if what == "vp" else "money"
                    r = client.post("/claim", json={"version": s["version"],
                                                    "text": f"{word} {name} {amount}"})
                    assert r.status_code == 200, r.text
                    s = r.json()
        assert s["over"] and not s["ended"]
        told = " ".join(f"{n} {v}" for n, v in data["final_scores"].items())
        s = client.post("/claim", json={"version": s["version"], "text": f"score {told}"}).json()
        assert s["ended"]
    assert yaml.safe_load(log.read_text()) == data


def test_a_new_logs_setup_is_asked_at_the_terminal_then_served(tmp_path: Path) -> None:
    """`grinivil serve NEW.yaml` asks the setup as `record` does (the 2-player sample's, typed
    at a pseudo-terminal), writes the log, then serves it on a free port; Ctrl-C stops it with
    the log whole (exit 0)."""
    import os
    import re
    import signal
    import sys

    pexpect = pytest.importorskip("pexpect")
    from test_record import SAMPLES, setup_answers

    said = setup_answers(SAMPLES / "game-2p.yaml")
    log = tmp_path / "club.yaml"
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm")
    c = pexpect.spawn(sys.executable, ["-m", "grinivil_cli", "serve", str(log), "--port", "0"],
                      env=env, encoding="utf-8", timeout=60, dimensions=(40, 120))
    try:
        c.expect("is a new log")
        for line in said:
            c.expect(r"setup: [^\r\n]*>")
            c.sendline(line)
        c.expect(r"serving\s+the\s+table\s+at\s+(http://127\.0\.0\.1:[0-9]+/\?t=\S+)")
        address = c.match.group(1)
        port = re.search(r":([0-9]+)/", address)
        token = address.split("?t=")[1]
        assert port is not None
        s = httpx.get(f"http://127.0.0.1:{port.group(1)}/state", params={"t": token}).json()
        assert [p["name"] for p in s["players"]] == said[1:3]
        assert (s["turns"], s["question"]["path"]) == (0, "tile")
        c.kill(signal.SIGINT)
        c.expect(r"0\s+whole\s+turns\s+recorded;\s+run\s+the\s+same\s+command\s+to\s+go\s+on")
        c.expect(pexpect.EOF)
    finally:
        c.close(force=True)
    assert c.exitstatus == 0
    assert turns_of(log) == []


def test_r_gen_07_money_and_the_portfolio_stay_on_their_own_phone(tmp_path: Path) -> None:
    """R-GEN-07 (money is secret during play, VPs public) and R-RESI-01 (the resident cards in
    a portfolio are hidden): the table's screen draws no player's money and no card of a
    portfolio, and its state carries none; Anna's phone has her 70 G and her two cards, and
    only hers."""
    log = dealt(tmp_path)
    header = yaml.safe_load(log.read_text())
    cards = yaml.safe_load((Path(__file__).parent.parent / "grinivil_cli" / "editions"
                            / "standard.yaml").read_text())["residents"]
    anna = [cards[k]["name"] for k in header["setup"]["residents"]["Anna"]]
    bruno = [cards[k]["name"] for k in header["setup"]["residents"]["Bruno"]]
    assert len(anna) == 2
    with running(log, token=TOKEN) as served:
        board = httpx.get(f"{base(served)}/board.svg", params={"t": TOKEN}).text
        assert "Anna (A, brown) 0 VP" in board and "70 G, 0 VP" not in board
        assert board.count(">secret<") == 3 and "2 cards, hidden" in board
        assert not any(name in board for name in anna + bruno)
        for seat in ("", "Bruno"):
            shown = state(served, seat)["players"]
            assert all("money" not in p for p in shown if p["name"] != seat)
            assert not any(name in json.dumps(shown) for name in anna)
        mine = next(p for p in state(served, "Anna")["players"] if p["name"] == "Anna")
        assert (mine["money"], mine["residents"]) == (70, anna)
