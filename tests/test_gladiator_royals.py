"""Gladiator Chess: the King (GC-21..GC-26), the Queen (GC-27..GC-32) and promotion (GC-11)."""

from dataclasses import replace
from pathlib import Path

import pytest

from battlechess_tui.engine.game import Game, Position
from battlechess_tui.engine.registry import load_spec_file, make_variant
from battlechess_tui.engine.rules import CERTAIN, IllegalAction
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.rules.gladiator.state import Status
from tests.test_gladiator_support import (
    GEO,
    V,
    act,
    jump,
    kind_at,
    marked,
    move,
    moves_from,
    notes,
    piece,
    position,
    rolls,
    sq,
    texts,
)
from tests.typed import known

# -- the King -------------------------------------------------------------------------------


def test_gc_21_the_king_cannot_be_attacked_while_his_kings_knight_lives():
    state = position({"f1": "K", "i1": "N", "f9": "W", "f10": "k", "i12": "n"}, step=1)
    assert "f10" not in moves_from(state, "f9")
    assert "GC-21" in V.why_illegal(state, move("f9", "f10"))


def test_gc_21_a_frozen_kings_knight_still_protects_his_king():
    state = position({"f1": "K", "i1": "N", "e1": "Q", "f9": "W", "f10": "k", "e8": "n"},
                     step=1, moved=("f1", "i1", "f9"))  # fmt: skip
    state, _ = act(state, "e1e8")  # the Queen freezes the Black King's Knight
    white = jump(state, side=0, step=1)
    assert "f10" not in moves_from(white, "f9")


def test_gc_22_no_move_may_leave_the_own_checkable_king_in_check():
    # The Warrior on f3 is pinned by the Black Warrior on f9 against its King on f1.
    state = position({"f1": "K", "i1": "N", "f3": "W", "f9": "w", "f12": "k", "i12": "n"},
                     step=1)  # fmt: skip
    assert moves_from(state, "f3") == {"f2", "f4", "f5", "f6", "f7", "f8", "f9"}
    assert "GC-22" in V.why_illegal(state, move("f3", "e3"))


def test_gc_22_ruling_the_enemy_queen_never_gives_check():
    state = position({"f1": "K", "i1": "N", "f8": "q", "b5": "w", "f12": "k", "i12": "n"})
    assert "check" not in V.presenter.status(state) and not V.rules.in_check(state)
    assert {"f2", "e2", "g2"} <= moves_from(state, "f1")  # her lines are no danger
    assert "in check" not in known(V.piece_view(state, sq("f1"))).mark_names
    checked = position({"f1": "K", "i1": "N", "f8": "w", "f12": "k", "i12": "n"})
    assert (
        V.rules.in_check(checked)
        and "in check" in known(V.piece_view(checked, sq("f1"))).mark_names
    )


def test_gc_22_the_king_may_not_step_next_to_the_enemy_king():
    state = position({"f1": "K", "i1": "N", "f3": "k", "i12": "n"})
    assert moves_from(state, "f1") == {"e1", "g1"}  # e2, f2 and g2 touch the Black King


def test_gc_23_the_protected_king_kills_instantly():
    state = position({"f1": "K", "i1": "N", "f2": "w", "f12": "k", "i12": "n"})
    after, events = act(state, "f1f2")
    assert not rolls(events)
    assert any("kills instantly" in n for n in notes(events, "kill"))
    assert kind_at(after, "f2") == "king"
    assert known(V.odds(state, move("f1", "f2"))).startswith("Certain")


def test_gc_23_own_pieces_only_to_get_out_of_check_and_never_a_queen():
    calm = {"f1": "K", "i1": "N", "e1": "Q", "e2": "P", "g1": "P", "g2": "P", "a1": "M",
            "f12": "k", "i12": "n"}  # fmt: skip
    assert moves_from(position(calm), "f1") == {"f2"}
    assert "GC-23" in V.why_illegal(position(calm), move("f1", "e2"))
    checked = position({**calm, "f8": "w"})  # the Black Warrior checks down the f-file
    assert "check" in V.presenter.status(checked)
    assert moves_from(checked, "f1") == {"e2", "g1", "g2"}  # f2 stays in check; never e1
    assert "GC-23" in V.why_illegal(checked, move("f1", "e1"))
    after, events = act(checked, "f1g2")
    assert kind_at(after, "g2") == "king" and notes(events, "kill")


