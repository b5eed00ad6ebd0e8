"""The all-or-nothing CSV import of players: read the file, check every row, write them all.

Reading refuses what is not a CSV text file (binary data, NUL and other control bytes, a
field beyond the csv module's limit, an undecodable byte) naming the row. Checking reports
every bad row by row number (the header is row 1) and field. Writing happens only when no
row is bad, in one transaction, with bulk inserts: a few queries whatever the row count.
A file that would take a club past ``TROEF_CLUB_MAX_MEMBERS`` is refused whole, naming the
limit (:mod:`club.services.club_size`).
Big files go through :mod:`club.services.import_jobs`, which passes a ``progress`` object.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import Protocol

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.access import can_edit_club, players_not_editable
from club.bounds import IN_QUERY_CHUNK
from club.models import Club, Membership, Player
from club.services.club_size import ClubFull, lock_clubs, make_room

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
#: At most this many errors are listed; the rest are counted.
MAX_LISTED_ERRORS = 200
#: Rows written per INSERT.
BATCH = 1_000
#: Control characters no CSV text holds (tab, line feed and carriage return are fine).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass
class ImportReport:
    """The outcome of a CSV import: either every row imported, or errors and nothing."""

    errors: list[tuple[int, str, str]] = field(default_factory=list)  # (row, field, message)
    created: int = 0  # new players
    linked: int = 0  # players Troef knew, made members of the club
    already: int = 0  # rows of players already members of the club: nothing to do
    unlisted_errors: int = 0  # errors beyond MAX_LISTED_ERRORS, counted only

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def error_count(self) -> int:
        return len(self.errors) + self.unlisted_errors

    def refuse(self, row: int, name: str, message: str) -> None:
        if len(self.errors) < MAX_LISTED_ERRORS:
            self.errors.append((row, str(name), str(message)))
        else:
            self.unlisted_errors += 1


class Progress(Protocol):
    """What a background import reports while it runs (see ``import_jobs.JobProgress``)."""

    def checked(self, done: int, total: int) -> None: ...
    def writing(self, total: int) -> None: ...
    def written(self, done: int, total: int) -> None: ...
    def committing(self, report: ImportReport) -> None: ...


@dataclass
class ParsedCsv:
    """The file's records (the header first) or, when it cannot be read, the report why."""

    rows: list[list[str]]
    report: ImportReport

    @property
    def player_rows(self) -> int:
        return max(len(self.rows) - 1, 0)


# -- reading ---------------------------------------------------------------------------


