"""Engine behaviour the engine's own tests left unchecked, found by mutation testing
(benchmarks/mutants.py): move numbers, double check, the generic perft and divide, a roll's
written total, option values typed as text and their bounds, bad variant files, refused
decisions and truncated games, verifying a record, and the checks of a house-rule file."""

import os
from dataclasses import replace
from pathlib import Path

import pytest

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.campaign import Change
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.data_files import RefusedFile, read_limited, size_text
from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.game import ACCEPT_DRAW, OFFER_DRAW, Game
from battlechess_tui.engine.registry import (
    check_file,
    load_spec_file,
    make_variant,
    spec,
    variants_dir,
)
from battlechess_tui.engine.replay import (
    Decision,
    check_variant,
    option_values,
    trial_game,
    verify,
)
from battlechess_tui.engine.rules import IllegalAction, Rules
from battlechess_tui.engine.spec import MAX_TOML_DEPTH, SpecError, read_toml
from tests.typed import known, no_dice


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


def test_an_action_object_out_of_turn_is_refused_and_changes_nothing():
    """Game.play checks an Action it is handed against the legal choices, as it does text."""
    game = Game(make_variant("classic"), seed=1)
    e2e4 = game.parse("e2e4")
    with pytest.raises(IllegalAction):
        game.play(Action(ACCEPT_DRAW))  # no draw was offered
    assert game.plies == [] and game.outcome is None
    game.play(Action(OFFER_DRAW))
    with pytest.raises(IllegalAction):
        game.play(e2e4)  # the offer must be answered first
    assert len(game.plies) == 1 and game.position.draw_offer_by is not None


def test_truncating_a_game_drops_the_later_decisions_and_positions():
    game = Game(make_variant("classic"), seed=1)
    for text in ("e2e4", "e7e5", "g1f3"):
        game.play(text)
    after_one = game.positions[1].state
    game.truncate(1)
    assert [p.action.text(game.rules.geo) for p in game.plies] == ["e2e4"]
    assert len(game.positions) == 2 and game.state == after_one


def test_the_variant_alias_starts_a_new_game():
    v = make_variant("classic")
    state, events = v.new_game(no_dice())
    assert v.rules.position_text(state) == spec("classic").setup and events == []


def test_an_unknown_game_name_is_cut_short_in_the_error():
    with pytest.raises(KeyError) as caught:
        spec("x" * 60)
    assert "x" * 37 + "..." in str(caught.value) and "x" * 38 not in str(caught.value)


def _single_combat_capture():
    """A Single Combat game whose third ply is a fight: its events, a roll and then more."""
    game = Game(make_variant("single-combat"), seed=2)
    for text in ("e2e4", "d7d5", "e4d5"):
        game.play(text)
    return game


def test_a_record_given_as_pairs_of_action_and_events_verifies():
    game = _single_combat_capture()
    pairs = [(p.action.text(game.rules.geo), p.events) for p in game.plies]
    assert verify(game.variant, 2, game.setup_events, pairs) is None


def test_a_changed_event_is_named_by_its_place_in_the_ply():
    game = _single_combat_capture()
    fight = list(game.plies[2].events)
    assert len(fight) >= 2 and isinstance(fight[0], Roll)
    changed = replace(fight[1], squares=(35,))  # the note names other squares
    record = [Decision(p.action.text(game.rules.geo), p.events) for p in game.plies[:2]]
    record.append(Decision("e4d5", [fight[0], changed, *fight[2:]]))
    mismatch = verify(game.variant, 2, game.setup_events, record)
    assert mismatch is not None and mismatch.ply == 3
    assert mismatch.problem.startswith("event 2 was")


def test_an_option_value_that_builds_but_cannot_be_played_is_a_problem():
    """check_variant plays a trial game with each option value, not only with the default."""

    def build(spec_, options):
        variant = make_variant(spec_, options)
        if (options or {}).get("die") == "d10":
            variant.presenter.status = broken  # type: ignore[method-assign]  # deliberately broken
        return variant

    def broken(state):
        raise RuntimeError("drawn wrong")

    problems = check_variant(spec("single-combat"), build).problems
    assert len(problems) == 1 and problems[0].startswith("option die = 'd10': a trial game")


def test_a_whole_house_file_without_a_base_is_checked_and_warns_of_nothing(tmp_path: Path):
    text = (variants_dir() / "classic.toml").read_text()
    path = tmp_path / "mine.toml"
    path.write_text(text.replace('key = "classic"', 'key = "mine"').replace("order = 10\n", ""))
    warnings: list[str] = []
    assert check_file(path, warnings) == [] and warnings == []


