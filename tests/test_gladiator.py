"""Gladiator Chess: board, setup, seats, pieces' moves and the team turn (GC-1..GC-17)."""

import pytest

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game, Position
from battlechess_tui.engine.variant import IllegalAction
from tests.test_gladiator_support import (
    GEO,
    V,
    act,
    jump,
    kind_at,
    move,
    moves_from,
    notes,
    position,
    texts,
)
from tests.typed import no_dice

START_ROW_1 = ["warrior", "mounted-knight", "scout", "champion", "queen", "king",
               "black-knight", "scout", "kings-knight", "warrior"]  # fmt: skip


def test_gc_1_board_is_10_by_12_and_white_moves_first():
    state, _ = V.new_game(no_dice())
    assert (GEO.width, GEO.height) == (10, 12)
    assert V.to_move(state) == "white.king" and (state.side, state.step) == (0, 0)


def test_gc_2_one_seat_per_commander_per_team():
    seats = V.seats()
    assert [s.key for s in seats] == [
        "white.king",
        "white.queen",
        "white.black-knight",
        "white.kings-knight",
        "black.king",
        "black.queen",
        "black.black-knight",
        "black.kings-knight",
    ]
    assert seats[3].side == 0 and seats[3].label != seats[7].label
    assert {s.side for s in seats[4:]} == {1}
    # Every seat has its own player: each decision is asked of, and recorded for, its holder.
    names = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]
    players = dict(zip([s.key for s in seats], names, strict=True))
    game = Game(V, 1, players)
    asked = []
    for text in ("f2f4", "e1h4", "override", "b1c3", "i2i3", "c11c9"):
        asked.append(game.player_of(game.to_move))
        game.play(text)
    assert asked == ["Ann", "Bob", "Cy", "Ann", "Di", "Eve"]
    # The override is the King's decision though the Black Knight's player was to move.
    assert [game.player_of(p.seat) for p in game.plies] == ["Ann", "Bob", "Ann", "Ann", "Di", "Eve"]


def test_gc_3_setup_chart_with_the_mounted_lancer_as_kings_knight():
    state, _ = V.new_game(no_dice())
    for x, kind in enumerate(START_ROW_1):
        assert state.at(GEO.square(x, 0)).kind == kind
        assert state.at(GEO.square(x, 11)).kind == kind
        assert state.at(GEO.square(x, 0)).side == 0 and state.at(GEO.square(x, 11)).side == 1
    assert [kind_at(state, f"{f}2") for f in "ab"] == ["squire", "footman"]
    assert [kind_at(state, f"{f}11") for f in "ab"] == ["footman", "squire"]
    for f in "abcdefghij":  # a Squire faces a Footman on every file
        assert {kind_at(state, f"{f}2"), kind_at(state, f"{f}11")} == {"squire", "footman"}
    scouts = [s for s in range(20) if state.at(s) and state.at(s).kind == "scout"]
    assert len({(GEO.file(s) + GEO.rank(s)) % 2 for s in scouts}) == 2
    assert sum(1 for p in state.pieces if p.side == 0) == 20


def test_gc_4_a_commander_moves_only_its_own_pieces():
    state, _ = V.new_game(no_dice())
    origins = {GEO.name(a.origin) for a in V.legal_actions(state)}
    assert origins == {"b1", "b2", "d2", "f2", "h2", "j2"}  # King, Mounted Knight, Footmen
    why = V.why_illegal(state, move("e2", "e3"))
    assert "GC-14" in why and move("e2", "e3") not in V.legal_actions(state)


