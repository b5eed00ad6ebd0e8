"""Who may open what: every URL of the app, for five kinds of visitor.

Roles: anonymous; a player holding a table's code (otherwise anonymous); the organiser of
another club; the organiser of the championship's club; staff. Expected outcomes:
``ok`` (the page, a form's answer, or a redirect that is not the login page), ``login``
(sent to log in), ``forbidden`` (403). The test fails when a URL of the app is missing
from the matrix, so a new page cannot ship without saying who may see it.
"""

from __future__ import annotations

import pytest
from django.core.files.base import ContentFile
from django.test import Client
from django.urls import get_resolver, reverse

from club.models import ClubRole, Deal, Player, ReportJob, RuleSet
from engine import PRESETS
from tests.factories import make_championship, make_club, make_round, make_user

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "code", "other_organiser", "organiser", "staff")
OPEN = dict.fromkeys(ROLES, "ok")
EDIT = {"anonymous": "login", "code": "login", "other_organiser": "forbidden",
        "organiser": "ok", "staff": "ok"}
# A polling script cannot follow a login redirect: its JSON answers 403 instead.
EDIT_JSON = {**EDIT, "anonymous": "forbidden", "code": "forbidden"}
LOGGED_IN = {"anonymous": "login", "code": "login", "other_organiser": "ok", "organiser": "ok",
             "staff": "ok"}

# name: (method, kwargs from the world, expected by role)
MATRIX = {
    "home": ("get", {}, OPEN),
    "health": ("get", {}, OPEN),
    "login": ("get", {}, OPEN),
    "logout": ("post", {}, OPEN),
    "set_language": ("post", {}, OPEN),
    "club-list": ("get", {}, OPEN),
    "club-create": ("get", {}, LOGGED_IN),
    "club-detail": ("get", {"slug": "club"}, OPEN),
    "club-edit": ("get", {"slug": "club"}, EDIT),
    "club-player-add": ("get", {"slug": "club"}, EDIT),
    "club-player-import": ("get", {"slug": "club"}, EDIT),
    "club-membership-edit": ("get", {"slug": "club", "player": "player"}, EDIT),
    "club-pair-add": ("get", {"slug": "club"}, EDIT),
    "player-detail": ("get", {"pk": "player"}, OPEN),
    "player-edit": ("get", {"pk": "player"}, EDIT),
    "championship-create": ("get", {"slug": "club"}, EDIT),
    "club-ladder": ("get", {"slug": "club"}, OPEN),
    "club-rulesets": ("get", {"slug": "club"}, OPEN),
    "ruleset-copy": ("post", {"slug": "club", "pk": "preset"}, EDIT),
    "ruleset-detail": ("get", {"pk": "rule_set"}, OPEN),
    "ruleset-edit": ("get", {"pk": "rule_set"}, EDIT),
    "club-ranking": ("get", {}, OPEN),
    "championship-detail": ("get", {"pk": "championship"}, EDIT),
    "championship-entries": ("get", {"pk": "championship"}, EDIT),
    "championship-substitute": ("post", {"pk": "championship"}, EDIT),
    "championship-standings": ("get", {"pk": "championship"}, EDIT),
    "entry-active": ("post", {"pk": "entry"}, EDIT),
    "stage-draw": ("post", {"pk": "stage"}, EDIT),
    "stage-advance": ("post", {"pk": "stage"}, EDIT),
    "round-detail": ("get", {"pk": "round"}, EDIT),
    "round-action": ("post", {"pk": "round", "action": "publish"}, EDIT),
    "table-sheet": ("get", {"pk": "table"}, EDIT),
    "table-sheet-preview": ("get", {"pk": "table"}, EDIT),
    "table-sheet-tricks": ("get", {"pk": "table"}, EDIT),
    "table-sheet-deal": ("get", {"pk": "table", "number": 1}, EDIT),
    "table-sheet-delete": ("post", {"pk": "table", "number": 1}, EDIT),
    "table-sheet-confirm": ("post", {"pk": "table"}, EDIT),
    "table-sheet-changes": ("get", {"pk": "table"}, EDIT),
    "championship-sheet-changes": ("get", {"pk": "championship"}, EDIT),
    # The code is the key: whoever holds it opens that table's sheet, and only that one.
    "code-sheet": ("get", {"code": "code"}, OPEN),
    "code-sheet-preview": ("get", {"code": "code"}, OPEN),
    "code-sheet-tricks": ("get", {"code": "code"}, OPEN),
    "code-sheet-deal": ("get", {"code": "code", "number": 1}, OPEN),
    "code-sheet-delete": ("post", {"code": "code", "number": 1}, OPEN),
    "reports-championship": ("get", {"pk": "championship"}, EDIT),
    "reports-round": ("get", {"pk": "round"}, EDIT),
    "report-request": ("post", {"kind": "sheets", "pk": "round"}, EDIT),
    "report-job": ("get", {"pk": "job"}, EDIT),
    "report-status": ("get", {"pk": "job"}, EDIT_JSON),
    "report-file": ("get", {"pk": "job"}, EDIT),
}


