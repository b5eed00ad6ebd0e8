"""No 500 from a number (issue 13, point 9): every form and every number read from a URL has
bounds; a refusal is a 400 with the message next to its field, and nothing is written."""

from __future__ import annotations

import datetime
from html import escape

import pytest
from django.core.exceptions import ValidationError

from club.models import Championship, Deal, DealChange, Entry, Pair, Round, RuleSet, Stage
from tests.factories import make_championship, make_club, make_round
from tests.helpers.sheets import deal_data, sheet_table, snapshot, url

pytestmark = pytest.mark.django_db

HUGE = str(10**30)
#: A huge number, a negative one, 10**30 and a NUL-containing string.
HOSTILE = ["99999", "-5", HUGE, "1\x00"]


@pytest.fixture
def table(organiser):
    return sheet_table(organiser)


def body(response) -> str:
    return response.content.decode()


def field_error(response, field: str) -> str:
    """The refusal of ``field``, asserted to be on the page (escaped as the page shows it)."""
    keys = ("form", "tricks_form", "draw_form", "advance_form", "substitute_form")
    form = next((f for key in keys
                 if (f := response.context.get(key)) is not None and field in f.errors), None)
    assert form is not None, f"no error on {field}"
    for message in form.errors[field]:
        assert message and escape(message) in body(response), message
    return " ".join(form.errors[field])


# -- the score sheet ------------------------------------------------------------------------

@pytest.mark.parametrize(("field", "value"), [
    *((f, v) for f in ("points", "points_other", "doubling", "dealer") for v in HOSTILE),
    *(("version", v) for v in ("-5", HUGE, "1\x00", str(2**31))),
])
def test_sheet_numbers_out_of_bounds_are_refused_next_to_the_field(org_client, table, field,
                                                                     value):
    before = snapshot(table)
    response = org_client.post(url(table), deal_data(table, **{field: value}))
    assert response.status_code == 400
    field_error(response, field)
    assert f'data-for="{field}"' in body(response)
    assert snapshot(table) == before


def test_sheet_points_above_any_deal_name_the_bound(org_client, table):
    response = org_client.post(url(table), deal_data(table, points="201"))
    assert response.status_code == 400
    assert "less than or equal to 200" in body(response)
    assert 'data-for="points"' in body(response)


@pytest.mark.parametrize("reason", ["x" * 301, "late\x00"])
def test_refused_reason_of_a_correction_shows_its_message(org_client, table, reason):
    org_client.post(url(table), deal_data(table))
    before = snapshot(table)
    response = org_client.post(url(table, "deals/1/"), deal_data(table, points=40, reason=reason))
    assert response.status_code == 400
    assert 'data-for="reason"' in body(response)  # shown though the sheet is not locked
    field_error(response, "reason")
    assert snapshot(table) == before


def test_301_char_reason_says_the_limit(org_client, table):
    org_client.post(url(table), deal_data(table))
    response = org_client.post(url(table, "deals/1/"), deal_data(table, points=40,
                                                                 reason="x" * 301))
    assert "at most 300 characters (it has 301)" in body(response)


def test_delete_with_a_refused_reason_deletes_nothing(org_client, table):
    """Before: the refused reason was dropped and the deal deleted with an empty one."""
    org_client.post(url(table), deal_data(table))
    before = snapshot(table)
    response = org_client.post(url(table, "deals/1/delete/"), deal_data(table, reason="x" * 301))
    assert response.status_code == 400
    assert "at most 300 characters" in body(response)
    assert snapshot(table) == before and Deal.objects.filter(table=table).count() == 1


@pytest.mark.parametrize("reason", ["x" * 301, "\x00"])
def test_tricks_form_refuses_a_bad_reason(org_client, table, reason):
    before = snapshot(table)
    response = org_client.post(url(table, "tricks/"), {**deal_data(table), "reason": reason,
                                                      "play": "Ac Kc 7c 8c"})
    assert response.status_code == 400
    field_error(response, "reason")
    assert snapshot(table) == before


@pytest.mark.parametrize("value", ["99999", "-5", HUGE, "²", "1e5", "\x00"])
def test_numbers_in_sheet_query_strings_never_500(org_client, table, value):
    org_client.post(url(table), deal_data(table))
    before = snapshot(table)
    preview = org_client.get(url(table, "preview/"), {**deal_data(table), "number": value})
    tricks = org_client.get(url(table, "tricks/"), {"deal": value})
    confirm = org_client.post(url(table, "confirm/"), {"version": value})
    if "\x00" in value:
        assert preview.status_code == tricks.status_code == 400
    else:
        assert preview.status_code == 200 and tricks.status_code == 200
    assert confirm.status_code in (400, 409)  # refused, the sheet shown as it is
    assert snapshot(table) == before


