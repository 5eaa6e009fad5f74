"""The named experiments: what each one asks, which deals it plays and what it counts.

Every experiment plays deals with one bot in every seat (its *policy*, reported in the ``bots``
column) and tallies measures per deal:

``spoil-rate``
    How often nobody takes three tricks (``spoil``), and how often someone jinks (``jink``), by
    variant and number of players.
``top-trumps``
    The value of each top trump: the holder's share of deals won (``win_holding``) and tricks
    taken (``tricks_holding``) for the five of trumps, the knave, the ace of hearts and the ace of
    trumps — under the modern order (5, J, A♥, A) and Cotton's (5, A♥, A, J) — against every hand
    (``any hand``) and hands with no top trump (``no top trump``). Holdings are counted after
    robbing, as the cards are played.
``robbing``
    The value of robbing and of the deal. At every chance to rob, the deal is played on twice from
    the same cards and the same dice: once robbing (the bot choosing the card to put out), once
    passing; ``win_if_rob`` / ``win_if_pass`` and ``tricks_if_rob`` / ``tricks_if_pass`` are the
    robber's, keyed by who robbed (``dealer`` for a turned ace, ``ace holder`` otherwise). The
    deal as the bot plays it gives ``win_by_position`` (1 = elder hand, the dealer's left; the
    last position is the dealer's) and ``dealer_edge``: the dealer's win (1 or 0) less the average
    other seat's, keyed by the turn-up (``ace turned``, when the dealer may rob it, or ``no ace
    turned``), so that the dealer's advantage splits into robbing a turned ace and the rest.
``fairness``
    The measures CardStock uses to judge a game, adapted to one deal: seat fairness
    (``win_by_position``), decisiveness (``decided_at``: the trick after which the result could no
    longer change — someone had three tricks, or nobody could reach three) and ``lead_changes``
    (how often the sole leader in tricks became another player), with the ``spoil`` rate.
``policy``
    How play changes the figures: spoil, jink, positions, decisiveness and lead changes under the
    random, heuristic and PIMC bots.
``dealer-hold``
    What the dealer's hold is worth in the bidding games. Every deal is played twice from the same
    cards and the same dice: under the ruleset's own auction (``hold``) and with the hold taken
    away (``no hold``). Keyed so: the dealer's points written for the deal (``dealer_points``),
    how often the dealer becomes the bidder (``dealer_bids``) and holds to do it
    (``dealer_holds``), the bidders' make rate (``made``), and the dealer's points less the average
    of the other players' (``dealer_margin``: above or below the table).
``contracts``
    The contracts of the bidding games, keyed by the kitty's size (``kitty 0`` …): the winning bid
    (``bid``), how often the bid is made (``made``), what the bidder writes (``bidder_points``),
    how often everyone passes and the cards are thrown in (``thrown_in``), how often all five
    tricks are bid (``bid_30``) and how often such a bid is made (``made_30``).
``swings``
    How much a deal moves the score sheet, in any points game (keyed ``""``): the points written
    for the deal by all the sides together (``written``), the gap between the best and the worst
    side's points for the deal (``swing``), and how often some side loses points (``loss``).

A study may keep chosen measures *by deal* (``by_deal``): one row per deal, so that arms played on
the same deals — two variants, two bots, the two branches of a replayed deal — are compared deal by
deal (:mod:`.paired`), with an interval that the pairing makes far narrower than the two arms'
own.

"Won" means won the deal: three tricks or more (or a claimed jink) — the pool in pool games, the
deal's majority of points in points games. Partnerships are not studied (every seat plays alone).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from dataclasses import dataclass

from ..bots import get_bot
from ..deal import Deal
from ..records import options_text
from ..scoring import TO_WIN, TRICKS
from ..variants import load_variant, variant_ids
from .tally import Tally

# -- one deal, observed ---------------------------------------------------------------------


def deal_seed(seed: int, players: int, index: int) -> int:
    """The seed of deal ``index`` of a study: the same for every variant and bot, so variants are
    compared on the same shuffles (common random numbers: the comparison is sharper)."""
    digest = hashlib.sha256(b"maw-study:%d:%d:%d" % (seed, players, index)).digest()
    return int.from_bytes(digest[:6], "big")


def _play(deal, bot, rng) -> None:
    while deal.to_move is not None:
        deal.apply(bot(deal.view(deal.to_move), rng))


def _position(seat: int, dealer: int, players: int) -> int:
    """1 for the elder hand (the dealer's left) … ``players`` for the dealer."""
    return (seat - dealer - 1) % players + 1


def _decided_at(winners: list, players: int) -> int:
    """The trick after which the deal's result was settled (1-5)."""
    won = [0] * players
    for number, seat in enumerate(winners, 1):
        won[seat] += 1
        left = TRICKS - number
        if won[seat] >= TO_WIN or max(won) + left < TO_WIN:
            return number
    return len(winners)


def _lead_changes(winners: list, players: int) -> int:
    won = [0] * players
    leader, changes = None, 0
    for seat in winners:
        won[seat] += 1
        top = max(won)
        sole = won.index(top) if won.count(top) == 1 else None
        if sole is not None:
            if leader is not None and sole != leader:
                changes += 1
            leader = sole
    return changes


def _basic(deal, tally: Tally) -> None:
    outcome = deal.outcome
    tally.add("spoil", "", 1 if outcome.winner is None else 0)
    tally.add("jink", "", 1 if outcome.jinked else 0)


def _positions(deal, tally: Tally) -> None:
    players, dealer, winner = deal.players, deal.dealer, deal.outcome.winner
    won_at = None if winner is None else _position(winner, dealer, players)
    for p in range(1, players + 1):
        tally.add("win_by_position", p, 1 if p == won_at else 0)


def _drama(deal, tally: Tally) -> None:
    winners = [t.winner for t in deal.tricks if t.winner is not None]
    tally.add("decided_at", "", _decided_at(winners, deal.players))
    tally.add("lead_changes", "", _lead_changes(winners, deal.players))


_ROLE = {"5": "five of trumps", "J": "knave of trumps", "AH": "ace of hearts", "A": "ace of trumps"}


def _top_trump_roles(v, trump: str) -> list:
    """(role, card index) for the variant's top trumps in this suit; with hearts trumps the ace of
    hearts *is* the ace of trumps, counted once as the ace of hearts."""
    roles, seen = [], set()
    for token in v.top_trumps:
        card = v.top_trump_card(token, trump)
        if card.index not in seen:
            seen.add(card.index)
            roles.append((_ROLE.get(token, token), card.index))
    return roles


def _holdings(deal, tally: Tally, hands: list) -> None:
    outcome, v = deal.outcome, deal.variant
    roles = _top_trump_roles(v, deal.trump)
    for seat, hand in enumerate(hands):
        won = 1 if outcome.winner == seat else 0
        tricks = outcome.tricks_won[seat]
        tally.add("win_holding", "any hand", won)
        tally.add("tricks_holding", "any hand", tricks)
        held = [role for role, index in roles if index in hand]
        for role in held:
            tally.add("win_holding", role, won)
            tally.add("tricks_holding", role, tricks)
        if roles and not held:
            tally.add("win_holding", "no top trump", won)
            tally.add("tricks_holding", "no top trump", tricks)


def _play_to_cards(deal, bot, rng) -> list:
    """Settle robbing, then return each seat's holding (card indices) as play begins."""
    while deal.phase == "rob":
        deal.apply(bot(deal.view(deal.to_move), rng))
    return [{c.index for c in deal.hand(seat)} for seat in range(deal.players)]


def observe_spoil_rate(deal, bot, rng, tally):
    _play(deal, bot, rng)
    _basic(deal, tally)


def observe_top_trumps(deal, bot, rng, tally):
    hands = _play_to_cards(deal, bot, rng)
    _play(deal, bot, rng)
    _holdings(deal, tally, hands)


def _dealer_edge(deal, tally: Tally, turned: str) -> None:
    """The dealer's win less the average other seat's, for this deal."""
    winner, dealer = deal.outcome.winner, deal.dealer
    others = 0.0 if winner is None or winner == dealer else 1 / (deal.players - 1)
    tally.add("dealer_edge", turned, (1 if winner == dealer else 0) - others)


def observe_robbing(deal, bot, rng, tally):
    turned = "ace turned" if deal.turnup is not None and deal.turnup.rank == 1 else "no ace turned"
    if deal.phase == "rob":
        robber = deal.to_move
        role = "dealer" if deal.turnup.rank == 1 else "ace holder"
        view = deal.view(robber)
        robs = tuple(a for a in view.legal if a.startswith("rob "))
        state = rng.getstate()
        # Each branch rolls the same dice from here, so only the decision differs.
        branches = {"rob": bot(dataclasses.replace(view, legal=robs), rng)}
        if "pass" in view.legal:
            branches["pass"] = "pass"
        for name, action in branches.items():
            branch = deal.copy()
            branch.apply(action)
            rng.setstate(state)
            _play(branch, bot, rng)
            outcome = branch.outcome
            tally.add("win_if_" + name, role, 1 if outcome.winner == robber else 0)
            tally.add("tricks_if_" + name, role, outcome.tricks_won[robber])
        rng.setstate(state)
    _play(deal, bot, rng)
    _positions(deal, tally)
    _dealer_edge(deal, tally, turned)


def _replayed(deal, variant):
    """The same cards (hands, kitty, stock) dealt again under ``variant``'s rules."""
    return Deal(variant, [[c.code for c in hand] for hand in deal.dealt], None, deal.dealer,
                scores=deal.scores, kitty=[c.code for c in deal.kitty], stock=[c.code for c in deal.stock])


def without_hold(variant):
    """The variant with the dealer's hold taken away (``[auction] hold = "none"``): a study's
    counterfactual, which travels whole to the workers."""
    auction = variant.settings["auction"]
    settings = dict(variant.settings)
    settings["auction"] = dataclasses.replace(auction, values={**auction.values, "hold": "none"})
    return dataclasses.replace(variant, settings=settings)


def observe_dealer_hold(deal, bot, rng, tally):
    state = rng.getstate()
    dealer = deal.dealer
    for name, variant in (("hold", deal.variant), ("no hold", without_hold(deal.variant))):
        branch = _replayed(deal, variant)
        rng.setstate(state)             # the same dice in both branches: only the rule differs
        _play(branch, bot, rng)
        contract = branch.contract
        points = branch.outcome.points
        side = branch.side_of(dealer)
        tally.add("dealer_points", name, points[side])
        tally.add("dealer_margin", name, points[side] - (sum(points) - points[side]) / (len(points) - 1))
        tally.add("dealer_bids", name, 1 if contract is not None and contract.bidder == dealer else 0)
        tally.add("dealer_holds", name, 1 if contract is not None and contract.held else 0)
        if contract is not None:
            tally.add("made", name, 1 if branch.outcome.contract_made else 0)


def observe_contracts(deal, bot, rng, tally):
    _play(deal, bot, rng)
    key = f"kitty {deal.kitty_size}"
    contract = deal.contract
    tally.add("thrown_in", key, 1 if contract is None else 0)
    if contract is None:
        return
    made = 1 if deal.outcome.contract_made else 0
    tally.add("bid", key, contract.bid)
    tally.add("made", key, made)
    tally.add("bidder_points", key, deal.outcome.points[contract.side])
    tally.add("bid_30", key, 1 if contract.bid == 30 else 0)
    if contract.bid == 30:
        tally.add("made_30", key, made)


def observe_swings(deal, bot, rng, tally):
    _play(deal, bot, rng)
    points = deal.outcome.points
    tally.add("written", "", sum(points))
    tally.add("swing", "", max(points) - min(points))
    tally.add("loss", "", 1 if min(points) < 0 else 0)


def observe_fairness(deal, bot, rng, tally):
    _play(deal, bot, rng)
    _basic(deal, tally)
    _positions(deal, tally)
    _drama(deal, tally)


# -- the experiments ------------------------------------------------------------------------


@dataclass(frozen=True)
class Experiment:
    """A named study: its question, its default cells, and what it counts for each deal."""
    name: str
    question: str
    variants: tuple          # default variants
    players: tuple           # default player counts (each variant keeps those in its range)
    bots: tuple              # default policies
    deals: int               # default deals per cell
    observe: object          # observe(deal, bot, rng, tally)
    measures: tuple = ()     # what it counts (the names a study may keep by deal)


ALL = tuple(v for v in variant_ids() if not load_variant(v).bidding)
BIDDING = tuple(v for v in variant_ids() if load_variant(v).bidding)

_FAIRNESS = ("spoil", "jink", "win_by_position", "decided_at", "lead_changes")

EXPERIMENTS = {e.name: e for e in (
    Experiment("spoil-rate", "How often is a deal spoilt, by variant and number of players?",
               ALL, (2, 3, 4, 5, 6, 7, 8), ("heuristic",), 2000, observe_spoil_rate,
               ("spoil", "jink")),
    Experiment("top-trumps", "What is each top trump worth, under the modern order and Cotton's?",
               ("cotton-1674", "maw-engraving", "maw", "spoil-five"), (2, 4, 5), ("heuristic",), 4000,
               observe_top_trumps, ("win_holding", "tricks_holding")),
    Experiment("robbing", "Is robbing worth it, and is it worth being the dealer?",
               ("spoil-five", "heather-1876", "twenty-five", "forty-five"), (2, 3, 4, 5, 6),
               ("heuristic",), 3000, observe_robbing,
               ("win_if_rob", "win_if_pass", "tricks_if_rob", "tricks_if_pass", "win_by_position", "dealer_edge")),
    Experiment("fairness", "Does the seat matter, how soon is a deal decided, how often does the lead change?",
               ALL, (3, 5), ("heuristic",), 2000, observe_fairness, _FAIRNESS),
    Experiment("policy", "How much do the figures depend on how the bots play?",
               ("spoil-five",), (5,), ("random", "heuristic", "pimc"), 200, observe_fairness, _FAIRNESS),
    Experiment("dealer-hold", "What is the dealer's hold worth in the bidding games?",
               ("one-hundred-and-ten", "auction-45-atlantic"), (4,), ("heuristic",), 2000,
               observe_dealer_hold, ("dealer_points", "dealer_margin", "dealer_bids", "dealer_holds", "made")),
    Experiment("contracts", "How high do players bid, how often do they make it, and what does the kitty change?",
               BIDDING, (4,), ("heuristic",), 2000, observe_contracts,
               ("thrown_in", "bid", "made", "bidder_points", "bid_30", "made_30")),
    Experiment("swings", "How much does one deal move the score sheet, with and without an auction?",
               ("forty-five", "twenty-five") + BIDDING, (4,), ("heuristic",), 2000, observe_swings,
               ("written", "swing", "loss")),
)}

#: Deals per task: a task should take a second or so (search bots are ~200 times slower).
_CHUNK = {"random": 500, "heuristic": 250}


def experiment_names() -> list:
    return list(EXPERIMENTS)


def get_experiment(name: str) -> Experiment:
    try:
        return EXPERIMENTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown experiment {name!r}; known experiments: {', '.join(EXPERIMENTS)}") from None


@dataclass(frozen=True)
class Task:
    """Deals ``first`` … ``first + count - 1`` of one cell of a study (picklable: it travels to
    worker processes and Dask workers)."""
    experiment: str
    variant: object          # a variant id, or a Variant not among conf/variants
    players: int
    bot: str
    seed: int
    first: int
    count: int
    number: int
    by_deal: tuple = ()      # the measures kept one row per deal


def plan(name: str, variants=None, players=None, bots=None, deals=None, seed: int = 0,
         chunk: int | None = None, by_deal=()) -> list:
    """The tasks of a study. Defaults come from the experiment; explicit player counts must suit
    every variant named; ``by_deal`` names the measures to keep one row per deal (``True``: all of
    them). Anything impossible is a ValueError naming what is allowed — before work."""
    from ..deal import check_seed
    exp = get_experiment(name)
    check_seed(seed)
    explicit_players = players is not None
    variants = [load_variant(v) for v in (variants or exp.variants)]
    bots = list(bots or exp.bots)
    for b in bots:
        get_bot(b)
    deals = exp.deals if deals is None else deals
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise ValueError(f"deals must be a whole number, 1 or more; got {deals!r}")
    if chunk is not None and (not isinstance(chunk, int) or chunk < 1):
        raise ValueError(f"chunk must be a whole number, 1 or more; got {chunk!r}")
    by_deal = _check_by_deal(exp, by_deal)
    counts = list(players or exp.players)
    tasks = []
    for v in variants:
        if explicit_players:
            for n in counts:
                v.check_table(n, None)
            mine = counts
        else:
            mine = [n for n in counts if n in v.player_counts]
        for n in mine:
            for b in bots:
                size = chunk or _CHUNK.get(b, 5)
                for first in range(0, deals, size):
                    tasks.append(Task(exp.name, _reference(v), n, b, seed, first, min(size, deals - first),
                                      len(tasks), by_deal))
    if not tasks:
        raise ValueError(f"no cell of {exp.name} fits: none of the player counts {counts} suits "
                         f"{', '.join(v.id for v in variants)}")
    return tasks


def _check_by_deal(exp: Experiment, by_deal) -> tuple:
    if by_deal is True:
        return exp.measures
    if not by_deal:
        return ()
    if isinstance(by_deal, str):
        by_deal = [by_deal]
    unknown = [m for m in by_deal if m not in exp.measures]
    if unknown:
        raise ValueError(f"{exp.name} counts no {', '.join(map(str, unknown))}; "
                         f"it counts: {', '.join(exp.measures)}")
    return tuple(by_deal)


def _reference(v):
    """A stock variant travels to the workers by id; a variant made in a notebook (a variant file
    changed in one rule, say) travels whole."""
    stock = v.id in variant_ids() and load_variant(v.id) == v
    return v.id if stock else v


def run_task(task: Task) -> list:
    """Play one task's deals and return its tidy rows."""
    exp = EXPERIMENTS[task.experiment]
    v = load_variant(task.variant)
    bot = get_bot(task.bot)
    fields = dict(experiment=task.experiment, variant=v.id, options=options_text(v), players=task.players, bots=task.bot,
                  task=task.number, deals=task.count)
    tally, per_deal = Tally(), []
    for index in range(task.first, task.first + task.count):
        s = deal_seed(task.seed, task.players, index)
        deal = Deal.random(v, task.players, s, dealer=index % task.players)
        if not task.by_deal:
            exp.observe(deal, bot, random.Random(s), tally)
            continue
        this = Tally()
        exp.observe(deal, bot, random.Random(s), this)
        kept, rest = Tally(), Tally()
        for (measure, key), cell in this.cells.items():
            (kept if measure in task.by_deal else rest).cells[(measure, key)] = cell
        per_deal.extend(kept.rows(**fields, deal=index))
        tally.merge(rest)
    return tally.rows(**fields) + per_deal
