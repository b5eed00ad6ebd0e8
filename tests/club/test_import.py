"""CSV import of players: all rows or none, every bad row reported by row and field."""

import random
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse
from kombu.exceptions import OperationalError

from club.celery import app
from club.models import Club, ClubRole, Membership, Player, PlayerImportJob
from club.services.import_jobs import run_import_job, start_import_job
from club.services.player_import import import_players_csv, import_rows
from club.tasks import import_players

pytestmark = pytest.mark.django_db


def upload(client, club, text, encoding="utf-8"):
    return client.post(reverse("club-player-import", args=[club.slug]),
                       {"file": SimpleUploadedFile("players.csv", text.encode(encoding))})


def test_one_bad_row_imports_nothing_and_names_row_and_field(org_client, club_a):
    text = ("name,first name,member number,club\n"
            "Peeters,Jan,100,\n"
            "Janssens,,101,\n"      # row 3: no first name
            "Maes,Luc,102,club-a\n")
    response = upload(org_client, club_a, text)
    assert response.status_code == 400
    assert response.context["report"].errors == [(3, "first name", "a first name is required")]
    body = response.content.decode()
    assert "Nothing was imported" in body and "first name" in body
    assert Player.objects.count() == 0 and Membership.objects.count() == 0


def test_good_file_imports_every_row(org_client, club_a):
    text = "Naam;Voornaam;Lidnummer;Club\nPeeters;Jan;100;\nMaes;Luc;;Club A\n"
    response = upload(org_client, club_a, text)
    assert response.status_code == 302
    assert sorted(Player.objects.values_list("last_name", flat=True)) == ["Maes", "Peeters"]
    assert Membership.objects.filter(club=club_a).count() == 2


def test_a_file_imported_twice_says_the_players_were_members_already(org_client, club_a):
    """The second upload said "4 existing players added"; they were members already, and
    "Imported 1 new players" lacked its singular."""
    from django.contrib.messages import get_messages

    text = "name,first name,member number\nPeeters,Jan,100\n"
    first = upload(org_client, club_a, text)
    assert [str(m) for m in get_messages(first.wsgi_request)] == ["1 new player imported."]
    org_client.get(first["Location"])  # the club page shows (and uses up) the message
    again = upload(org_client, club_a, text + "Maes,Luc,101\n")
    assert [str(m) for m in get_messages(again.wsgi_request)] == [
        "1 new player imported; 1 player was already a member."]
    assert Membership.objects.filter(club=club_a).count() == 2


def test_existing_member_number_links_the_player(organiser, club_a):
    """Linking needs the user to organise every club of the player: here both."""
    club_c = Club.objects.create(name="Club C", slug="club-c")
    ClubRole.objects.create(user=organiser, club=club_c)
    existing = Player.objects.create(last_name="Peeters", first_name="Jan", member_number="100")
    Membership.objects.create(club=club_c, player=existing)
    report = import_players_csv(organiser, club_a, b"name,first name,member number\nPeeters,Jan,100\n")
    assert report.ok and (report.created, report.linked) == (0, 1)
    assert Membership.objects.filter(club=club_a, player=existing).exists()


@pytest.mark.parametrize("text, row, field", [
    ("name,first name,member number,club\nA,b,1,\nC,d,1,\n", 3, "member number"),
    ("name,first name,member number,club\nA,b,1,Nowhere\n", 2, "club"),
    ("name,first name,member number,club\nA,b,1,club-b\n", 2, "club"),
    ("first name,member number\nb,1\n", 1, "name"),
    ("name,first name\n" + "x" * 81 + ",b\n", 2, "name"),
])
def test_bad_rows_are_reported(organiser, club_a, club_b, text, row, field):
    report = import_players_csv(organiser, club_a, text.encode())
    assert not report.ok
    assert (row, field) in [(r, f) for r, f, _m in report.errors]
    assert Player.objects.count() == 0


def test_empty_and_binary_files_are_refused(organiser, club_a):
    assert import_players_csv(organiser, club_a, b"").errors[0][1] == "file"
    assert not import_players_csv(organiser, club_a, b"name,first name\n").ok
    assert Player.objects.count() == 0


# -- junk is refused clearly (issue 13, point 8) -------------------------------------------

HEADER = "name,first name,member number\n"


def upload_bytes(client, club, data, name="players.csv"):
    return client.post(reverse("club-player-import", args=[club.slug]),
                       {"file": SimpleUploadedFile(name, data)})


def refused_rows(response):
    assert response.status_code == 400, response.status_code
    return [(row, field) for row, field, _message in response.context["report"].errors]


def test_nul_bytes_are_a_400_naming_the_row(org_client, club_a):
    data = (HEADER + "Peeters,Jan,1\nMa\x00es,Luc,2\n").encode()
    response = upload_bytes(org_client, club_a, data)
    assert refused_rows(response) == [(3, "column 1")]
    assert "U+0000" in response.content.decode()
    assert Player.objects.count() == 0 and Membership.objects.count() == 0