def test_gc_5_sliders_are_blocked_knights_jump_and_enemies_are_attacked():
    # No White Queen: her move passes to the King, who may move any piece (GC-17).
    state = position({"f1": "K", "i1": "N", "a1": "W", "a4": "P", "b1": "M", "b2": "F",
                      "c2": "F", "a7": "s", "f12": "k", "i12": "n"}, step=1)  # fmt: skip
    assert moves_from(state, "a1") == {"a2", "a3"}
    assert moves_from(state, "b1") == {"a3", "c3", "d2"}
    state = position({"f1": "K", "i1": "N", "a1": "W", "a6": "w", "f12": "k", "i12": "n"}, step=1)
    assert {"a5", "a6"} <= moves_from(state, "a1") and "a7" not in moves_from(state, "a1")


def test_gc_6_and_gc_7_forward_is_towards_the_enemy_and_pawns_attack_diagonally():
    state = position({"f1": "K", "i1": "N", "e5": "P", "f12": "k", "i12": "n", "e8": "f",
                      "d7": "P", "e7": "M", "c5": "f"}, side=1, step=0)  # fmt: skip
    assert moves_from(state, "e8") == {"d7"}  # e7 is blocked; d7 holds an enemy
    assert moves_from(state, "c5") == {"c4", "c3"}  # Black's forward is down
    state = position({"f1": "K", "i1": "N", "d4": "P", "e5": "f", "d5": "f",
                      "f12": "k", "i12": "n"}, step=3, moved=("f1",))  # fmt: skip
    assert moves_from(state, "d4") == {"e5"}


def test_gc_8_a_footman_may_step_two_at_any_time():
    state = position({"f1": "K", "i1": "N", "c5": "F", "f12": "k", "i12": "n"})
    assert moves_from(state, "c5") == {"c6", "c7"}


def test_gc_9_champion_moves_3_or_5_turning_once():
    state = position({"f1": "K", "i1": "N", "e5": "C", "f12": "k", "i12": "n"}, step=1)
    got = moves_from(state, "e5")
    assert {"e8", "e2", "b5", "h5", "e10", "j5", "f7", "g6", "d7", "g8", "h7"} <= got
    assert not {"e6", "f6", "e9", "e7", "e4"} & got
    blocked = position({"f1": "K", "i1": "N", "e5": "C", "e6": "W", "f5": "P", "d5": "P",
                        "f12": "k", "i12": "n"}, step=1)  # fmt: skip
    got = moves_from(blocked, "e5")
    assert "e8" not in got and "f7" not in got and "e2" in got and "f3" in got
    attack = position({"f1": "K", "i1": "N", "e5": "C", "e8": "w", "f12": "k", "i12": "n"},
                      step=1)  # fmt: skip
    assert "e8" in moves_from(attack, "e5")


def test_gc_10_a_squire_steps_two_only_from_its_first_rank():
    state = position({"f1": "K", "i1": "N", "d2": "P", "g5": "P", "f12": "k", "i12": "n"},
                     step=3, moved=("f1",))  # fmt: skip
    assert moves_from(state, "d2") == {"d3", "d4"}
    assert moves_from(state, "g5") == {"g6"}


def test_gc_12_the_four_commanders_move_in_order_then_the_other_team():
    state = position({"f1": "K", "e1": "Q", "g1": "B", "i1": "N", "f12": "k", "e12": "q",
                      "g12": "b", "i12": "n"})  # fmt: skip
    seen = []
    for text in ["f1f2", "e1e4", "g1h3", "i1j3"]:
        seen.append((V.to_move(state), "override" in texts(state)))
        state, _ = act(state, text)
    assert seen == [  # the seat to move, and whether the King may override (GC-14)
        ("white.king", False),
        ("white.queen", True),
        ("white.black-knight", True),
        ("white.kings-knight", False),  # nothing else can move
    ]
    assert V.to_move(state) == "black.king" and state.moved == frozenset()


