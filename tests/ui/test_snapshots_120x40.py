"""SVG snapshots of every screen at 120x40 (update with `pytest --snapshot-update`)."""

import pytest

from tests.ui.snapshots import check, snapshot_scenes


@pytest.mark.parametrize("scene", snapshot_scenes(), ids=lambda s: s.name)
def test_screen_at_120x40(snap_compare, scene, tmp_path) -> None:
    assert check(snap_compare, scene, (120, 40), tmp_path)
