"""The app's screens: menu, new game, game, replay, saves, rules, help and small dialogs."""
