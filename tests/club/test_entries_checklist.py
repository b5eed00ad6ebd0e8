"""The entries form's checklist without JavaScript (issue 14, point 6): a plain list of
checkboxes, one per member or pair not yet entered, that sends what is ticked; the filter
tools are in the page but hidden until the script shows them."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from club.models import Pair
from tests.factories import make_championship, make_club, make_players

pytestmark = pytest.mark.django_db


def test_a_plain_list_of_checkboxes_enters_what_is_ticked(org_client, organiser):
    club = make_club("plain", organiser=organiser)
    champ = make_championship(club, entries=0, entry_type="individual")
    players = make_players(club, 30)
    url = reverse("championship-entries", args=[champ.pk])
    page = org_client.get(url).content.decode()
    boxes = re.findall(r'<input type="checkbox" name="players" value="(\d+)"', page)
    assert sorted(map(int, boxes)) == sorted(p.pk for p in players)
    assert '<div class="checklist-tools" hidden>' in page
    assert "checklist.js" in page and "checklist.css" in page
    assert 'role="group" aria-label="members"' in page
    response = org_client.post(url, {"players": [players[3].pk, players[7].pk]})
    assert response.status_code == 302
    assert set(champ.entries.values_list("player_id", flat=True)) == {players[3].pk,
                                                                      players[7].pk}
    page = org_client.get(url).content.decode()  # entered players leave the list
    assert f'value="{players[3].pk}"' not in page


def test_a_refused_form_keeps_the_ticks(org_client, organiser):
    club = make_club("kept", organiser=organiser)
    champ = make_championship(club, entries=0, entry_type="individual")
    players = make_players(club, 5)
    response = org_client.post(reverse("championship-entries", args=[champ.pk]),
                               {"players": [players[1].pk], "new_players": "no comma"})
    assert response.status_code == 400
    page = response.content.decode()
    assert f'value="{players[1].pk}" id="id_players_1" checked>' in page
    assert f'value="{players[2].pk}" id="id_players_2">' in page


def test_pairs_are_a_checklist_too(org_client, organiser):
    club = make_club("pairs", organiser=organiser)
    champ = make_championship(club, entries=0)
    first, second = make_players(club, 2)
    pair = Pair.objects.create(club=club, first=first, second=second, name="Aces & Eights")
    page = org_client.get(reverse("championship-entries", args=[champ.pk])).content.decode()
    assert f'name="pairs" value="{pair.pk}"' in page and "Aces &amp; Eights" in page
