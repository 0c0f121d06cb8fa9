"""Rolls carry facts, presenters write their words (issue #26, item 3).

Each game's rules record what a throw is for, what it is thrown against and what it decided
in types (``Roll.use``, ``target`` and ``target_kind``, ``verdict`` and ``details``,
``numbers``, ``names``, ``pieces``, ``rule``) and write no word of it; the game's presenter
writes every word (``Presenter.roll_words``); no module outside the presenters reads a roll's
words back.
"""

from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path

import pytest

import battlechess_tui.engine as engine_root
import battlechess_tui.rules as rules_root
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import PieceRef, Roll
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.roll_words import (
    DETAIL_WORDS,
    PURPOSE_WORDS,
    TARGET_WORDS,
    VERDICT_WORDS,
    RollWords,
)
from battlechess_tui.engine.vocabulary import Purpose, RollDetail, Target, Verdict
from battlechess_tui.rules.dice_chess.vocabulary import DiceChessPurpose, DiceChessVerdict
from battlechess_tui.rules.dnd.vocabulary import DndDetail, DndPurpose, DndTarget, DndVerdict
from battlechess_tui.rules.gladiator.vocabulary import GladiatorPurpose, GladiatorVerdict
from battlechess_tui.save.files import SaveError
from battlechess_tui.save.model import upgrade
from battlechess_tui.save.store import load_game, verify_file
from tests import test_dice_chess as dice_chess
from tests import test_single_combat as single_combat
from tests.dnd_helpers import position as dnd_position
from tests.dnd_helpers import sq as dnd_sq
from tests.scripted_dice import ScriptedDice
from tests.test_gladiator_battles import DUEL
from tests.test_gladiator_support import V as GLADIATOR
from tests.test_gladiator_support import position as gladiator_position
from tests.test_gladiator_support import sq as gladiator_sq

RULES_DIR = Path(rules_root.__file__).parent
ENGINE_DIR = Path(engine_root.__file__).parent
#: Files that write words: presenters, explanations and the roll words themselves.
WORDING_FILES = ("present", "explain", "roll_words")
#: A roll's words, as keyword arguments.
WORD_KEYWORDS = {"purpose", "against", "result", "label"}
#: The calls that build or settle a roll, and the first positional argument that is words.
ROLL_CALLS = {"roll": 2, "throw": 2, "settle": 1, "Roll": 3}
WORDS = ("purpose", "label", "against", "result")


def _raw(variant, state, text: str, *faces: int):
    """The rules' own events for ``text`` played with ``faces`` (no presenter involved)."""
    dice = ScriptedDice(*faces)
    after, events = variant.rules.apply(state, variant.parse_action(state, text), dice)
    assert not dice.queue, f"unused scripted faces {dice.queue}"
    return after, [e for e in events if isinstance(e, Roll)]


def _no_words(rolls: list[Roll]) -> None:
    assert rolls
    for roll in rolls:
        assert [getattr(roll, w) for w in WORDS] == ["", "", "", ""], roll


# -- each game's rolls, in facts -----------------------------------------------------------------


def test_sc_5_a_fight_is_its_pieces_the_number_needed_and_who_won():
    v = single_combat.variant()
    fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
    state = v.rules.parse_position(fen)
    e5, d5, d6 = (v.rules.geo.parse(n) for n in ("e5", "d5", "d6"))
    _, (won,) = _raw(v, state, "e5d6", 5)  # P x P needs 5 (en passant: the pawn on d5)
    assert (won.use, won.squares, won.rule) == (Purpose.FIGHT, (e5, d5), "SC-5")
    assert won.pieces == (PieceRef(0, "pawn", e5), PieceRef(1, "pawn", d5))
    assert (won.target, won.target_kind, won.verdict) == (5, Target.AT_LEAST, Verdict.WINS)
    _, (lost,) = _raw(v, state, "e5d6", 4)
    assert lost.verdict == Verdict.LOSES and d6 not in lost.squares
    _no_words([won, lost])


