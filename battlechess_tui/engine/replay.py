"""Replaying games headlessly: verifying a recorded game against its seed, and trial games that
prove a variant file plays.

Rebuilding a position uses the recorded rolls (``Game.rebuild``); verifying proves the record
honest: the same seed and actions must throw the same dice, give the decision to the same seat
and produce the same events. The first difference is named by its ply. Only what the rules
decide is compared (dice faces and modifiers, seats, each note's facts: its tag, squares, fact,
side, pieces, numbers, names and rule): the words a later version writes differently (notation,
a note's sentence) are never recorded: the presenter writes them when shown. A note from a save
older than format 5 had only words beside its tag and squares (``partial``), so only those two
are compared for it.

``check_variant`` is what ``battlechess check-variant`` and the save layer (a house-rule save's
embedded variant) rely on: every option value resolved, the game built, and a few random games
played to the end with every view the app draws, so a file that passes the check plays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.events import Event, Roll
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.rules import IllegalAction, S
from battlechess_tui.engine.spec import OptionSpec, OptionValue, SpecError, VariantSpec, validate
from battlechess_tui.engine.variant import Variant

#: Trial games a check plays with the default options, to the end or this many decisions.
TRIAL_GAMES = 2
TRIAL_DECISIONS = 1_000
#: A shorter trial for each option value other than the default.
OPTION_TRIAL_DECISIONS = 100
#: The odds text is drawn for the first decisions of a trial only (a game's estimate of a
#: battle may take seconds).
ODDS_DECISIONS = 3
#: Piece fields that only matter if the game's rules class reads them (``check_variant`` warns
#: when a house file sets one and the trial games play the same without it).
RULE_FIELDS = ("movement", "dice", "hp", "commander")

T = TypeVar("T")
#: What makes a game of a spec with options (``registry.make_variant``'s maker).
Build = Callable[[VariantSpec, "dict[str, OptionValue] | None"], "Variant[Any]"]


# -- verifying a record --------------------------------------------------------------------------


@dataclass(frozen=True)
class Mismatch:
    """Where a replay first differs from the record (ply 0: the setup) and how."""

    ply: int  # 0 for the setup, else the 1-based ply
    action: str
    problem: str

    def describe(self) -> str:
        """The mismatch in one line."""
        where = "setup" if self.ply == 0 else f"ply {self.ply} ({self.action})"
        return f"replay differs at {where}: {self.problem}"


@dataclass(frozen=True)
class Decision:
    """One recorded decision: what was typed, what happened, and (if recorded) by which seat."""

    action: str
    events: Sequence[Event] = ()
    seat: str | None = None


@dataclass(frozen=True)
class Replayed:
    """A record re-played from its seed: the game as far as it agreed, and the first
    difference (None when every decision agreed)."""

    game: Game
    mismatch: Mismatch | None


def event_key(event: Event, typed: bool = True) -> tuple[Any, ...]:
    """What the rules decided in ``event`` (not its words): a roll's thrower, dice, faces and
    modifier values and its facts; a note's facts. When not ``typed`` (what an older save's
    event has beside its words), a roll's facts are left out and a note counts by its tag and
    squares."""
    if isinstance(event, Roll):
        dice = ("roll", event.seat, event.dice, event.faces, tuple(v for _, v in event.modifiers))
        return (*dice, *event.facts) if typed else dice
    if typed:
        return ("note", *event.facts)
    return ("note", str(event.tag), event.squares)


def same_event(recorded: Event, replayed: Event) -> bool:
    """Whether re-playing gave the event recorded: every fact the record has is compared (an
    older save's ``partial`` roll or note, which had words in place of facts, by what it
    has)."""
    typed = not recorded.partial
    return event_key(recorded, typed) == event_key(replayed, typed)


def same_events(recorded: Sequence[Event], replayed: Sequence[Event]) -> bool:
    """Do the recorded events and the replayed ones match, one for one, in their facts?"""
    return len(recorded) == len(replayed) and all(map(same_event, recorded, replayed))


def replay(
    variant: Variant[S],
    seed: int,
    setup_events: Sequence[Event],
    decisions: Sequence[Decision | tuple[str, Sequence[Event]]],
    players: dict[str, str] | None = None,
    start: S | None = None,
) -> Replayed:
    """Play the recorded decisions again with dice from ``seed`` (from the state ``start`` if
    given, else the setup) and compare each one."""
    game = Game(variant, seed, players, start=start)
    if not same_events(setup_events, game.setup_events):
        return Replayed(game, Mismatch(0, "", _difference(game, setup_events, game.setup_events)))
    for index, item in enumerate(decisions, start=1):
        decision = item if isinstance(item, Decision) else Decision(item[0], item[1])
        problem = _play(game, decision)
        if problem is not None:
            return Replayed(game, Mismatch(index, decision.action, problem))
    return Replayed(game, None)


def _play(game: Game, decision: Decision) -> str | None:
    """Make one recorded decision; what disagrees with the record, or None."""
    try:
        ply = game.play(decision.action)
    except IllegalAction as exc:
        return f"the action is not legal: {exc}"
    except Exception as exc:  # the record is untrusted data run through rules code
        return f"re-playing it fails ({type(exc).__name__}: {exc})"
    if decision.seat is not None and decision.seat != ply.seat:
        return f"it was recorded for seat {decision.seat!r} but re-playing gives {ply.seat!r}"
    if not same_events(decision.events, ply.events):
        return _difference(game, decision.events, ply.events)
    return None


def verify(
    variant: Variant[S],
    seed: int,
    setup_events: Sequence[Event],
    moves: Sequence[Decision | tuple[str, Sequence[Event]]],
    players: dict[str, str] | None = None,
) -> Mismatch | None:
    """None when re-playing from the seed reproduces every recorded decision."""
    return replay(variant, seed, setup_events, moves, players).mismatch


def _difference(game: Game, recorded: Sequence[Event], replayed: Sequence[Event]) -> str:
    for i, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
        if not same_event(a, b):
            was, gives = _told(game, a), _told(game, b)
            return f"event {i + 1} was '{was}' but re-playing gives '{gives}'"
    if len(recorded) != len(replayed):
        return f"{len(recorded)} events were recorded but re-playing gives {len(replayed)}"
    return "the events differ"


def _told(game: Game, event: Event) -> str:
    """An event as the difference names it, in the words its facts give; by its bare facts
    when they are too few or too odd for the presenter's sentence (an older save's
    ``partial`` event, an edited one)."""
    if not event.partial:
        try:
            if isinstance(event, Roll):
                return game.presenter.roll_text(event.unworded())
            return game.presenter.note_text(event)
        except Exception:  # the record is untrusted data run through the presenter's words
            pass
    if isinstance(event, Roll):
        return f"{event.use}: {event.unworded().describe()}"
    return " ".join([event.tag, *(_square(game, s) for s in event.squares)])


def _square(game: Game, square: int) -> str:
    try:
        return game.rules.geo.name(square)
    except Exception:  # a square off the board, from an edited record
        return str(square)


# -- trial games -------------------------------------------------------------------------------


@dataclass
class Trial:
    """A random game of a variant, kept as what a later run can be compared with."""

    seed: int
    actions: list[str] = field(default_factory=list)
    trace: list[tuple[Any, ...]] = field(default_factory=list)


class TrialFailed(Exception):
    """A trial game that could not be played on: which game, which decision, what failed."""


def trial_game(variant: Variant[S], seed: int, limit: int = TRIAL_DECISIONS) -> Trial:
    """Random choices (seeded) to the end of the game or ``limit`` decisions, drawing every
    view the app draws at each position; TrialFailed if the variant cannot be played on."""
    rng = random.Random(seed)
    trial = Trial(seed)
    game: Game | None = None
    try:
        game = Game(variant, seed)
        _draw(variant, game, None)
        while not game.over and len(game.plies) < limit:
            _trial_step(variant, game, rng, trial)
        if game.outcome is not None:
            variant.presenter.describe_outcome(game.outcome)
    except TrialFailed:
        raise
    except Exception as exc:  # the variant's data is untrusted and runs rules code
        where = "setup" if game is None else f"decision {len(game.plies) + 1}"
        raise TrialFailed(f"game {seed} fails at {where} ({type(exc).__name__}: {exc})") from exc
    return trial


def _trial_step(variant: Variant[S], game: Game, rng: random.Random, trial: Trial) -> None:
    actions = game.rule_actions()
    if not actions:
        raise TrialFailed(
            f"game {trial.seed}: no legal choice at decision "
            f"{len(game.plies) + 1}, and the game is not over"
        )
    action = rng.choice(actions)
    choices = tuple(sorted(a.text(variant.rules.geo) for a in actions))
    ply = game.play(action)
    trial.actions.append(ply.action.text(variant.rules.geo))
    trial.trace.append((ply.seat, choices, tuple(map(event_key, ply.events)),
                        _position_key(variant, game.state)))  # fmt: skip
    _draw(variant, game, ply.action)


def _draw(variant: Variant[S], game: Game, last: Action | None) -> None:
    """What the app's table shows of the position (the presenter's views): the board, the
    banner, marks, tally, turn order, battle, the cards of the pieces the last action named
    (where the cursor is), and early on the odds of that action."""
    presenter, state = variant.presenter, game.state
    presenter.status(state)
    presenter.square_marks(state)
    presenter.tally(state)
    presenter.turn_order(state)
    presenter.battle_view(state)
    for square in range(variant.rules.geo.width * variant.rules.geo.height):
        presenter.piece_view(state, square)
    if last is not None:
        for square in last.squares:
            presenter.piece_card(state, square)
        if len(game.plies) <= ODDS_DECISIONS:
            presenter.odds(game.positions[-2].state, last)


def _position_key(variant: Variant[S], state: S) -> str:
    try:
        return variant.rules.position_text(state)
    except NotImplementedError:
        return repr(state)


def _replays_the_same(variant: Variant[S], trial: Trial) -> bool:
    """Whether ``variant`` plays ``trial``'s decisions exactly as the trial's variant did."""
    game = Game(variant, trial.seed)
    for text, expected in zip(trial.actions, trial.trace, strict=True):
        actions = game.rule_actions()
        choices = tuple(sorted(a.text(variant.rules.geo) for a in actions))
        if choices != expected[1]:
            return False
        ply = game.play(text)
        got = (ply.seat, choices, tuple(map(event_key, ply.events)),
               _position_key(variant, game.state))  # fmt: skip
        if got != expected:
            return False
    return True


# -- checking a variant ------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckReport:
    """What ``check_variant`` found: problems (the file cannot be played) and warnings (it
    plays, but a field it sets does nothing)."""

    problems: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


def option_values(name: str, option: OptionSpec) -> Iterator[OptionValue]:
    """Every value worth building a variant with: each choice, both of a switch, the ends of a
    range, and the default."""
    yield option.default
    if option.choices is not None:
        yield from option.choices
    elif isinstance(option.default, bool):
        yield not option.default
    elif isinstance(option.default, int):
        yield from (v for v in (option.min, option.max) if v is not None)


def check_variant(
    spec: VariantSpec, build: Build, options: dict[str, OptionValue] | None = None
) -> CheckReport:
    """Every problem found by building ``spec`` (with ``build(spec, options) -> Variant``)
    with each option value and playing trial games; ``options`` adds the values a save uses."""
    return _check_cached(spec.model_dump_json(), build, tuple(sorted((options or {}).items())))


@lru_cache(maxsize=32)
def _check_cached(
    spec_json: str, build: Build, extra: tuple[tuple[str, OptionValue], ...]
) -> CheckReport:
    spec = VariantSpec.model_validate_json(spec_json)
    problems: list[str] = []
    variant = _try(problems, "the game cannot be built", build, spec, None)
    if variant is None:
        return CheckReport(tuple(problems))
    for name, option in spec.options.items():
        for value in dict.fromkeys(option_values(name, option)):
            if value == option.default:
                continue
            built = _try(problems, f"option {name} = {value!r}", build, spec, {name: value})
            if built is not None:
                _try(
                    problems,
                    f"option {name} = {value!r}: a trial game",
                    trial_game,
                    built,
                    1,
                    OPTION_TRIAL_DECISIONS,
                )
    if extra:
        built = _try(problems, "the saved options", build, spec, dict(extra))
        if built is not None:
            _try(problems, "the saved options: a trial game", trial_game, built, 1)
    _try(problems, "a trial game", _trials, spec_json, build)
    return CheckReport(tuple(dict.fromkeys(problems)))


@lru_cache(maxsize=8)
def _trials(spec_json: str, build: Build) -> tuple[Trial, ...]:
    """``TRIAL_GAMES`` games of the variant with its default options (seeds 1, 2, ...)."""
    variant = build(VariantSpec.model_validate_json(spec_json), None)
    return tuple(trial_game(variant, seed) for seed in range(1, TRIAL_GAMES + 1))


def _try(problems: list[str], what: str, run: Callable[..., T], *args: object) -> T | None:
    """``run(*args)``; None (with the problem noted) if it fails. The variant data is untrusted
    and runs rules code, so any exception is that data's fault to report."""
    try:
        return run(*args)
    except SpecError as exc:
        problems.extend(f"{what}: {p}" for p in exc.problems)
    except TrialFailed as exc:
        problems.append(f"{what}: {exc}")
    except RecursionError:
        problems.append(f"{what}: its data is nested too deeply")
    except Exception as exc:
        problems.append(f"{what}: {type(exc).__name__}: {exc}")
    return None


