"""The Textual app: screens for every game, drawn from the engine's decision interface."""
