"""The choices against the validator: a perft-style check of issue 28, as python-chess's perft
checks a move generator against the rules.

Usage: python tools/perft.py [--positions N] [--seed S] [--jobs J] [--show N] [--json]
                             [--kinds sample,variant,simulated] [--lines L] [--mutations M]
                             [--budget SECONDS] [--progress]

A position is the table before a turn, drawn (by the seed) from the samples (`samples/game-2p`
to `game-6p`), every variant sample (`samples/variants/*.yaml`, each at least once) and games
simulated by `grinivil simulate`'s bots at 2 to 6 players (every other one with a variant:
promo tiles, Big Town, the Beginners Ring, Personalized TAR). At each position the offered
choices (`grinivil_cli/choose`: `turn_search`, `tile_choices`, `Search.decision`) are checked
against the validator (`engine/replay.play_written`, which judges a complete turn record on
the table as `grinivil validate` does):

(a) offered-but-refused: complete turns built by walking the offered options (the first
    option at every decision, the last one, and `--lines` lines of random options: outcomes
    included) must validate;
(b) dead ends: along every line walked, no value offered may lead to a decision with no
    option at all (or to a record that breaks a rule whatever follows);
(c) accepted-but-not-offered: the recorded turn, and mutations of it and of the lines walked
    (other sites, spots, cubes, tiles, residents, counts +-1, list parts reordered, dropped
    or repeated, the same Tree moved twice, a cube received given again...), each one
    `play_written` accepts, must be reachable through the offered options
    (`choices.remake`, decision by decision), every value of it read by some decision;
(d) values offered that cannot be given back: every option shown at a decision, in the
    listing's words (`moves_report.shown`, and its JSON, `as_json`), read back at that
    decision by `setvalues.take` (`grinivil moves --set`), is the same option; and every
    walked line, given back whole as --set values by their paths (`choices.line`), makes the
    same record;
(e) reason mismatches: each tile listed as not eligible (`tile_choices`) with a rule (the
    rule broken at the dead end that got furthest in the list's search, `Search.attempt`) is
    compared with the validator's verdicts on the records that search itself tried. The
    tool walks the tile's decisions as `Search.completable` does (depth-first, the values
    `witnesses` gives at each decision, in its order; at most REASON_NODES records, on the
    search's own cached replays) and collects its dead ends, each with its number of
    decisions made: a record the probe refuses (`probe(partial).error`), a list whose
    elements made so far break a rule (`dead_list`, the list ended), or a decision with no
    candidate at all. The furthest ones (the most decisions) are completed minimally (the
    replay run again on each, taking the first candidate on the way as the search's replay
    does) and judged by the validator (`play_written`, on a copy of the table), at most
    REASON_JUDGED of them. A mismatch: the listed rule is the probe's rule of no furthest
    dead end (the list and its own search disagree), or the validator cites it for none of
    the furthest records judged whose probe rule it is (several dead ends can tie at the
    furthest depth with different rules, the list naming the first found: Import's "roll=1 /
    declined=yes", R-TAR-06, beside "roll=1", items with no candidate, R-A14-03; the
    validator's rules at the other furthest records are shown, not compared).
    Where the listed rule's furthest dead ends are all a decision with no candidate, or a
    field the search never fills (its domain found nothing possible: no record was tried
    there, and the validator, judging the record without the field, would name the missing
    field's rule: "at least 1 Resource" for a buy with 0 Grinies), the records are filled
    (`fill`, docs/rulings.md "The list's reason and the validator's for a tile not
    eligible"): the list says why no record of the action could be legal, the validator
    names the first rule the record written breaks, and they agree on records that carry
    the action out as far as the table allows. So every field the action needs is filled
    with values of its type from the table, whether or not a legal record could take them
    (`values_of`: 1 cube of each kind on the Market for a purchase, the cubes held for a
    sale, a trade or a Floor, the sites of the townland and the Building Tokens of the
    supply, the player's Houses and Residents, the Planting Spots, the opponents, the items
    on offer, the least bid or pledge...), the other decisions completed minimally, at most
    FILL_RECORDS records, each judged by the validator: they agree when it names the listed
    rule for one of them, and differ (a mismatch) when it names it for none while refusing
    them all. The tiles compared so are counted (`filled`) and reported by tile and rules.
    A tile with a field no value of its type fills (no House of the player's, no Resident
    in the Portfolio, no cube to sell or give: a record naming one that does not exist
    breaks another rule) is not compared, and is counted and reported by tile, rule and
    field (`unbuildable`); a walk too long, `unbuilt`;
(f) listed not eligible, yet accepted: a furthest record of the list's search, or a record
    filled for (e), that the validator accepts (a legal turn choosing a tile the list says
    no turn can choose).
Searches stopped by MAX_PROBES (`SearchCapped`) are counted apart (not disagreements); so are
positions whose time (`--budget`) ran out before every check was made. Engine exceptions are
counted as errors. The report gives, per kind of position and in all: positions, lines
walked, complete turns validated, decisions and options read back, mutations tried, accepted
and reached, tiles not eligible checked and compared (on filled records or not), the six
disagreement counts, the first `--show` examples of each class in full (game, turn, path,
value, options, both rule ids), and the tiles compared on filled records by tile and rules,
those not compared by tile, rule and field. The same seed and arguments give the same report
(the times aside). Exit status 1 on any disagreement or engine error, 0 otherwise.
"""

from __future__ import annotations

import argparse
import copy
import heapq
import json
import math
import multiprocessing
import random
import re
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

TOP = Path(__file__).resolve().parent.parent
for _where in (TOP, TOP / "tools"):  # runnable from a checkout; completeness.py beside it
    if str(_where) not in sys.path:
        sys.path.insert(0, str(_where))

from completeness import options_text, tables  # noqa: E402

from grinivil_cli.base import collector  # noqa: E402
from grinivil_cli.choose import (  # noqa: E402
    CONTAINER_KEYS,
    COUNT_MAPPINGS,
    MISSING,
    OMIT,
    Decision,
    NotOffered,
    Partial,
    Search,
    SearchCapped,
    in_offered_form,
    line,
    list_path,
    probe,  # noqa: E402
    put,
    remake,
    same,
    tile_choices,
    turn_runner,
    turn_search,
    unused_values,
    witnesses,
)
from grinivil_cli.choose.domains import DOMAINS  # noqa: E402
from grinivil_cli.choose.domains.common import IMPORT_OFFER, MIN_PLEDGE  # noqa: E402
from grinivil_cli.edition.load import load_edition  # noqa: E402
from grinivil_cli.edition.model import RESOURCES  # noqa: E402
from grinivil_cli.engine import townland  # noqa: E402
from grinivil_cli.engine.actions.trade import MIN_BID  # noqa: E402
from grinivil_cli.engine.construction import FAMILY_OF_SITE  # noqa: E402
from grinivil_cli.engine.game import Game  # noqa: E402
from grinivil_cli.engine.records import UnreadableTurn  # noqa: E402
from grinivil_cli.engine.replay import Replay, play_written, replay  # noqa: E402
from grinivil_cli.errors import IllegalMove, IncompleteRecord  # noqa: E402
from grinivil_cli.errors import Path as Where  # noqa: E402
from grinivil_cli.logfile.loaded import Loaded  # noqa: E402
from grinivil_cli.reports.moves_report import as_json, shown  # noqa: E402
from grinivil_cli.reports.setvalues import BadSet, take  # noqa: E402
from grinivil_cli.sim.simulate import simulate  # noqa: E402
from grinivil_cli.table.deal import SimulationError  # noqa: E402
from grinivil_cli.table.loading import load_game  # noqa: E402

