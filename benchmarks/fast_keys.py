"""Random keys faster than the screens (issue 28, item 12), printed as figures.

Run:  .venv/bin/python benchmarks/fast_keys.py [--runs N] [--keys N] [--seed N]
          [--size 100x30] [--size 40x15] [--logs DIR]
Each run starts at the menu and sends ``--keys`` random keys at once (any letter or digit but
``q``, which would leave the app, and every key a screen binds), now and then letting the app
catch up between two keys; run ``i`` of a size uses seed ``--seed + i``. A run is a finding when
the app ends with an exception; its keys are written to ``--logs`` as JSON. Exit status 1 when
any run is a finding.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import string
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

KEYS = (
    [c for c in string.ascii_lowercase + string.digits if c != "q"]
    + [
        "escape",
        "enter",
        "tab",
        "shift+tab",
        "up",
        "down",
        "left",
        "right",
        "question_mark",
        "f1",
        "f2",
        "ctrl+p",
        "space",
        "colon",
        "backspace",
        "pagedown",
        "pageup",
        "home",
        "end",
        "ctrl+s",
        "comma",
        "full_stop",
        "minus",
    ]
    + ["escape", "enter"] * 6
)


async def run(seed: int, count: int, size: tuple[int, int]) -> tuple[list[str], str]:
    """One run: its keys, and the exception it ended with ("" when none)."""
    from battlechess_tui.ui.app import BattleChessApp
    from battlechess_tui.ui.settings import Settings

    rng = random.Random(seed)
    keys = [rng.choice(KEYS) for _ in range(count)]
    settings = Settings(animate=False)
    app = BattleChessApp("menu", save_dir=Path(tempfile.mkdtemp()), settings=settings)
    try:
        async with app.run_test(size=size) as pilot:
            for key in keys:
                app.simulate_key(key)
                if rng.random() < 0.3:
                    await asyncio.sleep(0)
                if rng.random() < 0.1:
                    await pilot.pause()
            for _ in range(30):
                await pilot.pause()
    except Exception as exc:  # the finding itself: reported, not raised
        return keys, f"{type(exc).__name__}: {str(exc)[:120]}"
    return keys, ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--keys", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--size", action="append", help="WxH (default 100x30 and 40x15)")
    parser.add_argument("--logs", type=Path, default=Path(tempfile.gettempdir()) / "fast-keys")
    args = parser.parse_args()
    os.environ["BATTLECHESS_CONFIG_DIR"] = tempfile.mkdtemp()  # never the player's settings
    os.environ["TEXTUAL_ANIMATIONS"] = "none"  # read when Textual is first imported, below
    findings = 0
    for size_text in args.size or ["100x30", "40x15"]:
        width, height = map(int, size_text.split("x"))
        start, crashed = time.perf_counter(), 0
        for seed in range(args.seed, args.seed + args.runs):
            keys, error = asyncio.run(run(seed, args.keys, (width, height)))
            if error:
                crashed += 1
                args.logs.mkdir(parents=True, exist_ok=True)
                log = args.logs / f"keys-{size_text}-seed{seed}.json"
                log.write_text(json.dumps(keys))
                print(f"  {size_text} seed {seed}: {error} (keys in {log})", flush=True)
        seconds = time.perf_counter() - start
        print(
            f"{size_text}: {args.runs} runs of {args.keys} keys, {crashed} crashed "
            f"({seconds:.0f} s)",
            flush=True,
        )
        findings += crashed
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
