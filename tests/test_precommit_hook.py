"""The pre-commit hook set up exactly as the README says (issue 33), run by pre-commit itself: a
club's repository whose `.pre-commit-config.yaml` is the README's, naming this repository (a
snapshot of the working tree the tests run from, tagged with the README's `rev`). A commit with
a misspelt log (`fromat:`) and a broken one (`broken: [`) is stopped, both named; a good log
(and a YAML file that is not a log) is committed.

pre-commit installs grinivil into a virtualenv of its own, from the package registry: once for
this module (its PRE_COMMIT_HOME is the module's), which takes most of the test's time."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parents[1]
GAME = TOP / "samples" / "game-2p.yaml"
HOOK = "validate Grinivil game logs"
FROMAT = ("games/fromat.yaml:3:1: unknown key 'fromat' in the log; did you mean 'format'?")
BROKEN = ("games/broken.yaml:1:10: invalid YAML: a value is missing here: a '[' or '{' left "
          "open, or a ',' with nothing after it (YAML: did not find expected node content)")
# git and pre-commit as on a fresh machine: no configuration of this one's, no variable of a
# hook this suite may itself be run from (GIT_DIR, GIT_INDEX_FILE), no SKIP
ENV = {**{k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))
          and k != "SKIP"},
       "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
       "GIT_AUTHOR_NAME": "Club", "GIT_AUTHOR_EMAIL": "club@example.invalid",
       "GIT_COMMITTER_NAME": "Club", "GIT_COMMITTER_EMAIL": "club@example.invalid"}


def run(*args: str | Path, cwd: Path, env: dict[str, str],
        check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                            text=True, timeout=900)
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def readme_config() -> str:
    """The `.pre-commit-config.yaml` of the README's section on pre-commit."""
    readme = (TOP / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Validating on every commit", 1)[1]
    found = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert found, "the README shows no .pre-commit-config.yaml"
    return found.group(1)


def snapshot(into: Path, rev: str, env: dict[str, str]) -> None:
    """This repository's working tree as the tests see it (its tracked files as they are now
    and its new files not ignored: on CI a clean checkout, HEAD itself) committed in a new
    repository and tagged `rev`: nothing of this repository's git state is touched."""
    if not (TOP / ".git").exists():
        pytest.skip("the tests do not run from a git checkout of grinivil")
    listed = run("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard",
                 cwd=TOP, env=env).stdout
    for name in filter(None, listed.split("\0")):
        source = TOP / name
        if source.is_file() or source.is_symlink():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name, follow_symlinks=False)
    run("git", "init", "-q", into, cwd=into, env=env)
    run("git", "add", "-A", cwd=into, env=env)
    run("git", "commit", "-q", "--no-verify", "-m", "grinivil as the tests see it", cwd=into,
        env=env)
    run("git", "tag", rev, cwd=into, env=env)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, str]]]:
    """A club's repository with the README's pre-commit configuration, the hook installed in
    git and its environment made (pre-commit installs grinivil here, once)."""
    top = tmp_path_factory.mktemp("precommit")
    env = {**ENV, "PRE_COMMIT_HOME": str(top / "cache")}
    config = readme_config()
    rev = re.search(r"^\s*rev:\s*(\S+)", config, re.M)
    assert rev, config
    grinivil = top / "grinivil"
    grinivil.mkdir()
    snapshot(grinivil, rev.group(1), env)
    config, named = re.subn(r"^(\s*-\s*repo:\s*)\S+.*$", rf"\g<1>{grinivil.as_posix()}",
                            config, flags=re.M)
    assert named == 1, config
    repo = top / "club"
    repo.mkdir()
    run("git", "init", "-q", repo, cwd=repo, env=env)
    (repo / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    run("git", "add", ".pre-commit-config.yaml", cwd=repo, env=env)
    pre_commit = [sys.executable, "-m", "pre_commit"]
    run(*pre_commit, "install", cwd=repo, env=env)
    run(*pre_commit, "install-hooks", cwd=repo, env=env)  # grinivil installed, once
    yield repo, env


def commit(repo: Path, env: dict[str, str], *files: str) -> subprocess.CompletedProcess[str]:
    run("git", "add", "--", *files, cwd=repo, env=env)
    return run("git", "commit", "-m", "games of the week", cwd=repo, env=env, check=False)


def test_a_misspelt_and_a_broken_log_stop_the_commit(club: tuple[Path, dict[str, str]]) -> None:
    """`fromat: grinivil-log/1` and `broken: [` staged with a good log and a compose file: the
    commit fails (the hook exits 2), the two are named with their line, column and what is
    wrong, and nothing is said of the good log nor of the compose file."""
    repo, env = club
    games = repo / "games"
    games.mkdir()
    log = GAME.read_text(encoding="utf-8")
    (games / "good.yaml").write_text(log, encoding="utf-8")
    (games / "fromat.yaml").write_text(log.replace("\nformat:", "\nfromat:", 1),
                                       encoding="utf-8")
    (games / "broken.yaml").write_text("broken: [\n", encoding="utf-8")
    (repo / "docker-compose.yaml").write_text("services:\n  web:\n    image: nginx\n",
                                              encoding="utf-8")
    stopped = commit(repo, env, "games", "docker-compose.yaml")
    said = stopped.stdout + stopped.stderr
    assert stopped.returncode == 1, said
    assert re.search(rf"^{HOOK}\.+Failed$", said, re.M), said
    assert "- exit code: 2" in said
    lines = said.splitlines()
    assert FROMAT in lines and BROKEN in lines, said
    assert "good.yaml" not in said and "docker-compose" not in said
    head = run("git", "rev-parse", "--verify", "-q", "HEAD", cwd=repo, env=env, check=False)
    assert head.returncode != 0  # nothing committed


def test_a_good_log_is_committed(club: tuple[Path, dict[str, str]]) -> None:
    """The two bad logs taken out of the commit: the good log and the compose file pass, and
    the commit is made."""
    repo, env = club
    games = repo / "games"
    if not (games / "good.yaml").exists():  # run alone
        games.mkdir(exist_ok=True)
        shutil.copy(GAME, games / "good.yaml")
        (repo / "docker-compose.yaml").write_text("services: {}\n", encoding="utf-8")
    run("git", "rm", "-q", "--cached", "--ignore-unmatch", "games/fromat.yaml",
        "games/broken.yaml", cwd=repo, env=env)
    done = commit(repo, env, "games/good.yaml", "docker-compose.yaml")
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert re.search(rf"^{HOOK}\.+Passed$", said, re.M), said
    shown = run("git", "show", "--name-only", "--format=", "HEAD", cwd=repo, env=env).stdout
    assert shown.split() == [".pre-commit-config.yaml", "docker-compose.yaml",
                             "games/good.yaml"]
