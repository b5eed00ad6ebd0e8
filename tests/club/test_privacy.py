"""Privacy (README "Privacy"): no member number or e-mail address on a public page, players
who are not published shown by initials, a player's data exported, a player erased by
anonymising with every result kept."""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections import deque
from types import SimpleNamespace
from urllib.parse import urljoin, urlsplit

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from club.models import (
    AuditEntry,
    Championship,
    ClubRole,
    DealChange,
    Entry,
    MatchResult,
    Membership,
    Pair,
    Player,
    Round,
    Table,
)
from club.selectors.names import hidden_entry_names, initials
from club.services.standings import current_standings
from tests.factories import make_club, make_user

pytestmark = pytest.mark.django_db

HIDDEN = "Jan Peeters"  # the demo's first player (ZT-001), made not published below
SECRET_WORDS = ("Peeters",)


@pytest.fixture
def demo(db, demo_built, django_user_model):
    organiser = django_user_model.objects.get(username="organiser")
    # Some sites make e-mail addresses the usernames: the deals were entered under this one.
    organiser.email = organiser.username = "organiser@zwarte-troef.example"
    organiser.save()
    other = make_user("other-org", email="other.organiser@elders.example")
    ClubRole.objects.create(user=other, club=make_club("elders"), role=ClubRole.Role.OWNER)
    jan = Player.objects.get(member_number="ZT-001")
    jan.published = False
    jan.save()
    return {"organiser": organiser, "other": other, "jan": jan,
            "pairs": Championship.objects.get(entry_type="pairs"),
            "individual": Championship.objects.get(entry_type="individual",
                                                   rule_set__preset="house")}


def _text(response) -> str:
    """A response's text; an XLSX export's cells (its XML parts)."""
    content = b"".join(response.streaming_content) if response.streaming else response.content
    if content[:2] == b"PK":
        with zipfile.ZipFile(io.BytesIO(content)) as book:
            return "".join(book.read(name).decode("utf-8", "replace") for name in book.namelist())
    return content.decode("utf-8", "replace")


LINK = re.compile(r'href="([^"#]+)"')
SKIP = ("/admin/", "/accounts/", "/i18n/", "/static/", "/media/")


#: More pages than the demo has: a crawl that reaches it is lost in endless links (say a
#: query string that grows), which fails the test rather than leaving pages unvisited.
PAGES_AT_MOST = 5000


def crawl(client: Client, start: list[str]) -> dict[str, str]:
    """Every page reachable by links from ``start`` (this site only, GET), with its text."""
    seen: dict[str, str] = {}
    queue = deque(start)
    while queue:
        assert len(seen) < PAGES_AT_MOST, f"endless links? {list(seen)[-20:]}"
        url = queue.popleft()
        if url in seen:
            continue
        response = client.get(url)
        assert response.status_code < 500, url
        if response.status_code != 200:
            seen[url] = ""
            continue
        text = _text(response)
        seen[url] = text
        if "html" not in response.get("Content-Type", ""):
            continue
        for href in LINK.findall(text):
            target = urljoin(url, href.replace("&amp;", "&"))
            parts = urlsplit(target)
            if parts.netloc or not parts.path.startswith("/") or parts.path.startswith(SKIP):
                continue
            queue.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return seen


def _open_codes() -> list[str]:
    return [reverse("code-sheet", args=[code]) for code in Table.objects.filter(
        round__status=Round.Status.PUBLISHED, round__stage__championship__self_entry=True,
        is_bye=False).exclude(code="").values_list("code", flat=True)]


def costless(hands, leader, trump, rules, played_cards):
    """The crawl's stand-in for the double-dummy solver (engine.dd_analysis.analyse_play):
    every card costs nothing. The crawl reads the analysis pages for names, which do not
    depend on the costs; solving the demo's 276 plays would take it minutes
    (test_play_analysis*.py test what the real solver says of each card)."""
    return [SimpleNamespace(cost=0) for _card in played_cards]


