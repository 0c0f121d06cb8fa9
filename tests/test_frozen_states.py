"""States never change (engine/rules.py): every public call of a game's rules and presenter
leaves a state's hash and position text as they were, in random positions of every game; and
nothing reachable from a chess state can be changed by hand."""

import dataclasses
import random
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlechess_tui.engine.chessboard import ChessBoard, FrozenBoard
from battlechess_tui.engine.dice import AssumeWon, Dice
from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.engine.variant import Variant
from tests.typed import no_dice

GAMES = list(specs())
VARIANTS: dict[str, Variant] = {key: make_variant(key) for key in GAMES}


def random_position(variant: Variant, seed: int, plies: int):
    """The state after up to ``plies`` random decisions from the setup (fewer if it ends)."""
    rng = random.Random(seed)
    rules = variant.rules
    state, _ = rules.new_game(Dice.for_decision(seed, -1))
    for ply in range(plies):
        actions = rules.legal_actions(state)
        if not actions or rules.outcome(state) is not None:
            break
        state, _ = rules.apply(state, rng.choice(actions), Dice.for_decision(seed, ply))
    return state


def print_of(variant: Variant, state) -> tuple[int, str]:
    return hash(state), variant.rules.position_text(state)


def every_public_call(variant: Variant, state, rng: random.Random) -> None:
    """Each call of the decision interface and the presenter on ``state`` (results unused)."""
    rules, presenter, geo = variant.rules, variant.presenter, variant.rules.geo
    seats = [s.key for s in rules.seats()]
    rules.to_move(state), rules.side_to_move(state), rules.outcome(state)
    for side in (0, 1):
        rules.evaluate(state, side)
    rules.position_text(state)
    actions = rules.legal_actions(state)
    actions.clear()  # a new list each call: changing it changes nothing
    actions = rules.legal_actions(state)
    for action in rng.sample(actions, min(len(actions), 6)):
        rules.chance(state, action)
        rules.decider(state, action)
        rules.parse_action(state, action.text(geo))
        presenter.notation(state, action)
        presenter.odds(state, action)
        presenter.explain(state, action)
        for dice in (AssumeWon(), Dice.for_decision(rng.randrange(1000), 0)):
            child, events = rules.apply(state, action, dice)
            presenter.annotate(presenter.notation(state, action), events)
            presenter.status(child)
    for action in actions[:1]:  # a legal action, and the same squares refused
        rules.refusal(state, action)
        presenter.refusal_text(rules.refusal_reason(state, dataclasses.replace(action, choice="x")))
    rules.perft(state, 1)
    presenter.status(state), presenter.tally(state), presenter.turn_order(state)
    presenter.square_marks(state), presenter.battle_view(state), presenter.legend()
    for square in range(geo.width * geo.height):
        presenter.piece_view(state, square)
        presenter.piece_card(state, square)
    assert seats and rules.to_move(state) in seats


@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 60))
def test_no_public_call_changes_a_state(key, seed, plies):
    variant = VARIANTS[key]
    state = random_position(variant, seed, plies)
    before = print_of(variant, state)
    every_public_call(variant, state, random.Random(seed))
    assert print_of(variant, state) == before
    assert variant.rules.parse_position(before[1]) == state


def mutable_parts(obj: Any, path: str = "state", seen: set[int] | None = None) -> list[str]:
    """Where something that can change is reachable from ``obj``: a list, dict, set or
    bytearray, a dataclass that is not frozen, or an object of another kind (unknown)."""
    seen = set() if seen is None else seen
    if isinstance(obj, int | float | str | bytes | type(None)) or id(obj) in seen:
        return []
    seen.add(id(obj))
    if isinstance(obj, list | dict | set | bytearray):
        return [f"{path}: a {type(obj).__name__}"]
    if isinstance(obj, tuple | frozenset):
        return [p for i, x in enumerate(obj) for p in mutable_parts(x, f"{path}[{i}]", seen)]
    if isinstance(obj, MappingProxyType):
        return [p for k, x in obj.items() for p in mutable_parts(x, f"{path}[{k}]", seen)]
    if isinstance(obj, ChessBoard):
        if not isinstance(obj, FrozenBoard):
            return [f"{path}: a ChessBoard that can move"]
        names = [n for n in ChessBoard.__slots__ if n not in ("geo", "t")]  # shared tables
        return [p for n in names for p in mutable_parts(getattr(obj, n), f"{path}.{n}", seen)]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        found = [] if obj.__dataclass_params__.frozen else [f"{path}: a dataclass not frozen"]  # type: ignore[attr-defined]
        for field in dataclasses.fields(obj):
            found += mutable_parts(getattr(obj, field.name), f"{path}.{field.name}", seen)
        return found
    return [f"{path}: a {type(obj).__name__}, not known to be frozen"]


@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 60))
def test_nothing_that_can_change_is_reachable_from_a_state(key, seed, plies):
    assert mutable_parts(random_position(VARIANTS[key], seed, plies)) == []


def test_the_mutable_finder_finds_what_can_change():
    board = VARIANTS["classic"].rules.new_game(no_dice())[0].board
    assert mutable_parts(board) == []
    assert mutable_parts((1, [2])) == ["state[1]: a list"]
    assert mutable_parts(board.copy()) == ["state: a ChessBoard that can move"]


@pytest.mark.parametrize("key", ["classic", "single-combat"])
def test_a_chess_states_board_cannot_be_changed_by_hand(key):
    """``s.board.board[0] = 0`` used to change ``hash(s)``: the board is a ``FrozenBoard``."""
    variant = VARIANTS[key]
    state = random_position(variant, 7, 5)
    before = print_of(variant, state)
    board = state.board
    assert isinstance(board, FrozenBoard)
    with pytest.raises(TypeError):
        board.board[0] = 0  # type: ignore[index]  # deliberately: it is immutable
    with pytest.raises(TypeError):
        board.kings[0] = -1  # type: ignore[index]
    with pytest.raises(TypeError):
        board.routes[1] = None  # type: ignore[index]
    for change in (
        lambda: setattr(board, "side", 1),
        lambda: board.push(state.moves[0]),
        lambda: board.pass_turn(),
        lambda: board.remove(board.kings[0]),
    ):
        with pytest.raises(AttributeError):
            change()
    assert print_of(variant, state) == before
    scratch = board.copy()  # a board to move on, as the rules and searches use
    scratch.push(state.moves[0])
    scratch.pop()
    assert scratch.snapshot() == board.snapshot() and print_of(variant, state) == before
