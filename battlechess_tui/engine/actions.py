"""Actions: every choice a player can make, in one small immutable shape.

A chess move is ``Action("move", (e2, e4))``; a promotion adds ``choice="q"``; Dice Chess's swap
is ``Action("swap", (a1, b1))``; "done", "override", "resign" carry nothing. Each action has one
canonical text (``e2e4``, ``e7e8q``, ``swap a1 b1``, ``cast bless c3``) used in saves and typed
by players, so the text form is the save format and the input language at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.engine.vocabulary import KIND, ActionKind, as_word

MOVE = ActionKind.MOVE


def action_kind(word: str) -> str:
    """``word`` as a kind of action: the engine's ``ActionKind`` when it is one, else the
    word itself (a game's own kind; its rules say whether it plays); ValueError in one line
    when it is not a word."""
    return as_word(word, "actions")


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One decision: its ``kind`` (a word: the engine's ``ActionKind`` or a game's own, from
    its ``Vocabulary``), the squares it names and a choice (a promotion's letter, a spell)."""

    kind: str
    squares: tuple[int, ...]
    choice: str

    def __init__(self, kind: str, squares: tuple[int, ...] = (), choice: str = "") -> None:
        object.__setattr__(self, "kind", action_kind(kind))
        object.__setattr__(self, "squares", squares)
        object.__setattr__(self, "choice", choice)

    @property
    def origin(self) -> int:
        """The first square the action names (a move's from-square)."""
        return self.squares[0]

    @property
    def target(self) -> int:
        """The last square the action names (a move's to-square)."""
        return self.squares[-1]

    def text(self, geo: Geometry) -> str:
        """Canonical text: moves as ``e2e4``/``e7e8q``, others as words and square names."""
        names = [geo.name(s) for s in self.squares]
        if self.kind == MOVE:
            return "".join(names) + self.choice
        return " ".join([self.kind, *([self.choice] if self.choice else []), *names])

    @classmethod
    def parse(cls, text: str, geo: Geometry) -> Action:
        """Read canonical text back; ValueError with a reason a player understands."""
        words = text.strip().lower().split()
        if not words:
            raise ValueError("type a move such as e2e4")
        if len(words) == 1:
            squares, rest = geo.split_squares(words[0])
            if len(squares) >= 2:
                if len(rest) > 1 or (rest and not rest.isalpha()):
                    raise ValueError(f"cannot read {rest!r} after the squares in {text!r}")
                return cls(MOVE, tuple(squares), rest)
            if squares:
                raise ValueError(f"{text!r} names one square: give from and to, e.g. e2e4")
        kind, rest_words = words[0], words[1:]
        squares_list: list[int] = []
        choice = ""
        for w in rest_words:
            sq, rest = geo.split_squares(w)
            if sq and not rest:
                squares_list.extend(sq)
            elif not squares_list and not choice:
                choice = w
            else:
                raise ValueError(f"cannot read {w!r} in {text!r}")
        if not KIND.fullmatch(kind):
            raise ValueError(f"cannot read {text!r}: try a move such as e2e4")
        return cls(kind, tuple(squares_list), choice)
