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
    """The installed schema `schema_file` (the log's, or `edition.schema.json`) as a path from
    `folder` (absolute when there is none: another drive), for the `$schema` comment of a file
    written there, which an editor resolves from the file's folder (yaml-language-server)."""
    import os

    schema = Path(str(files("grinivil_cli"))) / "schemas" / schema_file
    try:
        return Path(os.path.relpath(schema.resolve(), folder.resolve())).as_posix()
    except ValueError:
        return schema.resolve().as_posix()
