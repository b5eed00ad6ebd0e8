"""Benchmark: double-dummy solving of whole boards, all five trumps, on one core.

For each board (``engine.Board.random(n, seed)``, the house rules, the player after the
dealer leading) the solver of ``engine.dd`` is timed for the four trumps and no trump
together: median and worst seconds a board. The baseline, plain alpha-beta
(``engine.dd_reference.alphabeta``: the engine's legal cards, no table, no ordering, no
pruning of equivalent cards, full window), solves the same boards in the same run (fewer of
them: it is slow) and must agree with the solver. CPU seconds (``time.process_time``), so
that other processes on the machine weigh less.

Target (issue 18): a 48-board evening's hand records (48 x 5 solves) in 60 s with 2 workers,
so 2.5 s a board on one core at most; aim for 0.25 s.

Run: ``.venv/bin/python benchmarks/dd.py [--boards N] [--baseline-boards M]``. ``--smoke`` (or
BENCH_SMOKE=1): 1 board, endings of 4 cards against plain alpha-beta, no whole board for it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _smoke import pick, run, target

from engine import Board, double_dummy
from engine.cards import parse_suit
from engine.dd_reference import alphabeta

TRUMPS = ("c", "d", "h", "s", None)


def solve_board(board: Board) -> tuple[float, list[int], int]:
    start = time.process_time()
    values, nodes = [], 0
    for trump in TRUMPS:
        result = double_dummy(board.masks, board.leader(), trump, "house")
        values.append(result.points[0])
        nodes += result.nodes
    return time.process_time() - start, values, nodes


def baseline_board(board: Board) -> tuple[float, list[int]]:
    start = time.process_time()
    values = [alphabeta(list(board.masks), board.leader(), parse_suit(t), "house")
              for t in TRUMPS]
    return time.process_time() - start, values


def ending(board: Board, cards: int) -> list[int]:
    """The board cut down to an ending: each hand's first ``cards`` cards as it is written."""
    out = []
    for hand in board.hands:
        mask = 0
        for card in list(hand)[:cards]:
            mask |= card.mask
        out.append(mask)
    return out


def endings(boards: list[Board], cards: int) -> tuple[float, float]:
    """CPU seconds of the solver and of plain alpha-beta on the boards' endings, 5 trumps."""
    ours = base = 0.0
    for board in boards:
        hands = ending(board, cards)
        for trump in TRUMPS:
            start = time.process_time()
            value = double_dummy(hands, board.leader(), trump, "house").points[0]
            ours += time.process_time() - start
            start = time.process_time()
            assert alphabeta(hands, board.leader(), parse_suit(trump), "house") == value
            base += time.process_time() - start
    return ours, base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=pick(16, 1))
    parser.add_argument("--baseline-boards", type=int, default=pick(1, 0),
                        help="whole boards for plain alpha-beta (each can take an hour)")
    parser.add_argument("--ending-cards", type=int, default=pick(5, 4),
                        help="cards a hand in the endings both solve (0: none)")
    parser.add_argument("--seed", default="benchmark")
    args = parser.parse_args()
    boards = [Board.random(n, seed=args.seed) for n in range(1, args.boards + 1)]
    times, nodes = [], []
    solved = {}
    for board in boards:
        seconds, values, count = solve_board(board)
        times.append(seconds)
        nodes.append(count)
        solved[board.number] = values
        print(f"board {board.number:>2}: {seconds:6.2f} s, {count:>8,} nodes, "
              f"side 0 takes {values} (c d h s NT)", flush=True)
    if args.ending_cards:
        ours, slow = endings(boards, args.ending_cards)
        print(f"endings of {args.ending_cards} cards a hand, {len(boards)} boards x 5 trumps: "
              f"solver {ours:.2f} s, plain alpha-beta {slow:.2f} s ({slow / ours:.0f}x)",
              flush=True)
    base = []
    for board in boards[:args.baseline_boards]:
        seconds, values = baseline_board(board)
        assert values == solved[board.number], (board.number, values, solved[board.number])
        base.append(seconds)
        print(f"board {board.number:>2} plain alpha-beta: {seconds:7.2f} s (same values)",
              flush=True)
    median, worst = statistics.median(times), max(times)
    print(f"\nPython {sys.version.split()[0]}, one core, house rules, {len(boards)} boards x 5 "
          "trumps")
    print(f"solver:           median {median:.2f} s a board, worst {worst:.2f} s, "
          f"median {statistics.median(nodes):,.0f} nodes")
    if base:
        ours = statistics.median(times[:len(base)])
        print(f"plain alpha-beta: median {statistics.median(base):.2f} s a board on the first "
              f"{len(base)} boards ({statistics.median(base) / ours:.0f}x the solver's "
              f"{ours:.2f} s on the same boards)")
    evening = sum(times) / len(times) * 48 / 2
    print(f"48 boards with 2 workers: about {evening:.0f} s (target 60 s, aim 6 s): "
          f"{target(evening <= 60)}")


if __name__ == "__main__":
    run(main)
