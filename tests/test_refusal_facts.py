"""Refusals are facts; presenters write the words (issue #26, item 3).

A rules package says why a decision is refused with a ``Refusal`` (a fact key, the squares,
pieces, numbers, names and actions concerned, the rule id) and writes no sentence; each game's
presenter words every refusal its rules can give, citing the rule; ``Game`` refuses with the
same facts and its presenter's words, and writes the table's decisions in the log through it.
"""

from __future__ import annotations

import ast
import random
import re
import warnings
from enum import StrEnum
from pathlib import Path

import pytest

import battlechess_tui.engine as engine_root
import battlechess_tui.rules as rules_root
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import RecordedDice
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.present import SHARED_REFUSAL_WORDS, TABLE_NOTATION
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.engine.variant import Variant
from battlechess_tui.engine.vocabulary import ActionKind
from battlechess_tui.rules.arena.rules import Reason as ArenaReason
from battlechess_tui.rules.chess_family.rules import Reason as ChessReason
from battlechess_tui.rules.dice_chess.rules import Reason as DiceReason
from battlechess_tui.rules.dnd import refusals as dnd_refusals
from battlechess_tui.rules.gladiator import refusals as gladiator_refusals
from battlechess_tui.rules.single_combat.rules import Reason as CombatReason
from tests.scripted_dice import ScriptedDice
from tests.test_gladiator_support import position as gladiator_position
from tests.test_note_facts import _presenters

RULES_DIR = Path(rules_root.__file__).parent
ENGINE_DIR = Path(engine_root.__file__).parent
#: A rules package's files that are the presenter's side: they write words.
WORDING_FILES = ("present", "explain")
RULE_ID = re.compile(r"^[A-Z]{2}-\d+(, [A-Z]{2}-\d+)*$")

#: Each rules package's own reasons, beside the ``SharedReason``.
REASONS: dict[str, tuple[type[StrEnum], ...]] = {
    "arena": (ArenaReason,),
    "chess_family": (ChessReason,),
    "dice_chess": (DiceReason,),
    "dnd": (dnd_refusals.Reason,),
    "gladiator": (gladiator_refusals.Reason,),
    "single_combat": (ChessReason, CombatReason),
}


def cited(refusal: Refusal) -> tuple[str, ...]:
    """The rule ids a refusal cites, one by one: ``("GC-27", "GC-28")``."""
    return tuple(r for r in refusal.rule.split(", ") if r)


def refusal_of(variant: Variant, state, text: str) -> Refusal:
    """The rules' refusal of the decision ``text`` in ``state`` (which must be refused)."""
    action = variant.rules.read_action(text)
    found = variant.rules.refusal(state, action)
    assert found is not None, f"{text} is legal"
    return found


def assert_refused(variant: Variant, state, text: str, fact: str, rule: str = "") -> Refusal:
    """``text`` is refused in ``state`` for ``fact`` under ``rule``, and the presenter's words
    cite that rule."""
    found = refusal_of(variant, state, text)
    assert (found.fact, found.rule) == (fact, rule)
    words = variant.presenter.refusal_words(found)
    assert words and "{" not in words
    assert all(r in words for r in cited(found)), (words, found.rule)
    return found


# -- the chess games ----------------------------------------------------------------------------

CLASSIC = make_variant("classic")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FOOLS_MATE = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"


