"""Big player imports on PostgreSQL: progress seen from outside while the import's transaction
is open (and no player before it commits), and a real worker running the job."""

from __future__ import annotations

import time

import pytest
from django.core.files.base import ContentFile
from django.db import DEFAULT_DB_ALIAS, connections

from club.models import Club, ClubRole, Membership, Player, PlayerImportJob
from club.services import import_jobs
from club.services.import_jobs import JobProgress, run_import_job, start_import_job
from tests.factories import make_user

pytestmark = [pytest.mark.services,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def rows(count: int) -> bytes:
    return ("name,first name,member number\n" + "".join(
        f"Name{i:05d},First{i},PG{i:06d}\n" for i in range(count))).encode()


def test_progress_is_visible_while_the_import_transaction_runs(monkeypatch):
    user = make_user("org")
    club = Club.objects.create(name="Big", slug="big")
    ClubRole.objects.create(user=user, club=club)
    job = PlayerImportJob.objects.create(club=club, user=user, rows_total=5000)
    job.file.save("players.csv", ContentFile(rows(5000)), save=True)
    observer = connections.create_connection(DEFAULT_DB_ALIAS)
    seen = []
    original = JobProgress.written

    def written(self, done, total):
        original(self, done, total)
        with observer.cursor() as cursor:  # another session: sees only what is committed
            cursor.execute("SELECT rows_written, status FROM club_playerimportjob WHERE id = %s",
                           [job.pk])
            progress, status = cursor.fetchone()
            cursor.execute("SELECT count(*) FROM club_player")
            seen.append((done, progress, status, cursor.fetchone()[0]))

    monkeypatch.setattr(JobProgress, "written", written)
    monkeypatch.setattr(JobProgress, "every", 1000)
    try:
        assert run_import_job(job.pk) == "done"
    finally:
        observer.close()
    assert [s[0] for s in seen] == [1000, 2000, 3000, 4000, 5000]
    # each step's progress was committed (seen from outside) ...
    assert [s[1] for s in seen] == [1000, 2000, 3000, 4000, 5000]
    assert all(s[2] == "writing" for s in seen)
    # ... while no player was: all or nothing
    assert all(s[3] == 0 for s in seen)
    job.refresh_from_db()
    assert job.status == "done" and Player.objects.count() == 5000
    assert Membership.objects.filter(club=club).count() == 5000


def test_a_real_worker_runs_a_big_import(settings):
    assert not settings.CELERY_TASK_ALWAYS_EAGER
    user = make_user("org")
    club = Club.objects.create(name="Big", slug="big")
    ClubRole.objects.create(user=user, club=club)
    job = start_import_job(user, club, rows(3000), 3000)
    deadline = time.monotonic() + 60
    while not job.ended and time.monotonic() < deadline:
        time.sleep(0.2)
        job.refresh_from_db()
    assert job.status == PlayerImportJob.Status.DONE, (job.status, job.errors)
    assert Player.objects.count() == 3000 and job.created_players == 3000
    assert import_jobs.run_import_job(job.pk) == "skipped"


def test_two_runs_of_one_job_at_once_import_it_once(monkeypatch):
    """A task redelivered while the first run still works (e.g. past the broker's visibility
    timeout): the second run waits on the first's commit, finds the job done and rolls back.
    Rows without member numbers would otherwise be there twice."""
    import threading

    from django.db import connection

    user = make_user("org")
    club = Club.objects.create(name="Big", slug="big")
    ClubRole.objects.create(user=user, club=club)
    data = ("name,first name\n" + "".join(f"Name{i:05d},First{i}\n" for i in range(3000))).encode()
    job = PlayerImportJob.objects.create(club=club, user=user, rows_total=3000)
    job.file.save("players.csv", ContentFile(data), save=True)
    outcomes = []
    start, both_claimed = threading.Barrier(2), threading.Barrier(2, timeout=60)
    original = import_jobs.import_rows

    def import_rows(*args, **kwargs):  # both runs have claimed the job before either writes
        both_claimed.wait()
        return original(*args, **kwargs)

    monkeypatch.setattr(import_jobs, "import_rows", import_rows)

    def run():
        try:
            start.wait()
            outcomes.append(run_import_job(job.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert Player.objects.count() == 3000
    job.refresh_from_db()
    assert job.status == "done" and job.created_players == 3000
    assert sorted(outcomes) == ["done", "skipped"]
