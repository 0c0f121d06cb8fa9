"""The words of Gladiator's fights, from their facts: the attacker's pool (with the attack
die, and the Queen's when she fights beside it) against the defender's, round by round in a
duel, and what each round did to the loser's hit points."""

from __future__ import annotations

from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.present_part import Speaker
from battlechess_tui.engine.roll_words import SHARED, RollWords, against_words, shared_words
from battlechess_tui.engine.vocabulary import Purpose, Verdict
from battlechess_tui.rules.gladiator.vocabulary import GladiatorPurpose, GladiatorVerdict

#: A round with no damage, as each side's roll says it.
TIES: dict[str, str] = {
    Purpose.ATTACK: "tie: no damage",
    GladiatorPurpose.DEFENCE: "tie: the defender holds",
}

#: The shared words with Gladiator's own.
TABLES = SHARED.extended(
    purposes={GladiatorPurpose.DEFENCE: "defence"},
    verdicts={GladiatorVerdict.WOUNDED: "loses {n[0]} hp ({n[1]} left)"},
)


def words(presenter: Speaker, roll: Roll) -> RollWords:
    if roll.use not in TIES or not roll.pieces or not roll.squares:
        return shared_words(roll, TABLES)
    name = presenter.kind_name(roll.pieces[0].kind)
    where = presenter.geo.name(roll.squares[0])
    if roll.use == Purpose.ATTACK:
        dice = [f"+{roll.names[0]} attack die"] if roll.names else []
        dice += [f"+{die} Queen's die" for die in roll.names[1:]]
        added = f" ({', '.join(dice)})" if dice else ""
        purpose = f"{name} attacks {where}{added}"
    else:
        purpose = f"{name} defends {where}"
    if roll.round_number:
        purpose += f", round {roll.round_number}"
    return RollWords(purpose, "", against_words(roll, TABLES), _result(name, roll))


def _result(name: str, roll: Roll) -> str:
    """``wins by 3``, ``Champion loses 3 hp (5 left)``, or the tie's words."""
    n = roll.numbers
    if roll.verdict == Verdict.WINS and n:
        return f"wins by {n[0]}"
    if roll.verdict == GladiatorVerdict.WOUNDED and len(n) == 2:
        return f"{name} loses {n[0]} hp ({n[1]} left)"
    if roll.verdict == Verdict.TIE:
        return TIES[roll.use]
    return ""
