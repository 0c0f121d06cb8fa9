"""A game outside the package, found through the entry point group ``battlechess.games``
(tests/test_game_plugins.py): classic chess with its own rules class and rules page."""

from pathlib import Path


def folder() -> Path:
    """The plugin's game folder: variant files, rules pages and lessons."""
    return Path(__file__).parent / "games"
