"""The engine's error classes: each a ValueError with a stable ``code`` and the ``field`` at fault.

The web app translates an error by its ``code``; ``field`` names the input to highlight
(``None`` when no single input is at fault).

>>> err = DealError("no trump has been announced yet", code="not_announced")
>>> isinstance(err, ValueError), err.code, err.field
(True, 'not_announced', None)
"""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Bad input to the engine: a clear English message, a ``code`` and a ``field``."""

    default_code = "engine"

    def __init__(self, message: str, *, code: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.field = field


class CardError(EngineError):
    """Text that is not a card (or set of cards) in the notation ``10h``, ``Ac``, ``K♣``."""

    default_code = "card_notation"


class DealError(EngineError):
    """A deal used out of order or built from impossible hands (not a renonce)."""

    default_code = "deal_state"


class IllegalPlay(EngineError):
    """A card that may not be played now: not in the hand, or a breach of an obligation.

    ``rule`` (also ``code``) is the option of :class:`engine.RuleSet` that forbids the card
    (``follow_suit``, ``beat_led_suit``, ``must_trump``, ``must_overtrump``,
    ``no_undertrump``) or ``not_in_hand``; ``player`` the seat, ``card`` the card,
    ``trick`` the trick number (1-based) and ``legal`` the cards that were allowed.
    """

    default_code = "illegal_play"

    def __init__(
        self,
        message: str,
        *,
        rule: str,
        player: int,
        card: Any,
        trick: int,
        legal: Any = None,
    ) -> None:
        super().__init__(message, code=rule, field="card")
        self.rule = rule
        self.player = player
        self.card = card
        self.trick = trick
        self.legal = legal
