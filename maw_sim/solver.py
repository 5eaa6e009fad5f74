"""An exact solver for a deal whose hands are all known ("double dummy").

A deal of the Maw family is short — five tricks — so with every hand face up the best play can be
searched to the end. The question asked is always *paranoid*: what can one side guarantee if every
other seat plays against it? In a round game of singles that is each seat's best result against
the table; in a partnership game it is plain two-team minimax (our side against the rest).

Values, for the side the question is about:

- Pool games (Spoil Five, the family game, Cotton's two-hand game): ``LOSE`` (-1, someone else
  takes the pool), ``SPOIL`` (0, nobody takes three tricks, the pool is carried), ``WIN`` (1, three
  tricks or a claim after the first three) and ``JINK`` (2, all five after jinking: the pool and a
  bonus). At the jink decision the player who won the first three tricks chooses — a max node
  for the jinker; an opponent who may jink simply claims, which is the worst for us.
- Points games (Maw, Twenty-Five, Forty-Five, …): our side's points in this deal, plus ``GAME``
  if our side reaches the target (or takes all five where a jink wins the game) and minus
  ``GAME`` if another side does. A game won outranks any number of points. Where a points game
  has jinking, the winner of the first three tricks chooses between the claim (the deal is closed
  as it stands) and the jink (play on; a trick lost ends the deal with the points as they are).

How it is fast enough (a full five-player deal in a few tens of milliseconds of CPython):

- *Equivalent cards.* Two cards in one hand with no live card between them in rank — the same
  suit in play, both privileged or both not — do exactly the same work, so only one of them is
  searched. The solver renumbers the pack so that each suit in play is a run of bits in rank
  order; "the next live card above" is then a bit operation. The rules of following are not
  restated: :func:`maw_sim.deal.legal_mask` is called with the tables renumbered the same way.
- *Early ends.* A pool deal is decided the moment someone holds three tricks, and is known to be
  a spoil once nobody can reach three; a points deal is bounded by the points left to win.
- *A transposition table* at the start of each trick (the same cards left, the same leader and
  the same score reached by a different order of play), storing bounds.
- *Move ordering*: the card the table remembers first; to a trick, the cheapest card that wins it,
  then the lowest card.

The engine's :class:`maw_sim.deal.Deal` is only read, never changed: the search works on bit masks.
"""

from __future__ import annotations

from .deal import JINK as JINK_PHASE, OVER, PLAY, legal_mask
from .scoring import GAME, JINK, LOSE, SCORINGS, SPOIL, TO_WIN, TRICKS, WIN, split_value  # noqa: F401
from .variants import RankTables


class SearchBudget(RuntimeError):
    """A search stopped after visiting the number of positions it was allowed (``node_limit``)."""

_INF = 10 ** 9
_EXACT, _LOWER, _UPPER = 0, 1, 2


# -- the pack renumbered: each suit in play a run of bits, lowest card first --------------------

class _Renumbered:
    """A variant's tables for one trump suit, with cards renumbered so that the cards of each suit
    in play sit in consecutive bits in ascending rank. ``to[i]`` is card i's new number, ``back[p]``
    the card at new number p; ``tables`` are the engine's tables in the new numbering, so that
    :func:`legal_mask` reads them unchanged."""

    def __init__(self, variant, t: RankTables):
        size = len(t.power)           # the variant's pack: 52 cards, or 53 with the Joker
        order = sorted(range(size), key=lambda i: (t.suit_of[i], t.power[i]))
        self.back = tuple(order)
        self.to = to = [0] * size
        for p, i in enumerate(order):
            to[i] = p

        def perm(values):
            return tuple(values[i] for i in order)

        def mask(m):
            out = 0
            while m:
                low = m & -m
                out |= 1 << to[low.bit_length() - 1]
                m ^= low
            return out

        self.mask = mask
        self.tables = RankTables(
            t.trump, t.trump_index, perm(t.power), perm(t.suit_of), tuple(mask(m) for m in t.suit_mask),
            mask(t.trump_mask), tuple(mask(t.renege_over[i]) for i in order), perm(t.lead_suit_of),
            t.ranking, tuple(perm(row) for row in t.win_key), tuple(mask(t.called[i]) for i in order))
        privileged = 0
        for card in variant.renege_cards(t.trump):
            privileged |= 1 << to[card.index]
        # Cards of one class may stand in for each other when adjacent among the live cards: the
        # same suit in play and the same suit when led, and the same right to renege.
        classes = {}
        for p, i in enumerate(order):
            key = (t.suit_of[i], t.lead_suit_of[i], bool(privileged >> p & 1))
            classes[key] = classes.get(key, 0) | 1 << p
        self.class_mask = [0] * size
        for members in classes.values():
            m = members
            while m:
                low = m & -m
                self.class_mask[low.bit_length() - 1] = members
                m ^= low