def test_gc_24_check_forces_the_choice_set_assuming_battles_are_won():
    state = position({"f1": "K", "i1": "N", "a8": "W", "j4": "Q", "f8": "w", "f12": "k",
                      "i12": "n"}, step=1, moved=("f1",))  # fmt: skip
    assert V.rules.analysis(state).check and V.to_move(state) == "white.queen"
    assert set(texts(state)) == {"a8f8", "j4f4", "j4f8"}
    # The Warrior loses its battle: the King is still in check, and the next move must help.
    after, _ = act(state, "a8f8", 1, 1, 1, 6, 6)
    assert kind_at(after, "a8") is None and "check" in V.presenter.status(after)
    assert V.to_move(after) == "white.king"  # the dead Black Knight's move passes to him
    assert set(texts(after)) == {"j4f4", "j4f8"}


def test_gc_24_and_gc_33_checkmate_when_no_move_gets_out():
    # At the King's own move only his pieces may help: the King's Knight could block on a2.
    state = position({"a1": "K", "c1": "N", "a8": "w", "b8": "w", "f12": "k", "i12": "n"})
    result = V.outcome(state)
    assert result is not None
    assert (result.winner, result.kind) == (1, Ending.CHECKMATE) and "GC-24" in result.rule
    assert V.presenter.outcome_reason(result) == "checkmate"
    assert V.legal_actions(state) == []


def test_gc_25_without_his_kings_knight_the_king_fights_and_is_never_in_check():
    state = position({"f1": "K", "i1": "N", "f9": "W", "f10": "k"}, step=1)
    assert "f10" in moves_from(state, "f9")
    assert "Duel" in known(V.odds(state, move("f9", "f10")))
    black = jump(state, side=1)
    assert "check" not in V.presenter.status(black)
    after, events = act(black, "f10f9", 6, 6, 6, 6, 6, 6, 1, 1)
    assert len(rolls(events)) == 2 and kind_at(after, "f9") == "king"


def _black_queen_captured():
    """White's Scout takes the Black Queen on f6; the Black King stands on f12."""
    state = position({"f1": "K", "i1": "N", "a1": "S", "f6": "q", "f12": "k", "i12": "n"},
                     step=2)  # fmt: skip
    after, events = act(state, "a1f6")
    return after, events


def test_gc_26_and_gc_29_a_scout_captures_the_queen_and_the_king_changes():
    after, events = _black_queen_captured()
    assert not rolls(events) and notes(events, "capture")
    assert kind_at(after, "f6") == "scout"
    black = jump(after, side=1)
    king_moves = moves_from(black, "f12")
    assert {"f7", "f6", "a12", "j8"} <= king_moves  # a chess queen's moves, and the abductor
    assert "check" not in V.presenter.status(black)


def test_gc_29_only_the_black_knight_or_a_scout_may_capture_the_queen():
    state = position({"f1": "K", "i1": "N", "f2": "W", "f6": "q", "f12": "k", "i12": "n"},
                     step=1)  # fmt: skip
    assert "f6" not in moves_from(state, "f2")
    assert "GC-29" in V.why_illegal(state, move("f2", "f6"))
    assert V.odds(state, move("f2", "f5")) is None


def test_gc_29_capturing_a_queen_who_holds_a_piece_sends_it_home():
    # The Black King stands off the f-file (the White King will move like a queen, GC-26).
    state = position(
        {
            "f1": "K",
            "i1": "N",
            "a1": "W",
            "b1": "M",
            "h1": "Q",
            "d5": "s",
            "g12": "k",
            "i12": "n",
            "c7": "b",
        },
        step=1,
        moved=("f1", "i1", "a1", "b1"),
    )
    state, _ = act(state, "h1d5")
    black = jump(state, side=1, step=2)
    assert "d5" in moves_from(black, "c7")
    after, events = act(black, "c7d5")
    assert after.pending and after.pending[0].kind == "return"
    assert V.to_move(after) == "black.black-knight"  # the Scout's commander chooses
    assert set(texts(after)) == {f"return {f}12" for f in "abcdefhj"}
    done, events = act(after, "return c12")
    assert kind_at(done, "c12") == "scout" and "GC-29" in notes(events, "return")[0]
    white_queen = next(p for p in done.pieces if p.kind == "queen" and p.side == 0)
    assert white_queen.status == "abducted" and white_queen.holder == piece(done, "d5").id