def test_deal_numbers_in_the_url_beyond_any_column(org_client, table):
    org_client.post(url(table), deal_data(table))
    before = snapshot(table)
    for number in ("99999", str(2**63 - 1)):
        for suffix in (f"deals/{number}/", f"deals/{number}/delete/"):
            response = org_client.post(url(table, suffix), deal_data(table))
            assert response.status_code == 400
            assert f"There is no deal {number}" in body(response)
    for suffix in (f"deals/{HUGE}/", f"deals/{HUGE}/delete/"):  # beyond any integer column
        assert org_client.post(url(table, suffix), deal_data(table)).status_code == 404
    assert snapshot(table) == before


def test_ids_beyond_any_key_are_404(org_client, table):
    """The sheet's raw SQL overflowed on SQLite (OverflowError: a 500)."""
    for path in (f"/tables/{HUGE}/sheet/", f"/tables/{HUGE}/sheet/changes/",
                 f"/championships/{HUGE}/", f"/rounds/{HUGE}/"):
        response = org_client.get(path)
        assert response.status_code == 404, path
        assert "This page does not exist" in body(response)


def test_nul_in_a_code_or_query_string_is_400_naming_it(client, org_client, table):
    response = client.get("/sheet/AB%00CD/")
    assert response.status_code == 400
    assert "a NUL character" in body(response) and "the address" in body(response)
    response = org_client.get("/clubs/club/ladder/", {"season": "2025\x00"})
    assert response.status_code == 400
    assert "season: a NUL character" in body(response)


# -- championships --------------------------------------------------------------------------

def championship_data(**fields):
    rule_set = RuleSet.objects.get(club=None, preset="house")
    data = {"name": "Winter cup", "season": "2025-2026", "start_date": "2025-10-01",
            "end_date": "2026-03-31", "rule_set": rule_set.pk, "entry_type": "pairs",
            "draw_method": "random", "bye_scoring": "average", "format_kind": "one_game",
            "rank_1": "match_points", "rank_2": "points_diff", "rank_3": "points_for"}
    data.update(fields)
    return data


@pytest.mark.parametrize(("field", "value"), [
    *(("format_count", v) for v in HOSTILE), *(("format_minutes", v) for v in HOSTILE),
    ("name", "Cup\x00"), ("season", "\x00"), ("rule_set", HUGE), ("start_date", "99999-01-01"),
])
def test_championship_form_refuses_bad_values(org_client, club_a, field, value):
    kind = {"format_count": "games", "format_minutes": "time"}.get(field, "one_game")
    response = org_client.post(f"/clubs/{club_a.slug}/championships/new/",
                               championship_data(format_kind=kind, **{field: value}))
    assert response.status_code == 400
    field_error(response, field)
    assert not Championship.objects.exists()


def test_a_championship_cannot_end_before_it_starts(org_client, club_a):
    response = org_client.post(f"/clubs/{club_a.slug}/championships/new/",
                               championship_data(start_date="2026-03-31", end_date="2025-10-01"))
    assert response.status_code == 400
    message = field_error(response, "end_date")
    assert "cannot end before it starts" in message
    assert not Championship.objects.exists()
    # The model says so too (admin, imports through full_clean).
    champ = Championship(club=club_a, name="x", rule_set=RuleSet.objects.first(),
                         start_date=datetime.date(2026, 1, 2), end_date=datetime.date(2026, 1, 1))
    with pytest.raises(ValidationError) as refused:
        champ.full_clean()
    assert "end_date" in refused.value.message_dict


@pytest.fixture
def closed_stage(organiser):
    club = make_club("club", organiser=organiser)
    champ = make_championship(club, entries=4)
    make_round(champ, status=Round.Status.CLOSED)
    return champ.stages.get()


@pytest.mark.parametrize("value", [*HOSTILE, "10001", "1"])
def test_advance_count_out_of_bounds_is_refused_next_to_the_field(org_client, closed_stage,
                                                                   value):
    """advance_count=10**30 was a 500 (OverflowError on SQLite, DataError on PostgreSQL)."""
    response = org_client.post(f"/stages/{closed_stage.pk}/advance/",
                               {"kind": "final", "advance": "top_n", "advance_count": value})
    assert response.status_code == 400
    field_error(response, "advance_count")
    assert 'data-for="advance_count"' in body(response)
    assert Stage.objects.count() == 1
    assert Stage.objects.get().advance_count is None


@pytest.mark.parametrize(("field", "value"), [
    *(("seed", v) for v in ["-5", HUGE, "1\x00", str(10**12 + 1)]), *(("time_limit", v) for v in HOSTILE),
])
def test_draw_form_refuses_bad_numbers(org_client, closed_stage, field, value):
    Round.objects.all().delete()
    response = org_client.post(f"/stages/{closed_stage.pk}/draw/", {field: value})
    assert response.status_code == 400
    field_error(response, field)
    assert not Round.objects.exists()