def _renumbered(variant, tables: RankTables) -> _Renumbered:
    """The deal's tables renumbered (cached per trump suit and trump order: the ace of trumps may
    have lost its rank in a deal, see ``robbing.rule``)."""
    cache = variant.__dict__.setdefault("_solver_cache", {})
    key = (tables.trump, tables.ranking)
    try:
        return cache[key]
    except KeyError:
        cache[key] = r = _Renumbered(variant, tables)
        return r


# -- the value of a finished deal ------------------------------------------------------------

def outcome_value(deal, side: int) -> int:
    """The value (in the scale above) of a finished deal for ``side`` (a seat in singles): the
    deal's scoring says it (:meth:`maw_sim.scoring.Scoring.solver_value`)."""
    if deal.outcome is None:
        raise ValueError("the deal is not over")
    return deal.variant.scorer.solver_value(deal.outcome, side)


def describe(value: int, kind: str) -> str:
    """A value in words."""
    return SCORINGS[kind].describe_value(value)


# -- the search --------------------------------------------------------------------------------

class _Search:
    """One question — the value for ``root`` (a side) — about one deal, with its own table."""

    def __init__(self, deal, root: int, tricks: bool = False):
        v = deal.variant
        r = _renumbered(v, deal.tables)
        self.r = r
        self.deal = deal
        self.n = n = deal.players
        self.root = root
        self.side = tuple(deal.side_of(s) for s in range(n))
        pos = deal.position        # the deal's state as integers: the search reads nothing else
        self.sides = max(self.side) + 1
        self.pool = v.scoring_kind == "pool"
        self.jinking = v.jinking and deal.teams is None
        self.barred = pos.barred
        self.tt = {}
        self.nodes = 0
        self.limit = _INF           # the most positions this search may visit (SearchBudget beyond)
        to = r.to
        self.hands = [r.mask(m) for m in pos.hands]
        self.won = list(pos.won)
        self.side_won = [0] * self.sides
        for s, k in enumerate(self.won):
            self.side_won[self.side[s]] += k
        self.count = pos.trick_count
        self.jinker = pos.jinker
        if not self.pool:
            self.points = list(pos.points)
            self.scores = deal.scores
            scorer = v.scorer
            self.per = scorer.per_trick
            self.target = scorer.target
            self.jink_game = scorer.jink_wins_game
            self.bonus = scorer.bonus if pos.best_trump is not None else 0
            self.best_bit = 1 << to[pos.best_trump] if pos.best_trump is not None else 0
            # Points awarded only when the deal is over, from the sides' tricks (Barker): they
            # widen the bounds until then, and the table must then key on the tricks won.
            self.award = scorer.max_deal_award
            # What the scoring settles at the deal's end (awards, a game never won mid-deal), and
            # the least a side's points may end at (the "dreaded 45" can take them below zero).
            self.mid_deal = scorer.ends_mid_deal
            self.close_deal = scorer.close_deal
            self.floor = scorer.floor
            if deal.contract is not None:
                # A contract settles the deal: made or failed, the defenders' rules (BidScoring).
                self.close_deal, self.floor, self.award = scorer.solver_closing(deal.contract, deal.side_bids)
                if deal.partner is not None:
                    # A called partner: the pair's points count together (the deal's own close).
                    self.close_deal = lambda scores, points, side_tricks: deal.close_contract(
                        scores, points, side_tricks)[:2]
        else:
            self.best_bit = 0
            self.award = 0
            # How a pool deal is won is the scoring's rule (three tricks, or two at a big table),
            # asked after every trick: the solver never restates it.
            self.standing = v.scorer.standing
            self.game_bound = 0
            # Who has already won the pool by the tricks taken before the search (the first to
            # reach what wins: at a big table two sides may later hold as many).
            self.decided = v.scorer.winner([deal.side_of(w) for w in deal.trick_winners], self.sides, n,
                                           pos.barred)
        if not self.pool:
            # A game won is worth GAME, or twice that for a double game (scoring.games).
            self.games = v.scorer.games
            self.game_bound = GAME * v.scorer.max_games
        # The best trump scores a bonus for its trick, so it stands in for no other card.
        cm = list(r.class_mask)
        if self.best_bit:
            b = self.best_bit.bit_length() - 1
            for p in range(len(cm)):
                cm[p] &= ~self.best_bit
            cm[b] = self.best_bit
        self.cmask = cm
        self.leader = pos.leader
        self.plays = [to[i] for i in pos.plays]
        self.tricks = tricks
        if tricks:
            # Tricks as points: one a trick, no bonus, no target, no jink — the points search
            # then counts the tricks our side takes by the fifth, whatever the game's scoring.
            self.pool = self.jinking = self.jink_game = False
            self.jinker = None
            self.points = list(self.side_won)
            self.scores = (0,) * self.sides
            self.per, self.bonus, self.best_bit, self.target = 1, 0, 0, _INF
            self.award = 0
            self.mid_deal = True
            self.close_deal = lambda scores, points, side_tricks: (points, None)
            self.floor = lambda score, points: points
            self.games = lambda score, tricks: 1
            self.game_bound = GAME
            self.cmask = list(r.class_mask)

    # The value of the position after a trick has ended (or at the start of a search), or None
    # when play goes on; and otherwise the bounds (low, high) the value must lie within.
    def _settled(self):
        count = self.count
        left = TRICKS - count
        root = self.root
        if self.pool:
            won = self.won
            jinker = self.jinker
            if jinker is not None:
                if won[jinker] != count:
                    return SPOIL, None            # the jinker lost a trick: a spoil
                if count == TRICKS:
                    return (JINK if jinker == root else LOSE), None
                return None, ((SPOIL, JINK) if jinker == root else (LOSE, SPOIL))
            side_won = self.side_won
            w, alive = self.standing(side_won, left, self.n, self.barred)
            if self.decided is not None:
                w = self.decided
            may_jink = self.jinking and count < TO_WIN
            if w is not None:
                if w == root:
                    if may_jink and won[w] == count:
                        return None, (WIN, JINK)  # won already, and may yet jink at the third trick
                    return WIN, None
                return LOSE, None                 # (an opponent who may jink claims instead)
            if count == TRICKS:
                return SPOIL, None
            high = SPOIL if root not in alive else (
                JINK if may_jink and won[root] == count else WIN)
            low = LOSE if any(s != root for s in alive) else SPOIL
            if low == high:
                return low, None
            return None, (low, high)
        # points
        pts = self.points
        scores = self.scores
        mine = pts[root]
        jinker = self.jinker
        if jinker is not None and self.won[jinker] != count:
            # The jinker lost a trick: the deal stops with the points as they stand (the scoring
            # closes nothing), unless that trick carried a side to game (the engine's order).
            return mine + self._game_reached(), None
        if count == TRICKS:
            return self._closed(), None
        if self.mid_deal:
            for s in range(self.sides):
                if scores[s] + pts[s] >= self.target:
                    return mine + self._game(s), None
        gain = left * self.per + (self.bonus if self._live() & self.best_bit else 0) + self.award
        high, low = mine + gain, self.floor(scores[root], mine)
        for s in range(self.sides):
            game = scores[s] + pts[s] + gain >= self.target or (
                self.jink_game and self.side_won[s] == count)
            if game:
                if s == root:
                    high += self.game_bound
                else:
                    low -= self.game_bound
        return None, (low, high)

    def _closed(self) -> int:
        """The root side's value when the deal ends with no more play (the fifth trick taken, or
        the first three claimed by a player who could jink): the scoring closes it."""
        scores = self.scores
        pts, game = self.close_deal(scores, self.points, self.side_won)
        if game is None and self.mid_deal:
            game = next((s for s in range(self.sides) if scores[s] + pts[s] >= self.target), None)
        if game is None and self.jink_game:
            game = next((s for s in range(self.sides) if self.side_won[s] == TRICKS), None)
        return pts[self.root] + (0 if game is None else self._game(game))

    def _game_reached(self) -> int:
        """What a game won in the middle of the deal, if any side has reached it, is worth to the root."""
        if self.mid_deal:
            for s in range(self.sides):
                if self.scores[s] + self.points[s] >= self.target:
                    return self._game(s)
        return 0

    def _game(self, side) -> int:
        """What ``side`` winning the game now is worth to the root side."""
        value = GAME * self.games(self.scores[side], self.side_won[side])
        return value if side == self.root else -value

    def _live(self):
        m = 0
        for h in self.hands:
            m |= h
        return m

    def value(self) -> int:
        """The exact value for the root side from the deal's position (phase play or jink)."""
        phase = self.deal.phase
        if phase == OVER:
            return outcome_value(self.deal, self.root)
        if phase == JINK_PHASE:
            w = self.deal.to_move
            if not self.pool:
                # Points: the claim closes the deal now; the jink plays on. The jinker picks the
                # better for his side, another seat the worse for ours (the paranoid table).
                claim, jink = self._closed(), self._jink_value(w, -_INF, _INF)
                return max(claim, jink) if self.side[w] == self.root else min(claim, jink)
            if w != self.root:
                return LOSE                    # the paranoid table: the other player claims
            return max(WIN, self._jink_value(w, WIN, JINK + 1))
        if phase != PLAY:
            raise ValueError("solve the robbing decision with solve_moves(), which tries each action")
        if not self.plays:
            done, bounds = self._settled()
            if done is not None:
                return done
        return self._run(-_INF, _INF)

    def _jink_value(self, w, alpha, beta):
        self.jinker = w
        try:
            return self._run(alpha, beta)
        finally:
            self.jinker = None

    def _run(self, alpha, beta):
        """Search from the current position (any point in a trick)."""
        search = self._build()
        plays = self.plays
        leader = self.leader
        n = self.n
        if not plays:
            return search.trick(leader, alpha, beta)
        keys = self.r.tables.win_key[self.r.tables.suit_of[plays[0]]]
        best_key, best_seat = -1, -1
        tmask = 0
        for k, p in enumerate(plays):
            tmask |= 1 << p
            if keys[p] > best_key:
                best_key, best_seat = keys[p], (leader + k) % n
        live = self._live() | tmask
        return search.card(leader, len(plays), plays[0], keys, best_key, best_seat, tmask, live,
                           alpha, beta)

    def _build(self):
        """The search proper, as closures over local names (the fastest way CPython allows)."""
        ns = self
        n = self.n
        hands = self.hands
        won = self.won
        side_won = self.side_won
        side = self.side
        root = self.root
        tables = self.r.tables
        may_trump = self.deal.variant.following == "may-trump"
        win_key = tables.win_key
        suit_of = tables.suit_of
        power = tables.power
        cmask = self.cmask
        tt = self.tt
        pool = self.pool
        # The table's key holds what the rest of the deal depends on: the tricks won where they
        # decide the result (pool games, points awarded at the deal's end), else the points.
        by_tricks = pool or bool(self.award)
        jinking = self.jinking
        # Points with jinking: who may still jink depends on the tricks won, which the points
        # alone do not tell (a trick and the best trump's bonus may equal two tricks).
        also_tricks = jinking and not pool
        closed = self._closed
        settled = self._settled
        limit = self.limit
        if not pool:
            points = self.points
            per = self.per
            bonus = self.bonus
            best_bit = self.best_bit

        class S:
            pass

        def trick(leader, alpha, beta):
            """The value at the start of a trick led by ``leader``."""
            key = (tuple(hands), leader, tuple(won) if by_tricks else tuple(points), ns.jinker)
            if also_tricks:
                key += (tuple(won),)
            entry = tt.get(key)
            first = None
            if entry is not None:
                kind, v, first = entry
                if kind == _EXACT:
                    return v
                if kind == _LOWER:
                    if v >= beta:
                        return v
                    if v > alpha:
                        alpha = v
                elif v <= alpha:
                    return v
                elif v < beta:
                    beta = v
            live = 0
            for h in hands:
                live |= h
            a0, b0 = alpha, beta
            v, move = card(leader, 0, -1, None, -1, -1, 0, live, alpha, beta, first, True)
            kind = _UPPER if v <= a0 else _LOWER if v >= b0 else _EXACT
            tt[key] = (kind, v, move)
            return v

        def end_trick(winner, tmask, live, alpha, beta):
            won[winner] += 1
            s = side[winner]
            side_won[s] += 1
            ns.count += 1
            if not pool:
                gained = per + (bonus if tmask & best_bit else 0)
                points[s] += gained
            try:
                # Three tricks at the third: the winner may jink (games of singles).
                if jinking and ns.count == TO_WIN and won[winner] == TO_WIN and ns.jinker is None \
                        and winner != ns.barred:
                    if not pool:
                        return jink_choice(winner, alpha, beta)
                    if winner != root:
                        return LOSE
                    if beta <= WIN:
                        return WIN
                    ns.jinker = winner
                    try:
                        v = trick(winner, max(alpha, WIN), beta)
                    finally:
                        ns.jinker = None
                    return v if v > WIN else WIN
                done, bounds = settled()
                if done is not None:
                    return done
                low, high = bounds
                if high <= alpha:
                    return high
                if low >= beta:
                    return low
                return trick(winner, alpha if alpha > low else low, beta if beta < high else high)
            finally:
                won[winner] -= 1
                side_won[s] -= 1
                ns.count -= 1
                if not pool:
                    points[s] -= gained

        def jink_choice(winner, alpha, beta):
            """Points: the winner of the first three tricks claims (the deal closes now) or jinks
            (play goes on; a trick lost ends the deal where it stands). A game reached by the
            third trick ends the deal first."""
            done, _ = settled()
            if done is not None:
                return done
            claim = closed()
            mine = side[winner] == root
            if mine and claim >= beta or not mine and claim <= alpha:
                return claim
            ns.jinker = winner
            try:
                if mine:
                    v = trick(winner, max(alpha, claim), beta)
                else:
                    v = trick(winner, alpha, min(beta, claim))
            finally:
                ns.jinker = None
            return max(claim, v) if mine else min(claim, v)

        def card(leader, k, lead, keys, best_key, best_seat, tmask, live, alpha, beta,
                 first=None, want_move=False):
            """The value when the k-th card of the trick is to be played."""
            ns.nodes += 1
            if ns.nodes > limit:
                raise SearchBudget(f"stopped after {limit} positions")
            seat = (leader + k) % n
            hand = hands[seat]
            legal = legal_mask(tables, may_trump, hand, lead)
            # One card of each run of equivalent cards: skip a card when the next live card above
            # it is also ours, legal, and of the same class.
            moves = []
            m = legal
            while m:
                low = m & -m
                m ^= low
                above = live & ~((low << 1) - 1)
                nxt = above & -above
                if nxt & legal & cmask[low.bit_length() - 1]:
                    continue
                moves.append(low.bit_length() - 1)
            if len(moves) > 1:
                if k == 0:
                    # Leading: strongest first (trumps, then high plain cards).
                    moves.sort(key=power.__getitem__, reverse=True)
                else:
                    winners = [p for p in moves if keys[p] > best_key]
                    if winners:
                        cheapest = min(winners, key=power.__getitem__)
                        moves.sort(key=power.__getitem__)
                        moves.remove(cheapest)
                        moves.insert(0, cheapest)
                    else:
                        moves.sort(key=power.__getitem__)
                if first is not None and first in moves:
                    moves.remove(first)
                    moves.insert(0, first)
            maximise = side[seat] == root
            best = -_INF if maximise else _INF
            best_move = None
            last = k == n - 1
            for p in moves:
                bit = 1 << p
                hands[seat] = hand ^ bit
                if k == 0:
                    ks = win_key[suit_of[p]]
                    v = card(leader, 1, p, ks, ks[p], seat, bit, live, alpha, beta)
                else:
                    kp = keys[p]
                    if kp > best_key:
                        bk, bs = kp, seat
                    else:
                        bk, bs = best_key, best_seat
                    if last:
                        t = tmask | bit
                        v = end_trick(bs, t, live & ~t, alpha, beta)
                    else:
                        v = card(leader, k + 1, lead, keys, bk, bs, tmask | bit, live, alpha, beta)
                hands[seat] = hand
                if maximise:
                    if v > best:
                        best, best_move = v, p
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                else:
                    if v < best:
                        best, best_move = v, p
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
            if want_move:
                return best, best_move
            return best

        S.trick = staticmethod(trick)
        S.card = staticmethod(card)
        return S


