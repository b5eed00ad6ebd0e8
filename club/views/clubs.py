"""Pages for clubs, their members and pairs, and players (the CSV import: player_import)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django.views.generic import CreateView, DetailView, FormView, ListView, UpdateView
from django_tables2 import RequestConfig

from club.access import (
    can_edit_club,
    can_edit_player,
    name_revealing_club_ids,
    rights,
)
from club.forms import ClubForm, MembershipForm, PairForm, PlayerForm
from club.models import Club, Membership, Pair, Player
from club.params import BoundedPaginator
from club.selectors.names import player_name
from club.selectors.results import results_of_player
from club.services.club_size import ClubFull
from club.services.clubs import (
    create_club,
    remove_pair,
    restore_pair,
    save_club,
    save_membership,
    save_pair,
)
from club.services.players import PlayerRefused, add_player_to_club, save_player
from club.tables import ClubTable, MemberTable, PairTable
from club.views.base import ClubEditMixin, RefusedIs400, StreamedExportMixin
from club.views.choices import pair_choices

#: Pairs on one page of a club's page (issue 27, break 1: a club's pairs are not all read
#: to answer its page); ``?pairs-page=`` for the next ones.
PAIRS_PER_PAGE = 50


class ClubListView(StreamedExportMixin, ListView):
    template_name = "club/club_list.html"
    table_class = ClubTable
    export_name = export_title = gettext_lazy("Clubs")

    def get_queryset(self):
        return Club.objects.annotate(members=Count("memberships", filter=Q(memberships__active=True))).order_by("name")


class ClubDetailView(StreamedExportMixin, DetailView):
    """A club's page: its members as a table (exportable), its pairs."""

    model = Club
    template_name = "club/club_detail.html"
    table_class = MemberTable

    def get_export_name(self) -> str:
        return f"{self.object.slug}-{_('members')}"

    def get_export_title(self) -> str:
        return f"{_('Members')} · {self.object.name}"

    def get_table_data(self):
        return Membership.objects.filter(club=self.object).select_related("player")

    def get_table_kwargs(self):
        """Member numbers are for the club's organisers, not the public page or its export."""
        if can_edit_club(self.request.user, self.object):
            return super().get_table_kwargs()
        return {**super().get_table_kwargs(), "exclude": ("member_number",)}

    def get_table(self, **kwargs):
        """Players not published show by initials, except to the club's organisers."""
        table = super().get_table(**kwargs)
        table.reveal = can_edit_club(self.request.user, self.object)
        return table

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        allowed = rights(self.request.user, self.object)  # one query
        ctx["can_edit"] = allowed.edit
        ctx["can_manage_members"] = allowed.manage_members
        ctx["championships"] = [c for c in self.object.championships.all()
                                if c.public or allowed.see_private]
        ctx["pairs"] = PairTable(
            Pair.objects.filter(club=self.object).select_related("club", "first", "second")
            .order_by("name", "pk"), prefix="pairs-", orderable=False)
        ctx["pairs"].reveal = ctx["can_edit"]
        RequestConfig(self.request, paginate={
            "per_page": PAIRS_PER_PAGE, "paginator_class": BoundedPaginator}).configure(
            ctx["pairs"])
        return ctx

    def get(self, request, *args, **kwargs):
        self.object = self.get_object()
        export = self.export_requested()
        if export:
            return self.create_export(export)
        return self.render_to_response(self.get_context_data(object=self.object))


class ClubCreateView(LoginRequiredMixin, RefusedIs400, CreateView):
    model = Club
    form_class = ClubForm
    template_name = "club/form.html"

    def form_valid(self, form):
        self.object = create_club(self.request.user, form.save(commit=False))
        messages.success(self.request, _("Club created. You are its owner."))
        return redirect(self.object)

    def get_context_data(self, **kwargs):
        return super().get_context_data(title=_("New club"), **kwargs)


class ClubUpdateView(ClubEditMixin, RefusedIs400, UpdateView):
    model = Club
    form_class = ClubForm
    template_name = "club/form.html"
    slug_url_kwarg = "slug"

    def form_valid(self, form):
        self.object = save_club(form.save(commit=False))
        return redirect(self.object)

    def get_context_data(self, **kwargs):
        return super().get_context_data(title=_("Edit %(club)s") % {"club": self.club}, **kwargs)


class PlayerAddView(ClubEditMixin, RefusedIs400, FormView):
    form_class = PlayerForm
    template_name = "club/form.html"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "user": self.request.user}

    def form_valid(self, form):
        try:
            player = add_player_to_club(self.request.user, self.club, **form.cleaned_data)
        except PlayerRefused as error:
            form.add_error(error.field, str(error))
            return self.form_invalid(form)
        messages.success(self.request, _("%(player)s is a member of %(club)s.")
                         % {"player": player, "club": self.club})
        return redirect(self.club)

    def get_context_data(self, **kwargs):
        return super().get_context_data(title=_("New player in %(club)s") % {"club": self.club},
                                        **kwargs)


