"""The variants declared in a log's header are shown by validate, render and audit (issue 6:
"Options are declared in the log header and shown by validate, render and audit")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from grinivil_cli.render import snapshot_svg
from grinivil_cli.table.loading import load_game

BIG_TOWN = Path(__file__).parent.parent / "samples" / "variants" / "big-town-4p.yaml"


def grinivil(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                          text=True, timeout=120)


def test_validate_and_audit_name_the_variants() -> None:
    assert "options: Big Town" in grinivil("validate", str(BIG_TOWN)).stdout
    assert "Variants: Big Town" in grinivil("audit", str(BIG_TOWN)).stdout
    payload = json.loads(grinivil("audit", "--format", "json", str(BIG_TOWN)).stdout)
    assert payload["variants"] == "Big Town"


def test_the_setup_snapshot_names_the_variants() -> None:
    game = load_game(BIG_TOWN)
    snap = game.replay.snapshots[0]
    svg = snapshot_svg(snap, log_turn=None, previous=None, title="Big Town")
    assert "variants: Big Town" in svg and "Variants: Big Town." in svg
