"""The example games in saves/: each loads, is finished, and verifies roll by roll."""

from pathlib import Path

import pytest

from battlechess_tui.engine.registry import specs
from battlechess_tui.save.store import load_game, read_record, verify_file

SAVES = sorted((Path(__file__).parent.parent / "saves").glob("*.json"))


def test_every_game_has_an_example_save():
    variants = {read_record(p).variant for p in SAVES}
    assert set(specs()) <= variants


@pytest.mark.parametrize("path", SAVES, ids=[p.name for p in SAVES])
def test_example_save_is_finished_and_verifies(path):
    loaded = load_game(path)
    assert loaded.game.outcome is not None
    assert verify_file(path) is None
