"""Reading the table: do the other seats play as the heuristic bot would?

A search imagines the other seats' later cards, and how it imagines them matters: against a table
of heuristic players, rollouts that play them as the heuristic foresee them exactly; against
players who search, the same rollouts foresee players who are not there. A seat cannot see the
others' hands, but it has seen the cards they played. Here, in deals imagined from its view alone
(:class:`~maw_sim.bots.inference.Knowledge`), each card another seat played with a choice is
compared with the card the heuristic would have played from that imagined hand at that point
(:func:`.playout.heuristic_action`). Nothing hidden is read: the imagined hands are drawn from the
view, as the search's own are.

Against heuristic players the imagined hands are not the real ones either, so not every card
agrees; but in five-handed Spoil Five about three in five did in our trial against one in four
against ``pimc`` players (10 imagined deals at each of 372 decisions, deals of
``Deal.random`` seeds 500 to 559, not the protocol's): :data:`HEURISTIC_TABLE` lies between.
"""

from __future__ import annotations

from math import exp, log

from . import playout
from .inference import Knowledge

#: The share of the other seats' cards the heuristic agrees with, at or above which the table is
#: read as heuristic players (from the trial in the module's docstring, fixed before any
#: comparison of bots used it).
HEURISTIC_TABLE = 0.45
#: How often a card of the other seats agrees with the heuristic's in imagined deals, at a table of
#: heuristic players and at a table of players who search (the trial's rounded rates, as above).
AGREEMENT_IF_HEURISTIC, AGREEMENT_IF_SEARCHING = 0.6, 0.25


def heuristic_agreement(view, rng, worlds: int = 8) -> tuple:
    """(cards the heuristic agrees with, cards compared), over ``worlds`` deals imagined from
    ``view``: every card another seat played in the play phase where it had more than one it
    could play."""
    me = view.seat
    seen = []

    def watch(deal, seat, action):
        if seat != me and deal.phase == "play" and deal.to_move == seat and len(deal.legal_actions()) > 1:
            seen.append((deal, playout.heuristic_action(deal) == action))

    knowledge = Knowledge(view)
    agreed = compared = 0
    for _ in range(worlds):
        seen.clear()
        world = knowledge.world(rng, watch)
        # Only the draw that became the world counts (a refused draw was watched in part).
        for deal, agrees in seen:
            if deal is world:
                agreed += agrees
                compared += 1
    return agreed, compared


def reads_as_heuristic(view, rng, worlds: int = 8):
    """True if the other seats' cards so far agree with the heuristic's at least
    :data:`HEURISTIC_TABLE` of the time, False if less, None if no card of theirs had a choice."""
    agreed, compared = heuristic_agreement(view, rng, worlds)
    return None if compared == 0 else agreed >= HEURISTIC_TABLE * compared


def chance_heuristic(view, rng, worlds: int = 8) -> float:
    """How likely the other seats are heuristic players rather than players who search, from an
    even chance before any card of theirs is seen: each card they played with a choice counts as
    evidence by the trial's agreement rates (:data:`AGREEMENT_IF_HEURISTIC`,
    :data:`AGREEMENT_IF_SEARCHING`), averaged over the imagined deals, since those redraw the same
    cards and are not further evidence."""
    agreed, compared = heuristic_agreement(view, rng, worlds)
    agree, differ = agreed / worlds, (compared - agreed) / worlds
    evidence = (agree * log(AGREEMENT_IF_HEURISTIC / AGREEMENT_IF_SEARCHING)
                + differ * log((1 - AGREEMENT_IF_HEURISTIC) / (1 - AGREEMENT_IF_SEARCHING)))
    return 1.0 / (1.0 + exp(-evidence))
