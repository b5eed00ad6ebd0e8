"""The double-dummy solver is exact: equal to plain minimax (every card tried, legal cards
from the obligations stated one by one) on thousands of random endings of up to 3 tricks,
on endings of 4-5 tricks, and on the positions kept in tests/engine/dd_data/, solved once by
the reference with a memo of trick starts: a whole deal (full_deals.json; the reference took
1.5 minutes, and the no-trump deals of ``_generate`` did not finish in 40) and 24 endings of
5-6 cards (endings.json, 0.1 to 80 seconds each). ``python -m tests.engine.test_dd`` prints
them again."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import CardSet, EngineError, RuleSet, double_dummy
from engine.dd import Solver
from engine.dd_reference import alphabeta, minimax
from engine.table import deal_hands
from tests.helpers.double_dummy import RULES, random_ending

DATA = Path(__file__).parent / "dd_data"


def test_equal_to_plain_minimax_on_2000_endings_of_up_to_three_tricks():
    rng = random.Random(18)
    for number in range(2000):
        hands, leader, trump = random_ending(rng, 1, 3)
        rules = RULES[number % len(RULES)]
        expected = minimax(hands, leader, trump, rules)
        got = Solver(trump, rules).solve(hands, leader)
        assert got == expected, (number, [str(CardSet(h)) for h in hands], leader, trump,
                                 rules.name)


def test_equal_to_plain_alpha_beta_and_minimax_with_a_memo_on_endings_of_four_and_five():
    rng = random.Random(5)
    for number in range(24):
        hands, leader, trump = random_ending(rng, 4, 5)
        rules = RULES[number % 3]
        expected = minimax(hands, leader, trump, rules, {})
        assert alphabeta(hands, leader, trump, rules) == expected
        assert Solver(trump, rules).solve(hands, leader) == expected


def test_each_search_step_alone_keeps_the_value():
    rng = random.Random(7)
    for _ in range(30):
        hands, leader, trump = random_ending(rng, 3, 4)
        expected = alphabeta(hands, leader, trump, "house")
        for ordering in (False, True):
            for equivalence in (False, True):
                solver = Solver(trump, "house", ordering=ordering, equivalence=equivalence)
                assert solver.solve(hands, leader) == expected


def load_reference() -> list[dict]:
    """Whole deals (full_deals.json) and endings of 5 and 6 cards (endings.json)."""
    return [case for name in ("full_deals.json", "endings.json")
            for case in json.loads((DATA / name).read_text())]


@pytest.mark.parametrize("case", load_reference(), ids=lambda case: case["hands"][0])
def test_positions_solved_by_the_reference(case):
    result = double_dummy(case["hands"], case["leader"], case["trump"], case["rules"])
    assert list(result.points) == case["points"]


def test_a_position_mid_trick_and_the_public_result():
    hands = ["10c 7c", "Ac 8c", "Kc 9c", "Qc Jc"]
    result = double_dummy(hands, 0, None, "house")
    assert result.points == (9, 6) and result.trump is None and result.leader == 0
    solver = Solver(-1, "house")
    masks = [CardSet.parse(h).mask for h in hands]
    ten = CardSet.parse("10c").mask
    # 10c led: 9 for side 0 whatever comes; 7c led gives side 0 only 6 (RULES.md §5 duties)
    assert solver.solve([masks[0] & ~ten, *masks[1:]], 0, [ten.bit_length() - 1]) == 9


def test_all_tricks_is_the_side_that_can_force_every_trick():
    result = double_dummy(["Ah 7c", "10h 8c", "Kh 9c", "Qh Jc"], 0, "c")
    assert result.points == (0, 15) and result.all_tricks == 1
    # Side 0 wins the first trick, side 1 the second: nobody takes them all.
    zero = double_dummy(["10c 7d", "8c 9d", "Ac 8d", "9c Jd"], 0, None)
    assert zero.points == (9, 1) and zero.all_tricks is None
    rng = random.Random(3)
    for _ in range(300):
        hands, leader, trump = random_ending(rng, 1, 3)
        result = double_dummy(hands, leader, None if trump < 0 else "cdhs"[trump])
        if result.all_tricks is not None:
            assert result.points[1 - result.all_tricks] == 0


def test_the_trick_bonus_counts_one_point_a_trick():
    result = double_dummy(["Ah 7c", "10h 8c", "Kh 9c", "Qh Jc"], 0, "c", RuleSet(trick_bonus=True))
    assert result.points == (0, 17)


@pytest.mark.parametrize("hands, leader, rules, code, field", [
    (["7c", "8c", "9c Jc", "Qc"], 0, "house", "hand_size", "hands"),
    (["7c", "8c", "7c", "Qc"], 0, "house", "card_twice", "hands"),
    (["7c", "8c", "9c"], 0, "house", "hand_count", "hands"),
    ([""] * 4, 0, "house", "hand_size", "hands"),
    (["7c", "8c", "9c", "Qc"], 4, "house", "seat_invalid", "leader"),
    (["7c", "8c", "9c", "Qc"], 0, RuleSet(players=3), "dd_table", "rules"),
    (["7c", "8c", "9c", "Qc"], 0, "auction2", "dd_table", "rules"),
])
def test_bad_positions_are_refused(hands, leader, rules, code, field):
    with pytest.raises(EngineError) as caught:
        double_dummy(hands, leader, None, rules)
    assert (caught.value.code, caught.value.field) == (code, field)
    assert isinstance(caught.value, ValueError)


def _generate() -> None:  # pragma: no cover - run by hand, minutes a deal
    cases = [(0, "house", 2, 1), (1, "flemish", -1, 2), (2, "french", 0, 3), (3, "house", 3, 0),
             (4, "house", -1, 1), (5, "flemish", 1, 3), (6, "house", 2, 2), (7, "french", -1, 0)]
    for seed, rules, trump, leader in cases:
        hands = deal_hands(random.Random(1000 + seed))
        value = minimax(hands, leader, trump, rules, {})
        print(json.dumps({"hands": [str(CardSet(h)) for h in hands], "leader": leader,
                          "trump": None if trump < 0 else "cdhs"[trump], "rules": rules,
                          "points": [value, 60 - value]}), flush=True)


def _generate_endings(count: int = 24) -> None:  # pragma: no cover - endings.json
    rng = random.Random(66)
    for number in range(count):
        size = 6 if number % 2 == 0 else 5
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[k * size:(k + 1) * size]) for k in range(4)]
        leader, trump = rng.randrange(4), rng.choice([-1, 0, 1, 2, 3])
        rules = ("house", "flemish", "french")[number % 3]
        value = minimax(hands, leader, trump, rules, {})
        total = sum(CardSet(h).points for h in hands)
        print(json.dumps({"hands": [str(CardSet(h)) for h in hands], "leader": leader,
                          "trump": None if trump < 0 else "cdhs"[trump], "rules": rules,
                          "points": [value, total - value]}), flush=True)


if __name__ == "__main__":  # pragma: no cover
    _generate_endings()
    _generate()
