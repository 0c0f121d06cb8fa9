"""In a terminal the app sets what start-up made aside from the garbage collector once its
first frame is drawn (``keep_start_up``: a later full collection then walks only what was
made since, which took a Gladiator puzzle's first opening from 0.30 to 0.24 s); a headless
app, a test's, does not, since a test process makes hundreds of apps and would keep them all."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from battlechess_tui.ui import app as app_module
from battlechess_tui.ui.app import BattleChessApp, keep_start_up
from battlechess_tui.ui.settings import Settings


@pytest.mark.parametrize("in_a_terminal", [True, False])
async def test_start_up_is_kept_aside_after_the_first_frame_in_a_terminal_only(
    in_a_terminal: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept: list[bool] = []
    monkeypatch.setattr(app_module, "keep_start_up", lambda: kept.append(True))
    if in_a_terminal:
        monkeypatch.setattr(BattleChessApp, "is_headless", property(lambda self: False))
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert kept == ([True] if in_a_terminal else [])


def test_what_start_up_made_is_frozen() -> None:
    before = gc.get_freeze_count()
    try:
        keep_start_up()
        assert gc.get_freeze_count() > before
    finally:
        gc.unfreeze()
