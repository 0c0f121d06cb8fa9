"""Whole games for the rules tests: random play to the end, and a game rebuilt from its record."""

from battlechess_tui.engine.game import Game
from battlechess_tui.simulation import play_out


def random_game(variant, seed: int) -> Game:
    """Random players finish a game of ``variant`` (the same seed, the same game)."""
    return play_out(Game(variant, seed), seed)


def rebuilt(game: Game) -> Game:
    """The game rebuilt as a save rebuilds it: each action as typed, with its recorded rolls."""
    moves = [(p.action.text(game.variant.rules.geo), p.events) for p in game.plies]
    return Game.rebuild(game.variant, game.seed, None, game.setup_events, moves)
