"""How a deal is won and how it is scored: one small strategy per kind of account.

Every game of the family is played in deals of five tricks, and **three tricks win a deal**;
when nobody can take three, the deal is *spoilt*. How the result is paid differs:

*The pool* (:class:`PoolScoring`: Spoil Five, the family game, Cotton's two-hand game as
reconstructed here). Every player puts the ante into a new pool and the dealer a further stake;
three tricks take the pool; after a spoil the pool is carried and each player but the dealer adds
the spoil addition. The winner of the first three tricks may claim at once, or *jink*: lead on for
all five, and collect the jink bonus from every other player too; a jink that fails spoils.

*Points* (:class:`PointsScoring`: Maw as reconstructed, Twenty-Five, Forty-Five, …). Each trick
scores for the side that takes it, the best trump in play may add a bonus to its trick, and the
first side to reach the target wins the game — in the middle of a deal if need be, so the order
of the tricks matters. Where the variant says so, a side that takes all five tricks wins the game.

*Tricks* (:class:`TricksScoring`: Dave Barker's two-team Forty-Five). Only the tricks count,
and only at the end of the deal: the side with three or four tricks scores the majority award, a
side with all five the larger one; the first side to reach the target wins the game. It keeps its
points like a points game (each side's points this deal, the game's target), so the match, the
records, the solver and the bots read it the same way; it has no per-trick points or bonus.

*Points played out* (:class:`PlayedOutScoring`: the Merrimack Valley). Points as in Forty-Five,
but nobody wins in the middle of a deal: every deal is played to its end, and then the highest
total of those past the target wins (a tie plays on). Optionally, a side that ends a deal on the
target exactly falls back to nothing (the "dreaded 45").

These rules are stated here once. The deal (:class:`maw_sim.Deal`) asks its strategy how a trick
scores and how the deal ended, the match (:class:`maw_sim.Match`) how to collect and pay, the
solver and the bots what a result is worth, the tournament what a seat scored.
"""

from __future__ import annotations

TRICKS = 5      # tricks in a deal: five cards each
#: A bid of this many points undertakes all five tricks (see :meth:`BidScoring.made`).
ALL_FIVE_BID = 30
TO_WIN = 3      # tricks that win a deal; when no one can reach three, the deal is spoilt

#: The exact solver's scale for pool games (see :mod:`maw_sim.solver`).
LOSE, SPOIL, WIN, JINK = -1, 0, 1, 2
#: The solver's worth of a game won, above any number of points in one deal.
GAME = 10_000


