"""The audit trail of score sheets: every change with who, when, old and new values, why.

One page per table and one per championship (paginated, exportable as CSV/XLSX), for the
organisers of the championship's club.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import TemplateView

from club.access import can_enter_sheets
from club.models import Championship, Deal, DealChange
from club.selectors.auction_sheets import change_summary
from club.selectors.sheets import (
    TRUMP_SYMBOLS,
    Actor,
    SheetForbidden,
    SheetNotFound,
    TableNames,
    load_table,
    table_names,
)
from club.views.base import StreamedExportMixin


def _value(name: str, value: Any, names: TableNames | None) -> str:
    if name == "trump":
        return TRUMP_SYMBOLS.get(value, _("NT"))
    if name == "declarer":  # an auction deal's (RULES §13); none: thrown in
        return _("thrown in") if value is None else names.seat(value) if names else (
            _("seat %(number)d") % {"number": value + 1})
    if name == "dealer" and value is not None:
        return names.seat(value) if names else _("seat %(number)d") % {"number": value + 1}
    if name in ("all_tricks", "renonce") and value is not None:
        return names.side(value) if names else _("Side %(number)d") % {"number": value + 1}
    if name == "calls":  # who doubled, in order ("?": not recorded)
        if not value:
            return "–"
        return ", ".join("?" if seat is None else names.seat(seat) if names else
                         _("seat %(number)d") % {"number": seat + 1} for seat in value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return "–" if value is None else str(value)


def _calls(facts: dict[str, Any]) -> list:
    """A logged deal's calls (an entry logged before they were kept: its multiplier's)."""
    calls = facts.get("calls")
    if calls is None:
        calls = [None] * ((facts.get("doubling") or 1).bit_length() - 1)
    return calls


def _label(name: str, names: TableNames | None) -> str:
    """A deal field as the change log names it: each side's points and tricks by the side's
    name, the others by the field's own name."""
    side = {"points": 0, "points_other": 1, "tricks": 0}.get(name)
    if side is not None and names is not None:
        if name == "tricks":
            return _("tricks %(side)s") % {"side": names.side(side)}
        return _("points %(side)s") % {"side": names.side(side)}
    short = {"dealer": _("dealer"), "all_tricks": _("all tricks"), "renonce": _("renonce")}
    return short.get(name) or str(Deal._meta.get_field(name).verbose_name)


#: The facts a sheet's deal logs; a traveller's line logs its own (no dealer, no calls).
DEAL_FIELDS = (*Deal.FACT_FIELDS, *Deal.AUCTION_FIELDS)


def summary(facts: dict[str, Any] | None, names: TableNames | None = None,
            fields: tuple[str, ...] = DEAL_FIELDS) -> str:
    """A deal's facts in one line: ♥ 38–22, ×2, renonce by Pair 1 ... (who doubled only
    where ``fields`` has the calls: a traveller's line does not record them)."""
    if not facts:
        return ""
    if facts.get("cancelled"):
        return _("cancelled")
    if "declarer" in facts or (facts.get("points") is None and facts.get("renonce") is None):

        return change_summary(facts, names)  # an auction deal (a partnership one has points)
    parts = [_value("trump", facts.get("trump"), names)]
    if facts.get("renonce") is not None:
        parts.append(_("renonce by %(side)s")
                     % {"side": _value("renonce", facts["renonce"], names)})
    else:
        parts.append(f"{_value('points', facts.get('points'), names)}–"
                     f"{_value('points', facts.get('points_other'), names)}")
    if (facts.get("doubling") or 1) > 1:
        callers = (f" ({_value('calls', _calls(facts), names)})" if "calls" in fields
                   else "")
        parts.append(f"×{facts['doubling']}{callers}")
    if facts.get("all_tricks") is not None:
        parts.append(_("all tricks %(side)s")
                     % {"side": _value("all_tricks", facts["all_tricks"], names)})
    if facts.get("play"):
        parts.append(_("(trick by trick)"))
    return " ".join(parts)


def describe(change, names: TableNames | None = None,
             fields: tuple[str, ...] = DEAL_FIELDS) -> str:
    """What a change (a ``ResultChange``) did: the new deal, the deal struck out, or each
    of ``fields`` that changed."""
    old, new = change.old, change.new
    if old and new:
        if "calls" in fields:
            old, new = {**old, "calls": _calls(old)}, {**new, "calls": _calls(new)}
        moves = [f"{_label(name, names)}: {_value(name, old.get(name), names)} → "
                 f"{_value(name, new.get(name), names)}"
                 for name in fields if old.get(name) != new.get(name)]
        return "; ".join(moves) or summary(new, names, fields)
    if new:
        return summary(new, names, fields)
    if old:
        return _("struck out: %(deal)s") % {"deal": summary(old, names, fields)}
    return ""


