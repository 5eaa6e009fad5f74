"""The words of a deal: one sentence for every event and for every outcome, said once.

Every surface that tells a deal in words — the play page's log (:mod:`maw_sim.narration`), the
review board's log (:mod:`maw_sim.review`), ``maw-sim play`` and ``maw-sim replay``, and the
words of an outcome (:func:`outcome`; the deal's :class:`maw_sim.deal.Outcome` is data) — takes
its sentences from here. Two things vary between them, and both are given, never guessed:

- **who is reading**: every event is told *as the reader's seat saw it*
  (:meth:`maw_sim.events.Event.seen_by`): another seat's card put out face down is only counted,
  and an event the reader never learnt of (a holder's silent decline to rob) is not told at all;
- **how seats are named**: a :class:`Names` — "You" and "Bot 2" on the play page, "Seat 2" and
  "Bot 3" at a table passed between people, "Seat 2" in a record nobody is named in.

A :class:`Teller` walks a deal's events in order and keeps only what the sentences need (the
turn-up in force, the auction's highest call, the cards played so far); each sentence is found by
the event's step and verb (:data:`SENTENCES`). Nothing here decides a rule: the engine has done
that, and the deal says what it decided.
"""

from __future__ import annotations

from .auction import AUCTION, call_of
from .phase_names import BID, PLAY
from .phases import ROBBING
from .steps import step_named
from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from .scoring import TO_WIN

#: Verbs whose third person takes "-es" (the rest take "-s"; "have" is "has").
_ES = ("s", "sh", "ch", "x", "o")


class Names:
    """How one surface names the seats. ``name(seat)`` gives a seat's name ("Bot 2", "Seat 2");
    ``you`` is the seat addressed as "you" (None: nobody), whose verbs are in the second person."""
    __slots__ = ("_name", "you")

    def __init__(self, name, you=None):
        self._name = name
        self.you = you

    def __call__(self, seat: int) -> str:
        """The seat as the subject of a sentence: "You", "Bot 2"."""
        return "You" if seat == self.you else self._name(seat)

    def object(self, seat: int) -> str:
        """The seat inside a sentence: "you", "Bot 2"."""
        return "you" if seat == self.you else self._name(seat)

    def possessive(self, seat: int) -> str:
        return "your" if seat == self.you else self._name(seat) + "'s"

    def verb(self, seat: int, word: str) -> str:
        """``word`` agreeing with the seat: "play" for you, "plays" for anyone else."""
        if seat == self.you:
            return word
        if word == "have":
            return "has"
        return word + ("es" if word.endswith(_ES) else "s")

    def says(self, seat: int, word: str) -> str:
        """Subject and verb: "You play", "Bot 2 plays"."""
        return f"{self(seat)} {self.verb(seat, word)}"


def _seat_number(seat: int) -> str:
    return f"Seat {seat}"


#: Every seat by its number, nobody addressed: records, the CLI's replay, the deal's outcome.
SEATS = Names(_seat_number)


def table_names(you: int | None, humans=None, names=None) -> Names:
    """The names of a table played on this site: the one person is "You" and the others are
    "Bot N"; at a table passed between several people (``humans``) each person is called by the
    name they gave (``names``, {seat: name}) or else "Seat N", since whoever holds the device
    changes, and the bots are "Bot N"."""
    humans = frozenset(() if humans is None else humans) | ({you} if you is not None and not humans else set())
    if len(humans) > 1:
        given = dict(names or {})
        return Names(lambda seat: given.get(seat, f"Seat {seat}") if seat in humans else f"Bot {seat}")
    return Names(lambda seat: f"Bot {seat}", you)


