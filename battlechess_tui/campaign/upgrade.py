"""Older campaign files read into today's format, once, on loading (``store.load_campaign``).

Version 1 kept a piece's history, a game's result and the spoils of a surrender as sentences.
They are read back into facts here: each sentence any version wrote is matched against its
pattern, its names (a class, an item, a side) turned back into keys. A sentence no pattern
reads, or that names something the game does not know (a hand-edited line), is kept as it was
written (a ``words`` fact, a game's ``words``), never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from battlechess_tui.campaign.support import presenter, support
from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.vocabulary import Ending

SIDE_KEYS = ("white", "black")
_GAME = r"game (?P<game>\d+): "
_ITEMS = r"(?P<items>.+)"


@cache
def _item_keys() -> dict[str, str]:
    """Every item the shop sells (banes too) by its name and by its key: its key."""
    game = support()
    found: dict[str, str] = {}
    for cls in game.class_names():
        for have in ((), ("weapon+1",)):
            for offer in game.offers(cls, 1, have):
                found[offer.name] = found[offer.item] = offer.item
    return found


def _item(text: str) -> str | None:
    """The key of an item named by its key or its name; None when the game knows neither."""
    text = text.strip()
    try:
        return support().canonical_item(text)
    except ValueError:
        return _item_keys().get(text)


def _items(text: str) -> list[str] | None:
    """Items listed with commas (``Ring of Protection +1, +1 weapon``); None if one is unknown."""
    found = [_item(part) for part in text.split(", ")]
    return None if any(i is None for i in found) else [i for i in found if i is not None]


def _bought(m: re.Match[str]) -> dict[str, Any] | None:
    items = _items(m["items"])
    gold = int(m["gold"].replace(",", ""))
    return None if items is None else {"kind": "bought", "items": items, "gold": gold}


def _killed(m: re.Match[str]) -> dict[str, Any] | None:
    classes = {name: key for key, name in support().class_names().items()}
    cls = classes.get(m["cls"])
    if cls is None:
        return None
    return {
        "kind": "killed",
        "game": int(m["game"]),
        "side": m["side"].lower(),
        "cls": cls,
        "square": m["square"],
        "level": int(m["level"]),
    }


def _fell(m: re.Match[str]) -> dict[str, Any] | None:
    listed = m["looted"] or m["losing"]
    items = _items(listed) if listed else []
    if items is None:
        return None
    fact: dict[str, Any] = {"kind": "fell", "game": int(m["game"]), "level": int(m["level"])}
    return {**fact, "items": items} if items else fact


def _with_items(kind: str) -> Callable[[re.Match[str]], dict[str, Any] | None]:
    def read(m: re.Match[str]) -> dict[str, Any] | None:
        items = _items(m["items"])
        return None if items is None else {"kind": kind, "game": int(m["game"]), "items": items}

    return read


def _promoted(m: re.Match[str]) -> dict[str, Any] | None:
    return {"kind": "promoted", "game": int(m["game"]), "level": int(m["level"])}


#: Every sentence version 1 wrote into a piece's history, and how its facts are read.
HISTORY_SENTENCES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], dict[str, Any] | None]]]
HISTORY_SENTENCES = [
    (re.compile(rf"bought {_ITEMS} for (?P<gold>\d[\d,]*) gold"), _bought),
    (
        re.compile(
            _GAME + r"killed the (?P<side>White|Black) (?P<cls>\w+) "
            r"\((?P<square>[a-h][1-8]), L(?P<level>[1-5])\)"
        ),
        _killed,
    ),
    (
        re.compile(  # "its X looted" today; "losing X" (item keys) in the first files
            _GAME + r"killed at level (?P<level>[1-5])"
            r"(?:, its (?P<looted>.+) looted|, losing (?P<losing>.+?))?(?:; back to level 1)?"
        ),
        _fell,
    ),
    (re.compile(_GAME + r"promoted to level (?P<level>[1-5])"), _promoted),
    (re.compile(_GAME + rf"looted {_ITEMS}"), _with_items("looted")),
    (re.compile(_GAME + rf"{_ITEMS} taken as spoils"), _with_items("spoils-taken")),
    (re.compile(_GAME + rf"received {_ITEMS} as spoils"), _with_items("spoils-received")),
]


def history_fact(sentence: Any) -> dict[str, Any]:
    """The fact a version-1 history sentence records; a ``words`` fact keeping it as it was
    when no pattern reads it."""
    if not isinstance(sentence, str):
        return {"kind": "words", "text": str(sentence)}
    for pattern, read in HISTORY_SENTENCES:
        m = pattern.fullmatch(sentence)
        if m is not None:
            fact = read(m)
            if fact is not None:
                return fact
    return {"kind": "words", "text": sentence}


def result_facts(line: str, winner: str | None, names: tuple[str, str]) -> dict[str, Any]:
    """The ending, numbers and rule of a version-1 result line: the outcome whose line the
    game's presenter writes exactly so; else the line kept as ``words``."""
    if not line:
        return {}
    rule = re.search(r"\(([A-Z]+-\d+)\)$", line)
    body = line.split(": ", 1)[-1]
    numbers = tuple(int(n) for n in re.findall(r"\d+", body.removesuffix(rule[0] if rule else "")))
    side = None if winner not in SIDE_KEYS else SIDE_KEYS.index(winner)
    for kind in Ending:
        for found in dict.fromkeys(((), numbers)):  # an ending without numbers first
            outcome = Outcome(side, rule=rule[1] if rule else "", kind=kind, numbers=found)
            if presenter().describe_outcome(outcome, names) == line:
                return {"ending": kind.value, "numbers": list(found), "rule": outcome.rule}
    return {"words": line}


