"""Narration for one seat: the words of the play page and the log, from what that seat knows.

A :class:`Narrator` speaks to one seat (the reader's): its names ("You", "Bot 2"), its sides, and
the events of the log. Every event is built from the action *as that seat saw it*
(:func:`maw_sim.records.redact_action`): another robber's card put out face down is ``"rob ?"``
and is never named. The rules are the engine's; this module only says them.
"""

from __future__ import annotations

from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from .records import redact_action


def card_info(card) -> dict:
    """A card as the page draws it: code, symbol, name (for aria-label), suit and colour. The
    Joker has no suit (``None``): which suit it follows is the variant's rule, not the card's."""
    card = Card.parse(card) if not isinstance(card, Card) else card
    return {"code": card.code, "symbol": card.symbol, "name": card.name,
            "suit": None if card.is_joker else card.suit, "red": card.is_red}


def seat_name(seat: int, you: int) -> str:
    return "You" if seat == you else f"Bot {seat}"


def suit_words(suit: str) -> str:
    return f"{SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]}"


def trick_info(deal):
    """The trick to show on the table: the one in progress, else the last one taken (None before
    the first card), with its leader, winner, number and the cards as played."""
    finished = [t for t in deal.tricks if t.winner is not None]
    current = next((t for t in deal.tricks if t.winner is None and t.plays), None)
    shown = current or (finished[-1] if finished else None)
    if shown is None:
        return None
    return {"leader": shown.leader, "winner": shown.winner,
            "number": len(finished) + (1 if current else 0),
            "plays": [{"seat": s, "card": card_info(c)} for s, c in shown.plays]}


