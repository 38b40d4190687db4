"""The exact legal choices of a turn, one decision at a time.

A turn is a sequence of decisions (the tile, whether to follow, the Building Site, the Building
Token, the cubes of each Resource, the site bonus, ...), each written at one place of the turn's
record. The rules themselves say which decision comes next: a record being made is replayed
with a `Probe` on it (`records.probed`), and the first field the rules read that is not decided
yet stops the replay right there, in the state of the table at that moment. Its domain (every
candidate value, from `choose/domains/`) is then judged: a candidate is an option when some
complete record through it is legal, which a depth-first search over the next decisions finds
(`Search.completable`), the replay being the judge at every step. So the options are exact:
nothing legal is left out (the domains propose every value the rules could accept) and nothing
illegal is offered (each option has a legal completion, found and judged by the replay). A
random outcome is offered whole: everything that can still be drawn.

A probe that breaks a rule before reading any undecided field is dead for every completion,
since the rules read a field before they use it: that is what keeps the search small. And a
replay does not stop at every decision: where it can, it takes the value the search would try
first there and goes on, the record read again with it (`Probe.first_value`), so one replay
answers for the records a search would otherwise replay one decision at a time.
Random outcomes (cubes drawn, die faces, Land Tiles, cards) are decisions too, of kind
`outcome`; when a search looks for some complete record, "some" means "for some outcome", as
the rulebook's "able to perform the Action" does (AMB-A14-03 (a): a roll the player cannot pay
for is the 2-VP penalty, not an ineligible tile).

`able` and `able_at_the_choice` answer R-TAR-06 for a declined action (it must be one the player
was able to perform when choosing it: AMB-TAR-01 (a)); `Search` answers the questions of whole
turns (`grinivil moves`, the completeness test, the recorder to come). `turns` makes a
recorded turn again decision by decision (`remake`); `listing` lists what `grinivil moves`
shows (`tile_choices`, `line`).

The chooser stands above the engine: it asks the rules from outside (a partial record read
through a probe, a hypothetical draw), and the rules know nothing of it but the two questions of
`engine/reading.py` (`Reader`: a record's fields, read as written or through their probe;
`Ability`: R-TAR-06), which `grinivil_cli/table` registers. The modules, from the bottom:
`record` (a record being made, a decision), `domains/` (every candidate value of each field, by
family), `search`, `probe` (with the questions asked at a choice), `turns`, `listing`.
"""

from .listing import REASONS, Step, TileChoice, line, reason, tile_choices
from .probe import (
    Probe,
    able,
    able_at_the_choice,
    action_runner,
    at_the_choice,
    choosable,
    fingerprint,
    forget,
    judged,
    quiet,
)
from .record import (
    CONTAINER_KEYS,
    COUNT_MAPPINGS,
    END,
    MISSING,
    OMIT,
    OUTCOME_KEYS,
    Ask,
    Decision,
    Domain,
    Partial,
    Raw,
    Undecided,
    clean,
    list_path,
    put,
    same,
)
from .search import MAX_PROBES, Result, Runner, Search, SearchCapped, witnesses
from .turns import (
    NotOffered,
    in_offered_form,
    matches,
    recorded_value,
    remake,
    turn_runner,
    turn_search,
    unused_values,
    walk,
)

__all__ = [
    "CONTAINER_KEYS", "COUNT_MAPPINGS", "END", "MAX_PROBES", "MISSING", "OMIT", "OUTCOME_KEYS",
    "REASONS", "Ask", "Decision", "Domain", "NotOffered", "Partial", "Probe", "Raw", "Result",
    "Runner", "Search", "SearchCapped", "Step", "TileChoice", "Undecided", "able",
    "able_at_the_choice", "action_runner", "at_the_choice", "choosable", "clean",
    "fingerprint", "forget", "in_offered_form", "judged", "line", "list_path", "matches",
    "put", "quiet", "reason", "recorded_value", "remake", "same", "tile_choices",
    "turn_runner", "turn_search", "unused_values", "walk", "witnesses",
]