def ignored_fields(
    raw: dict[str, Any], merged: dict[str, Any], base: dict[str, Any] | None, build: Build
) -> list[str]:
    """Warnings for piece fields (``RULE_FIELDS``) that ``raw`` (a house file) sets but that
    change no decision, roll or position in the trial games (the rules class does not read
    them: a classic King given ``movement = ["leap 1 2"]``). ``merged`` is the file with its
    base applied, ``base`` the base alone (None without one)."""
    spec = validate(merged, "file")
    trials = list(_trials(spec.model_dump_json(), build))
    warnings = []
    for key, piece in (raw.get("pieces") or {}).items():
        if not isinstance(piece, dict):
            continue
        for name in RULE_FIELDS:
            if name not in piece:
                continue
            before = ((base or {}).get("pieces") or {}).get(key, {}).get(name)
            if before == piece[name]:
                continue
            if _plays_the_same(merged, key, name, before, build, trials):
                warnings.append(
                    f"pieces.{key}.{name}: ignored: {spec.name} ({spec.rules}) "
                    f"plays its trial games the same without it"
                )
    return warnings


def _plays_the_same(
    merged: dict[str, Any], key: str, name: str, before: Any, build: Build, trials: list[Trial]
) -> bool:
    pieces = dict(merged["pieces"])
    piece = dict(pieces[key])
    if before is None:
        piece.pop(name, None)
    else:
        piece[name] = before
    pieces[key] = piece
    try:
        other = build(validate({**merged, "pieces": pieces}, "file"), None)
        return all(_replays_the_same(other, t) for t in trials)
    except Exception:  # it fails without the field, so the field matters
        return False
