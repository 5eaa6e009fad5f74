"""A step the family does not have, defined here and nowhere in the engine: after the deal, each
player passes one card face down to the player on the left (issue 24: each step owns its state,
its knowledge and its visibility).

The step is made known through the step registry (:func:`maw_sim.steps.add_step`) and put into a
ruleset made from Spoil Five (:func:`maw_sim.steps.with_step`); with no other change, a deal of it
is dealt and played (by ``legal_actions``/``apply`` and by the bots), written as a record and read
back, hidden from each seat as the step's events say (:meth:`maw_sim.events.Event.seen_by`),
resampled from a seat's view, told in words and carried to the play page's state.

The passes are made in turn from the dealer's left, face down and set aside; when the dealer has
passed, each card reaches its new hand at once (a chance line each, ``get 2: get 7C from 1``, seen
by its receiver only), so that nobody passes on a card just received.
"""

from __future__ import annotations

import random

import pytest

import maw_sim
from maw_sim import Card, Deal, GameRecord, steps, variants
from maw_sim.bots import get_bot, play_deal
from maw_sim.events import CARDS_HIDDEN, Event
from maw_sim.phases import Step, StepState, form_error, read_cards
from maw_sim.refusals import refuse
from maw_sim.resample import Knowledge, Observation

VARIANT_ID = "spoil-five-passing"


class Passed(StepState):
    """Who has passed which card so far (card indices, by seat)."""

    def __init__(self):
        self.passed = {}

    def copy(self):
        other = Passed()
        other.passed = dict(self.passed)
        return other


class PassingLeft(Step):
    name = "pass-left"
    labels = ("pass", "get")
    chance_verbs = ("get",)
    belongs = "a ruleset where each player passes a card to the left"
    examples = ("pass 1: pass 7C", "get 2: get 7C from 1")

    # -- the notation
    def label(self, event):
        return event.verb

    def read(self, label, action):
        words = action.split()
        try:
            if label == "pass" and len(words) == 2 and words[0] == "pass":
                return "pass " + read_cards(words[1:])[0]
            if label == "get" and len(words) == 4 and words[0] == "get" and words[2] == "from" \
                    and words[3].isdigit():
                return f"get {read_cards(words[1:2])[0]} from {int(words[3])}"
        except ValueError:
            pass
        raise form_error("passing line", "'pass 7C', or 'get 7C from 1'")

    # -- the rules
    def new_state(self, deal):
        return Passed()

    def begins(self, deal):
        return (deal.dealer + 1) % deal.players

    def legal_actions(self, deal):
        return tuple("pass " + code for code in deal.hand_codes(deal.to_move))

    def refusal(self, deal, seat, words):
        if len(words) == 2 and words[0].lower() == "pass":
            try:
                card = Card.parse(words[1])
            except ValueError as exc:
                return refuse(deal.variant, "not-a-card", str(exc))
            if deal.hand_mask(seat) & card.bit:
                return None
            return refuse(deal.variant, "not-in-hand", f"{card.symbol} is not in seat {seat}'s hand.")
        return refuse(deal.variant, "not-an-action",
                      f"Seat {seat} passes one card face down to the left: 'pass' and the card, as 'pass 7C'.")

    def canonical(self, deal, action):
        return "pass " + Card.parse(action.split()[1]).code

    def apply(self, deal, seat, action):
        card = Card.parse(action[5:])
        deal.move_cards(seat, out=card.bit)
        state = deal.state(self)
        state.passed[seat] = card.index
        if seat != deal.dealer:
            return (seat + 1) % deal.players
        # Every card is out: each reaches the hand on its passer's left, seen by its receiver.
        for k in range(1, deal.players + 1):
            giver = (deal.dealer + k) % deal.players
            receiver = (giver + 1) % deal.players
            passed = Card.parse(maw_sim.cards.CODES[state.passed[giver]])
            deal.move_cards(receiver, into=passed.bit)
            deal.follow(self.got(receiver, f"get {passed.code} from {giver}"))
        return None

    # -- who sees what
    def event(self, deal, seat, action):
        return Event(seat, self.name, "pass", action, False, CARDS_HIDDEN)

    @classmethod
    def got(cls, receiver, text):
        return Event(receiver, cls.name, "get", text, True, CARDS_HIDDEN)

    def line_event(self, table, seat, action):
        return self.got(seat, action) if action.startswith("get ") else self.event(table, seat, action)

    def tell(self, event, told):
        mine = told.part(self.name, dict)
        card = event.cards[0]
        if event.verb == "pass":
            told.moved(event.seat, lost=1)
            if event.seat == told.seat:
                mine["passed"] = card
                told.my_given.append(card.index)
            return
        told.moved(event.seat, gained=1)
        giver = int(event.text.split()[-1])
        if event.seat == told.seat:
            mine["received"] = card
            told.my_drawn.append(card.index)
        elif giver == told.seat:
            # Our own card, now in the hand on our left.
            told.holds[event.seat] = told.holds.get(event.seat, 0) | mine["passed"].bit

    # -- resampling: each hidden hand worked back through the cards it passed and received
    hides_cards = True

    def work_back(self, rebuild, index, event, cards, hand):
        mine = rebuild.told.part(self.name) or {}
        if event.verb == "get":
            giver = int(event.text.split()[-1])
            card = mine["passed"].index if giver == rebuild.me else self._chosen(rebuild, giver, hand)
            hand.discard(card)
            return
        receiver = (event.seat + 1) % rebuild.players
        if not rebuild.told.gained.get(receiver):
            card = rebuild.spare.pop()            # not passed on yet: face down, in no hand
        elif receiver == rebuild.me:
            card = mine["received"].index
        else:
            card = self._chosen(rebuild, event.seat, rebuild.hands[receiver])
        hand.add(card)
        rebuild.texts[index] = "pass " + maw_sim.cards.CODES[card]

    def _chosen(self, rebuild, giver, receiver_hand):
        """The card ``giver`` passed, as this world has it: one of the receiver's, chosen once."""
        key = (self.name, giver)
        if key not in rebuild.notes:
            choices = sorted(receiver_hand)
            rebuild.notes[key] = choices[rebuild.rng.randrange(len(choices))]
        return rebuild.notes[key]

    # -- words, the page
    def sentence(self, teller, event):
        n = teller.names
        card = event.cards[0]
        what = "a card" if card is None else card.symbol
        if event.verb == "pass":
            return f"{n.says(event.seat, 'pass')} {what} face down to the left."
        giver = int(event.text.split()[-1])
        return f"{n.says(event.seat, 'receive')} {what} from {n.object(giver)}."

    def facts(self, view, names):
        mine = view.steps.get(self.name) or {}
        out = []
        if "passed" in mine:
            out.append((f"{names(view.seat)} passed {mine['passed'].symbol} to the left.", (mine["passed"],)))
        if "received" in mine:
            out.append((f"{names(view.seat)} received {mine['received'].symbol}.", (mine["received"],)))
        return tuple(out)

    def prompt(self, deal):
        return "Choose a card to pass face down to the player on your left."

    def choice_label(self, action):
        return "Pass " + Card.parse(action[5:]).symbol


