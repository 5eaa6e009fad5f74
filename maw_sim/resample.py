"""Imagining the cards one seat cannot see: what it knows of them, and hands drawn to agree.

Two things need a whole deal where a seat sees only part of one: a search bot, which plays its
candidates out in deals imagined from its :class:`~maw_sim.deal.PlayerView`
(:class:`maw_sim.bots.inference.Knowledge`), and the review board, which steps through a seat's
own record — the other hands hidden — on a stand-in deal (:func:`stand_in`). Both read the same
facts and draw with the same sampler (:class:`Constraints`):

- *the cards gone*: the seat's own hand, every card played, and the turn-up — out of play unless
  robbed;
- *who holds how many*: what each seat was dealt less the cards it has played;
- *the robbed card*: a robber took the turn-up into hand, so it is his until he plays it; and,
  unless the turn-up was an ace (robbed by the dealer), he robbed because he held the ace of
  trumps. An announced ace is its holder's. Where robbing is compulsory and nobody robbed, nobody
  held the ace of trumps;
- *what each play ruled out*. A card played must have been legal, so every card that would have
  made it illegal was not in that hand: failing to follow a plain suit shows a void in it; a
  non-trump to a trump lead is a renege and shows that every trump held (if any) was a privileged
  trump above the card led. These facts are not restated here: each is found by asking
  :func:`maw_sim.deal.legal_mask` whether the card played would still have been legal beside one
  more card (:func:`ruled_out`). The probe is exact because under every following rule of the
  family a legal card is made illegal by holding some single card, never by a combination.

The hands are drawn most-constrained seat first, so that at nine or ten players, where seats
that showed out leave few cards to go round, a draw that fits is found at once; whatever is drawn
is then replayed through the engine, which checks every action again.
"""

from __future__ import annotations

import random

from .cards import CODES, Card, mask_of
from .deal import Deal, IllegalAction, legal_mask
from .phases import take_unseen

HIDDEN = "?"
#: Draws tried for a stand-in before the record is called inconsistent.
STAND_IN_TRIES = 60

_PROBES = {}


def ruled_out(tables, may_trump: bool, lead: int, card: int) -> int:
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


class Constraints:
    """What one seat knows of the hidden hands, as bit masks over the pack, and a sampler.

    ``me``: the seat; ``mine``: its hand now; ``need[s]``: how many cards seat ``s`` holds now
    (0 for ``me``); ``forced[s]``: cards ``s`` is known to hold; ``excluded[s]``: cards it cannot
    hold; ``unseen``: the cards that may be in another hand. A builder fills these in
    (:class:`maw_sim.bots.inference.Knowledge` from a view, :func:`record_constraints` from a
    seat's record)."""
    size: int
    me: int
    mine: int
    need: list
    forced: list
    excluded: list
    unseen: int

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
        # The most constrained seat draws first.
        order = sorted(others, key=lambda s: bin(self.unseen & ~self.excluded[s] & ~forced_all).count("1"))
        for attempt in range(tries + 1):
            strict = attempt < tries
            rng.shuffle(free)
            hands = [0] * n
            hands[me] = self.mine
            taken = 0
            ok = True
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


def _is_card(word: str) -> bool:
    try:
        Card.parse(word)
    except ValueError:
        return False
    return True


def record_constraints(rec) -> Constraints:
    """What the observer of a seat's record (a turn-up game) knows of the other hands at its end,
    read from the record alone: its own hand as dealt, the turn-up and the actions it saw."""
    d = rec.deal
    v = rec.variant
    n = rec.players
    me = rec.observer
    c = Constraints()
    c.size = v.pack.size
    c.me = me
    turnup = Card.parse(d.turnup)
    trump = turnup.suit
    dead = 0
    robber = announcer = None
    turned = []
    played_by = [0] * n
    plays = []
    own_out = None
    for seat, action in d.actions:
        words = action.split()
        if words[0] == "rob":
            robber = seat
            if seat == me and words[1] != HIDDEN:
                own_out = Card.parse(words[1]).index
        elif words[0] == "announce":
            announcer = seat
        elif words[0] == "turn":
            turned += [Card.parse(w) for w in words[1:]]
            trump = turned[-1].suit
        elif len(words) == 1 and _is_card(words[0]):
            card = Card.parse(words[0])
            played_by[seat] |= card.bit
            plays.append((seat, card.index))
    if turned:
        dead |= turnup.bit
        for card in turned[:-1]:
            dead |= card.bit
        turnup = turned[-1]
    low_ace = (v.robbing == "announce-or-lowest" and turnup.rank != 1 and robber is None
               and announcer is None and bool(plays))
    tables = v.tables(trump, low_ace=low_ace)
    may_trump = v.following == "may-trump"
    c.excluded = [0] * n
    played = 0
    for k in range(0, len(plays), n):
        trick = plays[k:k + n]
        lead = trick[0][1]
        for j, (seat, card) in enumerate(trick):
            played |= 1 << card
            if j:
                c.excluded[seat] |= ruled_out(tables, may_trump, lead, card)
    # The observer's hand now: as dealt, less its plays and the card it put out, with the turn-up robbed.
    mine = mask_of(Card.parse(x) for x in d.hands[me]) & ~played_by[me]
    if robber == me:
        mine = (mine & ~(1 << own_out if own_out is not None else 0)) | (turnup.bit & ~played_by[me])
        if own_out is not None:
            dead |= 1 << own_out
    c.mine = mine
    c.need = [len(d.hands[s]) - bin(played_by[s]).count("1") for s in range(n)]
    c.need[me] = 0
    c.forced = [0] * n
    # Cards of other hands the record shows (the ace of trumps its holder robbed with or announced).
    for s in range(n):
        if s != me:
            for x in d.hands[s]:
                if x is not None and not played_by[s] & Card.parse(x).bit:
                    c.forced[s] |= Card.parse(x).bit
    ace = Card(1, trump).bit
    if robber is None:
        dead |= turnup.bit
        if v.robbing == "compulsory" and turnup.rank != 1 and plays:
            dead |= ace                  # whoever held it would have had to rob
    elif robber != me:
        for bit in ([turnup.bit] if turnup.rank == 1 else [turnup.bit, ace]):
            if not (played | mine) & bit and bin(c.forced[robber] | bit).count("1") <= c.need[robber]:
                c.forced[robber] |= bit
    holder = robber if robber is not None else announcer
    if holder is not None and turnup.rank != 1:
        if announcer is not None and announcer != me and not (played | mine) & ace:
            c.forced[announcer] |= ace
        for s in range(n):
            if s != holder:
                c.excluded[s] |= ace
    c.unseen = v.pack.mask & ~(mine | played | dead)
    for s in range(n):
        c.excluded[s] &= ~c.forced[s]
        c.forced[s] &= c.unseen
    c.played_by = played_by
    c.turnup = turnup
    c.robber = robber
    c.turned = turned
    return c


