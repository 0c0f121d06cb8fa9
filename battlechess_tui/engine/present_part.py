"""The parts of a presenter (``engine/present.py``): each a mixin a game's presenter gets
with ``Presenter``, and overrides only where the game has something of its own to say."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol

from battlechess_tui.engine.rules import S

if TYPE_CHECKING:
    from battlechess_tui.engine.events import Note, PieceRef, Roll
    from battlechess_tui.engine.geometry import Geometry
    from battlechess_tui.engine.rules import Rules
    from battlechess_tui.engine.spec import VariantSpec


class PresenterPart(Generic[S]):
    """What every part reads: the game's rules, spec, board geometry and side names."""

    rules: Rules[S]
    spec: VariantSpec
    geo: Geometry
    side_names: tuple[str, ...]

    def __init__(self, rules: Rules[S]) -> None:
        self.rules = rules
        self.spec = rules.spec
        self.geo = rules.geo
        self.side_names = rules.side_names


class Speaker(Protocol):
    """What a game's word functions (a note's, a roll's or a refusal's sentence) read of its
    presenter: its board, its sides and the names of what facts mention."""

    geo: Geometry
    side_names: tuple[str, ...]

    def kind_name(self, kind: str) -> str:
        """A piece kind's name: ``Knight``."""
        ...

    def piece_phrase(self, ref: PieceRef) -> str:
        """``White Knight on e4``."""
        ...

    def thing_name(self, key: str) -> str:
        """The name of a thing a fact names by its key (a spell, an item)."""
        ...

    def note_fields(self, note: Note) -> dict[str, Any]:
        """The words a note's format string takes."""
        ...

    def roll_worded(self, roll: Roll) -> Roll:
        """The roll with its words written."""
        ...
