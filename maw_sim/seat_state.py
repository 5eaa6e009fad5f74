"""What one seat sees at the table, as the play page's state: a function of that seat's view.

:func:`table_state` takes two values and nothing else: the seat's :class:`~maw_sim.deal.PlayerView`
(made with ``detail=True``: its own hand, every event as it saw it, the choice asked of it, each
refused card's rule) and a :class:`PublicTable` (what the whole table knows: the rules, the names,
the match's account and its finished deals, the link that saves the game). It reads no deal and no
session, so what it sends a seat can only be what that seat may know: the state carries the seat's
own hand (each card legal or not, with the rule that refuses it), the cards face up, the turn-up,
the scores and the words of the moment. Its shape is declared in :mod:`maw_sim.page_state`.

:func:`public_table` makes the :class:`PublicTable` of a match (the browser bridge's session and the
table server each call it); it reads the match's finished deals only, which every seat has seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .auction import AUCTION
from .cards import SUIT_NAMES, SUIT_SYMBOLS
from .narration import (bid_words, card_info, choice_label, display_order, hold_note,
                        seat_name, trick_info)
from .records import options_text, to_link
from .phase_names import BID, DISCARD, ROB, TRUMP
from .steps import pipeline, step_named
from .words import contract_held, counted, trick_words
from .variants import EVIDENCE_MARKS, TOP_TRUMP_TOKENS, setting_kind, value_text
from .variants import sources as variant_sources


def value_words(option, value, scoring_kind: str = "") -> str:
    """An option's value in words: the meaning the loader gives it (e.g. "the ace of hearts led
    calls for hearts (or a trump)"), "yes"/"no", top trumps by name, or the value itself."""
    section, _, key = option.setting.partition(".")
    kind = setting_kind(section, key, scoring_kind) if section != "scoring" or scoring_kind else None
    if isinstance(kind, dict) and isinstance(value, str) and kind.get(value):
        return kind[value]
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(TOP_TRUMP_TOKENS.get(t, t) for t in value) or "none"
    return value_text(value)


def options_info(variant) -> list:
    """The variant's house rules for the page: each with its values (as a link writes them, and in
    words), the one chosen and the sources of each reading."""
    out = []
    for o in variant.options.values():
        chosen = variant.choices.get(o.name, o.default)
        out.append({"name": o.name, "label": o.label, "values": list(o.values), "default": o.default,
                    "chosen": chosen, "note": o.note,
                    "value_texts": [value_text(v) for v in o.values],
                    "value_words": [value_words(o, v, variant.scoring_kind) for v in o.values],
                    "chosen_text": value_text(chosen),
                    "sources": [variant_sources()[k].label for k in o.sources_for(chosen)]})
    return out


#: The page's account of each ruleset, by the variant object: it depends on the variant alone, and
#: its words (every house rule's readings) were most of a state's cost — the table server builds a
#: state for every seat after every action. Each entry keeps its variant, so an id is not reused.
_VARIANT_INFO: dict = {}


def _variant_info(variant) -> dict:
    """The ``variant`` part of the page state; a fresh outer dict each time (a surface may set a key
    of its own, as the table server's ``table``), its contents shared and not to be changed."""
    entry = _VARIANT_INFO.get(id(variant))
    if entry is None or entry[0] is not variant:
        if len(_VARIANT_INFO) >= 256:
            _VARIANT_INFO.clear()
        info = {"id": variant.id, "name": variant.name,
                "choices": dict(variant.choices),
                "options": options_info(variant), "preset": chosen_preset(variant),
                "house_rules": house_rules(variant),
                "presets": [{"name": p.name, "label": p.label} for p in variant.presets.values()],
                "layouts": _layouts(variant),
                # What the settings may offer with these rules, so the page offers nothing the
                # engine refuses: the one check of a table's answers (Variant.table_choices).
                "table": variant.table_choices()}
        entry = _VARIANT_INFO[id(variant)] = (variant, info)
    return dict(entry[1])


def chosen_preset(variant) -> str | None:
    """The preset whose options are exactly the ones chosen, if any."""
    for preset in variant.presets.values():
        wanted = {}
        for name, value in preset.options.items():
            option = variant.options[name]
            match = next((v for v in option.values if value_text(v) == value_text(value)), value)
            if match != option.default:
                wanted[name] = match
        if wanted and wanted == dict(variant.choices):
            return preset.name
    return None


def _rule_text(option, value, scoring_kind: str = "") -> str:
    words = value_words(option, value, scoring_kind)
    if words != value_text(value) and words not in ("yes", "no"):
        return words[0].upper() + words[1:]        # the meaning says it all: "The ace of hearts led calls …"
    return f"{option.label}: {words}"


