"""Setup: what the log says was set up must be consistent with the rules for its player count
(rulebook: Setup; Time Action Ring Setup)."""

from __future__ import annotations

from typing import Any

from ..edition.model import RESOURCES, Edition
from ..errors import IllegalMove
from . import townland
from .exploring import place_municipal_blocks
from .game import Game, describe_cubes, plural, required
from .ledger import Ledger
from .market import holes
from .records import Cubes, Header, Options, Pick, Seat, Setup, value_of
from .state import MUNICIPALITY, GameState, PlayerState, Ring, Supply, Townland

PLAYER_COUNTS = range(2, 7)  # R-GEN-01
BLOCKS = {2: 14, 3: 12, 4: 10, 5: 9, 6: 9}  # R-SETUP-15
MARKET_CUBES_PER_PLAYER = {2: 6, 3: 6, 4: 6, 5: 5, 6: 5}  # R-SETUP-11
DISPLAY = 5  # R-SETUP-08
DEALT = 2  # R-SETUP-15
STARTING_TREES = 2  # R-SETUP-16
PINK_TILES = 7  # R-SETUP-19
VARIABLE_TILES = 16  # R-SETUP-20
INNER_TILES = 2  # 1C and 1D (R-SETUP-01)
SETUP_SLOTS = ("I0", "I1")  # 1C and 1D (docs/architecture.md)
ENTRANCE_SLOT, SETUP_ROAD = "O1", "R1"  # 1A and the road token 1E
COLOURS = ("brown", "grey", "beige", "white", "black", "orange")
VARIANT_BLOCKS = 2  # Quick / Long Game: 1 or 2 Blocks fewer / more (R-VAR-QUICK-01, R-VAR-LONG-01)


def set_up(edition: Edition, log: Header | dict[str, Any]) -> Game:
    """The state before the first turn, checked against the setup rules (R-SETUP-01..24).
    `log`: the log's header read into its record (`Header.read`), or the log's data."""
    header = log if isinstance(log, Header) else Header.read(log)
    setup, players, options = header.setup, header.players, header.options
    check_player_count(players)
    n = len(players)
    four_plus = n >= 4
    state = GameState(edition=edition, players=[], ring=Ring(tiles=[]), townland=Townland(),
                      supply=new_supply(edition, n), market={r: 0 for r in RESOURCES},
                      municipality=n < 6, four_plus=four_plus, options=options)
    g = Game(state, Ledger())
    check_promo_tiles(edition, options)
    check_colours(players)
    money = edition.starting_money if setup.money is None else setup.money
    blocks = BLOCKS[n] + variant_blocks(options, n)
    for seat in players:
        state.players.append(PlayerState(name=seat.name, colour=seat.colour, money=money,
                                         blocks=blocks, trees=STARTING_TREES,
                                         markers=edition.ownership_markers))
    deal_residents(g, setup)
    state.ring = set_up_ring(edition, setup, frozenset(options.promo_tiles))
    check_beginners_ring(state, setup)
    check_personalized_tar(state, setup)
    lay_out_townland(g, setup)
    fill_market(g, setup, n)
    return g


def check_player_count(players: tuple[Seat, ...]) -> None:
    """Grinivil is played by 2 to 6 players (R-GEN-01)."""
    n = len(players)
    if n not in PLAYER_COUNTS:
        raise IllegalMove("R-GEN-01", f"Grinivil is played by {PLAYER_COUNTS[0]} to "
                          f"{PLAYER_COUNTS[-1]} players; the log lists {n}.",
                          ("players", PLAYER_COUNTS[-1]) if n > PLAYER_COUNTS[-1] else ("players",))


def check_promo_tiles(edition: Edition, options: Options) -> None:
    """`options.promo_tiles` names promo tiles (#51P-#53P), which join the pink tiles drawn for
    the ring (R-SETUP-19, AMB-SETUP-10)."""
    promos = [k for k, t in edition.action_tiles.items() if t.promo]
    for i, tile in enumerate(options.promo_tiles):
        info = edition.action_tiles.get(tile)
        if info is None or not info.promo:
            raise IllegalMove("R-SETUP-19", f"'{tile}' is not a promo tile; the promo tiles "
                              f"that may join the pink tiles are {', '.join(promos)}.",
                              options.at("promo_tiles", i))


def variant_blocks(options: Options, n: int) -> int:
    """Quick Game: every player gives up 1 or 2 Blocks; Long Game: every player takes 1 or 2
    more, not with 2 players; the same number for everyone (R-VAR-QUICK-01, R-VAR-LONG-01,
    AMB-VAR-05)."""
    change = options.blocks
    if abs(change) > VARIANT_BLOCKS:
        raise IllegalMove("R-VAR-QUICK-01" if change < 0 else "R-VAR-LONG-01",
                          f"the Quick and Long Games change every player's Blocks by 1 or 2; "
                          f"the log says {change}.", options.at("blocks"))
    if change > 0 and n == 2:
        raise IllegalMove("R-VAR-LONG-01", f"the Long Game (+{plural(change, 'Block')}) is "
                          "not available with 2 players.", options.at("blocks"))
    return change


