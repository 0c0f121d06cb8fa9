"""A campaign's records in words, written when they are shown: a piece's history, a game's
result and the spoils of a surrender. The campaign file keeps the facts only
(``campaign/model.py``): a rewording here changes no campaign file."""

from __future__ import annotations

from battlechess_tui.campaign.model import SIDE_KEYS, CampaignFile, GameEntry, HistoryFact
from battlechess_tui.campaign.support import presenter, support
from battlechess_tui.engine.rules import SIDE_NAMES as SIDES
from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.vocabulary import Ending


def item_names(items: list[str] | tuple[str, ...]) -> str:
    """``Ring of Protection +1, +1 weapon``."""
    cat = support().items
    return ", ".join(cat.name(i) for i in items)


def history_line(fact: HistoryFact) -> str:
    """The sentence for one fact of a piece's history: ``game 3: killed the Black Cleric (f8,
    L1)``, ``bought +2 armour for 4,000 gold``."""
    head = f"game {fact.game}: " if fact.game is not None else ""
    if fact.kind == "bought":
        return f"bought {item_names(fact.items)} for {fact.gold or 0:,} gold"
    if fact.kind == "killed":
        side = SIDES[SIDE_KEYS.index(fact.side or "white")]
        name = support().class_names().get(fact.cls or "", fact.cls or "piece")
        return f"{head}killed the {side} {name} ({fact.square}, L{fact.level})"
    if fact.kind == "fell":
        lost = f", its {item_names(fact.items)} looted" if fact.items else ""
        back = "; back to level 1" if (fact.level or 1) > 1 else ""
        return f"{head}killed at level {fact.level}{lost}{back}"
    if fact.kind == "promoted":
        return f"{head}promoted to level {fact.level}"
    if fact.kind == "looted":
        return f"{head}looted {item_names(fact.items)}"
    if fact.kind == "spoils-taken":
        return f"{head}{item_names(fact.items)} taken as spoils"
    if fact.kind == "spoils-received":
        return f"{head}received {item_names(fact.items)} as spoils"
    return fact.text


def side_names(campaign: CampaignFile) -> tuple[str, str]:
    """``White (Ann)``, ``Black (Bob)``: how a campaign's result line names the sides."""
    return (f"White ({campaign.white.player})", f"Black ({campaign.black.player})")


def outcome_of(entry: GameEntry) -> Outcome | None:
    """The outcome a settled game's entry records (None for an older file's result that no
    fact reads, or a game not settled)."""
    if entry.ending is None:
        return None
    winner = None if entry.winner is None else SIDE_KEYS.index(entry.winner)
    return Outcome(winner, rule=entry.rule, kind=Ending(entry.ending), numbers=tuple(entry.numbers))


def result_line(entry: GameEntry, names: tuple[str, str]) -> str:
    """The game's result as the game's presenter words it: ``White (Ann) wins: Black's King
    fell below 0 hit points (DD-9)``."""
    outcome = outcome_of(entry)
    if outcome is not None:
        return presenter().describe_outcome(outcome, names)
    if entry.words:
        return entry.words
    if entry.winner is None:
        return "Draw"
    return f"{names[SIDE_KEYS.index(entry.winner)]} wins"


def spoils_line(entry: GameEntry) -> str:
    """What the winner of a surrender took: ``1,800 gold from the war chest``, ``Cloak of
    Charisma +2 from d8 to e1``; empty when there were no spoils."""
    spoils = entry.spoils
    if spoils is None:
        return ""
    if spoils.item:
        return f"{item_names([spoils.item])} from {spoils.source} to {spoils.target}"
    if spoils.words:
        return spoils.words
    return f"{spoils.gold:,} gold from the war chest"
