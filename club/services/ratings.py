"""Player ratings (issue 19): rebuilt from the closed rounds in the order they were closed,
updated incrementally when a round closes, checked against a rebuild.

Scopes (:class:`club.models.RatingScope`): ``club:<id>`` (the club's championships that its
settings count, from their first date), ``public:<id>`` (the same, public championships
only: what the public sees on the club's list) and ``federation`` (every club's public
championships). Each is ``scoring.ratings`` over its history: every closed round of the
scope's championships, ordered by (closed at, round id); a round is one match per table
(:func:`scoring.ratings_rounds.round_matches`), keyed by that order, dated the day it
closed, its event the championship. Tables decided when closing (a forfeit, an average
score, not played) are no match played and are left out.

:func:`refresh` is the one writer: under the scope row's lock it applies only the rounds
closed since (when the stored state's settings and rounds read are still the start of the
history: a round just closed), else rebuilds (a round reopened, the settings changed, a
championship made public). Each refresh refits the performance spread the win chances
use (:mod:`scoring.ratings_fit`; stored as ``RatingScope.beta``, with the matches behind it;
:mod:`club.selectors.rating_fit` reads it). :func:`verify` rebuilds in memory and lists every difference
(``manage.py verify_ratings``); ``repair`` rebuilds the stored rows.

A change that needs a refresh records it in its own transaction and sends it after the
commit (:mod:`club.services.ratings_queue`); :func:`refresh_club` clears it.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import logging
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from club.models import (
    Championship,
    Club,
    ClubRatingSettings,
    Entry,
    PendingRatingRefresh,
    PlayerRating,
    RatingPoint,
    RatingScope,
    Round,
    Table,
)
from club.selectors.standings import match_records
from club.services.ratings_queue import queue_refresh
from club.sheets.kinds import kind_of
from scoring.ratings import Ratings, RatingSettings, rate, update
from scoring.ratings_rounds import round_matches

log = logging.getLogger("troef.ratings")

FEDERATION = RatingScope.FEDERATION
#: Decisions that are no match played: their tables are not rated.
NOT_RATED = (Table.Decision.FORFEIT, Table.Decision.AVERAGE, Table.Decision.NOT_PLAYED)


def club_key(club_id: int) -> str:
    return f"club:{club_id}"


def public_key(club_id: int) -> str:
    return f"public:{club_id}"


def scope_club_id(key: str) -> int | None:
    return None if key == FEDERATION else int(key.split(":", 1)[1])


def club_settings(club_id: int) -> ClubRatingSettings:
    """The club's rating settings (defaults, unsaved, when it has none)."""
    found = ClubRatingSettings.objects.filter(club_id=club_id).first()
    return found or ClubRatingSettings(club_id=club_id)


def scope_championships(key: str) -> Any:
    """The championships whose closed rounds make the scope's history."""
    if key == FEDERATION:
        return Championship.objects.filter(public=True)
    kind, club_id = key.split(":", 1)
    championships = Championship.objects.filter(club_id=int(club_id))
    return championships.filter(public=True) if kind == "public" else championships


def scope_settings(key: str) -> RatingSettings:
    """What counts in the scope, as ``scoring``'s settings."""
    if key == FEDERATION:
        return RatingSettings()
    chosen = club_settings(scope_club_id(key))
    events = None
    if chosen.pk and chosen.counts == ClubRatingSettings.Counts.CHOSEN:
        events = frozenset(chosen.championships.values_list("pk", flat=True))
    return RatingSettings(events=events, since=chosen.since)


def history_rounds(key: str) -> list[Round]:
    """The scope's closed rounds in the order they were closed. One query."""
    return list(Round.objects.filter(
        status=Round.Status.CLOSED,
        stage__championship__in=scope_championships(key)).select_related("stage").order_by(
        F("closed_at").asc(nulls_first=True), "pk"))


def round_key(rnd: Round) -> tuple[str, int]:
    return (rnd.closed_at.isoformat() if rnd.closed_at else "", rnd.pk)


def round_day(rnd: Round) -> datetime.date:
    moment = rnd.closed_at or rnd.created
    return timezone.localdate(moment) if timezone.is_aware(moment) else moment.date()


def rounds_read(rounds: Iterable[Round]) -> list[list]:
    return [[rnd.pk, round_key(rnd)[0]] for rnd in rounds]


