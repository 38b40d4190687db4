"""Residents: the Display and the Portfolio, Selling the House, reward split modes (rulebook:
We're Moving In; #11, #12)."""

from __future__ import annotations

from ..edition.model import Feature, Reward
from ..errors import IllegalMove, IncompleteRecord, Path
from . import townland
from .game import Game, plural, required
from .records import NewResident, Sale, value_of
from .state import MUNICIPALITY, Building, PlayerState

COMPENSATION = 15  # R-SELL-06
REPLACE_PRICE = 10  # R-A11-02


def share(reward_amount: int, split: str, building: Building, who: str) -> int:
    """One participant's part of a reward: full, per participant, or per Block, rounded down;
    the Municipality counts as a participant (R-SPLIT-01..04, AMB-SPLIT-01 (a))."""
    if split == "full":
        return reward_amount
    if split == "participants":
        return reward_amount // len(building.participants())
    return reward_amount * building.blocks.count(who) // len(building.blocks)


def distribute(g: Game, reward: Reward, building: Building, cause: str, rule: str) -> None:
    """Pay a reward to the (co-)builders; the Municipality's share is lost (R-MUNI-01/02)."""
    for who in building.participants():
        if who == MUNICIPALITY:
            continue
        p = g.state.player(who)
        g.gain_vp(p, share(reward.vp, reward.split, building, who), cause, rule)
        g.earn(p, share(reward.money, reward.split, building, who), cause, rule)


def new_resident(g: Game, p: PlayerState, move: NewResident) -> None:
    """#11: take a Display card for free (the Display is refilled from the pile) or swap it for
    a Portfolio card for 10 Grinies (R-A11-01/02, AMB-RESI-02)."""
    supply = g.state.supply
    take = required(move.take, move, "take", "the resident card taken from the Display",
                    "R-A11-01")
    if take not in supply.display:
        raise IllegalMove("R-A11-01", f"'{take}' is not on the Resident Display (it shows "
                          f"{', '.join(supply.display)}).", move.at("take"))
    slot = supply.display.index(take)
    give = move.give
    if give is not None:
        if move.refill is not None:  # option 2: the given card fills the slot, nothing drawn
            raise IllegalMove("R-A11-02", f"swapping gives '{give}' to the Display in place of "
                              f"'{take}', so no card is drawn to refill it; the log records "
                              "both 'give' and 'refill'.", move.at("refill"))
        if give not in p.residents:
            raise IllegalMove("R-A11-04", f"'{give}' is not in {p.name}'s Portfolio.",
                              move.at("give"))
        g.pay(p, REPLACE_PRICE, "replacing a Resident", "R-A11-02", move.path)
        p.residents.remove(give)
        supply.display[slot] = give
    else:
        refill: str | None = g.outcome(move, "refill", lambda c: c.choice(sorted(
            supply.deck))) if supply.deck else move.refill
        del supply.display[slot]
        if supply.deck:
            if refill is None:
                raise IncompleteRecord("R-A11-01", "the Display is refilled from the pile: "
                                       "the log must record the card drawn ('refill'), one "
                                       "not yet seen.", move.at("refill"))
            if refill not in supply.deck:
                raise IllegalMove("R-A11-01", f"the Display is refilled from the pile of "
                                  f"cards not yet seen; '{refill}' "
                                  f"{where_is(g, refill, take)}, so it cannot be drawn.",
                                  move.at("refill"))
            supply.deck.remove(refill)
            supply.display.insert(slot, refill)
        elif refill is not None:
            raise IllegalMove("R-A11-01", "the pile of Resident Cards is empty (every card has "
                              "been seen): nothing refills the Display, and the log records "
                              f"no 'refill' ('{refill}').", move.at("refill"))
    p.residents.append(take)


def where_is(g: Game, card: str, taken: str) -> str:
    """Where a Resident Card that is not in the pile to draw from (`supply.deck`) lies, in
    words (for R-A11-01; the rulebook calls both that and the Residents of Grinivil a pile)."""
    supply = g.state.supply
    if card == taken:
        return "is the card taken from the Display"
    if card in supply.display:
        return "is on the Resident Display"
    for q in g.state.players:
        if card in q.residents:
            return f"is in {q.name}'s Portfolio"
    if card in supply.pile:
        return "is in the Residents of Grinivil pile: drawn already"
    if card not in g.ed.residents:
        return "is not a Resident Card of the edition"
    return "is out of the pile: drawn already"


def qualifying(g: Game, house: str, feature: Feature) -> list[Building]:
    """Finished, usable buildings of the feature's type within its Maximum Distance
    (R-RESI-06, R-DIST-03, AMB-BLD-02 (a))."""
    town = g.state.townland
    out = []
    for b in town.buildings.values():
        if b.building != feature.building or not b.finished:
            continue
        if not townland.is_usable(g.ed, town, b.site):
            continue
        # R-DIST-03: only a printed limit can fail; the Beginners option ignores it
        # (R-VAR-BEG-03, AMB-VAR-01)
        if feature.max_distance is not None and not g.state.options.ignore_max_distance:
            d = townland.distance(g.ed, town, house, b.site)
            if d is None or d > feature.max_distance:
                continue
        out.append(b)
    return out