Record = dict[str, Any]

CLASSES = ("offered_refused", "dead_end", "accepted_not_offered", "not_given_back",
           "reason_mismatch", "listed_accepted")
TITLES = {
    "offered_refused": "(a) offered but refused by the validator",
    "dead_end": "(b) dead ends: a value offered leads to a decision with no option",
    "accepted_not_offered": "(c) accepted by the validator but not offered",
    "not_given_back": "(d) values offered that cannot be given back (moves --set)",
    "reason_mismatch": "(e) reasons: the tile list and the validator cite different rules",
    "listed_accepted": "(f) listed not eligible, yet a record choosing the tile is accepted",
}
KINDS = ("sample", "variant", "simulated")
SAMPLES = [TOP / "samples" / f"game-{n}p.yaml" for n in range(2, 7)]
VARIANTS = sorted((TOP / "samples" / "variants").glob("*.yaml"))
# the variants the simulated games play in turn (every other game plays the standard game)
SIM_OPTIONS: tuple[dict[str, Any] | None, ...] = (
    None, {"promo_tiles": ["follower", "crowdfunding", "manager"]},
    None, {"big_town": True},
    None, {"beginners_ring": True},
    None, {"personalized_tar": True},
)
SHARES = {"sample": 0.3, "variant": 0.3, "simulated": 0.4}  # of --positions, by kind
SIM_PER_GAME = 6  # positions drawn from each simulated game
DEFAULT_POSITIONS = 300
DEFAULT_LINES = 8  # random lines per position, besides the first and the last options'
DEFAULT_MUTATIONS = 60  # mutations validated per position, at most
DEFAULT_BUDGET = 60.0  # seconds per position before its remaining checks are skipped
CARRY_OUT = 0.75  # how often a random line leaves `declined` out where it may
MAX_STEPS = 200  # decisions of one line, at most
SHOW = 5
KINDS_SHOWN = 25  # looks of disagreements listed per class
NOT_DECISIONS = ("claims", "note")
FORMAT = "FORMAT"  # the rule id given here to a record the log's format refuses
REASON_NODES = 5000  # records the walk of one tile not eligible meets, at most (e)
REASON_JUDGED = 12  # furthest dead ends of one tile judged by the validator, at most (e)
FILL_RECORDS = 6  # records filled for one tile and judged by the validator, at most (e)
FILL_STEPS = 60  # decisions and fields filled on the way to one of them, at most (e)
FILL_RUNS = 80  # replays made to fill the records of one tile, at most (e)
PARTS = {"trades": ("with", "give", "get"), "moves": ("from", "to")}  # of a list's element


# --- what one position, or many, found ---------------------------------------------------------

@dataclass
class Example:
    """One disagreement, in full."""

    cls: str
    game: str
    turn: int
    player: str
    path: str = ""  # the decisions taken to get there, `path=value` joined by ' / '
    at: str = ""  # the decision (or field) in question
    value: str = ""
    options: str = ""
    listed: str = ""  # the rule the tile list cites (e)
    validator: str = ""  # the rule the validator cites, or "accepted"
    record: str = ""
    detail: str = ""

    def full(self) -> str:
        lines = [f"{self.game} turn {self.turn} ({self.player})"]
        for name in ("path", "at", "value", "options", "listed", "validator", "record",
                     "detail"):
            text = getattr(self, name)
            if text:
                lines.append(f"  {name + ':':<10} {text}")
        return "\n".join(lines)


@dataclass
class Counts:
    positions: int = 0
    lines: int = 0  # lines walked
    complete: int = 0  # complete turns built from offered options and validated
    decisions: int = 0  # decisions whose options were read back (d)
    options: int = 0  # options read back (d)
    roundtrips: int = 0  # whole lines given back as --set values (d)
    mutations: int = 0  # records tried on the validator (the recorded turns included)
    accepted: int = 0  # of those, accepted
    reached: int = 0  # of those, made again through the offered options
    ineligible: int = 0  # tiles listed as not eligible, checked (e)
    compared: int = 0  # of those, compared with the validator (e)
    filled: int = 0  # of those compared, on records filled beyond the search's (e)
    unbuildable: int = 0  # not compared: a field no value of its type can fill (e)
    unbuilt: int = 0  # not compared otherwise: no complete record made (e)
    capped: int = 0  # searches stopped by MAX_PROBES
    over_budget: int = 0  # positions whose time ran out before every check
    errors: int = 0  # engine exceptions
    seconds: float = 0.0
    offered_refused: int = 0
    dead_end: int = 0
    accepted_not_offered: int = 0
    not_given_back: int = 0
    reason_mismatch: int = 0
    listed_accepted: int = 0

    def add(self, other: Counts) -> None:
        for name, value in asdict(other).items():
            setattr(self, name, getattr(self, name) + value)

    def disagreements(self) -> int:
        return sum(getattr(self, c) for c in CLASSES)


@dataclass
class Found:
    """What the positions of one game (or of many) found: counts by kind, the first examples
    of each class (at most `show`), errors in full."""

    counts: dict[str, Counts] = field(default_factory=lambda: {k: Counts() for k in KINDS})
    examples: dict[str, list[Example]] = field(default_factory=lambda: {c: [] for c in CLASSES})
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # games skipped, and why
    # each class's disagreements by their look (tile, field, rules), counted
    kinds: dict[str, Counter[str]] = field(
        default_factory=lambda: {c: Counter() for c in CLASSES})
    # (e): the tiles compared on filled records, by tile and rules (agreeing ones too); the
    # tiles not compared for want of any value of a field's type, by tile, rule and field
    filled: Counter[str] = field(default_factory=Counter)
    unbuildable: Counter[str] = field(default_factory=Counter)

    def merge(self, other: Found, show: int) -> None:
        for k in KINDS:
            self.counts[k].add(other.counts[k])
        for c in CLASSES:
            self.kinds[c].update(other.kinds[c])
        self.filled.update(other.filled)
        self.unbuildable.update(other.unbuildable)
        for c in CLASSES:
            room = show - len(self.examples[c])
            self.examples[c] += other.examples[c][:max(0, room)]
        self.errors += other.errors[:max(0, show - len(self.errors))]
        self.notes += other.notes

    def total(self) -> Counts:
        out = Counts()
        for k in KINDS:
            out.add(self.counts[k])
        return out


# --- the position and its checks ------------------------------------------------------------------

def dotted(path: tuple[Any, ...]) -> str:
    return ".".join(str(k) for k in path)


def steps_text(steps: list[tuple[Decision, Any]]) -> str:
    return " / ".join(f"{dotted(d.path)}={shown(v)}" for d, v in steps)


def strip(turn: Record) -> Record:
    return {k: copy.deepcopy(v) for k, v in turn.items() if k not in NOT_DECISIONS}