# -- the public questions -------------------------------------------------------------------------

def _side_of(deal, seat):
    if seat is None:
        seat = deal.to_move
        if seat is None:
            raise ValueError("the deal is over: name the seat whose result you want")
    if not isinstance(seat, int) or not 0 <= seat < deal.players:
        raise ValueError(f"seat must be 0 to {deal.players - 1}, not {seat!r}")
    return deal.side_of(seat)


def _deciding(deal) -> bool:
    """Is a decision step open before the first lead (robbing, fiving, a step of a ruleset under
    trial)? The solver searches the play; such a step's choices are tried each way."""
    return deal.step is not None and deal.phase is not JINK_PHASE


def solve(deal, seat: int | None = None) -> int:
    """The best result ``seat``'s side can guarantee from here against every other seat
    (default: the seat to move). The deal is not changed. In the robbing phase the robber's
    choice is tried each way (a max node for the robber's side, a min node otherwise)."""
    side = _side_of(deal, seat)
    if _deciding(deal):
        values = solve_moves(deal, deal.to_move, side=side).values()
        return max(values) if deal.side_of(deal.to_move) == side else min(values)
    return _Search(deal, side).value()


def solve_moves(deal, seat: int | None = None, *, side: int | None = None,
                node_limit: int | None = None) -> dict:
    """The value of each legal action of the seat to move: ``{action: value}``, each value the best
    result for ``side`` (default: the mover's side) after that action. ``node_limit``: the most
    positions all the searches together may visit; beyond, :class:`SearchBudget` is raised."""
    if deal.to_move is None:
        return {}
    if side is None:
        side = _side_of(deal, seat if seat is not None else deal.to_move)
    # A child still robbing (never, today: the robbing decision is one action) is solved whole.
    return _each_action(deal, side, node_limit, lambda child: solve(child, _seat_of_side(child, side)))


