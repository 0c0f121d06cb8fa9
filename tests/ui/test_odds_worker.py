"""Odds are worked out off the UI thread (issue 14, DD-18): the piece card says "odds…" while a
thread worker computes them, the cursor keeps moving meanwhile, a result for a square the cursor
has left is kept in the cache but not shown, and the real exact odds of a D&D battle appear."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant, spec
from battlechess_tui.ui import views
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.table import ODDS_PENDING
from tests.ui.driver import cursor_to, settle_odds, table

# White: Bard e1, Cleric b3. Black: Bard e8, Rogue d5 (the Cleric may attack it), Fighter f5.
FEN = "4k3/8/8/3r1p2/8/1B6/8/4K3 w - - 0 1"


def dnd_game() -> Game:
    return Game(make_variant(spec("dnd").model_copy(update={"setup": FEN})), 1)


async def select(pilot: Pilot, square: int) -> None:
    await cursor_to(pilot, square)
    await pilot.press("enter")
    await pilot.pause()


async def test_dd_18_exact_battle_odds_appear_for_a_battle_square(tmp_path: Path) -> None:
    game = dnd_game()
    sq = game.rules.geo.parse
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        await select(pilot, sq("b3"))
        await cursor_to(pilot, sq("d5"))
        await settle_odds(pilot)
        assert screen.odds.startswith("Attack on d5: Attacker wins ") and "exact" in screen.odds


async def test_dd_18_cursor_moves_while_odds_are_worked_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow computation (held by an Event) never blocks the keys; its result is shown only
    while the cursor still points at its square, and is cached for when it comes back."""
    gate, calls = threading.Event(), []
    real = views.odds_text

    def slow(game: Game, state: Any, request: views.OddsRequest) -> str:
        calls.append(request.head)
        assert gate.wait(timeout=30)
        return real(game, state, request)

    monkeypatch.setattr(views, "odds_text", slow)
    game = dnd_game()
    sq = game.rules.geo.parse
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        await select(pilot, sq("b3"))
        await cursor_to(pilot, sq("d5"))
        assert screen.odds == ODDS_PENDING
        # The worker is held: the cursor still walks on, and the card follows it.
        await cursor_to(pilot, sq("d3"))
        await cursor_to(pilot, sq("c4"))  # a square the Cleric may move to: no fight
        assert screen.cursor == sq("c4") and screen.odds == ""
        gate.set()
        await settle_odds(pilot)
        assert screen.odds == ""  # the result for d5 came in late: not shown here
        assert calls == ["Attack on d5"]
        await cursor_to(pilot, sq("d5"))
        assert screen.odds.startswith("Attack on d5: Attacker wins ")  # from the cache
        assert calls == ["Attack on d5"]
