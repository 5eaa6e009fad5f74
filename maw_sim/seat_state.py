"""What one seat sees at the table, as the play page's state: built from that seat's knowledge.

The state carries the seat's own hand (each card legal or not, with the rule that refuses it), the
cards face up on the table, the turn-up, the scores, the link that saves the game, and the words of
the moment (:mod:`maw_sim.narration`). It never names another seat's cards.
"""

from __future__ import annotations

from .cards import SUIT_NAMES, SUIT_SYMBOLS
from .narration import card_info, choice_label, choice_order, display_order, seat_name, trick_info
from .records import options_text, to_link
from .variants import sources as variant_sources


def options_info(variant) -> list:
    """The variant's house rules for the page: each with its values, the one chosen and its sources."""
    return [{"name": o.name, "label": o.label, "values": list(o.values), "default": o.default,
             "chosen": variant.choices.get(o.name, o.default), "note": o.note,
             "sources": [variant_sources()[k].label for k in o.sources]}
            for o in variant.options.values()]


def table_state(self) -> dict:
    """The table as ``self`` (a :class:`maw_sim.web.Session`)'s seat sees it: its own hand, the
    cards face up, the scores; never another seat's cards."""
    deal, me = self.deal, self.seat
    your_turn = deal.phase != "over" and deal.to_move == me
    legal = set(deal.legal_actions()) if your_turn else set()
    hand = []
    for card in sorted(deal.hand(me), key=display_order(deal.trump)):
        info = card_info(card)
        if your_turn:
            info["legal"] = card.code in legal
            refusal = None if info["legal"] else deal.refusal(card.code)
            info["reason"] = refusal and refusal.words
            info["rule"] = refusal and refusal.rule
        else:
            info["legal"] = False
            info["reason"] = ("The deal is over." if deal.phase == "over" else
                              f"It is {seat_name(deal.to_move, me)}'s turn, not yours.")
        hand.append(info)
    hand_codes = {c.code for c in deal.hand(me)}
    choices = [{"action": a, "label": choice_label(a)}
               for a in sorted(legal - hand_codes, key=choice_order)]

    finished = [t for t in deal.tricks if t.winner is not None]
    trick = trick_info(deal)
    tricks_won = [0] * self.players
    for t in finished:
        tricks_won[t.winner] += 1

    outcome = None
    if deal.phase == "over":
        o = deal.outcome
        outcome = {"winner": o.winner, "spoilt": o.winner is None,
                   "tricks_won": list(o.tricks_won),
                   "points": list(getattr(o, "points", None) or []),
                   "text": self.narrator.outcome(deal)}
    sides = self.match.teams
    humans = getattr(self, "humans", frozenset({me}))
    # Pass-and-play: every seat by its number, "You" being whoever holds the device just now.
    seats = [{"seat": s, "name": "You" if s == me and len(humans) == 1 else self.narrator.name(s), "you": s == me,
              "human": s in humans, "dealer": s == deal.dealer,
              "to_move": s == deal.to_move, "cards": len(deal.hand(s)),
              "tricks": tricks_won[s],
              "side": None if sides is None else sides[s],
              "partner": sides is not None and s != me and sides[s] == sides[me]}
             for s in range(self.players)]
    link = {"variant": self.variant.id, "players": self.players, "seed": self.seed,
            "game": to_link(self.match), "deal": self.deal_number}
    if self.teams:
        link["teams"] = self.teams
    if len(humans) > 1:
        link["humans"] = ",".join(map(str, sorted(humans)))
    if self.variant.choices:
        link["options"] = options_text(self.variant)
    return {
        "variant": {"id": self.variant.id, "name": self.variant.name,
                    "choices": dict(self.variant.choices), "options": options_info(self.variant),
                    "presets": [{"name": p.name, "label": p.label} for p in self.variant.presets.values()]},
        "players": self.players, "seed": self.seed, "seat": me, "bot": self.bot_name,
        "humans": sorted(humans), "pass_and_play": len(humans) > 1,
        "deal_number": self.deal_number,
        "teams": self.teams, "link": link,
        "phase": deal.phase, "to_move": deal.to_move, "your_turn": your_turn,
        "dealer": deal.dealer,
        "trump": None if deal.trump is None else {
            "suit": deal.trump, "symbol": SUIT_SYMBOLS[deal.trump], "name": SUIT_NAMES[deal.trump],
            "red": deal.trump in "DH"},
        "turnup": None if deal.turnup is None else card_info(deal.turnup),
        "bidding": _bidding(deal) if deal.variant.bidding else None,
        "hand": hand, "choices": choices, "trick": trick,
        "tricks_played": len(finished), "seats": seats,
        "scores": _scores(self), "outcome": outcome,
        "match_over": bool(getattr(self.match, "over", False)),
        "prompt": self.narrator.prompt(deal, your_turn),
    }


def _bidding(deal) -> dict:
    """The bidding games' public state: the auction, the contract, the kitty's size, the stock
    left and each exchange (by number of cards, never the cards)."""
    c = deal.contract
    return {"auction": [{"seat": s, "call": a} for s, a in deal.auction],
            "contract": None if c is None else {"bidder": c.bidder, "side": c.side, "bid": c.bid, "call": c.call,
                                                "made_value": c.made_value, "failed_value": c.failed_value,
                                                "held": c.held},
            "hold": deal.variant.auction["hold"], "kitty_size": deal.kitty_size, "stock_left": deal.stock_left,
            "exchanged": [{"seat": s, "cards": k} for s, k in deal.exchanged]}


def _scores(self) -> dict:
    match = self.match
    if self.variant.scoring_kind == "pool":
        return {"kind": "pool", "pool": getattr(match, "pool", None),
                "chips": list(getattr(match, "chips", []) or [])}
    this_deal = getattr(self.deal, "deal_points", None)
    return {"kind": "points", "scores": list(getattr(match, "scores", []) or []),
            "names": self.narrator.side_names(),
            "this_deal": list(this_deal) if this_deal and self.deal.phase != "over" else None,
            "target": self.variant.scoring["target"]}
