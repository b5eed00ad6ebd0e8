"""The services pass: PostgreSQL, Redis and a real Celery worker on the same database."""

import os

import pytest
from django.conf import settings
from django.db import connection

from club.models import Player
from club.tasks import worker_health

pytestmark = pytest.mark.services


def test_services_pass_runs_on_postgresql_and_redis():
    assert os.environ["DATABASE_URL"].startswith("postgres")
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    assert settings.CELERY_TASK_ALWAYS_EAGER is False


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_real_worker_sees_the_same_database():
    Player.objects.bulk_create(Player(last_name=f"P{i}", first_name="x") for i in range(3))
    result = worker_health.delay().get(timeout=60)
    assert result == {"database": "postgresql", "players": 3}
    assert connection.vendor == "postgresql"
