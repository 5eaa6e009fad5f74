"""What one seat can infer about the hidden hands, and worlds sampled consistently with it.

A search bot sees only its :class:`~maw_sim.deal.PlayerView`. From it a player at the table knows:

- *the cards gone*: its own hand, every card played, and the turn-up — out of play unless robbed;
- *who holds how many*: five less the cards each seat has played;
- *the robbed card*: a robber took the turn-up into hand, so it is his until he plays it; and, unless
  the turn-up was an ace (robbed by the dealer), he robbed because he held the ace of trumps. Where
  robbing is compulsory and nobody robbed, nobody held the ace of trumps;
- *what each play ruled out*. A card played must have been legal, so every card that would have made
  it illegal was not in that hand: failing to follow a plain suit shows a void in it; a non-trump to a
  trump lead is a renege and shows that every trump held (if any) was a privileged trump above the
  card led — so no plain trump, and no privileged trump below the lead. These facts are not restated
  here: each is found by asking :func:`maw_sim.deal.legal_mask` whether the card played would still
  have been legal beside one more card. That probe is exact because under every following rule of
  the family a legal card is made illegal by holding some single card (one of the suit led, or a
  trump that may not renege), never by a combination.

A *world* is a full deal — every hand filled in — that agrees with all of this, rebuilt by replaying
the deal's history through the engine (which checks every play again).
"""

from __future__ import annotations

from ..cards import CARDS, CODES, Card, mask_of
from ..auction import Exchange
from ..deal import Deal, legal_mask

_PROBES = {}


def _ruled_out(tables, may_trump: bool, lead: int, card: int) -> int:
    """The cards whose presence in hand would have made ``card`` illegal to the trick led by ``lead``."""
    key = (id(tables), may_trump, lead, card)
    found = _PROBES.get(key)
    if found is None:
        found = 0
        bit = 1 << card
        for x in range(len(tables.power)):
            if x != card and x != lead and not legal_mask(tables, may_trump, bit | 1 << x, lead) & bit:
                found |= 1 << x
        _PROBES[key] = found
    return found


class Knowledge:
    """The facts a seat knows about the hidden cards (see the module's text)."""

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
                    self.excluded[seat] |= _ruled_out(t, may_trump, lead, card.index)
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

    def sample_hands(self, rng, tries: int = 40) -> list:
        """Current hands for every seat (bit masks), the seat's own as it is, the others drawn at
        random from the unseen cards consistently with what is known; constraints are dropped only if
        no consistent draw is found in ``tries`` attempts (it never should be)."""
        n = len(self.need)
        me = self.me
        forced_all = 0
        for m in self.forced:
            forced_all |= m
        free = [i for i in range(self.size) if (self.unseen & ~forced_all) >> i & 1]
        others = [s for s in range(n) if s != me and self.need[s] > 0]
        for attempt in range(tries + 1):
            strict = attempt < tries
            rng.shuffle(free)
            hands = [0] * n
            hands[me] = self.mine
            taken = 0
            ok = True
            # The most constrained seat draws first.
            order = sorted(others, key=lambda s: bin(self.unseen & ~self.excluded[s]).count("1"))
            for s in order:
                want = self.need[s] - bin(self.forced[s]).count("1")
                h = self.forced[s]
                bar = (self.excluded[s] if strict else 0) | taken
                for i in free:
                    if want == 0:
                        break
                    if not (bar >> i) & 1:
                        h |= 1 << i
                        want -= 1
                if want:
                    ok = False
                    break
                taken |= h
                hands[s] = h
            if ok:
                return hands
        raise RuntimeError("no world fits the view")  # unreachable: the last try ignores exclusions

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
            # The robber took the turn-up and put out a card face down: any card in no hand stands
            # for it (even our own discard, which the view does not record).
            used = 0
            for h in start:
                used |= h
            for i in fived or ():
                used |= 1 << i
            stock = [i for i in range(self.size) if not (used >> i) & 1 and i != turnup]
            ace = Card(1, view.trump).index
            if view.turnup.rank != 1 and not start[robber] >> ace & 1 and ace in stock:
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
        pool = [i for i in range(self.size) if not (used >> i) & 1]
        rng.shuffle(pool)
        trumps = v.tables(view.trump).trump_mask
        # Cards put out face down: plain cards first (some circles forbid throwing trumps).
        pool.sort(key=lambda i: trumps >> i & 1)
        kitty_out = pool[:view.kitty_size]
        pool = pool[view.kitty_size:]
        held = [list(_bits(h)) for h in start]
        drawn_order, thrown = [], {}
        for seat, count in view.exchanged:
            if not count:
                continue
            mine = held[seat]
            rng.shuffle(mine)
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
                    scores=view.scores, kitty=[CODES[i] for i in kitty_out],
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
