"""What one connection is sent: the table as its seat sees it, or the public table for a spectator.

The ONE adapter from a :class:`maw_server.table.Table` to the play page's state: it calls
:func:`maw_sim.seat_state.table_state`, which builds the state from the seat's own view of the deal
(nothing else in maw_server calls maw_sim.seat_state), and then takes out what a shared table must
not send: the game's seed and its link (the seed names every card), and, for a spectator, every
part of a seat's own (its hand, its choices, its prompt, what only it knows of a partner).
"""

from __future__ import annotations

from maw_sim.narration import card_info


class _SeatSide:
    """The fields :func:`maw_sim.seat_state.table_state` reads of a play session, for one seat of
    a shared table."""

    def __init__(self, table, seat: int, narrator):
        self.match, self.deal, self.variant = table.match, table.deal, table.variant
        self.players, self.seat, self.seed = table.players, seat, 0
        self.teams, self.deal_number = table.teams, table.deal_number
        self.humans = frozenset({seat})          # "You" for this seat; the others by their names
        self.names = {k: s.name for k, s in enumerate(table.seats) if s.kind == "person"}
        self.bot_name = table.bot_level
        self.narrator = narrator
        self.games = list(table.games)

    def finished_game(self):
        m = self.match
        if not getattr(m, "over", False):
            return None
        return {"winner": m.game_won_by, "scores": list(m.scores), "deals": len(m.results)}


def state_for(table, seat: int | None, host: bool = False) -> dict | None:
    """The state sent to a connection at ``seat`` (None: a spectator); None before the start."""
    if table.deal is None:
        return None
    from maw_sim.seat_state import table_state
    spectator = seat is None
    viewer = table.public_seat() if spectator else seat
    state = table_state(_SeatSide(table, viewer, table.narrator(seat)))
    state["variant"]["table"] = None
    state["seed"] = None
    state["link"] = None
    state["humans"] = sorted(table.persons())
    state["pass_and_play"] = False
    for entry in state["seats"]:
        k = entry["seat"]
        entry["name"] = "You" if k == seat else table.seat_name(k)
        entry["human"] = table.seats[k].kind == "person"
        entry["kind"] = table.seats[k].kind
    if spectator:
        _public_only(table, state)
    state["friends"] = {"code": table.code, "status": table.status, "host": host, "seat": seat,
                        "seats": table.seat_list()}
    return state


def _public_only(table, state: dict) -> None:
    """A spectator's state: the public table; every hand only once the deal is over."""
    deal = table.deal
    state["seat"] = None
    state["hand"] = []
    state["choices"] = []
    state["select"] = None
    state["your_turn"] = False
    over = deal.phase == "over"
    to_move = state["to_move"]
    state["prompt"] = (deal.outcome and table.narrator(None).outcome(deal)) if over else \
        f"{table.seat_name(to_move)} to move."
    for entry in state["seats"]:
        entry["you"] = False
        entry["partner"] = False
        entry["called_partner"] = False
    if state.get("bidding"):
        state["bidding"]["hold_note"] = None
    if state["scores"].get("this_deal") is not None:
        state["scores"]["this_deal"] = None
    state["hands"] = None
    if over:
        from maw_sim.records import GameRecord
        record = GameRecord.of_deal(deal, table.deal_number).deals[0]
        state["hands"] = [[card_info(c) for c in hand] for hand in record.hands]
