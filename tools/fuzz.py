"""Mutation fuzzing of `grinivil validate`: legal game logs (bot games and the samples) are
mutated and each mutant goes through the path a user has (a file on disk, then
`grinivil_cli.validate.batch.validate_one`, and the CLI itself for a few of them).

Every result must be exit 0, 1 or 2 with a non-empty message; an internal error (status
"error"), an exception or an inconsistent report is a crash. A mutant that is accepted must
really be legal: it is replayed again with snapshots and every invariant of tests/invariants.py
(cubes, trees, blocks, ledger) must hold after every turn.

Hostile inputs (issue 11) are fuzzed too: a mutation anchors a long note and aliases it in many
turns (what an alias repeats is charged by its length; every message stays proportional to the
input), some mutants are read through a FIFO and must get the answer the file gets, and each
campaign starts with devices and FIFOs as logs and as editions (/dev/zero, /dev/null, a FIFO
nobody writes to, an oversized edition), which must be refused quickly, the CLI's run in 1 GiB.

Issue 27's classes run the whole command in hostile situations (`tools/hostile.py`): files
planted where a cache would be read, FIFOs, devices and looping links in folders of logs,
hostile `moves --set` values, line separators in logs and answers files, Ctrl-C at start-up;
`--hostile-runs N` of them before the mutants.

Usage: python tools/fuzz.py --mutants 10000 --seed 1 [--save DIR] [--jobs N] [--cli-every N]
                            [--hostile-runs N]
Mutant i depends only on (--seed, i), so a crash is reproduced by `--first i --mutants 1`.
Exit status 1 when any mutant crashed.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import inspect
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TOP = Path(__file__).resolve().parent.parent
if str(TOP) not in sys.path:  # runnable from a checkout without `pip install -e .`
    sys.path.insert(0, str(TOP))

from grinivil_cli.base.terminal import is_safe  # noqa: E402
from grinivil_cli.choose import Partial, turn_search  # noqa: E402
from grinivil_cli.edition.load import load_edition  # noqa: E402
from grinivil_cli.edition.model import RESOURCES, Edition  # noqa: E402
from grinivil_cli.engine.replay import play_written  # noqa: E402
from grinivil_cli.engine.setup import set_up  # noqa: E402
from grinivil_cli.errors import LogFormatError  # noqa: E402
from grinivil_cli.logfile import yamlsafe  # noqa: E402
from grinivil_cli.logfile.writer import log_to_yaml  # noqa: E402
from grinivil_cli.logfile.yamlsafe import DEFAULT_MAX_BYTES, load_yaml_file  # noqa: E402
from grinivil_cli.sim.chance import SeededChance  # noqa: E402
from grinivil_cli.sim.simulate import simulate  # noqa: E402
from grinivil_cli.table.deal import NAMES, SimulationError  # noqa: E402
from grinivil_cli.table.loading import load_game  # noqa: E402
from grinivil_cli.validate.batch import validate_one  # noqa: E402

# `validate --lenient` (carry on after an illegal move) is fuzzed too where the validator has it.
LENIENT = "lenient" in inspect.signature(validate_one).parameters
Loc = tuple[Any, ...]  # a path from the root of the log: keys and list indexes
# `claims`: every move legal and a claimed number disagreeing (a finding, not an illegal move)
STATUS_EXIT = {"legal": 0, "claims": 1, "illegal": 1, "unreadable": 2}
SLOTS = ["C"] + [f"I{i}" for i in range(8)] + [f"O{i}" for i in range(8)]
SITE = re.compile(r"^(C|[IO]\d)\.s\d+$")
SPOT = re.compile(r"^(C|[IO]\d)\.p\d+$")
ROAD = re.compile(r"^(R\d|(C|[IO]\d)\.road)$")
SLOT = re.compile(r"^(C|[IO]\d)$")
# Keys a log may hold somewhere (docs/log-format.md), for "add a key".
KEYS = ["format", "edition", "title", "players", "setup", "turns", "final_scores", "winner",
        "name", "colour", "money", "inner_tiles", "municipal_tokens", "market", "display",
        "residents", "ring", "conversion_rate", "player", "tile", "cubes", "buy_time", "refills",
        "merchant", "excess", "repeat", "sudden_death", "final_sale", "declined", "claims",
        "note", "drawn", "bids", "slot", "land_tile", "road", "road_bonus", "trees", "spots",
        "take", "refill", "give", "house", "resident", "features", "vp_to_money",
        "money_to_vp", "roll", "roll_first", "items", "choice", "random", "moves", "from", "to",
        "trades", "with", "get", "accepted", "site", "building", "site_bonus", "associated",
        "additional_floor", "connected_road", "sell_house", "plant", "explore", "vp",
        "concrete", "wood", "steel", "bogus", "Tile", "player ", "note\x1b]0;t\x07\u202e"]
TURN_KEYS = ["buy_time", "refills", "merchant", "excess", "repeat", "sudden_death", "final_sale",
             "declined", "claims", "note"]
BUILD_KEYS = ["site", "building", "cubes", "site_bonus", "associated"]
FIELDS = {  # the fields of each tile's action (docs/log-format.md)
    "buy-resources": ["cubes"], "buy-resources-discount": ["cubes"],
    "build-floor": BUILD_KEYS, "build-floor-premium": BUILD_KEYS,
    "auction": ["drawn", "bids"], "sell-resources": ["cubes"],
    "explore": ["slot", "land_tile", "municipal_tokens"], "build-road": ["road", "road_bonus"],
    "buy-trees": ["trees"], "plant-trees": ["spots"], "new-resident": ["take", "refill", "give"],
    "sell-house": ["house", "resident", "features"],
    "convert": ["vp_to_money", "money_to_vp", "roll", "roll_first"], "import": ["roll", "items"],
    "optimization": ["choice", "random"], "replanting": ["moves"],
    "forced-trade": ["trades", "accepted"],
}
JUNK: list[Any] = [None, True, False, 0, -1, 1.5, float("nan"), float("inf"), "", " ", "x" * 300,
                   "\u00e9\u65e5\U0001f600", [], {}, ["wood"], {"wood": 1}, [[]], {"a": {"b": []}},
                   2**63, -(2**63) - 1, 10**40, "0x10", "1e3", "~", "null", "yes", "2026-01-01"]
# Control and bidi characters for quoted values (keys, names, tiles, values): OSC (window
# title), DCS, ESC c (reset), a carriage return and a fake verdict, backspaces, the C1 CSI, the
# bidi controls; every message must show them escaped (`\x1b`, `\u202e`), never raw.
HOSTILE = ["\x1b]0;title\x07", "\x1bPdcs\x1b\\", "\x1bc", "\rmutant.yaml: legal (0 turns)",
           "\b\b", "\x9b31m", "\u202eevil", "\u2066\u061c\u200f\u200e", "\x00\x7f\x85\u2028"]
JUNK += [f"wood{h}" for h in HOSTILE[:3]] + HOSTILE[3:]
BAD_UTF8 = [b"\xff", b"\xfe", b"\x80", b"\xc3", b"\xc3\x28", b"\xe2\x82", b"\xed\xa0\x80",
            b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\xf8\x88\x80\x80\x80", b"\xff\xfe", b"\x00"]
DATA_MUTATIONS = ["drop_turn", "repeat_turn", "swap_turns", "amount", "cube", "tile", "site",
                  "spot", "slot", "road", "player", "resident", "building", "delete_key",
                  "add_key", "transplant", "graft_turn"]
# Values of the fields the bot games seldom or never write (docs/log-format.md), for
# "add a key" and "transplant": plausible enough to pass the schema and reach the rules.
EXTRA_VALUES: dict[str, list[Any]] = {
    "repeat": [[{"tile": "subsidy"}], [{"tile": "buy-resources", "cubes": {"wood": 1}}],
               [{"tile": "explore", "slot": "I2", "land_tile": "I03"}],
               [{"tile": "buy-trees", "trees": 2}, {"tile": "subsidy"}],
               [{"tile": "build-road", "road": "R2"}], [{"tile": "subsidy", "declined": True}],
               [{"tile": "buy-warehouse", "repeat": [{"tile": "subsidy"}]}]],
    "road_bonus": ["declined", {"repeat": True}, {"explore": {"slot": "O4", "land_tile": "O05"}},
                   {"explore": {"slot": "O2", "land_tile": "O01"}}],
    "declined": [True, False],
    "site_bonus": ["declined", "repeat", {"random": ["wood", "steel"]}, {"choice": "concrete"},
                   {"plant": ["I3.p1"]}, {"plant": ["I0.p1", "I0.p2", "I0.p3"]}, {"road": "R4"},
                   {"explore": {"slot": "I5", "land_tile": "I07"}}, {"random": []}],
    "associated": [{"additional_floor": {"cubes": {"wood": 2}}}, {"additional_floor": {}},
                   {"connected_road": {"road": "R3"}},
                   {"connected_road": {"road": "R2", "road_bonus": {"repeat": True}}},
                   {"sell_house": {"resident": "paula"}},
                   {"sell_house": {"resident": "dana", "features": {"pub": "O1.s2"}}}],
    "final_sale": [{"house": "I3.s2", "resident": "paula"}, {"house": "O1.s1", "resident": "dana"},
                   {"house": "O1.s1", "resident": "emil", "features": {"pub": "O1.s2"}}],
    "sudden_death": [{"Anna": "start-tile", "Bruno": "stay"}, {"Anna": "stay"},
                     {"Bruno": "start-tile", "Clara": "start-tile"}],
    "buy_time": [0, 1, 2, 3, 4],
    "excess": [{"Anna": {"wood": 1}}, {"Bruno": {"steel": 2, "concrete": 1}}, {"Anna": {}}],
    "money_to_vp": [1, 2, 5], "vp_to_money": [1, 3, 5],
    "features": [{"pub": "O1.s2"}, {"bank": "C.s5"}],
    "give": ["dana", "filip", "paula"], "refill": ["petra", "radek"],
    "merchant": ["wood", "steel"],
    "refills": [[["wood", "wood", "steel", "concrete"]], [[]], [], [["wood"]],
                [["steel", "steel", "steel", "steel"], ["wood", "wood", "wood", "wood"]]],
    "claims": [{"Anna": {"money": 50}}, {"Bruno": {"vp": 0}}, {"Anna": {}}],
    "accepted": [{"Bruno": False}, {"Anna": True, "Clara": False}],
    "bids": [{"Bruno": 3}, {"Anna": 0, "Bruno": 9}, {"Clara": 1}],
    "municipal_tokens": [{"O4.s3": "bank"}, {}, {"C.s5": "house"}],
    "roll_first": [True, False], "roll": [1, 5, 6, 8],
}
TIMEOUT = 60  # seconds a mutant may take before it counts as a hang
ALTERNATIVE = 0.2  # the share of mutants that replace a bot's move with another it considered
GAMES = 2  # the bots' games an alternative move is taken from, for each player count (each ~3 s)
MAX_CONSIDERED = 40  # decisions made at random for a move considered (a turn has fewer)
TEXT_MUTATIONS = ["truncate", "flip_bytes", "bad_utf8", "duplicate_key", "aliased_scalar"]
# aliased_scalar: the length of the anchored note (the cap is 2,000) and how many aliases.
ALIAS_SIZES = [40, 2000, 2001, 30_000, 300_000]
ALIAS_COUNTS = [1, 3, 30, 300]
VIA_FIFO = 0.03  # the share of mutants also read through a FIFO (a writer thread feeds it)
MEMORY_LIMIT = 1024 * 1024 * 1024  # address space of a CLI run on a hostile input
GROWTH = 20  # a message may be this many times the input (plus 10,000 characters), no more


@dataclass
class Outcome:
    """What one mutant did. `crash` is None when the validator behaved."""

    index: int
    mutations: list[str]
    status: str  # legal / illegal / unreadable / crash
    crash: str | None = None
    text: bytes | None = None  # the mutant's bytes, kept for crashes only
    cli: bool = False


@dataclass
class Vocabulary:
    """The names a mutation draws from: valid ones of each kind, then junk."""

    edition: Edition
    bases: list[dict[str, Any]] = field(default_factory=list)
    pools: dict[str, list[Any]] = field(default_factory=dict)
    by_key: dict[str, list[Any]] = field(default_factory=dict)  # values each key has somewhere
    turns: list[dict[str, Any]] = field(default_factory=list)  # every turn of every base

    def __post_init__(self) -> None:
        for key, values in EXTRA_VALUES.items():
            self.by_key.setdefault(key, []).extend(values)
        for base in self.bases:
            for path, value, is_key in places(base):
                if not is_key and path and isinstance(path[-1], str):
                    self.by_key.setdefault(path[-1], []).append(value)
            if isinstance(base.get("turns"), list):
                self.turns += [t for t in base["turns"] if isinstance(t, dict)]
        ed = self.edition
        tiles = list(ed.action_tiles) + ["explore", "build-road"] + list(ed.land_tiles)
        self.pools = {
            "cube": [*RESOURCES, "tree", "gold", "Wood"],
            "tile": tiles + ["nope"],
            "site": [f"{s}.s{k}" for s in SLOTS for k in range(9)] + ["I3.s99", "X.s1", "I3."],
            "spot": [f"{s}.p{k}" for s in SLOTS for k in range(8)] + ["O0.p99", "p1", "I9.p1"],
            "slot": SLOTS + ["I8", "O9", "C1", "c", "O10"],
            "road": [f"R{i}" for i in range(9)] + [f"{s}.road" for s in SLOTS] + ["R-1"],
            "player": NAMES + ["anna", "Zed", "Anna "],
            "resident": list(ed.residents) + ["nobody"],
            "building": list(ed.buildings) + ["castle"],
        }
        for pool in self.pools.values():  # each kind of name with control or bidi characters
            pool += [f"{pool[0]}{h}" for h in HOSTILE[::3]]

    def kind(self, value: Any) -> str | None:
        """Which kind of name a scalar is, if any."""
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return "amount"
        if not isinstance(value, str):
            return None
        if value in RESOURCES:
            return "cube"
        if value in self.pools["tile"]:
            return "tile"
        if value in self.edition.residents:
            return "resident"
        if value in self.edition.buildings:
            return "building"
        if value in NAMES:
            return "player"
        for name, pattern in (("site", SITE), ("spot", SPOT), ("road", ROAD), ("slot", SLOT)):
            if pattern.match(value):
                return name
        return None

    def replacement(self, kind: str, old: Any, rng: random.Random) -> Any:
        """Mostly a plausible value of the same kind, sometimes junk."""
        if rng.random() < 0.1:
            return rng.choice(JUNK)
        if kind == "amount":
            v = int(old)
            if rng.random() < 0.5:
                return v + rng.choice([-1, 1])
            return rng.choice([v - 1, v + 1, v + 2, v - 2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15,
                               -1, 99, 1000, -v, v * 2])
        choices = [x for x in self.pools[kind] if x != old]
        return rng.choice(choices)


# ---------------------------------------------------------------- walking the data


def places(node: Any, path: Loc = ()) -> Iterator[tuple[Loc, Any, bool]]:
    """Every (path, value, is_key) in the data: dict keys too (is_key: the key at path[-1])."""
    if isinstance(node, dict):
        for k, v in list(node.items()):
            yield (*path, k), k, True
            yield (*path, k), v, False
            yield from places(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield (*path, i), v, False
            yield from places(v, (*path, i))


def containers(node: Any, path: Loc = ()) -> Iterator[tuple[Loc, Any]]:
    """Every dict and list in the data, with its path."""
    if isinstance(node, (dict, list)):
        yield path, node
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in list(items):
            yield from containers(v, (*path, k))


def parent(data: Any, path: Loc) -> Any:
    node = data
    for k in path[:-1]:
        node = node[k]
    return node


def rename_key(d: dict[Any, Any], old: Any, new: Any) -> None:
    """Rename a key in place, keeping the order (a clash loses the other value)."""
    items = [(new if k == old else k, v) for k, v in d.items()]
    d.clear()
    d.update(items)


def late_first(rng: random.Random, candidates: list[Any], path_of: Callable[[Any], Loc],
               turns: int) -> Any:
    """A random candidate; half the time one in the last 3 turns (so the replay gets there)."""
    if rng.random() < 0.5:
        late = [c for c in candidates if len(path_of(c)) > 1 and path_of(c)[0] == "turns"
                and isinstance(path_of(c)[1], int) and path_of(c)[1] >= turns - 3]
        if late:
            return rng.choice(late)
    return rng.choice(candidates)


# ---------------------------------------------------------------- mutations


def mutate_data(data: dict[str, Any], what: str, vocab: Vocabulary,
                rng: random.Random) -> Loc | None:
    """Apply one mutation to the log in place; the path changed, None when it found nothing
    to change."""
    turns = data.get("turns") if isinstance(data.get("turns"), list) else None
    n = len(turns) if turns is not None else 0
    if what in ("drop_turn", "repeat_turn", "swap_turns"):
        anywhere = rng.random() < 0.25  # players, ring, display, spots, refills...
        lists = [(p, c) for p, c in containers(data) if isinstance(c, list) and c
                 and (anywhere or p == ("turns",) or (p and p[-1] in ("repeat", "trades",
                                                                     "moves")))]
        if not lists:
            return None
        path, seq = lists[0] if turns and rng.random() < 0.8 and lists[0][0] == ("turns",) \
            else rng.choice(lists)
        i = rng.randrange(len(seq)) if rng.random() < 0.5 else rng.randrange(max(0, len(seq) - 3),
                                                                             len(seq))
        if what == "drop_turn":
            del seq[i]
        elif what == "repeat_turn":
            seq.insert(i, copy.deepcopy(seq[i]))
        else:
            j = min(len(seq) - 1, i + rng.choice([1, 1, 1, 2, 3])) if rng.random() < 0.8 \
                else rng.randrange(len(seq))
            seq[i], seq[j] = seq[j], seq[i]
            i = max(i, j)
        return (*path, i)
    if what == "graft_turn":  # another game's turn, played by whoever plays this one
        if not turns or not vocab.turns:
            return None
        i = late_first(rng, list(range(n)), lambda i: ("turns", i), n)
        graft = copy.deepcopy(rng.choice(vocab.turns))
        if isinstance(turns[i], dict) and "player" in turns[i]:
            graft["player"] = turns[i]["player"]
        turns[i] = graft
        return ("turns", i)
    if what in ("delete_key", "add_key", "transplant"):
        dicts = [(p, c) for p, c in containers(data) if isinstance(c, dict)]
        if what == "delete_key":
            dicts = [(p, c) for p, c in dicts if c]
            if not dicts:
                return None
            path, d = late_first(rng, dicts, lambda c: c[0], n)
            del d[rng.choice(list(d))]
            return tuple(path)
        if not dicts:
            return None
        moves = [(p, c) for p, c in dicts if "tile" in c]
        if what == "add_key" and moves and rng.random() < 0.6:  # a field of a move
            path, d = late_first(rng, moves, lambda c: c[0], n)
            own = FIELDS.get(d["tile"], []) if isinstance(d["tile"], str) else []
            key = rng.choice(own if own and rng.random() < 0.5 else TURN_KEYS + own)
        elif what == "add_key":
            path, d = late_first(rng, dicts, lambda c: c[0], n)
            key = rng.choice(KEYS) if rng.random() < 0.8 else rng.choice(list(vocab.by_key))
        else:  # transplant: a value this key has somewhere else
            path, d = late_first(rng, dicts, lambda c: c[0], n)
            key = rng.choice(list(d) or KEYS)
        seen = vocab.by_key.get(key) if isinstance(key, str) else None
        if seen and rng.random() < 0.85:
            d[key] = copy.deepcopy(rng.choice(seen))
        else:
            donors = [v for _, v, is_key in places(data) if not is_key]
            d[key] = copy.deepcopy(rng.choice(donors)) if donors and rng.random() < 0.7 \
                else rng.choice(JUNK)
        return (*path, key)
    found = [(p, v, is_key) for p, v, is_key in places(data) if vocab.kind(v) == what]
    if not found:
        return None
    path, old, is_key = late_first(rng, found, lambda c: c[0], n)
    new = vocab.replacement(what, old, rng)
    holder = parent(data, path)
    if is_key:
        if isinstance(new, (dict, list)) or (isinstance(new, float) and new != new):
            new = str(new)
        rename_key(holder, old, new)
    else:
        holder[path[-1]] = new
    return tuple(path)


def mutate_text(raw: bytes, what: str, rng: random.Random) -> bytes:
    """Apply one mutation to the YAML text."""
    if what == "truncate":
        return raw[:rng.randrange(len(raw))] if raw else raw
    if what == "flip_bytes":
        out = bytearray(raw)
        for _ in range(rng.choice([1, 1, 2, 3, 8])):
            if out:
                i = rng.randrange(len(out))
                out[i] = out[i] ^ (1 << rng.randrange(8)) if rng.random() < 0.7 \
                    else rng.randrange(256)
        return bytes(out)
    if what == "bad_utf8":
        i = 0 if rng.random() < 0.1 else rng.randrange(len(raw) + 1)
        return raw[:i] + rng.choice(BAD_UTF8) + raw[i:]
    if what == "duplicate_key":
        return duplicate_key(raw, rng)
    if what == "aliased_scalar":
        return aliased_scalar(raw, rng)
    raise ValueError(what)


def aliased_scalar(raw: bytes, rng: random.Random) -> bytes:
    """One long note (or list of long texts) anchored in a turn and aliased in later turns:
    the alias budget charges each alias its length, so a repetition that outgrows the file is
    refused at its alias, and a note over 2,000 characters by the schema."""
    lines = raw.split(b"\n")
    turns = [i for i, line in enumerate(lines) if line.startswith(b"- player:")]
    size, count = rng.choice(ALIAS_SIZES), rng.choice(ALIAS_COUNTS)
    text = rng.choice([b"x", b"ab ", "\u00e9".encode()]) * size
    value = text if rng.random() < 0.7 else b"[" + text + b", " + text + b"]"
    if not turns:
        return raw + b"\nnote: &big " + value + b"\nalso: *big\n"
    chosen = sorted(rng.sample(turns, min(len(turns), count + 1)))
    for n, i in enumerate(reversed(chosen)):
        first = n == len(chosen) - 1
        lines.insert(i + 1, b"  note: &big " + value if first else b"  note: *big")
    return b"\n".join(lines)


BLOCK_KEY = re.compile(rb"^( *)(- )?([A-Za-z_][\w-]*:.*)$")
FLOW_KEY = re.compile(rb"\{([A-Za-z_][\w-]*: [^,}]*)")


def duplicate_key(raw: bytes, rng: random.Random) -> bytes:
    """Write one mapping entry twice: in block style on the next line, or in a flow mapping."""
    lines = raw.split(b"\n")
    flow = [i for i, line in enumerate(lines) if FLOW_KEY.search(line)]
    block = [i for i, line in enumerate(lines) if BLOCK_KEY.match(line)]
    if flow and (not block or rng.random() < 0.4):
        i = rng.choice(flow)
        m = rng.choice(list(FLOW_KEY.finditer(lines[i])))
        entry = m.group(1)
        lines[i] = lines[i][:m.start()] + b"{" + entry + b", " + lines[i][m.start() + 1:]
    elif block:
        i = rng.choice(block)
        line = BLOCK_KEY.match(lines[i])
        assert line is not None
        indent = line.group(1) + (b"  " if line.group(2) else b"")
        lines.insert(i + 1, indent + line.group(3))
    return b"\n".join(lines)


# ---------------------------------------------------------------- the games mutated


def base_games(edition: Edition, simulated: list[tuple[int, int]],
               samples: bool = True) -> list[dict[str, Any]]:
    """Legal logs to mutate: bot games (players, seed) and the bundled samples (the legal
    games and the one-rule-broken logs, for their setups and positions)."""
    out = [simulate(edition, players, seed) for players, seed in simulated]
    if samples:
        for path in sorted((TOP / "samples").rglob("*.yaml")):
            out.append(copy.deepcopy(load_yaml_file(path).data))
    return out


def alternative_game(edition: Edition, players: int, seed: int, turn: int,
                     rng: random.Random) -> tuple[dict[str, Any], int] | None:
    """The bot game (players, seed) up to `turn`, then, instead of the move the bot played,
    another one it might have considered (mostly one the rules refuse); the log ends there.
    The outcomes that move leaves out are drawn by a seeded Chance and written into it.
    Returns the log and the number of turns it holds, or None when the game is over before
    `turn`."""
    played = bot_game(edition, players, seed)
    if played is None or turn >= len(played["turns"]):
        return None
    log = copy.deepcopy(played)
    del log["turns"][turn:]
    log.pop("final_scores", None)
    log.pop("winner", None)
    g = set_up(edition, log)
    for i, t in enumerate(log["turns"]):  # the table before `turn` (the bots' turns replayed)
        play_written(g, t, i)
    g.chance = SeededChance(random.Random(f"{seed}/{turn}"))
    record = considered_move(g, rng)
    try:
        play_written(g, record, turn)  # fills the draws
    except LogFormatError:
        pass  # a move left unreadable (a Repeat Action begun, its tile not chosen): a mutant
    log["turns"].append(record)
    return log, len(log["turns"])


_BOT_GAMES: dict[tuple[str, int, int], dict[str, Any] | None] = {}


def bot_game(edition: Edition, players: int, seed: int) -> dict[str, Any] | None:
    """The bots' whole game (players, seed), played once per campaign (None: they got
    stuck)."""
    key = (edition.name, players, seed)
    if key not in _BOT_GAMES:
        try:
            _BOT_GAMES[key] = simulate(edition, players, seed)
        except SimulationError:
            _BOT_GAMES[key] = None
    return _BOT_GAMES[key]


def considered_move(g: Any, rng: random.Random) -> dict[str, Any]:
    """A turn the player on turn might have considered: made decision by decision from the
    candidates each decision's domain proposes, every one picked at random without asking
    whether it can be completed, so mostly a move the rules refuse (or one left incomplete)."""
    search = turn_search(g)
    partial = Partial({"player": g.state.players[g.state.current].name})
    for _ in range(MAX_CONSIDERED):
        r = search.probe(partial)
        if r.done or r.raw is None:
            break
        raw = r.raw
        values = list(raw.candidates) if raw.kind != "count" else [
            rng.randint(lo, hi) for lo, hi in raw.ranges]
        if not values:
            break
        partial = partial.choose(raw, rng.choice(values))
    return partial.record()


def make_mutant(bases: list[dict[str, Any]], vocab: Vocabulary, seed: int,
                index: int) -> tuple[bytes, list[str], int]:
    """Mutant `index` of campaign `seed`: its bytes, the mutations made, and the size limit."""
    rng = random.Random(f"grinivil-fuzz/{seed}/{index}")
    done: list[str] = []
    data: dict[str, Any] | None = None
    if rng.random() < ALTERNATIVE:
        players, game, turn = rng.randrange(2, 7), rng.randrange(GAMES), rng.randrange(250)
        alternative = alternative_game(vocab.edition, players, game, turn, rng)
        if alternative is not None:
            data, held = alternative
            done.append(f"alternative move at turn {held} of game ({players}, {game})")
            if rng.random() < 0.7:  # often the move alone
                return log_to_yaml(data).encode("utf-8"), done, DEFAULT_MAX_BYTES
    if data is None:
        data = copy.deepcopy(rng.choice(bases))
    turns = data.get("turns")
    if isinstance(turns, list) and turns and rng.random() < 0.75 and not done:
        # A prefix of the game (fast to replay, and the mutated turn is near its end).
        cut = rng.randrange(len(turns) + 1) if rng.random() < 0.7 else rng.randrange(12)
        if cut < len(turns):
            del turns[cut:]
            done.append(f"prefix {cut}")
            if rng.random() < 0.9:
                data.pop("final_scores", None)
                data.pop("winner", None)
    count = rng.choice([1, 1, 1, 1, 2, 2, 3])
    text_mutation = rng.random() < 0.3
    last = -1  # the last turn a mutation changed
    for _ in range(count - text_mutation):
        for _attempt in range(5):
            what = rng.choice(DATA_MUTATIONS)
            where = mutate_data(data, what, vocab, rng)
            if where is not None:
                done.append(what)
                if len(where) > 1 and where[0] == "turns" and isinstance(where[1], int):
                    last = max(last, where[1])
                break
    turns = data.get("turns")
    if last >= 0 and isinstance(turns, list) and last + 1 < len(turns) and rng.random() < 0.5:
        # End the log at the changed turn: the later turns would rarely still fit.
        del turns[last + 1:]
        done.append(f"cut {last + 1}")
        data.pop("final_scores", None)
        data.pop("winner", None)
    raw = log_to_yaml(data).encode("utf-8")
    if text_mutation:
        what = rng.choice(TEXT_MUTATIONS)
        raw = mutate_text(raw, what, rng)
        done.append(what)
    max_bytes = DEFAULT_MAX_BYTES
    if rng.random() < 0.01 and raw:
        max_bytes = rng.randrange(1, len(raw) + 1)
        done.append(f"max_bytes {max_bytes}")
    if hasattr(os, "mkfifo") and rng.random() < VIA_FIFO:
        done.append("via fifo")
    return raw, done, max_bytes


def delivery(done: list[str]) -> str:
    """How a mutant reaches the validator: 'file', or 'fifo' (also through a FIFO)."""
    return "fifo" if "via fifo" in done else "file"


# ---------------------------------------------------------------- checking one mutant


def check_report(result: dict[str, Any]) -> str | None:
    """Why a validate_one report is not an acceptable answer, if it is not."""
    status = result.get("status")
    if status == "error":
        return f"internal error: {result.get('text')}"
    if status not in STATUS_EXIT:
        return f"unknown status {status!r}"
    if result.get("exit") != STATUS_EXIT[status]:
        return f"status {status} with exit {result.get('exit')!r}"
    if not str(result.get("text") or "").strip():
        return f"status {status} with an empty message"
    if "Traceback" in str(result.get("text")):
        return f"a traceback in the message: {result.get('text')}"
    if not is_safe(str(result.get("text"))):  # what a terminal would be given
        return f"a control or bidi character in the message: {result.get('text')!r}"
    if status in ("illegal", "claims") and not result["error"].get("rule"):
        return f"{status} without a rule id"
    if status == "unreadable" and not result.get("problems"):
        return "unreadable without a problem"
    return None


def check_accepted(path: str, max_bytes: int) -> str | None:
    """An accepted mutant must really be legal: every invariant after every turn."""
    tests = str(TOP / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    from invariants import check_replay  # type: ignore[import-not-found, unused-ignore]

    game = load_game(path, None, max_bytes)
    r = game.replay
    if r.error is not None:
        return f"accepted by validate_one, but the replay says {r.error}"
    turns = game.loaded.data.get("turns") or []
    if r.played != len(turns) or len(r.snapshots) != len(turns) + 1:
        return f"accepted, but {r.played} of {len(turns)} turns were replayed"
    try:
        check_replay(r)
    except AssertionError as e:
        return f"accepted, but an invariant fails: {e}"
    return None


# Runs the CLI in at most argv[1] bytes of address space (where `resource` exists).
_LIMITED = ("import runpy, sys\ntry:\n    import resource\nexcept ImportError:\n    pass\n"
            "else:\n    n = int(sys.argv[1])\n    resource.setrlimit(resource.RLIMIT_AS, (n, n))\n"
            "sys.argv = ['grinivil'] + sys.argv[2:]\nrunpy.run_module('grinivil_cli', "
            "run_name='__main__')\n")


def run_cli(path: str, expected: int, *, edition: str | None = None,
            memory: int | None = None) -> str | None:
    """The CLI on the same file (and edition; in `memory` bytes of address space): the same
    exit status, a message, no traceback."""
    args = ["validate", path, *(["--edition", edition] if edition is not None else [])]
    command = [sys.executable, "-m", "grinivil_cli", *args] if memory is None \
        else [sys.executable, "-c", _LIMITED, str(memory), *args]
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=TOP)
    except subprocess.TimeoutExpired:
        return "the CLI gave no answer in 120 s"
    out = proc.stdout + proc.stderr
    if proc.returncode != expected:
        return f"the CLI exits {proc.returncode}, validate_one said {expected}: {out[-2000:]}"
    if not out.strip():
        return "the CLI printed nothing"
    if "Traceback" in out:
        return f"the CLI printed a traceback: {out[-2000:]}"
    if "internal error" in out:  # exit 2 all the same, but a bug (MemoryError: issue 11)
        return f"the CLI reports an internal error: {out[-2000:]}"
    if not is_safe(out):
        return f"the CLI printed a control or bidi character: {out[-2000:]!r}"
    return None


def check_lenient(path: str, max_bytes: int, strict: dict[str, Any]) -> str | None:
    """`--lenient` carries on after an illegal move: it must not crash either, and it agrees
    with the strict replay on whether the log is legal."""
    result = validate_one(path, None, max_bytes, lenient=True)
    problem = check_report(result)
    if problem is not None:
        return f"--lenient: {problem}"
    if result["status"] != strict["status"]:
        return f"--lenient says {result['status']}, the strict replay {strict['status']}"
    return None


def try_mutant(raw: bytes, max_bytes: int, workdir: str, *, cli: bool = False,
               lenient: bool = True, via: str = "file") -> tuple[str, str | None]:
    """Validate the bytes as a user would; (status, crash description or None). With
    `via="fifo"` the bytes are also read through a FIFO, which must give the file's answer."""
    path = os.path.join(workdir, "mutant.yaml")
    with open(path, "wb") as handle:
        handle.write(raw)
    try:
        with time_limit(TIMEOUT):
            status, crash = _try_file(path, max_bytes, cli=cli, lenient=lenient)
            if crash is None and via == "fifo":
                crash = _try_fifo(raw, path, max_bytes, workdir)
            return status, crash
    except Hang:
        return "crash", f"no answer after {TIMEOUT} s (a hang?)"


