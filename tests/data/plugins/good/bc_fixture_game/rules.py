"""The fixture game's classes: FIDE chess's, under names of its own."""

from battlechess_tui.rules.chess_family import ChessPresenter, ClassicRules


class FixtureRules(ClassicRules):
    """FIDE chess, as a plugin's rules class."""


class FixturePresenter(ChessPresenter):
    """FIDE chess's words, as a plugin's presenter."""
