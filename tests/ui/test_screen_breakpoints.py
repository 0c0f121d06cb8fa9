"""A screen is styled for the window's size from its first frame: the breakpoint classes
(``-narrow`` or ``-wide``, ``-short`` or ``-tall``: ``ui/app.tcss`` sizes the panels by them)
are on it when it mounts. Textual added them at the screen's first resize, once it was drawn,
which restyled every widget and laid the screen out twice more (``bench_ui``: a third of a
puzzle's opening)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import Screen

from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.settings import Settings

EVERY = {"-narrow", "-wide", "-short", "-tall"}


class Probe(Screen[None]):
    """Keeps its classes as they are when it mounts."""

    seen: frozenset[str] = frozenset()

    def on_mount(self) -> None:
        self.seen = frozenset(self.classes)


class OwnProbe(Probe):
    """A screen with breakpoints of its own: they replace the app's across."""

    HORIZONTAL_BREAKPOINTS = [(0, "-small"), (60, "-big")]


@pytest.mark.parametrize(
    ("probe", "size", "classes"),
    [
        (Probe, (80, 24), {"-narrow", "-short"}),
        (Probe, (120, 40), {"-wide", "-tall"}),
        (OwnProbe, (80, 24), {"-big", "-short"}),
    ],
)
async def test_a_screen_opens_with_the_windows_breakpoint_classes(
    probe: type[Probe], size: tuple[int, int], classes: set[str], tmp_path: Path
) -> None:
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = probe()
        app.push_screen(screen)
        await pilot.pause()
        assert classes <= screen.seen
        assert not (EVERY | {"-small"}) - classes & screen.seen
        assert classes <= set(app.screen.classes)  # and Textual's resize agrees