def counted(n: int, noun: str) -> str:
    """A count with its noun: "1 trick", "2 tricks" (the page makes no plural of its own)."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def suit_words(suit: str) -> str:
    """A suit as a sentence names it: "hearts ♥"."""
    return f"{SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]}"


def cards_words(cards) -> str:
    """Cards put out or drawn as the reader knows them: named ("9♦, 8♥"), or, where any is
    hidden from the reader (``None``), only counted ("3 cards")."""
    if None in cards:
        return f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    return ", ".join(c.symbol for c in cards) if cards else "no card"


def card_dict(card) -> dict:
    """A card as the page draws it: code, symbol, name (for aria-label), suit and colour. The
    Joker has no suit (``None``): which suit it follows is the variant's rule, not the card's."""
    card = Card.parse(card) if not isinstance(card, Card) else card
    return {"code": card.code, "symbol": card.symbol, "name": card.name,
            "suit": None if card.is_joker else card.suit, "red": card.is_red}


def side_names(names: Names, teams, players: int) -> list:
    """Who scores: each seat in singles ("You", "Bot 2"); in partnerships each side with its
    members, the reader's first as "Your side (You & Bot 2)", the others "Side 2 (Bot 1 & Bot 3)"."""
    if teams is None:
        return [names(s) for s in range(players)]
    out = []
    for side in range(max(teams) + 1):
        members = [s for s in range(players) if teams[s] == side]
        mine = names.you in members
        out.append(f"{'Your side' if mine else f'Side {side + 1}'} ("
                   + " & ".join(names(s) for s in members) + ")")
    return out


def inside(name: str) -> str:
    """A name inside a sentence: "your side (You & Bot 2)", not "Your side"."""
    return "your" + name[4:] if name.startswith("Your ") else name


def side_of_seat(names: Names, teams, players: int, seat: int) -> str:
    """The side a seat plays for, by name; the seat itself in singles."""
    return names(seat) if teams is None else side_names(names, teams, players)[teams[seat]]


# -- the sentences of the events -------------------------------------------------------------------

def _rob(t, e):
    n = t.names
    put = "a card" if e.cards[0] is None else cards_words(e.cards)     # face down: named to its owner only
    return (f"{n.says(e.seat, 'rob')}: {n.verb(e.seat, 'take')} the turn-up {t.turnup.symbol} and "
            f"{n.verb(e.seat, 'put')} out {put} face down.")


def _decline(t, e):
    n, v = t.names, t.deal.variant
    text = f"{n.says(e.seat, 'decline')} to rob the turn-up."
    if t.turnup.rank != 1:       # the holder's decline (the dealer passing a turned ace costs nothing)
        cost = ROBBING.quiet_cost(v)
        if cost == "rank":
            text += " Not announced, the ace of trumps is now the lowest trump."
        elif cost == "pool":
            text += f" {n(e.seat)} cannot win the pool this deal."
    return text


def _announce(t, e):
    n = t.names
    return (f"{n.says(e.seat, 'announce')} the ace of trumps and {n.verb(e.seat, 'keep')} it, "
            "without robbing.")


def _jink(t, e):
    n = t.names
    return f"{n.says(e.seat, 'jink')}: {n.verb(e.seat, 'lead')} on and {n.verb(e.seat, 'undertake')} to win all five tricks."


def _claim(t, e):
    return f"{t.names.says(e.seat, 'claim')} {claim_gives(t.deal.variant)} with the first three tricks."


def _play(t, e):
    card = e.cards[0]
    return f"{t.names.says(e.seat, 'play')} {card.symbol} ({card.name})."


def _five(t, e):
    n = t.names
    return {"five": f"{n.says(e.seat, 'ask')} the dealer to five it.",
            "stand": f"{n.says(e.seat, 'keep')} the trump turned: no fiving.",
            "refuse": f"{n.says(e.seat, 'refuse')} to five it.",
            "agree": f"{n.says(e.seat, 'agree')} to five it."}[e.verb]


def _turn(t, e):
    turned = e.cards
    old, t.turnup = t.turnup, turned[-1]
    t.trump = t.turnup.suit
    return (f"The turn-up {old.symbol} is turned down; turned next: "
            f"{', '.join(c.symbol for c in turned)}, so {suit_words(t.trump)} are trumps.")


def _dealer(t, seat) -> str:
    """The seat as the subject, with ", the dealer," where it deals (the auction's last word)."""
    return f"{t.names(seat)}, the dealer," if seat == t.deal.dealer else t.names(seat)


