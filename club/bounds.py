"""The bounds of every number the app stores or reads, in the game's terms (RULES.md).

One place for forms, model validators and views, so that a number is refused with a
sentence naming the field before it can overflow a column (``advance_count=10**30`` was a
500: OverflowError on SQLite, DataError on PostgreSQL).
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator

#: Seats at a table: 2 to 6 players (RULES §8), numbered from 0.
MAX_SEAT = 5
#: A side of a table: 0 or 1.
MAX_SIDE = 1
#: Card points one side may be given on the sheet: 60 (68 with a point per trick) are in
#: play; anything up to this is parsed and then refused by scoring, naming the rule.
MAX_POINTS = 200
#: Tricks a side takes: 8 with four players, 10 with three.
MAX_TRICKS = 10
#: The largest doubling (unlimited knocking: x2 per knock, ten knocks).
MAX_DOUBLING = 1024
#: Deals on one sheet, rounds in a stage, tables in a round: far beyond any evening, well
#: inside a PositiveSmallIntegerField.
MAX_NUMBER = 32767
#: Entries of a championship (and so how many go on to the next stage).
MAX_ENTRIES = 10_000
#: A round's time limit in minutes (90-minute rounds are the longest seen).
MAX_MINUTES = 600
#: A draw seed.
MAX_SEED = 10**12
#: The largest id a primary key (BigAutoField) can hold.
MAX_ID = 2**63 - 1
#: A reason for a correction.
MAX_REASON = 300


def between(low: int, high: int) -> list:
    """Model-field validators for ``low <= value <= high``."""
    return [MinValueValidator(low), MaxValueValidator(high)]

#: Values per ``IN (...)`` query (PostgreSQL takes at most 65,535 parameters a statement).
IN_QUERY_CHUNK = 10_000
