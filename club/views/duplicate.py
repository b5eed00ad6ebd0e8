"""Pages of duplicate events (read): the event, a round's assignments, a board's results,
the standings; and creating an event. Traveller entry is :mod:`club.views.duplicate_entry`.

Who may: a public event is read by anyone, a private one by everyone with a role in the
club; organisers create events and enter boards' cards; scorers enter travellers
(:mod:`club.access`).
"""

from __future__ import annotations

import django_tables2 as tables
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django.views import View

from club.access import can_edit_club, can_enter_sheets, can_see_duplicate_event
from club.exports import SafeTableExport, export_filename
from club.forms_duplicate import EventForm
from club.models import Club, DuplicateBoard, DuplicateEvent, DuplicateSession, DuplicateTable, Traveller
from club.reports.duplicate_standings import standings_pdf
from club.selectors.duplicate import conceal_pairs, movement_rounds, pair_names
from club.selectors.duplicate_results import board_lines, standing_lists
from club.services.duplicate import DuplicateInvalid, create_event
from club.views.base import ClubEditMixin

SEATS = (pgettext_lazy("seat", "North"), pgettext_lazy("seat", "East"),
         pgettext_lazy("seat", "South"), pgettext_lazy("seat", "West"))


def seen_event(request, event: DuplicateEvent):
    """The event if the user may see it; else the login page (anonymous) or 403."""
    if can_see_duplicate_event(request.user, event):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied


def names_for(request, event: DuplicateEvent) -> dict[int, str]:
    """The pairs' names this viewer sees (initials for players not published)."""
    return pair_names(event, reveal=can_edit_club(request.user, event.club))


def rights(request, event: DuplicateEvent) -> dict:
    return {"can_edit": can_edit_club(request.user, event.club),
            "can_score": can_enter_sheets(request.user, event.club)}


class EventCreateView(ClubEditMixin, View):
    template_name = "duplicate/create.html"

    def get(self, request, slug):
        return self._page(EventForm(club=self.club))

    def post(self, request, slug):
        form = EventForm(request.POST, club=self.club)
        if form.is_valid():
            data = form.cleaned_data
            try:
                event = create_event(
                    self.club, name=data["name"], date=data["date"], rule_set=data["rule_set"],
                    movement=data["movement"], boards_per_round=data["boards_per_round"],
                    pairs=list(data["pairs"]), sessions=data["sessions"], rounds=data["rounds"],
                    seed="" if data["boards"] == "entered" else data["seed"],
                    public=data["public"],
                    entered=data["boards"] == "entered")
            except DuplicateInvalid as error:
                for field, messages in error.errors.items():
                    for message in messages:
                        form.add_error(None if field not in form.fields else field, message)
            else:
                return redirect(event.get_absolute_url())
        return self._page(form, status=400)

    def _page(self, form, status=200):
        return render(self.request, self.template_name, {"form": form, "club": self.club},
                      status=status)


class EventListView(View):
    def get(self, request, slug):
        club = get_object_or_404(Club, slug=slug)
        events = DuplicateEvent.objects.filter(club=club)
        if not can_see_duplicate_event(request.user, DuplicateEvent(club=club, public=False)):
            events = events.filter(public=True)
        return render(request, "duplicate/list.html", {
            "club": club, "events": events, "can_edit": can_edit_club(request.user, club)})


class EventView(View):
    def get(self, request, pk):
        event = get_object_or_404(DuplicateEvent.objects.select_related("club", "rule_set"),
                                  pk=pk)
        if (refused := seen_event(request, event)) is not None:
            return refused
        sessions = []
        for session in event.sessions.order_by("number"):
            entered = Traveller.objects.filter(board__session=session).count()
            expected = sum(len(t.boards) for t in session.tables.all() if not t.sit_out)
            sessions.append({"session": session, "rounds": range(1, session.rounds + 1),
                             "boards": list(session.boards.values_list("number", flat=True)),
                             "missing": _missing_boards(session),
                             "entered": entered, "expected": expected})
        pairs = list(event.pairs.order_by("number"))
        conceal_pairs(pairs, names_for(request, event))
        return render(request, "duplicate/event.html", {
            "event": event, "club": event.club, "sessions": sessions,
            "pairs": pairs, **rights(request, event)})


