"""Championships: creation, entries (late, withdrawn, substitutes), stages and advancing."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Model
from django.utils.translation import gettext as _

from club.models import (
    AuditEntry,
    Championship,
    Deal,
    Entry,
    MatchResult,
    Membership,
    Pair,
    Player,
    Round,
    Stage,
)
from club.services.club_size import ClubFull, make_room
from club.services.draws import stage_poules
from club.services.standings import current_standings, results_changed
from club.sheets.kinds import kind_of
from scoring import MatchFormat


class ChampionshipError(ValueError):
    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


@transaction.atomic
def create_championship(club, **fields) -> Championship:
    """A championship with its first (qualifying) stage."""
    championship = Championship.objects.create(club=club, **fields)
    Stage.objects.create(championship=championship, number=1, kind=Stage.Kind.QUALIFYING)
    return championship


#: What a championship is played under: changed until its first round is published (or a
#: deal is recorded), fixed after (RULES.md §9). Field -> the form field an error names.
RULE_FIELDS = {"rule_set": "rule_set", "match_format": "format_kind",
               "ranking_order": "rank_1", "entry_type": "entry_type",
               "draw_method": "draw_method", "bye_scoring": "bye_scoring",
               "odd_players": "odd_players", "table_size": "table_size",
               "table_fit": "table_fit"}
#: What may change at any time.
FREE_FIELDS = ("name", "season", "start_date", "end_date", "public", "confirmation_required",
               "self_entry")


def rules_fixed(championship: Championship) -> bool:
    """Whether the championship's rules are fixed: a round of it is published (or closed),
    or a deal is recorded at one of its tables (as :attr:`club.models.RuleSet.frozen`)."""
    return Round.objects.filter(stage__championship=championship).exclude(
        status=Round.Status.DRAFT).exists() or Deal.objects.filter(
        table__round__stage__championship=championship).exists()


def _comparable(name: str, value):
    """A value as it counts: a match format with its defaults filled in."""
    if name == "match_format":
        fmt = MatchFormat.from_dict(value or {}).to_dict()
        return {**fmt, "match_points": list(fmt["match_points"])}
    return value


def _field_label(name: str) -> str:
    if name == "match_format":
        return str(_("match format"))
    return str(Championship._meta.get_field(name).verbose_name)


def _audit_value(value):
    if isinstance(value, Model):
        return value.pk
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def _audit(championship: Championship | None, club_id: int, user, action: str, subject: str,
           **detail) -> None:
    AuditEntry.objects.create(
        club_id=club_id, championship=championship,
        user=user if user is not None and user.is_authenticated else None,
        action=action, subject=subject[:200], detail=detail)


@transaction.atomic
def update_championship(championship: Championship, user, **fields) -> Championship:
    """Change the championship's settings (``FREE_FIELDS`` and ``RULE_FIELDS``; a field not
    given stays). The rules are refused once fixed (:func:`rules_fixed`), naming the
    field; the entry type while it has entries. Audited with the old and new values."""
    current = Championship.objects.select_for_update().get(pk=championship.pk)
    unknown = set(fields) - set(FREE_FIELDS) - set(RULE_FIELDS)
    if unknown:
        raise TypeError(f"not a championship setting: {sorted(unknown)}")
    changes = {name: (getattr(current, name), value) for name, value in fields.items()
               if _comparable(name, getattr(current, name)) != _comparable(name, value)}
    locked = [name for name in RULE_FIELDS if name in changes]
    if locked and rules_fixed(current):
        name = locked[0]
        raise ChampionshipError(_(
            "“%(field)s” cannot change any more: a round of this championship is published, "
            "and the rules a round was played under cannot change.")
            % {"field": _field_label(name)}, field=RULE_FIELDS[name])
    if "entry_type" in changes and current.entries.exists():
        raise ChampionshipError(_(
            "The entries cannot change type: this championship has entries. Remove them "
            "first, or create a new championship."), field="entry_type")
    if not changes:
        return current
    for name, (_old, new) in changes.items():
        setattr(current, name, new)
    current.save(update_fields=list(changes))
    if set(changes) & {"match_format", "ranking_order", "bye_scoring"}:
        results_changed(current.pk)  # the standings count and sort by these
    _audit(current, current.club_id, user, "championship.edited", current.name,
           changes={name: [_audit_value(old), _audit_value(new)]
                    for name, (old, new) in changes.items()})
    return current


@transaction.atomic
def delete_championship(championship: Championship, user) -> None:
    """Delete a championship that has no round (not even a draft); audited in its club.
    Its stages are locked first, as a draw locks its stage (``draws.draw_round``): a round
    being drawn at this moment commits before the check, which then refuses."""
    list(Stage.objects.select_for_update().filter(championship_id=championship.pk))
    current = Championship.objects.select_for_update().get(pk=championship.pk)
    if Round.objects.filter(stage__championship=current).exists():
        raise ChampionshipError(_(
            "“%(name)s” has rounds, so it cannot be deleted: its draws and results are kept. "
            "Only a championship without any round can be deleted.") % {"name": current.name})
    _audit(None, current.club_id, user, "championship.deleted", current.name,
           championship_id=current.pk, entries=current.entries.count())
    current.delete()


def next_round_number(championship: Championship) -> int:
    played = Round.objects.filter(stage__championship=championship).exclude(
        status=Round.Status.DRAFT).count()
    return played + 1


@transaction.atomic
def add_entries(championship: Championship, *, players=(), pairs=(), new_players=()) -> list[Entry]:
    """Enter members (individual events) or pairs; ``new_players`` are created on the fly
    and made members of the club. Entries after the first round are late entries."""
    first_stage = championship.stages.order_by("number").first()
    joined = next_round_number(championship)
    created = []
    if championship.is_individual:
        players, new_players = list(players), list(new_players)
        try:  # TROEF_CLUB_MAX_MEMBERS: refused before anything is written
            make_room(championship.club, len(new_players))
        except ClubFull as error:
            raise ChampionshipError(str(error), field="new_players") from error
        for last_name, first_name in new_players:
            player = Player.objects.create(last_name=last_name, first_name=first_name)
            Membership.objects.create(club=championship.club, player=player)
            players.append(player)
        for player in players:
            entry, made = Entry.objects.get_or_create(
                championship=championship, player=player,
                defaults={"name": player.full_name, "joined_round": joined})
            if made:
                created.append(entry)
    else:
        if players or new_players:
            raise ChampionshipError(_("A fixed-pairs championship enters pairs, not players."),
                                    field="players")
        for pair in pairs:
            entry, made = Entry.objects.get_or_create(
                championship=championship, pair=pair,
                defaults={"name": str(pair), "joined_round": joined})
            if made:
                created.append(entry)
    if first_stage is not None and created:
        first_stage.entries.add(*created)
    results_changed(championship.pk)
    return created


@transaction.atomic
def set_entry_active(entry: Entry, active: bool) -> Entry:
    """Withdraw an entry (not drawn any more; finished rounds untouched) or bring it back."""
    entry.active = active
    entry.save(update_fields=["active"])
    results_changed(entry.championship_id)
    return entry


@transaction.atomic
def substitute(entry: Entry, player: Player) -> Entry:
    """A substitute player takes a withdrawn player's place from the next round on."""
    championship = entry.championship
    if not championship.is_individual:
        raise ChampionshipError(_("Substitutes replace players in individual events; "
                                  "in a fixed-pairs event enter a new pair."), field="player")
    if Entry.objects.filter(championship=championship, player=player).exists():
        raise ChampionshipError(_("%(player)s is already entered.") % {"player": player},
                                field="player")
    entry.active = False
    entry.save(update_fields=["active"])
    sub = Entry.objects.create(championship=championship, player=player, name=player.full_name,
                               joined_round=next_round_number(championship), substitute_for=entry)
    sub.stages.add(*entry.stages.all())
    results_changed(championship.pk)
    return sub


