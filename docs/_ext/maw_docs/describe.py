"""A variant's settings in plain words, written once for every directive that shows them.

Each function takes a :class:`maw_sim.Variant` and returns a list of inline nodes (text and
cards), so the comparison matrix and the rules pages say the same thing in the same words. The
values always come from the variant file; only the phrasing lives here.
"""

from __future__ import annotations

from docutils import nodes
from maw_sim import Card
from maw_sim.scoring import BOTH_OUT_RULES, NON_BIDDER_RULES, PARTNER_OUT_RULES, PAST_FIVE
from maw_sim.variants import (ACE_OF_HEARTS_LEADS, ALL_PASS_RULES, EXCHANGE_LIMITS, FIRST_LEAD_RULES,
                              FOLLOWING_RULES, HOLD_RULES, PARTNERSHIP_FORMS, ROBBING_RULES,
                              SIXTY_FOR_120_RULES, THIRTY_RULES, TOP_TRUMP_TOKENS, TRUMP_NAMED_RULES, weakest)
from maw_sim.words import jinking_rule

from .render import card_node

NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                9: "nine", 10: "ten"}


def _words(n: int) -> str:
    return NUMBER_WORDS.get(n, str(n))


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def top_trump_token(token: str):
    """A top-trump token as a node: ``AH`` is a real card (A♥); ``5``, ``J`` and ``A`` stand for
    a card of the trump suit, so they are shown as the rank with its meaning as a tooltip."""
    if token == "AH":
        return card_node(Card(1, "H"))
    return nodes.abbreviation(token, token, explanation=TOP_TRUMP_TOKENS[token])


def join_nodes(items: list, separator: str = ", ") -> list:
    out = []
    for index, item in enumerate(items):
        if index:
            out.append(nodes.Text(separator))
        out.append(item if isinstance(item, nodes.Node) else nodes.Text(item))
    return out


def players(variant) -> list:
    low, high, usual = variant.min_players, variant.max_players, variant.default_players
    count = (f"{_words(low)} players" if low == high
             else f"{_words(low)} to {_words(high)} players, usually {_words(usual)}")
    forms = variant.settings["players"]["partnerships"]
    if not forms:
        teams = "each plays for themselves"
    else:
        layouts = [f"{_words(PARTNERSHIP_FORMS[f][0])} sides of {_words(PARTNERSHIP_FORMS[f][1])}"
                   for f in forms]
        teams = "each for themselves, or in partnership: " + ", ".join(layouts)
        defaults = [(n, variant.default_teams(n)) for n in range(low, high + 1) if variant.default_teams(n)]
        if defaults:
            teams += "; unless another layout is chosen, " + ", ".join(
                f"{_words(n)} play as {_words(PARTNERSHIP_FORMS[f][0])} sides of {_words(PARTNERSHIP_FORMS[f][1])}"
                for n, f in defaults)
    return [nodes.Text(_sentence(f"{count}; {teams}"))]


def top_trumps(variant) -> list:
    tokens = variant.top_trumps
    if not tokens:
        return [nodes.Text("None: the trump suit keeps its ordinary order, "
                           "and the ace of hearts is an ordinary heart.")]
    return join_nodes([top_trump_token(t) for t in tokens]) + [
        nodes.Text(", then the rest of the trump suit in its plain order.")]


def top_trumps_in_words(variant) -> list:
    """The top trumps spelled out (for the rules page): 'the five of trumps, then …'."""
    tokens = variant.top_trumps
    if not tokens:
        return top_trumps(variant)
    words = [TOP_TRUMP_TOKENS[t] for t in tokens]
    text = "The highest trumps are, in order: " + ", then ".join(words)
    if "AH" in tokens and "A" in tokens:
        text += " (when hearts are trumps the ace of hearts is the ace of trumps, so one fewer card)"
    text += ". Below them the rest of the trump suit follows in its plain-suit order."
    return [nodes.Text(text)]


def plain_order(variant, colour: str) -> list:
    """``colour`` is ``"red"`` or ``"black"``: the ranks of a plain suit, highest first."""
    ranks = variant.settings["plain"][colour]
    return [nodes.Text(" ".join(ranks))]


