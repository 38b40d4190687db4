"""The setup of a game dealt at the table, asked question by question for a new log: the
players and their colours in seating order, the variants, then what was dealt (the two Inner
Land Tiles, a Municipal token for each Municipal site, the Market's cubes, the Display, each
player's residents, the 16 tiles of the ring in order, the first Conversion Die roll), each
offered from what the edition has and what is still left. The setup's rules judge the whole
(`engine/setup.set_up`, R-SETUP-*): a setup they refuse is not written. At any question, `?`
says what it takes, `back` goes to the question before (the answers before it are given again
without a word, `Replaying`), `quit` leaves; the Market's cubes may be given at once by their
initials.
"""

from __future__ import annotations

from typing import Any

from ..choose import Decision
from ..edition.model import RESOURCES, Edition
from ..engine.setup import COLOURS, DISPLAY, MARKET_CUBES_PER_PLAYER, PINK_TILES, set_up
from ..errors import IllegalMove
from ..table import answers
from ..table.deal import check_options, municipal_sites, parse_option
from .console import Console, Question, Stop
from .session import CannotRecord, name_refused

RING_POSITIONS = 20


class Back(Exception):
    """`back` at a setup question: the question before is asked again."""


class Replaying:
    """The console of one pass over the setup's questions: the answers taken before a `back`
    given again without a word (`given`), then the user's; the answers taken on the way
    (`taken`), for the next `back`."""

    def __init__(self, console: Console, given: list[str]) -> None:
        self.console = console
        self.given = list(given)
        self.taken: list[str] = []
        self.shows_tiles = console.shows_tiles

    @property
    def width(self) -> int:
        return self.console.width

    def ask(self, question: Question) -> str:
        return self.given.pop(0) if self.given else self.console.ask(question)

    def say(self, text: str) -> None:
        if not self.given:  # what was said the first time is not said again
            self.console.say(text)

    def refuse(self, message: str, code: int) -> None:
        self.console.refuse(message, code)

    def confirm(self, question: str) -> bool:
        return self.console.confirm(question)


def answer(console: Console, q: Question) -> str:
    """The next answer to a setup question, its commands done: `?` the options, `back` the
    question before (Back), `board` (nothing is on the table yet), `quit` (Stop)."""
    while True:
        text = console.ask(q)
        word = text.strip().lower()
        if word in ("?", "help"):
            console.say("  " + (answers.choices_text(q.decision, limit=1000)
                                if q.decision.options or q.decision.ranges else
                                q.decision.what) + "\n  (back: the question before; quit)")
        elif word == "back":
            raise Back
        elif word == "board":
            console.say("  nothing is on the table yet: the setup is being dealt")
        elif word == "quit":
            raise Stop
        else:
            return text


def took(console: Console, text: str) -> None:
    """An answer taken (for `back`: the answers before a question are given again)."""
    if isinstance(console, Replaying):
        console.taken.append(text)


def ask(console: Console, title: str, decision: Decision, default: Any = None) -> Any:
    """One setup question, asked until its answer names an option (`default`: what an empty
    answer gives, when the decision has none of its own)."""
    if default is None:
        default = answers.default(decision)
    q = Question(f"setup: {title}", decision,
                 [answers.option_text(o) for o in decision.options],
                 "" if default is answers.NO_DEFAULT else answers.option_label(default))
    while True:
        text = answer(console, q)
        if not text.strip() and default is not answers.NO_DEFAULT:
            took(console, text)
            return default
        try:
            value = answers.parse(decision, text)
        except answers.NotAnOption as e:
            console.refuse(str(e), 2)
            continue
        took(console, text)
        return value


def one_of(what: str, rule: str, options: list[Any]) -> Decision:
    return Decision(("setup",), "one-of", what, rule, options=tuple(options))


def count(what: str, rule: str, lo: int, hi: int) -> Decision:
    return Decision(("setup",), "count", what, rule, ranges=((lo, hi),) if hi >= lo else ())


def ask_text(console: Console, title: str, check: Any) -> str:
    """A free answer (a name), asked until `check` finds nothing wrong with it."""
    q = Question(f"setup: {title}", one_of(title, "R-GEN-01", []), [], "")
    while True:
        text = answer(console, q).strip()
        why = check(text)
        if why is None:
            took(console, text)
            return text
        console.refuse(why, 2)


def deal_at_the_table(console: Console, edition: Edition) -> dict[str, Any]:
    """The log's header, as dealt at the table (judged by the setup's rules); `back` at any
    question goes to the one before, through the whole setup: the answers before it are
    given again without a word."""
    given: list[str] = []
    while True:
        feed = Replaying(console, given)
        try:
            return deal(feed, edition)
        except Back:
            if not feed.taken:
                console.say("  this is the setup's first question")
            given = feed.taken[:-1]


