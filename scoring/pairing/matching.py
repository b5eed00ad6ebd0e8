"""Maximum matching of entries that may still meet (Edmonds' blossom algorithm).

Avoiding rematches (or repeat partners) is a matching problem: entries are the nodes and
two entries are joined when they have not met. The fewest rematches any draw can have is
(entries / 2) minus the size of a maximum matching of that graph, whatever the standings.
The graph is dense (each entry has met only a few others), so it is kept as its
complement: the sets of entries each one has met.

A greedy pass in the caller's order of preference (standing order for Swiss, a random
order for a random draw) matches nearly everyone; augmenting paths then make the matching
maximum while changing as little of the greedy choice as possible.

>>> m = Matching(4, [{1}, {0}, set(), set()])   # 0 and 1 have met
>>> m.greedy([0, 1, 2, 3])
>>> m.augment()
>>> m.size(), m.mate[0] != 1
(2, True)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import chain


class Matching:
    """A matching on nodes 0..n-1 where ``met[i]`` lists the nodes i may not be matched to.

    Nodes can be removed (byes); ``mate[i]`` is i's partner in the matching, or -1.
    """

    def __init__(self, n: int, met: Sequence[set[int]]) -> None:
        self.n = n
        self.met = met
        self.mate = [-1] * n
        self.alive = [True] * n

    @classmethod
    def among(cls, met: Sequence[set[int]], order: Sequence[int]) -> Matching:
        """A maximum matching of the nodes in ``order`` only: greedy in that order, augmented.

        >>> Matching.among([{1}, {0}, set(), set()], [0, 1, 2]).mate
        [2, -1, 0, -1]
        """
        matching = cls(len(met), met)
        matching.alive = [False] * len(met)
        for u in order:
            matching.alive[u] = True
        matching.greedy(order)
        matching.augment()
        return matching

    def allowed(self, u: int, v: int) -> bool:
        """True when u and v may be matched (both present, distinct, never met).

        >>> Matching(3, [{1}, {0}, set()]).allowed(0, 2)
        True
        """
        return u != v and self.alive[u] and self.alive[v] and v not in self.met[u]

    def size(self) -> int:
        """The number of matched pairs.

        >>> m = Matching(3, [set(), set(), set()]); m.greedy([0, 1, 2]); m.size()
        1
        """
        return sum(1 for u in range(self.n) if self.mate[u] > u)

    def exposed(self) -> list[int]:
        """Present nodes without a partner, in node order.

        >>> m = Matching(3, [set(), set(), set()]); m.greedy([2, 1, 0]); m.exposed()
        [0]
        """
        return [u for u in range(self.n) if self.alive[u] and self.mate[u] == -1]

    def greedy(self, order: Sequence[int]) -> None:
        """Match each free node of ``order`` to the first later free node it may meet.

        >>> m = Matching(4, [set(), set(), set(), set()])
        >>> m.greedy([3, 1, 0, 2]); m.mate
        [2, 3, 0, 1]
        """
        free = [u for u in order if self.alive[u] and self.mate[u] == -1]
        while free:
            u = free.pop(0)
            met = self.met[u]
            for k, v in enumerate(free):
                if v not in met:
                    self.mate[u], self.mate[v] = v, u
                    del free[k]
                    break

    def augment(self) -> None:
        """Make the matching maximum: one augmenting-path search from each exposed node.

        (A node with no augmenting path never gets one later in Edmonds' algorithm.)

        >>> m = Matching(4, [{1, 3}, {0}, set(), {0}])   # 0 met 1 and 3
        >>> m.greedy([1, 2, 0, 3]); m.mate                # 1-2 leaves 0 and 3 unmatched
        [-1, 2, 1, -1]
        >>> m.augment(); m.size()
        2
        """
        for root in self.exposed():
            if self.mate[root] == -1:
                self.augment_from(root)

    def pairs(self, order: Sequence[int]) -> list[tuple[int, int]]:
        """Every present node of ``order`` in a pair: the matched pairs in that order, then
        the unmatched nodes paired in that order (each of them met all the others left).

        >>> m = Matching(4, [{1}, {0}, set(), set()]); m.mate = [-1, -1, 3, 2]
        >>> m.pairs([3, 2, 1, 0])
        [(3, 2), (1, 0)]
        """
        seen: set[int] = set()
        result = []
        for u in order:
            v = self.mate[u]
            if v != -1 and u not in seen:
                seen.update((u, v))
                result.append((u, v))
        left = [u for u in order if self.alive[u] and self.mate[u] == -1]
        return result + list(zip(left[::2], left[1::2]))

    def remove(self, u: int) -> int:
        """Take u out of the graph (a bye); return its former partner, or -1.

        >>> m = Matching(2, [set(), set()]); m.greedy([0, 1]); m.remove(0)
        1
        """
        partner = self.mate[u]
        self.alive[u] = False
        self.mate[u] = -1
        if partner != -1:
            self.mate[partner] = -1
        return partner

    def augment_from(self, root: int) -> bool:
        """Search an augmenting path from the exposed ``root``; apply it if found.

        >>> m = Matching(4, [{1, 3}, {0}, set(), {0}])
        >>> m.mate = [-1, 2, 1, -1]          # 1-2 matched; 0 and 3 exposed and met
        >>> m.augment_from(0), m.mate
        (True, [2, 3, 0, 1])
        """
        end, parent = self._find_path(root)
        if end == -1:
            return False
        mate = self.mate
        v = end
        while v != -1:
            pv = parent[v]
            nxt = mate[pv]
            mate[v], mate[pv] = pv, v
            v = nxt
        return True

    def _find_path(self, root: int) -> tuple[int, list[int]]:
        n, mate, alive = self.n, self.mate, self.alive
        used = [False] * n
        parent = [-1] * n
        base = list(range(n))
        used[root] = True
        queue = deque([root])
        # Exposed nodes are scanned first: in a dense graph they end most searches at once.
        exposed = [u for u in self.exposed() if u != root]
        everyone = range(n)
        while queue:
            v = queue.popleft()
            met_v = self.met[v]
            for to in chain(exposed, everyone):
                if to == v or not alive[to] or to in met_v or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    self._contract(base, parent, used, queue, v, to, root)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        return to, parent
                    used[mate[to]] = True
                    queue.append(mate[to])
        return -1, parent

    def _contract(self, base, parent, used, queue, v: int, to: int, root: int) -> None:
        """Shrink the odd cycle closed by the edge v-to into its base (a blossom)."""
        current = self._common_base(base, parent, v, to)
        blossom = [False] * self.n
        self._mark(base, parent, blossom, v, current, to)
        self._mark(base, parent, blossom, to, current, v)
        for i in range(self.n):
            if blossom[base[i]]:
                base[i] = current
                if not used[i]:
                    used[i] = True
                    queue.append(i)

    def _common_base(self, base, parent, a: int, b: int) -> int:
        mate = self.mate
        seen = [False] * self.n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def _mark(self, base, parent, blossom, v: int, b: int, child: int) -> None:
        mate = self.mate
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]


def choose_out(matching: Matching, candidates: Sequence[int], count: int) -> list[int]:
    """Take ``count`` of ``candidates`` out (byes), keeping the maximum matching of the
    others as large as any choice could; the matching must be maximum, and stays so.

    One node: the first candidate, in the caller's order of preference, whose leaving
    costs nothing (else the first). Several: ``count`` extra nodes joined to every
    candidate are matched with the rest, and the candidates they take leave; a maximum
    matching of that graph is a best choice (taking a node and its partner together can
    cost one pair where taking them one at a time would cost two).

    >>> m = Matching(3, [{2}, set(), {0}])      # 0 and 2 met: 1 must play one of them
    >>> m.greedy([0, 1, 2]); m.augment()
    >>> choose_out(m, [1, 0], 1)
    [0]
    >>> m = Matching(4, [{1, 2}, {0}, {0}, set()])   # 0 met 1 and 2: can only play 3
    >>> m.greedy([0, 1, 2, 3]); m.augment()
    >>> sorted(choose_out(m, [3, 1, 2], 2))
    [1, 2]
    """
    if count >= len(candidates):
        for c in candidates:
            matching.remove(c)
        matching.augment()
        return list(candidates)
    if count == 1:
        return [_choose_one(matching, candidates)]
    n = matching.n
    extra = set(range(n, n + count))
    allowed = set(candidates)
    met = [matching.met[u] if u in allowed else matching.met[u] | extra for u in range(n)]
    met += [extra | (set(range(n)) - allowed) for _ in extra]
    wider = Matching(n + count, met)
    wider.alive = matching.alive + [True] * count
    first = set(candidates)
    wider.greedy([*sorted(extra), *candidates, *(u for u in range(n) if u not in first)])
    wider.augment()
    chosen = [wider.mate[x] for x in sorted(extra)]
    for c in chosen:
        wider.remove(c)
    matching.mate = wider.mate[:n]
    for c in chosen:
        matching.alive[c] = False
    return chosen


def _choose_one(matching: Matching, candidates: Sequence[int]) -> int:
    for c in candidates:
        if matching.mate[c] == -1:
            matching.remove(c)
            return c
        saved = matching.mate[:]
        partner = matching.remove(c)
        if matching.augment_from(partner):
            return c
        matching.mate = saved
        matching.alive[c] = True
    matching.remove(candidates[0])
    return candidates[0]