def house_rules(variant) -> list:
    """The house rules in play (the options that differ from the file's own rules), each in words
    with the sources that give it and the evidence level the site shows for it (its grade)."""
    rules = []
    for name, value in variant.choices.items():
        option = variant.options[name]
        level = option.grade_for(value)
        rules.append({"name": name, "label": option.label, "value": value_text(value),
                      "text": _rule_text(option, value, variant.scoring_kind),
                      "sources": [variant_sources()[k].label for k in option.sources_for(value)],
                      "evidence": level, "evidence_mark": EVIDENCE_MARKS[level]})
    return rules


class FinishedDeal(NamedTuple):
    """A deal of the match once it is over, as every seat knows it: who dealt, the outcome, the
    contract (the bidding games, else None) and the account after it (``Match.standings``)."""
    dealer: int
    outcome: object
    contract: object
    standing: dict


@dataclass(frozen=True)
class PublicTable:
    """What the whole table knows besides one seat's view, and how that seat is spoken to.

    ``variant``: the rules with the house rules chosen; ``seat``: whose state this is;
    ``narrator``: the words for that seat (:class:`maw_sim.narration.Narrator`: the seats' names
    and sides); ``humans``: the seats people play; ``names``: the names people gave ({seat: name});
    ``bot``: the bots' level; ``seed``, ``deal_number``, ``teams`` (the layout as asked, "2x2", or
    None) and ``link_game`` (:func:`maw_sim.records.to_link`): the link that saves the game (the
    seed and the link None where the game is not this device's to save: they name every card);
    ``scores``, ``pool``, ``chips``, ``match_over``: the match's account; ``finished``: the
    match's deals that are over (:class:`FinishedDeal`); ``games``: the tally of the games
    finished before this one and this one once over; ``ending``: this deal's end in words for the
    seat once it is over, else None."""
    variant: object
    players: int
    seat: int
    narrator: object
    humans: frozenset
    names: dict
    bot: str
    seed: int | None
    deal_number: int
    teams: str | None
    link_game: str | None
    scores: tuple
    pool: int | None
    chips: tuple
    match_over: bool
    finished: tuple
    games: tuple
    ending: str | None


def public_table(match, narrator, seat: int, *, seed: int | None, deal_number: int, teams=None, humans=None,
                 names=None, bot: str = "", games=(), link: bool = True) -> PublicTable:
    """The :class:`PublicTable` of ``match`` for ``seat``: its finished deals only (a deal in play
    is read by no one here), ``games`` the tally lines of the games finished before this one;
    ``link`` False (a table shared by several devices) gives no seed and no link."""
    finished = []
    for deal, outcome, standing in zip(match.deals, match.results, list(match.standings) + [{}] * len(match.results)):
        finished.append(FinishedDeal(deal.dealer, outcome, getattr(deal, "contract", None), standing))
    current = match.deals[-1] if match.deals else None
    ending = None if current is None or current.outcome is None else narrator.outcome(current)
    tally = list(games)
    if getattr(match, "over", False):
        tally.append({"winner": match.game_won_by, "scores": list(match.scores), "deals": len(match.results),
                      "seed": seed})
    return PublicTable(
        variant=match.variant, players=match.players, seat=seat, narrator=narrator,
        humans=frozenset({seat}) if humans is None else frozenset(humans), names=dict(names or {}), bot=bot,
        seed=seed if link else None, deal_number=deal_number, teams=teams,
        link_game=to_link(match) if link else None,
        scores=tuple(getattr(match, "scores", ()) or ()), pool=getattr(match, "pool", None),
        chips=tuple(getattr(match, "chips", ()) or ()), match_over=bool(getattr(match, "over", False)),
        finished=tuple(finished), games=tuple(tally), ending=ending)