def test_a_base_that_does_not_exist_is_refused_by_name(tmp_path: Path):
    path = tmp_path / "orphan.toml"
    path.write_text('key = "orphan"\nname = "Orphan"\nbase = "nonesuch"\n')
    with pytest.raises(SpecError, match="nonesuch"):
        load_spec_file(path)


def test_a_variant_file_of_one_mebibyte_is_read_and_a_byte_more_is_refused(tmp_path: Path):
    head = 'key = "big"\n'
    path = tmp_path / "big.toml"
    path.write_text(head + "#" * (1024 * 1024 - len(head) - 1) + "\n")
    assert path.stat().st_size == 1024 * 1024 and read_toml(path) == {"key": "big"}
    path.write_text(head + "#" * (1024 * 1024 - len(head)) + "\n")
    with pytest.raises(SpecError):
        read_toml(path)


def test_tables_nested_to_the_limit_are_read_and_one_deeper_is_refused(tmp_path: Path):
    path = tmp_path / "deep.toml"
    path.write_text(".".join(f"k{i}" for i in range(MAX_TOML_DEPTH)) + " = 1\n")
    assert read_toml(path)["k0"]["k1"]
    path.write_text(".".join(f"k{i}" for i in range(MAX_TOML_DEPTH + 1)) + " = 1\n")
    with pytest.raises(SpecError, match=str(MAX_TOML_DEPTH)):
        read_toml(path)


def test_a_house_file_naming_a_base_class_or_no_class_is_refused_by_name(tmp_path: Path):
    """The rules named must be a game's own class: not the abstract Rules, not a constant."""
    head = 'key = "b"\nname = "B"\ndescription = "x"\nbase = "classic"\n'
    abstract = tmp_path / "abstract.toml"
    abstract.write_text(head + 'rules = "chess_family.rules:Rules"\n')
    with pytest.raises(SpecError, match="'chess_family.rules:Rules' is a base class"):
        load_spec_file(abstract)
    constant = tmp_path / "constant.toml"
    constant.write_text(head + 'rules = "arena.rules:HALF_WORDS"\n')
    with pytest.raises(SpecError, match="'arena.rules:HALF_WORDS' is not a Rules class"):
        load_spec_file(constant)


@pytest.mark.parametrize(
    "fen", ["4k3/8/8/8/8/8/4P3/4K3 w - - 0 7", "4k3/4p3/8/8/8/8/8/4K3 b - - 0 7"]
)
def test_taking_back_a_move_restores_the_move_number(fen: str):
    board = ChessBoard(classic().geo, fen)
    for move in board.legal_moves():
        board.push(move)
        board.pop()
        assert board.fen() == fen


def test_sizes_are_written_in_bytes_below_a_mebibyte_and_in_megabytes_from_it():
    assert size_text(1024 * 1024 - 1) == "1,048,575 bytes"
    assert size_text(1024 * 1024) == "1.0 MB"


def test_a_numeric_option_is_tried_at_its_default_and_both_ends():
    quiet = spec("arena").options["quiet_turns"]
    assert quiet.min is not None and quiet.max is not None
    assert list(option_values("quiet_turns", quiet)) == [quiet.default, quiet.min, quiet.max]


def test_a_field_of_the_wrong_type_is_refused_by_its_name(tmp_path: Path):
    path = tmp_path / "typed.toml"
    path.write_text('key = "typed"\nname = 3\ndescription = "x"\nbase = "classic"\n')
    with pytest.raises(SpecError, match="name"):
        load_spec_file(path)


def test_a_trial_game_stops_at_its_thousandth_decision() -> None:
    """``check-variant`` plays its trial games to the end or 1,000 decisions. Gladiator with
    the quiet-turn draw off (GC-37 at 0) is still going at decision 1,000 from seed 11: its
    trial stops there, one decision neither sooner nor later."""
    variant = make_variant("gladiator", {"quiet_turns": 0})
    trial = trial_game(variant, 11)
    assert len(trial.actions) == len(trial.trace) == 1_000


# -- survivors of the mutation run on today's code (main with the campaign merged) ----------------


def test_a_campaign_offer_lists_the_numbers_its_item_changes():
    """An ItemOffer keeps what the item changes (DD-47): a Fighter's +1 armour raises AC and
    flat-footed AC by one, and the offer's line says so with the price."""
    dnd = make_variant("dnd")
    support, words = dnd.rules.campaign_support(), dnd.presenter.shop_words()
    assert support is not None and words is not None
    armour = next(o for o in support.offers("fighter", 1, ()) if o.item == "armor+1")
    assert armour.price == 1_000 and armour.changes == (
        Change("ac", "16", "17"),
        Change("fac", "15", "16"),
    )
    line = words.offer_line(armour)
    assert line == f"{armour.name}: 1,000 gold (AC 16 -> 17; FAC 15 -> 16)"


