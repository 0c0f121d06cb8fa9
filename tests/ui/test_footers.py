"""Every screen's footer fits 80 columns: each key it shows is drawn whole, left of the command
palette's key (the rest of a screen's keys are in its help and the palette)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.widgets._footer import FooterKey

from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.footer import Footer

WIDTH = 80


def footer_labels(app: App) -> tuple[list[str], list[str]]:
    """The footer's keys drawn whole, and those cut off or hidden behind the palette key."""
    screen = app.screen
    footers = list(screen.query("Footer"))
    assert all(isinstance(f, Footer) for f in footers), "Textual's own Footer, not ours"
    keys = list(screen.query(FooterKey))
    palette = [k for k in keys if k.has_class("-command-palette")]
    edge = palette[0].region.x if palette else app.size.width
    shown: list[str] = []
    cut: list[str] = []
    for key in keys:
        if key not in palette:
            whole = key.region.width > 0 and key.region.right <= edge
            (shown if whole else cut).append(key.description)
    return shown, cut


async def visit(app: App, steps: list[tuple[str, list[str], set[str]]]) -> None:
    async with app.run_test(size=(WIDTH, 24)) as pilot:
        await pilot.pause()
        for name, keys, wanted in steps:
            await pilot.press(*keys)
            await pilot.pause()
            shown, cut = footer_labels(app)
            assert not cut, f"{name}: {cut} do not fit ({shown} do)"
            assert wanted <= set(shown), f"{name}: {wanted - set(shown)} missing from {shown}"


async def test_menu_screens_footers_fit(tmp_path: Path) -> None:
    app = BattleChessApp(save_dir=tmp_path, settings=Settings())
    await visit(
        app,
        [
            ("menu", [], {"Help", "Quit"}),
            ("help", ["question_mark"], {"Back"}),
            ("new game", ["escape", "n"], {"Start", "Back"}),
            ("settings", ["escape", "s"], {"Back"}),
            ("load", ["escape", "l"], {"Back"}),
            ("rules", ["escape", "r"], {"Back"}),
            ("new campaign", ["escape", "a"], {"Create", "Back"}),
            ("campaign", ["ctrl+s"], {"Next game", "Shop"}),
            ("shop", ["s"], {"Back"}),
            ("campaign game", ["escape", "n"], {"Type", "Undo", "Help", "Campaign"}),
        ],
    )


async def test_game_and_replay_footers_fit_with_help_and_menu(tmp_path: Path) -> None:
    game = build_game("gladiator", None, 3, None)
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings())
    await visit(
        app,
        [
            ("game", [], {"Type", "Undo", "Save", "Rules", "Help", "Menu"}),
            ("replay", ["q", "p", "enter"], {"Next", "Back", "Play", "Help", "Menu"}),
        ],
    )
