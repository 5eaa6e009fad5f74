"""What one seat sees at the table, as the play page's state: built from that seat's knowledge.

The state carries the seat's own hand (each card legal or not, with the rule that refuses it), the
cards face up on the table, the turn-up, the scores, the link that saves the game, and the words of
the moment (:mod:`maw_sim.narration`). It never names another seat's cards.
"""

from __future__ import annotations

from .cards import SUIT_NAMES, SUIT_SYMBOLS
from .narration import (BIDDING_PHASES, bid_words, card_info, choice_label, choice_order,
                        display_order, hold_note, seat_name, trick_info)
from .records import options_text, to_link
from .words import contract_held, trick_words
from .variants import EVIDENCE_MARKS, TOP_TRUMP_TOKENS, _option_kind, _value_text
from .variants import sources as variant_sources


def value_words(option, value, scoring_kind: str = "") -> str:
    """An option's value in words: the meaning the loader gives it (e.g. "the ace of hearts led
    calls for hearts (or a trump)"), "yes"/"no", top trumps by name, or the value itself."""
    section, _, key = option.setting.partition(".")
    kind = _option_kind(section, key, scoring_kind) if section != "scoring" or scoring_kind else None
    if isinstance(kind, dict) and isinstance(value, str) and kind.get(value):
        return kind[value]
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(TOP_TRUMP_TOKENS.get(t, t) for t in value) or "none"
    return _value_text(value)


def options_info(variant) -> list:
    """The variant's house rules for the page: each with its values (as a link writes them, and in
    words), the one chosen and the sources of each reading."""
    out = []
    for o in variant.options.values():
        chosen = variant.choices.get(o.name, o.default)
        out.append({"name": o.name, "label": o.label, "values": list(o.values), "default": o.default,
                    "chosen": chosen, "note": o.note,
                    "value_texts": [_value_text(v) for v in o.values],
                    "value_words": [value_words(o, v, variant.scoring_kind) for v in o.values],
                    "chosen_text": _value_text(chosen),
                    "sources": [variant_sources()[k].label for k in o.sources_for(chosen)]})
    return out


def chosen_preset(variant) -> str | None:
    """The preset whose options are exactly the ones chosen, if any."""
    for preset in variant.presets.values():
        wanted = {}
        for name, value in preset.options.items():
            option = variant.options[name]
            match = next((v for v in option.values if _value_text(v) == _value_text(value)), value)
            if match != option.default:
                wanted[name] = match
        if wanted and wanted == dict(variant.choices):
            return preset.name
    return None


def _rule_text(option, value, scoring_kind: str = "") -> str:
    words = value_words(option, value, scoring_kind)
    if words != _value_text(value) and words not in ("yes", "no"):
        return words[0].upper() + words[1:]        # the meaning says it all: "The ace of hearts led calls …"
    return f"{option.label}: {words}"


def house_rules(variant) -> list:
    """The house rules in play (the options that differ from the file's own rules), each in words
    with the sources that give it and the evidence level the site shows for it (its grade)."""
    rules = []
    for name, value in variant.choices.items():
        option = variant.options[name]
        level = option.grade_for(value)
        rules.append({"name": name, "label": option.label, "value": _value_text(value),
                      "text": _rule_text(option, value, variant.scoring_kind),
                      "sources": [variant_sources()[k].label for k in option.sources_for(value)],
                      "evidence": level, "evidence_mark": EVIDENCE_MARKS[level]})
    return rules


