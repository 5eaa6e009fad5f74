"""What each legal action is worth, double dummy: the review page's marks and ``maw-sim analyse``.

For the seat to move, every legal action is valued by the exact solver (:mod:`maw_sim.solver`)
with all hands known, and compared with the best one, as bridge's double-dummy viewers mark each
card. The verdicts:

``"best"``
    keeps the best result the side can guarantee;
``"points"``
    (points games) keeps the result — the game is still won, or still not won — but costs points;
``"tricks"``
    (pool games) keeps the result but makes sure of fewer tricks than the best card does — bridge's
    "loses a trick", and what separates the cards at a big table, where against all the others
    most seats cannot make sure of the pool;
``"result"``
    changes the result: e.g. from winning the pool to a spoil, or loses the game.

Values are the solver's, for the mover's side against every other seat together (the question is
*paranoid*: in a round game of singles the rest of the table is assumed to play against the mover).
No rule is restated here: legality comes from the deal, values and their words from the solver.

    >>> from maw_sim import Deal
    >>> from maw_sim.analysis import analyse
    >>> deal = Deal("spoil-five", [["5H", "JH", "2C", "3C", "4C"], ["KD", "QD", "7S", "8S", "9S"]], "6H")
    >>> a = analyse(deal)
    >>> a.seat, a.best_words
    (1, 'loses (another player takes the pool)')
"""

from __future__ import annotations

from dataclasses import dataclass

from .solver import SearchBudget, describe, solve_moves, solve_tricks_moves, split_value

BEST, POINTS, TRICKS, RESULT = "best", "points", "tricks", "result"
VERDICTS = (BEST, POINTS, TRICKS, RESULT)

#: Said with every analysis: the values assume every card is known.
CAVEAT = ("Double dummy: every hand is known and every other seat plays against this one. A card "
          "marked as costly was not necessarily a mistake at the table, where the hands are hidden.")


class NotAnalysable(ValueError):
    """A position the solver cannot value (the deal is over, or the variant is not solved)."""


@dataclass(frozen=True)
class ActionValue:
    """One legal action and what it is worth for the mover's side.

    ``value``: the solver's value; ``words``: that value in words; ``verdict``: ``"best"``,
    ``"points"`` or ``"result"``; ``cost``: points lost against the best action (points games; 0
    in pool games and for the best action; tricks fewer than the best card's for ``"tricks"``);
    ``text``: the verdict in words; ``tricks``: in a pool
    game, while cards are played and nobody has jinked, the most tricks the side can make sure of
    after this action (play run to the fifth trick), else None."""
    action: str
    value: int
    words: str
    verdict: str
    cost: int
    text: str
    tricks: int | None = None


@dataclass(frozen=True)
class Analysis:
    """The legal actions of ``seat`` (to move), valued for its ``side``, in the deal's order."""
    seat: int
    side: int
    kind: str
    best: int
    best_words: str
    actions: tuple

    def __getitem__(self, action: str) -> ActionValue:
        for a in self.actions:
            if a.action == action:
                return a
        raise KeyError(action)

    @property
    def best_actions(self) -> tuple:
        return tuple(a.action for a in self.actions if a.verdict == BEST)


def verdict(value: int, best: int, kind: str) -> tuple:
    """(verdict, cost, words) for an action of ``value`` when the best is ``best``."""
    if value == best:
        return BEST, 0, "keeps the best result"
    if kind == "pool":
        return RESULT, 0, f"changes the result: {describe(value, kind)}, where the best play {describe(best, kind)}"
    points, game = split_value(value)
    best_points, best_game = split_value(best)
    if game != best_game:
        return (RESULT, best_points - points,
                f"changes the result: {describe(value, kind)}, where the best play makes {describe(best, kind)}")
    cost = best_points - points
    return POINTS, cost, f"costs {cost} point{'s' if cost != 1 else ''}"


class TooLong(NotAnalysable):
    """The position needs more search than the budget allowed (early in a deal of many players)."""


def analyse(deal, node_limit: int | None = None) -> Analysis:
    """The value of every legal action of the seat to move (the deal is not changed).

    ``node_limit`` bounds the search (positions visited, for the values and for the tricks each);
    beyond it :class:`TooLong` is raised, so a page can say so instead of freezing. Raises
    :class:`NotAnalysable` when the deal is over or the solver does not cover the variant."""
    seat = deal.to_move
    if seat is None:
        raise NotAnalysable("the deal is over: nobody is to move")
    try:
        values = solve_moves(deal, node_limit=node_limit)
    except NotImplementedError as exc:
        raise NotAnalysable(f"the exact solver does not cover this position: {exc}") from None
    except SearchBudget:
        raise TooLong(f"working every card out exactly here takes more than {node_limit} positions "
                      "of search") from None
    kind = deal.variant.scoring_kind
    best = max(values.values())
    # In a pool game the result alone rarely separates the cards of a big table (against all the
    # others, most seats cannot make sure of the pool): the tricks each card still guarantees do.
    tricks_of = {}
    if kind == "pool" and deal.phase == "play" and deal.jinker is None:
        try:
            tricks_of = solve_tricks_moves(deal, node_limit=node_limit)
        except SearchBudget:
            raise TooLong(f"counting the tricks of every card here takes more than {node_limit} "
                          "positions of search") from None
    # Among the actions that keep the best result, the most tricks any of them makes sure of.
    most = max((t for a, t in tricks_of.items() if t is not None and values[a] == best), default=None)
    actions = []
    for action, value in values.items():
        v, cost, text = verdict(value, best, kind)
        tricks = tricks_of.get(action)
        if tricks is not None:
            if v == BEST and most is not None and tricks < most:
                v, cost = TRICKS, most - tricks
                text = (f"keeps the result but makes sure of {cost} trick{'s' if cost != 1 else ''} "
                        "fewer than the best card")
            text += f" (makes sure of {tricks} trick{'s' if tricks != 1 else ''})"
        actions.append(ActionValue(action, value, describe(value, kind), v, cost, text, tricks))
    side = seat if deal.teams is None else deal.teams[seat]
    return Analysis(seat, side, kind, best, describe(best, kind), tuple(actions))