def check_beginners_ring(state: GameState, setup: Setup) -> None:
    """With the Beginners Ring the 16 variable tiles are the edition's fixed layout, not a
    random draw (R-VAR-BEG-02, AMB-VAR-01)."""
    if not state.options.beginners_ring:
        return
    layout = list(state.edition.beginners_ring)
    if not layout:
        raise IllegalMove("R-VAR-BEG-02", f"the edition {state.edition.name} has no Beginners "
                          "Ring layout ('beginners_ring').", state.options.at("beginners_ring"))
    ring = list(setup.ring or ())
    for i, (want, got) in enumerate(zip(layout, ring, strict=True)):
        if want != got:
            raise IllegalMove("R-VAR-BEG-02", f"the Beginners Ring has '{want}' at r{i + 1}; "
                              f"the log has '{got}'.", setup.at("ring", i))


def check_personalized_tar(state: GameState, setup: Setup) -> None:
    """Personalized TAR: each player, oldest to youngest, names at most one pink tile forced
    into the ring or kept out of it; forced-in tiles are among the 7 pink tiles, kept-out ones
    are not on the ring, and a tile named twice follows the later pick (R-VAR-PERS-01,
    AMB-VAR-02)."""
    picks = state.options.personalized_tar
    promos = state.options.promo_tiles
    ring = set(setup.ring or ())
    picked: dict[str, int] = {}
    decided: dict[str, tuple[str, int]] = {}  # tile -> ("include" or "exclude", pick index)
    for i, pick in enumerate(picks):
        name = pick.player
        if name in picked:
            raise IllegalMove("R-VAR-PERS-01", f"{name} picks one tile only; pick "
                              f"{picked[name] + 1} was already theirs.", pick.path)
        picked[name] = i
        kind, tile = pick_kind(pick)
        info = state.edition.action_tiles.get(tile)
        if info is None:
            raise IllegalMove("R-VAR-PERS-01", f"{name} picks '{tile}', which is not an action "
                              f"tile of the edition {state.edition.name}.", pick.at(kind))
        if not info.pink or (info.promo and tile not in promos):
            initial = tile in state.edition.ring_corners.values()
            why = ("has no pink border (an Initial tile)" if initial else
                   "has no pink border" if not info.pink else
                   "is a promo tile not in the game (options.promo_tiles)")
            raise IllegalMove("R-VAR-PERS-01", f"{name} picks '{tile}', which {why}; only a "
                              "pink tile of the game may be picked.", pick.at(kind))
        decided[tile] = (kind, i)
    for tile, (kind, i) in decided.items():
        if (kind == "include") != (tile in ring):
            why = ("forced it in, but it is not on the ring" if kind == "include"
                   else "kept it out, but it is on the ring")
            raise IllegalMove("R-VAR-PERS-01", f"{picks[i].player} {why} ('{tile}').",
                              picks[i].at(kind))


def pick_kind(pick: Pick) -> tuple[str, str]:
    """A Personalized TAR pick names one pink tile, to force it in ('include') or to keep it out
    ('exclude'): one of the two, not both (R-VAR-PERS-01). The kind and the tile."""
    kinds = [(kind, tile) for kind, tile in (("include", pick.include),
                                             ("exclude", pick.exclude)) if tile is not None]
    if len(kinds) != 1:
        what = "names both" if kinds else "names neither"
        raise IllegalMove("R-VAR-PERS-01", f"{pick.player} names one pink tile, to force in "
                          f"('include') or to keep out ('exclude'); the pick {what}.",
                          pick.at("exclude") if kinds else pick.path)
    return kinds[0]


def describe_options(options: Options) -> str:
    """The variants played, in words (for `validate`); "" for the base game."""
    parts = []
    if options.blocks:
        game = "Quick Game" if options.blocks < 0 else "Long Game"
        parts.append(f"{game} ({options.blocks:+d} Building Blocks each)")
    if options.big_town:
        parts.append("Big Town")
    if options.beginners_ring:
        parts.append("Beginners Ring")
    if options.ignore_max_distance:
        parts.append("Maximum Distance ignored")
    if options.personalized_tar:
        parts.append("Personalized TAR (" + ", ".join(
            f"{p.player} {'+' + p.include if p.include is not None else '-' + str(p.exclude)}"
            for p in options.personalized_tar) + ")")
    if options.promo_tiles:
        parts.append("promo tiles " + ", ".join(sorted(options.promo_tiles)))
    return ", ".join(parts)