def plain_orders_in_words(variant) -> list:
    red, black = variant.settings["plain"]["red"], variant.settings["plain"]["black"]
    text = (f"In a red suit that is not trumps (hearts or diamonds) the cards rank {' '.join(red)}; "
            f"in a black suit (clubs or spades) {' '.join(black)}, highest first.")
    if red == black:
        text = f"Every suit that is not trumps ranks alike: {' '.join(red)}, highest first."
    return [nodes.Text(text)]


def following(variant) -> list:
    return [nodes.Text(_sentence(FOLLOWING_RULES[variant.following]))]


def ace_of_hearts_lead(variant) -> list:
    if "AH" not in variant.top_trumps:
        return [nodes.Text("The ace of hearts is an ordinary heart.")]
    return [nodes.Text(_sentence(ACE_OF_HEARTS_LEADS[variant.ace_of_hearts_lead]))]


def reneging(variant) -> list:
    tokens = variant.renege_tokens
    if not tokens:
        return [nodes.Text("No card may renege: to a trump lead, play a trump if you hold one.")]
    return join_nodes([top_trump_token(t) for t in tokens]) + [nodes.Text(
        ": a player whose only trumps are among these, each higher than the trump led, need not "
        "play one to a trump lead (they may renege).")]


def robbing(variant) -> list:
    text = _sentence(ROBBING_RULES[variant.robbing])
    if variant.robbing != "none":
        # The sources disagree on the deadline (review 2, finding 12): say which one is played.
        text += (" A robber takes the turn-up and gives up a card face down. The engine has every "
                 "robber do it before the first card is led, as the Spoil Five rules sheet and one "
                 "sentence of the encyclopedia article require; Parlett, the German survey and "
                 "another sentence of the article let the holder of the ace wait until his own "
                 "turn to play to the first trick, and hold only the dealer to the lead.")
        if variant.turned_ace_to_dealer:
            text += " When an ace is turned up, the dealer may rob it."
    return [nodes.Text(text)]


def jinking(variant) -> list:
    # The sentence is the engine's (maw_sim.words): what a claim and a jink give under this scoring.
    return [nodes.Text(jinking_rule(variant))]


def scoring(variant) -> list:
    values = variant.scoring.values
    if variant.scoring_kind == "pool":
        text = (f"A pool: each player stakes {values['ante']}"
                + (f", the dealer {values['dealer_stake']} more" if values["dealer_stake"] else "")
                + ". Three tricks win it; if nobody takes three the deal is spoilt and the pool is "
                "carried forward"
                + (f", each player but the dealer adding {values['spoil_addition']}"
                   if values["spoil_addition"] else "")
                + ".")
        if variant.jinking and values["jink_bonus"]:
            text += f" A successful jink also collects {values['jink_bonus']} from each other player."
        if values["past_five"] != "three-tricks":
            text += " " + _sentence(PAST_FIVE[values["past_five"]])
        if variant.partnerships:
            text += " Partners share a pool their side wins equally, an odd counter going to the partner with more tricks."
        return [nodes.Text(text)]
    if variant.scoring_kind == "bid":
        text = (f"Points: {values['per_trick']} a trick and {values['best_trump']} for the trick won by the "
                "highest trump in play, written when the deal is over. The bidder's side that makes its "
                + ("bid scores all it took" if values["made_scores"] == "taken" else "bid scores the bid")
                + "; one that fails loses the bid (a score may go below zero). "
                + _sentence(NON_BIDDER_RULES[values["non_bidder"]]))
        return [nodes.Text(text)]
    if variant.scoring_kind == "tricks":
        return [nodes.Text(
            f"Tricks only, counted when the deal is over: a side with three or four tricks scores "
            f"{values['majority']}, a side with all five {values['all_five']}, the others nothing; "
            "no trump earns a bonus.")]
    text = f"Points: {values['per_trick']} for each trick"
    if values["best_trump"]:
        text += f", and {values['best_trump']} more for the trick won by the highest trump in play"
    text += "."
    if values["turnup_ace_of_hearts"]:
        text += (f" Turning up the ace of hearts scores {values['turnup_ace_of_hearts']} "
                 "for the dealer's side.")
    return [nodes.Text(text)]


def target(variant) -> list:
    """The game's target, alone: the number (its clause is the section's own, "count")."""
    values = variant.scoring.values
    if variant.scoring_kind == "pool":
        return [nodes.Text("No target: each deal is settled from the pool.")]
    return [nodes.Text(f"Game is {values['target']}.")]


