"""A script written against the Public API table of round 3's README (5368716, 2026-11-28):
every name it lists, used as it describes them. Run by tests/test_old_scripts.py."""

import random

from battlechess_tui.ai import Budget, decide, hint, make_player
from battlechess_tui.ai.draws import accepts_draw
from battlechess_tui.campaign.store import claim_game, create_game_file, holding, save_campaign
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.campaign import ItemOffer, ShopRefusal, ShopWords
from battlechess_tui.engine.dice import (
    AssumeWon,
    Dice,
    DiceExpr,
    ScriptedDice,
    chance_at_least,
    chance_greater,
)
from battlechess_tui.engine.echo import clip
from battlechess_tui.engine.events import Note, PieceRef, Roll
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.present import SHARED_REFUSAL_WORDS, TABLE_NOTATION
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.registry import make_rules, make_variant, resolve
from battlechess_tui.engine.rules import Found, IllegalAction, Limits, Searcher, ending_note
from battlechess_tui.engine.vocabulary import (
    ActionKind,
    Ending,
    Purpose,
    RollDetail,
    Target,
    Verdict,
)
from battlechess_tui.rules.chess_family.san import SanError, SanMove, read, write
from battlechess_tui.rules.compat import Arena, Classic, DiceChess, DndBattleChess, Gladiator
from battlechess_tui.save.lock import FileLock, locked
from battlechess_tui.session import build_game
from battlechess_tui.tutorial.catalogue import catalogue, find, refused, shipped

names: tuple[object, ...] = (
    ItemOffer,
    ShopRefusal,
    ShopWords,
    DiceExpr,
    ScriptedDice,
    chance_greater,
    Searcher,
)
names += (Ending, Purpose, RollDetail, Target, Verdict, SanMove, SanError, FileLock, locked)
names += (claim_game, create_game_file, holding, save_campaign, AssumeWon, chance_at_least)
names += (Arena, Classic, DiceChess, DndBattleChess, Gladiator, SHARED_REFUSAL_WORDS)
names += (TABLE_NOTATION, Limits, Found, SharedReason, PieceRef, Purpose)

# make_variant: a typed pair with its scripts' aliases
variant = make_variant("classic")
state, notes = variant.new_game(Dice(random.Random(1)))
print(variant.to_move(state), len(variant.legal_actions(state)), variant.seats()[0].key)
print(variant.side_of("white"), variant.key, variant.name, variant.spec.key, variant.options)
print(variant.side_names, variant.rules.key, variant.presenter is not None)
geo = variant.rules.geo
e2e4 = variant.parse_action(state, "e2e4")
print(variant.piece_view(state, geo.parse("e1")), variant.odds(state, e2e4))
print(variant.refusal(state, e2e4), repr(variant.why_illegal(state, e2e4)))
after, events = variant.apply(state, e2e4, Dice(random.Random(1)))
print(variant.outcome(after))
rules = variant.rules
print(rules.unordered, rules.estimate_unit, rules.reply_doubt, rules.chance(state, e2e4))
print(rules.evaluate(state, 0), rules.perft(state, 2), rules.divide(state, 1)[:1])
print(rules.decider(state, e2e4), rules.parse_position(rules.position_text(after)) == after)
print(rules.refusal(after, e2e4), rules.refused(after, e2e4), rules.read_action("e2e4"))
print(str(IllegalAction(rules.refusal(after, e2e4) or Refusal(SharedReason.GAME_OVER))))
print(make_rules("brawl").key, resolve("dnd").rules.key)

# the presenter
presenter = variant.presenter
print([c.id for c in presenter.commands()], presenter.action_groups(), presenter.declining([]))
print(presenter.brief(state, e2e4), presenter.parse_notation(state, "e4"))
print(presenter.refusal_text(Refusal(SharedReason.GAME_OVER)))
print(presenter.table_notation(Action("resign")))
print(presenter.logged(state, e2e4, events), presenter.worded(events))
print(read, write)  # over SanMove lists: the presenter's parse_notation above reads SAN

# a game with its history
game = Game(variant, 7, {"white": "Ann", "black": "Bo"})
game.computers = {"black": "greedy"}
game.play("e2e4")
game.take_hint(game.legal_actions()[0], "a hint")
print(game.refusal(e2e4), repr(game.why_illegal(e2e4)), game.hints, game.outcome)
game.undo()
print(len(game.plies), game.parse("e2e4"))
built = build_game("single-combat", {}, 3, {"white": "Ann"}, computers={"black": "easy"})
print(built.players, built.computers, built.start_position)

# dice, rolls and notes in facts
dice = Dice(random.Random(5))
roll = dice.roll("white", "1d20", use=Purpose.ATTACK, squares=(12, 28), target=15)
print(roll.faces, roll.describe(), roll.unworded().use, Roll, Note, clip("x" * 100))
print(Action("move", (12, 28)).kind is ActionKind.MOVE, Action("move", (12, 28)).text(geo))

# the outcome and its words
print(ending_note, presenter.describe_outcome, presenter.outcome_reason, presenter.outcome_detail)

# computer players, hints, analysis's decision, draws
single = make_rules("single-combat")
start, _ = single.new_game(Dice(random.Random(0)))
rng = random.Random(0)
print(make_player("greedy").choose(single, start, "white", rng, Budget.for_level("greedy")))
print(hint(single, start, "white").reason(), decide(single, start).action)
print(accepts_draw(single, start, "black", Budget.for_level("easy")))
print(single.searcher() is not None)

# lessons
print(len(shipped()), find("classic", shipped()[0].id) is not None, len(catalogue().lessons))
print(refused())
