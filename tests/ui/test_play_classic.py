"""Pilot tests: whole classic games through the UI, by keyboard and by mouse, with saves."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from battlechess_tui.save.store import autosave_path, latest_autosave, load_game, user_save_dir
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import HandOver, ResultPanel
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.menu import MenuScreen
from battlechess_tui.ui.screens.replay import ReplayScreen
from battlechess_tui.ui.screens.saves import SavesScreen
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel
from battlechess_tui.ui.widgets.board import ATTACK, MOVE, Board
from tests.ui.driver import click_move, click_square, hand_over, key_move, table, type_action

FOOLS_MATE = ("f2f3", "e7e5", "g2g4", "d8h4")


def classic_app(size: tuple[int, int] = (80, 24), **players: str) -> BattleChessApp:
    """A classic game at one keyboard with the hand-over notice in two-player games too (the
    default keeps it to team games: ``tests/ui/test_turn_round3.py``)."""
    app = BattleChessApp("play", game=build_game("classic", None, 7, players or None))
    app.settings.handover = "on"
    return app


async def test_keyboard_game_to_checkmate_and_result_panel() -> None:
    app = classic_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for move in FOOLS_MATE[:-1]:
            await key_move(pilot, move)
        geo = table(pilot).game.variant.rules.geo
        await key_move(pilot, FOOLS_MATE[-1])
        assert isinstance(app.screen, ResultPanel)
        assert "Black wins: checkmate" in app.screen.result
        await pilot.press("escape")
        screen = table(pilot)
        assert screen.banner.over
        assert [p.notation for p in screen.game.plies] == ["f3", "e5", "g4", "Qh4#"]
        assert screen.log_entries[-1].notation == "Qh4#"
        assert geo.name(screen.game.plies[-1].action.target) == "h4"


async def test_mouse_game_to_checkmate() -> None:
    app = classic_app()
    async with app.run_test(size=(120, 40)) as pilot:
        for move in FOOLS_MATE:
            await click_move(pilot, move)
        assert isinstance(app.screen, ResultPanel)


async def test_typed_moves_refusal_in_words_selected_and_escape_clears() -> None:
    app = classic_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await type_action(pilot, "e2e5")
        screen = table(pilot)
        box = screen.query_one("#move-input", Input)
        assert screen.game.plies == []
        assert "pawn cannot move from e2 to e5" in screen.message
        assert screen.focused is box and box.selection == (0, 4)  # typing replaces it
        await pilot.press(*"e2e3", "escape")
        assert box.value == "" and isinstance(screen.focused, Board)  # empties it, and leaves
        await pilot.press(*"e2e4", "enter")
        assert [p.notation for p in screen.game.plies] == ["e4"]
        await hand_over(pilot)
        await pilot.press("colon", "escape", "escape")  # an empty box: back to the board
        assert isinstance(screen.focused, Board)


async def test_selection_marks_quiet_moves_and_attacks() -> None:
    app = classic_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for move in ("e2e4", "d7d5"):
            await type_action(pilot, move)
        screen = table(pilot)
        geo = screen.game.variant.rules.geo
        await click_square(pilot, geo.parse("e4"))
        assert screen.selected == geo.parse("e4")
        targets = screen.board_model.targets
        assert targets == {geo.parse("e5"): MOVE, geo.parse("d5"): ATTACK}


async def test_cursor_keys_sent_back_to_back_all_land() -> None:
    """Key repeat: many arrow keys queued at once, none waited for, each one counts."""
    app = classic_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        board = screen.query_one(Board)
        geo = screen.game.variant.rules.geo
        assert geo.name(screen.cursor) == "e2"
        keys = ["right"] * 3 + ["up"] * 5 + ["left"] * 6 + ["down"] * 2 + ["right", "up"] * 2
        for key in keys:  # all posted before the app handles the first
            app.simulate_key(key)
        await pilot.pause()
        await pilot.pause()
        # e2, right 3: h2, up 5: h7, left 6: b7, down 2: b5, then c5 c6 d6 d7
        assert geo.name(board.cursor) == "d7"
        assert screen.cursor == board.cursor
        assert "d7" in " ".join(screen.card_lines)


async def test_typing_right_after_colon_goes_into_the_box() -> None:
    """``:d2d4`` sent at once: the box has the focus before the ``d`` (draw offer key) arrives."""
    app = classic_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        for key in ["colon", "d", "2", "d", "4", "enter"]:
            app.simulate_key(key)
        await pilot.pause()
        await pilot.pause()
        assert [p.notation for p in screen.game.plies] == ["d4"]


async def test_draw_offer_named_in_banner_notice_and_log_then_declined_from_the_panel() -> None:
    app = classic_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("D", "y")  # the draw key asks first (issue 25 item 10)
        assert isinstance(app.screen, HandOver)
        assert app.screen.last == "White offers a draw."
        await pilot.press("enter")
        screen = table(pilot)
        assert screen.banner.status == "White offers a draw: Black accepts or declines"
        assert screen.log_entries[-1].notation == "offers a draw"
        assert screen.log_entries[-1].details == ()  # not "White offers a draw" again
        await pilot.press("tab", "tab")  # the move box, then the actions panel
        panel = screen.query_one(ActionsPanel)
        assert screen.focused is panel and panel.highlighted == 0  # Accept, highlighted
        await pilot.press("down", "enter")
        assert isinstance(app.screen, HandOver)
        assert app.screen.last == "Black declines the draw."
        assert not screen.game.over


async def test_picking_up_opponent_piece_explains() -> None:
    app = classic_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        await click_square(pilot, screen.game.variant.rules.geo.parse("e7"))
        assert screen.selected is None
        assert "Black's" in screen.message and "White to move" in screen.message


async def test_click_outside_board_and_unknown_keys_do_nothing() -> None:
    app = classic_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click(offset=(0, 5))
        await pilot.click(offset=(79, 12))
        await pilot.click(offset=(20, 21))
        await pilot.press("z", "9", "f9", "ctrl+y")
        assert table(pilot).game.plies == []


async def test_undo_keeps_rolls_and_autosaves() -> None:
    app = classic_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await type_action(pilot, "e2e4")
        await pilot.press("u", "y")  # a takeback request (issue 12): Black accepts it
        screen = table(pilot)
        assert screen.game.plies == []
        assert load_game(autosave_path(user_save_dir())).game.plies == []


async def test_hand_over_names_next_player() -> None:
    app = classic_app(white="Alice", black="Bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"e2e4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandOver)
        assert app.screen.next_player == "Bob (Black)"
        await pilot.press("enter")
        assert table(pilot).banner.player == "Bob"


async def test_save_quit_continue_and_replay_same_game(tmp_path: Path) -> None:
    app = classic_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for move in ("e2e4", "e7e5", "g1f3"):
            await key_move(pilot, move)
        await pilot.press("s")
        before = table(pilot)
        assert isinstance(before, GameScreen) and before.path is not None
        path = before.path
        await pilot.press("q")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("c")
        await pilot.pause()
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        assert [p.notation for p in screen.game.plies] == ["e4", "e5", "Nf3"]
        assert screen.path == path  # Continue writes on to the game's own file, not a copy
        await key_move(pilot, "b8c6")
        await pilot.press("q", "p")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        names = [s.path.name for s in app.screen.saves]
        assert path.name in names and "autosave.json" not in names  # one entry per game
        await pilot.press("enter")  # the newest save: this game's file
        await pilot.pause()
        replay = table(pilot)
        assert isinstance(replay, ReplayScreen)
        assert replay.ply == 0
        await pilot.press("right", "right")
        assert replay.log_current == 2
        await pilot.press("end")
        assert replay.ply == 4
        await pilot.press("left", "c")
        await pilot.pause()
        fork = table(pilot)
        assert isinstance(fork, GameScreen)
        assert [p.notation for p in fork.game.plies] == ["e4", "e5", "Nf3"]
    assert path.is_file()
    assert latest_autosave(user_save_dir()) is not None
