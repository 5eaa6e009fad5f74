"""The steps of a deal: a pipeline chosen by the variant.

A deal of the family runs through a fixed order of steps, each present only where the ruleset has
it::

    deal -> [fiving] -> [auction] -> [trump and kitty] -> [discard and draw] -> [robbing]
         -> play -> [jink] -> over

Each *decision step* is a small object that owns its legal actions, its refusals (which rule, in
words, with the sources) and what its actions do; a variant without a step never pays for it.
The tricks themselves (``play``) are the inner loop of every simulation and stay inside
:class:`maw_sim.Deal`, flat and in integers.

The steps of today's rulesets:

``rob`` (:class:`Robbing`)
    Before the first lead, the holder of the ace of trumps may *rob*: take the turn-up into hand
    and put out another card face down (``"rob 7C"``), or decline (``"pass"``). When the turn-up is
    itself an ace, the dealer has that right. Where robbing is a duty, ``pass`` is refused.
``jink`` (:class:`Jinking`)
    Where the ruleset has it, a player who wins the first three tricks chooses: ``"claim"`` the
    deal now, or ``"jink"``: lead on and undertake to win all five. It comes from inside the play,
    after the third trick, so it is not in the pipeline before play.

The bidding games' steps (the auction, the trump named, the kitty, the discard and draw) are in
:mod:`maw_sim.auction`; :func:`pipeline` puts them in the ruleset's order.
"""

from __future__ import annotations

from .cards import Card
from .refusals import refuse

#: The phases of a deal, by name. The deal compares its phase with ``is`` in the inner loop, so
#: every module takes these objects from here rather than writing the strings again.
ROB, PLAY, JINK, OVER = "rob", "play", "jink", "over"


_ACE_OF_TRUMPS = {suit: Card(1, suit).bit for suit in "CDHS"}


class Step:
    """One decision step of a deal. ``name`` is the deal's ``phase`` while the step is open."""
    name = ""

    def begins(self, deal):
        """The seat that acts first in this step, or None when the step does not happen in this deal.
        Called once, when the deal reaches the step: a step may set up its state here (the auction's
        standing, the kitty taken into the bidder's hand)."""
        raise NotImplementedError

    def legal_actions(self, deal) -> tuple:
        raise NotImplementedError

    def refusal(self, deal, seat: int, words: list):
        """Why ``words`` (the action, split) is refused now, or None when it is legal."""
        raise NotImplementedError

    def canonical(self, action: str) -> str:
        """A legal action as the record writes it (``"rob 7c"`` becomes ``"rob 7C"``)."""
        return action

    def apply(self, deal, seat: int, action: str):
        """Do the legal action, in its canonical form. Returns the next seat to act in this step
        (an auction goes round the table), or None when the step is over."""
        raise NotImplementedError

    def prompt(self) -> str:
        return ""


class Robbing(Step):
    name = ROB

    def begins(self, deal):
        v = deal.variant
        if v.robbing == "none":
            return None
        if deal.turnup.rank == 1:
            return deal.dealer if v.turned_ace_to_dealer else None
        ace = _ACE_OF_TRUMPS[deal.trump]
        for seat, hand in enumerate(deal._hands):
            if hand & ace:
                return seat
        return None

    def legal_actions(self, deal):
        robs = tuple("rob " + c for c in deal.hand_codes(deal.to_move))
        return robs if deal.variant.robbing == "compulsory" else robs + ("pass",)

    def refusal(self, deal, seat, words):
        v = deal.variant
        verb = words[0].lower()
        if verb == "pass" and len(words) == 1:
            if v.robbing == "compulsory":
                return refuse(v, "robbing.compulsory",
                              f"Robbing is compulsory in {v.name}: seat {seat} must take the turn-up "
                              f"{deal.turnup.symbol} and put out a card. [robbing: {v.describe_setting('robbing')}]",
                              "robbing")
            return None
        if verb == "rob" and len(words) == 2:
            try:
                give = Card.parse(words[1])
            except ValueError as exc:
                return refuse(v, "not-a-card", str(exc))
            if not deal._hands[seat] & give.bit:
                return refuse(v, "robbing.not-in-hand",
                              f"To rob, put out a card from your own hand; {give.symbol} is not in seat "
                              f"{seat}'s hand ({deal.cards_text(seat)}).", "robbing")
            return None
        return refuse(v, "robbing.choose",
                      f"Before the first lead, seat {seat} {self.reason(deal)} and must first "
                      f"{'rob' if v.robbing == 'compulsory' else 'rob or pass'}: "
                      f"'rob <card to put out>'{'' if v.robbing == 'compulsory' else ' or pass'}. "
                      f"[robbing: {v.describe_setting('robbing')}]", "robbing")

    def reason(self, deal) -> str:
        if deal.turnup.rank == 1:
            return f"is the dealer and the turn-up is an ace ({deal.turnup.symbol}), so may rob it"
        return (f"holds the ace of trumps ({Card(1, deal.trump).symbol}), so may rob the turn-up "
                f"{deal.turnup.symbol}")

    def canonical(self, action):
        return action if action == "pass" else "rob " + Card.parse(action[4:]).code

    def apply(self, deal, seat, action):
        if action != "pass":
            give = Card.parse(action[4:]).index
            deal._hands[seat] = (deal._hands[seat] & ~(1 << give)) | deal.turnup.bit
            deal._robbed = (seat, give)
        return None

    def prompt(self):
        return "You may rob the turn-up: choose a card to put out, or pass."


class Jinking(Step):
    name = JINK

    def begins(self, deal):
        return None          # entered from the play, after the third trick (see Deal._end_trick)

    def legal_actions(self, deal):
        return ("jink", "claim")

    def refusal(self, deal, seat, words):
        if words[0].lower() in ("jink", "claim") and len(words) == 1:
            return None
        v = deal.variant
        return refuse(v, "jinking.choose",
                      f"Seat {seat} has won the first three tricks and must choose: 'claim' the pool now, "
                      f"or 'jink' — lead to the fourth trick and undertake to win all five. "
                      f"[jinking: {v.describe_setting('jinking')}]", "jinking")

    def apply(self, deal, seat, action):
        if action == "claim":
            deal._finish(claimed=True)
        else:
            deal._jinker = seat
            deal._step = None
            deal._phase, deal._to_move = PLAY, seat

    def prompt(self):
        return "You have won three tricks: claim the deal now, or jink for all five."


ROBBING = Robbing()
JINKING = Jinking()


def pipeline(variant) -> tuple:
    """The decision steps before the first lead, in order, for this ruleset."""
    if variant.bidding:
        from .auction import bidding_pipeline
        return bidding_pipeline(variant)
    return (ROBBING,) if variant.robbing != "none" else ()
