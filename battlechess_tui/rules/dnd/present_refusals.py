"""D&D Battle Chess's refusals in words (``DndPresenter.REFUSAL_WORDS``), by ``Reason`` and
the ``SharedReason`` it words its own way."""

from __future__ import annotations

from battlechess_tui.engine.present import RefusalWords
from battlechess_tui.engine.present_part import Speaker
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.rules.dnd.refusals import Reason


def _not_open(presenter: Speaker, refusal: Refusal) -> str:
    refused, *offered = (a.text(presenter.geo) for a in refusal.actions)
    return f"{refused} is not open in this battle; choose one of: {', '.join(offered)}"


WORDS: dict[str, RefusalWords] = {
    SharedReason.NOT_YOURS: "that piece is {owner[0]}'s",
    SharedReason.CANNOT_REACH: "that piece cannot move from {sq[0]} to {sq[1]} (DD-4)",
    Reason.SURRENDER_CAMPAIGN_ONLY: "surrender is a rule of campaign play (DD-45): resign instead",
    Reason.SURRENDER_MOVE_ONLY: "the King may surrender only instead of a move (DD-45)",
    Reason.LOOT_CHOICE: "the battle's winner chooses: loot or leave the fallen piece's items "
    "(DD-42)",
    Reason.LOOT_AFTER_KILL: "items are looted only from a piece just killed in melee (DD-42)",
    Reason.MOVE_FIRST: "first make a chess move (DD-4), e.g. e2e4",
    Reason.HELD_FAST: "a paralyzed, prone or fascinated piece cannot move (DD-23, DD-28)",
    Reason.CHARMER: "a charmed piece may not attack its charmer (DD-23)",
    Reason.KING_FASCINATED: "the King must move this turn (Fascinate, DD-28)",
    Reason.NO_PROMOTION: "pieces do not change on the back rank: they rise a level instead (DD-31)",
    Reason.KING_SWAP: "the King is attacked: answer swap <an adjacent Fighter's square> or stay "
    "(DD-17)",
    Reason.ACT_NOW: "the moved piece takes its action now: none, or a spell or ability (DD-5)",
    Reason.NO_SLOT: "no {x[0]} slot left for this piece (DD-19)",
    Reason.OUT_OF_REACH: "the target must stand where this piece could move next turn, within "
    "range, with nothing in between (DD-7, DD-8)",
    Reason.CHOOSE_EFFECT: "choose none, or a spell or ability with its target (DD-5, DD-7)",
    Reason.WITHDRAW_REFUSED: "only a Cleric, Wizard or Rogue that started the battle may "
    "withdraw (DD-16)",
    Reason.DEFENDER_FIRST_MELEE: "the defender's first action may not be a melee attack (DD-11)",
    Reason.NOT_OPEN: _not_open,
}
