"""Learning from one's mistakes: each ``?`` and ``??`` decision of a side, played again.

For each mistake the position is the one the game had (``position_before``); a decision tried
there is judged the way the analysis judged the one played (``judge``: the same engine, level
and seed, so the preferred decision costs exactly nothing); one the analysis would not mark
(below an inaccuracy, on the game's scale of marks) is accepted. ``MistakeRun`` keeps the
count: a second miss, or giving up, shows the best decision with its numbers
(``best_words``), and the run ends with a summary. No UI here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from battlechess_tui.analysis import engine
from battlechess_tui.analysis.model import (
    THRESHOLDS,
    Analysis,
    DecisionReport,
    chance_of,
    mark_of,
)
from battlechess_tui.analysis.run import SEARCH_SEED
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.engine.views import exact_odds, percent

#: The marks worth a second look (the chess ``?`` and ``??``).
RETRIED = ("mistake", "blunder")
#: Where marks count the winning chance, a decision costing less than this against the best
#: is accepted: one the analysis would not mark at all (below an inaccuracy).
MARGIN = dict(THRESHOLDS)["inaccuracy"]
#: Tries before the best decision is shown.
TRIES = 2


def mistakes_of(analysis: Analysis, side: int) -> list[DecisionReport]:
    """``side``'s mistakes and blunders, in game order."""
    return [d for d in analysis.decisions if d.side == side and d.mark in RETRIED]


def position_before(game: Game, ply: int) -> Game:
    """A game of the first ``ply`` decisions of ``game``, each with its recorded rolls (the
    board, rolls and notices as they were), every seat a person's."""
    geo = game.rules.geo
    return Game.rebuild(
        game.variant,
        game.seed,
        dict(game.players),
        game.setup_events,
        [(p.action.text(geo), p.events) for p in game.plies[:ply]],
    )


def best_after(decision: DecisionReport) -> float:
    """The worth to White expected after the preferred decision (what the cost was counted
    from: the decision played's worth plus its cost, for the side that decided)."""
    sign = 1 if decision.side == 0 else -1
    return decision.after + sign * decision.cost


@dataclass(frozen=True)
class Verdict:
    """A decision tried at a mistake: its text, the worth to White expected after it, what
    it costs the side against the best (0 for the best itself) and, where the game's marks
    count pawns, the lead it loses."""

    action: str
    after: float
    cost: float
    pawns_lost: float | None = None

    @property
    def accepted(self) -> bool:
        """The analysis would not mark it (``mark_of``)."""
        return not mark_of(self.cost, self.pawns_lost)


def judge(game: Game, decision: DecisionReport, action: Action, level: str) -> Verdict:
    """``action`` tried at ``decision``'s position of ``game`` (the whole game), judged as the
    analysis at ``level`` judged the decision played."""
    rules = game.rules
    text = action.text(rules.geo)
    best = best_after(decision)
    if text == decision.preferred:
        return Verdict(text, best, 0.0, None if decision.pawns_lost is None else 0.0)
    played = game.plies[decision.ply].action
    if action == played:
        return Verdict(text, decision.after, decision.cost, decision.pawns_lost)
    state = game.positions[decision.ply].state
    seed = SEARCH_SEED * (decision.ply + 1) + 5  # the seed the preferred decision was judged by
    ms = engine.analysis_ms(rules, level)  # as long as the analysis thought
    after = engine.expected_after(rules, state, action, level, seed, ms)
    sign = 1 if decision.side == 0 else -1
    cost = round(max(0.0, sign * (best - after)), 6)
    lost = None
    if decision.pawns_lost is not None:  # judged on the scale the decision was marked on
        lost = engine.lead_lost(rules, decision.side, best, after)
    return Verdict(text, after, cost, lost)


def preferred_action(game: Game, decision: DecisionReport) -> Action | None:
    """The analysis's preferred decision at ``decision`` as an action (None if it cannot be
    read back: an analysis of another version of the rules)."""
    if decision.preferred is None:
        return None
    try:
        return game.rules.parse_action(game.positions[decision.ply].state, decision.preferred)
    except IllegalAction:
        return None


def fight_words(game: Game, decision: DecisionReport, action: Action) -> str:
    """The exact odds of the fight ``action`` takes there (``fight won 5/12 = 41.7%,
    exactly``), or ``""`` for a decision without one."""
    chance = game.rules.chance(game.positions[decision.ply].state, action)
    if chance.certain:
        return ""
    if not chance.exact:
        return f"fight won about {percent(chance.p)} (estimated)"
    return f"fight won {exact_odds(chance.p)}, exactly"


def best_words(game: Game, decision: DecisionReport) -> str:
    """The best decision with its numbers: the hint's words, the exact odds of any fight it
    takes, and the winning chance after it against the one after the decision played."""
    side = decision.side
    best = chance_of(best_after(decision), side)
    played = chance_of(decision.after, side)
    action = preferred_action(game, decision)
    fight = "" if action is None else fight_words(game, decision, action)
    parts = [f"Best: {decision.preferred_notation}", decision.preferred_reason, fight]
    parts.append(f"winning chance {percent(best)} (after {decision.notation}: {percent(played)})")
    return "; ".join(p for p in parts if p)


def tried_words(verdict: Verdict, side: int, decision: DecisionReport) -> str:
    """What a refused try costs, e.g. ``winning chance 31% (the best: 55%)``."""
    mine = chance_of(verdict.after, side)
    best = chance_of(best_after(decision), side)
    return f"winning chance {percent(mine)} (the best: {percent(best)})"


@dataclass
class MistakeRun:
    """Going through ``mistakes`` in order: the one at hand (``current``), the tries left on
    it, and which were found and which missed."""

    mistakes: list[DecisionReport]
    index: int = 0
    tries: int = 0
    found: list[DecisionReport] = field(default_factory=list)
    missed: list[DecisionReport] = field(default_factory=list)

    @property
    def current(self) -> DecisionReport | None:
        return self.mistakes[self.index] if self.index < len(self.mistakes) else None

    @property
    def finished(self) -> bool:
        return self.current is None

    @property
    def settled(self) -> bool:
        """The current mistake is decided (found, or its best shown): next comes the next."""
        current = self.current
        return current is not None and (current in self.found or current in self.missed)

    def tried(self, verdict: Verdict) -> str:
        """Count a try at the current mistake: ``found``, ``again`` (one more try) or
        ``missed`` (the second miss: the best is shown)."""
        current = self.current
        assert current is not None and not self.settled
        if verdict.accepted:
            self.found.append(current)
            return "found"
        self.tries += 1
        if self.tries >= TRIES:
            self.missed.append(current)
            return "missed"
        return "again"

    def give_up(self) -> None:
        """Show the best without more tries (the mistake counts as missed)."""
        current = self.current
        if current is not None and not self.settled:
            self.missed.append(current)

    def next(self) -> None:
        """On to the next mistake (once the current one is settled)."""
        self.index += 1
        self.tries = 0

    def summary(self) -> str:
        """E.g. ``Found 2 of 3 mistakes. Missed: Qg4?? (best Bb5+).``"""
        total = len(self.mistakes)
        text = f"Found {len(self.found)} of {total} mistake{'s' if total != 1 else ''}."
        if self.missed:
            missed = ", ".join(f"{d.notation}{d.symbol} (best {d.preferred_notation})"
                               for d in self.missed)  # fmt: skip
            text += f" Missed: {missed}."
        return text