def check_proportional(result: dict[str, Any], size: int) -> str | None:
    """A report grows with its input, never with what aliases repeat (issue 11)."""
    text = str(result.get("text") or "")
    if len(text) > GROWTH * size + 10_000:
        return f"a message of {len(text):,} characters for an input of {size:,} bytes"
    return None


def _feed_fifo(fifo: str, raw: bytes) -> threading.Thread:
    """A thread that writes `raw` into the FIFO once a reader opens it (it gives up when the
    reader leaves early)."""

    def write() -> None:
        try:
            with open(fifo, "wb") as handle:
                handle.write(raw)
        except (BrokenPipeError, OSError):
            pass

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def _try_fifo(raw: bytes, path: str, max_bytes: int, workdir: str) -> str | None:
    """The mutant through a FIFO: the same status and the same problems as from its file."""
    fifo = os.path.join(workdir, "mutant-fifo.yaml")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(fifo)
    os.mkfifo(fifo)
    try:
        writer = _feed_fifo(fifo, raw)
        piped = validate_one(fifo, None, max_bytes)
        with contextlib.suppress(OSError):  # a writer still waiting for a reader goes
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        writer.join(10)
    finally:
        os.unlink(fifo)
    problem = check_report(piped)
    if problem is not None:
        return f"through a FIFO: {problem}"
    filed = validate_one(path, None, max_bytes)
    sized = "is too big to be a log" in filed["text"]  # a FIFO has no size to tell
    if piped["status"] != filed["status"] or not sized and \
            piped["text"].replace(fifo, "F") != filed["text"].replace(path, "F"):
        return (f"through a FIFO: {piped['status']} ({piped['text'][:300]}), from the file: "
                f"{filed['status']} ({filed['text'][:300]})")
    return None