class Narrator:
    """The words for ``seat`` at a table of ``match``."""

    def __init__(self, match, seat: int):
        self.match = match
        self.seat = seat

    def name(self, seat: int) -> str:
        return seat_name(seat, self.seat)

    def deal_started(self, deal, number: int) -> dict:
        dealer = self.name(deal.dealer)
        verb = "deal" if dealer == "You" else "deals"
        if deal.turnup is None:
            kitty = f", with a kitty of {deal.kitty_size}" if deal.kitty_size else ""
            return {"kind": "deal", "seat": deal.dealer, "number": number, "card": None,
                    "text": f"Deal {number}: {dealer} {verb}{kitty}. The auction starts on the dealer's left."}
        return {"kind": "deal", "seat": deal.dealer, "number": number, "card": card_info(deal.turnup),
                "text": f"Deal {number}: {dealer} {verb}; the turn-up is "
                        f"{deal.turnup.symbol}, so {suit_words(deal.trump)} are trumps."}

    def deal_restored(self, deal, number: int) -> dict:
        moves = len(deal.history)
        trumps = ("no trumps are named yet" if deal.trump is None else f"{suit_words(deal.trump)} are trumps") \
            if deal.turnup is None else f"the turn-up is {deal.turnup.symbol}, so {suit_words(deal.trump)} are trumps"
        return {"kind": "restore", "seat": deal.dealer, "number": number,
                "card": None if deal.turnup is None else card_info(deal.turnup),
                "text": f"Deal {number} restored from a link after {moves} move{'s' if moves != 1 else ''}; "
                        f"{trumps}."}

    def action(self, deal, seat: int, phase_before: str, finished_before: int) -> list:
        """The events of the action just taken by ``seat`` (the deal's last), and of the tricks it
        finished."""
        who = self.name(seat)
        you = seat == self.seat
        # Narrated from the action as this seat saw it: another robber's card put out is "rob ?",
        # another's discard "discard ? ?". A discard in the exchange brings a draw after it.
        history = deal.history
        last = -2 if phase_before == "discard" and history[-1][1].startswith("draw ") else -1
        action = redact_action(seat, history[last][1], self.seat)
        event = {"kind": "play", "seat": seat, "action": action, "card": None}
        if phase_before in ("bid", "trump", "kitty", "discard"):
            event["kind"] = phase_before
            event["text"] = self._bidding_words(deal, who, you, phase_before, action)
            if phase_before == "discard" and last == -2:
                drawn = redact_action(seat, history[-1][1], self.seat).split()[1:]
                event["text"] += (" and draw " + ", ".join(Card.parse(c).symbol for c in drawn) if you
                                  else f" and draws {len(drawn)}") + "."
            elif phase_before == "discard":
                event["text"] += "."
            return [event]
        if phase_before == "rob":
            if action == "pass":
                event["kind"] = "pass"
                event["text"] = f"{who} {'decline' if you else 'declines'} to rob the turn-up."
            else:
                event["kind"] = "rob"
                event["card"] = card_info(deal.turnup)
                # The card put out is face down: only its owner may see it.
                put_out = f"put out {Card.parse(action.split()[1]).symbol}" if you else \
                    "puts out a card face down"
                event["text"] = (f"{who} {'rob' if you else 'robs'}: "
                                 f"{'take' if you else 'takes'} the turn-up {deal.turnup.symbol} "
                                 f"and {put_out}.")
        elif phase_before == "jink":
            if action == "jink":
                event["kind"] = "jink"
                event["text"] = (f"{who} {'jink' if you else 'jinks'}: "
                                 f"{'undertake' if you else 'undertakes'} to win all five tricks.")
            else:
                event["kind"] = "claim"
                event["text"] = f"{who} {'claim' if you else 'claims'} the deal with three tricks."
        else:
            card = Card.parse(action)
            event["card"] = card_info(card)
            event["text"] = f"{who} {'play' if you else 'plays'} {card.symbol} ({card.name})."
        events = [event]
        finished = [t for t in deal.tricks if t.winner is not None]
        for number, trick in enumerate(finished[finished_before:], start=finished_before + 1):
            winning_card = next(c for s, c in trick.plays if s == trick.winner)
            winner = self.name(trick.winner)
            events.append({"kind": "trick", "seat": trick.winner, "number": number,
                           "card": card_info(winning_card),
                           "text": f"{winner} {'win' if winner == 'You' else 'wins'} trick "
                                   f"{number} with {winning_card.symbol}."})
        return events

    @staticmethod
    def _bidding_words(deal, who: str, you: bool, phase: str, action: str) -> str:
        verb = (lambda plain, third: plain if you else third)
        if phase == "bid":
            if action == "pass":
                return f"{who} {verb('pass', 'passes')}."
            if action == "hold":
                return f"{who} {verb('hold', 'holds')}: {verb('take', 'takes')} the bid at its value."
            return f"{who} {verb('bid', 'bids')} {action[4:]}."
        if phase == "trump":
            return f"{who} {verb('name', 'names')} {suit_words(action[-1])} trumps."
        cards = action.split()[1:]
        if phase == "kitty":
            shown = ", ".join(Card.parse(c).symbol for c in cards) if you else f"{len(cards)} cards"
            return f"{who} {verb('take', 'takes')} the kitty and {verb('put', 'puts')} out {shown} face down."
        if cards == ["none"]:
            return f"{who} {verb('keep', 'keeps')} the hand as it is"
        shown = ", ".join(Card.parse(c).symbol for c in cards) if you else f"{len(cards)} face down"
        return f"{who} {verb('discard', 'discards')} {shown}"

    def side_names(self) -> list:
        """Who scores: each seat in singles; in partnerships "Your side (You & Bot 2)", "Side 2 (…)"."""
        match = self.match
        sides = match.teams
        if sides is None:
            return [self.name(s) for s in range(match.players)]
        names = []
        for side in range(match.sides):
            members = " & ".join(self.name(s) for s in range(match.players) if sides[s] == side)
            mine = sides[self.seat] == side
            names.append(f"{'Your side' if mine else f'Side {side + 1}'} ({members})")
        return names

    def outcome(self, deal) -> str:
        """How the deal ended, in words for this seat."""
        outcome = deal.outcome
        match = self.match
        won = list(outcome.tricks_won)
        pool_game = deal.variant.scoring_kind == "pool"
        name = self.name

        def verb(seat, word):   # "You win" / "Bot 2 wins"
            return word if seat == self.seat else word + ("es" if word.endswith("s") else "s")

        if outcome.jink_failed and deal.jinker is not None:
            text = (f"{name(deal.jinker)} jinked for all five tricks and lost one: the deal is spoilt"
                    + (" and the pool carries over." if pool_game else "."))
        elif outcome.winner is None:
            text = ("Spoilt: nobody took three tricks, so the pool carries over to the next deal."
                    if pool_game else "Nobody took three tricks.")
        elif outcome.claimed:
            text = (f"{name(outcome.winner)} won the first three tricks and "
                    f"{verb(outcome.winner, 'claim')} the deal.")
        elif outcome.jinked:
            text = f"{name(outcome.winner)} {verb(outcome.winner, 'take')} all five tricks: a jink!"
        elif match.teams is not None:
            side = match.teams[outcome.winner]
            tricks = sum(k for seat, k in enumerate(won) if match.teams[seat] == side)
            text = f"{self.side_names()[side]} takes {tricks} tricks and wins the deal."
        else:
            tricks = won[outcome.winner]
            text = (f"{name(outcome.winner)} {verb(outcome.winner, 'win')} the deal with {tricks} "
                    f"trick{'s' if tricks != 1 else ''}.")
        sides = self.side_names()   # points and the game go to sides (each seat, in singles)
        if outcome.points and any(outcome.points):
            scored = [f"{sides[s]} {p}" for s, p in enumerate(outcome.points) if p]
            text += " Points this deal: " + ", ".join(scored) + "."
        if outcome.game_won_by is not None:
            if match.teams is None:
                text += f" {name(outcome.game_won_by)} {verb(outcome.game_won_by, 'win')} the game."
            else:
                text += f" {sides[outcome.game_won_by]} wins the game."
        elif match.over:
            text += " The match is over."
        return text

    def prompt(self, deal, your_turn: bool) -> str:
        if deal.phase == "over":
            return "The deal is over." + ("" if self.match.over else " Press “New deal” to play the next one.")
        if not your_turn:
            return f"{self.name(deal.to_move)} to move."
        step = deal.step
        return step.prompt() if step else "Your turn: play a card."


