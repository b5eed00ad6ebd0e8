"""Movements for duplicate Manille (RULES.md §15): which pairs sit at which table in each
round, in which direction, and which group of boards they play there.

Pairs are numbered from 1; a group of boards is numbered from 1 (group *g* holds the boards
``boards_of(g, per_round)``). North-South holds seats 0 and 2 (side 0), East-West seats 1
and 3 (side 1). A round is a tuple of :class:`Seating` by table; ``None`` for a pair is the
phantom of an odd field: the pair it meets sits out and no board is played at that table.

- :func:`mitchell` (larger fields): *T* tables, North-South pair *t* stays at table *t*,
  the East-West pairs move up one table a round and the board groups down one. With an
  odd number of tables every East-West pair meets every group once. With an even number
  the East-West pairs **skip** a table after half the rounds (they move up two), or they
  would meet the groups they already played. Pair numbers: North-South 1..T, East-West
  T+1..2T; an odd field's last East-West pair is the phantom.
- :func:`howell` (small fields): every pair meets every other pair once over the full
  movement and plays every group once, changing tables and directions. Built on the circle
  method (pair N stays at table 1, the others move round) with the board groups placed by a
  *strong starter*, so that each group is at one table a round; for 4, 6 and 10 pairs no
  such placement exists and two tables share a group in some rounds (bridge's "relay" or a
  second copy of the boards): those tables are named in :attr:`Seating.shared`. An odd
  field has a phantom, and each pair sits out once.

>>> m = mitchell(24)
>>> m.tables, len(m.rounds), m.groups, m.rounds[0][0]
(12, 12, 12, Seating(table=1, ns=1, ew=13, group=1, shared=()))
>>> m.rounds[6][0]      # after the skip (12 tables: even)
Seating(table=1, ns=1, ew=18, group=7, shared=())
>>> h = howell(8)
>>> h.tables, len(h.rounds), h.groups, set(h.plays.values())
(4, 7, 7, {4})
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from scoring.errors import ScoringError

KINDS = ("mitchell", "howell")
#: The fields each movement takes (a Mitchell of 2 tables would meet the same pairs again;
#: a Howell beyond 20 pairs is a long evening and needs more board groups than wallets).
MITCHELL_PAIRS = (5, 60)
HOWELL_PAIRS = (3, 20)


class MovementError(ScoringError):
    """A movement that cannot be made: ``code`` and ``field`` say why."""


@dataclass(frozen=True)
class Seating:
    """One table in one round: North-South pair, East-West pair (None: the phantom), the
    board group, and the other tables playing the same group this round (a relay)."""

    table: int
    ns: int | None
    ew: int | None
    group: int
    shared: tuple[int, ...] = ()

    @property
    def sit_out(self) -> bool:
        return self.ns is None or self.ew is None


@dataclass(frozen=True)
class Movement:
    """A movement: its kind, the field (``pairs``), tables, board groups, and the rounds
    (each a tuple of :class:`Seating`, table 1 first). ``plays``: how many times each group
    is played (at tables without the phantom)."""

    kind: str
    pairs: int
    tables: int
    groups: int
    rounds: tuple[tuple[Seating, ...], ...]

    @property
    def plays(self) -> dict[int, int]:
        count: Counter[int] = Counter()
        for seatings in self.rounds:
            for seating in seatings:
                if not seating.sit_out:
                    count[seating.group] += 1
        return {group: count[group] for group in range(1, self.groups + 1)}

    def boards(self, per_round: int) -> int:
        """The boards a session needs: every group of ``per_round`` boards."""
        return self.groups * per_round


def boards_of(group: int, per_round: int) -> list[int]:
    """The board numbers of ``group``.

    >>> boards_of(3, 2)
    [5, 6]
    """
    return list(range((group - 1) * per_round + 1, group * per_round + 1))


def _whole(field: str, value: object) -> int:
    if not (isinstance(value, int) and not isinstance(value, bool)):
        raise MovementError(f"a whole number, not {value!r}", code="movement_number",
                            field=field)
    return value


def _field(kind: str, pairs: object, bounds: tuple[int, int]) -> int:
    pairs = _whole("pairs", pairs)
    if not bounds[0] <= pairs <= bounds[1]:
        raise MovementError(f"a {kind} takes {bounds[0]} to {bounds[1]} pairs, not {pairs}",
                            code="movement_pairs", field="pairs")
    return pairs


def _rounds(rounds: object, most: int) -> int:
    if rounds is None:
        return most
    rounds = _whole("rounds", rounds)
    if not 1 <= rounds <= most:
        raise MovementError(f"1 to {most} rounds in this movement, not {rounds}",
                            code="movement_rounds", field="rounds")
    return rounds


def mitchell(pairs: int, rounds: int | None = None) -> Movement:
    """A Mitchell for ``pairs`` pairs (see the module); ``rounds``: fewer than the full
    movement's (one a table) to stop early."""
    pairs = _field("mitchell", pairs, MITCHELL_PAIRS)
    tables = (pairs + 1) // 2
    count = _rounds(rounds, tables)
    out = []
    for r in range(count):
        skip = 1 if tables % 2 == 0 and r >= tables // 2 else 0
        seatings = []
        for t in range(tables):
            ew_index = (t - r - skip) % tables      # the East-West pair now at table t
            ew = tables + 1 + ew_index
            seatings.append(Seating(t + 1, t + 1, ew if ew <= pairs else None,
                                    (t + r) % tables + 1))
        out.append(tuple(seatings))
    return Movement("mitchell", pairs, tables, tables, tuple(out))


