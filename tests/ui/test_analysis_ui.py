"""The analysis in the app (issue 29): the replay screen analyses a short game in a worker,
marks the move log, jumps to the mistake; the result panel offers Analyse; the panel's look."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from battlechess_tui import __version__
from battlechess_tui.ai.budget import confidence
from battlechess_tui.analysis.model import Analysis, DecisionReport, RollReport, RollResult
from battlechess_tui.analysis.store import analysis_path, digest, keep, stored
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.save.store import load_game
from battlechess_tui.ui.app import BattleChessApp, Settings
from battlechess_tui.ui.screens.replay import ReplayScreen
from battlechess_tui.ui.widgets.analysis_panel import AnalysisPanel
from tests.analysis_games import BLUNDER_PLY, blunder_game, saved
from tests.typed import known
from tests.ui.driver import table


def replay_app(path: Path) -> BattleChessApp:
    return BattleChessApp("replay", loaded=load_game(path), settings=Settings(animate=False))


async def _analysed(pilot, screen: ReplayScreen) -> None:
    for _ in range(600):
        await pilot.pause(0.05)
        if screen.analysis is not None and screen.analysis.complete and not screen._status:
            return
    raise AssertionError("the analysis did not finish")


async def test_replay_analyses_a_short_game_and_jumps_to_its_mistake(tmp_path: Path) -> None:
    path = saved(blunder_game(), tmp_path, "blunder")
    before = path.read_bytes()
    app = replay_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table(pilot)
        assert isinstance(screen, ReplayScreen)
        panel = screen.query_one(AnalysisPanel)
        assert not panel.display
        await pilot.press("m")
        assert "Analyse the game first" in screen.message
        await pilot.press("y")
        assert panel.display
        await _analysed(pilot, screen)
        assert screen.ply == 0
        await pilot.press("m")
        assert screen.ply == BLUNDER_PLY + 1
        assert screen.log_entries[BLUNDER_PLY].notation == "Qg4??"
        shown = panel.render().plain
        assert "2. White: Qg4?? — blunder" in shown and "; best was " in shown
        await pilot.press("m")
        assert screen.ply == BLUNDER_PLY + 1 and "No mistake after" in screen.message
        await pilot.press("y")
        assert not panel.display
    assert path.read_bytes() == before
    assert analysis_path(path).is_file()


async def test_a_kept_analysis_opens_at_once(tmp_path: Path) -> None:
    path = saved(blunder_game(), tmp_path, "blunder")
    keep(path, fixed_analysis(path))
    app = replay_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table(pilot)
        assert isinstance(screen, ReplayScreen) and screen.analysis is not None
        assert screen.query_one(AnalysisPanel).display
        await pilot.press("d")
        assert screen.ply == 4, screen.message  # the big roll planted on the last decision


PREFERRED_WHY = "gains 1.4 pawns; ahead by 0.9 after the best replies found"
PLAYED_WHY = "gives up 8.0 pawns; behind by 8.7 after the best replies found"


def fixed_analysis(path: Path) -> Analysis:
    """An analysis of the blunder game with set numbers (the snapshot does not move when the
    engine's search changes), kept as the real one would be."""

    def report(
        ply: int,
        notation: str,
        before: float,
        after: float,
        cost: float = 0.0,
        roll: RollReport | None = None,
    ) -> DecisionReport:
        why = (PREFERRED_WHY, PLAYED_WHY) if cost else ("", "")
        return DecisionReport(
            ply,
            "white" if ply % 2 == 0 else "black",
            ply % 2,
            notation,
            before,
            after,
            None,
            "Bb5+" if cost else "",
            why[0],
            why[1],
            cost,
            roll,
            0.3 if ply < 3 else -8.0,
        )

    luck = RollReport(
        (RollResult(Fraction(1, 2), -0.95, True), RollResult(Fraction(1, 2), -0.5, False)),
        True,
        Fraction(1, 2),
        True,
    )
    worths: list[float | None] = [0.0, 0.05, 0.02, -0.85, -0.95]
    decisions = [report(0, "e4", 0.0, 0.05), report(1, "d5", 0.05, 0.02),
                 report(2, "Qg4", 0.02, -0.85, cost=0.88), report(3, "Bxg4", -0.85, -0.725,
                 roll=luck)]  # fmt: skip
    return Analysis(
        "classic",
        "medium",
        __version__,
        ("White", "Black"),
        4,
        decisions,
        worths,
        digest(path),
        True,
        confidence(make_variant("classic").rules),  # as classic reads its search
    )


@pytest.fixture
def analysed_save(tmp_path: Path) -> Path:
    path = saved(blunder_game(), tmp_path, "blunder")
    keep(path, fixed_analysis(path))
    return path


def test_snapshot_of_the_analysis_panel(snap_compare, analysed_save: Path) -> None:
    async def at_the_blunder(pilot) -> None:
        await pilot.press("m")
        await pilot.pause()

    assert snap_compare(
        replay_app(analysed_save), terminal_size=(120, 40), run_before=at_the_blunder
    )


async def test_the_result_panel_offers_analyse(tmp_path: Path) -> None:
    from battlechess_tui.session import build_game
    from battlechess_tui.ui.screens.dialogs import ResultPanel
    from tests.ui.driver import key_move

    game = build_game("classic", None, 7, None)
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(120, 40)) as pilot:
        for move in ("f2f3", "e7e5", "g2g4", "d8h4"):
            await key_move(pilot, move)
        assert isinstance(app.screen, ResultPanel)
        await pilot.press("y")
        screen = table(pilot)
        assert isinstance(screen, ReplayScreen) and screen.path is not None
        await _analysed(pilot, screen)
        blunder = known(screen.analysis).decision_at(2)  # g4?? lets the queen mate
        assert blunder is not None and blunder.mark == "blunder"
        await pilot.press("m")
        assert screen.ply == 3
        assert analysis_path(screen.path).is_file()