def deal(console: Console, edition: Edition) -> dict[str, Any]:
    """One pass over the setup's questions (`deal_at_the_table`)."""
    n = ask(console, "how many players", count("players", "R-GEN-01", 2, 6))
    names: list[str] = []
    for i in range(n):
        def check(text: str, taken: list[str] = names) -> str | None:
            if text in taken:
                return f"{text} plays already"
            return name_refused(text)  # the schema's length too: the log must read back
        names.append(ask_text(console, f"player {i + 1} in seating order (first player "
                                       "first): name", check))
    colours: list[str] = []
    for name in names:
        free = [c for c in COLOURS if c not in colours and (c != "orange" or n == 6)]
        colours.append(ask(console, f"{name}'s colour", one_of("colour", "R-GEN-01", free),
                           free[0]))
    options = ask_options(console)
    inner = sorted(k for k, t in edition.land_tiles.items() if t.zone == "inner")
    drawn: list[str] = []
    for i in range(2):
        drawn.append(ask(console, f"Inner Land Tile {i + 1} of 2", one_of(
            "Inner Land Tile", "R-SETUP-01", [t for t in inner if t not in drawn])))
    pool = sorted(k for k, b in edition.buildings.items()
                  if b.family != "house" and (n >= 4 or not b.four_plus))
    tokens: dict[str, str] = {}
    for site in municipal_sites(edition, drawn, n):
        tokens[site] = ask(console, f"the Municipal token on {site}", one_of(
            "Municipal token", "R-SETUP-03", [b for b in pool if b not in tokens.values()]))
    market = ask_market(console, edition, n)
    cards = sorted(k for k, c in edition.residents.items() if n >= 4 or not c.four_plus)
    dealt: list[str] = []
    display = []
    for i in range(DISPLAY):
        display.append(ask(console, f"Display card {i + 1} of {DISPLAY}", one_of(
            "resident card", "R-SETUP-08", [c for c in cards if c not in dealt])))
        dealt.append(display[-1])
    residents: dict[str, list[str]] = {}
    for name in names:
        for i in range(2):
            card = ask(console, f"{name}'s resident {i + 1} of 2", one_of(
                "resident card", "R-SETUP-15", [c for c in cards if c not in dealt]))
            residents.setdefault(name, []).append(card)
            dealt.append(card)
    if options.get("personalized_tar"):
        options["personalized_tar"] = ask_picks(console, edition, names, options)
    ring = list(edition.beginners_ring) if options.get("beginners_ring") else \
        ask_ring(console, edition, options)
    rate = ask(console, "the Conversion Die's first roll", count("Conversion Die", "R-SETUP-22",
                                                                  5, 8))
    log: dict[str, Any] = {"format": "grinivil-log/1", "edition": edition.name,
                           "edition_digest": edition.digest,  # the data, pinned (issue 32)
                           "title": f"{n}-player game"}
    if options:
        log["options"] = options
    log |= {
        "players": [{"name": a, "colour": c} for a, c in zip(names, colours, strict=True)],
        "setup": {"money": edition.starting_money, "inner_tiles": drawn,
                  "municipal_tokens": tokens, "market": market, "display": display,
                  "residents": residents, "ring": ring, "conversion_rate": rate},
        "turns": [],
    }
    try:
        set_up(edition, log)
    except IllegalMove as e:
        raise CannotRecord(f"the setup breaks {e.rule}: {e.message} (nothing is written)",
                           1) from None
    return log


def ask_options(console: Console) -> dict[str, Any]:
    q = Question("setup: variants, KEY=VALUE separated by spaces (blocks=-1 big_town=true "
                 "beginners_ring=true ignore_max_distance=true personalized_tar=true "
                 "promo_tiles=follower,manager), or none", one_of("variants", "R-VAR", []), [],
                 "none")
    while True:
        text = answer(console, q).strip()
        if text.lower() in ("", "none", "-"):
            took(console, text)
            return {}
        try:
            options: dict[str, Any] = {}
            for item in text.split():
                options.update(parse_option(item))
            if not isinstance(options.get("personalized_tar", True), bool):
                raise ValueError("personalized_tar=true: each player's pick is asked next")
            checked = check_options(options)
        except ValueError as e:
            console.refuse(str(e), 2)
            continue
        took(console, text)
        return checked


def ask_picks(console: Console, edition: Edition, names: list[str],
              options: dict[str, Any]) -> list[dict[str, str]]:
    """Personalized TAR: each player's pick in seating order, a pink tile forced onto the ring
    (`include TILE`) or kept out of it (`exclude TILE`, never a promo tile), each tile named
    once; with the Beginners Ring, an included tile is one of its own and an excluded one is
    not (R-VAR-PERS-01, AMB-SETUP-10)."""
    promos = set(options.get("promo_tiles") or [])
    pink = sorted(k for k, t in edition.action_tiles.items()
                  if t.pink and (not t.promo or k in promos))
    beginners = set(edition.beginners_ring) if options.get("beginners_ring") else None
    picks: list[dict[str, str]] = []
    for name in names:
        named = {tile for pick in picks for key, tile in pick.items() if key != "player"}
        forced = sum("include" in pick for pick in picks) + len(promos)
        free = [t for t in pink if t not in named]
        ins = [t for t in free if beginners is None or t in beginners]
        outs = [t for t in free if not edition.action_tiles[t].promo
                and (beginners is None or t not in beginners)]
        offered = ([f"include {t}" for t in ins] if beginners is not None or forced < PINK_TILES
                   else []) + [f"exclude {t}" for t in outs]
        kind, tile = ask(console, f"{name}'s Personalized TAR pick", one_of(
            "pick", "R-VAR-PERS-01", offered)).split(" ", 1)
        picks.append({"player": name, kind: tile})
    return picks