def table_state(view, table: PublicTable) -> dict:
    """The table as ``view``'s seat sees it (a :class:`maw_sim.page_state.PageState`): its own
    hand, the cards face up, the scores; never another seat's cards. ``view``: that seat's
    :class:`~maw_sim.deal.PlayerView` made with ``detail=True``; ``table``: :class:`PublicTable`."""
    detail = view.detail
    if detail is None:
        raise ValueError("table_state needs the seat's view made for a surface: Deal.view(seat, detail=True)")
    me, variant, narrator = view.seat, table.variant, table.narrator
    turn = detail.turn                       # what the rules ask of this seat, if it is to move
    your_turn = turn is not None
    over = detail.outcome is not None
    legal = set(view.legal)
    # Where the step has the cards marked in hand and confirmed (the kitty, the discard): how many.
    marking = turn.marking if your_turn else None
    choosing = marking is not None
    in_a_discard = {w for a in legal for w in a.split()[1:]} if choosing else set()
    refusals = dict(turn.refusals) if your_turn else {}
    hand = []
    for card in sorted(view.hand, key=display_order(view.trump)):
        info = card_info(card)
        info.update(legal=False, reason=None, rule=None, reason_plain=None, reason_sources=None)
        if choosing:
            info["legal"] = card.code in in_a_discard
            info["reason"] = None if info["legal"] else "This card may not be put out."
        elif your_turn:
            info["legal"] = card.code in legal
            refusal = refusals.get(card.code)
            if refusal is not None:
                info["reason"], info["rule"] = refusal.words, refusal.rule
                info["reason_plain"], info["reason_sources"] = _plain_and_sources(refusal.words)
        else:
            info["reason"] = ("The deal is over." if over else
                              f"It is {seat_name(view.to_move, me)}'s turn, not yours.")
        hand.append(info)
    hand_codes = {c.code for c in view.hand}
    choices = [_choice(a, view.phase, hand_codes)
               for a in (turn.order if your_turn else ())
               if a not in hand_codes and (not choosing or a == marking[2])]   # marking: only "none" is a button
    select = None
    if choosing:
        low, high, none = marking
        select = {"phase": view.phase, "min": low, "max": high, "none": none in legal,
                  # The action the marked cards make (its word, then the cards), or none marked.
                  "action": next(a for a in view.legal if a != none).split()[0], "none_action": none,
                  "words": (f"Put out {high} card{'s' if high != 1 else ''}." if low == high else
                            f"Put out {low} to {high} cards.")}

    finished = [t for t in view.tricks if t.winner is not None]
    trick = trick_info(view)
    last_trick = _last_trick(narrator, finished)
    step = step_named(view.phase)
    before_play = step is not None and step.before_play
    tricks_won = list(view.tricks_won)

    outcome = None
    if over:
        o = detail.outcome
        outcome = {"winner": o.winner, "spoilt": o.winner is None, "tricks_won": list(o.tricks_won),
                   "points": list(o.points or []), "text": table.ending}
    sides = view.teams
    humans = table.humans
    bidding = variant.bidding
    last_call = {s: a for s, a in view.auction} if bidding else {}
    contract = view.contract if bidding else None
    exchanged = dict(view.exchanged) if bidding else {}
    # Pass-and-play: every seat by its number, "You" being whoever holds the device just now.
    seats = [{"seat": s, "name": "You" if s == me and len(humans) == 1 else narrator.name(s), "you": s == me,
              "human": s in humans, "dealer": s == view.dealer,
              "to_move": s == view.to_move, "cards": detail.hand_sizes[s],   # how many: in sight of all
              "tricks": tricks_won[s],
              "info": f"{counted(tricks_won[s], 'trick')} · {counted(detail.hand_sizes[s], 'card')}",
              "side": None if sides is None else sides[s],
              "partner": sides is not None and s != me and sides[s] == sides[me],
              "call": last_call.get(s),   # as written: "bid 30 for 60", "hold"
              "bidder": contract is not None and contract.bidder == s,
              # "Call for your partner": the holder of the called card, where this seat knows it.
              "called_partner": view.partner == s,
              "exchanged": exchanged.get(s)}
             for s in range(view.players)]
    default_teams = variant.default_teams(view.players)
    rules = _variant_info(variant)
    preset = rules["preset"]
    link = None
    if table.link_game is not None:
        link = {"variant": variant.id, "players": view.players, "seed": table.seed,
                "game": table.link_game, "deal": table.deal_number}
        if table.teams:
            link["teams"] = table.teams
        if len(humans) > 1:
            link["humans"] = ",".join(map(str, sorted(humans)))
            if table.names:
                # Typed to be shown at the table, and a link is shared by the people who typed them.
                link["names"] = ",".join(table.names.get(s, "") for s in sorted(humans))
        if table.teams is None and default_teams:
            link["teams"] = "singles"       # each for himself, where the file's default is partners
        if variant.choices:
            link["options"] = ",".join(options_text(variant).split())
        if preset:
            link["preset"] = preset
    return {
        "variant": rules,
        "default_teams": default_teams,
        "players": view.players, "seed": table.seed, "seat": me, "bot": table.bot,
        "humans": sorted(humans), "pass_and_play": len(humans) > 1,
        "names": {str(seat): name for seat, name in sorted(table.names.items())},
        "deal_number": table.deal_number,
        "teams": table.teams, "link": link,
        "phase": view.phase, "to_move": view.to_move, "your_turn": your_turn,
        "dealer": view.dealer,
        "trump": None if view.trump is None else {
            "suit": view.trump, "symbol": SUIT_SYMBOLS[view.trump], "name": SUIT_NAMES[view.trump],
            "red": view.trump in "DH"},
        "turnup": None if view.turnup is None else card_info(view.turnup),
        # The trumps in force, highest first, for the reminder at the table (the ace of trumps
        # last where it lost its rank): the engine's order, never restated in the page.
        "trump_order": [] if view.trump is None else [card_info(c) for c in view.tables.ranking],
        "bidding": _bidding(view, narrator, your_turn, seats) if bidding else None,
        "select": select,
        "hand": hand, "choices": choices, "trick": trick,
        # No card is played in the auction, the trump, the kitty or the discard: the hand rests,
        # and a card tapped says what to do instead.
        "before_play": before_play,
        "resting_note": None if not before_play else "No card is played yet: " + (
            "the auction is on: choose your call with the buttons below." if view.phase == BID else
            "choose trumps with the buttons below." if view.phase == TRUMP else "choose with the buttons below."),
        "trick_note": ("" if before_play or (trick and trick["winner"] is None) else
                       last_trick["text"] if trick else "No cards on the table."),
        "last_trick": last_trick,
        "tricks_played": len(finished), "seats": seats,
        "scores": _scores(view, table), "outcome": outcome,
        "match_over": table.match_over,
        "sheet": score_sheet(table, view),
        "prompt": _prompt(view, table),
        "step_facts": _step_facts(view, narrator),
    }


