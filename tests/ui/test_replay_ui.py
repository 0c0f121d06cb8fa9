"""The replay screen and the dice tray on a prepared D&D game (a save written with the engine):
step, jump, go to a ply, autoplay and its speed, every roll as it fell, play on as a new game."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlechess_tui.engine import numbering
from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.numbering import after_move
from battlechess_tui.save.store import load_game, save_game
from battlechess_tui.session import build_game
from battlechess_tui.ui import views
from battlechess_tui.ui.app import BattleChessApp, Settings
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.menu import MenuScreen
from battlechess_tui.ui.screens.replay import ReplayScreen
from battlechess_tui.ui.screenshots import play_some
from battlechess_tui.ui.views import TRAY_DECISIONS
from battlechess_tui.ui.widgets.dice_tray import DiceTray, face_text, newest_group
from tests.ui.driver import table

PLIES = 40


@pytest.fixture(scope="module")
def dnd_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = build_game("dnd", None, 2024, None)
    play_some(game, PLIES)
    path = tmp_path_factory.mktemp("saves") / "dnd.json"
    save_game(game, path)
    return path


def rolled(game: Game) -> list[int]:
    """The plies (1-based) whose decision threw dice."""
    return [i + 1 for i, p in enumerate(game.plies) if any(isinstance(e, Roll) for e in p.events)]


def replay_app(path: Path) -> BattleChessApp:
    return BattleChessApp("replay", loaded=load_game(path), settings=Settings(animate=False))


async def test_step_jump_goto_and_the_rolls_as_they_fell(dnd_save: Path) -> None:
    app = replay_app(dnd_save)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table(pilot)
        assert isinstance(screen, ReplayScreen) and screen.ply == 0
        game = screen.game
        await pilot.press("right", "right", "n", "left")
        assert screen.ply == 2 and screen.log_current == 2
        assert screen.message.startswith(f"Replay: move 1… of {numbering.moves_played(game)}: ")
        await pilot.press("g", "3", "enter")  # a move by its number: after White's third
        assert screen.ply == after_move(game, 3) and "move 3. of" in screen.message
        await pilot.press("end")
        assert screen.ply == len(game.plies)
        await pilot.press("home")
        assert screen.ply == 0 and not screen.tray_entries
        battle = rolled(game)[0]
        await pilot.press(*["right"] * battle)
        assert screen.ply == battle
        shown = [e.event for e in screen.tray_entries if e.ply == battle]
        assert shown == list(game.said(battle - 1).events)  # each roll exactly as it fell
        assert screen.tray_entries[-1].ply == battle  # newest last


async def test_tray_shows_recent_decisions_round_by_round(dnd_save: Path) -> None:
    app = replay_app(dnd_save)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("end")
        screen = table(pilot)
        plies = rolled(screen.game)[-TRAY_DECISIONS:]
        entries = screen.tray_entries
        assert sorted({e.ply for e in entries}) == plies
        assert [e.ply for e in entries] == sorted(e.ply for e in entries)  # oldest first
        text = screen.query_one(DiceTray).render_text().plain
        last = screen.game.plies[plies[-1] - 1]
        turn = views.turn_numbers(screen.game, plies[-1])[-1]  # headed by its turn, as logged
        assert f"── {turn} " in text and last.notation in text
        roll = next(e for e in last.said.events if isinstance(e, Roll))
        assert roll.purpose and roll.purpose in text and roll.dice in text


async def test_autoplay_speed_and_stop_at_the_end(dnd_save: Path) -> None:
    app = replay_app(dnd_save)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        assert isinstance(screen, ReplayScreen)
        await pilot.press("plus", "plus", "plus", "space")
        assert screen.speed == 3 and "autoplay 0.25s" in screen.message
        await pilot.press("minus")
        assert "autoplay 0.5s" in screen.message
        await pilot.press("space")
        assert "autoplay" not in screen.message
        stopped = screen.ply  # a loaded machine may have let a tick through before the stop
        await pilot.pause(0.6)
        assert screen.ply == stopped
        await pilot.press("end", "left", "space")
        while screen.ply < len(screen.game.plies):  # one step per tick, then it stops
            await pilot.pause()
        await pilot.pause()
        assert "autoplay" not in screen.message


async def test_play_on_forks_a_new_game_and_leaves_the_save(dnd_save: Path) -> None:
    before = dnd_save.read_text()
    app = replay_app(dnd_save)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g", "9", "enter", "c")
        await pilot.pause()
        fork = table(pilot)
        assert isinstance(fork, GameScreen)
        original = load_game(dnd_save).game
        upto = after_move(original, 9)  # the position after White's move 9 (two decisions)
        moves = numbering.move_numbers(original)
        assert moves[upto - 2 : upto + 1] == ["9.", "9.", "9…"]
        assert [p.events for p in fork.game.plies] == [p.events for p in original.plies[:upto]]
        assert fork.path != dnd_save
        await pilot.press("q")
        assert isinstance(app.screen, MenuScreen)
    assert dnd_save.read_text() == before


async def test_tray_reveals_fresh_rolls_one_at_a_time_and_skips() -> None:
    game = build_game("single-combat", None, 5, None)
    play_some(game, 60, stop_after_roll=True)
    app = BattleChessApp("play", game=game, settings=Settings(animate=True))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table(pilot)
        tray = screen.query_one(DiceTray)
        entries = screen.tray_entries
        assert any(isinstance(e.event, Roll) for e in entries)
        tray.entries = ()
        tray.animate_rolls = True  # as after a move with animations on (tests run without them)
        tray.entries = entries
        assert tray.animating and "rolling…" in tray.render_text().plain
        assert tray._shown == newest_group(entries)  # older decisions are shown at once
        await pilot.press("escape")  # skip
        assert not tray.animating and "rolling…" not in tray.render_text().plain


def test_faces_are_dice_for_d6_and_tiles_for_other_dice() -> None:
    assert face_text(4, 6) == ("⚃", "face")
    assert face_text(17, 20) == (" 17 ", "tile")
    assert face_text(4, 6, ascii_only=True) == ("[4]", "face")
