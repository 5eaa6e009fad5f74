"""The learned bots: a small network that values each card a seat could play, trained offline.

The network reads :mod:`.features` (a vector describing the seat's view and one candidate card)
and returns Q, a score for playing that card. It was trained in two stages, and its weights ship as
package data (``data/learned-spoil-five.json``, with both stages' settings and curves), evaluated
here in plain Python, one hidden layer of 32 rectified units, so the bot runs wherever the engine
does (Pyodide included):

1. **Deep Monte-Carlo** (``scripts/train_learned_bot.py``): deals played by the network itself, a
   little at random, against tables of heuristic players, softened heuristic players and copies of
   itself, each card it played fitted to whether it then took the pool: 12 iterations of 50,000
   deals (about 3.9 million cards chosen), about 20 CPU-minutes on one core. Q is then the chance
   of taking the pool after that card (weights ``d109e23c982e``, shipped until plan 2).
2. **Taught by a slow search** (expert iteration, ``scripts/teach_learned_bot.py``): ISMCTS at 3,000
   iterations played one seat of 2,422 deals of the script's own seed against heuristic and ``pimc``
   players, and the network was fitted to its judgement of 8,414 decisions: the ranking its visits
   made, half by a softmax of Q / 0.05, half by Q against the search's mean values
   (``fit --loss policy --mix 0.5 --temperature 0.05 --epochs 40``, the epoch of least regret
   kept). The rows are reproduced by ``collect --iterations 3000 --deals 2480 --share 0/2`` and
   ``--deals 2364 --share 1/2`` (digest ``841b810a0cc6``); collecting took about 2 CPU-hours.
   Chosen among four fits on the development deals, by the procedure of plan 2 in
   ``benchmarks/protocol_plans.md``.

- ``learned``: plays the card with the highest Q. Robbing and jinking are the heuristic's.
- ``learned-search``: the ``best`` search (PIMC, our next turn searched, heuristic rollouts) with
  our own later cards in the rollouts played by the network: the imagined deals go on as this bot
  would play them, the other seats still as heuristic players.
- ``learned-blend``: each legal card valued half by the network's Q and half by the mean of PIMC
  rollouts from deals imagined from the view (no later turn searched, our later cards by the
  network): the search corrects what the features cannot see, the network steadies the search's
  noise. The rollouts imagine the other seats both as heuristic players and as players who search
  (played by a second network, :data:`SEARCHERS_WEIGHTS`), each picture in the share of the
  rollouts that the table's cards so far make likely (:mod:`.table_reading`); for studies,
  ``others`` has them played one way only, or switched by a reading.

The features describe Spoil Five only (:data:`.features.COVERED`); in any other game ``learned``
plays as the heuristic and ``learned-search`` and ``learned-blend`` as ``best``.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from importlib import resources
from itertools import compress
from operator import add, gt, mul

from ..cards import CODE_INDEX, CODES
from ..deal import codes_of
from .features import COVERED, NAMES, SIZE, covers, features_on_masks, of_view, turnup_out, view_tables
from .heuristic import heuristic_bot
from .registry import register
from .search import PIMC, best_bot
from .table_reading import chance_heuristic, reads_as_heuristic

WEIGHTS = "learned-spoil-five.json"
#: A second network, of how players who search choose their cards (``pimc`` in every seat,
#: ``scripts/teach_learned_bot.py observe`` then ``fit --loss policy --mix 1.0``, from the shipped
#: network): a picture of the other seats for learned-blend's rollouts (``others_network``).
SEARCHERS_WEIGHTS = "learned-spoil-five-searchers.json"
#: Who plays the other seats in learned-blend's rollouts: heuristic players, the network (or
#: ``others_network``), whichever of the two the table's cards so far read as (:mod:`.table_reading`;
#: heuristic players until a card of theirs has been seen), or both, each part of the rollouts
#: weighed by how likely the table's cards make it (even before any is seen).
ROLLOUT_OTHERS = ("heuristic", "network", "read", "weighed")
#: Below this weight a picture of the other seats gets no rollouts of ``weighed`` (its few worlds
#: would cost as much as many and move the value little).
_LEAST_WEIGHT = 0.05
#: The most states whose hidden layer :meth:`Network.choose_among` keeps (a decision of learned-search
#: meets about a hundred); past it the memo starts again.
_MEMO_SIZE = 4096


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
        self._scaled: dict = {}
        self._zeros = (0.0,) * len(self.b1)
        self._memo: dict = {}
        #: The first 12 hex digits of the weights file's SHA-256, when read from one
        #: (:func:`read_weights`): what a logged result names the network by.
        self.digest: str | None = None

    def hidden(self, x, start: int = 0, h=None) -> list:
        """The hidden units' inputs (before the rectifier) for ``x`` read as features ``start``…,
        added to ``h`` (the biases when None)."""
        h = self.b1 if h is None else h
        columns = self.columns
        scaled = self._scaled
        for i, xi in enumerate(x, start):
            if xi:
                if xi == 1.0:
                    col = columns[i]
                else:
                    # ``xi * w`` once for every value a feature takes (a few each): the sum is
                    # then ``a + xi * w`` as ever, the same floats, added in C by map.
                    col = scaled.get((i, xi))
                    if col is None:
                        col = scaled[i, xi] = tuple([xi * w for w in columns[i]])
                h = list(map(add, h, col))
        return h if isinstance(h, list) else list(h)

    def output(self, h) -> float:
        # ``b2 + sum(w * a for w, a in zip(w2, h) if a > 0.0)``, the same terms in the same order,
        # with the loop in C.
        return self.b2 + sum(compress(map(mul, self.w2, h), map(gt, h, self._zeros)))

    def q(self, x) -> float:
        """Q of one full feature vector."""
        return self.output(self.hidden(x))

    def values(self, view, rng=None) -> dict:
        """Q of each legal card of a play decision: the state's part of the hidden layer is summed once."""
        x, rows = of_view(view, heuristic_bot(view, rng))
        shared = self.hidden(x)
        start = len(x)
        return {action: self.output(self.hidden(row, start, shared)) for action, row in zip(view.legal, rows)}

    def choose(self, view, rng=None) -> str:
        return self.choose_among(*of_view(view, heuristic_bot(view, rng)), view.legal)

    def choose_among(self, x, rows, legal: tuple) -> str:
        """The action of ``legal`` whose features (``x`` the state's, ``rows`` each candidate's, as
        :func:`.features.features_on_masks` gives them) have the highest Q, the first of equals."""
        # A search's imagined deals differ in the hidden hands, which the features do not read:
        # the same vectors come back many times a decision (about one in five is new), so the
        # state's part of the hidden layer and each candidate's Q are kept by their vectors. A
        # vector's Q is always computed the same way, so a kept one is the very same float.
        memo = self._memo
        key = tuple(x)
        entry = memo.get(key)
        if entry is None:
            if len(memo) >= _MEMO_SIZE:
                memo.clear()
            entry = memo[key] = (self.hidden(x), {})
        shared, known = entry
        start = len(x)
        best = None
        best_q = 0.0
        for action, row in zip(legal, rows):
            row_key = tuple(row)
            q = known.get(row_key)
            if q is None:
                q = known[row_key] = self.output(self.hidden(row, start, shared))
            if best is None or q > best_q:      # max() keeps the first of equal values too
                best, best_q = action, q
        return best


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


