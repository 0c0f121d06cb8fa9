"""Arena and Brawl through the UI (AR-1, AR-4, AR-6, AR-11): the last turns of the example
games played by cursor keys, clicks and typing to the result panel, with the arena marked on
the board by a symbol, the piece card naming the supporters that empower a gladiator, and the
turn banner naming the half of the turn to play."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from battlechess_tui.save.store import load_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import ResultPanel
from battlechess_tui.ui.widgets.board import Board
from tests.ui.driver import cursor_to, table
from tests.ui.variant_games import play_one

SAVES = Path(__file__).parents[2] / "saves"
LAST_PLIES = 6
HOW = ("keys", "mouse", "typed", "keys", "mouse", "keys")


def board_text(pilot: Pilot) -> str:
    board = table(pilot).query_one(Board)
    return "\n".join(board.render_line(y).text for y in range(board.size.height))


async def check_gladiator_views(pilot: Pilot, square: int) -> None:
    """AR-6 on the card of the gladiator about to move, AR-4 in the banner."""
    screen = table(pilot)
    await cursor_to(pilot, square)
    await pilot.press("enter")
    assert screen.selected == square
    assert screen.banner.status.endswith("gladiator move")
    seen = [line for line in screen.card_lines if line.startswith("seen by")]
    assert seen and any("moves as a" in line for line in seen)
    await pilot.press("escape")
    assert screen.selected is None


@pytest.mark.parametrize(
    ("save", "arena"), [("arena-3-0000.json", True), ("brawl-13-0000.json", False)]
)
async def test_ar_11_last_turns_to_a_win_by_keys_mouse_and_typing(
    save: str, arena: bool, tmp_path: Path
) -> None:
    game = load_game(SAVES / save).game
    final = [p.action for p in game.plies[-LAST_PLIES:]]
    result = game.outcome
    assert result is not None
    game.truncate(len(game.plies) - LAST_PLIES)
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        marks = screen.board_model.marks
        assert bool(marks) == arena and {m.name for m in marks.values()} <= {"arena"}  # AR-1
        if arena:
            assert "◇" in board_text(pilot)  # a symbol, not colour alone
        for action, how in zip(final, HOW, strict=True):
            mover = game.variant.piece_view(game.state, action.squares[0])
            assert mover is not None
            half = "gladiator move" if mover.kind == "pawn" else "supporter move"
            assert screen.banner.status.endswith(half)  # AR-4
            if action == final[-1]:
                await check_gladiator_views(pilot, action.squares[0])
            await play_one(pilot, action, how)
        assert isinstance(app.screen, ResultPanel)
        assert app.screen.result == game.presenter.describe_outcome(result)
        assert "all enemy gladiators captured" in app.screen.result


async def test_ar_4_banner_names_the_half_of_the_turn(tmp_path: Path) -> None:
    game = load_game(SAVES / "arena-3-0000.json").game
    game.truncate(0)
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        assert screen.banner.status == "White — gladiator move"
        await play_one(pilot, game.rule_actions()[0], "typed")
        assert screen.banner.status == "White — supporter move"
        assert screen.board_model.targets == {}
