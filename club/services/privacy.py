"""A player's data: exported for them, or erased by anonymising (README "Privacy").

Both are for someone who may edit the player (:func:`club.access.can_edit_player`: who
organises every club the player is a member of, or staff) and both are logged in the
audit log of each of the player's clubs (``player.exported``, ``player.anonymised``).

Anonymising overwrites what identifies the player and keeps every result: the deals,
the match rows and the standings are facts about entries and tables, not names, so they
are not touched (``manage.py verify_results`` finds nothing to repair afterwards).
"""

from __future__ import annotations

import json
import re

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import BooleanField, Case, F, Q, Value, When
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.access import can_edit_player
from club.models import (
    AuditEntry,
    DealChange,
    DuplicatePair,
    Entry,
    LateDeal,
    Pair,
    Player,
    ReportJob,
    Table,
    TravellerChange,
)
from club.selectors.names import mentions, names_words
from club.selectors.player_data import player_club_ids, player_data

#: What an anonymised player is called from then on (stable: the player's number).
ANONYMOUS = gettext_lazy("Anonymous player %(number)d")
#: The longest reason the log keeps (``AuditEntry.reason``).
MAX_REASON = 300


class PrivacyRefused(ValueError):
    """A request that changes nothing; ``field`` names the form field at fault."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def _log(user, player: Player, action: str, *, subject: str, reason: str = "",
         **detail) -> None:
    AuditEntry.objects.bulk_create([
        AuditEntry(club_id=club_id, user=user, action=action, subject=subject,
                   reason=reason, detail={"player": player.pk, **detail})
        for club_id in player_club_ids(player)])


@transaction.atomic
def export_player(user, player: Player) -> str:
    """Everything Troef holds about ``player`` as readable JSON (indented, UTF-8), logged
    as ``player.exported`` in each of the player's clubs. PermissionDenied for a user who
    may not edit the player."""
    if not can_edit_player(user, player):
        raise PermissionDenied
    data = player_data(player)
    _log(user, player, "player.exported", subject=player.full_name)
    return json.dumps(data, indent=2, ensure_ascii=False, default=str)


def anonymous_name(player: Player) -> str:
    return ANONYMOUS % {"number": player.pk}


@transaction.atomic
def anonymise_player(user, player: Player, reason: str) -> Player:
    """Erase the player's personal data, keeping every result.

    The names become "Anonymous player N" (N: the player's number; in the language of the
    request), the member number is emptied, the player is no longer published and is
    marked anonymised for good (the edit page refuses them). Entry names and pair names
    that carry the player's name are rewritten (a pair name typed by the organiser that
    does not is kept); earlier log entries about the player lose the name, and so do the
    free texts that mention it (:data:`TEXTS`: log subjects and reasons in every club,
    reasons of sheet changes and table decisions at every table: see
    :func:`_scrub_texts`); finished PDFs of the player's championships are deleted (they
    printed the name: the next request renders them again). Logged as
    ``player.anonymised`` with ``reason`` (the name scrubbed from it too) in each of the
    player's clubs; its detail holds ``texts_changed``, the number of texts changed per
    kind (only the kinds changed), which the returned player carries as
    ``texts_changed`` too. Raises PermissionDenied, or :class:`PrivacyRefused` (nothing
    written).
    """
    if not can_edit_player(user, player):
        raise PermissionDenied
    reason = " ".join(reason.split())
    if not reason:
        raise PrivacyRefused(_("Give the reason for erasing the player's data: the log "
                               "keeps it."), field="reason")
    if len(reason) > MAX_REASON:
        raise PrivacyRefused(_("The reason is at most %(max)d characters (%(length)d given).")
                             % {"max": MAX_REASON, "length": len(reason)}, field="reason")
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.anonymised_at is not None:
        raise PrivacyRefused(_("This player's personal data was already erased."))
    old = Player(first_name=player.first_name, last_name=player.last_name)
    label = anonymous_name(player)
    player.first_name, player.last_name = "", label
    player.member_number, player.published = "", False
    player.anonymised_at = timezone.now()
    player.save(update_fields=["first_name", "last_name", "member_number", "published",
                               "anonymised_at"])

    pairs = list(Pair.objects.filter(Q(first=player) | Q(second=player))
                 .select_related("first", "second"))
    for pair in pairs:
        if pair.name and mentions(pair.name, old):
            pair.name = ""
            pair.save(update_fields=["name"])
        pair.first = player if pair.first_id == player.pk else pair.first
        pair.second = player if pair.second_id == player.pk else pair.second
    by_pair = {pair.pk: pair for pair in pairs}
    Entry.objects.filter(player=player).update(name=label)
    for entry in Entry.objects.filter(pair_id__in=list(by_pair)):
        if mentions(entry.name, old):
            entry.name = str(by_pair[entry.pair_id])
            entry.save(update_fields=["name"])
    for entry in DuplicatePair.objects.filter(pair_id__in=list(by_pair)):
        if mentions(entry.name, old):
            entry.name = str(by_pair[entry.pair_id])[:160]
            entry.save(update_fields=["name"])

    changed = _scrub_texts(player, old, label)
    changed[AUDIT_SUBJECT] = changed.get(AUDIT_SUBJECT, 0) + AuditEntry.objects.filter(
        detail__player=player.pk).exclude(subject=label).update(subject=label)
    player.texts_changed = {kind: changed[kind] for kind in TEXTS if changed.get(kind)}
    _delete_printed(player)
    _log(user, player, "player.anonymised", subject=label,
         reason=scrub(reason, old, label)[:MAX_REASON], texts_changed=player.texts_changed)
    return player


def scrub(text: str, old: Player, label: str) -> str:
    """``text`` with the player's full name, then each word of their names left in it,
    replaced by ``label`` (whole words, case aside)."""
    return _replace(text, (old.full_name, *names_words(old)), label)


def scrub_far(text: str, old: Player, label: str) -> str:
    """:func:`scrub` away from the player (another club's log, a table they did not sit
    at): the full name, then their last name (and each of its words) alone; a first name
    alone there is more likely someone else's.

    >>> scrub_far("Jan Janssens told Jan Peeters; PEETERS agreed",
    ...           Player(first_name="Jan", last_name="Peeters"), "Anonymous player 7")
    'Jan Janssens told Anonymous player 7; Anonymous player 7 agreed'
    """
    return _replace(text, (old.full_name, *_last_name_words(old)), label)


def _last_name_words(old: Player) -> list[str]:
    return names_words(Player(first_name="", last_name=old.last_name))


def _replace(text: str, names, label: str) -> str:
    for name in names:
        if name:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", label, text,
                          flags=re.IGNORECASE)
    return text


#: The kinds of free text an erasure scrubs (the keys of ``texts_changed`` in the
#: ``player.anonymised`` audit entry), with their model and field.
AUDIT_SUBJECT = "auditentry.subject"
TEXTS = {
    "dealchange.reason": (DealChange, "reason"),
    "travellerchange.reason": (TravellerChange, "reason"),
    "table.decision_reason": (Table, "decision_reason"),
    AUDIT_SUBJECT: (AuditEntry, "subject"),
    "auditentry.reason": (AuditEntry, "reason"),  # round reopened, table decided, roles...
    "latedeal.reason": (LateDeal, "reason"),  # why the organiser discarded a late deal
}


def _containing(words) -> Q:
    found = Q()
    for word in words:
        found |= Q(text__icontains=word)
    return found


def _scrub_texts(player: Player, old: Player, label: str) -> dict[str, int]:
    """Scrub the player's name from every free text that may name them, and count the rows
    changed per kind (:data:`TEXTS`): change reasons and table decisions at every table,
    subjects and reasons of every club's log (a round reopened, a decision, a role change).

    Near the player (their own tables, their clubs' log) every word of their names goes
    (:func:`scrub`); elsewhere their full name and their last name (:func:`scrub_far`).
    A text made longer than its column is cut to fit."""
    words = names_words(old)
    if not words:
        return {}
    tables = player.seats.values("table_id")
    near_rows = {
        DealChange: Q(table_id__in=tables),
        TravellerChange: Q(session__event__club_id__in=player_club_ids(player)),
        Table: Q(pk__in=tables),
        LateDeal: Q(table_id__in=tables),
        AuditEntry: Q(club_id__in=player_club_ids(player)),
    }
    anywhere = _containing([old.full_name, *_last_name_words(old)])
    near_words = _containing(words)
    changed: dict[str, int] = {}
    for kind, (model, field) in TEXTS.items():
        rows = model.objects.annotate(text=F(field)).annotate(near=Case(
            When(near_rows[model] & near_words, then=Value(True)), default=Value(False),
            output_field=BooleanField()))
        limit = model._meta.get_field(field).max_length
        for pk, text, near in rows.filter(Q(near=True) | anywhere).values_list(
                "pk", field, "near"):
            new = (scrub if near else scrub_far)(text, old, label)[:limit]
            if new != text:
                model.objects.filter(pk=pk).update(**{field: new})
                changed[kind] = changed.get(kind, 0) + 1
    return changed


def _delete_printed(player: Player) -> None:
    """Delete the finished PDFs of the championships the player played or entered: they
    print the old name. Jobs still rendering are left to finish."""
    championships = set(Entry.objects.filter(
        Q(player=player) | Q(pair__first=player) | Q(pair__second=player))
        .values_list("championship_id", flat=True))
    championships |= set(player.seats.values_list("table__round__stage__championship_id",
                                                  flat=True))
    jobs = ReportJob.objects.filter(championship_id__in=championships,
                                    status__in=(ReportJob.Status.DONE, ReportJob.Status.FAILED))
    for job in jobs:
        if job.file:
            storage, name = job.file.storage, job.file.name
            transaction.on_commit(lambda storage=storage, name=name: storage.delete(name))
    jobs.delete()
