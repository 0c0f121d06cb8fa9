"""Test set-up: no animations, fixed seeds, a throwaway save folder."""

import os
from pathlib import Path

os.environ["TEXTUAL_ANIMATIONS"] = "none"
os.environ.setdefault("BATTLECHESS_SAVE_DIR", "")

import pytest


@pytest.fixture(autouse=True)
def _isolated_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own user save folder, so nothing touches the real one."""
    monkeypatch.setenv("BATTLECHESS_SAVE_DIR", str(tmp_path / "user-saves"))
    monkeypatch.setenv("BATTLECHESS_DATA_DIR", str(tmp_path / "user-data"))  # puzzle ratings


@pytest.hookimpl(optionalhook=True)  # a hook of xdist's: tests also run without it
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` runs one test process more than there are cores: Pilot tests spend part of
    their time waiting for the app to settle, and the extra process fills those gaps (4 min 36 s
    against 5 min on two cores)."""
    return len(os.sched_getaffinity(0)) + 1
