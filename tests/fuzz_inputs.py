"""A seeded fuzzer for every file battlechess reads: saves, campaign files and variant files.

Each case is a hostile file made from a good one (made here by the program) by one to three
seeded mutations: a value of another type, a huge or negative number, deep nesting, a long
string, control characters or markup in a name, a key removed or added, list items dropped,
doubled or swapped, bytes flipped, the file cut short; and a few files that are not regular
files at all. Each is read by the command a player would use (``replay --verify``, ``campaign
show``, ``check-variant``), in-process, and judged:

- the command ends with its documented status (0 accepted; 1 a verification mismatch or a
  variant's problems, one line each; 2 a refusal in one line on standard error), never with a
  traceback or an internal error;
- the file is unchanged (bytes and modification time);
- what is accepted is consistent, checked independently of the code under test: a save's
  seats, dice faces, event tags and result are the rebuilt game's; a campaign's pieces stand
  on their starting squares with known classes and items, its games are numbered in order with
  two powers each and their files inside its folder; an accepted variant plays a random game.

``tests/test_hardening_fuzz.py`` runs a bounded sample; ``benchmarks/fuzz_inputs.py`` the full
run, with figures.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from battlechess_tui.cli import main

# -- mutations -----------------------------------------------------------------------------------

HOSTILE_TEXT = ["[b]bold[/]", "[/]", "[@click=app.quit]x[/]", "\x1b]0;pwned\x07", "a\nb",
                "\x00", "é" * 3, "", " ", "../../etc/passwd", "x" * 5000]  # fmt: skip


def _nodes(doc: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in a JSON value, so a mutation can replace any part of it."""
    out, stack = [], [doc]
    while stack:
        item = stack.pop()
        keys = list(item) if isinstance(item, dict) else range(len(item))
        for key in keys:
            out.append((item, key))
            if isinstance(item[key], dict | list):
                stack.append(item[key])
    return out


def _deep(depth: int) -> str:
    """A placeholder for ``depth`` nested lists, put in by ``_nested`` once the document is
    text (the fuzzer itself must not recurse that deep)."""
    return f"__DEEP_{depth}__"


def _nested(text: str) -> str:
    for depth in (20, 70, 2000):
        text = text.replace(json.dumps(_deep(depth)), "[" * depth + "1" + "]" * depth)
    return text


def _other_value(rng: random.Random, old: Any) -> Any:
    choices: list[Callable[[], Any]] = [
        lambda: None, lambda: True, lambda: 0, lambda: -1, lambda: 2**64, lambda: 10**30,
        lambda: 1.5, lambda: "", lambda: rng.choice(HOSTILE_TEXT), lambda: [], lambda: {},
        lambda: _deep(rng.choice((20, 70, 2000))), lambda: [old, old],
        lambda: {"unknown": old},
    ]  # fmt: skip
    if isinstance(old, int) and not isinstance(old, bool):
        choices += [lambda: old + 1, lambda: old - 1, lambda: -old, lambda: old * 1000]
    if isinstance(old, str):
        choices += [lambda: old + "x", lambda: old[:-1], lambda: old.upper(),
                    lambda: old + rng.choice(HOSTILE_TEXT)]  # fmt: skip
    return rng.choice(choices)()


def mutate_tree(doc: Any, rng: random.Random) -> Any:
    """One structural change somewhere in a JSON-like value (a copy)."""
    doc = copy.deepcopy(doc)
    nodes = _nodes(doc)
    if not nodes:
        return _other_value(rng, doc)
    parent, key = rng.choice(nodes)
    op = rng.randrange(5)
    if op == 0 and isinstance(parent, dict):
        del parent[key]
    elif op == 1 and isinstance(parent, dict):
        parent[rng.choice(["unknown", "extra_field", f"{key}_"])] = parent[key]
    elif op == 2 and isinstance(parent, list):
        action = rng.randrange(3)
        if action == 0:
            parent.pop(key)
        elif action == 1:
            parent.insert(key, copy.deepcopy(parent[key]))
        else:
            other = rng.randrange(len(parent))
            parent[key], parent[other] = parent[other], parent[key]
    else:
        parent[key] = _other_value(rng, parent[key])
    return doc


