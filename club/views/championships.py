"""The organiser's championship flow: set up, entries, draws, rounds, advancing."""

from __future__ import annotations

import copy
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import CreateView

from club import safe_cache
from club.access import rights
from club.forms_championships import (
    AdvanceForm,
    ChampionshipEditForm,
    ChampionshipForm,
    DeleteChampionshipForm,
    DrawForm,
    EntriesForm,
    SubstituteForm,
)
from club.models import Championship, Entry, Round, Stage, Table
from club.selectors.closing import decision_notes, reopenings
from club.selectors.late_deals import late_counts, table_reports
from club.selectors.ratings import ratings_stale
from club.selectors.rounds import round_fingerprint, round_page
from club.selectors.standings import results_key
from club.selectors.win_chances import WinChances, round_win_chances
from club.services import championships as service
from club.services import draws
from club.services.ratings import club_key
from club.services.standings import FINGERPRINT_SECONDS
from club.views.base import ClubEditMixin, RefusedIs400
from club.views.choices import entries_choices
from club.views.conditional import etag_for, not_modified, tagged


def championship_for(request, pk: int, *, edit: bool = False) -> Championship:
    """The championship if the user may see it (or edit it): 404, login or 403 otherwise.
    Seeing a private one takes a role in the club (:func:`club.access.can_see_private`),
    editing an owner or organiser; ``user_can_edit`` and ``user_can_score`` (entering
    sheets) say what else the page may offer."""
    championship = get_object_or_404(Championship.objects.select_related("club", "rule_set"), pk=pk)
    allowed = rights(request.user, championship.club)  # one query
    if edit or not championship.public:
        if not request.user.is_authenticated:
            raise LoginRequired
        if not (allowed.edit if edit else allowed.see_private):
            raise PermissionDenied
    championship.user_can_edit = allowed.edit
    championship.user_can_score = allowed.score
    return championship


class LoginRequired(Exception):
    """Raised by a view helper; the middleware-free handler below sends to the login page."""


class ChampionshipView(View):
    """Base: resolves ``self.championship`` with the right permission, login when needed."""

    edit = False

    def dispatch(self, request, *args, **kwargs):
        try:
            self.championship = championship_for(request, self.championship_pk(**kwargs),
                                                  edit=self.edit)
        except LoginRequired:
            from django.contrib.auth.views import redirect_to_login

            return redirect_to_login(request.get_full_path())
        return super().dispatch(request, *args, **kwargs)

    def championship_pk(self, **kwargs) -> int:
        return kwargs["pk"]


class ChampionshipCreateView(ClubEditMixin, RefusedIs400, CreateView):
    form_class = ChampionshipForm
    template_name = "club/form.html"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "club": self.club}

    def form_valid(self, form):
        data = {k: v for k, v in form.cleaned_data.items() if k in form.Meta.fields}
        championship = service.create_championship(
            self.club, match_format=form.cleaned_data["match_format"],
            ranking_order=form.cleaned_data["ranking_order"], **data)
        messages.success(self.request, _("Championship created. Now add its entries."))
        return redirect("championship-entries", pk=championship.pk)

    def get_context_data(self, **kwargs):
        return super().get_context_data(title=_("New championship"), **kwargs)


class ChampionshipEditView(ChampionshipView):
    """Change a championship's settings: its name, season, dates and who may see and enter
    always; its rules (rule set, match format, ranking, entries, draw, byes, tables) until
    its first round is published, then shown read-only (the service refuses them)."""

    edit = True

    def form(self, data=None):
        # a copy: the form's validation sets its values on the instance it is given
        return ChampionshipEditForm(data, instance=copy.copy(self.championship),
                                    club=self.championship.club,
                                    locked=service.rules_fixed(self.championship))

    def page(self, form, status=200, delete_form=None):
        c = self.championship
        has_rounds = Round.objects.filter(stage__championship=c).exists()
        return render(self.request, "championships/edit.html", {
            "championship": c, "form": form, "has_rounds": has_rounds,
            "delete_form": delete_form or DeleteChampionshipForm(),
            "title": _("Change “%(name)s”") % {"name": c.name}}, status=status)

    def get(self, request, pk):
        return self.page(self.form())

    def post(self, request, pk):
        form = self.form(request.POST)
        if not form.is_valid():
            return self.page(form, status=400)
        data = {name: form.cleaned_data[name] for name in form.Meta.fields}
        data.update(match_format=form.cleaned_data["match_format"],
                    ranking_order=form.cleaned_data["ranking_order"])
        try:
            service.update_championship(self.championship, request.user, **data)
        except service.ChampionshipError as error:
            shown = error.field and any(f.name == error.field for f in form.editable_fields())
            form.add_error(error.field if shown else None, str(error))
            return self.page(form, status=400)
        messages.success(request, _("Championship saved."))
        return redirect("championship-detail", pk=pk)