_GOLD = re.compile(r"(?P<gold>\d[\d,]*) gold from the war chest")
_GIVEN = re.compile(r"(?P<item>.+) from (?P<source>[a-h][1-8]) to (?P<target>[a-h][1-8])")


def spoils_facts(line: Any) -> dict[str, Any] | None:
    """What a version-1 spoils line records (None for no spoils)."""
    if not line:
        return None
    text = str(line)
    gold = _GOLD.fullmatch(text)
    if gold is not None:
        return {"gold": int(gold["gold"].replace(",", ""))}
    given = _GIVEN.fullmatch(text)
    item = _item(given["item"]) if given is not None else None
    if given is not None and item is not None:
        return {"item": item, "source": given["source"], "target": given["target"]}
    return {"words": text}


def _entry(entry: Any, names: tuple[str, str]) -> Any:
    if not isinstance(entry, dict):
        return entry  # validation names the problem
    out = {k: v for k, v in entry.items() if k not in ("result", "spoils")}
    result = entry.get("result", "")
    if isinstance(result, str):
        out.update(result_facts(result, entry.get("winner"), names))
    else:
        out["words"] = str(result)
    spoils = spoils_facts(entry.get("spoils"))
    if spoils is not None:
        out["spoils"] = spoils
    return out


def _name(doc: dict[str, Any], side: str) -> str:
    record = doc.get(side)
    player = record.get("player") if isinstance(record, dict) else None
    return f"{side.capitalize()} ({player})"


def from_version_1(doc: dict[str, Any]) -> dict[str, Any]:
    """A version-1 campaign document as version 2: sentences read into facts."""
    out = dict(doc, format_version=2)
    names = (_name(doc, "white"), _name(doc, "black"))
    for side in SIDE_KEYS:
        record = doc.get(side)
        if not isinstance(record, dict) or not isinstance(record.get("pieces"), list):
            continue
        pieces = []
        for piece in record["pieces"]:
            if isinstance(piece, dict) and isinstance(piece.get("history"), list):
                piece = dict(piece, history=[history_fact(h) for h in piece["history"]])
            pieces.append(piece)
        out[side] = dict(record, pieces=pieces)
    if isinstance(doc.get("games"), list):
        out["games"] = [_entry(g, names) for g in doc["games"]]
    if doc.get("current") is not None:
        out["current"] = _entry(doc["current"], names)
    return out


#: Each older version's step to the next.
STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: from_version_1}


def upgrade(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` brought to today's version step by step (as it is when already today's, or of a
    version no step starts from: validation then names the problem)."""
    version = doc.get("format_version")
    while type(version) is int and version in STEPS:
        doc = STEPS[version](doc)
        version = doc.get("format_version")
    return doc
