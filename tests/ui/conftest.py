"""UI test set-up: a throwaway settings folder, so no test reads or writes the player's, and no
animations (``TEXTUAL_ANIMATIONS=none`` in ``tests/conftest.py`` comes after Textual has read
it when a plugin imports Textual first): the table waits for a roll's animation before a notice
or the computer's decision, so a test that wants the animation turns it on itself."""

from pathlib import Path

import pytest
import textual.constants


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLECHESS_CONFIG_DIR", str(tmp_path / "user-config"))


@pytest.fixture(autouse=True)
def _no_animations(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(textual.constants, "TEXTUAL_ANIMATIONS", "none")
