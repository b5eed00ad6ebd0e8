"""The doubling calls of a deal as the sheet records them (RULES.md §§4, 14): who said what,
in order, not only the multiplier.

A deal's ``calls`` are the sides (0 or 1) of the players who doubled, redoubled or knocked,
in the order they spoke. The words follow from the rule set and the order (RULES.md §4: an
opponent of the dealer speaks first, then the dealer's side, in turn), so the sides are
all that scoring needs; the web app keeps the seats as well (who).

Each call is one x2 combined as the rule set counts (RULES.md §6 and §14): multiplied
(a redouble x4), or, with multipliers that add, each adding 1 (a redouble x3).

>>> from engine.rules import RuleSet
>>> call_multiplier(2, RuleSet.preset("flemish"))
4
>>> call_multiplier(2, RuleSet.preset("flemish").replace(multipliers_add=True))
3
>>> check_calls((1, 0), dealer_side=0)
>>> check_calls((0,), dealer_side=0)
Traceback (most recent call last):
scoring.errors.DealResultError: calls: call 1 is the dealer's side's, but the first call is an opponent's of the dealer
"""

from __future__ import annotations

from engine.rules import RuleSet
from scoring.errors import DealResultError


def parse_calls(value: object) -> tuple[int, ...] | None:
    """``value`` as a tuple of sides (None: the calls were not recorded, only a multiplier)."""
    if value is None:
        return None
    if not isinstance(value, (tuple, list)) or not all(
            isinstance(side, int) and not isinstance(side, bool) and side in (0, 1)
            for side in value):
        raise DealResultError(f"must be a list of sides (0 or 1), one a call, not {value!r}",
                              code="calls_type", field="calls")
    return tuple(value)


def knocks_of(doubling: int) -> int:
    """The number of calls a legacy multiplier (x2^k) stands for."""
    return doubling.bit_length() - 1


def call_multiplier(calls: int, rules: RuleSet) -> int:
    """The multiplier ``calls`` doubling calls make under ``rules``' counting."""
    return rules.combine(*([2] * calls)) if calls else 1


def check_calls(calls: tuple[int, ...], dealer_side: int | None) -> None:
    """The calls alternate, an opponent of the dealer first (RULES.md §4); raises
    :class:`DealResultError` (code ``doubling_side``) naming the call out of turn."""
    if dealer_side is None:
        return
    for index, side in enumerate(calls):
        expected = 1 - dealer_side if index % 2 == 0 else dealer_side
        if side != expected:
            whose = "an opponent's of the dealer" if index % 2 == 0 else "the dealer's side's"
            said = "the dealer's side's" if side == dealer_side else "an opponent's"
            nth = "first call" if index == 0 else f"call {index + 1}"
            raise DealResultError(f"call {index + 1} is {said}, but the {nth} is {whose}",
                                  code="doubling_side", field="calls")