def app_url_names():
    names = set()

    def walk(patterns):
        for pattern in patterns:
            if hasattr(pattern, "url_patterns"):
                if getattr(pattern, "app_name", None) != "admin":
                    walk(pattern.url_patterns)
            elif pattern.name:
                names.add(pattern.name)

    walk(get_resolver().url_patterns)
    return names


@pytest.fixture
def world(db):
    organiser = make_user("org")
    other = make_user("other-org")
    staff = make_user("staff", is_staff=True)
    club = make_club("club", organiser=organiser)
    ClubRole.objects.create(user=other, club=make_club("elsewhere"))
    rule_set = RuleSet.objects.create(club=club, name="Ours", options=PRESETS["house"].to_dict())
    championship = make_championship(club, entries=4, self_entry=True, rules=rule_set)
    rnd = make_round(championship)
    table = rnd.tables.order_by("number").first()
    Deal.objects.create(table=table, number=1, dealer=0, trump="h", points=38, points_other=22,
                        entered_by=organiser)
    job = ReportJob.objects.create(kind="sheets", championship=championship, round=rnd,
                                   fingerprint="x", status="done", total=1, done=1)
    job.file.save("matrix.pdf", ContentFile(b"%PDF-1.4 test"), save=True)
    ids = {"slug": club.slug, "player": Player.objects.filter(memberships__club=club).first().pk,
           "preset": RuleSet.objects.get(club=None, preset="house").pk,
           "rule_set": rule_set.pk, "championship": championship.pk,
           "entry": championship.entries.first().pk, "stage": championship.stages.get().pk,
           "round": rnd.pk, "table": table.pk, "code": table.code, "job": job.pk}
    users = {"other_organiser": other, "organiser": organiser, "staff": staff}
    return ids, users


def outcome(response) -> str:
    if response.status_code == 403:
        return "forbidden"
    if response.status_code == 302 and response.url.startswith(reverse("login")):
        return "login"
    if response.status_code < 400 or response.status_code in (400, 409):
        return "ok"
    return f"status {response.status_code}"


def test_every_url_of_the_app_is_in_the_matrix():
    assert app_url_names() == set(MATRIX)


@pytest.mark.parametrize("role", ROLES)
def test_permission_matrix(world, role):
    ids, users = world
    client = Client()
    if role in users:
        client.force_login(users[role])
    wrong = []
    for name, (method, kwargs, expected) in MATRIX.items():
        args = {k: ids.get(v, v) if isinstance(v, str) else v for k, v in kwargs.items()}
        response = getattr(client, method)(reverse(name, kwargs=args))
        got = outcome(response)
        if got != expected[role]:
            wrong.append(f"{method.upper()} {name}: {got}, expected {expected[role]}")
        if name == "logout" and role in users:
            client.force_login(users[role])
    assert not wrong, "\n".join(wrong)


def test_a_code_opens_only_its_own_table(world):
    ids, _users = world
    client = Client()
    assert client.get(reverse("code-sheet", kwargs={"code": "NOPE1234"})).status_code == 404
    page = client.get(reverse("code-sheet", kwargs={"code": ids["code"]}))
    assert page.status_code == 200
    assert outcome(client.get(reverse("table-sheet", kwargs={"pk": ids["table"]}))) == "login"


def test_every_form_needs_its_csrf_token(world):
    ids, users = world
    client = Client(enforce_csrf_checks=True)
    client.force_login(users["organiser"])
    for name, (method, kwargs, _expected) in MATRIX.items():
        if method != "post":
            continue
        args = {k: ids.get(v, v) if isinstance(v, str) else v for k, v in kwargs.items()}
        assert client.post(reverse(name, kwargs=args)).status_code == 403, name
    assert Deal.objects.count() == 1