def round_match_lists(rounds: list[Round]) -> dict[int, list]:
    """Round id -> its rating matches (player ids), for ``rounds``. Per championship: its
    entries, its match records, its decided tables (three queries)."""
    by_championship: dict[int, list[Round]] = defaultdict(list)
    for rnd in rounds:
        by_championship[rnd.stage.championship_id].append(rnd)
    out: dict[int, list] = {}
    for championship_id, its_rounds in by_championship.items():
        championship = Championship.objects.get(pk=championship_id)
        if not kind_of(championship).rated:  # each for themselves: no two-sided matches
            out.update((rnd.pk, []) for rnd in its_rounds)
            continue
        players: dict[int, tuple[int, ...]] = {}
        for pk, player, first, second in Entry.objects.filter(
                championship=championship).values_list("pk", "player_id", "pair__first_id",
                                                       "pair__second_id"):
            players[pk] = (player,) if player else (first, second)
        skipped = set(Table.objects.filter(
            round__in=its_rounds, decision__in=NOT_RATED).values_list(
            "round_id", "seats__entry_id"))
        wanted = {(rnd.stage.number, rnd.number): rnd for rnd in its_rounds}
        records: dict[int, list] = defaultdict(list)
        for record in match_records(championship):
            rnd = wanted.get(tuple(record.round))
            if rnd is None or (rnd.pk, record.entry) in skipped:
                continue
            records[rnd.pk].append(record)
        for rnd in its_rounds:
            key, day = round_key(rnd), round_day(rnd)
            if championship.is_individual:
                mapped = [dataclasses.replace(
                    r, entry=players[r.entry][0],
                    partners=tuple(players[p][0] for p in r.partners),
                    opponents=tuple(players[p][0] for p in r.opponents))
                    for r in records[rnd.pk]]
                out[rnd.pk] = round_matches(mapped, key, day, championship_id)
            else:
                out[rnd.pk] = round_matches(records[rnd.pk], key, day, championship_id,
                                            members=players)
    return out


@dataclass
class Built:
    """A scope's ratings and the rows that store them."""

    ratings: Ratings
    rounds: list[list]
    points: list[tuple[int, int, int, datetime.date, float, float, float]]  # player, round, position ...


def _apply_rounds(ratings: Ratings, rounds: list[Round], offset: int) -> tuple[Ratings, list]:
    matches = round_match_lists(rounds)
    points = []
    for position, rnd in enumerate(rounds, offset + 1):
        these = matches.get(rnd.pk, [])
        ratings = update(ratings, these)
        played = {p for m in these if ratings.settings.counts(m)
                  for p in (*m.side_a, *m.side_b)}
        for player in sorted(played):
            r = ratings[player]
            points.append((player, rnd.pk, position, round_day(rnd), r.mu, r.sigma, r.display))
    return ratings, points


def build(key: str) -> Built:
    """The scope's ratings rebuilt from its whole history, in memory (nothing written)."""
    rounds = history_rounds(key)
    ratings, points = _apply_rounds(rate([], scope_settings(key)), rounds, 0)
    return Built(ratings, rounds_read(rounds), points)


def _rows(scope: RatingScope, ratings: Ratings) -> list[PlayerRating]:
    return [PlayerRating(scope=scope, player_id=player, rank=rank, mu=r.mu, sigma=r.sigma,
                         display=r.display, matches=r.matches, provisional=r.provisional,
                         last_played=r.last_played)
            for rank, (player, r) in enumerate(ratings.ranking(), 1)]


def _point_rows(scope: RatingScope, points: list) -> list[RatingPoint]:
    return [RatingPoint(scope=scope, player_id=p, round_id=rnd, position=pos, day=day, mu=mu,
                        sigma=sigma, display=display)
            for p, rnd, pos, day, mu, sigma, display in points]


def _locked_scope(key: str) -> RatingScope:
    club_id = scope_club_id(key)
    RatingScope.objects.get_or_create(key=key, defaults={"club_id": club_id})
    return RatingScope.objects.select_for_update().get(key=key)


def _store(scope: RatingScope, ratings: Ratings, rounds: list[list], points: list, *,
           replace_points: bool) -> None:
    scope.state, scope.rounds = ratings.to_dict(), rounds
    # The performance spread refitted from the same matches (scoring.ratings_fit).
    scope.beta, scope.fit_matches = ratings.fit.beta, ratings.fit.matches
    scope.save(update_fields=["state", "rounds", "computed", "beta", "fit_matches"])
    PlayerRating.objects.filter(scope=scope).delete()
    PlayerRating.objects.bulk_create(_rows(scope, ratings), batch_size=1000)
    if replace_points:
        RatingPoint.objects.filter(scope=scope).delete()
    RatingPoint.objects.bulk_create(_point_rows(scope, points), batch_size=1000)


@transaction.atomic
def rebuild(key: str) -> Ratings:
    """Rebuild the scope's stored ratings from its whole history (under its lock)."""
    scope = _locked_scope(key)
    built = build(key)
    _store(scope, built.ratings, built.rounds, built.points, replace_points=True)
    return built.ratings