def test_dc_1_dc_10_setup_and_reroll_rolls_are_squares_faces_and_rules():
    v = dice_chess.variant()
    dice = Dice.for_decision(1, -1)
    _, setup = v.rules.new_game(dice)
    white, black = (e for e in setup if isinstance(e, Roll))
    assert (white.use, white.rule, white.seat) == (DiceChessPurpose.SETUP, "DC-1, DC-2", "white")
    assert white.squares == tuple(v.rules.start_squares(0)) and black.seat == "black"
    state = dice_chess.position(v, *dice_chess.LONE, ". . . W5 b2 . . .")
    _, (reroll,) = _raw(v, state, "d4e4", 6)
    assert (reroll.use, reroll.squares, reroll.rule) == (
        DiceChessPurpose.REROLL,
        (v.rules.geo.parse("e4"),),
        "DC-10",
    )
    assert (reroll.verdict, reroll.numbers) == (DiceChessVerdict.SHOWS, (6,))
    _no_words([white, black, reroll])


def test_gc_18_gc_19_a_round_is_both_totals_the_margin_and_the_hit_points_left():
    state = gladiator_position(DUEL, step=1)
    a6 = gladiator_sq("a6")
    # Round 1: 3 against 3, a tie. Round 2: 3 against 18, the Warrior loses 15 and dies.
    _, rolls = _raw(GLADIATOR, state, "a1a6", 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6)
    tie_a, tie_d, lost_a, won_d = rolls
    assert [r.use for r in rolls] == [Purpose.ATTACK, GladiatorPurpose.DEFENCE] * 2
    assert [r.round_number for r in rolls] == [1, 1, 2, 2]
    assert all(r.squares == (a6,) for r in rolls)
    assert tie_a.pieces[0].kind == "warrior" and tie_d.pieces[0].kind == "scout"
    assert tie_a.names == ("1d6",)  # the attack die (no Queen beside the Warrior)
    assert (tie_a.verdict, tie_d.verdict) == (Verdict.TIE, Verdict.TIE)
    assert (lost_a.target, lost_a.target_kind) == (won_d.total, Target.TOTAL)
    assert (lost_a.verdict, lost_a.numbers) == (GladiatorVerdict.WOUNDED, (15, 0))
    assert (won_d.verdict, won_d.numbers, won_d.target) == (Verdict.WINS, (15,), lost_a.total)
    _no_words(rolls)


def test_gc_18_a_won_round_is_the_margin_and_the_defenders_hit_points_left():
    state = gladiator_position(DUEL, step=1)
    _, (attack, defence) = _raw(GLADIATOR, state, "a1a6", 6, 6, 6, 1, 1, 1)  # 18 against 3
    assert (attack.verdict, attack.numbers, attack.target) == (Verdict.WINS, (15,), 3)
    assert (defence.verdict, defence.numbers, defence.target) == (
        GladiatorVerdict.WOUNDED,
        (15, 0),
        18,
    )
    words = GLADIATOR.presenter.roll_words
    assert (words(attack).result, words(defence).result) == (
        "wins by 15",
        "Scout loses 15 hp (0 left)",
    )


P1 = "4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1"  # White Fighter e4 against Black Rogue d5


def test_dd_11_dd_13_initiative_attack_and_damage_in_facts():
    v, s = dnd_position(P1)
    d5 = dnd_sq(v, "d5")
    s, (init_a, init_d) = _raw(v, s, "e4d5", 15, 5)  # 16 against 11
    assert (init_a.use, init_a.verdict, init_a.target) == (DndPurpose.INITIATIVE, Verdict.WINS, 11)
    assert (init_d.verdict, init_d.target, init_d.target_kind) == (Verdict.LOSES, 16, Target.TOTAL)
    assert init_a.pieces == (PieceRef(0, "fighter", d5),)  # in the battle on d5 (DD-10)
    s, (attack, damage) = _raw(v, s, "attack", 12, 3, 4)  # 12+4 = 16 vs FAC 13; 2d6+3
    assert (attack.use, attack.names, attack.verdict) == (Purpose.ATTACK, ("melee",), Verdict.HIT)
    assert (attack.target, attack.target_kind) == (13, DndTarget.FLAT_AC)
    assert attack.pieces == (PieceRef(0, "fighter", d5), PieceRef(1, "rogue", d5))
    assert (damage.use, damage.verdict, damage.numbers) == (Purpose.DAMAGE, Verdict.AMOUNT, (10,))
    assert damage.names == ("melee",) and damage.pieces[0].kind == "fighter"
    _no_words([init_a, init_d, attack, damage])


