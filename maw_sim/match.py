"""A match: deals in turn, the deal passing to the left, with the pool or the score kept.

Two ways of keeping account run through the family:

*The pool* (Spoil Five, the family game, Cotton's two-hand game as reconstructed here).
A new pool is formed by every player putting in the ante and the dealer a further
stake. Whoever wins three tricks (or claims after the first three) takes the pool.
After a *spoil* the pool stays on the table for the next deal, and everyone but the
dealer puts in the spoil addition (the dealer pays his stake, as at every deal). A successful
jink takes the pool and the jink bonus from each other player; a failed jink spoils.
Chips are conserved: the players' net chips and the pool always sum to zero.

*Points* (Maw as reconstructed, Twenty-Five, Forty-Five). Each trick scores for the side
that takes it, the best trump in play may score a bonus, and the first side to reach
the target wins the game — in the middle of a deal if need be. Where the variant says
so, a side that takes all five tricks (a jink) wins the game outright.
"""

from __future__ import annotations

import random

from .deal import Deal, teams_for
from .inputs import shown
from .variants import DEFAULT_TEAMS, load_variant  # noqa: F401  (DEFAULT_TEAMS: Match's default, below)

#: A game's seed travels in its link and through the page's JavaScript numbers, exact up to 2**53 - 1.
MAX_SEED = 2**53 - 1


class Match:
    """Deals of one variant in turn, keeping the pool (chips) or the points.

    ``match.new_deal()`` collects the stakes and deals; play it to the end, then
    ``match.settle(deal)`` (or let bots play it: :func:`maw_sim.bots.play_match`; its record is
    :meth:`maw_sim.records.GameRecord.of_match`). The first deal uses ``seed`` itself, so a match's first
    deal is ``Deal.random(variant, players, seed)``; later deals take seeds drawn from it.
    Without ``teams`` the variant's default layout for this number of players is played
    (``[players] default_teams``); ``teams=None`` is each for himself. The table is checked once,
    by :meth:`maw_sim.variants.Variant.check_table`; the seed must be 0 to :data:`MAX_SEED`.
    """

    def __init__(self, variant, players: int, seed: int = 0, *, teams=DEFAULT_TEAMS, dealer: int = 0):
        self.variant = load_variant(variant)
        table = self.variant.check_table(players, teams)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a game's seed is a whole number from 0 to {MAX_SEED} (it travels in the "
                             f"game's link); got {shown(seed)}")
        self.players, self.seed = table.players, seed
        self.teams = teams_for(self.variant, players, table.teams)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
        self.dealer = dealer
        self.sides = players if self.teams is None else max(self.teams) + 1
        self.kind = self.variant.scoring_kind
        self.pool = 0
        self.chips = [0] * players           # each player's net winnings (pool games)
        self.scores = [0] * self.sides       # each side's points (points games)
        self.carried = False                 # the pool was spoilt last deal and is carried forward
        self.deals_played = 0
        self.over = False
        self.game_won_by = None
        self.results: list = []                    # one Outcome per settled deal
        self.standings: list = []                  # the account after each settled deal (see settle)
        self.sets = [0] * self.sides         # contracts failed, per side (the bidding games)
        self.deals: list = []                      # every deal dealt, in order (the last may be open)
        self._seeds = random.Random(seed)
        self._open: Deal | None = None

    def next_seed(self) -> int:
        return self.seed if self.deals_played == 0 else self._seeds.getrandbits(32)

    def new_deal(self, hands=None, turnup=None, kitty=None, stock=None) -> Deal:
        """Collect the stakes (pool games) and deal the next hand: shuffled by the match's seeds,
        or the ``hands`` and ``turnup`` (the ``kitty`` and ``stock`` in the bidding games) given:
        a recorded deal played back."""
        if self.over:
            who = "nobody" if self.game_won_by is None else f"side {self.game_won_by + 1}"
            raise ValueError(f"the game is over: {who} won; start a new match")
        if self._open is not None:
            raise ValueError("settle the deal in progress before dealing again")
        scores = tuple(self.scores) if self.variant.scorer.points else None
        seed = self.next_seed()      # drawn even for a given deal, so later deals keep their seeds
        if hands is None:
            deal = Deal.random(self.variant, self.players, seed, self.dealer, teams=self._teams_arg(),
                               scores=scores)
        else:
            deal = Deal(self.variant, hands, turnup, self.dealer, teams=self._teams_arg(), scores=scores,
                        kitty=kitty, stock=stock)
        self.variant.scorer.collect(self)
        self._open = deal
        self.deals.append(deal)
        return deal

    def _teams_arg(self):
        if self.teams is None:
            return None
        return (self.sides, self.players // self.sides)

    def pay(self, seat: int, amount: int) -> None:
        """``seat`` puts ``amount`` into the pool."""
        self.chips[seat] -= amount
        self.pool += amount

    def settle(self, deal: Deal) -> None:
        """Pay out a finished deal and pass the deal to the left."""
        if deal is not self._open:
            raise ValueError("settle the deal this match dealt last")
        if deal.outcome is None:
            raise ValueError("the deal is not over yet")
        outcome = deal.outcome
        self.variant.scorer.settle(self, outcome)
        self.results.append(outcome)
        # The account as it stood after this deal: the score sheet's running totals.
        self.standings.append({"scores": tuple(self.scores), "chips": tuple(self.chips), "pool": self.pool})
        self.deals_played += 1
        self.dealer = (self.dealer + 1) % self.players
        self._open = None

    def standing(self) -> str:
        """The account in words."""
        if self.kind == "pool":
            nets = ", ".join(f"seat {s}: {c:+d}" for s, c in enumerate(self.chips))
            return f"Pool {self.pool}{' (carried)' if self.carried else ''}; net chips {nets}."
        names = (f"seat {s}" for s in range(self.sides)) if self.teams is None else \
            (f"side {s + 1}" for s in range(self.sides))
        score = ", ".join(f"{n}: {p}" for n, p in zip(names, self.scores))
        return f"Scores ({self.variant.scoring['target']} is game): {score}."
