"""A decision with its numbers: what a player would do, its odds, and one line of why.

The hint key shows it; the line is built from numbers only (the fight's chance, the change in
the static estimate, the worth of the best line found), so a presenter may later put names
of pieces on the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from battlechess_tui.ai.scoring import NOT_WON, lead, unsquash
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.rules import CERTAIN, Chance, Rules
from battlechess_tui.engine.views import percent

#: Changes in the estimate smaller than this (pawns) read as keeping the balance.
NOTICEABLE = 0.05


@dataclass(frozen=True)
class Hint:
    """``action`` for the deciding side, with ``chance`` (the rules' chance its fight is won),
    ``ends`` (the chance it ends the game at once, and ``won`` that it wins it), ``gain`` (the
    expected change of the side's lead one decision deep, in pawns, where the game goes on)
    and ``outlook`` (the worth to the side of the best line the search found, in [-1, 1]).
    ``unit`` is what the game's estimate counts (``Rules.estimate_unit``); without one, the
    estimate is a measure of chances and the outlook reads as the chance of winning."""

    action: Action
    chance: Chance = CERTAIN
    gain: float = 0.0
    outlook: float = 0.0
    ends: float = 0.0
    won: float = 0.0
    unit: str = "pawns"

    @classmethod
    def of(
        cls,
        rules: Rules[Any],
        state: Any,
        side: int,
        action: Action,
        chance: Chance,
        results: list[tuple[Any, float]],
        outlook: float,
    ) -> Hint:
        """The hint for ``action`` whose ``results`` (state, probability) were found."""
        ends = won = going = after = 0.0
        for result, weight in results:
            outcome = rules.outcome(result)
            if outcome is None:
                going += weight
                after += weight * lead(rules, result, side)
            else:
                ends += weight
                won += weight if outcome.winner == side else 0.0
        gain = after / going - lead(rules, state, side) if going else 0.0
        return cls(action, chance, gain, outlook, ends, won, rules.estimate_unit)

    @property
    def wins(self) -> bool:
        """The best line found ends in a won game."""
        return self.outlook > NOT_WON

    @property
    def loses(self) -> bool:
        return self.outlook < -NOT_WON

    def reason(self) -> str:
        """One line, e.g. ``wins the fight 83%; gains 5.0 pawns; ahead by 2.1 after the
        best replies found``."""
        parts = []
        if not self.chance.certain:
            estimate = "" if self.chance.exact else " (estimated)"
            parts.append(f"wins the fight {percent(self.chance.p)}{estimate}")
        if self.won:
            parts.append("wins the game" + ("" if self.won == 1 else f" {percent(self.won)}"))
        elif self.ends:
            parts.append("ends the game" + ("" if self.ends == 1 else f" {percent(self.ends)}"))
        if self.ends < 1:
            parts.append(self._gain_words())
        if self.won < 1:
            parts.append(self._outlook_words())
        return "; ".join(p for p in parts if p)

    def _gain_words(self) -> str:
        if not self.unit:
            return ""
        if self.gain >= NOTICEABLE:
            return f"gains {self.gain:.1f} {self.unit}"
        if self.gain <= -NOTICEABLE:
            return f"gives up {-self.gain:.1f} {self.unit}"
        return "keeps the balance"

    def _outlook_words(self) -> str:
        if self.wins:
            return "leads to a won game"
        if self.loses:
            return "the game is lost whatever is chosen"
        if not self.unit:
            chance = min(99, max(1, round(50 * (1 + self.outlook))))
            return f"about {chance}% to win after the best replies found"
        ahead = unsquash(self.outlook)
        if abs(ahead) < NOTICEABLE:
            return ""
        return (
            f"{'ahead' if ahead > 0 else 'behind'} by {abs(ahead):.1f} after the best replies found"
        )
