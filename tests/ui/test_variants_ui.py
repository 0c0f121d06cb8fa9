"""Every shipped game through the UI: moves by cursor keys, clicks and typing, other choices
from the actions panel, then resign, save, quit, load and replay the same game. New variants
are picked up from the registry without changes here."""

import pytest

from battlechess_tui.engine.registry import specs
from tests.ui.variant_games import whole_game_save_quit_load_replay


@pytest.mark.parametrize("variant", list(specs()))
async def test_whole_game_by_keys_and_mouse_then_save_quit_load_replay(variant: str) -> None:
    await whole_game_save_quit_load_replay(variant)