@cache
def _starter(modulus: int) -> tuple[int, ...]:
    """Offsets c_0..c_{T-1} (T = (modulus + 1) / 2) such that the values c_0 and
    c_k - k, c_k + k (k = 1..T-1) are every residue once, with as few repeated offsets as
    possible (none: a strong starter)."""
    tables = (modulus + 1) // 2
    best: list[tuple[int, tuple[int, ...]]] = []

    def search(k: int, used: set[int], offsets: list[int], repeats: int) -> bool:
        if best and repeats >= best[0][0]:
            return False
        if k == tables:
            (rest,) = set(range(modulus)) - used
            total = repeats + (rest in offsets)
            if not best or total < best[0][0]:
                best[:] = [(total, (rest, *offsets))]
            return total == 0
        for c in range(modulus):
            low, high = (c - k) % modulus, (c + k) % modulus
            if low in used or high in used or low == high:
                continue
            used |= {low, high}
            offsets.append(c)
            if search(k + 1, used, offsets, repeats + (offsets.count(c) > 1)):
                return True
            offsets.pop()
            used -= {low, high}
        return False

    search(1, set(), [], 0)
    return best[0][1]


def howell(pairs: int, rounds: int | None = None) -> Movement:
    """A Howell for ``pairs`` pairs (see the module); ``rounds``: fewer than the full
    movement's to stop early (then not every pair meets every other)."""
    pairs = _field("howell", pairs, HOWELL_PAIRS)
    modulus = pairs - 1 if pairs % 2 == 0 else pairs     # the pairs that move round
    tables = (modulus + 1) // 2
    count = _rounds(rounds, modulus)
    offsets = _starter(modulus)
    hub = modulus + 1 if pairs % 2 == 0 else None        # pair number; None: the phantom
    out = []
    for r in range(count):
        placed = []
        for k in range(tables):
            if k == 0:
                a, b = hub, r + 1
                ns, ew = (a, b) if r % 2 == 0 else (b, a)
            else:
                a, b = (r + k) % modulus + 1, (r - k) % modulus + 1
                ns, ew = (a, b) if (k + r) % 2 else (b, a)
            placed.append((k + 1, ns, ew, (r + offsets[k]) % modulus + 1))
        by_group: dict[int, list[int]] = {}
        for table, ns, ew, group in placed:
            if ns is not None and ew is not None:
                by_group.setdefault(group, []).append(table)
        out.append(tuple(
            Seating(table, ns, ew, group,
                    tuple(t for t in by_group.get(group, ()) if t != table)
                    if ns is not None and ew is not None else ())
            for table, ns, ew, group in placed))
    return Movement("howell", pairs, tables, modulus, tuple(out))


def movement(kind: str, pairs: int, rounds: int | None = None) -> Movement:
    """:func:`mitchell` or :func:`howell` by name."""
    if kind == "mitchell":
        return mitchell(pairs, rounds)
    if kind == "howell":
        return howell(pairs, rounds)
    raise MovementError(f"mitchell or howell, not {kind!r}", code="movement_unknown",
                        field="movement")
