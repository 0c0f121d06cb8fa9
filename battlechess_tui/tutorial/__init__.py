"""Lessons: play a game step by step from a set position, with known dice where a lesson needs
them, the opponent's answers scripted, and words before and after each step.

Lessons are data (``variants/lessons/<game>/*.toml``); this package reads, checks and plays
them through the engine's ``Game`` only, so the app, the CLI and the tests share one runner.
"""
