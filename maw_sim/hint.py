"""A hint for a learner: what the strongest bot expects from each choice open to a seat.

The hint reads **only the seat's view** (:meth:`maw_sim.Deal.view`): the deals it imagines are
drawn from what that seat has seen (:class:`maw_sim.bots.inference.Knowledge`), and its random
numbers from the view's public facts, so two deals that differ only in cards the seat cannot see
give the same hint. It is the ``best`` bot's own judgement (:meth:`maw_sim.bots.search.PIMC.evaluate`),
shown as a number a player reads at once — how often the choice takes the pool, or how many
points it is worth on average — with a sentence of why.
"""

from __future__ import annotations

import random

from .bots import bidding
from .bots.bidding import PHASES as BIDDING_PHASES
from .bots.search import PIMC
from .cards import Card
from .narration import choice_label

#: The search behind the hint: the ``best`` bot's, with fewer imagined deals so that it answers in
#: a few hundred milliseconds in the browser.
HINT_SEARCH = PIMC(budget=200, solve_when=10, min_worlds=12, max_worlds=40)


def _rng(view) -> random.Random:
    """Random numbers from what the whole table knows (never from a hidden card)."""
    played = sum(len(t.plays) for t in view.tricks)
    return random.Random(f"maw-hint:{view.variant.id}:{view.seat}:{view.dealer}:"
                         f"{view.turnup.code if view.turnup else '-'}:{len(view.seen)}:{played}")


def _said(action: str, phase: str) -> str:
    """A choice as a player names it: a card by its symbol ("Q♦"), any other choice by the words on
    its button ("Put out 8♣", "Bid 25"), never the notation's code."""
    label = choice_label(action, phase)
    if label != action:
        return label
    try:
        return Card.parse(action).symbol
    except ValueError:
        return action


def hint(view) -> dict:
    """The hint for ``view``'s seat, which must be the seat to move: ``{"kind", "worlds",
    "choices": [{"action", "value", "best", "text"}], "text"}``. ``value`` is in the scoring's
    units: the share of imagined deals in which the choice takes the pool (pool games), or the
    points it is worth (points and bidding games)."""
    if not view.legal:
        raise ValueError("a hint is for the seat to move, and this seat has nothing to choose now")
    pool = view.variant.scoring_kind == "pool"
    if view.phase in BIDDING_PHASES:
        choice = bidding.decide(view, _rng(view))
        return {"kind": "bidding", "worlds": 0,
                "choices": [{"action": a, "value": None, "best": a == choice,
                             "text": "The bots' hand evaluator would choose this." if a == choice else ""}
                            for a in view.legal],
                "text": f"The bots' hand evaluator (fitted to the exact solver) suggests: {_said(choice, view.phase)}."}
    if len(view.legal) == 1:
        only = view.legal[0]
        return {"kind": "forced", "worlds": 0,
                "choices": [{"action": only, "value": None, "best": True,
                             "text": "The rules leave only this."}],
                "text": "The rules leave you one choice."}
    judged = HINT_SEARCH.evaluate(view, _rng(view))
    value = {a: judged.solved[a] if judged.exact == judged.worlds else judged.rolled[a] for a in view.legal}
    best = max(view.legal, key=lambda a: judged.score[a])
    choices = []
    for action in view.legal:
        v = value[action]
        text = (f"takes the pool in about {round(100 * min(v, 1.0))}% of the deals imagined" if pool
                else f"worth about {v:.0f} points on average")
        choices.append({"action": action, "value": round(v, 3), "best": action == best, "text": text})
    how = ("every one played out exactly by the solver" if judged.exact == judged.worlds else
           "each played on by sensible players")
    if len({c["text"] for c in choices}) == 1:
        # The numbers shown are the same for every card (all 0% of pools, say): naming one best
        # without saying so would leave a learner looking for a difference that is not shown.
        verdict = (f"every card {'' if pool else 'is '}{choices[0]['text']}, and {_said(best, view.phase)} did a "
                   "shade better.")
    else:
        verdict = f"{_said(best, view.phase)} did best."
    return {"kind": "pool" if pool else "points", "worlds": judged.worlds, "choices": choices,
            "text": f"From {judged.worlds} deals imagined to fit everything you have seen, {how}: {verdict}"}
