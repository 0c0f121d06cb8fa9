"""Dice for rules tests: they throw the faces a test scripts, in order; and applying a typed
action with them."""

from battlechess_tui.engine.dice import Dice


class ScriptedDice(Dice):
    """Throws the given faces in order; a test that scripts too few, or faces off the die, fails."""

    def __init__(self, *faces: int) -> None:
        super().__init__()
        self.queue = list(faces)

    def faces(self, count: int, sides: int) -> tuple[int, ...]:
        assert len(self.queue) >= count, f"the test scripted too few dice for {count}d{sides}"
        out = tuple(self.queue[:count])
        del self.queue[:count]
        assert all(1 <= f <= sides for f in out), (out, sides)
        return out


def apply_scripted(variant, state, text: str, *faces: int):
    """Apply the action typed as ``text`` with scripted dice: (new state, events). Every
    scripted face must be thrown."""
    dice = ScriptedDice(*faces)
    new, events = variant.apply(state, variant.parse_action(state, text), dice)
    assert not dice.queue, f"unused scripted faces {dice.queue}"
    return new, events
