"""Which YAML files `grinivil validate` reads as logs (issue 33, grinivil_cli/validate/sniff.py):
a folder, a glob and `--logs-only` (the pre-commit hook) skip only YAML that is clearly not a
Grinivil log; a log with a mistake in its `format` key, or one that does not parse, is read and
reported (exit 2), never passed over as "not a log"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grinivil_cli.validate import batch, sniff

TOP = Path(__file__).resolve().parent.parent
GAME = TOP / "samples" / "game-2p.yaml"
EDITION = TOP / "grinivil_cli" / "editions" / "standard.yaml"
LOG = GAME.read_text(encoding="utf-8")
assert "\nformat: grinivil-log/1\n" in LOG


def misspelt(key: str) -> str:
    return LOG.replace("\nformat: grinivil-log/1\n", f"\n{key}: grinivil-log/1\n")


# Every kind of file the issue names, by the name it is written under, and what the reader says
# of it when it is read (None: skipped as not a log; "": a legal log, nothing said with -q).
FILES: dict[str, tuple[bytes, str | None]] = {
    "good.yaml": (LOG.encode(), ""),
    "fromat.yaml": (misspelt("fromat").encode(),
                    "fromat.yaml:3:1: unknown key 'fromat' in the log; did you mean 'format'?"),
    "Format.yaml": (misspelt("Format").encode(),
                    "Format.yaml:3:1: unknown key 'Format' in the log; did you mean 'format'?"),
    "no-format.yaml": (LOG.replace("\nformat: grinivil-log/1\n", "\n").encode(),
                       "no-format.yaml:3:1: the log needs 'format'"),
    "broken.yaml": (b"broken: [\n",
                    "broken.yaml:1:10: invalid YAML: a value is missing here: a '[' or '{' "
                    "left open, or a ',' with nothing after it (YAML: did not find expected "
                    "node content)"),
    "latin-1.yaml": ("title: Partie du café\n".encode("latin-1"),
                     "latin-1.yaml:1:21: the file is not valid UTF-8 (byte 0xe9); save it as "
                     "UTF-8"),
    "edition.yaml": (EDITION.read_bytes(), None),
    "docker-compose.yaml": (b"services:\n  web:\n    image: nginx\n", None),
    "empty.yaml": (b"", None),
    "list.yaml": (b"- Anna\n- Bruno\n", None),
}
SKIPPED = sorted(name for name, (_, said) in FILES.items() if said is None)
FINDINGS = [said for _, said in FILES.values() if said]


def grinivil(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, timeout=120, cwd=cwd,
                            env={**os.environ, "COLUMNS": "80", "NO_COLOR": "1"})
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A folder holding every file of FILES."""
    for name, (data, _) in FILES.items():
        (tmp_path / name).write_bytes(data)
    return tmp_path


@pytest.mark.parametrize("name", list(FILES))
def test_each_kind_of_file_is_read_or_skipped(name: str, club: Path) -> None:
    """Named with `--logs-only --quiet` (as the hook names it): a clearly-not-a-log file is
    skipped silently (exit 0); a log with a mistake is read and its finding printed, exit 2;
    the good log passes silently."""
    said = FILES[name][1]
    result = grinivil("validate", "--quiet", "--logs-only", name, cwd=club)
    assert (result.returncode, result.stdout, result.stderr) == (
        (2, said + "\n", "") if said else (0, "", ""))
    assert sniff.is_log(club / name) is (said is not None)


def test_logs_only_names_every_finding_and_counts_only_the_skipped(club: Path) -> None:
    """All ten named at once: `--quiet` prints each finding (nothing else), exit 2; without
    it the summary counts the four files skipped, and none of the broken logs among them."""
    quiet = grinivil("validate", "--quiet", "--logs-only", *FILES, cwd=club)
    assert (quiet.returncode, quiet.stdout.splitlines()) == (2, FINDINGS)
    text = grinivil("validate", "--logs-only", *FILES, cwd=club)
    assert text.returncode == 2
    assert text.stdout.splitlines()[-2:] == [
        "6 files: 1 legal, 5 unreadable",
        "4 YAML files skipped, not Grinivil logs (none of a log's keys: format, players, setup, "
        "turns): edition.yaml, docker-compose.yaml, empty.yaml, list.yaml"]


