"""Search bots: Perfect-Information Monte Carlo (PIMC), with the exact solver for the endgame.

A player cannot see the other hands, but can imagine them. PIMC does what a thoughtful player does
at the table: deal out the unseen cards in a way that fits everything seen so far (see
:mod:`maw_sim.bots.inference`), play each candidate card in that imagined deal, see how the deal
would go on, and repeat over many imagined deals; then play the card that did best on average.

How the deal "would go on" is answered in two ways:

- early in the deal, by a *rollout*: every seat (ourselves included) plays on with the heuristic
  bot, which stands in for a sensible table. The same imagined deals are used for every candidate,
  so the comparison between cards is fair (common random numbers);
- when few cards are left, by the *exact solver* (:mod:`maw_sim.solver`): the best result we can
  guarantee in that imagined deal against any play of the others. The solver's guarantee is
  pessimistic — it lets the whole table gang up on us — so the rollout's figure breaks ties.

The ``best`` bot looks one step further: in each imagined deal, after each candidate card, it also
tries every card it could play at its next turn (the others still playing the heuristic) and keeps
the best — so it judges a card by what it can make of it, not by what the heuristic would.

Each decision has a fixed budget of imagined deals, so a move costs about the same whatever the
clock says and a seed reproduces it. A bot only ever reads its own view.
"""

from __future__ import annotations

from .. import solver
from ..phase_names import FIVE
from ..scoring import SPOIL
from . import bidding, playout
from .registry import register
from .bidding import PHASES as BIDDING_PHASES
from .heuristic import heuristic_bot
from .inference import Knowledge


def utility(deal, side: int, spoil_aware: bool = False, outcome=None) -> float:
    """What a finished deal is worth to ``side``, as its scoring says (:mod:`maw_sim.scoring`):
    pool games, 1 for taking the pool (more for a jink, by the bonus it collects measured against
    the pool) and 0 otherwise; points games, the side's points, with the target's worth added for
    winning the game (taken off for losing it). A bot does not see the pool, so a fresh one is
    assumed.

    ``spoil_aware``: in pool games a spoilt deal is worth what the carried pool promises the side
    (:meth:`~maw_sim.scoring.PoolScoring.spoil_worth`, about a fifth of a pool at five players)
    rather than nothing — so spoiling is better than letting another player take the pool.

    ``outcome``: the deal's end reached without playing it (:func:`.playout.playout_outcome`);
    by default the deal's own."""
    if outcome is None:
        outcome = deal.outcome
    if spoil_aware and outcome.team is None and deal.variant.scoring_kind == "pool":
        return spoil_worth(deal, side)
    return deal.variant.scorer.value(outcome, side, deal.players)


def spoil_worth(deal, side: int) -> float:
    """What a spoil of ``deal`` is worth to ``side`` against another side's win, in pools."""
    members = sum(1 for seat in range(deal.players) if deal.side_of(seat) == side)
    next_dealer = (deal.dealer + 1) % deal.players
    return deal.variant.scorer.spoil_worth(deal.players, members, deal.side_of(next_dealer) == side)


def _solver_utility(value: int, deal, side: int, spoil_aware: bool = False) -> float:
    """The solver's value in the units of :func:`utility`."""
    if spoil_aware and value == SPOIL and deal.variant.scoring_kind == "pool":
        return spoil_worth(deal, side)
    return deal.variant.scorer.from_solver(value, deal.players)


def rollout(deal, policy, rng) -> None:
    """Play ``deal`` to its end with ``policy`` for every seat."""
    while deal.to_move is not None:
        deal.apply(policy(deal.view(deal.to_move), rng))


def _on_bit_masks(deal, policy) -> bool:
    """Can ``policy``'s play from here run on :mod:`.playout`'s bit masks? Only the heuristic bot's,
    which the playout mirrors, and only where the playout covers the deal."""
    return policy is heuristic_bot and playout.supports(deal)


def _own_seats(deal, policy):
    """The seats ``policy`` plays its own way where it plays the heuristic for every other seat
    (a rollout policy with ``own_seats`` and ``on_masks``, whose play runs on bit masks), if the
    playout covers ``deal``; else None."""
    seats = getattr(policy, "own_seats", None)
    return seats if seats is not None and playout.supports(deal) else None


