"""Every command of the game table through each way in (issue 39 item 16): its key, the
command palette, and the Actions panel where it is listed there. Each way does what the key
does (a draw offer and resigning ask first, from the panel too); typed moves on Gladiator's
10-file board keep their ``i`` (the ``i`` key is a command elsewhere)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from battlechess_tui.engine.game import OFFER_DRAW, RESIGN
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.commands import Command, of_the_game, unique, with_commands
from battlechess_tui.ui.screens.dialogs import Confirm
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.settings import Settings
from tests.ui.driver import choose_in_panel, table, wait_for

#: Commands whose effect at the first position is nothing to see (Escape with nothing to
#: drop, typing's ``i`` beside ``:``): compared between ways, not with the table before.
QUIET = {"skip", "type-i"}


def app_for(tmp_path: Path, key: str = "classic") -> BattleChessApp:
    game = build_game(key, None, 3, None)
    return BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))


def game_commands(key: str) -> list[Command]:
    own = of_the_game(build_game(key, None, 3, None).presenter.commands())
    return list(unique(with_commands(GameScreen.PLAYER_COMMANDS, own)))


def observed(app: Any) -> tuple[Any, ...]:
    """What a player sees a command do: the screen on top (a dialog's question), the table's
    message, board and focus, the display settings, the decisions made and the notices."""
    top = app.screen
    tables = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    shown = tables[-1] if tables else None
    return (
        type(top).__name__,
        top.question if isinstance(top, Confirm) else None,
        shown and (shown.message, shown.flipped, type(shown.focused).__name__),
        shown and len(shown.game.plies),
        (app.settings.ascii_pieces, app.settings.palette, app.settings.animate),
        tuple(n.title or n.message for n in app._notifications),
    )


async def by_key(pilot: Pilot, command: Command) -> None:
    await pilot.press(command.keys.split(",")[0])


async def by_palette(pilot: Pilot, command: Command) -> None:
    """Ctrl+P, the command's whole entry typed, Enter."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    title = f"{command.label} ({command.key_text})"
    await pilot.press(*[("space" if c == " " else c) for c in title])
    await pilot.pause(0.3)
    await pilot.press("enter")


async def effect(tmp_path: Path, key: str, command: Command, way: Any) -> tuple[Any, ...]:
    async with app_for(tmp_path, key).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = observed(pilot.app)
        await way(pilot, command)
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()  # a hint's search ends however busy
        await pilot.pause()
        await pilot.pause()
        after = observed(pilot.app)
        assert command.id in QUIET or after != before, (command.id, way.__name__, after)
        return after


@pytest.mark.parametrize(
    ("key", "command"),
    [
        (k, c)
        for k in ("classic", "gladiator")
        for c in game_commands(k)
        if k == "classic" or c.id == "override"
    ],  # fmt: skip
    ids=lambda x: x if isinstance(x, str) else x.id,
)
async def test_a_commands_palette_entry_does_what_its_key_does(
    key: str, command: Command, tmp_path: Path
) -> None:
    keyed = await effect(tmp_path / "key", key, command, by_key)
    chosen = await effect(tmp_path / "palette", key, command, by_palette)
    if command.id == "screenshot":  # a file of its own each time: its notice is compared
        keyed, chosen = keyed[:-1], chosen[:-1]
    assert chosen == keyed, command.id


async def panel_choice(pilot: Pilot, text: str) -> None:
    await choose_in_panel(pilot, lambda item: item.text == text)


@pytest.mark.parametrize(
    ("kind", "key", "question"),
    [(OFFER_DRAW, "D", "offer a draw?"), (RESIGN, "x", "resign this game?")],
)
async def test_a_draw_offer_and_resigning_ask_first_by_key_palette_and_panel(
    kind: str, key: str, question: str, tmp_path: Path
) -> None:
    command = next(c for c in game_commands("classic") if c.keys == key)
    ways = {
        "key": lambda pilot: pilot.press(key),
        "palette": lambda pilot: by_palette(pilot, command),
        "panel": lambda pilot: panel_choice(pilot, kind),
    }
    for name, way in ways.items():
        async with app_for(tmp_path / name).run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = table(pilot)
            await way(pilot)
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, Confirm))
            dialog = pilot.app.screen
            assert isinstance(dialog, Confirm) and dialog.question == f"White: {question}", name
            assert screen.game.plies == [], name  # nothing decided before the answer
            await pilot.press("n")
            await pilot.pause()
            assert screen.game.plies == [], name
            await way(pilot)
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, Confirm))
            await pilot.press("y")
            await pilot.pause()
            assert [p.action.kind for p in screen.game.plies] == [kind], name


async def test_gc_typed_moves_on_the_10_file_board_keep_their_i(tmp_path: Path) -> None:
    """Gladiator's files run a..j: ``i2i4`` typed on the board (``i`` is the typing key
    elsewhere) plays i2i4, as ``j``-file moves do."""
    async with app_for(tmp_path, "gladiator").run_test(size=(120, 40)) as pilot:
        screen = table(pilot)
        for text in ("f2f4", "e1h4", "g1h3", "i2i4"):
            await pilot.press(*text, "enter")
            await pilot.pause()
        geo = screen.game.rules.geo
        assert [p.action.text(geo) for p in screen.game.plies] == ["f2f4", "e1h4", "g1h3", "i2i4"]


async def test_gc_14_the_override_by_key_palette_and_panel_alike(tmp_path: Path) -> None:
    """After the King's move the King may override the Queen's (GC-14): ``v``, the palette
    and the Actions panel make the same decision."""
    command = next(c for c in game_commands("gladiator") if c.id == "override")
    ways = {
        "key": lambda pilot: by_key(pilot, command),
        "palette": lambda pilot: by_palette(pilot, command),
        "panel": lambda pilot: panel_choice(pilot, "override"),
    }
    made = {}
    for name, way in ways.items():
        async with app_for(tmp_path / name, "gladiator").run_test(size=(120, 40)) as pilot:
            screen = table(pilot)
            await pilot.press(*"f2f4", "enter")
            await pilot.pause()
            await way(pilot)
            await pilot.pause()
            made[name] = [p.action.kind for p in screen.game.plies]
    assert made["key"] == ["move", "override"]
    assert made == {name: made["key"] for name in ways}
