"""Puzzles in the app (issue 41, item 2): the menu's Puzzles entry, a puzzle answered by
typing or with the cursor, the rating changed after each answer and kept, the whole line
shown, a damaged file listed with its reason; one shipped puzzle of every game played."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from battlechess_tui.puzzles import progress as kept
from battlechess_tui.puzzles.model import Puzzle, Step
from battlechess_tui.puzzles.store import Catalogue, Refused, catalogue, games
from battlechess_tui.tutorial.catalogue import find
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.app import BattleChessApp, Settings
from battlechess_tui.ui.screens import puzzles as screens
from battlechess_tui.ui.screens.lesson import LessonScreen
from battlechess_tui.ui.screens.puzzles import PuzzleListScreen, PuzzleScreen
from tests.ui.driver import key_move, submit
from tests.ui.screen_text import seen

SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
#: 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4?? 4. Nxe5 Qg5?: Qxg5 wins the queen (a made-up second).
SECOND = "r1b1kbnr/pppp1ppp/8/4N1q1/2BnP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 5"


def _puzzles() -> tuple[Puzzle, ...]:
    mate = Puzzle("classic-t-1", "classic", SCHOLAR, ("h5f7",), "mate in 1", 1500,
                  (Step("h5f7", 0, "1", "Qxf7#"),), 1.0, 0.55)  # fmt: skip
    line = (Step("e5g4", 0, "1", "Ng4"), Step("g5g4", 1, "1", "Qxg4"))
    queen = Puzzle("classic-t-2", "classic", SECOND, ("e5g4",), "only move", 1700, line, 0.5, 0.2)
    return (mate, queen)


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch) -> None:
    bad = Refused("classic", "classic-t-9", "answer 'e1e3' is not a decision there")
    found = Catalogue("classic", _puzzles(), (bad,))
    monkeypatch.setattr(screens, "catalogue", lambda key: found)
    monkeypatch.setattr(screens, "listed", lambda key: found)
    monkeypatch.setattr(screens, "games", lambda: ["classic"])


def app() -> BattleChessApp:
    return BattleChessApp(settings=Settings(animate=False))


async def _open(pilot: Pilot) -> PuzzleScreen:
    await pilot.press("z")
    listing = pilot.app.screen
    assert isinstance(listing, PuzzleListScreen)
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, PuzzleScreen)
    return screen


def _step(screen: PuzzleScreen) -> str:
    return str(screen.query_one("#puzzle-step").render())


async def test_the_menus_puzzles_lists_games_and_a_damaged_puzzle_with_its_reason(
    made_up: None,
) -> None:
    async with app().run_test(size=(80, 24)) as pilot:
        await pilot.press("z")
        listing = pilot.app.screen
        assert isinstance(listing, PuzzleListScreen)
        options = listing.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels[0].startswith("Classic chess: 2 puzzles (0 tried)")
        assert "classic-t-9 cannot be used: answer 'e1e3'" in labels[1]
        assert options.get_option_at_index(1).disabled


async def test_a_solved_puzzle_raises_the_rating_and_shows_the_line(made_up: None) -> None:
    async with app().run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        assert screen.puzzle is not None and screen.puzzle.id == "classic-t-1"  # 1500: nearest
        await key_move(pilot, "h5f7")  # with the cursor
        assert "Solved! Rating 1500 → " in screen.message
        assert screen.progress.rating.rating > 1500
        assert "The line: Qxf7#." in _step(screen) and "Theme: mate in 1" in _step(screen)
        assert kept.load().tried == {"classic-t-1": True}
        await pilot.press("N")
        assert screen.puzzle.id == "classic-t-2" and not screen.answered
        rating = screen.progress.rating.rating
        await pilot.press("colon", *"c4f7", "enter")  # typed, and wrong
        assert f"Not the answer: Bxf7+. Rating {rating:.0f} → " in screen.message
        assert screen.progress.rating.rating < rating
        assert "The line: Ng4, Qxg4." in _step(screen)


async def test_s_shows_the_answer_and_counts_as_not_solved(made_up: None) -> None:
    async with app().run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        await pilot.press("S")
        assert screen.message.startswith("Shown. Rating 1500 → ")
        assert kept.load().tried == {"classic-t-1": False}
        await pilot.press("q")
        assert isinstance(pilot.app.screen, PuzzleListScreen)


SHIPPED = games()


@pytest.mark.parametrize("key", SHIPPED)
async def test_one_shipped_puzzle_of_every_game_is_solved_in_the_app(
    key: str, tmp_path: Path
) -> None:
    first = kept.Progress().next_puzzle(catalogue(key).puzzles)
    assert first is not None
    opened = BattleChessApp("puzzles", settings=Settings(animate=False), save_dir=tmp_path)
    opened.start_puzzles = key
    async with opened.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, PuzzleScreen) and screen.puzzle == first
        await pilot.press("colon", *first.answers[0], "enter")
        assert screen.message.startswith("Solved! Rating 1500 → "), screen.message
        assert kept.load().tried == {first.id: True}


@pytest.fixture
def made_up_shipped(monkeypatch: pytest.MonkeyPatch, made_up: None) -> None:
    """The made-up puzzles as the lesson's end finds them too."""
    from battlechess_tui.puzzles import store

    found = Catalogue("classic", _puzzles())
    monkeypatch.setattr(
        store, "catalogue", lambda key: found if key == "classic" else Catalogue(key)
    )


