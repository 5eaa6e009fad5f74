"""What one connection is sent: the table as its seat sees it, or the public table for a spectator.

The ONE adapter from a :class:`maw_server.table.Table` to the play page's state: it calls
:func:`maw_sim.seat_state.table_state` with the seat's own view of the deal (``Deal.view(seat,
detail=True)``) and what the whole table knows (:func:`maw_sim.seat_state.public_table`, without the
game's seed and link: the seed names every card); nothing else in maw_server calls
maw_sim.seat_state. For a spectator it then takes out every part of a seat's own (its hand, its
choices, its prompt, what only it knows of a partner).
"""

from __future__ import annotations

from maw_sim.narration import card_info


def state_for(table, seat: int | None, host: bool = False) -> dict | None:
    """The state sent to a connection at ``seat`` (None: a spectator); None before the start."""
    if table.deal is None:
        return None
    from maw_sim.seat_state import public_table, table_state
    spectator = seat is None
    viewer = table.public_seat() if spectator else seat
    # The seat's own view and what the whole table knows: no seed and no link (they name every card).
    public = public_table(table.match, table.narrator(seat), viewer, seed=None, deal_number=table.deal_number,
                          teams=table.teams, humans=frozenset({viewer}),   # "You" for this seat
                          names={k: s.name for k, s in enumerate(table.seats) if s.kind == "person"},
                          bot=table.bot_level, games=table.games, link=False)
    state = table_state(table.deal.view(viewer, detail=True), public)
    state["variant"]["table"] = None
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
                        "seats": table.seat_list(), "open_words": table.open_words()}
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
