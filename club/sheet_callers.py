"""Who may make each doubling call of a partnership deal (RULES.md §4): the entry row offers
only them, the form refuses anyone else naming the rule, and the page's script offers them
again when the dealer changes (``callers_by_dealer``).

The calls alternate, an opponent of the dealer first: mee/tegen, an opponent doubles (mee)
and the dealer's partner redoubles (tegen, §4: the partner, not the dealer; the rule set's
``redouble_by="side"`` lets either player of the dealer's side, §14); knocking, the
opponents knock and the dealer's side (either player) knocks back; unlimited knocking goes
on in turn. At a table of three the dealer plays alone: the dealer's side is the dealer.

A call whose caller the paper sheet does not say may be entered as "not recorded": the score
reads only each call's side, and the side follows from the call's turn (the calls
alternate), so no rule set needs the caller to score the deal (``scoring.calls``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

#: The entry row's value for a call made by someone the paper sheet does not name.
NOT_RECORDED = "?"


def seat_side(positions: Sequence[int], sides: dict[int, int], dealer: int,
              alone: bool) -> dict[int, int]:
    """Each seat's side in a deal dealt by ``dealer`` (at a table of three: the dealer 0,
    the others 1)."""
    if alone:
        return {p: int(p != dealer) for p in positions}
    return {p: sides.get(p, p % 2) for p in positions}


def callers(positions: Sequence[int], sides: dict[int, int], dealer: int, index: int,
            doubling: str, alone: bool = False, redouble_by: str = "partner") -> list[int]:
    """The seats that may make call ``index`` (from 0) of a deal dealt by ``dealer``.

    >>> callers([0, 1, 2, 3], {0: 0, 1: 1, 2: 0, 3: 1}, 0, 0, "mee_tegen")
    [1, 3]
    >>> callers([0, 1, 2, 3], {0: 0, 1: 1, 2: 0, 3: 1}, 0, 1, "mee_tegen")
    [2]
    >>> callers([0, 1, 2, 3], {0: 0, 1: 1, 2: 0, 3: 1}, 1, 1, "knock_back")
    [1, 3]
    >>> callers([0, 1, 2], {}, 2, 1, "mee_tegen", alone=True)
    [2]
    >>> callers([0, 1, 2, 3], {0: 0, 1: 1, 2: 0, 3: 1}, 0, 1, "mee_tegen", redouble_by="side")
    [0, 2]
    """
    side = seat_side(positions, sides, dealer, alone)
    own = side.get(dealer, dealer % 2)
    if index % 2 == 0:
        return [p for p in positions if side[p] != own]
    ours = [p for p in positions if side[p] == own]
    if doubling == "mee_tegen" and redouble_by == "partner":  # §4: the partner says tegen
        return [p for p in ours if p != dealer] or ours
    return ours


def callers_by_dealer(positions: Sequence[int], sides: dict[int, int], calls: int,
                      doubling: str, alone: bool = False,
                      redouble_by: str = "partner") -> dict[int, list[list[int]]]:
    """For each possible dealer, the seats that may make each of ``calls`` calls (the
    page's script offers them when the dealer changes)."""
    return {dealer: [callers(positions, sides, dealer, index, doubling, alone, redouble_by)
                     for index in range(calls)] for dealer in positions}


def caller_rule(index: int, doubling: str, redouble_by: str = "partner") -> str:
    """Why only some players may make call ``index`` (from 0), in words (RULES.md §4)."""
    if index % 2 == 0:
        return _("an opponent of the dealer doubles or knocks first, and the calls go in turn")
    if doubling == "mee_tegen" and redouble_by == "partner":
        return _("the dealer's partner redoubles (tegen)")
    return _("the dealer's side answers the opponents' call")


def seat_key(position: int) -> str:
    """The key that names a seat in the points box (x, then this): its number, from 1."""
    return str(position + 1)
