"""The rules engine: pure Python, no UI and no files but the variant data it reads.

Everything a game needs to be played, replayed and tested lives here; `battlechess_tui.rules`
holds one module per game built on it.
"""