def check_colours(players: tuple[Seat, ...]) -> None:
    """Each player has their own colour; orange belongs to a sixth player (R-GEN-01)."""
    seen: dict[str, int] = {}
    for i, seat in enumerate(players):
        if seat.colour in seen:
            raise IllegalMove("R-GEN-01", f"{seat.name} and {players[seen[seat.colour]].name} "
                              f"both play {seat.colour}.", seat.at("colour"))
        if seat.colour == "orange" and len(players) < 6:
            raise IllegalMove("R-SETUP-14", "orange is the Municipality's colour; only a sixth "
                              "player plays orange.", seat.at("colour"))
        seen[seat.colour] = i


def new_supply(edition: Edition, n: int) -> Supply:
    """The general supply; ●●●●+ tokens and cards are out with 2-3 players (R-SETUP-04/08,
    AMB-SETUP-02 (c)); the road token 1E is one of the 12 (AMB-SETUP-01 (ii))."""
    four_plus = n >= 4
    return Supply(
        pouch=dict(edition.cubes),
        road_tokens=edition.road_tokens - 1,
        trees=edition.trees - STARTING_TREES * n,
        small_warehouses=edition.small_warehouses,
        orange_blocks=edition.orange_blocks if n < 6 else 0,
        roof_blocks=edition.roof_blocks,
        occupied_tokens=edition.occupied_tokens,
        tokens={k: (b.tokens if four_plus or not b.four_plus else 0)
                for k, b in edition.buildings.items()},
        deck=[k for k, c in edition.residents.items() if four_plus or not c.four_plus],
    )


def deal_residents(g: Game, setup: Setup) -> None:
    """Five cards face up on the Display and two to each player, all different and from the
    deck of this player count (R-SETUP-08, R-SETUP-15, R-RESI-01)."""
    supply = g.state.supply
    display = list(setup.display or ())
    if len(display) != DISPLAY:
        raise IllegalMove("R-SETUP-08", f"the Display shows {DISPLAY} cards; the log lists "
                          f"{len(display)}.", setup.at("display"))
    for i, card in enumerate(display):
        take_card(g, card, setup.at("display", i))
    supply.display = list(display)
    dealt = setup.residents or ()
    for p in g.state.players:
        cards = value_of(dealt, p.name)
        if cards is None or len(cards) != DEALT:
            listed = (f"the log lists {len(cards)}" if cards is not None
                      else "the log must list them under setup.residents")
            raise IllegalMove("R-SETUP-15", f"{p.name} is dealt {DEALT} resident cards; "
                              f"{listed}.", setup.at("residents", p.name)
                              if cards is not None else setup.at("residents"))
        for i, card in enumerate(cards):
            take_card(g, card, setup.at("residents", p.name, i))
        p.residents = list(cards)
    for entry in dealt:
        if entry.key not in [p.name for p in g.state.players]:
            raise IllegalMove("R-SETUP-15", f"'{entry.key}' is not a player.",
                              setup.at("residents", entry.key))


def take_card(g: Game, card: str, path: tuple[str | int, ...]) -> None:
    """A card comes out of the deck once; ●●●●+ cards only with 4 or more players."""
    supply = g.state.supply
    if card not in supply.deck:
        known = g.ed.residents.get(card)
        why = ("is marked ●●●●+ (4 or more players only)" if known is not None
               and known.four_plus and not g.state.four_plus else
               "is dealt twice" if known is not None else "is not a resident card")
        raise IllegalMove("R-SETUP-08", f"'{card}' {why}.", path)
    supply.deck.remove(card)


