"""The API's shapes: what each answer holds and what each write takes (and so the OpenAPI
schema). Answers are built by the views from the same selectors as the pages and written
through these serializers, so an answer cannot drift from its schema."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers as s

from club.bounds import (
    MAX_DOUBLING,
    MAX_ID,
    MAX_POINTS,
    MAX_REASON,
    MAX_SEAT,
    MAX_TRICKS,
    MAX_VERSION,
)
from club.models import Championship, ReportJob, Round, Stage

#: Doubling calls on one deal: x2 each, up to the largest doubling (ten knocks).
MAX_CALLS = MAX_DOUBLING.bit_length() - 1
TRUMPS = ["c", "d", "h", "s", "n"]


# -- errors ------------------------------------------------------------------------------

class ErrorItem(s.Serializer):
    field = s.CharField(allow_null=True, help_text=_("The input at fault; null: the request."))
    code = s.CharField(help_text=_("A stable machine word, e.g. points_total."))
    message = s.CharField(help_text=_("A sentence in the request's language."))


class Errors(s.Serializer):
    errors = ErrorItem(many=True)
    version = s.IntegerField(required=False, allow_null=True,
                             help_text=_("409 on a sheet: its current version."))
    differs = s.ListField(child=s.ChoiceField(choices=["query", "body"]), required=False,
                          help_text=_("422 for a reused Idempotency-Key: what differed from "
                                      "the request first sent with it."))


# -- clubs and championships ---------------------------------------------------------------

class ClubOut(s.Serializer):
    slug = s.SlugField()
    name = s.CharField()
    town = s.CharField()


class RoundBrief(s.Serializer):
    id = s.IntegerField()
    number = s.IntegerField()
    status = s.ChoiceField(choices=Round.Status.choices)


class StageOut(s.Serializer):
    id = s.IntegerField()
    number = s.IntegerField()
    kind = s.ChoiceField(choices=Stage.Kind.choices)
    name = s.CharField()
    draw_method = s.CharField()
    rounds = RoundBrief(many=True)


class ChampionshipOut(s.Serializer):
    id = s.IntegerField()
    club = s.SlugField(source="club.slug")
    name = s.CharField()
    season = s.CharField()
    start_date = s.DateField(allow_null=True)
    end_date = s.DateField(allow_null=True)
    public = s.BooleanField()
    entry_type = s.ChoiceField(choices=Championship.EntryType.choices)
    draw_method = s.ChoiceField(choices=Championship.DrawMethod.choices)
    self_entry = s.BooleanField()
    confirmation_required = s.BooleanField()


class ChampionshipDetail(ChampionshipOut):
    rule_set = s.CharField(source="rule_set.name")
    match_format = s.DictField()
    ranking_order = s.ListField(child=s.CharField())
    stages = StageOut(many=True, source="stages_out")


# -- rounds, tables, seats, results ------------------------------------------------------

class RoundOut(s.Serializer):
    id = s.IntegerField()
    championship = s.IntegerField()
    stage = s.IntegerField(help_text=_("The stage's number."))
    number = s.IntegerField()
    status = s.ChoiceField(choices=Round.Status.choices)
    time_limit = s.IntegerField(allow_null=True)
    closed_at = s.DateTimeField(allow_null=True)


class SeatOut(s.Serializer):
    position = s.IntegerField()
    player = s.CharField()
    entry = s.CharField()


@extend_schema_field(OpenApiTypes.NUMBER)
class GamePoints(s.Field):
    """Game points: a whole number, or a number with a half (4.5) where a table of three
    leaves one (RULES.md §6: the threshold is exactly half the points in play)."""

    def to_representation(self, value):
        return int(value) if value == int(value) else float(value)


class ResultOut(s.Serializer):
    result = s.CharField(help_text=_("win, draw, loss, or empty while unfinished."))
    finished = s.BooleanField()
    games_won = s.IntegerField()
    games_lost = s.IntegerField()
    points_for = GamePoints(read_only=True)
    points_against = GamePoints(read_only=True)
    is_bye = s.BooleanField()


class SideOut(s.Serializer):
    side = s.IntegerField()
    seats = SeatOut(many=True)
    result = ResultOut(allow_null=True)


class TableOut(s.Serializer):
    id = s.IntegerField()
    number = s.IntegerField()
    is_bye = s.BooleanField()
    poule = s.CharField()
    flags = s.ListField(child=s.CharField())
    version = s.IntegerField(help_text=_("The sheet's version (send it with a write)."))
    confirmed = s.BooleanField()
    sides = SideOut(many=True)


# -- the sheet -----------------------------------------------------------------------------

class SheetSeat(s.Serializer):
    position = s.IntegerField()
    side = s.IntegerField()
    player = s.CharField()


class SheetDeal(s.Serializer):
    number = s.IntegerField()
    game = s.IntegerField()
    dealer = s.IntegerField()
    trump = s.CharField(allow_null=True, help_text=_(
        "c, d, h, s; null: no trump (or a cancelled deal). A write takes null back."))
    doubling = s.IntegerField()
    calls = s.ListField(child=s.IntegerField(allow_null=True), help_text=_(
        "Who doubled, redoubled or knocked, a seat each in order (null: not recorded)."))
    points = s.IntegerField(allow_null=True)
    points_other = s.IntegerField(allow_null=True)
    all_tricks = s.IntegerField(allow_null=True)
    renonce = s.IntegerField(allow_null=True)
    cancelled = s.BooleanField()
    blind = s.BooleanField()
    en_face = s.BooleanField()
    tricks = s.IntegerField(allow_null=True)
    declarer = s.IntegerField(allow_null=True, required=False, help_text=_(
        "Auction Manille: the declarer's seat (null: thrown in, or a partnership deal)."))
    contract = s.IntegerField(allow_null=True, required=False, help_text=_(
        "Auction Manille: the bid (null: all tricks, the privilege, or none)."))
    contract_all = s.BooleanField(required=False, help_text=_("Auction Manille: all tricks bid."))
    exchanged = s.IntegerField(required=False, help_text=_("Auction Manille: cards exchanged."))
    credits = s.ListField(child=GamePoints(), allow_null=True,
                          help_text=_("Game points written in each column (null: not scored)."))
    totals = s.ListField(child=GamePoints(), allow_null=True)


class SheetOut(s.Serializer):
    table = s.IntegerField()
    number = s.IntegerField()
    round = s.IntegerField()
    championship = s.IntegerField()
    version = s.IntegerField()
    confirmed = s.BooleanField()
    locked = s.BooleanField(help_text=_("Confirmed or round closed: a change needs a reason."))
    accepts_deals = s.BooleanField()
    next_number = s.IntegerField()
    next_dealer = s.IntegerField()
    columns = s.ListField(child=s.CharField())
    game = s.CharField(required=False, help_text=_(
        "The rule set's game: partnership, blind, auction1, auction2 or auction3. An auction "
        "sheet has a column per player; its deals' points is the declarer's count."))
    seats = SheetSeat(many=True)
    deals = SheetDeal(many=True)


class PartnershipDeal(s.Serializer):
    """One deal of a partnership sheet as its entry row takes it (the same form and checks).
    A field the sheet does not have is refused by name (400 ``unknown_field`` or
    ``field_not_on_sheet``), except an empty value (null, false) as a read gives it."""

    closed = True  # the schema says so: no other property is accepted
    version = s.IntegerField(min_value=0, max_value=MAX_VERSION,
                             help_text=_("The sheet's version this deal was entered on."))
    dealer = s.IntegerField(min_value=0, max_value=MAX_SEAT,
                            help_text=_("The dealer's seat."))
    trump = s.ChoiceField(choices=TRUMPS, required=False, allow_null=True, help_text=_(
        "c, d, h, s; null (as a read gives it) or n: no trump. Not needed for a cancelled "
        "deal."))
    doubling = s.IntegerField(min_value=1, max_value=MAX_DOUBLING, required=False,
                              allow_null=True)
    calls = s.ListField(child=s.IntegerField(min_value=0, max_value=MAX_SEAT, allow_null=True),
                        required=False, max_length=MAX_CALLS, help_text=_(
                            "Who doubled, redoubled or knocked: a seat each, in the order "
                            "they spoke (the doubling follows from them); null: the sheet "
                            "does not say who made that call."))
    points = s.IntegerField(min_value=0, max_value=MAX_POINTS, required=False, allow_null=True,
                            help_text=_("Card points of side 0 (the dealer alone at three)."))
    points_other = s.IntegerField(min_value=0, max_value=MAX_POINTS, required=False,
                                  allow_null=True)
    all_tricks = s.IntegerField(min_value=0, max_value=1, required=False, allow_null=True)
    renonce = s.IntegerField(min_value=0, max_value=1, required=False, allow_null=True)
    cancelled = s.BooleanField(required=False, default=False, help_text=_(
        "A cancelled deal (where the rule set cancels a deal when the dealer's partner looks "
        "early): true with the dealer, no trump, points or tricks; it scores nothing."))
    blind = s.BooleanField(required=False, default=False)
    en_face = s.BooleanField(required=False, default=False)
    tricks = s.IntegerField(min_value=0, max_value=MAX_TRICKS, required=False, allow_null=True,
                            help_text=_("Side 0's tricks, where the rule set gives a point "
                                        "per trick; refused elsewhere (null passes)."))
    reason = s.CharField(max_length=MAX_REASON, required=False, allow_blank=True, default="",
                         help_text=_("Needed for a correction (sheet confirmed, round closed)."))


class AuctionDeal(s.Serializer):
    """One deal of an auction Manille sheet (RULES §13) as its entry row takes it: the
    rotation deals, so there is no dealer; a partnership field is refused by name."""

    closed = True
    version = s.IntegerField(min_value=0, max_value=MAX_VERSION,
                             help_text=_("The sheet's version this deal was entered on."))
    declarer = s.IntegerField(min_value=0, max_value=MAX_SEAT, required=False, allow_null=True,
                              help_text=_("The declarer's seat; null: thrown in."))
    bid = s.CharField(max_length=5, required=False, allow_null=True, allow_blank=True,
                      help_text=_("A number of points, or 'all' (empty: privilege)."))
    trump = s.ChoiceField(choices=TRUMPS, required=False, allow_null=True,
                          help_text=_("c, d, h, s; null or n: no trump."))
    count = s.IntegerField(min_value=0, max_value=MAX_POINTS, required=False, allow_null=True,
                           help_text=_("The declarer's count (cards and tricks)."))
    exchanged = s.IntegerField(min_value=0, max_value=MAX_TRICKS, required=False,
                               allow_null=True, help_text=_("Cards exchanged."))
    all_tricks = s.IntegerField(min_value=0, max_value=1, required=False, allow_null=True,
                                help_text=_("0: the declarer took every trick."))
    reason = s.CharField(max_length=MAX_REASON, required=False, allow_blank=True, default="",
                         help_text=_("Needed for a correction (sheet confirmed, round closed)."))


#: The name older clients and tests know the partnership shape by.
DealIn = PartnershipDeal
#: Every field a deal may be sent with, on one kind of sheet or the other.
DEAL_FIELDS = frozenset(PartnershipDeal().fields) | frozenset(AuctionDeal().fields)


class VersionIn(s.Serializer):
    version = s.IntegerField(min_value=0, max_value=MAX_VERSION)


class DeleteIn(VersionIn):
    reason = s.CharField(max_length=MAX_REASON, required=False, allow_blank=True, default="")


class Written(s.Serializer):
    number = s.IntegerField(allow_null=True, help_text=_("The deal's number."))
    version = s.IntegerField(help_text=_("The sheet's new version."))
    action = s.CharField(help_text=_("entered, edited, deleted, corrected, confirmed; empty: "
                                     "nothing changed."))


class LateOut(s.Serializer):
    """202: the deal reached a round that is closed. It is kept, not on the sheet: the
    organiser applies it after reopening the round, or discards it with a reason."""

    late = s.BooleanField(help_text=_(
        "Always true: kept for the organiser, not on the sheet (received after the round "
        "closed, or sent to the organiser)."))
    id = s.IntegerField(help_text=_("The late deal's id."))
    detail = s.CharField(help_text=_("What happens to it, in the request's language."))
    deal = s.DictField(help_text=_("The deal as it was received."))


# -- standings -------------------------------------------------------------------------------

class StandingRow(s.Serializer):
    rank = s.IntegerField()
    tied = s.BooleanField()
    entry = s.IntegerField()
    name = s.CharField()
    active = s.BooleanField()
    values = s.DictField(child=s.FloatField(allow_null=True),
                         help_text=_("Metric key -> value, in the order of ``columns``."))


class StandingsOut(s.Serializer):
    championship = s.IntegerField()
    stage = s.IntegerField(allow_null=True)
    order = s.ListField(child=s.CharField())
    columns = s.ListField(child=s.CharField())
    count = s.IntegerField()
    next = s.CharField(allow_null=True)
    previous = s.CharField(allow_null=True)
    results = StandingRow(many=True)


# -- reports ---------------------------------------------------------------------------------

class ReportIn(s.Serializer):
    kind = s.ChoiceField(choices=ReportJob.Kind.choices)
    championship = s.IntegerField(min_value=1, max_value=MAX_ID, required=False,
                                  help_text=_("For the standings."))
    round = s.IntegerField(min_value=1, max_value=MAX_ID, required=False,
                           help_text=_("For a round's score sheets or results."))


def _kinds(per_round: bool) -> list[str]:
    from club.reports.registry import REPORTS  # the registry renders: loaded when asked

    return [kind for kind in ReportJob.Kind.values if REPORTS[kind].per_round == per_round]


class _KindField(s.ChoiceField):
    per_round = False

    def __init__(self, **kwargs):
        super().__init__(choices=_kinds(self.per_round), **kwargs)


@extend_schema_field({"type": "string", "enum": ["standings"]})
class _ChampionshipKind(_KindField):
    per_round = False


@extend_schema_field({"type": "string", "enum": ["sheets", "results", "analysis"]})
class _RoundKind(_KindField):
    per_round = True


class ChampionshipReportIn(s.Serializer):
    """A championship's report (the standings): its ``championship`` needed."""

    kind = _ChampionshipKind()
    championship = s.IntegerField(min_value=1, max_value=MAX_ID)