def _missing_boards(session: DuplicateSession) -> list[int]:
    have = set(session.boards.values_list("number", flat=True))
    return [n for n in range(1, session.board_count + 1) if n not in have]


def _session(request, pk):
    session = get_object_or_404(DuplicateSession.objects.select_related(
        "event__club", "event__rule_set"), pk=pk)
    return session, seen_event(request, session.event)


class RoundView(View):
    """A round's assignments: which pairs at which table, in which direction, with which
    boards; the travellers entered so far."""

    def get(self, request, pk, number):
        session, refused = _session(request, pk)
        if refused is not None:
            return refused
        rounds = movement_rounds(session, names_for(request, session.event))
        if not 1 <= number <= len(rounds):
            raise Http404
        tables = rounds[number - 1]["tables"]
        done = set(Traveller.objects.filter(table__session=session, table__round=number)
                   .values_list("table_id", "board__number"))
        for table in tables:
            table["lines"] = [(board, (table["id"], board) in done) for board in table["boards"]]
        return render(request, "duplicate/round.html", {
            "event": session.event, "session": session, "round": number, "tables": tables,
            "rounds": range(1, len(rounds) + 1), **rights(request, session.event)})


def hands_shown(request, board: DuplicateBoard) -> bool:
    """The cards are shown to the organisers, and to everyone once every table that plays
    the board has its line (before, a pair still to play it could look)."""
    if can_edit_club(request.user, board.session.event.club):
        return True
    planned = sum(board.number in table.boards
                  for table in board.session.tables.all() if not table.sit_out)
    return board.travellers.count() >= planned


SUITS = (("c", "♣", pgettext_lazy("suit", "clubs")), ("d", "♦", pgettext_lazy("suit", "diamonds")),
         ("h", "♥", pgettext_lazy("suit", "hearts")), ("s", "♠", pgettext_lazy("suit", "spades")))


def by_suit(hand) -> list[tuple[str, str, str, list[str]]]:
    """A hand as a hand record shows it: each suit's ranks, highest first."""
    cards = [str(card) for card in hand]
    return [(letter, symbol, name, [card[:-1] for card in cards if card[-1] == letter])
            for letter, symbol, name in SUITS]


def hand_record(board: DuplicateBoard, event: DuplicateEvent, shown: bool = True) -> dict:
    """The board's double-dummy card points by trump and its par, when computed for the
    event's rules as they are now (a record for other rules is not shown), and only when
    the hands are shown (``shown``: it tells about the cards)."""
    if not shown or board.double_dummy is None \
            or board.hand_record_rules != event.rule_set.rules().to_dict():
        return {"par": None, "par_trump": "", "double_dummy": []}
    symbols = {letter: symbol for letter, symbol, _name in SUITS}
    rows = [(symbols.get(key, ""), key, values)
            for key, values in sorted(board.double_dummy.items(),
                                      key=lambda item: "cdhsn".index(item[0][0]))]
    par = board.par
    trump = "" if par is None else symbols.get(par.get("trump") or "", "")
    return {"par": par, "par_trump": trump, "double_dummy": rows}


class BoardView(View):
    """A board's results: every table's line, its score and match points, and the par."""

    def get(self, request, pk, number):
        session, refused = _session(request, pk)
        if refused is not None:
            return refused
        board = get_object_or_404(DuplicateBoard, session=session, number=number)
        lines, scaled = board_lines(board)
        conceal_pairs([p for line in lines for p in (line.ns, line.ew)],
                      names_for(request, session.event))
        shown = hands_shown(request, board)
        hands = [(SEATS[seat], by_suit(hand))
                 for seat, hand in enumerate(board.board().hands)] if shown else []
        return render(request, "duplicate/board.html", {
            "event": session.event, "session": session, "board": board, "lines": lines,
            "analysed": [line for line in lines if line.line.play],
            "scaled": scaled, "hands": hands, "dealer": SEATS[board.dealer],
            **hand_record(board, session.event, shown), "numbers": list(session.boards.values_list("number", flat=True)),
            **rights(request, session.event)})


