"""A player's puzzle rating and which puzzles they have tried, kept between runs in
``puzzles.json`` in the user's data folder. A file that cannot be read counts as a newcomer's;
it is never fatal."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from battlechess_tui.puzzles.glicko import Rating, rate
from battlechess_tui.puzzles.model import Puzzle
from battlechess_tui.save.files import write_atomic

PROGRESS_NAME = "puzzles.json"
FORMAT = "battlechess-puzzle-progress"
#: Larger than this, the file is not ours: it is ignored rather than read.
MAX_BYTES = 1024 * 1024
#: How sure a puzzle's own rating is (it does not change here).
PUZZLE_DEVIATION = 75.0


def data_dir() -> Path:
    """$BATTLECHESS_DATA_DIR, else the platform's user data folder for battlechess."""
    env = os.environ.get("BATTLECHESS_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("battlechess", appauthor=False)


def progress_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / PROGRESS_NAME


@dataclass(frozen=True)
class Progress:
    """The player's rating and each puzzle tried (its id: solved or not)."""

    rating: Rating = field(default_factory=Rating)
    tried: dict[str, bool] = field(default_factory=dict)

    def answered(self, puzzle: Puzzle, solved: bool) -> Progress:
        """After ``puzzle`` was answered: the rating updated (a first try only counts)."""
        if puzzle.id in self.tried:
            return self
        opponent = Rating(float(puzzle.rating), PUZZLE_DEVIATION)
        rating = rate(self.rating, [(opponent, 1.0 if solved else 0.0)])
        return replace(self, rating=rating, tried={**self.tried, puzzle.id: solved})

    def next_puzzle(self, puzzles: tuple[Puzzle, ...] | list[Puzzle]) -> Puzzle | None:
        """The puzzle not tried yet nearest the player's rating (all tried: the nearest)."""
        fresh = [p for p in puzzles if p.id not in self.tried] or list(puzzles)
        if not fresh:
            return None
        return min(fresh, key=lambda p: (abs(p.rating - self.rating.rating), p.id))

    def to_json(self) -> dict[str, object]:
        r = self.rating
        return {"format": FORMAT, "rating": r.rating, "deviation": r.deviation,
                "volatility": r.volatility, "tried": self.tried}  # fmt: skip


def load(folder: Path | None = None) -> Progress:
    """The player's progress (a newcomer's when there is no readable file)."""
    path = progress_path(folder)
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return Progress()
        doc = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            return Progress()
        rating = Rating(float(doc["rating"]), float(doc["deviation"]), float(doc["volatility"]))
        tried = {str(k): bool(v) for k, v in dict(doc.get("tried", {})).items()}
    except (OSError, UnicodeDecodeError, ValueError, RecursionError, KeyError, TypeError):
        return Progress()
    return Progress(rating, tried)


def save(progress: Progress, folder: Path | None = None) -> None:
    """Keep ``progress`` (atomically; OSError if the folder cannot be written)."""
    path = progress_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(progress.to_json(), indent=1) + "\n")
