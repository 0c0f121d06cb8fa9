"""The engine's typed words: kinds of events, of endings and of marks.

Rules speak to presenters, the UI and the computer players in these enums, never in sentences
that a reader must parse. Each is a ``StrEnum``, so its value is also what saves record.
"""

from __future__ import annotations

from enum import StrEnum


class EventTag(StrEnum):
    """What a narrated change (``Note``) is about."""

    CAPTURE = "capture"
    KILL = "kill"
    DAMAGE = "damage"
    HEAL = "heal"
    MISS = "miss"
    FREEZE = "freeze"
    THAW = "thaw"
    RESCUE = "rescue"
    PROMOTE = "promote"
    RETURN = "return"  # a captured piece brought back
    OVERRIDE = "override"
    PASS = "pass"
    SWAP = "swap"
    SETUP = "setup"
    KING = "king"  # a king (or the side's royal piece) is lost or endangered
    WIN = "win"
    DRAW = "draw"
    RESIGN = "resign"
    OFFER = "offer"
    DECLINE = "decline"
    EXPIRE = "expire"  # a timed effect ends
    EFFECT = "effect"  # a spell or ability takes hold
    BATTLE = "battle"  # a battle begins
    WITHDRAW = "withdraw"
    LEVEL = "level"
    LOOT = "loot"
    TURN = "turn"  # a new turn or round begins
    ROUND = "round"  # a combat round ends
    PLACE = "place"  # a freed Queen placed (Gladiator)
    HELD = "held"  # a Queen held by the enemy (Gladiator)
    STAND = "stand"  # a piece stands its ground
    CASTLE = "castle"
    CAST = "cast"
    BUFF = "buff"
    CONDITION = "condition"
    IMMUNE = "immune"
    EVASION = "evasion"
    CRITICAL = "critical"
    ABILITY = "ability"
    INITIATIVE = "initiative"
    AUTO = "auto"  # the rest of a battle fought automatically
    CHARGE = "charge"
    WAIT = "wait"
    HELPLESS = "helpless"
    FASCINATE = "fascinate"
    SHIELD_OTHER = "shield-other"
    SURRENDER = "surrender"
    INFO = "info"


class Ending(StrEnum):
    """How a game ended; ``Outcome.reason`` keeps the words for people beside it."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    FIFTY_MOVES = "fifty-moves"
    REPETITION = "repetition"
    DEAD_POSITION = "dead-position"
    KING_KILLED = "king-killed"
    QUEEN_HELD = "queen-held"
    ALL_CAPTURED = "all-captured"
    NO_DICE = "no-dice"
    SCORE = "score"
    NO_MOVES = "no-moves"
    QUIET = "quiet"  # too many turns without a capture, damage or progress
    PASSES = "passes"
    SURRENDER = "surrender"
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"
    OTHER = "other"


class Purpose(StrEnum):
    """What a throw of dice is for (``Roll.use``): presenters and the UI read this, never the
    roll's words."""

    SETUP = "setup"  # dice thrown to set the board up (Dice Chess)
    REROLL = "reroll"  # a capturing die thrown again (Dice Chess)
    FIGHT = "fight"  # a capture decided by one die against a table (Single Combat)
    ATTACK = "attack"  # an attack roll, or an attacker's pool
    DEFENCE = "defence"  # a defender's pool (Gladiator)
    CONFIRM = "confirm"  # a threatened critical's confirmation (D&D)
    DAMAGE = "damage"
    HEALING = "healing"  # hit points back
    TEMP_HP = "temp-hp"  # temporary hit points (D&D's False Life)
    SAVE = "save"  # a saving throw
    INITIATIVE = "initiative"
    CURSE = "curse"  # does a cursed piece act (D&D)
    MISS_CHANCE = "miss-chance"  # concealment (Blur)
    OTHER = "other"


class MarkKind(StrEnum):
    """What a mark on a piece or a square means to a player; the board draws each kind with
    its own symbol unless the mark names one."""

    BUFF = "buff"  # a helpful effect (Bless, Shield)
    DEBUFF = "debuff"  # a harmful effect (Doom, a curse)
    CONDITION = "condition"  # a state that limits the piece (frozen, paralyzed, prone)
    STATUS = "status"  # a fact worth seeing (in check, moved, promoted, commander)
    AREA = "area"  # a square with a standing meaning (the arena, a used promotion square)


