"""Imagining the cards one seat cannot see: one observation in, a whole deal consistent with it out.

Two things need a whole deal where a seat sees only part of one: a search bot (and the hint),
which plays its candidates out in deals imagined from its :class:`~maw_sim.deal.PlayerView`, and
the review board, which steps through a seat's own record — the other hands hidden — on a
stand-in deal. Both start from the same thing, an :class:`Observation`: the table (ruleset,
players, dealer, teams, scores), the turn-up as dealt, the seat's own cards, and the events it
saw, in order, as it saw them (:meth:`maw_sim.events.Event.seen_by`). It is built from a view
(:meth:`Observation.from_view`) or from the seat's record (:meth:`Observation.from_record`), and
everything after that is one path for every ruleset:

1. **What is known** (:class:`Knowledge`, one fold over the events):

   - *the cards gone*: the seat's own hand, every card played, the cards it put out itself, a
     turn-up nobody robbed, the cards fiving turned past, a kitty card lying face up;
   - *who holds how many*: five dealt, less the cards played and put out, plus the cards drawn;
   - *the robbed card*: a robber took the turn-up into hand, so it is his until he plays it; and,
     unless the turn-up was an ace (robbed by the dealer), he robbed because he held the ace of
     trumps. An announced ace is its holder's. Where robbing is compulsory and play has begun
     with nobody robbing, nobody held the ace of trumps;
   - *the bidding games*: a kitty card laid face up is in no hand until the bidder takes the
     kitty, then in none but his; a card drawn face up ("four flip") is its drawer's;
   - *what each play ruled out*. A card played must have been legal, so every card that would
     have made it illegal was not in that hand: failing to follow a plain suit shows a void in
     it; a non-trump to a trump lead is a renege and shows that every trump held (if any) was a
     privileged trump above the card led. These facts are not restated here: each is found by
     asking :func:`maw_sim.deal.legal_mask` whether the card played would still have been legal
     beside one more card (:func:`ruled_out`). The probe is exact because under every following
     rule of the family a legal card is made illegal by holding some single card, never by a
     combination.

2. **Hands drawn** to fit (:meth:`Knowledge.sample_hands`), most-constrained seat first, so that
   at nine or ten players, where seats that showed out leave few cards to go round, a draw that
   fits is found at once.

3. **The deal replayed** (:meth:`Knowledge.world`): each hidden seat's hand as dealt is worked
   back from the hand drawn (a robber gave up some card for the turn-up, a bidder put the kitty
   back out, a player's draws are among the cards he holds and his discards any cards in no
   hand), the kitty and the stock are laid out so that every draw gives what was drawn, and the
   events seen are applied in order through the engine — each hidden part (``rob ?``, ``discard
   ? ?``, ``take ?``) filled in from that working, a chance event (a draw, fiving's turn) dealt
   again by the engine from the stock laid out, and a holder's quiet decline to rob, which the
   seat never saw, taken wherever the drawn hands put the ace (:func:`maw_sim.phases.take_unseen`).
   The engine checks every action again; a draw it refuses is drawn again.

Whatever is made up is what the seat could not see, so the world looks exactly like the real deal
from that seat: its view and its record are the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import CARDS, HAND_SIZE, Card, mask_of
from .deal import Deal, IllegalAction, codes_of, legal_mask
from .events import HIDDEN, named
from .phase_names import JINK, OVER, PLAY
from .auction import TAKING_THE_KITTY
from .phases import ROBBING, take_unseen
from .steps import line_events, step_named
from .steps import told as told_by_events

#: Draws tried for a bot's world before giving up (each is one replay; the first nearly always fits).
WORLD_TRIES = 20
#: Draws tried for a stand-in before the record is called inconsistent.
STAND_IN_TRIES = 60

_PROBES = {}


def ruled_out(tables, may_trump: bool, lead: int, card: int) -> int:
    """The cards whose presence in hand would have made ``card`` illegal to the trick led by ``lead``."""
    key = (id(tables), may_trump, lead, card)
    entry = _PROBES.get(key)
    if entry is None:
        found = 0
        bit = 1 << card
        for x in range(len(tables.power)):
            if x != card and x != lead and not legal_mask(tables, may_trump, bit | 1 << x, lead) & bit:
                found |= 1 << x
        # The tables are kept with the answer: alive in the cache, their id is never reused by
        # another ruleset's tables, so an answer is never read for the wrong rules.
        entry = _PROBES[key] = (tables, found)
    return entry[1]


# -- the observation --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Observation:
    """What one seat knows of a deal: the table, its own cards and the events it saw.

    ``teams``: the layout as :class:`~maw_sim.deal.Deal` takes it (``"2x2"``, ``(2, 2)``) or None;
    ``turnup``: the card turned for trumps at the deal (None in the bidding games); ``events``:
    every event the seat saw, in order, as it saw it (a card hidden from it is ``?``); ``hand``:
    its hand now; ``dealt``: its hand as dealt, or None where only the hand now is known (a view;
    it is worked back from the events); ``kitty``: the kitty as dealt as far as the seat saw it
    (``None`` for a card it did not); ``phase``, ``to_move``: the position as the seat sees it,
    where known (a record does not say who is to move)."""
    variant: object
    seat: int
    players: int
    dealer: int
    teams: object
    scores: tuple | None
    turnup: Card | None
    events: tuple
    hand: tuple | None = None
    dealt: tuple | None = None
    kitty: tuple = ()
    phase: str | None = None
    to_move: int | None = None

    @classmethod
    def from_view(cls, view) -> "Observation":
        """The observation behind a seat's :class:`~maw_sim.deal.PlayerView`."""
        teams = None
        if view.teams is not None:
            sides = max(view.teams) + 1
            teams = (sides, view.players // sides)
        kitty = ()
        if view.kitty_size:
            kitty = ((view.kitty_shown,) if view.kitty_shown is not None else (None,)) + (None,) * (view.kitty_size - 1)
        turnup = view.dealt_turnup if view.dealt_turnup is not None else view.turnup
        return cls(view.variant, view.seat, view.players, view.dealer, teams, view.scores, turnup,
                   view.events, hand=tuple(view.hand), kitty=kitty, phase=view.phase, to_move=view.to_move)

    @classmethod
    def from_record(cls, rec, deal: int = -1) -> "Observation":
        """The observation behind a seat's own record (:meth:`maw_sim.records.GameRecord.for_seat`):
        its hand as dealt, the turn-up, what it saw of the kitty, and each action as it saw it."""
        d = rec.deals[deal]
        seat = rec.observer
        if seat is None:
            raise ValueError("this record is no seat's own record (it has no [Observer]): give a seat's record")
        if None in d.hands[seat]:
            raise ValueError(f"this is seat {seat}'s own record, but it hides a card of seat {seat}'s own hand")
        for number, (actor, action) in enumerate(d.actions, start=1):
            if actor == seat and HIDDEN in action.split():
                raise ValueError(f"this is seat {seat}'s own record, but action {number} (Seat {seat}: "
                                 f"{action}) hides a card of seat {seat}'s own")
        events = line_events(rec.variant, d.turnup, d.actions, d.labels)
        return cls(rec.variant, seat, rec.players, d.dealer, rec.teams, d.scores,
                   None if d.turnup is None else Card.parse(d.turnup), events,
                   dealt=tuple(Card.parse(c) for c in d.hands[seat]),
                   kitty=tuple(None if c is None else Card.parse(c) for c in d.kitty))


# -- what is known, and the sampler --------------------------------------------------------------

_BY_CODE = {c.code: c for c in CARDS}


def _cards_of(event) -> tuple:
    """``event.cards``, a card played looked up rather than parsed (a Knowledge reads every event
    of the deal once a decision)."""
    if event.verb == PLAY:
        card = _BY_CODE.get(event.text)
        if card is not None:
            return (card,)
    return event.cards


class Knowledge:
    """What one seat knows of the hidden hands, as bit masks over the pack (see the module's text),
    a sampler of hands that fit, and worlds replayed from them.

    ``me``: the seat; ``mine``: its hand now; ``need[s]``: how many cards seat ``s`` holds now,
    the kitty left aside (0 for ``me``); ``forced[s]``: cards ``s`` is known to hold;
    ``excluded[s]``: cards it cannot hold; ``unseen``: the cards that may be in another hand."""

    def __init__(self, obs: Observation):
        self.obs = obs
        v = obs.variant
        n = obs.players
        self.me = obs.seat
        self.size = v.pack.size
        self._cards = [_cards_of(e) for e in obs.events]
        out_of_play = self._read_events()
        self._own_hands()
        played = 0
        for m in self.played_by:
            played |= m
        self.played = played
        # The kitty is left aside: a bidder holding it is drawn his five, and the engine adds it.
        self.need = [HAND_SIZE - bin(self.played_by[s]).count("1") - self._lost[s] + self._gained[s]
                     for s in range(n)]
        self.need[self.me] = 0
        self.forced = [0] * n
        self.excluded = [0] * n
        self._ruled_out_by_plays()
        out_of_play |= self._robbing_facts() | self._kitty_and_draw_facts() | self._own_aside
        self.unseen = v.pack.mask & ~(self.mine | played | out_of_play)
        for s in range(n):
            self.forced[s] &= self.unseen
            self.excluded[s] &= ~self.forced[s]
        self._plan_replay()
        self._draw = None           # (free cards, seats in order): worked out at the first draw

    def _read_events(self) -> int:
        """One pass over the events seen: the cards each seat played and the tricks' cards in
        order; the rest is what the steps tell this seat (:func:`maw_sim.steps.told`): fiving's
        turns and the trump in force, who robbed or announced, how many cards each seat put out
        face down and drew, a card drawn face up, who put the kitty out. Returns the cards this seat
        knows to be out of play from them: what it put out itself, and what fiving turned past."""
        obs = self.obs
        n = obs.players
        self.played_by = [0] * n
        self._plays = []
        for e, cards in zip(obs.events, self._cards):
            if e.step == PLAY:
                card = cards[0].index
                self.played_by[e.seat] |= 1 << card
                self._plays.append((e.seat, card))
        told = self.told = told_by_events(self.me, obs.events)
        self._lost = [told.lost.get(s, 0) for s in range(n)]         # put out face down or handed on
        self._gained = [told.gained.get(s, 0) for s in range(n)]     # drawn or taken from the stock
        self.face_up = told.face_up
        self.robber = told.robbed_by
        self._announcer = told.announced_by
        self.kitty_out_by = told.kitty_out_by
        self.turned = told.turned
        self.turnup = obs.turnup
        self._trump = told.trump            # named in the auction; else the turn-up's suit
        if self._trump is None and obs.turnup is not None:
            self._trump = obs.turnup.suit
        out_of_play = told.out_of_play()
        if self.turned:
            # Fived: the first turn-up is out of play too, and the last card turned is the turn-up.
            out_of_play |= obs.turnup.bit
            self.turnup = CARDS[self.turned[-1]]
            self._trump = self.turnup.suit
        # Has the robbing ended (it happens before the first lead)?
        self._robbing_over = bool(self._plays) or obs.phase in (PLAY, JINK, OVER)
        return out_of_play

    def _ruled_out_by_plays(self) -> None:
        """Every card a play shows its player did not hold (see the module's text)."""
        v = self.obs.variant
        n = self.obs.players
        turnup = self.turnup
        if self._trump is None:
            return
        low_ace = self._robbing_over and ROBBING.ace_lowest(v, turnup, self.robber is not None,
                                                            self._announcer is not None)
        tables = v.tables(self._trump, low_ace=low_ace)
        may_trump = v.following == "may-trump"
        plays = self._plays
        for k in range(0, len(plays), n):
            trick = plays[k:k + n]
            lead = trick[0][1]
            for seat, card in trick[1:]:
                self.excluded[seat] |= ruled_out(tables, may_trump, lead, card)

    def _robbing_facts(self) -> int:
        """Where the turn-up and the ace of trumps are, as robbing (or its absence) shows; returns
        the cards known to be out of play."""
        turnup = self.turnup
        if turnup is None:
            return 0
        v = self.obs.variant
        me, robber, announcer = self.me, self.robber, self._announcer
        forced, need = self.forced, self.need
        gone = self.played | self.mine
        ace = Card(1, self._trump).bit
        out_of_play = 0
        if robber is None:
            out_of_play |= turnup.bit                  # still on the table, or left there
            if ROBBING.is_duty(v) and turnup.rank != 1 and self._robbing_over:
                out_of_play |= ace                     # whoever held it would have had to rob
        elif robber != me:
            for bit in ([turnup.bit] if turnup.rank == 1 else [turnup.bit, ace]):
                # A robber may even have put out the ace itself: then his hand has no room for it,
                # or his plays show he holds no such card (he did not follow to trumps with it).
                if not gone & bit and not self.excluded[robber] & bit \
                        and bin(forced[robber]).count("1") < need[robber]:
                    forced[robber] |= bit
        if turnup.rank == 1:
            return out_of_play                         # the dealer robs a turned ace without holding it
        if announcer is not None and announcer != me and not gone & ace \
                and bin(forced[announcer]).count("1") < need[announcer]:
            forced[announcer] |= ace                   # he announced it: he holds it
        holder = robber if robber is not None else announcer
        if holder is None and self.told.declined_by == me:
            holder = me             # our own quiet decline, which only we saw: we hold it
        if holder is not None:
            # The ace of trumps is the robber's (in hand or put out), or the announcer's or ours:
            # no other seat holds it.
            for s in range(len(need)):
                if s != holder:
                    self.excluded[s] |= ace
        return out_of_play

    def _kitty_and_draw_facts(self) -> int:
        """A kitty card laid face up, and a card drawn face up; returns the cards known to be out
        of play (the face-up kitty card, before the bidder puts the kitty out)."""
        obs = self.obs
        gone = self.played | self.mine
        out_of_play = 0
        shown = TAKING_THE_KITTY.face_up(obs.variant, obs.kitty)
        if shown is not None and not gone & shown.bit:
            if self.kitty_out_by is None:
                out_of_play |= shown.bit     # in the kitty (or the bidder's hand with it): laid out apart
            for s in range(obs.players):
                if s != self.kitty_out_by:
                    self.excluded[s] |= shown.bit
        for s, i in self.face_up.items():
            if not gone >> i & 1:
                self.forced[s] |= 1 << i
        for s, mask in self.told.holds.items():
            if s == self.me:
                continue
            # A card a step showed this seat into another's hand (one it handed on): his until he
            # plays it, and nobody else's; where his hand has no room left for it, he put it out
            # since (robbing with it), and it is out of play.
            for i in _bits(mask & ~gone):
                for other in range(obs.players):
                    if other != s:
                        self.excluded[other] |= 1 << i
                if bin(self.forced[s]).count("1") < self.need[s]:
                    self.forced[s] |= 1 << i
                else:
                    out_of_play |= 1 << i
        return out_of_play

    def _plan_replay(self) -> None:
        """What every replay needs from the events, worked out once: each other seat's steps that
        hid cards from us, latest first (its hand as dealt is worked back through them); the
        actions to apply, in order; the trump named, for the cards a hidden seat puts out."""
        obs = self.obs
        self._hidden_steps = {}
        steps = [None if e.step == PLAY else step_named(e.step) for e in obs.events]
        for k in range(len(obs.events) - 1, -1, -1):
            e = obs.events[k]
            if e.seat != self.me and self._cards[k] and steps[k] is not None and steps[k].hides_cards:
                self._hidden_steps.setdefault(e.seat, []).append((k, e, self._cards[k]))
        # The events that took cards from the stock, in the order those cards lay in it.
        places = [(None if step is None else step.stock_place(e), k)
                  for k, (step, e) in enumerate(zip(steps, obs.events))]
        self._from_stock = [k for _, k in sorted(p for p in places if p[0] is not None)]
        self._actions = [(k, e) for k, e in enumerate(obs.events) if not e.chance]
        self._trump_named = self.told.trump
        v = obs.variant
        self._needs_spare = bool(self._hidden_steps) or v.bidding or v.fiving
        # The cards in no hand drawn that every world lays out as they were: our hand as dealt, the
        # cards fiving turned, the kitty's cards we saw, what we put out, the turn-up as dealt.
        laid_out = self._dealt_me | self._own_aside
        for i in self.turned:
            laid_out |= 1 << i
        for c in obs.kitty:
            if c is not None:
                laid_out |= c.bit
        if obs.turnup is not None:
            laid_out |= obs.turnup.bit
        self._laid_out = laid_out

    def _own_hands(self) -> None:
        """The seat's own hand now (``mine``) and as dealt (and the kitty, where it took it): a record
        gives the hand as dealt and a view the hand now, and the other is worked out along the
        seat's own events, which it saw in full."""
        obs = self.obs
        me = self.me
        told = self.told
        robbed = None if told.my_robbed is None else CARDS[told.my_robbed]   # put out for the turn-up
        kitty_out, thrown, drawn, given = told.my_kitty_out, told.my_thrown, told.my_drawn, told.my_given
        known_kitty = [c.index for c in obs.kitty if c is not None]
        # A seat's record shows the whole kitty only to the bidder who has taken it (a kitty of one
        # card laid face up is whole for everyone: then his own discard says he took it).
        took_kitty = bool(obs.kitty) and None not in obs.kitty and (
            len(obs.kitty) > 1 or TAKING_THE_KITTY.face_up(obs.variant, obs.kitty) is None or bool(kitty_out))
        if obs.dealt is not None:
            # A record: forward from the hand as dealt.
            hand = mask_of(obs.dealt)
            if took_kitty:
                hand |= mask_of(obs.kitty)
            for i in kitty_out + thrown + given:
                hand &= ~(1 << i)
            for i in drawn:
                hand |= 1 << i
            if robbed is not None:
                # Robbing comes last before the first lead, after any card a step handed on.
                hand |= self.turnup.bit
                hand &= ~robbed.bit
            self.mine = hand & ~self.played_by[me]
            self._dealt_me = mask_of(obs.dealt)
            self._kitty_me = known_kitty if took_kitty else None
        else:
            # A view: back from the hand now.
            self.mine = mask_of(obs.hand)
            hand = self.mine | self.played_by[me]
            if robbed is not None:
                # Robbing comes last before the first lead: undone first.
                hand = (hand & ~self.turnup.bit) | robbed.bit
            for i in drawn:
                hand &= ~(1 << i)
            for i in thrown + kitty_out + given:
                hand |= 1 << i
            extra = bin(hand).count("1") - HAND_SIZE
            self._kitty_me = None
            if extra > 0:
                # We took the kitty: which of our cards came from it the view does not keep, and any
                # choice looks the same to us (the card laid face up first, then those we put out).
                order = known_kitty + [i for i in kitty_out if i not in known_kitty] + \
                    [i for i in _bits(hand) if i not in known_kitty and i not in kitty_out]
                self._kitty_me = order[:extra]
                for i in self._kitty_me:
                    hand &= ~(1 << i)
            self._dealt_me = hand
        # The cards the seat put out itself (robbing, the kitty, the exchange) and a kitty it took:
        # in no other hand, and laid out as they were in every world.
        self._own_aside = 0
        for i in kitty_out + thrown + (self._kitty_me or []):
            self._own_aside |= 1 << i
        if robbed is not None:
            self._own_aside |= robbed.bit

    def sample_hands(self, rng, tries: int = 40) -> list:
        """Current hands for every seat (bit masks), the seat's own as it is, the others drawn at
        random from the unseen cards consistently with what is known; constraints are dropped only if
        no consistent draw is found in ``tries`` attempts (it never should be)."""
        n = len(self.need)
        draw = self._draw
        if draw is None:
            draw = self._draw = self._plan_draw()
        free, order = draw
        free = free[:]              # shuffled in place: each call starts from the same order
        for attempt in range(tries + 1):
            strict = attempt < tries
            rng.shuffle(free)
            hands = [0] * n
            hands[self.me] = self.mine
            taken = 0
            ok = True
            for s, wanted, forced, excluded in order:
                want = wanted
                h = forced
                bar = (excluded if strict else 0) | taken
                if want > 0:
                    for i in free:
                        if not (bar >> i) & 1:
                            h |= 1 << i
                            want -= 1
                            if not want:
                                break
                if want:
                    ok = False
                    break
                taken |= h
                hands[s] = h
            if ok:
                return hands
        raise RuntimeError("no world fits the observation")  # unreachable: the last try ignores exclusions

    def _plan_draw(self) -> tuple:
        """What every draw starts from, worked out once (it depends on what is known, not on the
        draw): the unseen cards no seat is known to hold, in the pack's order, and the seats to
        draw for, the most constrained first, each with how many cards it still needs and its
        forced and excluded cards."""
        n = len(self.need)
        forced_all = 0
        for m in self.forced:
            forced_all |= m
        free = [i for i in range(self.size) if (self.unseen & ~forced_all) >> i & 1]
        others = [s for s in range(n) if s != self.me and self.need[s] > 0]
        # The most constrained seat draws first.
        order = sorted(others, key=lambda s: bin(self.unseen & ~self.excluded[s] & ~forced_all).count("1"))
        return free, tuple((s, self.need[s] - bin(self.forced[s]).count("1"), self.forced[s], self.excluded[s])
                           for s in order)

    # -- the world --------------------------------------------------------------------------------
    def world(self, rng, watch=None) -> Deal:
        """A full deal, at the observed point, whose hidden cards are a random draw consistent with
        the observation; the history is replayed through the engine (``watch``: as :meth:`replay`)."""
        for _ in range(WORLD_TRIES):
            try:
                return self.replay(self.sample_hands(rng), rng, watch)
            except _Refused:
                continue                      # an inconsistent draw (the engine refused an action)
        raise RuntimeError("could not build a world consistent with the view")

    def replay(self, hands, rng, watch=None) -> Deal:
        """The deal whose hands now are ``hands`` (from :meth:`sample_hands`), replayed from the deal
        through every event observed. Raises :class:`_Refused` naming the event the engine refused.
        ``watch(deal, seat, action)``, if given, sees the deal just before each observed action is
        applied to it (what a seat's play says of its player: :mod:`maw_sim.bots.table_reading`);
        a draw the engine then refuses was watched in part."""
        obs = self.obs
        v = obs.variant
        n = obs.players
        me = self.me
        size = self.size
        played_by = self.played_by
        start = [hands[s] | played_by[s] for s in range(n)]
        start[me] = self.mine | played_by[me]
        dealt_turnup = obs.turnup
        spare = []
        if self._needs_spare:
            used = self._laid_out
            for h in start:
                used |= h
            spare = [i for i in range(size) if not used >> i & 1]
            rng.shuffle(spare)
        if self._trump_named is not None:
            # Cards put out face down: plain cards first (some circles forbid throwing trumps).
            trumps = v.tables(self._trump_named).trump_mask
            spare.sort(key=lambda i: trumps >> i & 1, reverse=True)   # popped from the end
        dealt = list(start)
        dealt[me] = self._dealt_me
        rebuild = Rebuild(self, spare, rng)
        # Every hidden seat's cards, worked back seat by seat; a step that moved cards between two
        # hidden hands (cards handed on) reaches the other's through ``rebuild.hands``.
        rebuild.hands = {s: set(_bits(start[s])) for s in self._hidden_steps}
        for s, steps in self._hidden_steps.items():
            hand = rebuild.hands[s]
            for k, e, cards in steps:
                step_named(e.step).work_back(rebuild, k, e, cards, hand)
        for s, hand in rebuild.hands.items():
            dealt[s] = mask_of_indices(hand)
        kitty = rebuild.kitty
        if v.kitty_size and kitty is None:
            kitty = self._kitty_me
            if kitty is None:
                kitty = [c.index for c in obs.kitty if c is not None]
                kitty += [spare.pop() for _ in range(len(obs.kitty) - len(kitty))]
        # The stock, top first: the cards turned by fiving or drawn, in the order dealt; then the
        # dealer's picks; then the rest.
        stock = None
        if v.bidding or v.fiving:
            order = []
            for k in self._from_stock:
                order += rebuild.drawn[k] if k in rebuild.drawn else named(self._cards[k])
            rng.shuffle(spare)
            stock = order + spare
        try:
            # The cards drawn here are indices already: the deal is made from them, not from codes.
            deal = Deal._of_indices(v, dealt, None if dealt_turnup is None else dealt_turnup.index,
                                    obs.dealer, teams=obs.teams, scores=obs.scores, kitty=kitty, stock=stock)
        except ValueError as exc:
            raise _Refused(None, None, exc) from None
        texts = rebuild.texts
        for k, e in self._actions:       # a chance event is dealt again from the stock laid out
            text = texts.get(k, e.text)
            take_unseen(deal, e.seat, text)   # a drawn holder of the ace declines unheard
            if watch is not None:
                watch(deal, e.seat, text)
            try:
                deal.apply(text)
            except IllegalAction as exc:
                raise _Refused(k, e, exc) from None
        take_unseen(deal, me)
        if obs.phase is not None and (deal.phase, deal.to_move) != (obs.phase, obs.to_move):
            raise _Refused(len(obs.events), None, "the world does not reach the observed position")
        return deal


class Rebuild:
    """A world being rebuilt from what one seat knows (:meth:`Knowledge.replay`): what a step needs
    to work an event of another seat, whose cards that seat did not see, back through the actor's
    hand (:meth:`maw_sim.phases.Step.work_back`).

    ``spare``: the cards in no hand, the kitty or the stock as far as is known yet, in a random
    order (a card put out face down is taken from its end); ``rng``; ``turnup``: the turn-up in
    force; ``face_up``: a card a seat drew face up, by seat; ``me`` and ``players``: the observing
    seat and how many play; ``told``: what the observing seat was
    told (:class:`maw_sim.events.Told`); ``hands``: each hidden seat's cards as worked back so far
    (card indices). A step writes: ``texts`` (event index -> the action as the world's actor takes
    it, its cards chosen), ``drawn`` (event index -> the cards drawn or taken, in order), ``kitty``
    (the kitty as dealt, where a hidden bidder took it) and, for what it must remember between
    two seats' events (a card handed from one hidden hand to another), ``notes``."""

    def __init__(self, knowledge, spare: list, rng):
        self._knowledge = knowledge
        self.spare, self.rng = spare, rng
        self.turnup, self.face_up = knowledge.turnup, knowledge.face_up
        self.told, self.me, self.players = knowledge.told, knowledge.me, knowledge.obs.players
        self.texts, self.drawn, self.kitty, self.notes, self.hands = {}, {}, None, {}, {}

    def hidden_kitty(self, hand: set):
        """A hidden bidder's kitty and the cards he put back out, working back from ``hand`` (his
        cards after putting it out): any cards in no hand did, and he put out just those; where he
        kept the card laid face up, one of his own went out in its place."""
        obs = self._knowledge.obs
        spare = self.spare
        kitty = [c.index for c in obs.kitty if c is not None]
        kitty += [spare.pop() for _ in range(len(obs.kitty) - len(kitty))]
        out = list(kitty)
        for i in kitty:
            if i in hand:
                stand = spare.pop()
                hand.discard(i)
                hand.add(stand)
                out[out.index(i)] = stand
        return kitty, out

    @staticmethod
    def as_listed(verb: str, indices) -> str:
        """``verb`` and the cards of ``indices`` (``"discard 7C 9D"``) in the order the steps list a
        hand's cards: the very text of a legal action, which the engine takes at once, where cards
        in another order would be read through its refusal and written again."""
        return verb + " " + " ".join(codes_of(mask_of_indices(indices)))

    @staticmethod
    def unfit(index: int, event, why: str) -> Exception:
        """The exception a step raises when the cards drawn cannot explain event ``index``."""
        return _Refused(index, event, why)


class _Refused(Exception):
    """A draw the engine refused: ``index`` of the event refused (None: the deal itself), the
    ``event``, and why."""

    def __init__(self, index, event, why):
        super().__init__(str(why))
        self.index, self.event, self.why = index, event, why


def mask_of_indices(indices) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# -- the review board's stand-in ---------------------------------------------------------------------

def stand_in(rec, error=ValueError):
    """A whole deal for a seat's own record, every action of the record replayed through the
    engine (:class:`Knowledge` from :meth:`Observation.from_record`). Reproducible: the same record
    gives the same stand-in. Raises ``error`` when no draw makes every action legal."""
    try:
        obs = Observation.from_record(rec)
    except ValueError as exc:
        raise error(str(exc)) from None
    knowledge = Knowledge(obs)
    rng = random.Random(0)
    last = None
    for _ in range(STAND_IN_TRIES):
        try:
            hands = knowledge.sample_hands(rng)
        except RuntimeError:
            break                     # too few cards for the hands the record says are held
        try:
            return knowledge.replay(hands, rng)
        except _Refused as refused:
            if refused.index is None:
                raise error(f"this record's hands do not make a deal: {refused.why}") from None
            last = refused
            seat = refused.event.seat
            if seat == obs.seat or knowledge.need[seat] == 0 and not _hides(obs, seat):
                break                 # the seat's own action, or a seat with nothing hidden
    if last is not None:
        e = last.event
        raise error(f"action {last.index + 1} (Seat {e.seat}: {e.text}) is not legal: {last.why}") from None
    raise error("the hidden cards of this record could not be made consistent with its actions: "
                "is an action illegal?")


def _hides(obs, seat) -> bool:
    """Did ``seat`` do anything the observer saw only in part (a card put out face down)?"""
    return any(e.seat == seat and HIDDEN in e.text.split() for e in obs.events)