def hostile_inputs(workdir: str) -> list[tuple[str, str, str | None, str]]:
    """Devices and FIFOs as logs and as editions: (what, log, edition, expected text). Each
    must be refused (exit 2) with that text in its message, quickly and in bounded memory."""
    legal = str(TOP / "samples" / "game-2p.yaml")
    silent = os.path.join(workdir, "silent-fifo.yaml")
    big = os.path.join(workdir, "big-edition.yaml")
    with open(big, "wb") as handle:
        handle.truncate(yamlsafe.EDITION_MAX_BYTES + 1)
    cases: list[tuple[str, str, str | None, str]] = [
        ("an oversized edition", legal, big, "too big to be an edition"),
        ("a folder as the edition", legal, workdir, "it is a folder, not an edition file"),
    ]
    if hasattr(os, "mkfifo"):
        with contextlib.suppress(FileExistsError):
            os.mkfifo(silent)
        cases += [("a FIFO nobody writes to as the edition", legal, silent,
                   "is a FIFO (named pipe), not a file: an edition must be a file"),
                  ("a FIFO nobody writes to as the log", silent, None, "nothing arrived from")]
    for device, text in (("/dev/zero", "too big to be"), ("/dev/null", "")):
        if os.path.exists(device):
            cases += [(f"{device} as the log", device, None, text or "the file is empty"),
                      (f"{device} as the edition", legal, device,
                       "is a character device, not a file: an edition must be a file")]
    return cases


