"""Errors point inside the turn they are about: over every illegal sample, the line an
IllegalMove reports lies within the lines of the turn it names (its first key to the line
before the next turn). A field the log leaves out is an IncompleteRecord, a kind of
IllegalMove that names the missing field (R-RND-05, R-A09-01, R-A03-02, R-A14-01)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grinivil_cli.engine.replay import replay
from grinivil_cli.errors import IllegalMove, IncompleteRecord
from grinivil_cli.logfile.loaded import Loaded
from grinivil_cli.table.loading import load_game

from gamekit import new_game, refused

REPO = Path(__file__).resolve().parent.parent
ILLEGAL = sorted((REPO / "samples" / "illegal").glob("*.yaml")) + sorted(
    (REPO / "samples" / "variants" / "illegal").glob("*.yaml"))


def turn_lines(loaded: Loaded, number: int, last_line: int) -> range:
    """The lines of turn `number` (1-based): from its first line to the line before the next
    turn (or the last line of the file)."""
    first = loaded.positions[("turns", number - 1)][0]
    if number < len(loaded.data["turns"]):
        return range(first, loaded.positions[("turns", number)][0])
    return range(first, last_line + 1)


@pytest.mark.parametrize("path", ILLEGAL, ids=[p.name for p in ILLEGAL])
def test_the_reported_line_lies_within_the_turn_it_names(path: Path) -> None:
    game = load_game(path)
    error = game.replay.error
    assert error is not None and error.position is not None, path.name
    if error.turn is None:  # the setup or a final claim
        return
    inside = turn_lines(game.loaded, error.turn,
                        len(path.read_text(encoding="utf-8").splitlines()))
    assert error.position.line in inside, (
        f"{path.name}: {error.rule} at line {error.position.line}, but turn {error.turn} is "
        f"lines {inside.start}-{inside.stop - 1}")


def test_r_rnd_05_missing_refills_point_at_the_turn_not_the_first_turn() -> None:
    """samples/illegal/r-rnd-05-refill-missing.yaml: turn 7 starts on line 38 (it pointed at
    line 23, turn 1's line, before)."""
    game = load_game(REPO / "samples" / "illegal" / "r-rnd-05-refill-missing.yaml")
    error = game.replay.error
    assert error is not None and error.position is not None
    assert (error.rule, error.turn) == ("R-RND-05", 7)
    assert error.position.line == game.loaded.positions[("turns", 6)][0] == 38
    assert isinstance(error, IncompleteRecord) and error.field == "refills"


def test_r_a09_01_a_missing_field_is_an_incomplete_record_naming_it() -> None:
    """Buy Trees without `trees`: the log must record how many (R-A09-01)."""
    g = new_game(2)
    e = refused(g, "Anna", "R-A09-01", tile="buy-trees")
    assert isinstance(e, IncompleteRecord) and isinstance(e, IllegalMove)
    assert e.field == "trees"
    assert e.path == ("turns", 0, "trees")
    assert "the log must record how many Trees were bought ('trees')" in e.message


def test_r_a03_02_missing_site_in_a_repeat_action_points_inside_the_repeat() -> None:
    """A field missing in a Repeat Action names the Repeat Action's path (R-A03-02)."""
    g = new_game(2)
    e = refused(g, "Anna", "R-SACT-05", tile="subsidy", repeat=[{"tile": "build-floor"}])
    assert e.path == ("turns", 0, "repeat", 0)  # nothing earned: the first extra entry


def test_an_illegal_move_survives_pickling() -> None:
    """validate --jobs sends results between processes: an IncompleteRecord keeps its kind,
    rule, message, path and field."""
    import pickle

    e = IncompleteRecord("R-A14-01", "the log must record the D6 roll ('roll').",
                         ("turns", 3, "roll"), field="roll")
    e.turn = 4
    back = pickle.loads(pickle.dumps(e))
    assert isinstance(back, IncompleteRecord)
    assert (back.rule, back.message, back.path, back.field, back.turn) == (
        e.rule, e.message, e.path, e.field, 4)


def test_every_turn_error_of_a_mutated_log_points_inside_its_turn() -> None:
    """Each required field of a short legal game removed in turn: the error is an
    IncompleteRecord (or another IllegalMove) whose line lies inside the broken turn."""
    path = REPO / "samples" / "game-2p.yaml"
    game = load_game(path)
    text = path.read_text(encoding="utf-8").splitlines()
    checked = 0
    for i, turn in enumerate(game.loaded.data["turns"][:60]):
        for key in [k for k in turn if k not in ("player", "tile", "claims", "note")]:
            data = {**game.loaded.data, "turns": list(game.loaded.data["turns"])}
            data["turns"][i] = {k: v for k, v in turn.items() if k != key}
            mutated = Loaded(game.loaded.source, data, game.loaded.positions,
                             game.loaded.key_positions)
            r = replay(game.edition, mutated, keep_snapshots=False)
            e = r.error
            if e is None or e.turn is None or e.position is None:
                continue
            inside = turn_lines(game.loaded, e.turn, len(text))
            assert e.position.line in inside, (
                f"turn {i + 1} without {key}: {e.rule} at line {e.position.line}, turn "
                f"{e.turn} is lines {inside.start}-{inside.stop - 1}")
            checked += 1
    assert checked > 20
