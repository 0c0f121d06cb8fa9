"""Textual's command palette, steady under keys typed faster than it fills its list.

Typed at once, ``ctrl+p enter enter`` chose a command twice (the second choice closed the
palette a second time: ``ScreenStackError``), and ``ctrl+p pagedown`` paged a list not yet laid
out (``KeyError`` in Textual 8's ``OptionList``). This palette closes once and runs one command;
a page key before its list is drawn does nothing.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.await_complete import AwaitComplete
from textual.command import CommandList
from textual.command import CommandPalette as TextualCommandPalette
from textual.widgets import Button, Input


class CommandPalette(TextualCommandPalette):
    _choice_made = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self._choice_made or not self.is_active:
            return AwaitComplete(asyncio.sleep(0))
        self._choice_made = True
        return super().dismiss(result)

    def _select_or_command(self, event: Input.Submitted | Button.Pressed | None = None) -> None:
        if not self._choice_made:
            super()._select_or_command(event)

    def _action_command_list(self, action: str) -> None:
        if action.startswith("page_") and not self.query_one(CommandList).region.height:
            return  # the list is not drawn yet: there is no page to move by
        super()._action_command_list(action)
