"""The search player: a best-first expectimax tree over decisions and dice, grown to a budget.

The tree alternates decision nodes (a state and the side that decides there) and chance edges
(a decision and its possible results, ``ai/outcomes.py``: the won and lost fights weighed by
the rules' exact chance, or sampled rolls). A node is *expanded* by trying every choice once
and scoring each result with the rules' ``evaluate`` (a playout cut off at once); values are
backed up as the best choice for the side deciding and the expectation over dice. Each step
goes down from the root along the choices that look best (plus a small bonus for those seldom
looked at, as in UCT), expands the node it reaches and backs the values up, so the search
deepens the lines that matter: a capture answered by a recapture is seen as soon as it looks
best. Equal states reached by different orders share one node (a transposition table keyed
by the state, or by its position text for a game whose states do not hash yet).

Values are worths to White in [-1, 1] (``ai/scoring.py``); a node of Black's maximises their
negation. Deeper values shrink a little, so a sooner win and a later loss are preferred.

In a game whose rules doubt the best reply (``Rules.reply_doubt``), the worth of the other
side's decisions is mostly its best reply's and partly the average of all its replies: a
line that fails only against the single best answer is then worth trying.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Generic

from battlechess_tui.ai.budget import Budget, resamples
from battlechess_tui.ai.hint import Hint
from battlechess_tui.ai.outcomes import Result, resampled, results
from battlechess_tui.ai.players import TIE, decisions, held
from battlechess_tui.ai.scoring import unsquash, worth_after
from battlechess_tui.ai.searched import searched_hint
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.rules import Outcome, Rules, S

#: A value backed up one decision shrinks by this factor.
DISCOUNT = 0.995
#: Weight of the bonus for choices seldom looked at (values lie in [-1, 1]).
EXPLORE = 0.15
#: Most nodes a player keeps from one decision to the next.
MEMORY = 200_000
#: In a game whose file says ``[search] resample``, a decision whose dice were sampled gets
#: one more sample each time its visits reach this many times its samples, up to
#: ``MOST_SAMPLES`` (progressive widening of chance nodes).
WIDEN = 2
MOST_SAMPLES = 24


class Node(Generic[S]):
    """A decision point: its state, who decides, its worth to White and its choices."""

    __slots__ = ("state", "side", "value", "edges", "visits", "ended")

    def __init__(self, state: S, side: int, value: float, ended: bool) -> None:
        self.state = state
        self.side = side
        self.value = value
        self.ended = ended
        self.edges: list[Edge[S]] | None = None
        self.visits = 0

    def sign(self) -> float:
        return 1.0 if self.side == 0 else -1.0

    def best_edge_value(self, me: int, doubt: float) -> float:
        """The worth of deciding here: the best choice's for ``me``; for the other side,
        the best reply's with a share ``doubt`` of the average reply's."""
        assert self.edges
        pick = max if self.side == 0 else min
        best = pick(e.value for e in self.edges)
        if self.side == me or not doubt:
            return best
        average = sum(e.value for e in self.edges) / len(self.edges)
        return (1 - doubt) * best + doubt * average


@dataclass
class Branch(Generic[S]):
    node: Node[S]
    weight: float
    visits: int = 0


@dataclass
class Edge(Generic[S]):
    """A choice at a node: its possible results and their backed-up expected worth."""

    action: Action
    result: Result[S]
    branches: list[Branch[S]]
    value: float = 0.0
    visits: int = 0

    def back_up(self) -> None:
        self.value = DISCOUNT * sum(b.weight * b.node.value for b in self.branches)


@dataclass
class Search(Generic[S]):
    """One decision's search tree, grown by ``run`` within its budget."""

    rules: Rules[S]
    rng: random.Random
    budget: Budget
    nodes: int = 0
    table: dict[Hashable, Node[S]] = field(default_factory=dict)
    me: int = 0  # the side searching
    key: Callable[[Any], Hashable] | None = None
    resample: bool = False

    def run(self, state: S, seat: str) -> Node[S]:
        """The root, expanded for ``seat`` and searched until the budget is spent. A root
        found in the table (a position the last search looked at) keeps what was learnt."""
        self.key = state_key(self.rules, state)
        self.resample = resamples(self.rules)
        choices = decisions(self.rules, state, seat)
        self.me, _ = held(self.rules, seat)
        root = self.node(state)
        if root.edges is not None and [e.action for e in root.edges] != choices:
            root = self.made(state, self.rules.outcome(state))  # this seat's choices only
        if root.edges is None:
            root.side = self.me
            self.expand(root, choices)
        while not self.budget.spent(self.nodes) and not self.settled(root):
            self.step(root)
        return root

    def settled(self, root: Node[S]) -> bool:
        """Nothing left to learn: one choice, or a choice that wins at once."""
        assert root.edges is not None
        return len(root.edges) == 1 or root.sign() * root.value >= DISCOUNT - TIE

    def node(self, state: S) -> Node[S]:
        """The table's node of ``state``, made (and entered) if it has none."""
        key = self.key(state) if self.key is not None else None
        if key is not None and key in self.table:
            return self.table[key]
        made = self.made(state, self.rules.outcome(state))
        if key is not None:
            self.table[key] = made
        return made

    def made(self, state: S, outcome: Outcome | None) -> Node[S]:
        side = 0 if outcome is not None else self.rules.side_to_move(state)
        return Node(state, side, worth_after(self.rules, state, 0, outcome), outcome is not None)

    def expand(self, node: Node[S], actions: list[Action]) -> None:
        edges = []
        for action in actions:
            self.budget.check()
            result = results(self.rules, node.state, action, self.rng)
            self.nodes += result.cost
            branches = [Branch(self.node(b.state), b.weight) for b in result.branches]
            edge = Edge(action, result, branches)
            edge.back_up()
            edges.append(edge)
        node.edges = edges
        if edges:
            node.value = node.best_edge_value(self.me, self.rules.reply_doubt)
        else:
            node.ended = True

    def step(self, root: Node[S]) -> None:
        """Go down the most promising line, expand its end, and back the values up (each
        decision gone through counts as a node of work)."""
        self.nodes += 1
        path: list[tuple[Node[S], Edge[S]]] = []
        on_path = {id(root)}
        node = root
        while node.edges is not None and not node.ended:
            edge = self.select(node)
            self.widen(node, edge)
            branch = max(edge.branches, key=lambda b: b.weight / (b.visits + 1))
            branch.visits += 1
            path.append((node, edge))
            node = branch.node
            if id(node) in on_path:
                break
            on_path.add(id(node))
        self.nodes += len(path)
        if node.edges is None and not node.ended:
            self.expand(node, self.rules.legal_actions(node.state))
        for parent, edge in reversed(path):
            edge.back_up()
            edge.visits += 1
            parent.visits += 1
            parent.value = parent.best_edge_value(self.me, self.rules.reply_doubt)

    def widen(self, node: Node[S], edge: Edge[S]) -> None:
        """One more sample of ``edge``'s dice once it is visited often enough: the lines the
        search keeps returning to are then weighed by many samples, not by three lucky ones."""
        drawn = len(edge.result.drawn)
        if not self.resample or not drawn or drawn >= MOST_SAMPLES or edge.visits < WIDEN * drawn:
            return
        result = resampled(self.rules, node.state, edge.action, edge.result, self.rng)
        self.nodes += result.cost - edge.result.cost
        branches = []
        for b in result.branches:
            old = next((seen for seen in edge.branches if seen.node.state == b.state), None)
            child = old.node if old is not None else self.node(b.state)
            branches.append(Branch(child, b.weight, old.visits if old is not None else 0))
        edge.result, edge.branches = result, branches
        edge.back_up()

    def select(self, node: Node[S]) -> Edge[S]:
        assert node.edges
        if self.rules.reply_doubt and node.side != self.me:
            return self.doubted_reply(node)
        sign, log_n = node.sign(), math.log(node.visits + 1)
        return max(
            node.edges,
            key=lambda e: sign * e.value + EXPLORE * math.sqrt(log_n / (e.visits + 1)),
        )

    def doubted_reply(self, node: Node[S]) -> Edge[S]:
        """The other side's reply to look into, where the rules doubt the best one: each as
        often as its share of the node's worth asks (as a throw's results are, by their
        weights): the best's share is 1 - doubt plus its part of the average."""
        assert node.edges
        doubt, sign = self.rules.reply_doubt, node.sign()
        share = doubt / len(node.edges)
        best = max(node.edges, key=lambda e: sign * e.value)
        return max(node.edges, key=lambda e: (share + (1 - doubt) * (e is best)) / (e.visits + 1))


