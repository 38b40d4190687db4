"""The setup a simulated game is dealt from its seed: the Inner Land Tiles, the Municipal
tokens, the Market, the residents, the ring (with the variants' rings) and the Conversion Die,
and the variants a command line names (`--option`). Used by `grinivil simulate`, `new` and
`record`."""

from __future__ import annotations

import random
import re
from typing import Any

from ..edition.model import RESOURCES, Edition
from ..engine import townland
from ..engine.setup import DISPLAY, MARKET_CUBES_PER_PLAYER, PINK_TILES, SETUP_SLOTS
from ..engine.state import Townland

NAMES = ["Anna", "Bruno", "Clara", "David", "Emma", "Filip"]
COLOURS = ["brown", "grey", "beige", "white", "black", "orange"]
OPTION_KEYS = ("blocks", "big_town", "beginners_ring", "ignore_max_distance", "personalized_tar",
               "promo_tiles")
PROMO_TILES = ("follower", "crowdfunding", "manager")


class SimulationError(Exception):
    """The bots could not finish a game (a bug in the bots or the engine)."""


def parse_option(text: str) -> dict[str, Any]:
    """One `--option KEY=VALUE` of `grinivil simulate`: blocks=-1, big_town=true,
    promo_tiles=follower,manager, personalized_tar=true (the picks drawn)."""
    key, sep, raw = text.partition("=")
    key, raw = key.strip().replace("-", "_"), raw.strip()
    if not sep or key not in OPTION_KEYS:
        raise ValueError(f"'{text}' is not KEY=VALUE with KEY one of {', '.join(OPTION_KEYS)}")
    if key == "blocks":
        if not re.fullmatch("-?[0-9]{1,3}", raw):  # digits 0-9 only: int() also takes '٣'
            raise ValueError(f"blocks is a number (-2 to 2), not '{raw}'")
        return {key: int(raw)}
    if key == "promo_tiles":
        return {key: [t.strip() for t in raw.split(",") if t.strip()]}
    if raw.lower() not in ("true", "false", "yes", "no", "1", "0"):
        raise ValueError(f"{key} is true or false, not '{raw}'")
    return {key: raw.lower() in ("true", "yes", "1")}


def check_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """The variant options to play, normalised: known keys only, values of the right type."""
    out = dict(options or {})
    unknown = sorted(set(out) - set(OPTION_KEYS))
    if unknown:
        raise ValueError(f"unknown option {', '.join(unknown)}; known: {', '.join(OPTION_KEYS)}")
    for key in ("big_town", "beginners_ring", "ignore_max_distance"):
        if key in out and not isinstance(out[key], bool):
            raise ValueError(f"option {key} is true or false, not {out[key]!r}")
    if "blocks" in out and (isinstance(out["blocks"], bool) or not isinstance(out["blocks"], int)):
        raise ValueError(f"option blocks is a number (-2 to 2), not {out['blocks']!r}")
    tar = out.get("personalized_tar")
    if tar is not None and not isinstance(tar, (bool, list)):
        raise ValueError("option personalized_tar is true (picks drawn) or a list of picks")
    if "promo_tiles" in out:
        promos = list(out["promo_tiles"])
        bad = sorted(set(promos) - set(PROMO_TILES))
        if bad:
            raise ValueError(f"unknown promo tile {', '.join(bad)}; known: "
                             f"{', '.join(PROMO_TILES)}")
        out["promo_tiles"] = [t for t in PROMO_TILES if t in promos]
    return {k: v for k, v in out.items() if v not in (False, 0, None, [])}