def rollout_value(deal, side: int, policy, rng, spoil_aware: bool = False) -> float:
    """What ``deal`` played to its end with ``policy`` for every seat is worth to ``side``
    (:func:`rollout`, then :func:`utility`); ``deal`` may be played on. With the heuristic bot, the
    play is run on bit masks where :mod:`.playout` can (the same end, without a view a card), and so
    is that of a policy that is the heuristic's but at its own seats and chooses their cards from
    the playout's integers (``on_masks``: :meth:`.learned._NetworkSeats.on_masks`)."""
    if _on_bit_masks(deal, policy):
        return utility(deal, side, spoil_aware, playout.playout_outcome(deal))
    if _own_seats(deal, policy) is not None:
        # The own seats' cards too decided on the bit masks, as each one's view would show the deal.
        return utility(deal, side, spoil_aware, playout.playout_outcome(deal, policy.on_masks(deal)))
    rollout(deal, policy, rng)
    return utility(deal, side, spoil_aware)


def policy_action(deal, policy, rng) -> str:
    """What ``policy`` plays for the seat to move in ``deal`` (with the heuristic bot, decided on
    bit masks where :mod:`.playout` can: the same action, without the view)."""
    seats = _own_seats(deal, policy)
    if _on_bit_masks(deal, policy) or (seats is not None and deal.to_move not in seats):
        return playout.heuristic_action(deal)
    return policy(deal.view(deal.to_move), rng)


def _play_others(deal, side: int, policy, rng) -> None:
    """Play ``deal`` on with ``policy`` until a seat of ``side`` is to move, or the end."""
    seats = _own_seats(deal, policy)
    if _on_bit_masks(deal, policy) or (seats is not None and all(deal.side_of(s) == side for s in seats)):
        playout.play_until(deal, side)
        return
    while deal.to_move is not None and deal.side_of(deal.to_move) != side:
        deal.apply(policy(deal.view(deal.to_move), rng))


def best_reply(deal, side: int, policy, rng, depth: int = 5, spoil_aware: bool = False) -> float:
    """The most ``side`` can make of an imagined deal when the other seats play ``policy``: at our
    next ``depth`` decisions we try every legal action; after that, and at every other seat's turn,
    ``policy`` plays (the rollout)."""
    if depth == 0:
        # The others' turns and ours alike: the policy to the end.
        return rollout_value(deal, side, policy, rng, spoil_aware)
    _play_others(deal, side, policy, rng)
    if deal.to_move is None:
        return utility(deal, side, spoil_aware)
    legal = deal.legal_actions()
    if len(legal) == 1:
        deal.apply(legal[0])
        return best_reply(deal, side, policy, rng, depth, spoil_aware)
    best = None
    for action in legal:
        child = deal.copy()
        child.apply(action)
        value = best_reply(child, side, policy, rng, depth - 1, spoil_aware)
        if best is None or value > best:
            best = value
    return best


