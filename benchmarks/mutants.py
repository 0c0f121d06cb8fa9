"""Mutation testing: do the tests of a game (or of a layer) fail when its code is broken?

Run:  nice -n 10 .venv/bin/python benchmarks/mutants.py [--games gladiator,dnd] [--per-game 45]
          [--seed 1] [--jobs 1] [--timeout 60] [--json out.json] [--recheck earlier.json]

A small seeded mutator over the ``ast`` makes one-line mutants of the rules code of each game
(``rules/<game>/``), of the engine (``engine/``) and of the layers above the rules (``ai/``,
``analysis/``, ``save/``): a comparison flipped (``<`` and ``<=``,
``==`` and ``!=``, ``in`` and ``not in``, ``is`` and ``is not``), an integer constant off by one,
a condition negated (``if``, ``while``, ``x if c else y``, a comprehension's ``if``) or a
statement removed (replaced by ``pass``). Presenters (``present.py``, ``explain.py``, the
engine's ``present.py`` and ``views.py``) hold words and are left to the UI tests; docstrings,
annotations, f-strings, ``assert`` statements and imports are never mutated.

Each mutant runs against the tests of its game only (``GROUPS``), and of those only the tests
that call the mutated function: a first run per game, traced (``mutants_trace.py``), records
which functions each test calls. A mutant in a function no test calls survives without a run
("not run"); one at module level runs every test of its game.
The tests run quickest first (as timed in the traced run). Every run is
``pytest -p no:xdist -x -q`` in a temporary copy of the project (never the
worktree, which is never mutated), with a timeout per mutant (an infinite loop counts as
killed); the copy is deleted at the end, on an error or on Ctrl+C. It prints the kill rate per
game and lists the survivors; ``EQUIVALENT`` holds the survivors judged equivalent (no test
can tell them from the original), and the rate over the others is the one with a target.
``--recheck`` takes an earlier run's ``--json`` (same seed and counts, the rules code
unchanged): it keeps that run's kills and equivalents and runs only the other survivors
again, each against every test of its game (new tests are written to kill them).
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from queue import Queue

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "battlechess_tui"
HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Group:
    """A game's code to mutate (folders under the package) and the test files that guard it."""

    folders: tuple[str, ...]
    tests: tuple[str, ...]


