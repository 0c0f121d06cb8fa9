"""UI test set-up: a throwaway settings folder, so no test reads or writes the player's."""

import pytest


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLECHESS_CONFIG_DIR", str(tmp_path / "user-config"))
