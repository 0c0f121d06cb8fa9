"""Gladiator Chess as a whole: winning and drawing (GC-33..GC-35), the tally sheet (GC-36),
perft, random games that always end and replay exactly, and properties of every position."""

import random
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlechess_tui.engine.events import Note
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import check_file, load_spec_file, make_variant, variants_dir
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.rules.gladiator import GladiatorRules
from battlechess_tui.rules.gladiator import moves as gen
from battlechess_tui.rules.gladiator.state import ALIVE, BOARD, EMPTY, FROZEN, QUEEN
from battlechess_tui.rules.gladiator.tables import GladiatorData
from tests import whole_games
from tests.test_gladiator_support import GEO, V, act, jump, kind_at, notes, position, texts
from tests.typed import no_dice

# -- winning and drawing ----------------------------------------------------------------------


def test_gc_33_killing_the_king_wins():
    state = position({"f1": "K", "i1": "N", "f9": "W", "f10": "k"}, step=1)
    faces = [6, 6, 6, 1, 1, 1, 1, 1] * 3  # 18 against 5, three rounds: 39 damage
    after, events = act(state, "f9f10", *faces)
    result = V.outcome(after)
    assert result is not None
    assert (result.winner, result.rule, result.kind) == (0, "GC-33", Ending.KING_KILLED)
    assert after.ended_on == GEO.parse("f10") and kind_at(after, "f10") == "warrior"
    assert V.legal_actions(after) == []


def _black_queen_taken():
    state = position({"f1": "K", "i1": "N", "a1": "S", "f6": "q", "g12": "k", "i12": "n"},
                     step=2)  # fmt: skip
    after, _ = act(state, "a1f6")
    return after


def _finish_turn(state):
    """Each commander makes its first move (no override) until the team's turn is over."""
    side = state.side
    while state.side == side and V.outcome(state) is None:
        state, _ = act(state, texts(state)[0])
    return state


def test_gc_34_the_held_queen_counts_at_the_end_of_the_capturing_teams_turns():
    held = _finish_turn(_black_queen_taken())
    assert held.held == (0, 1) and V.outcome(held) is None
    nearly = replace(_black_queen_taken(), held=(0, 4))
    won = _finish_turn(nearly)
    result = V.outcome(won)
    assert result is not None
    assert (result.winner, result.rule, result.kind) == (0, "GC-34", Ending.QUEEN_HELD)
    assert won.held == (0, 5) and result.numbers == (5,)


def test_gc_35_a_draw_when_neither_team_can_move_for_a_whole_turn():
    stuck = {"a1": "K", "j12": "k"}
    for rank in range(2, 13):
        stuck[f"a{rank}"] = "P"
        stuck[f"j{rank - 1}"] = "p"
    for rank in range(1, 13):
        stuck[f"b{rank}"] = "P"
        stuck[f"i{rank}"] = "p"
    result = V.outcome(position(stuck))
    assert result is not None
    assert (result.winner, result.rule, result.kind) == (None, "GC-35", Ending.NO_MOVES)


def test_gc_37_quiet_turns_end_the_game_in_a_draw():
    quick = make_variant("gladiator", {"quiet_turns": 5})
    state = position({"a1": "K", "d4": "Q", "j12": "k", "g9": "q"}, variant=quick)
    decisions = 0
    while quick.outcome(state) is None:
        steps = [
            a
            for a in quick.legal_actions(state)
            if "-" in quick.presenter.notation(state, a) or a.kind != "move"
        ]
        state, _ = quick.apply(state, steps[0], no_dice())
        decisions += 1
    result = quick.outcome(state)
    assert result is not None
    assert (result.winner, result.rule, result.kind) == (None, "GC-37", Ending.QUIET)
    assert state.turn == 5 and decisions == 20


