import pytest

from club.models import Seat, Table
from tests.factories import make_championship, make_club, make_round

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("entry_type, entries, tables", [("pairs", 8, 4), ("individual", 12, 3)])
def test_round_seats_every_entry_once(entry_type, entries, tables):
    champ = make_championship(make_club(), entries=entries, entry_type=entry_type)
    rnd = make_round(champ)
    assert Table.objects.filter(round=rnd).count() == tables
    seats = Seat.objects.filter(table__round=rnd)
    assert seats.count() == 4 * tables
    assert len({s.player_id for s in seats}) == 4 * tables
    assert champ.rule_set.rules().name == "house"
