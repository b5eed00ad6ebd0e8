"""Reading through the API: who sees what (public and private championships, draft
rounds), names as the pages show them, standings, report jobs, throttling, the one error
shape, the sweep of old idempotent answers."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.utils import timezone

from club.models import IdempotentRequest, Player
from tests.helpers.api import client_as
from tests.helpers.reports import in_process  # noqa: F401 (fixture: tasks here, files in tmp)

pytestmark = pytest.mark.django_db


def names(response):
    return {c["name"] for c in response.json()["results"]}


def test_private_championships_are_listed_only_to_those_who_see_them(world):
    assert names(client_as(world, "anonymous").get("/api/championships/")) == {"Open B"}
    assert names(client_as(world, "other_organiser").get("/api/championships/")) == {"Open B"}
    assert names(client_as(world, "organiser").get("/api/championships/")) == {"Open B",
                                                                               "Private A"}
    assert names(client_as(world, "staff").get("/api/championships/?club=api-club")) == {
        "Private A"}
    url = f"/api/championships/{world.championship.pk}/"
    assert client_as(world, "anonymous").get(url).status_code == 401
    assert client_as(world, "no_role").get(url).status_code == 403
    public = client_as(world, "anonymous").get(f"/api/championships/{world.public_championship.pk}/")
    assert public.status_code == 200 and public.json()["stages"][0]["rounds"][0]["status"] == "published"


def test_draft_rounds_only_to_the_organisers(world):
    detail = client_as(world, "organiser").get(f"/api/championships/{world.championship.pk}/")
    assert [r["status"] for r in detail.json()["stages"][0]["rounds"]] == ["published", "draft"]
    assert client_as(world, "organiser").get(f"/api/rounds/{world.draft_round.pk}/").status_code == 200
    world.championship.public = True
    world.championship.save(update_fields=["public"])
    anonymous = client_as(world, "anonymous")
    detail = anonymous.get(f"/api/championships/{world.championship.pk}/")
    assert [r["status"] for r in detail.json()["stages"][0]["rounds"]] == ["published"]
    assert anonymous.get(f"/api/rounds/{world.draft_round.pk}/").status_code == 401
    assert anonymous.get(f"/api/rounds/{world.round.pk}/tables/").status_code == 200


def test_tables_and_standings_name_players_as_the_pages_do(world):
    player = Player.objects.filter(seats__table=world.public_table).order_by("seats__position").first()
    player.published = False
    player.save(update_fields=["published"])
    url = f"/api/rounds/{world.public_round.pk}/tables/"
    public = client_as(world, "anonymous").get(url).json()
    seat = public["results"][0]["sides"][0]["seats"][0]
    assert seat["player"] != player.full_name and "." in seat["player"]
    own = client_as(world, "other_organiser").get(url).json()  # club B organises it
    assert own["results"][0]["sides"][0]["seats"][0]["player"] == player.full_name
    standings = client_as(world, "anonymous").get(
        f"/api/championships/{world.public_championship.pk}/standings/?page_size=1")
    body = standings.json()
    assert body["count"] == 4 and len(body["results"]) == 1 and body["next"]
    assert set(body["results"][0]["values"]) == set(body["columns"])


def test_report_request_job_and_file(world, in_process):  # noqa: F811
    client = client_as(world, "anonymous")
    asked = client.post("/api/reports/", {"kind": "standings",
                                          "championship": world.public_championship.pk},
                        format="json")
    assert asked.status_code == 201, asked.json()
    job = asked.json()
    assert job["ready"] and job["file"]
    assert client.get(f"/api/report-jobs/{job['id']}/").json()["status"] == "done"
    pdf = client.get(job["file"])
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    again = client.post("/api/reports/", {"kind": "standings",
                                          "championship": world.public_championship.pk},
                        format="json")
    assert again.status_code == 200 and again.json()["reused"]
    refused = client.post("/api/reports/", {"kind": "sheets", "round": world.round.pk},
                          format="json")
    assert refused.status_code == 401
    missing = client.post("/api/reports/", {"kind": "sheets"}, format="json")
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "round"


@override_settings(TROEF_API_THROTTLE_RATES={"anon": "3/minute", "user": "5/minute",
                                             "code": "2/minute"})
def test_throttled_in_the_error_shape(world):
    client = client_as(world, "anonymous")
    answers = [client.get("/api/clubs/").status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    refused = client.get("/api/clubs/")
    assert refused.json()["errors"][0]["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0


def test_every_refusal_has_the_one_shape(world):
    client = client_as(world, "no_role")
    for response in (client.get("/api/nowhere/"), client.get("/api/clubs/nope/"),
                     client.get(f"/api/tables/{world.table.pk}/sheet/"),
                     client.get("/api/rounds/99999999999999999999999/"),
                     client.delete("/api/clubs/")):
        assert response.status_code in (403, 404, 405)
        assert set(response.json()) == {"errors"}
        assert set(response.json()["errors"][0]) == {"field", "code", "message"}


def test_old_idempotent_answers_are_swept(world):
    old = IdempotentRequest.objects.create(identity="user:1", key="a", method="POST",
                                           path="/x", body_hash="0" * 64, status=201,
                                           response={})
    IdempotentRequest.objects.filter(pk=old.pk).update(
        created=timezone.now() - timedelta(days=30))
    IdempotentRequest.objects.create(identity="user:1", key="b", method="POST", path="/x",
                                     body_hash="0" * 64, status=201, response={})
    call_command("sweep_api_requests", stdout=io.StringIO())
    assert list(IdempotentRequest.objects.values_list("key", flat=True)) == ["b"]
