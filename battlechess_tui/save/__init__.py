"""Saved games: the versioned JSON format, atomic writes, the user's save folder."""
