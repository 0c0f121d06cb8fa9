"""What an analysis found, as plain data that writes to JSON and reads back.

Worths are to White in [-1, 1] (``analysis/engine.py``); a side's view of one is its sign
flipped for Black. A decision's *cost* is what the side deciding lost against the engine's
preferred decision; a roll's *luck* is what came less what was expected, exact Fractions
where the rules' odds are exact (``expected + luck == actual`` for every roll).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from battlechess_tui.ai.scoring import NOT_WON, calibrated, unsquash
from battlechess_tui.engine.views import signed

#: Costs (in worth, the drop of a winning chance counted twice) that mark a decision.
THRESHOLDS = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
#: Where a game's marks count pawns (``[search] marks = "pawns"``: classic, as chess engines
#: mark): the lead lost, in pawns, that marks a decision. A lead counts at most ``LEAD_CAP``
#: pawns, and a won game as that many (as an engine caps a mate's score).
PAWN_THRESHOLDS = (("blunder", 3.0), ("mistake", 1.0), ("inaccuracy", 0.5))
LEAD_CAP = 10.0
#: The marks a move log writes after a marked decision (the chess annotation symbols).
SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: A roll whose luck (to either side) is at least this much is a big roll.
BIG_ROLL = 0.20
#: The file format of a stored analysis.
FORMAT = "battlechess-analysis"
FORMAT_VERSION = 3


def mark_of(cost: float, pawns_lost: float | None = None) -> str:
    """``blunder``, ``mistake``, ``inaccuracy`` or ``""`` for a decision's cost, or for the
    lead it lost in pawns where the game's marks count pawns (``pawns_lost`` not None)."""
    scale, lost = (THRESHOLDS, cost) if pawns_lost is None else (PAWN_THRESHOLDS, pawns_lost)
    for name, threshold in scale:
        if lost >= threshold:
            return name
    return ""


def chance_of(worth: float, side: int) -> float:
    """The winning chance (0 to 1) a worth to White stands for, for ``side``."""
    return (1 + (worth if side == 0 else -worth)) / 2


def evaluation(worth: float, side: int, pawns: bool, confidence: float = 1.0) -> str:
    """A worth to White as ``side`` reads it, on the game's one scale: its lead in pawns
    (``+5.0``, ``−6.3``) where the game counts material, else its chance of winning (``62%``);
    ``won`` or ``lost`` once the game is decided. A worth is a chance, read under the game's
    ``confidence``: its lead is the search's own, that factor taken off again."""
    mine = worth if side == 0 else -worth
    if abs(mine) > NOT_WON:
        return "won" if mine > 0 else "lost"
    if pawns:
        return signed(unsquash(calibrated(mine, 1 / confidence)))
    return f"{round(100 * chance_of(mine, 0))}%"


@dataclass(frozen=True)
class RollResult:
    """One result a roll could have given: its chance and the worth to White after it."""

    chance: Fraction
    worth: float
    came: bool

    def to_json(self) -> dict[str, Any]:
        return {"chance": str(self.chance), "chance_float": float(self.chance),
                "worth": self.worth, "came": self.came}  # fmt: skip

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> RollResult:
        return cls(Fraction(d["chance"]), float(d["worth"]), bool(d["came"]))


