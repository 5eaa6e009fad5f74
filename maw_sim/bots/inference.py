"""What one seat can infer about the hidden hands from its view, and worlds drawn to agree.

A search bot (and the hint) sees only its :class:`~maw_sim.deal.PlayerView`. What that view
tells of the other hands, the sampler that draws hands to fit, and the replay that turns them into
a *world* — a full deal agreeing with everything the seat has seen, every action checked by the
engine again — are :mod:`maw_sim.resample`'s, the one resampler the review board's stand-in uses
too: :class:`Knowledge` is that, read from a view.
"""

from __future__ import annotations

from ..resample import Knowledge as _Knowledge
from ..resample import Observation, ruled_out  # noqa: F401  (ruled_out: the bots' old import path)


class Knowledge(_Knowledge):
    """:class:`maw_sim.resample.Knowledge` of the observation behind ``view``: ``Knowledge(view)``
    once a decision, then ``world(rng)`` for each deal imagined."""

    def __init__(self, view):
        super().__init__(Observation.from_view(view))
        self.view = view