@transaction.atomic
def refresh(key: str) -> str:
    """Bring the scope's stored ratings up to date: the rounds closed since, applied in
    order, when the stored state is the start of the history with the same settings;
    else a rebuild. Returns "current", "updated" or "rebuilt"."""
    scope = _locked_scope(key)
    settings = scope_settings(key)
    rounds = history_rounds(key)
    current = rounds_read(rounds)
    stored = scope.rounds or []
    if scope.state and scope.state.get("fit"):  # a state from before the fit: rebuilt
        old = Ratings.from_dict(scope.state)
        if old.settings == settings and current[:len(stored)] == stored:
            if len(stored) == len(current):
                return "current"
            ratings, points = _apply_rounds(old, rounds[len(stored):], len(stored))
            _store(scope, ratings, current, points, replace_points=False)
            return "updated"
    built = build(key)
    _store(scope, built.ratings, built.rounds, built.points, replace_points=True)
    return "rebuilt"


def club_scope_keys(club_id: int) -> list[str]:
    return [club_key(club_id), public_key(club_id), FEDERATION]


def refresh_club(club_id: int) -> dict[str, str]:
    """Refresh every scope a change in the club's championships touches, and clear the
    refresh the club owed (:class:`PendingRatingRefresh`) when this one read what it
    asked for: its version is read before the rounds are, so a change asked for after
    that stays owed."""
    owed = PendingRatingRefresh.objects.filter(club_id=club_id).values_list(
        "version", flat=True).first()
    done = {key: refresh(key) for key in club_scope_keys(club_id)}
    if owed is not None:
        PendingRatingRefresh.objects.filter(club_id=club_id, version=owed).delete()
    return done


def all_scope_keys() -> list[str]:
    """Every scope that has, or should have, ratings: each club with a championship, the
    federation, and any scope stored."""
    keys = {FEDERATION, *RatingScope.objects.values_list("key", flat=True)}
    for club_id in Club.objects.filter(championships__isnull=False).values_list(
            "pk", flat=True).distinct():
        keys.update((club_key(club_id), public_key(club_id)))
    return sorted(keys)


@dataclass(frozen=True)
class Difference:
    scope: str
    where: str
    stored: Any
    rebuilt: Any

    def __str__(self) -> str:
        return f"ratings {self.scope}, {self.where}: stored {self.stored!r}, rebuilt {self.rebuilt!r}"


def _row_values(row: PlayerRating) -> tuple:
    return (row.rank, row.mu, row.sigma, row.display, row.matches, row.provisional,
            row.last_played)


def verify(key: str, *, repair: bool = False) -> list[Difference]:
    """Every difference between the scope's stored ratings and a rebuild from its history;
    with ``repair`` the scope is rebuilt (and each difference logged)."""
    with transaction.atomic():
        scope = _locked_scope(key)
        built = build(key)
        found: list[Difference] = []
        if scope.rounds != built.rounds:
            found.append(Difference(key, "rounds read", len(scope.rounds or []),
                                    len(built.rounds)))
        state = built.ratings.to_dict()
        stored_state = scope.state or {}
        for name in ("settings", "seen", "counted", "digest", "fit"):
            if stored_state.get(name) != _json(state[name]):
                found.append(Difference(key, name, stored_state.get(name), _json(state[name])))
        stored = {row.player_id: _row_values(row) for row in PlayerRating.objects.filter(scope=scope)}
        rebuilt = {row.player_id: _row_values(row) for row in _rows(scope, built.ratings)}
        for player in sorted(set(stored) | set(rebuilt)):
            if stored.get(player) != rebuilt.get(player):
                found.append(Difference(key, f"player {player}", stored.get(player),
                                        rebuilt.get(player)))
        stored_points = set(RatingPoint.objects.filter(scope=scope).values_list(
            "player_id", "round_id", "position", "day", "mu", "sigma", "display"))
        if stored_points != set(built.points):
            found.append(Difference(key, "history points", len(stored_points ^ set(built.points)),
                                    0))
        if found and repair:
            _store(scope, built.ratings, built.rounds, built.points, replace_points=True)
            for difference in found:
                log.warning("verify_ratings repaired %s", difference)
    return found


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def stored_ratings(key: str) -> Ratings | None:
    """The scope's stored ratings (None before the first refresh). One query."""
    state = RatingScope.objects.filter(key=key).values_list("state", flat=True).first()
    return Ratings.from_dict(state) if state else None


def save_settings(club: Club, counts: str, championships: Iterable[Championship],
                  since: datetime.date | None) -> ClubRatingSettings:
    """Store the club's rating settings and queue the rebuild their change needs."""
    with transaction.atomic():
        chosen, _created = ClubRatingSettings.objects.get_or_create(club=club)
        chosen.counts, chosen.since = counts, since
        chosen.save()
        chosen.championships.set([c for c in championships if c.club_id == club.pk]
                                 if counts == ClubRatingSettings.Counts.CHOSEN else [])
        queue_refresh(club.pk)
    return chosen