@dataclass(frozen=True)
class RollReport:
    """A decision's roll: each possible result, whether the odds are the rules' exact ones,
    the chance the roller's fight was won (None without a fight) and whether it was."""

    outcomes: tuple[RollResult, ...]
    exact: bool
    fight: Fraction | None
    won: bool | None

    @property
    def expected(self) -> Fraction:
        """The worth to White expected over the results (exactly)."""
        return sum((o.chance * Fraction(o.worth) for o in self.outcomes), Fraction(0))

    @property
    def actual(self) -> Fraction:
        return Fraction(next(o.worth for o in self.outcomes if o.came))

    @property
    def luck(self) -> Fraction:
        """What came less what was expected, to White."""
        return self.actual - self.expected

    def to_json(self) -> dict[str, Any]:
        return {
            "outcomes": [o.to_json() for o in self.outcomes],
            "exact": self.exact,
            "fight": None if self.fight is None else str(self.fight),
            "won": self.won,
            "expected": float(self.expected),
            "actual": float(self.actual),
            "luck": float(self.luck),
            "luck_exact": str(self.luck),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> RollReport:
        fight = None if d["fight"] is None else Fraction(d["fight"])
        outcomes = tuple(RollResult.from_json(o) for o in d["outcomes"])
        return cls(outcomes, bool(d["exact"]), fight, d["won"])


@dataclass(frozen=True)
class DecisionReport:
    """One decision: who made it (``side``), the worth before it, the engine's preferred
    decision with its words, the worth expected after the decision played, its cost to the
    side and mark, and its roll if it threw dice. ``pawns`` is the lead before it where the
    estimate counts pawns; ``pawns_lost`` the lead it lost where the marks count pawns (None
    where they count the chance, and in an analysis written before marks could)."""

    ply: int
    seat: str
    side: int
    notation: str
    before: float
    after: float
    preferred: str | None
    preferred_notation: str
    preferred_reason: str
    played_reason: str
    cost: float
    roll: RollReport | None = None
    pawns: float | None = None
    pawns_lost: float | None = None

    @property
    def mark(self) -> str:
        return mark_of(self.cost, self.pawns_lost)

    @property
    def symbol(self) -> str:
        return SYMBOLS.get(self.mark, "")

    def luck_for(self, side: int) -> Fraction:
        """The roll's luck to ``side`` (0 without a roll)."""
        if self.roll is None:
            return Fraction(0)
        return self.roll.luck if side == 0 else -self.roll.luck

    @property
    def big_roll(self) -> bool:
        return self.roll is not None and abs(self.roll.luck) >= BIG_ROLL

    def change(self, pawns: bool, confidence: float = 1.0) -> str:
        """The estimate before and after the decision, as its side reads it: ``+5.0 → −6.3``
        (``pawns``: the game counts material; ``confidence``: the game's, see ``evaluation``),
        ``62% → 35%`` (else)."""
        before = evaluation(self.before, self.side, pawns, confidence)
        return f"{before} → {evaluation(self.after, self.side, pawns, confidence)}"

    def why(self, pawns: bool | None = None, confidence: float = 1.0) -> str:
        """What the analysis says of the decision, lichess's way: the estimate before and
        after it for its side, and the engine's choice where it preferred another, e.g.
        ``+5.0 → −6.3; best was Nxa6``. ``pawns`` (by default: the report counts them) says
        the game's estimate counts material; ``confidence`` is the game's."""
        pawns = self.pawns is not None if pawns is None else pawns
        change = self.change(pawns, confidence)
        best = self.preferred_notation
        if not best or best == self.notation:
            return change
        return f"{change}; best was {best}"

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply, "seat": self.seat, "side": self.side, "notation": self.notation,
            "before": self.before, "after": self.after, "pawns": self.pawns,
            "chance_before": chance_of(self.before, self.side),
            "preferred": self.preferred, "preferred_notation": self.preferred_notation,
            "preferred_reason": self.preferred_reason, "played_reason": self.played_reason,
            "cost": self.cost, "pawns_lost": self.pawns_lost, "mark": self.mark,
            "roll": None if self.roll is None else self.roll.to_json(),
        }  # fmt: skip

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> DecisionReport:
        roll = None if d["roll"] is None else RollReport.from_json(d["roll"])
        return cls(
            d["ply"],
            d["seat"],
            d["side"],
            d["notation"],
            d["before"],
            d["after"],
            d["preferred"],
            d["preferred_notation"],
            d["preferred_reason"],
            d["played_reason"],
            d["cost"],
            roll,
            d.get("pawns"),
            d.get("pawns_lost"),
        )


def _count(n: int, name: str) -> str:
    plural = "inaccuracies" if name == "inaccuracy" else f"{name}s"
    return f"{n} {name if n == 1 else plural}"


@dataclass(frozen=True)
class SideSummary:
    """A side's marks, its luck over the game and its fights (won, fought, average odds)."""

    side: int
    name: str
    marks: dict[str, int]
    luck: Fraction
    fights_won: int
    fights: int
    average_odds: float
    rolled: bool = True  # the game threw dice (else its luck is not told)

    def line(self) -> str:
        """E.g. ``White: 1 blunder, 2 mistakes; luck +0.31 (won 4 of 6 fights at 52%
        average odds)``."""
        counts = [_count(n, name) for name, _ in THRESHOLDS if (n := self.marks.get(name, 0))]
        text = f"{self.name}: {', '.join(counts) or 'no mistakes'}"
        if self.rolled:
            text += f"; luck {float(self.luck):+.2f}"
        if self.fights:
            text += (
                f" (won {self.fights_won} of {self.fights} fights at "
                f"{round(100 * self.average_odds)}% average odds)"
            )
        return text

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "name": self.name, "marks": self.marks,
                "luck": float(self.luck), "luck_exact": str(self.luck),
                "fights_won": self.fights_won, "fights": self.fights,
                "average_odds": self.average_odds, "line": self.line()}  # fmt: skip


