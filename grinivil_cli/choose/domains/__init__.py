"""The domain of every decision of a turn: for each field of the log, every value the rules
could accept in the state of the table when they read it (`choose/search.py` judges which of
them are legal, with the replay).

A domain proposes; it never decides legality. It may propose too much (a site the player
cannot pay the Participation Fee for: the search finds no legal record through it), never too
little: a value it leaves out is never offered. So each domain is the widest set the rulebook
allows for the field: the sites on the table, the tokens in the supply, the cubes in the pouch.
The fields are the log's (`docs/log-format.md`); one function per field, in the order of the
turn.

| field | decision | domain |
|---|---|---|
| `tile` | the Action Tile chosen (R-TAR-02) | the tiles on the ring (#08 as its two halves) |
| `follow` | perform the previous player's Action (#51P) | with a Worker on the Follower |
| `refills` | the cubes drawn for the Market at TAR completion (R-RND-05) | the pouch |
| `merchant` | the Merchant's random Resource (R-A24-01) | the pouch |
| `declined` | not carry out the Action (R-TAR-10) | yes or no |
| action fields | see each function | |
| `buy_time` | Time Units bought (R-TBUY-01) | 0 to what the money pays for |
| `repeat` | Repeat Actions taken (R-SACT-05) | 0 to 3 |
| `final_sale` | the last House sale (R-END-03) | when the player's game ends |
| `excess` | the cubes that do not fit (R-WH-06) | exactly what the rule allows |
| `sudden_death`, `big_town` | each player's choice (R-SD-03, R-VAR-BIG-01) | the two options |

The families, each a module: the turn's own fields (`turn`), the Resources (`resources`), the
Land (`land`), building (`building`) and people (`people`), with what they share (`common`).
"""

from __future__ import annotations

from ...engine.tiles import MERCHANT_KEY
from ..record import Domain
from .building import (
    associated,
    building,
    building_at_the_choice,
    pledges,
    site,
    site_at_the_choice,
    site_bonus,
)
from .land import (
    land_tile,
    moves,
    municipal_tokens,
    plant,
    road,
    road_bonus,
    slot,
    spots,
    trees,
)
from .people import (
    features,
    give,
    house,
    money_to_vp,
    refill,
    resident,
    roll_first,
    take,
    vp_to_money,
)
from .resources import (
    accepted,
    auction_bids,
    choice,
    cubes,
    drawn,
    items,
    random,
    roll,
    trades,
)
from .turn import (
    big_town,
    buy_time,
    converted_at_the_choice,
    declined,
    excess,
    final_sale,
    follow,
    merchant,
    merchant_at_the_choice,
    refills,
    refills_at_the_choice,
    repeat,
    roll_at_the_choice,
    sudden_death,
    tile,
)

DOMAINS: dict[str, Domain] = {
    "tile": tile, "follow": follow, "refills": refills, MERCHANT_KEY: merchant,
    "declined": declined, "buy_time": buy_time, "repeat": repeat, "final_sale": final_sale,
    "excess": excess, "sudden_death": sudden_death, "big_town": big_town,
    "cubes": cubes, "bids": auction_bids, "drawn": drawn, "choice": choice, "random": random,
    "items": items, "roll": roll, "trades": trades, "accepted": accepted,
    "slot": slot, "land_tile": land_tile, "municipal_tokens": municipal_tokens, "road": road,
    "road_bonus": road_bonus, "trees": trees, "spots": spots, "plant": plant, "moves": moves,
    "site": site, "building": building, "site_bonus": site_bonus, "associated": associated,
    "pledges": pledges,
    "take": take, "give": give, "refill": refill, "house": house, "resident": resident,
    "features": features, "vp_to_money": vp_to_money, "money_to_vp": money_to_vp,
    "roll_first": roll_first,
}

# The domains of a search from the table before a choosing move that draws: can the player
# carry the Action out after some draw (`probe.choosable`, `able_at_the_choice`)? A refill
# before #01, #02 or #06 is judged by the draws that decide a purchase or a sale
# (`market.refills_that_decide`: 3 where the pouch allows 15); nothing after the Action can
# fail (`declined`), so they decide the whole turn too. The search of a turn tries each.
# Issue 28, item 8: the draws an Action is blind to (`refills_at_the_choice`,
# `merchant_at_the_choice`), Convert's faces and amounts (`roll_at_the_choice`,
# `converted_at_the_choice`), a site and a token where every one dies alike (`cannot_pledge`,
# `cannot_pay_the_fee`) are tried once. These searches are not the search of a turn: their
# replays are not counted in its `probes`, the planner bots' budget (issue 16), which no
# shortcut may change. Each finds the answer and its reason that trying every candidate finds
# (`SHORTCUTS` off: the reference of tests/test_decision_speed_equivalence.py).
AT_THE_CHOICE: dict[str, Domain] = {**DOMAINS, "refills": refills_at_the_choice,
                                     MERCHANT_KEY: merchant_at_the_choice,
                                     "site": site_at_the_choice,
                                     "building": building_at_the_choice,
                                     "roll": roll_at_the_choice,
                                     "vp_to_money": converted_at_the_choice,
                                     "money_to_vp": converted_at_the_choice}