def _quiet_game(variant, state, team_turns: int):
    """Play ``team_turns`` team turns of plain steps (no fight, no pawn); the last state."""
    for _ in range(team_turns):
        side = state.side
        while state.side == side and variant.outcome(state) is None:
            notation = variant.presenter.notation
            steps = [
                a
                for a in variant.legal_actions(state)
                if a.kind == "move" and "-" in notation(state, a)
            ]
            state, _ = variant.apply(state, steps[0], None)
    return state


def test_gc_37_a_kill_or_a_capture_starts_the_count_again_and_0_turns_it_off():
    quick = make_variant("gladiator", {"quiet_turns": 5})
    calm = {"a1": "K", "d4": "Q", "j12": "k", "g9": "q"}
    nearly = _quiet_game(quick, position(calm, variant=quick), 9)
    assert quick.outcome(nearly) is None and nearly.quiet == 9
    # Nine quiet team turns, then a Scout captures the Black Queen: the count starts again.
    taken = position({"a1": "K", "d4": "Q", "j12": "k", "h8": "S", "f6": "q"}, step=2,
                     variant=quick, quiet=9)  # fmt: skip
    state, events = act(taken, "h8f6", variant=quick)
    assert notes(events, "capture") and state.quiet == 0
    never = make_variant("gladiator", {"quiet_turns": 0})
    long = _quiet_game(never, position(calm, variant=never), 40)
    assert never.outcome(long) is None and long.quiet == 40


def test_gc_37_the_team_turn_with_a_footman_move_is_not_quiet():
    """Issue 27: the Footman steps at White's King slot in team turn 30; the 50 full turns are
    counted after that team turn, so the draw comes at the end of White's team turn 80."""
    start = "9k/10/10/10/10/10/10/10/10/10/F9/3QKB2N1 w K -/-/- - 0/0 30 0 0 0"
    state, _ = act(V.rules.parse_position(start), "a2a3")
    assert (state.quiet, state.loud) == (0, True)
    assert V.rules.position_text(state).split()[9] == "-"  # written as not quiet, and read back
    assert V.rules.parse_position(V.rules.position_text(state)) == state
    while V.outcome(state) is None:
        steps = [
            a
            for a in V.legal_actions(state)
            if a.kind == "move"  # a plain step, no pawn
            and not state.at(a.target)
            and state.at(a.origin).kind != "footman"
        ]
        state, _ = V.apply(state, steps[0], no_dice())
    result = V.outcome(state)
    assert result is not None
    assert (result.winner, result.rule, result.kind) == (None, "GC-37", Ending.QUIET)
    assert (state.turn, state.side, state.quiet) == (80, 0, 100)


# -- the tally sheet --------------------------------------------------------------------------


def test_gc_36_the_tally_sheet_lists_pieces_frozen_killed_captured_queen_and_commanders():
    state, _ = V.new_game(no_dice())
    sheet = {s.title: s.items for s in V.presenter.tally(state)}
    assert len(sheet["White pieces"]) == 20
    king = next(i for i in sheet["White pieces"] if i.label == "King f1")
    assert (king.hp, king.max_hp) == (30, 30)
    assert sheet["White frozen"][0].label == "none" and sheet["Black killed"][0].label == "none"
    assert sheet["White Captured Queen"][0].label == "Queen free"
    assert [(i.label, i.note) for i in sheet["White commanders"]] == [
        ("King", "to move"),
        ("Queen", "next"),
        ("Black Knight", "waiting"),
        ("King's Knight", "waiting"),
    ]
    assert {i.note for i in sheet["Black commanders"]} == {"next turn"}

    taken = _black_queen_taken()
    sheet = {s.title: s.items for s in V.presenter.tally(taken)}
    box = sheet["Black Captured Queen"][0]
    assert box.label == "Queen captured" and box.note == "abducted by Scout on f6, held 0/5"
    notes_ = [i.note for i in sheet["White commanders"]]
    assert notes_[1].startswith("dead") and notes_[2].endswith("moved") and notes_[3] == "to move"


