"""The draws against exhaustive search on small fields: no avoidable rematch or repeat partner.

For up to 9 pairs and 10 players every possible draw is enumerated, the fewest rematches
(or repeated partners) any of them has is computed, and the generator must reach it.
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.pairing import Entry, check_draw, draw, table_plan
from scoring.pairing.matching import Matching

FAST = settings(max_examples=120, deadline=None, derandomize=True)


def perfect_matchings(items: list) -> list[list[tuple]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    result = []
    for k, other in enumerate(rest):
        for tail in perfect_matchings(rest[:k] + rest[k + 1 :]):
            result.append([(first, other), *tail])
    return result


def triangle_partitions(items: list) -> list[list[tuple]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    result = []
    for b, c in combinations(rest, 2):
        left = [x for x in rest if x not in (b, c)]
        for tail in triangle_partitions(left):
            result.append([(first, b, c), *tail])
    return result


@st.composite
def histories(draw_, low: int, high: int) -> tuple[int, set[frozenset], list[int]]:
    """A field size, the pairs that already met (any graph at all), and byes had."""
    n = draw_(st.integers(low, high))
    every_pair = [frozenset(p) for p in combinations(range(n), 2)]
    density = draw_(st.sampled_from([0.1, 0.3, 0.6, 0.9]))
    chosen = draw_(
        st.lists(st.booleans().map(lambda b: b), min_size=len(every_pair), max_size=len(every_pair))
    )
    noise = draw_(st.randoms(use_true_random=False))
    met = {p for p, pick in zip(every_pair, chosen) if pick and noise.random() < density * 1.6}
    byes = draw_(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    return n, met, byes


def entries_from(n: int, met: set[frozenset], byes: list[int], attribute: str, scores=None) -> list[Entry]:
    seen = {i: frozenset(j for p in met if i in p for j in p if j != i) for i in range(n)}
    return [Entry(i, score=(scores or [0] * n)[i], byes=byes[i], **{attribute: seen[i]}) for i in range(n)]


def bye_sets(byes: list[int], count: int) -> list[tuple[int, ...]]:
    """Every set of ``count`` byes that goes to entries with the fewest byes first."""
    fewest = sorted(byes)[:count]
    return [c for c in combinations(range(len(byes)), count) if sorted(byes[i] for i in c) == fewest]


def fewest_rematches(n: int, met: set[frozenset], byes: list[int]) -> int:
    best = None
    for out in bye_sets(byes, n % 2):
        rest = [i for i in range(n) if i not in out]
        for matching in perfect_matchings(rest):
            count = sum(frozenset(p) in met for p in matching)
            best = count if best is None else min(best, count)
    return best


@FAST
@given(histories(2, 9), st.integers(0, 3), st.sampled_from(["random", "swiss"]))
def test_fixed_pairs_reach_the_fewest_rematches(case, seed, method):
    n, met, byes = case
    scores = [(i * 7 + seed) % 3 for i in range(n)]
    entries = entries_from(n, met, byes, "opponents", scores)
    result = draw(entries, method, seed=seed)
    check_draw(result, entries)
    rematches = [frozenset(t.seats) in met for t in result.tables]
    assert sum(rematches) == fewest_rematches(n, met, byes)
    # The flag tells exactly which tables are rematches.
    assert [("rematch" in t.flags) for t in result.tables] == rematches
    if n % 2:
        assert byes[result.bye_ids()[0]] == min(byes)


def fewest_repeat_partners(n: int, met: set[frozenset], byes: list[int], odd: str) -> int:
    _, threes, bye_count = table_plan(n, odd)
    best = None
    for out in bye_sets(byes, bye_count):
        rest = [i for i in range(n) if i not in out]
        for trio_players in combinations(rest, 3 * threes):
            trio_cost = min(
                sum(frozenset(p) in met for t in part for p in combinations(t, 2))
                for part in triangle_partitions(list(trio_players))
            )
            pairs = [i for i in rest if i not in trio_players]
            pair_cost = min(sum(frozenset(p) in met for p in m) for m in perfect_matchings(pairs))
            best = trio_cost + pair_cost if best is None else min(best, trio_cost + pair_cost)
    return best


def repeat_partners(result, met: set[frozenset]) -> int:
    count = 0
    for table in result.tables:
        s = table.seats
        partners = [(s[0], s[2]), (s[1], s[3])] if len(s) == 4 else list(combinations(s, 2))
        repeated = sum(frozenset(p) in met for p in partners)
        assert ("repeat_partner" in table.flags) == bool(repeated)
        count += repeated
    return count


@FAST
@given(histories(4, 10), st.integers(0, 3))
def test_individual_with_byes_reaches_the_fewest_repeat_partners(case, seed):
    n, met, byes = case
    entries = entries_from(n, met, byes, "partners")
    result = draw(entries, "individual", seed=seed)
    check_draw(result, entries)
    assert all(len(t.seats) == 4 for t in result.tables)
    assert repeat_partners(result, met) == fewest_repeat_partners(n, met, byes, "byes")
    assert sorted(byes[i] for i in result.bye_ids()) == sorted(byes)[: n % 4]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(histories(5, 10), st.integers(0, 3))
def test_individual_with_tables_of_three_reaches_the_fewest_repeat_partners(case, seed):
    n, met, byes = case
    entries = entries_from(n, met, byes, "partners")
    result = draw(entries, "individual", seed=seed, options={"odd": "threes"})
    check_draw(result, entries)
    fours, threes, _ = table_plan(n, "threes")
    assert sorted(len(t.seats) for t in result.tables) == [3] * threes + [4] * fours
    assert all(("table_of_three" in t.flags) == (len(t.seats) == 3) for t in result.tables)
    assert repeat_partners(result, met) == fewest_repeat_partners(n, met, byes, "threes")


def largest_matching(n: int, edges: set[frozenset]) -> int:
    best = 0
    edge_list = list(edges)

    def grow(k: int, used: frozenset, size: int) -> None:
        nonlocal best
        best = max(best, size)
        if size + (n - len(used)) // 2 <= best:
            return
        for j in range(k, len(edge_list)):
            if not edge_list[j] & used:
                grow(j + 1, used | edge_list[j], size + 1)

    grow(0, frozenset(), 0)
    return best


@settings(max_examples=200, deadline=None, derandomize=True)
@given(histories(1, 11), st.randoms(use_true_random=False))
def test_blossom_matching_is_maximum(case, rnd):
    n, met, _ = case
    # Graph of allowed meetings: every pair not in ``met``.
    forbidden = [{j for j in range(n) if frozenset((i, j)) in met} for i in range(n)]
    matching = Matching(n, forbidden)
    order = list(range(n))
    rnd.shuffle(order)
    matching.greedy(order)
    matching.augment()
    allowed = {frozenset(p) for p in combinations(range(n), 2)} - met
    for u in range(n):
        v = matching.mate[u]
        assert v == -1 or (matching.mate[v] == u and frozenset((u, v)) in allowed)
    assert matching.size() == largest_matching(n, allowed)
