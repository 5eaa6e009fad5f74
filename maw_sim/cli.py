"""The ``maw-sim`` command: variants, rankings, a game in the terminal, simulations.

    maw-sim variants
    maw-sim ranking cotton-1674 --trump H
    maw-sim play spoil-five --players 5 --seed 7
    maw-sim simulate spoil-five --players 5 --deals 10000 --seed 1 --bot heuristic

Bad arguments get a usage message and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from .bots import bot_names, get_bot, play_deal
from .cards import SUIT_NAMES, SUITS
from .deal import Deal, IllegalAction
from .inputs import count_argument
from .match import MAX_SEED, Match
from .progress import Progress
from .stats import wilson
from .variants import DEFAULT_TEAMS, MAX_PLAYERS, TableError, load_variant, variant_ids

# -- argument types: each refuses bad input with a message naming what is allowed ----------


def _variant(text: str):
    try:
        return load_variant(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _suit(text: str) -> str:
    if len(text) == 1 and text.upper() in SUITS:
        return text.upper()
    raise argparse.ArgumentTypeError(f"unknown suit {text!r}: use C, D, H or S")


def _bot(text: str) -> str:
    try:
        get_bot(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="maw-sim", description="Maw, Five Cards, Spoil Five, Twenty-Five, Forty-Five: "
                     "rankings, play and simulation from the variant files.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sub.add_parser("variants", help="list the variants")

    p = sub.add_parser("ranking", help="a variant's order of cards for a trump suit")
    p.add_argument("variant", type=_variant, help="variant id: " + ", ".join(variant_ids()))
    p.add_argument("--trump", type=_suit, default="H", help="trump suit: C, D, H or S (default H)")

    p = sub.add_parser("play", help="play a deal in the terminal against bots")
    p.add_argument("variant", type=_variant)
    p.add_argument("--players", type=count_argument("players", 2, MAX_PLAYERS))
    p.add_argument("--seed", type=count_argument("seed", 0, MAX_SEED), help="the game's seed (what its link carries)")
    p.add_argument("--seat", type=count_argument("seat", 0, MAX_PLAYERS - 1), default=0, help="your seat (default 0)")
    p.add_argument("--bot", type=_bot, default="heuristic", help="the other seats' bot")
    p.add_argument("--deals", type=count_argument("deals", 1), default=1, help="deals to play (the match keeps score)")

    p = sub.add_parser("simulate", help="bots play many deals; prints rates with 95%% confidence intervals")
    p.add_argument("variant", type=_variant)
    p.add_argument("--players", type=count_argument("players", 2, MAX_PLAYERS), required=True)
    p.add_argument("--deals", type=count_argument("deals", 1), required=True)
    p.add_argument("--seed", type=count_argument("seed", 0), default=0)
    p.add_argument("--bot", type=_bot, default="random", help="bot for every seat: " + ", ".join(bot_names()))
    p.add_argument("--json", action="store_true", help="print one JSON object instead of tables")

    _register_extra_commands(sub)
    return parser


def _register_extra_commands(sub) -> None:
    """Commands that live in their own modules (tournaments, studies, records) add themselves here."""
    import importlib
    for module in ("maw_sim.studies.cli", "maw_sim.record_cli"):
        try:
            importlib.import_module(module).register(sub, _Parser)
        except ModuleNotFoundError as exc:
            if exc.name != module and not module.startswith(exc.name or "-"):
                raise


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command in ("play", "simulate"):
        v = args.variant
        players = args.players if args.players is not None else v.default_players
        try:
            # The one check of a table: a game plays the file's layout, a simulation each for himself.
            v.check_table(players, DEFAULT_TEAMS if args.command == "play" else None)
        except TableError as exc:
            parser.error(f"argument --players: {exc}")
        args.players = players
        if args.command == "play" and args.seat >= players:
            parser.error(f"--seat must be 0 to {players - 1}")
    handler = getattr(args, "handler", None) or COMMANDS[args.command]
    try:
        return handler(args) or 0
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


# -- commands --------------------------------------------------------------------------


def cmd_variants(args) -> int:
    for vid in variant_ids():
        v = load_variant(vid)
        print(f"{vid:15} {v.name} — {v.era}; {v.min_players}–{v.max_players} players; "
              f"top trumps {' '.join(v.top_trumps) or '(none)'}")
    return 0


def cmd_ranking(args) -> int:
    v, trump = args.variant, args.trump
    print(f"{v.name}: {SUIT_NAMES[trump]} trumps, highest first")
    print(f"  trumps    {' '.join(c.symbol for c in v.trump_ranking(trump))}")
    for suit in SUITS:
        if suit != trump:
            print(f"  {SUIT_NAMES[suit]:9} {' '.join(c.symbol for c in v.plain_ranking(suit, trump))}")
    return 0


def _show_state(deal: Deal, seat: int) -> None:
    view = deal.view(seat)
    tricks = f"Tricks won: {' '.join(f'seat {s}:{k}' for s, k in enumerate(view.tricks_won))}"
    if view.turnup is None:
        # The bidding games: no turn-up; the auction's winner names trumps. All of it is public.
        if view.auction and view.contract is None:
            print("\nAuction so far: " + ", ".join(f"seat {s} {a}" for s, a in view.auction))
        c = view.contract
        if c is not None:
            named = f"{SUIT_NAMES[view.trump]} trumps" if view.trump else "trumps not named yet"
            print(f"\nContract: seat {c.bidder} bid {c.call}{' (held)' if c.held else ''}; {named}.  {tricks}")
        elif not view.auction:
            print("\nNo card is turned: the auction decides who names trumps.")
    else:
        print(f"\nTrumps: {SUIT_NAMES[deal.trump]} (turn-up {deal.turnup.symbol}).  {tricks}")
    trick = view.current_trick
    if trick:
        print("On the table: " + ", ".join(f"seat {s} {c.symbol}" for s, c in trick.plays))
    print(f"Your hand: {' '.join(c.symbol for c in view.hand)}")


def _offer(deal: Deal) -> str:
    """What the player to move may type: every legal action, but where cards are chosen to put
    out (hundreds of sets of them) the step's own words, with one example."""
    legal = deal.legal_actions()
    step = deal.step
    marks = None if step is None else step.marked_counts(deal)
    if marks is None:
        return f"You may: {', '.join(legal)}"
    low, high, none = marks
    example = next(a for a in legal if a != none)
    if none is None:                       # exactly so many (the kitty)
        return f"{step.prompt(deal)} For example '{example}'. You may: {example}"
    return (f"Put out up to {high} card{'s' if high != 1 else ''} and draw as many, e.g. '{example}', or keep "
            f"the hand. You may: {none}")


