"""Erasing a player scrubs their name from every free text that may name them, at any table
and in any club's log, and says what it changed (issue 27, break 5: a change reason at
another table kept the name on /championships/<id>/sheet-changes/)."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from club.models import AuditEntry, DealChange, Pair, Player, Table
from club.services.privacy import MAX_REASON, anonymise_player
from tests.factories import make_championship, make_club, make_round, make_user

pytestmark = pytest.mark.django_db

#: His last name as a whole word, case aside.
NAMED = re.compile(r"(?<!\w)peeters(?!\w)", re.IGNORECASE)


@pytest.fixture
def world(db):
    """Jan Peeters plays at table 1 of club A's round; table 2 is another table of that
    round; club B (which Jan is not a member of) has a round of its own."""
    boss = make_user("boss")
    club = make_club("club-a", organiser=boss)
    champ = make_championship(club, entries=4)
    own, other = make_round(champ).tables.order_by("number")
    jan = Pair.objects.get(club=club, name="Pair 1").first
    jan.first_name, jan.last_name = "Jan", "Peeters"
    jan.save()
    far_club = make_club("club-b")
    far_champ = make_championship(far_club, entries=4)
    far = make_round(far_champ).tables.order_by("number").first()
    return {"boss": boss, "club": club, "champ": champ, "jan": jan, "own": own,
            "other": other, "far_club": far_club, "far_champ": far_champ, "far": far}


def change(table, reason):
    return DealChange.objects.create(table=table, deal_number=1, action="edited", reason=reason)


def test_erasing_scrubs_every_free_text_and_counts_what_changed(world):
    jan, club, far_club = world["jan"], world["club"], world["far_club"]
    label = f"Anonymous player {jan.pk}"
    own = change(world["own"], "Jan misdealt")  # his own table: the first name too
    other = change(world["other"], "Swapped cards with Jan Peeters at table 1")
    far = change(world["far"], "PEETERS (guest) kept the score")
    kept = [change(world["far"], "Jan Janssens misdealt"),  # another Jan, far from him
            change(world["far"], "Peetersen was late")]  # not his name as a whole word
    Table.objects.filter(pk=world["other"].pk).update(decision_reason="Peeters' partner left")
    Table.objects.filter(pk=world["far"].pk).update(decision_reason="peeters had to leave")
    reopened = AuditEntry.objects.create(
        club=far_club, championship=world["far_champ"], action="round.reopened",
        subject="Round 1", reason="Peeters was seated at the wrong table")
    decided = AuditEntry.objects.create(club=far_club, action="table.decided",
                                        subject="Table 1: Jan Peeters", reason="")
    at_home = AuditEntry.objects.create(club=club, action="round.reopened", subject="Round 1",
                                        reason="Score of Jan Peeters corrected")
    too_long = change(world["other"], ("Peeters " * 37).strip())  # 295 characters

    client = Client()
    client.force_login(world["boss"])
    response = client.post(reverse("player-anonymise", args=[jan.pk]),
                           {"reason": "Jan Peeters asked by e-mail", "confirm": "on"})
    assert response.status_code == 302

    def reason(row):
        return type(row).objects.get(pk=row.pk).reason

    assert reason(own) == f"{label} misdealt"
    assert reason(other) == f"Swapped cards with {label} at table 1"
    assert reason(far) == f"{label} (guest) kept the score"
    assert [reason(row) for row in kept] == ["Jan Janssens misdealt", "Peetersen was late"]
    assert Table.objects.get(pk=world["other"].pk).decision_reason == f"{label}' partner left"
    assert Table.objects.get(pk=world["far"].pk).decision_reason == f"{label} had to leave"
    assert reason(reopened) == f"{label} was seated at the wrong table"
    assert AuditEntry.objects.get(pk=decided.pk).subject == f"Table 1: {label}"
    assert reason(at_home) == f"Score of {label} corrected"
    scrubbed = reason(too_long)
    assert scrubbed.startswith(label) and len(scrubbed) <= MAX_REASON  # fits its column
    for model, fields in ((DealChange, ("reason",)), (Table, ("decision_reason",)),
                          (AuditEntry, ("subject", "reason"))):
        for field in fields:
            for text in model.objects.values_list(field, flat=True):
                assert not NAMED.search(text), (model, field, text)

    log = AuditEntry.objects.get(action="player.anonymised")
    assert log.reason == f"{label} asked by e-mail"  # the erasure's own reason too
    assert log.detail == {"player": jan.pk, "texts_changed": {
        "dealchange.reason": 4, "table.decision_reason": 2, "auditentry.subject": 1,
        "auditentry.reason": 2}}
    assert [str(m) for m in get_messages(response.wsgi_request)] == [(
        f"The player's personal data was erased; the results stay under the name {label}. "
        "9 texts that named the player were changed.")]
    page = client.get(reverse("championship-sheet-changes", args=[world["champ"].pk]))
    assert page.status_code == 200
    assert "Peeters" not in page.content.decode() and label in page.content.decode()


def test_nothing_to_scrub_is_said_too(world):
    jan = world["jan"]
    player = anonymise_player(world["boss"], jan, "asked")
    assert player.texts_changed == {}
    log = AuditEntry.objects.get(action="player.anonymised")
    assert log.detail == {"player": jan.pk, "texts_changed": {}}
    assert Player.objects.get(pk=jan.pk).anonymised_at is not None
