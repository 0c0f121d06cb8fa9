"""SVG snapshots of the game table at 55x60, a phone's page in the browser (the board on top,
the panels under it); update with `pytest --snapshot-update`."""

import pytest

from battlechess_tui.ui.screenshots import scenes
from tests.ui.snapshots import check

PHONE_SCENES = ["game-classic", "game-dnd", "game-gladiator"]


@pytest.mark.parametrize(
    "scene", [s for s in scenes() if s.name in PHONE_SCENES], ids=lambda s: s.name
)
def test_table_at_55x60(snap_compare, scene, tmp_path) -> None:
    assert check(snap_compare, scene, (55, 60), tmp_path)