def table_state(self) -> dict:
    """The table as ``self`` (a :class:`maw_sim.web.Session`)'s seat sees it: its own hand, the
    cards face up, the scores; never another seat's cards."""
    deal, me = self.deal, self.seat
    # Everything the reply says of the deal is read from this seat's view (its own hand and the
    # events it saw), never from the all-seeing deal; the deal is asked only why a card is refused.
    view = deal.view(me)
    your_turn = view.phase != "over" and view.to_move == me
    legal = set(view.legal)
    # Where the step has the cards marked in hand and confirmed (the kitty, the discard): how many.
    marking = deal.step.marked_counts(deal) if your_turn and deal.step is not None else None
    choosing = marking is not None
    in_a_discard = {w for a in legal for w in a.split()[1:]} if choosing else set()
    hand = []
    for card in sorted(view.hand, key=display_order(view.trump)):
        info = card_info(card)
        if choosing:
            info["legal"] = card.code in in_a_discard
            info["reason"] = None if info["legal"] else "This card may not be put out."
            info["rule"] = None
        elif your_turn:
            info["legal"] = card.code in legal
            refusal = None if info["legal"] else deal.refusal(card.code)
            info["reason"] = refusal and refusal.words
            info["rule"] = refusal and refusal.rule
            if refusal:
                info["reason_plain"], info["reason_sources"] = _plain_and_sources(refusal.words)
        else:
            info["legal"] = False
            info["reason"] = ("The deal is over." if view.phase == "over" else
                              f"It is {seat_name(view.to_move, me)}'s turn, not yours.")
        hand.append(info)
    hand_codes = {c.code for c in view.hand}
    choices = [{"action": a, "label": choice_label(a, deal.phase)}
               for a in sorted(legal - hand_codes, key=choice_order(deal))
               if not choosing or a == marking[2]]       # marking: only "none" is a button
    select = None
    if choosing:
        low, high, none = marking
        select = {"phase": deal.phase, "min": low, "max": high, "none": none in legal,
                  "words": (f"Put out {high} card{'s' if high != 1 else ''}." if low == high else
                            f"Put out {low} to {high} cards.")}

    finished = [t for t in view.tricks if t.winner is not None]
    trick = trick_info(view)
    last_trick = _last_trick(self, finished)
    before_play = view.phase in BIDDING_PHASES
    tricks_won = list(view.tricks_won)

    outcome = None
    if deal.phase == "over":
        o = deal.outcome
        outcome = {"winner": o.winner, "spoilt": o.winner is None,
                   "tricks_won": list(o.tricks_won),
                   "points": list(getattr(o, "points", None) or []),
                   "text": self.narrator.outcome(deal)}
    sides = self.match.teams
    humans = getattr(self, "humans", frozenset({me}))
    bidding = deal.variant.bidding
    last_call = {s: a for s, a in view.auction} if bidding else {}
    contract = view.contract if bidding else None
    exchanged = dict(view.exchanged) if bidding else {}
    # Pass-and-play: every seat by its number, "You" being whoever holds the device just now.
    seats = [{"seat": s, "name": "You" if s == me and len(humans) == 1 else self.narrator.name(s), "you": s == me,
              "human": s in humans, "dealer": s == view.dealer,
              "to_move": s == view.to_move, "cards": len(deal.hand(s)),   # how many: in sight of all
              "tricks": tricks_won[s],
              "side": None if sides is None else sides[s],
              "partner": sides is not None and s != me and sides[s] == sides[me],
              "call": last_call.get(s),   # as written: "bid 30 for 60", "hold"
              "bidder": contract is not None and contract.bidder == s,
              # "Call for your partner": the holder of the called card, where this seat knows it.
              "called_partner": view.partner == s,
              "exchanged": exchanged.get(s)}
             for s in range(self.players)]
    link = {"variant": self.variant.id, "players": self.players, "seed": self.seed,
            "game": to_link(self.match), "deal": self.deal_number}
    if self.teams:
        link["teams"] = self.teams
    if len(humans) > 1:
        link["humans"] = ",".join(map(str, sorted(humans)))
    default_teams = self.variant.default_teams(self.players)
    if self.teams is None and default_teams:
        link["teams"] = "singles"       # each for himself, where the file's default is partners
    if self.variant.choices:
        link["options"] = ",".join(options_text(self.variant).split())
    preset = chosen_preset(self.variant)
    if preset:
        link["preset"] = preset
    return {
        "variant": {"id": self.variant.id, "name": self.variant.name,
                    "choices": dict(self.variant.choices),
                    "options": options_info(self.variant), "preset": preset,
                    "house_rules": house_rules(self.variant),
                    "presets": [{"name": p.name, "label": p.label} for p in self.variant.presets.values()],
                    "layouts": _layouts(self.variant)},
        "default_teams": default_teams,
        "players": self.players, "seed": self.seed, "seat": me, "bot": self.bot_name,
        "humans": sorted(humans), "pass_and_play": len(humans) > 1,
        "names": {str(seat): name for seat, name in sorted(getattr(self, "names", {}).items())},
        "deal_number": self.deal_number,
        "teams": self.teams, "link": link,
        "phase": view.phase, "to_move": view.to_move, "your_turn": your_turn,
        "dealer": view.dealer,
        "trump": None if view.trump is None else {
            "suit": view.trump, "symbol": SUIT_SYMBOLS[view.trump], "name": SUIT_NAMES[view.trump],
            "red": view.trump in "DH"},
        "turnup": None if view.turnup is None else card_info(view.turnup),
        # The trumps in force, highest first, for the reminder at the table (the ace of trumps
        # last where it lost its rank): the engine's order, never restated in the page.
        "trump_order": [] if view.trump is None else [card_info(c) for c in view.tables.ranking],
        "bidding": _bidding(self, deal, view, your_turn) if view.variant.bidding else None,
        "select": select,
        "hand": hand, "choices": choices, "trick": trick,
        # No card is played in the auction, the trump, the kitty or the discard: the hand rests.
        "before_play": before_play,
        "trick_note": ("" if before_play or (trick and trick["winner"] is None) else
                       last_trick["text"] if trick else "No cards on the table."),
        "last_trick": last_trick,
        "tricks_played": len(finished), "seats": seats,
        "scores": _scores(self, view), "outcome": outcome,
        "match_over": bool(getattr(self.match, "over", False)),
        "sheet": score_sheet(self),
        "prompt": self.narrator.prompt(deal, your_turn),
    }