def test_gc_36_frozen_and_killed_pieces_appear_on_their_teams_sheet():
    state = position({"f1": "K", "i1": "N", "d1": "Q", "d5": "s", "a1": "W", "a6": "b",
                      "f12": "k", "i12": "n"}, step=1, moved=("f1", "i1"))  # fmt: skip
    state, _ = act(state, "d1d5")
    sheet = {s.title: s.items for s in V.presenter.tally(state)}
    frozen = sheet["Black frozen"][0]
    assert frozen.label == "Scout" and frozen.hp == 12 and "Queen on d5" in frozen.note
    queen = next(i for i in sheet["White pieces"] if i.label == "Queen d5")
    assert "holds the Black Scout" in queen.note and "moved" in queen.note
    attack = jump(state, side=0, step=1, moved=("f1", "i1", "d5"))
    after, _ = act(attack, "a1a6", 1, 1, 1, 6, 6, 6, 6)  # 3 against 24: the Warrior dies
    sheet = {s.title: s.items for s in V.presenter.tally(after)}
    assert [i.label for i in sheet["White killed"]] == ["Warrior"]


# -- views, notation and the variant file -------------------------------------------------------


def test_gc_13_the_pieces_the_commander_on_may_move_are_marked_movable():
    """At the start the King moves first (GC-4): his Footmen and Mounted Knight may move, and
    the board marks them so (the King himself is boxed in)."""
    state, _ = V.new_game(no_dice())
    geo = V.rules.geo
    marked = {
        geo.name(s)
        for s in range(geo.size)
        if (view := V.piece_view(state, s)) is not None and "movable" in view.mark_names
    }
    assert marked == {"b2", "d2", "f2", "h2", "j2", "b1"}


def test_status_names_team_commander_and_decision():
    state, _ = V.new_game(no_dice())
    state, _ = act(state, "d2d4")
    assert V.presenter.status(state) == "White — Queen's move (King may override)"
    view = V.piece_view(state, V.rules.geo.parse("d4"))
    assert view is not None
    assert (view.letter, view.hp, view.max_hp, view.name) == ("F", 4, 4, "Footman")
    assert "moved" in view.mark_names
    black_king = V.piece_view(state, V.rules.geo.parse("f12"))
    assert black_king is not None
    assert black_king.letter == "k" and "protected" in black_king.mark_names
    card = V.presenter.piece_card(state, V.rules.geo.parse("d1"))
    assert card[0] == "White Champion on d1" and "Commanded by the Queen" in card
    assert any(line.startswith("Dice: 4d6") for line in card)


def test_letters_are_distinct_and_notation_reads_well():
    letters = [k.letter for k in V.rules.t.kinds.values()]
    assert sorted(letters) == sorted(set(letters)) == sorted("KMFQCWBSNP")
    state, _ = V.new_game(no_dice())
    action = V.parse_action(state, "b1c3")
    assert V.presenter.notation(state, action) == "M b1-c3"


def test_the_rules_text_names_every_rule_and_marks_rulings():
    text = (variants_dir() / "gladiator.md").read_text()
    for n in range(1, 38):
        assert re.search(rf"\*\*GC-{n}\*\*", text), f"GC-{n} missing"
    assert "## Contents" in text and "(Ruling)" in text
    assert "| K | King |" in text and "Mounted Lancer" in text


def test_the_variant_file_checks_clean_and_house_rules_are_validated(tmp_path: Path):
    assert check_file(variants_dir() / "gladiator.toml") == []
    bad = tmp_path / "house.toml"
    bad.write_text('key = "house"\nbase = "gladiator"\n[data]\nqueen_captors = ["dragon"]\n')
    assert any("dragon" in p for p in check_file(bad))


def test_an_old_house_rule_file_naming_the_old_class_still_plays(tmp_path: Path):
    """House rules written before the split name ``gladiator:Gladiator`` and no presenter:
    they are read as the rules and presenter that class became."""
    old = tmp_path / "old.toml"
    old.write_text('key = "old"\nbase = "gladiator"\nrules = "gladiator:Gladiator"\npresent = ""\n')
    variant = make_variant(load_spec_file(old))
    assert type(variant.rules).__name__ == "GladiatorRules"
    assert type(variant.presenter).__name__ == "GladiatorPresenter"
    game = Game(variant, 1)
    game.play("f2f4")
    assert game.play("e1h4").notation == "Q e1-h4"
    assert variant.presenter.status(game.state) == "White — Black Knight's move (King may override)"


