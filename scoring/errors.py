"""The errors ``scoring`` raises for bad input: each names the field at fault and a stable code.

Every error is a :class:`ValueError` carrying ``field`` (the input field at fault, or None),
``code`` (a short identifier the web app translates, such as ``"points_total"``) and an English
message naming the field and the rule. When a deal on a sheet is at fault, ``deal`` holds its
1-based number on the sheet and the message starts with it.

>>> error = DealResultError("the two sides' card points must add up to 60",
...                         code="points_total", field="points")
>>> (error.field, error.code, isinstance(error, ValueError))
('points', 'points_total', True)
>>> error.deal = 3
>>> str(error)
"deal 3: points: the two sides' card points must add up to 60"
"""

from __future__ import annotations


class ScoringError(ValueError):
    """Bad input to ``scoring``: ``field`` and ``code`` say what, the message says why."""

    def __init__(self, message: str, *, code: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.code = code
        self.message = message
        self.deal: int | None = None

    def __str__(self) -> str:
        text = f"{self.field}: {self.message}" if self.field else self.message
        return f"deal {self.deal}: {text}" if self.deal is not None else text


class DealResultError(ScoringError):
    """A deal's facts are impossible, or not allowed by the rule set."""


class GameFinishedError(ScoringError):
    """A deal was added to a game that is already over (code ``game_finished``)."""


class MatchError(ScoringError):
    """A match format is invalid, or a sheet holds deals after the match was decided."""


class StandingsError(ScoringError):
    """A match record, ranking order or season option is invalid."""
