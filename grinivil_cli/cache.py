"""The command's start-up cache (issue 15): what every run would otherwise remake, kept in the
user's cache folder: the bundled edition built (`edition`), and the methods Python compiles for
each dataclass (`compiled_dataclasses`).

The folder: `$GRINIVIL_CACHE_DIR` if set (empty: no cache at all), else `grinivil` in
`$XDG_CACHE_HOME` or `~/.cache` (`%LOCALAPPDATA%` on Windows). Deleting it is always safe.

The cache is never a risk to a result. Each file carries a check of its bytes (CRC-32) and the
key of what it was made from: the Python that made it, and for the edition the bytes of the
edition file and the size and CRC-32 of each module that builds it. A file that is missing,
unreadable, damaged, of another key or that fails to load is ignored and made again; one that
cannot be written is not written. Files are replaced whole
(written beside, then renamed), so readers see the old file or the new one. Like `__pycache__`,
the folder is trusted: its files are loaded with `pickle` and `marshal`, so it is created for
the user alone (mode 0700).

Only the `grinivil` command uses the cache (`entry.main` turns it on): the Python API reads
the edition as before and writes nothing.
"""

from __future__ import annotations

import os
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType
from typing import Any

ENV = "GRINIVIL_CACHE_DIR"
FORMAT = b"grinivil-cache/1\n"
_enabled = False


def enable(on: bool = True) -> None:
    """Turn the cache on (the command) or off (the default: the Python API)."""
    global _enabled
    _enabled = on


def folder() -> Path | None:
    """The cache folder (not created here), or None when there is to be no cache."""
    if not _enabled:
        return None
    named = os.environ.get(ENV)
    if named is not None:
        return Path(named) if named else None
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"),
                                                                ".cache")
    return Path(base) / "grinivil"


def read(name: str) -> bytes | None:
    """The checked payload of cache file `name`, or None (no cache, no file, damaged)."""
    where = folder()
    if where is None:
        return None
    try:
        with open(where / name, "rb") as f:
            data = f.read()
    except OSError:
        return None
    head = len(FORMAT) + 4
    if not data.startswith(FORMAT) or len(data) < head:
        return None
    payload = data[head:]
    if int.from_bytes(data[len(FORMAT):head], "big") != zlib.crc32(payload):
        return None
    return payload


def write(name: str, payload: bytes) -> None:
    """Replace cache file `name` by `payload` (with its check), or do nothing if it cannot."""
    where = folder()
    if where is None:
        return
    data = FORMAT + zlib.crc32(payload).to_bytes(4, "big") + payload
    temporary = where / f".{name}.{os.getpid()}.tmp"
    try:
        where.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(temporary, where / name)
        finally:
            if os.path.lexists(temporary):
                os.unlink(temporary)
    except OSError:
        return


def _python() -> str:
    """What compiled code and pickles depend on: this Python, exactly."""
    return f"{sys.implementation.cache_tag} {sys.version}"


# --- the bundled edition ------------------------------------------------------------------


def _builders() -> list[tuple[str, int, int]]:
    """The modules that read and build an edition, each with the size and the CRC-32 of its
    file: a module changed in any way (an upgrade, an edit) makes the cached edition stale."""
    from .edition import load, model
    from .logfile import loaded, yamlsafe

    out = []
    for module in (load, model, loaded, yamlsafe):
        path = module.__file__ or ""
        with open(path, "rb") as f:
            code = f.read()
        out.append((os.path.basename(path), len(code), zlib.crc32(code)))
    return out


def edition(name: str, source: bytes) -> Any | None:
    """The bundled edition `name` built from the edition file's bytes `source`, as cached by
    `keep_edition`, or None."""
    payload = read(f"edition-{name}.pickle")
    if payload is None:
        return None
    import pickle

    try:
        key, built = pickle.loads(payload)
        return built if key == (_python(), _builders(), source) else None
    except Exception:  # noqa: BLE001 - a cache that does not load is no cache
        return None


def keep_edition(name: str, source: bytes, built: Any) -> None:
    """Cache the edition `built` from `source` (the bytes of the bundled edition `name`)."""
    if folder() is None:
        return
    import pickle

    try:
        payload = pickle.dumps(((_python(), _builders(), source), built),
                               protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - what cannot be cached is not
        return
    write(f"edition-{name}.pickle", payload)


# --- the dataclasses' methods -----------------------------------------------------------------

DATACLASS_FILE = "dataclasses.marshal"
_MAX_METHODS = 20_000  # the cache starts again from what one run uses when it grows past this


@contextmanager
def compiled_dataclasses() -> Iterator[None]:
    """While inside, the methods the `dataclasses` module makes (`__init__`, `__eq__`,
    `__repr__`...: Python 3.11 compiles each from its text, for every class, in every process:
    about 0.8 ms a class, the most of importing the engine) are compiled once and kept: the
    module's `exec` is given each method's code compiled before from the same text, with the
    same flags and file name, which `exec` of the text would compile. A text not yet seen is
    compiled and added to the cache when the block ends."""
    import dataclasses

    if folder() is None or "exec" in vars(dataclasses):
        yield
        return
    compiled = _load_methods()
    used: dict[str, Any] = {}
    new = False
    flags = _future_flags(dataclasses.dataclass)

    def cached_exec(code: Any, globals: Any = None, locals: Any = None) -> None:
        nonlocal new
        if isinstance(code, str):
            text = code
            code = compiled.get(text)
            if code is None:  # as exec compiles a text: with its caller's __future__ flags
                code = compile(text, "<string>", "exec", flags=flags, dont_inherit=True)
                new = True
            used[text] = code
        exec(code, globals, locals)

    vars(dataclasses)["exec"] = cached_exec  # the module's own name `exec`, found before the
    # builtin's
    try:
        yield
    finally:
        del vars(dataclasses)["exec"]
        if new:
            if len(compiled) + len(used) <= _MAX_METHODS:
                used = {**compiled, **used}
            _keep_methods(used)


def _future_flags(function: Any) -> int:
    """The `__future__` compiler flags `function`'s module was compiled with (those `exec` of
    a text in that module compiles it with)."""
    import __future__

    mask = 0
    for feature in __future__.all_feature_names:
        mask |= getattr(__future__, feature).compiler_flag
    return int(function.__code__.co_flags) & mask


def _load_methods() -> dict[str, Any]:
    payload = read(DATACLASS_FILE)
    if payload is None:
        return {}
    import marshal

    try:
        key, compiled = marshal.loads(payload)
    except Exception:  # noqa: BLE001 - a cache that does not load is no cache
        return {}
    if key != _python() or not isinstance(compiled, dict) or not all(
            type(text) is str and type(code) is CodeType for text, code in compiled.items()):
        return {}
    return compiled


def _keep_methods(compiled: dict[str, Any]) -> None:
    import marshal

    write(DATACLASS_FILE, marshal.dumps((_python(), compiled)))
