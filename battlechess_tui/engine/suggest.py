""" "Did you mean" for a misspelt name (a game, a seat, a level, an option)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``" (did you mean 'classic'?)"`` for the choice closest to ``word``, or ``""``."""
    options = list(choices)
    close = difflib.get_close_matches(word.strip().lower(), options, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
