"""The analysis panel: White's winning chance over the game as a bar graph around 50% (the
position shown marked), the marks and big rolls under it, and what the analysis says of the
decision shown: its cost, what the engine preferred and why, and the luck of its roll."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from battlechess_tui.analysis.model import Analysis, DecisionReport
from battlechess_tui.ui.widgets.move_log import LogEntry

#: Rows of the graph (even: half above 50%, half below).
GRAPH_ROWS = 6
#: Eighths of a cell, for a bar's top above the middle line.
_UP = " ▁▂▃▄▅▆▇█"


@dataclass(frozen=True)
class PanelModel:
    """What the panel draws: the analysis so far, the ply shown, a status line, and each
    ply's move as the log numbers it (``16.``, ``16…``)."""

    analysis: Analysis | None = None
    ply: int = 0
    status: str = ""
    moves: tuple[str, ...] = ()


def columns_of(count: int, width: int) -> list[list[int]]:
    """Which positions each column stands for: several per column in a long game, else
    each position as many columns wide as ``width`` allows."""
    if count <= 0:
        return []
    if count >= width:
        return [list(range(c * count // width, (c + 1) * count // width)) for c in range(width)]
    return [[i] for i in range(count) for _ in range(max(1, width // count))]


def graph_lines(analysis: Analysis, ply: int, width: int) -> list[Text]:
    """The graph's rows and its marks row, ``width`` columns wide."""
    worths = analysis.worths
    cols = columns_of(len(worths), width)
    half = GRAPH_ROWS // 2
    rows = [Text() for _ in range(GRAPH_ROWS)]
    marks = Text()
    previous: list[int] = []
    for positions in cols:
        known = [w for i in positions if (w := worths[i]) is not None]
        shown = ply in positions
        style = "bold yellow" if shown else ("green" if known and known[-1] >= 0 else "red")
        value = (sum(known) / len(known)) if known else None
        for r, cell in enumerate(_column(value, half)):
            rows[r].append(cell, style if value is not None else "dim")
        marks.append(*(_mark(analysis, positions, shown) if positions != previous else (" ", "")))
        previous = positions
    return [*rows, marks]


def _column(value: float | None, half: int) -> list[str]:
    """A column's cells top to bottom: a bar up from the middle for White's lead (worth > 0),
    down for Black's, in eighths of a cell above and halves below."""
    if value is None:
        return ["·" if r == half - 1 else " " for r in range(2 * half)]
    cells = [" "] * (2 * half)
    eighths = round(abs(value) * half * 8)
    if value >= 0:
        for r in range(half):
            fill = max(0, min(8, eighths - 8 * (half - 1 - r)))
            cells[r] = _UP[fill]
        if eighths == 0:
            cells[half - 1] = "▁"
    else:
        halves = round(abs(value) * half * 2)
        for r in range(half):
            fill = max(0, min(2, halves - 2 * r))
            cells[half + r] = " ▀█"[fill]
    return cells


def _mark(analysis: Analysis, positions: list[int], shown: bool) -> tuple[str, str]:
    """The marks row's cell: ▲ the position shown, ? a mistake or blunder, * a big roll."""
    if shown:
        return "▲", "bold"
    made = [d for d in analysis.decisions if d.ply + 1 in positions]
    if any(d.mark in ("mistake", "blunder") for d in made):
        return "?", "bold red"
    if any(d.big_roll for d in made):
        return "*", "bold yellow"
    return " ", ""


def decision_lines(analysis: Analysis, d: DecisionReport, move: str) -> list[str]:
    """What the analysis says of one decision (``move``: its number as the log writes it),
    a line each, every estimate on the game's one scale as the side deciding reads it."""
    side = analysis.side_names[d.side]
    head = f"{move} {side}: {d.notation}{d.symbol}" + (f" — {d.mark}" if d.mark else "")
    lines = [head, analysis.why(d)]
    if d.roll is not None:
        luck = float(d.luck_for(d.side))
        odds = ""
        if d.roll.fight is not None:
            result = "won" if d.roll.won else "lost"
            odds = f"{result} a fight at {round(100 * float(d.roll.fight))}%; "
        expected = analysis.evaluation(float(d.roll.expected), d.side)
        came = analysis.evaluation(float(d.roll.actual), d.side)
        lines.append(f"roll: {odds}expected {expected}, came {came}: luck {luck:+.2f}")
    return lines


class AnalysisPanel(Widget, can_focus=False):
    """The graph and the words; hidden until an analysis is asked for (a key toggles it)."""

    DEFAULT_CSS = """
    AnalysisPanel { height: auto; }
    """

    model: reactive[PanelModel] = reactive(PanelModel, layout=True)

    def render(self) -> Text:
        model, out = self.model, Text()
        analysis = model.analysis
        if model.status:
            out.append(model.status + "\n", "italic")
        if analysis is None:
            return out
        width = max(8, self.content_region.width or 40)
        out.append(Text("\n").join(graph_lines(analysis, model.ply, width)))
        decision = analysis.decision_at(model.ply - 1) if model.ply else None
        if decision is not None and len(model.moves) >= model.ply:
            lines = decision_lines(analysis, decision, model.moves[model.ply - 1])
            out.append("\n" + "\n".join(lines))
        for summary in analysis.summary():
            out.append("\n" + summary.line(), "dim")
        return out


def marked_log(entries: tuple[LogEntry, ...], analysis: Analysis | None) -> tuple[LogEntry, ...]:
    """The move log with the analysis's marks: ``?!``, ``?`` or ``??`` after a marked
    decision, and the luck of a roll (to the side that threw) under it."""
    if analysis is None:
        return entries
    out = []
    for entry in entries:
        d = analysis.decision_at(entry.ply - 1)
        if d is None:
            out.append(entry)
            continue
        details = entry.details
        if d.roll is not None:
            details = (*details, f"luck {float(d.luck_for(d.side)):+.2f}")
        out.append(replace(entry, notation=entry.notation + d.symbol, details=details))
    return tuple(out)