class Position:
    """The table before turn `number` of a game, and the checks made there."""

    def __init__(self, kind: str, game: str, g: Game, number: int, turn: Record,
                 pools: dict[str, set[Any]], rng: random.Random, found: Found, show: int,
                 budget: float, lines: int, mutations: int) -> None:
        self.kind, self.game, self.g, self.number = kind, game, g, number
        self.turn, self.pools, self.rng, self.found, self.show = turn, pools, rng, found, show
        self.counts = found.counts[kind]
        self.deadline = time.perf_counter() + budget
        self.n_lines, self.n_mutations = lines, mutations
        self.name = g.state.players[g.state.current].name
        self.search: Search = turn_search(g, number)
        self.read_back: set[str] = set()  # decisions whose options were read back already
        self.walked: list[Record] = []  # complete records made from offered options, accepted

    # -- helpers

    def late(self) -> bool:
        return time.perf_counter() > self.deadline

    def note(self, cls: str, **what: str) -> None:
        setattr(self.counts, cls, getattr(self.counts, cls) + 1)
        self.found.kinds[cls][look(cls, what)] += 1
        if len(self.found.examples[cls]) < self.show:
            self.found.examples[cls].append(Example(cls, self.game, self.number, self.name,
                                                    **what))

    def error(self, where: str) -> None:
        self.counts.errors += 1
        if len(self.found.errors) < self.show:
            self.found.errors.append(f"{self.game} turn {self.number} ({self.name}), {where}:\n"
                                     + traceback.format_exc(limit=8).rstrip())

    def validate(self, record: Record) -> IllegalMove | None:
        """The validator's judgement of a complete turn record on this table (the table put
        back after)."""
        g = self.g
        saved, size, found = g.state, len(g.ledger.entries), len(g.findings)
        g.state = saved.copy()
        try:
            return play_written(g, copy.deepcopy(record), self.number - 1, claims=False,
                                before=saved)
        except UnreadableTurn as e:  # the log's format: `validate` refuses it before the rules
            return IllegalMove(FORMAT, str(e), tuple(e.path))
        finally:
            g.state = saved
            del g.ledger.entries[size:]
            del g.findings[found:]

    def fresh(self) -> None:
        self.search.probes = 0  # MAX_PROBES is a bound on one question, not on the position

    def check(self) -> None:
        c = self.counts
        c.positions += 1
        start = time.perf_counter()
        try:
            self.fresh()
            try:
                tiles = tile_choices(self.g, self.search)
            except SearchCapped:
                c.capped += 1
                tiles = []
            strategies = ["first", "last"] + ["random"] * self.n_lines
            for how in strategies:
                if self.late():
                    break
                self.walk(how)
            if not self.late():
                self.reasons(tiles)
            if not self.late():
                self.mutate()
            if self.late():
                c.over_budget += 1
        except Exception:
            self.error("position")
        c.seconds += time.perf_counter() - start

    # -- (a), (b), (d): lines of offered options

    def walk(self, how: str) -> None:
        c = self.counts
        partial = Partial({"player": self.name})
        steps: list[tuple[Decision, Any]] = []
        c.lines += 1
        try:
            for _ in range(MAX_STEPS):
                self.fresh()
                r = self.search.probe(partial)
                if r.done:
                    break
                d = self.search.decision(partial)
                if d is None or d.empty:
                    raw = r.raw
                    why = r.error
                    at = dotted(d.path) if d is not None else "(the record so far)"
                    detail = f"{why.rule}: {why.message}" if why is not None else (
                        f"{at} has no option"
                        + (f" ({raw.why_none})" if raw is not None and raw.why_none else ""))
                    last = steps[-1] if steps else None
                    after = "" if last is None else (
                        "after a draw; " if last[0].kind == "outcome" else "after a choice; ")
                    self.note("dead_end", path=steps_text(steps), at=at,
                              value=shown(last[1]) if last else "",
                              options=options_text(last[0]) if last else "",
                              validator=why.rule if why is not None else "",
                              detail=after + detail)
                    return
                self.give_back(d, steps)
                value = self.pick(d, how)
                steps.append((d, value))
                partial = partial.choose(d, value)
            else:
                return
        except SearchCapped:
            c.capped += 1
            return
        record = partial.record()
        c.complete += 1
        error = self.validate(record)
        if error is not None:
            self.note("offered_refused", path=steps_text(steps), record=repr(record),
                      validator=error.rule, detail=error.message)
            return
        self.walked.append(record)
        self.round_trip(steps, record)

    def pick(self, d: Decision, how: str) -> Any:
        if d.kind == "count":
            if how == "first":
                return d.ranges[0][0]
            if how == "last":
                return d.ranges[-1][1]
            lo, hi = self.rng.choice(d.ranges)
            return self.rng.randint(lo, hi)
        if how == "first":
            return d.options[0]
        if how == "last":
            return d.options[-1]
        if d.path[-1] == "declined" and OMIT in d.options and self.rng.random() < CARRY_OUT:
            return OMIT  # most random lines carry the action out: declining ends a line early
        return self.rng.choice(d.options)

    def give_back(self, d: Decision, steps: list[tuple[Decision, Any]]) -> None:
        """(d): each option of the decision, in the listing's words and as JSON, read back by
        `setvalues.take` at the decision, is the same option."""
        key = repr((d.path, d.kind, d.options, d.ranges))
        if key in self.read_back:
            return
        self.read_back.add(key)
        c = self.counts
        c.decisions += 1
        if d.kind == "count":
            tries = [(n, str(n)) for lo, hi in d.ranges for n in sorted({lo, hi})]
        else:
            tries = []
            for o in d.options:
                said = {shown(o), json.dumps(as_json(o), ensure_ascii=False)}
                tries += [(o, w) for w in sorted(said)]
        for option, words in tries:
            c.options += 1
            try:
                back = take(d, words)
            except BadSet as e:
                back, problem = MISSING, f"BadSet: {e}"
            else:
                problem = ""
            if back is option or (back is not MISSING and same(back, option)):
                continue
            self.note("not_given_back", path=steps_text(steps), at=dotted(d.path),
                      value=f"{words!r} (the option {option!r})", options=options_text(d),
                      detail=problem or f"read back as {back!r}")

    def round_trip(self, steps: list[tuple[Decision, Any]], record: Record) -> None:
        """(d): the line given back whole, each value at its path in the listing's words, as
        `grinivil moves --set` gives them, makes the same record."""
        self.counts.roundtrips += 1
        given = {dotted(d.path): shown(v) for d, v in steps}
        try:
            self.fresh()
            made, partial, broken = line(self.search, Partial({"player": self.name}), given,
                                         take=take)
        except BadSet as e:
            self.note("not_given_back", path=steps_text(steps), record=repr(record),
                      detail=f"the line given back as --set values: BadSet: {e}")
            return
        used = {dotted(s.decision.path) for s in made if s.given}
        unused = [p for p in given if p not in used]
        if broken is not None or partial.record() != record or unused:
            self.note("not_given_back", path=steps_text(steps), record=repr(record),
                      at=", ".join(unused),
                      validator=broken.rule if broken is not None else "",
                      detail=f"the line given back as --set values made {partial.record()!r}"
                      + (f"; paths not taken: {unused}" if unused else "")
                      + (f"; {broken.rule}: {broken.message}" if broken is not None else ""))

    # -- (e): the reasons of the tiles not eligible

    def reasons(self, tiles: list[Any]) -> None:
        """(e), (f): for each tile listed as not eligible with a rule, the dead ends of the
        list's own search (`dead_ends`); the furthest ones (most decisions made) that the
        search refuses with the listed rule are judged by the validator (`judge`), and a
        mismatch is a listed rule the validator cites for none of them (or the rule of no
        furthest dead end of the search at all). Where none of them is a record the validator
        can judge as the list does (a decision with no candidate, a field the search never
        fills), the records are filled (`fill`). A record accepted is (f)."""
        for t in tiles:
            if t.eligible or t.why is None or self.late():
                continue
            self.counts.ineligible += 1
            listed = t.why.rule
            try:
                ends = self.dead_ends(Partial({"player": self.name, "tile": t.tile}))
            except SearchCapped:
                self.counts.capped += 1
                continue
            if not ends:  # too many records to walk, or a complete one (then (a)-(c) tell)
                self.counts.unbuilt += 1
                continue
            deepest = max(d for d, _, _, _ in ends)
            far = [(p, s, e) for d, p, s, e in ends if d == deepest]
            searched = sorted({e.rule for _, _, e in far if e is not None})
            if listed not in searched:
                self.counts.compared += 1
                self.note("reason_mismatch", at="tile", value=t.tile, listed=listed,
                          validator="search: " + ", ".join(searched),
                          detail=f"list: {t.why.message} | the search's rules at its "
                                 f"{deepest} decisions: {', '.join(searched)}")
                continue
            cited: dict[str, tuple[Record, IllegalMove, str]] = {}  # at the listed rule's
            others: set[str] = set()  # the validator's rules at the other furthest dead ends
            accepted: Record | None = None
            unfilled: list[tuple[Partial, str]] = []  # the listed rule's, not judged: filled
            judged = 0
            for partial, path, why in far:
                mine = why is not None and why.rule == listed
                if path.endswith("=(none)") or judged >= REASON_JUDGED:
                    if mine and len(unfilled) < REASON_JUDGED:
                        unfilled.append((partial, path))
                    continue  # a decision with no candidate: no record was tried there
                record, error = self.judge(partial)
                where = self.search.root_of(why)
                if where and Partial(record).value_at(where) is MISSING:
                    if mine:
                        unfilled.append((partial, path))
                    continue  # the rule of a decision with no candidate (its field unwritten)
                judged += 1
                if error is None:
                    accepted = record
                    break
                if isinstance(error, IncompleteRecord) or error.rule == FORMAT:
                    if mine:
                        unfilled.append((partial, path))
                    continue  # a field the replay never asked for: not a record it tried
                if mine:
                    cited.setdefault(error.rule, (record, error, path))
                else:
                    others.add(error.rule)
            if accepted is not None:
                self.counts.compared += 1
                self.note("listed_accepted", at="tile", value=t.tile,
                          record=repr(accepted), listed=listed, validator="accepted",
                          detail=f"listed as not eligible ({listed}: {t.why.message}), yet "
                                 "the validator accepts this furthest record of its search")
            elif cited:
                self.counts.compared += 1
                if listed not in cited:
                    record, error, path = next(iter(cited.values()))
                    self.note("reason_mismatch", at="tile", value=t.tile, record=repr(record),
                              path=path, listed=listed, validator=", ".join(cited),
                              detail=f"list: {t.why.message} | validator: {error.message} | "
                                     f"the search's rules at its {deepest} decisions: "
                                     f"{', '.join(searched)}; the validator's at the others: "
                                     f"{', '.join(sorted(others)) or '-'}")
            else:
                try:
                    self.fill(t, unfilled)
                except SearchCapped:
                    self.counts.capped += 1

    # -- (e), (f): records filled where the list's search fills nothing

    def fill(self, t: Any, starts: list[tuple[Partial, str]]) -> None:
        """(e), (f) for a tile whose listed rule the search met only where a field has no
        candidate at all (`starts`: those dead ends): records that fill every field the
        action needs with values of the field's type from the table, whether or not a legal
        record could take them (`values_of`), at most FILL_RECORDS of them, each judged by
        the validator. Compared: they agree when the validator names the listed rule for one
        of them, and differ when it names it for none while refusing them all; one accepted
        is (f). A field no value of its type can fill (no House on the table, no cube held
        to sell...) leaves the tile not compared (`unbuildable`, by tile, rule and field)."""
        assert t.why is not None
        listed: str = t.why.rule
        run = turn_runner(self.g, self.number, DOMAINS)
        judged: list[tuple[Record, IllegalMove | None, str]] = []
        holes: set[str] = set()  # the fields no value of their type fills
        for partial, path in starts:
            room = FILL_RECORDS - len(judged)
            if room <= 0:
                break
            for record, error, filled in self.filled(run, partial, holes, room):
                judged.append((record, error, f"{path} | filled: {filled}"))
        if not judged:
            if holes:
                self.counts.unbuildable += 1
                self.found.unbuildable[f"{t.tile}: listed {listed}, no value for "
                                       f"{', '.join(sorted(holes))}"] += 1
            else:
                self.counts.unbuilt += 1
            return
        self.counts.compared += 1
        self.counts.filled += 1
        accepted = next((r for r, e, _ in judged if e is None), None)
        rules = list(dict.fromkeys(e.rule for _, e, _ in judged if e is not None))
        if accepted is not None:
            self.found.filled[f"accepted {t.tile}: listed {listed}"] += 1
            self.note("listed_accepted", at="tile", value=t.tile, record=repr(accepted),
                      listed=listed, validator="accepted",
                      detail=f"listed as not eligible ({listed}: {t.why.message}), yet the "
                             f"validator accepts this record, filled with values of the "
                             f"fields' types ({len(judged)} judged; refused with: "
                             f"{', '.join(rules) or '-'})")
            return
        agree = listed in rules
        self.found.filled[f"{'agree' if agree else 'differ'} {t.tile}: listed {listed}, "
                          f"validator {', '.join(sorted(rules))}"] += 1
        if not agree:
            record, error, path = judged[0]
            assert error is not None
            self.note("reason_mismatch", at="tile", value=t.tile, record=repr(record),
                      path=path, listed=listed, validator=", ".join(rules),
                      detail=f"list: {t.why.message} | validator: {error.message} | "
                             f"{len(judged)} records filled with values of the fields' types")

    def filled(self, run: Any, start: Partial, holes: set[str],
               room: int) -> Iterator[tuple[Record, IllegalMove | None, str]]:
        """Complete records from `start`, each with the validator's judgement and the fields
        filled: the replay run on the record (taking on the way the value a search tries
        first, as `judge` does), a decision it stops at taking its candidates, and a decision
        with no candidate, or a field the validator finds missing (`hole`), each of its values
        (`values_of`). The records tried first are the minimal completions of each value of
        the first field filled, then those of the other values of the fields filled after it,
        then those taking other candidates of a decision (which a rule may refuse by
        themselves, e.g. a trade of a Resource for the same one), depth-first among equals;
        at most `room` records, none twice, after at most FILL_RUNS replays."""
        # (other candidates taken, other values of a later field filled, order, the record,
        # decisions made, the fields filled as text, fields filled)
        heap: list[tuple[int, int, int, Partial, int, str, int]] = [(0, 0, 0, start, 0, "", 0)]
        seen: set[str] = set()
        made_n = runs = 0
        order = 0  # later pushes first among equals: depth-first
        while heap and made_n < room and runs < FILL_RUNS:
            others, later, _, partial, steps, said, points = heapq.heappop(heap)
            key = partial.key()
            if key in seen or steps > FILL_STEPS:
                continue
            seen.add(key)
            runs += 1
            with lookahead(True):
                r = run(partial)
            made = r.made if r.made is not None else partial
            nexts: list[tuple[int, int, Partial, str, int]]
            if r.raw is not None and next(witnesses(r.raw), MISSING) is not MISSING:
                raw = r.raw
                nexts = [(others + (i > 0), later, made.choose(raw, v), said, points)
                         for i, v in enumerate(witnesses(raw)) if i < FILL_RECORDS]
            else:
                if r.raw is not None:
                    raw = r.raw
                    at = field_path(raw.path, raw.key)
                    fills = self.values_of(raw.key, at, raw.path[len(at):], made)
                    if not fills:
                        holes.add(f"{dotted(raw.path)} ({raw.why_rule or raw.rule})")
                        continue
                else:
                    record = made.record()
                    if made.data.get("cubes") == {r: 0 for r in RESOURCES}:
                        record["cubes"] = {}  # the cubes held filled in: none
                    error = self.validate(record)
                    hole = self.hole(record, error)
                    if hole is None:
                        if error is not None and error.rule == FORMAT:
                            holes.add(f"the log's format ({error.message})")
                            continue
                        made_n += 1
                        yield record, error, said or "-"
                        continue
                    assert error is not None
                    fills = self.values_of(hole[1], hole[0], hole[2], made)
                    if not fills:
                        said_rule = "the log's format" if error.rule == FORMAT else error.rule
                        holes.add(f"{dotted(hole[0] + hole[2])} ({said_rule})")
                        continue
                nexts = [(others, later + (i > 0 and points > 0),
                          Partial(put(made.data, path, v), made.omitted, made.ended),
                          f"{said}{'; ' if said else ''}{dotted(path)}={shown(v)}", points + 1)
                         for i, (path, v) in enumerate(fills)]
            order -= len(nexts)  # a later batch before an earlier one, in its own order
            for n, (o, la, p, s, pts) in enumerate(nexts):
                heapq.heappush(heap, (o, la, order + n, p, steps + 1, s, pts))

    def hole(self, record: Record, error: IllegalMove | None) -> tuple[Where, str, Where] | None:
        """The field a refused record leaves out that the validator's rule names (its path,
        its key, the rest of the rule's path inside it), if any: the field's rule names a
        field missing, not a value given. A mapping of counts that is there is complete (a
        count left out is 0)."""
        if error is None:
            return None
        where = self.search.root_of(error)
        if not where:
            return None
        written = Partial(record)
        if error.rule == FORMAT:  # a part of a list's element left out (a trade's `give`)
            i = next((i for i, k in enumerate(where) if k in PARTS), None)
            part = written.value_at(where[:i + 2]) if i is not None and i + 1 < len(where) \
                else None
            if i is None or not isinstance(part, dict):
                return None
            left = [k for k in PARTS[str(where[i])] if k not in part]
            return (where[:i + 1], str(where[i]), (where[i + 1], left[0])) if left else None
        n = next((i for i in range(1, len(where) + 1)
                  if written.value_at(where[:i]) is MISSING), None)
        if n is None:
            return None
        missing = where[:n]
        keys = [i for i, k in enumerate(missing) if isinstance(k, str) and k in DOMAINS
                and k != "repeat"]
        if not keys:
            return None
        container = next((i for i in keys if missing[i] in CONTAINER_KEYS), keys[-1])
        at = missing[:container + 1]
        if at != missing and missing[container] in COUNT_MAPPINGS:
            return None
        return at, str(missing[container]), tuple(where[container + 1:])

    def values_of(self, key: str, at: Where, rest: Where, made: Partial) -> list[tuple[Where, Any]]:
        """Values of the type of the field `key` (at `at` in the record; `rest`: the part of
        it asked, an entry or an element), from the table before the turn, unfiltered by the
        rules that judge them (whether the player can pay, reach, use them): the Market's
        cubes for a purchase, the cubes held for a sale, a trade or a Floor, any Resource
        chosen, the sites, spots, Houses, buildings and roads of the townland, the Building
        Tokens of the supply, the Residents on the table, the players, the items on offer,
        the least count. Empty when the table holds no value of the type. At most
        FILL_RECORDS."""
        g, st = self.g, self.g.state
        p = st.players[st.current]
        town = st.townland
        holder = made.value_at(at[:-1])
        action = holder if isinstance(holder, dict) else made.data
        tile = str(action.get("tile", made.data.get("tile")))
        index = rest[0] if rest and isinstance(rest[0], (int, str)) else 0
        part = str(rest[1]) if len(rest) > 1 else ""
        out: list[tuple[Where, Any]] = []
        if key == "cubes":
            if tile in ("buy-resources", "buy-resources-discount"):
                out = [(at + (r,), 1) for r in RESOURCES if st.market[r]]
            elif tile == "sell-resources":
                out = [(at + (r,), 1) for r in RESOURCES if p.cubes[r]]
            else:  # a Floor's, with the Architect or the Builder: the cubes held (maybe none)
                out = [(at, {r: p.cubes[r] for r in RESOURCES})]
        elif key in ("bids", "pledges"):
            who = index if isinstance(index, str) else p.name
            least = MIN_BID if key == "bids" else MIN_PLEDGE
            money = st.player(who).money
            out = [(at + (who,), n) for n in dict.fromkeys((least, money)) if n > 0]
        elif key in ("spots", "plant"):
            spots = townland.all_spots(g.ed, town)
            ordered = [s for s in spots if s not in town.trees] + \
                [s for s in spots if s in town.trees]
            out = [(at + (index,), s) for s in ordered]
        elif key == "items":
            out = [(at + (index,), v) for v in dict.fromkeys(IMPORT_OFFER)]
        elif key == "trades":
            trade = made.value_at(at + (index,))
            trade = trade if isinstance(trade, dict) else {}
            if part == "give" or (not part and "with" in trade):
                out = [(at + (index, "give"), r) for r in RESOURCES if p.cubes[r]]
            elif part == "get":
                other = st.player(str(trade.get("with")))
                given = trade.get("give")  # another Resource first: a trade, not a no-change
                held = sorted((r for r in RESOURCES if other.cubes[r]), key=lambda r: r == given)
                out = [(at + (index, "get"), r) for r in held]
            else:
                out = [(at + (index, "with"), q.name) for q in st.players if q is not p]
        elif key == "moves":
            if part == "to":
                spots = townland.all_spots(g.ed, town)
                out = [(at + (index, "to"), s) for s in spots if s not in town.trees]
            else:
                out = [(at + (index, "from"), s) for s in [*sorted(town.trees), "supply"]]
        elif key == "house":  # the player's: they built a Floor of it (finished or not)
            out = [(at, s) for s, b in sorted(town.buildings.items())
                   if b.building == "house" and p.name in b.blocks]
        elif key in ("resident", "give"):  # the Portfolio's
            out = [(at, r) for r in dict.fromkeys(p.residents)]
        elif key == "take":
            out = [(at, r) for r in dict.fromkeys(st.supply.display)]
        elif key == "site":
            empty = [s for s in townland.all_sites(g.ed, town) if s not in town.buildings]
            on_roads = townland.buildable_sites(g.ed, town)
            ordered = [s for s in empty if s in on_roads] + [s for s in empty
                                                             if s not in on_roads]
            if tile != "crowdfunding":
                ordered = [s for s, b in town.buildings.items() if not b.finished] + ordered
            out = [(at, s) for s in ordered]
        elif key == "building":
            where = str(action.get("site"))
            try:
                families = FAMILY_OF_SITE[townland.site_spec(g.ed, town, where).kind]
            except KeyError:
                families = ()
            tokens = sorted((k for k, n in st.supply.tokens.items() if n > 0),
                            key=lambda k: (g.ed.buildings[k].family not in families, k))
            out = [(at, k) for k in tokens]
        elif key == "road":
            out = [(at, r) for r in townland.construction_roads(g.ed, town)]
        elif key == "slot":
            out = [(at, s) for s in townland.explorable_slots(g.ed, town)]
        elif key == "choice":
            out = [(at, r) for r in RESOURCES]
        elif key in ("trees", "vp_to_money", "money_to_vp", "buy_time"):
            out = [(at, 1)]
        return out[:FILL_RECORDS]

    def dead_ends(self, start: Partial) -> list[tuple[int, Partial, str, IllegalMove | None]]:
        """The dead ends of the list's search from `start` (`Search.completable`: the values
        `witnesses` tries at every decision, depth-first, in its order), each with its number
        of decisions made, the record where it breaks a rule (the probe's error, a list's
        elements made so far judged as the list ended: `dead_list`, or a decision with no
        candidate), the decisions as text, and the probe's error; empty when a record is
        complete or more than REASON_NODES records are met. The replays are the search's own
        (cached by `tile_choices`)."""
        s = self.search
        ends: list[tuple[int, Partial, str, IllegalMove | None]] = []
        seen: set[str] = set()
        stack: list[tuple[Partial, int, str]] = [(start, 0, f"tile={start.data['tile']}")]
        while stack:
            partial, depth, path = stack.pop()
            key = partial.key()
            if key in seen:
                continue
            seen.add(key)
            if len(seen) > REASON_NODES:
                return []
            r = s.probe(partial)
            if r.done:
                return []
            if r.raw is None:
                ends.append((depth, partial, path, r.error))
                continue
            raw = r.raw
            if s.dead_list(partial, raw, depth):
                ended = Partial(partial.data, partial.omitted,
                                partial.ended | {list_path(raw.path)})
                ends.append((depth, ended, path + f" / {dotted(list_path(raw.path))}=END",
                             s.probe(ended).error))
                continue
            tried = list(witnesses(raw))
            if not tried:
                why = raw.why_none or f"nothing is possible for {raw.what}."
                ends.append((depth, partial, path + f" / {dotted(raw.path)}=(none)",
                             IllegalMove(raw.why_rule or raw.rule, why, s.root + raw.path)))
                continue
            stack.extend((partial.choose(raw, v), depth + 1, f"{path} / {dotted(raw.path)}="
                          f"{shown(v)}") for v in reversed(tried))
        return ends

    def judge(self, partial: Partial) -> tuple[Record, IllegalMove | None]:
        """A dead end's record completed minimally (the replay run again on it, taking the
        first candidate on the way where it can: `Probe.first_value`, as the search's replay
        did), and the validator's judgement of it."""
        run = turn_runner(self.g, self.number, DOMAINS)
        with lookahead(True):
            r = run(partial)
        record = (r.made if r.made is not None else partial).record()
        return record, self.validate(record)

    # -- (c): the recorded turn and its mutations

    def mutate(self) -> None:
        c = self.counts
        bases = [strip(self.turn)]
        others = sorted(self.walked, key=lambda r: -len(repr(r)))
        seen_tiles = {bases[0].get("tile")}
        for r in others:
            if r.get("tile") not in seen_tiles and len(bases) < 3:
                bases.append(r)
                seen_tiles.add(r.get("tile"))
        tried: set[str] = set()
        first = [bases[0]]  # the recorded turn itself is always tried
        tried.add(repr(bases[0]))
        structural: list[Record] = []
        scalar: list[Record] = []
        for base in bases:
            for m, kind in mutations(base, self.pools):
                key = repr(m)
                if key in tried:
                    continue
                tried.add(key)
                (structural if kind == "structure" else scalar).append(m)
        self.rng.shuffle(structural)
        self.rng.shuffle(scalar)
        half = self.n_mutations // 2
        chosen = structural[:half]
        chosen += scalar[:self.n_mutations - len(chosen)]
        chosen += structural[half:half + self.n_mutations - len(chosen)]
        for m in first + chosen:
            if self.late():
                return
            c.mutations += 1
            try:
                error = self.validate(m)
            except Exception:
                self.error(f"validating {m!r}")
                continue
            if error is not None:
                continue
            c.accepted += 1
            self.reach(m)

    def reach(self, record: Record) -> None:
        c = self.counts
        try:
            self.fresh()
            _, steps = remake(self.g, record, self.number, self.search)
        except NotOffered as e:
            d = e.decision
            self.note("accepted_not_offered", record=repr(record),
                      at=dotted(d.path) if d is not None else "", value=repr(e.value),
                      options=options_text(d), validator="accepted", detail=str(e))
            return
        except SearchCapped:
            c.capped += 1
            return
        unused = unused_values(in_offered_form(record), steps)
        if unused:
            self.note("accepted_not_offered", record=repr(record),
                      path=steps_text(steps), at=", ".join(dotted(p) for p in unused),
                      validator="accepted",
                      detail="the validator accepts values no decision reads (the record "
                             "cannot be made through the offered options)")
            return
        c.reached += 1