def test_dd_11_equal_totals_go_to_the_higher_init():
    v, s = dnd_position(P1)
    _, (fighter, rogue) = _raw(v, s, "e4d5", 10, 5)  # 11 against 11: the Rogue's Init +6 wins
    assert (fighter.verdict, rogue.verdict) == (Verdict.LOSES, Verdict.WINS)
    assert fighter.details == rogue.details == (DndDetail.TIE_BREAK,)


def test_dd_11_a_full_initiative_tie_is_thrown_again():
    v, s = dnd_position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")  # Fighter against Fighter
    _, rolls = _raw(v, s, "e4d5", 10, 10, 4, 3)
    assert [(r.verdict, r.details) for r in rolls[:2]] == [(Verdict.TIE, (RollDetail.AGAIN,))] * 2
    assert [r.verdict for r in rolls[2:]] == [Verdict.WINS, Verdict.LOSES]


def test_dd_13_a_natural_20_threatens_and_its_confirmation_decides_the_critical():
    v, s = dnd_position(P1)
    s, _ = _raw(v, s, "e4d5", 15, 5)
    _, rolls = _raw(v, s, "attack", 20, 20, 1, 1, 1, 1)  # threat, confirmed: 2d6+3 twice
    attack, confirm, damage = rolls
    assert attack.details == (DndDetail.NATURAL_20, DndDetail.THREAT)
    assert (confirm.use, confirm.verdict) == (DndPurpose.CONFIRM, DndVerdict.CRITICAL)
    assert (damage.critical, damage.numbers) == (2, (10,))


def test_dd_22_a_save_names_its_spell_and_kind_against_the_dc():
    v, s = dnd_position("4k3/8/8/8/5p2/8/8/2B1K3 w - - 0 1", level=3)
    s, _ = _raw(v, s, "c1d2")
    _, (save,) = _raw(v, s, "cast hold-person f4", 11)  # 11 + 2 = 13 against DC 14
    assert (save.use, save.names) == (DndPurpose.SAVE, ("hold-person", "will"))
    assert (save.target, save.target_kind, save.verdict) == (14, DndTarget.DC, DndVerdict.FAILED)
    assert save.pieces == (PieceRef(1, "fighter", dnd_sq(v, "f4")),)


# -- the presenters' words for every kind of roll ------------------------------------------------


def _roll(use: str, faces=(10,), dice="1d20", **facts) -> Roll:
    return Roll("white", dice, faces, use=use, **facts)