# Black's back rank is full; the White Queen on d5 holds a hurt Black Scout; the Black Knight on
# c7 may capture her (GC-29). White Footmen stand round d5 but on rank 6 ({rank6}). The White
# King stands off the Black King's lines (without his Queen he moves as a queen, GC-26).
FULL_BACK_RANK = (
    "wmfcqkpfnw/10/10/10/10/2b7/{rank6}/2FQ[s(5)]F5/2FFF5/10/10/K7N1 b B -/-/- - 0/0 1 0 0 0"
)


def test_gc_29_ruling_a_full_back_rank_sends_the_piece_to_the_nearest_empty_square():
    state = V.rules.parse_position(FULL_BACK_RANK.format(rank6="10"))
    after, events = act(state, "c7d5")
    assert notes(events, "capture") and V.to_move(after) == "black.black-knight"
    assert set(texts(after)) == {"return c6", "return d6", "return e6"}  # next to d5
    done, events = act(after, "return d6")
    scout = piece(done, "d6")
    assert (scout.kind, scout.side, scout.hp) == ("scout", 1, 5)  # its damage stays (GC-20)
    assert len(notes(events, "return")) == 1 and "GC-29" in notes(events, "return")[0]


def test_gc_29_a_single_square_is_taken_without_asking():
    """Issue 12: a choice with one answer is no decision; the rules make it and say so."""
    game = Game(V, 1)
    game.positions[-1] = Position(V.rules.parse_position(FULL_BACK_RANK.format(rank6="2FF6")))
    ply = game.play("c7d5")
    assert kind_at(game.state, "e6") == "scout" and not game.state.pending
    assert [n for n in notes(ply.said.events, "return") if "GC-29" in n]  # said, not asked
    assert game.to_move == "black.kings-knight"  # no question: the next commander's move


# -- the Queen ------------------------------------------------------------------------------


def moves_origins(state) -> set[str]:
    return {GEO.name(a.origin) for a in V.legal_actions(state) if a.kind == "move"}


def test_gc_27_the_queen_freezes_and_her_prisoner_returns_when_she_leaves():
    state = position({"f1": "K", "i1": "N", "d1": "Q", "d5": "s", "d8": "f", "f12": "k",
                      "i12": "n"}, step=1, moved=("f1", "i1"))  # fmt: skip
    assert known(V.odds(state, move("d1", "d5"))).startswith("No fight")
    after, events = act(state, "d1d5")
    assert not rolls(events) and kind_at(after, "d5") == "queen"
    assert known(V.piece_view(after, sq("d5"))).label == "*s"
    tally = V.presenter.tally(after)
    assert [s.items[0].label for s in tally if s.title == "Black frozen"] == ["Scout"]
    later = jump(after, side=0, step=1, moved=("f1", "i1"))
    later, events = act(later, "d5d8")  # she freezes the Footman: the Scout comes back
    assert kind_at(later, "d5") == "scout" and notes(events, "thaw")
    assert known(V.piece_view(later, sq("d8"))).label == "*f"


# The Black Queen on d5 holds a White Warrior frozen; the White Queen on d1 may freeze her.
QUEENS = "5k2n1/w9/10/10/10/10/10/3q[W]6/10/10/S9/3Q1K2N1 w Q -/-/- - 0/0 1 1 0 0"


def test_gc_27_ruling_the_queen_freezes_the_enemy_queen_who_lets_go_of_her_prisoner():
    state = V.rules.parse_position(QUEENS)
    assert "d5" in moves_from(state, "d1")
    assert V.rules.chance(state, move("d1", "d5")) == CERTAIN  # no fight (GC-27)
    after, events = act(state, "d1d5")
    assert marked(events, "freeze") == [(sq("d5"),)] and not rolls(events)
    black_queen = next(p for p in after.pieces if p.kind == "queen" and p.side == 1)
    assert black_queen.status == "frozen" and known(V.piece_view(after, sq("d5"))).label == "*q"
    # Her prisoner goes home as in GC-29: its owner (the Queen's player) picks the square.
    assert V.to_move(after) == "white.queen"
    assert set(texts(after)) == {f"return {f}1" for f in "abcdeghj"}
    after, _ = act(after, "return a1")
    assert kind_at(after, "a1") == "warrior"


