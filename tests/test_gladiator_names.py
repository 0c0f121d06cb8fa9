"""Gladiator headers never read "Black Black Knight" (issue 12 item 6): a piece whose name
begins with a side's name is that side's own (``Black's Black Knight``) in piece cards, the
Queen's mark and the tally; every other piece keeps ``White Scout``."""

from __future__ import annotations

import random
import re

from battlechess_tui.engine.game import Game
from battlechess_tui.session import build_game
from tests.typed import known

DOUBLED = re.compile(r"\b(White|Black) Black Knight")
#: White's Queen on e1 holds Black's frozen Black Knight (GC-27).
HOLDING = (
    "wmscqk1snw/fpfpfpfpfp/10/10/10/10/10/10/10/10/PFPFPFPFPF/WMSCQ[b]KBSNW w K -/-/- - 0/0 1 0 0 0"
)


def shown(game: Game, state: object) -> list[str]:
    """Every text the presenter gives the table for ``state``: banner, tally, piece cards and
    marks of every square."""
    p = game.presenter
    texts = [p.status(state)]
    for section in p.tally(state):
        texts += [section.title, *(f"{i.label} {i.note}" for i in section.items)]
    for square in range(game.rules.geo.width * game.rules.geo.height):
        view = p.piece_view(state, square)
        if view is not None:
            texts += [m.name for m in view.marks] + p.piece_card(state, square)
    return texts


def test_gc_2_piece_cards_name_each_side_s_black_knight_once() -> None:
    game = build_game("gladiator", None, 1, None)
    square = game.rules.geo.parse
    assert game.presenter.piece_card(game.state, square("g1"))[0] == "White's Black Knight on g1"
    assert game.presenter.piece_card(game.state, square("g12"))[0] == "Black's Black Knight on g12"
    assert game.presenter.piece_card(game.state, square("h1"))[0] == "White Scout on h1"


def test_gc_27_a_queen_holding_a_black_knight_names_it_once() -> None:
    game = build_game("gladiator", None, 1, None)
    state = game.rules.parse_position(HOLDING)
    queen = game.rules.geo.parse("e1")
    marks = [m.name for m in known(game.presenter.piece_view(state, queen)).marks]
    assert "holds: Black's Black Knight" in marks
    assert "Holds frozen: Black's Black Knight (20/20 hp)" in game.presenter.piece_card(
        state, queen
    )
    notes = [i.note for s in game.presenter.tally(state) for i in s.items]
    assert "holds Black's Black Knight" in notes
    assert not [t for t in shown(game, state) if DOUBLED.search(t)]


def test_gc_2_no_header_of_a_played_game_doubles_a_side_s_name() -> None:
    for seed in (1, 2):
        game = build_game("gladiator", None, seed, None)
        rng = random.Random(seed)
        for _ in range(60):
            if game.over:
                break
            assert not [t for t in shown(game, game.state) if DOUBLED.search(t)]
            choices = [a for a in game.legal_actions() if a.kind not in ("resign", "offer-draw")]
            game.play(rng.choice(choices))


def test_gc_17_gc_20_gc_23_event_sentences_never_double_a_side_s_name() -> None:
    """What happened (the move log, the hand-over notice) reads "Black's Black Knight is
    killed", "Victorious, the White Warrior is healed", never "The Black Black Knight"."""
    from battlechess_tui.engine.events import Note
    from battlechess_tui.simulation import random_game

    said = [
        e.text
        for seed in (3, 4)
        for ply in random_game("gladiator", seed=seed).plies
        for e in ply.said.events
        if isinstance(e, Note)
    ]
    assert any("Black Knight" in text for text in said)
    assert not [text for text in said if DOUBLED.search(text) or "The Black's" in text]
