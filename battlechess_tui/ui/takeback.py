"""Fair takebacks: who is asked, and how far a takeback goes.

Because a decision's dice are fixed by the seed and its index, a free undo would let a player
see a roll, take the decision back and pick another that wins on it. So between people undo is
a request the player(s) of the other side accept or refuse. Undo stays free with the ``free
undo`` setting (practice), when nobody else plays the other side (one person at both), and
against the computer, where it also takes back the computer's replies: back to the person's
last decision. Nothing is ever rerolled.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlechess_tui.engine.game import Game
from battlechess_tui.ui.computer import has_people, is_computer, takeback_count


@dataclass(frozen=True)
class Takeback:
    """``count`` decisions to take back (``what`` names the person's own), asked of
    ``askees`` by ``asker``; no one to ask makes it free."""

    count: int
    what: str
    asker: str
    askees: tuple[str, ...] = ()

    @property
    def free(self) -> bool:
        return not self.askees

    def question(self) -> str:
        """``Bo: Ann asks to take back Nxe5. Accept?``"""
        return f"{' and '.join(self.askees)}: {self.asker} asks to take back {self.what}. Accept?"


def plan(game: Game, free_undo: bool) -> Takeback | str:
    """The takeback undo would make now, or why there is none."""
    if not game.plies:
        return "Nothing to take back."
    if game.computers:
        if not has_people(game):
            return "The computer plays every seat: there is no decision of yours to take back."
        count = takeback_count(game)
        if count == 0:
            return "Nothing of yours to take back yet."
        ply = game.plies[-count]
        return Takeback(count, ply.notation, game.player_of(ply.seat))
    ply = game.plies[-1]
    asker = game.player_of(ply.seat)
    if free_undo:
        return Takeback(1, ply.notation, asker)
    side = game.rules.side_of(ply.seat)
    others = [
        game.player_of(s.key)
        for s in game.rules.seats()
        if s.side != side and not is_computer(game, s.key)
    ]
    askees = tuple(name for name in dict.fromkeys(others) if name != asker)
    return Takeback(1, ply.notation, asker, askees)
