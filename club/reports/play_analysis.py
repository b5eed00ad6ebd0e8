"""The round's results PDF with the play analysis (the report kind ``analysis``): the
results document as printed, then, for every deal of the round entered trick by trick, what
each card cost against double-dummy perfect play (``club.selectors.play_analysis``).

Rendered on a worker like the other reports. The analyses come from the cache when a page
already asked for them; the others are solved here, one deal a step of progress, and kept.
A deal that cannot be analysed (damaged play data, a table of three) is listed with the
reason instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from club.models import Deal, ReportJob, Round
from club.reports import data, documents, pdf
from club.reports.fonts import font_face_css
from club.reports.stylesheets import css_file, stylesheet_url
from club.selectors.play_analysis import (
    AnalysisPage,
    AnalysisUnavailable,
    analysis_page,
    play_input,
)
from club.selectors.sheets import Actor, TableContext


def _played(round_id: int) -> list[Deal]:
    return list(Deal.objects.filter(table__round_id=round_id, play__isnull=False)
                .order_by("table__number", "number"))


def facts(round_id: int) -> list[Any]:
    """What the document shows: the results' facts and every analysed deal's identity and
    last change (a correction moves ``entered_at``)."""
    return [data.round_results(round_id)[1],
            [[d.pk, d.table_id, d.number, d.entered_at] for d in _played(round_id)]]


def units(rnd: Round | None) -> int:
    """Steps of progress: one per deal to analyse, one for the results."""
    return 1 + (Deal.objects.filter(table__round=rnd, play__isnull=False).count() if rnd else 0)


@dataclass
class DealAnalysis:
    table: int
    number: int
    sides: tuple[str, str]
    page: AnalysisPage | None
    message: str


def analyses(round_id: int, step=lambda done: None) -> list[DealAnalysis]:
    """Every analysable deal of the round, solved (or read from the cache); ``step(n)``
    after each."""
    from club.services.play_analysis import solve_and_store

    rnd_data, _facts = data.round_sheets(round_id)
    tables = {t.table.pk: t for t in rnd_data.tables}
    out = []
    for done, deal in enumerate(_played(round_id), 1):
        table = tables.get(deal.table_id)
        if table is None:
            continue
        ctx = TableContext(table.table, table.seats, Actor())
        try:
            inp = play_input(ctx, deal)
        except AnalysisUnavailable as error:
            out.append(DealAnalysis(table.table.number, deal.number, ctx.side_names, None,
                                    str(error)))
        else:
            page = analysis_page(ctx, inp, solve_and_store(inp))
            out.append(DealAnalysis(table.table.number, deal.number, ctx.side_names, page, ""))
        step(done)
    return out


def analysis_html(round_id: int, items: list[DealAnalysis]) -> str:
    rnd = Round.objects.select_related("stage__championship").get(pk=round_id)
    return render_to_string("reports/play_analysis.html", {
        "stylesheet": stylesheet_url(font_face_css(), css_file("play_analysis.css")),
        "lang": get_language(), "round": rnd,
        "championship": rnd.stage.championship, "items": items,
        "title": _("Play analysis: %(round)s") % {"round": rnd}})


def render(job: ReportJob) -> bytes:
    """The results PDF followed by the analysis pages."""
    from club.reports.jobs import progress

    results = pdf.html_to_pdf(documents.results_document(job.round_id).html())
    progress(job.pk, 1)
    items = analyses(job.round_id, step=lambda done: progress(job.pk, 1 + done))
    return pdf.merge([results, pdf.html_to_pdf(analysis_html(job.round_id, items))])