class ChampionshipDeleteView(ChampionshipEditView):
    """Delete a championship without rounds, once confirmed."""

    def get(self, request, pk):  # the confirmation is at the foot of the edit page
        return redirect(reverse("championship-edit", kwargs={"pk": pk}) + "#delete-heading")

    def post(self, request, pk):
        confirm = DeleteChampionshipForm(request.POST)
        if not confirm.is_valid():  # the edit page, the box's message next to it
            return self.page(self.form(), status=400, delete_form=confirm)
        try:
            service.delete_championship(self.championship, request.user)
        except service.ChampionshipError as error:
            messages.error(request, str(error))
            return redirect("championship-detail", pk=pk)
        messages.success(request, _("“%(name)s” is deleted.") % {"name": self.championship.name})
        return redirect("club-detail", slug=self.championship.club.slug)


def detail_page(request, c: Championship, *, draw_form=None, advance_form=None,
                status: int = 200):
    """The championship's page; a refused draw or advance form comes back on it (400) with
    its messages next to its fields."""
    stages = list(c.stages.prefetch_related("rounds").order_by("number"))
    for stage in stages:  # advancing needs the stage played: rounds, every one closed
        rounds = list(stage.rounds.all())
        stage.ready_to_advance = bool(rounds) and all(
            r.status == Round.Status.CLOSED for r in rounds)
    return render(request, "championships/detail.html", {
        "championship": c, "stages": stages, "can_edit": c.user_can_edit,
        "entry_count": c.entries.filter(active=True).count(),
        "has_rounds": any(stage.rounds.all() for stage in stages),
        "draw_form": draw_form or DrawForm(), "advance_form": advance_form or AdvanceForm(),
    }, status=status)


class ChampionshipDetailView(ChampionshipView):
    def get(self, request, pk):
        return detail_page(request, self.championship)


class EntriesView(ChampionshipView):
    edit = True

    def get(self, request, pk, form=None, status=200, substitute=None):
        c = self.championship
        form = form or EntriesForm(championship=c)
        entries = c.entries.select_related("player", "pair", "substitute_for").order_by("name")
        if c.is_individual:
            substitute = substitute or SubstituteForm(championship=c)
        found = entries_choices(form, substitute, request.GET)  # a big club: a search
        return render(request, "championships/entries.html",
                      {"championship": c, "form": form, "entries": entries,
                       "substitute_form": substitute, "found": found}, status=status)

    def post(self, request, pk):
        form = EntriesForm(request.POST, championship=self.championship)
        if not form.is_valid():
            return self.get(request, pk, form=form, status=400)
        try:
            created = service.add_entries(self.championship, **form.cleaned_data)
        except service.ChampionshipError as error:
            form.add_error(error.field, str(error))
            return self.get(request, pk, form=form, status=400)
        messages.success(request, _("%(n)d entries added.") % {"n": len(created)})
        search = request.GET.get("q", "")[:100]  # a big club: back to the same search
        return redirect(reverse("championship-entries", args=[pk])
                        + ("?" + urlencode({"q": search}) if search else ""))


class SubstituteView(EntriesView):
    def post(self, request, pk):
        form = SubstituteForm(request.POST, championship=self.championship)
        if form.is_valid():
            try:
                sub = service.substitute(form.cleaned_data["entry"], form.cleaned_data["player"])
            except service.ChampionshipError as error:
                form.add_error(error.field, str(error))
            else:
                messages.success(request, _("%(sub)s replaces %(entry)s from the next round on.")
                                 % {"sub": sub, "entry": form.cleaned_data["entry"]})
                return redirect("championship-entries", pk=pk)
        return self.get(request, pk, status=400, substitute=form)


class EntryActiveView(ChampionshipView):
    edit = True

    def championship_pk(self, **kwargs):
        self.entry = get_object_or_404(Entry, pk=kwargs["pk"])
        return self.entry.championship_id

    def post(self, request, pk):
        active = request.POST.get("active") == "1"
        service.set_entry_active(self.entry, active)
        messages.success(request, (_("Back in: %(entry)s.") if active else
                                   _("%(entry)s withdrew: not drawn any more.")) % {"entry": self.entry})
        return redirect("championship-entries", pk=self.entry.championship_id)


