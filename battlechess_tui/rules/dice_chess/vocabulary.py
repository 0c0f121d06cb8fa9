"""Dice Chess's own words (``engine/vocabulary.py`` has the words every game shares)."""

from __future__ import annotations

from enum import StrEnum

from battlechess_tui.engine.vocabulary import Vocabulary


class DiceChessAction(StrEnum):
    """The setup's decisions (DC-1 to DC-3)."""

    SWAP = "swap"  # two dice swapped
    DONE = "done"  # the dice are arranged


class DiceChessTag(StrEnum):
    """What Dice Chess's notes are about."""

    SETUP = "setup"
    SWAP = "swap"


class DiceChessPurpose(StrEnum):
    """What Dice Chess throws dice for."""

    SETUP = "setup"  # dice thrown to set the board up (DC-1, DC-2)
    REROLL = "reroll"  # a capturing die thrown again (DC-10)


class DiceChessVerdict(StrEnum):
    """What a die thrown again decided."""

    SHOWS = "shows"  # the die now shows ``numbers[0]``


VOCABULARY = Vocabulary(
    actions=DiceChessAction, tags=DiceChessTag, purposes=DiceChessPurpose, verdicts=DiceChessVerdict
)
