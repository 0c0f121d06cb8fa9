"""UI benchmarks: start to first frame, and CPU time from a key press to the updated board.

Run: ``PYTHONPATH=. python benchmarks/bench_ui.py``. Prints figures; asserts nothing.

- *First frame*: a fresh interpreter starts the app (menu) headless and exits as soon as the
  menu is complete (list focused, footer keys composed) and drawn; the wall and CPU time of
  the whole process are reported (median of runs), without and with a settings file to read.
  The wall time depends on the machine's load: the CPU time is the steadier figure.
- *Rules page*: in-process at 120x40, the wall and CPU time from opening a game's rules page
  (``RulesScreen``, as ``r`` does) to its first frame on screen, and to the whole page mounted
  (the blocks below the first screenfuls are mounted after the first frame).
- *Puzzle screen*: in-process at 80x24, the wall and CPU time from opening a game's puzzles
  (``PuzzleScreen``, as the menu's Puzzles list does) to the puzzle on the table, drawn: the
  first opening (its puzzle file read) and the median of the next ones.
- *Key to board*: in-process, on the 10x12 Gladiator board (Classic if it is missing) at
  120x40 with every side panel shown, the CPU time (``time.process_time``) from sending a
  cursor key (or a move) to the app being idle again with the board redrawn. Pilot's idle
  polling is included, so the figure is an upper bound.
"""

from __future__ import annotations

import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

FIRST_FRAME_SCRIPT = """
import os
os.environ["TEXTUAL_ANIMATIONS"] = "none"
from battlechess_tui.ui.app import BattleChessApp

class FirstFrame(BattleChessApp):
    def on_mount(self):
        super().on_mount()
        self.set_interval(0.002, self.check)

    def check(self):
        # The menu is complete: on top, its list focused, its footer keys composed.
        screen = self.screen
        if type(screen).__name__ == "MenuScreen" and screen.focused is not None \\
                and screen.query("FooterKey"):
            self.call_after_refresh(self.exit)

FirstFrame().run(headless=True, size=(80, 24))
"""

#: The baseline: a bare Textual app with a header, an option list and a footer, measured the
#: same way (what any Textual menu costs; issue 38 asks for at most 1.3x of it).
BARE_SCRIPT = """
import os
os.environ["TEXTUAL_ANIMATIONS"] = "none"
from textual.app import App
from textual.widgets import Footer, Header, OptionList

class Bare(App):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self):
        yield Header()
        yield OptionList(*[f"Choice {i}" for i in range(12)])
        yield Footer()

    def on_mount(self):
        self.query_one(OptionList).focus()
        self.set_interval(0.002, self.check)

    def check(self):
        if self.screen.focused is not None and self.screen.query("FooterKey"):
            self.call_after_refresh(self.exit)

Bare().run(headless=True, size=(80, 24))
"""