class PIMC:
    """A PIMC bot. ``budget``: rollouts per decision (imagined deals × candidates × the choices
    tried at our next turn), within ``min_worlds`` and ``max_worlds`` imagined deals.
    ``solve_when``: cards left in all hands at or below which the exact solver judges each imagined
    deal. ``reply_depth``: how many of our own next turns are searched (0: none, a plain rollout).
    ``policy``: the rollout bot. ``spoil_aware``: a spoilt pool is worth its share of the next
    pool (:func:`utility`), not nothing."""

    def __init__(self, budget: int = 120, solve_when: int = 10, policy=heuristic_bot,
                 min_worlds: int = 8, max_worlds: int = 60, reply_depth: int = 0, spoil_aware: bool = False):
        self.reply_depth = reply_depth
        self.spoil_aware = spoil_aware
        self.budget = budget
        self.solve_when = solve_when
        self.policy = policy
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds

    def __call__(self, view, rng):
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase in BIDDING_PHASES:
            return bidding.decide(view, rng)      # the auction, trumps, kitty, draw: the evaluator
        if view.phase == FIVE:
            # Fiving changes the stock, which Knowledge does not sample yet: the policy decides.
            return self.policy(view, rng)
        return self.evaluate(view, rng).choice

    def evaluate(self, view, rng) -> "Judgement":
        """What each legal action of ``view`` is worth, over deals imagined from the view alone
        (:class:`~maw_sim.bots.inference.Knowledge`): the bot's own reasons, which the hint shows."""
        legal = view.legal
        side = view.team_of(view.seat)
        knowledge = Knowledge(view)
        # A fixed budget of rollouts per decision: each imagined deal costs one rollout per
        # candidate, times the choices searched at our next turn.
        depth = self.reply_depth if view.phase == "play" else 0
        cost = len(legal) * (max(1, len(view.hand) - 1) if depth else 1)
        worlds = max(self.min_worlds, min(self.max_worlds, self.budget // cost))
        solved = dict.fromkeys(legal, 0.0)
        rolled = dict.fromkeys(legal, 0.0)
        exact_worlds = 0
        for _ in range(worlds):
            world = knowledge.world(rng)
            cards_left = sum(bin(h).count("1") for h in world.position.hands)
            exact = world.phase == "play" and cards_left <= self.solve_when
            exact_worlds += exact
            seed = rng.random()
            for action in legal:
                child = world.copy()
                child.apply(action)
                if exact:
                    solved[action] += _solver_utility(solver.solve(child, _a_seat(child, side)), child, side,
                                                      self.spoil_aware)
                rng_state = _Rng(seed)
                if depth:
                    rolled[action] += best_reply(child, side, self.policy, rng_state, depth, self.spoil_aware)
                else:
                    rolled[action] += rollout_value(child, side, self.policy, rng_state, self.spoil_aware)
        return Judgement(worlds, exact_worlds,
                         {a: solved[a] / worlds for a in legal}, {a: rolled[a] / worlds for a in legal})


class Judgement:
    """A search bot's verdict on each legal action: over ``worlds`` imagined deals (of which
    ``exact`` were judged by the solver), ``solved[a]`` the average the solver guarantees and
    ``rolled[a]`` the average the rollouts made, both in the units of :func:`utility`."""
    __slots__ = ("worlds", "exact", "solved", "rolled")

    def __init__(self, worlds, exact, solved, rolled):
        self.worlds, self.exact, self.solved, self.rolled = worlds, exact, solved, rolled

    @property
    def score(self) -> dict:
        """The key the bot chooses by: the solver's guarantee, then the rollouts."""
        return {a: (self.solved[a], self.rolled[a]) for a in self.solved}

    @property
    def choice(self) -> str:
        """The action the bot plays: the solver's guarantee first (when used), the rollouts'
        average to break ties; then the order of the legal actions, so the choice is reproducible."""
        score = self.score
        return max(score, key=score.__getitem__)


def _a_seat(deal, side):
    for s in range(deal.players):
        if deal.side_of(s) == side:
            return s
    raise ValueError(side)


class _Rng:
    """A tiny reproducible generator for rollouts: the same stream for every candidate action."""
    __slots__ = ("x",)

    def __init__(self, seed: float):
        self.x = int(seed * 2 ** 32) | 1

    def random(self) -> float:
        self.x = (self.x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return (self.x >> 11) / 9007199254740992.0


# ``pimc``: flat PIMC, heuristic rollouts, the solver for the last ten cards (~25 ms a move with
# the engine's rollouts; about a fifth of that with the bit-mask playout, benchmarks/rollout_speed.py).
# ``best``: PIMC that also tries every card at our next turn in each imagined deal (the "best
# reply" against a table of heuristic players) — stronger against that table, ~60-100 ms a move
# with the engine's rollouts, about a sixth of that with the playout.
# In five-handed Spoil Five against heuristic players, as challenger, they took the pool in about
# 0.16 and 0.20 of deals (the heuristic bot itself: 0.07-0.09). See benchmarks/tournament.py.
pimc_bot = PIMC(budget=120, solve_when=10)
best_bot = PIMC(budget=300, solve_when=0, reply_depth=1)
register("pimc", pimc_bot)
register("best", best_bot)
# The same players valuing a spoilt deal at its share of the carried pool, for the studies.
pimc_spoil_bot = PIMC(budget=120, solve_when=10, spoil_aware=True)
best_spoil_bot = PIMC(budget=300, solve_when=0, reply_depth=1, spoil_aware=True)
register("pimc-spoil", pimc_spoil_bot, study_only=True)
register("best-spoil", best_spoil_bot, study_only=True)
