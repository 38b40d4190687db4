"""The Python API (`import grinivil`, docs/api.md): its documented examples run as tests,
from the repository's top folder, and what they show checked against the command line."""

from __future__ import annotations

import doctest
import functools
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import grinivil
import grinivil.svg
import grinivil_cli
from grinivil_cli.base.shown import LIMIT
from grinivil_cli.choose import fingerprint

TOP = Path(__file__).resolve().parent.parent
FLAGS = doctest.ELLIPSIS


@pytest.mark.parametrize("module", [grinivil, grinivil.svg], ids=lambda m: m.__name__)
def test_the_docstring_examples_run(module: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TOP)
    result = doctest.testmod(module, optionflags=FLAGS)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def test_the_examples_of_docs_api_md_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TOP)
    result = doctest.testfile(str(TOP / "docs" / "api.md"), module_relative=False,
                              optionflags=FLAGS)
    assert result.attempted >= 15 and result.failed == 0


def test_moves_are_the_command_lines_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    """`grinivil.moves(state)` after turn 10 of the 2-player sample gives, tile by tile, the
    answers and rules of `grinivil moves LOG --turn 10 --format json`."""
    monkeypatch.chdir(TOP)
    game = grinivil.read_log("samples/game-2p.yaml")
    api = [(c.tile, c.eligible, c.why.rule if c.why else None)
           for c in grinivil.moves(game.position(10).state)]
    cli = subprocess.run([sys.executable, "-m", "grinivil_cli", "moves", "samples/game-2p.yaml",
                          "--turn", "10", "--format", "json"], capture_output=True, text=True,
                         timeout=120)
    tiles = json.loads(cli.stdout)["tiles"]
    assert api == [(t["tile"], t["eligible"], t.get("rule")) for t in tiles]


