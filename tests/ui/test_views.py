"""How the app names players (banners, hand-over notices, the move log and the dice tray)."""

from __future__ import annotations

from battlechess_tui.session import build_game
from battlechess_tui.ui import views
from battlechess_tui.ui.widgets.turn_banner import TurnBanner


def names(variant: str, players: dict[str, str] | None = None) -> list[str]:
    game = build_game(variant, None, 3, players)
    return [views.who(game, s.key) for s in game.variant.seats()]


def test_two_player_games_name_the_side_or_the_player_and_side() -> None:
    assert names("classic") == ["White", "Black"]
    assert names("dnd", {"white": "Ann"}) == ["Ann (White)", "Black"]


def test_gc_2_commanders_named_once_each() -> None:
    """Gladiator (GC-2): default names read "White · Black Knight", never "White (White Black
    Knight)"; a named player reads "Ann (White · King)", never "Bo (Black Black Knight)"."""
    default = names("gladiator")
    assert default[:3] == ["White · King", "White · Queen", "White · Black Knight"]
    assert all("(" not in n for n in default)
    named = names("gladiator", {"white.king": "Ann", "black.queen": "Bob"})
    assert named[0] == "Ann (White · King)" and named[1] == "White · Queen"
    assert "Bob (Black · Queen)" in named
    knight = names("gladiator", {"black.black-knight": "Bo"})
    assert "Bo (Black · Black Knight)" in knight and not any("Black Black" in n for n in knight)


def test_banner_names_the_player_only_when_the_status_does_not() -> None:
    game = build_game("gladiator", None, 3, None)
    banner = views.banner(game, 0)
    assert banner.who == ""  # "White — King's move" says it
    widget = TurnBanner()
    widget.banner = banner
    assert widget.render().plain.startswith(" ▶ White — King's move")
    named = build_game("gladiator", None, 3, {"white.king": "Ann"})
    assert views.banner(named, 0).who == "Ann (White · King)"
    classic = build_game("classic", None, 3, {"white": "Ann"})
    assert views.banner(classic, 0).who == "Ann (White)"


def test_the_log_writes_the_tables_decisions_in_the_presenters_words() -> None:
    """Resigning and draws read as the presenter writes them (``Presenter.table_notation``)."""

    from battlechess_tui.engine.actions import Action
    from battlechess_tui.engine.game import Game
    from battlechess_tui.engine.variant import Variant

    game = build_game("classic", None, 3, None)
    game.play("offer-draw")
    game.play("decline-draw")
    assert [e.notation for e in views.log(game)] == ["offers a draw", "declines the draw"]
    assert views.played(game, game.plies[-1]) == "Black declines the draw."

    class Terse(type(game.presenter)):  # type: ignore[misc]
        def table_notation(self, action: Action) -> str:
            return f"<{action.kind}>"

    rules = game.variant.rules
    other = Game(Variant(rules, Terse(rules)), 3)
    other.play("resign")
    assert views.played(other, other.plies[-1]) == "White <resign>."
