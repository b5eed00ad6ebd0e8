"""Deals through the API: the sheet's version, the Idempotency-Key (a replay returns the
first answer and writes once; another body with the same key is a 422), codes, bad input."""

from __future__ import annotations

import pytest

from club.models import Deal, DealChange, IdempotentRequest, Table
from tests.helpers.api import client_as, deals_url, post, state

pytestmark = pytest.mark.django_db

DEAL = {"dealer": 1, "trump": "c", "points": 40}


def test_enter_a_deal_then_replay_it(world):
    client = client_as(world, "organiser")
    first = post(client, deals_url(world), {**DEAL, "version": 0})
    assert first.status_code == 201, first.json()
    assert first.json() == {"number": 2, "version": 1, "action": "entered"}
    after = state()
    again = post(client, deals_url(world), {"points": 40, "trump": "c", "version": 0,
                                            "dealer": 1})  # same JSON, other key order
    assert again.status_code == 201
    assert again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert state() == after  # written once
    assert IdempotentRequest.objects.count() == 1


def test_same_key_other_body_is_refused_and_not_applied(world):
    client = client_as(world, "organiser")
    assert post(client, deals_url(world), {**DEAL, "version": 0}).status_code == 201
    before = state()
    other = post(client, deals_url(world), {**DEAL, "version": 1, "points": 30})
    assert other.status_code == 422
    assert other.json()["errors"][0]["code"] == "idempotency_key_reused"
    assert other.json()["errors"][0]["field"] == "Idempotency-Key"
    assert state() == before


def test_stale_version_is_a_conflict_naming_the_version(world):
    client = client_as(world, "organiser")
    before = state()
    stale = post(client, deals_url(world), {**DEAL, "version": 7})
    assert stale.status_code == 409
    body = stale.json()
    assert body["version"] == 0
    assert body["errors"][0] == {"field": "version", "code": "version_conflict",
                                 "message": body["errors"][0]["message"]}
    assert "7" in body["errors"][0]["message"] and "0" in body["errors"][0]["message"]
    assert state() == before
    assert not IdempotentRequest.objects.exists()  # a refusal is not remembered


def test_a_deal_that_does_not_add_up_names_the_field_and_the_rule(world):
    client = client_as(world, "organiser")
    before = state()
    bad = post(client, deals_url(world), {**DEAL, "version": 0, "points": 40,
                                          "points_other": 40})
    assert bad.status_code == 400
    error = bad.json()["errors"][0]
    assert error["field"] == "points" and error["code"] == "points_total"
    assert state() == before


@pytest.mark.parametrize("body, field, code", [
    ({"dealer": 1, "trump": "c", "points": 40}, "version", "required"),
    ({**DEAL, "version": "x"}, "version", "invalid"),
    ({**DEAL, "version": 0, "dealer": 9}, "dealer", "max_value"),
    ({**DEAL, "version": 0, "trump": "x"}, "trump", "invalid_choice"),
    ({**DEAL, "version": 0, "points": 10**30}, "points", "max_value"),
    ({**DEAL, "version": 0, "trump": ""}, "trump", "invalid_choice"),
    ({**DEAL, "version": 0, "blind": True}, "blind", "blind_not_allowed"),
])
def test_bad_input_names_the_field(world, body, field, code):
    client = client_as(world, "organiser")
    before = state()
    response = post(client, deals_url(world), body)
    assert response.status_code == 400, response.json()
    errors = response.json()["errors"]
    assert (field, code) in [(e["field"], e["code"]) for e in errors], errors
    assert state() == before


def test_malformed_json_and_missing_key(world):
    client = client_as(world, "organiser")
    before = state()
    broken = client.post(deals_url(world), "{bad", content_type="application/json",
                         HTTP_IDEMPOTENCY_KEY="k")
    assert broken.status_code == 400
    assert broken.json()["errors"][0]["code"] == "parse_error"
    missing = post(client, deals_url(world), {**DEAL, "version": 0}, key=None)
    assert missing.status_code == 400
    assert missing.json()["errors"][0]["code"] == "idempotency_key_missing"
    junk = post(client, deals_url(world), {**DEAL, "version": 0}, key="é" * 3)
    assert junk.status_code == 400
    form = client.post(deals_url(world), {"version": 0}, HTTP_IDEMPOTENCY_KEY="k")
    assert form.status_code == 415
    assert state() == before


