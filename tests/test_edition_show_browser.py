"""`grinivil edition show`'s page in Chromium (Playwright's sync API on Debian's
/usr/bin/chromium, no browser download), as a club reads it on a screen and prints it:

1. every reconstructed record is visible, in its dashed frame, with its "check:" line, and the
   number at the top is the number of such records;
2. every id of the edition (land tiles, their sites and spots once placed, resident cards,
   buildings, action tiles and their numbers) is in the page's visible text;
3. at 1200 px and printed at A4 (794 px wide, print media) nothing runs off the page to the
   right; screenshots of both in /tmp/catalogue-shots/ to be looked at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from grinivil_cli.edition.check import check_edition
from grinivil_cli.render.catalogue import catalogue_html

from clikit import CHROMIUM_ARGS, chromium_or_skip

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM, sync_api = chromium_or_skip("grinivil edition show")

ARGS = CHROMIUM_ARGS
DESKTOP = {"width": 1200, "height": 900}
A4 = {"width": 794, "height": 1123}  # 210 mm at 96 px to the inch


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("catalogue") / "catalogue.html"
    path.write_text(catalogue_html(check_edition("standard")), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def opened(browser: Browser, page_file: Path, viewport: dict[str, int],
           media: str = "screen") -> Page:
    page = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
    page.emulate_media(media=media)  # type: ignore[arg-type]
    page.goto(page_file.as_uri())
    return page


def test_every_reconstructed_record_is_visible_with_its_mark(browser: Browser,
                                                              page_file: Path) -> None:
    """Each marked record is shown, framed with a dashed border (a mark that is no colour
    alone), with a visible "check:" line; the count at the top is their number (95)."""
    page = opened(browser, page_file, DESKTOP)
    marked = page.locator("[data-record].reconstructed")
    count = marked.count()
    assert count == int(page.locator("#check-count").inner_text()) == 95
    styles = marked.evaluate_all("""els => els.map(e => {
        const s = getComputedStyle(e), r = e.getBoundingClientRect();
        const check = e.querySelector(':scope > .check');
        return [e.dataset.record, s.borderTopStyle, r.width > 0 && r.height > 0,
                check ? check.innerText : '',
                check ? check.getBoundingClientRect().height > 0 : false];
    })""")
    assert len(styles) == count
    for record, border, shown, check, check_shown in styles:
        assert shown and check_shown, record
        assert border == "dashed", record
        assert check.lower().startswith("\u26a0 check: "), (record, check)
    unmarked = page.locator('[data-record="action_tiles.buy-resources"]')
    assert unmarked.evaluate("e => getComputedStyle(e).borderTopStyle") == "solid"
    assert unmarked.locator(".check").count() == 0
    page.close()


def test_every_id_of_the_edition_is_in_the_visible_text(browser: Browser,
                                                         page_file: Path) -> None:
    """What a log names (a tile, `I3.s2` once placed, a card, a building, an action tile)
    can be found on the page by eye and by Ctrl-F."""
    edition = check_edition("standard").edition
    assert edition is not None
    page = opened(browser, page_file, DESKTOP)
    text = page.locator("body").inner_text()
    for tile in edition.land_tiles.values():
        shown = page.locator(f'[data-record="land_tiles.{tile.key}"]').inner_text()
        assert tile.key in shown and tile.name in shown
        slot = "C" if tile.zone == "center" else "O1" if tile.entrance else \
            "I3" if tile.zone == "inner" else "O4"
        for key in [s.key for s in tile.sites] + [s.key for s in tile.spots]:
            assert f"{slot}.{key}" in shown, (tile.key, key)
    for key in [*edition.residents, *edition.buildings, *edition.action_tiles]:
        assert key in text, key
    for info in edition.action_tiles.values():
        assert f"#{info.number}" in text, info.number
    page.close()


def no_overflow(page: Page) -> None:
    """Nothing is wider than the window: no horizontal scroll, no drawing past its right."""
    widths = page.evaluate("""() => [document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
        Math.max(...[...document.querySelectorAll('svg, table, article, .record')]
                 .map(e => e.getBoundingClientRect().right))]""")
    scroll, client, right = widths
    assert scroll <= client, widths
    assert right <= client + 0.5, widths


def test_at_1200_px_and_printed_at_a4_nothing_runs_off_the_page(
        browser: Browser, page_file: Path, tmp_path: Path) -> None:
    """No sideways scroll at 1200 px nor printed on A4; the whole page screenshotted at both
    (in the test's folder: the pictures looked at are made the same way)."""
    page = opened(browser, page_file, DESKTOP)
    no_overflow(page)
    page.screenshot(path=str(tmp_path / "desktop-1200.png"), full_page=True)
    page.close()
    page = opened(browser, page_file, A4, media="print")
    no_overflow(page)
    page.screenshot(path=str(tmp_path / "a4-print.png"), full_page=True)
    page.close()
