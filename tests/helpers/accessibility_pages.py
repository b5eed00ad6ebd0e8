"""The pages and states the accessibility audit visits (tests/e2e/test_accessibility*.py:
the desktop and the phone audit are two modules, so that CI's two test processes run them
side by side): the demo's pages for a visitor and the organiser, and one audit at one size
in English (every page) and Dutch and French (:data:`EVERY_LANGUAGE`)."""

from __future__ import annotations

import io
import time

from django.contrib.auth import get_user_model
from django.core.management import call_command

from club.models import Championship, Pair, Player, ReportJob, Round, RuleSet, Table
from club.services import draws
from club.services.rulesets import copy_rule_set
from tests.factories import make_championship
from tests.helpers.accessibility import audit_all
from tests.helpers.browser import chromium
from tests.helpers.closing import dealer, enter, facts, round_of_three_tables
from tests.helpers.sheets import sheet_table

# The pages read in every language; the others in English only (see the docstring).
EVERY_LANGUAGE = {"home", "standings", "round", "sheet", "sheet-edit", "sheet-refused",
                  "sheet-saved", "sheet-threes", "reports-round", "club-edit-errors",
                  "closing-refused"}


def duplicate_pages(club) -> tuple[dict[str, str], dict[str, str]]:
    """The demo's duplicate evening: (public pages, the organiser's)."""
    from club.models import DuplicateEvent, Traveller

    event = DuplicateEvent.objects.get(club=club)
    session = event.sessions.get()
    table = session.tables.get(round=1, number=1)
    played = Traveller.objects.filter(board__session=session, play__isnull=False).first()
    return ({"duplicate-list": f"/clubs/{club.slug}/duplicate/",
             "duplicate-event": f"/duplicate/{event.pk}/",
             "duplicate-round": f"/duplicate/sessions/{session.pk}/rounds/1/",
             "duplicate-board": f"/duplicate/sessions/{session.pk}/boards/1/",
             "duplicate-standings": f"/duplicate/{event.pk}/standings/",
             "duplicate-analysis": f"/duplicate/travellers/{played.pk}/analysis/"},
            {"duplicate-new": f"/clubs/{club.slug}/duplicate/new/",
             "duplicate-traveller": f"/duplicate/tables/{table.pk}/boards/{table.boards[0]}/",
             "duplicate-cards": f"/duplicate/sessions/{session.pk}/boards/1/cards/",
             "duplicate-pdfs": f"/duplicate/sessions/{session.pk}/pdf/",
             "duplicate-changes": f"/duplicate/sessions/{session.pk}/changes/"})


def auction_pages(club) -> tuple[dict[str, str], dict[str, str]]:
    """The demo's auction evening (two rounds closed, the third open): (public pages, the
    organiser's)."""
    evening = Championship.objects.get(club=club, rule_set__preset="auction2")
    rounds = list(Round.objects.filter(stage__championship=evening).order_by("number"))
    closed, open_round = rounds[0], rounds[-1]
    closed_table = Table.objects.filter(round=closed, is_bye=False).order_by("number").first()
    open_table = Table.objects.filter(round=open_round, is_bye=False).order_by("number").first()
    return ({"auction": f"/championships/{evening.pk}/",
             "auction-standings": f"/championships/{evening.pk}/standings/",
             "auction-places": f"/championships/{evening.pk}/standings/?order=places",
             "auction-round": f"/rounds/{open_round.pk}/"},
            {"auction-sheet": f"/tables/{open_table.pk}/sheet/",
             "auction-closed-sheet": f"/tables/{closed_table.pk}/sheet/",
             "auction-reports-round": f"/reports/rounds/{closed.pk}/"})


