"""The HTTP fuzz's world (tests/security/test_http_fuzz.py), also attacked by hand in
tests/security/test_idor.py: two clubs with every kind of object, names typed in to be
nasty, and a fingerprint of every table of the app (one query: count, max(pk) and a hash of
every row) that tells whether a request wrote."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.db import connection
from django.utils import timezone

from club.models import Club, Deal, Player, ReportJob, Round, RuleSet
from club.services.results import rebuild_table_results
from engine import PRESETS
from tests.factories import (
    make_championship,
    make_club,
    make_played_championship,
    make_round,
    make_user,
)

#: The fuzz's own client address, so its failed logins throttle nobody else's tests.
FUZZ_ADDR = "203.0.113.77"


KINDS = ("championship", "entry", "stage", "round", "table", "player", "rule_set", "job",
         "invitation")


# -- the world ---------------------------------------------------------------------------

@dataclass
class World:
    users: dict[str, object]
    ids: dict[str, dict[str, object]]   # "A" / "B" -> kind -> value
    pool: dict[str, list[object]] = field(default_factory=dict)  # kind -> every known value


def build_world() -> World:
    from club.models import ClubRole, Invitation  # roles: see tests/security/test_access.py

    organiser = make_user("fuzz-org")
    other = make_user("fuzz-other-org")
    staff = make_user("fuzz-staff", is_staff=True)
    nobody = make_user("fuzz-nobody")
    ids = {}
    for side, user, public in (("A", organiser, False), ("B", other, True)):
        slug = f"fuzz-club-{side.lower()}"
        club = make_club(slug, organiser=user)
        rule_set = RuleSet.objects.create(club=club, name=f"Rules {side}",
                                          options=PRESETS["house"].to_dict())
        championship = make_championship(club, entries=4, self_entry=True, rules=rule_set,
                                         public=public, name=f"Championship {side}")
        closed = make_round(championship, status=Round.Status.CLOSED)  # for the charts
        for t in closed.tables.all():
            t.code = f"{side}OLD{t.number:02d}"
            t.save(update_fields=["code"])
            Deal.objects.create(table=t, number=1, dealer=0, trump="s", points=50,
                                points_other=10, entered_by=user)
            rebuild_table_results(t)
        rnd = make_round(championship, number=2)
        for t in rnd.tables.all():
            t.code = f"{side}CODE{t.number:02d}"
            t.save(update_fields=["code"])
        table = rnd.tables.order_by("number").first()
        Deal.objects.create(table=table, number=1, dealer=0, trump="h", points=38,
                            points_other=22, entered_by=user)
        rebuild_table_results(table)  # results, standings and charts have rows to show
        # finished matches over two closed rounds: standings and the leaders' chart
        played = make_played_championship(4, 2, club=club)
        played.public = public
        played.save(update_fields=["public"])
        # an individual championship with a draft round: the substitute form, draw buttons
        solo = make_championship(club, entries=4, entry_type="individual", rules=rule_set,
                                 name=f"Individual {side}")
        draft = make_round(solo, status=Round.Status.DRAFT)
        for t in draft.tables.all():
            t.code = f"{side}DRAFT{t.number:02d}"
            t.save(update_fields=["code"])
        job = ReportJob.objects.create(kind="sheets", championship=championship, round=rnd,
                                       fingerprint="fuzz", status="done", total=1, done=1)
        job.file.save(f"fuzz-{side}.pdf", ContentFile(b"%PDF-1.4 fuzz"), save=True)
        # a member for the members page's forms, and an invitation to withdraw or resend
        member = make_user(f"fuzz-member-{side.lower()}")
        ClubRole.objects.create(user=member, club=club, role="viewer")
        invitation = Invitation.objects.create(
            club=club, email=f"{side}@example.org", role="scorer", token_hash=side * 64,
            expires=timezone.now() + timedelta(days=7))
        ids[side] = {
            "slug": club.slug, "player": Player.objects.filter(memberships__club=club).first().pk,
            "rule_set": rule_set.pk, "championship": championship.pk,
            "entry": championship.entries.order_by("pk").first().pk,
            "stage": championship.stages.get().pk, "round": rnd.pk, "table": table.pk,
            "code": table.code, "job": job.pk, "number": 1, "kind": "sheets",
            "action": "publish", "user": member.pk, "invitation": invitation.pk,
            # the second championship's objects, drawn too now and then
            "solo": solo.pk, "draft": draft.pk, "played": played.pk, "solo_stage": solo.stages.get().pk,
        }
    store_nasty_names()
    preset = RuleSet.objects.get(club=None, preset="house").pk
    pool = defaultdict(list)
    for side in ids.values():
        for kind, value in side.items():
            pool[kind].append(value)
    pool["championship"] += pool.pop("solo") + pool.pop("played")
    pool["round"] += pool.pop("draft")
    pool["stage"] += pool.pop("solo_stage")
    pool["rule_set"].append(preset)
    pool["kind"] += list(ReportJob.Kind.values)
    pool["action"] += ["close", "withdraw", "resend"]
    pool["any"] = sorted({v for k in KINDS for v in pool[k]})
    # club A's scorer and viewer (see what the organiser sees of it, change less)
    scorer, viewer = make_user("fuzz-scorer"), make_user("fuzz-viewer")
    club_a = Club.objects.get(slug=ids["A"]["slug"])
    ClubRole.objects.create(user=scorer, club=club_a, role="scorer")
    ClubRole.objects.create(user=viewer, club=club_a, role="viewer")
    return World({"organiser": organiser, "other_organiser": other, "staff": staff,
                  "no_role": nobody, "scorer": scorer, "viewer": viewer}, ids, dict(pool))


#: Names typed in by users, stored in the world: every page, chart and export shows them.
STORED = ["$\\foo{$", "\u202eevil\u202c", "😀🃏♥", "e\u0301\u0301\u0301", "<script>x</script>",
          "=HYPERLINK(\"x\")", "{{ x }}{% y %}", "\u0645\u0627\u0646\u064a\u0644", "'\"\\",
          "-1+1", "@SUM(A1)", "\t tab", "W" * 80]


def store_nasty_names() -> None:
    from club.models import Championship, Club, Entry, Pair

    names = iter(STORED * 20)
    for model, fields in ((Player, ("last_name", "first_name")), (Pair, ("name",)),
                          (Entry, ("name",)), (Championship, ("name",)), (Club, ("name",)),
                          (RuleSet, ("name",))):
        for obj in model.objects.exclude(**({"club": None} if model is RuleSet else {})):
            for name in fields:
                limit = obj._meta.get_field(name).max_length
                setattr(obj, name, f"{next(names)} {obj.pk}"[-limit:])
            obj.save(update_fields=fields)


# -- the database's fingerprint ----------------------------------------------------------

def fingerprint_sql() -> str:
    """One query: per table of the app (and auth's users), count, max(pk) and a hash (on
    SQLite the rows themselves) of every row in pk order."""
    models = list(apps.get_app_config("club").get_models(include_auto_created=True))
    models.append(get_user_model())
    qn = connection.ops.quote_name
    parts, done = [], set()
    for model in models:
        if model._meta.proxy or not model._meta.managed or model._meta.db_table in done:
            continue
        done.add(model._meta.db_table)
        table, pk = qn(model._meta.db_table), qn(model._meta.pk.column)
        label = model._meta.db_table
        if connection.vendor == "postgresql":
            parts.append(f"SELECT '{label}', count(*), max(t.{pk})::text, "
                         f"md5(coalesce(string_agg(t::text, ',' ORDER BY t.{pk}), '')) "
                         f"FROM {table} t")
        else:
            columns = "||'|'||".join(f"quote({qn(f.column)})" for f in model._meta.local_fields)
            parts.append(f"SELECT '{label}', count(*), max(k), coalesce(group_concat(r, ','), '') "
                         f"FROM (SELECT {pk} AS k, {columns} AS r FROM {table} ORDER BY {pk})")
    return " UNION ALL ".join(parts)


def fingerprint(sql: str) -> dict[str, tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return {row[0]: (row[1], row[2], hashlib.sha1(str(row[3]).encode()).hexdigest())
                for row in cursor.fetchall()}