@pytest.mark.parametrize("visitor", ["anonymous", "other_organiser"])
def test_public_pages_show_no_member_number_no_email_and_no_hidden_name(demo, visitor,
                                                                          monkeypatch,
                                                                          tasks_in_process):
    """Crawls the demo's public pages (and their CSV/XLSX exports and the players' sheets
    by code, the analyses of the duplicate boards' play) as a visitor without a role in
    the club. The analyses are solved here (tasks in-process, with a broker too), by the
    stand-in above."""
    monkeypatch.setattr("club.services.play_analysis.analyse_play", costless)
    client = Client()
    if visitor == "other_organiser":
        client.force_login(demo["other"])
    pages = crawl(client, ["/", *_open_codes()])
    visited = [url for url, text in pages.items() if text]
    assert len(visited) > 40, visited  # clubs, players, standings, rounds, exports, sheets
    assert any("_export=csv" in url for url in visited)
    assert any("_export=xlsx" in url for url in visited)
    assert any(url.startswith("/sheet/") for url in visited)
    assert any(url == demo["jan"].get_absolute_url() for url in visited)
    analyses = [url for url in visited if url.endswith("/analysis/")]
    assert len(analyses) >= 276 and all('aria-labelledby="analysis-title"' in pages[url]
                                        for url in analyses)  # each one shown, names and all
    numbers = list(Player.objects.exclude(member_number="").values_list("member_number",
                                                                        flat=True))
    emails = [e for e in (demo["organiser"].email, demo["other"].email) if e]
    leaks = []
    for url, text in pages.items():
        for secret in [*numbers, *emails, *SECRET_WORDS]:
            own = visitor == "other_organiser" and secret == demo["other"].email
            if own and url.startswith("/account/"):
                continue  # the visitor's own account page shows the visitor's own address
            if secret in text:
                leaks.append(f"{url}: {secret}")
    assert not leaks, leaks[:20]
    assert any("J. P." in text for text in pages.values())


def test_organisers_see_the_full_names(demo):
    client = Client()
    client.force_login(demo["organiser"])
    jan = demo["jan"]
    individual = demo["individual"]
    rnd = Round.objects.filter(stage__championship=individual).order_by("number").first()
    for url in (reverse("championship-standings", args=[individual.pk]),
                reverse("championship-standings", args=[individual.pk]) + "?_export=csv",
                reverse("round-detail", args=[rnd.pk]),
                jan.get_absolute_url(),
                reverse("club-detail", args=[individual.club.slug]),
                reverse("club-detail", args=[individual.club.slug]) + "?_export=csv",
                reverse("club-ladder", args=[individual.club.slug])):
        text = _text(client.get(url))
        assert HIDDEN in text or "Peeters,Jan" in text, url
    pairs = _text(client.get(reverse("championship-standings", args=[demo["pairs"].pk])))
    assert "Peeters – Janssens" in pairs


def test_initials_on_the_public_standings_round_export_and_sheet(demo):
    client = Client()
    individual, pairs = demo["individual"], demo["pairs"]
    standings = _text(client.get(reverse("championship-standings", args=[individual.pk])))
    assert "J. P." in standings and "Peeters" not in standings
    assert "Marie Janssens" in standings  # published players keep their names
    csv = _text(client.get(reverse("championship-standings", args=[individual.pk]),
                           {"_export": "csv"}))
    assert "J. P." in csv and "Peeters" not in csv
    # The pair's typed name "Peeters – Janssens" names him: the players' public names.
    pair_page = _text(client.get(reverse("championship-standings", args=[pairs.pk])))
    assert "J. P. &amp; Marie Janssens" in pair_page and "Peeters" not in pair_page
    seat = demo["jan"].seats.filter(table__round__stage__championship=individual).order_by(
        "table__round__number").first()
    round_page = _text(client.get(reverse("round-detail", args=[seat.table.round_id])))
    assert "J. P." in round_page and "Peeters" not in round_page
    # The players' sheet by the table's code: a public page too (and its dealer choices).
    table = Table.objects.filter(round__status=Round.Status.PUBLISHED, is_bye=False,
                                 round__stage__championship=individual).order_by("number")[0]
    player = table.seats.order_by("position")[0].player
    player.published = False
    player.save()
    sheet = _text(client.get(reverse("code-sheet", args=[table.code])))
    assert initials(player.first_name, player.last_name) in sheet
    assert player.last_name not in sheet and player.full_name not in sheet
    organiser = Client()
    organiser.force_login(demo["organiser"])
    assert player.full_name in _text(organiser.get(reverse("table-sheet", args=[table.pk])))


def test_the_public_standings_pdf_prints_initials(demo):
    from club.reports import data, documents

    _data, facts = data.championship_standings(demo["pairs"])
    assert "Peeters" not in json.dumps(facts, default=str)
    html = documents.standings_document(demo["pairs"]).html()
    assert "J. P. &amp; Marie Janssens" in html or "J. P. & Marie Janssens" in html
    assert "Peeters" not in html