def test_gc_27_ruling_a_frozen_queen_commands_but_cannot_move_heal_or_be_captured():
    frozen, _ = act(V.rules.parse_position(QUEENS), "d1d5")
    frozen, _ = act(frozen, "return a1")
    black = jump(frozen, side=1, step=1)
    assert V.to_move(black) == "black.queen"  # she still commands her Warrior (GC-16)
    assert moves_origins(black) == {"a11"} and not [t for t in texts(black) if "heal" in t]
    # Not captured: her King keeps his protection and she is not counted as held (GC-34).
    assert "Queen frozen" in [i.label for s in V.presenter.tally(black) for i in s.items]
    turn_over = frozen
    while turn_over.side == 0:  # White ends the turn still holding her
        turn_over, _ = act(turn_over, texts(turn_over)[0])
    assert turn_over.held == (0, 0) and "held" not in V.presenter.status(turn_over)
    king = moves_from(jump(frozen, side=1), "f12")
    assert king <= {"e12", "g12", "e11", "f11", "g11"}  # a King's steps, not a queen's (GC-26)
    white = jump(frozen, side=0, step=2, moved=("d5",))  # the Black Knight's Scout on a2
    assert "d5" not in moves_from(white, "a2")  # her square holds no fight (GC-27, GC-30)
    assert "GC-30" in V.why_illegal(white, move("a2", "d5"))
    game = Game(V, 1)
    game.positions[-1] = Position(jump(frozen, side=0, step=1))
    ply = game.play("d5d8")  # the White Queen leaves: the Black Queen is free on d5 again
    assert len(notes(ply.events, "thaw")) == 1
    assert game.state.held == (0, 0) and kind_at(game.state, "d5") == "queen"


def test_gc_28_an_unprotected_king_can_be_frozen():
    state = position({"f1": "K", "i1": "N", "d1": "Q", "f3": "k"}, step=1, moved=("f1", "i1"))
    assert "f3" in moves_from(state, "d1")
    after, _ = act(state, "d1f3")
    king = next(p for p in after.pieces if p.kind == "king" and p.side == 1)
    assert king.status == "frozen"


def test_gc_27_gc_28_the_queen_cannot_freeze_a_protected_king():
    """The same King with his King's Knight alive and his Queen free (GC-21) is refused; the
    Queen still freezes his other pieces (GC-27)."""
    protected = {"f1": "K", "i1": "N", "d1": "Q", "f3": "k", "i12": "n", "j12": "q", "d6": "w"}
    state = position(protected, step=1, moved=("f1", "i1"))
    assert "f3" not in moves_from(state, "d1") and "d6" in moves_from(state, "d1")
    assert "GC-28" in V.why_illegal(state, move("d1", "f3"))
    with pytest.raises(IllegalAction):
        V.parse_action(state, "d1f3")
    unprotected = {k: v for k, v in protected.items() if v != "n"}  # the King's Knight is dead
    assert "f3" in moves_from(position(unprotected, step=1, moved=("f1", "i1")), "d1")


def test_gc_23_gc_25_a_king_who_kills_his_own_kings_knight_can_no_longer_be_checked():
    """In check, the King kills his own King's Knight on e2 (GC-23): from then on he cannot be
    checked (GC-25), so the move is legal though the Warrior on e6 reaches e2 (GC-22)."""
    state = position({"f1": "K", "e2": "N", "a1": "Q", "f6": "w", "e6": "w", "f12": "k",
                      "i12": "n"})  # fmt: skip
    assert V.rules.analysis(state).check and "e2" in moves_from(state, "f1")
    after, events = act(state, "f1e2")
    assert marked(events, "kill") and kind_at(after, "e2") == "king"
    assert not V.rules.analysis(jump(after, side=0, step=1)).check  # no longer checkable


def _white_queen_holds_black_scout(**extra):
    placement = {"f1": "K", "i1": "N", "a5": "W", "h1": "Q", "d5": "s", "f12": "k", "i12": "n"}
    state = position({**placement, **extra}, step=1, moved=("f1", "i1"))
    state, _ = act(state, "h1d5")
    return jump(state, side=0, step=1, moved=("f1", "i1"))