def _shipped_text(name: str = WEIGHTS) -> str:
    return resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def shipped() -> Network:
    """The network shipped with the package (read once)."""
    return read_weights(_shipped_text())


@lru_cache(maxsize=1)
def searchers() -> Network:
    """The shipped network of how players who search choose their cards (:data:`SEARCHERS_WEIGHTS`)."""
    return read_weights(_shipped_text(SEARCHERS_WEIGHTS))


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


class _NetworkSeats:
    """A rollout policy: the cards of each seat of ``networks`` (seat: :class:`Network`) by its
    network, everything else by the heuristic (which the search runs on bit masks where it can:
    :func:`.search.rollout_value`)."""
    __slots__ = ("networks",)

    def __init__(self, networks: dict):
        self.networks = dict(networks)

    @property
    def own_seats(self):
        """The seats the networks play (what the search asks of a rollout policy: :func:`.search._own_seats`)."""
        return self.networks.keys()

    def __call__(self, view, rng):
        network = self.networks.get(view.seat)
        if network is not None and len(view.legal) > 1 and view.phase == "play":
            return network.choose(view, rng)
        return heuristic_bot(view, rng)

    def on_masks(self, deal) -> tuple:
        """The choosers of a rollout of ``deal`` on the playout's bit masks, one a seat
        (:func:`.playout.playout_outcome`'s ``choosers``): an own seat's is the card
        ``self(deal.view(seat), rng)`` would play at that point, decided without a view from what
        that view holds (:func:`.features.features_on_masks`); the others' are None (the heuristic
        plays). The deal must be in its play (the search asks this where :func:`.playout.supports`
        says so); the jink decision stays the heuristic's, as here."""
        tables = view_tables(deal)
        out = turnup_out(deal)
        players = deal.players

        def chooser(seat, network):
            def choose(hand, played, plays, leader, won, number, legal, heuristic):
                codes = codes_of(legal)
                x, rows = features_on_masks(tables, out, players, seat, hand, played, plays, leader, won, number,
                                            codes, CODES[heuristic])
                return CODE_INDEX[network.choose_among(x, rows, codes)]
            return choose
        networks = self.networks
        return tuple(chooser(seat, networks[seat]) if seat in networks else None for seat in range(players))