def test_a_folder_scan_reads_a_broken_log_too(club: Path) -> None:
    """The same files found in a folder: the same six read (in natural order), the same four
    skipped and listed in the JSON document's `skipped`, exit 2."""
    result = grinivil("validate", "--format", "json", ".", cwd=club)
    document = json.loads(result.stdout)
    read = sorted(name for name, (_, said) in FILES.items() if said is not None)
    assert result.returncode == 2
    assert [Path(f["file"]).name for f in document["files"]] == sorted(
        read, key=lambda name: batch.natural_key(Path(name)))
    assert sorted(Path(p).name for p in document["skipped"]) == SKIPPED
    assert document["summary"]["skipped"] == 4 and document["summary"]["unreadable"] == 5
    quiet = grinivil("validate", "--quiet", ".", cwd=club)
    assert quiet.returncode == 2
    assert sorted(quiet.stdout.splitlines()) == sorted(FINDINGS)


@pytest.mark.parametrize(("text", "log"), [
    ("format: grinivil-log/1\n", True),
    ("formats: grinivil-log/1\n", True),
    ("fromat: 1\n", True),  # the key alone, without the value that names the format
    ("FORMAT: 1\n", True),
    ("Players: [Anna]\nTurns: []\n", True),
    ("setup: {}\n", True),
    ("title: a game\nnotes: [see grinivil-log/1]\n", True),  # a value that names the format
    ("# format: grinivil-log/1 (a comment)\nname: CI\non: push\n", False),
    ("name: CI\non: [push]\njobs:\n  test:\n    runs-on: debian\n", False),
    ("version: '3'\nservices: {web: {image: nginx}}\n", False),
    ("list: [format, players]\n", False),  # words in values are not keys
    ("- format: grinivil-log\n", True),  # a mention anywhere
    ("- format: 1\n", False),  # a key, but not at the top level
    ("outer:\n  format: 1\n", False),
    ("42\n", False),
    ("# only a comment\n", False),
    ("---\nname: a\n---\nturns: []\n", True),  # any document of the stream
    ("key: [\n", True),  # does not parse
    ("a: b\n\x00\n", True),  # a NUL: a binary file, or one saved as UTF-16
    ("key: &a [x]\nother: *a\n", False),
    ("key: !custom x\n", False),  # a tag the reader refuses, in a file that is not a log
])
def test_clearly_not_a_log(text: str, log: bool) -> None:
    assert sniff.looks_like_log(text.encode()) is log


def test_a_file_over_the_limit_is_judged_by_its_start(tmp_path: Path) -> None:
    """Read at most the reader's limit: a large lock file is skipped by its first keys; a log
    over the limit without its `format:` line near the top is kept (the reader then says it
    is too big); one cut in a multi-byte character is judged all the same."""
    lock = tmp_path / "pnpm-lock.yaml"
    lock.write_text("lockfileVersion: '9.0'\npackages:\n" + "  p: {v: 'é'}\n" * 5000,
                    encoding="utf-8")
    assert not sniff.is_log(lock, max_bytes=1000)
    assert not sniff.is_log(lock, max_bytes=1001)  # a cut in 'é'
    log = tmp_path / "log.yaml"
    log.write_text("players: [Anna, Bruno]\nturns:\n" + "  - {player: Anna}\n" * 2000,
                   encoding="utf-8")
    assert sniff.is_log(log, max_bytes=100)
    assert sniff.is_log(log, max_bytes=4)  # 'play': nothing to judge by
    other = tmp_path / "other.yaml"
    other.write_text("edition: standard\n" + "# padding\n" * 2000 + "players: [Anna]\n",
                     encoding="utf-8")
    assert not sniff.is_log(other, max_bytes=100)  # its first key only: edition
    assert sniff.is_log(other)


def test_the_keys_are_the_log_schemas_required_keys() -> None:
    schema = json.loads((TOP / "grinivil_cli" / "schemas" / "game-log.schema.json")
                        .read_text(encoding="utf-8"))
    assert sniff.LOG_KEYS == set(schema["required"])
    assert set(batch.KEYS_SAID.split(", ")) == sniff.LOG_KEYS


@pytest.mark.parametrize(("key", "near"), [
    ("format", True), ("fromat", True), ("formt", True), ("formats", True), ("forma", True),
    ("Format", True), ("fmt", False), ("information", False), ("services", False),
    ("formatting", False), ("f" * 10_000, False),
])
def test_a_near_miss_of_format(key: str, near: bool) -> None:
    assert sniff.is_log_key(key) is near