def test_a_200_kb_field_is_a_400_naming_the_row(org_client, club_a):
    data = (HEADER + "Peeters,Jan,1\n" + "x" * 200_000 + ",Luc,2\n").encode()
    response = upload_bytes(org_client, club_a, data)
    assert refused_rows(response) == [(3, "file")]
    assert "longer than" in response.content.decode()
    assert Player.objects.count() == 0


def test_a_200_kb_quoted_field_is_refused_too(org_client, club_a):
    data = (HEADER + '"' + "y" * 200_000 + '",Luc,2\n').encode()
    assert refused_rows(upload_bytes(org_client, club_a, data)) == [(2, "file")]
    assert Player.objects.count() == 0


PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00"
       b"\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N"
       b"\x00\x00\x00\x00IEND\xaeB`\x82")


@pytest.mark.parametrize("data", [
    PNG,
    random.Random(13).randbytes(4096),
    b"\xff\xfe" + "name,first name\nA,b\n".encode("utf-16-le"),
    b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n\x00\x01",
], ids=["png", "random", "utf16", "pdf"])
def test_binary_files_are_a_400_naming_the_row(org_client, club_a, data):
    response = upload_bytes(org_client, club_a, data)
    rows = refused_rows(response)
    assert rows and all(row >= 1 for row, _field in rows)
    # said as what it is (not text), not as a header without a "name" column
    assert all("binary" in m or "CSV" in m for _r, _f, m in response.context["report"].errors)
    assert "Nothing was imported" in response.content.decode()
    assert Player.objects.count() == 0


def test_an_error_flood_is_listed_up_to_a_limit_and_counted(organiser, club_a):
    data = (HEADER + "Peeters,,1\n" * 500).encode()
    report = import_players_csv(organiser, club_a, data)
    assert len(report.errors) == 200 and report.error_count > 500
    assert Player.objects.count() == 0


def test_a_member_number_of_another_club_is_refused_on_import(organiser, club_a, club_b):
    theirs = Player.objects.create(last_name="Maes", first_name="Luc", member_number="B-7")
    Membership.objects.create(club=club_b, player=theirs)
    report = import_players_csv(organiser, club_a, (HEADER + "Peeters,Jan,1\nX,Y,B-7\n").encode())
    assert [(row, field) for row, field, _m in report.errors] == [(3, "member number")]
    assert report.errors[0][2] == "this member number cannot be used"
    assert Player.objects.count() == 1 and not Membership.objects.filter(club=club_a).exists()


def test_the_refusal_does_not_say_the_number_exists_elsewhere(org_client, organiser, club_a,
                                                               club_b):
    """Issue 27, break 9: the refusal said "member number B-7 is held by a player of another
    club", confirming to anyone who may import that the number exists. Now the sentence is
    the one for every member number the importer may not use (another club's player, a
    player of no club), naming neither the number nor a club."""
    theirs = Player.objects.create(last_name="Maes", first_name="Luc", member_number="B-7")
    Membership.objects.create(club=club_b, player=theirs)
    Player.objects.create(last_name="Loose", first_name="Lou", member_number="N-1")  # no club
    report = import_players_csv(organiser, club_a, (HEADER + "X,Y,B-7\nZ,W,N-1\n").encode())
    assert [(row, field) for row, field, _m in report.errors] == [(2, "member number"),
                                                                   (3, "member number")]
    foreign, clubless = (message for _row, _field, message in report.errors)
    assert foreign == clubless == "this member number cannot be used"
    page = upload(org_client, club_a, HEADER + "X,Y,B-7\n")
    assert page.status_code == 400
    body = page.content.decode()
    assert "this member number cannot be used" in body
    for word in ("another club", "held by", "Club B", "club-b"):
        assert word not in body
    assert not Membership.objects.filter(club=club_a).exists()


# -- big files: a background job with progress ---------------------------------------------


def big_csv(rows, bad_row=None, prefix="M"):
    lines = [HEADER]
    for i in range(rows):
        first = "" if bad_row is not None and i + 2 == bad_row else f"First{i}"
        lines.append(f"Name{i:05d},{first},{prefix}{i:06d}\n")
    return "".join(lines).encode()


@pytest.fixture
def media(settings, tmp_path):
    """Tasks run in this process (as without a broker), files in a temporary folder."""
    before = app.conf.task_always_eager  # loads the app's settings before they change here
    app.conf.task_always_eager = True
    settings.MEDIA_ROOT = str(tmp_path)
    settings.CELERY_TASK_ALWAYS_EAGER = True
    yield tmp_path
    app.conf.task_always_eager = before


def test_a_3000_row_file_becomes_a_job_and_every_row_lands(org_client, club_a, media,
                                                           django_assert_max_num_queries):
    with django_assert_max_num_queries(60):  # bulk: not a query per row
        response = upload_bytes(org_client, club_a, big_csv(3000))
    job = PlayerImportJob.objects.get()
    assert response.status_code == 302 and response.url == job.get_absolute_url()
    assert job.status == PlayerImportJob.Status.DONE
    assert (job.rows_total, job.rows_written, job.created_players) == (3000, 3000, 3000)
    assert Player.objects.count() == 3000
    assert Membership.objects.filter(club=club_a).count() == 3000
    assert not job.file and not any(media.rglob("*.csv"))  # the names do not linger
    page = org_client.get(job.get_absolute_url())
    assert page.status_code == 200 and "3000 new players imported" in page.content.decode()