def _pass_call(t, e):
    return f"{_dealer(t, e.seat)} {t.names.verb(e.seat, 'pass')}."


def _bid(t, e):
    n, v = t.names, t.deal.variant
    words = e.text[4:]
    call = call_of(v, e.text)
    worth = ""
    if call is not None and call.made_value is not None and call.made_value != call.bid:
        worth = f" (made, it scores {call.made_value}; failed, it loses {call.failed_value})"
    bagged = t.high is None and e.seat == t.deal.dealer and v.auction["all_pass"] == "dealer-bagged"
    t.high = (e.seat, words)
    if bagged:
        return (f"{_dealer(t, e.seat)} {n.verb(e.seat, 'bid')} {words}{worth}: nobody else bid, and in this "
                "game a dealer left without a bid must make one (the dealer is 'bagged').")
    return f"{_dealer(t, e.seat)} {n.verb(e.seat, 'bid')} {words}{worth}."


def _hold(t, e):
    n = t.names
    rule = AUCTION.hold_rule(t.deal.variant)
    before, words = t.high
    t.high = (e.seat, words)
    first, t.held_once = not t.held_once, True
    text = (f"{n.says(e.seat, 'hold')}: {n.verb(e.seat, 'take')} the bid at {words} from "
            f"{n.object(before)}, at the same value")
    if rule == "duel":
        return text + (f". {n(before)} may now bid higher or pass; the dealer "
                       "may hold again, until one of them passes or the dealer raises.")
    if rule == "rebid":
        return text + (". Every player who has not passed may bid again, in turn, until all but the "
                       "highest have passed." if first else ", and the round goes on.")
    return text + ", and the auction ends."


def _call(t, e):
    t.called = e.cards[0]
    return (f"{t.names.says(e.seat, 'call')} {e.cards[0].symbol}: whoever holds it is "
            f"{t.names.possessive(e.seat)} partner this deal.")


def _trump(t, e):
    t.trump = e.text.split()[1]
    return f"{t.names.says(e.seat, 'name')} {suit_words(t.trump)} trumps."


def _kitty(t, e):
    n = t.names
    return (f"{n.says(e.seat, 'take')} the kitty ({t.deal.kitty_size} cards) into hand and "
            f"{n.verb(e.seat, 'put')} out {cards_words(e.cards)} face down.")


def _discard(t, e):
    n = t.names
    if not e.cards:
        return f"{n.says(e.seat, 'keep')} the hand: no discard, no draw."
    return f"{n.says(e.seat, 'put')} out {cards_words(e.cards)} face down."


def _take(t, e):
    card = e.cards[0]
    what = "a card" if card is None else card.symbol
    return f"{t.names.says(e.seat, 'pick')} {what} out of the stock (the dealer's rob)."


def _draw(t, e):
    cards = e.cards
    if None in cards and cards[-1] is not None:
        # "Four flip": a new hand of five, the last card face up.
        return (f"{t.names.says(e.seat, 'draw')} {len(cards) - 1} cards face down and {cards[-1].symbol} "
                "face up from the stock.")
    return f"{t.names.says(e.seat, 'draw')} {cards_words(e.cards)} from the stock."


#: The sentence of each event of the family's steps, by (step, verb). A step beyond them says its
#: own (:meth:`maw_sim.phases.Step.sentence`).
SENTENCES = {
    ("five", "five"): _five, ("five", "stand"): _five, ("five", "refuse"): _five,
    ("five", "agree"): _five, ("five", "turn"): _turn,
    ("rob", "rob"): _rob, ("rob", "pass"): _decline, ("rob", "announce"): _announce,
    ("play", "play"): _play,
    ("jink", "jink"): _jink, ("jink", "claim"): _claim,
    ("bid", "bid"): _bid, ("bid", "pass"): _pass_call, ("bid", "hold"): _hold,
    ("trump", "trump"): _trump,
    ("kitty", "discard"): _kitty,
    ("discard", "discard"): _discard, ("discard", "draw"): _draw, ("discard", "take"): _take, ("call", "call"): _call,
}


