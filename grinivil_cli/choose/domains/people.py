"""The domains of people: Residents taken and given, the refill card, the House sold, and
Convert's amounts and die."""

from __future__ import annotations

from ...engine.residents import qualifying
from ..record import Ask, Raw
from .common import (
    one_of,
    player,
)


def take(ask: Ask) -> Raw:
    """#11: a Resident Card on the Display (R-A11-01)."""
    return one_of(ask, "the Resident taken from the Display", "R-A11-01",
                  list(ask.g.state.supply.display))


def give(ask: Ask) -> Raw:
    """#11 option 2: a Resident of the Portfolio given in exchange, for 10 Grinies
    (R-A11-02)."""
    return one_of(ask, "the Resident given in exchange (10 Grinies)", "R-A11-02",
                  list(player(ask).residents), optional=True)


def refill(ask: Ask) -> Raw | None:
    """The card drawn from the pile to refill the Display (R-A11-01)."""
    if not ask.outcome:
        return None
    return Raw(ask.path, "outcome", "the Resident drawn to refill the Display", "R-A11-01",
               tuple(sorted(ask.g.state.supply.deck)), any_one=True)  # the last step of #11


def house(ask: Ask) -> Raw:
    """The House sold: a finished, unsold House the player built a Floor of (R-SELL-02..04,
    R-SELL-12)."""
    g, p = ask.g, player(ask)
    mine = {s: b for s, b in g.state.townland.buildings.items()
            if b.building == "house" and p.name in b.blocks}
    sites = sorted(s for s, b in mine.items() if b.finished and not b.sold)
    rule = "R-END-03" if ask.parent == "final_sale" else "R-A12-01"
    raw = one_of(ask, "the House sold", rule, sites)
    if mine and all(b.sold for b in mine.values()):  # the narrowest rule: a roof on each
        return raw.but(why_rule="R-SELL-12", why_none=(
            f"every House {p.name} built a Floor of is sold already "
            f"({', '.join(sorted(mine))})."))
    if mine and all(b.sold or not b.finished for b in mine.values()):
        return raw.but(why_rule="R-SELL-02", why_none=(
            f"no House {p.name} built a Floor of is finished and unsold "
            f"({', '.join(sorted(mine))})."))
    return raw.but(why_none=f"{p.name} has no finished, unsold House they built a Floor of.")


def resident(ask: Ask) -> Raw:
    """The Resident moving in, from the Portfolio (R-SELL-01)."""
    p = player(ask)
    raw = one_of(ask, "the Resident moving in", "R-SELL-01", list(p.residents))
    return raw if p.residents else \
        raw.but(why_none=f"{p.name} has no Resident card in their Portfolio to move in.")


def features(ask: Ask) -> Raw | None:
    """The building that meets a feature of the Resident, when two or more do (R-SELL-10,
    AMB-SELL-01)."""
    if not isinstance(ask.item, str):
        return None
    g = ask.g
    holder = ask.holder
    where = holder.get("house") or ask.action.get("site")
    card = g.ed.residents.get(str(holder.get("resident")))
    if card is None or where is None:
        return None
    for f in card.mandatory + card.optional:
        if f.building == ask.item:
            found = sorted(b.site for b in qualifying(g, str(where), f))
            return Raw(ask.path, "one-of", f"the {g.ed.buildings[f.building].name} that meets "
                       "the feature", "R-SELL-10", tuple(found))
    return None


def vp_to_money(ask: Ask) -> Raw:
    """#13 Convert: 1 to 5 VPs into money at the Conversion Rate (R-VP-02, R-VP-05), or none
    (0: the other way, or nothing with 0 VPs, R-VP-06); 1 VP first, the way a search most
    often completes (monotone: more VPs than held fail with more)."""
    return Raw(ask.path, "count", "VPs converted into money", "R-VP-02",
               ranges=((1, 5), (0, 0)), scan="monotone", zero_omits=True)


def money_to_vp(ask: Ask) -> Raw:
    """#13 Convert: money into 1 to 5 VPs at the Conversion Rate (R-VP-02, R-VP-05), or none;
    monotone: more VPs than the money pays for fail with more."""
    return Raw(ask.path, "count", "VPs bought with money", "R-VP-02",
               ranges=((1, 5), (0, 0)), scan="monotone", zero_omits=True)


def roll_first(ask: Ask) -> Raw:
    """#13: the Conversion Die rolled before converting, or after (R-VP-03)."""
    return one_of(ask, "roll the Conversion Die before converting", "R-VP-03", [True],
                  optional=True)
