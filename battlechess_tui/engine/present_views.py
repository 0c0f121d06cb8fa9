"""A presenter's views: the board's pieces and marks, the turn banner, the tally sheet, the
odds, the battle panel and the piece card, as view models (``engine/views.py``)."""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.data_files import rules_text
from battlechess_tui.engine.present_part import PresenterPart
from battlechess_tui.engine.rules import S
from battlechess_tui.engine.views import (
    BattleView,
    Mark,
    PieceView,
    SeatTurn,
    TallySection,
    percent,
)


class BoardViews(PresenterPart[S]):
    """The board's and the panels' views (a part of ``Presenter``)."""

    #: Has a move that starts no fight odds worth showing where the cursor points (a game
    #: whose dice decide what follows every move: the next die's)? Else only fights have.
    QUIET_MOVE_ODDS: ClassVar[bool] = False

    def legend(self) -> tuple[PieceView, ...]:
        """Every kind of piece of each side as the board draws it, fixed for the whole game
        (the rules page and help show it; the board never changes a piece's symbol)."""
        out = []
        for key, piece in self.spec.pieces.items():
            for side in (0, 1):
                glyph = piece.black_glyph if side and piece.black_glyph else piece.glyph
                letter = piece.letter if side == 0 else piece.letter.lower()
                out.append(PieceView(key, side, letter, glyph or letter, piece.name))
        return tuple(out)

    @abstractmethod
    def piece_view(self, state: S, square: int) -> PieceView | None:
        """The piece on ``square`` as the board draws it."""

    def square_marks(self, state: S) -> dict[int, Mark]:
        """Squares with a standing meaning (arena, used promotion squares): square -> mark."""
        return {}

    def status(self, state: S) -> str:
        """One line for the turn banner: whose decision and what kind."""
        return f"{self.side_names[self.rules.side_to_move(state)]} to move"

    def tally(self, state: S) -> list[TallySection]:
        """The tally sheet: per side, sections of pieces (hit points, killed, frozen...)."""
        return []

    def turn_order(self, state: S) -> list[SeatTurn]:
        """Team games: the side to move's seats in turn order and how far the turn has got
        (empty for games with one seat a side)."""
        return []

    def odds(self, state: S, action: Action) -> str | None:
        """The chance that ``action``'s fight succeeds, in words (None when it has none); a
        game with ``QUIET_MOVE_ODDS`` words the odds any move leads to."""
        chance = self.rules.chance(state, action)
        if chance.certain:
            return None
        return f"{percent(chance.p)} to win" + ("" if chance.exact else " (estimate)")

    def explain(self, state: S, action: Action) -> str | None:
        """What a choice does, for people choosing it: a spell's damage or effect, how it is
        resisted, whom it reaches (None when the game has nothing to add to its notation)."""
        return None

    def brief(self, state: S, action: Action) -> str | None:
        """A choice's name and key numbers in a few words, for a list with a line a choice
        (``Fireball  5d6, Reflex DC 15 half``); None when its notation says enough."""
        return None

    def battle_view(self, state: S, key: tuple[int, ...] | None = None) -> BattleView | None:
        """The battle under way (games with multi-decision battles), else None. With ``key``
        (a ``BattleView.key`` seen earlier), that battle's combatants as they stand in
        ``state``: the summary shown once it is over."""
        return None

    def piece_card(self, state: S, square: int) -> list[str]:
        """Lines describing the piece on ``square``: name, moves, dice, hit points, effects."""
        view = self.piece_view(state, square)
        if view is None:
            return []
        lines = [f"{self.side_names[view.side]} {view.name} on {self.geo.name(square)}"]
        if view.hp is not None:
            lines.append(f"Hit points {view.hp}/{view.max_hp}")
        return lines

    def rules_markdown(self) -> str:
        """The game's rules page (its variant file's ``rules_text``), in Markdown."""
        return rules_text(self.spec)