def mutate_bytes(raw: bytes, rng: random.Random) -> bytes:
    """One change to the bytes: cut short, a byte flipped, garbage inserted, a part doubled."""
    if not raw:
        return b"\xff"
    op = rng.randrange(4)
    at = rng.randrange(len(raw))
    if op == 0:
        return raw[:at]
    if op == 1:
        return raw[:at] + bytes([raw[at] ^ (1 << rng.randrange(8))]) + raw[at + 1 :]
    if op == 2:
        return raw[:at] + rng.choice([b"\x00", b"\xff\xfe", b"[" * 3000, b"9" * 5000]) + raw[at:]
    end = min(len(raw), at + rng.randrange(1, 200))
    return raw[:end] + raw[at:end] + raw[end:]


def to_toml(table: dict[str, Any]) -> str:
    """A TOML document of ``table``: every value inline (enough for variant files)."""
    return "".join(f"{_toml_key(k)} = {_toml_value(v)}\n" for k, v in table.items()
                   if v is not None)  # fmt: skip


def _toml_key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() else json.dumps(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value).replace("\\u007f", "\\u007F")
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()
                          if v is not None)  # fmt: skip
        return "{ " + items + " }"
    return json.dumps(str(value))


def mutate_document(doc: Any, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    """One to three mutations: mostly structural, sometimes of the bytes."""
    for _ in range(rng.randint(1, 3)):
        doc = mutate_tree(doc, rng)
    try:
        raw = _nested(dump(doc)).encode("utf-8", errors="surrogatepass")
    except (ValueError, RecursionError):
        raw = b"{"
    if rng.random() < 0.25:
        raw = mutate_bytes(raw, rng)
    return raw


# -- running a command ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str
    seconds: float


def run(*args: str) -> Ran:
    """``battlechess ARGS`` in this process, its output captured."""
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse: --help, usage errors
            code = int(exc.code or 0)
    return Ran(code, out.getvalue(), err.getvalue(), time.perf_counter() - start)


def _state(path: Path) -> tuple[bytes, int] | None:
    try:
        return path.read_bytes(), os.stat(path).st_mtime_ns
    except OSError:
        return None


def _judge_output(ran: Ran, allowed: set[int], many_lines: bool = False) -> str | None:
    """What is wrong with how a command ended, or None."""
    text = ran.out + ran.err
    if "Traceback" in text:
        return "a traceback"
    if ran.code not in allowed:
        return f"exit {ran.code}: {(ran.err or ran.out).strip()[:300]}"
    if ran.code == 2 and (ran.err.count("\n") != 1 or not ran.err.startswith("battlechess: ")):
        return f"a refusal not in one line: {ran.err[:300]!r}"
    if ran.code == 1 and not many_lines and ran.out.count("\n") != 1:
        return f"a mismatch not in one line: {ran.out[:300]!r}"
    if "\x1b" in text or "\x07" in text:
        return "a raw control character in the output"
    return None


# -- what an accepted file must be (checked apart from the code under test) -----------------------


def save_problem(path: Path) -> str | None:
    """Where an accepted save disagrees with the game it loads as, or None."""
    from battlechess_tui.save.store import load_game

    doc = json.loads(path.read_bytes())
    game = load_game(path).game
    if doc["seed"] != game.seed or len(doc["plies"]) != len(game.plies):
        return "seed or number of plies"
    for index, (recorded, ply) in enumerate(zip(doc["plies"], game.plies, strict=True)):
        events = recorded.get("events", [])
        faces = [e["faces"] for e in events if e["kind"] == "roll"]
        tags = [e["tag"] for e in events if e["kind"] == "note"]
        if recorded["seat"] != ply.seat:
            return f"ply {index + 1}: seat"
        if faces != [list(r.faces) for r in ply.rolls]:
            return f"ply {index + 1}: dice"
        if tags != [str(e.tag) for e in ply.events if e.kind == "note"]:
            return f"ply {index + 1}: events"
    outcome, result = game.outcome, doc.get("result")
    if (outcome is None) != (result is None):
        return "finished or not"
    if outcome is not None and result is not None:
        winner = None if outcome.winner is None else game.variant.side_names[outcome.winner]
        if winner != result["winner"]:
            return "winner"
    if doc.get("players") and doc["players"] != game.players:
        return "players"
    return None


def campaign_problem(path: Path, homes: dict[str, dict[str, str]]) -> str | None:
    """What an accepted campaign file holds that the campaign rules cannot, or None."""
    from battlechess_tui.rules.dnd.items import load_catalogue

    cat = load_catalogue()
    doc = json.loads(path.read_bytes())
    for side in ("white", "black"):
        pieces = doc[side]["pieces"]
        if {p["square"]: p["cls"] for p in pieces} != homes[side] or len(pieces) != 16:
            return f"{side}: pieces not on their starting squares with their classes"
        for p in pieces:
            if not 1 <= p.get("level", 1) <= 5:
                return f"{side} {p['square']}: level"
            for item in p.get("items", []):
                try:
                    cat.parse(item)
                except ValueError:
                    return f"{side} {p['square']}: unknown item {item!r}"
    games = doc.get("games", []) + ([doc["current"]] if doc.get("current") else [])
    for number, game in enumerate(games, start=1):
        if game["number"] != number:
            return "games out of order"
        if len(game["power"]) != 2 or len(game.get("bonus", [0, 0])) != 2:
            return f"game {number}: power or bonus"
        parts = Path(game["file"]).parts
        if Path(game["file"]).is_absolute() or ".." in parts:
            return f"game {number}: file outside the campaign's folder"
    return None


def variant_problem(path: Path) -> str | None:
    """An accepted variant file must play: a random game (a seed the check never uses)."""
    from battlechess_tui.engine.game import Game
    from battlechess_tui.engine.registry import load_spec_file, make_variant

    variant = make_variant(load_spec_file(path))
    game, rng = Game(variant, 4242), random.Random(4242)
    try:
        while not game.over and len(game.plies) < 500:
            game.play(rng.choice(game.rule_actions()))
            variant.presenter.status(game.state)
    except Exception as exc:  # the finding: a variant that passed the check and crashed
        return f"plays no further than decision {len(game.plies) + 1}: {exc!r}"
    return None


# -- the run -------------------------------------------------------------------------------------


@dataclass
class Report:
    cases: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    seconds: Counter[str] = field(default_factory=Counter)
    slowest: dict[str, tuple[float, str]] = field(default_factory=dict)
    findings: list[str] = field(default_factory=list)

    def add(self, kind: str, name: str, ran: Ran, problem: str | None) -> None:
        self.cases[kind] += 1
        self.outcomes[f"{kind}: exit {ran.code}"] += 1
        self.seconds[kind] += ran.seconds
        self.slowest[kind] = max(self.slowest.get(kind, (0.0, "")), (ran.seconds, name))
        if problem is not None:
            self.findings.append(f"{kind} {name}: {problem}")

    def lines(self) -> list[str]:
        out = []
        for kind, n in sorted(self.cases.items()):
            mean = self.seconds[kind] / n * 1000
            seconds, name = self.slowest[kind]
            out.append(f"{kind}: {n} cases, {mean:.0f} ms each, slowest "
                       f"{seconds * 1000:.0f} ms ({name})")  # fmt: skip
        for outcome, n in sorted(self.outcomes.items()):
            out.append(f"  {outcome}: {n}")
        out.append(f"findings: {len(self.findings)}")
        out += [f"  {f}" for f in self.findings[:50]]
        return out


@dataclass
class Seeds:
    """The good files each case starts from (made by the program)."""

    saves: list[Path]
    campaign: Path
    variants: list[Path]


def make_seeds(folder: Path, games: tuple[str, ...], variant_bases: tuple[str, ...]) -> Seeds:
    """Good saves of ``games`` (and one house-rule save), a campaign with two games played,
    and house-rule variant files on ``variant_bases``."""
    from battlechess_tui.campaign.simulate import simulate_campaign
    from battlechess_tui.campaign.store import create_campaign
    from battlechess_tui.engine.game import Game
    from battlechess_tui.engine.registry import load_spec_file, make_variant
    from battlechess_tui.save.store import save_game
    from battlechess_tui.simulation import play_out, random_game

    folder.mkdir(parents=True, exist_ok=True)
    saves = []
    for index, key in enumerate(games):
        path = folder / f"seed-{key}.json"
        save_game(random_game(key, 100 + index), path)
        saves.append(path)
    variants = []
    for base in variant_bases:
        path = folder / f"house-{base}.toml"
        path.write_text(f'key = "house-{base}"\nname = "House {base}"\n'
                        f'description = "fuzz seed"\nbase = "{base}"\n')  # fmt: skip
        variants.append(path)
    if variants:
        house = make_variant(load_spec_file(variants[0]))
        path = folder / "seed-house.json"
        save_game(play_out(Game(house, 7), 7), path)
        saves.append(path)
    campaign = create_campaign("Fuzz", folder / "campaigns", "Ann", "Bo")
    simulate_campaign(campaign, 2, 3)
    return Seeds(saves, campaign, variants)


def make_fifo(path: Path) -> Path:
    """A FIFO at ``path`` that cannot hang a test: a thread opens it for writing and closes
    it, so code that wrongly waits on it reads an empty file (and fails) instead of blocking
    for ever."""
    os.mkfifo(path)

    def writer() -> None:
        with contextlib.suppress(OSError), open(path, "wb"):
            pass

    threading.Thread(target=writer, daemon=True).start()
    return path


def _special_files(folder: Path, name: str) -> list[Path]:
    """Files that are not regular files: a FIFO, a link to /dev/zero, a folder."""
    fifo, zero, sub = folder / f"fifo-{name}", folder / f"zero-{name}", folder / f"dir-{name}"
    make_fifo(fifo)
    zero.symlink_to("/dev/zero")
    sub.mkdir()
    return [fifo, zero, sub]


def fuzz(
    folder: Path,
    seed: int,
    saves: int,
    campaigns: int,
    variants: int,
    games: tuple[str, ...] = ("classic", "dice-chess", "single-combat", "dnd"),
    variant_bases: tuple[str, ...] = ("classic", "single-combat"),
) -> Report:
    """``saves``, ``campaigns`` and ``variants`` mutated files (seeded), judged."""
    from battlechess_tui.campaign.store import load_campaign

    seeds = make_seeds(folder / "seeds", games, variant_bases)
    rng = random.Random(seed)
    report = Report()
    cases = folder / "cases"
    cases.mkdir()

    def dump_json(d: object) -> str:
        return json.dumps(d, indent=1)

    for n in range(saves):
        good = seeds.saves[n % len(seeds.saves)]
        path = cases / f"save-{n:04d}.json"
        path.write_bytes(mutate_document(json.loads(good.read_bytes()), rng, dump_json))
        _case(report, "save", path, ("replay", str(path), "--verify"), {0, 1, 2}, save_problem)
    for path in _special_files(cases, "save.json"):
        _case(report, "save", path, ("replay", str(path), "--verify"), {2}, None)
    homes = {side: {p.square: p.cls for p in getattr(load_campaign(seeds.campaign), side).pieces}
             for side in ("white", "black")}  # fmt: skip
    for n in range(campaigns):
        path = seeds.campaign.with_name(f"fuzz-{n:04d}.json")
        path.write_bytes(mutate_document(json.loads(seeds.campaign.read_bytes()), rng, dump_json))

        def check(p: Path) -> str | None:
            return campaign_problem(p, homes)

        _case(report, "campaign", path, ("campaign", "show", str(path)), {0, 2}, check)
    for path in _special_files(cases, "campaign.json"):
        _case(report, "campaign", path, ("campaign", "show", str(path)), {2}, None)
    import tomllib

    for n in range(variants):
        good = seeds.variants[n % len(seeds.variants)]
        table = tomllib.loads(good.read_text())
        if rng.random() < 0.5:  # a richer file: a piece, an option and data to break
            table["pieces"] = {"king": {"name": "King", "letter": "K", "movement": ["step"]}}
            table["data"] = {"x": [1, {"y": 2}]}
        path = cases / f"variant-{n:04d}.toml"
        path.write_bytes(mutate_document(table, rng, to_toml))
        _case(report, "variant", path, ("check-variant", str(path)), {0, 1}, variant_problem,
              many_lines=True)  # fmt: skip
    for path in _special_files(cases, "variant.toml"):
        _case(report, "variant", path, ("check-variant", str(path)), {1}, None, many_lines=True)
    return report


Oracle = Callable[[Path], str | None]


def _case(report: Report, kind: str, path: Path, args: tuple[str, ...], allowed: set[int],
          consistent: Oracle | None, many_lines: bool = False) -> None:  # fmt: skip
    before = _state(path) if path.is_file() and not path.is_symlink() else None
    ran = run(*args)
    problem = _judge_output(ran, allowed, many_lines)
    if problem is None and before is not None and _state(path) != before:
        problem = "the file was changed"
    if problem is None and ran.code == 0 and consistent is not None:
        try:
            problem = consistent(path)
        except Exception as exc:  # an accepted file the program itself cannot use
            problem = f"accepted, then {type(exc).__name__}: {exc}"
        if problem is not None:
            problem = f"accepted an inconsistent file: {problem}"
    report.add(kind, path.name, ran, problem)