def test_positions_are_every_turn_and_from_text_reads_text(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """One position per turn replayed and the setup; the same log read from its text (or its
    bytes) gives the same scores; a turn past the end is an IndexError."""
    monkeypatch.chdir(TOP)
    game = grinivil.read_log("samples/game-3p.yaml")
    turns = [p.turn for p in game.positions()]
    assert turns == list(range(game.turns + 1))
    text = (TOP / "samples" / "game-3p.yaml").read_text(encoding="utf-8")
    again = grinivil.from_text(text)
    assert again.source == "<text>"
    assert grinivil.from_text(text.encode("utf-8"), name="club.yaml").source == "club.yaml"
    assert scores(again) == scores(game)
    with pytest.raises(IndexError):
        game.position(game.turns + 1)


def scores(game: grinivil.GameLog) -> list[tuple[str, int]]:
    return [(s.player, s.total) for s in game.scores or []]


# --- read_log: a path or an open file; the text through from_text --------------------------

SAMPLE = TOP / "samples" / "game-2p.yaml"


def test_read_log_reads_an_open_file_named_by_its_name() -> None:
    """A file open in text or in binary mode is read and named by its `name`; one without a
    name (`io.StringIO`) is `<file>`; a path as `str` or `Path` reads the same game."""
    expected = scores(grinivil.read_log(SAMPLE))
    with open(SAMPLE, encoding="utf-8") as text, open(SAMPLE, "rb") as binary:
        for f in (text, binary):
            game = grinivil.read_log(f)
            assert game.source == str(SAMPLE) and scores(game) == expected
    unnamed = grinivil.read_log(io.StringIO(SAMPLE.read_text(encoding="utf-8")))
    assert unnamed.source == "<file>" and scores(unnamed) == expected
    assert scores(grinivil.read_log(str(SAMPLE))) == expected


def test_an_open_file_finds_the_edition_beside_it(tmp_path: Path) -> None:
    """A log read from an open file names an edition of its own as a path does: the edition
    is read beside the file (`my-box.yaml`); from its text alone it cannot be found."""
    shutil.copy(TOP / "grinivil_cli" / "editions" / "standard.yaml", tmp_path / "my-box.yaml")
    log = tmp_path / "game.yaml"
    log.write_text(SAMPLE.read_text(encoding="utf-8").replace("\nedition: standard\n",
                                                              "\nedition: my-box\n", 1),
                   encoding="utf-8")
    with open(log, "rb") as f:
        assert grinivil.read_log(f).edition.name == "my-box"
    with pytest.raises(grinivil.LogFormatError, match="unknown edition 'my-box'"):
        grinivil.from_text(log.read_text(encoding="utf-8"))


def test_read_log_of_text_is_deprecated_and_bytes_refused() -> None:
    """A string with a line break is still read as the log's text (docs/api.md promised it in
    0.1), with a DeprecationWarning naming `from_text`; bytes, or anything neither a path nor
    a file, are a TypeError that says where text goes."""
    text = SAMPLE.read_text(encoding="utf-8")
    with pytest.warns(DeprecationWarning, match="grinivil.from_text"):
        game = grinivil.read_log(text)
    assert game.source == "<text>" and scores(game) == scores(grinivil.read_log(SAMPLE))
    for wrong in (text.encode("utf-8"), 42):
        with pytest.raises(TypeError, match="from_text"):
            grinivil.read_log(wrong)  # type: ignore[arg-type]


def test_table_from_log_takes_what_read_log_takes() -> None:
    """`Table.from_log`: a path, an open file (named by its `name`), and the text with a
    DeprecationWarning (`Table.from_text` is the text's)."""
    text = SAMPLE.read_text(encoding="utf-8")
    with open(SAMPLE, "rb") as f:
        assert grinivil.Table.from_log(f).source == str(SAMPLE)
    assert grinivil.Table.from_log(SAMPLE).turns == 114
    with pytest.warns(DeprecationWarning, match="Table.from_text"):
        assert grinivil.Table.from_log(text).source == "<text>"
    with pytest.raises(TypeError, match="Table.from_text"):
        grinivil.Table.from_log(text.encode("utf-8"))  # type: ignore[arg-type]


# --- in a REPL: short reprs; the classes and the command from `grinivil` ---------------------

CLAIMS = TOP / "samples" / "claims" / "missed-participation-fee.yaml"
PINK = TOP / "samples" / "illegal" / "r-setup-19-eight-pink-tiles.yaml"


@functools.cache
def public_objects() -> dict[str, tuple[object, str]]:
    """Every kind of object the API gives, from the largest sample (six players, the longest
    game) and a table dealt for six, with a piece of what its repr must say."""
    game = grinivil.read_log(TOP / "samples" / "game-6p.yaml")
    last = game.position(game.turns)
    state = last.state
    assert game.scores is not None
    table = grinivil.Table.deal(6, seed=1)
    decision = table.decision
    assert decision is not None
    refused = next(c for c in grinivil.moves(game.position(40).state) if not c.eligible)
    try:
        table.answer("sell-house")
        raise AssertionError("sell-house taken")
    except grinivil.IllegalMove as e:
        illegal: grinivil.IllegalMove = e
    try:
        grinivil.from_text("format: grinivil-log/1\nplayers: 3\n")
        raise AssertionError("read")
    except grinivil.LogFormatError as e:
        unreadable = e
    bad = grinivil.read_log(TOP / "samples" / "illegal" / "r-fee-03-fee-unaffordable.yaml")
    assert bad.error is not None
    table.answer("buy-resources")
    table.answer(grinivil.OMIT)
    table.answer(0)
    table.answer(2)  # no concrete, 2 wood
    in_progress = repr(table)
    while (done := table.answer(table.default)) is None:
        pass
    return {
        "GameLog": (game, "6 players (Anna, Bruno"),
        "GameLog (illegal)": (bad, "illegal: R-FEE-03 at turn 4"),
        "GameLog (a claim)": (grinivil.read_log(CLAIMS), "over, 1 claim the rules do not"),
        "GameLog (the setup)": (grinivil.read_log(PINK), "not set up, 0 turns, illegal: "
                                                         "R-SETUP-19 at the setup"),
        "Snapshot": (last, f"turn {game.turns} ("),
        "GameState": (state, f"after turn {game.turns}: the game is over; Anna "),
        "PlayerState": (state.players[5], "Filip ("),
        "Ring": (state.ring, "(20 in all)"),
        "Townland": (state.townland, "Land Tiles at C, "),
        "Supply": (state.supply, "resident cards"),
        "Score": (game.scores[0], f"{game.scores[0].player}: {game.scores[0].total} VP, rank 1"),
        "Edition": (game.edition, "standard ("),
        "Replay": (game._game.replay, f"{game.turns} turns replayed, legal"),
        "Loaded": (game._game.loaded, f"game-6p.yaml: 9 keys, {game.turns} turns"),
        "Game": (table.game, "ledger entries) after turn 1: Bruno to play"),
        "Ledger": (table.game.ledger, "entries"),
        "Table": (table, "<dealt>: turn 2, Bruno to play"),
        "Table (a turn being made)": (in_progress, "answered so far {'tile': 'buy-resources'"),
        "Decision": (decision, "tile: the Action Tile (R-TAR-02), one-of: 'buy-resources'"),
        "TileChoice": (refused, f"{refused.tile}: not eligible, "),
        "IllegalMove": (illegal, "rule='R-A12-01', message='Anna has no"),
        "IllegalMove (replayed)": (bad.error, "turn=4, player='Bruno', message='the Part"),
        "LogFormatError": (unreadable, "3 problems, the first: <text>:1:1: the log needs"),
        "TurnDone": (done, "turn 1 (Anna, buy-resources):"),
        "NO_DEFAULT": (grinivil.NO_DEFAULT, "NO_DEFAULT"),
    }


def test_reprs_are_short_and_say_what_they_are() -> None:
    """Each object's repr is one line of at most 200 characters (`base.shown.LIMIT`) that
    names it and says what it holds (issue 33: a read game's was 5.7 million characters, a
    state's 36 kB, a table's and a ledger's an address)."""
    for kind, (obj, says) in public_objects().items():
        shown = obj if isinstance(obj, str) else repr(obj)
        assert len(shown) <= LIMIT and "\n" not in shown, (kind, len(shown), shown[:300])
        assert says in shown, (kind, shown)
        assert kind.split()[0] in shown or kind == "Table (a turn being made)", (kind, shown)


def test_a_repr_names_the_file_not_its_folders(tmp_path: Path) -> None:
    """However deep the folder (CI's checkout pushed the verdict past the 200 characters), a
    repr names the log's file and keeps what it says; `source` holds the whole path."""
    deep = tmp_path.joinpath(*["a-folder-with-a-long-name"] * 8)
    deep.mkdir(parents=True)
    log = deep / "missed-participation-fee.yaml"
    shutil.copy(TOP / "samples" / "claims" / log.name, log)
    game = grinivil.read_log(log)
    assert repr(game) == ("<GameLog missed-participation-fee.yaml: 3 players (Anna, Bruno, "
                          "Clara), 228 turns, over, 1 claim the rules do not bear out>")
    assert game.source == str(log)
    table = grinivil.Table.from_log(log)
    assert repr(table).startswith("<Table missed-participation-fee.yaml: ")


def test_the_search_does_not_rest_on_the_reprs() -> None:
    """The chooser's cache key (`fingerprint`) is written from the state's fields: a change
    no repr shows (the Bonus Road Track, a Floor's builder) changes it."""
    state = grinivil.read_log(SAMPLE).position(60).state
    site = next(iter(state.townland.buildings))
    for change in (lambda s: setattr(s.players[1], "road_track", s.players[1].road_track + 1),
                   lambda s: s.townland.buildings[site].blocks.append("Bruno"),
                   lambda s: s.supply.deck.reverse()):
        changed = state.copy()
        change(changed)
        assert fingerprint(changed) != fingerprint(state)
    assert fingerprint(state.copy()) == fingerprint(state)


def test_the_public_classes_are_grinivils() -> None:
    """The class of every object the API gives is importable from `grinivil` and in its
    `__all__` (sorted as ruff sorts it: constants, classes, functions); `grinivil.version` is
    not importlib's function; the package says it is typed (`py.typed`)."""
    exported = {name: getattr(grinivil, name) for name in grinivil.__all__}
    for kind, (obj, _) in public_objects().items():
        if not isinstance(obj, str) and kind not in ("Replay", "Loaded", "Game", "Ledger",
                                                     "Ring", "Townland", "Supply", "NO_DEFAULT"):
            assert type(obj) in exported.values() or isinstance(obj, grinivil.IllegalMove), kind
    assert grinivil.Position is grinivil.Snapshot
    assert grinivil.__all__ == sorted(grinivil.__all__, key=lambda n: (
        not n.isupper(), not n[:1].isupper(), n))
    assert not hasattr(grinivil, "version") and grinivil.__version__ == grinivil_cli.__version__
    for package in (grinivil, grinivil_cli):
        assert (Path(str(package.__file__)).parent / "py.typed").is_file()


def test_python_m_grinivil_is_the_command() -> None:
    """`python -m grinivil validate LOG` runs the `grinivil` command: the same words and exit
    code as `python -m grinivil_cli`, with `grinivil` as the program's name."""
    runs = [subprocess.run([sys.executable, "-m", module, "validate", str(SAMPLE)],
                           capture_output=True, text=True, timeout=120, cwd=TOP)
            for module in ("grinivil", "grinivil_cli")]
    assert runs[0].returncode == runs[1].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout and "legal (114 turns)" in runs[0].stdout
    usage = subprocess.run([sys.executable, "-m", "grinivil", "--help"], capture_output=True,
                           text=True, timeout=120, env={**os.environ, "COLUMNS": "80"})
    assert usage.returncode == 0 and "Usage: grinivil " in usage.stdout
