"""Where Textual 8 itself fails under fast keys, mended once for the whole app (``ui/app.py``
calls ``mend()``); each mend says what it guards, for removal once Textual does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import OptionList

__all__ = ["mend"]


def mend() -> None:
    """Apply every mend below (once, however often it is called)."""
    _page_only_laid_out_lists()


def _page_only_laid_out_lists() -> None:
    """Page up/down on an option list with no room laid out yet is ignored. Textual pages
    through lines it has not built then (``KeyError`` in ``OptionList._move_page``): a
    Select's list opened by the key just before, the 40x15 table's actions panel."""
    page: Callable[..., Any] = OptionList._move_page
    if getattr(page, "mended", False):
        return

    def move_page(self: OptionList, direction: Any) -> None:
        if self.scrollable_content_region:
            page(self, direction)

    move_page.mended = True  # type: ignore[attr-defined]
    OptionList._move_page = move_page  # type: ignore[method-assign]