def test_edit_and_delete_with_version_and_key(world):
    client = client_as(world, "organiser")
    url = f"{deals_url(world)}1/"
    edited = client.put(url, {**DEAL, "dealer": 0, "points": 50, "version": 0}, format="json",
                        HTTP_IDEMPOTENCY_KEY="edit-1")
    assert edited.status_code == 200, edited.json()
    assert edited.json() == {"number": 1, "version": 1, "action": "edited"}
    assert Deal.objects.get(table=world.table, number=1).points == 50
    stale = client.delete(f"{url}?version=0", HTTP_IDEMPOTENCY_KEY="del-1")
    assert stale.status_code == 409
    deleted = client.delete(f"{url}?version=1", HTTP_IDEMPOTENCY_KEY="del-2")
    assert deleted.status_code == 200 and deleted.json()["action"] == "deleted"
    replay = client.delete(f"{url}?version=1", HTTP_IDEMPOTENCY_KEY="del-2")
    assert replay.json() == deleted.json() and replay.headers["Idempotent-Replayed"] == "true"
    assert not Deal.objects.filter(table=world.table).exists()
    assert Table.objects.get(pk=world.table.pk).version == 2


def test_a_code_writes_its_own_table_only(world):
    client = client_as(None, "code")
    own = post(client, "/api/sheet/CODE01/deals/", {**DEAL, "version": 0})
    assert own.status_code == 201
    assert DealChange.objects.filter(table=world.table, by_code=True).exists()
    before = state()
    # CODE01 is table 1's: there is no address that writes table 2 with it
    assert post(client, "/api/sheet/CODE01/deals/2/", {**DEAL, "version": 1}, key="x",
                ).status_code == 405
    assert client.put("/api/sheet/CODE01/deals/5/", {**DEAL, "version": 1}, format="json",
                      HTTP_IDEMPOTENCY_KEY="y").status_code == 400  # no deal 5 on its sheet
    assert post(client, deals_url(world, world.other_table), {**DEAL, "version": 0},
                key="z").status_code == 401
    assert post(client, "/api/sheet/NOPE99/deals/", {**DEAL, "version": 0}).status_code == 404
    assert post(client, "/api/sheet/DRAFT01/deals/", {**DEAL, "version": 0}).status_code == 404
    assert state() == before


def test_keys_are_per_identity(world):
    """The same key from the organiser and from a table's code: two identities, two writes."""
    organiser = client_as(world, "organiser")
    assert post(organiser, deals_url(world), {**DEAL, "version": 0}, key="shared").status_code == 201
    code = client_as(None, "code")
    second = post(code, "/api/sheet/CODE01/deals/", {**DEAL, "dealer": 2, "version": 1},
                  key="shared")
    assert second.status_code == 201 and second.json()["number"] == 3


def test_others_may_not_write(world):
    before = state()
    for role in ("anonymous", "no_role", "other_organiser"):
        response = post(client_as(world, role), deals_url(world), {**DEAL, "version": 0})
        assert response.status_code == (401 if role == "anonymous" else 403), role
        assert set(response.json()) == {"errors"}
    assert state() == before


def test_confirm_by_another_person(world):
    world.championship.confirmation_required = True
    world.championship.save(update_fields=["confirmation_required"])
    organiser = client_as(world, "organiser")
    assert post(organiser, deals_url(world), {**DEAL, "version": 0}).status_code == 201
    url = f"/api/tables/{world.table.pk}/sheet/confirm/"
    own = organiser.post(url, {"version": 1}, format="json")
    assert own.status_code == 400 and own.json()["errors"][0]["code"] == "sheet_refused"
    staff = client_as(world, "staff")
    done = staff.post(url, {"version": 1}, format="json")
    assert done.status_code == 200 and done.json()["action"] == "confirmed"
    assert Table.objects.get(pk=world.table.pk).confirmed_at is not None


def test_a_concurrent_request_with_the_same_key_wins_and_ours_rolls_back(world, monkeypatch):
    """Two requests with one key pass the lookup at once: the one whose record is stored
    first wins; the other's write rolls back with its record insert and it answers with
    the winner's answer (exactly once, same answer)."""
    import hashlib
    import json

    from club.api import idempotency

    body = {**DEAL, "version": 0}
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":"))
                            .encode()).hexdigest()
    user = world.users["organiser"]
    winner = {"number": 2, "version": 1, "action": "entered"}
    real = idempotency._found
    calls = []

    def racing(identity, key, *scope):
        calls.append(key)
        if len(calls) == 1:  # our lookup: nothing yet; the other request stores now
            IdempotentRequest.objects.create(
                identity=identity, key=key, method="POST", path=deals_url(world),
                body_hash=digest, status=201, response=winner)
            return None
        return real(identity, key, *scope)

    monkeypatch.setattr(idempotency, "_found", racing)
    before = state()
    response = post(client_as(world, "organiser"), deals_url(world), body, key="race")
    assert response.status_code == 201 and response.json() == winner
    assert response.headers["Idempotent-Replayed"] == "true"
    assert state() == before  # our write rolled back with the record's insert
    assert IdempotentRequest.objects.get().identity == f"user:{user.pk}"
