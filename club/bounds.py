"""The bounds of every number the app stores or reads, in the game's terms (RULES.md).

One place for forms, model validators and views, so that a number is refused with a
sentence naming the field before it can overflow a column (``advance_count=10**30`` was a
500: OverflowError on SQLite, DataError on PostgreSQL).
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator

#: Seats at a table, numbered from 0: 2 to 6 players at the partnership game (RULES §8), 3 to 7
#: at auction Manille (§13).
MAX_SEAT = 6
#: A side of a partnership table: 0 or 1. (At an auction table everyone plays for
#: themselves: a seat's side is its position, up to ``MAX_SEAT``.)
MAX_SIDE = 1
#: Players at an auction table (RULES §13).
AUCTION_SEATS = (3, 7)
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
#: A stored result's version (a sheet's, a traveller line's): what a form loaded it at.
MAX_VERSION = 2**31 - 1


def between(low: int, high: int) -> list:
    """Model-field validators for ``low <= value <= high``."""
    return [MinValueValidator(low), MaxValueValidator(high)]

#: Values per ``IN (...)`` query (PostgreSQL takes at most 65,535 parameters a statement).
IN_QUERY_CHUNK = 10_000
