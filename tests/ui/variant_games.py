"""Every shipped game played through the UI: moves by keys or clicks, other choices from the
actions panel, promotion-like choices from the dialog, resignation, then save, quit, load and
replay of the same game. New variants are picked up from the registry automatically."""

from __future__ import annotations

import random

from textual.pilot import Pilot

from battlechess_tui.engine.actions import Action
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import ChoiceDialog, ResultPanel
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.menu import MenuScreen
from battlechess_tui.ui.screens.replay import ReplayScreen
from battlechess_tui.ui.screens.saves import SavesScreen
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel
from tests.ui.driver import click_square, cursor_to, hand_over, table, type_action

PLIES = 6


async def choose_square(pilot: Pilot, square: int, mouse: bool) -> None:
    if mouse:
        await click_square(pilot, square)
    else:
        await cursor_to(pilot, square)
        await pilot.press("enter")
    await pilot.pause()


async def play_one(pilot: Pilot, action: Action, how: str) -> None:
    """Make ``action`` the way a player would: on the board (keys or mouse) if it names two
    squares, typed, or from the actions panel."""
    screen = table(pilot)
    game = screen.game
    text = action.text(game.variant.rules.geo)
    sharing = [a for a in game.legal_actions() if a.squares == action.squares]
    mouse = how == "mouse"
    panel = screen.query_one(ActionsPanel)
    head = f"{action.kind} {action.choice}".strip()  # a choice whose targets go on the board
    listed = [i for i, item in enumerate(panel.items) if item.text in (text, head)]
    if how == "typed" or (len(action.squares) != 2 and not listed):
        await type_action(pilot, text)  # (a word older saves use, not offered any more)
        return
    if len(action.squares) == 2:
        await choose_square(pilot, action.squares[0], mouse)
        await choose_square(pilot, action.squares[1], mouse)
        if len(sharing) > 1:
            dialog = pilot.app.screen
            assert isinstance(dialog, ChoiceDialog)
            index = next(i for i, (a, _) in enumerate(dialog.options) if a == action)
            await pilot.press(*["down"] * index, "enter")
    else:
        index = listed[0]
        chosen = panel.items[index].text
        panel.focus()
        await pilot.pause()
        panel.highlight_item(index)
        await pilot.press("enter")
        if chosen != text:
            for square in action.squares:
                await choose_square(pilot, square, mouse)
    await pilot.pause()
    await hand_over(pilot)


HOW = ("keys", "mouse", "typed", "mouse", "keys", "mouse")


async def whole_game_save_quit_load_replay(variant: str) -> None:
    """Play (cursor keys, clicks and typing in turn), resign if the game still goes on, save,
    quit to the menu, load the file, and replay it from the result panel."""
    rng = random.Random(variant)
    game = build_game(variant, None, 11, None)
    app = BattleChessApp("play", game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        for _ in range(PLIES):
            if game.over:
                break
            before = len(game.plies)
            how = HOW[len(game.plies) % len(HOW)]
            await play_one(pilot, rng.choice(game.rule_actions()), how)
            assert len(game.plies) == before + 1, screen.message
        if not game.over:
            await pilot.press("x", "y")
            await pilot.pause()
        assert game.over
        assert isinstance(app.screen, ResultPanel)
        await pilot.press("s")
        await pilot.pause()
        notations = [p.notation for p in game.plies]
        path = screen.path
        assert path is not None and path.is_file()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)

        await pilot.press("l")
        await pilot.pause()
        saves = app.screen
        assert isinstance(saves, SavesScreen)
        saves.open(path)
        for _ in range(20):  # the result panel opens once the loaded game's screen is drawn
            await pilot.pause()
            if isinstance(app.screen, ResultPanel):
                break
        assert isinstance(app.screen, ResultPanel)  # a finished game opens on its result
        loaded = app.screen_stack[-2]
        assert isinstance(loaded, GameScreen)
        assert [p.notation for p in loaded.game.plies] == notations
        await pilot.press("r")  # the result panel's "replay"
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("end")
        assert replay.ply == len(notations)
        assert replay.banner.over
        await pilot.press("home", "right")
        assert replay.log_current == 1