def ending(variant) -> list:
    """How and when the game is decided (the clause "ending" of [scoring]); none in a pool game."""
    values = variant.scoring.values
    if variant.scoring_kind == "pool":
        return []
    if variant.scoring_kind == "tricks":
        return [nodes.Text("The target is reached only when a deal is over and its tricks are scored; "
                           "two sides never reach it in the same deal.")]
    if variant.scoring_kind == "points-played-out":
        text = ("The game is decided only when a deal has been played to its end: of the sides past the "
                "target then, the highest total wins, and equal totals play on")
        if values["exact_target_resets"]:
            text += f"; a side that ends a deal on exactly {values['target']} falls back to 0"
        return [nodes.Text(text + ".")]
    if variant.scoring_kind == "bid":
        text = "The game is decided when a deal is over; " + BOTH_OUT_RULES[values["both_out"]]
        if variant.call_partner:
            text += "; " + PARTNER_OUT_RULES[values["partner_out"]]
        if values["lose_at"]:
            text += f"; a side at −{values['lose_at']} or below has lost"
        if values["sets_lose"]:
            text += f"; a side whose bids fail {_words(values['sets_lose'])} times has lost"
        return [nodes.Text(text + ".")]
    text = "The game is won the moment a side reaches the target"
    if values["jink_wins_game"]:
        text += "; taking all five tricks wins the game outright"
    if values["double_game"]:
        text += "; a side still on nothing that wins the game with all five tricks in one deal wins a double game"
    return [nodes.Text(text + ".")]


def target_and_ending(variant) -> list:
    """The target row of the comparison: the number and how the game is decided."""
    words = ending(variant)
    return target(variant) + ([nodes.Text(" ")] + words if words else [])


def deal(variant, hand_size: int, trick_count: int) -> list:
    """The deal as the engine plays it in every variant of the family (its hand size)."""
    if not variant.turnup_game:
        kitty = variant.kitty_size
        return [nodes.Text(
            f"Hands of {_words(hand_size)}, dealt clockwise in two rounds"
            + (f", with {_words(kitty)} more cards face down in the middle as the kitty" if kitty else "")
            + ". No card is turned: the winner of the auction names trumps. Any trump in a trick "
            "beats every other card, the highest trump taking it; with no trump, the best card of "
            "the suit led wins, and whoever wins a trick leads next.")]
    return [nodes.Text(
        f"{_words(trick_count).capitalize()} tricks are played from hands of {_words(hand_size)}, "
        "dealt clockwise in a round of three and a round of two (either may come first); the card "
        "then on top of the stock is turned face up and names trumps. First to lead is the dealer's "
        "left-hand neighbour, and after that whoever took the last trick. Any trump in a trick "
        "beats every other card, the highest trump taking it; with no trump, the best card of the "
        "suit led wins.")]


#: Games whose texts report how the first dealer is found: Spoil Five and its pool games (Parlett,
#: the rules sheet, the games-website summary) and Heather's Twenty-Five (the encyclopedia article).
FIRST_DEALER_GAMES = ("spoil-five", "twenty-five-pool", "family", "heather-1876")


def _pays_a_dealers_stake(variant) -> bool:
    """A game where the dealer stakes extra, so a misdealer can pay a second stake (review 3, 1.10)."""
    return variant.scoring_kind == "pool" and bool(variant.scoring.values.get("dealer_stake"))


#: What the sources say about the deal beyond what the engine plays: the first dealer and the
#: misdeal. (Text, sources, evidence, the games it is reported for); shown under "The deal" on the
#: rules page of each game it is reported for, and NO_DEAL_CUSTOMS on the others.
DEAL_CUSTOMS = (
    ("Who deals first: in the modern rules of Spoil Five, cards are dealt round the table until "
     "someone receives a knave, and that player deals first; Heather (1876) has the players cut "
     "instead, the highest or the lowest card winning as agreed. The deal then passes to the "
     "left.", ("parlett-maw", "spoil-five-sheet", "maw-website-summary", "heather-1876"),
     "attested", lambda variant: variant.id in FIRST_DEALER_GAMES),
    ("A misdeal (too many or too few cards, a card exposed, a deal out of turn) costs the dealer "
     "the deal, which passes on; or, if the table agrees, he pays a second dealer's stake and "
     "deals again, which Parlett advises because the deal is worth having. A stricter custom, "
     "reported by the encyclopedia article, takes the misdealer's stake instead. "
     "In the Groom Porter's laws, law 4 already puts a price of four on losing the deal. The "
     "engine does not play misdeals.",
     ("parlett-maw", "maw-website-summary", "encyclopedia-twenty-five", "groom-porter"),
     "attested", _pays_a_dealers_stake),
)
#: Where no text reports the customs for the game: what the engine does, as our reconstruction.
NO_DEAL_CUSTOMS = (
    "Who deals first, and what a misdeal costs, our sources do not say for this game (the customs "
    "reported for Spoil Five are on its rules page). The engine passes the deal to the left each "
    "time and plays no misdeals.", ("reconstruction",), "reconstructed")