def split_value(value: int) -> tuple:
    """A points game's solver value as (points this deal, games): games is 1 when our side wins the
    game (2 for a double game), -1 (or -2) when another side does, else 0."""
    games = (value + GAME // 2) // GAME
    return value - games * GAME, games


#: How a pool deal is won at a table of six or more (``scoring.past_five``): the readings of the
#: sources (see conf/variants/spoil-five.toml), value -> words.
PAST_FIVE = {
    "three-tricks": "three tricks win, however many play",
    "two-tricks": "from six players, the first to take two tricks wins the pool",
    "relative-majority": "from six players, three tricks win, or two when nobody else has more than one",
}
#: The table size from which ``past_five`` applies: both sources speak of more than five players.
PAST_FIVE_FROM = 6


class Scoring:
    """What every kind of account answers. ``variant.scorer`` is the one for a variant."""
    kind = ""
    keys: dict = {}
    #: Keys of ``keys`` that a variant file may leave out, and the ordinary rule they then take.
    defaults: dict = {}
    points = False          # does a deal keep points (per side) as it goes?

    def __init__(self, variant):
        self.variant = variant
        self.setting = variant.settings["scoring"]

    # -- how the deal ended ---------------------------------------------------------------------
    def result(self, side_tricks: list, claimed_by: int | None, jinker_side: int | None,
               jink_failed: bool, game_won_by: int | None, order: tuple = (), barred: int | None = None,
               players: int = 0):
        """(winning side or None, jinked, game_won_by) once a deal is over. ``order``: the side that
        won each trick, in order; ``barred``: a side that may not win this deal (robbing);
        ``players``: the table's size."""
        raise NotImplementedError

    # -- what it is worth ----------------------------------------------------------------------
    def value(self, outcome, side: int, players: int, pool: int | None = None) -> float:
        """What a finished deal is worth to ``side``, for bots and tournaments."""
        raise NotImplementedError

    def solver_value(self, outcome, side: int) -> int:
        """The deal's result for ``side`` on the exact solver's scale."""
        raise NotImplementedError

    def from_solver(self, value: int, players: int, pool: int | None = None) -> float:
        """A solver value in the units of :meth:`value`."""
        raise NotImplementedError

    @staticmethod
    def describe_value(value: int) -> str:
        """A solver value in words."""
        raise NotImplementedError

    def seat_score(self, outcome, seat: int, side_of) -> tuple:
        """(what ``seat`` scored, what the other seats scored together), for tournaments."""
        raise NotImplementedError

    def needs_trick_order(self, players: int) -> bool:
        """Does :meth:`result` need the side that won each trick, in order (who reached the
        winning count first), at a table of ``players``? The deal builds it only then."""
        return False

    #: Games a side must win to take the robber, a match of several games (0: single games).
    robber = 0

    def robber_won_by(self, games_won) -> int | None:
        """The side that has taken the robber, given each side's games won so far, or None."""
        if not self.robber:
            return None
        return next((side for side, won in enumerate(games_won) if won >= self.robber), None)

    # -- the match's account --------------------------------------------------------------------
    def collect(self, match) -> None:
        """Before a deal: stakes into the pool (pool games); nothing for points."""

    def settle(self, match, outcome) -> None:
        raise NotImplementedError


class PoolScoring(Scoring):
    kind = "pool"
    #: The keys a variant file's [scoring] gives for this kind, and what each must be.
    keys = {"ante": "int", "dealer_stake": "int", "spoil_addition": "int", "jink_bonus": "int",
            "past_five": PAST_FIVE}
    defaults = {"past_five": "three-tricks"}

    def __init__(self, variant):
        super().__init__(variant)
        self.past_five = self.setting["past_five"]

    # -- how a pool deal is won: stated here once, read by the deal and by the exact solver ------
    def rule(self, players: int) -> tuple:
        """(tricks that win the pool outright, does a relative majority of two win at the end?) at
        a table of ``players``."""
        if players >= PAST_FIVE_FROM and self.past_five != "three-tricks":
            return (2, False) if self.past_five == "two-tricks" else (TO_WIN, True)
        return TO_WIN, False

    def standing(self, side_tricks, left: int, players: int, barred=None):
        """The deal after a trick, from each side's tricks so far and the tricks ``left``:
        (the side that has won the pool, or None; the sides that may still win it).

        Asked after every trick in turn, so "the first to reach" the tricks that win is the side
        that reaches them when asked. A ``barred`` side (it declined to rob where that bars it)
        never wins, though its tricks still count against the others."""
        need, relative = self.rule(players)
        for side, k in enumerate(side_tricks):
            if k >= need and side != barred:
                return side, ()
        if not relative:
            return None, tuple(s for s, k in enumerate(side_tricks) if k + left >= need and s != barred)
        if relative and left == 0:
            for side, k in enumerate(side_tricks):
                if k == 2 and side != barred and all(o <= 1 for s, o in enumerate(side_tricks) if s != side):
                    return side, ()
            return None, ()
        top = sorted(side_tricks, reverse=True)[:2] + [0]
        alive = []
        for side, k in enumerate(side_tricks):
            if side == barred:
                continue
            if k + left >= need:
                alive.append(side)
            elif relative and k + left >= 2 and (top[1] if k == top[0] else top[0]) <= 1:
                alive.append(side)     # two tricks may yet be the most, with nobody else above one
        return None, tuple(alive)

    def result(self, side_tricks, claimed_by, jinker_side, jink_failed, game_won_by, order=(), barred=None,
               players=0):
        if jink_failed:
            return None, False, None
        if claimed_by is not None:
            return claimed_by, False, None
        players = players or len(side_tricks)
        if barred is None and (players < PAST_FIVE_FROM or self.past_five == "three-tricks"):
            # The common case, kept lean (every simulated deal ends here): three tricks win.
            for side, k in enumerate(side_tricks):
                if k >= TO_WIN:
                    return side, jinker_side is not None, None
            return None, False, None
        if not order or self.rule(players) == (TO_WIN, False):
            # Three tricks win (one side at most can hold them), or only the final counts are
            # known: the last standing says who won.
            won, _ = self.standing(side_tricks, 0, players, barred)
            return won, won is not None and jinker_side is not None, None
        won = self.winner(order, len(side_tricks), players, barred)
        return won, won is not None and jinker_side is not None, None

    def needs_trick_order(self, players):
        return self.rule(players) != (TO_WIN, False)

    def winner(self, order, sides: int, players: int, barred=None):
        """The side that has won the pool by the tricks taken so far (``order``: the side that
        won each, in turn), or None: the standing asked after each trick, the first side to reach
        what wins taking the pool."""
        counts = [0] * sides
        for k, side in enumerate(order):
            counts[side] += 1
            won, _ = self.standing(counts, TRICKS - k - 1, players, barred)
            if won is not None:
                return won
        return None

    def pool_size(self, players: int, pool: int | None = None) -> int:
        """The pool a deal is played for: the match's own where known (a carried pool is larger),
        else a fresh one."""
        if pool is not None:
            return pool
        return self.setting["ante"] * players + self.setting["dealer_stake"]

    def _won_worth(self, jinked: bool, players: int, pool: int | None) -> float:
        # A jink collects the bonus from each other player besides the pool: measured against the
        # pool, it is worth that much more than plain winning.
        if not jinked:
            return 1.0
        return 1.0 + self.setting["jink_bonus"] * (players - 1) / max(self.pool_size(players, pool), 1)

    def value(self, outcome, side, players, pool=None):
        if outcome.team is None or outcome.team != side:
            return 0.0
        return self._won_worth(outcome.jinked, players, pool)

    def spoil_worth(self, players: int, members: int = 1, next_dealer_ours: bool = False,
                    pool: int | None = None) -> float:
        """What a spoilt deal is worth to a side of ``members`` players, against another side taking
        the pool (0 in :meth:`value`), in units of this deal's pool: the future is counted from the
        stakes (:meth:`collect`). After a spoil the pool is carried into the next deal, topped up
        by the spoil addition of every player but the dealer and the dealer's stake; after a win a
        fresh pool is made of everyone's ante and the dealer's stake. Nobody's seat favours him in
        the long run, so each player expects 1/``players`` of whatever pool is at stake. The spoil
        is then worth the side's share of the difference between the two next pools, less what it
        pays into the carried one and plus what it would have paid into the fresh one (the next
        dealer pays his stake in both, and the ante only into a fresh pool). ``next_dealer_ours``:
        the next dealer is one of the side (a deal's dealer moves one seat to the left)."""
        s = self.setting
        carried = self.pool_size(players, pool) + s["spoil_addition"] * (players - 1) + s["dealer_stake"]
        fresh = self.pool_size(players)
        paid_if_carried = s["spoil_addition"] * (members - next_dealer_ours) + s["dealer_stake"] * next_dealer_ours
        paid_if_fresh = s["ante"] * members + s["dealer_stake"] * next_dealer_ours
        chips = members / players * (carried - fresh) - paid_if_carried + paid_if_fresh
        return chips / max(self.pool_size(players, pool), 1)

    def solver_value(self, outcome, side):
        if outcome.team is None:
            return SPOIL
        if outcome.team != side:
            return LOSE
        return JINK if outcome.jinked else WIN

    def from_solver(self, value, players, pool=None):
        if value <= SPOIL:
            return 0.0
        return self._won_worth(value == JINK, players, pool)

    @staticmethod
    def describe_value(value):
        return {LOSE: "loses (another player takes the pool)", SPOIL: "spoils (nobody takes three tricks)",
                WIN: "wins the pool", JINK: "jinks: takes all five and the pool"}[value]

    def seat_score(self, outcome, seat, side_of):
        if outcome.team is None:
            return 0, 0
        return (1, 0) if outcome.team == side_of(seat) else (0, 1)

    def collect(self, match):
        s = self.setting
        for seat in range(match.players):
            if seat == match.dealer:
                match.pay(seat, s["dealer_stake"] + (0 if match.carried else s["ante"]))
            else:
                match.pay(seat, s["spoil_addition"] if match.carried else s["ante"])

    def settle(self, match, outcome):
        """The pool goes to the winning side. Partners share it (a *reconstruction*: the sources
        that let pairs play Spoil Five do not say how): equal shares, and a chip that will not
        divide goes to the partner who took the most tricks for the side (``outcome.winner``). A
        jink's bonus is paid by every player of the other sides and shared the same way."""
        if outcome.team is None:
            match.carried = True
            return
        side_of = (lambda s: s) if match.teams is None else match.teams.__getitem__
        members = [s for s in range(match.players) if side_of(s) == outcome.team]
        others = [s for s in range(match.players) if side_of(s) != outcome.team]
        won = match.pool
        match.pool = 0
        match.carried = False
        if outcome.jinked:
            bonus = self.setting["jink_bonus"]
            for seat in others:
                match.chips[seat] -= bonus
            won += bonus * len(others)
        share, odd = divmod(won, len(members))
        for seat in members:
            match.chips[seat] += share
        match.chips[outcome.winner] += odd


class PointsScoring(Scoring):
    kind = "points"
    points = True
    keys = {"per_trick": "int", "best_trump": "int", "target": "int", "jink_wins_game": "bool",
            "turnup_ace_of_hearts": "int", "double_game": "bool", "robber": "int"}
    defaults = {"double_game": False, "robber": 0}
    double_game = False      # (kinds built on this one that do not read the key play no double game)

    def __init__(self, variant):
        super().__init__(variant)
        s = self.setting
        self.per_trick = s["per_trick"]
        self.bonus = s["best_trump"]
        self.target = s["target"]
        self.jink_wins_game = bool(s["jink_wins_game"])
        self.turnup_ace_of_hearts = s["turnup_ace_of_hearts"]
        self.double_game = bool(s["double_game"])
        self.robber = s["robber"]

    @property
    def max_games(self) -> int:
        """The most games one deal can win: two where the double game is played."""
        return 2 if self.double_game else 1

    def games(self, score_before: int, tricks: int) -> int:
        """How many games a side wins when it reaches game in a deal it began on ``score_before``,
        having taken ``tricks`` tricks by then: two for the double game (a side still on nothing
        that wins the game in one deal with all five tricks), else one."""
        return 2 if self.double_game and score_before == 0 and tricks == TRICKS else 1

    #: The most points a side can be awarded when a deal ends (beyond its tricks' points): none
    #: here. The solver adds it to its bounds on what the rest of a deal can bring.
    max_deal_award = 0
    #: Is the game won the moment a side reaches the target, in the middle of a deal?
    ends_mid_deal = True

    def close_deal(self, scores, points: list, side_tricks: list):
        """The sides' points for the deal once it is over, and the side that has won the game by
        then (None if nobody has): here, the award of :meth:`deal_award` and the first side it
        carries to the target (one side alone is awarded anything)."""
        points = list(points)
        won = None
        for side, award in enumerate(self.deal_award(side_tricks)):
            points[side] += award
            if award and won is None and self.reaches_game(scores[side] + points[side]):
                won = side
        return points, won

    def floor(self, score: int, points: int) -> int:
        """The least a side's points for this deal can end at, from ``points`` now: they only grow."""
        return points

    def deal_award(self, side_tricks: list) -> list:
        """Points each side is awarded when the deal is over, from its tricks: none here, the
        tricks have scored as they fell."""
        return [0] * len(side_tricks)

    def trick_points(self, has_best_trump: bool) -> int:
        """Points a trick scores for its side: the trick, and the bonus if the best trump in play
        fell in it (it is counted when that trump's trick is taken)."""
        return self.per_trick + (self.bonus if has_best_trump else 0)

    def reaches_game(self, total: int) -> bool:
        return total >= self.target

    def result(self, side_tricks, claimed_by, jinker_side, jink_failed, game_won_by, order=(), barred=None,
               players=0):
        jinked = max(side_tricks) == TRICKS
        if jinked and game_won_by is None and self.jink_wins_game:
            game_won_by = side_tricks.index(TRICKS)
        if game_won_by is not None:
            return game_won_by, jinked, game_won_by
        team = None
        for side, k in enumerate(side_tricks):
            if k >= TO_WIN:
                team = side
        return team, jinked, None

    def _game(self, outcome, side) -> int:
        if outcome.game_won_by is None:
            return 0
        games = 2 if outcome.double_game else 1
        return games if outcome.game_won_by == side else -games

    def value(self, outcome, side, players, pool=None):
        return float(outcome.points[side] + self._game(outcome, side) * self.target)

    def solver_value(self, outcome, side):
        return outcome.points[side] + self._game(outcome, side) * GAME

    def from_solver(self, value, players, pool=None):
        points, game = split_value(value)
        return float(points + game * self.target)

    @staticmethod
    def describe_value(value):
        points, game = split_value(value)
        return f"{points} points" + {2: " and wins a double game", 1: " and wins the game",
                                     -1: "; another side wins the game", -2: "; another side wins a double game",
                                     0: ""}[game]

    def seat_score(self, outcome, seat, side_of):
        mine = outcome.points[side_of(seat)]
        return mine, sum(outcome.points) - mine

    def settle(self, match, outcome):
        for side, points in enumerate(outcome.points):
            match.scores[side] += points
        if outcome.game_won_by is not None:
            match.over = True
            match.game_won_by = outcome.game_won_by
            match.games_won = 2 if outcome.double_game else 1


class TricksScoring(PointsScoring):
    """Points from the number of tricks alone, awarded once the deal is over (Barker). A trick
    scores nothing as it falls and no trump earns a bonus, so a game can only be reached at the
    end of a deal, and only by the side that took the majority of the tricks."""
    kind = "tricks"
    keys = {"majority": "int", "all_five": "int", "target": "int"}
    defaults = {}

    def __init__(self, variant):
        Scoring.__init__(self, variant)
        s = self.setting
        self.majority = s["majority"]
        self.all_five = s["all_five"]
        self.target = s["target"]
        # What the deal and the solver read of a points game: nothing per trick, no bonus, no
        # game for a jink beyond its award.
        self.per_trick = self.bonus = self.turnup_ace_of_hearts = 0
        self.jink_wins_game = self.double_game = False
        self.max_deal_award = max(self.majority, self.all_five)

    def deal_award(self, side_tricks):
        award = [0] * len(side_tricks)
        for side, k in enumerate(side_tricks):
            if k == TRICKS:
                award[side] = self.all_five
            elif k >= TO_WIN:
                award[side] = self.majority
        return award


class PlayedOutScoring(PointsScoring):
    """Forty-Five's points, with the game decided only when a deal is over (Merrimack Valley)."""
    kind = "points-played-out"
    keys = {**PointsScoring.keys, "exact_target_resets": "bool"}
    ends_mid_deal = False

    def __init__(self, variant):
        super().__init__(variant)
        self.exact_target_resets = bool(self.setting["exact_target_resets"])

    def close_deal(self, scores, points, side_tricks):
        points = list(points)
        if self.exact_target_resets:
            for side, p in enumerate(points):
                if scores[side] + p == self.target:
                    points[side] = -scores[side]      # the "dreaded 45": back to nothing
        totals = [scores[side] + p for side, p in enumerate(points)]
        best = max(totals)
        if best < self.target or totals.count(best) > 1:
            return points, None                       # nobody past the target, or a tie: play on
        return points, totals.index(best)

    def floor(self, score, points):
        return min(points, -score) if self.exact_target_resets else points


NON_BIDDER_RULES = {
    "always": "the other sides always score what they take",
    "freeze-100": "a side at 100 or more (the critical line) that did not win the auction scores nothing "
                  "(its score is frozen)",
    "105-rule": "a side at 105 or more scores only as the bidder",
    "100-rule-bid-20": "a side at 100 or more (the critical line) scores as a defender only if it bid at "
                       "least 20 in the auction (a dealer's hold counts as his bid)",
    "cap-105": "a side that did not win the auction cannot go past five short of the target (105 in a game "
               "of 110), so it must win a bid to go out",
}
BOTH_OUT_RULES = {"bidder": "when the bidder's side and another reach the target in one deal, the bidder's side wins",
                  "higher": "when several reach the target in one deal, the higher total wins; on equal "
                            "totals the bidder's side, if it is one of them (else play goes on)",
                  "higher-play-on": "when several reach the target in one deal, the higher total wins; on "
                                    "equal totals nobody has won, and play goes on"}
#: "Call for your partner" (each for himself, the bidder and the holder of the card he called
#: writing the pair's score): who wins when both of them reach the target in one deal.
PARTNER_OUT_RULES = {"bidder": "when the bidder and his called partner both reach the target in one deal, "
                               "the bidder wins",
                     "higher": "when the bidder and his called partner both reach the target in one deal, "
                               "the one with the higher total wins, the bidder on equal totals"}
#: The rules of the score for a side near the game that name 100 read the critical line instead.
LINE_RULES = ("freeze-100", "100-rule-bid-20")


class BidScoring(PointsScoring):
    """The bidding games (One-Hundred-and-Ten, the Auction Forty-Fives): the tricks score as in
    Forty-Five (5 a trick, 5 for the best trump in play), but what goes on the score sheet is
    settled when the deal is over, by the contract. The bidder's side that makes its bid scores
    what it took (or only the bid, in some circles; 60 for "30 for 60"), and loses the bid
    when it fails, so a score can go below zero; the other sides score what they took, save
    where a side near the target may not (``non_bidder``). The game is decided only at the end
    of a deal: a side at the target wins (``both_out`` when two reach it together), a side at
    ``-lose_at`` loses, and so does a side whose bids fail ``sets_lose`` times."""
    kind = "bid"
    keys = {"per_trick": "int", "best_trump": "int", "target": "int", "made_scores": {
        "taken": "a side that makes its bid writes all it took", "bid": "a side that makes its bid writes the bid"},
            "non_bidder": NON_BIDDER_RULES, "both_out": BOTH_OUT_RULES, "lose_at": "int", "sets_lose": "int",
            "sets_in_a_row": "bool", "critical_line": "int", "green": "int", "partner_out": PARTNER_OUT_RULES}
    #: ``sets_in_a_row``: the failed bids that lose (``sets_lose``) must come one after another
    #: (a bid made wipes the count); ``critical_line``: the score from which the rules for a side
    #: near the game apply (the 100 of ``freeze-100``, ``100-rule-bid-20`` and the least bid at
    #: 100); ``green``: the score from which a side is "on the green" (0: no such rule): when more
    #: than one side is on it as a deal begins, a side on the green wins the game only as bidder;
    #: ``partner_out``: with a called partner, which of the pair wins when both reach the target.
    defaults = {"sets_in_a_row": False, "critical_line": 100, "green": 0, "partner_out": "bidder"}
    ends_mid_deal = False

    def __init__(self, variant):
        Scoring.__init__(self, variant)
        s = self.setting
        self.per_trick = s["per_trick"]
        self.bonus = s["best_trump"]
        self.target = s["target"]
        self.jink_wins_game = False
        self.turnup_ace_of_hearts = 0

    def made(self, points: list, side_tricks, contract) -> bool:
        """Has the bidder's side made its contract? A bid of 30 undertakes all five tricks and is
        made by taking them (the survey's "30, that is all the tricks"), whatever the points: five
        tricks with no trump out make 25, and four with Kerry's eleven for the best trump 31.
        Every other bid is made by the points taken."""
        if contract.bid >= ALL_FIVE_BID and side_tricks is not None:
            return side_tricks[contract.side] == TRICKS
        return points[contract.side] >= contract.bid

    def close_contract(self, scores, points, contract, side_bids, side_tricks=None) -> tuple:
        """(the sides' points for the score sheet, the side that has won the game or None, made).
        ``side_tricks``: each side's tricks this deal (a bid of 30 is made by all five)."""
        s = self.setting
        final = list(points)
        b = contract.side
        made = self.made(points, side_tricks, contract)
        if made:
            final[b] = contract.made_value if contract.made_value is not None else (
                points[b] if s["made_scores"] == "taken" else contract.bid)
        else:
            final[b] = -contract.failed_value
        rule = s["non_bidder"]
        line = s["critical_line"]
        for side, score in enumerate(scores):
            if side == b:
                continue
            if rule == "freeze-100" and score >= line or rule == "105-rule" and score >= 105 or \
                    rule == "100-rule-bid-20" and score >= line and side_bids[side] < 20:
                final[side] = 0
            elif rule == "cap-105":
                # A defender must stop short of the game by a trick: five below the target.
                final[side] = max(0, min(final[side], self.target - 5 - score))
        return final, self.game_after(scores, final, b), made

    def game_after(self, scores, final, bidder_side, partner=None):
        """The side that has won the game once the deal's points are written, or None.
        ``partner``: the bidder's called partner, a side of his own (``partner_out``)."""
        s = self.setting
        totals = [score + p for score, p in zip(scores, final)]
        out = [side for side, t in enumerate(totals) if t >= self.target]
        green = s["green"]
        if green and out and sum(score >= green for score in scores) > 1:
            # "On the green": with more than one side there, a side on it wins only as bidder; as
            # a defender it keeps its points, even past the target, and the game goes on.
            out = [side for side in out if side == bidder_side or scores[side] < green]
        if out:
            pair_out = partner is not None and partner != bidder_side and bidder_side in out and partner in out
            if s["both_out"] == "bidder" and bidder_side in out:
                if pair_out and s["partner_out"] == "higher" and totals[partner] > totals[bidder_side]:
                    return partner
                return bidder_side
            best = max(totals[side] for side in out)
            top = [side for side in out if totals[side] == best]
            if len(top) == 1:
                return top[0]
            if s["both_out"] == "higher-play-on":
                return None                                          # level at the top: play on
            return bidder_side if bidder_side in top else None       # a tie between defenders: play on
        if s["lose_at"]:
            lost = [side for side, t in enumerate(totals) if t <= -s["lose_at"]]
            if lost:
                return self._best_other(totals, lost)
        return None

    @staticmethod
    def _best_other(totals, losers):
        rest = [side for side in range(len(totals)) if side not in losers]
        if not rest:
            return None
        best = max(totals[side] for side in rest)
        top = [side for side in rest if totals[side] == best]
        return top[0] if len(top) == 1 else None

    def solver_closing(self, contract, side_bids):
        """What the exact solver needs of a contract: how a deal closes, the least a side's
        points can end at, and the most the close can add beyond the tricks' points."""
        def close(scores, points, side_tricks):
            final, game, _ = self.close_contract(scores, points, contract, side_bids, side_tricks)
            return final, game
        extra = max(0, (contract.made_value or 0) - contract.bid)
        return close, (lambda score, points: min(points, -contract.failed_value, 0)), extra

    def settle(self, match, outcome):
        super().settle(match, outcome)
        s = self.setting
        if s["lose_at"] and not match.over and any(t <= -s["lose_at"] for t in match.scores):
            # A side sunk to -lose_at has lost and the game is over (the survey), even when the
            # others stand level and so nobody has won it: the game ends unwon.
            match.over = True
            match.game_won_by = None
        deal = match.deals[-1] if match.deals else None
        contract = None if deal is None else deal.contract
        if contract is None:
            return
        if outcome.contract_made:
            if s["sets_in_a_row"]:
                match.sets[contract.side] = 0        # the run of failed bids is broken
            return
        match.sets[contract.side] += 1
        limit = s["sets_lose"]
        if limit and match.sets[contract.side] >= limit and not match.over:
            match.over = True
            match.game_won_by = self._best_other(match.scores, [contract.side])


#: Every kind of account a variant file may name in ``scoring.kind``.
SCORINGS = {"pool": PoolScoring, "points": PointsScoring, "tricks": TricksScoring,
            "points-played-out": PlayedOutScoring, "bid": BidScoring}


def scorer(variant) -> Scoring:
    return SCORINGS[variant.settings["scoring"]["kind"]](variant)
