"""Deleting a championship and drawing its first round serialise on the stage's row lock
(real PostgreSQL connections, one per thread): a draw in flight commits first and the
delete then refuses; the delete never removes a round being drawn."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from club.models import Championship, Round
from club.services import draws
from club.services.championships import ChampionshipError, delete_championship
from tests.factories import make_championship, make_club, make_user
from tests.helpers.threads import in_thread

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_a_draw_in_flight_commits_first_and_the_delete_refuses():
    assert connection.vendor == "postgresql"
    organiser = make_user("lock-deleter")
    champ = make_championship(make_club("lock-delete", organiser=organiser), entries=4)
    stage = champ.stages.get()
    drawn, release = threading.Event(), threading.Event()

    def drawer():
        with transaction.atomic():
            draws.draw_round(stage, seed=1)
            drawn.set()
            assert release.wait(20)

    drawing, _ = in_thread(drawer)
    assert drawn.wait(20)
    deleting, deleted = in_thread(
        lambda: delete_championship(Championship.objects.get(pk=champ.pk), organiser))
    deleting.join(1.0)
    assert deleting.is_alive(), "the delete must wait for the stage's lock"
    release.set()
    drawing.join(20)
    deleting.join(20)
    assert isinstance(deleted.get("error"), ChampionshipError), deleted
    assert Championship.objects.filter(pk=champ.pk).exists()
    assert Round.objects.filter(stage__championship_id=champ.pk).count() == 1
