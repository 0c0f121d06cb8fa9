"""Snapshot scenes shared by the 80x24 and 120x40 snapshot test files."""

from __future__ import annotations

from pathlib import Path

from battlechess_tui.engine.registry import specs
from battlechess_tui.ui.screenshots import Scene, scenes

SNAPSHOT_SCENES = ["menu", "new-game", "game-classic", "game-gladiator", "combat-roll", "replay",
                   "rules", "help"]  # fmt: skip


def snapshot_scenes() -> list[Scene]:
    """The scenes present with the games installed (gladiator only once it exists)."""
    by_name = {s.name: s for s in scenes()}
    return [by_name[n] for n in SNAPSHOT_SCENES if n in by_name]


def check(snap_compare, scene: Scene, size: tuple[int, int], save_dir: Path) -> bool:
    assert specs()
    return snap_compare(scene.make_app(save_dir), terminal_size=size, run_before=scene.run_before)
