"""Why a table (or a bye) is what it is: structured reasons, each a code and its parameters.

Flags (:mod:`.base`) mark what is unusual about a table (a rematch that could not be
avoided, a float); reasons say, for every table, why these entries sit together: the same
score group, a rematch avoided, places in the round-robin schedule, the poule, new partners,
the bye to the lowest entry without one. A reason is ``(code, params)``: the code is stable,
the parameters are plain values (numbers, entry ids, lists of entry ids) so the web app can
store them as JSON and say them in the user's language with the entries' names.

Every reason is a fact about the draw's input that a test can check: "avoided rematch with
X" means the entry had played X before and X is at another table (or sits out).

>>> reason(SCORE_GROUP, points=6)
('swiss.score_group', {'points': 6})
>>> avoided([{1, 2}, {0}, {0}, set()], (0, 3))
[(0, [1, 2])]
>>> avoided([{1, 2}, {0}, {0}, set()], (0, 3), keep=lambda j: j != 2)
[(0, [1])]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from .base import REMATCH as REMATCH_FLAG
from .base import DrawTable, Entry

Reason = tuple[str, dict[str, Any]]

RANDOM = "random"  # {"seed"}: drawn at random with the round's seed
AVOIDED_REMATCH = "avoided_rematch"  # {"entry", "with": [ids]}: met before, kept apart
REMATCH = "rematch"  # {}: these two met before; no draw could avoid every rematch
SCORE_GROUP = "swiss.score_group"  # {"points"}: both on the same match points
FLOAT = "swiss.float"  # {"entry", "points", "against"}: moved down to a lower score group
STANDING = "swiss.standing"  # {"places": [a, b]}: their places in the standing before the draw
WITHIN_GROUP = "swiss.within_group"  # {"order", "seed"}: how opponents are chosen in a group
ROUND_ROBIN = "round_robin"  # {"round", "places": [a, b]}: the schedule's (Berger) table
POULE = "poule"  # {"poule", "round", "places": [a, b]}: a round of the poule's schedule
PARTNERS_NEW = "individual.partners_new"  # {"pairs": [[a, c], [b, d]]}: never partnered
REPEAT_PARTNER = "individual.repeat_partner"  # {"pairs": [[a, c]]}: partnered before
OPPONENTS_NEW = "individual.opponents_new"  # {}: nobody at the table met another before
REPEAT_OPPONENTS = "individual.repeat_opponents"  # {"pairs": [[a, b]]}: met as opponents
TABLE_OF_THREE = "table_of_three"  # {}: the dealer plays alone against the other two
CONTINUED = "scorer_stays.continued"  # {"scorer", "round", "of"}: the table goes on
BYE_SWAP = "scorer_stays.bye_swap"  # {"entry", "instead_of"}: took a mover's seat
SUBSTITUTE = "substitute"  # {}: a substitute plays in a withdrawn entry's place
BYE_FEWEST = "bye.fewest_byes"  # {"byes", "seed"}: fewest byes so far, drawn among them
BYE_LOWEST = "bye.lowest_without_bye"  # {"byes", "place", "of"}: lowest with fewest byes
BYE_SKIPPED = "bye.skipped"  # {"skipped": [ids]}: lower entries kept in play (rematches)
BYE_SCHEDULE = "bye.schedule"  # {"round"}: the schedule gives this place no opponent
BYE_WITHDRAWN = "bye.opponent_withdrawn"  # {"with"}: the scheduled opponent withdrew
BALANCED = "balanced.by_rating"  # {"a", "b"}: the sides' summed ratings (balanced draw)
SEEDED = "swiss.seeded_by_rating"  # {"places": [a, b]}: first round seeded by the ratings
AUCTION_SIZES = "auction.table_sizes"  # {"size", "fit", "sizes": [..], "players"}: the plan
AUCTION_MATES_NEW = "auction.mates_new"  # {}: nobody at the table sat with another before
AUCTION_REPEAT_MATES = "auction.repeat_mates"  # {"pairs": [[a, b]]}: sat together before

CODES = (
    RANDOM, AVOIDED_REMATCH, REMATCH, SCORE_GROUP, FLOAT, STANDING, WITHIN_GROUP, ROUND_ROBIN,
    POULE, PARTNERS_NEW, REPEAT_PARTNER, OPPONENTS_NEW, REPEAT_OPPONENTS, TABLE_OF_THREE,
    CONTINUED, BYE_SWAP, SUBSTITUTE, BYE_FEWEST, BYE_LOWEST, BYE_SKIPPED, BYE_SCHEDULE,
    BYE_WITHDRAWN, BALANCED, SEEDED, AUCTION_SIZES, AUCTION_MATES_NEW, AUCTION_REPEAT_MATES,
)


def reason(code: str, **params: Any) -> Reason:
    """One reason: its code and parameters."""
    return code, params


def avoided(met: Sequence[set[int]], seats: Sequence[int],
            keep: Callable[[int], bool] | None = None) -> list[tuple[int, list[int]]]:
    """For each seat (a pool index), the entries it met before that sit elsewhere.

    ``met`` is symmetric (:func:`.base.met_sets`) and holds pool indices only (entries of
    this draw); ``keep`` narrows them to the ones the draw could have paired it with (its
    score group, say).
    """
    here = set(seats)
    result = []
    for i in seats:
        others = sorted(j for j in met[i] if j not in here and (keep is None or keep(j)))
        if others:
            result.append((i, others))
    return result


def avoided_reasons(pool: Sequence[Any], met: Sequence[set[int]], seats: Sequence[int],
                    keep: Callable[[int], bool] | None = None) -> list[Reason]:
    """:data:`AVOIDED_REMATCH` reasons with entry ids (see :func:`avoided`)."""
    return [reason(AVOIDED_REMATCH, entry=pool[i].id, **{"with": [pool[j].id for j in js]})
            for i, js in avoided(met, seats, keep)]


def ids(pool: Sequence[Any], indices: Iterable[int]) -> list[Hashable]:
    """The entry ids of pool indices."""
    return [pool[i].id for i in indices]


def explained(table: DrawTable, pool: Sequence[Entry], met: Sequence[set[int]],
              seats: Sequence[int], keep, first: list) -> DrawTable:
    """``table`` (its ``seats`` as pool indices) with its reasons: ``first``, an unavoidable
    rematch, the rematches avoided (with the entries ``keep`` accepts, or any)."""
    reasons = list(first)
    if REMATCH_FLAG in table.flags:
        reasons.append(reason(REMATCH))
    reasons += avoided_reasons(pool, met, seats, keep)
    return DrawTable(table.number, table.seats, table.flags, table.entry_flags, table.group,
                     tuple(reasons))


def swiss_table(table: DrawTable, pool: Sequence[Entry], met: Sequence[set[int]],
                seats: tuple[int, int], group: Sequence[int], place: dict[int, int],
                within: Reason, byes: set[int]) -> DrawTable:
    """A Swiss table's reasons: the score group (or the float), the places in the standing,
    how opponents are chosen in a group, the rematches avoided inside the two entries'
    score groups (an entry with the bye was never a candidate)."""
    a, b = seats
    places = [place[a], place[b]]
    if group[a] == group[b]:
        first = [reason(SCORE_GROUP, points=pool[a].score)]
    else:
        high, low = (a, b) if group[a] < group[b] else (b, a)
        first = [reason(FLOAT, entry=pool[high].id, points=pool[high].score,
                        against=pool[low].score)]
    first += [reason(STANDING, places=places), within]
    groups = {group[a], group[b]}
    return explained(table, pool, met, seats,
                     lambda j: group[j] in groups and j not in byes, first)


def swiss_bye(pool: Sequence[Entry], ranked: Sequence[int], place: dict[int, int],
              i: int) -> tuple:
    """The Swiss bye's reasons: the lowest in the standing among those with the fewest byes,
    unless lower ones had to play to avoid a rematch."""
    skipped = [pool[j].id for j in ranked[place[i]:] if pool[j].byes == pool[i].byes]
    reasons = [reason(BYE_LOWEST, byes=pool[i].byes, place=place[i], of=len(pool))]
    if skipped:
        reasons.append(reason(BYE_SKIPPED, skipped=skipped))
    return tuple(reasons)
