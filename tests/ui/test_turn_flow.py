"""The turn flow of a game night (issue 12): every roll is seen before a hand-over notice, which
tells what happened and is a setting; no notice between seats of one player; Gladiator's
overrides are implicit (four typed moves make a team turn) and said with a key (GC-14); a lone
square answers a choice; takebacks are asked of the other side and never reroll."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import ComposeResult
from textual.pilot import Pilot

from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.game import Game, Position
from battlechess_tui.rules.gladiator.present import OVERRIDE_WHEN
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import Confirm, HandOver
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.help import HelpScreen
from battlechess_tui.ui.settings import HandOverMode, Settings
from battlechess_tui.ui.widgets import dice_tray
from battlechess_tui.ui.widgets.dice_tray import DiceTray
from tests.test_gladiator_royals import FULL_BACK_RANK
from tests.test_gladiator_support import V, act
from tests.ui.driver import table, wait_for

KILL = "White's pawn wins and kills Black's pawn on d5"


async def typed(pilot: Pilot, text: str) -> None:
    """Type into the move box and press Enter (no hand-over is answered here)."""
    await pilot.press("colon", *text, "enter")
    await pilot.pause()


def fight_ready(animate: bool, free_undo: bool = False) -> BattleChessApp:
    """Single Combat between Ann and Bo, White's pawn on e4 facing d5 (seed 5: it wins)."""
    game = build_game("single-combat", None, 5, {"white": "Ann", "black": "Bo"})
    for move in ("e2e4", "d7d5"):
        game.play(move)
    settings = Settings(animate, free_undo=free_undo, handover="on")
    return BattleChessApp("play", game=game, settings=settings)


def rolls_shown(screen: GameScreen) -> list[tuple[int, ...]]:
    return [e.event.faces for e in screen.tray_entries if isinstance(e.event, Roll)]


# -- the roll before the notice --------------------------------------------------------------


