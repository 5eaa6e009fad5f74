"""The learned bots: a small network that values each card a seat could play, trained offline.

The network reads :mod:`.features` (a vector describing the seat's view and one candidate card)
and returns Q, the chance the seat goes on to take the pool after playing that card. It was trained
by Deep Monte-Carlo (``scripts/train_learned_bot.py``): deals played by the network itself, a little
at random, against tables of heuristic players, softened heuristic players and copies of itself,
each card it played fitted to whether it then took the pool. Its weights ship as package data
(``data/learned-spoil-five.json``) and are evaluated here in plain Python, one hidden layer of
rectified units, so the bot runs wherever the engine does (Pyodide included). The shipped weights:
12 iterations of 50,000 deals (about 3.9 million cards chosen), 32 hidden units, about 20 CPU-minutes
on one core; the curves are in the weights file.

- ``learned``: plays the card with the highest Q. Robbing and jinking are the heuristic's.
- ``learned-search``: the ``best`` search (PIMC, our next turn searched, heuristic rollouts) with
  our own later cards in the rollouts played by the network: the imagined deals go on as this bot
  would play them, the other seats still as heuristic players.

The features describe Spoil Five only (:data:`.features.COVERED`); in any other game ``learned``
plays as the heuristic and ``learned-search`` as ``best``.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from importlib import resources
from operator import add

from ..cards import Card
from .features import COVERED, NAMES, SIZE, action_features, covers, state_of
from .heuristic import heuristic_bot
from .registry import register
from .search import PIMC, best_bot

WEIGHTS = "learned-spoil-five.json"


class Network:
    """One hidden layer of rectified units and a linear output: ``q = b2 + w2 · relu(b1 + W1 x)``.
    ``w1`` is given one row a hidden unit; it is kept one column an input, so that the inputs that
    are 0 (most of them) cost nothing."""

    def __init__(self, w1, b1, w2, b2: float):
        if any(len(row) != SIZE for row in w1) or not (len(w1) == len(b1) == len(w2)):
            raise ValueError(f"weights do not fit {SIZE} features: {len(w1)} hidden units, "
                             f"rows of {sorted({len(r) for r in w1})}, {len(b1)} biases, {len(w2)} outputs")
        self.columns = [tuple(row[i] for row in w1) for i in range(SIZE)]
        self.b1 = tuple(b1)
        self.w2 = tuple(w2)
        self.b2 = float(b2)
        #: The first 12 hex digits of the weights file's SHA-256, when read from one
        #: (:func:`read_weights`): what a logged result names the network by.
        self.digest: str | None = None

    def hidden(self, x, start: int = 0, h=None) -> list:
        """The hidden units' inputs (before the rectifier) for ``x`` read as features ``start``…,
        added to ``h`` (the biases when None)."""
        h = list(self.b1) if h is None else list(h)
        columns = self.columns
        for i, xi in enumerate(x, start):
            if xi:
                col = columns[i]
                if xi == 1.0:
                    h = list(map(add, h, col))
                else:
                    h = [a + xi * w for a, w in zip(h, col)]
        return h

    def output(self, h) -> float:
        return self.b2 + sum(w * a for w, a in zip(self.w2, h) if a > 0.0)

    def q(self, x) -> float:
        """Q of one full feature vector."""
        return self.output(self.hidden(x))

    def values(self, view, rng=None) -> dict:
        """Q of each legal card of a play decision: the state's part of the hidden layer is summed once."""
        x, context = state_of(view)
        shared = self.hidden(x)
        legal_cards = [Card.parse(a) for a in view.legal]
        heuristic_code = heuristic_bot(view, rng)
        start = len(x)
        return {c.code: self.output(self.hidden(action_features(view, context, c, legal_cards, heuristic_code), start, shared))
                for c in legal_cards}

    def choose(self, view, rng=None) -> str:
        values = self.values(view, rng)
        return max(view.legal, key=values.__getitem__)


def from_dict(data: dict) -> Network:
    if tuple(data.get("names", ())) != NAMES:
        raise ValueError("the weights were trained on other features than maw_sim.bots.features.NAMES; "
                         "train them again (scripts/train_learned_bot.py)")
    return Network(data["w1"], data["b1"], data["w2"], data["b2"])


def read_weights(text: str) -> Network:
    """The network a weights file's text describes, named by its digest."""
    network = from_dict(json.loads(text))
    network.digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    return network


def _shipped_text() -> str:
    return resources.files(__package__).joinpath("data", WEIGHTS).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def shipped() -> Network:
    """The network shipped with the package (read once)."""
    return read_weights(_shipped_text())


def shipped_digest() -> str:
    """The shipped network's digest: a figure is tied to the weights that made it."""
    return shipped().digest or ""


class LearnedBot:
    """Plays the card the network values most; any other decision, and any game the features do
    not describe, is ``fallback``'s (the heuristic)."""

    def __init__(self, network: Network | None = None, fallback=heuristic_bot):
        self._network = network
        self.fallback = fallback

    @property
    def network(self) -> Network:
        return self._network or shipped()

    def __call__(self, view, rng):
        if len(view.legal) == 1:
            return view.legal[0]
        if not covers(view):
            return self.fallback(view, rng)
        return self.network.choose(view, rng)


class _OursLearned:
    """A rollout policy: ``own_seat``'s cards by the network, everything else by the heuristic
    (which the search runs on bit masks where it can: :func:`.search.rollout_value`)."""
    __slots__ = ("own_seat", "network")

    def __init__(self, seat: int, network: Network):
        self.own_seat = seat
        self.network = network

    def __call__(self, view, rng):
        if view.seat == self.own_seat and len(view.legal) > 1 and view.phase == "play":
            return self.network.choose(view, rng)
        return heuristic_bot(view, rng)


class LearnedSearch:
    """PIMC as ``best`` plays it (``budget`` rollouts, ``reply_depth`` of our turns searched), our
    own later cards in the rollouts played by the network. Outside the games the features describe,
    ``fallback`` (``best``) plays."""

    def __init__(self, budget: int = 300, reply_depth: int = 1, solve_when: int = 0,
                 network: Network | None = None, fallback=best_bot):
        self.budget = budget
        self.reply_depth = reply_depth
        self.solve_when = solve_when
        self._network = network
        self.fallback = fallback

    def __call__(self, view, rng):
        if len(view.legal) == 1:
            return view.legal[0]
        if view.variant.id not in COVERED:
            return self.fallback(view, rng)
        network = self._network or shipped()
        search = PIMC(budget=self.budget, solve_when=self.solve_when, reply_depth=self.reply_depth,
                      policy=_OursLearned(view.seat, network))
        return search(view, rng)


learned_bot = LearnedBot()
learned_search_bot = LearnedSearch()
# ``learned`` is offered at the table (a move in well under a millisecond, and in five-handed Spoil
# Five against heuristic players it takes the pool about 0.18 of deals, the heuristic 0.09, pimc
# 0.166, paired on 3,000 held-out deals: benchmarks/protocol_log.jsonl); ``learned-search`` is kept
# for studies: in Pyodide about 1.5 times ``best``'s median move (64 ms against 43 ms), and on the
# first trick's moves several times slower (230 ms at the 90th percentile), the network's cost.
register("learned", learned_bot)
register("learned-search", learned_search_bot, study_only=True)