def stand_in(rec, error=ValueError):
    """A whole deal for a seat's record of a turn-up game, every action of the record replayed
    through the engine: the hidden hands drawn from :func:`record_constraints` (the same sampler
    as the bots'), the robber's card put out made up from the cards in no hand, and a holder's
    quiet decline taken wherever the drawn hands put the ace. Reproducible: the same record gives
    the same stand-in. Raises ``error`` when no draw makes every action legal."""
    d = rec.deal
    v = rec.variant
    n = rec.players
    c = record_constraints(rec)
    rng = random.Random(0)
    dealt_turnup = Card.parse(d.turnup)
    last = None
    for _ in range(STAND_IN_TRIES):
        hands = c.sample_hands(rng)
        start = []
        for s in range(n):
            if s == rec.observer:
                start.append(mask_of(Card.parse(x) for x in d.hands[s]))
            else:
                start.append(hands[s] | c.played_by[s])
        put_out = None
        if c.robber is not None and c.robber != rec.observer:
            # The robber took the turn-up and put out a card: one in no hand stands for it (the ace
            # of trumps, where he robbed by holding it and this draw left it out of his hand).
            used = 0
            for h in start:
                used |= h
            for card in c.turned:
                used |= card.bit
            spare = [i for i in range(c.size) if not used >> i & 1 and i != c.turnup.index
                     and i != dealt_turnup.index]
            ace = Card(1, c.turnup.suit).index
            if c.turnup.rank != 1 and not start[c.robber] >> ace & 1 and ace in spare:
                put_out = ace
            elif spare:
                put_out = spare[int(rng.random() * len(spare))]
            else:
                continue
            start[c.robber] = (start[c.robber] & ~c.turnup.bit) | 1 << put_out
        stock = None
        if v.fiving:
            used = 0
            for h in start:
                used |= h
            turned = [x.index for x in c.turned]
            for i in [dealt_turnup.index] + turned:
                used |= 1 << i
            rest = [i for i in range(c.size) if not used >> i & 1]
            rng.shuffle(rest)
            stock = [CODES[i] for i in turned + rest]
        try:
            deal = Deal(v, [[CODES[i] for i in range(c.size) if h >> i & 1] for h in start], d.turnup,
                        d.dealer, teams=rec.teams, scores=d.scores, stock=stock)
        except ValueError as exc:
            raise error(f"this record's hands do not make a deal: {exc}") from None
        try:
            for number, (seat, action) in enumerate(d.actions, start=1):
                if action.startswith("turn "):
                    continue                 # chance: the engine turns them from the stock laid out
                if action == "rob " + HIDDEN:
                    action = "rob " + CODES[put_out]
                last = (number, seat, action)
                take_unseen(deal, seat)     # a drawn holder of the ace declines without a word
                deal.apply(action)
            return deal
        except IllegalAction as exc:
            last = last + (exc,)
            if last[1] == rec.observer or c.need[last[1]] == 0 and last[1] != c.robber:
                break                        # the observer's own action, or a seat with nothing hidden
    if last is not None and len(last) == 4:
        number, seat, action, exc = last
        raise error(f"action {number} (Seat {seat}: {action}) is not legal: {exc}") from None
    raise error("the hidden cards of this record could not be made consistent with its actions: "
                "is an action illegal?")
