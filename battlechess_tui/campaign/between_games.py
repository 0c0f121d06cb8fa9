"""Between games (DD-40, DD-41, DD-45, DD-46): starting a campaign game and settling it.

``start_game`` builds the next game: the D&D game with the campaign rules on and every piece at
its roster level with its items (the option ``roster``). ``settle`` reads the finished game and
changes the campaign: survivors keep their levels and items (promotions carry over, DD-40);
killed pieces drop to level 1 and keep their items unless the winner of their battle looted them
(DD-41 ruling, DD-42); each side gains 1,000 gold per level taken from enemy pieces it killed
(DD-46); the winner gains the prize (DD-44); after a surrender the winner still chooses his
spoils (DD-45).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from battlechess_tui.campaign.model import (
    SIDE_KEYS,
    CampaignFile,
    GameEntry,
    HistoryFact,
    SpoilsChoice,
    SpoilsTaken,
)
from battlechess_tui.campaign.power import SPOILS_PERCENT, battle_power, prize
from battlechess_tui.campaign.store import CampaignError, game_file
from battlechess_tui.campaign.support import GAME_KEY, support
from battlechess_tui.campaign.words import side_names
from battlechess_tui.engine.campaign import Fallen, ItemCatalogue, Survivor
from battlechess_tui.engine.game import RESIGN, Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.rules import SIDE_NAMES as SIDES
from battlechess_tui.engine.vocabulary import Ending

BONUS_PER_LEVEL = 1_000  # DD-46


def catalogue() -> ItemCatalogue:
    """The campaign game's item catalogue (names and values of items)."""
    return support().items


# -- the next game -------------------------------------------------------------------------------


def game_options(campaign: CampaignFile) -> dict[str, str | int | bool]:
    """The D&D game's options for this campaign: campaign rules and the rosters."""
    roster = {}
    for side in (campaign.white, campaign.black):
        for p in side.pieces:
            if p.level > 1 or p.items:
                roster[p.square] = (p.level, tuple(p.items))
    return support().game_options(roster)


def powers(campaign: CampaignFile) -> list[int]:
    cat = catalogue()
    return [battle_power(campaign.white, cat), battle_power(campaign.black, cat)]


def start_game(campaign: CampaignFile, path: Path, seed: int) -> tuple[CampaignFile, Game]:
    """The next game (``campaign.current`` records it, with both sides' power before it)."""
    if campaign.spoils is not None:
        raise CampaignError("the winner must first choose the spoils of the surrender (DD-45)")
    if campaign.current is not None:
        raise CampaignError(f"game {campaign.current.number} is still being played")
    number = len(campaign.games) + 1
    entry = GameEntry(
        number=number, file=game_file(path, number), seed=seed, power=powers(campaign)
    )
    variant = make_variant(GAME_KEY, game_options(campaign))
    game = Game(variant, seed, {"white": campaign.white.player, "black": campaign.black.player})
    return campaign.model_copy(update={"current": entry}), game


def current_path(campaign: CampaignFile, path: Path) -> Path | None:
    if campaign.current is None:
        return None
    return Path(path).parent / campaign.current.file


# -- after the game ------------------------------------------------------------------------------


@dataclass
class Aftermath:
    """What a game changed, in lines a player reads (campaign screen, ``campaign show``)."""

    number: int
    lines: list[str] = field(default_factory=list)
    spoils_pending: bool = False


def settle(campaign: CampaignFile, game: Game) -> tuple[CampaignFile, Aftermath]:
    """Apply a finished game to the campaign (DD-40, DD-41, DD-42, DD-44, DD-45, DD-46)."""
    entry = campaign.current
    if entry is None:
        raise CampaignError("no campaign game is being played")
    outcome = game.outcome
    if outcome is None:
        raise CampaignError(f"game {entry.number} is not finished yet")
    game_support = game.rules.campaign_support()
    if game_support is None:
        raise CampaignError(f"game {entry.number} is a game of {game.rules.name}, not a campaign's")
    c = campaign.model_copy(deep=True)
    tally = game_support.tally(game.positions[0].state, game.state)
    after = Aftermath(entry.number)
    bonus = _falls(c, tally.falls, entry.number, after)
    _survivors(c, tally.survivors, entry.number)
    chests_before = [c.white.chest, c.black.chest]
    winner = outcome.winner
    paid = 0
    result = game.presenter.describe_outcome(outcome, side_names(c))
    after.lines.insert(0, f"Game {entry.number}: {result}")
    if winner is not None:
        paid = prize(entry.power[winner], entry.power[1 - winner])
        c.side(winner).chest += paid
        power = f"power {entry.power[winner]} vs {entry.power[1 - winner]}"
        after.lines.append(f"{SIDES[winner]} wins the prize: {paid:,} gold ({power}, DD-44)")
    else:
        after.lines.append("A draw pays no prize (DD-44)")
    for side in (0, 1):
        c.side(side).chest += bonus[side]
        if bonus[side]:
            after.lines.append(
                f"{SIDES[side]} gains {bonus[side]:,} bonus gold for levels "
                "taken from killed enemies (DD-46)"
            )
    if winner is not None and _surrendered(game):
        gold = chests_before[1 - winner] * SPOILS_PERCENT // 100
        c.spoils = SpoilsChoice(winner=SIDE_KEYS[winner], gold=gold)
        after.spoils_pending = True
        after.lines.append(
            f"{SIDES[winner]} chooses the spoils: one enemy item or {gold:,} gold "
            f"(20% of {SIDES[1 - winner]}'s war chest, DD-45)"
        )
    done = entry.model_copy(
        update={
            "winner": SIDE_KEYS[winner] if winner is not None else None,
            "ending": outcome.kind,
            "numbers": list(outcome.numbers),
            "rule": outcome.rule,
            "prize": paid,
            "bonus": bonus,
        }
    )
    c.games.append(done)
    c.current = None
    return c, after