@dataclass
class Analysis:
    """A whole game's analysis (or the part done so far: ``done`` of ``total`` decisions).
    ``worths`` holds the worth to White of every position, the last after the final decision
    (None where not yet estimated)."""

    variant: str
    level: str
    app_version: str
    side_names: tuple[str, ...]
    total: int
    decisions: list[DecisionReport] = field(default_factory=list)
    worths: list[float | None] = field(default_factory=list)
    save_digest: str = ""
    pawns_unit: bool = False
    #: The game's ``[search] confidence`` the worths were read under: an analysis read under
    #: another is stale (``store.stored``), and its leads in pawns take it off (``why``).
    confidence: float = 1.0

    @property
    def complete(self) -> bool:
        return bool(self.worths) and all(w is not None for w in self.worths)

    def decision_at(self, ply: int) -> DecisionReport | None:
        return next((d for d in self.decisions if d.ply == ply), None)

    def why(self, d: DecisionReport) -> str:
        """``d.why`` on this game's scale (``DecisionReport.why``)."""
        return d.why(self.pawns_unit, self.confidence)

    def change(self, d: DecisionReport) -> str:
        """``d.change`` on this game's scale (``DecisionReport.change``)."""
        return d.change(self.pawns_unit, self.confidence)

    def evaluation(self, worth: float, side: int) -> str:
        """``evaluation`` of a worth on this game's scale."""
        return evaluation(worth, side, self.pawns_unit, self.confidence)

    def summary(self) -> list[SideSummary]:
        return [self._summary(side) for side in range(len(self.side_names))]

    def _summary(self, side: int) -> SideSummary:
        marks: dict[str, int] = {}
        for d in self.decisions:
            if d.side == side and d.mark:
                marks[d.mark] = marks.get(d.mark, 0) + 1
        luck = sum((d.luck_for(side) for d in self.decisions), Fraction(0))
        won = fought = 0
        odds = 0.0
        for d in self.decisions:
            if d.roll is None or d.roll.fight is None or d.roll.won is None:
                continue
            mine = d.side == side
            fought += 1
            won += d.roll.won == mine
            odds += float(d.roll.fight if mine else 1 - d.roll.fight)
        average = odds / fought if fought else 0.0
        rolled = any(d.roll is not None for d in self.decisions)
        return SideSummary(side, self.side_names[side], marks, luck, won, fought, average, rolled)

    def turning_points(self, limit: int = 12) -> list[DecisionReport]:
        """The marked decisions and big rolls, largest swing first, then in game order."""
        points = [d for d in self.decisions if d.mark or d.big_roll]
        points.sort(key=lambda d: -max(d.cost, abs(float(d.luck_for(0)))))
        return sorted(points[:limit], key=lambda d: d.ply)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "format_version": FORMAT_VERSION,
            "app_version": self.app_version, "variant": self.variant, "level": self.level,
            "save_digest": self.save_digest, "side_names": list(self.side_names),
            "total": self.total, "pawns_unit": self.pawns_unit, "confidence": self.confidence,
            "thresholds": dict(THRESHOLDS), "pawn_thresholds": dict(PAWN_THRESHOLDS),
            "big_roll": BIG_ROLL,
            "worths": self.worths,
            "decisions": [d.to_json() for d in self.decisions],
            "summary": [s.to_json() for s in self.summary()],
        }  # fmt: skip

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Analysis:
        if d.get("format") != FORMAT or d.get("format_version") != FORMAT_VERSION:
            raise ValueError("not an analysis this version reads")
        return cls(
            d["variant"],
            d["level"],
            d["app_version"],
            tuple(d["side_names"]),
            d["total"],
            [DecisionReport.from_json(x) for x in d["decisions"]],
            list(d["worths"]),
            d["save_digest"],
            bool(d.get("pawns_unit")),
            float(d["confidence"]),
        )
