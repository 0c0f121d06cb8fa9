"""The old-saves corpus (``tests/data/old_saves``): every example save of every earlier format
and game, taken from git history, and what each replays to (``manifest.json``).

A manifest entry records the rules revision a save replays under, its final position (the
game's position text) and a digest of every position on the way. ``tests/test_old_saves.py``
replays each save, and the shipped ones in ``saves/``, and compares: a change to rules code
that alters a recorded game without bumping the game's revision fails there.

    python tests/old_saves.py add FILE SOURCE COMMIT   record a new save (one per revision)
    python tests/old_saves.py shipped                  record the shipped saves anew

Record anew only a save that replays differently for a reason that is not the rules (an
example game replaced by another): a rules change bumps the revision instead (README).
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from battlechess_tui.engine.game import Game
from battlechess_tui.save.records import read_document_at
from battlechess_tui.save.store import Loaded, load_game

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "old_saves"
MANIFEST = CORPUS / "manifest.json"
SAVES = ROOT / "saves"


def shipped_saves() -> list[Path]:
    """Every save shipped with the program: the example games and the campaign's games."""
    return sorted(SAVES.glob("*.json")) + sorted((SAVES / "campaigns").rglob("game-*.json"))


def position_texts(game: Game) -> list[str]:
    """Each position of the game, from its start to its end, in the game's notation."""
    return [game.rules.position_text(p.state) for p in game.positions]


@dataclass(frozen=True)
class Replay:
    """What a save replays to under today's code."""

    revision: int
    decisions: int
    result: str
    final_position: str
    positions: str  # SHA-256 of every position's text, one a line
    revision_line: str | None

    @classmethod
    def of(cls, loaded: Loaded) -> Replay:
        game = loaded.game
        texts = position_texts(game)
        outcome = game.outcome
        result = "in play" if outcome is None else game.presenter.describe_outcome(outcome)
        return cls(
            revision=game.rules.spec.revision,
            decisions=len(game.plies),
            result=result,
            final_position=texts[-1],
            positions=hashlib.sha256("\n".join(texts).encode()).hexdigest(),
            revision_line=loaded.revision_line,
        )

    def entry(self) -> dict[str, Any]:
        """The fields a manifest entry keeps of it."""
        return {
            "revision": self.revision,
            "decisions": self.decisions,
            "result": self.result,
            "final_position": self.final_position,
            "positions": self.positions,
        }


def read_manifest() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return doc


def write_manifest(doc: dict[str, Any]) -> None:
    MANIFEST.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def entry_of(path: Path, **where: str) -> dict[str, Any]:
    """A manifest entry for the save at ``path``, replayed by today's code."""
    loaded = load_game(path)
    doc = read_document_at(path)
    return {
        "file": path.name if path.parent == CORPUS else str(path.relative_to(ROOT)),
        **where,
        "game": loaded.record.variant,
        "format": doc["format_version"],
        **Replay.of(loaded).entry(),
    }


def _add(name: str, source: str, commit: str) -> None:
    doc = read_manifest()
    path = CORPUS / name
    entries = [e for e in doc["saves"] if e["file"] != path.name]
    entries.append(entry_of(path, source=source, commit=commit))
    doc["saves"] = sorted(entries, key=lambda e: e["file"])
    _write_revisions(doc)


def _shipped() -> None:
    doc = read_manifest()
    doc["shipped"] = [entry_of(path) for path in shipped_saves()]
    _write_revisions(doc)


def _write_revisions(doc: dict[str, Any]) -> None:
    from tests.shipped import shipped_specs

    doc["revisions"] = {key: spec.revision for key, spec in shipped_specs().items()}
    write_manifest(doc)


def main(argv: list[str]) -> int:
    if argv[:1] == ["add"] and len(argv) == 4:
        _add(*argv[1:])
    elif argv == ["shipped"]:
        _shipped()
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