class PassNarrator(Narrator):
    """The words for a table passed between several people (pass-and-play): every seat by its
    number ("Seat 2", "Bot 3"), no "you" (whoever holds the device changes), and every card put
    out in robbing face down, since the next reader of the log may be another player."""

    def __init__(self, match, humans):
        super().__init__(match, -1)       # -1: no seat's view, so redact_action hides every robbed card
        self.humans = frozenset(humans)

    def name(self, seat: int) -> str:
        return f"Seat {seat}" if seat in self.humans else f"Bot {seat}"

    def side_names(self) -> list:
        match = self.match
        if match.teams is None:
            return [self.name(s) for s in range(match.players)]
        return [f"Side {side + 1} (" + " & ".join(self.name(s) for s in range(match.players)
                                                  if match.teams[s] == side) + ")"
                for side in range(match.sides)]


def display_order(trump: str | None):
    # Group the hand by suit, trumps last, for a stable, readable hand; not a ranking.
    suits = [s for s in "SHCD" if s != trump] + ([trump] if trump else [])
    # The Joker is always a trump: it goes with the trumps, after them.
    return lambda c: (len(suits) - 1, 14) if c.is_joker else (suits.index(c.suit), c.rank)


def choice_label(action: str) -> str:
    if action.startswith("rob "):
        card = Card.parse(action.split()[1])
        return f"Rob, putting out {card.symbol}"
    if action.startswith("bid "):
        return f"Bid {action[4:]}"
    if action.startswith("trump "):
        return f"Trumps: {suit_words(action[-1])}"
    if action.startswith("discard "):
        cards = action.split()[1:]
        return "Discard none" if cards == ["none"] else "Discard " + " ".join(Card.parse(c).symbol for c in cards)
    if action == "hold":
        return "Hold (take the bid at its value)"
    return {"pass": "Pass (don't rob)", "jink": "Jink (play for all five)",
            "claim": "Claim (stop with three)"}.get(action, action)


def choice_order(action: str):
    if action.startswith("bid "):
        words = action.split()
        return (5, int(words[1]), len(words), action)
    if action.startswith("discard "):
        return (5, len(action.split()), 0, action)
    return ({"claim": 0, "jink": 1, "hold": 8, "pass": 9}.get(action, 5), 0, 0, action)
