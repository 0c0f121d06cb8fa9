"""The footer: Textual's, rebuilt only when the keys it shows change.

Textual's ``Footer`` recomposes every key on every bindings signal (each focus change, each
screen push): at start-up that is seven rebuilds of the same ten keys, about a third of the
menu's first-frame time (see ``benchmarks/bench_ui.py``). This one compares what it would
show with what it shows and skips the rebuild when nothing changed.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


def shown_keys(screen: Screen[Any]) -> tuple[tuple[str, str, bool, str], ...]:
    """What a footer draws for ``screen``: key, label, enabled and tooltip of each binding."""
    return tuple(
        (binding.key, binding.description, enabled, tooltip)
        for (_, binding, enabled, tooltip) in screen.active_bindings.values()
        if binding.show
    )


class Footer(TextualFooter):
    _shown: tuple[tuple[str, str, bool, str], ...] | None = None

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if screen is not self.screen or not self.is_attached:
            return
        shown = shown_keys(screen)
        if shown == self._shown:
            return
        if screen.app.app_focus:
            self._shown = shown  # the base class rebuilds now; otherwise it waits for focus
        super().bindings_changed(screen)
