"""Players and memberships: adding, editing, and the all-or-nothing CSV import."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from club.models import Club, Membership, Player, can_edit_club

#: Accepted spellings of each CSV column (compared lower-case, spaces and _ alike).
CSV_COLUMNS = {
    "last_name": ("name", "last name", "last_name", "surname", "naam", "nom"),
    "first_name": ("first name", "first_name", "firstname", "voornaam", "prénom", "prenom"),
    "member_number": ("member number", "member_number", "licence", "license", "lidnummer",
                      "numéro", "numero"),
    "club": ("club",),
}
REQUIRED_COLUMNS = ("last_name", "first_name")
MAX_IMPORT_BYTES = 2_000_000


@dataclass
class ImportReport:
    """The outcome of a CSV import: either every row imported, or errors and nothing."""

    errors: list[tuple[int, str, str]] = field(default_factory=list)  # (row, field, message)
    created: int = 0
    linked: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors


@transaction.atomic
def add_player_to_club(club: Club, *, last_name: str, first_name: str,
                       member_number: str = "") -> Player:
    """Create a player (or find them by member number) and make them a member of ``club``."""
    player = None
    if member_number:
        player = Player.objects.filter(member_number=member_number).first()
    if player is None:
        player = Player.objects.create(last_name=last_name.strip(), first_name=first_name.strip(),
                                       member_number=member_number.strip())
    Membership.objects.get_or_create(club=club, player=player, defaults={"active": True})
    return player


def _column_map(header: list[str]) -> dict[str, int]:
    normalised = [h.strip().lower().replace("_", " ") for h in header]
    found: dict[str, int] = {}
    for key, spellings in CSV_COLUMNS.items():
        for spelling in spellings:
            spelling = spelling.replace("_", " ")
            if spelling in normalised:
                found[key] = normalised.index(spelling)
                break
    return found


def _cell(row: list[str], columns: dict[str, int], key: str) -> str:
    index = columns.get(key)
    return row[index].strip() if index is not None and index < len(row) else ""


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="strict")


def import_players_csv(user, club: Club, data: bytes) -> ImportReport:
    """Import players from CSV bytes into ``club``: all rows or none.

    Columns: name, first name, member number, club (the club column may be blank for
    ``club``, or name another club the user may edit). Every bad row is reported with its
    row number (the header is row 1) and field; if any row is bad nothing is written.
    """
    report = ImportReport()
    if len(data) > MAX_IMPORT_BYTES:
        report.errors.append((0, _("file"), _("the file is larger than 2 MB")))
        return report
    try:
        text = _decode(data)
    except UnicodeDecodeError:
        report.errors.append((0, _("file"), _("the file is not UTF-8 or Windows-1252 text")))
        return report
    if not text.strip():
        report.errors.append((0, _("file"), _("the file is empty")))
        return report
    try:
        dialect = csv.Sniffer().sniff(text.splitlines()[0], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = list(csv.reader(io.StringIO(text), dialect))
    columns = _column_map(rows[0])
    missing = [c for c in REQUIRED_COLUMNS if c not in columns]
    if missing:
        for column in missing:
            report.errors.append((1, CSV_COLUMNS[column][0],
                                  _("the header has no such column (expected: name, first name, "
                                    "member number, club)")))
        return report

    clubs_by_key = {}
    for other in Club.objects.all():
        clubs_by_key[other.slug.lower()] = other
        clubs_by_key[other.name.lower()] = other
    seen_numbers: dict[str, int] = {}
    planned: list[tuple[Club, str, str, str]] = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue

        last, first, member, club_name = (_cell(row, columns, key) for key in (
            "last_name", "first_name", "member_number", "club"))
        if not last:
            report.errors.append((number, _("name"), _("a name is required")))
        elif len(last) > 80:
            report.errors.append((number, _("name"), _("at most 80 characters")))
        if not first:
            report.errors.append((number, _("first name"), _("a first name is required")))
        elif len(first) > 80:
            report.errors.append((number, _("first name"), _("at most 80 characters")))
        if len(member) > 30:
            report.errors.append((number, _("member number"), _("at most 30 characters")))
        elif member:
            if member in seen_numbers:
                report.errors.append((number, _("member number"),
                                      _("the same member number is on row %(row)d")
                                      % {"row": seen_numbers[member]}))
            seen_numbers.setdefault(member, number)
        target = club
        if club_name:
            target = clubs_by_key.get(club_name.lower())
            if target is None:
                report.errors.append((number, _("club"), _("no club is called “%(name)s”")
                                      % {"name": club_name}))
            elif not can_edit_club(user, target):
                report.errors.append((number, _("club"), _("you may not add players to %(name)s")
                                      % {"name": target.name}))
        if target is not None:
            planned.append((target, last, first, member))
    if not planned and not report.errors:
        report.errors.append((0, _("file"), _("the file has no player rows")))
    if report.errors:
        return report

    existing = {p.member_number: p for p in Player.objects.filter(
        ~Q(member_number=""), member_number__in=[m for _c, _l, _f, m in planned if m])}
    with transaction.atomic():
        for target, last, first, member in planned:
            player = existing.get(member) if member else None
            if player is None:
                player = Player.objects.create(last_name=last, first_name=first,
                                               member_number=member)
                if member:
                    existing[member] = player
                report.created += 1
            else:
                report.linked += 1
            Membership.objects.get_or_create(club=target, player=player,
                                             defaults={"active": True})
    return report