@pytest.mark.parametrize(
    ("fen", "text", "fact"),
    [
        (START, "e3e4", SharedReason.NO_PIECE),
        (START, "e7e5", SharedReason.NOT_YOURS),
        (START, "e2e2", SharedReason.SAME_SQUARE),
        (START, "a1a2", SharedReason.OWN_PIECE_THERE),
        (START, "e2e5", SharedReason.CANNOT_REACH),
        (START, "e2e4x", ChessReason.BAD_PROMOTION),
        (START, "e2e4q", ChessReason.NO_PROMOTION),
        (START, "swap a1 b1", ChessReason.NOT_A_MOVE),
        ("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "e1g1", ChessReason.CASTLE_OUT_OF_CHECK),
        ("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "e1g1", ChessReason.CASTLE_THROUGH_ATTACK),
        ("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "e2d3", ChessReason.SELF_CHECK),
        ("4k3/4r3/8/8/8/8/8/B3K3 w - - 0 1", "a1b2", ChessReason.CHECK_UNANSWERED),
        (FOOLS_MATE, "a2a3", SharedReason.GAME_OVER),
    ],
)
def test_classic_refusals_are_facts(fen, text, fact):
    state = CLASSIC.rules.parse_position(fen)
    assert_refused(CLASSIC, state, text, fact)


def test_classic_refusal_names_the_piece_and_squares():
    state = CLASSIC.rules.parse_position(START)
    found = refusal_of(CLASSIC, state, "e7e5")
    assert [(p.side, p.kind, p.square) for p in found.pieces] == [(1, "pawn", 52)]
    assert CLASSIC.presenter.refusal_text(found) == "the pawn on e7 is Black's"
    reach = refusal_of(CLASSIC, state, "g1g3")
    assert CLASSIC.presenter.refusal_text(reach) == "a knight cannot move from g1 to g3"


def test_a_promotion_left_unsaid_is_refused_naming_the_choices():
    state = CLASSIC.rules.parse_position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    with pytest.raises(IllegalAction) as refused:
        CLASSIC.parse_action(state, "e7e8")
    assert refused.value.refusal is not None
    assert refused.value.refusal.fact == SharedReason.PROMOTION_UNSAID
    assert str(refused.value) == "say which piece to promote to: add one of b/n/q/r"


SINGLE_COMBAT = make_variant("single-combat")
BOXED_IN = "7k/8/8/8/p1p5/P1Pp4/PB1P4/KRB5 w - - 0 1"


def test_sc_4_a_pass_while_a_move_is_open_is_refused():
    state = SINGLE_COMBAT.rules.parse_position(START)
    assert_refused(SINGLE_COMBAT, state, "pass", CombatReason.PASS_WITH_MOVES, "SC-4")


def test_sc_4_a_move_with_none_open_is_refused():
    state = SINGLE_COMBAT.rules.parse_position(BOXED_IN)
    assert_refused(SINGLE_COMBAT, state, "b2a3", CombatReason.MUST_PASS, "SC-4")


# -- Dice Chess ----------------------------------------------------------------------------------

DICE = make_variant("dice-chess")
EMPTY = ". . . . . . . ."
LONE = (". . . . . . . b4", EMPTY, EMPTY, EMPTY)


def dice_position(*rows: str, **fields):
    text = "\n".join([*rows, *[EMPTY] * (8 - len(rows))])
    return DICE.rules.from_text(text, 0, **fields)  # type: ignore[attr-defined]


def dice_setup():
    faces = (1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4) + (6, 5, 4, 3, 2, 1) * 2 + (6, 5, 4, 3)
    return DICE.new_game(ScriptedDice(*faces))[0]


def test_dc_2_only_swaps_and_done_in_the_setup_phase():
    assert_refused(DICE, dice_setup(), "a2a3", DiceReason.ARRANGE_FIRST, "DC-2")


def test_dc_2_a_swap_after_the_setup_phase():
    state = dice_position(*LONE, ". . . W4 . . . .")
    assert_refused(DICE, state, "swap d4 h8", DiceReason.SETUP_OVER, "DC-2")


def test_dc_2_a_swap_of_dice_not_both_yours():
    found = assert_refused(DICE, dice_setup(), "swap a1 a8", DiceReason.SWAP_NOT_OWN, "DC-2")
    assert DICE.presenter.refusal_text(found).startswith("you may swap only two of your own")


def test_dc_15_a_swap_of_equal_faces_and_swaps_spent():
    found = assert_refused(DICE, dice_setup(), "swap a1 g1", DiceReason.SWAP_SAME_FACE, "DC-15")
    assert found.numbers == (1,)
    setup = dice_setup()
    spent = type(setup)(setup.board, 0, True, (DICE.rules.data.max_swaps, 0))
    found = assert_refused(DICE, spent, "swap a1 b1", DiceReason.SWAPS_SPENT, "DC-15")
    assert found.numbers == (DICE.rules.data.max_swaps,)


def test_dc_7_pass_refused_while_a_die_can_move_and_a_move_when_none_can():
    state = dice_position(*LONE, ". . . W4 . . . .")
    assert_refused(DICE, state, "pass", DiceReason.PASS_WITH_MOVES, "DC-7")
    stuck = dice_position(*LONE, EMPTY, EMPTY, "b6 . . . . . . .", "W1 b6 . . . . . .")
    assert_refused(DICE, stuck, "a1a2", DiceReason.MUST_PASS, "DC-7")


def test_dc_8_a_die_captures_only_dice_showing_as_much_or_less():
    state = dice_position(*LONE, ". . b3 W3 b4 . . .")
    found = assert_refused(DICE, state, "d4e4", DiceReason.CAPTURES_ONLY, "DC-8")
    assert found.numbers == (3, 4)
    assert DICE.presenter.refusal_text(found) == (
        "a 3 captures only dice showing 1-3 (DC-8); the die on e4 shows 4"
    )


def test_dc_6_a_one_never_jumps_and_dc_4_dc_5_how_faces_move():
    blocked = dice_position(*LONE, ". . . W1 b1 . . .")
    assert_refused(DICE, blocked, "d4f4", DiceReason.CANNOT_JUMP, "DC-6")
    two = dice_position(*LONE, ". . . W2 . . . .")
    found = assert_refused(DICE, two, "d4e5", DiceReason.WRONG_STEP, "DC-4")
    assert DICE.presenter.refusal_text(found) == (
        "a die showing 2 moves one square forward, back, left or right (DC-4)"
    )
    six = dice_position(*LONE, ". . . W6 . . . .")
    assert_refused(DICE, six, "d4d6", DiceReason.WRONG_STEP, "DC-5")


def test_dice_chess_names_dice_not_pieces():
    state = dice_position(*LONE, ". . . W4 W2 . . .")
    assert DICE.presenter.refusal_text(refusal_of(DICE, state, "c4c5")) == "there is no die on c4"
    assert DICE.presenter.refusal_text(refusal_of(DICE, state, "d4e4")) == ("e4 holds your own die")
    assert DICE.presenter.refusal_text(refusal_of(DICE, state, "h8h7")) == (
        "the die on h8 is Black's"
    )


def test_a_reversed_swap_is_refused_naming_the_listed_one():
    found = refusal_of(DICE, dice_setup(), "swap e2 b1")
    assert found.fact == DiceReason.SWAP_ORDER
    assert DICE.presenter.refusal_text(found) == "the same swap is swap b1 e2"


# -- the arena games -----------------------------------------------------------------------------

ARENA = make_variant("arena")
#: A White gladiator on c3 seen by the Bishop on a1 and the King on e1, one on g4 seen by none,
#: a Black Knight on a5, a Black gladiator on f6, and a White Rook on h1 behind a Knight on h2.
SEEN = "4k3/8/5p2/n7/6P1/2P5/7N/B3K2R w - - 0 1"


def arena_start():
    return ARENA.new_game(RecordedDice([]))[0]


@pytest.mark.parametrize(
    ("text", "fact", "rule"),
    [
        ("b1a3", ArenaReason.GLADIATOR_FIRST, "AR-4"),
        ("swap a1 b1", ArenaReason.NOT_A_MOVE, "AR-4"),
        ("c2c3q", ArenaReason.NO_PROMOTION, "AR-8"),
        ("c4c5", SharedReason.NO_PIECE, ""),
        ("c7c6", SharedReason.NOT_YOURS, ""),
        ("c2c2", SharedReason.SAME_SQUARE, ""),
        ("c2d2", SharedReason.OWN_PIECE_THERE, ""),
    ],
    ids=[
        "ar_4_supporter_first",
        "ar_4_not_a_move",
        "ar_8_no_promotion",
        "empty",
        "theirs",
        "same",
        "own",
    ],  # fmt: skip
)
def test_arena_refusals_at_the_start(text, fact, rule):
    assert_refused(ARENA, arena_start(), text, fact, rule)


def test_ar_4_a_second_gladiator_move():
    state = arena_start()
    state, _ = ARENA.apply(state, ARENA.parse_action(state, "c2e3"), RecordedDice([]))
    assert_refused(ARENA, state, "e3e4", ArenaReason.GLADIATOR_MOVED, "AR-4")


@pytest.mark.parametrize(
    ("text", "fact", "rule"),
    [
        ("g4g5", ArenaReason.UNSUPPORTED, "AR-6"),
        ("c3a5", ArenaReason.GLADIATOR_NO_CAPTURE, "AR-7"),
        ("c3h8", ArenaReason.GLADIATOR_OUTSIDE, "AR-8"),
        ("c3g7", ArenaReason.GLADIATOR_BLOCKED, "AR-6"),
        ("c3c5", ArenaReason.GLADIATOR_WAYS, "AR-6"),
    ],
    ids=["ar_6_unseen", "ar_7_no_capture", "ar_8_outside", "ar_6_blocked", "ar_6_ways"],
)
def test_arena_gladiator_refusals(text, fact, rule):
    assert_refused(ARENA, ARENA.rules.from_fen(SEEN), text, fact, rule)  # type: ignore[attr-defined]


def test_ar_6_the_ways_a_gladiator_moves_are_named():
    state = ARENA.rules.from_fen(SEEN)  # type: ignore[attr-defined]
    found = refusal_of(ARENA, state, "c3c5")
    assert {(p.kind, p.square) for p in found.pieces} == {("bishop", 0), ("king", 4)}
    words = ARENA.presenter.refusal_text(found)
    assert words.startswith("the gladiator on c3 moves only as a ")
    assert "a bishop (a1)" in words and "a king (e1)" in words
    assert words.endswith(": none goes to c5 (AR-6)")


@pytest.mark.parametrize(
    ("text", "fact", "rule"),
    [
        ("e1g1", ArenaReason.NO_CASTLING, "AR-9"),
        ("a1f6", ArenaReason.SUPPORTER_NO_CAPTURE, "AR-9"),
        ("e1e2", ArenaReason.SUPPORTER_IN_ARENA, "AR-10"),
        ("h1h4", ArenaReason.SUPPORTER_BLOCKED, ""),
        ("h1a8", SharedReason.CANNOT_REACH, ""),
        ("c4c5", ArenaReason.GLADIATOR_MOVED, "AR-4"),
    ],
    ids=[
        "ar_9_no_castling",
        "ar_9_no_capture",
        "ar_10_in_arena",
        "blocked",
        "reach",
        "ar_4_gladiator_moved",
    ],  # fmt: skip
)
def test_arena_supporter_refusals(text, fact, rule):
    state = ARENA.rules.from_fen(SEEN)  # type: ignore[attr-defined]
    state, _ = ARENA.apply(state, ARENA.parse_action(state, "c3c4"), RecordedDice([]))
    assert_refused(ARENA, state, text, fact, rule)


def test_ar_5_a_skipped_gladiator_half_and_a_supporter_move_that_frees_none():
    state = ARENA.rules.from_fen("4k3/1p6/8/8/4P3/8/8/K7 w - - 0 1")  # type: ignore[attr-defined]
    assert_refused(ARENA, state, "e4e5", ArenaReason.HALF_SKIPPED, "AR-5")
    assert_refused(ARENA, state, "a1a2", ArenaReason.SUPPORTER_MUST_FREE, "AR-5")


# -- Gladiator Chess -----------------------------------------------------------------------------

GLADIATOR = make_variant("gladiator")
KINGS = {"f1": "K", "i1": "N", "f12": "k", "i12": "n"}


def test_gc_13_a_piece_moves_once_a_turn():
    state = gladiator_position({**KINGS, "a2": "F"}, step=1, moved=("a2",))
    moved = gladiator_refusals.Reason.MOVED_ALREADY
    found = assert_refused(GLADIATOR, state, "a2a3", moved, "GC-13")
    assert GLADIATOR.presenter.refusal_text(found) == (
        "the Footman has already moved this turn (GC-13)"
    )


def test_gc_14_pieces_out_of_their_commanders_move():
    state = gladiator_position({**KINGS, "e1": "Q", "a1": "W"})
    herself = assert_refused(
        GLADIATOR, state, "e1e2", gladiator_refusals.Reason.OWN_MOVE_ONLY, "GC-14"
    )
    assert [p.kind for p in herself.pieces] == ["queen", "king"]
    warrior = assert_refused(
        GLADIATOR, state, "a1a2", gladiator_refusals.Reason.OBEYS_OTHER, "GC-14"
    )
    assert [p.kind for p in warrior.pieces] == ["warrior", "king", "queen"]
    assert GLADIATOR.presenter.refusal_text(warrior) == (
        "it is the King's move; the Warrior obeys the Queen (GC-14)"
    )


def test_gc_4_gc_13_gc_14_a_piece_of_another_commander_on_the_queens_move():
    state = gladiator_position({**KINGS, "e1": "Q", "a2": "S"}, step=1, moved=("f1",))
    found = refusal_of(GLADIATOR, state, "a2a3")
    assert found.fact == gladiator_refusals.Reason.OBEYS_OTHER
    assert cited(found) == ("GC-4", "GC-13", "GC-14")
    assert "(GC-4, GC-13; the King may override, GC-14)" in GLADIATOR.presenter.refusal_text(found)


def test_gc_14_the_king_never_overrides_his_own_move():
    state = gladiator_position(KINGS)
    assert_refused(GLADIATOR, state, "override", gladiator_refusals.Reason.KING_OWN_MOVE, "GC-14")


def test_gc_32_the_queen_heals_only_hurt_neighbours():
    state = gladiator_position({**KINGS, "e1": "Q", "e2": "W"}, step=1, moved=("f1",))
    assert_refused(GLADIATOR, state, "heal e2", gladiator_refusals.Reason.HEAL_REFUSED, "GC-32")


def test_gc_21_the_protected_king_cannot_be_attacked():
    state = gladiator_position({"f1": "K", "i1": "N", "f9": "W", "f10": "k", "i12": "n"}, step=1)
    found = assert_refused(
        GLADIATOR, state, "f9f10", gladiator_refusals.Reason.KING_UNATTACKABLE, "GC-21"
    )
    assert [(p.side, p.kind) for p in found.pieces] == [(1, "king")]


def test_gladiator_words_its_shared_refusals_its_own_way():
    state = gladiator_position({**KINGS, "a2": "F"}, step=1)
    assert GLADIATOR.presenter.refusal_text(refusal_of(GLADIATOR, state, "i12i11")) == (
        "the King's Knight on i12 belongs to Black"
    )
    reach = refusal_of(GLADIATOR, state, "i1i5")
    assert reach.fact == SharedReason.CANNOT_REACH
    assert GLADIATOR.presenter.refusal_text(reach).startswith(
        "a King's Knight cannot move from i1 to i5: "
    )


# -- D&D Battle Chess ----------------------------------------------------------------------------

DND_P1 = "4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1"  # White Fighter e4 against Black Rogue d5


def dnd(fen: str = DND_P1, **options):
    variant = make_variant("dnd", options)
    return variant, variant.rules.parse_position(fen)


def test_dd_4_first_a_chess_move():
    variant, state = dnd()
    assert_refused(variant, state, "attack", dnd_refusals.Reason.MOVE_FIRST, "DD-4")
    found = assert_refused(variant, state, "e4e6", SharedReason.CANNOT_REACH, "DD-4")
    assert variant.presenter.refusal_text(found) == "that piece cannot move from e4 to e6 (DD-4)"
    theirs = refusal_of(variant, state, "d5d4")
    assert variant.presenter.refusal_text(theirs) == "that piece is Black's"


def test_dd_31_pieces_rise_a_level_instead_of_promoting():
    variant, state = dnd()
    assert_refused(variant, state, "e4e5q", dnd_refusals.Reason.NO_PROMOTION, "DD-31")


def test_dd_42_looting_only_after_a_kill():
    variant, state = dnd()
    assert_refused(variant, state, "loot", dnd_refusals.Reason.LOOT_AFTER_KILL, "DD-42")


def test_dd_45_surrender_only_in_campaign_play():
    variant, state = dnd()
    reason = dnd_refusals.Reason.SURRENDER_CAMPAIGN_ONLY
    assert_refused(variant, state, "surrender", reason, "DD-45")


# -- every fact has words, and words come only from presenters ------------------------------------


def _refusal_calls(tree: ast.AST) -> list[ast.Call]:
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "Refusal"
    ]


def _built_facts(package: Path) -> set[str]:
    """The fact keys a package's rules build (``Refusal(Reason.X, ...)``), as enum paths."""
    found = set()
    for path in package.glob("*.py"):
        if path.stem.startswith(WORDING_FILES):
            continue
        for call in _refusal_calls(ast.parse(path.read_text())):
            fact = call.args[0]  # a reason chosen at run time is covered by the enum's check
            if isinstance(fact, ast.Attribute) and isinstance(fact.value, ast.Name):
                found.add(f"{fact.value.id}.{fact.attr}")
    return found


@pytest.mark.parametrize("package", sorted(REASONS))
def test_every_refusal_a_package_can_give_has_its_presenters_words(package):
    presenter = _presenters()[package]
    words = {**SHARED_REFUSAL_WORDS, **presenter.REFUSAL_WORDS}
    reasons = REASONS[package]
    built = _built_facts(RULES_DIR / package)
    for path in built:
        enum_name, member = path.split(".")
        enum = SharedReason if enum_name == "SharedReason" else reasons[-1]
        assert enum[member].value in words, path
    enums: tuple[type[StrEnum], ...] = (SharedReason, *reasons)
    every = {r.value for enum in enums for r in enum}
    assert sorted(every - set(words)) == []


def test_the_shared_refusals_and_the_tables_decisions_have_words():
    assert sorted(set(SharedReason) - set(SHARED_REFUSAL_WORDS)) == []
    assert set(TABLE_NOTATION) == {
        ActionKind.RESIGN,
        ActionKind.OFFER_DRAW,
        ActionKind.ACCEPT_DRAW,
        ActionKind.DECLINE_DRAW,
    }


def _attempts(variant: Variant, state, rng: random.Random) -> list[Action]:
    """Decisions to try in ``state``: moves between random squares, and each kind alone."""
    size = variant.rules.geo.size
    moves = [Action("move", (rng.randrange(size), rng.randrange(size))) for _ in range(6)]
    legal = variant.rules.legal_actions(state)
    moves += [Action("move", a.squares) for a in legal[:3] if len(a.squares) == 2]
    kinds = ("pass", "done", "override", "attack", "withdraw", "surrender", "heal", "loot")
    return moves + [Action(k) for k in kinds]


@pytest.mark.parametrize("key", sorted(specs()))
def test_every_refusal_of_random_positions_is_worded_by_the_presenter(key):
    """Each refusal met in a few random games has the presenter's own sentence (never the
    facts' plain line), with every rule id it cites."""
    variant = make_variant(key)
    rules, presenter = variant.rules, variant.presenter
    seen: set[str] = set()
    for seed in range(2):
        rng = random.Random(seed)
        game = Game(variant, seed)
        while not game.over and len(game.plies) < 80:
            for action in _attempts(variant, game.state, rng):
                found = rules.refusal(game.state, action)
                if found is None:
                    continue
                words = presenter.refusal_words(found)
                assert words and "{" not in words, (found, words)
                assert all(r in words for r in cited(found)), (found, words)
                seen.add(found.fact)
            game.play(rng.choice(game.rule_actions()))
    assert len(seen) >= 3, seen


def _is_words(node: ast.expr) -> bool:
    """A sentence written in place: a string literal or an f-string."""
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def _has_words(node: ast.AST) -> bool:
    """Whether a sentence is written anywhere in ``node`` (a tuple of names included)."""
    return any(isinstance(n, ast.expr) and _is_words(n) for n in ast.walk(node))


def _cites_rules(node: ast.expr) -> bool:
    """A ``rule=`` value: rule ids written out, or a name or table entry that holds them."""
    if isinstance(node, ast.Constant):
        return bool(RULE_ID.match(str(node.value)))
    return isinstance(node, ast.Name | ast.Attribute | ast.Subscript)


def worded_refusals(source: str) -> list[int]:
    """Lines of ``source`` that write a refusal's words: an ``IllegalAction`` raised with a
    string, a ``Refusal`` with a string in its fact or particulars (its ``rule=`` must cite
    rule ids), or a ``why*`` function that returns a string."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = [*node.args, *(k.value for k in node.keywords if k.arg != "rule")]
            rules = [k.value for k in node.keywords if k.arg == "rule"]
            if node.func.id == "IllegalAction" and any(_has_words(a) for a in args):
                lines.append(node.lineno)
            if node.func.id == "Refusal" and (
                any(_has_words(a) for a in args) or not all(_cites_rules(r) for r in rules)
            ):
                lines.append(node.lineno)
        if isinstance(node, ast.FunctionDef) and node.name.startswith("why"):
            returns = [n.value for n in ast.walk(node) if isinstance(n, ast.Return) and n.value]
            if any(_is_words(r) for r in returns):
                lines.append(node.lineno)
    return lines


def _refusing_files() -> list[Path]:
    """Every rules module but the presenters', and the engine's rules and game."""
    files = [p for p in RULES_DIR.rglob("*.py") if not p.stem.startswith(WORDING_FILES)]
    return sorted(files + [ENGINE_DIR / "rules.py", ENGINE_DIR / "game.py"])


def test_no_refusal_is_worded_outside_the_presenters():
    offenders = [
        f"{path.name}:{line}"
        for path in _refusing_files()
        for line in worded_refusals(path.read_text())
    ]
    assert offenders == []


def test_the_words_check_sees_a_worded_refusal():
    """The check above fails on each shape it guards."""
    for source in (
        'raise IllegalAction("the game is over")',
        'raise IllegalAction(f"{x} is not a move")',
        'Refusal(Reason.X, names=("your king",))',
        'Refusal("the game is over")',
        'Refusal(Reason.X, rule="a rule of campaign play")',
        'Refusal(Reason.X, rule=f"{x}: a rule")',
        'def why_illegal(self, s, a):\n    return "the game is over"',
        'def why_move(self, s, a):\n    return f"no piece on {a}"',
    ):
        assert worded_refusals(source), source
    assert not worded_refusals('Refusal(Reason.X, (3,), rule="GC-27, GC-28")')
    assert not worded_refusals("Refusal(Reason.X, names=(action.choice,), rule=RULE)")
    assert not worded_refusals("raise IllegalAction(Refusal(SharedReason.GAME_OVER), rules=self)")


def test_the_old_english_refusals_are_gone_from_the_rules():
    """No rules package keeps a ``why_illegal`` override or Dice Chess's ``MOVE_WORDS``."""
    for path in _refusing_files():
        tree = ast.parse(path.read_text())
        defined = {
            n.name
            for n in ast.walk(tree)
            if isinstance(n, ast.FunctionDef | ast.Assign | ast.ClassDef) and hasattr(n, "name")
        }
        assigned = {
            t.id
            for n in ast.walk(tree)
            if isinstance(n, ast.Assign)
            for t in n.targets
            if isinstance(t, ast.Name)
        }
        if path.parent != ENGINE_DIR:
            assert "why_illegal" not in defined, path
        assert "MOVE_WORDS" not in assigned and "CHOICE_WORDS" not in assigned, path


# -- the table: Game's refusals and notation ------------------------------------------------------


def test_game_refuses_a_move_while_a_draw_offer_waits():
    game = Game(CLASSIC, 1)
    e2e4 = Action("move", (12, 28))
    assert game.refusal(e2e4) is None and game.why_illegal(e2e4) == ""
    assert game.refusal(Action(ActionKind.ACCEPT_DRAW)) == Refusal(SharedReason.NO_DRAW_OFFERED)
    game.play("offer-draw")
    assert game.refusal(e2e4) == Refusal(SharedReason.ANSWER_DRAW_OFFER)
    with pytest.raises(IllegalAction) as refused:
        game.play(e2e4)
    assert refused.value.refusal == Refusal(SharedReason.ANSWER_DRAW_OFFER)
    assert str(refused.value) == "answer the draw offer first: accept-draw or decline-draw"
    with pytest.raises(IllegalAction, match="answer the draw offer first"):
        game.parse("e2e4")
    game.play("accept-draw")
    assert game.refusal(e2e4) == Refusal(SharedReason.GAME_OVER)
    assert game.why_illegal(e2e4) == "the game is over"


def test_game_refusals_are_worded_by_its_presenter():
    """A presenter with other words refuses in them: the rules did not change."""

    class Terse(type(CLASSIC.presenter)):  # type: ignore[misc]
        REFUSAL_WORDS = {**CLASSIC.presenter.REFUSAL_WORDS, ChessReason.SELF_CHECK: "pinned"}

    game = Game(Variant(CLASSIC.rules, Terse(CLASSIC.rules)), 1)
    game.positions[-1] = type(game.position)(
        CLASSIC.rules.parse_position("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")
    )
    with pytest.raises(IllegalAction) as refused:
        game.play("e2d3")
    assert str(refused.value) == "pinned"
    assert refused.value.refusal is not None and refused.value.refusal.fact == "self-check"


def test_the_tables_decisions_are_written_by_the_presenter():
    game = Game(CLASSIC, 1)
    offered = game.play("offer-draw")
    declined = game.play("decline-draw")
    resigned = game.play("resign")
    assert [offered.notation, declined.notation, resigned.notation] == [
        "offers a draw",
        "declines the draw",
        "resigns",
    ]

    class Other(type(CLASSIC.presenter)):  # type: ignore[misc]
        def table_notation(self, action: Action) -> str:
            return f"<{action.kind}>"

    other = Game(Variant(CLASSIC.rules, Other(CLASSIC.rules)), 1)
    assert other.play("resign").notation == "<resign>"


# -- the old way to ask, for scripts --------------------------------------------------------------


def test_rules_why_illegal_still_answers_in_the_presenters_words_and_warns():
    state = CLASSIC.rules.parse_position(START)
    e7e5 = Action("move", (52, 36))
    with pytest.warns(DeprecationWarning, match="Rules.why_illegal"):
        why = CLASSIC.rules.why_illegal(state, e7e5)
    assert why == "the pawn on e7 is Black's" == CLASSIC.why_illegal(state, e7e5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert CLASSIC.rules.why_illegal(state, Action("move", (12, 28))) == ""


def test_a_refusal_raised_by_rules_alone_reads_in_its_games_words():
    """``rules.parse_action`` (no presenter at hand) still says why in the game's words."""
    state = GLADIATOR.rules.parse_position(GLADIATOR.rules.position_text(gladiator_position(KINGS)))
    with pytest.raises(IllegalAction) as refused:
        GLADIATOR.rules.parse_action(state, "override")
    assert str(refused.value) == "the King cannot override his own move (GC-14)"
    assert IllegalAction("words of a script").refusal is None
    assert str(IllegalAction("words of a script")) == "words of a script"