def solve_tricks(deal, seat: int | None = None) -> int:
    """The most tricks ``seat``'s side (default: the seat to move) can make sure of taking by the
    end of the deal against every other seat, play running to the fifth trick (a claim that would
    end the deal sooner is not counted). Only while cards are being played and nobody has jinked:
    otherwise ValueError. The deal is not changed."""
    side = _side_of(deal, seat)
    if deal.phase == OVER:
        return _side_tricks(deal, side)
    _need_tricks(deal)
    return _Search(deal, side, tricks=True)._run(-_INF, _INF)


def solve_tricks_moves(deal, node_limit: int | None = None) -> dict:
    """:func:`solve_tricks` after each legal action of the seat to move (who plays a card):
    ``{action: tricks}``, None where a jink decision comes next (tricks no longer run to the fifth)."""
    _need_tricks(deal)
    side = _side_of(deal, deal.to_move)
    return _each_action(deal, side, node_limit, tricks=True)


def _side_tricks(deal, side):
    return sum(k for s, k in enumerate(deal.tricks_won) if deal.side_of(s) == side)


def _need_tricks(deal):
    if deal.phase != PLAY or deal.jinker is not None:
        raise ValueError("tricks are counted only while cards are played and nobody has jinked")


def _each_action(deal, side, node_limit, fallback=None, tricks=False):
    """Each legal action's value, the searches sharing one table and one budget: the table's
    entries are bounds for the same side in the same deal, and sharing them saves about a fifth of
    the work at the start of a deal."""
    out = {}
    tt = {}
    spent = 0
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        if tricks:
            if child.phase == OVER:
                out[action] = _side_tricks(child, side)
                continue
            if child.phase != PLAY or child.jinker is not None:
                out[action] = None
                continue
        elif _deciding(child):
            out[action] = fallback(child)
            continue
        search = _Search(child, side, tricks=tricks)
        search.tt = tt
        if node_limit is not None:
            search.limit = node_limit - spent
        try:
            out[action] = search._run(-_INF, _INF) if tricks else search.value()
        finally:
            spent += search.nodes
    return out


def _seat_of_side(deal, side):
    for s in range(deal.players):
        if deal.side_of(s) == side:
            return s
    raise ValueError(f"no side {side}")


def best_action(deal) -> str:
    """An action of the seat to move with the best value for its side (the first in the deal's
    order of legal actions when several tie)."""
    moves = solve_moves(deal)
    return max(moves, key=moves.__getitem__)


def solve_all(deal) -> tuple:
    """Each side's paranoid value (each seat's, in singles): what it can guarantee against all."""
    sides = deal.players if deal.teams is None else max(deal.teams) + 1
    return tuple(solve(deal, _seat_of_side(deal, s)) for s in range(sides))