class Teller:
    """The sentences of one deal's events, told in order to one reader.

    ``deal``: the deal the events are from, at least as far on as the last event told (its tricks
    say who won each; its contract what the auction sold). ``names``: how seats are named.
    ``viewer``: whose sight the events are told from (None: the all-seeing record; a seat no
    player holds, such as -1, sees only what everyone sees).

    :meth:`tell` gives, for one event, its lines: dicts with ``kind``, ``seat``, ``text``,
    ``card`` (the card to draw beside it, or None) and ``action`` (the event's text as the reader
    saw it: ``"rob ?"``); a finished trick adds a line of kind ``"trick"`` with its ``number``, and
    the end of an auction one of kind ``"contract"``. An event the reader never saw gives none."""

    def __init__(self, deal, names: Names, viewer=None):
        self.deal, self.names, self.viewer = deal, names, viewer
        self.turnup = deal.dealt_turnup
        self.trump = None if self.turnup is None else self.turnup.suit
        self.high = None              # (seat, words) of the auction's highest call so far
        self.held_once = False
        self.calls = 0                # auction events told
        self.auction_open = deal.variant.bidding
        self.plays = 0
        self.called = None            # the card called for a partner, once told

    def tell(self, event) -> list:
        seen = event.seen_by(self.viewer)
        if seen is None:
            return []
        key = (seen.step, seen.verb)
        say = SENTENCES.get(key)
        step = None if seen.step == PLAY else step_named(seen.step)
        text = say(self, seen) if say is not None else step.sentence(self, seen) if step is not None else None
        if text is None:
            text = f"{self.names(seen.seat)}: {seen.text}."
        card = None
        if key == ("rob", "rob"):
            card = card_dict(self.turnup)
        elif key == ("five", "turn"):
            card = card_dict(self.turnup)
        elif key == ("play", "play"):
            card = card_dict(seen.cards[0])
        lines = [{"kind": seen.verb if step is None else step.log_kind(seen), "seat": seen.seat, "text": text, "card": card,
                  "action": seen.text}]
        if seen.step == BID:
            self.calls += 1
            lines += self._auction_over()
        elif seen.verb == "play":
            self.plays += 1
            if self.called is not None and seen.cards[0] == self.called and self.deal.contract is not None:
                # The called card falls: its holder is known to all from now on.
                n = self.names
                be = "are" if seen.seat == n.you else "is"
                lines.append({"kind": "partner", "seat": seen.seat, "card": None, "action": None,
                              "text": f"{n(seen.seat)} {be} {n.possessive(self.deal.contract.bidder)} called partner."})
            lines += self._trick_taken()
        return lines

    def _auction_over(self) -> list:
        """The contract, once the deal shows the auction over and every call of it told."""
        deal = self.deal
        if not self.auction_open or self.calls < len(deal.auction) or deal.phase == BID:
            return []
        self.auction_open = False
        c = deal.contract
        if c is None:
            return [{"kind": "contract", "seat": deal.dealer, "text": "Nobody bids: the cards are thrown in.",
                     "card": None, "action": None}]
        return [{"kind": "contract", "seat": c.bidder, "card": None, "action": None,
                 "text": f"{self.names.says(c.bidder, 'win')} the auction at {contract_words(deal, c, self.names)}"}]

    def _trick_taken(self) -> list:
        n = self.deal.players
        if self.plays % n:
            return []
        number = self.plays // n
        finished = [t for t in self.deal.tricks if t.winner is not None]
        if number > len(finished):
            return []
        trick = finished[number - 1]
        card = next(c for s, c in trick.plays if s == trick.winner)
        return [{"kind": "trick", "seat": trick.winner, "number": number, "card": card_dict(card),
                 "action": None,
                 "text": trick_words(self.names, trick.winner, number, card)}]


def trick_words(names: Names, winner: int, number: int, card, past: bool = False) -> str:
    """Who took a trick, and with what: "Bot 2 wins trick 3 with 5♥." (as it happens, in the log)
    or "Bot 2 won trick 3 with 5♥." (the last trick, shown again)."""
    said = f"{names(winner)} won" if past else names.says(winner, "win")
    return f"{said} trick {number} with {card.symbol}."


