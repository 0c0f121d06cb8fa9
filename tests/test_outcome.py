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
