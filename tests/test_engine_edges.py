"""Engine behaviour the engine's own tests left unchecked, found by mutation testing
(benchmarks/mutants.py): move numbers, double check, the generic perft and divide, a roll's
written total, option values typed as text and their bounds, and bad variant files."""

from pathlib import Path

import pytest

from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.registry import load_spec_file, make_variant, spec
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.spec import SpecError


def classic():
    return make_variant("classic").rules


def test_the_move_number_counts_on_after_each_black_move():
    rules = classic()
    state = rules.parse_position("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1")
    for text in ("e2e4", "e7e5"):
        state, _ = rules.apply(state, rules.parse_action(state, text), None)
    assert rules.position_text(state).split()[4:] == ["0", "2"]


def test_in_double_check_only_the_king_may_move():
    rules = classic()
    # The Rook on e8 and the Knight on d3 both check the King on e1; the Rook on d1 could take
    # the Knight if it were the only checker.
    double = rules.parse_position("k3r3/8/8/8/8/3n4/8/3RK3 w - - 0 1")
    moves = {a.text(rules.geo) for a in rules.legal_actions(double)}
    assert moves and all(m.startswith("e1") for m in moves)
    single = rules.parse_position("k7/8/8/8/8/3n4/8/3RK3 w - - 0 1")
    assert "d1d3" in {a.text(rules.geo) for a in rules.legal_actions(single)}


def test_the_generic_perft_and_divide_count_decisions():
    rules = classic()
    start, _ = rules.new_game(None)
    assert Rules.perft(rules, start, 2) == 400
    rows = Rules.divide(rules, start, 1)
    assert len(rows) == 20 and sum(n for _, n in rows) == 20


def test_a_roll_writes_its_total_only_when_there_is_something_to_add():
    one = Roll(seat="white", dice="1d6", faces=(4,), purpose="attack")
    two = Roll(seat="white", dice="2d6", faces=(4, 2), purpose="attack")
    assert "= 4" not in one.describe() and "= 6" in two.describe()


def test_options_typed_as_text_and_their_bounds():
    assert make_variant("dnd", {"level": " 3 "}).options["level"] == 3
    assert make_variant("arena", {"freeing_move": "Off"}).options["freeing_move"] is False
    top = spec("dnd").options["level"].max
    with pytest.raises(ValueError, match=f"at most {top}"):
        make_variant("dnd", {"level": (top or 0) + 1})


def test_bad_variant_files_are_refused_with_their_reason(tmp_path: Path):
    broken = tmp_path / "broken.toml"
    broken.write_text('key = "broken"\nbase = "classic\n')
    with pytest.raises(SpecError, match="TOML"):
        load_spec_file(broken)
    not_a_class = spec("arena").model_copy(update={"rules": "arena:HALF_WORDS"})
    with pytest.raises(SpecError, match="HALF_WORDS"):
        make_variant(not_a_class)
