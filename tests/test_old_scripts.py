"""Scripts keep working (issue #38 item 6): a script written against the Public API table of
each earlier README (``tests/data/old_scripts/``, one per round, from git history) still runs.
A name since moved answers with a DeprecationWarning that names its replacement."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "tests" / "data" / "old_scripts"

#: What round 2's script is told, name by name: each moved name and where it went.
ROUND_2_MOVED = {
    "battlechess_tui.ai.players.make_player": "battlechess_tui.ai.make_player",
    "Variant.geo": "variant.rules.geo",
    "Variant.parse_position": "variant.rules.parse_position",
    "Variant.position_text": "variant.rules.position_text",
    "Variant.from_fen": "variant.rules.from_fen",
    "Variant.piece_card": "variant.presenter.piece_card",
    "Variant.status": "variant.presenter.status",
    "Variant.setup_state": "variant.rules.setup_state",
    "Variant.from_text": "variant.rules.from_text",
}


def run(script: str, *warning_flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *warning_flags, str(SCRIPTS / script)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )


def test_every_earlier_readme_has_its_script():
    assert sorted(p.name for p in SCRIPTS.glob("*.py")) == [
        "readme_round2.py",
        "readme_round3.py",
    ]


def test_round_2s_script_runs_and_is_told_where_each_moved_name_went():
    done = run("readme_round2.py", "-W", "always::DeprecationWarning")
    assert done.returncode == 0, done.stderr
    told = dict(re.findall(r"DeprecationWarning: (\S+) is deprecated: use (\S+)", done.stderr))
    assert told == ROUND_2_MOVED
    assert "Rules.why_illegal is the old way to ask: use Rules.refusal" in done.stderr


def test_round_3s_script_runs_with_no_deprecated_name():
    """Round 3's table is today's: every name in it is current."""
    done = run("readme_round3.py", "-W", "error::DeprecationWarning")
    assert done.returncode == 0, done.stderr


def test_a_name_neither_half_has_is_still_an_attribute_error():
    from battlechess_tui.engine.registry import make_variant

    with pytest.raises(AttributeError, match="no_such_name"):
        make_variant("classic").no_such_name  # type: ignore[attr-defined]  # noqa: B018