# -- perft ------------------------------------------------------------------------------------

PERFT = [(1, 12), (2, 133), (3, 949)]  # one level = one decision; battles assumed won


@pytest.mark.parametrize(("depth", "count"), PERFT)
def test_perft_from_the_start_counts_decisions(depth, count):
    state, _ = V.new_game(no_dice())
    assert V.rules.perft(state, depth) == count
    assert "'override' (a level of its own" in V.rules.perft_unit


def test_perft_level_two_counted_by_hand():
    """After d2d4 the Queen's move has 4 Queen moves (d2 c3 b4 a5), 4 Champion moves (c3 e3
    a3 g3: up two and one aside, or up two and three aside) and the King's override: 9. After
    b2b3 nothing of the Queen's can move, so the King moves any piece for her (GC-15): 26."""
    state, _ = V.new_game(no_dice())
    below = dict(V.rules.divide(state, 2))
    assert below["d2d4"] == 9 and below["b2b3"] == 26 and below["b1c3"] == 2  # a1b1, override
    assert sum(below.values()) == 133


# -- random games -----------------------------------------------------------------------------

SUITE_GAMES = 10  # the full run of 200 is done by hand (see the report)


def random_game(seed: int, variant=V) -> Game:
    return whole_games.random_game(variant, seed)


ENDINGS = {
    Ending.CHECKMATE: "GC-24, GC-33",
    Ending.KING_KILLED: "GC-33",
    Ending.QUEEN_HELD: "GC-34",
    Ending.NO_MOVES: "GC-35",
    Ending.QUIET: "GC-37",
}


def test_gc_35_random_games_all_end_by_a_rule_and_rebuild_to_the_same_state():
    kinds: Counter[Ending] = Counter()
    for seed in range(SUITE_GAMES):
        game = random_game(seed)
        outcome = game.outcome
        assert outcome is not None, f"seed {seed} did not end"
        assert ENDINGS[outcome.kind] == outcome.rule, (seed, outcome)
        assert game.rule_actions() == [] and V.outcome(game.state) == outcome
        kinds[outcome.kind] += 1
        rebuilt = whole_games.rebuilt(game)
        assert rebuilt.state == game.state and rebuilt.outcome == game.outcome
        assert [p.events for p in rebuilt.plies] == [p.events for p in game.plies]
        assert [p.seat for p in rebuilt.plies] == [p.seat for p in game.plies]
    assert len(kinds) >= 2  # the games do not all end one way


def test_gc_19_random_exchange_games_end_too():
    exchange = make_variant("gladiator", {"combat": "exchange"})
    for seed in range(3):
        assert random_game(seed, exchange).over


class _ExactGenerator(gen.Generator):
    """Judges every move by playing it out, without the pinned-piece shortcut."""

    def quick(self, p):
        return False


def test_gc_22_the_fast_check_filter_agrees_with_playing_every_move_out():
    for seed in (2, 5):
        game = Game(V, seed)
        rng = random.Random(seed)
        while not game.over and len(game.plies) < 400:
            state = game.state
            ids = [p.id for p in state.pieces if p.side == state.side and p.status == BOARD]
            fast = gen.Generator(V.rules.t, state).moves_of(ids)
            assert fast == _ExactGenerator(V.rules.t, state).moves_of(ids), len(game.plies)
            game.play(rng.choice(game.rule_actions()))


# -- properties of every position -------------------------------------------------------------