class _SearchingLearned:
    """What the searching learned bots share: a forced move is played at once, and a game the
    features do not describe is left to ``self.fallback``; anything else is ``self.decide``'s."""

    def __call__(self, view, rng):
        if len(view.legal) == 1:
            return view.legal[0]
        if view.variant.id not in COVERED:
            return self.fallback(view, rng)
        return self.decide(view, rng)


class LearnedSearch(_SearchingLearned):
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

    def decide(self, view, rng):
        network = self._network or shipped()
        search = PIMC(budget=self.budget, solve_when=self.solve_when, reply_depth=self.reply_depth,
                      policy=_NetworkSeats({view.seat: network}))
        return search(view, rng)


class LearnedBlend(_SearchingLearned):
    """Each legal card valued twice, then the two averaged: by the network's Q, and by the mean of
    PIMC rollouts in deals imagined from the view (``budget`` rollouts, no later turn of ours
    searched; our later cards played by the network, the other seats' by the heuristic).
    ``rollout_share`` is the rollouts' weight (0: the network alone; 1: the rollouts alone).

    The two err in different ways: Q is steady but only as good as what the features describe; a
    rollout mean reads the whole imagined deal but, from a few dozen deals, is noisy. On the
    decisions of the slowest teacher (ISMCTS at 10,000 iterations), half of each chose better than
    either alone. Robbing and jinking are the heuristic's, as ``learned`` plays them; outside the
    games the features describe, ``fallback`` (``best``) plays.

    ``network_budget``: the rollouts that play the other seats by a network, at full weight (None:
    ``budget``). Each costs about three of the heuristic's, since every card of every seat is then
    chosen from its features; fewer of them keep a move quick enough for a phone (plan 7 in
    ``benchmarks/protocol_plans.md`` gives 100 of them)."""

    def __init__(self, budget: int = 300, rollout_share: float = 0.5, others: str = "heuristic",
                 network: Network | None = None, others_network: Network | None = None, fallback=best_bot,
                 network_budget: int | None = None):
        if not 0.0 <= rollout_share <= 1.0:
            raise ValueError(f"rollout_share is a weight, from 0 to 1; got {rollout_share!r}")
        if others not in ROLLOUT_OTHERS:
            raise ValueError(f"others is who plays the other seats in the rollouts, one of "
                             f"{', '.join(ROLLOUT_OTHERS)}; got {others!r}")
        self.budget = budget
        self.network_budget = network_budget
        self.rollout_share = rollout_share
        self.others = others
        self._network = network
        self._others_network = others_network
        self.fallback = fallback

    def decide(self, view, rng):
        if not covers(view):
            return heuristic_bot(view, rng)
        return max(view.legal, key=self.values(view, rng).__getitem__)

    def values(self, view, rng) -> dict:
        """The blended value of each legal card of a play decision (the first of equals wins)."""
        network = self._network or shipped()
        q = network.values(view, rng)
        rolled = dict.fromkeys(view.legal, 0.0)
        heuristic = self.heuristic_weight(view, rng)
        for weight, by_network in ((heuristic, False), (1.0 - heuristic, True)):
            if weight > 0.0:
                full = self.network_budget if by_network and self.network_budget is not None else self.budget
                search = self.rollouts(view, network, by_network, budget=round(full * weight))
                for card, value in search.evaluate(view, rng).rolled.items():
                    rolled[card] += weight * value
        share = self.rollout_share
        return {a: (1.0 - share) * q[a] + share * rolled[a] for a in view.legal}

    def heuristic_weight(self, view, rng) -> float:
        """The share of the rollouts (and of their value) that play the other seats as heuristic
        players; the rest play them by the network."""
        if self.others == "weighed":
            chance = chance_heuristic(view, rng)
            return 1.0 if chance > 1.0 - _LEAST_WEIGHT else 0.0 if chance < _LEAST_WEIGHT else chance
        if self.others == "read":
            return 0.0 if reads_as_heuristic(view, rng) is False else 1.0
        return 1.0 if self.others == "heuristic" else 0.0

    def rollouts(self, view, network: Network, others_by_network: bool = False, budget: int | None = None) -> PIMC:
        """The search whose rollout means are blended in (``benchmarks/blend_regret.py`` weighs the
        two parts apart with it): our later cards by the network, the other seats' by the network
        too or as heuristic players; ``budget`` rollouts (``self.budget`` when None)."""
        networks = {view.seat: network}
        if others_by_network:
            others = self._others_network or network
            networks.update((seat, others) for seat in range(view.players) if seat != view.seat)
        return PIMC(budget=self.budget if budget is None else budget, solve_when=0, reply_depth=0,
                    policy=_NetworkSeats(networks))