def _step_facts(view, narrator) -> list:
    """What each of the deal's steps showed this seat, in words and cards, as the step says it
    (:meth:`maw_sim.phases.Step.facts`) from the seat's own part of what it was told."""
    out = []
    for step in pipeline(view.variant):
        for text, cards in step.facts(view, narrator.names):
            out.append({"step": step.name, "text": text, "cards": [card_info(c) for c in cards]})
    return out


def _prompt(view, table) -> str:
    """What the seat is asked now, or whose move the table waits for."""
    if view.detail.outcome is not None:
        if table.match_over:
            return "The deal is over, and the game: press “Next game” to play another."
        return "The deal is over. Press “New deal” to play the next one."
    turn = view.detail.turn
    if turn is None:
        return f"{table.narrator.name(view.to_move)} to move."
    return turn.prompt or "Your turn: play a card."


def _plain_and_sources(words: str) -> tuple:
    """A refusal's plain sentence and its citation: the engine writes them as "sentence [section:
    sources]"; the page shows the sentence first and the sources a tap away."""
    if words.endswith("]") and " [" in words:
        at = words.rindex(" [")
        return words[:at], words[at + 2:-1]
    return words, None


def _last_trick(narrator, finished) -> dict | None:
    """The last trick taken, face up as everyone saw it, with who won it in words."""
    if not finished:
        return None
    t = finished[-1]
    winning = next(c for s, c in t.plays if s == t.winner)
    return {"leader": t.leader, "winner": t.winner, "number": len(finished),
            "plays": [{"seat": s, "card": card_info(c)} for s, c in t.plays],
            "text": trick_words(narrator.names, t.winner, len(finished), winning, past=True)}


def _layouts(variant) -> dict:
    """The partnership layouts the variant allows, by number of players: {"4": [{"value": "2x2",
    "text": "2 sides of 2"}]}; a count with none is left out."""
    out = {}
    for sides, size in variant.partnerships:
        out.setdefault(str(sides * size), []).append({"value": f"{sides}x{size}", "text": f"{sides} sides of {size}"})
    return out


