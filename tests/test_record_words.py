"""Issue 30, item 7: the recorder's questions in the table's words, not the log's.

Every decision met along the samples' turns made again decision by decision is named in its
question as an answer may name it (`answers.label`): words, no log key with an underscore, no
dotted path (`cubes concrete`, `refill 1`, `time`, `site bonus`), and leaving a field out is
said as what it means at the table where that is not "nothing" (carry the Action out, take
the Site Bonus, roll after converting)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grinivil_cli import choose
from grinivil_cli.choose import OMIT
from grinivil_cli.table import answers
from grinivil_cli.table.loading import load_game

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def decisions(name: str) -> list[choose.Decision]:
    game = load_game(SAMPLES / name)
    r = game.replay
    g = r.game
    assert g is not None
    entries = list(g.ledger.entries)
    out = []
    for i, turn in enumerate(game.loaded.data["turns"]):
        snap = r.snapshots[i]
        g.state = snap.state.copy()
        g.ledger.entries[:] = entries[:snap.ledger_size]
        del g.findings[:]
        _, steps = choose.remake(g, turn, i + 1, choose.turn_search(g, i + 1))
        out += [d for d, _ in steps]
    return out


@pytest.mark.parametrize("name", ["game-6p.yaml", "variants/promo-tiles-4p.yaml"])
def test_every_question_is_named_in_words(name: str) -> None:
    found = decisions(name)
    keys: set[Any] = set()
    for d in found:
        words = answers.label(d)
        assert "_" not in words and ".." not in words, (d.path, words)
        keys.add(d.path[0])
        for k in d.path:  # a key of the log appears as a word, not as written
            if isinstance(k, str) and "_" in k:
                assert k not in words.split(), (d.path, words)
        if any(o is OMIT for o in d.options) and str(d.path[-1]) in answers.OMITTED:
            assert answers.option_label(OMIT, d) == f"- ({answers.OMITTED[str(d.path[-1])]})"
    assert {"tile", "declined", "buy_time", "repeat", "refills"} <= keys


def test_the_words_of_leaving_out() -> None:
    """R-TAR-10, R-SBON-02, R-VP-03: not declining is carrying the Action out; a Site Bonus of
    VPs is taken unless declined; the Conversion Die not rolled first is rolled after."""
    def decision(path: tuple[Any, ...], *options: Any) -> choose.Decision:
        return choose.Decision(path, "one-of", "", "", options=(OMIT, *options))

    assert answers.option_label(OMIT, decision(("declined",), True)) == "- (carry it out)"
    assert answers.option_label(OMIT, decision(("site_bonus",), "declined")) == \
        "- (take the bonus)"
    assert answers.option_label(OMIT, decision(("site_bonus",), "declined", {"plant": None})) \
        == "- (leave it out)"
    assert answers.option_label(OMIT, decision(("roll_first",), True)) == \
        "- (roll after converting)"
    assert answers.label(decision(("buy_time",))) == "time"
    assert answers.label(decision(("excess", "Anna", "concrete"))) == "excess Anna concrete"
    assert answers.label(decision(("refills", 0))) == "refill 1"
