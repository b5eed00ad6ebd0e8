"""A deal's facts as written on the sheet (:class:`DealResult`), with their types checked.

Whether the facts add up under a rule set, and what they score, is :mod:`scoring.deal`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from scoring.calls import knocks_of, parse_calls
from scoring.errors import DealResultError

TRUMPS: tuple[str, ...] = ("c", "d", "h", "s")
_TRUMP_INPUT = {"c": "c", "d": "d", "h": "h", "s": "s", "♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _side(field: str, value: object) -> int | None:
    if value is None or (is_int(value) and value in (0, 1)):
        return value  # type: ignore[return-value]
    raise DealResultError(f"must be side 0, side 1 or empty, not {value!r}",
                          code="side_invalid", field=field)


def _flag(field: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise DealResultError(f"must be true or false, not {value!r}", code="flag_type", field=field)


def _pair(field: str, value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if not (isinstance(value, (tuple, list)) and len(value) == 2 and all(map(is_int, value))):
        raise DealResultError(f"must be a pair of whole numbers (side 0, side 1), not {value!r}",
                              code=f"{field}_type", field=field)
    if value[0] < 0 or value[1] < 0:
        raise DealResultError(f"cannot be negative: {tuple(value)}",
                              code=f"{field}_negative", field=field)
    return (value[0], value[1])


@dataclass(frozen=True, slots=True)
class DealResult:
    """The facts of one deal as written on the score sheet, side 0 ("We") and side 1 ("They").

    ``points``: the two sides' card points, or None when a renonce or a cancellation decides
    the deal; ``trump``: ``'c' 'd' 'h' 's'`` (♣♦♥♠ and capitals accepted) or None for no trump;
    ``doubling``: the doubling multiplier x2^k of k calls (1, 2, 4 ...); ``calls``: the
    sides of who doubled, redoubled or knocked, in order (:mod:`scoring.calls`; when given,
    ``doubling`` follows from them; None: only the multiplier was recorded); ``all_tricks``: the side that took
    every trick, or None; ``renonce``: the side that revoked, or None; ``cancelled``: the
    dealer's partner looked early. Where the rule set needs them: ``blind`` (blind trump),
    ``en_face`` (trump choice passed to the partner), ``tricks`` (tricks per side: needed for
    the trick bonus, and all tricks is derived from them), ``dealer_side`` (for the no-trump
    quota; a :class:`~scoring.game.Game` can infer it from its first dealer).

    Types are checked here; whether the facts add up under a rule set is :func:`check_deal`.

    >>> DealResult(points=[41, 19], trump="♣", doubling=2)
    DealResult(points=(41, 19), trump='c', doubling=2, all_tricks=None, renonce=None, \
cancelled=False, blind=False, en_face=False, tricks=None, dealer_side=None, calls=None)
    >>> DealResult(points=None, trump="x")
    Traceback (most recent call last):
    scoring.errors.DealResultError: trump: must be one of c, d, h, s (or ♣♦♥♠) or empty for no trump, not 'x'
    """

    points: tuple[int, int] | None
    trump: str | None
    doubling: int = 1
    all_tricks: int | None = None
    renonce: int | None = None
    cancelled: bool = False
    blind: bool = False
    en_face: bool = False
    tricks: tuple[int, int] | None = None
    dealer_side: int | None = None
    calls: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "points", _pair("points", self.points))
        put(self, "tricks", _pair("tricks", self.tricks))
        trump = self.trump
        if trump is not None:
            trump = _TRUMP_INPUT.get(trump.lower()) if isinstance(trump, str) else None
            if trump is None:
                raise DealResultError("must be one of c, d, h, s (or ♣♦♥♠) "
                                      f"or empty for no trump, not {self.trump!r}",
                                      code="trump_invalid", field="trump")
        put(self, "trump", trump)
        if not is_int(self.doubling) or self.doubling < 1:
            raise DealResultError(f"must be a whole multiplier 1, 2, 4 ..., not {self.doubling!r}",
                                  code="doubling_type", field="doubling")
        calls = parse_calls(self.calls)
        put(self, "calls", calls)
        if calls is not None:
            if self.doubling not in (1, 1 << len(calls)):
                raise DealResultError(f"x{self.doubling} is not what {len(calls)} call(s) make",
                                      code="doubling_calls", field="doubling")
            put(self, "doubling", 1 << len(calls))
        for name in ("all_tricks", "renonce", "dealer_side"):
            _side(name, getattr(self, name))
        for name in ("cancelled", "blind", "en_face"):
            _flag(name, getattr(self, name))

    @property
    def knocks(self) -> int:
        """How many doubling calls were made (each one x2, combined as the rules count)."""
        return len(self.calls) if self.calls is not None else knocks_of(self.doubling)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back.

        >>> DealResult.from_dict(DealResult(points=(38, 22), trump=None).to_dict()).points
        (38, 22)
        """
        return {f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v)
                for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DealResult:
        """Read a dict written by :meth:`to_dict`; missing optional fields take their defaults.

        >>> DealResult.from_dict({"points": None, "trump": "h", "renonce": 0}).renonce
        0
        """
        known = {f.name for f in dataclasses.fields(cls)}
        for name in data:
            if name not in known:
                raise DealResultError("is not a fact a deal records",
                                      code="unknown_field", field=name)
        for name in ("points", "trump"):
            if name not in data:
                raise DealResultError("must be given (empty is allowed)",
                                      code="field_missing", field=name)
        return cls(**data)