def test_gc_13_a_piece_moves_at_most_once_per_turn():
    state = position({"f1": "K", "e1": "Q", "g1": "B", "i1": "N", "f12": "k", "i12": "n"})
    state, _ = act(state, "f1f2")
    state, _ = act(state, "override")
    state, _ = act(state, "g1h3")  # the King moves the Black Knight instead of the Queen
    # The Black Knight has moved: his own move can only be the King's override, with the Queen.
    assert V.to_move(state) == "white.king" and state.overriding
    assert "h3" not in {GEO.name(a.origin) for a in V.legal_actions(state) if a.squares}
    why = V.why_illegal(state, move("h3", "g5"))
    assert "GC-13" in why
    with pytest.raises(IllegalAction, match="GC-13"):
        game_at(state).play("h3g5")


def game_at(state) -> Game:
    """A game whose current position is ``state``."""
    game = Game(V, 1)
    game.positions[-1] = Position(state)
    return game


def test_gc_14_the_commanders_own_move_means_no_override():
    """Issue 12: no question before a commander's move. Typed at the start of a game, the
    King's move and the Queen's move are both taken, each recorded for its own seat."""
    game = Game(V, 3)
    first = game.play("f2f4")
    second = game.play("e1h4")
    assert (first.seat, second.seat) == ("white.king", "white.queen")
    assert second.notation == "Q e1-h4" and game.to_move == "white.black-knight"
    assert not [p for p in game.plies if p.action.kind in ("override", "no-override")]


def test_gc_14_the_kings_player_overrides_and_the_commander_forfeits():
    state, _ = V.new_game(no_dice())
    state, _ = act(state, "d2d4")  # frees the Champion: the Queen can move
    assert V.to_move(state) == "white.queen"
    assert {GEO.name(a.origin) for a in V.legal_actions(state) if a.squares} == {"d1", "e1"}
    assert texts(state)[-1] == "override" and "no-override" not in texts(state)
    assert V.rules.decider(state, V.parse_action(state, "override")) == "white.king"
    overridden, events = act(state, "override")
    assert "GC-14" in notes(events, "override")[0]
    assert V.to_move(overridden) == "white.king" and "override" not in texts(overridden)
    assert "a2" in {GEO.name(a.origin) for a in V.legal_actions(overridden)}  # any piece
    assert "GC-14" in V.why_illegal(overridden, Action("override"))
    after, _ = act(overridden, "a2a4")
    assert V.to_move(after) == "white.black-knight"  # the Queen forfeited
    with pytest.raises(IllegalAction, match="Queen's move"):
        V.parse_action(state, "a2a4")


def test_gc_14_the_king_never_overrides_his_own_move_and_only_where_it_changes_something():
    state, _ = V.new_game(no_dice())
    assert "override" not in texts(state)
    assert "GC-14" in V.why_illegal(state, Action("override"))
    # Only the King's Knight and a Footman left: an override could move nothing else.
    lone = position({"f1": "K", "i1": "N", "f12": "k", "i12": "n"}, step=3, moved=("f1",))
    assert texts(lone) and "override" not in texts(lone)
    assert "GC-14" in V.why_illegal(lone, Action("override"))


def test_gc_14_an_old_no_override_still_replays_and_changes_nothing():
    """Saves made before overrides became implicit hold ``no-override`` decisions: they are
    read where an override could be said, recorded for the King's seat, and change nothing;
    they are never offered."""
    game = Game(V, 3)
    game.play("f2f4")
    before = game.state
    ply = game.play("no-override")
    assert ply.seat == "white.king" and ply.events == () and game.state == before
    assert ply.action.kind == "no-override" and ply.notation
    assert game.play("e1h4").seat == "white.queen"
    assert "no-override" not in [a.text(GEO) for a in game.legal_actions()]
    game.play("no-override")  # before the Black Knight's move
    game.play("g1h3")
    game.play("i2i3")  # the King's Knight's move ends White's turn
    with pytest.raises(IllegalAction, match="GC-14"):
        game.play("no-override")


