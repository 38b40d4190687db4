"""Typed moves: each turn of a log read once, after the schema check, into frozen records.

The rules take these records (`replay.replay` parses the turns, `setup.set_up` the setup); no
rule reads a log mapping. A reader with `docs/log-format.md` open finds them here, one module
per part, the action families split by the rulebook's families as `engine/actions/` is:

* `base`: `At`, where a value stands in the log, as a path (("turns", 5, "site")); `Record`,
  what every record is, and the probe's view of one (`probed`, below);
* `fields`: the shared shapes, `Cubes` (a list of names or a mapping of counts) and `Entry` (one
  entry of a `{name: value}` mapping: bids, pledges, municipal_tokens, features, accepted, ...),
  and the reading and writing of one mapping's fields;
* one record per action family (*Action fields by tile*), each with its `read` and `write`:
  `parts` (what several families share: `Explore`, the *Bonus Road Track*'s `RoadBonus`,
  `Sale`), `build` (*Building*'s `BuildFloor`, `SiteBonus` and `Associated`), `land`, `people`,
  `trade`, `promo`;
* `header`: what a log says before its turns (`Header`: the players, `Options`, `Setup`);
* `turn`: `FAMILIES`, the tile keys the families serve; `Turn` and `RepeatAction` (*Turns*): what
  a turn and a Repeat Action record around the action; `parse_turn` and `write_turn`.

Every name is imported from this package (`from .records import Turn`), wherever it lives.

Positions. Every record keeps `at`, the path of the mapping (or the value) it was read from;
a field's own path is its record's `at` followed by the field's log key:
`(build.at / "site").path == ("turns", 5, "site")`, the path `IllegalMove.path` takes, and an
entry of a list or mapping keeps its own `at` (`move.spots` -> `at / "spots" / 0`; an `Entry`;
a `Trade`). The file, line and column are `Loaded.position(path)` (`At.position`): a path is
enough, and a record made without a log (by hand, by the simulator) has the empty path.

Absence. An optional field left out is `None`, never a default (*Optional fields: what absence
means*: `roll_first` absent means "rolled after", and that is the rules' to know). Every field of
an action is optional here: a `declined` turn records none, and a field the rules require is
judged by the rules (an IncompleteRecord at `at / key`), not by this package.

Shapes. `parse_turn` reads a turn the schema accepted. A shape the schema would refuse (a wrong
type, an unknown key, a field of another tile) raises `UnreadableTurn`, a LogFormatError naming
the path; what the schema reads and the rules judge (two site bonuses, both `refill` and
`give`, a roll of 9...) is read as written, for the rules to judge.

The round trip is exact: `write_turn(parse_turn(d, path)) == d` for every turn of every bundled
log, with the same key order and the same types, so the YAML text is the same. Nothing is
normalised; to keep it so, the records keep the form the log used:

* cubes written as a list keep the list (`Cubes.listed`, in the log's order), cubes written as
  counts keep the keys written, zero counts included (`Cubes.keys`);
* every mapping keeps the order its keys were written in (`keys`; a `Turn`'s keys include its
  action's fields); `{name: value}` mappings are tuples of `Entry` in the log's order;
* a site bonus or associated action mapping with several keys keeps all of them, in order.

Equality. `at`, `keys` and `Cubes.listed` are compare=False: two records of the same move are
equal wherever and however they were written. A record made by hand has no `keys`: it is
written in the order of docs/log-format.md.

Decisions. A turn being made decision by decision (`grinivil_cli/choose`) is read by
`parse_partial` (its parts still to decide allowed) and given to the rules through `probed`:
the same record, each field read first asking the probe (`FieldProbe`), which stops the rules at
the first field not decided yet, in the state of the table at that moment. `Record.log_keys`
says which log key each attribute is read from, so the probe knows the field's path.
"""

from __future__ import annotations

from .base import (
    NOWHERE,
    PENDING,
    SETUP_AT,
    At,
    FieldProbe,
    Record,
    Sentinel,
    UnreadableTurn,
    probe_of,
    probed,
    refresh,
    unprobed,
)
from .build import (
    AdditionalFloor,
    Associated,
    AssociatedAction,
    AssociatedSale,
    BonusChoice,
    BonusChoiceRecord,
    BonusExplore,
    BonusPlant,
    BonusRandom,
    BonusRoad,
    BuildFloor,
    ConnectedRoad,
    SiteBonus,
)
from .fields import (
    Cubes,
    Entries,
    Entry,
    value_of,
)
from .header import (
    Header,
    Options,
    Pick,
    Seat,
    Setup,
)
from .land import (
    BuildRoad,
    BuyTrees,
    ExploreLand,
    PlantTrees,
    Replanting,
    TreeMove,
)
from .parts import (
    Explore,
    RoadBonus,
    Sale,
)
from .people import (
    AbilityTile,
    Convert,
    NewResident,
    NoFields,
    SellHouse,
)
from .promo import (
    Crowdfunding,
)
from .trade import (
    IMPORT_ITEMS,
    Auction,
    BuyResources,
    ForcedTrade,
    Import,
    Optimization,
    SellResources,
    Trade,
)
from .turn import (
    BIG_TOWN,
    FAMILIES,
    SUDDEN_DEATH,
    Action,
    BigTown,
    Claim,
    RepeatAction,
    Step,
    Turn,
    outcome_value,
    parse_partial,
    parse_turn,
    parse_turns,
    write_turn,
)

__all__ = [
    "AbilityTile",
    "Action",
    "AdditionalFloor",
    "Associated",
    "AssociatedAction",
    "AssociatedSale",
    "At",
    "Auction",
    "BIG_TOWN",
    "BigTown",
    "BonusChoice",
    "BonusChoiceRecord",
    "BonusExplore",
    "BonusPlant",
    "BonusRandom",
    "BonusRoad",
    "BuildFloor",
    "BuildRoad",
    "BuyResources",
    "BuyTrees",
    "Claim",
    "ConnectedRoad",
    "Convert",
    "Crowdfunding",
    "Cubes",
    "Entries",
    "Entry",
    "Explore",
    "ExploreLand",
    "FAMILIES",
    "FieldProbe",
    "ForcedTrade",
    "Header",
    "IMPORT_ITEMS",
    "Import",
    "NOWHERE",
    "NewResident",
    "NoFields",
    "Optimization",
    "Options",
    "PENDING",
    "Pick",
    "PlantTrees",
    "Record",
    "RepeatAction",
    "Replanting",
    "RoadBonus",
    "SETUP_AT",
    "SUDDEN_DEATH",
    "Sale",
    "Seat",
    "SellHouse",
    "SellResources",
    "Sentinel",
    "Setup",
    "SiteBonus",
    "Step",
    "Trade",
    "TreeMove",
    "Turn",
    "UnreadableTurn",
    "outcome_value",
    "parse_partial",
    "parse_turn",
    "parse_turns",
    "probe_of",
    "probed",
    "refresh",
    "unprobed",
    "value_of",
    "write_turn",
]
