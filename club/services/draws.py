"""Rounds: draw a stage's next round with ``scoring.pairing``, redraw, publish, close.

The generators are pure; this module maps the championship's state to their entries (who
met and partnered whom, scores, byes) and their draw to tables and seats, in one
transaction per action. A draft keeps what it was drawn from (the results version and a
fingerprint of the entries as the draw read them); it is published only after the round
before it is closed and while those results have not changed since.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import secrets
from collections import defaultdict

from django.db import transaction
from django.db.models import Prefetch
from django.utils.translation import gettext as _

from club import messages
from club.draw_reasons import to_json
from club.models import Championship, Entry, MatchResult, Round, Seat, Stage, Table
from club.selectors.ratings import ratings_stale
from club.selectors.replay import championship_rules
from club.selectors.rounds import POULE_FLAG
from club.services.ratings import club_key, stored_ratings
from club.services.standings import current_standings, results_changed
from club.sheets.kinds import kind_of, kind_of_rules
from club.table_codes import CODE_ALPHABET, CODE_LENGTH
from engine.table import seat_sides
from scoring import dealer_alone, pairing
from scoring.pairing import reasons as why
from scoring.pairing.base import Bye, Draw, DrawError, DrawTable
from scoring.pairing.base import Entry as DrawEntry
from scoring.ratings import Ratings, RatingSettings
from scoring.ratings_rounds import seed_ranks, team_strength
from scoring.tables import table_rules


class RoundError(ValueError):
    """An action the round's state does not allow; the message says why."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def table_code() -> str:
    """A new code for a table's players (8 of 25 symbols without look-alikes: 37 random
    bits, club.table_codes), printed on its score sheet."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def draw_entries(championship: Championship, stage: Stage, *,
                 without: Round | None = None) -> list[DrawEntry]:
    """The stage's entries as the draw sees them: history, score, byes, rank. Four queries.
    ``without``: a round whose seats are not history (a draft, read as when it was drawn)."""
    entries = list(stage.entries.all().only("pk", "active", "substitute_for_id"))
    opponents: dict[int, set] = defaultdict(set)
    partners: dict[int, set] = defaultdict(set)
    bye_tables: dict[int, set] = defaultdict(set)
    seats = Seat.objects.filter(table__round__stage__championship=championship)
    if without is not None:
        seats = seats.exclude(table__round=without)
    seats = seats.values_list("table_id", "entry_id", "side", "table__is_bye")
    tables: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for table_id, entry_id, side, is_bye in seats:
        if is_bye:
            bye_tables[entry_id].add(table_id)
        else:
            tables[table_id].append((entry_id, side))
    for seated in tables.values():
        alone = dealer_alone(len(seated))  # a table of three: everyone plays against everyone
        for entry_id, side in seated:
            for other, other_side in seated:
                if other == entry_id:
                    continue
                (partners if other_side == side and not alone else opponents)[entry_id].add(other)
    # The stage's draw methods read the match standings; a kind's own draw (auction: who sat
    # with whom only, its totals may be below zero, which the match standings refuse) does not.
    kind = kind_of(championship)
    standings = current_standings(championship, stage).standings if kind.draw is None else ()
    rank = {row.entry: row for row in standings}
    result = []
    for entry in entries:
        row = rank.get(entry.pk)
        result.append(DrawEntry(
            entry.pk,
            score=row.values.get("match_points", 0) if row else 0,
            points=row.values.get("points_diff", 0) if row else 0,
            opponents=frozenset(opponents[entry.pk]),
            partners=frozenset(partners[entry.pk]),
            byes=len(bye_tables[entry.pk]), active=entry.active,
            replaces=entry.substitute_for_id, rank=row.rank if row else None,
        ))
    return result


def entries_fingerprint(entries: list[DrawEntry]) -> str:
    """A fingerprint of what a draw reads of the stage's results and entries (each entry's
    score, game points, rank, opponents, partners, byes, withdrawal, substitute): a draft
    whose fingerprint no longer matches was drawn on results that changed since."""
    rows = sorted(([sorted(v, key=str) if isinstance(v, frozenset) else v
                    for v in dataclasses.astuple(entry)] for entry in entries), key=str)
    made_of = json.dumps(rows, default=str, separators=(",", ":"))
    return hashlib.sha256(made_of.encode()).hexdigest()[:32]


def drawn_on_changed_results(rnd: Round, championship: Championship | None = None) -> bool:
    """Whether the draft ``rnd`` was drawn on results that changed since (a round before it
    reopened and corrected, an entry withdrawn ...): it must be redrawn before it is
    published. Free while the championship's results version is the one it was drawn at;
    else the draw's input is read again (five queries) and compared with the one it was
    drawn from. A round drawn before the fingerprints were kept is taken as it is."""
    if rnd.status != Round.Status.DRAFT or not rnd.drawn_from:
        return False
    championship = championship or rnd.stage.championship
    if rnd.drawn_version == championship.results_version:
        return False
    entries = draw_entries(championship, rnd.stage, without=rnd)
    return entries_fingerprint(entries) != rnd.drawn_from


def previous_draws(stage: Stage) -> list[Draw]:
    """The stage's earlier rounds as draws (for round robin, poules and the scorer-stays
    movement): their tables, and their byes."""
    draws = []
    seats = defaultdict(list)
    for table_id, entry_id, position in Seat.objects.filter(
            table__round__stage=stage).order_by("position").values_list(
            "table_id", "entry_id", "position"):
        seats[table_id].append(entry_id)
    # A table's flags (the draw's reasons: a few hundred bytes of JSON each) are not needed.
    plain = Prefetch("tables", queryset=Table.objects.only("pk", "round_id", "number", "is_bye"))
    for rnd in stage.rounds.order_by("number").prefetch_related(plain):
        tables, byes = [], []
        for table in rnd.tables.all():
            seated = seats[table.pk]
            if table.is_bye:
                byes.extend(Bye(entry) for entry in dict.fromkeys(seated))
                continue
            if len(seated) == 4 and seated[0] == seated[2]:  # a pair sits in seats 0 and 2
                seated = [seated[0], seated[1]]
            tables.append(DrawTable(table.number, tuple(seated)))
        draws.append(Draw(rnd.seed, rnd.draw_method or "random", rnd.number, tuple(tables),
                          tuple(byes)))
    return draws


def stage_method(stage: Stage) -> str:
    """How the stage's rounds are drawn: its own method, else the championship's."""
    return stage.draw_method or stage.championship.draw_method


def stage_poules(stage: Stage) -> dict[int, str]:
    """Entry id -> poule letter for a stage played in poules (else empty)."""
    if stage_method(stage) != Championship.DrawMethod.POULES:
        return {}
    return pairing.poule_map(previous_draws(stage))


def run_generator(championship: Championship, stage: Stage, seed: int, *,
                  entries: list[DrawEntry] | None = None) -> Draw:
    """The generator's draw for the stage's next round (checked by ``pairing.draw``), from
    ``entries`` (default: :func:`draw_entries`)."""
    method = stage_method(stage)
    options = {}
    if entries is None:
        entries = draw_entries(championship, stage)
    own_draw = kind_of(championship).draw
    if own_draw is not None:  # RULES §13: each for themselves at tables of 3 to 7
        return own_draw(entries, seed=seed, history=previous_draws(stage),
                        options={"size": championship.table_size, "fit": championship.table_fit})
    if championship.is_individual:
        if method == Championship.DrawMethod.RANDOM:
            method = "individual"
        if championship.odd_players != Championship.OddPlayers.BYES:
            options["odd"] = championship.odd_players
    ratings, players = (rated_entries(championship) if method in RATED_METHODS
                        else (None, {}))
    strength = {e: team_strength(ratings, ps) for e, ps in players.items()}
    if method == Championship.DrawMethod.BALANCED:
        options["ratings"] = {e.id: strength[e.id] for e in entries if e.id in strength}
    seeded = (method == Championship.DrawMethod.SWISS and bool(strength)
              and not stage.rounds.exclude(status=Round.Status.DRAFT).exists())
    if seeded:  # a first Swiss round: ranked by the club's ratings, not by lot
        ranks = seed_ranks(ratings, players)
        entries = [dataclasses.replace(e, rank=ranks.get(e.id)) for e in entries]
    draw = pairing.draw(entries, method, seed=seed, history=previous_draws(stage),
                        options=options)
    if method == Championship.DrawMethod.BALANCED or seeded:
        draw = rated_reasons(draw, strength, ranks if seeded else None,
                             stale=ratings_stale(club_key(championship.club_id)))
    return draw


#: Draws that read the club's ratings: the balanced one, and the Swiss first round's seeding.
RATED_METHODS = (Championship.DrawMethod.BALANCED, Championship.DrawMethod.SWISS)


def rated_entries(championship: Championship) -> tuple[Ratings | None, dict[int, tuple]]:
    """The club's ratings (None when it has none yet) and each entry's players."""
    ratings = stored_ratings(club_key(championship.club_id))
    if ratings is None or not len(ratings):
        return None, {}
    return ratings, {pk: (player,) if player else (first, second)
                     for pk, player, first, second in Entry.objects.filter(
                         championship=championship).values_list(
                         "pk", "player_id", "pair__first_id", "pair__second_id")}


def rated_reasons(draw: Draw, strength: dict[int, float], ranks: dict[int, int] | None, *,
                  stale: bool = False) -> Draw:
    """Each table's reason that the ratings made it: the sides' summed ratings (balanced),
    or the two entries' places by rating (``ranks``: a seeded first Swiss round); with
    ``stale`` (a ratings refresh was owed: they did not count the latest change yet) the
    reason says so (its parameter ``stale``)."""
    fresh, seeded = RatingSettings().mu, ranks is not None
    tables = []
    for table in draw.tables:
        if seeded and len(table.seats) == 2:
            extra = why.reason(why.SEEDED, places=[ranks.get(e) for e in table.seats])
        elif not seeded and len(table.seats) == 4:
            a, b, c, d = (strength.get(e, fresh) for e in table.seats)
            extra = why.reason(why.BALANCED, a=round(a + c, 1), b=round(b + d, 1))
        else:
            tables.append(table)
            continue
        if stale:
            extra = (extra[0], {**extra[1], "stale": True})
        tables.append(dataclasses.replace(table, reasons=(extra, *table.reasons)))
    return dataclasses.replace(draw, tables=tuple(tables))


def _seat_rows(championship: Championship, table: Table, seated: tuple, entries: dict) -> list[Seat]:
    """The table's seats in playing order, each with its side as the engine seats a table of
    that size (partners alternate; at a table of three the first dealer plays alone; at an
    auction table each seat is its own side)."""
    rules = championship_rules(championship)
    if kind_of_rules(rules).each_for_themselves:  # a seat's side is its position
        return [Seat(table=table, position=i, side=i, entry=entries[eid],
                     player_id=entries[eid].player_id) for i, eid in enumerate(seated)]
    if championship.is_individual:
        sides = seat_sides(table_rules(rules, len(seated)), table.first_dealer)
        return [Seat(table=table, position=i, side=sides[i], entry=entries[eid],
                     player_id=entries[eid].player_id) for i, eid in enumerate(seated)]
    sides = seat_sides(rules, table.first_dealer)
    rows = []
    for side, eid in enumerate(seated):
        pair, entry = entries[eid].pair, entries[eid]
        first, second = [p for p, of in enumerate(sides) if of == side]  # partners opposite
        rows.append(Seat(table=table, position=first, side=side, entry=entry,
                         player_id=pair.first_id))
        rows.append(Seat(table=table, position=second, side=side, entry=entry,
                         player_id=pair.second_id))
    return rows


def _store_draw(championship: Championship, rnd: Round, draw: Draw) -> None:
    entries = {e.pk: e for e in Entry.objects.filter(championship=championship)
               .select_related("pair")}
    rng = random.Random(draw.seed)
    tables, seats = [], []
    for dt in draw.tables:
        flags = sorted(dt.flags) + [f"{eid}:{flag}" for eid, flag in dt.entry_flags]
        if dt.group:
            flags.append(f"{POULE_FLAG}{dt.group}")
        flags += [to_json(code, params) for code, params in dt.reasons]
        # The first dealer is one of the table's seats: a player each in an individual
        # event (3 at a table of three), two per pair in fixed pairs.
        seat_count = len(dt.seats) if championship.is_individual else 2 * len(dt.seats)
        table = Table(round=rnd, number=dt.number, flags=flags, code=table_code(),
                      first_dealer=rng.randrange(seat_count))
        tables.append((table, dt.seats))
    next_number = len(draw.tables) + 1
    for offset, bye in enumerate(draw.byes):
        table = Table(round=rnd, number=next_number + offset, is_bye=True,
                      flags=sorted(bye.flags) + [to_json(c, p) for c, p in bye.reasons])
        tables.append((table, (bye.entry,)))
    Table.objects.bulk_create([t for t, _s in tables])
    for table, seated in tables:
        if table.is_bye:
            entry = entries[seated[0]]
            if championship.is_individual:
                seats.append(Seat(table=table, position=0, side=0, entry=entry,
                                  player_id=entry.player_id))
            else:
                seats.append(Seat(table=table, position=0, side=0, entry=entry,
                                  player_id=entry.pair.first_id))
                seats.append(Seat(table=table, position=2, side=0, entry=entry,
                                  player_id=entry.pair.second_id))
        else:
            seats.extend(_seat_rows(championship, table, seated, entries))
    Seat.objects.bulk_create(seats)
    MatchResult.objects.bulk_create(
        MatchResult(table=t, entry=entries[s[0]], side=0, is_bye=True)
        for t, s in tables if t.is_bye)


@transaction.atomic
def draw_round(stage: Stage, *, seed: int | None = None, time_limit: int | None = None) -> Round:
    """Draw the stage's next round as a draft, or redraw the current draft with a new seed."""
    stage = Stage.objects.select_for_update().select_related("championship").get(pk=stage.pk)
    championship = stage.championship
    last = stage.rounds.order_by("-number").first()
    if last is not None and last.status == Round.Status.DRAFT:
        rnd = last
        rnd.tables.all().delete()
    else:
        if last is not None and last.status != Round.Status.CLOSED:
            raise RoundError(_("Close round %(number)d before drawing the next one.")
                             % {"number": last.number})
        rnd = Round(stage=stage, number=(last.number + 1) if last else 1)
    rnd.seed = seed if seed is not None else secrets.randbelow(10**9)
    rnd.draw_method = stage_method(stage)
    if time_limit is not None:
        rnd.time_limit = time_limit
    entries = draw_entries(championship, stage)
    try:
        draw = run_generator(championship, stage, rnd.seed, entries=entries)
    except DrawError as error:
        raise RoundError(messages.explain(error), field=error.field) from error
    if not draw.tables:
        raise RoundError(_("Not enough active entries to draw a table."), field="entries")
    # what it was drawn from, to find a draft drawn on results that changed since (the
    # version as read before the entries: a change in between shows in the fingerprint)
    rnd.drawn_version = championship.results_version
    rnd.drawn_from = entries_fingerprint(entries)
    rnd.save()
    _store_draw(championship, rnd, draw)
    return rnd


