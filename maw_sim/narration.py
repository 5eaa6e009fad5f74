"""Narration for one seat: the words of the play page and the log, from what that seat knows.

A :class:`Narrator` speaks to one seat (the reader's): its names ("You", "Bot 2"), its sides, and
the events of the log. Every event is built from the action *as that seat saw it*
(:func:`maw_sim.records.redact_action`): another robber's card put out face down is ``"rob ?"``
and is never named. The rules are the engine's; this module only says them.
"""

from __future__ import annotations

from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from .records import HIDDEN, redact_action


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
        """The events of the action just taken by ``seat`` (the deal's last, before any card it
        drew), and of the tricks it finished."""
        who = self.name(seat)
        you = seat == self.seat
        # Narrated from the action as this seat saw it: another robber's card put out is "rob ?",
        # another's discard "discard ? ?". A discard in the exchange brings a draw after it.
        history = deal.history
        last = -2 if phase_before in ("discard", "five") and history[-1][1].startswith(("draw ", "turn ")) else -1
        if deal.events[last].seen_by(self.seat) is None:
            return []           # nobody but the actor saw it (a quiet decline to rob)
        action = redact_action(seat, history[last][1], self.seat)
        if phase_before in BIDDING_PHASES:
            drawn = redact_action(seat, history[-1][1], self.seat).split()[1:] if last == -2 else []
            return [self._bidding_event(deal, seat, phase_before, action, drawn)]
        event = {"kind": "play", "seat": seat, "action": action, "card": None}
        if phase_before == "five":
            event["kind"] = "five"
            event["text"] = {
                "five": f"{who} {'ask' if you else 'asks'} the dealer to five it.",
                "stand": f"{who} {'keep' if you else 'keeps'} the trump turned: no fiving.",
                "refuse": f"{who} {'refuse' if you else 'refuses'} to five it.",
                "agree": f"{who} {'agree' if you else 'agrees'} to five it."}[action]
            if last == -2:
                turned = [Card.parse(c) for c in history[-1][1].split()[1:]]
                event["card"] = card_info(deal.turnup)
                event["text"] += (f" The turn-up is turned down; turned next: "
                                  f"{', '.join(c.symbol for c in turned)}, so {suit_words(deal.trump)} "
                                  "are trumps.")
            return [event]
        if phase_before == "rob":
            if action == "announce":
                event["kind"] = "announce"
                event["text"] = (f"{who} {'announce' if you else 'announces'} the ace of trumps and "
                                 f"{'keep' if you else 'keeps'} it, without robbing.")
            elif action == "pass":
                event["kind"] = "pass"
                event["text"] = f"{who} {'decline' if you else 'declines'} to rob the turn-up."
                if deal.tables.ranking[-1] == Card(1, deal.trump) and deal.turnup.rank != 1:
                    event["text"] += " Not announced, the ace of trumps is now the lowest trump."
                elif deal.barred is not None:
                    event["text"] += f" {'You' if you else who} cannot win the pool this deal."
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

    def _bidding_event(self, deal, seat: int, phase: str, action: str, drawn: list) -> dict:
        """A bid, a hold, a pass, trumps named, the kitty taken, a discard and draw, in words. The
        action is as this seat saw it: another seat's discard and draw are face down ("discard ? ?"),
        so only their number is told."""
        who, you = self.name(seat), seat == self.seat

        def verb(word):
            return word if you else word + ("es" if word.endswith(("s", "sh")) else "s")

        words = action.split()
        event = {"kind": phase, "seat": seat, "action": action, "card": None}
        if phase == "bid":
            if action == "pass":
                event.update(kind="pass", text=f"{who} {verb('pass')}.")
            elif action == "hold":
                contract = deal.contract
                value = f" at {bid_words(contract.call)}" if contract is not None else " at its value"
                event.update(kind="hold", text=f"{who} {verb('hold')}: {'take' if you else 'takes'} the bid{value}.")
            else:
                event.update(kind="bid", text=f"{who} {verb('bid')} {bid_words(' '.join(words[1:]))}.")
        elif phase == "trump":
            event["text"] = f"{who} {verb('name')} {suit_words(words[1].upper())} trumps."
        else:
            cards = [] if words[1:] == ["none"] else words[1:]
            n = len(cards)
            named = you and HIDDEN not in cards
            shown = " ".join(Card.parse(c).symbol for c in cards) if named else \
                f"{n} card{'s' if n != 1 else ''}{'' if you else ' face down'}"
            if phase == "kitty":
                event["text"] = f"{who} {'take' if you else 'takes'} the kitty into hand and {verb('put')} out {shown}."
            elif not cards:
                event["text"] = f"{who} {verb('keep')} the hand: no discard, no draw."
            else:
                got = (" ".join(Card.parse(c).symbol for c in drawn) if you and drawn and HIDDEN not in drawn
                       else str(len(drawn)))
                event["text"] = f"{who} {verb('discard')} {shown if you else n} and {verb('draw')} {got}."
        return event

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

        contract = getattr(deal, "contract", None)
        made = getattr(outcome, "contract_made", None)
        if contract is not None and made is not None:
            bidders = self.side_of_seat(contract.bidder)
            tricks = (sum(k for seat, k in enumerate(won) if match.teams[seat] == match.teams[contract.bidder])
                      if match.teams is not None else won[contract.bidder])
            text = (f"{bidders} bid {bid_words(contract.call)} and {'made it' if made else 'failed'}, "
                    f"with {tricks} trick{'s' if tricks != 1 else ''}.")
        elif outcome.jink_failed and deal.jinker is not None:
            text = (f"{name(deal.jinker)} jinked for all five tricks and lost one: the deal is spoilt"
                    + (" and the pool carries over." if pool_game else "."))
        elif outcome.winner is None:
            text = ("Spoilt: nobody won the pool, so it carries over to the next deal."
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

    def side_of_seat(self, seat: int) -> str:
        """The side a seat plays for, by name ("Your side (You & Bot 2)"), or the seat in singles."""
        if self.match.teams is None:
            return self.name(seat)
        return self.side_names()[self.match.teams[seat]]

    def prompt(self, deal, your_turn: bool) -> str:
        if deal.phase == "over":
            if self.match.over:
                return "The deal is over, and the game: press “Next game” to play another."
            return "The deal is over. Press “New deal” to play the next one."
        if not your_turn:
            return f"{self.name(deal.to_move)} to move."
        if deal.phase in BIDDING_PHASES:
            return bidding_prompt(deal)
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


#: The steps of the bidding games (One-Hundred-and-Ten, the Auction Forty-Fives) by phase name.
BIDDING_PHASES = ("bid", "trump", "kitty", "discard")


def bid_words(call: str) -> str:
    """A bid as said at the table: "20", "30 for 60"."""
    return str(call)


def discard_counts(deal) -> tuple:
    """How many cards the seat to move may put out now (kitty or discard): (fewest, most), from
    the legal discards the engine lists."""
    counts = [0 if a == "discard none" else len(a.split()) - 1
              for a in deal.legal_actions() if a.startswith("discard ")]
    return (min(counts), max(counts)) if counts else (0, 0)


def hold_note(deal) -> str | None:
    """One sentence on the hold, when the dealer is offered it: what holding does in this ruleset."""
    if deal.phase != "bid" or "hold" not in deal.legal_actions():
        return None
    high = next((a for _, a in reversed(deal.auction) if a.startswith("bid ")), None)
    value = bid_words(high[4:]) if high else "the highest bid"
    after = {
        "ends": "that ends the auction, and you play the contract",
        "rebid": "then everyone who has not passed may bid again in turn, until one bidder is left",
        "duel": "the player you displaced may then bid higher and you may hold again, until one of you passes",
    }.get(deal.variant.auction["hold"], "you play the contract")
    return f"Holding takes the highest bid ({value}) for you, the dealer, at its value, without bidding over it; {after}."


def bidding_prompt(deal) -> str:
    phase = deal.phase
    if phase == "bid":
        return "Your call: bid, or pass." if "hold" not in deal.legal_actions() else "Your call: bid, hold or pass."
    if phase == "trump":
        return "You won the auction: name trumps."
    low, high = discard_counts(deal)
    if phase == "kitty":
        return (f"You have taken the kitty: choose {high} card{'s' if high != 1 else ''} to put out, then "
                "confirm.")
    return (f"Discard and draw: choose up to {high} card{'s' if high != 1 else ''} to throw out, then "
            "confirm (or discard none).")


def display_order(trump: str | None):
    # Group the hand by suit, trumps last, for a stable, readable hand; not a ranking.
    suits = [s for s in "SHCD" if s != trump] + ([trump] if trump else [])
    # The Joker is always a trump: it goes with the trumps, after them.
    return lambda c: (len(suits) - 1, 14) if c.is_joker else (suits.index(c.suit), c.rank)


_FIVING_LABELS = {"five": "Five it (ask for a new trump)", "stand": "Stand (keep this trump)",
                  "agree": "Agree to five it", "refuse": "Refuse to five it"}


def choice_label(action: str, phase: str | None = None) -> str:
    if action.startswith("rob "):
        card = Card.parse(action.split()[1])
        return f"Rob, putting out {card.symbol}"
    if action.startswith("bid "):
        return f"Bid {bid_words(action[4:])}"
    if action.startswith("trump "):
        return f"{SUIT_SYMBOLS[action[-1]]} {SUIT_NAMES[action[-1]].capitalize()}"
    if action.startswith("discard "):
        cards = action.split()[1:]
        return "Discard none" if cards == ["none"] else "Discard " + " ".join(Card.parse(c).symbol for c in cards)
    if action == "hold":
        return "Hold" if phase == "bid" else "Hold (take the bid at its value)"
    if phase == "bid" and action == "pass":
        return "Pass"
    if action in _FIVING_LABELS:
        return _FIVING_LABELS[action]
    return {"pass": "Pass (don't rob)", "announce": "Announce the ace (don't rob)", "jink": "Jink (play for all five)",
            "claim": "Claim (stop with three)"}.get(action, action)


def choice_order(action: str):
    if action.startswith("bid "):
        words = action.split()
        return (5, int(words[1]), len(words), action)
    if action.startswith("discard "):
        return (5, len(action.split()), 0, action)
    return ({"claim": 0, "jink": 1, "hold": 8, "announce": 8, "pass": 9}.get(action, 5), 0, 0, action)