def test_a_big_file_with_one_bad_row_lands_nothing_and_the_job_shows_the_row(
        org_client, club_a, media):
    response = upload_bytes(org_client, club_a, big_csv(3000, bad_row=2345))
    job = PlayerImportJob.objects.get()
    assert response.status_code == 302
    assert job.status == PlayerImportJob.Status.REFUSED
    assert job.errors == [[2345, "first name", "a first name is required"]]
    assert Player.objects.count() == 0 and Membership.objects.count() == 0
    page = org_client.get(job.get_absolute_url()).content.decode()
    assert "Nothing was imported" in page and "<td class=\"num\">2345</td>" in page


def test_a_big_file_importing_a_foreign_member_number_lands_nothing(org_client, club_a, club_b,
                                                                    media):
    theirs = Player.objects.create(last_name="Maes", first_name="Luc", member_number="M001500")
    Membership.objects.create(club=club_b, player=theirs)
    upload_bytes(org_client, club_a, big_csv(3000))
    job = PlayerImportJob.objects.get()
    assert job.status == PlayerImportJob.Status.REFUSED
    assert [(row, field) for row, field, _m in job.errors] == [(1502, "member number")]
    assert Player.objects.count() == 1 and not theirs.memberships.filter(club=club_a).exists()


def test_a_job_reports_its_progress_and_commits_done_with_its_players(organiser, club_a):
    from club.services.player_import import parse_csv

    seen = []

    class Recorder:
        def checked(self, done, total):
            seen.append(("checked", done, total))

        def writing(self, total):
            seen.append(("writing", total))

        def written(self, done, total):
            seen.append(("written", done, total, connection.in_atomic_block))

        def committing(self, report):
            seen.append(("committing", Player.objects.count(), connection.in_atomic_block))

    rows = parse_csv(big_csv(2500)).rows
    report = import_rows(organiser, club_a, rows, Recorder())
    assert report.ok and report.created == 2500
    written = [s for s in seen if s[0] == "written"]
    assert [s[1] for s in written] == [1000, 2000, 2500] and all(s[3] for s in written)
    assert seen[-1] == ("committing", 2500, True)  # "done" is written with the players
    assert ("checked", 2500, 2500) in seen and ("writing", 2500) in seen


def test_a_finished_job_is_not_run_again(organiser, club_a, media):
    job = start_import_job(organiser, club_a, big_csv(2100), 2100)
    assert job.status == PlayerImportJob.Status.DONE
    assert run_import_job(job.pk) == "skipped"
    assert Player.objects.count() == 2100


def test_the_broker_down_fails_the_job_with_a_message_and_writes_nothing(org_client, club_a,
                                                                          media):
    with mock.patch.object(import_players, "apply_async",
                           side_effect=OperationalError("Error 111 connecting")):
        response = upload_bytes(org_client, club_a, big_csv(2500))
    job = PlayerImportJob.objects.get()
    assert response.status_code == 302 and job.status == PlayerImportJob.Status.FAILED
    assert "cannot be reached" in job.errors[0][2]
    assert Player.objects.count() == 0
    assert "cannot be reached" in org_client.get(job.get_absolute_url()).content.decode()


def test_an_unexpected_failure_is_on_the_job_and_writes_nothing(organiser, club_a, media):
    with mock.patch("club.services.player_import.Membership.objects.bulk_create",
                    side_effect=RuntimeError("disk full")):
        job = start_import_job(organiser, club_a, big_csv(2100), 2100)
    assert job.status == PlayerImportJob.Status.FAILED
    assert Player.objects.count() == 0 and Membership.objects.count() == 0


def test_the_job_page_is_for_the_clubs_organisers_and_staff(client, org_client, club_a, club_b,
                                                            media, django_user_model):
    job = start_import_job(club_a.roles.get().user, club_a, big_csv(2100), 2100)
    url = job.get_absolute_url()
    assert org_client.get(url).status_code == 200
    # the job of club A is not found under club B's address
    other = django_user_model.objects.create_user("other", password="pw-other-12345")
    ClubRole.objects.create(user=other, club=club_b)
    client.force_login(other)
    assert client.get(url).status_code == 403
    assert client.get(reverse("club-player-import-job", args=[club_b.slug, job.pk])).status_code == 404
    client.force_login(django_user_model.objects.create_user("staff", password="x-123456789",
                                                             is_staff=True))
    assert client.get(url).status_code == 200


def test_a_file_over_2_mb_is_refused_before_it_is_read(org_client, club_a):
    response = upload_bytes(org_client, club_a, (HEADER + "Peeters,Jan,1\n" * 160_000).encode())
    assert response.status_code == 400
    assert "larger than 2 MB" in " ".join(response.context["form"].errors["file"])
    assert Player.objects.count() == 0
