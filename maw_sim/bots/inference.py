"""What one seat can infer about the hidden hands from its view, and worlds drawn to agree.

A search bot sees only its :class:`~maw_sim.deal.PlayerView`. The facts a seat knows of the other
hands (the cards gone, who holds how many, the robbed card, what each play ruled out) and the
sampler that draws hands to fit them are :mod:`maw_sim.resample`'s, shared with the review
board's stand-in; :class:`Knowledge` reads them from a view, and also what the bidding games show
(the auction, the exchanges, a kitty card laid face up, a "four flip" card).

A *world* is a full deal — every hand filled in — that agrees with all of this, rebuilt by replaying
the deal's history through the engine (which checks every play again).
"""

from __future__ import annotations

from ..cards import CARDS, CODES, Card, mask_of
from ..auction import Exchange
from ..deal import Deal
from ..resample import Constraints, ruled_out

class Knowledge(Constraints):
    """The facts a seat knows about the hidden cards (see the module's text), read from its view;
    the hands are drawn by the sampler the review board's stand-in uses too
    (:class:`maw_sim.resample.Constraints`)."""

    def __init__(self, view):
        v = view.variant
        n = view.players
        t = view.tables
        self.size = size = v.pack.size
        may_trump = v.following == "may-trump"
        self.view = view
        self.me = view.seat
        self.mine = mask_of(view.hand)
        played = 0
        self.played_by = [0] * n
        self.excluded = [0] * n
        for trick in view.tricks:
            lead = trick.plays[0][1].index
            for k, (seat, card) in enumerate(trick.plays):
                played |= 1 << card.index
                self.played_by[seat] |= 1 << card.index
                if k:
                    self.excluded[seat] |= ruled_out(t, may_trump, lead, card.index)
        self.played = played
        self.need = [5 - bin(m).count("1") for m in self.played_by]
        self.need[self.me] = 0
        self.forced = [0] * n
        dead = 0
        if view.turnup is None:
            # The bidding games turn no card: trumps are named. Every card neither ours nor played
            # may be in another hand, in the kitty or stock, or thrown face down: the draw below
            # leaves the cards no hand needs out of play.
            self.unseen = v.pack.mask & ~(self.mine | played)
            self._bidding_facts(view, played)
            return
        turnup = view.turnup.index
        robber = view.robbed_by
        ace = Card(1, view.trump).index
        for seat, action in view.fiving:
            if action.startswith("turn "):
                # Fived: the first turn-up and the cards turned before the new one are out of play.
                dead |= 1 << view.dealt_turnup.index
                for code in action.split()[1:-1]:
                    dead |= 1 << Card.parse(code).index
        if robber == self.me:
            for e in view.events:
                if e.verb == "rob" and e.seat == self.me:
                    dead |= e.cards[0].bit          # the card we put out is out of play
        if robber is None:
            dead |= 1 << turnup
            if v.robbing == "compulsory" and view.turnup.rank != 1 and view.phase != "rob":
                dead |= 1 << ace          # whoever held it would have had to rob
        elif robber != self.me:
            held = [turnup] if view.turnup.rank == 1 else [turnup, ace]
            for card in held:
                # (A robber may even have put out the ace itself: then his hand has no room for it.)
                if not (played | self.mine) >> card & 1 and bin(self.forced[robber]).count("1") < self.need[robber]:
                    self.forced[robber] |= 1 << card
        decliner = view.declined[0] if view.declined and view.turnup.rank != 1 else None
        if decliner is not None and decliner != self.me and not (played | self.mine) >> ace & 1 \
                and bin(self.forced[decliner]).count("1") < self.need[decliner]:
            self.forced[decliner] |= 1 << ace   # he declined to rob: he holds the ace of trumps
        holder = robber if robber is not None else decliner
        if holder is not None and view.turnup.rank != 1:
            # The ace of trumps is the robber's (in hand or put out), or the decliner's: no other
            # seat holds it.
            for s in range(n):
                if s != holder:
                    self.excluded[s] |= 1 << ace
        self.unseen = v.pack.mask & ~(self.mine | played | dead)
        for s in range(n):
            self.excluded[s] &= ~self.forced[s]

    def _bidding_facts(self, view, played: int) -> None:
        """What the bidding games show of other hands: a kitty card laid face up is in no hand but
        the bidder's, once he has taken the kitty (and in none before); a card drawn face up
        ("four flip") is its drawer's until played."""
        # Our own kitty discards, exchange discards and draws (or picks), as we made them.
        self._own_kitty_out, self._own_out, self._own_drawn = [], [], []
        for e in view.events:
            if e.seat == self.me and e.verb == "discard" and e.cards:
                (self._own_kitty_out if e.step == "kitty" else self._own_out).extend(c.index for c in e.cards)
            elif e.seat == self.me and e.verb in ("draw", "take"):
                self._own_drawn.extend(c.index for c in e.cards)
        for i in self._own_kitty_out + self._own_out:
            self.unseen &= ~(1 << i)                # out of play: we put them out
        gone = played | self.mine
        shown = view.kitty_shown
        if shown is not None and not gone & shown.bit:
            taken = view.phase in ("kitty", "discard", "play", "over") or (
                view.phase == "trump" and view.variant.auction["trump_named"] == "after-kitty")
            for s in range(view.players):
                if not (taken and s == view.bidder):
                    self.excluded[s] |= shown.bit
        self._face_up = {}
        for e in view.events:
            if e.verb == "draw" and e.seat != self.me and e.cards and e.cards[-1] is not None:
                card = e.cards[-1]
                self._face_up[e.seat] = card.index
                if not gone & card.bit:
                    self.forced[e.seat] |= card.bit
                    self.excluded[e.seat] &= ~card.bit

    def world(self, rng) -> Deal:
        """A full deal, at the view's point of play, whose hidden hands are a random draw consistent
        with the view. The history is replayed through the engine."""
        for _ in range(20):
            hands = self.sample_hands(rng)
            try:
                return self._replay(hands, rng)
            except ValueError:
                continue                      # an inconsistent draw (the engine refused a play)
        raise RuntimeError("could not build a world consistent with the view")

    def _replay(self, hands, rng) -> Deal:
        view = self.view
        if view.turnup is None:
            return self._replay_named(hands, rng)
        n = view.players
        start = [hands[s] | self.played_by[s] for s in range(n)]
        robber = view.robbed_by
        discard = None
        turnup = view.turnup.index
        # Fiving: the first turn-up and the cards turned are known; the rest of the stock is not.
        turned = [Card.parse(c).index for _, a in view.fiving if a.startswith("turn ") for c in a.split()[1:]]
        fived = turned and [view.dealt_turnup.index] + turned
        if robber is not None:
            # The robber took the turn-up and put out a card face down: our own, as we put it out;
            # another's, any card in no hand.
            used = 0
            for h in start:
                used |= h
            for i in fived or ():
                used |= 1 << i
            stock = [i for i in range(self.size) if not (used >> i) & 1 and i != turnup]
            ace = Card(1, view.trump).index
            own = next((e.cards[0] for e in view.events if e.verb == "rob" and e.seat == self.me), None)
            if robber == self.me and own is not None:
                discard = own.index
            elif view.turnup.rank != 1 and not start[robber] >> ace & 1 and ace in stock:
                discard = ace                 # he robbed by holding the ace, so he put it out
            else:
                discard = stock[int(rng.random() * len(stock))]
            start[robber] = (start[robber] & ~(1 << turnup)) | 1 << discard
        teams = None
        if view.teams is not None:
            sides = max(view.teams) + 1
            teams = (sides, n // sides)
        stock = None
        if view.variant.fiving:
            # The stock: the cards turned first, in order, then the unseen cards in a random order.
            used = 0
            for h in start:
                used |= h
            for i in (fived or [turnup]):
                used |= 1 << i
            rest = [i for i in range(self.size) if not (used >> i) & 1]
            rng.shuffle(rest)
            stock = [CODES[i] for i in turned + rest]
            turnup = view.dealt_turnup.index
        deal = Deal(view.variant, [[CODES[i] for i in range(self.size) if h >> i & 1] for h in start],
                    CODES[turnup], view.dealer, teams=teams, scores=view.scores, stock=stock)
        for seat, action in view.fiving:
            if not action.startswith("turn "):
                deal.apply(action)
        while deal.phase == "rob" and view.phase != "rob":
            if deal.to_move == robber:
                deal.apply("rob " + CODES[discard])
            else:
                # The decision the table saw (refused if this world put the ace elsewhere).
                if view.declined and deal.to_move != view.declined[0]:
                    raise ValueError("another seat holds the ace of trumps in this world")
                deal.apply(view.declined[1] if view.declined else "pass")
        if robber is not None and deal.robbed is None:
            raise ValueError("the robber did not rob in this world")
        for trick in view.tricks:
            for seat, card in trick.plays:
                if deal.phase == "jink":
                    deal.apply("jink")
                if deal.to_move != seat:
                    raise ValueError("play out of turn in this world")
                deal.apply(card.code)
        if view.phase == "play" and deal.phase == "jink":
            deal.apply("jink")
        if deal.phase != view.phase or deal.to_move != view.to_move:
            raise ValueError("the world does not reach the view's position")
        return deal

    def _replay_named(self, hands, rng) -> Deal:
        """A world for the bidding games: the hands as dealt, the kitty and the stock chosen so that
        the public history — the auction, the trump named, the kitty put out, each exchange of so
        many cards — replayed through the engine gives each seat the cards it is imagined to hold
        when play began. What nobody at the table saw (which cards the bidder put out from the
        kitty, which cards a player threw and drew) is filled in with cards in no imagined hand:
        any choice fits what this seat knows."""
        view = self.view
        v = view.variant
        n = view.players
        start = [hands[s] | self.played_by[s] for s in range(n)]
        used = 0
        for h in start:
            used |= h
        me = self.me
        ours = set(self._own_kitty_out + self._own_out)
        pool = [i for i in range(self.size) if not (used >> i) & 1 and i not in ours]
        rng.shuffle(pool)
        trumps = v.tables(view.trump).trump_mask
        # Cards put out face down: plain cards first (some circles forbid throwing trumps).
        pool.sort(key=lambda i: trumps >> i & 1)
        held = [list(_bits(h)) for h in start]
        shown = view.kitty_shown
        bidder = view.bidder
        if bidder == me and self._own_kitty_out:
            # Our own kitty: what we put out, the card laid face up first; the rest was dealt.
            taken = held[me] + self._own_kitty_out
            first = [shown.index] if shown is not None else []
            rest = [i for i in self._own_kitty_out + held[me] if i not in first]
            kitty = first + rest[:view.kitty_size - len(first)]
            held[me] = [i for i in taken if i not in kitty]
            kitty_out = list(self._own_kitty_out)
        else:
            kitty = []
            if shown is not None:
                kitty.append(shown.index)
                if shown.index in pool:
                    pool.remove(shown.index)
            fill = view.kitty_size - len(kitty)
            kitty += pool[:fill]
            pool = pool[fill:]
            kitty_out = list(kitty)              # what the bidder puts back out
            if shown is not None and bidder is not None and shown.index in held[bidder]:
                # He kept the card laid face up: one of his own went out in its place.
                stand, pool = pool[0], pool[1:]
                held[bidder][held[bidder].index(shown.index)] = stand
                kitty_out[kitty_out.index(shown.index)] = stand
        drawn_order, thrown = [], {}
        for seat, count in view.exchanged:
            if not count:
                continue
            if seat == me:
                # Our own exchange, as we made it: what we put out, and what we drew or picked.
                drawn, out = list(self._own_drawn), list(self._own_out)
                held[me] = [i for i in held[me] if i not in drawn] + out
                drawn_order.extend(drawn)
                thrown[me] = thrown.get(me, []) + [out]
                continue
            mine = held[seat]
            rng.shuffle(mine)
            face_up = self._face_up.get(seat)
            if face_up is not None and face_up in mine:
                mine.remove(face_up)
                mine.insert(count - 1, face_up)     # "four flip": drawn last, face up
            drawn, kept = mine[:count], mine[count:]
            out, pool = pool[:count], pool[count:]
            held[seat] = kept + out           # the hand before this exchange
            drawn_order.extend(drawn)
            thrown[seat] = thrown.get(seat, []) + [out]
        rng.shuffle(pool)
        teams = None
        if view.teams is not None:
            sides = max(view.teams) + 1
            teams = (sides, n // sides)
        deal = Deal(v, [[CODES[i] for i in h] for h in held], None, view.dealer, teams=teams,
                    scores=view.scores, kitty=[CODES[i] for i in kitty],
                    stock=[CODES[i] for i in drawn_order + pool])
        auction = list(view.auction)
        while deal.phase != "play" and deal.to_move is not None:
            phase = deal.phase
            if phase == "bid":
                if not auction:
                    raise ValueError("the world's auction runs past the view's")
                seat, action = auction.pop(0)
                if deal.to_move != seat:
                    raise ValueError("a call out of turn in this world")
                deal.apply(action)
            elif phase == "trump":
                deal.apply("trump " + view.trump)
            elif phase == "kitty":
                deal.apply("discard " + " ".join(CODES[i] for i in kitty_out))
            elif phase == "call":
                deal.apply(next(e.text for e in view.events if e.step == "call"))
            elif phase == "discard" and Exchange.to_take(deal):
                # The dealer robbing the stock: the cards this world gives him were laid on top.
                deal.apply("take " + CARDS[deal._stock[deal._drawn + deal._taken]].code)
            elif phase == "discard":
                seat = deal.to_move
                outs = thrown.get(seat)
                if outs:
                    deal.apply("discard " + " ".join(CODES[i] for i in outs.pop(0)))
                else:
                    deal.apply("discard none")
            else:
                raise ValueError(f"unexpected phase {phase!r} in a world")
        for trick in view.tricks:
            for seat, card in trick.plays:
                if deal.to_move != seat:
                    raise ValueError("play out of turn in this world")
                deal.apply(card.code)
        if deal.phase != view.phase or deal.to_move != view.to_move:
            raise ValueError("the world does not reach the view's position")
        return deal


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
