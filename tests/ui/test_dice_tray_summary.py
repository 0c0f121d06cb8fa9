"""The dice tray shows the whole fight (issue 25, item 3): a fight longer than the tray is
summarised to fit, both sides' first rolls and how it ended first; nothing scrolls out."""

from __future__ import annotations

import random

import pytest
from rich.style import Style
from rich.text import Text

from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.game import Game
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.dice_tray import DiceTray, Part, summary
from tests.ui.screen_text import seen


def after_a_long_fight(variant: str, rolls: int) -> Game:
    """A game played (seeded, fights preferred) until a decision threw ``rolls`` dice or more."""
    game = build_game(variant, None, 2024, None)
    rng = random.Random(1)
    while not game.over:
        actions = game.rule_actions()
        fights = [
            a
            for a in actions
            if len(a.squares) >= 2
            and game.presenter.piece_view(game.state, a.squares[-1]) is not None
        ]
        ply = game.play(rng.choice(fights or actions))
        if sum(isinstance(e, Roll) for e in ply.events) >= rolls:
            return game
    raise AssertionError("no long fight")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_gc_20_a_gladiator_fights_first_rolls_and_end_are_seen(tmp_path, size):
    game = after_a_long_fight("gladiator", 6)
    events = game.plies[-1].said.events  # with their words, as the tray shows them
    rolls = [e for e in events if isinstance(e, Roll)]
    end = [e for e in events if isinstance(e, Note)][-1]
    app = BattleChessApp("play", game=game, save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        tray = app.screen.query_one(DiceTray)
        shown = " ".join(seen(app, tray).split())
        attacker, defender = rolls[0], rolls[1]  # round 1: the attacker's 2d6, the defence
        assert f"{attacker.purpose}: {attacker.dice}" in shown, shown
        assert f"{defender.purpose}: {defender.dice}" in shown, shown
        assert end.text in shown
        assert tray.max_scroll_y == 0  # nothing to scroll: the summary fits
        if size == (80, 24):
            assert "more rolls" in shown  # the middle rounds are counted, not shown


def test_a_summary_keeps_both_sides_first_rolls_and_the_end_and_counts_the_rest():
    def roll(who: str, n: int) -> Part:
        return Part(Text(f"{who} roll {n}"), "fight", who, Text(f"{who} {n}"))

    heading = Part(Text("── 4. White: a1xa2"), "fight")
    parts = [Part(Text("── 3… Black: b7b5"), "old"), Part(Text("old roll"), "old", "B"),
             heading, *(roll(who, n) for n in range(1, 6) for who in "AD"),
             Part(Text("  killed"), "fight")]  # fmt: skip
    out = [p.text.plain for p in summary(parts, 6, 40, Style())]
    assert out == ["── 4. White: a1xa2", "A 1", "D 1", "  … 7 more rolls", "D 5", "  killed"]
    everything = summary(parts, 30, 40, Style())
    assert [p.text.plain for p in everything] == [p.text.plain for p in parts]