class ResultChangeTable(tables.Table):
    """The columns of every result's change log (club.models.changes.ResultChange): when,
    where, which deal or board (``number``, named by the subclass), the action, who, what
    changed and why. ``render_where`` and ``describe_change`` are the kind's."""

    at = tables.DateTimeColumn(verbose_name=gettext_lazy("When"), format="Y-m-d H:i:s")
    where = tables.Column(verbose_name=gettext_lazy("Table"), empty_values=(), orderable=False)
    action = tables.Column(verbose_name=gettext_lazy("Action"))
    user = tables.Column(verbose_name=gettext_lazy("By"), empty_values=(), orderable=False)
    what = tables.Column(verbose_name=gettext_lazy("Change"), empty_values=(), orderable=False)
    reason = tables.Column(verbose_name=gettext_lazy("Reason"))

    def render_user(self, record):
        return record.user.get_username() if record.user else "–"

    def render_what(self, record):
        return self.describe_change(record)

    def value_what(self, record):
        return self.render_what(record)


class ChangeTable(ResultChangeTable):
    deal_number = tables.Column(verbose_name=gettext_lazy("Deal"))

    class Meta:
        model = DealChange
        fields = ["at", "where", "deal_number", "action", "user", "what", "reason"]
        sequence = fields
        order_by = "-at"

    def render_where(self, record):
        table = record.table
        return _("%(round)s, table %(table)d") % {"round": table.round, "table": table.number}

    def render_user(self, record):
        if record.by_code:
            return _("players (table code)")
        return super().render_user(record)

    def __init__(self, *args, names: dict[int, TableNames] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names or {}

    def describe_change(self, record):
        return describe(record, self.names.get(record.table_id))


class _ChangesView(StreamedExportMixin, TemplateView):
    """A championship's changes grow with its deals (issue 27, break 1): the CSV streams,
    the XLSX is bounded (:class:`club.exports.StreamedTableExport`)."""

    template_name = "sheets/changes.html"
    table_class = ChangeTable

    def get_table_data(self):
        return DealChange.objects.filter(**self.scope()).select_related(
            "user", "table__round").order_by("-at", "-pk")

    def get_table_kwargs(self):
        names = table_names(self.championship.is_individual, **self.table_scope())
        return {**super().get_table_kwargs(), "names": names}


class TableChangesView(_ChangesView):
    """Every change to one table's sheet."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            self.ctx = load_table(Actor(request.user), kwargs["pk"])
        except SheetNotFound:
            from django.http import Http404

            raise Http404 from None
        except SheetForbidden:
            raise PermissionDenied from None
        return super().dispatch(request, *args, **kwargs)

    @property
    def championship(self) -> Championship:
        return self.ctx.championship

    def scope(self) -> dict[str, Any]:
        return {"table": self.ctx.table}

    def table_scope(self) -> dict[str, Any]:
        return {"pk": self.ctx.table.pk}

    def get_export_name(self) -> str:
        return f"{_('sheet changes')}-{_('table')}-{self.ctx.table.pk}"

    def get_export_title(self) -> str:
        return _("Changes to the sheet of table %(number)d") % {"number": self.ctx.table.number}

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            title=self.get_export_title(), championship=self.ctx.championship,
            sheet_table=self.ctx.table, **kwargs)


class ChampionshipChangesView(_ChangesView):
    """Every change to every sheet of a championship."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        self.championship = get_object_or_404(Championship.objects.select_related("club"),
                                              pk=kwargs["pk"])
        if not can_enter_sheets(request.user, self.championship.club):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)

    def scope(self) -> dict[str, Any]:
        return {"table__round__stage__championship": self.championship}

    def table_scope(self) -> dict[str, Any]:
        return {"round__stage__championship": self.championship}

    def get_export_name(self) -> str:
        return f"{_('sheet changes')}-{self.championship.pk}"

    def get_export_title(self) -> str:
        return _("Changes to the sheets of %(name)s") % {"name": self.championship.name}

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            title=self.get_export_title(), championship=self.championship, **kwargs)