def test_hidden_players_add_no_query_per_row(demo, django_assert_max_num_queries):
    """The standings find the entries shown by other names in one query, however many."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    individual = demo["individual"]
    url = reverse("championship-standings", args=[individual.pk])
    client = Client()
    client.get(url)
    with CaptureQueriesContext(connection) as one:
        client.get(url)
    Player.objects.filter(entries__championship=individual).update(published=False)
    with CaptureQueriesContext(connection) as every:
        page = client.get(url)
    assert len(every) == len(one)
    assert "Marie Janssens" not in page.content.decode() and "M. J." in page.content.decode()
    assert len(hidden_entry_names(Entry.objects.filter(championship=individual))) == 24


# Export ------------------------------------------------------------------------------


def test_export_gives_everything_about_the_player_and_is_logged(demo):
    client = Client()
    client.force_login(demo["organiser"])
    jan = demo["jan"]
    url = reverse("player-export", args=[jan.pk])
    assert client.get(url).status_code == 405  # a download that is logged: POST only
    response = client.post(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["player"]["first_name"] == "Jan" and data["player"]["member_number"] == "ZT-001"
    assert data["player"]["published"] is False
    assert [m["club"] for m in data["memberships"]] == ["De Zwarte Troef"]
    assert len(data["pairs"]) == 1 and data["pairs"][0]["partner"] == "Marie Janssens"
    assert {e["championship"] for e in data["entries"]} == {
        "Pairs league 2026-2027", "Individual club evening", "Auction evening"}
    seats = jan.seats.count()
    assert seats >= 6 and len(data["tables"]) == seats
    played = [t for t in data["tables"] if t["result"] and not t["bye"]]
    assert played and all(t["opponents"] for t in played)
    stored = MatchResult.objects.filter(entry__player=jan).values_list("points_for", flat=True)
    assert sorted(t["result"]["points_for"] for t in data["tables"]
                  if t["result"] and t["championship"] in ("Individual club evening",
                                                           "Auction evening")
                  ) == sorted(stored)
    log = AuditEntry.objects.get(action="player.exported")
    assert log.club == demo["individual"].club and log.user == demo["organiser"]
    assert log.detail == {"player": jan.pk}
    # A second export lists the first in the player's log.
    again = json.loads(client.post(url).content)
    assert [entry["action"] for entry in again["log"]] == ["player.exported"]


# Anonymising ---------------------------------------------------------------------------


def _standings(championship):
    page = current_standings(championship)
    return [(row.entry, row.rank, row.tied, row.values) for row in page.rows]


def _results():
    return sorted(MatchResult.objects.values_list(
        "table_id", "entry_id", "side", "result", "finished", "games_won", "games_lost",
        "points_for", "points_against", "is_bye"))


def test_anonymising_keeps_every_result(demo):
    client = Client()
    client.force_login(demo["organiser"])
    jan = demo["jan"]
    client.post(reverse("player-export", args=[jan.pk]))  # logged with his name
    # Free texts typed about him: a correction's reason, a decision, another log entry.
    table = jan.seats.order_by("pk").first().table
    DealChange.objects.create(table=table, deal_number=1, action="edited",
                              reason="Jan Peeters misdealt; Peeters agreed")
    Table.objects.filter(pk=table.pk).update(decision_reason="Peeters had to leave")
    AuditEntry.objects.create(club=demo["pairs"].club, action="table.decided",
                              subject="Table 3: Peeters – Janssens", reason="")
    before = {c.pk: _standings(c) for c in (demo["pairs"], demo["individual"])}
    results = _results()
    url = reverse("player-anonymise", args=[jan.pk])
    assert client.get(url).status_code == 200
    refused = client.post(url, {"reason": "   ", "confirm": "on"})
    assert refused.status_code == 400 and "Reason" in refused.content.decode()
    assert client.post(url, {"reason": "Asked by e-mail"}).status_code == 400  # unconfirmed
    assert Player.objects.get(pk=jan.pk).anonymised_at is None
    response = client.post(url, {"reason": "Asked by e-mail on 3 May", "confirm": "on"})
    assert response.status_code == 302
    jan.refresh_from_db()
    label = f"Anonymous player {jan.pk}"
    assert (jan.full_name, jan.member_number, jan.published) == (label, "", False)
    assert jan.anonymised_at is not None
    assert Entry.objects.get(championship=demo["individual"], player=jan).name == label
    pair = Pair.objects.get(first=jan)
    assert pair.name == "" and str(pair) == f"{label} & Marie Janssens"
    assert Entry.objects.get(pair=pair).name == f"{label} & Marie Janssens"
    # Nothing stored names him any more; the results are the same, name aside.
    for model, fields in ((Player, ("first_name", "last_name")), (Entry, ("name",)),
                          (Pair, ("name",)), (AuditEntry, ("subject", "reason")),
                          (DealChange, ("reason",)), (Table, ("decision_reason",))):
        for field in fields:
            assert not model.objects.filter(**{f"{field}__icontains": "Peeters"}).exists()
    assert DealChange.objects.get(reason__contains="misdealt").reason == (
        f"{label} misdealt; {label} agreed")
    assert {c.pk: _standings(c) for c in (demo["pairs"], demo["individual"])} == before
    assert _results() == results
    out = io.StringIO()
    call_command("verify_results", stdout=out)
    assert "0 difference(s)" in out.getvalue()
    log = AuditEntry.objects.get(action="player.anonymised")
    assert log.reason == "Asked by e-mail on 3 May" and log.subject == label
    assert log.user == demo["organiser"] and log.detail["player"] == jan.pk
    assert log.detail["texts_changed"]["dealchange.reason"] == 1  # "Jan Peeters misdealt..."
    # Marked for good: no edit back to a name, no second erasure.
    edit = client.post(reverse("player-edit", args=[jan.pk]),
                       {"last_name": "Peeters", "first_name": "Jan", "published": "on"})
    assert edit.status_code == 302
    again = client.post(url, {"reason": "again", "confirm": "on"})
    assert again.status_code == 400 and "already erased" in again.content.decode()
    jan.refresh_from_db()
    assert jan.full_name == label
    assert AuditEntry.objects.filter(action="player.anonymised").count() == 1
    public = _text(Client().get(reverse("championship-standings", args=[demo["pairs"].pk])))
    assert f"{label} &amp; Marie Janssens" in public


def test_a_player_of_two_clubs_is_exported_and_erased_only_by_who_organises_both(demo):
    jan = demo["jan"]
    elders = ClubRole.objects.get(user=demo["other"]).club
    Membership.objects.create(club=elders, player=jan)
    for user in (demo["organiser"], demo["other"]):
        client = Client()
        client.force_login(user)
        assert client.post(reverse("player-export", args=[jan.pk])).status_code == 403
        assert client.get(reverse("player-anonymise", args=[jan.pk])).status_code == 403
        assert client.post(reverse("player-anonymise", args=[jan.pk]),
                           {"reason": "x", "confirm": "on"}).status_code == 403
    ClubRole.objects.create(user=demo["organiser"], club=elders, role=ClubRole.Role.ORGANISER)
    client = Client()
    client.force_login(demo["organiser"])
    assert client.post(reverse("player-export", args=[jan.pk])).status_code == 200
    assert sorted(AuditEntry.objects.filter(action="player.exported")
                  .values_list("club__slug", flat=True)) == ["de-zwarte-troef", "elders"]
    assert client.post(reverse("player-anonymise", args=[jan.pk]),
                       {"reason": "Left both clubs", "confirm": "on"}).status_code == 302
    assert AuditEntry.objects.filter(action="player.anonymised").count() == 2


def test_anonymous_visitors_log_in_first(demo):
    client = Client()
    jan = demo["jan"]
    for method, name in (("post", "player-export"), ("get", "player-anonymise"),
                         ("post", "player-anonymise")):
        response = getattr(client, method)(reverse(name, args=[jan.pk]))
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert not AuditEntry.objects.filter(action__startswith="player.").exists()


def test_the_player_form_has_the_published_checkbox(demo):
    client = Client()
    client.force_login(demo["organiser"])
    marie = Player.objects.get(member_number="ZT-002")
    url = reverse("player-edit", args=[marie.pk])
    assert 'name="published"' in client.get(url).content.decode()
    response = client.post(url, {"last_name": "Janssens", "first_name": "Marie",
                                 "member_number": "ZT-002"})  # box left unticked
    assert response.status_code == 302
    marie.refresh_from_db()
    assert marie.published is False
    page = Client().get(marie.get_absolute_url()).content.decode()
    assert "Janssens" not in page and "M. J." in page
    club = demo["individual"].club
    add = client.post(reverse("club-player-add", args=[club.slug]),
                      {"last_name": "Nieuw", "first_name": "Nora", "member_number": ""})
    assert add.status_code == 302
    assert Player.objects.get(last_name="Nieuw").published is False
