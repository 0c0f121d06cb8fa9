"""Making puzzles from computer games (``battlechess make-puzzles``).

Computer players (easy, with a share of random slips that leave chances) play games of a
fixed seed; every position of each is examined (``examine``): each decision there is estimated
as the analysis estimates one (``analysis/engine.expected_after``), first quickly (``SCREEN``),
then the few best again at ``CONFIRM`` (a game's ``Criteria.confirm``); the position is a
puzzle when the best beats every other by a clear margin (``clear``) and that level's own
choice is the same. Both looks stop at the first decision that rules the position out, so the
cost goes to the few positions that may be puzzles. Its line follows the best replies (a fight
of the solver's taken as won, with its odds), and its theme is found from that line
(``puzzles/themes.py``). Everything depends on the seeds only.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable, Generator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from battlechess_tui.ai import Budget, make_player
from battlechess_tui.ai.outcomes import results
from battlechess_tui.ai.scoring import unsquash
from battlechess_tui.analysis import engine
from battlechess_tui.analysis.model import chance_of
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import AssumeWon
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.rules import Rules
from battlechess_tui.puzzles.model import Puzzle, Step
from battlechess_tui.puzzles.themes import Line, has_fight, theme_of
from battlechess_tui.simulation import cached_variant, game_seed

#: The players of the games puzzles come from, their thinking time (ms) and the share of their
#: decisions made at random.
PLAYERS, PLAY_MS, SLIPS = "easy", 20, 0.2
#: Levels: every decision screened (a short look: ``SCREEN_MS``, unless a game's ``Criteria``
#: says); the confirming level's own choice, and the best few again at its time (hard,
#: unless a game's ``Criteria`` says).
SCREEN, CONFIRM = "easy", "hard"
SCREEN_MS = 10
#: The level and seed of the check every shipped puzzle passes (``agrees``): a fixed node
#: budget a test can afford for each of them.
RECHECK, RECHECK_SEED = "medium", 41
#: A clear margin: 15 points of winning chance, or ``pawns`` (where the estimate counts pawns:
#: at least one, as the issue asks); in a game still open (the next best not already
#: ``still_open`` won, the best not as sure lost): a side that wins, or loses, whatever it
#: does has no puzzle.
CLEAR_CHANCE = 0.15


@dataclass(frozen=True)
class Criteria:
    """When a game is still open (``still_open``), the margins in pawns and in chance
    (``chance``) that are clear, the level that chooses the answer and confirms it
    (``confirm``), how many decisions it looks at again (``top``) and for how long
    (``confirm_ms``; None: the level's own time), the screen's look at each decision
    (``screen_ms``), whether the answer's worth is the one its choice found (``chosen_worth``:
    the confirming level's estimate of the position at its own time is its best decision's
    worth) instead of a look of its own, and whether the chances it compares are the game's
    calibrated ones (``calibrated``) or the search's own worth read as a chance. With
    ``lead``, the margin in pawns is the search's own lead even where the estimate counts
    chance rather than pawns."""

    still_open: float = 0.9
    pawns: float = 1.0
    chance: float = CLEAR_CHANCE
    lead: bool = False
    top: int = 3
    confirm_ms: int | None = None
    confirm: str = CONFIRM
    screen_ms: int = SCREEN_MS
    chosen_worth: bool = False
    calibrated: bool = True


#: Classic's puzzles are checked against Stockfish, and its criteria read the search's own
#: worth (a squashed material count, not the chance calibrated on outcomes): one pawn, or a
#: game already 70% won so, let Stockfish find a second best as good in too many, and so did
#: a second best hard saw only at its own time, or outside the screen's best three. The
#: games of chance (and arena's) read their calibrated chance.
#: D&D's positions cost a hard search about 20 CPU seconds (each node weighs its battles'
#: exact odds), and a medium one a fifth of that: medium chooses and confirms its answers,
#: and every shipped puzzle is re-checked at medium's fixed budget, as every game's is.
#: Single combat's screen looks half as long: almost as many puzzles a game (23 against 26
#: in its games 4-23) for 12% less time a puzzle. Dice chess's found half as many so; its
#: confirmation weighs each capture over the six rerolls of the captured die (DC-10), each a
#: search. It looks 400 ms, and its answer keeps the worth hard's own choice found at its full
#: second (the rerolls weighed there): the 18 positions of its games 0-29 that passed the
#: screen gave 11 puzzles for 39% of the time (the full look: 11), and 60 were made in 9
#: minutes on two cores (``docs/benchmarks.md``).
#: Gladiator's estimate counts chance, not material, and a Footman is half a point of it (a
#: held Queen decides these games, rules/gladiator/evaluation.py): its margin is 5 points of
#: chance (a Queen taken or saved), or a Footman of material more than any other decision,
#: read from the search's own lead (``GLADIATOR_LEAD``, its pawns of chance), as before.
GLADIATOR_CHANCE, GLADIATOR_LEAD = 0.05, 0.055
CRITERIA = {
    "classic": Criteria(0.7, 2.0, top=5, confirm_ms=2000, calibrated=False),
    "gladiator": Criteria(pawns=GLADIATOR_LEAD, chance=GLADIATOR_CHANCE, lead=True),
    "dice-chess": Criteria(confirm_ms=400, chosen_worth=True),
    "dnd": Criteria(confirm="medium"),
    "single-combat": Criteria(screen_ms=5),
}


def criteria(rules: Rules[Any]) -> Criteria:
    """The criteria of the game of ``rules`` (a house game's are the default)."""
    return CRITERIA.get(rules.spec.key, Criteria())


def _chance(rules: Rules[Any], worth: float) -> float:
    """The winning chance ``worth`` (to the side) stands for, as the game's criteria read it
    (``Criteria.calibrated``)."""
    if not criteria(rules).calibrated:
        worth = engine.searchs_worth(rules, worth)
    return chance_of(worth, 0)


#: Decisions of the line shown after the answer's position (the answer included).
LINE = 4
#: Positions skipped at the start of a game (the opening).
OPENING = 6
#: Most decisions of a game played for puzzles; most puzzles taken from one game.
GAME_LIMIT, PER_GAME = 100, 4


def clear(rules: Rules[Any], best: float, second: float) -> bool:
    """Does ``best`` (a worth to the side deciding) beat ``second`` by a clear margin, in a
    game still open (``Criteria``)?"""
    rule = criteria(rules)
    top, next_ = _chance(rules, best), _chance(rules, second)
    if next_ >= rule.still_open or top <= 1 - rule.still_open:
        return False
    if top - next_ >= rule.chance:
        return True
    if rule.lead:
        return unsquash(best) - unsquash(second) >= rule.pawns
    more, less = engine.pawns(rules, best), engine.pawns(rules, second)
    return more is not None and less is not None and more - less >= rule.pawns


def _to_side(rules: Rules[Any], state: Any, worth: float) -> float:
    """``worth`` (to White) to the side deciding at ``state``."""
    return worth if rules.side_to_move(state) == 0 else -worth


def _worth(
    rules: Rules[Any], state: Any, action: Action, level: str, seed: int, think_ms: int | None
) -> float:
    """The worth of ``action`` to the side deciding at ``state``."""
    return _to_side(
        rules, state, engine.expected_after(rules, state, action, level, seed, think_ms)
    )


def beaten(rules: Rules[Any], second: float) -> bool:
    """Can no decision beat one worth ``second`` clearly (``clear``), whatever it is worth?
    So when ``second`` is still open won, or (in a game without a pawn scale) within
    ``CLEAR_CHANCE`` of a sure win."""
    next_ = _chance(rules, second)
    if next_ >= criteria(rules).still_open:
        return True
    return rules.estimate_unit != "pawns" and 1.0 - next_ < CLEAR_CHANCE


def screen(
    rules: Rules[Any], state: Any, actions: list[Action], seed: int, first: Action | None
) -> list[tuple[float, Action]] | None:
    """``actions`` by their worth at ``SCREEN``, best first, or None as soon as the second
    best seen is ``beaten``: no puzzle, whatever the others are worth. ``first``
    is looked at first, since it is likely the best."""
    order = sorted(range(len(actions)), key=lambda i: actions[i] != first)
    think_ms = criteria(rules).screen_ms
    worths: dict[int, float] = {}
    top = [-math.inf, -math.inf]  # the best two seen
    for i in order:
        worths[i] = _worth(rules, state, actions[i], SCREEN, seed, think_ms)
        top = sorted([*top, worths[i]])[1:]
        if beaten(rules, top[0]):
            return None
    return [(worths[i], actions[i]) for i in sorted(worths, key=lambda i: (-worths[i], i))]


@dataclass(frozen=True)
class Found:
    """A position that is a puzzle: its answer with the worths (to the side) of the best and
    the next best decision."""

    answer: Action
    best: float
    second: float
    quick: bool  # the quick screen put it first too


def _glance(rules: Rules[Any], state: Any, seed: int) -> engine.Estimate:
    """The screen's estimate of ``state``."""
    return engine.estimate(rules, state, SCREEN, seed, criteria(rules).screen_ms)


def lost(rules: Rules[Any], state: Any, glance: engine.Estimate) -> bool:
    """Is the side deciding at ``state`` lost whatever it does (by the screen's ``glance``)?"""
    return _chance(rules, _to_side(rules, state, glance.worth)) <= 1 - criteria(rules).still_open


def examine(rules: Rules[Any], state: Any, seed: int) -> Found | None:
    """The puzzle ``state`` makes, or None. The cheap looks come first: a side lost
    whatever it does has none; every decision screened (stopping once none could be clear);
    then the confirming level's own choice and the re-check's (the same); only then that
    choice against the screen's best others (``Criteria.top`` in all) at that level."""
    if rules.outcome(state) is not None:
        return None
    actions = rules.legal_actions(state)
    if len(actions) < 2:
        return None
    glance = _glance(rules, state, seed)
    if lost(rules, state, glance):
        return None
    screened = screen(rules, state, actions, seed, glance.preferred)
    if screened is None or not clear(rules, screened[0][0], screened[1][0]):
        return None
    rule = criteria(rules)
    choice = engine.estimate(rules, state, rule.confirm, seed)
    answer = choice.preferred
    if answer is None or not agrees(rules, state, {answer}):
        return None
    others = [a for _, a in screened if a != answer][: rule.top - 1]
    chosen = _to_side(rules, state, choice.worth) if rule.chosen_worth else None
    worths = confirmed(rules, state, answer, others, seed, chosen)
    if worths is None:
        return None
    return Found(answer, *worths, screened[0][1] == answer)


def confirmed(
    rules: Rules[Any],
    state: Any,
    answer: Action,
    others: list[Action],
    seed: int,
    chosen: float | None = None,
) -> tuple[float, float] | None:
    """The worths of ``answer`` (``chosen``, where its choice found it) and of the best of
    ``others`` at the confirming level, where it beats each clearly; None at the first it
    does not (the rest not looked at)."""
    rule = criteria(rules)
    if chosen is None:
        chosen = _worth(rules, state, answer, rule.confirm, seed, rule.confirm_ms)
    best, second = chosen, -1.0
    for other in others:
        worth = _worth(rules, state, other, rule.confirm, seed, rule.confirm_ms)
        if not clear(rules, best, worth):
            return None
        second = max(second, worth)
    return best, second


def agrees(rules: Rules[Any], state: Any, answers: set[Action]) -> bool:
    """Does the searcher at the fixed budget of ``RECHECK`` (nodes, not time: the same on
    every machine) choose one of ``answers``? Every shipped puzzle is checked so."""
    return engine.estimate(rules, state, RECHECK, RECHECK_SEED).preferred in answers


def line_of(rules: Rules[Any], state: Any, answer: Action, seed: int) -> tuple[Line, list[str]]:
    """The line after ``answer``: the best replies found, a fight of the solver's taken as
    won (else the likeliest result); with each decision's chance of the result followed."""
    side = rules.side_to_move(state)
    actions, states, chances = [answer], [state], []
    action: Action | None = answer
    while action is not None and len(actions) <= LINE:
        now = states[-1]
        if rules.side_to_move(now) == side and has_fight(rules, now, action):
            after, _ = rules.apply(now, action, AssumeWon())
            chance = rules.chance(now, action).p
        else:
            branches = results(rules, now, action, random.Random(seed)).branches
            top = max(branches, key=lambda b: b.weight)
            after, chance = top.state, Fraction(top.weight).limit_denominator(10_000)
        states.append(after)
        chances.append(str(chance))
        if rules.outcome(after) is not None or len(actions) == LINE:
            break
        action = engine.estimate(rules, after, RECHECK, seed + len(actions)).preferred
        if action is not None:
            actions.append(action)
    return Line(tuple(actions[: len(chances)]), tuple(states)), chances


def rating_of(theme: str, line: Line, screened_first: bool) -> int:
    """A first rating: mates and hanging pieces are easier, quiet moves and fights' choices
    harder; a puzzle the quick screen did not see at once is harder still."""
    base = {"mate in 1": 1100, "hanging piece": 1200, "mate in 2": 1500, "fork": 1600,
            "wins material": 1500, "best fight": 1500, "when to wait": 1700,
            "override": 1600, "spell choice": 1600, "only move": 1800}  # fmt: skip
    return base.get(theme, 1500) + (0 if screened_first else 200) + 25 * len(line.actions)


def puzzle_at(rules: Rules[Any], state: Any, seed: int, id: str) -> Puzzle | None:
    """The puzzle of ``state`` (named ``id``), or None."""
    found = examine(rules, state, seed)
    if found is None or not agrees(
        rules, rules.parse_position(rules.position_text(state)), {found.answer}
    ):
        return None  # the re-check reads the position back from its text, as the test does
    side = rules.side_to_move(state)
    line, chances = line_of(rules, state, found.answer, seed)
    theme = theme_of(rules, state, line, side)
    geo, presenter = rules.geo, cached_variant(rules.spec.key, None).presenter
    steps = tuple(
        Step(a.text(geo), rules.side_to_move(s), c, presenter.notation(s, a))
        for a, s, c in zip(line.actions, line.states, chances, strict=False)
    )
    chance = rules.chance(state, found.answer)
    odds = "" if chance.certain else str(chance.p)
    return Puzzle(
        id, rules.spec.key, rules.position_text(state), (found.answer.text(geo),), theme,
        rating_of(theme, line, found.quick), steps, round(chance_of(found.best, 0), 4),
        round(chance_of(found.second, 0), 4), odds,
    )  # fmt: skip


def slip_game(key: str, seed: int) -> tuple[Game, list[int]]:
    """A game of the easy level (thinking ``PLAY_MS``) where a share ``SLIPS`` of the
    decisions are made at random instead, and the decisions that were slips: each leaves the
    other side a chance, which is where puzzles are looked for."""
    game = Game(cached_variant(key, None), seed)
    rules, rng, slips = game.rules, random.Random(seed), []
    player, budget = make_player(PLAYERS), Budget.for_level(PLAYERS, PLAY_MS, rules=rules)
    names = [n.lower() for n in rules.side_names]
    while not game.over and len(game.plies) < GAME_LIMIT:
        if rng.random() < SLIPS:
            slips.append(len(game.plies))
            game.play(rng.choice(game.rule_actions()))
            continue
        side = rules.side_of(game.to_move)
        game.play(player.choose(rules, game.state, names[side], rng, budget))
    return game, slips


def _chances(game: Game, slips: list[int]) -> list[int]:
    """The positions past the opening to examine: first the other side's turn after each
    slip (every commander's decision of a team turn), then every other one in order."""
    rules, found = game.rules, []
    sides = [rules.side_to_move(p.state) for p in game.positions[: len(game.plies)]]
    for slip in slips:
        turn: list[int] = []
        for ply in range(slip + 1, len(sides)):
            if sides[ply] != sides[slip]:
                turn.append(ply)
            elif turn:
                break
        found += [p for p in turn if p >= OPENING and p not in found]
    return found + [p for p in range(OPENING, len(sides)) if p not in found]


def game_puzzles(key: str, seed: int, index: int) -> list[Puzzle]:
    """The puzzles of computer game ``index`` of ``key`` (seeded by ``seed``): the positions
    where the other side decides after its slips."""
    number = game_seed(seed, index)
    game, slips = slip_game(key, number)
    found: list[Puzzle] = []
    for ply in _chances(game, slips):
        state = game.positions[ply].state
        puzzle = puzzle_at(game.rules, state, number + ply, f"{key}-{number}-{ply}")
        if puzzle is not None:
            found.append(puzzle)
        if len(found) == PER_GAME:
            break
    return found


def make(
    key: str,
    games: int,
    jobs: int = 1,
    seed: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Generator[tuple[int, list[Puzzle]], None, None]:
    """Each game's index and puzzles as the game is done (in any order); ``progress`` hears
    the games done and the puzzles found so far."""
    done = count = 0
    runs = _played(key, games, jobs, seed)
    try:
        for index, found in runs:
            done, count = done + 1, count + len(found)
            if progress:
                progress(done, count)
            yield index, found
    finally:
        runs.close()  # the games not started yet are cancelled


def _played(
    key: str, games: int, jobs: int, seed: int
) -> Generator[tuple[int, list[Puzzle]], None, None]:
    """Each game's index and puzzles as it is done: in order in this process, or as they
    finish in ``jobs`` processes."""
    if jobs <= 1:
        for index in range(games):
            yield index, game_puzzles(key, seed, index)
        return
    with ProcessPoolExecutor(min(jobs, games, os.cpu_count() or 1)) as pool:
        waiting = {pool.submit(game_puzzles, key, seed, index): index for index in range(games)}
        try:
            while waiting:
                finished, _ = wait(waiting, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield waiting.pop(future), future.result()
        finally:
            for future in waiting:
                future.cancel()


def collect(
    key: str,
    games: int,
    jobs: int = 1,
    seed: int = 1,
    progress: Callable[[int, int], None] | None = None,
    enough: int | None = None,
) -> list[Puzzle]:
    """The puzzles of games 0, 1, ... in order: of all ``games``, or of the first games
    that give ``enough``; the same for any ``jobs``."""
    done: dict[int, list[Puzzle]] = {}
    runs = make(key, games, jobs, seed, progress)
    try:
        for index, found in runs:
            done[index] = found
            first = _first(done, enough)
            if first is not None:
                return first
    finally:
        runs.close()
    return [p for index in sorted(done) for p in done[index]]


def _first(done: dict[int, list[Puzzle]], enough: int | None) -> list[Puzzle] | None:
    """The puzzles of the first games in ``done`` that give ``enough``, or None (not yet)."""
    kept: list[Puzzle] = []
    index = 0
    while enough is not None and index in done:
        kept += done[index]
        if len(kept) >= enough:
            return kept
        index += 1
    return None