PASSING = PassingLeft()


@pytest.fixture(scope="module")
def variant():
    steps.add_step(PASSING)
    made = steps.with_step(maw_sim.load_variant("spoil-five"), PASSING.name, before="rob",
                           variant_id=VARIANT_ID, title="Spoil Five, a card passed left")
    yield made
    variants.forget_variant(VARIANT_ID)
    steps.remove_step(PASSING)


def _played(variant, seed, players=5):
    rng = random.Random(seed)
    deal = Deal.random(variant, players, seed, seed % players)
    while deal.to_move is not None:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def _at_first_lead(variant, seed, players=5):
    """A deal just after the passing (and robbing): the first lead to come."""
    rng = random.Random(seed)
    deal = Deal.random(variant, players, seed, seed % players)
    while deal.phase != "play":
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def _passes(deal):
    """{giver: card passed} from the whole history."""
    return {e.seat: e.cards[0] for e in deal.events if e.step == PASSING.name and e.verb == "pass"}


def test_a_deal_with_the_new_step_is_dealt_and_played_to_its_end(variant):
    assert steps.pipeline(variant)[0] is PASSING and variant.step_names == ("pass-left", "rob")
    for seed in range(6):
        deal = _played(variant, seed)
        assert deal.outcome is not None
        passes = _passes(deal)
        assert len(passes) == deal.players
        for giver, card in passes.items():
            assert card in deal.dealt[giver]
            receiver = (giver + 1) % deal.players
            # The card reached the hand on the left: the receiver played it (or robbed with it).
            assert any(s == receiver and c == card for t in deal.tricks for s, c in t.plays) or (
                deal.robbed is not None and deal.robbed == (receiver, card))
    # Refused with a reason, the deal unchanged.
    deal = Deal.random(variant, 5, 1, 0)
    foreign = next(c for c in variant.pack.cards if c not in deal.hand(deal.to_move))
    with pytest.raises(maw_sim.IllegalAction, match="not in seat"):
        deal.apply("pass " + foreign.code)
    with pytest.raises(maw_sim.IllegalAction):
        deal.apply("rob 7C")
    # The bots play it through their views (the heuristic bot asks the step).
    for bot in ("random", "heuristic"):
        for seed in range(3):
            deal = Deal.random(variant, 4, seed, 0)
            play_deal(deal, [get_bot(bot)] * 4, random.Random(seed))
            assert deal.outcome is not None and len(_passes(deal)) == 4


