"""Gladiator's words (issue 25 items 14-15): refusals name the right commander, and the move
log writes each piece with the letter of the legend, apart from its squares."""

from __future__ import annotations

import pytest

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.variant import IllegalAction
from battlechess_tui.ui.game_help import legend_markdown
from tests.test_gladiator_support import V


def test_gc_14_a_commander_moved_on_the_kings_move_is_not_said_to_obey_himself():
    game = Game(V, 1)
    with pytest.raises(IllegalAction) as refused:
        game.play("e1e3")  # the Queen, on the King's move
    text = str(refused.value)
    assert "it is the King's move; the Queen moves only on her own move (GC-14)" in text
    assert "obeys the Queen" not in text
    with pytest.raises(IllegalAction, match="the Squire obeys the King's Knight .GC-14."):
        game.play("e2e3")


def test_the_log_writes_each_piece_with_its_legend_letter_apart_from_its_squares():
    game = Game(V, 1)
    assert game.play("f2f4").notation == "F f2-f4"
    while game.to_move.startswith("white"):
        game.play(next(a for a in game.legal_actions() if a.kind == "move"))
    played = game.play("g11g9")  # Black's Footman
    assert played.notation == "F g11-g9"
    legend = legend_markdown(game.presenter, game.state)
    assert "| `♝` | Black Scout (S) |" in legend  # drawn as a figure: the log's letter beside it
    assert "| `f` | Black Footman |" in legend  # drawn as its letter already
