"""Benchmark: complete simulated auction deals per second on one core.

A deal here is everything a simulated club evening does for one auction deal: shuffle and
deal (the widow, the sevens taken out, the cards laid out), the auction (the privilege round of
variant 1, the bidding of variants 2 and 3), the declarer's exchange, trump, every trick, and
the score of every seat through ``scoring.score_auction``. Four players, each preset in turn
(auction1, auction2, auction3), the dealer moving on each deal. Measured:

- the engine's fast path with random players (``engine.simulate_auction_facts``) + scoring;
- the same with the heuristic players (estimates, bids, exchanges, card play);
- the checked path, ``engine.simulate_auction`` (the same decisions replayed through
  Privilege/Bidding, WidowDraw/OpenExchange and ContractDeal) + scoring;
- a baseline kept in this file: a plain list-based implementation of the same deal with the
  same random decisions (lists of Card objects, legal cards and the trick's winner recomputed
  from the trick for every card, the score from the lists).

Run: ``.venv/bin/python benchmarks/auction.py [--deals N]``. Target: 5,000 deals/s or more on
the fast path. Wall-clock best of interleaved runs (so load from other processes falls on every
contender alike), and the process's CPU time as a second figure. ``--smoke`` (or BENCH_SMOKE=1):
a few hundred deals, once, targets not checked.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _smoke import pick, run, target

from engine import DECK, Card, RuleSet, simulate_auction, simulate_auction_facts
from scoring import AuctionDeal, score_auction

GAMES = tuple(RuleSet.preset(name) for name in ("auction1", "auction2", "auction3"))
RANK_ORDER = ["7", "8", "9", "J", "Q", "K", "A", "10"]
PLAYERS = 4


# -- the baseline: lists of Card objects, everything recomputed per card ----------------------

def baseline_beats(card: Card, best: Card, trump: str | None) -> bool:
    if card.suit == best.suit:
        return RANK_ORDER.index(card.rank) > RANK_ORDER.index(best.rank)
    return card.suit == trump


def baseline_winner(trick: list[Card], trump: str | None) -> int:
    best = 0
    for i in range(1, len(trick)):
        if baseline_beats(trick[i], trick[best], trump):
            best = i
    return best


def baseline_deal(rng: random.Random, rules: RuleSet, dealer: int) -> list[int]:
    """One auction deal of four players (counter-clockwise, as the presets), random decisions
    as engine.auction_sim.AuctionRandomPlayer; returns every seat's score."""
    n, game = PLAYERS, rules.game
    deck = list(DECK)  # four players: variant 2 takes no seven out (8 cards each)
    rng.shuffle(deck)
    size = rules.cards_per_player
    order = [(dealer - 1 - i) % n for i in range(n)]
    hands: list[list[Card]] = [[] for _ in range(n)]
    top = 0
    for packet in (3, 2, 3) if size == 8 else (3, 3, 1):
        for seat in order:
            hands[seat].extend(deck[top:top + packet])
            top += packet
    rest = deck[top:]
    total = 60 + size
    declarer, contract, high = None, None, None
    if game == "auction1":
        for seat in order:
            if rng.random() < 0.5:
                declarer = seat
                break
    else:
        lowest = -(-total // n)
        passed: list[int] = []
        seat_index = 0
        while True:
            seat = order[seat_index % n]
            seat_index += 1
            if seat in passed:
                continue
            roll = rng.random()
            nxt = None if high == "all" else lowest if high is None else high + 1
            if roll < 0.02 and high != "all":
                bid = "all"
            elif roll < 0.5 and nxt is not None and nxt <= total:
                bid = nxt
            else:
                bid = None
            if bid is None:
                passed.append(seat)
            else:
                high, declarer = bid, seat
            active = [s for s in range(n) if s not in passed]
            if bid == "all" or not active or (len(active) == 1 and active[0] == declarer):
                break
        contract = high
    if declarer is None:
        return [0] * n
    hand = hands[declarer]
    exchanged, discards = 0, []
    if game == "auction1":
        for card in rest[:int(rng.random() * (len(rest) + 1))]:
            hand.append(card)
            discards.append(hand.pop(int(rng.random() * len(hand))))
            exchanged += 1
    elif game == "auction3":
        take = [c for c in rest if rng.random() < 0.3]
        hand.extend(take)
        for _ in take:
            discards.append(hand.pop(int(rng.random() * len(hand))))
        exchanged = len(take)
    trump = rng.choice(["c", "d", "h", "s", None])
    leader = declarer if contract == "all" else order[0]
    count, tricks = 0, 0
    for _ in range(size):
        trick: list[Card] = []
        seats = [(leader - i) % n for i in range(n)]
        for seat in seats:
            led = [c for c in hands[seat] if trick and c.suit == trick[0].suit]
            card = rng.choice(led or hands[seat])
            hands[seat].remove(card)
            trick.append(card)
        leader = seats[baseline_winner(trick, trump)]
        if leader == declarer:
            count += sum(c.points for c in trick) + 1
            tricks += 1
    scores = [0] * n
    if game == "auction1":
        stake = 4 + 1 - exchanged
        made = count >= 21
        for seat in range(n):
            scores[seat] = (stake if made else -stake) * ((n - 1) if seat == declarer else -1)
    else:
        value = 2 * total if contract == "all" else contract
        made = tricks == size if contract == "all" else count >= contract
        scores[declarer] = value if made else -value
    return scores


# -- the engine's paths ------------------------------------------------------------------------

def engine_fast(players: str):
    def play(rng: random.Random, rules: RuleSet, dealer: int) -> tuple[int, ...]:
        facts = simulate_auction_facts(rng, rules, dealer=dealer, players=players)
        return score_auction(AuctionDeal.from_facts(facts), rules).points
    return play


def engine_checked(rng: random.Random, rules: RuleSet, dealer: int) -> tuple[int, ...]:
    facts = simulate_auction(rng.randrange(1 << 30), rules, dealer=dealer, players="random").facts
    return score_auction(AuctionDeal.from_facts(facts), rules).points


def timed(play_one, deals: int, seed: int) -> tuple[float, float]:
    """Wall and CPU seconds to play ``deals`` deals, cycling through the three games."""
    rng = random.Random(seed)
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(deals):
        rules = GAMES[number % 3]
        scores = play_one(rng, rules, number % PLAYERS)
        if rules.game == "auction1":
            assert sum(scores) == 0, scores
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=pick(6_000, 300), help="deals for the fast path")
    parser.add_argument("--repeats", type=int, default=pick(5, 1),
                        help="runs of each; the best counts")
    args = parser.parse_args()
    # The baseline plays as many deals as the fast path: a best-of over shorter runs would
    # favour it on a loaded machine.
    contenders = {
        "engine fast path (random players) + score": (engine_fast("random"), args.deals),
        "engine fast path (heuristic players) + score": (engine_fast("heuristic"), args.deals),
        "engine checked path (state machines) + score": (engine_checked,
                                                         max(args.deals // 4, pick(300, 30))),
        "baseline: lists of Card, recomputed per card": (baseline_deal, args.deals),
    }
    best = {label: (float("inf"), float("inf")) for label in contenders}
    for repeat in range(args.repeats):
        for label, (play_one, deals) in contenders.items():
            wall, cpu = timed(play_one, deals, seed=repeat)
            best[label] = (min(best[label][0], wall), min(best[label][1], cpu))
    print(f"Python {sys.version.split()[0]}, one core, 4 players, auction1/2/3 in turn, "
          f"best of {args.repeats} interleaved runs\n")
    rates = {}
    for label, (_, deals) in contenders.items():
        wall, cpu = best[label]
        rates[label] = (deals / wall, deals / cpu)
        print(f"{label:<46} {deals:>6} deals, {wall:5.2f} s = {rates[label][0]:>7,.0f} deals/s "
              f"(CPU time: {rates[label][1]:>7,.0f} deals/s)")
    baseline = rates["baseline: lists of Card, recomputed per card"]
    fast = rates["engine fast path (random players) + score"]
    print()
    for label in list(contenders)[:3]:
        print(f"{label:<46} {rates[label][0] / baseline[0]:5.1f}x the baseline "
              f"(CPU time: {rates[label][1] / baseline[1]:.1f}x)")
    print(f"target 5,000 complete auction deals/s on the fast path: "
          f"{target(fast[0] >= 5_000)} ({fast[0]:,.0f} wall, {fast[1]:,.0f} CPU)")


if __name__ == "__main__":
    run(main)
