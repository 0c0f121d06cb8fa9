"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2012), as lichess rates
puzzle solvers: a rating, its deviation (how unsure it is) and its volatility, updated after
each rating period; here a period is one puzzle. Our own few lines: the ``glicko2`` package
on PyPI has not been kept up since 2024 and does more than this needs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The scale between Glicko's rating and Glicko-2's (173.7178 = 400 / ln 10).
SCALE = 173.7178
#: The system constant: how much the volatility may change (0.3 to 1.2).
TAU = 0.5
#: The convergence tolerance of the volatility's iteration.
EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    """A rating with its deviation and volatility (a newcomer's by default)."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    @property
    def mu(self) -> float:
        return (self.rating - 1500.0) / SCALE

    @property
    def phi(self) -> float:
        return self.deviation / SCALE


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def expected(player: Rating, opponent: Rating) -> float:
    """The chance ``player`` scores against ``opponent`` (E in the paper)."""
    return 1 / (1 + math.exp(-_g(opponent.phi) * (player.mu - opponent.mu)))


def rate(player: Rating, games: list[tuple[Rating, float]]) -> Rating:
    """``player``'s rating after a period of ``games`` (opponent, score 1, 0.5 or 0); with
    none, only the deviation grows (step 6 of the paper)."""
    if not games:
        phi = math.sqrt(player.phi**2 + player.volatility**2)
        return Rating(player.rating, phi * SCALE, player.volatility)
    v_inv = delta_sum = 0.0
    for opponent, score in games:
        g, e = _g(opponent.phi), expected(player, opponent)
        v_inv += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    v = 1 / v_inv
    sigma = _volatility(player, v, v * delta_sum)
    phi_star = math.sqrt(player.phi**2 + sigma**2)
    phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu = player.mu + phi**2 * delta_sum
    return Rating(1500.0 + SCALE * mu, SCALE * phi, sigma)


def _volatility(player: Rating, v: float, delta: float) -> float:
    """The new volatility (step 5: the Illinois algorithm)."""
    phi, sigma = player.phi, player.volatility
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        return top / (2 * (phi * phi + v + ex) ** 2) - (x - a) / TAU**2

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)
