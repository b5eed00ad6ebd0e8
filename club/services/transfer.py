"""Export a championship to JSON and import it into another database.

The document holds the recorded facts: club, players, pairs, rule set, championship,
stages, entries, rounds, tables, seats, deals and the sheets' audit trail. Derived rows
(match results, standings) are not exported: the import rebuilds them from the deals, so
the same standings come out by the same rules.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from club.draw_reasons import remap_entries
from club.models import (
    Championship,
    Club,
    Deal,
    DealChange,
    Entry,
    Membership,
    Pair,
    Player,
    Round,
    RuleSet,
    Seat,
    Stage,
    Table,
)
from club.services.club_size import ClubFull, make_pair_room
from club.services.results import rebuild_table_results
from club.services.standings import results_changed

FORMAT = "troef-championship"
#: 2: no trump is null (version 1 wrote ""; still read, and made null on import).
#: 3: a deal's doubling calls (who doubled, in order); versions 1-2 had only the
#: multiplier: read as that many calls naming nobody.
#: 4: auction Manille: a championship's table size and fit, a deal's declarer, bid (a count
#: or all tricks) and cards exchanged; absent from earlier versions (partnership only).
VERSION = 4
READS = (1, 2, 3, 4)
CHAMPIONSHIP_FIELDS = ("name", "season", "entry_type", "draw_method", "match_format",
                       "ranking_order", "bye_scoring", "odd_players", "public",
                       "confirmation_required", "self_entry", "seed")
#: Version 4's own fields: read when present, the models' defaults otherwise.
AUCTION_CHAMPIONSHIP_FIELDS = ("table_size", "table_fit")
TABLE_FIELDS = ("number", "is_bye", "sheet_keeper", "first_dealer", "flags", "code", "version")
DEAL_FIELDS = ("number",) + Deal.FACT_FIELDS + ("play",)


class ImportError_(ValueError):
    """The document cannot be imported; the message says which part and why."""


def _iso(value):
    return value.isoformat() if value else None


def _user(user_id, names):
    return names.get(user_id)


def export_championship(championship: Championship) -> dict:
    """The championship's recorded facts as a JSON-ready dict."""
    users = dict(get_user_model().objects.values_list("pk", "username"))
    entries = list(championship.entries.select_related("pair").prefetch_related("stages"))
    player_ids = {e.player_id for e in entries if e.player_id}
    player_ids |= {p for e in entries if e.pair_id for p in (e.pair.first_id, e.pair.second_id)}
    tables = list(Table.objects.filter(round__stage__championship=championship)
                  .select_related("round__stage"))
    seats = list(Seat.objects.filter(table__in=tables))
    player_ids |= {s.player_id for s in seats}
    deals = list(Deal.objects.filter(table__in=tables).order_by("table_id", "number"))
    changes = list(DealChange.objects.filter(table__in=tables).order_by("pk"))
    by_table = {t.pk: {"seats": [], "deals": [], "changes": []} for t in tables}
    for s in seats:
        by_table[s.table_id]["seats"].append(
            {"position": s.position, "side": s.side, "player": s.player_id, "entry": s.entry_id})
    for d in deals:
        by_table[d.table_id]["deals"].append(
            {**{f: getattr(d, f) for f in DEAL_FIELDS + Deal.AUCTION_FIELDS}, "entered_by": _user(d.entered_by_id, users),
             "entered_at": _iso(d.entered_at)})
    for c in changes:
        by_table[c.table_id]["changes"].append(
            {"deal_number": c.deal_number, "action": c.action, "user": _user(c.user_id, users),
             "by_code": c.by_code, "at": _iso(c.at), "old": c.old, "new": c.new, "reason": c.reason})
    rounds = []
    for rnd in Round.objects.filter(stage__championship=championship).select_related("stage"):
        rounds.append({
            "stage": rnd.stage.number, "number": rnd.number, "status": rnd.status,
            "time_limit": rnd.time_limit, "seed": rnd.seed, "draw_method": rnd.draw_method,
            "tables": [{**{f: getattr(t, f) for f in TABLE_FIELDS}, **by_table[t.pk],
                        "entered_by": _user(t.entered_by_id, users),
                        "confirmed_by": _user(t.confirmed_by_id, users),
                        "confirmed_at": _iso(t.confirmed_at)}
                       for t in tables if t.round_id == rnd.pk]})
    club = championship.club
    return {
        "format": FORMAT, "version": VERSION,
        "club": {"name": club.name, "slug": club.slug, "town": club.town},
        "rule_set": {"name": championship.rule_set.name, "preset": championship.rule_set.preset,
                     "options": championship.rule_set.options},
        "championship": {**{f: getattr(championship, f)
                            for f in CHAMPIONSHIP_FIELDS + AUCTION_CHAMPIONSHIP_FIELDS},
                         "start_date": _iso(championship.start_date),
                         "end_date": _iso(championship.end_date)},
        "players": [{"id": p.pk, "last_name": p.last_name, "first_name": p.first_name,
                     "member_number": p.member_number}
                    for p in Player.objects.filter(pk__in=player_ids)],
        "pairs": [{"id": e.pair.pk, "first": e.pair.first_id, "second": e.pair.second_id,
                   "name": e.pair.name} for e in entries if e.pair_id],
        "stages": [{"number": s.number, "kind": s.kind, "name": s.name, "advance": s.advance,
                    "advance_count": s.advance_count, "draw_method": s.draw_method}
                   for s in championship.stages.all()],
        "entries": [{"id": e.pk, "player": e.player_id, "pair": e.pair_id, "name": e.name,
                     "active": e.active, "joined_round": e.joined_round,
                     "substitute_for": e.substitute_for_id,
                     "stages": [s.number for s in e.stages.all()]} for e in entries],
        "rounds": rounds,
    }


