"""``Outcome`` as winner, ``Ending`` and numbers (issue #26 item 3, begun): rules that leave the
words out are worded by their presenter; outcomes that still carry words read as before."""

from battlechess_tui.engine.present import ENDING_WORDS
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.vocabulary import Ending


def test_an_outcome_without_words_is_worded_by_the_presenter():
    presenter = make_variant("classic").presenter
    mate = Outcome(0, kind=Ending.CHECKMATE, rule="FIDE 5.1")
    assert mate.ending == Ending.CHECKMATE and mate.reason == "" and mate.numbers == ()
    assert presenter.outcome_reason(mate) == ENDING_WORDS[Ending.CHECKMATE]
    assert presenter.describe_outcome(mate) == "White wins: checkmate (FIDE 5.1)"
    fifty = Outcome(None, kind=Ending.FIFTY_MOVES)
    assert fifty.describe() == "Draw: fifty moves"  # old callers: the ending's name
    assert presenter.describe_outcome(fifty) == "Draw: fifty moves without a capture or pawn move"


def test_an_outcomes_numbers_fill_its_words(monkeypatch):
    presenter = make_variant("classic").presenter
    monkeypatch.setitem(ENDING_WORDS, Ending.QUIET, "{} turns without a capture")
    quiet = Outcome(None, kind=Ending.QUIET, numbers=(75,))
    assert presenter.describe_outcome(quiet) == "Draw: 75 turns without a capture"


def test_an_outcome_with_the_old_words_reads_as_before():
    presenter = make_variant("gladiator").presenter
    old = Outcome(1, "King killed", "GC-33", "the White King dies on g8", Ending.KING_KILLED)
    assert presenter.outcome_reason(old) == "King killed"
    assert presenter.describe_outcome(old) == old.describe(presenter.side_names)
    assert old.describe() == "Black wins: King killed: the White King dies on g8 (GC-33)"


def _outcome_calls():
    """Every ``Outcome(...)`` built in the package, with where it is."""
    import ast
    from pathlib import Path

    import battlechess_tui

    root = Path(battlechess_tui.__file__).parent
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Outcome":
                yield f"{path.relative_to(root)}:{node.lineno}", node


def test_no_rules_write_the_words_of_an_outcome():
    """Issue #26 item 3: rules give the winner, the ending and its numbers; the words are the
    presenter's (no reason or detail given anywhere in the package)."""
    calls = list(_outcome_calls())
    assert len(calls) >= 20  # every game's endings are seen
    worded = [
        where
        for where, call in calls
        if len(call.args) > 1 or any(k.arg in ("reason", "detail") for k in call.keywords)
    ]
    assert worded == []


def test_each_presenter_words_its_games_endings_as_players_read_them():
    cases = [
        ("single-combat", Outcome(1, rule="SC-3", kind=Ending.KING_KILLED),
         "Black wins: White's king was killed (SC-3)"),
        ("single-combat", Outcome(None, rule="SC-8", kind=Ending.REPETITION, numbers=(5,)),
         "Draw: the same position for the fifth time (SC-8)"),
        ("dice-chess", Outcome(0, rule="DC-14", kind=Ending.SCORE, numbers=(10, 9, 9, 5, 3)),
         "White wins: 10 full turns and no capture yet: board totals tie at 9; captured dice "
         "total 5 to 3 (DC-14)"),
        ("arena", Outcome(None, rule="AR-13", kind=Ending.QUIET, numbers=(1,)),
         "Draw: no capture: 1 turn by each player without a capture (AR-13)"),
        ("gladiator", Outcome(1, rule="GC-33", kind=Ending.KING_KILLED, numbers=(0,)),
         "Black wins: King killed: the White King dies on a1 (GC-33)"),
        ("dnd", Outcome(0, rule="DD-45", kind=Ending.SURRENDER),
         "White wins: Black's King surrendered (DD-45)"),
        ("dnd", Outcome(None, rule="DD-4", kind=Ending.NO_MOVES, numbers=(1,)),
         "Draw: Black cannot move (DD-4)"),
        ("classic", Outcome(0, kind=Ending.RESIGNATION), "White wins: Black resigned"),
    ]  # fmt: skip
    for key, outcome, line in cases:
        assert make_variant(key).presenter.describe_outcome(outcome) == line, key


def test_a_campaign_names_the_winner_its_own_way_and_the_reason_stays_the_games():
    presenter = make_variant("dnd").presenter
    fell = Outcome(1, rule="DD-9", kind=Ending.KING_KILLED)
    names = ("White (Ann)", "Black (Bob)")
    assert presenter.describe_outcome(fell, names) == (
        "Black (Bob) wins: White's King fell below 0 hit points (DD-9)"
    )