def draw_method_refusal(individual: bool, method: str) -> str | None:
    """Why ``method`` cannot draw a championship's entries (players when ``individual``,
    else fixed pairs), or None when it can."""
    Method = Championship.DrawMethod
    if not individual and method == Method.SCORER_STAYS:
        return _("The scorer-stays movement is for individual events.")
    if not individual and method == Method.BALANCED:
        return _("The balanced draw (by rating) is for individual events.")
    if individual and method in (Method.SWISS, Method.ROUND_ROBIN, Method.POULES):
        return _("Individual events draw at random, balanced by rating or with the scorer-stays "
                 "movement.")
    return None


@transaction.atomic
def advance(stage: Stage, *, kind: str, advance: str, count: int | None = None,
            draw_method: str = "") -> Stage:
    """Open the next stage with the best entries of ``stage``: the top ``count`` by the
    ranking order, the winners of the tables of the stage's last round, or the poule
    winners and then the best runners-up (``count`` in all). ``draw_method`` draws the next
    stage (empty: the championship's)."""
    championship = stage.championship
    refusal = draw_method and draw_method_refusal(championship.is_individual, draw_method)
    if refusal:
        raise ChampionshipError(refusal, field="draw_method")
    rounds = list(stage.rounds.all())
    if not rounds or any(r.status != Round.Status.CLOSED for r in rounds):
        raise ChampionshipError(_("Close every round of this stage before advancing."))
    if championship.stages.filter(number__gt=stage.number).exists():
        raise ChampionshipError(_("This stage has already been advanced."))
    if advance == Stage.Advance.TOP_N:
        if not count or count < 2:
            raise ChampionshipError(_("Say how many entries go on (at least 2)."),
                                    field="advance_count")
        active = set(stage.entries.filter(active=True).values_list("pk", flat=True))
        chosen = [entry for entry in ranked_entries(championship, stage)
                  if entry in active][:count]
    elif advance == Stage.Advance.POULE_WINNERS:
        chosen = poule_winners(championship, stage, count)
    else:
        chosen = table_winners(championship, stage, max(rounds, key=lambda r: r.number))
    if len(chosen) < 2:
        raise ChampionshipError(_("Fewer than two entries would go on."), field="advance_count")
    nxt = Stage.objects.create(championship=championship, number=stage.number + 1, kind=kind,
                               draw_method=draw_method)
    stage.advance, stage.advance_count = advance, count
    stage.save(update_fields=["advance", "advance_count"])
    nxt.entries.add(*chosen)
    results_changed(championship.pk)
    return nxt