class RoundReportIn(s.Serializer):
    """A round's report (score sheets, results, results with the analysis): its ``round``
    needed."""

    kind = _RoundKind()
    round = s.IntegerField(min_value=1, max_value=MAX_ID)


class ReportJobOut(s.Serializer):
    id = s.IntegerField()
    kind = s.ChoiceField(choices=ReportJob.Kind.choices)
    championship = s.IntegerField()
    round = s.IntegerField(allow_null=True)
    status = s.ChoiceField(choices=ReportJob.Status.choices)
    done = s.IntegerField()
    total = s.IntegerField()
    percent = s.IntegerField()
    ready = s.BooleanField()
    message = s.CharField()
    created = s.DateTimeField()
    finished = s.DateTimeField(allow_null=True)
    file = s.CharField(allow_null=True, help_text=_("Where to download the PDF when ready."))
    reused = s.BooleanField(required=False)


# -- pages of lists ----------------------------------------------------------------------------

def page_of(item: type[s.Serializer], name: str) -> type[s.Serializer]:
    """The paginated list of ``item``: count, next, previous, results."""
    return type(name, (s.Serializer,), {
        "count": s.IntegerField(), "next": s.CharField(allow_null=True),
        "previous": s.CharField(allow_null=True), "results": item(many=True)})


ClubPage = page_of(ClubOut, "ClubPage")
ChampionshipPage = page_of(ChampionshipOut, "ChampionshipPage")
TablePage = page_of(TableOut, "TablePage")
