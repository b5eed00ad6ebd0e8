"""The workers' sweep after a broker outage (issue 27, breaks 3 and 8), without a broker.

The broker being down is simulated by ``club.services.reports.publish`` answering False
(what it answers when the queue cannot be reached); the broker back by the real one, with
the tasks run in this process. The sweep is the workers' :class:`club.celery.Sweeper`, run
once here.

- Break 3: a round closed while the broker was down leaves its ratings refresh owed (a row
  in the database, "not sent"); the ratings pages, the round page's win chances and a draw
  by rating say the ratings are being updated; the sweep sends the refresh once the broker
  is back, the refresh clears what it owed and ``verify_ratings`` finds no difference.
- Break 8: a report job kept "not sent" is sent by the sweep once the broker is back, in
  the language it was asked in, by one sweep only; one older than a day is left to a new
  request.
"""

from __future__ import annotations

import random
from datetime import timedelta
from io import StringIO
from unittest import mock

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone, translation

from club.celery import Sweeper
from club.draw_reasons import describe_all
from club.models import Entry, PendingRatingRefresh, PlayerRating, RatingScope, ReportJob, Round
from club.services import draws, ratings_queue
from club.services import ratings as ratings_service
from club.services import reports as service
from club.services.closing import close_round
from club.tasks import render_report
from tests.factories import make_championship, make_club, make_round, make_user
from tests.helpers.ratings import play_round, played
from tests.helpers.reports import in_process, play, published  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db
Kind, Status = ReportJob.Kind, ReportJob.Status


def sweep(monkeypatch) -> None:
    """One pass of a worker's sweep, in this thread (the test's connection kept open)."""
    from django.db import connections

    monkeypatch.setattr(connections, "close_all", lambda: None)
    sweeper = Sweeper(every=0)
    sweeper.stopped.set()  # one pass, then it stops
    sweeper.run()


def broker_down():
    return mock.patch.object(service, "publish", return_value=False)


def verify_ratings() -> str:
    out = StringIO()
    try:
        call_command("verify_ratings", stdout=out)
    except SystemExit:
        pass
    return out.getvalue()


def owed(club):
    return PendingRatingRefresh.objects.filter(club=club)


# --- break 3: a ratings refresh the broker did not take -----------------------------------

@pytest.fixture
def rated(in_process):  # noqa: F811
    """A club with rated rounds, its ratings current, and a round ready to close."""
    organiser = make_user("org")
    club = make_club("down", organiser=organiser)
    champ = played(club, rounds=2)
    ratings_service.refresh_club(club.pk)
    rnd = play_round(champ, 3, random.Random(3), status=Round.Status.PUBLISHED)
    return club, organiser, champ, rnd


def close_while_the_broker_is_down(rnd, capture) -> None:
    with broker_down() as publish, capture(execute=True):
        close_round(rnd, remaining="played")
    assert [getattr(call.args[0], "name", call.args[0]) for call in publish.call_args_list] == [
        "club.tasks.refresh_ratings"]


def test_a_refresh_not_sent_is_remembered_said_and_sent_by_the_sweep(
        client, rated, monkeypatch, django_capture_on_commit_callbacks):
    club, organiser, _champ, rnd = rated
    assert "0 difference(s)" in verify_ratings()
    close_while_the_broker_is_down(rnd, django_capture_on_commit_callbacks)
    # remembered in the database, as not sent
    assert list(owed(club).values_list("sent", flat=True)) == [None]
    assert "0 difference(s)" not in verify_ratings()  # the ratings are behind
    # every ratings page says so
    pages = [reverse("club-ratings", args=[club.slug]), reverse("federation-ratings")]
    player = PlayerRating.objects.filter(scope__key=ratings_service.club_key(club.pk)).first()
    pages.append(reverse("federation-rating-player", args=[player.player_id]))
    for url in pages:
        assert "being updated" in client.get(url).content.decode(), url
    client.force_login(organiser)
    assert "being updated" in client.get(pages[0]).content.decode()
    client.logout()
    # the broker still down: the sweep keeps it for the next time
    with broker_down() as publish:
        sweep(monkeypatch)
    assert publish.called and list(owed(club).values_list("sent", flat=True)) == [None]
    # the broker is back: the sweep sends it, the refresh runs, the marker goes
    sweep(monkeypatch)
    assert not owed(club).exists()
    assert "0 difference(s)" in verify_ratings()
    scope = RatingScope.objects.get(key=ratings_service.club_key(club.pk))
    assert [r for r, _at in scope.rounds][-1] == rnd.pk
    for url in pages:
        assert "being updated" not in client.get(url).content.decode(), url


