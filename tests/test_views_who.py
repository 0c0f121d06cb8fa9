"""How the banners and the move log name a player (``ui.views.who``)."""

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.ui.views import who


def _game(white: str) -> Game:
    return Game(make_variant("classic"), 1, {"white": white, "black": "Black"})


def test_a_player_is_named_with_the_side_they_play():
    assert who(_game("Ann"), "white") == "Ann (White)"
    assert who(_game("Ann"), "black") == "Black"


def test_a_name_that_already_says_its_side_is_not_followed_by_it_again():
    """A simulated game's seat, "White (medium computer)", reads once, not "... (White)"."""
    assert who(_game("White (medium computer)"), "white") == "White (medium computer)"
    assert who(_game("Whitefield (Ann)"), "white") == "Whitefield (Ann) (White)"