def test_a_copy_keeps_the_step_state_apart(variant):
    deal = Deal.random(variant, 4, 3, 0)
    fresh = deal.copy()                  # no step state yet: the copy's first must stay its own
    fresh.apply(fresh.legal_actions()[0])
    assert deal.state_of(PASSING.name) is None
    deal.apply(deal.legal_actions()[0])
    copy = deal.copy()
    copy.apply(copy.legal_actions()[0])
    assert len(deal.state(PASSING).passed) == 1 and len(copy.state(PASSING).passed) == 2


def test_the_record_round_trips_and_each_seat_sees_its_own_passes_only(variant):
    deal = _played(variant, 11)
    record = GameRecord.of_deal(deal)
    text = record.text()
    assert "pass 1: pass " in text and "get 2: get " in text
    assert GameRecord.parse(text) == record
    assert record.replay().history == deal.history
    passes = _passes(deal)
    n = deal.players
    for seat in range(n):
        view = deal.view(seat)
        right = (seat - 1) % n
        seen = [e for e in view.events if e.step == PASSING.name]
        # Its own pass and what reached it, in full; every other pass and receipt face down.
        assert [e.text for e in seen if e.seat == seat and e.verb == "pass"] == [f"pass {passes[seat].code}"]
        assert [e.text for e in seen if e.seat == seat and e.verb == "get"] == \
            [f"get {passes[right].code} from {right}"]
        for e in seen:
            if e.seat != seat:
                assert "?" in e.text
        assert view.steps[PASSING.name] == {"passed": passes[seat], "received": passes[right]}
        own = record.for_seat(seat)
        own_text = own.text()
        assert GameRecord.parse(own_text) == own
        for other in range(n):
            if other not in (seat, right):
                # Another's passed card is named only where it was played (or robbed) in sight.
                line = f"pass {other}: pass {passes[other].code}"
                assert line not in own_text
        assert f"pass {seat}: pass {passes[seat].code}" in own_text
        assert f"get {seat}: get {passes[right].code} from {right}" in own_text


def test_the_resampler_draws_worlds_consistent_with_a_seat_view(variant):
    for seed in range(4):
        deal = _at_first_lead(variant, seed)
        n = deal.players
        for seat in range(n):
            view = deal.view(seat)
            knowledge = Knowledge(Observation.from_view(view))
            rng = random.Random(seed * 10 + seat)
            mine = view.steps[PASSING.name]
            left = (seat + 1) % n
            for _ in range(3):
                world = knowledge.world(rng)
                assert world.hand_mask(left) & mine["passed"].bit or \
                    (world.robbed is not None and world.robbed == (left, mine["passed"]))
                assert mine["received"] in world.hand(seat) or world.robbed == (seat, mine["received"])
                assert world.view(seat).events == view.events and world.hand(seat) == deal.hand(seat)
    # And from a seat's own record (the review board's stand-in).
    from maw_sim.resample import stand_in
    deal = _played(variant, 5)
    for seat in range(deal.players):
        own = GameRecord.of_deal(deal).for_seat(seat)
        world = stand_in(own)
        # The stand-in is the seat's record played out: the seat sees in it what it saw.
        assert world.view(seat).events == deal.view(seat).events
        assert world.dealt[seat] == deal.dealt[seat] and world.outcome.tricks_won == deal.outcome.tricks_won


def test_the_step_is_told_in_words_and_reaches_the_page_state(variant):
    from maw_sim import web
    from maw_sim.page_state import problems
    from maw_sim.words import SEATS, Teller
    deal = _played(variant, 7)
    passes = _passes(deal)
    teller = Teller(deal, SEATS, viewer=2)
    lines = [line for e in deal.events for line in teller.tell(e)]
    text = [line["text"] for line in lines]
    assert f"Seat 2 passes {passes[2].symbol} face down to the left." in text
    assert "Seat 3 passes a card face down to the left." in text
    assert f"Seat 2 receives {passes[1].symbol} from Seat 1." in text
    assert "Seat 4 receives a card from Seat 3." in text
    # The play page, through the browser bridge's session: every state fits the declaration.
    session = web.Session()
    session.new(variant=VARIANT_ID, players=4, seed=3, bot="random")
    state = session.state()
    assert problems(state) == []
    for _ in range(12):
        if state["phase"] != PASSING.name or not state["your_turn"]:
            break
        assert state["prompt"] == PASSING.prompt(None)
        assert state["choices"][0]["label"].startswith("Pass ")
        session.act(state["choices"][0]["action"])
        state = session.state()
        assert problems(state) == []
    facts = state["step_facts"]
    assert [f["step"] for f in facts] == [PASSING.name, PASSING.name]
    assert facts[0]["text"].startswith("You passed ") and facts[1]["text"].startswith("You received ")


def test_the_conformance_checks_hold_for_the_new_step(variant):
    from test_conformance import test_every_ruleset_keeps_what_a_seat_cannot_see_hidden as conformance
    for players in (3, 5):
        conformance((VARIANT_ID, {}, players, None))