def _surrendered(game: Game) -> bool:
    """DD-45, and (Ruling) a resignation in a campaign game counts as the King's surrender."""
    outcome = game.outcome
    if outcome is not None and outcome.kind == Ending.SURRENDER:
        return True
    return bool(game.plies) and game.plies[-1].action.kind == RESIGN


def _falls(c: CampaignFile, falls: tuple[Fallen, ...], number: int, after: Aftermath) -> list[int]:
    """Killed pieces back to level 1 (DD-41), keeping the items nobody looted (DD-41 ruling,
    DD-42); kills counted; bonus gold (DD-46)."""
    names = support().class_names()
    bonus = [0, 0]
    for fall in falls:
        rec = c.side(fall.side).piece(fall.home)
        what = f"{SIDES[fall.side]} {names[fall.cls]} ({fall.home}, L{fall.level})"
        if fall.killer_side is not None:
            krec = c.side(fall.killer_side).piece(fall.killer_home)
            krec.kills += 1
            krec.history.append(
                HistoryFact(
                    kind="killed",
                    game=number,
                    side=SIDE_KEYS[fall.side],
                    cls=fall.cls,
                    square=fall.home,
                    level=fall.level,
                )
            )
            if fall.killer_side != fall.side:
                bonus[fall.killer_side] += BONUS_PER_LEVEL * (fall.level - 1)
        looted = list(fall.looted)
        rec.history.append(HistoryFact(kind="fell", game=number, level=fall.level, items=looted))
        rec.level, rec.items = 1, list(fall.items)
        back = fall.level > 1
        after.lines.append(f"{what} fell" + (": back to level 1 (DD-41)" if back else ""))
    return bonus


def _survivors(c: CampaignFile, survivors: tuple[Survivor, ...], number: int) -> None:
    """DD-40: the living keep their levels (promotions carry over) and items (loot included)."""
    for p in survivors:
        rec = c.side(p.side).piece(p.home)
        if p.level > rec.level:
            rec.history.append(HistoryFact(kind="promoted", game=number, level=p.level))
        gained = [i for i in p.items if i not in rec.items]
        if gained:
            rec.history.append(HistoryFact(kind="looted", game=number, items=gained))
        rec.level, rec.items = p.level, list(p.items)


# -- the spoils of a surrender (DD-45) ------------------------------------------------------------


def spoils_items(campaign: CampaignFile) -> list[tuple[str, str]]:
    """(square, item) of every item the loser owns: what the winner may take."""
    if campaign.spoils is None:
        return []
    loser = campaign.side(1 - SIDE_KEYS.index(campaign.spoils.winner))
    return [(p.square, item) for p in loser.pieces for item in p.items]


def choose_spoils(
    campaign: CampaignFile, take: tuple[str, str] | None, give_to: str = ""
) -> CampaignFile:
    """DD-45: ``take`` None takes the gold; else (square, item) of the loser, given to the
    winner's piece on ``give_to`` (it keeps the better of two items of a kind)."""
    spoils = campaign.spoils
    if spoils is None:
        raise CampaignError("there are no spoils to choose")
    c = campaign.model_copy(deep=True)
    w = SIDE_KEYS.index(spoils.winner)
    winner, loser = c.side(w), c.side(1 - w)
    entry = c.games[-1]
    if take is None:
        loser.chest -= spoils.gold
        winner.chest += spoils.gold
        entry.spoils = SpoilsTaken(gold=spoils.gold)
    else:
        square, item = take
        source = loser.piece(square)
        if item not in source.items:
            raise CampaignError(f"the piece on {square} has no {item}")
        target = winner.piece(give_to)
        source.items.remove(item)
        source.history.append(HistoryFact(kind="spoils-taken", game=entry.number, items=[item]))
        target.items = list(support().merge_items(tuple(target.items), (item,)))
        target.history.append(HistoryFact(kind="spoils-received", game=entry.number, items=[item]))
        entry.spoils = SpoilsTaken(item=item, source=square, target=give_to)
    c.spoils = None
    return c