def first_frame(
    runs: int = 9, settings: bool = False, script: str = FIRST_FRAME_SCRIPT
) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of whole processes that start the app (``script``) and stop at the
    menu's first complete frame; with ``settings``, a settings file as the app writes it is
    read first."""
    walls, cpus = [], []
    config = tempfile.mkdtemp()
    if settings:
        from battlechess_tui.ui.settings import Settings, save_settings, settings_path

        save_settings(
            Settings(animate=False, pieces="ascii", theme="textual-light"),
            settings_path(Path(config)),
        )
    env = dict(
        os.environ,
        PYTHONPATH=".",
        BATTLECHESS_SAVE_DIR=tempfile.mkdtemp(),
        BATTLECHESS_CONFIG_DIR=config,
    )
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", script], env=env, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


async def key_to_board(variant: str, presses: int = 40) -> tuple[list[float], list[float]]:
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    os.environ["BATTLECHESS_SAVE_DIR"] = tempfile.mkdtemp()
    from battlechess_tui.session import build_game
    from battlechess_tui.ui.app import BattleChessApp
    from battlechess_tui.ui.screens.game import GameScreen
    from battlechess_tui.ui.widgets.board import Board

    game = build_game(variant, None, 1, None)
    app = BattleChessApp("play", game=game)
    cursor_times, move_times = [], []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.query_one(Board).size.width > 0
        for i in range(presses):
            key = "right" if (i // 5) % 2 == 0 else "left"
            start = time.process_time()
            await pilot.press(key)
            cursor_times.append(time.process_time() - start)
        for _ in range(10):
            if game.over:
                break
            moves = [a for a in game.rule_actions() if a.kind == "move"]
            if not moves:
                break
            start = time.process_time()
            screen.play(moves[0])
            await pilot.pause()
            move_times.append(time.process_time() - start)
            while not isinstance(app.screen, GameScreen):
                app.pop_screen()
                await pilot.pause()
    return cursor_times, move_times


async def rules_page(variant: str, runs: int = 5) -> dict[str, list[float]]:
    """Seconds (wall, CPU) from opening ``variant``'s rules page to its first frame, and to
    the whole page mounted, for ``runs`` openings in one app."""
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    from battlechess_tui.ui.app import BattleChessApp
    from battlechess_tui.ui.screens.rules import RulesScreen, RulesViewer
    from battlechess_tui.ui.settings import Settings
    from battlechess_tui.ui.widgets.markdown_page import Piece

    out: dict[str, list[float]] = {"first wall": [], "first cpu": [], "all wall": [],
                                   "all cpu": []}  # fmt: skip
    marks: list[tuple[float, float]] = []

    class Timed(RulesViewer):
        async def _mount_rest(self, page: list[Piece]) -> None:
            marks.append((time.perf_counter(), time.process_time()))  # the first frame is up
            await super()._mount_rest(page)

    class TimedScreen(RulesScreen):
        def _viewer(self) -> RulesViewer:
            viewer = super()._viewer()
            return Timed(viewer.pieces, first=viewer.first, id="rules-viewer")

    app = BattleChessApp(
        "menu", save_dir=Path(tempfile.mkdtemp()), settings=Settings(animate=False)
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(runs):
            marks.clear()
            wall, cpu = time.perf_counter(), time.process_time()
            app.push_screen(TimedScreen(variant))
            viewer = None
            while viewer is None or not marks:
                await pilot.pause()
                found = app.screen.query(Timed)
                viewer = found.first() if found else None
            await viewer.complete()
            out["all wall"].append(time.perf_counter() - wall)
            out["all cpu"].append(time.process_time() - cpu)
            out["first wall"].append(marks[0][0] - wall)
            out["first cpu"].append(marks[0][1] - cpu)
            app.pop_screen()
            await pilot.pause()
    return out


def shown(app: Any, screen: Any) -> bool:
    """Is ``screen`` on top, mounted, with its puzzle in the step box?"""
    if app.screen is not screen or not screen.is_mounted:
        return False
    step = screen.query("#puzzle-step")
    return bool(step) and str(step.first().border_title).startswith("Puzzle ")


async def puzzle_screen(game: str, runs: int = 6) -> tuple[list[float], list[float]]:
    """Seconds (wall, CPU) from opening ``game``'s puzzles to the puzzle drawn on the table,
    ``runs`` times in one app (the first reads the game's puzzle file)."""
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    os.environ["BATTLECHESS_DATA_DIR"] = tempfile.mkdtemp()  # no player's progress touched
    from battlechess_tui.ui.app import BattleChessApp, keep_start_up
    from battlechess_tui.ui.screens.puzzles import PuzzleScreen
    from battlechess_tui.ui.settings import Settings

    walls: list[float] = []
    cpus: list[float] = []
    app = BattleChessApp(
        "menu", save_dir=Path(tempfile.mkdtemp()), settings=Settings(animate=False)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keep_start_up()  # as the app does after its first frame in a terminal (not headless)
        for _ in range(runs):
            wall, cpu = time.perf_counter(), time.process_time()
            screen = PuzzleScreen(game, app.save_dir)
            app.push_screen(screen)
            while not shown(app, screen):
                await pilot.pause()
            await pilot.pause()  # the frame that shows it
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            app.pop_screen()
            await pilot.pause()
    return walls, cpus


def ms(values: list[float]) -> str:
    return (
        f"median {statistics.median(values) * 1000:.1f} ms, "
        f"p90 {sorted(values)[int(len(values) * 0.9)] * 1000:.1f} ms (n={len(values)})"
    )


def main() -> None:
    from battlechess_tui.engine.registry import specs

    variant = "gladiator" if "gladiator" in specs() else "classic"
    bare_walls, bare_cpus = first_frame(script=BARE_SCRIPT)
    print(
        "bare Textual app to first frame (baseline, 80x24): "
        f"wall {ms(bare_walls)}; CPU {ms(bare_cpus)}"
    )
    for settings in (False, True):
        walls, cpus = first_frame(settings=settings)
        what = "with a settings file" if settings else "no settings file"
        print(
            f"start to first frame (menu, 80x24, fresh process, {what}): wall {ms(walls)}; "
            f"CPU {ms(cpus)}; CPU {statistics.median(cpus) / statistics.median(bare_cpus):.2f}x "
            "the bare app's"
        )
    for game in ("dnd", "gladiator"):
        times = asyncio.run(rules_page(game))
        print(
            f"rules page of {game} (120x40) to its first frame: wall {ms(times['first wall'])};"
            f" CPU {ms(times['first cpu'])}; whole page mounted: wall "
            f"{ms(times['all wall'])}; CPU {ms(times['all cpu'])}"
        )
    for game in ("classic", "gladiator", "dnd"):
        walls, cpus = asyncio.run(puzzle_screen(game))
        print(
            f"puzzle screen of {game} (80x24) to its puzzle drawn: first opening wall "
            f"{walls[0] * 1000:.0f} ms, CPU {cpus[0] * 1000:.0f} ms; the next: wall "
            f"{ms(walls[1:])}; CPU {ms(cpus[1:])}"
        )
    cursor, moves = asyncio.run(key_to_board(variant))
    print(f"cursor key to updated board ({variant}, 120x40, all panels): {ms(cursor)}")
    print(f"move to updated board and panels ({variant}, 120x40): {ms(moves)}")


if __name__ == "__main__":
    main()
