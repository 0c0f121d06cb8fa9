"""Continue in the main menu opens the most recently saved game still in play, not the game
played last when that one is over (issue 12 item 4); with none, it says so."""

from __future__ import annotations

import json
from pathlib import Path

from battlechess_tui.engine.game import RESIGN
from battlechess_tui.save.folder import point_autosave, unfinished_games
from battlechess_tui.save.store import save_game
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.menu import MenuScreen


def saved(folder: Path, name: str, moves: list[str], updated: str) -> Path:
    """A classic game with ``moves`` played, saved to ``name`` as saved at ``updated``."""
    game = build_game("classic", None, 7, None)
    for move in moves:
        game.play(move)
    path = folder / name
    save_game(game, path)
    doc = json.loads(path.read_text())
    doc["updated"] = updated
    path.write_text(json.dumps(doc))
    return path


def a_folder(tmp_path: Path) -> tuple[Path, Path]:
    """Three games: the newest is finished and named by the autosave; of the two in play, the
    later is ``in_play``. The newest unfinished and the oldest one are what Continue sees."""
    older = saved(tmp_path, "older.json", ["e2e4"], "2026-01-01T10:00:00+00:00")
    in_play = saved(tmp_path, "in-play.json", ["d2d4", "d7d5"], "2026-01-02T10:00:00+00:00")
    over = saved(tmp_path, "over.json", ["e2e4", RESIGN], "2026-01-03T10:00:00+00:00")
    point_autosave(tmp_path, over)
    (tmp_path / "junk.json").write_text("{")
    return in_play, older


def test_unfinished_games_newest_first_without_finished_or_unreadable(tmp_path: Path) -> None:
    in_play, older = a_folder(tmp_path)
    assert unfinished_games(tmp_path) == [in_play, older]


async def test_continue_opens_the_latest_unfinished_game(tmp_path: Path) -> None:
    in_play, _ = a_folder(tmp_path)
    app = BattleChessApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.path == in_play and not screen.game.over
        assert [p.notation for p in screen.game.plies][-1].startswith("d")


async def test_continue_passes_over_a_save_that_cannot_be_opened(tmp_path: Path) -> None:
    in_play, older = a_folder(tmp_path)
    doc = json.loads(in_play.read_text())
    doc["variant"] = "no-such-game"
    in_play.write_text(json.dumps(doc))
    app = BattleChessApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.path == older
        assert any("Passed over" in n.message for n in app._notifications)


async def test_continue_says_so_when_every_game_is_over(tmp_path: Path) -> None:
    over = saved(tmp_path, "over.json", ["e2e4", RESIGN], "2026-01-03T10:00:00+00:00")
    point_autosave(tmp_path, over)
    app = BattleChessApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert [n.message for n in app._notifications] == [
            "No unfinished game to continue: start a new one."
        ]
