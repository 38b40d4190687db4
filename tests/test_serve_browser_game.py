"""`grinivil serve` (issue 31): a whole game recorded by taps alone on the table's screen, in
Debian's chromium (Playwright; the machinery of tests/test_serve_browser.py, in a file of its
own so that it runs beside the others)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from test_serve_browser import (  # noqa: F401  (browser: the module's fixture, by its name)
    SAMPLE,
    TABLET,
    browser,
    load_game,
    new_log,
    opened,
    play_turn,
    sample_answers,
    serving,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def test_a_whole_game_recorded_by_taps_alone(browser: Browser,  # noqa: F811 (the fixture)
                                             tmp_path: Path) -> None:
    """All 114 turns of the 2-player sample tapped on the table's screen (its claims typed in
    the score-track box after their turns), then the final scores the table counted entered
    on the page once the game is over (Anna 76, Bruno 70, as the sample's final claims): the
    log made is the sample's game, its final claims included."""
    data = load_game(SAMPLE).loaded.data
    turns = data["turns"]
    values = sample_answers(len(turns))
    log = new_log(tmp_path)
    with serving(log) as server, opened(browser, server.address, TABLET) as tab:
        for answers_of_turn, turn in zip(values, turns, strict=True):
            play_turn(tab, server, answers_of_turn, turn)
        s = server.state()
        assert s["over"] and not s["ended"]
        tab.shows(s["version"])
        assert tab.page.text_content("#turn") == "game.yaml · the game is over"
        assert [t.strip() for t in tab.page.locator(".scores li").all_text_contents()] == \
            ["Anna 76", "Bruno 70"]
        tab.press(tab.page.get_by_role("button", name="Enter the final scores the table "
                                       "counted"))
        tab.page.fill("#ask-input", "score Anna 76 Bruno 70")
        before = tab.version
        tab.page.press("#ask-input", "Enter")
        tab.moved(before)
        assert server.state()["ended"] is True
    made = load_game(log).loaded.data
    assert (made["turns"], made["final_scores"], made["winner"]) == \
        (turns, data["final_scores"], data["winner"])