class ActionKind(StrEnum):
    """What a player's decision is (``Action.kind``): every kind any game uses. The value is
    the word a player types and a save records (``swap a1 b1``; a move is written by its
    squares alone)."""

    MOVE = "move"
    PASS = "pass"  # no move: the turn passes (Dice Chess DC-7, the chess family)
    SWAP = "swap"  # two dice swapped (Dice Chess setup), or the King's swap (D&D DD-17)
    DONE = "done"  # the dice are arranged (Dice Chess)
    OVERRIDE = "override"  # the King takes over the move (Gladiator)
    NO_OVERRIDE = "no-override"
    HEAL = "heal"  # the Queen heals a piece (Gladiator)
    PLACE = "place"  # a freed Queen placed (Gladiator)
    RETURN = "return"  # a piece brought back (Gladiator)
    PROMOTE = "promote"  # a promotion's choice (Gladiator)
    CAST = "cast"  # a spell (D&D)
    ABILITY = "ability"  # a class ability (D&D)
    NONE = "none"  # no action after the move (D&D)
    STAY = "stay"  # the King does not swap (D&D)
    ATTACK = "attack"  # battle decisions (D&D)
    CHARGE = "charge"
    WAIT = "wait"
    WITHDRAW = "withdraw"
    AUTO = "auto"
    LOOT = "loot"  # the fallen piece's items (D&D campaign)
    LEAVE = "leave"
    SURRENDER = "surrender"  # the King surrenders (D&D campaign)
    RESIGN = "resign"  # the table's decisions, in every game
    OFFER_DRAW = "offer-draw"
    ACCEPT_DRAW = "accept-draw"
    DECLINE_DRAW = "decline-draw"


class Target(StrEnum):
    """What a roll's ``target`` number is (``Roll.target_kind``): the presenter words it
    (``AC 16``, ``needs 5``, ``miss on 1-20``)."""

    NONE = "none"
    AC = "ac"  # armour class (D&D)
    FLAT_AC = "flat-ac"  # flat-footed armour class (D&D)
    TOUCH_AC = "touch-ac"  # touch armour class (D&D)
    DC = "dc"  # a saving throw's difficulty (D&D)
    AT_LEAST = "at-least"  # the total needed (Single Combat's table)
    AT_MOST = "at-most"  # the roll fails (or loses) on this number or less (D&D's d100 rolls)
    TOTAL = "total"  # the other side's total, in an opposed roll


class Verdict(StrEnum):
    """What a roll decided (``Roll.verdict``): the presenter words it."""

    NONE = "none"
    HIT = "hit"
    MISS = "miss"
    CRITICAL = "critical"  # a threat confirmed
    NOT_CONFIRMED = "not-confirmed"
    SAVED = "saved"
    FAILED = "failed"
    WINS = "wins"  # the fight, the initiative, or the round (by ``numbers[0]``)
    LOSES = "loses"
    TIE = "tie"  # no one wins: a Gladiator round with no damage, or an initiative rolled again
    WOUNDED = "wounded"  # the thrower's side loses hit points (Gladiator: lost, left)
    ACTS = "acts"  # a cursed piece acts
    LOSES_ACTION = "loses-action"
    BLURRED = "blurred"  # a hit turned into a miss by concealment
    SPARED = "spared"  # the hit stands: concealment did not turn it
    AMOUNT = "amount"  # damage or healing, ``numbers[0]``
    SHOWS = "shows"  # a die thrown again now shows ``numbers[0]``


class RollDetail(StrEnum):
    """A particular of a roll's verdict (``Roll.details``)."""

    NATURAL_20 = "natural-20"  # hits (or saves) whatever the total
    NATURAL_1 = "natural-1"  # misses (or fails) whatever the total
    THREAT = "threat"  # a critical threatened: a confirmation follows
    TIE_BREAK = "tie-break"  # equal totals, decided by the higher modifier (D&D initiative)
    AGAIN = "again"  # a tie: both throw again
    MINIMUM = "minimum"  # the amount raised to its minimum
