"""The public plugin API: everything a game outside the package needs, in one module.

A plugin (an installable package that names its game folder through the entry point group
``battlechess.games``, ``docs/plugins.md``) imports from ``battlechess_tui`` only this module;
a test of the main suite holds the shipped plugin (``plugins/dice-move-chess``) to it. The
names below keep their meaning between releases; where one moves inside the package, this
module still offers it under the same name.

What a game is made of:

- **Rules**: a subclass of ``Rules[S]`` over the game's own frozen, hashable state, or of
  ``ChessRules`` for a game played with FIDE's pieces (its hooks: ``move_list``, ``resolve``,
  ``outcome``, ``make_state``...). Rules speak in ``Action``, ``Event`` (``Note``, ``Roll``),
  ``Outcome`` and ``Refusal``; they throw dice only through the ``Dice`` handed to them, so
  every throw is recorded, replayed and verified.
- **Presenter**: a subclass of ``Presenter[S]`` (``ChessPresenter`` for the chess family):
  notation, the words of notes, rolls, refusals and endings, the board's pieces and marks,
  the banner, the tally, odds, piece cards and the game's own commands.
- **Data**: the variant file (``KEY.toml``) naming the two classes, its rules page
  (``KEY.md``) and lessons (``lessons/KEY/*.toml``), in the game folder.
"""

from __future__ import annotations

from battlechess_tui.engine import chessboard
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.data_files import GAMES_GROUP
from battlechess_tui.engine.dice import Dice, ScriptedDice
from battlechess_tui.engine.events import Event, Note, PieceRef, Roll
from battlechess_tui.engine.game import Game, Ply
from battlechess_tui.engine.present import GameCommand, NoteWords, Presenter, RefusalWords
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.roll_words import (
    SHARED,
    RollTables,
    RollWords,
    shared_words,
    verdict_words,
)
from battlechess_tui.engine.rules import CERTAIN, Chance, IllegalAction, Outcome, Rules, Seat
from battlechess_tui.engine.spec import OptionValue, VariantSpec
from battlechess_tui.engine.views import IN_CHECK, Mark, PieceView, TallyItem, TallySection
from battlechess_tui.engine.vocabulary import (
    ActionKind,
    Ending,
    EventTag,
    Purpose,
    RollDetail,
    Target,
    Verdict,
    Vocabulary,
)
from battlechess_tui.rules.chess_family import (
    PIECE_KEYS,
    PROMO_LETTERS,
    ChessPresenter,
    ChessRules,
    ChessState,
)
from battlechess_tui.rules.chess_family.pieces import piece_ref
from battlechess_tui.rules.chess_family.position import (
    check_pawns,
    count_kings,
    join_position,
    split_position,
)

__all__ = [
    # the decision interface
    "Rules",
    "Seat",
    "Outcome",
    "Chance",
    "CERTAIN",
    "IllegalAction",
    "Action",
    "ActionKind",
    "MOVE",
    "Refusal",
    "SharedReason",
    # dice and events
    "Dice",
    "ScriptedDice",
    "Event",
    "Note",
    "Roll",
    "PieceRef",
    "EventTag",
    "Ending",
    "Purpose",
    "Verdict",
    "Target",
    "RollDetail",
    "Vocabulary",
    "RollTables",
    "SHARED",
    # the variant file
    "VariantSpec",
    "OptionValue",
    "GAMES_GROUP",
    # presenters
    "Presenter",
    "GameCommand",
    "NoteWords",
    "RefusalWords",
    "RollWords",
    "shared_words",
    "verdict_words",
    "PieceView",
    "Mark",
    "IN_CHECK",
    "TallyItem",
    "TallySection",
    # the chess family: FIDE's pieces on a fast board
    "chessboard",
    "ChessBoard",
    "ChessRules",
    "ChessState",
    "ChessPresenter",
    "PIECE_KEYS",
    "PROMO_LETTERS",
    "piece_ref",
    "check_pawns",
    "count_kings",
    "split_position",
    "join_position",
    # playing a game from a script or a test
    "Game",
    "Ply",
    "make_variant",
]