def _row_of_offset(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _decode(data: bytes, report: ImportReport) -> str | None:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        report.refuse(1, _("file"), _("the file is UTF-16 text: save it as CSV (UTF-8)"))
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252", errors="strict")
    except UnicodeDecodeError as error:
        report.refuse(_row_of_offset(data, error.start), _("file"),
                      _("byte 0x%(byte)02X is not UTF-8 or Windows-1252 text: this is not a "
                        "CSV file") % {"byte": data[error.start]})
        return None


def _column_label(number: int) -> str:
    return _("column %(n)d") % {"n": number}


def parse_csv(data: bytes) -> ParsedCsv:
    """The file's records, or a report naming the first row that is not CSV text."""
    report = ImportReport()
    if len(data) > MAX_IMPORT_BYTES:
        report.refuse(0, _("file"), _("the file is larger than 2 MB"))
        return ParsedCsv([], report)
    text = _decode(data, report)
    if text is None:
        return ParsedCsv([], report)
    if not text.strip():
        report.refuse(0, _("file"), _("the file is empty"))
        return ParsedCsv([], report)
    try:
        dialect = csv.Sniffer().sniff(text.split("\n", 1)[0][:10_000], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows: list[list[str]] = []
    reader = csv.reader(io.StringIO(text), dialect)
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            number = len(rows) + 1
            message = (_("a field is longer than %(limit)d characters: this is not a list of "
                         "players") % {"limit": csv.field_size_limit()}
                       if "field larger" in str(error) else
                       _("the row cannot be read as CSV (%(error)s)") % {"error": error})
            report.refuse(number, _("file"), message)
            return ParsedCsv([], report)
        rows.append(row)
        if CONTROL.search("".join(row)):
            for column, cell in enumerate(row, start=1):
                found = CONTROL.search(cell)
                if found:
                    report.refuse(len(rows), _column_label(column),
                                  _("contains the control character U+%(code)04X (binary data, "
                                    "not text)") % {"code": ord(found.group())})
                    break
    return ParsedCsv(rows if report.ok else [], report)


# -- checking --------------------------------------------------------------------------


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


@dataclass
class _Planned:
    row: int
    club: Club
    last: str
    first: str
    member: str


def _players_by_number(numbers: list[str]) -> dict[str, int]:
    """Member number -> id of the players who hold one of ``numbers``."""
    found: dict[str, int] = {}
    for start in range(0, len(numbers), IN_QUERY_CHUNK):
        found.update(Player.objects.filter(
            member_number__in=numbers[start:start + IN_QUERY_CHUNK]).values_list(
            "member_number", "pk"))
    return found


def _check(user, club: Club, rows: list[list[str]], report: ImportReport,
           progress: Progress | None) -> tuple[list[_Planned], dict[str, int]]:
    if not can_edit_club(user, club):
        report.refuse(0, _("club"), _("you may not add players to %(name)s")
                      % {"name": club.name})
        return [], {}
    columns = _column_map(rows[0])
    missing = [c for c in REQUIRED_COLUMNS if c not in columns]
    if missing:
        for column in missing:
            report.refuse(1, CSV_COLUMNS[column][0],
                          _("the header has no such column (expected: name, first name, "
                            "member number, club)"))
        return [], {}
    clubs_by_key = {}
    for other in Club.objects.all():
        clubs_by_key[other.slug.lower()] = other
        clubs_by_key[other.name.lower()] = other
    allowed: dict[int, bool] = {club.pk: can_edit_club(user, club)}
    seen_numbers: dict[str, int] = {}
    planned: list[_Planned] = []
    total = len(rows) - 1
    for number, row in enumerate(rows[1:], start=2):
        if progress is not None and number % 5_000 == 0:
            progress.checked(number - 1, total)
        if not any(cell.strip() for cell in row):
            continue
        last, first, member, club_name = (_cell(row, columns, key) for key in (
            "last_name", "first_name", "member_number", "club"))
        if not last:
            report.refuse(number, _("name"), _("a name is required"))
        elif len(last) > 80:
            report.refuse(number, _("name"), _("at most 80 characters"))
        if not first:
            report.refuse(number, _("first name"), _("a first name is required"))
        elif len(first) > 80:
            report.refuse(number, _("first name"), _("at most 80 characters"))
        if len(member) > 30:
            report.refuse(number, _("member number"), _("at most 30 characters"))
        elif member:
            if member in seen_numbers:
                report.refuse(number, _("member number"),
                              _("the same member number is on row %(row)d")
                              % {"row": seen_numbers[member]})
            seen_numbers.setdefault(member, number)
        target = club
        if club_name:
            target = clubs_by_key.get(club_name.lower())
            if target is None:
                report.refuse(number, _("club"), _("no club is called “%(name)s”")
                              % {"name": club_name})
            else:
                if target.pk not in allowed:
                    allowed[target.pk] = can_edit_club(user, target)
                if not allowed[target.pk]:
                    report.refuse(number, _("club"), _("you may not add players to %(name)s")
                                  % {"name": target.name})
        if target is not None:
            planned.append(_Planned(number, target, last, first, member))
    if progress is not None:
        progress.checked(total, total)
    if not planned and report.ok:
        report.refuse(0, _("file"), _("the file has no player rows"))
    existing = _players_by_number([p.member for p in planned if p.member])
    foreign = players_not_editable(user, existing.values())
    for plan in planned:
        if plan.member and existing.get(plan.member) in foreign:
            report.refuse(plan.row, _("member number"), unusable_number())
    return planned, existing


def unusable_number() -> str:
    """The refusal of a member number the importer may not use: held by a player of another
    club, or of no club (left to staff). One sentence for every such number, naming neither
    the number nor a club, so that the refusal does not confirm that the number exists
    elsewhere (issue 27)."""
    return _("this member number cannot be used")


# -- writing ---------------------------------------------------------------------------


def _memberships_of(existing: dict[str, int]) -> set[tuple[int, int]]:
    """(club id, player id) of every membership of the players the file names by number."""
    linked_ids = sorted(set(existing.values()))
    members: set[tuple[int, int]] = set()
    for start in range(0, len(linked_ids), IN_QUERY_CHUNK):
        members.update(Membership.objects.filter(
            player_id__in=linked_ids[start:start + IN_QUERY_CHUNK]).values_list(
            "club_id", "player_id"))
    return members


def _make_room(planned: list[_Planned], existing: dict[str, int]) -> set[tuple[int, int]]:
    """Lock the file's clubs (``make_room``'s row lock, in its order; in the writing
    transaction), then read the memberships and check each club has room, else ``ClubFull``."""
    lock_clubs(plan.club.pk for plan in planned)
    members, adding = _memberships_of(existing), {}
    for plan in planned:
        player_id = existing.get(plan.member) if plan.member else None
        if player_id is None or (plan.club.pk, player_id) not in members:
            adding[plan.club] = adding.get(plan.club, 0) + 1
    for club in sorted(adding, key=lambda c: c.pk):
        make_room(club, adding[club])
    return members


def _write(planned: list[_Planned], existing: dict[str, int],
           members: set[tuple[int, int]], report: ImportReport,
           progress: Progress | None) -> None:
    """Every planned row, in the caller's transaction, a batch at a time: the batch's new
    players, then its memberships still missing (``members``: those there already)."""
    total = len(planned)
    for start in range(0, total, BATCH):
        chunk = planned[start:start + BATCH]
        already_before = report.already
        new = [Player(last_name=p.last, first_name=p.first, member_number=p.member)
               for p in chunk if not (p.member and p.member in existing)]
        created = iter(Player.objects.bulk_create(new))
        wanted = []
        for plan in chunk:
            player_id = existing.get(plan.member) if plan.member else None
            if player_id is None:
                player_id = next(created).pk
            if (plan.club.pk, player_id) not in members:
                members.add((plan.club.pk, player_id))
                wanted.append(Membership(club_id=plan.club.pk, player_id=player_id, active=True))
            else:
                report.already += 1
        Membership.objects.bulk_create(wanted)
        report.created += len(new)
        report.linked += len(chunk) - len(new) - (report.already - already_before)
        if progress is not None:
            progress.written(start + len(chunk), total)


def import_summary(created: int, linked: int, already: int) -> str:
    """What an import did, in words: new players, players made members, players who were
    members already (a file imported twice says so, and adds nobody)."""
    parts = []
    if created:
        parts.append(ngettext("%(count)d new player imported", "%(count)d new players imported",
                              created) % {"count": created})
    if linked:
        parts.append(ngettext("%(count)d known player added as a member",
                              "%(count)d known players added as members", linked)
                     % {"count": linked})
    if already:
        parts.append(ngettext("%(count)d player was already a member",
                              "%(count)d players were already members", already)
                     % {"count": already})
    return "; ".join(parts) + "." if parts else _("The file held no players.")


def import_rows(user, club: Club, rows: list[list[str]],
                progress: Progress | None = None) -> ImportReport:
    """Check the records (header first) and, when every row is good, write them all."""
    report = ImportReport()
    planned, existing = _check(user, club, rows, report, progress)
    if not report.ok:
        return report
    if progress is not None:
        progress.writing(len(planned))
    try:
        with transaction.atomic():
            members = _make_room(planned, existing)
            _write(planned, existing, members, report, progress)
            if progress is not None:
                progress.committing(report)
    except ClubFull as error:  # nothing written: the check comes before the first insert
        failed = ImportReport()
        failed.refuse(0, _("club"), str(error))
        return failed
    except IntegrityError:
        failed = ImportReport()
        failed.refuse(0, _("member number"),
                      _("another player was given one of these member numbers while the file "
                        "was being imported; nothing was imported: upload it again"))
        return failed
    return report


def import_players_csv(user, club: Club, data: bytes,
                       progress: Progress | None = None) -> ImportReport:
    """Import players from CSV bytes into ``club``: all rows or none.

    Columns: name, first name, member number, club (the club column may be blank for
    ``club``, or name another club the user may edit). A member number already held by a
    player links that player, only when the user organises every club of theirs. Every
    bad row is reported with its row number (the header is row 1) and field; if any row is
    bad nothing is written.
    """
    parsed = parse_csv(data)
    if not parsed.report.ok:
        return parsed.report
    return import_rows(user, club, parsed.rows, progress)