def _tell(narrator, deal) -> None:
    """What happened since the last words, as the human's seat saw it (maw_sim.words): another
    seat's card put out face down, discards and draws only counted, a silent decline untold."""
    for event in narrator.action(deal):
        print(event["text"])


def cmd_play(args) -> int:
    v, seat = args.variant, args.seat
    match = Match(v, args.players, seed=args.seed if args.seed is not None else random.randrange(10**6))
    bot = get_bot(args.bot)
    rng = random.Random(match.seed)
    print(f"{v.name}, {args.players} players; you are seat {seat}. Seed {match.seed} reproduces this game.")
    bidding = v.bidding
    from .narration import Narrator
    narrator = Narrator(match, seat)
    if bidding:
        print("Type a call ('bid 20', 'hold', 'pass'), 'trump H', 'discard 7C 9D' or 'discard none', "
              "then a card code (5H, 10D, AS) to play; 'quit' stops.")
    else:
        print("Type a card code (5H, 10D, AS), 'rob <card>', 'pass', 'jink' or 'claim'; 'quit' stops.")
    for _ in range(args.deals):
        deal = match.new_deal()
        print("\n— " + narrator.deal_started(deal, match.deals_played + 1)["text"])
        while deal.to_move is not None:
            mover = deal.to_move
            if mover != seat:
                deal.apply(bot(deal.view(mover), rng))
                _tell(narrator, deal)
                continue
            _show_state(deal, seat)
            print(_offer(deal) if bidding else f"You may: {', '.join(deal.legal_actions())}")
            try:
                choice = input("> ").strip()
            except EOFError:
                print("\n(no more input)")
                return 0
            if choice.lower() in ("quit", "exit", "q"):
                return 0
            try:
                deal.apply(choice)
            except IllegalAction as exc:
                print(f"Not allowed: {exc}")
                continue
            _tell(narrator, deal)
        match.settle(deal)
        print(narrator.outcome(deal))
        print(match.standing())
        if match.over:
            break
    return 0


