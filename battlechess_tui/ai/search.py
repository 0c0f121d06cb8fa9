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
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from battlechess_tui.ai.budget import Budget
from battlechess_tui.ai.hint import Hint
from battlechess_tui.ai.outcomes import Result, results
from battlechess_tui.ai.players import TIE, decisions
from battlechess_tui.ai.scoring import worth, worth_after
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.rules import Rules

#: A value backed up one decision shrinks by this factor.
DISCOUNT = 0.995
#: Weight of the bonus for choices seldom looked at (values lie in [-1, 1]).
EXPLORE = 0.15


class Node:
    """A decision point: its state, who decides, its worth to White and its choices."""

    __slots__ = ("state", "side", "value", "edges", "visits", "ended")

    def __init__(self, state: Any, side: int, value: float, ended: bool) -> None:
        self.state = state
        self.side = side
        self.value = value
        self.ended = ended
        self.edges: list[Edge] | None = None
        self.visits = 0

    def sign(self) -> float:
        return 1.0 if self.side == 0 else -1.0

    def best_edge_value(self) -> float:
        assert self.edges
        pick = max if self.side == 0 else min
        return pick(e.value for e in self.edges)


@dataclass
class Branch:
    node: Node
    weight: float
    visits: int = 0


@dataclass
class Edge:
    """A choice at a node: its possible results and their backed-up expected worth."""

    action: Action
    result: Result
    branches: list[Branch]
    value: float = 0.0
    visits: int = 0

    def back_up(self) -> None:
        self.value = DISCOUNT * sum(b.weight * b.node.value for b in self.branches)


@dataclass
class Search:
    """One decision's search tree, grown by ``run`` within its budget."""

    rules: Rules[Any]
    rng: random.Random
    budget: Budget
    nodes: int = 0
    table: dict[Hashable, Node] = field(default_factory=dict)
    key: Callable[[Any], Hashable] | None = None

    def run(self, state: Any, seat: str) -> Node:
        """The root, expanded for ``seat`` and searched until the budget is spent."""
        self.key = state_key(self.rules, state)
        root = self.node(state)
        root.side = self.rules.side_of(seat)
        self.expand(root, decisions(self.rules, state, seat))
        while not self.budget.spent(self.nodes) and not self.settled(root):
            self.step(root)
        return root

    def settled(self, root: Node) -> bool:
        """Nothing left to learn: one choice, or a choice that wins at once."""
        assert root.edges is not None
        return len(root.edges) == 1 or root.sign() * root.value >= DISCOUNT - TIE

    def node(self, state: Any) -> Node:
        key = self.key(state) if self.key is not None else None
        if key is not None and key in self.table:
            return self.table[key]
        outcome = self.rules.outcome(state)
        side = 0 if outcome is not None else self.rules.side_to_move(state)
        made = Node(state, side, worth_after(self.rules, state, 0, outcome), outcome is not None)
        if key is not None:
            self.table[key] = made
        return made

    def expand(self, node: Node, actions: list[Action]) -> None:
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
            node.value = node.best_edge_value()
        else:
            node.ended = True

    def step(self, root: Node) -> None:
        """Go down the most promising line, expand its end, and back the values up (each
        decision gone through counts as a node of work)."""
        self.nodes += 1
        path: list[tuple[Node, Edge]] = []
        on_path = {id(root)}
        node = root
        while node.edges is not None and not node.ended:
            edge = self.select(node)
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
            parent.value = parent.best_edge_value()

    def select(self, node: Node) -> Edge:
        assert node.edges
        sign, log_n = node.sign(), math.log(node.visits + 1)
        return max(
            node.edges,
            key=lambda e: sign * e.value + EXPLORE * math.sqrt(log_n / (e.visits + 1)),
        )


def state_key(rules: Rules[Any], state: Any) -> Callable[[Any], Hashable] | None:
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


def _itself(state: Any) -> Hashable:
    return state


def best_choice(root: Node, rng: random.Random) -> Edge:
    """The root's best choice for the side deciding there; ties broken at random."""
    assert root.edges
    sign = root.sign()
    top = max(sign * e.value for e in root.edges)
    return rng.choice([e for e in root.edges if sign * e.value >= top - TIE])


class SearchPlayer:
    """The search player; its level names the budget its callers give it."""

    def __init__(self, level: str = "medium") -> None:
        self.level = level

    def choose(
        self, rules: Rules[Any], state: Any, seat: str, rng: random.Random, budget: Budget
    ) -> Action:
        return self.analyse(rules, state, seat, rng, budget).action

    def analyse(
        self, rules: Rules[Any], state: Any, seat: str, rng: random.Random, budget: Budget
    ) -> Hint:
        """The decision this player makes, with its odds and the numbers behind it."""
        side = rules.side_of(seat)
        choices = decisions(rules, state, seat)
        if len(choices) == 1:
            only = choices[0]
            result = results(rules, state, only, rng)
            found = [(b.state, b.weight) for b in result.branches]
            outlook = sum(w * worth(rules, s, side) for s, w in found)
            return Hint.of(rules, state, side, only, result.chance, found, outlook)
        search = Search(rules, random.Random(rng.getrandbits(64)), budget)
        root = search.run(state, seat)
        edge = best_choice(root, rng)
        found = [(b.node.state, b.weight) for b in edge.branches]
        outlook = root.sign() * edge.value
        return Hint.of(rules, state, side, edge.action, edge.result.chance, found, outlook)
