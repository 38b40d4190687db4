"""The probe put on a record being made: which field the rules read next, stopped there or
decided on the way (`Probe`); the table made ready for it (`quiet`); and the questions asked
at a choice whose choosing move draws at random (R-TAR-06: `able`, `able_at_the_choice`,
`choosable`), which the rules ask through `engine/reading.py`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..engine.actions import ACTIONS
from ..engine.game import Game
from ..engine.reading import VIEWS
from ..engine.records import (
    PENDING,
    Record,
    parse_partial,
    probe_of,
    probed,
    refresh,
    unprobed,
)
from ..engine.records import Step as StepRecord
from ..engine.state import GameState, PlayerState
from ..engine.turn import play_action
from ..engine.turnstate import TurnContext
from ..errors import IllegalMove, IncompleteRecord, Path
from .domains import AT_THE_CHOICE, DOMAINS
from .domains import common as shortcuts
from .record import (
    CONTAINER_KEYS,
    END,
    MISSING,
    OMIT,
    OUTCOME_KEYS,
    Ask,
    Domain,
    Partial,
    Raw,
    Undecided,
)
from .search import Result, Runner, Search, SearchCapped, witnesses

if TYPE_CHECKING:
    from ..engine.turnstate import Turn


LOOKAHEAD = True  # a replay takes on the way the value a search tries first (`first_value`)
IN_A_REPEAT = True  # ... a Repeat Action's fields too (off: the reference of the tests)


class Probe:
    """Put on a record being made: stops the rules at the first field not decided yet."""

    def __init__(self, g: Game, p: PlayerState, partial: Partial, root: Path,
                 domains: dict[str, Domain], table: dict[Any, Any] | None = None) -> None:
        self.g, self.p, self.partial, self.root, self.domains = g, p, partial, root, domains
        self.settled: set[Path] = set()  # fields read already that are decided or left out
        # what the rules found of the table the whole search starts from (the same for each
        # of its replays: `choosable` of a tile), kept by the search's runner; None: nothing
        self.table = table
        # the decisions met and taken on the way, each with the value a search tries first
        # (`first_value`): the replays a search would make next, made by this one
        # (`Search.probe` keeps them)
        self.lookahead = LOOKAHEAD
        self.taken: list[tuple[Raw, Partial]] = []  # each with the record before it
        self.parse: Callable[[dict[str, Any]], Record] | None = None
        self.view: Record | None = None
        # a tile chosen whose choosing move draws, not yet judged by `choosable`: judged if this
        # replay fails (`at_the_choice`): the player's name, the tile, the action's record, the
        # turn, the decisions taken before the choice, and the table before it, if kept
        self.choice: tuple[str, str, StepRecord, Turn, int, GameState | None] | None = None

    def record(self, parse: Callable[[dict[str, Any]], Record]) -> Any:
        """The record being made, read through this probe; `parse` reads it from the values
        decided (again, when this replay takes a decision on the way)."""
        self.parse = parse
        self.view = probed(parse(self.partial.data), self)
        return self.view

    def read(self, path: Path, key: str, item: str | int | None = None, *,
             outcome: bool = False) -> bool:
        return self.ask(path, key, item, outcome=outcome)

    def choosing(self, g: Game, p: PlayerState, action: str, step: StepRecord,
                 before: GameState | None, turn: Turn) -> IllegalMove | None:
        return at_the_choice(g, p, action, step, before, turn)  # `reading.VIEWS`

    def ask(self, full: Path, key: str, item: str | int | None, *, outcome: bool) -> bool:
        """Raise Undecided at the first field the rules read that is not decided yet, unless
        this replay can take the value a search tries first there (`first_value`: then it
        does, and goes on); True when the field is settled (decided, left out, or not a
        decision), False for a mapping or list the rules read whole once complete."""
        if full in self.settled:
            return True
        domain = self.domains.get(key)
        if domain is None:
            return True
        path = full[len(self.root):]
        value = self.partial.value_at(path)
        if value is not MISSING and value is not PENDING and key not in CONTAINER_KEYS:
            self.settled.add(full)
            return True  # decided
        omitted = self.partial.omitted
        if omitted:
            for n in range(1, len(path) + 1):
                if path[:n] in omitted:
                    self.settled.add(full)
                    return True  # left out, or inside what is left out
        p = self.g.state.players[self.g.state.current]
        raw = domain(Ask(self.g, p, path, key, item, value, self.partial, outcome))
        taken = False
        while raw is not None:
            raw = raw.of(key)
            first = self.first_value(raw) if self.lookahead else MISSING
            if first is MISSING:
                if taken:
                    self.refresh()
                raise Undecided(raw)
            # this replay goes on as the search's next one would: with the value it tries first
            self.taken.append((raw, self.partial))
            self.partial = self.partial.choose(raw, first)
            taken = taken or (first is not OMIT and first is not END)
            if key not in CONTAINER_KEYS:
                if taken:
                    self.refresh()
                self.settled.add(full)
                return True
            # a mapping or list made by several decisions: its next one, or complete (None)
            raw = domain(Ask(self.g, p, path, key, item, self.partial.value_at(path),
                             self.partial, outcome))
        if taken:
            self.refresh()
        return False

    def first_value(self, raw: Raw) -> Any:
        """The value a search for some complete record tries first at this decision
        (`witnesses`), when this replay can take it on the way; else MISSING. It can leave
        the field out (the record reads its default) or end a list; decide a plain value of
        a field of the record (a site, a token, a count, a resident...), an entry of a
        mapping of counts (cubes, bids, excess...) or a random outcome (read through
        `Game.outcome`), the record then read again (`refresh`), in the turn's record or in
        a Repeat Action's (counted by the search as the replays they spare, `Search.spare`).
        Not an element of a list (the rules may hold the list), a value made of several
        decisions, or the tile."""
        value = next(witnesses(raw), MISSING)
        if value is MISSING or value is OMIT or value is END:
            return value
        if raw.kind == "count" and value == 0 and raw.zero_omits:
            return OMIT
        if self.parse is None or raw.key == "tile":
            return MISSING
        outcome = raw.key in OUTCOME_KEYS
        inner = raw.path[:-1] if outcome and isinstance(raw.path[-1], int) else raw.path
        if any(isinstance(k, int) and (i == 0 or inner[i - 1] != "repeat" or not IN_A_REPEAT)
               for i, k in enumerate(inner)):  # a Repeat Action's fields are taken: its
            return MISSING  # record is made again in place, as the turn's is (`refresh`)
        if not outcome and not isinstance(value, (str, int)):
            return MISSING
        return value

    def refresh(self) -> None:
        """The record read again with the values taken (`records.refresh`)."""
        if self.parse is not None and self.view is not None:
            refresh(self.view, self.parse(self.partial.data))

    def unchoosable(self, start: GameState, number: int) -> IllegalMove | None:
        """After this replay failed: why no draw of the choosing move lets the player perform
        the Action chosen (`choosable`), if none does; the table before the choice is the one
        the replay started from (`start`, of turn `number`) unless it was kept. Nothing
        changes the table between the start of a turn and its choosing move."""
        if self.choice is None:
            return None
        name, action, step, turn, _, before = self.choice
        if before is None:
            before = start.copy()
            before.turn = number
        return choosable(self.g, self.g.state.player(name), action, step, before, turn)

    def result(self, *, done: bool = False, error: IllegalMove | None = None,
               raw: Raw | None = None, whole: bool = False) -> Result:
        """What this probe found, with the decisions it took on the way (the replay is over).
        A search keeps it: the error keeps its message and place, not its traceback, whose
        frames would keep the whole replay's table alive (and, as cycles, busy the garbage
        collector)."""
        if error is not None:
            error.__traceback__ = error.__context__ = error.__cause__ = None
        self.view = self.parse = None  # the record read through this probe refers to it
        dead = self.choice[4] if whole and self.choice is not None else None
        return Result(done, error, raw, tuple(self.taken), self.partial, dead)



# --- runners: a whole turn, or one action in the middle of a turn -------------------------------

@contextmanager
def quiet(g: Game, state: GameState | None = None) -> Iterator[Game]:
    """The table made ready for a probe: a copy of the state (or of `state`), no Chance
    (every outcome is a decision), strict (a finding is an error), its records read through
    their probes (`VIEWS`), the ledger and findings put back after."""
    saved = (g.state, g.chance, g.lenient, g.reader, len(g.ledger.entries), len(g.findings))
    g.state = (g.state if state is None else state).copy()
    g.chance, g.lenient, g.reader = None, False, VIEWS
    try:
        yield g
    finally:
        g.state, g.chance, g.lenient, g.reader, size, found = saved
        del g.ledger.entries[size:]
        del g.findings[found:]

def action_runner(g: Game, p: PlayerState, action: str, perform: Callable[[StepRecord], object],
                  path: Path, domains: dict[str, Domain]) -> Runner:
    """Judge an action record being made: perform it (`perform`, the action's function) on a
    copy of the table as it is now, in the middle of the turn."""

    def run(partial: Partial) -> Result:
        with quiet(g):
            probe = Probe(g, p, partial, path, domains)
            try:
                perform(probe.record(lambda d: parse_partial(d, path, step=True)))
            except Undecided as u:
                return probe.result(raw=u.raw)
            except IllegalMove as e:
                return judged(probe, e)
            return probe.result(done=True)

    return run


def judged(probe: Probe, error: IllegalMove | None) -> Result:
    """A finished probe: legal, or a broken rule; a field the rules require and no read asked
    for (an `IncompleteRecord` raised where the need is found) is asked of its domain now, the
    table still as it was when the rule found it missing."""
    if error is None:
        return probe.result(done=True)
    if isinstance(error, IncompleteRecord):
        probe.lookahead = False  # the replay has stopped: the decision is asked, not taken
        raw = incomplete_decision(probe, error)
        if raw is not None:
            return probe.result(raw=raw)
    return probe.result(error=error)


def incomplete_decision(probe: Probe, error: IncompleteRecord) -> Raw | None:
    """The decision an `IncompleteRecord` names: its deepest key with a domain."""
    full = error.path
    if tuple(full[:len(probe.root)]) != probe.root:
        return None
    path = tuple(full[len(probe.root):])
    if path in probe.partial.omitted:
        return None
    for i in range(len(path) - 1, -1, -1):
        key = path[i]
        if isinstance(key, str) and key in probe.domains:
            item = path[i + 1] if i + 1 < len(path) else None
            try:
                probe.ask(probe.root + path[:i + 1] + ((item,) if item is not None else ()),
                          key, item if isinstance(item, (str, int)) else None, outcome=True)
            except Undecided as u:
                return u.raw
            return None
    return None

def able(g: Game, p: PlayerState, action: str, step: StepRecord,
         vp_before_choice: int | None) -> IllegalMove | None:
    """R-TAR-06 (b), "a Player is able to perform the selected Action": None when some complete
    legal record of `action` exists for `p` in the table as it is now (after the choosing move
    and the step-2 benefits, where the action would begin), for some random outcome; else the
    rule the attempt that got furthest broke. A search stopped by MAX_PROBES counts as able
    (nothing is refused on a doubt)."""

    def perform(s: StepRecord) -> object:
        return ACTIONS[action](g, g.state.player(p.name), s.action,
                               TurnContext(s, vp_before_choice=vp_before_choice))

    search = Search(action_runner(g, p, action, perform, step.path, DOMAINS), step.path)
    try:
        ok, why = search.attempt(Partial({"tile": action}))
    except SearchCapped:
        return None
    if ok:
        return None
    return why or IllegalMove("R-TAR-06", "no way of performing it is left.", step.path)


def able_at_the_choice(g: Game, p: PlayerState, action: str, step: StepRecord, before: GameState,
                       turn: Turn) -> bool:
    """R-TAR-06 judged at the choice, before the random draws of the choosing move and of
    step 2 (a TAR completion's refill, the Merchant's cube): whether, from the table `before`
    the choosing move, some draw lets the player carry the action out. A player who chose an
    eligible tile and drew badly takes the penalty (as after an Import roll, AMB-A14-03 (a)).
    In a turn being made, a tile the search knows already (`choosable`, asked when an earlier
    replay failed) is answered by it: carrying the Action out after some draw is performing
    it (nothing after it can fail: `domains.turn.declined`), and the table before the choosing
    move is the one the turn starts from."""

    probe = probe_of(step)
    if shortcuts.SHORTCUTS and step is turn.record and isinstance(probe, Probe) and \
            probe.table is not None and action in probe.table:
        return probe.table[action] is None
    return _at_the_choice(g, p, action, step, before, turn, only_the_action=False)[0]


def choosable(g: Game, p: PlayerState, action: str, step: StepRecord, before: GameState,
              turn: Turn) -> IllegalMove | None:
    """For a turn being made (the search), a tile whose choosing move draws at random: None
    when, for some draw, the player can perform the Action (from the table `before` the
    choosing move); else why not (the rule the attempt that got furthest broke). When none
    can, no legal turn chooses the tile (R-TAR-06): carrying it out needs the Action performed
    for the draw made, and declining it needs the player able to perform it, after the draw
    (`able`) or at the choice (`able_at_the_choice`, whose every success performs the Action
    too). So the search need not try every draw to find that out, one by one (the tile's
    options are the same: `tests/test_choices.py`). The answer is kept for the table the
    search starts from (`Probe.table`: the same for each of its replays)."""
    probe = probe_of(step)
    table = probe.table if isinstance(probe, Probe) else None
    if table is not None and action in table:
        known: IllegalMove | None = table[action]
        return known
    turn = replace(turn, record=unprobed(turn.record))  # only the action's record is made here
    found, why = _at_the_choice(g, p, action, step, before, turn, only_the_action=True,
                                keep=table is None)
    if found:
        why = None
    elif why is None:
        why = IllegalMove("R-TAR-06", f"{p.name} could not perform the Action, whatever the "
                              "draws of the choosing move.", step.path)
    if table is not None:
        table[action] = why
    return why


def at_the_choice(g: Game, p: PlayerState, action: str, step: StepRecord,
                  before: GameState | None, turn: Turn) -> IllegalMove | None:
    """Where a turn being made chooses a tile whose choosing move draws at random: why the
    tile cannot be chosen whatever the draws (`choosable`), if the search knows it already.
    Else the search of a turn judges it only if this replay fails (`Probe.unchoosable`): a
    replay that carries the Action out has shown that some draw lets the player perform it,
    and most do. `before`: the table before the choosing move, if kept."""
    probe = probe_of(step)
    if isinstance(probe, Probe) and probe.table is not None:
        if action in probe.table:
            known: IllegalMove | None = probe.table[action]
            return known
        # the turn's record as it is now: what a failing replay decides after the choice
        # (a final sale, excess cubes...) is no part of the question
        probe.choice = (p.name, action, step, replace(turn, record=unprobed(turn.record)),
                        len(probe.taken), before)
        return None
    return choosable(g, p, action, step, before or g.state, turn)


def _at_the_choice(g: Game, p: PlayerState, action: str, step: StepRecord, before: GameState,
                   turn: Turn, *, only_the_action: bool,
                   keep: bool = True) -> tuple[bool, IllegalMove | None]:
    """Whether some draw of the choosing move and of step 2 lets the player carry the action
    out from the table `before` (`only_the_action`: perform the Action itself, the Time Shift
    and Repeat Actions after it not judged), and if none does, why not; kept once found
    (`keep`: across searches; a caller that keeps it itself spares the table's fingerprint)."""

    key = (id(g.ed), fingerprint(before), action, p.name, turn.free_workers,
           tuple(turn.occupied_to_take_back), step.path, only_the_action) if keep else None
    known = _AT_THE_CHOICE.get(key) if key is not None else None
    if known is not None:
        return known

    def run(partial: Partial) -> Result:
        with quiet(g, before):
            probe = Probe(g, p, partial, step.path, AT_THE_CHOICE)
            try:
                play_action(g, g.state.player(p.name),
                            probe.record(lambda d: parse_partial(d, step.path, step=True)), turn,
                            only_the_action=only_the_action)
            except Undecided as u:
                return probe.result(raw=u.raw)
            except IllegalMove as e:
                return judged(probe, e)
            return probe.result(done=True)

    search = Search(run, step.path)
    try:  # carrying it out, not declining again
        found = search.attempt(Partial({"tile": action}, frozenset({("declined",)})))
    except SearchCapped:
        found = (True, None)
    if key is not None:
        if len(_AT_THE_CHOICE) > 4096:
            _AT_THE_CHOICE.clear()
        _AT_THE_CHOICE[key] = found
    return found


# a search of the turns of one table asks `able_at_the_choice` once for every draw it tries:
# the answer depends on the table before the draws only, so it is kept (with why not)
_AT_THE_CHOICE: dict[tuple[Any, ...], tuple[bool, IllegalMove | None]] = {}


def forget() -> None:
    """Drop the answers kept across searches (a benchmark's passes start equal)."""
    _AT_THE_CHOICE.clear()


def fingerprint(state: GameState) -> str:
    """The state as text, the edition left out (equal text, equal state): every field of its
    parts, written from their fields and not by their classes' `repr`, which are one short
    line for people (issue 33)."""
    town = state.townland
    buildings = {site: vars(b) for site, b in town.buildings.items()}
    return repr(([vars(p) for p in state.players], vars(state.ring),
                 {**vars(town), "buildings": buildings}, vars(state.supply), state.market,
                 state.municipality, state.four_plus, state.turn, state.current,
                 state.sudden_death, state.last_tile, state.options))
