"""A computer player's level: a name parsed once where it comes in (the command line, a save,
the settings, a script's call), and a ``Level`` everywhere after.

In the engine, below ``ai`` and ``save``, so that a save can name a level without importing
the computer players. ``Level`` is a ``StrEnum``: a level is still its plain name in JSON, in
messages, and to a script comparing it with ``"medium"``.
"""

from __future__ import annotations

from enum import StrEnum

from battlechess_tui.engine.echo import clip
from battlechess_tui.engine.suggest import did_you_mean

#: The longest a search level may think per decision, a minute: in a variant file's
#: ``[search] think_ms`` and in ``simulate --think-ms``.
MAX_THINK_MS = 60_000


class Level(StrEnum):
    """How strongly a computer plays, weakest first: ``random``, ``greedy`` (one decision
    deep), and the search player at ``easy``, ``medium`` or ``hard``."""

    RANDOM = "random"
    GREEDY = "greedy"
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    @classmethod
    def parse(cls, text: str) -> Level:
        """``text`` as a level (case and surrounding spaces ignored; empty: the default);
        ValueError in one line, with the nearest level, otherwise."""
        word = text.strip().lower()
        if not word:
            return DEFAULT_LEVEL
        try:
            return cls(word)
        except ValueError:
            raise ValueError(
                f"no computer level {clip(word, 40)!r}{did_you_mean(word, map(str, LEVELS))} "
                f"(levels: {', '.join(LEVELS)})"
            ) from None


#: The levels a player can be set to, weakest first.
LEVELS: tuple[Level, ...] = tuple(Level)
DEFAULT_LEVEL = Level.MEDIUM
#: The levels an analysis may be run at (here, so the command line need not import it).
ANALYSIS_LEVELS = (Level.MEDIUM, Level.HARD)
#: ``analyse --quick``: a first look at a whole game in seconds, each position searched with
#: the least budget (easy's search, every decision looked at once); its marks are rougher
#: than medium's. Kept beside the save as its own level, so medium's is made afresh.
QUICK = "quick"
#: The milliseconds of thinking (in the game's nodes) a quick analysis gives a position.
QUICK_MS = 1
