"""Dice Chess setup on the table (DC-2, issue 12 item 5): a swap is picked on the board from
either die first, or typed as two bare squares; the move box shows what may be typed."""

from __future__ import annotations

from textual.widgets import Input

from battlechess_tui.engine.actions import Action
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.settings import Settings
from tests.typed import known
from tests.ui.driver import click_square, table

E2, B1, H2, A1 = 12, 1, 15, 0


def faces(screen: GameScreen) -> list[str]:
    return [
        known(screen.game.presenter.piece_view(screen.game.state, s)).name for s in (E2, B1, H2)
    ]


async def test_dc_2_a_swap_is_picked_from_either_die_or_typed_as_two_squares() -> None:
    game = build_game("dice-chess", None, 3, {"white": "Ann", "black": "Bo"})
    app = BattleChessApp("play", game=game, settings=Settings(False))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        box = screen.query_one("#move-input", Input)
        assert box.placeholder == "type a choice (swap a1 b1) and Enter"
        await click_square(pilot, E2)  # the later die first: not possible before
        await pilot.pause()
        assert screen.selected == E2
        assert screen.board_model.targets.get(B1) is not None
        await click_square(pilot, B1)
        await pilot.pause()
        assert game.plies[-1].action == Action("swap", (B1, E2))
        await pilot.press("colon", "h", "2", "space", "a", "1", "enter")  # bare, later first
        await pilot.pause()
        assert game.plies[-1].action == Action("swap", (A1, H2)), screen.message
        assert len(game.plies) == 2