FIGHTER_E4, ROGUE_E5 = PieceRef(0, "fighter", 28), PieceRef(1, "rogue", 36)
DND_WORDS = [
    (
        _roll(
            Purpose.ATTACK,
            (20,),
            names=("melee",),
            pieces=(FIGHTER_E4, ROGUE_E5),
            target=16,
            target_kind=DndTarget.AC,
            verdict=Verdict.HIT,
            details=(DndDetail.NATURAL_20, DndDetail.THREAT),
        ),
        RollWords(
            "melee attack: White Fighter on e4 vs Black Rogue on e5",
            "melee attack",
            "AC 16",
            "natural 20: hit, threat",
        ),
    ),
    (
        _roll(
            Purpose.ATTACK,
            (1,),
            names=("shocking-grasp",),
            pieces=(FIGHTER_E4, ROGUE_E5),
            target=11,
            target_kind=DndTarget.TOUCH_AC,
            verdict=Verdict.MISS,
            details=(DndDetail.NATURAL_1,),
        ),
        RollWords(
            "Shocking Grasp: White Fighter on e4 vs Black Rogue on e5",
            "Shocking Grasp",
            "TAC 11",
            "natural 1: miss",
        ),
    ),
    (
        _roll(
            DndPurpose.CONFIRM,
            names=("smite",),
            pieces=(FIGHTER_E4,),
            target=13,
            target_kind=DndTarget.FLAT_AC,
            verdict=DndVerdict.NOT_CONFIRMED,
        ),
        RollWords(
            "confirm critical: White Fighter on e4", "confirm critical", "FAC 13", "not confirmed"
        ),
    ),
    (
        _roll(
            DndPurpose.MISS_CHANCE,
            (7,),
            "1d100",
            names=("blur",),
            target=20,
            target_kind=Target.AT_MOST,
            verdict=DndVerdict.BLURRED,
        ),
        RollWords("Blur miss chance (20%)", "", "miss on 1-20", "blurred: miss"),
    ),
    (
        _roll(
            Purpose.DAMAGE,
            (1, 6),
            "2d6",
            names=("melee",),
            pieces=(FIGHTER_E4,),
            critical=2,
            verdict=Verdict.AMOUNT,
            numbers=(7,),
        ),
        RollWords("damage: White Fighter on e4 (critical x2)", "damage", "", "7 damage"),
    ),
    (
        _roll(
            Purpose.DAMAGE,
            (1,),
            "1d6",
            names=("sneak-attack",),
            verdict=Verdict.AMOUNT,
            numbers=(1,),
        ),
        RollWords("sneak attack", "", "", "1 damage"),
    ),
    (
        _roll(
            Purpose.DAMAGE,
            (1,),
            "1d4",
            names=("magic-missile",),
            verdict=Verdict.AMOUNT,
            numbers=(1,),
            details=(RollDetail.MINIMUM,),
        ),
        RollWords("Magic Missile damage", "", "", "1 damage (minimum 1)"),
    ),
    (
        _roll(
            DndPurpose.HEALING, (5,), "1d8", names=("heal-2",), verdict=Verdict.AMOUNT, numbers=(5,)
        ),
        RollWords("healing (2): healing", "healing (2)", "", "5 healing"),
    ),
    (
        _roll(
            DndPurpose.TEMP_HP,
            (5,),
            "1d10",
            names=("false-life",),
            verdict=Verdict.AMOUNT,
            numbers=(9,),
        ),
        RollWords("False Life: temporary hit points", "False Life", "", "9 temporary hp"),
    ),
    (
        _roll(
            DndPurpose.SAVE,
            names=("fascinate", "will"),
            pieces=(ROGUE_E5,),
            target=13,
            target_kind=DndTarget.DC,
            verdict=DndVerdict.SAVED,
        ),
        RollWords("Fascinate: Black Rogue on e5's Will save", "Fascinate", "DC 13", "saved"),
    ),
    (
        _roll(
            DndPurpose.INITIATIVE,
            pieces=(FIGHTER_E4,),
            target=11,
            target_kind=Target.TOTAL,
            verdict=Verdict.WINS,
            details=(DndDetail.TIE_BREAK,),
        ),
        RollWords("initiative: White Fighter on e4", "initiative", "11", "wins (tie: higher Init)"),
    ),
    (
        _roll(
            DndPurpose.INITIATIVE,
            pieces=(FIGHTER_E4,),
            target=10,
            target_kind=Target.TOTAL,
            verdict=Verdict.TIE,
            details=(RollDetail.AGAIN,),
        ),
        RollWords("initiative: White Fighter on e4", "initiative", "10", "tie: roll again"),
    ),
    (
        _roll(
            DndPurpose.CURSE,
            (40,),
            "1d100",
            pieces=(ROGUE_E5,),
            target=50,
            target_kind=Target.AT_MOST,
            verdict=DndVerdict.LOSES_ACTION,
        ),
        RollWords(
            "curse: does the Black Rogue on e5 act?", "curse", "loses on 1-50", "loses its action"
        ),
    ),
]