def check_hostile_inputs(workdir: str, cli: bool = True) -> list[str]:
    """Every hostile input refused as `hostile_inputs` expects, through validate_one (a FIFO
    waited on for 1 s) and, with `cli`, the CLI in MEMORY_LIMIT; the crashes found."""
    crashes = []
    wait = yamlsafe.PIPE_WAIT
    yamlsafe.PIPE_WAIT = 1.0
    try:
        for what, log, edition, expected in hostile_inputs(workdir):
            if cli and "FIFO nobody writes to as the log" not in what:  # first: memory-bound
                problem = run_cli(log, 2, edition=edition, memory=MEMORY_LIMIT)
                if problem is not None:
                    crashes.append(f"{what}: {problem}")
                    continue
            start = time.monotonic()
            try:
                with time_limit(TIMEOUT):
                    result = validate_one(log, edition, DEFAULT_MAX_BYTES)
            except Hang:
                crashes.append(f"{what}: no answer after {TIMEOUT} s")
                continue
            except Exception:  # noqa: BLE001 - any exception is the finding
                crashes.append(f"{what}: {traceback.format_exc()}")
                continue
            problem = check_report(result) or check_proportional(result, 0)
            if problem is None and (result["status"] != "unreadable"
                                    or expected not in result["text"]):
                problem = f"{result['status']}: {result['text'][:500]}"
            if problem is None and time.monotonic() - start > 10:
                problem = f"refused, but after {time.monotonic() - start:.0f} s"
            if problem is not None:
                crashes.append(f"{what}: {problem}")
    finally:
        yamlsafe.PIPE_WAIT = wait
    return crashes