class MembershipUpdateView(ClubEditMixin, RefusedIs400, UpdateView):
    form_class = MembershipForm
    template_name = "club/form.html"

    def get_object(self, queryset=None):
        return get_object_or_404(Membership.objects.select_related("player"), club=self.club,
                                 player_id=self.kwargs["player"])

    def form_valid(self, form):
        self.object = save_membership(form.save(commit=False))
        return redirect(self.club)

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            title=_("Membership of %(player)s") % {"player": self.object.player}, **kwargs)


class PairSearchMixin:
    """A big club's members are found by name, not listed in two selects of every member
    (issue 27, break 1: 3.8 MB for 40,000 players): :func:`club.views.choices.pair_choices`."""

    def get_form(self, form_class=None):
        form = super().get_form(form_class)
        found = pair_choices(form, self.request.GET)
        self.pair_search = [{"name": name, "label": form.fields[name].label, "found": f}
                            for name, f in found.items() if not f.listed]
        return form

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["pair_search"] = getattr(self, "pair_search", [])
        return ctx


class PairCreateView(ClubEditMixin, RefusedIs400, PairSearchMixin, CreateView):
    form_class = PairForm
    template_name = "club/pair_form.html"  # a new pair: no removal form

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "club": self.club}

    def form_valid(self, form):
        try:  # TROEF_CLUB_MAX_PAIRS: refused before anything is written
            save_pair(self.club, form.save(commit=False))
        except ClubFull as error:
            form.add_error(None, str(error))
            return self.form_invalid(form)
        messages.success(self.request, _("Pair added."))
        return redirect(self.club)

    def get_context_data(self, **kwargs):
        return super().get_context_data(title=_("New pair in %(club)s") % {"club": self.club},
                                        **kwargs)


class PairUpdateView(ClubEditMixin, RefusedIs400, PairSearchMixin, UpdateView):
    """A pair's name (and its players until it has played); a removed pair that has played
    can be brought back here."""

    form_class = PairForm
    template_name = "club/pair_form.html"

    def get_object(self, queryset=None):
        return get_object_or_404(Pair.objects.select_related("first", "second"),
                                 pk=self.kwargs["pk"], club=self.club)

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "club": self.club}

    def form_valid(self, form):
        save_pair(self.club, form.save(commit=False))
        messages.success(self.request, _("Pair saved."))
        return redirect(self.club)

    def get_context_data(self, **kwargs):
        return super().get_context_data(title=_("Pair %(pair)s") % {"pair": self.object},
                                        played=self.object.entries.exists(), **kwargs)


class PairRemoveView(ClubEditMixin, View):
    """POST: delete a pair that never played, deactivate one that did; or bring it back."""

    http_method_names = ["post"]

    def post(self, request, slug, pk):
        pair = get_object_or_404(Pair, pk=pk, club=self.club)
        if request.POST.get("restore"):
            restore_pair(pair)
            messages.success(request, _("Active again: %(pair)s.") % {"pair": pair})
        elif remove_pair(pair):
            messages.success(request, _("%(pair)s deleted.") % {"pair": pair})
        else:
            messages.success(request, _("%(pair)s has played: it is kept for its results and "
                                        "no longer offered for new championships.")
                             % {"pair": pair})
        return redirect(self.club)


class PlayerDetailView(DetailView):
    model = Player
    template_name = "club/player_detail.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["memberships"] = self.object.memberships.select_related("club")
        ctx["can_edit"] = can_edit_player(self.request.user, self.object)
        # A player who is not published: by initials, but for the organisers of their clubs.
        reveal = name_revealing_club_ids(self.request.user, self.object)
        ctx["name"] = player_name(self.object, reveal is None or bool(reveal))
        ctx["results"] = results_of_player(self.object, reveal)
        return ctx


class PlayerUpdateView(LoginRequiredMixin, RefusedIs400, UpdateView):
    model = Player
    form_class = PlayerForm
    template_name = "club/form.html"

    def dispatch(self, request, *args, **kwargs):
        """A player belongs to their clubs: only someone organising every one of them (or
        staff) edits them; otherwise a rename would show on other clubs' pages and sheets."""
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        player = get_object_or_404(Player, pk=kwargs["pk"])
        if not can_edit_player(request.user, player):
            raise PermissionDenied
        if player.anonymised_at is not None:  # erased: never given a name again
            messages.error(request, _("This player's personal data was erased: the player "
                                      "cannot be edited any more."))
            return redirect(player)
        return super().dispatch(request, *args, **kwargs)

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "user": self.request.user}

    def form_valid(self, form):
        try:
            self.object = save_player(self.request.user, form.save(commit=False))
        except PlayerRefused as error:
            form.add_error(error.field, str(error))
            return self.form_invalid(form)
        return redirect(self.object)

    def get_context_data(self, **kwargs):
        return super().get_context_data(title=_("Edit %(player)s") % {"player": self.object}, **kwargs)
