"""A seeded fuzzer for every file battlechess reads: saves, campaign files, variant files and
lesson files; and for what it reads that is not a file: positions typed to ``show`` and the
messages a browser tab sends ``serve``.

Each case is a hostile file made from a good one (made here by the program) by one to three
seeded mutations: a value of another type, a huge or negative number, deep nesting, a long
string, control characters or markup in a name, a key removed or added, list items dropped,
doubled or swapped, bytes flipped, the file cut short; and a few files that are not regular
files at all. Each is read by the command a player would use (``replay --verify``, ``campaign
show``, ``check-variant``, ``check-lesson``, ``show --position``), in-process, and judged:

- the command ends with its documented status (0 accepted; 1 a verification mismatch or a
  variant's problems, one line each; 2 a refusal in one line on standard error), never with a
  traceback or an internal error;
- the file is unchanged (bytes and modification time);
- what is accepted is consistent, checked independently of the code under test: a save's
  seats, dice faces, event tags and result are the rebuilt game's; a campaign's pieces stand
  on their starting squares with known classes and items, its games are numbered in order with
  two powers each and their files inside its folder; an accepted variant plays a random game;
  an accepted lesson plays to its end in the runner the app uses, by its own line and by a
  random choice among each step's alternatives; an accepted position plays a random game and
  reads back as the text it prints.

A browser message is read by ``serve``'s reader, which must never raise and keep only the
shapes a page sends.

``tests/test_hardening_fuzz.py`` runs a bounded sample; ``benchmarks/fuzz_inputs.py`` the full
run, with figures.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import json
import os
import random
import threading
import time
from collections import Counter, defaultdict
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
        if not isinstance(item, dict | list):
            continue  # (a whole document replaced by a number)
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
        choices += [
            lambda: old + "x",
            lambda: old[:-1],
            lambda: old.upper(),
            lambda: old + rng.choice(HOSTILE_TEXT),
        ]
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
    return "".join(
        f"{_toml_key(k)} = {_toml_value(v)}\n" for k, v in table.items() if v is not None
    )


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
        items = ", ".join(
            f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items() if v is not None
        )
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


def lesson_problem(path: Path) -> str | None:
    """An accepted lesson must play to its end in the app's runner: by its own line (each
    step's first decision) and by random alternatives; a hint is always at hand."""
    from battlechess_tui.tutorial.catalogue import read_lesson
    from battlechess_tui.tutorial.runner import LessonRun

    ref = read_lesson(path)
    rng = random.Random(path.name)
    for own_line in (True, False):
        run = LessonRun(ref)
        while run.step is not None:
            choices = run.expected()
            if not choices:
                return f"step {run.index + 1}: no decision completes it"
            run.hint()
            action = choices[0] if own_line else rng.choice(choices)
            if not run.attempt(action).done:
                return f"step {run.index + 1}: its decision is refused"
    return None


def position_problem(key: str, text: str) -> str | None:
    """An accepted position reads back as the text it prints, and plays a random game."""
    from battlechess_tui.engine.game import Game
    from battlechess_tui.simulation import cached_variant

    variant = cached_variant(key, None)
    state = variant.rules.parse_position(text)
    printed = variant.rules.position_text(state)
    if variant.rules.position_text(variant.rules.parse_position(printed)) != printed:
        return "its printed text reads back as another position"
    game, rng = Game(variant, 4242, start=state), random.Random(4242)
    try:
        while not game.over and len(game.plies) < 40:
            game.play(rng.choice(game.rule_actions()))
            variant.presenter.status(game.state)
    except Exception as exc:
        return f"plays no further than decision {len(game.plies) + 1}: {exc!r}"
    return None


#: Characters a position is made of in some game, and some it never is.
POSITION_CHARS = "KQRBNPkqrbnpGSAXZ0123456789/-+ abcdefgh[](){}:;,=.|*~"


def mutate_text(text: str, rng: random.Random) -> str:
    """One to three changes to a line of text: a character replaced, a part deleted or
    doubled, a huge number or hostile text put in, the fields shuffled, the line cut."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(text) + 1)
        op = rng.randrange(7)
        if op == 0 and text:
            text = text[:at] + rng.choice(POSITION_CHARS) + text[at + 1 :]
        elif op == 1:
            text = text[:at] + text[at + rng.randrange(1, 12) :]
        elif op == 2:
            end = min(len(text), at + rng.randrange(1, 40))
            text = text[:end] + text[at:end] + text[end:]
        elif op == 3:
            big = rng.choice(["99999999999999999999", "-1", "0", "4294967296", "1e9", "nan"])
            text = text[:at] + big + text[at:]
        elif op == 4:
            text = text[:at] + rng.choice(HOSTILE_TEXT) + text[at:]
        elif op == 5:
            fields = text.split(" ")
            rng.shuffle(fields)
            text = " ".join(fields)
        else:
            text = text[:at]
    return text


#: What a page sends ``serve``: keys, a size, a ping, focus and blur.
GOOD_MESSAGES: list[Any] = [["stdin", "q"], ["stdin", "\x1b[A"], ["resize", {"width": 100,
    "height": 30}], ["ping", "1700000000000"], ["focus"], ["blur"]]  # fmt: skip


def message_problem(data: str, read: Any) -> str | None:
    """What is wrong with what ``read_message`` kept of ``data``, or None: only the shapes
    a page sends, within their bounds."""
    from battlechess_tui.cli.web_guard import MAX_CELLS, MAX_PING_CHARS, MAX_STDIN_CHARS

    if read is None:
        return None
    kind, value = read
    if kind == "stdin" and isinstance(value, str) and 0 < len(value) <= MAX_STDIN_CHARS:
        return None
    if kind == "ping" and isinstance(value, str) and len(value) <= MAX_PING_CHARS:
        return None
    if kind in ("focus", "blur") and value is None:
        return None
    if kind == "resize" and all(type(n) is int and 1 <= n <= MAX_CELLS for n in value):
        return None
    return f"kept {read!r} of {data[:80]!r}"


def message_case(report: Report, name: str, data: str) -> None:
    """``serve``'s reader on one message: it never raises, and keeps only good shapes."""
    from battlechess_tui.cli.web_guard import read_message

    start = time.perf_counter()
    try:
        read = read_message(data)
        problem = message_problem(data, read)
    except Exception as exc:  # the finding: a message that breaks the reader
        read, problem = None, f"{type(exc).__name__}: {exc}"
    ran = Ran(0 if read is not None else 1, "", "", time.perf_counter() - start)
    report.add("message", name, ran, problem)