def deal_customs(variant) -> list:
    """The customs of the deal reported for this game, as (text, sources, evidence); where none
    is, the one sentence of NO_DEAL_CUSTOMS."""
    found = [(text, keys, evidence) for text, keys, evidence, applies in DEAL_CUSTOMS if applies(variant)]
    return found or [NO_DEAL_CUSTOMS]


def auction(variant) -> list:
    a = variant.auction
    if a is None:
        return [nodes.Text("None: a card is turned up for trumps.")]
    low = f"Bids go up in fives from {a['min_bid']} to 30"
    if a["min_bid_at_100"]:
        low += f" (at least {a['min_bid_at_100']} for a side with 100 or more)"
    parts = [low, HOLD_RULES[a["hold"]], ALL_PASS_RULES[a["all_pass"]], THIRTY_RULES[a["thirty"]]]
    if a["sixty_for_120"] != "none":
        parts.append(SIXTY_FOR_120_RULES[a["sixty_for_120"]])
    parts += [TRUMP_NAMED_RULES[a["trump_named"]] if variant.kitty_size else "the bidder names trumps",
              FIRST_LEAD_RULES[a["first_lead"]]]
    return [nodes.Text(" ".join(_sentence(p) for p in parts))]


def kitty(variant) -> list:
    if variant.turnup_game:
        return [nodes.Text("None.")]
    k = variant.kitty_size
    return [nodes.Text(f"{_words(k).capitalize()} cards, for the bidder." if k else "None.")]


def exchange(variant) -> list:
    if variant.turnup_game:
        return [nodes.Text("None.")]
    text = _sentence(EXCHANGE_LIMITS[variant.exchange_limit])
    if variant.exchange_limit != "none":
        who = "every player but the bidder" if variant.kitty_size else "every player"
        text += f" In turn from the dealer's left, {who} discards face down and draws as many from the stock."
    return [nodes.Text(text)]


#: The rows of the comparison and the sections of a rules page: (title, section of the variant
#: file whose evidence and sources go with it, describer).
RULES = (
    ("Players and partnerships", "players", players),
    ("Top trumps", "trumps", top_trumps),
    ("Plain suits, red", "plain", lambda v: plain_order(v, "red")),
    ("Plain suits, black", "plain", lambda v: plain_order(v, "black")),
    ("Following", "following", following),
    ("The ace of hearts led", "following", ace_of_hearts_lead),
    ("Reneging", "renege", reneging),
    ("Robbing", "robbing", robbing),
    ("Jinking", "jinking", jinking),
    ("Auction", "auction", auction),
    ("Kitty", "deal", kitty),
    ("Discard and draw", "exchange", exchange),
    ("Scoring", "scoring", scoring),
    ("Target", "scoring", target_and_ending),
)

#: The clause of its section each describer states, where the file may give that clause its own
#: provenance (maw_sim.variants.CLAUSES); a describer not listed states the section's own clauses.
CLAUSE = {following: ("rule",), ace_of_hearts_lead: ("ace_of_hearts_lead",), ending: ("ending",),
          target_and_ending: (None, "ending")}


class Grounds:
    """What a printed rule rests on, for its provenance line: the sources of every clause it
    states, and the weakest of their grades (a badge claims no more than its weakest clause)."""

    def __init__(self, clauses):
        self.sources = tuple(dict.fromkeys(k for c in clauses for k in c.sources))
        self.grade = weakest(c.grade for c in clauses)
        self.note = " ".join(c.note for c in clauses if c.note)


def grounds(setting, describer) -> Grounds:
    """The provenance of what ``describer`` prints of ``setting``: the clause parts it states (the
    section's own provenance for ``None`` or a describer that states no part)."""
    names = CLAUSE.get(describer, (None,))
    return Grounds([setting.clause(name) if name else setting.clause("") for name in names])
