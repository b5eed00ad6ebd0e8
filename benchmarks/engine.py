"""Benchmark: complete random legal deals per second on one core.

A deal here is: shuffle and deal, a random trump (or no trump), then every trick with a
uniformly random legal card, under the house rules (every obligation in force). Measured:

- the engine's fast path, ``engine.simulate_facts(rng, players="random")``;
- the heuristic player through the same fast path;
- the checked path, ``engine.Deal.play`` with the explanation machinery on standby;
- a baseline kept in this file: a straightforward list-based implementation (lists of
  Card objects, the trick winner and the legal cards recomputed from scratch per play).

Run: ``.venv/bin/python benchmarks/engine.py [--deals N]``. Target: 10,000 deals/s or more.
``--smoke`` (or BENCH_SMOKE=1): a few hundred deals, once, the target not checked.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _smoke import pick, run, target

from engine import DECK, Card, Deal, RuleSet, deal_hands, simulate_facts

HOUSE = RuleSet.preset("house")
RANK_ORDER = ["7", "8", "9", "J", "Q", "K", "A", "10"]


# -- the baseline: lists of Card objects, everything recomputed per play ----------------

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


def baseline_legal(hand: list[Card], trick: list[Card], trump: str | None) -> list[Card]:
    """House rules, from the trick as played (positions of one parity are partners)."""
    if not trick:
        return list(hand)
    led = trick[0].suit
    winner = baseline_winner(trick, trump)
    best = trick[winner]
    opponent = winner % 2 != len(trick) % 2
    follow = [c for c in hand if c.suit == led]
    if follow:
        if opponent and best.suit == led:
            over = [c for c in follow if baseline_beats(c, best, trump)]
            return over or follow
        return follow
    trumps = [c for c in hand if c.suit == trump]
    if trump is None or led == trump or not trumps:
        return list(hand)
    if best.suit != trump:
        return trumps if opponent else list(hand)
    over = [c for c in trumps if baseline_beats(c, best, trump)]
    if opponent and over:
        return over
    under = [c for c in trumps if c not in over]
    rest = [c for c in hand if c not in under]
    return rest or list(hand)


def baseline_deal(rng: random.Random) -> tuple[int, int]:
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * 8:(i + 1) * 8] for i in range(4)]
    trump = rng.choice(["c", "d", "h", "s", None])
    points = [0, 0]
    leader = 1
    for _ in range(8):
        trick: list[Card] = []
        for position in range(4):
            seat = (leader + position) % 4
            card = rng.choice(baseline_legal(hands[seat], trick, trump))
            hands[seat].remove(card)
            trick.append(card)
        leader = (leader + baseline_winner(trick, trump)) % 4
        points[leader % 2] += sum(c.points for c in trick)
    return points[0], points[1]


# -- the engine's paths --------------------------------------------------------------------

def checked_deal(rng: random.Random) -> tuple[int, int]:
    deal = Deal(deal_hands(rng, HOUSE))
    deal.announce(rng.choice(["c", "d", "h", "s", None]))
    while not deal.finished:
        deal.play(rng.choice(list(deal.legal_cards())))
    return deal.card_points


def timed(play_one, deals: int, seed: int) -> float:
    """Seconds to play ``deals`` deals (each checked to hand out the 60 card points)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(deals):
        points = play_one(rng)
        assert sum(points) == 60, points
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=pick(20_000, 400), help="deals for the fast path")
    parser.add_argument("--repeats", type=int, default=pick(3, 1),
                        help="runs of each; the best counts")
    args = parser.parse_args()
    slow = max(args.deals // 10, pick(200, 40))
    contenders = {
        "engine fast path (simulate_facts, random)": (
            lambda rng: simulate_facts(rng, HOUSE, players="random").card_points, args.deals),
        "engine fast path (simulate_facts, heuristic)": (
            lambda rng: simulate_facts(rng, HOUSE, players="heuristic").card_points,
            args.deals // 2),
        "engine checked path (Deal.play)": (checked_deal, slow),
        "baseline: lists of Card, recomputed per play": (baseline_deal, slow),
    }
    best = dict.fromkeys(contenders, float("inf"))
    # Interleaved runs, so that load from other processes falls on every contender alike.
    for repeat in range(args.repeats):
        for label, (play_one, deals) in contenders.items():
            best[label] = min(best[label], timed(play_one, deals, seed=repeat))
    print(f"Python {sys.version.split()[0]}, one core, house rules, random trump and play, "
          f"best of {args.repeats} interleaved runs\n")
    rates = {}
    for label, (_, deals) in contenders.items():
        rates[label] = deals / best[label]
        print(f"{label:<46} {deals:>6} deals, best {best[label]:5.2f} s "
              f"= {rates[label]:>8,.0f} deals/s")
    baseline = rates["baseline: lists of Card, recomputed per play"]
    fast = rates["engine fast path (simulate_facts, random)"]
    print()
    for label in list(contenders)[:3]:
        print(f"{label:<46} {rates[label] / baseline:5.1f}x the baseline")
    print(f"target 10,000 random deals/s on the fast path: "
          f"{target(fast >= 10_000)} ({fast:,.0f})")


if __name__ == "__main__":
    run(main)
