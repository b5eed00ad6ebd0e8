"""The page where a table's players type the code printed on their score sheet (``/sheet/``).

GET shows the form; POST (or GET with ``?code=``) sends them to their table's sheet when the
code opens one, else shows the form again with the refusal next to the field (400). Codes
are read as people type them (club.table_codes.normalise); unknown ones count against the
client's address, and an address that tried too many gets 429 here and on every page and
API address by code (:func:`refused_page` is the pages' answer).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from club import table_codes
from club.forms_sheets import TableCodeForm
from club.selectors.sheets import Actor, SheetNotFound, load_table

TEMPLATE = "sheets/code.html"


def _page(request, form: TableCodeForm, status: int = 200, refusal: str = "") -> HttpResponse:
    return render(request, TEMPLATE, {"form": form, "refusal": refusal}, status=status)


def refused_page(request) -> HttpResponse:
    """429: this address tried too many unknown codes; the form and the sentence saying so."""
    response = _page(request, TableCodeForm(), 429, table_codes.held_back_message())
    response["Retry-After"] = str(settings.TROEF_CODE_MISS_WINDOW_SECONDS)
    return response


class CodeView(View):
    """GET: the form (or, with ``?code=``, the lookup). POST: the lookup."""

    def get(self, request):
        if "code" in request.GET:
            return self.look_up(request, request.GET)
        return _page(request, TableCodeForm())

    def post(self, request):
        return self.look_up(request, request.POST)

    def look_up(self, request, data) -> HttpResponse:
        if table_codes.held_back(request):
            return refused_page(request)
        form = TableCodeForm(data={"code": data.get("code", "")})
        if not form.is_valid():
            return _page(request, form, 400)
        code = form.cleaned_data["code"]
        try:
            load_table(Actor(code=code))
        except SheetNotFound:
            table_codes.missed(request)
            form.add_error("code", _(
                "No table is open with this code. Check it on your score sheet: a table's "
                "code works while its round is being played, if the players enter their own "
                "sheet."))
            return _page(request, form, 400)
        return redirect(reverse("code-sheet", args=[code]))
