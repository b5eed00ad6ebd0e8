"""Entering a duplicate session: a table's line on a board (the traveller), and a board's
cards when the set is entered from hands dealt at the club.

A refusal answers 400 with the page and the message next to the field at fault; nothing is
written (the services check under the session's lock). After a line is saved the page
moves on to the table's next board without a line, so a table's results go in with the
keyboard only: points, a trump letter, Enter. A second form on the page takes the line's
cards trick by trick instead (:mod:`club.services.traveller_play`), so it can be analysed.
A card the board's hands refuse tells a little of cards the scorer may not see yet: such
refusals are counted per user and board, and after ``TROEF_TRAVELLER_MAX_REFUSALS`` in
``TROEF_TRAVELLER_REFUSAL_WINDOW_SECONDS`` that board's tricks answer 429 unread (a right
play too: no answer then tells a right card from a wrong one); its totals still go in.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View

from club import throttle
from club.access import can_edit_club, can_enter_sheets
from club.forms_duplicate import (
    BoardCardsForm,
    TravellerForm,
    TravellerRemoveForm,
    TravellerTricksForm,
    initial_of,
)
from club.models import DuplicateBoard, DuplicateSession, Traveller
from club.selectors.duplicate import conceal_pairs
from club.services.duplicate import DuplicateInvalid, enter_board
from club.services.duplicate_travellers import (
    TravellerConflict,
    enter_traveller,
    line_version,
    remove_traveller,
)
from club.services.traveller_play import CardRefused, enter_traveller_tricks, play_text
from club.trump_keys import trump_keys, trump_letters
from club.views.duplicate import SEATS, hands_shown, names_for, table_of
from scoring import points_in_play

#: The throttle's scope for cards refused by a board's hands (per user and board).
CARD_REFUSALS = "traveller-card-refused"


def _allowed(request, club, check) -> object | None:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not check(request.user, club):
        raise PermissionDenied
    return None


def _add_errors(form, error: DuplicateInvalid) -> None:
    for field, texts in error.errors.items():
        for text in texts:
            form.add_error(field if field in form.fields else None, text)


class TravellerView(View):
    """GET: the line of table ``pk`` on board ``number`` (empty or as entered); POST: save
    its totals, or (``by_tricks``) its cards trick by trick."""

    template_name = "duplicate/traveller.html"

    def dispatch(self, request, pk, number):
        self.table = table_of(pk)
        self.session = self.table.session
        self.event = self.session.event
        refused = _allowed(request, self.event.club, can_enter_sheets)
        return refused or super().dispatch(request, pk, number)

    def _line(self, number):
        return Traveller.objects.filter(table=self.table, board__number=number).first()

    def get(self, request, pk, number):
        return self._page(number)

    def post(self, request, pk, number):
        if request.POST.get("by_tricks"):
            return self._post_tricks(request, number)
        form = TravellerForm(request.POST)
        if form.is_valid():
            def write():
                enter_traveller(request.user, self.session.pk, self.table.pk, number,
                                form.facts(), version=form.cleaned_data["version"] or 0,
                                reason=form.cleaned_data["reason"])
                return messages.SUCCESS, _("Board %(board)d saved for table %(table)d.") % {
                    "board": number, "table": self.table.number}
            saved = self._save(form, number, write)
            if saved is not None:
                return saved
        return self._page(number, form=form, status=400)

    def _post_tricks(self, request, number):
        """The line from its tricks, each card checked against the board's hands (the same
        rights and stale-form check as the line's form)."""
        tricks_form = TravellerTricksForm(request.POST)
        counted = f"{request.user.pk}:{self.session.pk}:{number}"
        if throttle.count(CARD_REFUSALS, counted) >= settings.TROEF_TRAVELLER_MAX_REFUSALS:
            tricks_form.is_valid()
            tricks_form.add_error("play", _(
                "Too many refused plays on this board: wait %(minutes)d minutes before "
                "entering its tricks again. Its points can still be entered without the "
                "cards.") % {"minutes": -(-settings.TROEF_TRAVELLER_REFUSAL_WINDOW_SECONDS
                                          // 60)})
            return self._page(number, tricks_form=tricks_form, status=429)
        if tricks_form.is_valid():
            data = tricks_form.cleaned_data

            def write():
                try:
                    line, report = enter_traveller_tricks(
                        request.user, self.session.pk, self.table.pk, number,
                        tricks_form.suit(), data["play"], doubling=data.get("doubling") or 1,
                        version=data["version"] or 0, reason=data["reason"])
                except CardRefused:
                    throttle.add(CARD_REFUSALS, counted,
                                 settings.TROEF_TRAVELLER_REFUSAL_WINDOW_SECONDS)
                    raise
                if report.renonce:
                    return messages.WARNING, report.renonce
                return messages.SUCCESS, _(
                    "Board %(board)d saved for table %(table)d from its tricks: "
                    "%(ns)d–%(ew)d card points.") % {
                    "board": number, "table": self.table.number, "ns": line.points,
                    "ew": line.points_other}
            saved = self._save(tricks_form, number, write)
            if saved is not None:
                return saved
        return self._page(number, tricks_form=tricks_form, status=400)

    def _save(self, form, number, write):
        """Run ``write`` (a service call giving the message's level and text): its refusal
        goes on ``form`` (None: the page is shown again), someone else's change back to the
        page, a saved line on to the table's next board."""
        try:
            level, text = write()
        except DuplicateInvalid as error:
            _add_errors(form, error)
            return None
        except TravellerConflict as conflict:
            messages.error(self.request, str(conflict))
            return redirect(self.request.path)
        messages.add_message(self.request, level, text)
        return redirect(self._next(number))

    def _next(self, number) -> str:
        done = set(Traveller.objects.filter(table=self.table)
                   .values_list("board__number", flat=True))
        for board in self.table.boards:
            if board not in done:
                return reverse("duplicate-traveller", args=[self.table.pk, board])
        return reverse("duplicate-round", args=[self.session.pk, self.table.round])

    def _page(self, number, *, form=None, tricks_form=None, status=200):
        """The page; a form not given shows the line as stored."""
        board = DuplicateBoard.objects.filter(session=self.session, number=number).first()
        line = self._line(number)
        if form is None:
            form = TravellerForm(initial={**initial_of(line), "version": line_version(line)})
        if tricks_form is None:
            tricks_form = tricks_form_of(line)
        done = set(Traveller.objects.filter(table=self.table)
                   .values_list("board__number", flat=True))
        language = get_language()
        conceal_pairs([self.table.pair_ns, self.table.pair_ew],
                      names_for(self.request, self.event))
        return render(self.request, self.template_name, {
            "event": self.event, "session": self.session, "table": self.table,
            "number": number, "board": board, "playable": number in self.table.boards,
            "dealer": SEATS[board.dealer] if board else "",
            "boards": [(n, n in done) for n in self.table.boards], "form": form,
            "entered": number in done, "tricks_form": tricks_form,
            "tricks_open": bool(tricks_form.errors or (line is not None and line.play)),
            "analysed": line if line is not None and line.play and board is not None
            and hands_shown(self.request, board) else None,
            "trump_keys": trump_keys(language), "trump_letters": trump_letters(language),
            "in_play": points_in_play(self.event.rule_set.rules()),
        }, status=status)


def tricks_form_of(line) -> TravellerTricksForm:
    """The trick-by-trick form of a line: its tricks prefilled when it was entered so."""
    initial = initial_of(line)
    return TravellerTricksForm(initial={
        "trump": initial["trump"], "doubling": initial["doubling"], "play": play_text(line),
        "version": line_version(line)})


class TravellerRemoveView(View):
    """POST: remove the line of table ``pk`` on board ``number`` (entered at the wrong
    table or board); the scorers' right, under the session's lock, at the version the page
    showed, logged with the reason typed."""

    def post(self, request, pk, number):
        table = table_of(pk)
        refused = _allowed(request, table.session.event.club, can_enter_sheets)
        if refused is not None:
            return refused
        form = TravellerRemoveForm(request.POST)
        if not form.is_valid():
            messages.error(request, " ".join(m for ms in form.errors.values() for m in ms))
            return redirect("duplicate-traveller", table.pk, number)
        try:
            removed = remove_traveller(request.user, table.session_id, table.pk, number,
                                       version=form.cleaned_data["version"],
                                       reason=form.cleaned_data["reason"])
        except DuplicateInvalid as error:
            messages.error(request, " ".join(m for ms in error.errors.values() for m in ms))
        except TravellerConflict as conflict:
            messages.error(request, str(conflict))
        else:
            if removed:
                messages.success(request, _("The line of table %(table)d on board %(board)d "
                                            "was removed.") % {"table": table.number,
                                                               "board": number})
            else:
                messages.info(request, _("There was no line to remove."))
        return redirect("duplicate-traveller", table.pk, number)


class BoardCardsView(View):
    """An entered set's board: its four hands typed from the cards dealt at the club."""

    template_name = "duplicate/board_cards.html"

    def dispatch(self, request, pk, number):
        self.session = get_object_or_404(DuplicateSession.objects.select_related(
            "event__club"), pk=pk)
        refused = _allowed(request, self.session.event.club, can_edit_club)
        if refused is None and not 1 <= number <= self.session.board_count:
            raise Http404
        return refused or super().dispatch(request, pk, number)

    def get(self, request, pk, number):
        row = DuplicateBoard.objects.filter(session=self.session, number=number).first()
        initial = {"dealer": (number - 1) % 4}
        if row is not None:
            board = row.board()
            initial = {"dealer": board.dealer,
                       **{f"hand_{seat}": str(hand) for seat, hand in enumerate(board.hands)}}
        return self._page(BoardCardsForm(initial=initial), number)

    def post(self, request, pk, number):
        form = BoardCardsForm(request.POST)
        if form.is_valid():
            try:
                enter_board(self.session, number, form.hands(), form.cleaned_data["dealer"],
                            deck=form.cleaned_data["deck"])
            except DuplicateInvalid as error:
                _add_errors(form, error)
            else:
                messages.success(request, _("Board %(board)d saved.") % {"board": number})
                following = number + 1
                if following <= self.session.board_count:
                    return redirect("duplicate-board-cards", self.session.pk, following)
                return redirect(self.session.event.get_absolute_url())
        return self._page(form, number, status=400)

    def _page(self, form, number, status=200):
        return render(self.request, self.template_name, {
            "event": self.session.event, "session": self.session, "number": number,
            "form": form, "numbers": range(1, self.session.board_count + 1)}, status=status)