def field_path(path: Where, key: str) -> Where:
    """The path of the field `key` that a decision at `path` is part of: the field itself, or
    the list or mapping holding its element or entry (`spots.0`, `cubes.wood`)."""
    for i in range(len(path) - 1, -1, -1):
        if path[i] == key:
            return path[:i + 1]
    return path


def look(cls: str, what: dict[str, str]) -> str:
    """A disagreement by its look: the tile, the field (list indices as N), the rules."""
    record = what.get("record", "")
    tile = re.search(r"'tile': '([^']*)'", record)
    name = what.get("value", "") if cls in ("reason_mismatch", "listed_accepted") else (
        tile.group(1) if tile else what.get("path", "").partition(" / ")[0].partition("=")[2])
    at = re.sub(r"\.\d+(?=\.|$)", ".N", what.get("at", ""))
    if cls == "reason_mismatch":  # the simplest record's rule first, then the others sorted
        first, *others = what.get("validator", "").split(", ")
        also = f" (also {', '.join(sorted(others))})" if others else ""
        return f"{name}: listed {what.get('listed')}, validator {first}{also}"
    if cls == "listed_accepted":
        return f"{name}: listed not eligible ({what.get('listed')}), accepted"
    return f"{name} {at}".strip()


@contextmanager
def lookahead(on: bool) -> Iterator[None]:
    """Replays that take the first candidate on the way (`probe.LOOKAHEAD`), or not."""
    saved = probe.LOOKAHEAD
    probe.LOOKAHEAD = on
    try:
        yield
    finally:
        probe.LOOKAHEAD = saved


