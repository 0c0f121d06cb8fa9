"""Test set-up for the plugin's tests: no animations, a throwaway save, data and settings
folder for each test (as the main suite's ``tests/conftest.py``)."""

import os
from pathlib import Path

os.environ["TEXTUAL_ANIMATIONS"] = "none"
os.environ.setdefault("BATTLECHESS_SAVE_DIR", "")

import pytest


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLECHESS_SAVE_DIR", str(tmp_path / "user-saves"))
    monkeypatch.setenv("BATTLECHESS_DATA_DIR", str(tmp_path / "user-data"))
    monkeypatch.setenv("BATTLECHESS_CONFIG_DIR", str(tmp_path / "user-config"))