def simulate(variant, players: int, deals: int, seed: int, bot_name: str, progress: bool = True) -> dict:
    """Bots play ``deals`` independent deals (the dealer rotating); counts for the report."""
    bot = get_bot(bot_name)
    bots = [bot] * players
    rng = random.Random(seed)
    wins_by_position = [0] * players      # position 1 = elder hand (dealer's left) … n = dealer
    tricks_hist = [0] * 6
    spoilt = jinks = 0
    made = failed = thrown = 0            # the bidding games: how the contracts went
    bidder_at = [0] * players             # … and who won the auction, by position
    bar = Progress(deals, f"{variant.id}, {deals} deals") if progress else None
    for k in range(deals):
        dealer = k % players
        deal = Deal.random(variant, players, seed * 1_000_003 + k, dealer)
        outcome = play_deal(deal, bots, rng)
        if outcome.winner is None:
            spoilt += 1
        else:
            wins_by_position[(outcome.winner - dealer - 1) % players] += 1
        jinks += outcome.jinked
        if variant.bidding:
            if deal.contract is not None:
                bidder_at[(deal.contract.bidder - dealer - 1) % players] += 1
            if deal.contract is None:
                thrown += 1
            elif outcome.contract_made:
                made += 1
            else:
                failed += 1
        for t in outcome.tricks_won:
            tricks_hist[t] += 1
        if bar:
            bar.advance()
    if bar:
        bar.close()
    seat_deals = deals * players
    bidding = {}
    if variant.bidding:
        played = made + failed
        bidding = {"contracts": played, "contract_made_rate": made / played if played else 0.0,
                   "contract_made_ci95": wilson(made, played) if played else (0.0, 1.0),
                   "thrown_in_rate": thrown / deals,
                   "bidder_by_position": [{"position": p + 1, "rate": w / deals, "ci95": wilson(w, deals)}
                                          for p, w in enumerate(bidder_at)]}
    return {**bidding,
        "variant": variant.id, "players": players, "deals": deals, "seed": seed, "bot": bot_name,
        "spoil_rate": spoilt / deals, "spoil_ci95": wilson(spoilt, deals),
        "jink_rate": jinks / deals,
        "wins_by_position": [{"position": p + 1, "rate": w / deals, "ci95": wilson(w, deals)}
                             for p, w in enumerate(wins_by_position)],
        "tricks_distribution": [{"tricks": t, "rate": c / seat_deals, "ci95": wilson(c, seat_deals)}
                                for t, c in enumerate(tricks_hist)],
    }


def cmd_simulate(args) -> int:
    result = simulate(args.variant, args.players, args.deals, args.seed, args.bot)
    if args.json:
        print(json.dumps(result))
        return 0
    lo, hi = result["spoil_ci95"]
    print(f"{args.variant.name}: {args.deals} deals, {args.players} players, every seat '{args.bot}', "
          f"seed {args.seed}")
    if args.variant.bidding:
        # No pool to spoil and no jink: what the auction sold, and how often it was made.
        clo, chi = result["contract_made_ci95"]
        print(f"Contracts made: {result['contract_made_rate']:.3f}  95% CI [{clo:.3f}, {chi:.3f}] "
              f"of {result['contracts']}; thrown in (nobody bid): {result['thrown_in_rate']:.3f}")
    else:
        print(f"Spoil rate (nobody took three tricks): {result['spoil_rate']:.3f}  95% CI [{lo:.3f}, {hi:.3f}]")
        print(f"Jinks (all five tricks): {result['jink_rate']:.3f}")
    by_position = "bidder_by_position" if args.variant.bidding else "wins_by_position"
    print(("The auction won by position" if args.variant.bidding else "Wins by position")
          + " (1 = elder hand, the dealer's left; last = the dealer):")
    for row in result[by_position]:
        lo, hi = row["ci95"]
        print(f"  {row['position']:2}  {row['rate']:.3f}  [{lo:.3f}, {hi:.3f}]")
    print("Tricks taken by a player in a deal:")
    for row in result["tricks_distribution"]:
        lo, hi = row["ci95"]
        print(f"  {row['tricks']}  {row['rate']:.3f}  [{lo:.3f}, {hi:.3f}]")
    return 0


COMMANDS = {"variants": cmd_variants, "ranking": cmd_ranking, "play": cmd_play, "simulate": cmd_simulate}

if __name__ == "__main__":
    sys.exit(main())
