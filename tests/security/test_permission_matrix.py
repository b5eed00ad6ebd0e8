"""Who may open what: every URL of the app, for eight kinds of visitor.

Roles: anonymous; a player holding a table's code (otherwise anonymous); the organiser of
another club; a logged-in user with no role anywhere (expected as the organiser of another
club unless a row says otherwise); the organiser of the championship's club; its scorer
(enters and confirms sheets, sees private championships) and its viewer (sees them), both
expected as the organiser of another club unless a row says otherwise (``SEE``, ``SCORE``);
staff. Expected outcomes:
``ok`` (the page, a form's answer, or a redirect that is not the login page), ``login``
(sent to log in), ``forbidden`` (403). The test fails when a URL of the app is missing
from the matrix, so a new page cannot ship without saying who may see it.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.test import Client
from django.urls import get_resolver, reverse
from django.utils import timezone

from club.api.authentication import create_token
from club.models import (
    ClubRole,
    Deal,
    Invitation,
    LateDeal,
    Membership,
    Player,
    PlayerImportJob,
    ReportJob,
    RuleSet,
    Traveller,
)
from club.services.duplicate import create_event
from engine import PRESETS
from tests.factories import make_championship, make_club, make_round, make_user

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "code", "other_organiser", "no_role", "organiser", "scorer", "viewer",
         "staff")
OPEN = dict.fromkeys(ROLES, "ok")
EDIT = {"anonymous": "login", "code": "login", "other_organiser": "forbidden",
        "organiser": "ok", "staff": "ok"}
# A polling script cannot follow a login redirect: its JSON answers 403 instead.
EDIT_JSON = {**EDIT, "anonymous": "forbidden", "code": "forbidden"}
API_EDIT = {**EDIT, "anonymous": "unauthenticated", "code": "unauthenticated"}
API_SEE = {**API_EDIT, "scorer": "ok", "viewer": "ok"}
API_SCORE = {**API_EDIT, "scorer": "ok"}
LOGGED_IN = {"anonymous": "login", "code": "login", "other_organiser": "ok", "organiser": "ok",
             "staff": "ok"}
# A private championship's pages: everyone with a role in the club sees them.
SEE = {**EDIT, "scorer": "ok", "viewer": "ok"}
SEE_JSON = {**EDIT_JSON, "scorer": "ok", "viewer": "ok"}
# Its sheets: entered, corrected and confirmed by owners, organisers and scorers.
SCORE = {**EDIT, "scorer": "ok"}
# A late deal's pages: the club's organisers; to anyone else logged in they do not exist.
LATE = {**EDIT, "other_organiser": "status 404"}

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
    "club-player-import-job": ("get", {"slug": "club", "pk": "import_job"}, EDIT),
    "club-membership-edit": ("get", {"slug": "club", "player": "player"}, EDIT),
    # Roles, invitations, accounts: the club's owners and organisers (and staff).
    "club-members": ("get", {"slug": "club"}, EDIT),
    "club-invite": ("post", {"slug": "club"}, EDIT),
    "club-account-create": ("get", {"slug": "club"}, EDIT),
    "club-role-change": ("post", {"slug": "club", "user": "member"}, EDIT),
    "club-member-password": ("post", {"slug": "club", "user": "member"}, EDIT),
    "club-role-remove": ("post", {"slug": "club", "user": "member"}, EDIT),
    "club-invitation-action": ("post", {"slug": "club", "pk": "invitation", "action": "withdraw"},
                               EDIT),
    # An invitation's link is its key: whoever holds it sees the invitation (and accepts it).
    "invitation-accept": ("get", {"token": "invitation_token"}, OPEN),
    "account": ("get", {}, LOGGED_IN),
    # Leaving a club (the other organiser's, so that nobody else's later rows change): one's
    # own role only, others have none there (404).
    "account-leave": ("post", {"slug": "elsewhere"},
                      {**dict.fromkeys(ROLES, "status 404"), "anonymous": "login",
                       "code": "login", "other_organiser": "ok"}),
    "password_change": ("get", {}, LOGGED_IN),
    "password_change_done": ("get", {}, LOGGED_IN),
    "password_reset": ("get", {}, OPEN),
    "password_reset_done": ("get", {}, OPEN),
    "password_reset_confirm": ("get", {"uidb64": "MQ", "token": "no-such-token"}, OPEN),
    "password_reset_complete": ("get", {}, OPEN),
    "club-pair-add": ("get", {"slug": "club"}, EDIT),
    "club-pair-edit": ("get", {"slug": "club", "pk": "pair"}, EDIT),
    "club-pair-remove": ("post", {"slug": "club", "pk": "pair"}, EDIT),
    "player-detail": ("get", {"pk": "player"}, OPEN),
    "player-edit": ("get", {"pk": "player"}, EDIT),
    # A player's data: exported (a logged download) and erased, by who may edit the player.
    "player-export": ("post", {"pk": "player"}, EDIT),
    "player-anonymise": ("get", {"pk": "player"}, EDIT),
    "championship-create": ("get", {"slug": "club"}, EDIT),
    "club-ladder": ("get", {"slug": "club"}, OPEN),
    # Ratings: lists and charts public (the public reads public championships' ratings,
    # players not published by initials); the settings are the organisers'.
    "club-ratings": ("get", {"slug": "club"}, OPEN),
    "club-rating-player": ("get", {"slug": "club", "pk": "player"}, OPEN),
    "club-rating-settings": ("get", {"slug": "club"}, EDIT),
    "federation-ratings": ("get", {}, OPEN),
    "federation-rating-player": ("get", {"pk": "player"}, OPEN),
    "club-rulesets": ("get", {"slug": "club"}, OPEN),
    "ruleset-copy": ("post", {"slug": "club", "pk": "preset"}, EDIT),
    "ruleset-detail": ("get", {"pk": "rule_set"}, OPEN),
    "ruleset-edit": ("get", {"pk": "rule_set"}, EDIT),
    "club-ranking": ("get", {}, OPEN),
    "championship-detail": ("get", {"pk": "championship"}, SEE),
    # its settings and deleting it (the matrix's has a round: refused, nothing deleted)
    "championship-edit": ("get", {"pk": "championship"}, EDIT),
    "championship-delete": ("post", {"pk": "championship"}, EDIT),
    "championship-entries": ("get", {"pk": "championship"}, EDIT),
    "championship-substitute": ("post", {"pk": "championship"}, EDIT),
    "championship-standings": ("get", {"pk": "championship"}, SEE),
    "championship-projector": ("get", {"pk": "championship"}, SEE),
    "championship-projector-data": ("get", {"pk": "championship"}, SEE_JSON),
    "entry-active": ("post", {"pk": "entry"}, EDIT),
    "stage-draw": ("post", {"pk": "stage"}, EDIT),
    "stage-advance": ("post", {"pk": "stage"}, EDIT),
    "round-detail": ("get", {"pk": "round"}, SEE),
    "round-action": ("post", {"pk": "round", "action": "publish"}, EDIT),
    # closing a round: the check page, a table's decision, the close, reopening (organisers
    # only; the empty forms sent here are refused with 400, changing nothing)
    "round-closing": ("get", {"pk": "round"}, EDIT),
    "round-table-decide": ("post", {"pk": "round", "number": 1}, EDIT),
    "round-close": ("post", {"pk": "round"}, EDIT),
    "round-reopen": ("post", {"pk": "round"}, EDIT),
    "table-sheet": ("get", {"pk": "table"}, SCORE),
    "table-sheet-preview": ("get", {"pk": "table"}, SCORE),
    "table-sheet-tricks": ("get", {"pk": "table"}, SCORE),
    "table-sheet-deal": ("get", {"pk": "table", "number": 1}, SCORE),
    "table-sheet-delete": ("post", {"pk": "table", "number": 1}, SCORE),
    "table-sheet-analysis": ("get", {"pk": "table", "number": 1}, SCORE),
    "table-sheet-confirm": ("post", {"pk": "table"}, SCORE),
    "table-sheet-changes": ("get", {"pk": "table"}, SCORE),
    # deals that reached a closed round: the club's organisers decide (another club's
    # organiser does not learn that the late deal exists: 404)
    "round-late-deals": ("get", {"pk": "round"}, LATE),
    "late-deal-apply": ("post", {"pk": "late_deal"}, LATE),
    "late-deal-discard": ("post", {"pk": "late_deal"}, LATE),
    "championship-sheet-changes": ("get", {"pk": "championship"}, SCORE),
    # The code is the key: whoever holds it opens that table's sheet, and only that one.
    # /sheet/ asks for it (anyone may type one: unknown codes are throttled per address).
    "sheet-code": ("get", {}, OPEN),
    "code-sheet": ("get", {"code": "code"}, OPEN),
    "code-sheet-preview": ("get", {"code": "code"}, OPEN),
    "code-sheet-tricks": ("get", {"code": "code"}, OPEN),
    "code-sheet-deal": ("get", {"code": "code", "number": 1}, OPEN),
    "code-sheet-delete": ("post", {"code": "code", "number": 1}, OPEN),
    "code-sheet-analysis": ("get", {"code": "code", "number": 1}, OPEN),
    "reports-championship": ("get", {"pk": "championship"}, SEE),
    "reports-round": ("get", {"pk": "round"}, EDIT),
    "report-request": ("post", {"kind": "sheets", "pk": "round"}, EDIT),
    "report-job": ("get", {"pk": "job"}, EDIT),
    "report-status": ("get", {"pk": "job"}, EDIT_JSON),
    "report-file": ("get", {"pk": "job"}, EDIT),
    # Duplicate events (a private one): read as a championship is, created and dealt by
    # organisers, travellers entered by scorers too.
    "duplicate-list": ("get", {"slug": "club"}, OPEN),
    "duplicate-create": ("get", {"slug": "club"}, EDIT),
    "duplicate-event": ("get", {"pk": "duplicate_event"}, SEE),
    "duplicate-standings": ("get", {"pk": "duplicate_event"}, SEE),
    "duplicate-round": ("get", {"pk": "duplicate_session", "number": 1}, SEE),
    # the log of changes to a session's travellers: as the sheets' log
    "duplicate-changes": ("get", {"pk": "duplicate_session"}, SCORE),
    "duplicate-board": ("get", {"pk": "duplicate_session", "number": 1}, SEE),
    "duplicate-board-cards": ("get", {"pk": "duplicate_session", "number": 1}, EDIT),
    # a session's PDFs show every board's cards: the club's organisers only
    "duplicate-pdfs": ("get", {"pk": "duplicate_session"}, EDIT),
    "duplicate-pdf-request": ("post", {"pk": "duplicate_session", "kind": "tablecards"}, EDIT),
    "duplicate-pdf-file": ("get", {"pk": "duplicate_session", "kind": "tablecards"}, EDIT),
    # a board's play shows its cards: as the board page shows them (organisers until every
    # table has played it); the matrix's traveller line has no cards (a sentence says so)
    "traveller-analysis": ("get", {"pk": "duplicate_traveller"}, EDIT),
    "duplicate-traveller": ("get", {"pk": "duplicate_table", "number": "duplicate_board"},
                            SCORE),
    "duplicate-traveller-remove": ("post", {"pk": "duplicate_table",
                                            "number": "duplicate_board"}, SCORE),
    # The REST API (club/api/): the same rules; no credentials is a 401, not a login page.
    # A write's body is JSON: the empty form body sent here is a 415 once the permission
    # check has passed (the body is read after it), so a 415 counts as "ok".
    "api-schema": ("get", {}, OPEN),
    "api-docs": ("get", {}, OPEN),
    "api-not-found": ("get", {}, dict.fromkeys(ROLES, "status 404")),
    "api-clubs": ("get", {}, OPEN),
    "api-club": ("get", {"slug": "club"}, OPEN),
    "api-championships": ("get", {}, OPEN),
    "api-championship": ("get", {"pk": "championship"}, API_SEE),
    "api-standings": ("get", {"pk": "championship"}, API_SEE),
    "api-round": ("get", {"pk": "round"}, API_SEE),
    "api-round-tables": ("get", {"pk": "round"}, API_SEE),
    "api-table-sheet": ("get", {"pk": "table"}, API_SCORE),
    "api-table-sheet-deals": ("post", {"pk": "table"}, API_SCORE),
    "api-table-sheet-deal": ("put", {"pk": "table", "number": 1}, API_SCORE),
    "api-table-sheet-confirm": ("post", {"pk": "table"}, API_SCORE),
    "api-code-sheet": ("get", {"code": "code"}, OPEN),
    "api-code-sheet-deals": ("post", {"code": "code"}, OPEN),
    "api-code-sheet-deal": ("delete", {"code": "code", "number": 1}, OPEN),
    # an empty body names no report: refused (400/415) before any permission is asked
    "api-report-request": ("post", {}, OPEN),
    "api-report-job": ("get", {"pk": "job"}, API_EDIT),
    "api-report-file": ("get", {"pk": "job"}, API_EDIT),
    # the sheet's service worker and manifest: the same for everyone, nothing private
    "offline-worker": ("get", {}, OPEN), "offline-manifest": ("get", {}, OPEN),
    "api-tokens": ("get", {}, LOGGED_IN),
    # the organiser's token: anyone else's revoke finds no such token of theirs
    "api-token-revoke": ("post", {"pk": "api_token"},
                         {**LOGGED_IN, "other_organiser": "status 404", "staff": "status 404"}),
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
    import_job = PlayerImportJob.objects.create(club=club, user=organiser, status="refused",
                                                errors=[[2, "name", "a name is required"]])
    duplicate = create_event(club, name="Duplicate", rule_set=rule_set, movement="howell",
                             boards_per_round=2, seed="matrix",
                             pairs=[entry.pair for entry in championship.entries.all()])
    duplicate_table = duplicate.sessions.get().tables.filter(round=1, pair_ns__isnull=False,
                                                             pair_ew__isnull=False).first()
    traveller = Traveller.objects.create(
        board=duplicate_table.session.boards.get(number=duplicate_table.boards[0]),
        table=duplicate_table, pair_ns=duplicate_table.pair_ns, pair_ew=duplicate_table.pair_ew,
        trump="h", points=38, points_other=22)
    late = LateDeal.objects.create(table=table, facts={"dealer": 1, "trump": "c", "points": 40},
                                   sent={"dealer": 1, "trump": "c", "points": 40},
                                   by_code=True, key="matrix-late")
    scorer, viewer, member = make_user("scorer"), make_user("viewer"), make_user("member")
    for user, role in ((scorer, "scorer"), (viewer, "viewer"), (member, "viewer")):
        ClubRole.objects.create(user=user, club=club, role=role)
    token = "matrix-invitation-token"
    Invitation.objects.create(club=club, email="a@example.org", role="scorer",
                              token_hash=hashlib.sha256(token.encode()).hexdigest(),
                              expires=timezone.now() + timedelta(days=7))
    withdrawn = Invitation.objects.create(club=club, email="b@example.org", role="scorer",
                                          token_hash="0" * 64,
                                          expires=timezone.now() + timedelta(days=7))
    ids = {"slug": club.slug, "player": Player.objects.filter(memberships__club=club).first().pk,
           "preset": RuleSet.objects.get(club=None, preset="house").pk,
           "rule_set": rule_set.pk, "championship": championship.pk,
           "entry": championship.entries.first().pk, "stage": championship.stages.get().pk,
           "round": rnd.pk, "table": table.pk, "code": table.code, "job": job.pk,
           "import_job": import_job.pk, "api_token": create_token(organiser, "matrix")[0].pk,
           "pair": championship.entries.first().pair_id,
           "member": member.pk, "invitation": withdrawn.pk, "invitation_token": token,
           "duplicate_event": duplicate.pk, "duplicate_session": duplicate_table.session_id,
           "duplicate_table": duplicate_table.pk, "duplicate_traveller": traveller.pk, "duplicate_board": duplicate_table.boards[0],
           "late_deal": late.pk}
    users = {"other_organiser": other, "organiser": organiser, "staff": staff,
             "no_role": make_user("nobody"), "scorer": scorer, "viewer": viewer}
    return ids, users


def outcome(response) -> str:
    if response.status_code == 403:
        return "forbidden"
    if response.status_code == 401:
        return "unauthenticated"
    if response.status_code == 415:
        return "ok"  # an API write's body refused after its permission check passed
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
        want = expected.get(role, expected["other_organiser"])
        if got != want:
            wrong.append(f"{method.upper()} {name}: {got}, expected {want}")
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


# Every path that attaches, edits or renames a player, tried with real data against a
# player of the club: (url name, kwargs, form data). {player} and {number} are the player's.
PLAYER_PATHS = [
    ("player-edit", {"pk": "player"},
     {"last_name": "Hijacked", "first_name": "Mr", "member_number": "{number}"}),
    ("club-player-add", {"slug": "own"},
     {"last_name": "Hijacked", "first_name": "Mr", "member_number": "{number}"}),
    ("club-player-import", {"slug": "own"},
     {"file": "name,first name,member number\nHijacked,Mr,{number}\n"}),
    ("club-player-add", {"slug": "club"},
     {"last_name": "Intruder", "first_name": "Mr", "member_number": "X-1"}),
    ("club-player-import", {"slug": "club"},
     {"file": "name,first name,member number\nIntruder,Mr,X-2\n"}),
    ("club-membership-edit", {"slug": "club", "player": "player"}, {"active": ""}),
    ("club-membership-edit", {"slug": "own", "player": "player"}, {"active": "on"}),
    ("club-pair-add", {"slug": "own"}, {"first": "{own_member}", "second": "{player}"}),
    ("championship-entries", {"pk": "own_championship"}, {"players": "{player}"}),
    ("championship-substitute", {"pk": "own_championship"},
     {"entry": "{own_entry}", "player": "{player}"}),
]


def _player_state():
    return (sorted(Player.objects.values_list("pk", "last_name", "first_name", "member_number")),
            sorted(Membership.objects.values_list("club_id", "player_id", "active")))


@pytest.mark.parametrize("role", ["other_organiser", "no_role"])
def test_player_paths_refuse_users_of_other_clubs(world, role):
    """The organiser of another club, and a user with no role who creates his own club,
    try every player path against a player of the club: each is refused (403/404, or 400
    naming the field) and no player or membership changes."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    ids, users = world
    client = Client()
    client.force_login(users[role])
    if role == "no_role":
        assert client.post(reverse("club-create"), {"name": "Own", "slug": "own-club",
                                                    "town": ""}).status_code == 302
    own = ClubRole.objects.filter(user=users[role]).get().club
    own_championship = make_championship(own, entries=4, entry_type="individual",
                                         name="Own event")
    player = Player.objects.get(pk=ids["player"])
    player.member_number = "CLUB-1"
    player.save()
    names = {**ids, "own": own.slug, "own_championship": own_championship.pk}
    values = {"player": player.pk, "number": player.member_number,
              "own_entry": own_championship.entries.first().pk,
              "own_member": own_championship.entries.first().player_id}
    before = _player_state()
    wrong = []
    for name, kwargs, data in PLAYER_PATHS:
        args = {k: names.get(v, v) for k, v in kwargs.items()}
        form = {k: v.format(**values) for k, v in data.items()}
        if "file" in form:
            form["file"] = SimpleUploadedFile("p.csv", form["file"].encode())
        response = client.post(reverse(name, kwargs=args), form)
        if response.status_code not in (400, 403, 404):
            wrong.append(f"POST {name} {args}: {response.status_code}")
    assert not wrong, "\n".join(wrong)
    assert _player_state() == before
