"""The learned bots: their features read only the seat's view, the shipped weights fit the features,
the plain-Python network computes what it should, the bots play only legal actions in every game,
and the training and teaching scripts run."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

import maw_sim
from maw_sim import Deal
from maw_sim.bots import get_bot, play_deal
from maw_sim.bots.features import NAMES, SIZE, covers, features
from maw_sim.bots.inference import Knowledge
from maw_sim.bots.ismcts import ISMCTS, most_visited
from maw_sim.bots.learned import LearnedBlend, LearnedBot, LearnedSearch, Network, from_dict, read_weights, shipped, shipped_digest
from maw_sim.bots.search import PIMC

ROOT = Path(__file__).resolve().parent.parent
QUICK_PIMC = PIMC(budget=16, min_worlds=3, max_worlds=6)


def _play_decisions(seed: int):
    """Every play decision of a deal among heuristic players, as (deal at that point, view)."""
    deal = Deal.random("spoil-five", 5, seed, dealer=seed % 5)
    heuristic = get_bot("heuristic")
    rng = random.Random(seed)
    while deal.to_move is not None:
        view = deal.view(deal.to_move)
        if covers(view) and len(view.legal) > 1:
            yield deal, view
        deal.apply(heuristic(view, rng))


def test_features_read_only_the_view():
    # The same view in a deal whose other hands are drawn again (to agree with all the seat saw):
    # the same features, card for card; the hidden cards did change somewhere.
    rng = random.Random(3)
    checked = changed = 0
    for seed in (1, 2):
        for deal, view in _play_decisions(seed):
            world = Knowledge(view).world(rng)
            other = world.view(view.seat)
            assert features(other) == features(view)
            changed += any(world.hand(s) != deal.hand(s) for s in range(5) if s != view.seat)
            checked += 1
    assert checked > 10 and changed > 0


def test_features_have_their_length_and_differ_between_cards():
    for _, view in _play_decisions(4):
        table = features(view)
        assert set(table) == set(view.legal)
        assert all(len(x) == SIZE == len(NAMES) for x in table.values())
        assert len({tuple(x) for x in table.values()}) > 1


def test_shipped_weights_fit_the_features():
    path = ROOT / "maw_sim" / "bots" / "data" / "learned-spoil-five.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["names"] == list(NAMES)
    assert len(data["w1"]) == len(data["b1"]) == len(data["w2"]) == data["hidden"]
    assert all(len(row) == SIZE for row in data["w1"])
    assert {"seed", "samples", "commit"} <= set(data["training"])
    network = shipped()
    _, view = next(_play_decisions(5))
    values = network.values(view)
    assert set(values) == set(view.legal) and all(isinstance(v, float) for v in values.values())


def test_the_searchers_network_fits_the_features_and_names_where_it_started():
    """The second shipped network (players who search) reads the same features, was fitted from
    the shipped network (its file says so, by digest), and differs from it."""
    from maw_sim.bots.learned import SEARCHERS_WEIGHTS, searchers
    data = json.loads((ROOT / "maw_sim" / "bots" / "data" / SEARCHERS_WEIGHTS).read_text(encoding="utf-8"))
    assert data["names"] == list(NAMES)
    assert data["training"]["started_from"]["digest"] == shipped().digest
    assert data["training"]["taught"]["loss"] == "policy"
    _, view = next(_play_decisions(5))
    assert searchers().values(view) != shipped().values(view)


def test_weights_for_other_features_are_refused():
    with pytest.raises(ValueError, match="other features"):
        from_dict({"names": ["bias"], "w1": [[0.0]], "b1": [0.0], "w2": [0.0], "b2": 0.0})
    with pytest.raises(ValueError, match="do not fit"):
        Network([[0.0] * (SIZE - 1)], [0.0], [0.0], 0.0)


def test_forward_pass_equals_the_reference():
    # Two hidden units by hand: unit 0 reads feature 0 (2.0) and feature 3 (-1.5), unit 1 feature
    # 1 (0.5); unit 1's bias makes it negative unless feature 1 is large.
    w1 = [[0.0] * SIZE for _ in range(2)]
    w1[0][0], w1[0][3], w1[1][1] = 2.0, -1.5, 0.5
    network = Network(w1, [0.1, -1.0], [0.3, -2.0], 0.05)
    x = [0.0] * SIZE
    x[0], x[3], x[1] = 1.0, 0.4, 3.0
    # unit 0: 0.1 + 2.0 - 0.6 = 1.5; unit 1: -1.0 + 1.5 = 0.5; q = 0.05 + 0.3*1.5 - 2.0*0.5
    assert network.q(x) == pytest.approx(0.05 + 0.45 - 1.0)
    x[1] = 1.0      # unit 1: -0.5, cut by the rectifier
    assert network.q(x) == pytest.approx(0.05 + 0.45)
    # The per-decision path (the state's part summed once) agrees with the whole vector's.
    _, view = next(_play_decisions(6))
    real = shipped()
    table = features(view)
    values = real.values(view)
    for action, vector in table.items():
        assert values[action] == pytest.approx(real.q(vector), abs=1e-9)


@pytest.mark.parametrize("vid", maw_sim.variant_ids())
def test_learned_bots_never_illegal_in_any_variant(vid):
    v = maw_sim.load_variant(vid)
    players = min(v.max_players, 5) if v.min_players <= 5 else v.min_players
    deal = Deal.random(v, players, players, dealer=players % players)
    search = LearnedSearch(budget=16, fallback=QUICK_PIMC)
    blend = LearnedBlend(budget=16, fallback=QUICK_PIMC)
    blend_read = LearnedBlend(budget=16, others="read", fallback=QUICK_PIMC)
    bots = [LearnedBot(), search, blend, blend_read][:players] + [get_bot("heuristic")] * (players - 4)
    outcome = play_deal(deal, bots, random.Random(players))    # Deal.apply raises on an illegal action
    assert outcome is not None and deal.phase == "over"


def test_learned_search_judges_as_it_did_with_every_seat_on_the_engine(monkeypatch):
    """The other seats' rollout moves run on the playout's bit masks (the heuristic's moves): every
    candidate's rollout sums, with our own next turn searched and without, are those of the same
    search rolling out every seat through the engine."""
    from maw_sim.bots import playout
    from maw_sim.bots.learned import _NetworkSeats
    on_masks = []
    play_until = playout.play_until
    monkeypatch.setattr(playout, "play_until", lambda deal, side: on_masks.append(side) or play_until(deal, side))
    network, checked = shipped(), 0
    for seed in (3, 4):
        for _, view in _play_decisions(seed):
            if view.seat != seed % 5:
                continue
            policy = _NetworkSeats({view.seat: network})

            def on_the_engine(v, rng, policy=policy):      # the same policy, without ``own_seat``
                return policy(v, rng)

            for depth in (0, 1):
                fast = PIMC(budget=24, min_worlds=2, max_worlds=3, reply_depth=depth, policy=policy)
                slow = PIMC(budget=24, min_worlds=2, max_worlds=3, reply_depth=depth, policy=on_the_engine)
                a = fast.evaluate(view, random.Random(seed * 7 + checked))
                b = slow.evaluate(view, random.Random(seed * 7 + checked))
                assert a.rolled == b.rolled, (seed, view.trick_number)
                checked += 1
    assert checked >= 8 and on_masks


def _perturbed_network(seed: int) -> Network:
    """The shipped network's shape with other weights: the fast path must not lean on these ones."""
    from maw_sim.bots.learned import _shipped_text
    data = json.loads(_shipped_text())
    rng = random.Random(seed)
    data["w1"] = [[w + rng.gauss(0.0, 0.5) for w in row] for row in data["w1"]]
    data["b1"] = [b + rng.gauss(0.0, 0.5) for b in data["b1"]]
    data["w2"] = [w + rng.gauss(0.0, 0.5) for w in data["w2"]]
    return from_dict(data)


def _rollout_decisions(seeds, rng):
    """Play decisions as a search's rollouts meet them: every seat's, in deals imagined from a seat's
    view (other hands, robbed or not) and played on by heuristic players, as (deal, view)."""
    for seed in seeds:
        for _, view in _play_decisions(seed):
            if view.trick_number > 1:
                continue
            world = Knowledge(view).world(rng)
            while world.to_move is not None:
                seen = world.view(world.to_move)
                if covers(seen) and len(seen.legal) > 1:
                    yield world, seen
                world.apply(get_bot("heuristic")(seen, rng))


def test_learned_search_reads_its_rollout_cards_from_the_deal_as_its_view_shows_them():
    """The features of a rollout's decision read from the deal's bit masks are the view's, number
    for number (the integers a position holds and those a view is read as agree); the card the
    rollout's chooser takes from them is the view's choice, with the shipped network and with
    another; and the search judges every candidate as it does rolling out every seat through the
    engine, a view built at each card."""
    from maw_sim.bots import playout
    from maw_sim.bots.features import features_on_masks, of_view, turnup_out, view_tables
    from maw_sim.bots.learned import _NetworkSeats
    from maw_sim.cards import CODE_INDEX, CODES
    networks = (shipped(), _perturbed_network(1))
    heuristic = get_bot("heuristic")
    checked = robbed = differ = 0
    for deal, view in _rollout_decisions((1, 2, 3), random.Random(5)):
        legal = deal.legal_actions()
        heuristic_code = playout.heuristic_action(deal)
        pos = deal.position
        from_deal = features_on_masks(view_tables(deal), turnup_out(deal), deal.players, pos.to_move,
                                      pos.hands[pos.to_move], pos.played, pos.plays, pos.leader, pos.won,
                                      pos.trick_count, legal, heuristic_code)
        assert legal == view.legal and heuristic_code == heuristic(view, None)
        assert from_deal == of_view(view, heuristic_code)
        choices = [network.choose(view) for network in networks]
        # The rollout's own chooser, on the playout's integers (the position's here).
        chooser = _NetworkSeats({view.seat: networks[1]}).on_masks(deal)[view.seat]
        chosen = chooser(pos.hands[view.seat], pos.played, pos.plays, pos.leader, pos.won, pos.trick_count,
                         sum(1 << CODE_INDEX[a] for a in legal), CODE_INDEX[heuristic_code])
        assert CODES[chosen] == choices[1]
        checked += 1
        robbed += deal.robbed is not None
        differ += choices[0] != choices[1]
    assert checked > 200 and robbed and differ

    def by_view(policy):
        """The same policy with no way to decide but from a view, for every seat."""
        return lambda v, rng: policy(v, rng)

    judged = 0
    for seed, network in ((6, networks[0]), (7, networks[1])):
        for _, view in _play_decisions(seed):
            if view.seat != seed % 5 or view.trick_number > 2:
                continue
            # The network at our seat only (learned-search), and at every seat, the others' another
            # network (learned-blend's rollouts with the others played by a network).
            other = networks[1] if network is networks[0] else networks[0]
            everyone = {s: network if s == view.seat else other for s in range(view.players)}
            for seats in ({view.seat: network}, everyone):
                policy = _NetworkSeats(seats)
                for depth in (0, 1):
                    fast = PIMC(budget=40, min_worlds=3, max_worlds=4, reply_depth=depth, policy=policy)
                    slow = PIMC(budget=40, min_worlds=3, max_worlds=4, reply_depth=depth, policy=by_view(policy))
                    assert fast.evaluate(view, random.Random(seed)).rolled == \
                        slow.evaluate(view, random.Random(seed)).rolled, (seed, seats, depth)
            judged += 1
    assert judged >= 3


def test_other_games_go_to_the_fallback():
    deal = Deal.random("forty-five", 4, 7)
    seen = []

    def fallback(view, rng):
        seen.append(view.phase)
        return view.legal[0]

    bot = LearnedBot(fallback=fallback)
    while deal.to_move is not None:
        view = deal.view(deal.to_move)
        deal.apply(bot(view, random.Random(0)))
    assert "play" in seen


def test_registered():
    assert isinstance(get_bot("learned"), LearnedBot)
    assert isinstance(get_bot("learned-search"), LearnedSearch)
    assert isinstance(get_bot("learned-blend"), LearnedBlend)
    # The table's player is plan 7's: both pictures of the other seats, weighed by their cards.
    from maw_sim.bots.learned import searchers
    table = get_bot("learned-blend")
    assert (table.others, table.network_budget, table._others_network) == ("weighed", 100, searchers())


def test_learned_blend_averages_the_networks_q_and_the_rollouts_mean():
    """Each card's blended value is the share-weighted mean of its Q and of the mean its rollouts
    make (our later cards by the network), the same imagined deals as the search alone draws; at
    share 0 it plays as the network alone."""
    from maw_sim.bots.learned import _NetworkSeats
    network, checked = shipped(), 0
    for seed in (5, 6):
        for _, view in _play_decisions(seed):
            q = network.values(view, random.Random(seed))
            rolled = PIMC(budget=40, solve_when=0, policy=_NetworkSeats({view.seat: network})).evaluate(
                view, _after_q(network, view, seed)).rolled
            blended = LearnedBlend(budget=40, rollout_share=0.25).values(view, random.Random(seed))
            assert blended.keys() == set(view.legal)
            for action in view.legal:
                assert blended[action] == pytest.approx(0.75 * q[action] + 0.25 * rolled[action], abs=1e-12)
            assert LearnedBlend(budget=40, rollout_share=0.0)(view, random.Random(seed)) == \
                LearnedBot()(view, random.Random(seed))
            checked += 1
    assert checked > 4


def _after_q(network, view, seed):
    """The generator as the blend hands it to its search: after the network's values drew from it."""
    rng = random.Random(seed)
    network.values(view, rng)
    return rng


def test_learned_blends_rollouts_play_the_others_as_asked():
    """Heuristic players by default; with others by the network, its own or ``others_network``
    at every other seat, and its own network at its seat in every case."""
    _, view = next(_play_decisions(3))
    ours, theirs = shipped(), _perturbed_network(2)
    blend = LearnedBlend(others="network", others_network=theirs)
    assert blend.heuristic_weight(view, random.Random(0)) == 0.0 and LearnedBlend().heuristic_weight(view, None) == 1.0
    assert blend.rollouts(view, ours).policy.networks == {view.seat: ours}
    everyone = blend.rollouts(view, ours, True).policy.networks
    assert everyone == {s: ours if s == view.seat else theirs for s in range(view.players)}
    assert set(LearnedBlend().rollouts(view, ours, True).policy.networks.values()) == {ours}


def test_weighed_rollouts_are_the_two_pictures_mixed_by_the_reading(monkeypatch):
    """``weighed``: the rollouts' value is the heuristic picture's times the table's chance of
    being heuristic players plus the network's times the rest, each from that share of the budget;
    a picture below the least weight gets no rollouts at all."""
    from maw_sim.bots import learned
    _, view = next(_play_decisions(3))
    ours, theirs = shipped(), _perturbed_network(2)
    blend = LearnedBlend(others="weighed", network=ours, others_network=theirs, rollout_share=1.0)
    monkeypatch.setattr(learned, "chance_heuristic", lambda view, rng: 0.3)
    budgets = []
    evaluate = learned.PIMC.evaluate
    monkeypatch.setattr(learned.PIMC, "evaluate", lambda self, v, rng: budgets.append(self.budget) or evaluate(self, v, rng))
    mixed = blend.values(view, random.Random(5))
    assert budgets == [90, 210]
    rng = random.Random(5)
    heuristic = LearnedBlend(network=ours, budget=90).rollouts(view, ours).evaluate(view, rng).rolled
    network = LearnedBlend(network=ours, others_network=theirs, budget=210).rollouts(view, ours, True).evaluate(view, rng).rolled
    assert mixed == {a: 0.3 * heuristic[a] + 0.7 * network[a] for a in view.legal}
    monkeypatch.setattr(learned, "chance_heuristic", lambda view, rng: 0.97)
    budgets.clear()
    blend.values(view, random.Random(5))
    assert budgets == [300]
    # network_budget: the network's picture at full weight gets that many rollouts, the other budget's.
    blend.network_budget = 100
    for chance, expected in ((0.3, [90, 70]), (0.01, [100])):
        monkeypatch.setattr(learned, "chance_heuristic", lambda view, rng, chance=chance: chance)
        budgets.clear()
        blend.values(view, random.Random(5))
        assert budgets == expected


def test_learned_blend_refuses_an_unknown_player_for_the_other_seats():
    with pytest.raises(ValueError, match="heuristic, network, read, weighed; got 'pimc'"):
        LearnedBlend(others="pimc")


def test_learned_blend_refuses_a_share_outside_zero_to_one():
    with pytest.raises(ValueError, match="rollout_share"):
        LearnedBlend(rollout_share=1.5)


def test_training_script_runs_end_to_end(tmp_path):
    pytest.importorskip("numpy")
    spec = importlib.util.spec_from_file_location("train_learned_bot", ROOT / "scripts" / "train_learned_bot.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "weights.json"
    lines = []
    data = module.train(iterations=2, deals=8, hidden=4, epochs=1, epsilon=0.2, seed=1, out=out, log=lines.append)
    assert json.loads(out.read_text(encoding="utf-8")) == data
    assert data["training"]["samples"] > 0 and len(data["training"]["curves"]) == 2
    network = from_dict(data)
    _, view = next(_play_decisions(8))
    assert network.choose(view) in view.legal


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_teacher_chooses_what_it_values_and_its_rows_are_the_seats_view(tmp_path):
    """ISMCTS's root values are what it chooses by, and each row the teaching script writes holds,
    for every legal card, the features read from the learning seat's own view, and the deal's
    actions, from which those views are rebuilt."""
    teacher = ISMCTS(iterations=40)
    _, view = next(_play_decisions(3))
    values = teacher.root_values(view, random.Random(5))
    assert set(values) == set(view.legal) and sum(n for n, _ in values.values()) == 40
    assert most_visited(values) == teacher(view, random.Random(5))
    teach = _script("teach_learned_bot")
    rows = tmp_path / "rows.jsonl"
    teach.collect(deals=2, iterations=40, seed=7, rows=rows, share=(0, 1))
    lines = [json.loads(line) for line in rows.read_text(encoding="utf-8").splitlines()]
    assert [r["deal"] for r in lines] == [0, 1] and [r["field"] for r in lines] == ["heuristic", "pimc"]
    assert all(len(d) > 1 for r in lines for d in r["decisions"])
    # The same deal again, the learning seat's views rebuilt: their features are the rows'.
    variant = maw_sim.load_variant("spoil-five")
    decisions, _, _, actions = teach.play_taught(variant, 7, 0, ISMCTS(iterations=40))
    assert decisions == lines[0]["decisions"] and actions == lines[0]["actions"]
    # Each deal played again from its recorded actions: the seat's views at its decisions, whose
    # features are the rows' (so other features can be read from them later).
    for row in lines:
        views = teach.decision_views(variant, 7, row)
        assert len(views) == len(row["decisions"]) > 0
        for view, decision in zip(views, row["decisions"]):
            assert {a: [round(v, 6) for v in x] for a, x in features(view).items()} == \
                {a: card["x"] for a, card in decision.items()}
    assert teach.decision_views(variant, 7, {"deal": 0}) == []      # a row from before the actions
    teach.collect(deals=2, iterations=40, seed=7, rows=rows, share=(0, 1))      # resumes: nothing new
    assert len(rows.read_text(encoding="utf-8").splitlines()) == 2


def test_observed_rows_mark_the_card_each_player_chose(tmp_path):
    """``observe``: a row at every seat's play decision with a choice, the card played marked by
    its one visit, the features that seat's view's; the deal's actions are the player's own."""
    teach = _script("teach_learned_bot")
    rows = tmp_path / "observed.jsonl"
    teach.observe(deals=1, player="pimc", seed=7, rows=rows, share=(0, 1))
    row = json.loads(rows.read_text(encoding="utf-8"))
    variant = maw_sim.load_variant("spoil-five")
    deal, _, _ = teach.dealt(variant, 7, 0)
    decisions = iter(row["decisions"])
    seats = set()
    for action in row["actions"]:
        view = deal.view(deal.to_move)
        if teach.is_decision(view):
            decision = next(decisions)
            assert [a for a, card in decision.items() if card["visits"]] == [action]
            assert {a: [round(v, 6) for v in x] for a, x in features(view).items()} == \
                {a: card["x"] for a, card in decision.items()}
            seats.add(view.seat)
        deal.apply(action)
    assert next(decisions, None) is None and len(seats) > 1 and deal.phase == "over"
    assert row["actions"] == teach.play_observed(variant, 7, 0, get_bot("pimc"))[1]


def test_teaching_script_fits_and_its_weights_are_named_by_digest(tmp_path):
    pytest.importorskip("numpy")
    teach = _script("teach_learned_bot")
    rows, out = tmp_path / "rows.jsonl", tmp_path / "taught.json"
    teach.collect(deals=12, iterations=30, seed=11, rows=rows, share=(0, 1))
    data = teach.fit(rows, out, epochs=2, lr=1e-3, batch=32, seed=1, log=lambda line: None)
    taught = data["training"]["taught"]
    assert taught["rows"] == 12 and len(taught["curves"]) == 3 and taught["decisions"] > 12
    network = read_weights(out.read_text(encoding="utf-8"))
    assert network.digest and network.digest != shipped_digest()
    # The weights kept are those of the first epoch of least regret (epoch 0: the shipped ones).
    regrets = [c["test_regret"] for c in taught["curves"]]
    assert taught["kept_epoch"] == regrets.index(min(regrets))
    assert (network.columns == shipped().columns) == (taught["kept_epoch"] == 0)
    # A fit may take the first deals only, every one of them collected; its rows are named by digest.
    first = teach.fit(rows, out, epochs=0, lr=1e-3, batch=32, seed=1, log=lambda line: None, deals=8)
    assert first["training"]["taught"]["rows"] == 8
    assert first["training"]["taught"]["rows_digest"] != taught["rows_digest"]
    with pytest.raises(SystemExit, match="not in"):
        teach.fit(rows, out, epochs=0, lr=1e-3, batch=32, seed=1, log=lambda line: None, deals=20)
    # Several rows files at once (two teachers' rows), each with its own count of deals.
    both = teach.fit([rows, rows], out, epochs=0, lr=1e-3, batch=32, seed=1, log=lambda line: None,
                     deals=[8, None])["training"]["taught"]
    assert both["rows"] == 20 and both["decisions"] == first["training"]["taught"]["decisions"] + taught["decisions"]
    assert both["rows_digest"] not in (taught["rows_digest"], first["training"]["taught"]["rows_digest"])
    with pytest.raises(SystemExit, match="one for each"):
        teach.fit([rows, rows], out, epochs=0, lr=1e-3, batch=32, seed=1, log=lambda line: None, deals=[8])
    _, view = next(_play_decisions(8))
    assert LearnedBot(network)(view, random.Random(0)) in view.legal