def test_a_board_set_to_a_new_position_has_no_move_to_take_back():
    board = ChessBoard(classic().geo)
    board.push(board.legal_moves()[0])
    board.set_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    with pytest.raises(IndexError):
        board.pop()
    assert board.fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"


def test_a_king_on_a1_is_in_check_like_any_other():
    """Square 0 holds a King too: White's King on a1 attacked by the Rook on h1 is in check,
    so a position with Black to move there is refused."""
    rules = classic()
    board = ChessBoard(rules.geo, "k7/8/8/8/8/8/8/K6r w - - 0 1")
    assert board.in_check()
    with pytest.raises(ValueError, match="in check"):
        rules.parse_position("k7/8/8/8/8/8/8/K6r b - - 0 1")


def test_a_house_file_reached_through_a_link_is_read_but_its_page_may_not_be_a_link(
    tmp_path: Path,
):
    head = 'key = "linked"\nname = "Linked"\ndescription = "x"\nbase = "classic"\n'
    real = tmp_path / "real.toml"
    real.write_text(head)
    (tmp_path / "link.toml").symlink_to(real)
    assert load_spec_file(tmp_path / "link.toml").key == "linked"
    (tmp_path / "page.md").write_text("# Linked\n")
    (tmp_path / "linked.md").symlink_to(tmp_path / "page.md")
    paged = tmp_path / "paged.toml"
    paged.write_text(head + 'rules_text = "linked.md"\n')
    with pytest.raises(SpecError, match="symbolic link"):
        load_spec_file(paged)


@pytest.mark.parametrize("what", ["a folder", "a file the system cannot describe"])
def test_a_data_file_refused_or_failing_is_closed(tmp_path: Path, monkeypatch, what: str):
    """read_limited closes the file it opened when it refuses it (a folder) and when the system
    cannot say what it is."""
    path = tmp_path / "a.toml"
    if what == "a folder":
        path.mkdir()
    else:
        path.write_text('key = "a"\n')
    opened: list[int] = []
    real_open, real_fstat = os.open, os.fstat

    def recording_open(*args, **kwargs):
        opened.append(real_open(*args, **kwargs))
        return opened[-1]

    def failing_fstat(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "open", recording_open)
    if what != "a folder":
        monkeypatch.setattr(os, "fstat", failing_fstat)
    with pytest.raises(RefusedFile if what == "a folder" else OSError):
        read_limited(path, 100)
    monkeypatch.undo()
    assert len(opened) == 1
    with pytest.raises(OSError):
        real_fstat(opened[0])  # closed


def test_a_roll_is_one_throw_unless_it_says_it_is_a_critical():
    damage = Roll(
        seat="white", dice="2d6", faces=(3, 4), purpose="damage", modifiers=(("damage", 3),)
    )
    assert damage.critical == 1 and damage.describe() == "2d6 [3 4] +3 damage = 10"


def test_a_rules_action_during_a_draw_offer_is_refused_for_the_offer():
    game = Game(make_variant("classic"), seed=1)
    e2e4 = game.parse("e2e4")
    game.play(Action(OFFER_DRAW))
    with pytest.raises(IllegalAction, match="answer the draw offer first"):
        game.play(e2e4)


def test_a_house_file_named_by_a_string_is_read_and_its_errors_name_it_as_a_path(tmp_path: Path):
    head = 'key = "named"\ndescription = "x"\nbase = "classic"\n'
    (tmp_path / "named.toml").write_text(head + 'name = "Named"\n')
    assert load_spec_file(f"{tmp_path}//./named.toml").key == "named"  # type: ignore[arg-type]
    (tmp_path / "typed.toml").write_text(head + "name = 3\n")
    with pytest.raises(SpecError) as caught:
        load_spec_file(f"{tmp_path}//./typed.toml")  # type: ignore[arg-type]
    assert caught.value.source == str(tmp_path / "typed.toml")


def test_a_number_that_is_not_finite_is_refused_inside_a_table(tmp_path: Path):
    path = tmp_path / "nan.toml"
    path.write_text(
        'key = "nan"\nname = "Nan"\ndescription = "x"\nbase = "classic"\n[data]\nweight = nan\n'
    )
    with pytest.raises(SpecError, match="data.weight: must be a finite number"):
        load_spec_file(path)


def test_the_variant_alias_gives_the_outcome():
    """Variant.outcome is the rules' outcome: Fool's mate is Black's checkmate."""
    v = make_variant("classic")
    mate = v.rules.parse_position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert v.outcome(mate) == v.rules.outcome(mate)
    assert known(v.outcome(mate)).winner == 1
