"""D&D Battle Chess states as values: frozen and hashable, equal positions equal, and one line
of text (FEN + D&D fields) that reads back to the same state for every position of random
games (issue 10: position notation; DD-3, DD-4 counters, DD-31 used squares, DD-40 rosters)."""

import pytest

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_rules, make_variant
from battlechess_tui.rules.dnd import DndRules
from battlechess_tui.simulation import random_game
from tests.dnd_helpers import edit, play, position
from tests.typed import no_dice, typed

ROSTER = '{"d1":[3,["headband-of-intellect+2"]],"e2":[2,["weapon+1","bane:rogue"]],"c8":[4,[]]}'


@pytest.mark.parametrize(
    "options",
    [{}, {"level": 5}, {"level": 3, "campaign": True, "roster": ROSTER}],
    ids=["level-1", "level-5", "campaign"],
)
def test_position_text_round_trips_every_position_of_random_games(options):
    rules = make_rules("dnd", options)
    seen: set[str] = set()
    for seed in range(3):
        game = random_game("dnd", seed, options)
        for pos in game.positions:
            state = pos.state
            text = rules.position_text(state)
            back = rules.parse_position(text)
            assert back == state and hash(back) == hash(state), text
            assert rules.position_text(back) == text
            assert rules.legal_actions(back) == rules.legal_actions(state)
            seen.update(word.partition("=")[0] for word in text.split()[6:])
    # The random games reached battles, effects, falls and (at level 5) used promotion squares.
    assert {"pieces", "phase", "battle", "falls"} <= seen


def test_a_plain_fen_reads_as_fresh_pieces_at_the_games_level():
    v = typed(make_variant("dnd", {"level": 2}), DndRules)
    state, _ = v.new_game(no_dice())
    text = v.rules.position_text(state)
    assert text == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 level=2"
    assert v.rules.parse_position(text.rsplit(" ", 1)[0]) == state
    assert v.rules.from_fen(text) == state  # the old name
    assert make_variant("dnd").rules.parse_position(text) == state  # the text names its level


def test_the_text_carries_what_the_state_holds():
    v, s = position("4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1")
    s, _ = play(v, s, "e4d5", 15, 5)  # a battle: the Rogue is flat-footed
    s, _ = play(v, s, "charge", 2)  # a miss; the Fighter charged
    text = v.rules.position_text(s)
    # attacker 1 (e4), defender 2 (d5), the move, the Rogue to act, flat-footed, 1 action,
    # the Fighter charging
    assert "phase=battle battle=1.2.e4d5.2.2.1.C" in text
    assert v.rules.parse_position(text) == s


def _round_trip(v, s):
    text = v.rules.position_text(s)
    assert v.rules.parse_position(text) == s, text
    return text


def _walk(v, s, *steps):
    """Play ``(text, faces...)`` steps, reading every position back from its text."""
    seen = [_round_trip(v, s)]
    for text, *faces in steps:
        s, _ = play(v, s, text, *faces)
        seen.append(_round_trip(v, s))
    return " ".join(seen)


def test_swaps_fascination_and_loot_round_trip():
    """DD-17, DD-28, DD-42: the rarer fields, in positions random games seldom reach."""
    v, s = position("4k3/8/8/8/8/8/PPn5/KB6 b - - 0 1")
    words = _walk(
        v,
        s,
        ("c2a1",),
        ("stay", 1, 20),
        ("wait",),
        ("attack", 2),
        ("ability fascinate", 5),
        ("attack", 2),
    )
    assert "phase=swap" in words and "pending=battle," in words and ",n:" in words
    v, s = position("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1")
    words = _walk(v, s, ("e2e1", 1, 20), ("wait",), ("attack", 2), ("ability fascinate", 5))
    assert "fascination=" in words
    v, s = position("4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1", campaign=True)
    s = edit(v, s, "d5", items=("ring-of-protection+2",))
    words = _walk(v, s, ("e4d5", 15, 5), ("attack", 12, 3, 4), ("loot",))
    assert "phase=loot" in words and "loot=1,2" in words and "i:ring-of-protection+2" in words


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "FEN"),
        ("8/8/8/8/8/8/8/8 w - - 0 1 colour=blue", "unknown field 'colour'"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1 level=9", "level 9"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1 pieces=Ke2,1,7", "disagree on e1"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1 pieces=Ke1,1,7 phase=dance", "'dance'"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1 pieces=Ke1,1,7 actors=4", "no piece 4"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1 level=1 level=2", "twice"),
        ("8/8/8/8/8/8/8/4K3 w - - x 1", "quiet-turn count"),
    ],
)
def test_bad_position_text_is_refused_in_one_line(text, words):
    rules = make_rules("dnd")
    with pytest.raises(ValueError, match=words) as err:
        rules.parse_position(text)
    assert "\n" not in str(err.value)


def test_equal_positions_are_equal_and_hash_equal_whatever_the_move_order():
    rules = make_rules("dnd")
    one, two = Game(rules, 1), Game(rules, 1)
    for text in ("g1f3", "g8f6", "b1c3", "b8c6"):
        one.play(text)
    for text in ("b1c3", "b8c6", "g1f3", "g8f6"):
        two.play(text)
    assert one.state == two.state and hash(one.state) == hash(two.state)
    assert len({one.state, two.state, one.positions[0].state}) == 2


def test_legal_actions_is_a_new_list_each_time():
    rules = make_rules("dnd")
    game = Game(rules, 1)
    mine = rules.legal_actions(game.state)
    mine.clear()
    assert len(rules.legal_actions(game.state)) == 20
    game.play("e2e4")
    assert rules.legal_actions(game.positions[0].state) is not rules.legal_actions(
        game.positions[0].state
    )


def test_dd_11_a_battle_whose_flat_footed_defender_is_the_first_piece_round_trips() -> None:
    """The flat-footed piece of a battle (DD-11) is written by its number, 0 included: the
    Black Fighter on a1, the first piece, attacked by the Rogue that won initiative."""
    v, s = position("4k3/8/8/8/R7/8/8/p3K3 w - - 0 1")
    s, _ = play(v, s, "a4a1", 20, 1)
    assert s.battle is not None and s.battle.flat_footed == s.at[v.rules.geo.parse("a1")]
    back = v.rules.parse_position(v.rules.position_text(s))
    assert back == s and back.battle == s.battle