@pytest.mark.parametrize("value", ["-5", HUGE, "1\x00", "x"])
def test_entries_form_refuses_ids_out_of_bounds(org_client, organiser, value):
    """pairs=10**30 was a 500: Django checks the ids with pk__in, which overflowed."""
    club = make_club("club", organiser=organiser)
    champ = make_championship(club, entries=2)
    pair = Pair.objects.create(club=club, first=champ.entries.first().pair.first,
                               second=champ.entries.last().pair.second)
    before = Entry.objects.count()
    response = org_client.post(f"/championships/{champ.pk}/entries/", {"pairs": [pair.pk, value]})
    assert response.status_code == 400
    field_error(response, "pairs")
    assert Entry.objects.count() == before


@pytest.mark.parametrize("value", ["-5", HUGE, "1\x00"])
def test_substitute_form_refuses_ids_out_of_bounds(org_client, organiser, value):
    club = make_club("club", organiser=organiser)
    champ = make_championship(club, entries=8, entry_type="individual")
    before = Entry.objects.count()
    response = org_client.post(f"/championships/{champ.pk}/substitute/",
                               {"entry": value, "player": value})
    assert response.status_code == 400
    assert field_error(response, "entry")
    assert Entry.objects.count() == before


# -- clubs, rule sets -----------------------------------------------------------------------

@pytest.mark.parametrize("value", HOSTILE)
def test_rule_set_numbers_are_bounded(org_client, club_a, value):
    rule_set = RuleSet.objects.create(club=club_a, name="Ours", preset="house",
                                      options=RuleSet.objects.get(club=None, preset="house").options)
    before = rule_set.options
    data = {"name": "Ours", "players": 4, "direction": "clockwise", "spare_cards": "face_up",
            "doubling": "none", "tie_policy": "single", "renonce_penalty": "sixty",
            "no_trump_multiplier": 2, "all_tricks_multiplier": 2, "blind_multiplier": 2,
            "tie_multiplier": 2, "target": value}
    response = org_client.post(f"/rulesets/{rule_set.pk}/edit/", data)
    assert response.status_code == 400
    field_error(response, "target")
    rule_set.refresh_from_db()
    assert rule_set.options == before


@pytest.mark.parametrize(("path", "data", "field"), [
    ("/clubs/club-a/edit/", {"name": "A\x00", "slug": "club-a"}, "name"),
    ("/clubs/club-a/pairs/add/", {"first": HUGE, "second": "-5"}, "first"),
])
def test_club_forms_refuse_nul_and_huge_ids(org_client, club_a, path, data, field):
    response = org_client.post(path, data)
    assert response.status_code == 400
    assert field_error(response, field)
    club_a.refresh_from_db()
    assert club_a.name == "Club A" and not Pair.objects.exists()


# -- page numbers and other query strings ---------------------------------------------------

@pytest.mark.parametrize("value", ["0", "-5", "99999", HUGE, "²", "1e5"])
@pytest.mark.parametrize("name", ["page", "per_page", "stage", "best", "table"])
def test_numbers_in_query_strings_never_500(org_client, table, name, value):
    champ = table.round.stage.championship
    for path in (f"/championships/{champ.pk}/standings/", f"/championships/{champ.pk}/sheet-changes/",
                 f"/tables/{table.pk}/sheet/changes/", "/clubs/club/ladder/", "/clubs/club/",
                 f"/reports/rounds/{table.round.pk}/"):
        response = org_client.get(path, {name: value})
        assert response.status_code < 500, (path, name, value)
        assert response.status_code in (200, 404), (path, name, value)


# -- model validators -----------------------------------------------------------------------

@pytest.mark.parametrize(("field", "value"), [
    ("dealer", 7), ("declarer", 7), ("contract", 0), ("exchanged", 11), ("doubling", 0), ("doubling", 1025), ("points", 201), ("points_other", 201),
    ("all_tricks", 2), ("renonce", 2), ("tricks", 11), ("number", 0),
])
def test_deal_model_bounds(table, field, value):
    deal = Deal(table=table, number=1, dealer=0, trump="h", doubling=1, points=38,
                points_other=22)
    deal.full_clean()
    setattr(deal, field, value)
    with pytest.raises(ValidationError) as refused:
        deal.full_clean()
    assert field in refused.value.message_dict


def test_stage_and_change_bounds(closed_stage, table):
    closed_stage.advance_count = 10**30
    with pytest.raises(ValidationError) as refused:
        closed_stage.full_clean()
    assert "advance_count" in refused.value.message_dict
    change = DealChange(table=table, deal_number=1, action="entered", reason="x" * 301)
    with pytest.raises(ValidationError) as refused:
        change.full_clean()
    assert set(refused.value.message_dict) == {"reason"}