GROUPS = {
    "classic": Group(("rules/chess_family",),  # FIDE's moves: classic and single combat
                     ("test_classic.py", "test_chess_positions.py", "test_chess_numbers.py",
                      "test_chess_arena_perft.py", "test_single_combat.py",
                      "test_search_chess.py", "test_search_exchange.py", "test_san.py")),
    "arena": Group(("rules/arena",), ("test_arena.py", "test_brawl.py",
                                      "test_chess_arena_perft.py", "test_chess_positions.py",
                                      "test_search_arena.py")),
    "dice-chess": Group(("rules/dice_chess",),
                        ("test_dice_chess.py", "test_dice_chess_numbers.py",
                         "test_dice_chess_position.py", "test_dice_chess_rulings.py",
                         "test_dice_chess_setup_text.py", "test_search_dice_chess.py")),
    "dnd": Group(("rules/dnd",), ("test_dnd_battle.py", "test_dnd_odds.py",
                                  "test_dnd_position.py", "test_dnd_random.py",
                                  "test_dnd_spells.py", "test_dnd_spells_in_play.py",
                                  "test_dnd_stats.py", "test_dnd_turn.py", "test_dnd_value.py",
                                  "test_dnd_campaign.py", "test_campaign.py",
                                  "test_campaign_support.py")),  # rules/dnd/campaign.py
    "gladiator": Group(("rules/gladiator",),
                       ("test_gladiator.py", "test_gladiator_battles.py",
                        "test_gladiator_games.py", "test_gladiator_names.py",
                        "test_gladiator_position.py", "test_gladiator_royals.py")),
    "single-combat": Group(("rules/single_combat",), ("test_single_combat.py",
                                                      "test_chess_positions.py",
                                                      "test_search_chess.py")),
    "engine": Group(("engine",), ("test_dice.py", "test_geometry_and_movement.py",
                                  "test_classic.py", "test_chess_positions.py",
                                  "test_chess_numbers.py", "test_saves.py",
                                  "test_hardening_variants.py", "test_example_saves.py",
                                  "test_engine_edges.py")),
    # Beyond the rules: the computer players, the analysis, and the saves.
    "ai": Group(("ai",), ("test_ai_draws.py", "test_ai_outcomes.py", "test_ai_search.py",
                          "test_search_single_combat.py", "test_search_calibration.py",
                          "test_tactics.py", "test_search_arena.py")),  # minimax.py
    "analysis": Group(("analysis",), ("test_analysis.py", "test_analysis_pgn.py",
                                      "test_analysis_lessons.py", "test_analysis_estimates.py",
                                      "test_kept_analysis.py", "test_mistakes.py",
                                      "test_pgn_import_bounds.py", "ui/test_mistakes_ui.py")),
    "save": Group(("save",), ("test_saves.py", "test_example_saves.py", "test_roll_facts.py",
                              "test_hardening_inputs.py", "test_hardening_campaign_round3.py",
                              "test_old_saves.py", "test_save_migrations.py",
                              "test_rules_revisions.py", "test_no_overwrite.py",
                              "test_record_facts.py", "test_typed_rolls.py",
                              "test_kept_analysis.py", "test_hardening_variants.py",
                              "ui/test_continue.py")),  # unfinished_games, what Continue lists
}  # fmt: skip
#: Files of words, left to the UI tests.
PRESENTERS = {"present.py", "explain.py", "views.py"}
#: Survivors judged equivalent: (file, the original line, stripped, the mutation) -> why.
EQUIVALENT: dict[tuple[str, str, str], str] = {
    ("battlechess_tui/analysis/run.py", "seed = SEARCH_SEED * (index + 1)", "1 -> 2"):
        "the seed of the estimates of a roll's other results: any fixed seed gives an analysis "
        "as repeatable (the same for any jobs, tested); only a golden figure of the search's "
        "noise could tell two seeds apart",
    ("battlechess_tui/rules/gladiator/moves.py", "return (", "removed"):
        "Generator.quick is a shortcut: answering no sends every move through the full check "
        "test (safe), which gives the same moves, more slowly",
    ("battlechess_tui/rules/gladiator/rules.py", "self._analyses[state] = found", "removed"):
        "a cache of analyses: without it each position is analysed again, to the same answer",
    ("battlechess_tui/rules/gladiator/rules.py", "if len(self._analyses) >= CACHE_SIZE:",
     ">= -> >"):
        "the same cache of analyses keeps one more before it drops its oldest: the same answers",
    ("battlechess_tui/rules/gladiator/queen.py", "return ()", "removed"):
        "nearest_empty's answer when no square of the board is empty: 120 squares never hold "
        "the 40 pieces and more that would take",
    ("battlechess_tui/rules/gladiator/state.py", 'EMPTY_PIECE = Piece(EMPTY, "", 0, 0)',
     "0 -> -1"):
        "freeze's placeholder: every entry of its list is written over by a piece (the new "
        "numbers are each piece's place in the canonical order), so its hit points are never read",
    ("battlechess_tui/rules/dnd/odds.py", "return fast", "removed"):
        "solve_cursed is a fast path: without its answer the joint solver gives the same "
        "Fraction (a test checks the two agree)",
    ("battlechess_tui/rules/dnd/odds_chain.py",
     "entry = self.target.table(Strike(e, 0, strike.hits, strike.halt), rounds)", "0 -> -1"):
        "Strike.none is only part of the cache key here: table() reads hits and halt, and the "
        "caller passes no misses to _spread itself",
    ("battlechess_tui/rules/dnd/turn.py", "s.actors = s.actors[1:]", "1 -> 2"):
        "only castling has two actors, and the second is the Rogue, who has no ranged action "
        "in the tables (DD-6): dropping it now or at once in next_actor ends the turn the same",
    ("battlechess_tui/rules/chess_family/position.py",
     'for letter in words[2] if len(words) > 2 and words[2] != "-" else "":', "> -> >="):
        "read_board is only given whole FENs (split_position requires six fields), so there "
        "are never exactly two words",
    ("battlechess_tui/rules/chess_family/pieces.py", "spec: VariantSpec", "removed"):
        "a class annotation without a value only tells mypy the attribute's type; nothing "
        "reads the class's __annotations__",
    ("battlechess_tui/rules/chess_family/search.py", "FUTILITY = (0, 200, 450)", "0 -> 1"):
        "the margin for depth 0 is never read: a node at depth 0 goes to quiescence before "
        "futility, which uses depths 1 and 2",
    ("battlechess_tui/rules/chess_family/search.py", "won_guess = won_[0]", "0 -> 1"):
        "a fight searches its won result first unless that result is already settled, when "
        "its interval's two ends are equal; the first guess is read only in that case",
    ("battlechess_tui/rules/chess_family/search.py", "best, best_move, legal = -INF, 0, 0",
     "0 -> -1"):
        "best_move's start: the first legal move searched always replaces it (its value beats "
        "-INF; futility skips only after one), and no legal move stores nothing. (legal's own "
        "0 -> -1 on this line is killed: one legal move would read as none)",
    ("battlechess_tui/rules/chess_family/searcher.py",
     "mate = MATE - abs(value) if value > 0 else -(MATE - abs(value))", "0 -> 1"):
        "read only for a value beyond MATE_BOUND, never 1",
    ("battlechess_tui/rules/arena/rules.py", "return out", "removed"):
        "divide's shortcut for a finished game: the walk finds no legal action there and "
        "returns the same empty list",
    ("battlechess_tui/rules/single_combat/__init__.py", "__all__ = [", "removed"):
        "__all__ only shapes a star import, which nothing uses; every name is still imported",
    ("battlechess_tui/rules/single_combat/rules.py", "if board.ep >= 0:", "0 -> 1"):
        "an en passant square is on the third or sixth rank, never a1 (square 0)",
    ("battlechess_tui/rules/single_combat/rules.py", "if board.ep >= 0:", ">= -> >"):
        "an en passant square is on the third or sixth rank, never a1 (square 0)",
    ("battlechess_tui/engine/spec.py", "return None", "removed"):
        "data_problem's last line: without it the function falls off its end, which "
        "returns the same None",
    ("battlechess_tui/rules/arena/__init__.py", "__all__ = [", "removed"):
        "__all__ only shapes a star import, which nothing uses; every name is still imported",
    ("battlechess_tui/rules/arena/rules.py", "MOVES_CACHE = 4096", "4096 -> 4097"):
        "the size of a cache of move lists",
    ("battlechess_tui/rules/arena/state.py",
     "fullmove: int = 1  # as FEN's move number: one more after each of Black's turns",
     "1 -> 0"): "a default never used: every state is built with its move number",
    ("battlechess_tui/rules/arena/state.py",
     "quiet: int = 0  # gladiator halves, made or skipped, since the last capture (AR-13)",
     "0 -> 1"): "a default never used: every state is built with its count",
    ("battlechess_tui/rules/gladiator/state.py",
     "key=lambda p: (LOOSE.index(p.status) if p.status in LOOSE else 3, p.side, p.kind, p.hp)",
     "3 -> 2"):
        "the key 3 sorts a frozen or captured piece whose holder is off the board, which no "
        "game reaches: the Queen held by a King who is killed is recovered (GC-31), and a "
        "captured Queen's prisoner goes back to its back rank (GC-29)",
    (
        "battlechess_tui/rules/dice_chess/search.py",
        "return 50 + 8 * (victim & 7) - (cells[m & 255] & 7)",
        "8 -> 7",
    ): "a capture's rank: a capturer is never below its victim's face (DC-8), so capturers "
    "differ by at most 5 and any weight above 5 on the victim orders captures alike",
    ("battlechess_tui/rules/arena/search.py", "EXACT, LOWER, UPPER = 0, 1, 2", "0 -> -1"):
        "the table's flags are only told apart by ==, and -1, 1 and 2 are as distinct",
    ("battlechess_tui/rules/arena/search.py", "scores = dict.fromkeys(actions, 0)", "0 -> -1"):
        "the root moves' scores before the first depth: all equal either way, so the stable "
        "sort keeps the shuffled order; every score is replaced before it is read again",
    ("battlechess_tui/rules/dice_chess/value.py", "return max(0, limit - state.quiet)",
     "0 -> -1"):
        "plies_left's floor matters only once the clock has run past its limit; its one "
        "caller then finds the first capture at ply 1 or later, so room = left - first + 1 is "
        "at most 0 with a floor of 0 or -1, and it returns 0 either way",
    ("battlechess_tui/rules/dice_chess/rules.py", "return 0 if die is None else die[1]",
     "0 -> 1"):
        "face_of is only given squares that hold a die (a swap's two dice, DC-15; a move's "
        "mover), so the face of an empty square is never read",
    **dict.fromkeys(
        (("battlechess_tui/rules/dice_chess/search.py",
          "return 50 + 8 * (victim & 7) - (cells[m & 255] & 7)", change)
         for change in ("7 -> 6", "7 -> 8")),
        "move ordering only: a mask of 6 or 8 misreads a face, so captures are searched in "
        "another order, never to another value (the fixed-depth search agrees with a plain "
        "expectimax either way); a decision moves only where the node budget ends a depth "
        "part-way, which no test can pin to the ordering"),
    ("battlechess_tui/rules/dice_chess/rules.py", "return None", "removed"):
        "outcome's two returns of None: the last falls off the end to the same None; the "
        "setup phase's goes on to checks that find nothing, since in setup both sides have "
        "all their dice, nothing is captured and no turn is counted (DC-2; a position text "
        "saying otherwise is refused)",
    ("battlechess_tui/rules/dice_chess/rules.py", "winner = 0 if taken[0] > taken[1] else 1",
     "> -> >="):
        "read only under `elif taken[0] != taken[1]:`, where the two captured totals differ",
    ("battlechess_tui/rules/dice_chess/value.py",
     "behind = None if lead == 0 else side if lead < 0 else side ^ 1", "< -> <="):
        "a lead of 0 is taken by the test before it, so lead <= 0 and lead < 0 agree",
    ("battlechess_tui/rules/dice_chess/search.py",
     "caps = self.ordered(self.captures(self.moves()), -1, -1)", "1 -> 2"):
        "quiescence orders its captures with no table move and no killer: -2 names neither a "
        "move (moves are at least 0) nor a ply with a killer (plies are at least 0), as -1 does",
    ("battlechess_tui/rules/dice_chess/search.py", "return 10 if m == killer else 0", "0 -> -1"):
        "move ordering only: every quiet move but the killer ranks alike at 0 or at -1, below "
        "the killer's 10 and the captures' 50 and more, and the sort keeps their order",
    ("battlechess_tui/rules/dice_chess/search.py",
     "start, best, best_move = alpha, -INF, -1", "1 -> 0"):
        "the first move searched always beats -INF and sets best_move (a node with no move "
        "passes before this, DC-7), so its first value is never kept; 0 (a1 to a1) is no move "
        "either",
    ("battlechess_tui/rules/dice_chess/search.py", "MAX_DEPTH = 32", "32 -> 33"):
        "the deepening's cap: a search reaches it only where the clocks end every line far "
        "sooner (DC-12, DC-14), and there each depth past that end finds the same move and "
        "worth; only the depth reported differs",
    ("battlechess_tui/ai/search.py",
     "search = Search(rules, random.Random(rng.getrandbits(64)), budget, table=table)",
     "64 -> 63"):
        "the width of the seed drawn for the search's own stream: any width seeds it alike; "
        "only the random tie-breaks differ, which no behaviour (nor test) may pin to a seed",
    ("battlechess_tui/ai/searched.py", "return 1.0 if found.mate > 0 else -1.0", "> -> >="):
        "worth_of reads the sign of a mate only under `if found.mate:`, where it is never 0",
    ("battlechess_tui/ai/search.py", "resample: bool = False", "removed"):
        "a default never read: Search.run sets resample before any step reads it, and no "
        "caller passes it",
    **dict.fromkeys(
        (("battlechess_tui/rules/single_combat/rules.py", f"if {who} & 7 == cb.KING:", "7 -> 6")
         for who in ("defender", "attacker")),
        "piece types are 1 to 6 (plus 8 for Black): p & 6 == 6 holds for the King (6) alone, "
        "as p & 7 == 6 does; bit 0 only tells 7 from 6, and there is no piece 7"),
    **dict.fromkeys(
        (("battlechess_tui/rules/arena/state.py",
          "idle: tuple[int, int] = (0, 0)  # own turns in a row without a gladiator move (AR-12)",
          change) for change in ("0 -> 1", "0 -> -1")),
        "a default never used: the one place that builds a state (reading a position) gives "
        "its counts, and every later state is a copy with them"),
    **dict.fromkeys(
        (("battlechess_tui/engine/movement.py",
          "turns = [(0, 0)] if first == n else [(-dy, dx), (dy, -dx)]", change)
         for change in ("0 -> -1", "0 -> 1")),
        "a bent route with every square on its first leg has an empty second leg "
        "(range(1, n - first + 1) is empty), so its turn is never used"),
    ("battlechess_tui/save/lock.py", "lock.acquire(0)", "0 -> 1"):
        "taking a lock nobody holds succeeds at once either way; a held one is Busy after 0 s "
        "or after 1 s: the same files are removed, only later (tests never time the clock)",
    ("battlechess_tui/save/lock.py",
     'return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)',
     "0 -> -1"):
        "the default is read only where os has no O_CLOEXEC; every POSIX system the tests "
        "run on has it",
    ("battlechess_tui/save/lock.py",
     "msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]", "1 -> 2"):
        "Windows only: never run on the POSIX machines the tests run on",
}  # fmt: skip
FLIPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}  # fmt: skip
SYMBOLS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
           ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is",
           ast.IsNot: "is not"}  # fmt: skip
REMOVABLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return, ast.Raise,
             ast.Break, ast.Continue, ast.Delete)  # fmt: skip


# -- making mutants ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Site:
    """One place to mutate: the node's index in ``ast.walk`` order, what to do, its lines."""

    file: str  # relative to the project
    index: int
    kind: str  # "flip", "constant", "negate", "remove"
    detail: int  # flip: which operator of the comparison; constant: +1 or -1
    lines: tuple[int, int]
    label: str
    function: int  # first line of the function it is in (its code's), 0 at module level
    cached: bool = False  # that function is memoised: the trace sees only its first call


def skipped_nodes(tree: ast.Module) -> set[int]:
    """ids of nodes never mutated: docstrings, annotations, f-strings, asserts, imports and
    everything inside them."""
    out: set[int] = set()

    def drop(node: ast.AST | None) -> None:
        if node is not None:
            out.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Assert, ast.Import, ast.ImportFrom, ast.JoinedStr)):
            drop(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            drop(node.returns)
            for arg in [*node.args.args, *node.args.kwonlyargs, *node.args.posonlyargs]:
                drop(arg.annotation)
        elif isinstance(node, ast.AnnAssign):
            drop(node.annotation)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                drop(body[0])
    return out


def function_of(tree: ast.Module) -> dict[int, int]:
    """Each line of a function body -> the first line of the innermost function's code (its
    first decorator, else its ``def``): what the traced run records a call by."""
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            body = node.body[0] if isinstance(node.body, list) else node.body
            decorators = getattr(node, "decorator_list", [])
            first = min([node.lineno, *(d.lineno for d in decorators)])
            spans.append((body.lineno, node.end_lineno or body.lineno, first))
    out: dict[int, int] = {}
    for start, end, first in sorted(spans):  # inner functions start later: they win
        out.update(dict.fromkeys(range(start, end + 1), first))
    return out


def cached_functions(tree: ast.Module) -> set[int]:
    """First lines (as ``function_of`` gives them) of the functions a ``cache`` decorator
    memoises (``cache``, ``lru_cache``, ``cached_property``): a later test that calls one gets
    the answer without a call the trace could see, so their mutants run every test."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.decorator_list:
            names = [ast.unparse(d) for d in node.decorator_list]
            if any("cache" in name for name in names):
                out.add(min([node.lineno, *(d.lineno for d in node.decorator_list)]))
    return out


def sites_of(rel: str, tree: ast.Module, rng: random.Random) -> Iterator[Site]:
    skip, functions, cached = skipped_nodes(tree), function_of(tree), cached_functions(tree)
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skip:
            continue
        found = what_to_do(node, rng)
        if found is not None:
            kind, detail, span, label = found
            function = functions.get(span[0], 0)
            yield Site(rel, index, kind, detail, span, label, function, function in cached)


def what_to_do(node: ast.AST, rng: random.Random) -> tuple[str, int, tuple[int, int], str] | None:
    """(kind, detail, lines, label) of the mutation made at ``node``, if any; a comparison of
    several operators flips one of them."""
    span = (getattr(node, "lineno", 0), getattr(node, "end_lineno", 0))
    if isinstance(node, ast.Compare):
        i = rng.randrange(len(node.ops))
        op = type(node.ops[i])
        return "flip", i, span, f"{SYMBOLS[op]} -> {SYMBOLS[FLIPS[op]]}"
    if isinstance(node, ast.Constant) and type(node.value) is int:
        step = rng.choice((1, -1))
        return "constant", step, span, f"{node.value} -> {node.value + step}"
    test = None
    if isinstance(node, (ast.If, ast.While, ast.IfExp)):
        test = node.test
    elif isinstance(node, ast.comprehension) and node.ifs:
        test = node.ifs[0]
    if test is not None:
        return "negate", 0, (test.lineno, test.end_lineno or test.lineno), "negated"
    if isinstance(node, REMOVABLE):
        return "remove", 0, span, "removed"
    return None


def mutate(tree: ast.Module, site: Site) -> str:
    """The source of ``tree`` with ``site`` mutated (``tree`` itself is left as it was)."""
    tree = copy.deepcopy(tree)
    node = next(n for i, n in enumerate(ast.walk(tree)) if i == site.index)
    if site.kind == "flip":
        assert isinstance(node, ast.Compare)
        node.ops[site.detail] = FLIPS[type(node.ops[site.detail])]()
    elif site.kind == "constant":
        assert isinstance(node, ast.Constant) and type(node.value) is int
        node.value = int(node.value) + site.detail
    elif site.kind == "negate" and isinstance(node, ast.comprehension):
        node.ifs[0] = ast.UnaryOp(ast.Not(), node.ifs[0])
    elif site.kind == "negate":
        assert isinstance(node, (ast.If, ast.While, ast.IfExp))
        node.test = ast.UnaryOp(ast.Not(), node.test)
    else:
        replace_statement(tree, node)
    return ast.unparse(ast.fix_missing_locations(tree))


def replace_statement(tree: ast.Module, statement: ast.AST) -> None:
    for parent in ast.walk(tree):
        for name in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(parent, name, None)
            if isinstance(block, list) and any(s is statement for s in block):
                block[[id(s) for s in block].index(id(statement))] = ast.Pass()
                return
    raise ValueError("the statement is in no block")


def files_of(group: Group) -> list[Path]:
    out: list[Path] = []
    for folder in group.folders:
        out += sorted(p for p in (ROOT / PACKAGE / folder).glob("*.py") if p.name not in PRESENTERS)
    return out


def sample(group: Group, count: int, seed: int) -> list[Site]:
    """``count`` sites of the group's files, drawn with ``seed``."""
    rng = random.Random(seed)
    every: list[Site] = []
    for path in files_of(group):
        rel = str(path.relative_to(ROOT))
        every += sites_of(rel, ast.parse(path.read_text()), rng)
    rng.shuffle(every)
    return sorted(every[:count], key=lambda s: (s.file, s.lines, s.index))


# -- the copy of the project and the runs ----------------------------------------------------------


#: The copy's own temporary folder (TMPDIR and pytest's base folder of its runs).
TEMPORARY = ".tmp"


def make_copy() -> Path:
    """A copy of what the tests need, outside the worktree; the caller deletes it."""
    where = Path(tempfile.mkdtemp(prefix="mutants-"))
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", "__snapshots__")
    for name in (PACKAGE, "tests", "variants", "saves"):  # saves: the example games
        shutil.copytree(ROOT / name, where / name, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", where / "pyproject.toml")
    return where


def environment(where: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The tests' environment: the copy first on the path, and its own temporary folder (so
    the ``pytest-of-*`` folders of a run stopped by Ctrl+C go with the copy)."""
    env = dict(os.environ, PYTHONPATH=f"{where}{os.pathsep}{HERE}", **(extra or {}))
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"  # the rules tests need none: a quicker start
    env.pop("PYTEST_ADDOPTS", None)
    (where / TEMPORARY).mkdir(exist_ok=True)
    env["TMPDIR"] = env["TEMP"] = env["TMP"] = str(where / TEMPORARY)
    return env


def pytest_command(where: Path, tests: list[str]) -> list[str]:
    """The command of a test run in the copy at ``where``; its temporary files inside it."""
    # Plugins are not loaded by themselves (a quicker start): the asyncio one is named, for
    # the groups with an app test (a campaign game's claim, in the save group).
    return [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider",
            "-p", "pytest_asyncio.plugin", "-x", "-q", "--no-header", "-o", "addopts=",
            f"--basetemp={where / TEMPORARY / 'pytest'}", *tests]  # fmt: skip


#: The test runs under way, ended at once on Ctrl+C (from whichever thread started them).
RUNNING: set[subprocess.Popen[bytes]] = set()


def pytest(where: Path, tests: list[str], env: dict[str, str], timeout: float) -> str:
    """'passed', 'failed' or 'timeout': the tests run in the copy at ``where``."""
    command = pytest_command(where, tests)
    with subprocess.Popen(
        command, cwd=where, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    ) as child:
        RUNNING.add(child)
        try:
            code = child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return "timeout"
        finally:
            child.kill()  # nothing once it has ended; an endless loop or Ctrl+C: it stops
            RUNNING.discard(child)
    return "passed" if code == 0 else "failed"


def stop_runs() -> None:
    for child in list(RUNNING):
        child.kill()


def check_copy(where: Path) -> None:
    """The copy, not the worktree's editable install, is what the tests import."""
    code = f"import {PACKAGE}, sys; sys.stdout.write({PACKAGE}.__file__)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=where,
        env=environment(where),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    if not out.startswith(str(where)):
        raise SystemExit(f"the copy is not imported first ({out}): stopped")


@dataclass
class Coverage:
    """Which tests of a game call each function of its files (from one traced run); with
    ``everything``, every test of the game for every mutant (no traced run)."""

    everything: bool = False
    by_function: dict[tuple[str, int], set[str]] = field(default_factory=dict)
    at_import: set[tuple[str, int]] = field(default_factory=set)  # called outside any test
    tests: list[str] = field(default_factory=list)
    seconds: float = 0.0
    cost: dict[str, float] = field(default_factory=dict)  # each test's seconds, traced

    def tests_for(self, site: Site) -> list[str]:
        """The tests that call the mutant's function, quickest first; at module level (run
        once, at import) or in a memoised function, every test."""
        if (
            self.everything
            or not site.function
            or site.cached
            or (site.file, site.function) in self.at_import
        ):
            return ["tests/" + t for t in self.tests]
        found = self.by_function.get((site.file, site.function), set())
        return sorted(found, key=lambda test: (self.cost.get(test, 0.0), test))


def trace(where: Path, group: Group, timeout: float) -> Coverage:
    files = [str(where / p.relative_to(ROOT)) for p in files_of(group)]
    (where / "trace-files.txt").write_text("\n".join(files))
    out = where / "trace.json"
    env = environment(
        where,
        {"MUTANTS_TRACE_FILES": str(where / "trace-files.txt"), "MUTANTS_TRACE_OUT": str(out)},
    )
    tests = ["tests/" + t for t in group.tests]
    start = time.perf_counter()
    if pytest(where, ["-p", "mutants_trace", *tests], env, timeout * 10) != "passed":
        raise Unmutated(group)
    cov = Coverage(tests=list(group.tests), seconds=time.perf_counter() - start)
    cov.cost = json.loads(Path(f"{out}.times").read_text())
    prefix = str(where) + os.sep
    for test, functions in json.loads(out.read_text()).items():
        for file, first in functions:
            key = (file.removeprefix(prefix), first)
            if test == "<import>":
                cov.at_import.add(key)
            else:
                cov.by_function.setdefault(key, set()).add(test)
    return cov


@dataclass(frozen=True)
class Result:
    site: Site
    outcome: str  # "killed", "timeout", "survived", "not run"
    tests: int
    seconds: float
    original: str


def run_one(where: Path, site: Site, cov: Coverage, timeout: float) -> Result:
    path = where / site.file
    original = path.read_text()
    line = original.splitlines()[site.lines[0] - 1].strip()
    tests = cov.tests_for(site)
    if not tests:
        return Result(site, "not run", 0, 0.0, line)
    start = time.perf_counter()
    try:
        path.write_text(mutate(ast.parse(original), site))
        for compiled in (path.parent / "__pycache__").glob(f"{path.stem}.*.pyc"):
            compiled.unlink()  # never a stale compiled original
        env = environment(where, {"PYTHONDONTWRITEBYTECODE": "1"})
        status = pytest(where, tests, env, timeout)
    finally:
        path.write_text(original)
    outcome = {"passed": "survived", "failed": "killed", "timeout": "timeout"}[status]
    return Result(site, outcome, len(tests), time.perf_counter() - start, line)


def earlier(path: Path | None, game: str) -> dict[tuple[str, int, str], str]:
    """A previous ``--json``'s outcomes for ``game``: (file, line, mutation) -> outcome."""
    if path is None:
        return {}
    rows = json.loads(path.read_text())["results"]
    return {(r["file"], r["line"], r["mutation"]): r["outcome"] for r in rows if r["game"] == game}


def known(site: Site, before: dict[tuple[str, int, str], str]) -> Result | None:
    """The earlier result of a mutant killed, or of one judged equivalent: a recheck runs
    only the other survivors again."""
    outcome = before.get((site.file, site.lines[0], site.label))
    if outcome is None:
        return None
    line = (ROOT / site.file).read_text().splitlines()[site.lines[0] - 1].strip()
    again = Result(site, outcome, 0, 0.0, line)
    return again if outcome in ("killed", "timeout") or equivalent(again) else None


class Unmutated(Exception):
    """A game's tests fail before any mutant: its mutants cannot be judged."""

    def __init__(self, group: Group) -> None:
        super().__init__(f"its tests fail before any mutant ({', '.join(group.tests)})")


def baseline(copies: Queue[Path], group: Group, timeout: float) -> float:
    """Seconds the game's tests take unmutated (they must pass)."""
    where = copies.get()
    try:
        start = time.perf_counter()
        tests = ["tests/" + t for t in group.tests]
        if pytest(where, tests, environment(where), timeout * 20) != "passed":
            raise Unmutated(group)
        return time.perf_counter() - start
    finally:
        copies.put(where)


def run_game(name: str, args: argparse.Namespace, copies: Queue[Path]) -> list[Result]:
    group = GROUPS[name]
    sites = sample(group, args.per_game, args.seed)
    before = earlier(args.recheck, name)
    timeout = args.timeout
    if before:
        cov = Coverage(everything=True, tests=list(group.tests))
        cov.seconds = baseline(copies, group, timeout)
        timeout = max(timeout, 3 * cov.seconds)  # every test runs: allow for all of them
        print(
            f"{name}: {len(sites)} mutants; the survivors of {args.recheck} run again against "
            f"every test of the game ({cov.seconds:.0f} s unmutated)",
            flush=True,
        )
    else:
        where = copies.get()
        try:
            cov = trace(where, group, args.timeout)
        finally:
            copies.put(where)
        print(
            f"{name}: {len(sites)} mutants; the traced run of its tests took {cov.seconds:.0f} s",
            flush=True,
        )

    def one(site: Site) -> Result:
        again = known(site, before)
        if again is not None:
            return again
        own = copies.get()
        try:
            result = run_one(own, site, cov, timeout)
        finally:
            copies.put(own)
        where = f"{site.file.removeprefix(PACKAGE + '/')}:{site.lines[0]}"
        print(
            f"    {result.outcome:8} {result.tests:4} tests {result.seconds:5.1f} s  {where}",
            file=sys.stderr,
            flush=True,
        )
        return result

    if args.jobs == 1:
        results = [one(site) for site in sites]
    else:
        pool = ThreadPoolExecutor(max_workers=args.jobs)
        try:
            results = list(pool.map(one, sites))
        finally:  # on Ctrl+C: nothing more starts, and what runs is ended
            pool.shutdown(wait=False, cancel_futures=True)
            stop_runs()
            pool.shutdown(wait=True)
    for r in results:
        if r.outcome in ("survived", "not run"):
            print(f"  survived: {r.site.file}:{r.site.lines[0]} {r.site.label}: {r.original}")
    return results


# -- the report ----------------------------------------------------------------------------------


def equivalent(r: Result) -> str | None:
    return EQUIVALENT.get((r.site.file, r.original, r.site.label))


def summary(name: str, results: list[Result]) -> dict[str, object]:
    killed = sum(r.outcome in ("killed", "timeout") for r in results)
    same = sum(1 for r in results if r.outcome in ("survived", "not run") and equivalent(r))
    real = len(results) - same
    return {
        "game": name, "mutants": len(results), "killed": killed,
        "timeouts": sum(r.outcome == "timeout" for r in results),
        "survived": len(results) - killed, "equivalent": same,
        "rate": killed / real if real else 1.0,
        "seconds": round(sum(r.seconds for r in results), 1),
    }  # fmt: skip


def table(rows: list[dict[str, object]]) -> str:
    head = "| game | mutants | killed | survived | of them equivalent | kill rate, non-equivalent |"
    lines = [head, "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        rate = float(r["rate"])  # type: ignore[arg-type]
        lines.append(
            f"| {r['game']} | {r['mutants']} | {r['killed']} | {r['survived']} | "
            f"{r['equivalent']} | {rate:.1%} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GROUPS), help="comma-separated")
    parser.add_argument("--per-game", type=int, default=45, help="mutants drawn per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once (one copy each)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per mutant")
    parser.add_argument("--json", type=Path, help="write every result here")
    parser.add_argument(
        "--recheck",
        type=Path,
        help="a previous --json: run its survivors again (same seed and counts), keep its kills",
    )
    parser.add_argument(
        "--report", type=Path, nargs="+", help="only print the table of earlier --json files"
    )
    args = parser.parse_args(argv)
    if args.report:
        return report(args.report)
    names = [n.strip() for n in args.games.split(",") if n.strip()]
    unknown = [n for n in names if n not in GROUPS]
    if unknown or args.per_game < 1 or args.jobs < 1 or args.timeout <= 0:
        parser.error(f"games are {', '.join(GROUPS)}; counts, jobs and timeout positive")
    copies: Queue[Path] = Queue()
    made: list[Path] = []
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # ended like Ctrl+C: tidily
    try:
        for _ in range(args.jobs):
            made.append(make_copy())
            copies.put(made[-1])
        check_copy(made[0])
        every: dict[str, list[Result]] = {}
        for name in names:
            try:
                every[name] = run_game(name, args, copies)
            except Unmutated as exc:
                print(f"{name}: skipped: {exc}", flush=True)
    except KeyboardInterrupt:
        print("interrupted: the copies are deleted, the worktree was never changed")
        return 130
    finally:
        for where in made:
            shutil.rmtree(where, ignore_errors=True)
    rows = [summary(name, results) for name, results in every.items()]
    print(table(rows))
    if args.json:
        results = [as_json(game, r) for game, rs in every.items() for r in rs]
        args.json.write_text(json.dumps({"rows": rows, "results": results}, indent=1))
    return 0


def report(paths: list[Path]) -> int:
    """The table and survivors of earlier ``--json`` files (a later file's games replace an
    earlier's), judged with today's ``EQUIVALENT``."""
    every: dict[str, list[Result]] = {}
    for path in paths:
        found: dict[str, list[Result]] = {}
        for r in json.loads(path.read_text())["results"]:
            site = Site(r["file"], 0, "", 0, (r["line"], r["line"]), r["mutation"], 0)
            found.setdefault(r["game"], []).append(
                Result(site, r["outcome"], r["tests"], 0.0, r["original"])
            )
        every.update(found)
    print(table([summary(name, results) for name, results in every.items()]))
    for name, results in every.items():
        for r in results:
            if r.outcome in ("survived", "not run"):
                why = equivalent(r) or "NOT equivalent"
                print(f"  {name}: {r.site.file}:{r.site.lines[0]} {r.site.label}: {why}")
    return 0


def as_json(game: str, r: Result) -> dict[str, object]:
    return {"game": game, "file": r.site.file, "line": r.site.lines[0],
            "mutation": r.site.label, "outcome": r.outcome, "tests": r.tests,
            "original": r.original, "equivalent": equivalent(r)}  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