def check_position(state) -> None:
    """Pieces are conserved and consistent, hit points stay within their maximum."""
    rules = V.rules
    assert isinstance(rules, GladiatorRules)
    assert len(state.pieces) == 40
    on_board = [p for p in state.pieces if p.status == BOARD]
    assert sum(1 for pid in state.board if pid != EMPTY) == len(on_board)
    for p in state.pieces:
        full = rules.t.kinds[p.kind].hp
        assert p.hp <= full
        if p.status == BOARD:
            assert state.board[p.sq] == p.id
        if p.status in (BOARD, FROZEN) and full:
            assert p.hp > 0
        if p.status == FROZEN:
            holder = state.pieces[p.holder]
            assert holder.kind == QUEEN and holder.side != p.side and holder.status == BOARD
        if p.status == "abducted":
            assert state.pieces[p.holder].status in ALIVE


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**20), picks=st.lists(st.integers(0, 10**6), min_size=100, max_size=300)
)
def test_properties_of_random_play(seed, picks):
    """Hit points never exceed the maximum (GC-20), each piece moves at most once a turn
    (GC-13), each team turn has four commander moves or skips (GC-12, GC-15), pieces are
    conserved."""
    game = Game(V, seed)
    done, side = 0, 0  # commander moves made or skipped in the current team turn

    def count(n_side: int) -> tuple[int, int]:
        assert n_side == side, "a move or skip of the team not on turn"
        return (0, 1 - side) if done + 1 == 4 else (done + 1, side)

    for pick in picks:
        if game.over:
            break
        state = game.state
        actions = game.rule_actions()
        action = actions[pick % len(actions)]
        if action.kind == "move":
            assert state.board[action.origin] not in state.moved
            done, side = count(state.side)
        ply = game.play(action)
        for e in ply.events:
            if isinstance(e, Note) and e.tag == "pass":  # a skip records its side (GC-15)
                assert e.side is not None
                done, side = count(e.side)
        after = game.state
        check_position(after)
        if not game.over:
            expected = (after.side, after.step + (after.phase == "done"))
            if expected[1] == 4:  # the last move is made; a choice after it is still open
                expected = (1 - after.side, 0)
            assert (side, done) == expected


def _mover_after(before, after, frm: int, to: int):
    """Where the piece that moved from ``frm`` to ``to`` stands now (or the piece that took
    its place by promotion), or None if it died."""
    side = before.at(frm).side
    for sq in (to, frm):
        p = after.at(sq)
        if p is not None and p.side == side and (sq == to or p.kind == before.at(frm).kind):
            return sq
    return None


def test_gc_13_a_moved_piece_cannot_move_again_until_its_team_turn_ends():
    checked: Counter[str] = Counter()
    for seed in (7, 8):
        game = random_game(seed)
        for i, ply in enumerate(game.plies):
            before, after = game.positions[i].state, game.positions[i + 1].state
            if ply.action.kind != "move" or after.result is not None:
                continue
            where = _mover_after(before, after, *ply.action.squares)
            if after.side == before.side:  # the team's turn goes on
                if where is not None:
                    assert after.board[where] in after.moved
                    assert where not in {a.origin for a in V.legal_actions(after) if a.squares}
                    checked["still marked"] += 1
            else:  # the move ended the team's turn: the other team starts with none moved
                assert after.moved == frozenset() and after.step == 0
                checked["turn over"] += 1
    assert checked["still marked"] > 50 and checked["turn over"] > 10


def test_gc_12_a_piece_serving_no_commander_is_refused(tmp_path: Path):
    """Every piece moves on one of the four commanders' moves (GC-12): a house rule giving
    the King to a commander the game does not have is refused by name."""
    bad = tmp_path / "house.toml"
    bad.write_text('key = "house"\nbase = "gladiator"\n[pieces.king]\ncommander = "jester"\n')
    assert any("pieces.king.commander" in p for p in check_file(bad))


def test_gc_34_a_game_file_that_names_no_hold_time_holds_the_queen_five_turns():
    """GC-34: five turns holding the enemy Queen win, also for a whole house-rule file that
    leaves ``hold_turns`` out."""
    data = dict(make_variant("gladiator").rules.spec.data)
    data.pop("hold_turns")
    assert GladiatorData.model_validate(data).hold_turns == 5
