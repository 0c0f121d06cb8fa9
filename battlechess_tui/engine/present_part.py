"""The parts of a presenter (``engine/present.py``): each a mixin a game's presenter gets
with ``Presenter``, and overrides only where the game has something of its own to say."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic

from battlechess_tui.engine.rules import S

if TYPE_CHECKING:
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
