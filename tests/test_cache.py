"""The command's start-up cache (grinivil_cli/cache.py, issue 15): the bundled edition from the
cache equals a fresh parse; a stale, damaged or unreadable cache is ignored and made again; the
dataclasses made with cached methods are the ones Python makes; no cache where there is to be
none."""

from __future__ import annotations

import dataclasses
import os
import pickle
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grinivil_cli import cache
from grinivil_cli.edition import load
from grinivil_cli.edition.model import Edition

TOP = Path(__file__).parent.parent
EDITION_FILE = "edition-standard.pickle"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The cache on, in a folder of this test's; the process's editions read anew."""
    where = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(where))
    monkeypatch.setattr(cache, "_enabled", True)
    load._bundled.cache_clear()
    yield where
    load._bundled.cache_clear()


def fresh() -> Edition:
    """The bundled edition parsed from its YAML, no cache involved."""
    was = cache._enabled
    cache.enable(False)
    try:
        load._bundled.cache_clear()
        return load.load_edition("standard")
    finally:
        cache.enable(was)
        load._bundled.cache_clear()


def load_again() -> Edition:
    load._bundled.cache_clear()
    return load.load_edition("standard")


def not_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, building an edition from its YAML fails the test."""
    def refuse(*args: Any, **kwargs: Any) -> Edition:
        raise AssertionError("the edition was parsed again")

    monkeypatch.setattr(load, "_built", refuse)


# --- the edition ------------------------------------------------------------------------------