class StageDrawView(ChampionshipView):
    """Draw the stage's next round as a draft, or redraw the draft with a new seed."""

    edit = True

    def championship_pk(self, **kwargs):
        self.stage = get_object_or_404(Stage, pk=kwargs["pk"])
        return self.stage.championship_id

    def post(self, request, pk):
        form = DrawForm(request.POST)
        if not form.is_valid():
            return detail_page(request, self.championship, draw_form=form, status=400)
        try:
            rnd = draws.draw_round(self.stage, seed=form.cleaned_data["seed"],
                                   time_limit=form.cleaned_data["time_limit"])
        except draws.RoundError as error:
            messages.error(request, str(error))
            return redirect(self.championship)
        messages.success(request, _("Draft draw of round %(n)d, seed %(seed)d.")
                         % {"n": rnd.number, "seed": rnd.seed})
        return redirect(rnd)


class RoundView(ChampionshipView):
    def championship_pk(self, **kwargs):
        self.round = get_object_or_404(Round.objects.select_related("stage"), pk=kwargs["pk"])
        return self.round.stage.championship_id

    def get(self, request, pk):
        c = self.championship
        if self.round.status == Round.Status.DRAFT and not c.user_can_edit:
            raise PermissionDenied
        reveal = c.user_can_edit
        # phones refresh this page: a fingerprint of what it shows, kept a few seconds per
        # results key, makes its ETag; an unchanged page answers 304 without being built
        cache_key = (f"troef:round-fingerprint:{self.round.pk}:{int(reveal)}:"
                     f"{results_key(c)}:{self.round.status}")
        fingerprint, page = safe_cache.call("get", cache_key), None
        if fingerprint is None:
            page = round_page(self.round, reveal=reveal)
            notes = decision_notes(rnd=self.round, reveal=reveal)
            fingerprint = round_fingerprint(page, notes)
            safe_cache.call("set", cache_key, fingerprint, FINGERPRINT_SECONDS)
        # the organiser sees each table's win chance by the club's ratings (in the ETag:
        # the ratings move when a round closes, after the results key did)
        odds = round_win_chances(self.round, club_key(c.club_id)) if reveal else WinChances()
        chances = odds.by_table
        # ... and whether those ratings are known to be behind (a refresh owed)
        ratings_behind = bool(chances) and ratings_stale(club_key(c.club_id))
        # a draft drawn on results that changed since must be redrawn (in the ETag: the
        # draft's own page is unchanged by the correction that makes it stale)
        stale = reveal and draws.drawn_on_changed_results(self.round, c)
        # the organiser's: deals that came after the close, the code pages' last reports
        late = late_counts(self.round) if reveal else (0, 0)
        reports = table_reports(self.round) if reveal and c.self_entry else {}
        etag = etag_for(request, fingerprint, reveal, c.user_can_score, request.user.pk or "",
                        sorted(chances.items()), odds.basis, stale, ratings_behind, late,
                        sorted((pk, str(r)) for pk, r in reports.items()))
        unchanged = not_modified(request, etag)
        if unchanged is not None:
            return unchanged
        if page is None:
            page = round_page(self.round, reveal=reveal)
            notes = decision_notes(rnd=self.round, reveal=reveal)
        return tagged(render(request, "championships/round.html", {
            "championship": c, "round": self.round, "page": page, "can_edit": c.user_can_edit,
            "decisions": notes, "decided": {n.table.pk: n for n in notes},
            "reopenings": reopenings(self.round),
            "can_score": c.user_can_score, "draw_form": DrawForm(),
            "chances": chances, "chances_basis": odds.basis if reveal else "",
            "drawn_on_changed_results": stale,
            "ratings_behind": ratings_behind, "late_waiting": late[0], "late_all": late[1],
            "reports": reports}), etag)


class RoundActionView(RoundView):
    edit = True
    # Closing is a decision: the check page (club.views.closing), not a click here.
    actions = {"publish": draws.publish_round}

    def get(self, request, pk, action=None):
        return redirect(self.round)

    def post(self, request, pk, action):
        if action not in self.actions:
            raise PermissionDenied
        try:
            self.actions[action](self.round)
        except draws.RoundError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Round %(n)d: %(action)s.") % {
                "n": self.round.number,
                "action": _("published") if action == "publish" else _("closed")})
        return redirect(self.round)


class AdvanceView(StageDrawView):
    def post(self, request, pk):
        form = AdvanceForm(request.POST)
        if not form.is_valid():
            return detail_page(request, self.championship, advance_form=form, status=400)
        try:
            nxt = service.advance(self.stage, kind=form.cleaned_data["kind"],
                                  advance=form.cleaned_data["advance"],
                                  count=form.cleaned_data["advance_count"],
                                  draw_method=form.cleaned_data["draw_method"])
        except service.ChampionshipError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("%(n)d entries go on to the %(stage)s.")
                             % {"n": nxt.entries.count(), "stage": nxt.get_kind_display()})
        return redirect(self.championship)


def table_for(request, pk) -> Table:
    table = get_object_or_404(Table.objects.select_related("round__stage__championship__club"), pk=pk)
    championship_for(request, table.round.stage.championship_id)
    return table
