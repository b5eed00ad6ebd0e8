"""The round's deals waiting for the organiser (issue 26): every deal that reached the
round after it closed, and every deal a phone sent to the organiser while the round was
open (its dealer order could not hold: club.api.organiser), with its values, who sent it
and when; "apply" (while the round is open: reopen a closed one first; the sheet's own
entry, :func:`club.services.late_deals.apply`) and "discard" with a reason. Only who
manages the championship's club sees it; anyone else logged in gets 404, as for no such
round. A refusal answers the page again, the sentence at its deal: 400, or 409 when the
sheet moved since the page showed it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from club.access import can_edit_club
from club.forms_closing import DiscardLateForm
from club.models import LateDeal, Round
from club.params import int_param
from club.selectors.late_deals import late_deal_for, round_late_deals
from club.selectors.sheets import table_names
from club.services import late_deals
from club.services.sheets import SheetConflict, SheetInvalid
from club.views.sheet_changes import summary


def _values(late: LateDeal, names) -> str:
    """The deal in one line, its dealer first: "Dealer: Ann Peeters · ♣ 40–20"."""
    line = summary(late.facts, names)
    dealer = late.facts.get("dealer")
    if dealer is None or names is None or "declarer" in late.facts:
        return line
    return _("Dealer: %(dealer)s · %(deal)s") % {"dealer": names.seat(dealer), "deal": line}


def late_deals_page(request, rnd: Round, *, refused: dict | None = None,
                    forms: dict | None = None, status: int = 200):
    """The list; ``refused`` maps a late deal's id to the sentence of its refusal, ``forms``
    to its discard form as posted."""
    championship = rnd.stage.championship
    names = table_names(championship.is_individual, round=rnd)
    rows = round_late_deals(rnd)
    for late in rows:
        late.values = _values(late, names.get(late.table_id))
        # sent with X-Troef-To-Organiser (club.api.organiser), else it came after the close
        late.to_organiser = (late.sent or {}).get("to_organiser") is True
        late.refusal = (refused or {}).get(late.pk, "")
        late.form = (forms or {}).get(late.pk) or DiscardLateForm(auto_id=f"late{late.pk}_%s")
        late.form.fields["reason"].widget.attrs["aria-label"] = _(
            "Why discard late deal %(id)d (table %(table)d)?") % {
                "id": late.pk, "table": late.table.number}
    return render(request, "championships/late_deals.html", {
        "championship": championship, "round": rnd, "late_deals": rows,
        "waiting": sum(1 for late in rows if late.state == LateDeal.State.WAITING),
        "can_apply": rnd.status == Round.Status.PUBLISHED}, status=status)


class _Managed(View):
    """Logged in (else the login page) and managing the club (else 404)."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return super().dispatch(request, *args, **kwargs)


class RoundLateDealsView(_Managed):
    def get(self, request, pk):
        rnd = get_object_or_404(Round.objects.select_related("stage__championship__club"), pk=pk)
        if not can_edit_club(request.user, rnd.stage.championship.club):
            raise Http404
        return late_deals_page(request, rnd)


class _Decide(_Managed):
    http_method_names = ["post"]

    def post(self, request, pk):
        try:
            late = late_deal_for(request.user, pk)
        except LateDeal.DoesNotExist:
            raise Http404 from None
        rnd = late.table.round
        form = DiscardLateForm(request.POST, auto_id=f"late{late.pk}_%s")
        try:
            message = self.decide(request, late, form)
        except late_deals.LateRefused as refusal:
            if refusal.field == "reason":
                if form.is_valid():  # else the form says it already (too long)
                    form.add_error("reason", str(refusal))
                return late_deals_page(request, rnd, forms={late.pk: form}, status=400)
            return late_deals_page(request, rnd, refused={late.pk: str(refusal)}, status=400)
        except SheetConflict as conflict:
            return late_deals_page(request, rnd, refused={late.pk: str(conflict)}, status=409)
        except SheetInvalid as invalid:
            text = " ".join(str(m) for ms in invalid.errors.values() for m in ms)
            return late_deals_page(request, rnd, refused={late.pk: text}, status=400)
        messages.success(request, message)
        return redirect(reverse("round-late-deals", args=[rnd.pk]))


class LateDealApplyView(_Decide):
    def decide(self, request, late: LateDeal, form) -> str:
        version = int_param(request.POST, "version")
        saved = late_deals.apply(request.user, late, -1 if version is None else version)
        return _("Late deal applied: deal %(number)d of table %(table)d.") % {
            "number": saved.number, "table": late.table.number}


class LateDealDiscardView(_Decide):
    def decide(self, request, late: LateDeal, form) -> str:
        late_deals.discard(request.user, late, request.POST.get("reason", ""))
        return _("Late deal discarded (table %(table)d).") % {"table": late.table.number}
