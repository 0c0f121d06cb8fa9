"""A finished lesson offers the next one, and the classic lesson's words match the figures
drawn (issue 25, item 17)."""

from __future__ import annotations

import re

from battlechess_tui.tutorial.catalogue import find, shipped
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.lesson import LessonScreen, next_lesson
from battlechess_tui.ui.settings import Settings
from tests.ui.driver import submit
from tests.ui.screen_text import seen


def test_the_next_lesson_is_the_games_next_then_the_next_games_first():
    assert next_lesson(find("classic", "moves")) == find("classic", "check-and-mate")
    assert next_lesson(find("classic", "special-moves")) == find("single-combat", "won-fight")
    after_dnd = next_lesson(find("dnd", "a-campaign"))  # the last shipped game's last lesson
    assert after_dnd is None or after_dnd.game == "dice-move-chess"  # the plugin, installed
    assert next_lesson(shipped()[-1]) is None


def test_the_classic_lesson_describes_the_figures_it_shows():
    intro = find("classic", "moves").lesson.intro
    assert "figures (♔ ♕)" in intro and "with letters (key A)" in intro


async def test_a_finished_lesson_offers_the_next_and_n_starts_it(tmp_path):
    ref = find("classic", "moves")
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LessonScreen(LessonRun(ref), tmp_path))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        for step in ref.lesson.steps:
            await submit(pilot, step.expect[0])
        assert screen.run.finished
        shown = " ".join(seen(app, screen.query_one("#lesson-step")).split())
        assert "Next: Check and checkmate (classic), N to start it" in shown
        screen.query_one("#move-input").blur()
        await pilot.press("N")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.run.ref == find("classic", "check-and-mate")
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, LessonScreen)  # back past the finished one


async def test_a_key_a_lesson_names_is_the_key_that_does_it(tmp_path):
    """ "With letters (key X)" in a lesson's words: X pressed on its board switches the pieces
    to letters (issue 39 item 10: the classic lesson said ``a``, which starts a typed move)."""
    named = [
        (ref, key)
        for ref in shipped()
        for text in (ref.lesson.intro, *(s.say for s in ref.lesson.steps))
        for key in re.findall(r"with letters \(key (\S)\)", text)
    ]
    assert named, "no lesson names a key"
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        for ref, key in named:
            app.push_screen(LessonScreen(LessonRun(ref), tmp_path))
            await pilot.pause()
            before = app.settings.ascii_pieces
            await pilot.press(key)
            await pilot.pause()
            assert app.settings.ascii_pieces is not before, (ref.key, key)
            app.pop_screen()
            await pilot.pause()