KEPT = sorted((Path(__file__).parent.parent.parent / "saves").glob("*.analysis"))


@pytest.mark.parametrize("kept", KEPT, ids=[p.stem for p in KEPT])
async def test_every_example_save_opens_with_its_kept_analysis(kept: Path, tmp_path: Path) -> None:
    import shutil

    save = tmp_path / f"{kept.stem}.json"  # a copy: the test writes nothing under saves/
    shutil.copy(kept.with_suffix(".json"), save)
    shutil.copy(kept, analysis_path(save))
    app = replay_app(save)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table(pilot)
        await pilot.pause()
        assert isinstance(screen, ReplayScreen) and screen.analysis is not None
        marked = [d for d in screen.analysis.decisions if d.mark in ("mistake", "blunder")]
        await pilot.press("m")
        if not marked:  # dice-chess-12: inaccuracies only
            assert screen.ply == 0 and "No mistake after the start." in screen.message
            return
        assert screen.ply == marked[0].ply + 1
        assert screen.log_entries[marked[0].ply].notation.endswith(marked[0].symbol)


async def test_a_long_game_is_analysed_in_processes_while_the_screen_stays_usable(
    tmp_path: Path,
) -> None:
    """More than 40 decisions: two processes, started from the app's worker thread (where
    standard error is Textual's capture); the graph fills in as positions arrive."""
    import shutil

    save = tmp_path / "long.json"
    shutil.copy(
        Path(__file__).parent.parent.parent / "saves" / "dice-chess-medium-1-0000.json", save
    )
    app = replay_app(save)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table(pilot)
        assert isinstance(screen, ReplayScreen)
        await pilot.press("y")
        for _ in range(600):
            await pilot.pause(0.05)
            if (
                screen.analysis is not None
                and sum(w is not None for w in screen.analysis.worths) >= 3
            ):
                break
        assert screen._status.startswith("Analysing: "), screen.message
        await pilot.press("right", "right")
        assert screen.ply == 2
    assert not analysis_path(save).exists()  # left before the end: nothing kept


async def test_a_damaged_kept_analysis_is_set_aside_and_made_again(tmp_path: Path) -> None:
    """Issue 37, item 4: replay then ``y`` with a kept analysis whose chance is ``1/0``."""
    import json

    path = saved(blunder_game(), tmp_path, "blunder")
    keep(path, fixed_analysis(path))
    doc = json.loads(analysis_path(path).read_text(encoding="utf-8"))
    doc["decisions"][-1]["roll"]["outcomes"][0]["chance"] = "1/0"
    analysis_path(path).write_text(json.dumps(doc), encoding="utf-8")
    app = replay_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table(pilot)
        await pilot.pause()
        assert isinstance(screen, ReplayScreen) and screen.analysis is None
        assert "kept analysis is damaged" in screen.message
        await pilot.press("y")
        await _analysed(pilot, screen)
    assert (tmp_path / "blunder.analysis.damaged").is_file()
    assert stored(path, "medium") is not None
