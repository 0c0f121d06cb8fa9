"""A plugin whose game takes a shipped game's key, and one that names a module outside it."""

from pathlib import Path


def folder() -> Path:
    """The plugin's game folder."""
    return Path(__file__).parent / "games"
