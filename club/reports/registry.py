"""The report kinds, in one table: what each is made of, who may ask for it, its file name.

A kind is looked up here by every layer (the request page, the service that records the
job, the tasks that render it); a kind that is not here is a 404, never another report.
To add a report: write its data loader and document (``club.reports.data``,
``club.reports.documents``), then one :class:`ReportKind` below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from club.exports import FILE_WORDS, export_filename
from club.models import Championship, ReportJob, Round
from club.reports import data, documents
from club.reports import play_analysis as analysis
from club.sheets.kinds import kind_of

Kind = ReportJob.Kind


@dataclass(frozen=True)
class ReportKind:
    """One kind of PDF report.

    ``facts`` is everything the document shows (its fingerprint: an identical document is
    reused); ``html`` renders a one-piece document (None, with no ``pdf`` either: rendered
    in chunks of tables, see :mod:`club.reports.jobs`); ``public`` lets anyone ask for it on a public
    championship (otherwise only the club's organisers and staff).
    """

    kind: str
    per_round: bool
    public: bool
    facts: Callable[[Championship, Round | None], Any]
    html: Callable[[ReportJob], str] | None
    units: Callable[[Round | None], int]
    file_stem: Callable[[ReportJob], str]
    #: A document made of several PDFs (rendered and merged by itself); ``html`` unused.
    pdf: Callable[[ReportJob], bytes] | None = None

    @property
    def chunked(self) -> bool:
        return self.html is None and self.pdf is None


def standings_facts(championship: Championship) -> Any:
    """What the standings PDF shows (its fingerprint), as the championship's kind ranks it."""
    return kind_of(championship).standings_facts(championship)


#: What a round's PDF is called in its file name (issue 28 point 12: the reader's words).
_ROUND_WORDS = {Kind.SHEETS: _("score sheets"), Kind.RESULTS: _("Results"),
                Kind.ANALYSIS: FILE_WORDS["analysis"]}


def _round_stem(job: ReportJob) -> str:
    slug = job.championship.club.slug if job.championship_id else "troef"
    return file_stem(slug, _("round"), job.round.number, _ROUND_WORDS[job.kind])


def file_stem(*parts: Any) -> str:
    """A download's name without ``.pdf``: translated words and numbers, ASCII."""
    return export_filename(*parts, ext="pdf").removesuffix(".pdf")


REPORTS: dict[str, ReportKind] = {
    Kind.SHEETS: ReportKind(
        Kind.SHEETS, per_round=True, public=False,
        facts=lambda championship, rnd: data.round_sheets(rnd.pk)[1],
        html=None,
        units=lambda rnd: len(documents.sheet_table_ids(rnd.pk)),
        file_stem=_round_stem),
    Kind.RESULTS: ReportKind(
        Kind.RESULTS, per_round=True, public=False,
        facts=lambda championship, rnd: data.round_results(rnd.pk)[1],
        html=lambda job: documents.results_document(job.round_id).html(),
        units=lambda rnd: 1,
        file_stem=_round_stem),
    Kind.STANDINGS: ReportKind(
        Kind.STANDINGS, per_round=False, public=True,
        facts=lambda championship, rnd: standings_facts(championship),
        html=lambda job: documents.standings_document(job.championship).html(),
        units=lambda rnd: 1,
        file_stem=lambda job: file_stem(job.championship.club.slug, job.championship_id,
                                        _("standings"))),
    # The results, then what each card cost of every deal entered trick by trick.
    Kind.ANALYSIS: ReportKind(
        Kind.ANALYSIS, per_round=True, public=False,
        facts=lambda championship, rnd: analysis.facts(rnd.pk),
        html=None, pdf=analysis.render, units=analysis.units,
        file_stem=_round_stem),
}


def report_kind(kind: str) -> ReportKind:
    """The kind called ``kind``; KeyError for any other (the pages answer 404)."""
    return REPORTS[kind]


def fingerprint(kind: str, championship: Championship, rnd: Round | None) -> str:
    """Hash of everything the report shows, in the active language."""
    return data.digest([kind, report_kind(kind).facts(championship, rnd)])
