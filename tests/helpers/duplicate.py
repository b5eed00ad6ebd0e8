"""Shared set-up of the duplicate tests: a club with pairs and an event."""

from __future__ import annotations

from club.models import Pair, RuleSet
from club.services.duplicate import create_event
from tests.factories import make_club, make_players


def make_pairs(club, count: int, prefix: str = "D") -> list[Pair]:
    players = make_players(club, 2 * count, prefix=prefix)
    return [Pair.objects.create(club=club, first=players[2 * i], second=players[2 * i + 1])
            for i in range(count)]


def make_event(*, pairs: int = 8, movement: str = "howell", per_round: int = 3,
               club=None, organiser=None, public: bool = False, seed: str = "test",
               rounds: int | None = None, sessions: int = 1, entered: bool = False):
    club = club or make_club("club", organiser=organiser)
    rule_set = RuleSet.objects.get(club=None, preset="house")
    return create_event(club, name="Duplicate evening", rule_set=rule_set, movement=movement,
                        boards_per_round=per_round, pairs=make_pairs(club, pairs),
                        seed=seed, public=public, rounds=rounds, sessions=sessions,
                        entered=entered)


def board_one_evening(organiser):
    """A 4-pair Howell, one board a round: the event, its board 1 and the first table (by
    round) that plays it."""
    from club.models import DuplicateBoard, DuplicateTable

    event = make_event(pairs=4, movement="howell", per_round=1, organiser=organiser)
    session = event.sessions.get()
    board = DuplicateBoard.objects.get(session=session, number=1)
    table = next(t for t in DuplicateTable.objects.filter(session=session).order_by("round")
                 if 1 in t.boards and not t.sit_out)
    return event, board, table


def refused(answer, field: str = "__all__", words: str = "") -> str:
    """Assert that ``answer`` is a 400 whose form refuses ``field`` with a message holding
    ``words``; return that field's messages as one text."""
    assert answer.status_code == 400
    errors = answer.context["form"].errors
    assert field in errors, errors
    text = " ".join(errors[field])
    assert words in text
    return text