def test_gc_30_attacking_a_frozen_piece_adds_the_queens_die():
    state = _white_queen_holds_black_scout()
    assert "d5" in moves_from(state, "a5")
    assert "2d6+1d6+1d6" in known(V.odds(state, move("a5", "d5")))
    after, events = act(state, "a5d5", 6, 6, 6, 6, 1, 1, 1)
    assert rolls(events)[0].dice == "2d6+1d6+1d6" and rolls(events)[0].total == 24
    assert kind_at(after, "d5") == "warrior"
    scout = next(p for p in after.pieces if p.kind == "scout")
    assert scout.status == "killed"
    # The Queen goes next to her King on f1: her player chooses an empty square.
    assert V.to_move(after) == "white.queen"
    assert set(texts(after)) == {"place e1", "place e2", "place f2", "place g1", "place g2"}
    assert after.pending[0].kind == "place" and V.parse_action(after, "place g2").kind == "place"
    placed, _ = act(after, "place g2")
    assert kind_at(placed, "g2") == "queen"


def test_gc_30_if_the_attacker_loses_the_frozen_piece_stands_on_the_square():
    state = _white_queen_holds_black_scout()
    after, _ = act(state, "a5d5", 1, 1, 1, 1, 6, 6, 6)  # 4 against 18: the Warrior dies
    assert kind_at(after, "d5") == "scout" and kind_at(after, "a5") is None
    assert after.pending[0].kind == "place"


def test_gc_31_killing_the_abductor_frees_the_queen():
    after, _ = _black_queen_captured()
    black = jump(after, side=1)
    freed, events = act(black, "f12f6", 6, 6, 6, 6, 6, 6, 1, 1, 1)
    assert any("free again" in n for n in notes(events, "rescue"))
    assert V.to_move(freed) == "black.queen"
    assert len(texts(freed)) == 8  # every empty square next to the King on f6
    placed, _ = act(freed, "place e7")
    queen = piece(placed, "e7")
    assert queen.kind == "queen" and queen.side == 1


def test_gc_31_capturing_the_enemy_queen_swaps_the_queens():
    # The Black King stands off the f-file: with her Queen taken, the White King on f1 moves
    # like a queen (GC-26) and would give check along it.
    board = {"f1": "K", "i1": "N", "e4": "Q", "a3": "S", "g12": "k", "i12": "n", "c6": "s",
             "e7": "q"}  # fmt: skip
    black = position(board, side=1, step=2)  # no Black Knight: the King moves the Scout
    held, _ = act(black, "c6e4")
    white_queen = next(p for p in held.pieces if p.kind == "queen" and p.side == 0)
    assert white_queen.status == "abducted" and held.held == (0, 0)
    white = jump(held, side=0, step=2)
    swapped, events = act(white, "a3e7")
    assert notes(events, "swap")
    assert V.to_move(swapped) == "white.queen"
    assert "place e2" in texts(swapped)
    swapped, _ = act(swapped, "place e2")
    assert V.to_move(swapped) == "black.queen"
    assert set(texts(swapped)) == {f"place {s}" for s in ("f12", "h12", "f11", "g11", "h11")}
    swapped, _ = act(swapped, "place g11")
    assert kind_at(swapped, "e2") == "queen" and kind_at(swapped, "g11") == "queen"
    assert all(p.status == "board" for p in swapped.pieces if p.kind == "queen")
    assert swapped.held == (0, 0)


def _hurt(state, **hp):
    """``state`` with the pieces on the named squares hurt to ``hp``, run on again."""
    pieces = list(state.pieces)
    for name, value in hp.items():
        p = piece(state, name)
        pieces[p.id] = replace(p, hp=value)
    return V.rules.begin(replace(state, pieces=tuple(pieces), phase="start"))


def test_gc_32_the_queen_heals_hurt_neighbours_at_the_start_of_her_move():
    state = position({"f1": "K", "i1": "N", "e5": "Q", "e4": "W", "d5": "C", "f5": "s",
                      "f12": "k", "i12": "n"}, step=1, moved=("f1",))  # fmt: skip
    state = _hurt(state, e4=3, d5=10, f5=4)
    assert {t for t in texts(state) if t.startswith("heal")} == {"heal d5", "heal e4"}
    assert "override" in texts(state)
    assert V.rules.decider(state, V.parse_action(state, "heal e4")) == "white.queen"
    healed, events = act(state, "heal e4")
    assert piece(healed, "e4").hp == 6 and notes(events, "heal")
    assert V.to_move(healed) == "white.queen"
    assert {t for t in texts(healed) if t.startswith("heal")} == {"heal d5"}


