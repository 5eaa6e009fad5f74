"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

PIMC (:mod:`.search`) judges each card by how the deal would go on *if the hidden hands were known*
— and in every imagined deal it then plays on as if it knew them. That flatters cards that need a
lucky guess later ("strategy fusion"). ISMCTS keeps one tree of the decisions *this seat* can
actually tell apart: a node is what the seat has seen (its own cards played, and every card the
others played), never a hidden hand. Each iteration imagines one deal consistent with the view
(:mod:`.inference`), walks down the tree — choosing our cards by the UCB rule among those legal
in this deal, the other seats playing as the rollout bot would — adds one node, plays the deal out
and credits the result to every choice on the way. The card tried most often at the root is played.

A fixed number of iterations per decision keeps a move's cost the same whatever the clock says,
and a seed reproduces it. The bot only ever reads its own view.
"""

from __future__ import annotations

import math

from .registry import register
from .heuristic import heuristic_bot
from .inference import Knowledge
from .search import pimc_bot, pimc_spoil_bot, policy_action, rollout_value, utility


class _Node:
    __slots__ = ("visits", "total", "children", "seen")

    def __init__(self):
        self.visits = 0
        self.total = 0.0
        self.children = {}      # our action -> _Node
        self.seen = {}          # another seat's action -> _Node


def most_visited(values: dict):
    """The card tried most often at the root (ties: the higher summed value); ``values`` as
    :meth:`ISMCTS.root_values` gives them."""
    return max(values, key=lambda a: (values[a][0] or -1, values[a][1]))


class ISMCTS:
    """``iterations`` imagined deals per decision; ``exploration``: the UCB constant;
    ``policy``: how the other seats play in the imagined deals and how every seat plays the rollouts;
    ``spoil_aware``: a spoilt pool is worth its share of the next pool (:func:`.search.utility`)."""

    def __init__(self, iterations: int = 250, exploration: float = 0.7, policy=heuristic_bot,
                 spoil_aware: bool = False):
        self.iterations = iterations
        self.spoil_aware = spoil_aware
        self.exploration = exploration
        self.policy = policy

    def __call__(self, view, rng):
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase != "play":
            # Robbing, jinking, the bidding games' auction, trump, kitty and draw: PIMC's (the
            # evaluator's, for those), valuing a spoil as this bot does.
            return (pimc_spoil_bot if self.spoil_aware else pimc_bot)(view, rng)
        return most_visited(self.root_values(view, rng))

    def root_values(self, view, rng) -> dict:
        """Each legal card of a play decision (two or more), searched: ``{action: (visits, summed
        value)}`` at the root — what the bot chooses by, and what a learner distils from it
        (scripts/teach_learned_bot.py)."""
        children = self.search(view, rng).children
        return {a: (children[a].visits, children[a].total) if a in children else (0, 0.0) for a in view.legal}

    def search(self, view, rng) -> _Node:
        """The tree of this play decision after ``iterations`` imagined deals; its root."""
        side = view.team_of(view.seat)
        knowledge = Knowledge(view)
        root = _Node()
        policy, c = self.policy, self.exploration
        for _ in range(self.iterations):
            deal = knowledge.world(rng)
            node, path = root, [root]
            value = None
            while deal.to_move is not None:
                seat = deal.to_move
                if deal.side_of(seat) != side:
                    action = policy_action(deal, policy, rng)
                    deal.apply(action)
                    nxt = node.seen.get(action)
                    if nxt is None:
                        nxt = node.seen[action] = _Node()
                    node = nxt
                    continue
                actions = deal.legal_actions()
                untried = [a for a in actions if a not in node.children]
                if untried:
                    action = untried[int(rng.random() * len(untried))]
                    node.children[action] = child = _Node()
                    deal.apply(action)
                    path.append(child)
                    # A node added: from here every seat plays the policy to the end (the rollout).
                    value = rollout_value(deal, side, policy, rng, self.spoil_aware)
                    break
                log_n = math.log(sum(node.children[a].visits for a in actions))
                action = max(actions, key=lambda a: node.children[a].total / node.children[a].visits
                             + c * math.sqrt(log_n / node.children[a].visits))
                child = node.children[action]
                deal.apply(action)
                node = child
                path.append(child)
            if value is None:
                value = utility(deal, side, self.spoil_aware)
            for n in path:
                n.visits += 1
                n.total += value
        return root


# 250 iterations: ~60 ms a move (p90 ~85 ms) in CPython for five-handed Spoil Five with the engine's
# rollouts; the bit-mask playout takes that to about 40 % (imagining the deals is then most of the
# cost; benchmarks/rollout_speed.py). As challenger
# against heuristic players, 1,000 duplicate deals (seed 1): the pool in 0.211 [0.187, 0.237] of
# deals — level with ``best`` (0.201) and the "about 0.21" of the prototype. Neither reaches
# 0.25; a seat that saw every card and answered the heuristic table perfectly takes 0.306
# (benchmarks/oracle_ceiling.py).
ismcts_bot = ISMCTS()
register("ismcts", ismcts_bot)
register("ismcts-spoil", ISMCTS(spoil_aware=True), study_only=True)