def state_key(rules: Rules[S], state: S) -> Callable[[Any], Hashable] | None:
    """How the transposition table names a state: the state itself if it hashes, else its
    position text if the game writes one, else nothing (no table)."""
    try:
        hash(state)
        return _itself
    except TypeError:
        pass
    try:
        rules.position_text(state)
    except NotImplementedError:
        return None
    return rules.position_text


def _itself(state: S) -> Hashable:
    name: Hashable = state
    return name


def best_choice(root: Node[S], rng: random.Random, margin: float = 0.0) -> Edge[S]:
    """The root's best choice for the side deciding there, among those the search looked
    beyond (if any): a choice seen only one decision deep is judged on the position right
    after it, where its threats still count in full, so it would be unfairly preferred to
    one whose answers were seen. Ties, and with a ``margin`` (a level's calibration, in
    pawns) every choice worth at most that much less than the best, are chosen at random."""
    assert root.edges
    sign = root.sign()
    candidates = [e for e in root.edges if e.visits] or root.edges
    top = max(sign * e.value for e in candidates)
    if margin <= 0:
        return rng.choice([e for e in candidates if sign * e.value >= top - TIE])
    floor = unsquash(top) - margin
    return rng.choice([e for e in candidates if unsquash(sign * e.value) >= floor - TIE])