def set_up_ring(edition: Edition, setup: Setup,
                promo_tiles: set[str] | frozenset[str] = frozenset()) -> Ring:
    """The 4 Initial Tiles in their corners, 7 pink tiles and every other tile in r1..r16
    (R-SETUP-18..22, AMB-SETUP-08); a promo tile only when `promo_tiles` (the log's
    `options.promo_tiles`) names it, and then it is one of the 7 pink tiles (AMB-SETUP-10)."""
    variable = list(setup.ring or ())
    path = setup.at("ring")
    if len(variable) != VARIABLE_TILES:
        raise IllegalMove("R-SETUP-20", f"the ring has {VARIABLE_TILES} variable tiles; the log "
                          f"lists {len(variable)}.", path)
    initial = set(edition.ring_corners.values())
    for i, key in enumerate(variable):
        info = edition.action_tiles.get(key)
        promo = info is not None and info.promo and key not in promo_tiles
        if info is None or key in initial or promo or variable.index(key) != i:
            why = ("is not an action tile" if info is None else "is an Initial tile, fixed in "
                   "its corner" if key in initial else "is a promo tile not in the game "
                   "(options.promo_tiles)" if promo else "is listed twice")
            raise IllegalMove("R-SETUP-21", f"'{key}' {why}.", path + (i,))
    pink = [k for k in variable if edition.action_tiles[k].pink]
    if len(pink) != PINK_TILES:
        raise IllegalMove("R-SETUP-19", f"{PINK_TILES} pink tiles are drawn for the ring; the "
                          f"log has {len(pink)} ({', '.join(pink)}).", path)
    missing = [k for k, t in edition.action_tiles.items()
               if not t.pink and not t.promo and k not in initial and k not in variable]
    if missing:
        raise IllegalMove("R-SETUP-20", f"every tile without a pink border is on the ring; "
                          f"missing: {', '.join(missing)}.", path)
    tiles: list[str] = []
    it = iter(variable)
    for pos in range(1, 21):
        tiles.append(edition.ring_corners[pos] if pos in edition.ring_corners else next(it))
    rate = required(setup.conversion_rate, setup, "conversion_rate",
                    "the first roll of the Conversion Die", "R-SETUP-22")
    if rate not in (5, 6, 7, 8):
        raise IllegalMove("R-VP-01", f"the Conversion Rate is 5 to 8 Grinies; the log says "
                          f"{rate}.", setup.at("conversion_rate"))
    return Ring(tiles=tiles, conversion_rate=rate)


def lay_out_townland(g: Game, setup: Setup) -> None:
    """1A, 1B, two random Inner tiles 1C/1D, the road 1E; Municipal Blocks on reachable
    Municipal sites (R-SETUP-01..07, AMB-SETUP-01)."""
    ed, supply, town = g.ed, g.state.supply, g.state.townland
    inner = [k for k, t in ed.land_tiles.items() if t.zone == "inner"]
    drawn = list(setup.inner_tiles or ())
    check_inner_tiles(drawn, inner, setup)
    center = next(k for k, t in ed.land_tiles.items() if t.zone == "center")
    entrance = next(k for k, t in ed.land_tiles.items() if t.entrance)
    for slot, key in (("C", center), (SETUP_SLOTS[0], drawn[0]), (SETUP_SLOTS[1], drawn[1]),
                      (ENTRANCE_SLOT, entrance)):
        town.tiles[slot] = key
        town.owners[slot] = MUNICIPALITY  # R-ZONE-04
    town.road_tokens.add(SETUP_ROAD)
    supply.inner_stack = [k for k in inner if k not in drawn]
    supply.outer_stack = [k for k, t in ed.land_tiles.items()
                          if t.zone == "outer" and k != entrance]
    place_municipal_blocks(g, sorted(townland.buildable_sites(ed, town)), setup)


def check_inner_tiles(drawn: list[str], inner: list[str], setup: Setup) -> None:
    """Setup draws two different Inner Land Tiles, 1C and 1D (R-SETUP-01)."""
    if len(drawn) != INNER_TILES:
        raise IllegalMove("R-SETUP-01", f"setup draws {INNER_TILES} Inner Land Tiles "
                          f"({', '.join(inner)}); the log lists {len(drawn)} in 'inner_tiles'.",
                          setup.at("inner_tiles"))
    for i, tile in enumerate(drawn):
        if tile not in inner:
            raise IllegalMove("R-SETUP-01", f"'{tile}' is not an Inner Land Tile (they are "
                              f"{', '.join(inner)}).", setup.at("inner_tiles", i))
        if drawn.index(tile) != i:
            raise IllegalMove("R-SETUP-01", f"'{tile}' is drawn twice: 1C and 1D are two "
                              "different Inner Land Tiles.", setup.at("inner_tiles", i))


def fill_market(g: Game, setup: Setup, n: int) -> None:
    """6 cubes per player (5 with 5-6 players) from the pouch, each section bottom up, none
    beyond its holes (R-SETUP-10..12, AMB-SETUP-03)."""
    counts = (setup.market or Cubes()).counts()
    expected = MARKET_CUBES_PER_PLAYER[n] * n
    if sum(counts.values()) != expected:
        raise IllegalMove("R-SETUP-11", f"the Market starts with {expected} cubes for {n} "
                          f"players; the log places {describe_cubes(counts)} "
                          f"({sum(counts.values())}).", setup.at("market"))
    for r in RESOURCES:
        if counts[r] > len(holes(g, r)):
            raise IllegalMove("R-SETUP-12", f"the {r} section has {len(holes(g, r))} holes; "
                              f"{counts[r]} {r} cannot be placed.", setup.at("market"))
    g.draw_from_pouch(None, counts, "starting Market", "R-SETUP-10", setup.at("market"))
    g.state.market = counts