def test_the_sweep_sends_an_owed_refresh_once(rated, monkeypatch,
                                              django_capture_on_commit_callbacks):
    club, _organiser, _champ, rnd = rated
    close_while_the_broker_is_down(rnd, django_capture_on_commit_callbacks)
    calls = []

    def taken(task, args, kwargs=None, queue=None):  # the broker takes it; no worker yet
        calls.append((getattr(task, "name", task), args))
        return True

    with mock.patch.object(service, "publish", side_effect=taken):
        sweep(monkeypatch)
        sweep(monkeypatch)  # sent: not sent again while its worker has not run it
    assert calls == [("club.tasks.refresh_ratings", (club.pk,))]
    assert owed(club).get().sent is not None  # still owed until the refresh has run
    # a message lost on the way (a broker restarted empty) is sent again after a while
    owed(club).update(sent=timezone.now() - ratings_queue.RESEND_AFTER - timedelta(seconds=1))
    with mock.patch.object(service, "publish", side_effect=taken):
        sweep(monkeypatch)
    assert len(calls) == 2


def test_a_refresh_sent_and_run_owes_nothing(rated, django_capture_on_commit_callbacks):
    club, _organiser, _champ, rnd = rated
    with django_capture_on_commit_callbacks(execute=True):
        close_round(rnd, remaining="played")
    assert not owed(club).exists()
    assert "0 difference(s)" in verify_ratings()


def test_a_refresh_keeps_what_was_asked_after_it_read(rated, django_capture_on_commit_callbacks):
    """A change asked for while a refresh runs is owed after it (not cleared by it)."""
    club, _organiser, _champ, rnd = rated
    close_while_the_broker_is_down(rnd, django_capture_on_commit_callbacks)
    real = ratings_service.refresh

    def refresh_then_asked_again(key):
        done = real(key)
        if key == ratings_service.club_key(club.pk):
            ratings_queue.queue_refresh(club.pk)  # a round closed meanwhile
        return done

    with broker_down(), mock.patch.object(ratings_service, "refresh",
                                          side_effect=refresh_then_asked_again):
        ratings_service.refresh_club(club.pk)
    assert owed(club).exists()
    ratings_service.refresh_club(club.pk)
    assert not owed(club).exists()


def test_chances_and_a_draw_by_rating_say_the_ratings_are_being_updated(
        client, rated, monkeypatch, django_capture_on_commit_callbacks, settings):
    settings.TROEF_CHANCES_MIN_MATCHES = 1  # the small club's matches: chances shown
    club, organiser, champ, rnd = rated
    close_while_the_broker_is_down(rnd, django_capture_on_commit_callbacks)
    # a balanced draw made now reads ratings that do not count the round just closed
    balanced = make_championship(club, entries=0, entry_type="individual",
                                 draw_method="balanced", name="Balanced")
    made = [Entry.objects.create(championship=balanced, player=e.player, name=e.name)
            for e in champ.entries.select_related("player")]
    balanced.stages.get().entries.add(*made)
    drawn = draws.draw_round(balanced.stages.get(), seed=7)
    texts = [" ".join(describe_all(t.flags, {})) for t in drawn.tables.filter(is_bye=False)]
    assert texts and all("Balanced by rating" in t and "were being updated" in t for t in texts)
    # the round page's win chances say so too
    client.force_login(organiser)
    url = reverse("round-detail", args=[drawn.pk])
    page = client.get(url).content.decode()
    assert "to win" in page and "ratings are being updated: the win chances" in page
    sweep(monkeypatch)
    page = client.get(url).content.decode()
    assert "to win" in page and "ratings are being updated" not in page
    assert "were being updated when this round was drawn" in page  # the draw's, kept
    # a draw made with current ratings does not
    again = draws.draw_round(balanced.stages.get(), seed=8)
    assert not any("were being updated" in line for t in again.tables.all()
                   for line in describe_all(t.flags, {}))


