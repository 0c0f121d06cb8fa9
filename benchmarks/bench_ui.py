"""UI benchmarks: start to first frame, and CPU time from a key press to the updated board.

Run: ``PYTHONPATH=. python benchmarks/bench_ui.py``. Prints figures; asserts nothing.

- *First frame*: a fresh interpreter starts the app (menu) headless and exits as soon as the
  first frame is drawn; the wall time of the whole process is reported (median of runs).
- *Key to board*: in-process, on the 10x12 Gladiator board (Classic if it is missing) at
  120x40 with every side panel shown, the CPU time (``time.process_time``) from sending a
  cursor key (or a move) to the app being idle again with the board redrawn. Pilot's idle
  polling is included, so the figure is an upper bound.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time

FIRST_FRAME_SCRIPT = """
import os
os.environ["TEXTUAL_ANIMATIONS"] = "none"
from battlechess_tui.ui.app import BattleChessApp

class FirstFrame(BattleChessApp):
    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(lambda: self.call_after_refresh(self.exit))

FirstFrame().run(headless=True, size=(80, 24))
"""


def first_frame(runs: int = 5) -> list[float]:
    times = []
    env = dict(os.environ, PYTHONPATH=".", BATTLECHESS_SAVE_DIR=tempfile.mkdtemp())
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", FIRST_FRAME_SCRIPT], env=env, check=True)
        times.append(time.perf_counter() - start)
    return times


async def key_to_board(variant: str, presses: int = 40) -> tuple[list[float], list[float]]:
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    os.environ["BATTLECHESS_SAVE_DIR"] = tempfile.mkdtemp()
    from battlechess_tui.ui.app import BattleChessApp, build_game
    from battlechess_tui.ui.widgets.board import Board

    game = build_game(variant, None, 1, None)
    app = BattleChessApp("play", game=game)
    cursor_times, move_times = [], []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(Board).size.width > 0
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
            while app.screen is not screen:
                app.pop_screen()
                await pilot.pause()
    return cursor_times, move_times


def ms(values: list[float]) -> str:
    return (
        f"median {statistics.median(values) * 1000:.1f} ms, "
        f"p90 {sorted(values)[int(len(values) * 0.9)] * 1000:.1f} ms (n={len(values)})"
    )


def main() -> None:
    from battlechess_tui.engine.registry import specs

    variant = "gladiator" if "gladiator" in specs() else "classic"
    frames = first_frame()
    print(f"start to first frame (menu, 80x24, fresh process): {ms(frames)}")
    cursor, moves = asyncio.run(key_to_board(variant))
    print(f"cursor key to updated board ({variant}, 120x40, all panels): {ms(cursor)}")
    print(f"move to updated board and panels ({variant}, 120x40): {ms(moves)}")


if __name__ == "__main__":
    main()