async def test_the_roll_is_in_the_tray_before_the_hand_over_which_says_what_happened(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The notice waits for the roll's animation to end by itself; it tells the fight's
    consequence, not only the move."""
    monkeypatch.setattr(dice_tray, "FRAME_SECONDS", 0.01)
    seen: list[tuple[bool, str]] = []
    compose = HandOver.compose

    def composed(notice: HandOver) -> ComposeResult:
        tray = notice.app.screen_stack[-2].query_one(DiceTray)
        seen.append((tray.animating, tray.render_text().plain))
        return compose(notice)

    monkeypatch.setattr(HandOver, "compose", composed)
    app = fight_ready(animate=True)
    async with app.run_test(size=(80, 24)) as pilot:
        app.animation_level = "full"  # tests run without animations
        await typed(pilot, "e4d5")
        await wait_for(pilot, lambda: isinstance(app.screen, HandOver))
        notice = app.screen
        assert isinstance(notice, HandOver) and notice.next_player == "Bo (Black)"
        assert notice.last == (
            f"Ann (White) played exd5 (rolled 5, needs 5: wins). {KILL}.\n"
            "Ann (White) rolled 1d8 [5] vs needs 5: wins"
        )
        [(animating, tray_text)] = seen
        assert not animating and "⇒ wins" in tray_text  # the roll and its result were shown


async def test_any_key_ends_the_roll_and_then_the_notice_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(dice_tray, "FRAME_SECONDS", 60.0)  # it would tumble for minutes
    app = fight_ready(animate=True)
    async with app.run_test(size=(80, 24)) as pilot:
        app.animation_level = "full"
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        await typed(pilot, "e4d5")
        assert isinstance(app.screen, GameScreen)  # the roll tumbles: nothing covers it yet
        tray = screen.query_one(DiceTray)
        assert tray.animating and rolls_shown(screen) == [(5,)]
        await pilot.press("F")  # flips the board, and ends the tumble
        assert screen.flipped and not tray.animating
        await wait_for(pilot, lambda: isinstance(app.screen, HandOver))


@pytest.mark.parametrize(
    ("variant", "mode", "notice"),
    [("classic", "off", False), ("classic", "team", False), ("gladiator", "team", True)],
)
async def test_the_hand_over_setting(variant: str, mode: HandOverMode, notice: bool) -> None:
    players = {"white": "Ann", "black": "Cy"}
    game = build_game(variant, None, 3, players)
    app = BattleChessApp("play", game=game, settings=Settings(animate=False, handover=mode))
    async with app.run_test(size=(80, 24)) as pilot:
        moves = ("e2e4",) if variant == "classic" else ("f2f4", "e1h4", "g1h3", "i1j3")
        for move in moves:
            assert isinstance(app.screen, GameScreen)
            await typed(pilot, move)
        assert isinstance(app.screen, HandOver) == notice


# -- Gladiator: a team turn, overrides ------------------------------------------------------


async def test_gc_12_gc_14_a_team_turn_of_one_player_is_four_typed_moves_without_a_question(
    tmp_path: Path,
) -> None:
    """Ann holds the four White commanders: four moves, no override question and no hand-over
    until Cy's turn (issue 12's first done-when)."""
    game = build_game("gladiator", None, 3, {"white": "Ann", "black": "Cy"})
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        for move in (":f2f4", ":e1h4", ":g1h3"):  # ':' typed out of habit is fine
            await typed(pilot, move)
            assert isinstance(app.screen, GameScreen), app.screen
        await typed(pilot, "i1j3")
        notice = app.screen
        assert isinstance(notice, HandOver) and notice.next_player == "Cy (Black · King)"
        assert [p.seat for p in game.plies] == [
            "white.king",
            "white.queen",
            "white.black-knight",
            "white.kings-knight",
        ]
        assert "Ann (White · Black Knight) played" in notice.last


async def test_gc_14_the_override_key(tmp_path: Path) -> None:
    game = build_game("gladiator", None, 3, {"white": "Ann", "black": "Cy"})
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        await pilot.press("v")  # the King's own move: nothing to override
        assert screen.message == (
            f"Refused: the King cannot override his own move (GC-14). {OVERRIDE_WHEN}"
        )
        await typed(pilot, "f2f4")
        await pilot.press("v")
        assert [p.action.kind for p in game.plies] == ["move", "override"]
        assert game.plies[-1].seat == "white.king"  # decided by the King's seat
        assert "King overrides the Queen's move" in screen.banner.status
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "**Override** (`v`" in app.screen.text and "| `v` | Override |" in app.screen.text


async def test_gc_29_a_lone_typed_square_answers_the_choice_of_a_square(tmp_path: Path) -> None:
    state, _ = act(V.rules.parse_position(FULL_BACK_RANK.format(rank6="10")), "c7d5")
    game = Game(V, 7)
    game.positions[0] = Position(state)
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await typed(pilot, "d6")
        assert [p.action.text(V.rules.geo) for p in game.plies] == ["return d6"]


# -- takebacks -------------------------------------------------------------------------------


async def test_a_takeback_refused_keeps_the_position_accepted_takes_back_with_the_same_dice(
    tmp_path: Path,
) -> None:
    app = fight_ready(animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        game = screen.game
        await typed(pilot, "e4d5")
        await pilot.press("enter")  # past the hand-over to Bo
        rolled = game.plies[-1].rolls
        await pilot.press("u")
        ask = app.screen
        assert isinstance(ask, Confirm)
        assert ask.question == "Bo: Ann asks to take back exd5 (rolled 5, needs 5: wins). Accept?"
        await pilot.press("n")
        assert len(game.plies) == 3 and game.to_move == "black"
        assert screen.message.startswith("Bo refused to take back exd5")
        await pilot.press("u", "y")
        assert len(game.plies) == 2 and game.to_move == "white"
        assert screen.message == (
            "Bo accepted. Took back exd5 (rolled 5, needs 5: wins); its "
            "dice stay as they fell (playing it again throws the same)."
        )
        await typed(pilot, "e4d5")
        assert game.plies[-1].rolls == rolled  # no reroll


async def test_free_undo_takes_back_at_once() -> None:
    app = fight_ready(animate=False, free_undo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await typed(pilot, "e4d5")
        await pilot.press("enter", "u")
        assert isinstance(app.screen, GameScreen)
        assert len(table(pilot).game.plies) == 2
