"""Lessons in the app (issue 15): the list, a lesson played to its end by typed decisions (at
80x24, the board on one line throughout: issue 39 item 11), a wrong move showing the hint,
hint and retry keys, finished lessons ticked."""

from __future__ import annotations

import pytest

from battlechess_tui.tutorial.catalogue import LessonRef, find, shipped
from battlechess_tui.tutorial.progress import finished
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.lesson import LearnScreen, LessonScreen
from battlechess_tui.ui.settings import Settings, config_dir
from tests.ui.driver import submit, type_action
from tests.ui.screen_text import top_row


def groups(size: int = 3) -> list[list[LessonRef]]:
    """The lessons in groups of ``size`` of one game: one app a group keeps start-ups few, and
    the groups are short enough to share out between test processes."""
    by_game: dict[str, list[LessonRef]] = {}
    for ref in shipped():
        by_game.setdefault(ref.game, []).append(ref)
    return [refs[i : i + size] for refs in by_game.values() for i in range(0, len(refs), size)]


@pytest.mark.parametrize("refs", groups(), ids=lambda g: "+".join(r.key for r in g))
async def test_every_lesson_is_completed_in_the_app(refs, tmp_path):
    """Each lesson of a group played to its end, in one app at 80x24, the board's top row on
    one screen line from the first step to the last."""
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        for ref in refs:
            screen = LessonScreen(LessonRun(ref), tmp_path)
            app.push_screen(screen)
            await pilot.pause()
            rows = [top_row(screen)]
            for step in ref.lesson.steps:
                assert step.say in str(screen.query_one("#lesson-step").render()), ref.key
                await submit(pilot, step.expect[0])
                assert app.screen is screen, "no hand-over or result panel in a lesson"
                rows.append(top_row(screen))
            assert screen.run.finished, ref.key
            assert set(rows) == {rows[0]}, (ref.key, rows)
            assert ref.key in finished(config_dir())
            app.pop_screen()
            await pilot.pause()
    assert list(tmp_path.glob("*.json")) == []  # lessons are not saved


async def test_a_wrong_move_shows_the_hint_and_hint_and_retry_keys_work(tmp_path):
    ref = find("classic", "check-and-mate")
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LessonScreen(LessonRun(ref), tmp_path)
        app.push_screen(screen)
        await pilot.pause()
        await type_action(pilot, "d2d4")  # legal, but not the step
        assert screen.message.startswith("That is legal, but not this step.")
        assert not screen.game.plies
        await pilot.press("escape", "escape")  # out of the move box, which kept the refused text
        await pilot.press("H")
        assert "e2e4" in screen.message
        await type_action(pilot, "e2e4")
        assert len(screen.game.plies) == 2 and screen.run.index == 1
        await pilot.press("R")
        await pilot.pause()
        assert screen.run.index == 0 and not screen.game.plies


async def test_the_lesson_list_ticks_finished_lessons_and_opens_one(tmp_path):
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LearnScreen())
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.run.ref.key == shipped()[0].key


async def test_learn_opens_a_lesson_at_start_and_the_menu_has_learn(tmp_path):
    app = BattleChessApp("learn", save_dir=tmp_path, settings=Settings(animate=False))
    app.start_lesson = "gladiator/overrides"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.run.ref.key == "gladiator/overrides"
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LearnScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, LearnScreen)
