"""Two variations on the heuristic bot, for the studies: one that decides robbing and jinking by
its own evaluation, and one that is not a fixed function of the view.

The heuristic (:mod:`.heuristic`) always robs and jinks only with five sure winners: rules of
thumb, so the cost of showing the ace by robbing is never weighed, and the rulesets' readings of
the robbing duty cannot change how it plays. :class:`DecidingHeuristic` plays the cards as the
heuristic does, but at a choice to rob (against passing or announcing, where the ruleset allows
declining) and at a choice to jink it plays each option out in deals imagined from its view
(:mod:`.inference`), every seat then playing the heuristic, and takes the option that did best —
the heuristic judging by its own play. The bidding games' calls, "30 for 60" included, are already
chosen by the evaluator's expected score (:func:`.bidding.bid_decision`).

:class:`SoftHeuristic` plays the heuristic's action, except that with probability ``epsilon`` it
plays any legal action at random: a field of them is not one fixed function, so a study is not a
fact about one deterministic player. It draws from the generator the game gives every bot (seeded
from the deal), so a seed replays it exactly.
"""

from __future__ import annotations

import dataclasses

from .heuristic import heuristic_bot
from .registry import register
from .search import PIMC


class DecidingHeuristic:
    """The heuristic, deciding robbing and jinking over ``worlds`` imagined deals (rollouts by the
    heuristic, the same deals for every option); ``spoil_aware``: a spoil is worth its share of
    the carried pool (:func:`.search.utility`)."""

    def __init__(self, worlds: int = 24, spoil_aware: bool = False):
        self.worlds = worlds
        self.spoil_aware = spoil_aware
        self._judge = PIMC(budget=0, solve_when=0, policy=heuristic_bot, min_worlds=worlds, max_worlds=worlds,
                           spoil_aware=spoil_aware)

    def __call__(self, view, rng):
        if view.phase not in ("rob", "jink") or len(view.legal) == 1:
            return heuristic_bot(view, rng)
        if view.phase == "rob":
            # Which card to put out is the heuristic's (the weakest); whether to rob at all is judged.
            robs = [a for a in view.legal if a.startswith("rob ")]
            declines = [a for a in view.legal if not a.startswith("rob ")]
            options = ([heuristic_bot(dataclasses.replace(view, legal=tuple(robs)), rng)] if robs else []) + declines
        else:
            options = list(view.legal)
        if len(options) == 1:
            return options[0]
        judged = self._judge.evaluate(dataclasses.replace(view, legal=tuple(options)), rng)
        # Ties go to the heuristic's own choice (robbing, claiming), listed first.
        default = heuristic_bot(view, rng)
        order = sorted(options, key=lambda a: a != default)
        return max(order, key=judged.rolled.__getitem__)


class SoftHeuristic:
    """The heuristic, but with probability ``epsilon`` any legal action at random."""

    def __init__(self, epsilon: float = 0.1):
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon is a probability, from 0 to 1; got {epsilon!r}")
        self.epsilon = epsilon

    def __call__(self, view, rng):
        legal = view.legal
        if len(legal) > 1 and rng.random() < self.epsilon:
            return legal[int(rng.random() * len(legal))]
        return heuristic_bot(view, rng)


register("heuristic-deciding", DecidingHeuristic(), study_only=True)
register("heuristic-deciding-spoil", DecidingHeuristic(spoil_aware=True), study_only=True)
register("heuristic-soft", SoftHeuristic(0.1), study_only=True)