def hold_note(deal) -> str | None:
    """One sentence on the hold, when the dealer is offered it: what holding does in this ruleset."""
    if deal.phase != BID or "hold" not in deal.legal_actions():
        return None
    high = next((e.text[4:] for e in reversed(deal.events) if e.step == BID and e.verb == "bid"), None)
    value = high or "the highest bid"
    after = AUCTION.after_hold(deal.variant)
    return f"Holding takes the highest bid ({value}) for you, the dealer, at its value, without bidding over it; {after}."


def contract_words(deal, c, names: Names = SEATS) -> str:
    """A contract in words: the call, how it was won, what it is worth made or failed."""
    made = (f"scores {c.made_value}" if c.made_value is not None
            else "scores what its side took" if deal.variant.scoring.values.get("made_scores") == "taken"
            else f"scores {c.bid}")
    side = "" if deal.teams is None else \
        f", for {inside(side_names(names, deal.teams, deal.players)[c.side])}"
    held = ", held by the dealer" if c.held else ""
    return (f"{c.call}{held}{side}. To make: {c.bid} of the deal's 30 points; made, it {made}; "
            f"failed, it loses {c.failed_value}.")


def contract_held(deal, c, names: Names = SEATS) -> str:
    """Who holds the contract, and the contract in words: "Bot 1 has the contract: 20, …"."""
    return f"{names.says(c.bidder, 'have')} the contract: {contract_words(deal, c, names)}"


# -- the deal's beginning and end ----------------------------------------------------------------

def deal_begins(deal, names: Names, number: int) -> str:
    """The first line of a deal: who deals, and the trumps (or the auction to come)."""
    dealer = names.says(deal.dealer, "deal")
    if deal.turnup is None:
        kitty = f", with a kitty of {deal.kitty_size}" if deal.kitty_size else ""
        if deal.kitty_shown is not None:
            kitty += f", its top card {deal.kitty_shown.symbol} face up"
        return f"Deal {number}: {dealer}{kitty}. The auction starts on the dealer's left."
    return f"Deal {number}: {dealer}; the turn-up is {deal.turnup.symbol}, so {suit_words(deal.trump)} are trumps."


def claim_gives(variant) -> str:
    """What claiming after three tricks takes, by the ruleset's scoring."""
    return "the pool" if variant.scoring_kind == "pool" else "the deal"


def jinking_rule(variant) -> str:
    """Jinking in one sentence, saying what a claim and a jink give under the ruleset's scoring
    (the rules pages)."""
    if not variant.jinking:
        return "No: nobody announces a jink."
    if variant.scoring_kind == "pool":
        bonus = variant.scoring.values.get("jink_bonus")
        return ("Yes: a player who wins the first three tricks may claim the pool, or jink by leading to the "
                "fourth and must then win all five"
                + (f", collecting {bonus} from each other player besides the pool" if bonus else "")
                + "; a jink that fails spoils the deal, and the pool is carried forward.")
    wins_game = getattr(variant.scorer, "jink_wins_game", False)
    return ("Yes: a player who wins the first three tricks may stop the deal there, each side keeping the "
            "points its tricks made, or jink by leading to the fourth and must then win all five"
            + (", which wins the game" if wins_game else "")
            + "; a jink that fails ends the deal " + _failed_jink(variant) + ".")


def _failed_jink(variant) -> str:
    """What a failed jink leaves, outside the pool games (where it spoils the deal)."""
    if variant.scoring_kind == "tricks":
        return "with nothing scored"           # the award for the tricks is made only at the end
    return "with the points as the tricks made them"


