"""The input of a double-dummy question, checked: four hands of one size, a leader seat, and
a rule set with four hands in two partnerships (:mod:`engine.dd` and
:mod:`engine.dd_analysis` ask it first).

>>> masks, rules = check_position(["7c", "8c", "9c", "Jc"], 0, "house")
>>> masks, rules.name
([1, 2, 4, 8], 'house')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import Card, CardSet
from engine.errors import DealError, EngineError
from engine.rules import RuleSet


def check_position(
    hands: Sequence[Iterable[Card | str] | CardSet | int], leader: int,
    rules: RuleSet | str | None,
) -> tuple[list[int], RuleSet]:
    """The hands as masks and the rule set, checked: four hands of one size (1 to 8), no card
    twice, a leader seat, a table of four hands.

    >>> check_position(["7c", "8c", "9c Jc", "Qc"], 0, "house")
    Traceback (most recent call last):
    ...
    engine.errors.DealError: hands: every hand must hold the same number of cards (1 to 8): 1, 1, 2, 1
    """
    rules = RuleSet.coerce(rules)
    if rules.auction or rules.players not in (2, 4):
        raise EngineError("rules: double-dummy analysis needs four hands in two partnerships "
                          "(the partnership game for 4, or 2 with dummies)",
                          code="dd_table", field="rules")
    masks = [CardSet.parse(h).mask if isinstance(h, str) else CardSet(h).mask for h in hands]
    if len(masks) != 4:
        raise DealError(f"hands: give four hands, not {len(masks)}", code="hand_count",
                        field="hands")
    sizes = [m.bit_count() for m in masks]
    if len(set(sizes)) != 1 or not 1 <= sizes[0] <= 8:
        raise DealError("hands: every hand must hold the same number of cards (1 to 8): "
                        + ", ".join(map(str, sizes)), code="hand_size", field="hands")
    union = twice = 0
    for mask in masks:
        twice |= union & mask
        union |= mask
    if twice:
        raise DealError(f"hands: {CardSet(twice).pretty()} dealt twice", code="card_twice",
                        field="hands")
    if not (isinstance(leader, int) and not isinstance(leader, bool) and 0 <= leader < 4):
        raise EngineError("leader: must be a seat from 0 to 3", code="seat_invalid",
                          field="leader")
    return masks, rules
