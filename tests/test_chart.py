"""`grinivil audit --chart`: an SVG of every player's VPs and money after each turn, plotting
the replay's own figures; written whole, byte-identical for the same log, and a path that
cannot be written is a clean exit 2. The same for `grinivil simulate -o`."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from grinivil_cli.reports.chart import PANEL
from grinivil_cli.table.loading import load_game

SAMPLE = Path(__file__).parent.parent / "samples" / "game-2p.yaml"
SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, timeout=120)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def plotted(root: ET.Element, what: str) -> tuple[int, dict[str, list[float]]]:
    """The panel's top value and each player's values read back from the polyline points,
    by the panel's scale (`data-low`/`data-high` drawn from `data-bottom` up to `data-top`)."""
    panel = next(g for g in root.iter(f"{SVG}g") if g.get("data-what") == what)
    low, high = int(panel.get("data-low", "")), int(panel.get("data-high", ""))
    top, bottom = float(panel.get("data-top", "")), float(panel.get("data-bottom", ""))
    out: dict[str, list[float]] = {}
    for line in panel.iter(f"{SVG}polyline"):
        if what not in (line.get("class") or "").split():
            continue
        name = line.findtext(f"{SVG}title") or ""
        ys = [float(pt.split(",")[1]) for pt in (line.get("points") or "").split()]
        out[name] = [low + (bottom - y) / (bottom - top) * (high - low) for y in ys]
    return high, out


def test_audit_chart_plots_every_players_vps_and_money_after_each_turn(tmp_path: Path) -> None:
    out = tmp_path / "charts" / "game.svg"
    out.parent.mkdir()  # a missing folder is refused, not created (tests/test_outputs_and_bounds)
    result = run("audit", str(SAMPLE), "--chart", str(out))
    assert result.returncode == 0, result.stderr
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    r = load_game(SAMPLE).replay
    names = [p.name for p in r.snapshots[0].state.players]
    for what in ("vp", "money"):
        expected = {n: [getattr(s.state.player(n), what) for s in r.snapshots] for n in names}
        high, got = plotted(root, what)
        assert high == max(max(v) for v in expected.values())
        assert sorted(got) == sorted(names)
        for n in names:  # one point per snapshot, at the value (to the 0.1 px of the file)
            assert len(got[n]) == len(r.snapshots)
            assert all(abs(a - b) <= high / (PANEL - 30) * 0.06
                       for a, b in zip(got[n], expected[n], strict=True)), (what, n)
    again = tmp_path / "again.svg"
    assert run("audit", str(SAMPLE), "--chart", str(again)).returncode == 0
    assert again.read_bytes() == out.read_bytes()


def test_an_output_that_cannot_be_written_is_exit_2_and_leaves_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    for args in (["audit", str(SAMPLE), "--chart", str(blocker / "c.svg")],
                 ["simulate", "--players", "2", "--seed", "1", "-o", str(blocker / "g.yaml")]):
        result = run(*args)
        assert result.returncode == 2, args
        assert (f"cannot write {blocker / Path(args[-1]).name}: {blocker} is a file, not a "
                "folder.") in result.stderr
        assert "internal error" not in result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


def test_simulate_writes_into_a_folder_that_exists_and_refuses_one_that_does_not(
        tmp_path: Path) -> None:
    out = tmp_path / "games" / "g.yaml"
    refused = run("simulate", "--players", "2", "--seed", "1", "-o", str(out))
    assert refused.returncode == 2 and "does not exist" in refused.stderr
    assert not out.parent.exists()
    out.parent.mkdir()
    assert run("simulate", "--players", "2", "--seed", "1", "-o", str(out)).returncode == 0
    assert run("validate", str(out)).returncode == 0
