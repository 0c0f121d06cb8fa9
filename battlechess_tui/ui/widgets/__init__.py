"""Widgets of the game table: board, dice tray, tally sheet, move log, piece card, banner."""
