"""A game whose dice decide what follows every move (the plugin's dice-move chess, DM-6) says
so with ``QUIET_MOVE_ODDS``: the cursor on an empty square a selected piece can move to then
shows that move's odds. Other games keep odds for fights only."""

from __future__ import annotations

from typing import Any

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.variant import Variant
from battlechess_tui.plugin import ChessPresenter
from battlechess_tui.ui import views


def test_a_quiet_move_has_no_odds_where_the_game_does_not_say_so() -> None:
    game = Game(make_variant("classic"), 1)
    sq = game.rules.geo.parse
    assert views.odds(game, sq("e2"), sq("e4"), game.legal_actions()) == ""


class Told(ChessPresenter):
    """Classic's words, with odds for every move."""

    QUIET_MOVE_ODDS = True

    def odds(self, state: Any, action: Action) -> str | None:
        return f"after {action.text(self.geo)}: 1 in 6"


def test_a_game_with_quiet_move_odds_shows_them_for_a_move_to_an_empty_square() -> None:
    rules = make_variant("classic").rules
    game = Game(Variant(rules, Told(rules)), 1)
    sq = game.rules.geo.parse
    assert views.odds(game, sq("e2"), sq("e4"), game.legal_actions()) == (
        "Move to e4: after e2e4: 1 in 6"
    )
    assert views.odds(game, sq("e2"), sq("e5"), game.legal_actions()) == ""  # no such move