def random_setup(edition: Edition, n: int, rng: random.Random,
                 options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A legal random setup: tiles, Municipal tokens, Market, residents, ring, Conversion Die;
    with the variants of `options` (the Beginners Ring, Personalized TAR picks consistent with
    the ring, promo tiles among the 7 pink tiles)."""
    options = dict(options or {})
    inner = sorted(k for k, t in edition.land_tiles.items() if t.zone == "inner")
    drawn = rng.sample(inner, 2)
    cards = sorted(k for k, c in edition.residents.items() if n >= 4 or not c.four_plus)
    rng.shuffle(cards)
    if len(cards) < DISPLAY + 2 * n:
        raise SimulationError(f"the edition has {len(cards)} resident cards a {n}-player game "
                              f"can use; the setup needs {DISPLAY + 2 * n} ({DISPLAY} on "
                              "display, 2 for each player)")
    display, cards = cards[:DISPLAY], cards[DISPLAY:]
    dealt = {NAMES[i]: [cards.pop(), cards.pop()] for i in range(n)}
    corners = set(edition.ring_corners.values())
    plain = sorted(k for k, t in edition.action_tiles.items()
                   if not t.pink and not t.promo and k not in corners)
    promos = list(options.get("promo_tiles") or [])
    if not options:
        pink = sorted(k for k, t in edition.action_tiles.items() if t.pink and not t.promo)
        ring = plain + rng.sample(pink, PINK_TILES)
        rng.shuffle(ring)
    else:
        ring, picks = variant_ring(edition, n, rng, options, plain, promos)
        if picks is not None:
            options["personalized_tar"] = picks
    log: dict[str, Any] = {
        "format": "grinivil-log/1",
        "edition": edition.name,
        "edition_digest": edition.digest,  # the data it is played with, pinned (issue 32)
        "title": f"Simulated {n}-player game",
    }
    if options:
        log["title"] = f"Simulated {n}-player game ({variant_names(options)})"
        log["options"] = options
    return log | {
        "players": [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(n)],
        "setup": {
            "money": edition.starting_money,
            "inner_tiles": drawn,
            "municipal_tokens": municipal_tokens(edition, drawn, rng, n),
            "market": market_stock(edition, n, rng),
            "display": display,
            "residents": dealt,
            "ring": ring,
            "conversion_rate": rng.choice([5, 6, 7, 8]),
        },
        "turns": [],
    }


def variant_ring(edition: Edition, n: int, rng: random.Random, options: dict[str, Any],
                 plain: list[str], promos: list[str]) -> tuple[list[str], list[Any] | None]:
    """The 16 variable tiles and the Personalized TAR picks (None when not played): the
    Beginners Ring layout, or the plain tiles with 7 pink tiles among which the promo tiles
    named and the tiles forced in; the picks drawn oldest (the first player) to youngest, one
    different tile each, a kept-out tile never a promo tile (R-VAR-BEG-02, R-VAR-PERS-01,
    AMB-SETUP-10)."""
    pink = sorted(k for k, t in edition.action_tiles.items()
                  if t.pink and (not t.promo or k in promos))
    tar = options.get("personalized_tar")
    picks: list[dict[str, str]] | None = list(tar) if isinstance(tar, list) else None
    if options.get("beginners_ring"):
        ring = list(edition.beginners_ring)
        if tar is True:
            picks = []
            for name in NAMES[:n]:
                named = {next(v for k, v in q.items() if k != "player") for q in picks}
                inside = [t for t in pink if t in ring and t not in named]
                outside = [t for t in pink if t not in ring and t not in named
                           and not edition.action_tiles[t].promo]
                kind, pool = (("include", inside) if rng.random() < 0.5 or not outside
                              else ("exclude", outside))
                picks.append({"player": name, kind: rng.choice(pool)})
        return ring, picks
    if tar is True:
        picks = []
        for name in NAMES[:n]:
            named = {next(v for k, v in q.items() if k != "player") for q in picks}
            forced = sum("include" in q for q in picks) + len(promos)
            free = [t for t in pink if t not in named]
            outs = [t for t in free if not edition.action_tiles[t].promo]
            if forced < PINK_TILES and rng.random() < 0.5:
                picks.append({"player": name, "include": rng.choice(free)})
            else:
                picks.append({"player": name, "exclude": rng.choice(outs)})
    decided: dict[str, str] = {}
    for q in picks or []:
        kind = "include" if "include" in q else "exclude"
        decided[q[kind]] = kind
    forced_in = list(promos) + sorted(t for t, k in decided.items()
                                      if k == "include" and t not in promos)
    rest = [t for t in pink if t not in forced_in and t not in decided]
    if len(forced_in) > PINK_TILES:
        raise ValueError(f"{len(forced_in)} pink tiles are forced onto the ring; it holds "
                         f"{PINK_TILES}")
    ring = plain + forced_in + rng.sample(rest, PINK_TILES - len(forced_in))
    rng.shuffle(ring)
    return ring, picks


def variant_names(options: dict[str, Any]) -> str:
    """A short title for the variants played."""
    names = []
    blocks = int(options.get("blocks", 0))
    if blocks:
        names.append(f"{'Quick' if blocks < 0 else 'Long'} Game {blocks:+d}")
    for key, name in (("big_town", "Big Town"), ("beginners_ring", "Beginners Ring"),
                      ("ignore_max_distance", "Maximum Distance ignored"),
                      ("personalized_tar", "Personalized TAR")):
        if options.get(key):
            names.append(name)
    if options.get("promo_tiles"):
        names.append("promo tiles " + ", ".join(options["promo_tiles"]))
    return "; ".join(names)


def municipal_tokens(edition: Edition, drawn: list[str], rng: random.Random,
                     n: int) -> dict[str, str]:
    """A random Commerce or Public token for each Municipal Non-residential site reachable at
    setup (R-SETUP-03/04)."""
    pool = sorted(k for k, b in edition.buildings.items()
                  if b.family != "house" and (n >= 4 or not b.four_plus))
    return {site: pool.pop(rng.randrange(len(pool)))
            for site in municipal_sites(edition, drawn, n)}


def municipal_sites(edition: Edition, drawn: list[str], n: int) -> list[str]:
    """The Municipal Non-residential sites reachable at setup, which get a token (none with 6
    players) (R-SETUP-03/04)."""
    if n >= 6:
        return []
    town = Townland()
    center = next(k for k, t in edition.land_tiles.items() if t.zone == "center")
    entrance = next(k for k, t in edition.land_tiles.items() if t.entrance)
    town.tiles = {"C": center, SETUP_SLOTS[0]: drawn[0], SETUP_SLOTS[1]: drawn[1], "O1": entrance}
    town.road_tokens = {"R1"}
    return [site for site in sorted(townland.buildable_sites(edition, town))
            if (spec := townland.site_spec(edition, town, site)).municipal
            and spec.kind == "nonresidential"]


def market_stock(edition: Edition, n: int, rng: random.Random) -> dict[str, int]:
    """Cubes drawn for the Market, redrawing when a section is full (R-SETUP-11/12)."""
    side = edition.market_for(n)
    pouch = dict(edition.cubes)
    stock = {r: 0 for r in RESOURCES}
    while sum(stock.values()) < MARKET_CUBES_PER_PLAYER[n] * n:
        bag = [r for r in RESOURCES for _ in range(pouch[r])]
        r = rng.choice(bag)
        if stock[r] < len(side.sections[r]):
            stock[r] += 1
            pouch[r] -= 1
    return stock