def load_hostile() -> Any:
    """tools/hostile.py, issue 27's hostile runs of the whole command."""
    import importlib.util

    name = "grinivil_tool_hostile"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(
            "hostile.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


class Hang(BaseException):
    """Time is up (a BaseException, so that no `except Exception` in the validator eats it)."""


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Raise Hang after `seconds` (where SIGALRM exists, in the main thread)."""
    usable = hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _try_file(path: str, max_bytes: int, *, cli: bool, lenient: bool) -> tuple[str, str | None]:
    try:
        result = validate_one(path, None, max_bytes)
        problem = check_report(result)
        if problem is None and result["status"] == "legal":
            problem = check_accepted(path, max_bytes)
        if problem is None and lenient and LENIENT and result["status"] != "unreadable":
            problem = check_lenient(path, max_bytes, result)
        if problem is None:
            problem = check_proportional(result, os.path.getsize(path))
        if problem is None and cli:
            problem = run_cli(path, result["exit"])
    except Exception:  # noqa: BLE001 - any exception is the finding
        return "crash", traceback.format_exc()
    if problem is not None:
        return "crash", problem + _traceback(path, max_bytes)
    return str(result["status"]), None


def _traceback(path: str, max_bytes: int) -> str:
    """The traceback of an internal error, to report with it (validate_one keeps only text)."""
    try:
        load_game(path, None, max_bytes)
    except Exception as e:  # noqa: BLE001
        if type(e).__name__ != "LogFormatError":
            return "\n" + traceback.format_exc()
    return ""


# ---------------------------------------------------------------- the campaign

SIMULATED = [(2, 1), (3, 2), (4, 3), (5, 4), (2, 5), (3, 6), (4, 7), (5, 8), (6, 9)]
_STATE: dict[str, Any] = {}


def _init(simulated: list[tuple[int, int]], root: str) -> None:
    edition = load_edition("standard")
    _STATE["bases"] = base_games(edition, simulated)
    _STATE["vocab"] = Vocabulary(edition, _STATE["bases"])
    _STATE["dir"] = tempfile.mkdtemp(dir=root)  # one per process


def _one(job: tuple[int, int, bool]) -> Outcome:
    seed, index, cli = job
    raw, done, max_bytes = make_mutant(_STATE["bases"], _STATE["vocab"], seed, index)
    status, crash = try_mutant(raw, max_bytes, _STATE["dir"], cli=cli, via=delivery(done))
    return Outcome(index, done, status, crash, raw if crash else None, cli)


def campaign(mutants: int, seed: int, first: int, jobs: int, cli_every: int,
             simulated: list[tuple[int, int]]) -> Iterator[Outcome]:
    """Every mutant's outcome, in index order."""
    work = [(seed, i, cli_every > 0 and i % cli_every == 0)
            for i in range(first, first + mutants)]
    with tempfile.TemporaryDirectory(prefix="grinivil-fuzz-") as root:
        if jobs <= 1:
            _init(simulated, root)
            yield from map(_one, work)
            return
        with ProcessPoolExecutor(max_workers=jobs, initializer=_init,
                                 initargs=(simulated, root)) as pool:
            yield from pool.map(_one, work, chunksize=16)


def save(directory: Path, outcome: Outcome) -> None:
    """The crashing input and what happened, as crash-<index>.yaml and .txt."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"crash-{outcome.index}.yaml").write_bytes(outcome.text or b"")
    (directory / f"crash-{outcome.index}.txt").write_text(
        f"mutant {outcome.index}: {', '.join(outcome.mutations)}\n\n{outcome.crash}\n",
        encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--mutants", type=int, default=1000, help="how many mutants to run")
    parser.add_argument("--seed", type=int, default=1, help="the campaign's seed")
    parser.add_argument("--first", type=int, default=0, help="index of the first mutant")
    parser.add_argument("--save", type=Path, help="folder for the first crashing inputs")
    parser.add_argument("--keep", type=int, default=5, help="how many crashing inputs to save")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cli-every", type=int, default=250,
                        help="also run the CLI on every Nth mutant (0: never)")
    parser.add_argument("--hostile-runs", type=int, default=50,
                        help="runs of the whole command in hostile situations (tools/"
                        "hostile.py: cache, folders, set, lines, signals)")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args(argv)
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="grinivil-fuzz-hostile-") as workdir:
        hostile = check_hostile_inputs(workdir)
    _, situations = load_hostile().campaign(args.hostile_runs, args.seed)
    hostile += situations
    for crash in hostile:
        print(f"crash: hostile input: {crash[:300]}", file=sys.stderr)
    counts: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    crashes: list[Outcome] = []
    cli_runs = 0
    for outcome in campaign(args.mutants, args.seed, args.first, args.jobs, args.cli_every,
                            SIMULATED):
        counts[outcome.status] += 1
        cli_runs += outcome.cli
        if outcome.crash is not None:
            kinds[outcome.crash.splitlines()[0][:160]] += 1
            if len(crashes) < args.keep:
                crashes.append(outcome)
                print(f"crash: mutant {outcome.index} ({', '.join(outcome.mutations)}): "
                      f"{outcome.crash.splitlines()[0][:300]}", file=sys.stderr)
                if args.save:
                    save(args.save, outcome)
    ran = sum(counts.values())
    summary = {"ran": ran, "accepted": counts["legal"], "claims": counts["claims"],
               "illegal": counts["illegal"],
               "unreadable": counts["unreadable"], "crashed": counts["crash"],
               "cli_runs": cli_runs, "hostile_runs": args.hostile_runs,
               "hostile_inputs_crashed": len(hostile),
               "seconds": round(time.monotonic() - start, 1)}
    if args.json:
        print(json.dumps({**summary, "crash_kinds": dict(kinds)}, indent=2))
    else:
        print(f"{ran} mutants ran (seed {args.seed}, {cli_runs} also through the CLI): "
              f"{summary['accepted']} accepted, {summary['illegal']} illegal, "
              f"{summary['unreadable']} unreadable, {summary['crashed']} crashed "
              f"({summary['seconds']} s); {len(hostile)} hostile inputs (devices, FIFOs; "
              f"{args.hostile_runs} hostile runs of the command) misread")
        for kind, n in kinds.most_common():
            print(f"  {n} x {kind}")
        if crashes and args.save:
            print(f"first {len(crashes)} crashing inputs saved under {args.save}")
    return 1 if counts["crash"] or hostile else 0


if __name__ == "__main__":
    sys.exit(main())