def demo_pages() -> tuple[dict[str, str], dict[str, str]]:
    """(pages anyone may read, pages of the organiser) of the demo world, by a short name."""
    call_command("demo", stdout=io.StringIO())
    pairs = Championship.objects.get(entry_type="pairs")
    individual = Championship.objects.get(entry_type="individual", rule_set__preset="house")
    club = pairs.club
    open_round = individual.stages.get(number=1).rounds.order_by("-number").first()
    table = Table.objects.filter(round=open_round, is_bye=False).order_by("number").first()
    closed_table = Table.objects.filter(round__stage__championship=pairs, is_bye=False).first()
    player = Player.objects.get(member_number="ZT-001")
    pair = Pair.objects.filter(club=club).first()
    rule_set = RuleSet.objects.get(club=None, preset="house")
    own_rules = copy_rule_set(club, rule_set)
    # a sheet waiting for its first deal (the entry row), and a table of three
    organiser_user = get_user_model().objects.get(username="organiser")
    fresh = sheet_table(organiser_user, slug=club.slug)
    threes = make_championship(club, entries=7, entry_type="individual", odd_players="threes",
                               name="Threes")
    threes_round = draws.draw_round(threes.stages.get(), seed=42)
    draws.publish_round(threes_round)
    three = next(t for t in threes_round.tables.filter(is_bye=False) if t.seats.count() == 3)
    late_round = late_deal(organiser_user)
    undecided = round_of_three_tables(organiser_user, "closing-a11y")  # refuses to close
    job = ReportJob.objects.create(kind=ReportJob.Kind.STANDINGS, championship=pairs,
                                   fingerprint="a11y", status=ReportJob.Status.RUNNING,
                                   done=1, total=3)
    public = {
        "home": "/", "clubs": "/clubs/", "club": f"/clubs/{club.slug}/",
        "login": "/accounts/login/", "championship": f"/championships/{pairs.pk}/",
        "standings": f"/championships/{pairs.pk}/standings/",
        "individual-standings": f"/championships/{individual.pk}/standings/",
        "ladder": f"/clubs/{club.slug}/ladder/?season=2026-2027",
        "club-ranking": "/rankings/clubs/", "player": f"/players/{player.pk}/",
        "ruleset": f"/rulesets/{rule_set.pk}/",
        "code-sheet": f"/sheet/{table.code}/", "table-code": "/sheet/",
        "table-code-refused": "/sheet/?code=NOPE", "not-found": "/no-such-page/",
        "projector": f"/championships/{pairs.pk}/projector/",
        "ratings": "/ratings/", "club-ratings": f"/clubs/{club.slug}/ratings/",
        "rating-player": f"/ratings/players/{player.pk}/",
        "password-reset": "/account/password/reset/",
        "api-docs": "/api/docs/#swagger", "api-docs-open": "/api/docs/#swagger-open",
        **duplicate_pages(club)[0], **auction_pages(club)[0],
    }
    organiser = {
        "home": "/", "club": f"/clubs/{club.slug}/",
        "championship": f"/championships/{pairs.pk}/",
        "individual": f"/championships/{individual.pk}/",
        "standings": f"/championships/{pairs.pk}/standings/",
        "entries": f"/championships/{individual.pk}/entries/",
        "substitute": f"/championships/{individual.pk}/substitute/",
        "round": f"/rounds/{open_round.pk}/",
        "closed-round": f"/rounds/{closed_table.round_id}/",
        "sheet": f"/tables/{fresh.pk}/sheet/",
        "sheet-refused": f"/tables/{fresh.pk}/sheet/#refuse",
        "sheet-saved": f"/tables/{fresh.pk}/sheet/#save",
        "sheet-threes": f"/tables/{three.pk}/sheet/",
        "finished-sheet": f"/tables/{table.pk}/sheet/",
        "sheet-edit": f"/tables/{table.pk}/sheet/deals/1/",
        "closed-sheet": f"/tables/{closed_table.pk}/sheet/",
        "closed-sheet-edit": f"/tables/{closed_table.pk}/sheet/deals/1/",
        "tricks": f"/tables/{table.pk}/sheet/tricks/",
        "sheet-changes": f"/tables/{table.pk}/sheet/changes/",
        "championship-changes": f"/championships/{pairs.pk}/sheet-changes/",
        "reports": f"/reports/championships/{pairs.pk}/",
        "reports-round": f"/reports/rounds/{closed_table.round_id}/?table={closed_table.number}",
        "job": f"/reports/jobs/{job.pk}/",
        "club-edit": f"/clubs/{club.slug}/edit/",
        "club-edit-errors": f"/clubs/{club.slug}/edit/#errors",
        "club-new": "/clubs/new/", "player-add": f"/clubs/{club.slug}/players/add/",
        "player-import": f"/clubs/{club.slug}/players/import/",
        "player-edit": f"/players/{player.pk}/edit/",
        "membership": f"/clubs/{club.slug}/members/{player.pk}/",
        "pair-add": f"/clubs/{club.slug}/pairs/add/",
        "pair-edit": f"/clubs/{club.slug}/pairs/{pair.pk}/",
        "championship-new": f"/clubs/{club.slug}/championships/new/",
        "rulesets": f"/clubs/{club.slug}/rulesets/",
        "ruleset-edit": f"/rulesets/{own_rules.pk}/edit/",
        **duplicate_pages(club)[1], **auction_pages(club)[1],
        "ladder": f"/clubs/{club.slug}/ladder/?season=2026-2027",
        "player": f"/players/{player.pk}/",
        "members": f"/clubs/{club.slug}/members/", "account": "/account/",
        "api-tokens": "/account/api-tokens/", "password-change": "/account/password/",
        "closing": f"/rounds/{open_round.pk}/closing/",
        "closing-refused": f"/rounds/{undecided.pk}/closing/#closing-refused",
        "late-deals": f"/rounds/{late_round}/late-deals/",
        "projector": f"/championships/{pairs.pk}/projector/",
        "anonymise": f"/players/{player.pk}/anonymise/",
        "club-ratings": f"/clubs/{club.slug}/ratings/",
        "rating-settings": f"/clubs/{club.slug}/ratings/settings/",
        "club-rating-player": f"/clubs/{club.slug}/ratings/players/{player.pk}/",
    }
    return public, organiser


