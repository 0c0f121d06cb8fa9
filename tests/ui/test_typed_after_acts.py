"""A move typed is a move played (issue 39 items 1, 2): after a D&D piece acts, after Enter
answers "none", and after a refused move cleared with Escape, the next keys typed reach the
board, so the next player's move plays and ``H`` asks a hint. Typed as a person types: letters
on the board, no ``:``, no Tab."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel
from battlechess_tui.ui.widgets.board import Board
from battlechess_tui.ui.widgets.move_input import MoveInput
from tests.ui.driver import hand_over, table, wait_for


def dnd_app(tmp_path: Path) -> BattleChessApp:
    game = build_game("dnd", {"level": "5"}, 7, None)
    return BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))


async def typed(pilot: Pilot, text: str) -> None:
    """``text`` typed key by key where the focus is, then Enter."""
    await pilot.press(*[("space" if c == " " else c) for c in text], "enter")
    await pilot.pause()
    await hand_over(pilot)


def moves(pilot: Pilot) -> list[str]:
    game = table(pilot).game
    return [p.action.text(game.rules.geo) for p in game.plies]


async def test_dd_a_move_typed_after_a_spell_cast_with_the_move_is_played(tmp_path: Path) -> None:
    async with dnd_app(tmp_path).run_test(size=(80, 24)) as pilot:
        for text in ("e2e4", "a7a6", "d1h5 cast magic-missile h7"):
            await typed(pilot, text)
        screen = table(pilot)
        assert isinstance(screen.focused, Board)
        await typed(pilot, "f7f6")
        assert moves(pilot)[-1] == "f7f6", screen.message
        assert len(moves(pilot)) == 5


async def test_dd_enter_answers_none_then_the_next_move_typed_is_played(tmp_path: Path) -> None:
    async with dnd_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await typed(pilot, "e2e4")
        await typed(pilot, "a7a6")
        await typed(pilot, "e1e2")
        screen = table(pilot)
        panel = screen.query_one(ActionsPanel)
        await wait_for(pilot, lambda: screen.focused is panel)
        await pilot.press("enter")  # "none", highlighted
        await pilot.pause()
        await hand_over(pilot)
        assert moves(pilot)[-1] == "none"
        assert isinstance(screen.focused, Board)
        await typed(pilot, "b7b6")
        assert moves(pilot)[-2:] == ["none", "b7b6"], screen.message
        await pilot.press("enter")  # on the board: never a draw offered by accident
        await pilot.pause()
        assert table(pilot) is screen and moves(pilot)[-1] == "b7b6"
        assert screen.game.position.draw_offer_by is None


async def test_dd_an_act_typed_while_the_panel_offers_none_is_played(tmp_path: Path) -> None:
    """The panel offers "none" after the Wizard's move: letters typed then are an act typed
    (into the move box), not a filter of the list."""
    async with dnd_app(tmp_path).run_test(size=(80, 24)) as pilot:
        for text in ("e2e4", "a7a6", "d1h5"):
            await typed(pilot, text)
        screen = table(pilot)
        await wait_for(pilot, lambda: isinstance(screen.focused, ActionsPanel))
        await typed(pilot, "cast magic-missile h7")
        assert moves(pilot)[-1] == "cast magic-missile h7", screen.message
        assert isinstance(screen.focused, Board)
        await typed(pilot, "f7f6")
        assert moves(pilot)[-1] == "f7f6", screen.message


async def test_escape_after_a_refused_move_clears_the_box_and_h_asks_a_hint(
    tmp_path: Path,
) -> None:
    game = build_game("classic", None, 7, None)
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        await typed(pilot, "e2e5")
        box = screen.query_one(MoveInput)
        assert screen.message.startswith("Refused") and screen.focused is box
        await pilot.press("escape")
        assert box.value == "" and isinstance(screen.focused, Board)
        await pilot.press("H")
        await wait_for(pilot, lambda: screen.message.startswith("Hint"))
        assert box.value == ""