@transaction.atomic
def import_championship(data: dict) -> Championship:
    """Create the championship of an exported document; all of it or nothing."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportError_(_("format: this is not a Troef championship export"))
    if data.get("version") not in READS:
        raise ImportError_(_("version: this export's version %(v)s is not supported")
                           % {"v": data.get("version")})
    try:
        return _import(data)
    except (KeyError, TypeError, ValueError) as error:
        raise ImportError_(_("the export is incomplete or damaged: %(error)s")
                           % {"error": error}) from error


def _import(data: dict) -> Championship:
    users = {u.username: u for u in get_user_model().objects.all()}
    club, _ = Club.objects.get_or_create(slug=data["club"]["slug"], defaults=data["club"])
    rs = data["rule_set"]
    rule_set = RuleSet.objects.filter(club=None, preset=rs["preset"], options=rs["options"]).first()
    if rule_set is None:
        rule_set, _ = RuleSet.objects.get_or_create(
            club=club, name=rs["name"], defaults={"preset": rs["preset"], "options": rs["options"]})
    rule_set.rules()  # validates the options
    players = {}
    for p in data["players"]:
        player = (Player.objects.filter(member_number=p["member_number"]).first()
                  if p["member_number"] else None)
        players[p["id"]] = player or Player.objects.create(
            last_name=p["last_name"], first_name=p["first_name"], member_number=p["member_number"])
        Membership.objects.get_or_create(club=club, player=players[p["id"]])
    try:  # TROEF_CLUB_MAX_PAIRS: the import makes every pair of the document anew
        make_pair_room(club, len(data["pairs"]))
    except ClubFull as error:
        raise ImportError_(str(error)) from error
    pairs = {p["id"]: Pair.objects.create(club=club, first=players[p["first"]],
                                          second=players[p["second"]], name=p["name"])
             for p in data["pairs"]}
    c = data["championship"]
    championship = Championship.objects.create(
        club=club, rule_set=rule_set, start_date=c["start_date"], end_date=c["end_date"],
        **{f: c[f] for f in CHAMPIONSHIP_FIELDS},
        **{f: c[f] for f in AUCTION_CHAMPIONSHIP_FIELDS if f in c})
    stages = {s["number"]: Stage.objects.create(championship=championship, **s)
              for s in data["stages"]}
    entries = {}
    for e in data["entries"]:
        entries[e["id"]] = Entry.objects.create(
            championship=championship, player=players.get(e["player"]), pair=pairs.get(e["pair"]),
            name=e["name"], active=e["active"], joined_round=e["joined_round"])
        entries[e["id"]].stages.add(*(stages[n] for n in e["stages"]))
    for e in data["entries"]:
        if e["substitute_for"]:
            Entry.objects.filter(pk=entries[e["id"]].pk).update(
                substitute_for=entries[e["substitute_for"]])
    new_ids = {old: entry.pk for old, entry in entries.items()}
    for r in data["rounds"]:
        rnd = Round.objects.create(stage=stages[r["stage"]], number=r["number"], status=r["status"],
                                   time_limit=r["time_limit"], seed=r["seed"],
                                   draw_method=r["draw_method"])
        for t in r["tables"]:
            fields = {f: t[f] for f in TABLE_FIELDS}
            fields["flags"] = remap_entries(fields["flags"], new_ids)  # flags name entries
            table = Table.objects.create(
                round=rnd, entered_by=users.get(t["entered_by"]),
                confirmed_by=users.get(t["confirmed_by"]),
                confirmed_at=parse_datetime(t["confirmed_at"]) if t["confirmed_at"] else None,
                **fields)
            Seat.objects.bulk_create(
                Seat(table=table, position=s["position"], side=s["side"],
                     player=players[s["player"]], entry=entries[s["entry"]]) for s in t["seats"])
            _keep_times(Deal.objects.bulk_create(
                Deal(table=table, entered_by=users.get(d["entered_by"]),
                     **_no_trump_is_none(_deal_fields(d))) for d in t["deals"]),
                t["deals"], "entered_at")
            _keep_times(DealChange.objects.bulk_create(
                DealChange(table=table, deal_number=h["deal_number"], action=h["action"],
                           user=users.get(h["user"]), by_code=h["by_code"],
                           old=_no_trump_is_none(h["old"]), new=_no_trump_is_none(h["new"]),
                           reason=h["reason"]) for h in t["changes"]),
                t["changes"], "at")
            rebuild_table_results(table)
    results_changed(championship.pk)
    return championship


def _deal_fields(exported: dict) -> dict:
    """An exported deal's fields; one from before version 3 gets its calls from its
    multiplier (x2^k: k calls, nobody named)."""
    fields = {f: exported[f] for f in DEAL_FIELDS if f != "calls"}
    fields.update((f, exported[f]) for f in Deal.AUCTION_FIELDS if f in exported)
    calls = exported.get("calls")
    if calls is None:
        calls = [None] * (int(fields["doubling"]).bit_length() - 1)
    if not isinstance(calls, list) or len(calls) != int(fields["doubling"]).bit_length() - 1:
        raise ValueError("a deal's calls do not match its doubling")
    fields["calls"] = calls
    return fields


def _no_trump_is_none(facts):
    """A deal's facts with no trump as None (a version-1 export wrote "")."""
    if isinstance(facts, dict) and facts.get("trump") == "":
        return {**facts, "trump": None}
    return facts


def _keep_times(rows, exported, field):
    """Put back the exported times that auto_now / auto_now_add replaced on creation."""
    for row, item in zip(rows, exported, strict=True):
        setattr(row, field, parse_datetime(item[field]))
    if rows:
        type(rows[0]).objects.bulk_update(rows, [field])