def ranked_entries(championship: Championship, stage: Stage) -> list[int]:
    """The stage's entries, best first, by the sheet kind's standings (an auction
    championship by its total score, RULES §13: the match standings refuse its totals below
    zero)."""
    return kind_of(championship).ranked_entries(championship, stage)


def table_winners(championship: Championship, stage: Stage, rnd: Round) -> list[int]:
    """One winner per table of ``rnd``: the winning pair; in individual events the better
    placed (in the stage's standings) of the two partners who won the table. A drawn table
    sends its best-placed entry."""
    place = {entry: n for n, entry in enumerate(ranked_entries(championship, stage))}
    tables: dict[int, dict[int, str]] = {}
    for table_id, entry_id, result in MatchResult.objects.filter(
            table__round=rnd, table__is_bye=False).values_list("table_id", "entry_id", "result"):
        tables.setdefault(table_id, {})[entry_id] = result
    chosen = []
    for results in tables.values():
        won = [e for e, r in results.items() if r == MatchResult.Result.WIN] or list(results)
        chosen.append(min(won, key=lambda e: place.get(e, len(place))))
    return chosen


def poule_winners(championship: Championship, stage: Stage, count: int | None) -> list[int]:
    """The best-placed entry of each poule (in the stage's ranking order), then the best
    runners-up until ``count`` go on."""
    poules = stage_poules(stage)
    if not poules:
        raise ChampionshipError(_("This stage was not played in poules."), field="advance")
    groups = len(set(poules.values()))
    if not count or count < groups:
        raise ChampionshipError(
            _("At least the %(n)d poule winners go on: say how many in all.") % {"n": groups},
            field="advance_count")
    active = set(stage.entries.filter(active=True).values_list("pk", flat=True))
    ranked = [row.entry for row in current_standings(championship, stage).rows
              if row.entry in active and row.entry in poules]
    places: dict[str, list[int]] = {}
    for entry in ranked:  # best first: each poule's list is in its own order
        places.setdefault(poules[entry], []).append(entry)
    winners = [e for e in ranked if places[poules[e]][0] == e]
    runners_up = [e for e in ranked if len(places[poules[e]]) > 1 and places[poules[e]][1] == e]
    if count > len(winners) + len(runners_up):
        raise ChampionshipError(
            _("Only %(n)d poule winners and runners-up can go on.")
            % {"n": len(winners) + len(runners_up)}, field="advance_count")
    return (winners + runners_up)[:count]


def pairs_available(championship: Championship):
    return Pair.objects.filter(club=championship.club).select_related("first", "second")
