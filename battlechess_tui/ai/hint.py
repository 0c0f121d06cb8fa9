"""A decision with its numbers: what a player would do, its odds, and one line of why.

The hint key shows it; the line is built from numbers only (the fight's chance, the chance of
the game's end, the worth of the best line found), so a presenter may later put names
of pieces on the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from battlechess_tui.ai.budget import confidence
from battlechess_tui.ai.scoring import NOT_WON, calibrated, lead, unsquash
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.rules import CERTAIN, Chance, Rules, S
from battlechess_tui.engine.views import percent, signed


@dataclass(frozen=True)
class Hint:
    """``action`` for the deciding side, with ``chance`` (the rules' chance its fight is won),
    ``ends`` (the chance it ends the game at once, and ``won`` that it wins it), ``gain`` (the
    expected change of the side's lead one decision deep, in pawns, where the game goes on)
    and ``outlook`` (the worth to the side of the best line the search found, in [-1, 1]).
    ``unit`` is what the game's estimate counts (``Rules.estimate_unit``); without one, the
    estimate is a measure of chances and the outlook reads as the chance of winning, at the
    game's ``confidence`` (``[search] confidence``, as the analysis reads it)."""

    action: Action
    chance: Chance = CERTAIN
    gain: float = 0.0
    outlook: float = 0.0
    ends: float = 0.0
    won: float = 0.0
    unit: str = "pawns"
    confidence: float = 1.0

    @classmethod
    def of(
        cls,
        rules: Rules[S],
        state: S,
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
        return cls.in_game(rules, action, chance, gain, outlook, ends, won)

    @classmethod
    def in_game(
        cls,
        rules: Rules[S],
        action: Action,
        chance: Chance,
        gain: float,
        outlook: float,
        ends: float,
        won: float,
    ) -> Hint:
        """The hint with its numbers read as the game of ``rules`` reads its estimate (its
        unit and confidence)."""
        unit = rules.estimate_unit
        return cls(action, chance, gain, outlook, ends, won, unit, confidence(rules))

    @property
    def wins(self) -> bool:
        """The best line found ends in a won game."""
        return self.outlook > NOT_WON

    @property
    def loses(self) -> bool:
        return self.outlook < -NOT_WON

    def reason(self) -> str:
        """One line, e.g. ``wins the fight 83%; +2.1 after the best replies found``: the
        fight's chance, the game's end, and the estimate of the best line the search found for
        the side deciding, on the game's one scale (pawns, else the chance of winning). The
        change of material one decision deep (``gain``) is not the outcome: it is not told."""
        parts = []
        if not self.chance.certain:
            estimate = "" if self.chance.exact else " (estimated)"
            parts.append(f"wins the fight {percent(self.chance.p)}{estimate}")
        if self.won:
            parts.append("wins the game" + ("" if self.won == 1 else f" {percent(self.won)}"))
        elif self.ends:
            parts.append("ends the game" + ("" if self.ends == 1 else f" {percent(self.ends)}"))
        if self.won < 1:
            parts.append(self._outlook_words())
        return "; ".join(p for p in parts if p)

    def _outlook_words(self) -> str:
        if self.wins:
            return "leads to a won game"
        if self.loses:
            return "the game is lost whatever is chosen"
        if not self.unit:
            worth = calibrated(self.outlook, self.confidence)
            chance = min(99, max(1, round(50 * (1 + worth))))
            return f"about {chance}% to win after the best replies found"
        return f"{signed(unsquash(self.outlook))} after the best replies found"