@pytest.mark.parametrize(
    "roll, words", DND_WORDS, ids=[f"{r.use}-{i}" for i, (r, _) in enumerate(DND_WORDS)]
)
def test_dd_the_presenter_words_every_kind_of_roll(roll, words):
    assert make_variant("dnd").presenter.roll_words(roll) == words


def test_dc_1_dc_10_the_presenter_words_the_setup_and_the_reroll():
    presenter = make_variant("dice-chess").presenter
    geo = presenter.geo
    squares = tuple(geo.parse(f"{f}{r}") for r in "87" for f in "abcdefgh")
    setup = Roll(
        "black", "16d6", (1,) * 16, use=DiceChessPurpose.SETUP, squares=squares, rule="DC-1, DC-2"
    )
    assert presenter.roll_words(setup) == RollWords(
        "Black's dice, placed a8..h8 then a7..h7 (DC-1, DC-2)"
    )
    reroll = Roll(
        "white",
        "1d6",
        (4,),
        use=DiceChessPurpose.REROLL,
        squares=(geo.parse("e4"),),
        verdict=DiceChessVerdict.SHOWS,
        numbers=(4,),
    )
    assert presenter.roll_words(reroll) == RollWords(
        "reroll capturing die on e4", "", "", "now shows 4"
    )


def test_sc_5_the_presenter_words_a_fight_and_the_move_log_adds_it():
    presenter = make_variant("single-combat").presenter
    fight = Roll(
        "white",
        "1d6",
        (6,),
        use=Purpose.FIGHT,
        pieces=(PieceRef(0, "knight", 28), PieceRef(1, "bishop", 36)),
        target=5,
        target_kind=Target.AT_LEAST,
        verdict=Verdict.WINS,
    )
    assert presenter.roll_words(fight) == RollWords(
        "fight: knight e4 attacks bishop e5", "fight", "needs 5", "wins"
    )
    assert presenter.annotate("Nxe5", [fight]) == "Nxe5 (rolled 6, needs 5: wins)"
    assert (
        presenter.roll_text(fight) == "fight: knight e4 attacks bishop e5: 1d6 [6] vs needs 5: wins"
    )


def test_gc_18_the_presenter_words_each_side_of_a_round():
    presenter = GLADIATOR.presenter
    a6 = gladiator_sq("a6")
    attack = Roll(
        "white.queen",
        "2d6+1d6+1d6",
        (1, 1, 1, 1),
        use=Purpose.ATTACK,
        squares=(a6,),
        pieces=(PieceRef(0, "warrior"),),
        names=("1d6", "1d6"),
        round_number=2,
        target=9,
        target_kind=Target.TOTAL,
        verdict=GladiatorVerdict.WOUNDED,
        numbers=(5, 3),
    )
    assert presenter.roll_words(attack) == RollWords(
        "Warrior attacks a6 (+1d6 attack die, +1d6 Queen's die), round 2",
        "",
        "9",
        "Warrior loses 5 hp (3 left)",
    )
    defence = Roll(
        "black",
        "3d6",
        (3, 3, 3),
        use=GladiatorPurpose.DEFENCE,
        squares=(a6,),
        pieces=(PieceRef(1, "scout"),),
        target=9,
        target_kind=Target.TOTAL,
        verdict=Verdict.TIE,
    )
    assert presenter.roll_words(defence) == RollWords(
        "Scout defends a6", "", "9", "tie: the defender holds"
    )
    tie = replace(attack, verdict=Verdict.TIE, numbers=(), names=("1d6",), round_number=0)
    assert presenter.roll_words(tie) == RollWords(
        "Warrior attacks a6 (+1d6 attack die)", "", "9", "tie: no damage"
    )


def test_a_roll_a_game_does_not_reword_has_the_shared_words():
    presenter = make_variant("classic").presenter
    roll = Roll(
        "white", "1d20", (12,), use=Purpose.ATTACK, target=14, target_kind=Target.AT_LEAST,
        verdict=Verdict.MISS,
    )  # fmt: skip
    assert presenter.roll_words(roll) == RollWords("attack", "", "needs 14", "miss")
    assert presenter.roll_words(Roll("white", "1d6", (3,))) == RollWords()


