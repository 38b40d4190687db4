"""Mutation fuzzing, the short run (the long campaign is `python tools/fuzz.py`): mutants of
legal games go through the user's path (a file, `validate_one`, the CLI for a few) and must end
legal, illegal or unreadable (exit 0, 1, 2) with a message, never as an internal error; every
accepted mutant must keep every invariant after every turn."""

from __future__ import annotations

import copy
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from grinivil_cli.edition.load import load_edition

from toolkit import load_tool

SEED = 20261129
MUTANTS = 400


fuzz = load_tool("fuzz")


@pytest.fixture(scope="module")
def kit() -> tuple[list[dict[str, Any]], Any]:
    """Legal logs to mutate (two bot games and the samples) and the names mutations use."""
    edition = load_edition("standard")
    bases = fuzz.base_games(edition, [(2, 1), (4, 3)])
    return bases, fuzz.Vocabulary(edition, bases)


def test_mutants_end_legal_illegal_or_unreadable_never_in_an_internal_error(
        kit: tuple[list[dict[str, Any]], Any], tmp_path: Path) -> None:
    bases, vocab = kit
    statuses: Counter[str] = Counter()
    crashes = []
    for i in range(MUTANTS):
        raw, done, max_bytes = fuzz.make_mutant(bases, vocab, SEED, i)
        status, crash = fuzz.try_mutant(raw, max_bytes, str(tmp_path), cli=i < 3,
                                        via=fuzz.delivery(done))
        statuses[status] += 1
        if crash is not None:
            crashes.append(f"mutant {i} ({', '.join(done)}): {crash}")
    assert not crashes, "\n\n".join(crashes[:3])
    # The run reaches all three outcomes, so it tests the rules as well as the reader.
    assert statuses["legal"] and statuses["illegal"] and statuses["unreadable"], statuses


@pytest.mark.parametrize("what", ["drop_turn", "repeat_turn", "swap_turns", "amount", "cube",
                                  "tile", "site", "spot", "slot", "road", "player", "resident",
                                  "building", "delete_key", "add_key", "transplant",
                                  "graft_turn"])
def test_every_data_mutation_changes_a_game(kit: tuple[list[dict[str, Any]], Any],
                                            what: str) -> None:
    bases, vocab = kit
    assert what in fuzz.DATA_MUTATIONS
    rng = random.Random(what)
    changed = 0
    for base in bases[:2]:
        for _ in range(5):
            data = copy.deepcopy(base)
            if fuzz.mutate_data(data, what, vocab, rng) is not None and data != base:
                changed += 1
    assert changed


@pytest.mark.parametrize("what", ["truncate", "flip_bytes", "bad_utf8", "duplicate_key",
                                  "aliased_scalar"])
def test_every_text_mutation_makes_an_unreadable_or_different_file(
        kit: tuple[list[dict[str, Any]], Any], what: str, tmp_path: Path) -> None:
    bases, _ = kit
    assert what in fuzz.TEXT_MUTATIONS
    raw = fuzz.log_to_yaml(bases[0]).encode()
    rng = random.Random(what)
    for _ in range(5):
        mutant = fuzz.mutate_text(raw, what, rng)
        assert mutant != raw
        status, crash = fuzz.try_mutant(mutant, 5 * 1024 * 1024, str(tmp_path))
        assert crash is None, crash
        if what in ("bad_utf8", "duplicate_key"):
            assert status == "unreadable"


def test_the_oracle_counts_an_internal_error_or_a_silent_report_as_a_crash() -> None:
    assert fuzz.check_report({"status": "error", "exit": 2, "text": "internal error"})
    assert fuzz.check_report({"status": "legal", "exit": 0, "text": " "})
    assert fuzz.check_report({"status": "illegal", "exit": 2, "text": "x", "error": {}})
    assert fuzz.check_report({"status": "legal", "exit": 0, "text": "f: legal"}) is None


def test_a_mutant_is_the_same_for_the_same_seed_and_index(
        kit: tuple[list[dict[str, Any]], Any]) -> None:
    bases, vocab = kit
    assert fuzz.make_mutant(bases, vocab, 3, 17) == fuzz.make_mutant(bases, vocab, 3, 17)


def test_a_long_aliased_note_is_refused_and_a_fifo_gets_the_files_answer(
        kit: tuple[list[dict[str, Any]], Any], tmp_path: Path) -> None:
    """Issue 11: a note over the cap, or aliases repeating more than the file holds, are
    unreadable; the same mutant through a FIFO gets the same answer."""
    bases, _ = kit
    raw = fuzz.log_to_yaml(bases[0]).encode()
    rng = random.Random("aliased")
    seen = 0
    for _ in range(12):
        mutant = fuzz.mutate_text(raw, "aliased_scalar", rng)
        status, crash = fuzz.try_mutant(mutant, 5 * 1024 * 1024, str(tmp_path),
                                        via="fifo" if hasattr(os, "mkfifo") else "file")
        assert crash is None, crash
        if b"x" * 2001 in mutant or "\u00e9".encode() * 2001 in mutant or \
                b"ab " * 700 in mutant:
            assert status == "unreadable"
            seen += 1
    assert seen


def test_devices_and_fifos_as_logs_and_editions_are_refused_quickly(tmp_path: Path) -> None:
    assert fuzz.check_hostile_inputs(str(tmp_path), cli=False) == []


@pytest.mark.parametrize("kind", ["cache", "folders", "set", "lines", "signals"])
def test_hostile_runs_of_the_command_find_nothing(kind: str) -> None:
    """Issue 27's classes (tools/hostile.py), two runs each: planted cache files, FIFOs and
    looping links in folders of logs, hostile --set values, line separators in a log's notes
    and answers files with undo and claims, Ctrl-C at start-up."""
    hostile = fuzz.load_hostile()
    counts, findings = hostile.campaign(2, SEED, only=[kind])
    assert counts[kind] == 2
    assert findings == []
