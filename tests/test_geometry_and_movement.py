"""Board geometry for any size up to 16 x 16, and the movement primitives."""

import pytest

from battlechess_tui.engine.geometry import KNIGHT, Geometry, geometry
from battlechess_tui.engine.movement import Bent, Leap, Pawn, Slide, parse_movement


def test_square_names_round_trip_on_every_board_size():
    for w, h in ((8, 8), (10, 12), (16, 16), (3, 5)):
        geo = geometry(w, h)
        assert [geo.parse(geo.name(s)) for s in range(geo.size)] == list(range(geo.size))


def test_boards_larger_than_16_are_refused():
    with pytest.raises(ValueError):
        Geometry(17, 8)


def test_split_squares_reads_two_digit_ranks():
    geo = geometry(10, 12)
    squares, rest = geo.split_squares("a10b12q")
    assert [geo.name(s) for s in squares] == ["a10", "b12"] and rest == "q"
    squares, rest = geo.split_squares("a1a2")
    assert [geo.name(s) for s in squares] == ["a1", "a2"] and rest == ""


def test_split_squares_reads_capitals_and_spaces_around_the_squares():
    """What a player types in the move box: ``" E7E8Q "`` is e7, e8 and the promotion letter."""
    geo = geometry(8, 8)
    squares, rest = geo.split_squares(" E7E8Q ")
    assert [geo.name(s) for s in squares] == ["e7", "e8"] and rest == "q"


def test_knight_leaps_stay_on_the_board():
    geo = geometry(8, 8)
    assert sorted(geo.name(s) for s in geo.leaps(KNIGHT)[geo.parse("a1")]) == ["b3", "c2"]


def _occupant(geo, pieces):
    table = {geo.parse(k): v for k, v in pieces.items()}
    return table.get


def test_slider_is_blocked_and_captures_the_first_enemy():
    geo = geometry(8, 8)
    rook = parse_movement("slide orth")
    occ = _occupant(geo, {"a4": 0, "d1": 1})
    names = sorted(geo.name(s) for s in rook.targets(geo, geo.parse("a1"), 0, occ))
    assert names == ["a2", "a3", "b1", "c1", "d1"]


def test_limited_slide_and_step():
    geo = geometry(8, 8)
    assert isinstance(parse_movement("step all"), Slide)
    two = parse_movement("slide orth 2")
    occ = _occupant(geo, {})
    assert len(two.targets(geo, geo.parse("d4"), 0, occ)) == 8


def test_footman_pawn_moves_two_from_any_rank_but_not_through_pieces():
    geo = geometry(10, 12)
    footman = parse_movement("pawn any-double")
    assert isinstance(footman, Pawn)
    free = footman.targets(geo, geo.parse("c5"), 0, _occupant(geo, {}))
    assert sorted(geo.name(s) for s in free) == ["c6", "c7"]
    blocked = footman.targets(geo, geo.parse("c5"), 0, _occupant(geo, {"c6": 1, "d6": 1}))
    assert [geo.name(s) for s in blocked] == ["d6"]


def test_black_pawn_moves_down_the_board():
    geo = geometry(8, 8)
    pawn = parse_movement("pawn")
    targets = pawn.targets(geo, geo.parse("e7"), 1, _occupant(geo, {}))
    assert sorted(geo.name(s) for s in targets) == ["e5", "e6"]


def test_bent_path_needs_an_empty_route():
    geo = geometry(10, 12)
    champion = parse_movement("bent 3 5")
    assert isinstance(champion, Bent)
    start = geo.parse("e5")
    # Straight up to e8 is blocked at e6, but c6 (up one, left two) can go round by d5.
    occ = _occupant(geo, {"e6": 0, "e4": 0, "d5": 0, "f5": 0})
    targets = {geo.name(s) for s in champion.targets(geo, start, 0, occ)}
    assert "e8" not in targets and "e2" not in targets
    assert not targets & {"c6", "c4", "g6", "g4"}
    occ = _occupant(geo, {"e6": 0})
    targets = {geo.name(s) for s in champion.targets(geo, start, 0, occ)}
    assert "c6" in targets and "e8" not in targets


def test_leap_ignores_pieces_between():
    geo = geometry(8, 8)
    knight = parse_movement("leap 1 2")
    assert isinstance(knight, Leap)
    occ = _occupant(geo, {"b2": 0, "b1": 0, "a2": 0})
    assert sorted(geo.name(s) for s in knight.targets(geo, geo.parse("a1"), 0, occ)) == ["b3", "c2"]


@pytest.mark.parametrize("bad", ["fly", "slide up", "leap x", "bent", "pawn sideways"])
def test_bad_movement_descriptors_are_explained(bad):
    with pytest.raises(ValueError, match="movement"):
        parse_movement(bad)


def test_gc_9_a_bent_path_is_its_first_route_clear_of_pieces():
    """The Champion's path from e5 to c6 goes by d5-c5, or by e6-d6 when d5 is taken; with
    both routes blocked there is none."""
    geo = geometry(10, 12)
    champion = parse_movement("bent 3 5")
    start, c6 = geo.parse("e5"), geo.parse("c6")
    names = [geo.name(s) for s in champion.path(geo, start, c6, 0, _occupant(geo, {}))]
    assert names == ["d5", "c5"]
    names = [geo.name(s) for s in champion.path(geo, start, c6, 0, _occupant(geo, {"d5": 1}))]
    assert names == ["e6", "d6"]
    assert champion.path(geo, start, c6, 0, _occupant(geo, {"d5": 1, "e6": 0})) == []
