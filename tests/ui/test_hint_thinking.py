"""Issue 40, item 1: a hint may think longer than a move (classic: 80,000 nodes, about a
second), so the table says it is thinking and stays responsive, and the hint's budget is in
nodes alone (no deadline: the same hint on a loaded machine)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui import ai
from battlechess_tui.ai import Budget, Hint
from battlechess_tui.session import build_game
from battlechess_tui.ui import computer
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.settings import Settings
from tests.ui.driver import table, wait_for


class HeldHint:
    """The hint's search, held until the test releases it; it notes the budget it was given."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.budgets: list[Budget] = []
        self.real: Callable[..., Hint] = ai.hint

    def __call__(self, rules: Any, state: Any, seat: str, rng: Any, budget: Budget) -> Hint:
        self.budgets.append(budget)
        self.started.set()
        self.release.wait(10)
        return self.real(rules, state, seat, rng, Budget(nodes=2000))


async def test_the_hint_shows_it_is_thinking_keys_work_and_its_budget_is_nodes_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    held = HeldHint()
    monkeypatch.setattr(computer, "hint", held)
    game = build_game("classic", None, 3, None)
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        await pilot.press("f1")
        await wait_for(pilot, held.started.is_set)
        assert screen.message == "Hint: thinking…"
        await pilot.press("F")  # the app answers keys while the hint is worked out
        assert screen.flipped
        (budget,) = held.budgets
        assert budget.nodes == Budget.for_hint(game.rules).nodes == 80_000
        assert budget.deadline is None and budget.cancel is not None
        held.release.set()
        await wait_for(pilot, lambda: bool(game.hints))
        assert screen.message.startswith("Hint: ") and "thinking" not in screen.message