def _plain_and_sources(words: str) -> tuple:
    """A refusal's plain sentence and its citation: the engine writes them as "sentence [section:
    sources]"; the page shows the sentence first and the sources a tap away."""
    if words.endswith("]") and " [" in words:
        at = words.rindex(" [")
        return words[:at], words[at + 2:-1]
    return words, None


def _last_trick(self, finished) -> dict | None:
    """The last trick taken, face up as everyone saw it, with who won it in words."""
    if not finished:
        return None
    t = finished[-1]
    winning = next(c for s, c in t.plays if s == t.winner)
    return {"leader": t.leader, "winner": t.winner, "number": len(finished),
            "plays": [{"seat": s, "card": card_info(c)} for s, c in t.plays],
            "text": trick_words(self.narrator.names, t.winner, len(finished), winning, past=True)}


def _layouts(variant) -> dict:
    """The partnership layouts the variant allows, by number of players: {"4": [{"value": "2x2",
    "text": "2 sides of 2"}]}; a count with none is left out."""
    out = {}
    for sides, size in variant.partnerships:
        out.setdefault(str(sides * size), []).append({"value": f"{sides}x{size}", "text": f"{sides} sides of {size}"})
    return out


def score_sheet(self) -> dict:
    """The score sheet of the session: a row for each finished deal of this game (each side's
    points and the running totals, the contract in the bidding games; the pool and the chips in
    pool games), and the games finished so far. Only what every seat knows once a deal is over."""
    match = self.match
    pool = self.variant.scoring_kind == "pool"
    names = self.narrator.side_names() if not pool else [self.narrator.name(s) for s in range(self.players)]
    rows = []
    standings = getattr(match, "standings", [])
    for number, outcome in enumerate(match.results, start=1):
        deal = match.deals[number - 1]
        standing = standings[number - 1] if number - 1 < len(standings) else {}
        row = {"deal": number, "dealer": deal.dealer, "winner": outcome.winner,
               "tricks_won": list(outcome.tricks_won)}
        if pool:
            row.update(pool=standing.get("pool"), chips=list(standing.get("chips", ())),
                       spoilt=outcome.winner is None, jinked=bool(getattr(outcome, "jinked", False)))
        else:
            row.update(points=list(getattr(outcome, "points", None) or [0] * len(names)),
                       totals=list(standing.get("scores", ())))
        contract = getattr(deal, "contract", None)
        if contract is not None:
            row["contract"] = {"bidder": contract.bidder, "name": self.narrator.name(contract.bidder),
                               "call": contract.call, "held": bool(contract.held),
                               "made": getattr(outcome, "contract_made", None)}
        rows.append(row)
    games = list(getattr(self, "games", []))
    current = self.finished_game() if hasattr(self, "finished_game") else None
    if current is not None:
        games.append(current)
    won = [0] * len(names)
    for game in games:
        if game["winner"] is not None and game["winner"] < len(won):
            won[game["winner"]] += 1
    return {"kind": "pool" if pool else "points", "names": names, "rows": rows,
            "contracts": any("contract" in r for r in rows) or getattr(self.deal, "turnup", 1) is None,
            "games": [{"number": k, "winner": g["winner"], "scores": g["scores"], "deals": g["deals"]}
                      for k, g in enumerate(games, start=1)],
            "games_won": won, "robber": _robber(self.variant, names, won)}