def test_another_games_words_read_as_they_are_and_its_own_game_words_them():
    """A game's own kinds of roll (D&D's saving throw) are worded by that game; another
    game's presenter reads the words as they are, never failing."""
    roll = Roll(
        "white", "1d20", (12,), use=DndPurpose.MISS_CHANCE, target=14,
        target_kind=DndTarget.DC, verdict=DndVerdict.LOSES_ACTION,
    )  # fmt: skip
    plain = make_variant("classic").presenter.roll_words(roll)
    assert (plain.purpose, plain.against, plain.result) == ("miss chance", "14", "loses action")
    save = replace(roll, use=DndPurpose.SAVE, verdict=DndVerdict.FAILED)
    worded = make_variant("dnd").presenter.roll_words(save)
    assert (worded.against, worded.result) == ("DC 14", "failed")


def test_a_scripts_or_an_older_saves_words_are_kept():
    """A roll that already has words (a player's script gave them; an older save recorded
    them) keeps them: the presenter writes only a roll without words."""
    presenter = make_variant("single-combat").presenter
    scripted = ScriptedDice(4)
    worded = scripted.roll("white", "1d6", "attack e5", against="needs 5")  # the old keywords
    worded = scripted.settle(worded, result="loses")
    assert presenter.roll_worded(worded) is worded
    assert worded.describe() == "1d6 [4] vs needs 5: loses" and worded.purpose == "attack e5"


# -- no words in the rules, and none read back --------------------------------------------------


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _is_words(node: ast.expr) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(node.value)
    )


def _worded_roll_args(tree: ast.AST) -> list[int]:
    """Lines where a roll is built or settled with words: a string or an f-string where its
    words go, or any of the words' keywords."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _call_name(node) not in ROLL_CALLS:
            continue
        first = ROLL_CALLS[_call_name(node)]
        words = [a for a in node.args[first:] if _is_words(a)]
        words += [k.value for k in node.keywords if k.arg in WORD_KEYWORDS]
        lines += [w.lineno for w in words]
    return lines


def _product_files() -> list[Path]:
    """Every rules and engine module but the ones that write words."""
    files = [*RULES_DIR.rglob("*.py"), *ENGINE_DIR.rglob("*.py")]
    return sorted(p for p in files if not p.stem.startswith(WORDING_FILES) and p.name != "dice.py")


def test_rules_and_engine_build_no_roll_from_words():
    offenders = []
    for path in _product_files():
        for line in _worded_roll_args(ast.parse(path.read_text(), str(path))):
            offenders.append(f"{path.relative_to(RULES_DIR.parent)}:{line}")
    assert offenders == []


def test_the_roll_words_check_sees_a_worded_roll():
    """The check above fails on the shapes it guards."""
    for source in (
        'dice.roll(SEATS[side], "1d6", f"reroll capturing die on {sq}")',
        'dice.roll(seat, "1d20", use=Purpose.FIGHT, against=f"needs {n}")',
        'dice.settle(roll, result="wins")',
        'w.throw(side, "1d20", "initiative", mods)',
        'w.settle(roll, f"{total}", "tie")',
        'Roll(seat, "", (), f"{label}: {about}")',
    ):
        assert _worded_roll_args(ast.parse(source)), source
    assert not _worded_roll_args(
        ast.parse('dice.roll(seat, f"1d{FACES}", use=DiceChessPurpose.REROLL)')
    )


#: A roll's words that another module could read back (``label`` is also a seat's and a
#: command's name, so it is left out).
READ_BACK = {"purpose", "against", "result"}
#: What reading a roll's words back looks like: a string method that cuts or tests text.
TEXT_CUTS = ("startswith", "endswith", "split", "rsplit", "partition", "rpartition", "removeprefix")


def _reads_roll_words(tree: ast.AST) -> list[int]:
    """Lines where a roll's words (``.purpose``, ``.against``, ``.result``) are cut or tested
    as text."""
    lines = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in TEXT_CUTS
            and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr in READ_BACK
        ):
            lines.append(node.lineno)
    return lines


def test_nothing_reads_a_rolls_words_back():
    """No module but the save reader (which maps an old save's words once) cuts or tests a
    roll's words: every reader uses its facts."""
    package = RULES_DIR.parent
    reader = package / "save" / "model.py"
    offenders = []
    for path in sorted(package.rglob("*.py")):
        if path == reader:
            continue
        for line in _reads_roll_words(ast.parse(path.read_text(), str(path))):
            offenders.append(f"{path.relative_to(package)}:{line}")
    assert offenders == []
    assert _reads_roll_words(ast.parse("event.purpose.split(':')[0]"))
    assert _reads_roll_words(ast.parse("roll.purpose.startswith(REROLL)"))


# -- saves: format 6 records the facts; older rolls keep their words ---------------------------

STORED = Path(__file__).parent / "data" / "saves"


def _fight_events(doc: dict) -> list[dict]:
    return [e for p in doc["plies"] for e in p["events"] if e["kind"] == "roll"]


def test_a_format_6_save_records_and_replays_a_rolls_facts(tmp_path):
    """A replay compares a recorded roll's facts: a fight recorded as lost that re-playing
    wins is a mismatch, though its dice and words are the same."""
    doc = json.loads((STORED / "v6-single-combat-fight.json").read_text())
    (fight,) = _fight_events(doc)
    assert (fight["verdict"], fight["target_kind"], fight["rule"]) == ("wins", "at-least", "SC-5")
    assert verify_file(STORED / "v6-single-combat-fight.json") is None
    fight["verdict"] = "loses"
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(doc))
    mismatch = verify_file(path)
    assert mismatch is not None and "fight" in mismatch.describe()


