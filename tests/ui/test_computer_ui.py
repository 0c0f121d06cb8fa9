"""The computer at the table (issue 11, items 2 and 3): a person plays the computer, whose
decision is worked out in a thread worker while the app stays responsive; undo cancels its
thinking and drops its answer; people cannot move for it; it answers a draw offer; a
computer-vs-computer game plays itself with no hand-over; the hint key shows a decision on the
board with its odds and why and records it in the save."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game
from battlechess_tui.save.store import load_game
from battlechess_tui.session import build_game
from battlechess_tui.ui import computer, takeback
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import ChoiceDialog, HandOver, ResultPanel
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.settings import Settings
from tests.ui.driver import table, type_action, wait_for


class HeldThinker:
    """The computer's thinking, held until the test releases it; it answers ``answer`` (the
    real player's decision when None) and notes whether it was told to stop."""

    def __init__(self, answer: str | None = None) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.told_to_stop = threading.Event()
        self.answer = answer
        self.real = computer.think

    def __call__(self, req: computer.Request, cancel: threading.Event) -> Action:
        self.started.set()
        self.release.wait(10)
        if cancel.is_set():
            self.told_to_stop.set()
        if self.answer is not None:
            return req.rules.parse_action(req.state, self.answer)
        return self.real(req, threading.Event())


def app_for(game: Game, save_dir: Path) -> BattleChessApp:
    return BattleChessApp("play", game=game, save_dir=save_dir, settings=Settings(animate=False))


def against(level: str, seed: int = 7, variant: str = "classic") -> Game:
    return build_game(variant, None, seed, {"white": "Ann"}, {"black": level})


async def test_the_computers_reply_lands_while_keys_work_and_people_cannot_move_for_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    held = HeldThinker()
    monkeypatch.setattr(computer, "think", held)
    game = against("easy")
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_action(pilot, "e2e4")
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        assert isinstance(app.screen, GameScreen)  # no hand-over to the computer
        assert screen.message == "Ann (White) played e4. Black (computer, easy) is thinking…"
        await wait_for(pilot, held.started.is_set)
        await pilot.press("F")  # the app answers keys while the computer thinks
        assert screen.flipped
        await type_action(pilot, "e7e5")
        assert screen.message == "Refused: Black is played by the computer"
        assert len(game.plies) == 1
        held.release.set()
        await wait_for(pilot, lambda: len(game.plies) == 2)
        assert game.plies[1].seat == "black" and screen.message.startswith("Black played ")
        assert isinstance(app.screen, GameScreen)  # nor from the computer back to Ann
        assert screen.path is not None
        assert len(load_game(screen.path).game.plies) == 2  # autosaved like a person's move


async def test_undo_while_the_computer_thinks_cancels_it_and_its_answer_never_lands(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    held = HeldThinker(answer="e7e5")
    monkeypatch.setattr(computer, "think", held)
    game = against("medium")
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_action(pilot, "e2e4")
        await wait_for(pilot, held.started.is_set)
        await pilot.press("u")  # free against the computer: no question
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        assert screen.message == "Took back e4."
        held.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert held.told_to_stop.is_set()
        assert game.plies == [] and game.to_move == "white"  # the stale answer was dropped
        assert screen.search is None


async def test_undo_against_the_computer_takes_back_its_reply_too(tmp_path: Path) -> None:
    game = against("random")
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_action(pilot, "e2e4")
        await wait_for(pilot, lambda: len(game.plies) == 2)
        reply = game.plies[1].notation
        await pilot.press("u")
        assert game.plies == []
        assert table(pilot).message == f"Took back e4, {reply}."


async def test_the_computer_declines_a_draw_offer_when_not_behind(tmp_path: Path) -> None:
    game = against("random")
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("D", "y")  # asked first (issue 25 item 10)
        await wait_for(pilot, lambda: len(game.plies) == 2)
        assert [p.action.kind for p in game.plies] == ["offer-draw", "decline-draw"]
        assert game.to_move == "white" and not game.over
        assert isinstance(app.screen, GameScreen)


async def test_computer_against_computer_plays_on_with_no_hand_over(tmp_path: Path) -> None:
    game = build_game("single-combat", None, 5, None, {"all": "random"})
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        screen.roll_hold = screen.move_hold = 0.0
        seen: set[type] = set()

        def six() -> bool:
            seen.add(type(app.screen))
            return len(game.plies) >= 6

        await wait_for(pilot, six)
        assert seen == {GameScreen}
        assert "computer plays every seat" in str(takeback.plan(game, free_undo=True))


async def test_hint_shows_a_legal_decision_with_why_and_is_saved(tmp_path: Path) -> None:
    game = build_game("single-combat", None, 5, None)
    for move in ("e2e4", "d7d5"):
        game.play(move)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        await pilot.press("f1")
        await wait_for(pilot, lambda: bool(game.hints))
        hint = game.hints[0]
        action = game.parse(hint.action)
        assert action in game.legal_actions() and hint.ply == 2
        assert screen.selected == action.squares[0] and screen.cursor == action.squares[-1]
        assert screen.message.startswith("Hint: ") and hint.reason in screen.message
        assert screen.path is not None
        saved = load_game(screen.path).game.hints
        assert [(h.ply, h.action, h.reason) for h in saved] == [(2, hint.action, hint.reason)]


async def test_no_hint_on_the_computers_turn(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    held = HeldThinker(answer="e7e5")
    monkeypatch.setattr(computer, "think", held)
    game = against("medium")
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_action(pilot, "e2e4")
        await pilot.press("H")
        assert table(pilot).message == "No hint on the computer's turn: Black (computer, medium)."
        assert game.hints == []
        held.release.set()
        await wait_for(pilot, lambda: len(game.plies) == 2)


async def test_rematch_swaps_colours_and_the_computer_follows_its_player(tmp_path: Path) -> None:
    game = against("random")
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        first = table(pilot)
        assert isinstance(first, GameScreen)
        await pilot.press("x", "y")  # Ann resigns
        await wait_for(pilot, lambda: isinstance(app.screen, ResultPanel))
        await pilot.press("a")
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter")  # swap colours, the first choice
        await wait_for(
            pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not first
        )
        again = table(pilot)
        assert isinstance(again, GameScreen)
        assert again.game.players == {"white": "White", "black": "Ann"}
        assert again.game.computers == {"white": "random"}
        assert again.game.rules.spec.key == "classic" and again.game.seed != game.seed
        await wait_for(pilot, lambda: len(again.game.plies) == 1)  # the computer opens
        assert again.path is not None and again.path != first.path
        assert not isinstance(app.screen, HandOver)


async def test_a_rematch_of_a_game_from_a_position_starts_from_it(tmp_path: Path) -> None:
    """``play --position``: the rematch starts from the same position (issue 39 item 14)."""
    fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
    game = build_game("classic", None, 7, {"white": "Ann"}, {"black": "random"}, position=fen)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        first = table(pilot)
        await type_action(pilot, "a1a8")  # mate
        await wait_for(pilot, lambda: isinstance(app.screen, ResultPanel))
        await pilot.press("a")
        await pilot.press("down", "enter")  # keep colours
        await wait_for(
            pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not first
        )
        again = table(pilot)
        assert again.game.start_position == game.start_position
        assert again.game.rules.position_text(again.game.positions[0].state) == (
            game.rules.position_text(game.positions[0].state)
        )
        assert again.game.plies == []
