"""Tactical positions for the hint (issue 24, item 5), as position text with the decisions a
teacher would accept (``from``/``to`` squares, a promotion letter after). Classic positions
marked *engine* come from Stockfish self-play with random moves, kept where Stockfish at depth
10 found one move at least 2.5 pawns better than any other; their acceptable moves are those
within 0.6 pawns of its best."""

from __future__ import annotations

from typing import NamedTuple


class Tactic(NamedTuple):
    game: str
    position: str
    accept: frozenset[str]
    level: str
    theme: str
    ahead: bool = True  # the side to move stands better once the tactic is found


def t(
    game: str, position: str, accept: str, theme: str, level: str = "medium", ahead: bool = True
) -> Tactic:
    return Tactic(game, position, frozenset(accept.split()), level, theme, ahead)


TACTICS = [
    # classic: mates, hanging pieces, forks, promotion, the Qf6 game
    t("classic", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", "mate in 1, back rank"),
    t(
        "classic",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "h5f7",
        "mate in 1, f7",
    ),
    t("classic", "k7/8/1K6/8/8/8/7Q/8 w - - 0 1", "h2h8", "mate in 1, queen"),
    t(
        "classic",
        "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3",
        "c1g5",
        "hanging queen",
    ),
    t(
        "classic",
        "rnbqkbnr/pppp1ppp/8/4p3/3QP3/8/PPP2PPP/RNB1KBNR b KQkq - 0 3",
        "e5d4",
        "hanging queen, pawn takes",
    ),
    t("classic", "r3k3/pp6/8/1N6/8/8/PP6/4K3 w - - 0 1", "b5c7", "knight fork of king and rook"),
    t("classic", "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1", "e7e8q", "promotion"),
    t(
        "classic",
        "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
        "d5d8",
        "mate in 2, queen sacrifice",
        "hard",
    ),
    t(
        "classic",
        "rnbqk2r/pppp1pp1/4pn1p/8/2PP3B/2b5/PP1NPPPP/R2QKBNR w KQkq - 2 6",
        "b2c3",
        "engine: take the bishop back",
    ),
    t(
        "classic",
        "rnb1kbnr/p1qppp1p/1p4p1/8/Q1PP1B2/8/PP3PPP/R3KBNR w KQkq - 0 10",
        "f4c7",
        "engine: hanging queen",
    ),
    t(
        "classic",
        "r2qkb1r/pp3ppp/2n2n2/2ppN3/N5b1/6P1/PPPPQPBP/R1B1K2R w KQkq - 1 9",
        "e5g4",
        "engine: hanging bishop",
    ),
    t(
        "classic",
        "rnb1kb1r/p3pp2/B1P2np1/4Q1Np/P2P4/1p2B3/2PK1PPP/1q5R b kq - 1 13",
        "b1c2",
        "engine: mate net",
    ),
    t(
        "classic",
        "r1b1k2r/pp1p1pp1/2nbpn1p/q1p5/4P3/1P3N2/PBPPBPPP/RN1Q1RK1 w kq - 0 8",
        "e4e5",
        "engine: pawn fork",
    ),
    t(
        "classic",
        "rn2k2N/1b3ppp/p2pp3/1p6/P2pPP2/6b1/1PP3PP/R2QKB1R w KQq - 0 16",
        "h2g3",
        "engine: hanging bishop with check",
    ),
    t(
        "classic",
        "r2q1rk1/pb1p2bp/np4p1/3P4/1p2n3/P2Q2P1/1B1N1PBP/R4RK1 w - - 2 18",
        "b2g7",
        "engine: take the defender",
        ahead=False,
    ),
    t(
        "classic",
        "1Q2r1k1/1pp2ppp/8/p1b5/P4n2/N1P2NPb/1P2P2P/R3K2R b - - 0 17",
        "f4g2",
        "engine: knight check wins the exchange back",
        ahead=False,
    ),
    t(
        "classic",
        "r1bqk1nr/ppn1b1pp/4Pp2/1Bpp4/4P2B/2P2N2/PPQ2PPP/RN2K2R b KQkq - 1 10",
        "c7b5",
        "engine: hanging bishop",
        ahead=False,
    ),
    t(
        "classic",
        "1rbk2r1/Qp1pp2p/4q3/8/4P2n/1P4PP/P4PK1/R4R2 w - - 5 24",
        "g2h2",
        "engine: the only safe king move",
        ahead=False,
    ),
    t(
        "classic",
        "1r2r3/p2b1k1p/2n2n2/1PPp2B1/1b2p1pP/1N6/1P3PP1/R4RK1 w - - 1 21",
        "b5c6",
        "engine: take the knight",
        ahead=False,
    ),
    # single combat: fights next to the king (SC-3, SC-7). Fights are weighed as chances
    # (issue 40), so a side far ahead may also bring a second attacker first (the Queen
    # alone: Kd2, 87%); where waiting loses the attacker (the Rook on a7), it fights at once.
    t(
        "single-combat",
        "4k3/r3Q3/8/8/8/8/PPP5/4K3 w - - 0 1",
        "e7e8",
        "a 75% fight for the king before the queen is taken",
    ),
    t("single-combat", "4k3/4R3/8/8/8/8/PPP5/4K3 w - - 0 1", "e7e8", "a 62.5% fight for the king"),
    t(
        "single-combat",
        "4k3/3PQ3/8/8/8/8/8/4K3 w - - 0 1",
        "e7e8 d7e8q d7e8r d7e8b d7e8n d7d8q",
        "two attackers on the king (or a second queen beside him)",
    ),
    t("single-combat", "4k3/8/3N4/8/8/8/PPP5/4K3 w - - 0 1", "d6e8", "an even fight for the king"),
    t(
        "single-combat",
        "4k3/ppp5/8/8/8/8/4r3/4K3 w - - 0 1",
        "e1d1 e1f1",
        "step out of the rook's reach",
        ahead=False,
    ),
    # arena and brawl: the last gladiator (AR-11), a free capture (AR-7)
    t("arena", "4k3/8/2p5/8/8/2P5/8/R3K3 w - - 0 1", "c3c6", "capture the last gladiator"),
    t("arena", "r3k3/8/2p5/8/8/2P5/8/4K3 b - - 0 1", "c6c3", "capture the last gladiator"),
    t("arena", "4k3/8/2p2p2/8/8/2P5/8/R3K3 w - - 0 1", "c3c6", "a free capture"),
    t("brawl", "4k3/8/2p5/8/8/2P5/8/R3K3 w - - 0 1", "c3c6", "capture the last gladiator"),
    t("brawl", "r3k3/8/2p5/8/8/2P5/8/4K3 b - - 0 1", "c6c3", "capture the last gladiator"),
    t("brawl", "4k3/8/2p2p2/8/8/2P5/8/R3K3 w - - 0 1", "c3c6", "a free capture"),
]