def test_gc_32_ruling_she_heals_also_when_the_king_overrides_her_move():
    state = position({"f1": "K", "i1": "N", "e5": "Q", "e4": "W", "a2": "F", "f12": "k",
                      "i12": "n"}, step=1, moved=("f1",))  # fmt: skip
    game = Game(V, 1)
    game.positions[-1] = Position(_hurt(state, e4=3))
    game.play("override")
    assert game.to_move == "white.king" and "heal e4" in [a.text(GEO) for a in game.legal_actions()]
    ply = game.play("heal e4")  # the heal is hers: her seat decides it
    assert ply.seat == "white.queen" and piece(game.state, "e4").hp == 6
    assert game.play("a2a3").seat == "white.king"  # the move is his


def test_gc_32_ruling_a_boxed_in_queen_heals_while_the_king_moves_for_her():
    # The Queen on a1 and her two hurt Warriors are boxed in by Footmen: nothing of hers can
    # move, so the King makes her move (GC-15).
    state = position({"f1": "K", "i1": "N", "a1": "Q", "a2": "W", "b1": "W", "b2": "F",
                      "a3": "F", "c1": "F", "f12": "k", "i12": "n"},
                     step=1, moved=("f1",))  # fmt: skip
    state = _hurt(state, a2=2, b1=5)
    assert state.overriding and V.to_move(state) == "white.king"
    assert {t for t in texts(state) if t.startswith("heal")} == {"heal a2", "heal b1"}
    assert V.rules.decider(state, V.parse_action(state, "heal b1")) == "white.queen"


# -- promotion --------------------------------------------------------------------------------


def _killed(state, *squares):
    pieces = list(state.pieces)
    board = list(state.board)
    for name in squares:
        p = piece(state, name)
        pieces[p.id] = replace(p, status=Status.KILLED, sq=-1)
        board[p.sq] = -1
    return V.rules.begin(replace(state, pieces=tuple(pieces), board=tuple(board), phase="start"))


def test_gc_11_a_footman_brings_back_a_warrior_or_scout_chosen_by_the_king():
    state = position({"f1": "K", "i1": "N", "c11": "F", "a1": "W", "c1": "S", "b1": "M",
                      "f12": "k", "i12": "n"})  # fmt: skip
    state = _killed(state, "a1", "c1", "b1")
    after, _ = act(state, "c11c12")
    assert V.to_move(after) == "white.king"
    assert texts(after) == ["promote warrior", "promote scout"]
    action = V.parse_action(after, "promote scout")
    assert (action.kind, action.choice) == ("promote", "scout")
    done, events = act(after, "promote scout")
    scout = piece(done, "c12")
    assert scout.kind == "scout" and scout.hp == 12 and scout.id in done.moved
    assert notes(events, "promote")


def test_gc_11_ruling_a_squire_brings_back_any_killed_piece_a_footman_too():
    state = position({"f1": "K", "i1": "N", "c11": "P", "b1": "M", "a2": "F", "f12": "k",
                      "i12": "n", "d12": "s"}, step=3, moved=("f1",))  # fmt: skip
    state = _killed(state, "b1", "a2")
    # The Squire kills the Scout in two rounds (9 damage each), then promotes.
    after, events = act(state, "c11d12", 6, 6, 1, 1, 1, 6, 6, 1, 1, 1)
    assert V.to_move(after) == "white.kings-knight"  # the Squire's commander chooses
    assert texts(after) == ["promote mounted-knight", "promote footman"]
    done, events = act(after, "promote footman")
    footman = piece(done, "d12")
    assert footman.kind == "footman" and footman.hp == 4
    assert len(notes(events, "promote")) == 1
    squire = next(p for p in done.pieces if p.kind == "squire" and p.side == 0)
    assert squire.status == "retired"  # replaced by the Footman (GC-11)


def test_gc_11_a_single_eligible_piece_returns_at_once():
    state = position({"f1": "K", "i1": "N", "c11": "P", "b1": "M", "f12": "k", "i12": "n"},
                     step=3, moved=("f1",))  # fmt: skip
    after, events = act(_killed(state, "b1"), "c11c12")
    assert kind_at(after, "c12") == "mounted-knight" and piece(after, "c12").hp == 16
    assert len(notes(events, "promote")) == 1
    squire = next(p for p in after.pieces if p.kind == "squire" and p.side == 0)
    assert squire.status == "retired"