def ask_market(console: Console, edition: Edition, n: int) -> dict[str, int]:
    """The cubes drawn for the Market: each section at most its holes, the total the player
    count's (R-SETUP-11/12); at the first question, all of them at once by their initials or
    names (`cccwwwwss`, `c c c w`)."""
    side = edition.market_for(n)
    total = MARKET_CUBES_PER_PLAYER[n] * n
    out: dict[str, int] = {}
    for i, r in enumerate(RESOURCES):
        left = total - sum(out.values())
        later = sum(min(len(side.sections[x]), edition.cubes[x]) for x in RESOURCES[i + 1:])
        most = min(len(side.sections[r]), edition.cubes[r], left)
        least = max(0, left - later)
        d = count(f"{r} cubes", "R-SETUP-11", least, most)
        title = f"{r} cubes on the Market ({total} in all)"
        if i == 0:
            whole = ask_whole_market(console, edition, n, title + ", or all by initials "
                                     "(cccwwwwss)", d)
            if isinstance(whole, dict):
                return whole
            out[r] = whole
            continue
        out[r] = ask(console, title, d)
    return out


def ask_whole_market(console: Console, edition: Edition, n: int, title: str,
                     d: Decision) -> dict[str, int] | int:
    """The first section's count, or every section's cubes by their initials, checked against
    each section's holes and the player count's total (R-SETUP-11/12)."""
    side = edition.market_for(n)
    total = MARKET_CUBES_PER_PLAYER[n] * n
    default = answers.default(d)
    q = Question(f"setup: {title}", d, [],
                 "" if default is answers.NO_DEFAULT else answers.option_label(default))
    while True:
        text = answer(console, q)
        counts = answers.cube_counts(text)
        if counts is None or not text.strip():
            try:
                value = default if not text.strip() and default is not answers.NO_DEFAULT \
                    else answers.parse(d, text)
            except answers.NotAnOption as e:
                console.refuse(str(e), 2)
                continue
            took(console, text)
            return int(value)
        too_many = [f"{counts[r]} {r} (its section has {len(side.sections[r])} holes)"
                    for r in RESOURCES if counts[r] > min(len(side.sections[r]),
                                                          edition.cubes[r])]
        if too_many or sum(counts.values()) != total:
            console.refuse(f"R-SETUP-11: the Market takes {total} cubes with {n} players, "
                           f"each section at most its holes; {answers.quoted(text.strip())} "
                           f"is {sum(counts.values())}" +
                           (f", {', '.join(too_many)}" if too_many else ""), 1)
            continue
        took(console, text)
        return counts


def ask_ring(console: Console, edition: Edition, options: dict[str, Any]) -> list[str]:
    """The 16 variable tiles of the ring in order, from position 2: every plain tile once and
    7 pink tiles (the promo tiles played among them) (R-SETUP-18/19)."""
    corners = set(edition.ring_corners.values())
    promos = set(options.get("promo_tiles") or [])
    picks = options.get("personalized_tar") or []
    forced_in = promos | {p["include"] for p in picks if "include" in p}
    kept_out = {p["exclude"] for p in picks if "exclude" in p}
    plain = sorted(k for k, t in edition.action_tiles.items()
                   if not t.pink and not t.promo and k not in corners)
    pink = sorted(k for k, t in edition.action_tiles.items()
                  if t.pink and (not t.promo or k in promos) and k not in kept_out)
    ring: list[str] = []
    positions = [p for p in range(1, RING_POSITIONS + 1) if p not in edition.ring_corners]
    for position in positions[:len(plain) + PINK_TILES]:
        slots = len(plain) + PINK_TILES - len(ring)
        plain_left = [t for t in plain if t not in ring]
        pinks = sum(t in pink for t in ring)
        promos_left = [t for t in forced_in if t not in ring]
        offered = list(plain_left) if slots > len(plain_left) or not plain_left else []
        if slots > len(plain_left) and pinks < PINK_TILES:
            pink_left = [t for t in pink if t not in ring]
            if PINK_TILES - pinks == len(promos_left):
                pink_left = promos_left
            offered += pink_left
        if slots == len(plain_left):
            offered = plain_left
        ring.append(ask(console, f"the tile at ring position {position}", one_of(
            "Action Tile", "R-SETUP-21", sorted(offered))))
    return ring