def test_an_older_saves_rolls_keep_their_words_and_replay_exactly(tmp_path):
    """A format-5 roll has words and no facts: it loads, replays (compared by its dice), and
    the game shows the words today's presenter writes from the replayed facts."""
    doc = json.loads((STORED / "v5-single-combat-fight.json").read_text())
    (fight,) = _fight_events(doc)
    assert "verdict" not in fight and fight["purpose"].startswith("fight:")
    fight["purpose"], fight["result"] = "an old version's words", "won"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc))
    assert verify_file(path) is None
    game = load_game(path).game
    (roll,) = [r for p in game.plies for r in p.said.rolls]
    assert (roll.verdict, roll.result) == (Verdict.WINS, "wins")
    assert roll.purpose.startswith("fight: ") and roll.rule == "SC-5"


def test_a_roll_with_an_unknown_verdict_is_a_one_line_error(tmp_path):
    doc = json.loads((STORED / "v6-single-combat-fight.json").read_text())
    _fight_events(doc)[0]["verdict"] = "triumphs"
    path = tmp_path / "foreign.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


def test_a_version_3_false_life_roll_is_read_as_temporary_hit_points():
    """The save reader maps a format-3 roll's words to its use once: False Life's temporary
    hit points are their own kind of throw now (``DndPurpose.TEMP_HP``), not healing."""
    rolls = [
        {"kind": "roll", "seat": "white", "dice": "1d10", "faces": [5], "purpose": words}
        for words in ("False Life: temporary hit points", "healing (2): healing")
    ]
    doc = {"format_version": 3, "setup_events": [], "plies": [{"events": rolls}]}
    read = upgrade(doc)["plies"][0]["events"]
    assert [r["use"] for r in read] == [DndPurpose.TEMP_HP, DndPurpose.HEALING]


def test_the_shared_tables_word_every_purpose_target_verdict_and_detail():
    """A new member of an enum gets its words, or every game without its own would fail."""
    assert set(PURPOSE_WORDS) == set(Purpose)
    assert set(TARGET_WORDS) == set(Target)
    assert set(VERDICT_WORDS) == set(Verdict)
    assert set(DETAIL_WORDS) == set(RollDetail)