def test_gc_11_with_nothing_killed_the_pawn_stays():
    state = position({"f1": "K", "i1": "N", "c11": "F", "f12": "k", "i12": "n"})
    after, events = act(state, "c11c12")
    assert kind_at(after, "c12") == "footman" and not after.pending
    assert any("stays" in n for n in notes(events, "promote"))


# -- found by mutation testing (benchmarks/mutants.py) ------------------------------------------


def test_gc_22_gc_27_the_queen_may_not_step_off_a_prisoner_who_would_check_her_king(
    tmp_path: Path,
) -> None:
    """The Queen on e3 holds a Black Mounted Knight: whichever way she leaves, he comes back
    on e3 (GC-27), a knight's jump from the White King, who is checkable (GC-22). In a house
    rule whose Champion slides like a Warrior, no line to the King passes e3: the refusal
    comes from the prisoner, not from a pin. Her move passes to the King (GC-15)."""
    house = tmp_path / "house.toml"
    house.write_text(
        'key = "house"\nbase = "gladiator"\n[pieces.champion]\nmovement = ["slide orth"]\n'
    )
    placement = {"f1": "K", "i1": "N", "e3": "Q[m]", "f12": "k", "i12": "n"}
    for variant in (V, make_variant(load_spec_file(house))):
        state = position(placement, step=1, variant=variant)
        assert moves_from(state, "e3", variant=variant) == set()
        assert V.to_move(state) == "white.king" and state.overriding
    free = position({**placement, "e3": "Q"}, step=1)  # with no prisoner she may go
    assert {"e4", "a3", "e12"} <= moves_from(free, "e3")


def test_gc_22_gc_26_capturing_the_queen_is_refused_when_her_king_would_then_check() -> None:
    """The White Scout on f3 stands between the two Kings. Taking the Black Queen on e4
    would leave the f-file open, and the Black King, his Queen captured, moves like a chess
    queen (GC-26): he would check the White King from f6 (GC-22). With the Black King off the
    file the capture is allowed."""
    placement = {"f1": "K", "i1": "N", "f3": "S", "e4": "q", "f6": "k", "i12": "n"}
    state = position(placement, step=2)
    assert moves_from(state, "f3") == {"d1", "e2", "g2", "g4", "h1", "h5", "i6", "j7"}
    assert "GC-22" in V.why_illegal(state, move("f3", "e4"))
    aside = position({**{k: v for k, v in placement.items() if k != "f6"}, "h6": "k"}, step=2)
    assert "e4" in moves_from(aside, "f3")


def test_gc_29_a_move_while_a_released_piece_waits_is_refused_citing_gc_29() -> None:
    """A released Warrior waits for its square (GC-29): any move is refused until its owner
    chooses, and the refusal offers the squares."""
    text = "5k2n1/10/10/10/10/10/10/10/10/10/10/3Q1K2N1 w Q -/-/W return:W@d5 0/0 1 1 0 0"
    state = V.rules.parse_position(text)
    assert texts(state) == [f"return {f}1" for f in "abcegh"] + ["return j1"]
    why = V.why_illegal(state, move("d1", "d2"))
    assert "GC-29" in why and "return a1" in why and "return j1" in why
    with pytest.raises(IllegalAction, match="GC-29"):
        V.parse_action(state, "d1d2")


def test_gc_31_gc_33_killing_the_king_who_holds_the_queen_recovers_her_and_ends_the_game():
    """The kill ends the game (GC-33) and recovers the Queen (GC-31) with nothing to place; the
    final position reads back as the same state."""
    rules = V.rules
    start = rules.parse_position(
        "10/10/10/10/10/10/10/5k(1){Q}4/10/5W4/10/5K2N1 w Q -/-/- - 0/1 1 1 0 0"
    )
    won, events = act(start, "f3f5", 6, 6, 6, 1, 1, 1, 1, 1)
    assert known(rules.outcome(won)).kind == Ending.KING_KILLED
    queen = next(p for p in won.pieces if p.kind == "queen" and p.side == 0)
    assert queen.status == Status.RETURNING and queen.holder == -1 and won.held[0] == 0
    assert notes(events, "rescue") and not won.pending
    assert rules.parse_position(rules.position_text(won)) == won