# -- the run -------------------------------------------------------------------------------------


@dataclass
class Report:
    cases: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    seconds: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
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
            out.append(
                f"{kind}: {n} cases, {mean:.0f} ms each, slowest {seconds * 1000:.0f} ms ({name})"
            )
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
        path.write_text(
            f'key = "house-{base}"\nname = "House {base}"\n'
            f'description = "fuzz seed"\nbase = "{base}"\n'
        )
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
    *,
    lessons: int = 0,
    positions: int = 0,
    messages: int = 0,
    position_games: tuple[str, ...] = ("classic", "single-combat", "dice-chess", "arena"),
) -> Report:
    """``saves``, ``campaigns``, ``variants`` and ``lessons`` mutated files, ``positions``
    mutated positions of ``position_games`` and ``messages`` mutated browser messages
    (seeded), judged."""
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
    homes = {
        side: {p.square: p.cls for p in getattr(load_campaign(seeds.campaign), side).pieces}
        for side in ("white", "black")
    }
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
        _case(
            report,
            "variant",
            path,
            ("check-variant", str(path)),
            {0, 1},
            variant_problem,
            many_lines=True,
        )
    for path in _special_files(cases, "variant.toml"):
        _case(report, "variant", path, ("check-variant", str(path)), {1}, None, many_lines=True)
    if lessons:
        _fuzz_lessons(report, cases / "lessons", rng, lessons)
    if positions:
        _fuzz_positions(report, rng, positions, position_games)
    for n in range(messages):
        doc = rng.choice(GOOD_MESSAGES)
        data = mutate_document(doc, rng, json.dumps).decode("utf-8", errors="replace")
        message_case(report, f"message-{n:04d}", data)
    return report


def _fuzz_lessons(report: Report, folder: Path, rng: random.Random, count: int) -> None:
    """Shipped lesson files, mutated, each in its game's folder, read by ``check-lesson``;
    then files that are not files."""
    import tomllib

    from battlechess_tui.tutorial.catalogue import lessons_dir

    seeds = sorted(lessons_dir().glob("*/*.toml"))
    for n in range(count):
        good = seeds[n % len(seeds)]
        path = folder / good.parent.name / f"lesson-{n:04d}.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(mutate_document(tomllib.loads(good.read_text()), rng, to_toml))
        _case(
            report,
            "lesson",
            path,
            ("check-lesson", str(path)),
            {0, 1},
            lesson_problem,
            many_lines=True,
        )
    for path in _special_files(folder, "lesson.toml"):
        _case(report, "lesson", path, ("check-lesson", str(path), "--game", "classic"), {1}, None)


def _fuzz_positions(report: Report, rng: random.Random, count: int, games: tuple[str, ...]) -> None:
    """Positions of random games (the start, a third and two thirds in), mutated, drawn by
    ``show --position``."""
    from battlechess_tui.simulation import random_game

    seeds = []
    for index, key in enumerate(games):
        game = random_game(key, 300 + index)
        for at in (0, len(game.plies) // 3, 2 * len(game.plies) // 3):
            seeds.append((key, game.rules.position_text(game.positions[at].state)))
    for n in range(count):
        key, good = seeds[n % len(seeds)]
        text = mutate_text(good, rng)
        args = ("show", key, "--position", text)
        ran = run(*args)
        problem = _judge_output(ran, {0, 2})
        if problem is None and len(ran.err) > MAX_REFUSAL_CHARS:
            problem = f"a refusal of {len(ran.err):,} characters (input echoed whole?)"
        if problem is None and ran.code == 0:
            problem = _consistent(functools.partial(position_problem, key, text))
        report.add("position", f"{key}-{n:04d}", ran, problem)


#: A one-line refusal longer than this repeats too much of what it refuses.
MAX_REFUSAL_CHARS = 400


def _consistent(check: Callable[[], str | None]) -> str | None:
    try:
        problem = check()
    except Exception as exc:  # an accepted input the program itself cannot use
        problem = f"accepted, then {type(exc).__name__}: {exc}"
    return None if problem is None else f"accepted an inconsistent file: {problem}"


Oracle = Callable[[Path], str | None]


def _case(
    report: Report,
    kind: str,
    path: Path,
    args: tuple[str, ...],
    allowed: set[int],
    consistent: Oracle | None,
    many_lines: bool = False,
) -> None:
    before = _state(path) if path.is_file() and not path.is_symlink() else None
    ran = run(*args)
    problem = _judge_output(ran, allowed, many_lines)
    if problem is None and before is not None and _state(path) != before:
        problem = "the file was changed"
    if problem is None and ran.code == 0 and consistent is not None:
        problem = _consistent(functools.partial(consistent, path))
    report.add(kind, path.name, ran, problem)