def open_round_before(rnd: Round) -> Round | None:
    """The last round of ``rnd``'s stage before it that is not closed (reopened, say)."""
    return (Round.objects.filter(stage_id=rnd.stage_id, number__lt=rnd.number)
            .exclude(status=Round.Status.CLOSED).order_by("-number").first())


@transaction.atomic
def publish_round(rnd: Round) -> Round:
    """Publish a draft: players see the draw and results can be entered. Refused while a
    round before it in its stage is open (it is drawn from that round's results) and when
    it was drawn on results that changed since (:func:`drawn_on_changed_results`)."""
    rnd = Round.objects.select_for_update().select_related("stage").get(pk=rnd.pk)
    if rnd.status != Round.Status.DRAFT:
        raise RoundError(_("Only a draft round can be published."))
    # the results' row: a change of results in flight commits first, and is seen below
    championship = Championship.objects.select_for_update().get(pk=rnd.stage.championship_id)
    before = open_round_before(rnd)
    if before is not None:
        raise RoundError(_("Close round %(before)d before publishing round %(number)d: it "
                           "is drawn from the results of round %(before)d.")
                         % {"before": before.number, "number": rnd.number})
    if drawn_on_changed_results(rnd, championship):
        raise RoundError(_("Round %(number)d was drawn on results that changed since it was "
                           "drawn (a round reopened or corrected): redraw it before "
                           "publishing.") % {"number": rnd.number})
    rnd.status = Round.Status.PUBLISHED
    rnd.save(update_fields=["status"])
    results_changed(championship.pk)
    return rnd
