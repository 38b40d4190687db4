"""The log schema completed with an edition's names (`grinivil schema --edition`): for an
editor to offer the edition's resident cards, buildings, land tiles and every Building Site
and Planting Spot id one of its land tiles can have, while a log is typed."""

from __future__ import annotations

import copy
from typing import Any

from ..logfile.schemadata import LOG_SCHEMA
from .board import SLOTS, zone_of
from .model import Edition


def schema_for_edition(edition: Edition) -> dict[str, Any]:
    """The log schema with the names of `edition` as enums, for an editor to complete from
    (yaml-language-server): its resident cards, buildings and land tiles by key, and every
    Building Site and Planting Spot id any of its land tiles can have in each slot. The log
    is judged by the rules all the same; this only helps write it."""
    out = copy.deepcopy(LOG_SCHEMA)
    defs = out["$defs"]
    sites: set[str] = set()
    spots: set[str] = set()
    for slot in SLOTS:
        for tile in edition.land_tiles.values():
            if tile.zone == zone_of(slot):
                sites.update(f"{slot}.{s.key}" for s in tile.sites)
                spots.update(f"{slot}.{p.key}" for p in tile.spots)
    names = {"resident": sorted(edition.residents), "building": sorted(edition.buildings),
             "landTile": sorted(edition.land_tiles), "site": sorted(sites),
             "spot": sorted(spots)}
    for key, values in names.items():
        defs[key].pop("pattern", None)
        defs[key]["enum"] = values
        defs[key]["description"] += f" Edition '{edition.name}': one of its {len(values)}."
    out["$id"] = f"{out['$id'].rsplit('.schema.json', 1)[0]}.{edition.name}.schema.json"
    return out