def why_not(g: Game, house: str, feature: Feature) -> str:
    """Why no building meets a feature, with the numbers (for the R-SELL-05 message)."""
    town = g.state.townland
    name = g.ed.buildings[feature.building].name
    copies = [b for b in town.buildings.values() if b.building == feature.building]
    if not copies:
        return f"no {name} has been started"
    reasons = []
    for b in copies:
        if not b.finished:
            reasons.append(f"the {name} at {b.site} is not finished")
        elif not townland.is_usable(g.ed, town, b.site):
            road = townland.site_road(g.ed, town, b.site)
            reasons.append(f"the {name} at {b.site} is not usable ({road} is not completed)")
        else:
            d = townland.distance(g.ed, town, house, b.site)
            if d is None:  # AMB-DIST-01 (c), R-ROAD-04
                reasons.append(f"the {name} at {b.site} cannot be reached from the House over "
                               "Completed Roads")
            else:
                reasons.append(f"the {name} at {b.site} is too far (distance {d} > "
                               f"{feature.max_distance})")
    return "; ".join(reasons)


def pick(g: Game, house: str, feature: Feature, sale: Sale) -> Building | None:
    """The building that meets a feature; the seller names one when several do (AMB-SELL-01)."""
    found = qualifying(g, house, feature)
    named = value_of(sale.features, feature.building)
    if named is not None:
        match = [b for b in found if b.site == named]
        if not match:
            raise IllegalMove("R-RESI-06", f"the {feature.building} at {named} does not meet "
                              "the feature (finished, usable, within distance).",
                              sale.at("features", feature.building))
        return match[0]
    if len(found) > 1:
        raise IncompleteRecord("R-SELL-10", f"{len(found)} buildings meet the "
                               f"{feature.building} feature; the log must name one in "
                               "'features'.", sale.at("features", feature.building),
                               field="features")
    return found[0] if found else None


def sell_house(g: Game, p: PlayerState, house: str, resident: str, sale: Sale, path: Path,
               rule: str) -> None:
    """Sell a House to a Resident: conditions (a)-(d), Compensation, roof, Pile, rewards
    (R-SELL-01..12)."""
    town = g.state.townland
    b = town.buildings.get(house)
    card = g.ed.residents.get(resident)
    if resident not in p.residents or card is None:
        raise IllegalMove("R-SELL-01", f"'{resident}' is not in {p.name}'s Portfolio "
                          f"({', '.join(p.residents) or 'empty'}).", path)
    if b is None or b.building != "house":
        raise IllegalMove("R-SELL-02", f"there is no House at {house}.", path)
    if b.sold:
        raise IllegalMove("R-SELL-12", f"the House at {house} is already sold.", path)
    if not b.finished:
        raise IllegalMove("R-SELL-02", f"the House at {house} is not finished "
                          f"({len(b.blocks)} of {b.floors} Floors).", path)
    if not townland.is_usable(g.ed, town, house):
        road = townland.site_road(g.ed, town, house)
        raise IllegalMove("R-SELL-03", f"the House at {house} is on {road}, which is not a "
                          "Completed Road.", path)
    if p.name not in b.blocks:
        raise IllegalMove("R-SELL-04", f"{p.name} built no Floor of the House at {house}.", path)
    trees = len(town.trees & townland.sector_of_site(g.ed, town, house))
    if trees < card.min_trees:
        raise IllegalMove("R-SELL-05", f"{card.name} wants at least "
                          f"{plural(card.min_trees, 'Tree')} in "
                          f"the House's Planting Sector; it has {trees}.", path)
    mandatory = [(f, pick(g, house, f, sale)) for f in card.mandatory]
    for f, found in mandatory:
        if found is None:
            dist = f" within distance {f.max_distance}" if f.max_distance is not None else ""
            raise IllegalMove("R-SELL-05", f"{card.name} requires a finished, usable "
                              f"{g.ed.buildings[f.building].name}{dist} of the House; "
                              f"{why_not(g, house, f)}.", path)
    optional = [(f, pick(g, house, f, sale)) for f in card.optional]
    for other in b.participants():
        if other != p.name:
            g.pay(p, COMPENSATION, f"Compensation to {other}", "R-SELL-06", path, to=other,
                  received=f"Compensation from {p.name}")
    b.sold = True
    g.state.supply.tokens["house"] = g.state.supply.tokens.get("house", 0) + 1
    g.state.supply.roof_blocks = max(0, g.state.supply.roof_blocks - 1)
    p.residents.remove(resident)
    g.state.supply.pile.append(resident)
    pay_primary_reward(g, p, card.key, trees, rule)
    for f, found in mandatory + optional:
        if found is not None:
            d = townland.distance(g.ed, g.state.townland, house, found.site)
            limit = f"distance {d} of {f.max_distance}, " if f.max_distance is not None else ""
            distribute(g, f.reward, found, f"{card.name} moved in: the "
                       f"{g.ed.buildings[f.building].name} at {found.site} ({limit}"
                       f"{f.reward.split} split)", "R-SELL-10")


def pay_primary_reward(g: Game, p: PlayerState, resident: str, trees: int, rule: str) -> None:
    """Primary VPs and Grinies, the per-tree part capped (R-SELL-09, R-RESI-07)."""
    card = g.ed.residents[resident]
    per_tree = card.per_tree * trees
    if card.per_tree_cap is not None:
        per_tree = min(per_tree, card.per_tree_cap)
    parts = [str(card.primary_money)] if card.primary_money else []
    if card.per_tree:
        capped = " (capped)" if per_tree < card.per_tree * trees else ""
        parts.append(f"{plural(trees, 'Tree')} x {card.per_tree}{capped}")
    cause = f"{card.name} moved in: primary reward ({' + '.join(parts) or 'VPs only'})"
    g.gain_vp(p, card.primary_vp, cause, "R-SELL-09")
    g.earn(p, card.primary_money + per_tree, cause, "R-SELL-09")