# --- break 8: report jobs kept "not sent" --------------------------------------------------

@pytest.fixture
def setup(in_process):  # noqa: F811
    organiser = make_user("organiser")
    champ = make_championship(make_club(organiser=organiser), entries=6)
    champ.ranking_order = ["match_points", "points_diff"]
    champ.save()
    rnd = make_round(champ)  # 3 tables
    play(rnd.tables.get(number=1), [(60, "h")] * 2)
    return organiser, champ, rnd


def unsent_job(champ, rnd, language="nl") -> ReportJob:
    with broker_down(), translation.override(language):
        asked = service.request_report(Kind.RESULTS, champ, rnd)
    assert asked.unavailable and asked.job.status == Status.UNSENT
    return asked.job


@pytest.fixture
def taken():
    """What the sweep publishes (the broker takes everything; no worker runs it)."""
    with published() as calls:
        yield calls


def test_the_sweep_sends_a_job_kept_unsent_once_the_broker_is_back(setup, monkeypatch):
    _organiser, champ, rnd = setup
    job = unsent_job(champ, rnd)
    with broker_down():  # still down: kept
        sweep(monkeypatch)
    job.refresh_from_db()
    assert job.status == Status.UNSENT
    sweep(monkeypatch)  # back: sent, and (in this process) made
    job.refresh_from_db()
    assert job.status == Status.DONE and job.file and ReportJob.objects.count() == 1
    # the next request for the same document reuses it
    with translation.override("nl"):
        assert service.request_report(Kind.RESULTS, champ, rnd).reused


def test_the_sweep_sends_it_in_its_language_and_only_once(setup, monkeypatch, taken):
    _organiser, champ, rnd = setup
    job = unsent_job(champ, rnd, "fr")
    sweep(monkeypatch)
    sweep(monkeypatch)
    assert taken == [(render_report.name, (job.pk,), {"queue": None, "language": "fr"}, None)]
    job.refresh_from_db()
    assert job.status == Status.QUEUED


def test_two_sweeps_at_once_send_an_unsent_job_once(setup, monkeypatch):
    """The second sweep runs while the first is sending: it finds the job claimed."""
    _organiser, champ, rnd = setup
    job = unsent_job(champ, rnd)
    calls = []

    def publish(task, args, kwargs=None, queue=None):
        calls.append((getattr(task, "name", task), args))  # a task or its name
        if len(calls) == 1:
            sweep(monkeypatch)  # another worker's sweep, meanwhile
        return True

    with mock.patch.object(service, "publish", side_effect=publish):
        sweep(monkeypatch)
    assert calls == [(render_report.name, (job.pk,))]


def test_an_unsent_job_older_than_a_day_is_left_to_a_new_request(setup, monkeypatch, taken):
    _organiser, champ, rnd = setup
    old = unsent_job(champ, rnd)
    ReportJob.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(days=2))
    with broker_down(), translation.override("nl"):
        recent = service.request_report(Kind.STANDINGS, champ).job
    sweep(monkeypatch)
    assert [args for _name, args, _kwargs, _queue in taken] == [(recent.pk,)]
    old.refresh_from_db()
    assert old.status == Status.UNSENT


def test_a_request_and_the_sweep_do_not_both_send_it(setup, monkeypatch, taken):
    _organiser, champ, rnd = setup
    job = unsent_job(champ, rnd)
    sweep(monkeypatch)  # the sweep sent it (no worker has it yet)
    with translation.override("nl"):
        asked = service.request_report(Kind.RESULTS, champ, rnd)
    assert asked.reused and asked.job.pk == job.pk
    assert len(taken) == 1
