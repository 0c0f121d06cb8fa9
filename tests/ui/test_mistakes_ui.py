"""Learn from your mistakes in the app (issue 41, item 1): from the replay's analysis `L`
plays each `?`/`??` again; a decision within the margin is accepted, a worse one refused
once, a second miss or `S` shows the best with its numbers, and a summary ends the run."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from battlechess_tui.analysis import Analysis, analyse
from battlechess_tui.analysis.store import digest, keep
from battlechess_tui.engine.game import Game
from battlechess_tui.save.store import load_game
from battlechess_tui.ui.app import BattleChessApp, Settings
from battlechess_tui.ui.screens.mistakes import MistakesScreen
from battlechess_tui.ui.screens.replay import ReplayScreen
from tests.analysis_games import BLUNDER_PLY, blunder_game, saved
from tests.ui.driver import key_move

#: 1. e4 d5 2. Qg4??: exd5 is the analysis's choice, Nc3 is within its margin, Qh5 is not.
BEST, GOOD, BAD = "e4d5", "b1c3", "d1h5"


@pytest.fixture(scope="module")
def blunder_analysis() -> Analysis:
    return analyse(blunder_game(), "medium")


@pytest.fixture
def analysed_save(tmp_path: Path, blunder_analysis: Analysis) -> Path:
    path = saved(blunder_game(), tmp_path, "blunder")
    blunder_analysis.save_digest = digest(path)
    keep(path, blunder_analysis)
    return path


async def _learning(pilot: Pilot, path: Path) -> MistakesScreen:
    replay = pilot.app.screen
    assert isinstance(replay, ReplayScreen) and replay.analysis is not None
    await pilot.press("L")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, MistakesScreen)
    return screen


async def _judged(pilot: Pilot, screen: MistakesScreen) -> None:
    for _ in range(400):
        await pilot.pause(0.05)
        if not screen.judging:
            return
    raise AssertionError("the decision was not judged")


async def _type(pilot: Pilot, screen: MistakesScreen, move: str) -> None:
    await pilot.press("colon", *move, "enter")
    await _judged(pilot, screen)


def _step(screen: MistakesScreen) -> str:
    return str(screen.query_one("#mistake-step").render())


def replay_app(path: Path) -> BattleChessApp:
    return BattleChessApp("replay", loaded=load_game(path), settings=Settings(animate=False))


async def test_a_decision_within_the_margin_is_accepted(analysed_save: Path) -> None:
    async with replay_app(analysed_save).run_test(size=(120, 40)) as pilot:
        screen = await _learning(pilot, analysed_save)
        assert len(screen.game.plies) == BLUNDER_PLY  # the position before Qg4??
        assert "Qg4??" in _step(screen)
        await key_move(pilot, GOOD)  # with the cursor, as in play
        await _judged(pilot, screen)
        assert screen.run.found and not screen.run.missed
        assert "Accepted: Nc3" in _step(screen)
        assert "Found 1 of 1 mistake." in screen.message
        assert len(screen.game.plies) == BLUNDER_PLY  # nothing was played


async def test_a_worse_decision_is_refused_then_the_best_shown(analysed_save: Path) -> None:
    async with replay_app(analysed_save).run_test(size=(120, 40)) as pilot:
        screen = await _learning(pilot, analysed_save)
        await _type(pilot, screen, BAD)
        assert "Not that one: Qh5" in screen.message and "One more try" in screen.message
        assert not screen.run.settled
        await _type(pilot, screen, "d1g4")  # the mistake itself, again
        assert screen.run.missed and "Not that one either: Qg4" in screen.message
        assert "Best: exd5" in screen.message and "winning chance" in screen.message
        await pilot.press("N")
        assert "Found 0 of 1 mistake. Missed: Qg4?? (best exd5)." in screen.message
        await pilot.press("q")
        assert isinstance(pilot.app.screen, ReplayScreen)


async def test_s_shows_the_best_at_once(analysed_save: Path) -> None:
    async with replay_app(analysed_save).run_test(size=(120, 40)) as pilot:
        screen = await _learning(pilot, analysed_save)
        await pilot.press("S")
        assert screen.run.missed and "Shown: Best: exd5" in screen.message
        await _type(pilot, screen, BEST)  # too late: it counts as missed
        assert "N: the next mistake" in screen.message
        await pilot.press("N")
        assert screen.run.finished and "Missed: Qg4??" in _step(screen)


async def test_the_best_decision_is_accepted_and_the_summary_counts_it(
    analysed_save: Path,
) -> None:
    async with replay_app(analysed_save).run_test(size=(120, 40)) as pilot:
        screen = await _learning(pilot, analysed_save)
        await _type(pilot, screen, BAD)
        await _type(pilot, screen, BEST)  # found on the second try
        assert screen.run.finished
        assert "Found 1 of 1 mistake." in _step(screen) and "Missed" not in _step(screen)


async def test_l_before_the_analysis_analyses_first(tmp_path: Path) -> None:
    path = saved(blunder_game(), tmp_path, "blunder")
    async with replay_app(path).run_test(size=(120, 40)) as pilot:
        replay = pilot.app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("L")  # no analysis yet: it runs first, then the mistakes come up
        for _ in range(600):
            await pilot.pause(0.05)
            if isinstance(pilot.app.screen, MistakesScreen):
                break
        assert isinstance(pilot.app.screen, MistakesScreen)


async def test_l_on_the_result_panel_analyses_then_retries_the_mistakes(tmp_path: Path) -> None:
    from battlechess_tui.session import build_game
    from battlechess_tui.ui.screens.dialogs import ResultPanel

    game = build_game("classic", None, 7, None)
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(120, 40)) as pilot:
        for move in ("f2f3", "e7e5", "g2g4", "d8h4"):
            await key_move(pilot, move)
        assert isinstance(app.screen, ResultPanel)
        await pilot.press("l")
        for _ in range(600):
            await pilot.pause(0.05)
            if isinstance(app.screen, MistakesScreen):
                break
        screen = app.screen
        assert isinstance(screen, MistakesScreen)
        assert screen.side == 0 and 2 in [d.ply for d in screen.run.mistakes]  # g4??
        assert all(d.side == 0 for d in screen.run.mistakes)


GAMES = ("classic", "single-combat", "dice-chess", "arena", "brawl", "gladiator", "dnd")


def _fake_analysis(game: Game) -> tuple[Analysis, str]:
    """An analysis of ``game`` whose last decision is a blunder, the first rule decision
    there preferred (judged at once: the preferred costs nothing)."""
    from battlechess_tui.analysis.model import DecisionReport

    ply = len(game.plies) - 1
    state = game.positions[ply].state
    side = game.rules.side_to_move(state)
    preferred = game.rules.legal_actions(state)[0].text(game.rules.geo)
    played = game.plies[ply]
    after = -0.5 if side == 0 else 0.5
    report = DecisionReport(ply, played.seat, side, played.notation, 0.0, after, preferred,
                            preferred, "keeps the balance", "", 0.5)  # fmt: skip
    names = tuple(game.rules.side_names)
    return Analysis(game.variant.rules.spec.key, "medium", "0", names, len(game.plies),
                    [report]), preferred  # fmt: skip


@pytest.mark.parametrize("key", GAMES)
async def test_every_games_mistake_is_played_again_on_its_table(key: str, tmp_path: Path) -> None:
    import random

    from battlechess_tui.engine.registry import make_variant

    game = Game(make_variant(key), 11)
    rng = random.Random(5)
    for _ in range(4):
        game.play(rng.choice(game.rule_actions()))
    analysis, preferred = _fake_analysis(game)
    side = analysis.decisions[0].side
    app = BattleChessApp(settings=Settings(animate=False), save_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(MistakesScreen(game, analysis, side, tmp_path))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MistakesScreen)
        assert screen.game.state == game.positions[len(game.plies) - 1].state
        await pilot.press("colon", *preferred, "enter")
        await _judged(pilot, screen)
        assert screen.run.found and "Found 1 of 1 mistake." in screen.message, screen.message