#: The two lists of a Mitchell (RULES.md §15: a pair is compared with its own direction).
DIRECTIONS = {0: _("North-South"),
              1: _("East-West")}


def _num(name: str, verbose_name) -> tables.Column:
    return tables.Column(accessor=name, verbose_name=verbose_name,
                         attrs={"td": {"class": "num"}, "th": {"class": "num"}})


class DuplicateStandingsTable(tables.Table):
    """The standings as the exports write them: one row a pair, the direction first in a
    Mitchell (two lists one after the other), numbers as numbers."""

    direction = tables.Column(verbose_name=_("Direction"))
    rank = _num("rank", _("Rank"))
    pair = _num("pair", _("Pair"))
    names = tables.Column(verbose_name=_("Names"))
    percentage = _num("percentage", "%")
    match_points = _num("match_points", _("MP"))
    top = _num("top", _("Top"))
    datum = _num("datum", _("Datum"))
    boards = _num("boards", _("Boards"))


def _figure(value: float) -> float | int:
    """To one decimal place, a whole number without one (336, not 336.0)."""
    value = round(value, 1)
    return int(value) if value == int(value) else value


def standings_table(lists) -> DuplicateStandingsTable:
    # the figures as the page shows them: % to 2 places, match points and datum to one
    data = [{"direction": str(DIRECTIONS.get(direction, "")), "rank": row.rank,
             "pair": row.pair.number, "names": row.pair.name,
             "percentage": round(row.percentage, 2), "match_points": _figure(row.match_points),
             "top": row.top, "datum": _figure(row.datum), "boards": row.boards}
            for direction, rows in lists for row in rows]
    split = any(direction is not None for direction, _rows in lists)
    return DuplicateStandingsTable(data, exclude=() if split else ("direction",))


class StandingsView(View):
    """The standings: one list, or for a Mitchell North-South and East-West apart; CSV and
    XLSX exports (``?_export=csv|xlsx``, with ``by``) through :class:`SafeTableExport`, and
    the PDF (``?_export=pdf``, :mod:`club.reports.duplicate_standings`)."""

    def get(self, request, pk):
        event = get_object_or_404(DuplicateEvent.objects.select_related("club", "rule_set"),
                                  pk=pk)
        if (refused := seen_event(request, event)) is not None:
            return refused
        by = "datum" if request.GET.get("by") == "datum" else "percentage"
        lists = standing_lists(event, by=by)
        rows = [row for _direction, part in lists for row in part]
        conceal_pairs([row.pair for row in rows], names_for(request, event))
        export = request.GET.get("_export")
        if export == "pdf":
            response = HttpResponse(standings_pdf(event, lists, DIRECTIONS, by),
                                    content_type="application/pdf")
            name = export_filename(_("duplicate event"), event.pk, ext="pdf")
            response["Content-Disposition"] = f'attachment; filename="{name}"'
            return response
        if SafeTableExport.is_valid_format(export):
            return SafeTableExport(export, standings_table(lists), dataset_kwargs={
                "title": f"{_('Standings')} · {event.name}"}).response(
                export_filename(_("duplicate event"), event.pk, ext=export))
        return render(request, "duplicate/standings.html", {
            "event": event, "rows": rows, "by": by,
            "lists": lists, "groups": [(DIRECTIONS.get(direction), part)
                                       for direction, part in lists],
            **rights(request, event)})


def table_of(pk) -> DuplicateTable:
    return get_object_or_404(DuplicateTable.objects.select_related(
        "session__event__club", "session__event__rule_set", "pair_ns", "pair_ew"), pk=pk)
