"""Start-up under attack (issue 27): nothing planted in a cache folder is read, let alone run,
and Ctrl-C however early gives exit 130 without a traceback.

The command used to keep a start-up cache (the bundled edition pickled, the dataclasses'
methods marshalled) in `$GRINIVIL_CACHE_DIR`, `$XDG_CACHE_HOME/grinivil` or
`~/.cache/grinivil`, and `pickle.loads` ran before any check of who wrote the file. The cache is
gone: the tests plant in each of those folders what the old cache would have loaded (a pickle
whose loading writes a file, with the checksum the old reader verified) and what would have
hung it (a FIFO, a link to /dev/zero), and run the command.
"""

from __future__ import annotations

import os
import pickle
import re
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parent.parent
LOG = TOP / "samples" / "illegal" / "r-gen-02-turn-out-of-order.yaml"
OLD_FORMAT = b"grinivil-cache/1\n"  # the old cache's file header
pytestmark = pytest.mark.skipif(os.name != "posix", reason="FIFOs, signals and modes: POSIX")


class Planted:
    """A pickle that, once loaded, makes the folder `marker` (the attack the old cache
    allowed: any callable, with any arguments)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (str(self.marker),))


def old_cache_file(payload: bytes) -> bytes:
    """A file as the old cache wrote it: header, CRC-32 of the payload, payload."""
    return OLD_FORMAT + zlib.crc32(payload).to_bytes(4, "big") + payload


def plant(folder: Path, marker: Path) -> None:
    """What the old cache read from `folder`: the edition as a pickle that runs code."""
    folder.mkdir(parents=True, exist_ok=True)
    payload = pickle.dumps(Planted(marker))
    (folder / "edition-standard.pickle").write_bytes(old_cache_file(payload))
    (folder / "dataclasses.marshal").write_bytes(old_cache_file(b"\xff" * 64))


def environment(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("GRINIVIL_CACHE_DIR", "XDG_CACHE_HOME")}
    return {**env, "HOME": str(home), **extra}


def run(env: dict[str, str], *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grinivil_cli", *args], env=env,
                          capture_output=True, text=True, timeout=timeout, cwd=TOP)


@pytest.mark.parametrize("where", ["GRINIVIL_CACHE_DIR", "XDG_CACHE_HOME", "HOME"])
def test_a_pickle_planted_in_a_cache_folder_never_runs(tmp_path: Path, where: str) -> None:
    home = tmp_path / "home"
    home.mkdir()
    marker = tmp_path / "ran.txt"
    extra: dict[str, str] = {}
    if where == "GRINIVIL_CACHE_DIR":
        extra[where] = str(tmp_path / "shared-cache")
        plant(tmp_path / "shared-cache", marker)
    elif where == "XDG_CACHE_HOME":
        extra[where] = str(tmp_path / "xdg")
        plant(tmp_path / "xdg" / "grinivil", marker)
    else:
        plant(home / ".cache" / "grinivil", marker)
    for args in (("validate", str(LOG)), ("validate", "--format", "json", str(LOG)),
                 ("--version",), ("show", str(LOG), "--turn", "1")):
        done = run(environment(home, **extra), *args)
        assert "Traceback" not in done.stderr, done.stderr
        assert not marker.exists(), f"grinivil {' '.join(args)} ran the planted pickle"
    # and the verdict is the one the rules give, not the planted file's
    done = run(environment(home, **extra), "validate", str(LOG))
    assert done.returncode == 1 and "R-GEN-02" in done.stdout


def test_a_fifo_or_a_link_to_dev_zero_in_the_cache_folder_is_never_opened(
        tmp_path: Path) -> None:
    """The old cache opened its files blocking: a FIFO hung every command, a link to /dev/zero
    grew until killed, and a damaged file was never repaired."""
    cache = tmp_path / "home" / ".cache" / "grinivil"
    cache.mkdir(parents=True)
    os.mkfifo(cache / "edition-standard.pickle")
    os.symlink("/dev/zero", cache / "dataclasses.marshal")
    started = time.monotonic()
    done = run(environment(tmp_path / "home"), "validate", str(LOG), timeout=30)
    assert time.monotonic() - started < 20
    assert done.returncode == 1 and "R-GEN-02" in done.stdout
    assert "Traceback" not in done.stderr


def test_the_command_writes_nothing_into_the_home_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    for args in (("validate", str(LOG)), ("--version",), ("rule", "R-GEN-02")):
        assert run(environment(home), *args).returncode in (0, 1)
    assert list(home.rglob("*")) == []


# --- Ctrl-C at start-up -------------------------------------------------------------------------


def run_time(args: list[str]) -> float:
    """How long `grinivil ARGS` takes from start to end here, now (the least of 2 runs)."""
    took = []
    for _ in range(2):
        started = time.monotonic()
        subprocess.run([sys.executable, "-m", "grinivil_cli", *args], cwd=TOP,
                       capture_output=True, check=False)
        took.append(time.monotonic() - started)
    return min(took)


def interruptible() -> None:
    """In the child: SIGINT as a terminal gives it. A test run started in the background of a
    shell without job control inherits SIGINT ignored, and a command keeps a signal its parent
    ignores (as it should: that is `nohup`'s way)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted_runs(args: list[str], delays: list[float]) -> list[tuple[int, str]]:
    """`grinivil ARGS` sent SIGINT after each delay: the exit code and standard error."""
    out = []
    for delay in delays:
        process = subprocess.Popen([sys.executable, "-m", "grinivil_cli", *args], cwd=TOP,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   text=True, env=environment(Path(os.environ.get("HOME", "/"))),
                                   preexec_fn=interruptible)
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
        out.append((process.returncode, err))
    return out


def ours(traceback: str) -> bool:
    """A traceback through grinivil's code after `start.py` installed its handler (before it,
    the interpreter starting, `python -m`'s `__main__.py` and `import signal` in start.py are
    Python's own)."""
    frames = re.findall(r'File "([^"]+)"', traceback)
    return any("grinivil_cli" in f and not f.endswith(("start.py", "__main__.py"))
               for f in frames)


@pytest.mark.parametrize("args", [["validate", str(LOG)], ["validate", "--format", "json",
                                                           "--jobs", "1", str(LOG)],
                                  ["moves", str(LOG), "--turn", "2"], ["--version"]])
def test_ctrl_c_in_the_first_tenth_of_a_second_exits_130_without_a_traceback(
        args: list[str]) -> None:
    # the window the campaign hit: from the interpreter's start to the command's first work
    # spread over the whole run of the command as long as it takes on this machine now (on a
    # loaded machine Python's own start can take 0.1 s, or the command be over by then)
    whole = run_time(args)
    delays = [whole * (i + 0.5) / 16 for i in range(16)]
    runs = interrupted_runs(args, delays)
    for code, err in runs:
        assert not ours(err), err
        assert "PanicException" not in err and "internal error" not in err, err
        if "Traceback" not in err:
            assert code in (130, -signal.SIGINT, 0, 1), (code, err)
        # 0 or 1: the command finished before the signal came (the verdict of the log);
        # -SIGINT: the signal came while Python itself was starting, before start.py ran,
        # and Python ended the process as it ends it
    assert sum(code == 130 for code, _ in runs) >= 2  # the command's own window was hit


def test_ctrl_c_that_lands_in_a_weakref_callback_still_stops_the_command() -> None:
    """Seen in CI: SIGINT arrived while the import system ran a weakref callback; Python
    printed "Exception ignored in: <function _get_module_lock.<locals>.cb ...>" with the
    KeyboardInterrupt, dropped it, and the command went on. Such an interrupt ends the process
    with 130, quietly."""
    code = ("import sys, weakref\n"
            "from grinivil_cli import entry\n"
            "handler = entry._Interrupted()\n"
            "handler.install()\n"
            "class Held: pass\n"
            "held = Held()\n"
            "def callback(ref):\n"
            "    handler(2, None)\n"  # the signal handler, called where Python cannot raise
            "ref = weakref.ref(held, callback)\n"
            "del held\n"
            "print('the command went on')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=TOP, preexec_fn=interruptible)
    assert done.returncode == 130, (done.stdout, done.stderr)
    assert "went on" not in done.stdout
    assert "Exception ignored" not in done.stderr and "Traceback" not in done.stderr