def late_deal(organiser) -> int:
    """A self-entry round closed, then a deal sent by its table's code: it waits in the
    round's late-deals list. The round's id."""
    from rest_framework.test import APIClient

    from club.services.closing import close_round

    table = sheet_table(organiser, self_entry=True, slug="late-club")
    enter(organiser, table, facts(38, dealer(table)))
    close_round(table.round, organiser, remaining="played")
    table = Table.objects.get(pk=table.pk)
    answer = APIClient().post(f"/api/sheet/{table.code}/deals/", {
        "dealer": (table.first_dealer + table.deals.count()) % 4, "trump": "c", "points": 40,
        "version": table.version}, format="json", HTTP_IDEMPOTENCY_KEY="a11y-late")
    assert answer.status_code == 202, answer.content
    return table.round_id


def log_in(driver, live_server, client):
    client.force_login(get_user_model().objects.get(username="organiser"))
    driver.get(live_server.url + "/health/")
    driver.add_cookie({"name": "sessionid", "value": client.cookies["sessionid"].value,
                       "path": "/"})


def set_language(driver, live_server, language: str):
    driver.get(live_server.url + "/health/")
    driver.add_cookie({"name": "django_language", "value": language, "path": "/"})


def audit_size(size: str, live_server, client) -> list[str]:
    """Every page state at ``size`` (see the module), one line a violation."""
    public, organiser = demo_pages()
    driver = chromium(size)
    found = []
    started = time.monotonic()
    try:
        for language in ("en", "nl", "fr"):
            only = None if language == "en" else EVERY_LANGUAGE
            driver.delete_all_cookies()
            set_language(driver, live_server, language)
            found += audit_all(driver, live_server, public, f"[{size} {language} visitor]",
                               only)
            log_in(driver, live_server, client)
            found += audit_all(driver, live_server, organiser,
                               f"[{size} {language} organiser]", only)
    finally:
        driver.quit()
    print(f"axe at {size}: {time.monotonic() - started:.1f} s")
    return found