# --- mutations ------------------------------------------------------------------------------------

SPOT = re.compile(r"^[A-Z]\w*\.p\d+$")
SITE = re.compile(r"^[A-Z]\w*\.s\d+$")


def shape(key: Any, value: Any) -> str:
    """The pool a scalar string belongs to: its look (a Resource, a spot, a site) or its key."""
    if value in RESOURCES:
        return "resource"
    if isinstance(value, str) and SPOT.match(value):
        return "spot"
    if isinstance(value, str) and SITE.match(value):
        return "site"
    return f"key:{key}"


def scalars(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from scalars(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from scalars(v, path + (i,))
    else:
        yield path, node


def gather_pools(turns: list[Record]) -> dict[str, set[Any]]:
    """The values a mutation may put in place of a string: those of the same look or key in
    the game's turns; and (`field:KEY`) the whole values of each field, as JSON text."""
    pools: dict[str, set[Any]] = {"resource": set(RESOURCES)}
    for turn in turns:
        for _, node in containers(strip(turn)):  # whole values by field, as JSON text
            if isinstance(node, dict):
                for k, v in node.items():
                    pools.setdefault(f"field:{k}", set()).add(json.dumps(v))
        for path, value in scalars(strip(turn)):
            if isinstance(value, str) and path:
                key = next((k for k in reversed(path) if isinstance(k, str)), "")
                pools.setdefault(shape(key, value), set()).add(value)
            for k in path:  # keys that are values: sites of tokens, players of bids
                if isinstance(k, str) and (SITE.match(k) or SPOT.match(k)):
                    pools.setdefault(shape("", k), set()).add(k)
    return pools


def at(node: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        node = node[k]
    return node


def set_at(record: Record, path: tuple[Any, ...], value: Any) -> Record:
    out = copy.deepcopy(record)
    at(out, path[:-1])[path[-1]] = value
    return out


def mutations(base: Record, pools: dict[str, set[Any]]) -> Iterator[tuple[Record, str]]:
    """Records near `base`: ("scalar") a string replaced by another of its pool, a count +-1,
    a yes/no flipped, a key of a mapping of counts replaced (other cubes, other players);
    ("structure") a field left out, list parts reordered, dropped or repeated, a part taking
    a value an earlier part made (the same Tree moved twice, a spot emptied earlier, a cube
    received given again)."""
    for path, value in scalars(base):
        if not path or path[0] == "player":
            continue
        key = next((k for k in reversed(path) if isinstance(k, str)), "")
        if isinstance(value, bool):
            yield set_at(base, path, not value), "scalar"
        elif isinstance(value, int):
            for delta in (-1, 1):
                yield set_at(base, path, value + delta), "scalar"
        elif isinstance(value, str):
            for other in sorted(pools.get(shape(key, value), ()), key=str):
                if other != value:
                    yield set_at(base, path, other), "scalar"
    for path, node in containers(base):
        if isinstance(node, dict) and path:
            for k in list(node):
                if len(path) == 1 and path[0] in ("player", "tile"):
                    continue
                smaller = copy.deepcopy(node)
                del smaller[k]
                yield (set_at(base, path, smaller) if path else smaller), "structure"
                pool = pools.get(shape("", k), set()) if not isinstance(node[k], dict) else set()
                for other in sorted(pool, key=str):
                    if other not in node:
                        renamed = {(other if j == k else j): v for j, v in node.items()}
                        yield set_at(base, path, renamed), "scalar"
        if isinstance(node, list) and node:
            n = len(node)
            if n > 1:
                yield set_at(base, path, list(reversed(node))), "structure"
                for i in range(n - 1):
                    swapped = list(node)
                    swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
                    yield set_at(base, path, swapped), "structure"
                yield set_at(base, path, node[:-1]), "structure"
            yield set_at(base, path, node + [copy.deepcopy(node[-1])]), "structure"
            yield from chained(base, path, node)
    for k in base:
        if k not in ("player", "tile"):
            yield {j: v for j, v in base.items() if j != k}, "structure"


def containers(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(node, (dict, list)):
        yield path, node
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            yield from containers(v, path + (k,))


def chained(base: Record, path: tuple[Any, ...], parts: list[Any]) -> Iterator[tuple[Record, str]]:
    """Parts that take a value an earlier part made: a move from where an earlier one went
    (the same Tree moved twice), to where an earlier one left (a spot emptied earlier); a cube
    given that an earlier trade received; and a new part made so, appended."""
    pairs = (("from", "to"), ("to", "from"), ("give", "get"))
    for j, later in enumerate(parts):
        if not isinstance(later, dict):
            continue
        for i in range(j):
            earlier = parts[i]
            if not isinstance(earlier, dict):
                continue
            for mine, theirs in pairs:
                if mine in later and theirs in earlier and later[mine] != earlier[theirs]:
                    yield set_at(base, path + (j, mine), earlier[theirs]), "structure"
    last = parts[-1]
    if isinstance(last, dict):
        for mine, theirs in pairs:
            if mine in last and theirs in last:
                extra = dict(last)
                extra[mine] = last[theirs]
                if mine == "from":  # the same Tree moved on: to where it came from
                    extra["to"] = last["from"]
                yield set_at(base, path, parts + [extra]), "structure"


# --- the games and their positions ---------------------------------------------------------------

@dataclass(frozen=True)
class Unit:
    """One game and how many of its positions to check."""

    kind: str
    name: str  # a log's path, or `simulated Np/SEED [options]`
    positions: int
    players: int = 0
    seed: int = 0
    options: str = ""  # JSON of the simulated game's variant options


def plan(total: int, seed: int, kinds: tuple[str, ...]) -> list[Unit]:
    """The games to draw `total` positions from, by kind (SHARES), every sample and variant
    sample at least once."""
    units: list[Unit] = []
    shares = {k: SHARES[k] for k in kinds}
    whole = sum(shares.values())
    logs = {"sample": SAMPLES, "variant": VARIANTS}
    left = total
    for kind in ("sample", "variant"):
        if kind not in kinds:
            continue
        files = logs[kind]
        want = max(len(files), round(total * shares[kind] / whole)) \
            if "simulated" in kinds else None
        if want is None:  # the logs only: shared out between both kinds
            want = max(len(files), round(total * shares[kind] / whole))
        base, extra = divmod(want, len(files))
        for i, f in enumerate(files):
            units.append(Unit(kind, str(f.relative_to(TOP)), base + (i < extra)))
        left -= want
    if "simulated" in kinds and left > 0:
        games = math.ceil(left / SIM_PER_GAME)
        for i in range(games):
            n = min(SIM_PER_GAME, left - i * SIM_PER_GAME)
            options = SIM_OPTIONS[i % len(SIM_OPTIONS)]
            players = 2 + i % 5
            units.append(Unit("simulated", f"simulated {players}p/{seed + i}"
                              + (f" {json.dumps(options)}" if options else ""), n,
                              players, seed + i, json.dumps(options) if options else ""))
    return units


@dataclass(frozen=True)
class Settings:
    seed: int
    show: int
    budget: float
    lines: int
    mutations: int


def check_unit(unit: Unit, s: Settings) -> Found:
    """Load or simulate one game, and check the positions drawn from it."""
    found = Found()
    start = time.perf_counter()
    try:
        if unit.kind == "simulated":
            edition = load_edition("standard")
            options = json.loads(unit.options) if unit.options else None
            log = simulate(edition, unit.players, unit.seed, options)
            r: Replay = replay(edition, Loaded(unit.name, log))
        else:
            game = load_game(TOP / unit.name)
            log, r = game.loaded.data, game.replay
    except SimulationError as e:
        found.notes.append(f"{unit.name}: not played ({e})")
        return found
    turns: list[Record] = log.get("turns") or []
    if r.game is None or r.played != len(turns) or len(r.snapshots) <= r.played:
        found.notes.append(f"{unit.name}: does not replay ({r.error})")
        return found
    rng = random.Random(f"{s.seed}:{unit.name}")
    chosen = set(rng.sample(range(1, r.played + 1), min(unit.positions, r.played)))
    pools = gather_pools(turns)
    with collector.spared():
        for number, g in tables(r):
            if number not in chosen:
                continue
            Position(unit.kind, unit.name, g, number, turns[number - 1], pools,
                     random.Random(f"{s.seed}:{unit.name}:{number}"), found, s.show,
                     s.budget, s.lines, s.mutations).check()
    found.notes.append(f"{unit.name}: {len(chosen)} positions in "
                       f"{time.perf_counter() - start:.1f} s")
    return found


def _check(args: tuple[Unit, Settings]) -> Found:
    return check_unit(*args)


def run(units: list[Unit], s: Settings, jobs: int = 1, progress: bool = False) -> Found:
    """Check every unit (in `jobs` processes), the findings merged in the units' order."""
    total = Found()
    work = [(u, s) for u in units]
    start = time.perf_counter()

    def done(i: int, f: Found) -> None:
        total.merge(f, s.show)
        if progress:
            t = total.total()
            print(f"  .. {i + 1}/{len(units)} {units[i].name}: {t.positions} positions, "
                  f"{t.disagreements()} disagreements, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)

    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for i, f in enumerate(pool.imap(_check, work)):
                done(i, f)
    else:
        for i, w in enumerate(work):
            done(i, _check(w))
    return total


# --- the report ----------------------------------------------------------------------------------

COLUMNS = ("positions", "lines", "complete", "decisions", "options", "roundtrips", "mutations",
           "accepted", "reached", "ineligible", "compared", "filled", "unbuildable", "unbuilt",
           "capped", "over_budget", "errors")


def report(found: Found, show: int, seconds: float) -> str:
    total = found.total()
    rows = [(k, found.counts[k]) for k in KINDS if found.counts[k].positions] + [("total", total)]
    width = max(len(c) for c in COLUMNS + CLASSES)
    lines = ["counts:", f"  {'':<{width}} " + " ".join(f"{k:>10}" for k, _ in rows)]
    for name in COLUMNS + CLASSES:
        lines.append(f"  {name:<{width}} " + " ".join(f"{getattr(c, name):>10}" for _, c in rows))
    lines.append(f"  {'seconds':<{width}} " + " ".join(f"{c.seconds:>10.1f}" for _, c in rows))
    lines.append(f"run: {seconds:.1f} s")
    for cls in CLASSES:
        n = getattr(total, cls)
        lines += ["", f"{TITLES[cls]}: {n}"]
        for ex in found.examples[cls][:show]:
            lines.append(ex.full())
        if n > show:
            lines.append(f"... and {n - show} more")
        if n:
            lines.append("by look:")
            lines += [f"  {k:>5} {sig}" for sig, k in sorted(
                found.kinds[cls].items(), key=lambda x: (-x[1], x[0]))[:KINDS_SHOWN]]
            if len(found.kinds[cls]) > KINDS_SHOWN:
                lines.append(f"  ... {len(found.kinds[cls]) - KINDS_SHOWN} looks more")
    lines += ["", f"(e) tiles compared on filled records: {total.filled} (agree, differ or "
              "accepted; by tile and rules)"]
    lines += [f"  {k:>5} {sig}" for sig, k in sorted(found.filled.items(),
                                                      key=lambda x: (-x[1], x[0]))]
    lines += ["", f"(e) tiles not compared, no value of a field's type: {total.unbuildable} "
              "(by tile, rule and field)"]
    lines += [f"  {k:>5} {sig}" for sig, k in sorted(found.unbuildable.items(),
                                                      key=lambda x: (-x[1], x[0]))]
    if found.errors:
        lines += ["", f"engine errors: {total.errors}"] + found.errors[:show]
    skipped = [n for n in found.notes if ": not played" in n or "does not replay" in n]
    if skipped:
        lines += ["", "games not checked:"] + [f"  {n}" for n in skipped]
    bad = total.disagreements() + total.errors
    lines += ["", "OK: the choices and the validator agree" if not bad else
              f"FAIL: {total.disagreements()} disagreements, {total.errors} engine errors"]
    return "\n".join(lines)


def as_report_json(found: Found, seconds: float) -> dict[str, Any]:
    return {"counts": {k: asdict(c) for k, c in found.counts.items()},
            "total": asdict(found.total()), "seconds": round(seconds, 1),
            "examples": {c: [asdict(e) for e in found.examples[c]] for c in CLASSES},
            "by_look": {c: dict(sorted(found.kinds[c].items())) for c in CLASSES},
            "filled": dict(sorted(found.filled.items())),
            "unbuildable": dict(sorted(found.unbuildable.items())),
            "errors": found.errors, "notes": found.notes}


def kinds_of(text: str) -> tuple[str, ...]:
    out = tuple(k.strip() for k in text.split(",") if k.strip())
    if not out or any(k not in KINDS for k in out):
        raise argparse.ArgumentTypeError(f"kinds are {', '.join(KINDS)}, comma separated")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=DEFAULT_POSITIONS,
                        help=f"positions to check, about (default {DEFAULT_POSITIONS}; every "
                             "sample and variant sample at least once)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--show", type=int, default=SHOW,
                        help=f"examples of each class printed in full (default {SHOW})")
    parser.add_argument("--json", action="store_true", help="the report as JSON")
    parser.add_argument("--kinds", type=kinds_of, default=KINDS,
                        help="kinds of positions: sample,variant,simulated (default all)")
    parser.add_argument("--lines", type=int, default=DEFAULT_LINES,
                        help=f"random lines per position (default {DEFAULT_LINES}), besides "
                             "the first and the last options'")
    parser.add_argument("--mutations", type=int, default=DEFAULT_MUTATIONS,
                        help=f"mutations per position, at most (default {DEFAULT_MUTATIONS})")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                        help=f"seconds per position (default {DEFAULT_BUDGET:g})")
    parser.add_argument("--progress", action="store_true", help="a line per game on stderr")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.jobs < 1 or args.show < 0 or args.lines < 0 \
            or args.mutations < 0 or args.budget <= 0:
        parser.error("--positions and --jobs are 1 or more; --show, --lines and --mutations "
                     "0 or more; --budget above 0")
    settings = Settings(args.seed, args.show, args.budget, args.lines, args.mutations)
    start = time.perf_counter()
    found = run(plan(args.positions, args.seed, args.kinds), settings, args.jobs, args.progress)
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps(as_report_json(found, seconds), indent=1))
    else:
        print(report(found, args.show, seconds))
    total = found.total()
    return 1 if total.disagreements() or total.errors else 0


if __name__ == "__main__":
    sys.exit(main())