async def _finish(pilot: Pilot, game: str, lesson: str, tmp_path: Path) -> LessonScreen:
    ref = find(game, lesson)
    pilot.app.push_screen(LessonScreen(LessonRun(ref), tmp_path))
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, LessonScreen)
    for step in ref.lesson.steps:
        await submit(pilot, step.expect[0])
    assert screen.run.finished
    screen.query_one("#move-input").blur()
    return screen


async def test_the_end_of_a_games_last_lesson_offers_its_puzzles(
    made_up_shipped: None, tmp_path: Path
) -> None:
    async with BattleChessApp(save_dir=tmp_path, settings=Settings(animate=False)).run_test(
        size=(120, 40)
    ) as pilot:
        screen = await _finish(pilot, "classic", "special-moves", tmp_path)
        shown = " ".join(seen(pilot.app, screen.query_one("#lesson-step")).split())
        assert "Practice: 2 puzzles of this game, P to start them." in shown
        await pilot.press("P")
        await pilot.pause()
        puzzles = pilot.app.screen
        assert isinstance(puzzles, PuzzleScreen) and len(puzzles.puzzles) == 2


async def test_a_lesson_names_a_theme_as_its_practice(
    made_up_shipped: None, tmp_path: Path
) -> None:
    assert find("classic", "check-and-mate").lesson.practice == "mate in 1"
    async with BattleChessApp(save_dir=tmp_path, settings=Settings(animate=False)).run_test(
        size=(120, 40)
    ) as pilot:
        screen = await _finish(pilot, "classic", "check-and-mate", tmp_path)
        shown = " ".join(seen(pilot.app, screen.query_one("#lesson-step")).split())
        assert "Practice: puzzles of the theme 'mate in 1', P to start them." in shown
        await pilot.press("P")
        await pilot.pause()
        puzzles = pilot.app.screen
        assert isinstance(puzzles, PuzzleScreen)
        assert [p.id for p in puzzles.puzzles] == ["classic-t-1"]


def test_a_lesson_whose_practice_is_no_theme_is_refused() -> None:
    from dataclasses import replace

    from battlechess_tui.tutorial.check import check_lesson

    ref = find("classic", "check-and-mate")
    bad = replace(ref, lesson=ref.lesson.model_copy(update={"practice": "forks"}))
    assert any("practice: 'forks' is not a puzzle theme" in line for line in check_lesson(bad))
    assert check_lesson(ref) == []