def result(deal, names: Names, winner, won, claimed=False, jinked=False, jink_failed=False,
           game_won_by=None, double=False, made=None, points=None) -> str:
    """How a deal ended, in one or two sentences (past tense: it has happened), from the parts of
    its :class:`~maw_sim.deal.Outcome` (:func:`outcome` passes them)."""
    # Every deal ends here, most of them in simulations nobody reads: the common endings come
    # first and the names and numbers are looked up only where a sentence uses them.
    teams = deal.teams
    if teams is None and winner is not None and game_won_by is None \
            and not (claimed or jinked or jink_failed or double) and (made is None or deal.contract is None):
        k = won[winner]
        return f"{names(winner)} took {k} trick{'s' if k != 1 else ''} and won the deal."
    v = deal.variant
    players = deal.players
    target = v.scoring.values.get("target")

    def side(s):        # a side that scores (each seat, in singles)
        return side_names(names, teams, players)[s]

    c = deal.contract
    if c is not None and made is not None:
        bidders = side_of_seat(names, teams, players, c.bidder)
        tricks = won[c.bidder] if teams is None else sum(k for s, k in enumerate(won) if teams[s] == teams[c.bidder])
        partner = deal.partner
        if partner is not None and partner != c.bidder:
            # "Call for your partner": the pair, told once the deal is over (the holder is known then).
            tricks += won[partner]
            bidders = f"{bidders}, with {names(partner)} as the called partner,"
        elif deal.variant.call_partner and deal.contract is not None:
            bidders = f"{bidders}, alone (nobody held the card called),"
        text = (f"{bidders} bid {c.call} and {'made it' if made else 'failed'}, with {tricks} "
                f"trick{'s' if tricks != 1 else ''}: {points[c.side]:+d} on the score sheet"
                + (" each." if partner is not None and partner != c.bidder else "."))
        if game_won_by is not None:
            text += f" {side(game_won_by)} reached {target} and won the game."
        return text
    pool = v.scoring_kind == "pool"
    if jink_failed:
        return (f"{names(deal.jinker)} jinked for all five tricks and lost one: "
                + ("the deal is spoilt and the pool is carried forward." if pool
                   else f"the deal ends {_failed_jink(v)}."))
    if claimed:
        return f"{names(winner)} won the first three tricks and claimed {claim_gives(v)}."
    if double:
        return (f"{side(game_won_by)} went from nothing to {target} with all five tricks in one deal: "
                "a double game.")
    if jinked:
        text = f"{names(winner)} took all five tricks: a jink."
        return text + (f" {side(game_won_by)} won the game." if game_won_by is not None else "")
    if game_won_by is not None:
        return f"{side(game_won_by)} reached {target} and won the game."
    if winner is None:
        if deal.barred is not None and max(won) >= 2:
            return (f"Nobody won the pool: the deal is spoilt ({names(deal.declined[0])} declined to rob, "
                    "so could not win it).")
        if pool and v.scorer.rule(players) != (TO_WIN, False):
            return "Nobody won the pool under the rule for six players or more: the deal is spoilt."
        return ("Nobody took three tricks: the deal is spoilt" + (" and the pool carries over." if pool else "."))
    if teams is not None and pool:
        s = teams[winner]
        taken = sum(k for seat, k in enumerate(won) if teams[seat] == s)
        return f"{side(s)} took {taken} tricks and won the pool, shared by the partners."
    s = teams[winner]             # (a single seat that won was said first of all)
    taken = sum(k for seat, k in enumerate(won) if teams[seat] == s)
    return f"{side(s)} took {taken} tricks and won the deal."


#: The end of a bidding deal nobody bid in.
THROWN_IN = "Everyone passed: the cards are thrown in and the next dealer deals."


def outcome(deal, names: Names = SEATS, match=None) -> str:
    """A finished deal's end for a reader: how it ended (:func:`result`; with the default
    ``names``, every seat by its number, as a record tells it), then, for a table (``match``), the
    points each side scored and whether the game or the match is over."""
    o = deal.outcome
    if o.thrown_in:
        text = THROWN_IN                 # no seat to name
    else:
        text = result(deal, names, o.winner, o.tricks_won, o.claimed, o.jinked, o.jink_failed,
                      o.game_won_by, o.double_game, o.contract_made, o.points)
    if match is None:
        return text
    sides = side_names(names, match.teams, match.players)
    if o.points and any(o.points) and o.contract_made is None:
        text += " Points this deal: " + ", ".join(f"{sides[s]} {p}" for s, p in enumerate(o.points) if p) + "."
    if o.game_won_by is None and match.over:
        text += " The match is over."
    return text
