"""No preset key or raw option value reaches a user (issue 14, point 8): a demo world made
in Dutch, its main pages crawled in Dutch as the organiser and as the public, and the score
sheets' HTML; rule sets' names go through a label table (club.rule_labels), and the demo's
names are made in the language the command is run in."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from django.utils import translation

from club.models import Championship, Club, Round, RuleSet, Table
from club.reports.documents import results_document, sheets_html, standings_document
from club.rule_labels import preset_labels, rule_set_name, rules_name
from club.services.rulesets import copy_rule_set
from engine.rules import PRESETS

pytestmark = pytest.mark.django_db

#: Keys of engine presets and option values, draw methods, match formats, metrics ... as
#: stored: none may show as text. (English words that are also keys, such as "random" or
#: "games", cannot be told apart from text and are left out.)
RAW = re.compile(r"\b(house|flemish|pagat|french|auction[123]|one_game|best_of|mee_tegen|"
                 r"knock_back|knock_unlimited|counterclockwise|face_up|flat30|sixty|"
                 r"round_robin|scorer_stays|average_win|match_points|points_diff|points_for|"
                 r"partner_winning_free|no_undertrump|renonce_penalty|tie_policy|whole|"
                 r"partnership|trick_bonus|multipliers_add|max_knocks|lowest_bid|"
                 r"declarer_target|all_tricks_value|open_widow_doubling|discards_count)\b")
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "value")


class Visible(HTMLParser):
    """The text a user reads: text outside scripts and styles, and the attributes shown
    (a button's value; an option's value is not shown, so not taken)."""

    def __init__(self):
        super().__init__()
        self.parts, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        for name, value in attrs:
            if value and name in SHOWN_ATTRIBUTES and not (
                    name == "value" and tag in ("option", "input", "select")):
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def visible(html: str) -> str:
    parser = Visible()
    parser.feed(html)
    return " ".join(parser.parts)


def raw_keys(html: str) -> set[str]:
    return set(RAW.findall(visible(html)))


def document_text(document) -> str:
    """What a table PDF prints (club.reports.tables.Document): title, intro, headings, rows."""
    return " ".join([document.title, *document.intro, *(c.label for c in document.cols),
                     *(" ".join(map(str, row)) for row in document.rows), document.footer,
                     document.empty])


@pytest.fixture
def world_nl(client, organiser):
    call_command("demo", "--language", "nl", stdout=io.StringIO())
    club = Club.objects.get()
    copy_rule_set(club, RuleSet.objects.get(club=None, preset="flemish"))
    return club


def pages(club):
    pairs, individual = (Championship.objects.get(entry_type=k, rule_set__preset="house")
                         for k in ("pairs", "individual"))
    rounds = Round.objects.filter(stage__championship__club=club)
    table = Table.objects.filter(round__stage__championship=pairs, is_bye=False).first()
    paths = ["/", "/clubs/", f"/clubs/{club.slug}/", f"/clubs/{club.slug}/rulesets/",
             f"/clubs/{club.slug}/ladder/", "/rankings/clubs/",
             f"/clubs/{club.slug}/championships/new/"]
    paths += [f"/rulesets/{pk}/" for pk in RuleSet.objects.values_list("pk", flat=True)]
    paths += [f"/rulesets/{pk}/edit/" for pk in club.rule_sets.values_list("pk", flat=True)]
    for c in (pairs, individual):
        paths += [f"/championships/{c.pk}/", f"/championships/{c.pk}/standings/",
                  f"/championships/{c.pk}/entries/", f"/reports/championships/{c.pk}/"]
    paths += [f"/rounds/{r.pk}/" for r in rounds]
    paths += [f"/tables/{table.pk}/sheet/", f"/players/{table.seats.first().player_id}/"]
    # the demo's auction evening: its pages and a sheet with one column per player
    auction = Championship.objects.get(club=club, rule_set__preset__startswith="auction")
    auction_table = Table.objects.filter(round__stage__championship=auction,
                                         is_bye=False).first()
    paths += [f"/championships/{auction.pk}/", f"/championships/{auction.pk}/standings/",
              f"/tables/{auction_table.pk}/sheet/"]
    return paths


def test_no_preset_key_or_raw_option_value_on_the_main_pages_in_dutch(client, world_nl):
    from django.contrib.auth import get_user_model

    found = {}
    client.cookies["django_language"] = "nl"
    for who in ("public", "organiser"):
        if who == "organiser":
            client.force_login(get_user_model().objects.get(username="organiser"))
        for path in pages(world_nl):
            response = client.get(path, HTTP_ACCEPT_LANGUAGE="nl")
            if who == "public" and response.status_code in (302, 403):
                continue
            assert response.status_code == 200, (who, path, response.status_code)
            assert response.headers["Content-Language"] == "nl", path
            keys = raw_keys(response.content.decode())
            if keys:
                found[(who, path)] = keys
    with translation.override("nl"):
        for rnd in Round.objects.all():
            keys = raw_keys(sheets_html(rnd.pk)) | set(RAW.findall(
                document_text(results_document(rnd.pk))))
            if keys:
                found[("sheets and results PDF", rnd.pk)] = keys
        for championship in Championship.objects.all():
            keys = set(RAW.findall(document_text(standings_document(championship))))
            if keys:
                found[("standings PDF", championship.pk)] = keys
    assert found == {}


def test_the_crawl_would_see_a_raw_key():
    assert raw_keys('<p title="x">Regels: house</p><option value="flemish">Vlaams</option>') == {
        "house"}


def test_every_preset_has_a_label_and_pages_use_it(monkeypatch):
    assert set(PRESETS) <= set(preset_labels())
    rule_set = RuleSet.objects.get(club=None, preset="house")
    monkeypatch.setitem(preset_labels(), "house", "Huisregels (test)")
    assert rule_set_name(rule_set) == "Huisregels (test)"
    assert rules_name(PRESETS["house"]) == "Huisregels (test)"
    own = RuleSet(club=Club(name="C"), name="Onze regels", preset="house")
    own.club_id = 1
    assert rule_set_name(own) == "Onze regels"


def test_the_demo_is_made_in_the_language_asked(monkeypatch):
    from club.services import demo, demo_auction, demo_events

    def tagged(text, *args):
        return f"[{translation.get_language()}] {args[-1] if args else text}"

    monkeypatch.setattr(demo_events, "_", lambda text: tagged(text))
    monkeypatch.setattr(demo_auction, "_", lambda text: tagged(text))
    monkeypatch.setattr(demo, "pgettext", lambda context, text: tagged(text))
    call_command("demo", "--language", "fr", stdout=io.StringIO())
    assert Club.objects.get().name == "[fr] De Zwarte Troef"
    assert sorted(Championship.objects.values_list("name", flat=True)) == [
        "[fr] Auction evening", "[fr] Individual club evening", "[fr] Pairs league 2026-2027"]
    call_command("demo", stdout=io.StringIO())  # again, in the default language: no change
    assert Championship.objects.count() == 3
