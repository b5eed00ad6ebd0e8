"""The doubling of a partnership deal recorded as who said what and when (RULES.md §§4, 14),
not only as a multiplier: a checked state machine the web app or a simulation feeds call by
call, between the trump announcement and the first card.

The words, by the rule set's ``doubling``:

- ``mee_tegen``: an opponent of the dealer says ``"double"`` (mee, x2), then the dealer's side
  may say ``"redouble"`` (tegen, x4); once each;
- ``knock``: an opponent knocks once (``"knock"``, x2);
- ``knock_back``: an opponent knocks, the dealer's side may knock back (x4);
- ``knock_unlimited``: the sides knock in turn, the opponents first, each knock doubling
  again, up to ``rules.max_knocks``;
- ``none``: nothing may be said. With ``double_no_trump`` off, a no-trump deal is not doubled.

Who may redouble under mee/tegen is the rule set's ``redouble_by``: the dealer's partner
(RULES.md §4, the project default; at a table of three the dealer, who plays alone), or
with ``"side"`` either player of the dealer's side (§14). Knocking back is the dealer's side.

>>> calls = Doubling("flemish", dealer=0, trump="h")
>>> calls.call(1, "double"); calls.call(2, "redouble")
>>> calls.multiplier, calls.calls
(4, [(1, 'double'), (2, 'redouble')])
>>> calls.call(3, "double")
Traceback (most recent call last):
...
engine.doubling.DoublingError: doubling: mee/tegen is said once each: no more than x4
"""

from __future__ import annotations

from engine.errors import EngineError
from engine.rules import RuleSet
from engine.table import seat_count, seat_sides

#: The words each doubling rule accepts, in the order they may be said.
WORDS: dict[str, tuple[str, ...]] = {
    "none": (),
    "mee_tegen": ("double", "redouble"),
    "knock": ("knock",),
    "knock_back": ("knock", "knock"),
}


class DoublingError(EngineError):
    """A doubling call the rules do not allow; ``code`` names the rule."""

    default_code = "doubling"


class Doubling:
    """The doubling calls of one deal: ``rules``, the ``dealer`` seat and the ``trump``
    named (a suit letter, or None for no trump). :meth:`close` when the first card is played.
    """

    def __init__(self, rules: RuleSet | str, dealer: int, trump: str | None = None) -> None:
        self.rules = rules = RuleSet.coerce(rules)
        if rules.auction:
            raise DoublingError("rules: the auction games have no doubling",
                                code="auction_no_doubling", field="rules")
        self.seats = seat_count(rules)
        if not (isinstance(dealer, int) and 0 <= dealer < self.seats):
            raise DoublingError(f"dealer: must be a seat from 0 to {self.seats - 1}",
                                code="dealer", field="dealer")
        self.dealer = dealer
        self.trump = trump
        self._sides = seat_sides(rules, dealer)
        self.calls: list[tuple[int, str]] = []
        self._closed = False

    @property
    def multiplier(self) -> int:
        """The doubling multiplier the calls make (what a sheet records as ``doubling``)."""
        return 1 << len(self.calls)

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """The first card is played: no more calls."""
        self._closed = True

    def allowed(self) -> tuple[str, ...]:
        """The words that may be said next (by the side whose turn it is).

        >>> Doubling("french", dealer=1).allowed()
        ('knock',)
        """
        rules = self.rules
        if self._closed or (self.trump is None and not rules.double_no_trump):
            return ()
        if rules.doubling == "knock_unlimited":
            return ("knock",) if len(self.calls) < rules.max_knocks else ()
        words = WORDS[rules.doubling]
        return words[len(self.calls):len(self.calls) + 1]

    def call(self, seat: int, word: str) -> None:
        """``seat`` says ``word``; raises :class:`DoublingError` naming the rule broken."""
        rules = self.rules
        if self._closed:
            raise DoublingError("doubling: the first card is played: too late to double",
                                code="doubling_late", field="doubling")
        if rules.doubling == "none":
            raise DoublingError(f"doubling: the {rules.name} rules have no doubling",
                                code="doubling_none", field="doubling")
        if self.trump is None and not rules.double_no_trump:
            raise DoublingError(f"doubling: the {rules.name} rules do not double a no-trump deal",
                                code="no_trump_not_doubled", field="doubling")
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.seats):
            raise DoublingError(f"seat: must be a seat from 0 to {self.seats - 1}, not {seat!r}",
                                code="seat_invalid", field="seat")
        allowed = self.allowed()
        if not allowed:
            limit = {"mee_tegen": "mee/tegen is said once each: no more than x4",
                     "knock": "one knock only: x2",
                     "knock_back": "a knock and a knock back only: x4"}.get(
                rules.doubling, f"at most {rules.max_knocks} knocks")
            raise DoublingError(f"doubling: {limit}", code="doubling_limit", field="doubling")
        if word not in allowed:
            raise DoublingError(f"doubling: say {allowed[0]!r} now, not {word!r}",
                                code="doubling_word", field="doubling")
        # Even calls (the first, third ...) are the opponents' of the dealer; odd ones his side's.
        opponents = len(self.calls) % 2 == 0
        dealer_side = self._sides[self.dealer]
        if (self._sides[seat] == dealer_side) == opponents:
            who = "an opponent of the dealer" if opponents else "the dealer's side"
            raise DoublingError(f"seat: seat {seat} may not say {word!r}: it is {who}'s turn",
                                code="doubling_side", field="seat")
        if (word == "redouble" and rules.redouble_by == "partner" and seat == self.dealer
                and self._sides.count(dealer_side) > 1):
            raise DoublingError(f"seat: seat {seat} deals: the dealer's partner redoubles "
                                "(tegen) under these rules", code="redouble_by_partner",
                                field="seat")
        self.calls.append((seat, word))