def test_gc_14_a_frozen_king_may_still_override():
    # Black's Queen cannot freeze a protected King (GC-28): White has no King's Knight here.
    state = position({"f1": "K", "e1": "Q", "a1": "W", "c1": "S", "f8": "q", "f12": "k", "i12": "n",
                      "a12": "w"}, side=1, step=1)  # fmt: skip
    state, _ = act(state, "f8f1")  # GC-28: an unprotected King can be frozen
    white = jump(state, side=0, step=1)
    assert V.to_move(white) == "white.queen" and "override" in texts(white)
    white, _ = act(white, "override")
    assert V.to_move(white) == "white.king" and "c1" in moves_origins(white)


def moves_origins(state) -> set[str]:
    return {GEO.name(a.origin) for a in V.legal_actions(state) if a.kind == "move"}


def test_gc_15_a_commander_who_cannot_move_passes_the_move_to_the_king():
    state, _ = V.new_game(no_dice())
    state, events = act(state, "b2b3")  # the Queen, Champion and Warriors are all blocked
    assert "GC-15" in notes(events, "override")[0]
    assert V.to_move(state) == "white.king" and state.overriding
    assert (state.side, state.step) == (0, 1)  # the Queen's move, made by the King
    assert len(V.legal_actions(state)) == 26


def test_gc_15_a_move_nobody_can_make_is_skipped():
    state = position({"f1": "K", "i1": "N", "f12": "k", "i12": "n"}, moved=("i1",))
    state, events = act(state, "f1f2")
    assert len(notes(events, "pass")) == 3  # Queen, Black Knight, King's Knight
    assert V.to_move(state) == "black.king"


def test_gc_16_a_frozen_commander_still_commands_his_pieces():
    state = position({"f1": "K", "i1": "N", "e1": "Q", "f12": "k", "i12": "n", "e8": "b",
                      "a12": "s"}, step=1, moved=("f1", "i1"))  # fmt: skip
    state, events = act(state, "e1e8")
    assert notes(events, "freeze")
    black = jump(state, side=1, step=2)
    assert V.to_move(black) == "black.black-knight"
    assert moves_origins(black) == {"a12"}  # the frozen Black Knight's Scout


def test_gc_17_a_dead_commanders_move_passes_to_the_king():
    state = position({"f1": "K", "i1": "N", "c1": "S", "f12": "k", "i12": "n"}, step=2)
    assert V.to_move(state) == "white.king" and state.overriding
    assert "c1" in {GEO.name(a.origin) for a in V.legal_actions(state)}
    assert (state.side, state.step) == (0, 2)  # the Black Knight's move, made by the King


def test_refusals_name_the_rule():
    game = Game(V, 1)
    refusals = {  # what is refused, and the rule the reason cites (no piece, not his: none)
        "e5e6": "e5",
        "b11b10": "b11",
        "b2c3": "b2",
        "e2e3": "GC-14",
        "heal e2": "GC-32",
        "override": "GC-14",
    }
    for text, cited in refusals.items():
        with pytest.raises(IllegalAction) as refused:
            game.play(text)
        assert cited in str(refused.value), text
    assert game.plies == []
    game.play("f2f4")
    with pytest.raises(IllegalAction, match="GC-4, GC-13; .*GC-14"):
        game.play("a2a3")
    game.play("override")
    with pytest.raises(IllegalAction, match="GC-13"):
        game.play("f4f5")
    assert [p.action.text(GEO) for p in game.plies] == ["f2f4", "override"]


def test_gc_14_a_commander_moving_himself_on_another_commanders_move_is_told_he_waits() -> None:
    """On the King's move the Queen may not move herself (GC-14): she moves on her own move
    (the reason says so, rather than that she obeys herself); her Warrior obeys the Queen."""
    state = position({"f1": "K", "i1": "N", "e1": "Q", "a1": "W", "f12": "k", "i12": "n"})
    herself = V.why_illegal(state, move("e1", "e2"))
    assert "GC-14" in herself and "own move" in herself and "obeys" not in herself
    warrior = V.why_illegal(state, move("a1", "a2"))
    assert "GC-14" in warrior and "obeys" in warrior and "own move" not in warrior