learned_bot = LearnedBot()
learned_search_bot = LearnedSearch()
# The table's learned-blend imagines both kinds of player (plan 7 in benchmarks/protocol_plans.md).
learned_blend_bot = LearnedBlend(others="weighed", others_network=searchers(), network_budget=100)
# ``learned`` is offered at the table (a move in well under a millisecond, and in five-handed Spoil
# Five against heuristic players the taught network takes the pool in 0.214 of deals, the first
# network 0.183, the heuristic 0.088, pimc 0.166, paired on 3,000 held-out deals:
# benchmarks/protocol_log.jsonl); ``learned-search`` is kept
# for studies. Its rollouts run wholly on the playout's bit masks, its own cards chosen there from
# what its view would show (:meth:`_NetworkSeats.on_masks`): in Pyodide 55 ms median and 99 ms at the
# 90th percentile a move, ``best`` 45 and 59 in the same run (before, building a view for each of its
# rollout cards: 74 and 248; benchmarks/pyodide_bot_speed.mjs, 20 deals, on a loaded machine).
# ``learned-blend`` is offered too, as the strongest level in Spoil Five: paired against ``best`` on
# 12,000 held-out deals a field it takes the pool in 0.016 more deals against heuristic players and
# 0.014 more against pimc players, the lower bounds of the 99.17% intervals above zero in both
# (plan 7 in benchmarks/protocol_plans.md). In Pyodide, before plan 7, 25.9 ms median, 65.3 ms at the
# 90th percentile and 79.7 ms at the slowest a move among heuristic players (33.1, 60.3, 74.8 among
# pimc players; 20 and 12 deals, one core busy); after it, by benchmarks/pyodide_bot_speed.mjs over
# 40 deals among heuristic players, 26.9 ms median, 81.1 ms at the 90th percentile, 107.3 ms at the
# slowest, 2.0% of moves over 100 ms (best: 24.2, 29.9, 36.7). Its rollouts with a network at every
# seat are limited to 100 for that (at 300 the 90th percentile was 117 ms).
register("learned", learned_bot)
register("learned-search", learned_search_bot, study_only=True)
register("learned-blend", learned_blend_bot)
