"""What the table's lines keep at 80x24 (issue 39 items 12, 13): the line above the board
says what came of the last decisions first (a line cut to the width keeps the damage), the
Tally shows both sides' losses, a lesson's title is not cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlechess_tui.session import build_game
from battlechess_tui.tutorial.catalogue import shipped
from battlechess_tui.tutorial.lesson_file import LessonRef
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.lesson import LessonScreen
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.tally_sheet import TallySheet
from battlechess_tui.ui.widgets.turn_banner import TurnBanner
from tests.ui.driver import submit, table
from tests.ui.screen_text import screen_lines, seen


def app_for(tmp_path: Path, game) -> BattleChessApp:
    return BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))


async def test_dd_the_since_line_shows_the_damage_first(tmp_path: Path) -> None:
    game = build_game("dnd", {"level": "5"}, 7, None)
    async with app_for(tmp_path, game).run_test(size=(80, 24)) as pilot:
        for text in ("e2e4", "a7a6", "d1h5 cast magic-missile h7"):
            await submit(pilot, text)
        since = seen(pilot.app, table(pilot).query_one(TurnBanner)).splitlines()[1]
        assert since.strip().startswith("Since your last move: Magic Missile: Black Fighter")
        assert "takes 4 damage" in since, since


async def test_the_tally_shows_both_sides_losses(tmp_path: Path) -> None:
    game = build_game("classic", None, 3, None)
    async with app_for(tmp_path, game).run_test(size=(80, 24)) as pilot:
        for text in ("e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+", "Nge2", "Qe4", "Nxe4"):
            await submit(pilot, text)
        shown = " ".join(seen(pilot.app, table(pilot).query_one(TallySheet)).split())
        assert "White has lost: Pawn" in shown, shown
        assert "Black has lost: Pawn, Queen" in shown, shown


def _longest_titles() -> list[LessonRef]:
    """Each game's lesson with the longest title: a game's lessons share its table's layout,
    so the longest title is the one that could be cut."""
    longest: dict[str, LessonRef] = {}
    for ref in shipped():
        best = longest.get(ref.game)
        if best is None or len(ref.lesson.title) > len(best.lesson.title):
            longest[ref.game] = ref
    return list(longest.values())


@pytest.mark.parametrize("ref", _longest_titles(), ids=lambda ref: ref.key)
async def test_every_lessons_title_is_seen_whole_at_80x24(ref: LessonRef, tmp_path: Path) -> None:
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LessonScreen(LessonRun(ref), tmp_path)
        app.push_screen(screen)
        await pilot.pause()
        region = screen.query_one("#lesson-step").region
        shown = "\n".join(screen_lines(app)[region.y : region.bottom])
        shown = " ".join(line[region.x : region.right] for line in shown.splitlines())
        assert ref.lesson.title in " ".join(shown.split()), (ref.key, shown)


async def test_dc_15_the_setup_banner_is_whole_at_80x24(tmp_path: Path) -> None:
    """The swaps left come first and the line fits: nothing of it is cut (DC-2, DC-15)."""
    game = build_game("dice-chess", None, 3, None)
    async with app_for(tmp_path, game).run_test(size=(80, 24)) as pilot:
        first = seen(pilot.app, table(pilot).query_one(TurnBanner)).splitlines()[0].strip()
        assert first == f"▶ {game.presenter.status(game.state)}", first
        assert "32 swaps left (DC-15)" in first and first.endswith("(DC-2)")
