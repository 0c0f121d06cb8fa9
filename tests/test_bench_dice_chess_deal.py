"""The deal benchmark (``benchmarks/bench_dice_chess_deal.py``) counts each game from the right
player's view: the README's case that the deal decides Dice Chess rests on these counts."""

from __future__ import annotations

from tests.benchmark_scripts import load

bench = load("bench_dice_chess_deal")


def test_dc_12_a_game_counts_for_the_first_player_by_the_deal_it_was_dealt():
    Deal = bench.Deal
    deals = [
        Deal(first=0, lead=5, winner=0),  # White, dealt ahead, won
        Deal(first=1, lead=5, winner=1),  # Black, dealt behind, won
        Deal(first=1, lead=-3, winner=0),  # Black, dealt ahead, lost
        Deal(first=0, lead=0, winner=None),  # an even deal, drawn
    ]
    c = bench.tally(deals, both=False)
    assert c == {
        ("ahead", "won"): 1,
        ("behind", "won"): 1,
        ("ahead", "lost"): 1,
        ("even", "drawn"): 1,
    }
    assert bench.share(c, "ahead").startswith("1/2 = 50%")
    assert bench.share(c, "behind").startswith("1/1 = 100%")


def test_dc_12_a_pair_of_one_level_counts_each_game_from_both_sides():
    c = bench.tally([bench.Deal(first=0, lead=-2, winner=1)], both=True)
    assert c == {("ahead", "won"): 1, ("behind", "lost"): 1}


def test_dc_1_the_deal_belongs_to_the_seed_whoever_sits_where():
    white, black = (
        bench.play(("random", "greedy"), 50, 0, 7),
        bench.play(("random", "greedy"), 50, 1, 7),
    )
    assert (white.first, black.first) == (0, 1)
    assert white.lead == black.lead != 0


def test_dc_12_a_deal_played_twice_is_sorted_by_who_won_both_games():
    Deal, sort = bench.Deal, bench.sort_deal
    # White won both games, whoever sat there: the deal decided (here White was dealt ahead;
    # a colour dealt 2 pips behind that won both is decided by the deal as well).
    assert sort(Deal(0, 4, 0), Deal(1, 4, 0)) == "deal"
    assert sort(Deal(0, 2, 1), Deal(1, 2, 1)) == "deal"
    # The first player won both, once with each colour: it outplayed the deal.
    assert sort(Deal(0, 4, 0), Deal(1, 4, 1)) == "first"
    assert sort(Deal(0, -4, 1), Deal(1, -4, 0)) == "second"
    # A draw in either game: neither.
    assert sort(Deal(0, 4, None), Deal(1, 4, 0)) == "other"
