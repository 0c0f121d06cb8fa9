"""A script written against the Public API table of round 2's README (de25e81, 2026-11-23):
every name it used, as it showed them. Run by tests/test_old_scripts.py."""

import random

from battlechess_tui.ai import Budget
from battlechess_tui.ai.players import make_player
from battlechess_tui.engine.dice import (
    Dice,
    DiceExpr,
    ScriptedDice,
    chance_at_least,
    chance_greater,
)
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_rules, make_variant, resolve

variant = make_variant("classic")
state, _ = variant.new_game(Dice(random.Random(1)))
print(variant.to_move(state), len(variant.legal_actions(state)))
# "every method of either is reachable on it"
geo = variant.geo
start = variant.parse_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
print(variant.position_text(start))
print(variant.from_fen("8/8/8/8/8/8/8/K6k w - - 0 1") is not None)
print(variant.piece_card(state, geo.parse("e1")))
print(variant.status(state))
action = variant.parse_action(state, "e2e4")
print(variant.why_illegal(state, action) == "")
print(variant.rules.why_illegal(state, action) == "")  # the Rules interface of round 2
print(variant.piece_view(state, geo.parse("e1")).name, variant.odds(state, action))
state, events = variant.apply(state, action, Dice(random.Random(1)))
print(variant.outcome(state))
rules = make_rules("single-combat")
print(rules.seats(), rules.perft(rules.new_game(Dice(random.Random(0)))[0], 1))
print(resolve("arena").rules.key)
game = Game(make_variant("dice-chess"), 7, {"white": "Ann", "black": "Bo"})
game.play(game.legal_actions()[0])
game.undo()
print(game.outcome)
print(DiceExpr.parse("2d6"), chance_greater, chance_at_least, ScriptedDice)
glad = make_variant("gladiator")
print(glad.setup_state is not None, make_variant("dice-chess").from_text is not None)
dnd = make_variant("dnd")
print(dnd.from_fen(dnd.position_text(dnd.new_game(Dice(random.Random(2)))[0])) is not None)
player = make_player("greedy")
first = rules.new_game(Dice(random.Random(0)))[0]
print(player.choose(rules, first, "white", random.Random(0), Budget.for_level("greedy")))