def test_the_cached_edition_equals_a_fresh_parse(folder: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_again()  # parsed, and kept
    assert (folder / EDITION_FILE).is_file()
    parsed = fresh()
    not_parsed(monkeypatch)
    kept = load_again()
    assert kept is not first and kept == first == parsed
    assert kept.market_for(4) == first.market_for(4)
    assert load.load_edition("standard") is kept  # read once a process, as before


def test_the_cache_folder_is_the_users_alone(folder: Path) -> None:
    load_again()
    if os.name == "posix":
        assert folder.stat().st_mode & 0o777 == 0o700
        assert (folder / EDITION_FILE).stat().st_mode & 0o777 == 0o600
    assert [p.name for p in folder.iterdir()] == [EDITION_FILE]  # no temporary file left


def test_a_changed_edition_file_is_parsed_again(folder: Path) -> None:
    load_again()
    text = (TOP / "grinivil_cli" / "editions" / "standard.yaml").read_bytes()
    assert isinstance(cache.edition("standard", text), Edition)
    assert cache.edition("standard", text + b"\n") is None
    assert cache.edition("standard", text.replace(b"starting_money:", b"starting_money: ")
                         ) is None


def test_a_changed_builder_module_makes_it_stale(folder: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    load_again()
    before = (folder / EDITION_FILE).read_bytes()
    builders = cache._builders()
    changed = [(name, size + 1, mtime) for name, size, mtime in builders]
    monkeypatch.setattr(cache, "_builders", lambda: changed)
    assert load_again() == fresh()  # ignored and made again, with the new key
    after = (folder / EDITION_FILE).read_bytes()
    assert after != before
    key, _ = pickle.loads(cache.read(EDITION_FILE) or b"")
    assert key[1] == changed


def test_another_python_makes_it_stale(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    load_again()
    text = (TOP / "grinivil_cli" / "editions" / "standard.yaml").read_bytes()
    monkeypatch.setattr(cache, "_python", lambda: "cpython-399 3.99.0")
    assert cache.edition("standard", text) is None


def _damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    head = len(cache.FORMAT) + 4
    if how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "flipped":
        path.write_bytes(data[:-100] + bytes([data[-100] ^ 0x40]) + data[-99:])
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "another format":
        path.write_bytes(b"grinivil-cache/0\n" + data[len(cache.FORMAT):])
    elif how == "not a pickle":
        payload = b"not a pickle at all"
        path.write_bytes(cache.FORMAT + cache.zlib.crc32(payload).to_bytes(4, "big") + payload)
    elif how == "not an edition":
        key, _ = pickle.loads(data[head:])
        payload = pickle.dumps((key, {"name": "standard"}))
        path.write_bytes(cache.FORMAT + cache.zlib.crc32(payload).to_bytes(4, "big") + payload)
    elif how == "a folder":
        path.unlink()
        path.mkdir()


@pytest.mark.parametrize("how", ["truncated", "flipped", "empty", "another format",
                                 "not a pickle", "not an edition"])
def test_a_damaged_cache_is_ignored_and_made_again(folder: Path, how: str) -> None:
    load_again()
    _damage(folder / EDITION_FILE, how)
    assert load_again() == fresh()
    assert isinstance(cache.edition("standard", (TOP / "grinivil_cli" / "editions" /
                                                 "standard.yaml").read_bytes()), Edition)


def test_a_cache_that_cannot_be_read_or_written_is_no_cache(folder: Path) -> None:
    folder.parent.mkdir(exist_ok=True)
    folder.write_text("a file where the folder should be")
    assert load_again() == fresh()
    folder.unlink()
    folder.mkdir()
    (folder / EDITION_FILE).mkdir()  # a folder where the file should be
    assert load_again() == fresh()


def test_no_cache_when_the_folder_is_empty_or_the_cache_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "_enabled", True)
    monkeypatch.setenv(cache.ENV, "")
    assert cache.folder() is None
    monkeypatch.setenv(cache.ENV, str(tmp_path / "c"))
    assert cache.folder() == tmp_path / "c"
    monkeypatch.delenv(cache.ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    if sys.platform != "win32":
        assert cache.folder() == tmp_path / "xdg" / "grinivil"
    monkeypatch.setattr(cache, "_enabled", False)  # the Python API: no cache
    assert cache.folder() is None
    load._bundled.cache_clear()
    load.load_edition("standard")
    load._bundled.cache_clear()
    assert not (tmp_path / "xdg").exists()


# --- the dataclasses' methods -----------------------------------------------------------------

SOURCE = '''
from dataclasses import dataclass, field

@dataclass(frozen=True, kw_only=True)
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    at: object = field(default=None, compare=False)

@dataclass(order=True)
class Item:
    name: str
    count: int = field(default_factory=int)
'''


def make_classes() -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "made_here"}
    sys.modules["made_here"] = type(sys)("made_here")  # dataclasses look their module up
    try:
        exec(SOURCE, namespace)
    finally:
        del sys.modules["made_here"]
    return namespace


METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__", "__lt__")


def methods(cls: type) -> dict[str, Any]:
    out = {}
    for name in METHODS:
        method = cls.__dict__.get(name)
        code = getattr(getattr(method, "__wrapped__", method), "__code__", None)
        out[name] = None if code is None else (code, code.co_filename, code.co_flags)
    return out


def test_cached_methods_are_those_python_compiles(folder: Path) -> None:
    plain = make_classes()
    with cache.compiled_dataclasses():
        assert "exec" in vars(dataclasses)
        cold = make_classes()
    assert "exec" not in vars(dataclasses)
    assert (folder / cache.DATACLASS_FILE).is_file()
    assert len(cache._load_methods()) >= 8
    with cache.compiled_dataclasses():
        warm = make_classes()
    for made in (cold, warm):
        for name in ("Point", "Item"):
            assert methods(made[name]) == methods(plain[name])
            assert made[name].__init__.__annotations__ == plain[name].__init__.__annotations__
            assert made[name].__doc__ == plain[name].__doc__
        point = made["Point"](x=1, tags=("a",), at="here")
        assert point == made["Point"](x=1, tags=("a",)) and hash(point) == hash(
            made["Point"](x=1, tags=("a",)))
        assert repr(point) == "Point(x=1, y=0, tags=('a',), at='here')"
        with pytest.raises(dataclasses.FrozenInstanceError):
            point.x = 2  # type: ignore[misc]
        with pytest.raises(TypeError):
            made["Point"](1)
        assert made["Item"]("a") < made["Item"]("b") and made["Item"]("a").count == 0


def test_exec_is_given_back_whatever_happens(folder: Path) -> None:
    with pytest.raises(RuntimeError), cache.compiled_dataclasses():
        make_classes()
        raise RuntimeError
    assert "exec" not in vars(dataclasses)
    with cache.compiled_dataclasses(), cache.compiled_dataclasses():  # nested: the outer one
        make_classes()
    assert "exec" not in vars(dataclasses)


@pytest.mark.parametrize("how", ["truncated", "flipped", "empty", "another format",
                                 "not a pickle", "a folder"])
def test_a_damaged_methods_cache_is_ignored(folder: Path, how: str) -> None:
    with cache.compiled_dataclasses():
        make_classes()
    _damage(folder / cache.DATACLASS_FILE, how)
    with cache.compiled_dataclasses():
        made = make_classes()
    assert methods(made["Point"]) == methods(make_classes()["Point"])


def test_methods_of_another_python_or_not_code_are_ignored(folder: Path) -> None:
    import marshal

    with cache.compiled_dataclasses():
        make_classes()
    compiled = cache._load_methods()
    assert compiled
    cache.write(cache.DATACLASS_FILE, marshal.dumps(("cpython-399 3.99.0", compiled)))
    assert cache._load_methods() == {}
    text = next(iter(compiled))
    cache.write(cache.DATACLASS_FILE, marshal.dumps((cache._python(), {text: "not code"})))
    assert cache._load_methods() == {}
    with cache.compiled_dataclasses():
        made = make_classes()
    assert methods(made["Point"]) == methods(make_classes()["Point"])


def test_no_methods_cache_without_a_cache_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "_enabled", False)
    with cache.compiled_dataclasses():
        assert "exec" not in vars(dataclasses)


# --- the command ------------------------------------------------------------------------------


def test_the_command_reads_the_same_with_a_cold_warm_or_damaged_cache(tmp_path: Path) -> None:
    """Every file the command caches, made, used, then damaged: the same output each time."""
    where = tmp_path / "cache"
    env = {**os.environ, cache.ENV: str(where)}
    log = "samples/illegal/r-gen-02-turn-out-of-order.yaml"

    def validate() -> tuple[int, str, str]:
        done = subprocess.run([sys.executable, "-m", "grinivil_cli", "validate", log],
                              capture_output=True, text=True, cwd=TOP, env=env, timeout=120)
        return done.returncode, done.stdout, done.stderr

    cold = validate()
    assert cold[0] == 1 and "R-GEN-02" in cold[1]
    assert sorted(p.name for p in where.iterdir()) == [cache.DATACLASS_FILE, EDITION_FILE]
    assert validate() == cold
    for name in (cache.DATACLASS_FILE, EDITION_FILE):
        _damage(where / name, "flipped")
    assert validate() == cold
    env[cache.ENV] = ""
    assert validate() == cold