def score_sheet(table: PublicTable, view) -> dict:
    """The score sheet of the session: a row for each finished deal of this game (each side's
    points and the running totals, the contract in the bidding games; the pool and the chips in
    pool games), and the games finished so far. Only what every seat knows once a deal is over."""
    variant, narrator = table.variant, table.narrator
    pool = variant.scoring_kind == "pool"
    names = narrator.side_names() if not pool else [narrator.name(s) for s in range(table.players)]
    rows = []
    for number, done in enumerate(table.finished, start=1):
        outcome, standing = done.outcome, done.standing
        row = {"deal": number, "dealer": done.dealer, "winner": outcome.winner,
               "tricks_won": list(outcome.tricks_won), "spoilt": outcome.winner is None,
               "jinked": bool(getattr(outcome, "jinked", False)),
               "pool": None, "chips": None, "points": None, "totals": None, "contract": None}
        if pool:
            row.update(pool=standing.get("pool"), chips=list(standing.get("chips", ())))
        else:
            row.update(points=list(getattr(outcome, "points", None) or [0] * len(names)),
                       totals=list(standing.get("scores", ())))
        contract = done.contract
        if contract is not None:
            row["contract"] = {"bidder": contract.bidder, "name": narrator.name(contract.bidder),
                               "call": contract.call, "held": bool(contract.held),
                               "made": getattr(outcome, "contract_made", None)}
        rows.append(row)
    games = list(table.games)
    won = [0] * len(names)
    for game in games:
        if game["winner"] is not None and game["winner"] < len(won):
            won[game["winner"]] += 1
    return {"kind": "pool" if pool else "points", "names": names, "rows": rows,
            "contracts": any(r["contract"] is not None for r in rows) or variant.bidding,
            "games": [{"number": k, "winner": g["winner"], "scores": g["scores"], "deals": g["deals"]}
                      for k, g in enumerate(games, start=1)],
            "games_won": won, "robber": _robber(variant, names, won)}


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


class _Asked(NamedTuple):
    """The dealer's question in the auction, as :func:`maw_sim.words.hold_note` reads it."""
    phase: str
    events: tuple
    variant: object
    legal: tuple

    def legal_actions(self) -> tuple:
        return self.legal


def _choice(action: str, phase: str, hand_codes) -> dict:
    """A choice's button: its action and label, the card in hand that takes the same action when
    tapped (robbing: the card put out) and the suit a trump choice names (its button in the suit's
    colour)."""
    word, _, rest = action.partition(" ")
    card = rest if phase == ROB and word == ROB and rest in hand_codes else None
    suit = rest if phase == TRUMP and word == TRUMP and rest in SUIT_NAMES else None
    return {"action": action, "label": choice_label(action, phase), "card": card, "suit": suit,
            "red": suit is not None and suit in "DH"}


def _bidding(view, narrator, your_turn: bool, seats) -> dict:
    """The bidding games' public state: the auction (each call, and in words), the contract, the
    hold explained when it is offered, the kitty's size, the stock left and each exchange (by
    number of cards, never the cards)."""
    c = view.contract
    name = narrator.name
    note = hold_note(_Asked(view.phase, view.events, view.variant, view.legal)) if your_turn else None
    return {"auction": [{"seat": s, "call": a, "text": f"{name(s)}: {a}"} for s, a in view.auction],
            "contract": None if c is None else {
                "bidder": c.bidder, "side": c.side, "bid": c.bid, "call": c.call,
                "made_value": c.made_value, "failed_value": c.failed_value, "held": c.held,
                "text": f"{narrator.side_of_seat(c.bidder)}: {bid_words(c.call)}"
                        + (" (held by the dealer)" if c.held else ""),
                # The contract's words read the rules and the layout: the view has both.
                "words": contract_held(view, c, narrator.names)},
            "hold": AUCTION.hold_rule(view.variant), "hold_note": note,
            "kitty_size": view.kitty_size, "stock_left": view.stock_left, "kitty_taken": view.detail.kitty_taken,
            "called": None if view.called is None else card_info(view.called),
            "kitty_shown": None if view.kitty_shown is None else card_info(view.kitty_shown),
            "exchanged": [{"seat": s, "cards": k} for s, k in view.exchanged],
            # The words beside the contract: none yet, the card called and its holder, the stock.
            "no_contract": "The auction is on." if view.phase == BID else "No contract.",
            "called_words": None if view.called is None else f"Called {view.called.symbol}: " + (
                "its holder is not known yet" if view.partner is None else
                f"{seats[view.partner]['name']} {'hold' if seats[view.partner]['name'] == 'You' else 'holds'} it"),
            "stock_words": (f"{counted(view.stock_left, 'card')} left in the stock"
                            if view.phase == DISCARD and view.stock_left is not None else None)}


def _scores(view, table) -> dict:
    """The match's account: the pool and chips, or each side's points (this deal's as the seat
    can count them, while it is played)."""
    if table.variant.scoring_kind == "pool":
        return {"kind": "pool", "pool": table.pool, "chips": list(table.chips),
                "scores": None, "names": None, "this_deal": None, "target": None}
    this_deal = view.deal_points         # the points as this seat can count them
    return {"kind": "points", "pool": None, "chips": None, "scores": list(table.scores),
            "names": table.narrator.side_names(),
            "this_deal": list(this_deal) if this_deal and view.detail.outcome is None else None,
            "target": table.variant.scoring["target"]}
