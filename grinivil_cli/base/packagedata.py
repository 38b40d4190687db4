"""The files shipped inside the package (editions, schemas, the rule reference).

`files(package)` is `importlib.resources.files(package)`, without importing
`importlib.resources` (and zipfile with it) when the package is a folder of files, as pip
installs it: the folder itself, which `importlib.resources` returns for such a package too.
Start-up time (issue 15): every run reads the log schema and the edition.
"""

from __future__ import annotations

import importlib
from importlib.machinery import SourceFileLoader, SourcelessFileLoader
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

def files(package: str) -> Traversable:
    """The folder of `package`'s files, as `importlib.resources.files` gives it."""
    module = importlib.import_module(package)
    spec = module.__spec__
    origin = spec.origin if spec is not None else None
    if (spec is not None and isinstance(spec.loader, SourceFileLoader | SourcelessFileLoader)
            and origin is not None and Path(origin).name.startswith("__init__.")
            and Path(origin).is_file()):
        return Path(origin).parent
    from importlib import resources

    return resources.files(package)


def schema_path_from(folder: Path, schema_file: str = "game-log.schema.json") -> str:
    """The `$schema` path of a file written in `folder` (a log, or an edition with
    `edition.schema.json`), which an editor resolves from the file's folder
    (yaml-language-server): the nearest copy of the schema in that folder or a folder above it,
    as `NAME` or `schemas/NAME` (a club's repository, this project's samples), as a path from
    `folder`; else `NAME` itself, beside the file, for `grinivil schema -o` to write there
    (`schema_found` says which). Never a path into the installed package: a log must not point
    into someone's virtual environment (issue 33)."""
    found = _nearest_schema(folder, schema_file)
    return found if found is not None else schema_file


def schema_found(folder: Path, schema_file: str = "game-log.schema.json") -> bool:
    """Whether a file written in `folder` finds the schema its `$schema` line names."""
    return _nearest_schema(folder, schema_file) is not None


def _nearest_schema(folder: Path, schema_file: str) -> str | None:
    import os

    try:
        start = folder.resolve()
    except (OSError, RuntimeError):
        return None
    for place in (start, *start.parents):
        for candidate in (place / schema_file, place / "schemas" / schema_file):
            try:
                if candidate.is_file():
                    return Path(os.path.relpath(candidate, start)).as_posix()
            except (OSError, ValueError):  # another drive, a name the system refuses
                continue
    return None