class SearchPlayer:
    """The search player; its level names the budget its callers give it. Where the rules
    have a searcher of their own (``Rules.searcher``), it decides with that instead. It
    remembers the part of its last tree that can still be reached from the position it is
    next asked about (the same side's next decision in a team turn, or the reply it
    expected), so one player object should serve one seat of one game, one decision at a
    time."""

    def __init__(self, level: Level | str = Level.MEDIUM) -> None:
        self.level = Level.parse(level)
        self.memory: tuple[Rules[Any], dict[Hashable, Node[Any]]] | None = None

    def remembered(self, rules: Rules[S], state: S) -> dict[Hashable, Node[S]]:
        """The nodes of the last tree reachable from ``state`` (none for another game)."""
        if self.memory is None or self.memory[0] is not rules:
            return {}
        key = state_key(rules, state)
        table = self.memory[1]
        root = table.get(key(state)) if key is not None else None
        if key is None or root is None:
            return {}
        kept: dict[Hashable, Node[S]] = {}
        stack = [root]
        while stack and len(kept) < MEMORY:
            node = stack.pop()
            name = key(node.state)
            if name in kept:
                continue
            kept[name] = node
            for edge in node.edges or ():
                stack.extend(b.node for b in edge.branches)
        return kept if len(kept) < MEMORY else {}

    def choose(
        self, rules: Rules[S], state: S, seat: str, rng: random.Random, budget: Budget
    ) -> Action:
        """The decision this player makes: the only one at once, where there is one (its
        results drawn all the same, so that a seeded game goes on as it always has)."""
        choices = decisions(rules, state, seat)
        if len(choices) == 1:
            results(rules, state, choices[0], rng)
            return choices[0]
        return self.analyse(rules, state, seat, rng, budget).action

    def analyse(
        self, rules: Rules[S], state: S, seat: str, rng: random.Random, budget: Budget
    ) -> Hint:
        """The decision this player makes, with its odds and the numbers behind it. An only
        decision is searched too: its outlook is what follows it (a check with one way out
        may lose the queen or be mated), not the position it leaves at a glance."""
        side, _ = held(rules, seat)
        searcher = rules.searcher()
        if searcher is not None and side == rules.side_to_move(state):
            return searched_hint(rules, state, side, searcher, rng, budget)
        table = self.remembered(rules, state)
        search = Search(rules, random.Random(rng.getrandbits(64)), budget, table=table)
        root = search.run(state, seat)
        self.memory = (rules, search.table)
        edge = best_choice(root, rng, budget.margin)
        found = [(b.node.state, b.weight) for b in edge.branches]
        outlook = root.sign() * edge.value
        chance = rules.chance(state, edge.action)
        return Hint.of(rules, state, side, edge.action, chance, found, outlook)