def _robber(variant, names, won) -> dict | None:
    """Where the robber stands (Bruff: the first side to three games takes it), or None."""
    scorer = variant.scorer
    if not scorer.robber:
        return None
    taken = scorer.robber_won_by(won)
    standing = ", ".join(f"{n} {w}" for n, w in zip(names, won))
    text = (f"The robber goes to the first to win {scorer.robber} games: {standing}."
            if taken is None else f"{names[taken]} takes the robber, {won[taken]} games to "
            f"{max(w for k, w in enumerate(won) if k != taken)}.")
    return {"to": scorer.robber, "won_by": taken, "text": text}


def _bidding(self, deal, view, your_turn: bool) -> dict:
    """The bidding games' public state: the auction (each call, and in words), the contract, the
    hold explained when it is offered, the kitty's size, the stock left and each exchange (by
    number of cards, never the cards)."""
    c = view.contract
    name = self.narrator.name
    return {"auction": [{"seat": s, "call": a, "text": f"{name(s)}: {a}"} for s, a in view.auction],
            "contract": None if c is None else {
                "bidder": c.bidder, "side": c.side, "bid": c.bid, "call": c.call,
                "made_value": c.made_value, "failed_value": c.failed_value, "held": c.held,
                "text": f"{self.narrator.side_of_seat(c.bidder)}: {bid_words(c.call)}"
                        + (" (held by the dealer)" if c.held else ""),
                "words": contract_held(deal, c, self.narrator.names)},
            "hold": deal.variant.auction["hold"], "hold_note": hold_note(deal) if your_turn else None,
            "kitty_size": view.kitty_size, "stock_left": view.stock_left, "kitty_taken": deal.kitty_taken,
            "called": None if view.called is None else card_info(view.called),
            "kitty_shown": None if view.kitty_shown is None else card_info(view.kitty_shown),
            "exchanged": [{"seat": s, "cards": k} for s, k in view.exchanged]}


def _scores(self, view) -> dict:
    match = self.match
    if self.variant.scoring_kind == "pool":
        return {"kind": "pool", "pool": getattr(match, "pool", None),
                "chips": list(getattr(match, "chips", []) or [])}
    this_deal = view.deal_points         # the points as this seat can count them
    return {"kind": "points", "scores": list(getattr(match, "scores", []) or []),
            "names": self.narrator.side_names(),
            "this_deal": list(this_deal) if this_deal and view.phase != "over" else None,
            "target": self.variant.scoring["target"]}
