"""Test set-up: no animations, fixed seeds, a throwaway save folder."""

import os

os.environ["TEXTUAL_ANIMATIONS"] = "none"
os.environ.setdefault("BATTLECHESS_SAVE_DIR", "")

import pytest


@pytest.fixture(autouse=True)
def _isolated_saves(tmp_path, monkeypatch):
    """Every test gets its own user save folder, so nothing touches the real one."""
    monkeypatch.setenv("BATTLECHESS_SAVE_DIR", str(tmp_path / "user-saves"))
