"""The browser the browser tests drive: Debian's Chromium through Playwright (the tests skip
themselves, with the reason, when either is missing)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.browser import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture
def browser() -> Iterator[Any]:
    """Chromium, headless, with a new profile of its own (Playwright makes a fresh one)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="no Playwright")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
