"""A sheet kind: everything that differs between the kinds of score sheet, chosen once from
the championship's rule set (:func:`kind_of`) and asked everywhere else.

- **partnership** (RULES.md §1-12, and blind Manille, scored the same way): two sides of two
  (or a table of three: the dealer alone against two), a game to 101 or a number of deals;
  the scorer types who dealt; a deal may be entered trick by trick; matches between two
  sides, which the ratings read.
- **auction** (RULES.md §13: auction Manille 1, 2 and 3): one game of 3 to 7 players, each
  for themselves; the rotation says who deals; entered deal by deal; standings of its own
  (totals, or table places), no two-sided matches to rate.

The duplicate traveller is a line per table of a board, not a sheet of deals: its pages are
club/views/duplicate_entry.py (docs/duplicate.md).

Adding a kind: one more :class:`SheetKind` here, naming its parts (form, page, template,
the API's parser and sheet), and those parts; docs/architecture.md lists the files.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.module_loading import import_string

from engine.rules import AUCTION_GAMES, RuleSet


class _Part:
    """``kind.<name>``: the part that ``kind.<name>_path`` names (None for an empty path),
    imported when first asked and kept (a non-data descriptor: the kept value wins)."""

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, kind, owner=None):
        if kind is None:
            return self
        path = getattr(kind, f"{self.name}_path")
        kind.__dict__[self.name] = part = import_string(path) if path else None
        return part


@dataclass(frozen=True)
class SheetKind:
    """One kind of score sheet: what it is (the flags) and where its parts are (dotted
    paths, loaded when first asked: a kind is known to every layer, from the replay up, so
    it names the forms and pages above it rather than importing them)."""

    key: str
    #: Every seat is its own side (RULES §13), not two sides of partners.
    each_for_themselves: bool
    #: The scorer types who dealt each deal; else the rotation says it.
    dealer_typed: bool
    #: A deal may be entered trick by trick (the engine checks each card).
    tricks_entry: bool
    #: Its tables are matches between two sides, which the ratings read.
    rated: bool
    #: The sheet page's template.
    template: str
    #: The deal entry form (the page's; the API fills it too).
    form_class_path: str
    #: ``page(ctx)``: the page of a table.
    page_path: str
    #: ``page_rows(page)``: the page's deal rows, each with its ``deal``.
    page_rows_path: str
    #: ``next_initial(page)``: the entry row's initial values for the next deal.
    next_initial_path: str
    #: ``deal_initial(deal)``: a recorded deal as the form shows it for a correction.
    deal_initial_path: str
    #: ``page_extra(page)``: what the page adds to its context.
    page_extra_path: str
    #: ``check_deal(ctx, deals, number, old)``: the kind's checks of a deal
    #: beyond the replay (raise club.services.sheet_checks.DealRefused).
    check_deal_path: str
    #: ``preview(ctx, outcome, number, count)``: a candidate deal's live figures.
    preview_path: str
    #: ``ranked_entries(championship, stage)``: the stage's entries, best first.
    ranked_entries_path: str
    #: ``draw(entries, seed=, history=, options=)``: the kind's own draw of a round's
    #: tables; empty: the stage's draw method (scoring.pairing).
    draw_path: str
    #: ``replay(table, seats, deals, rules, fmt)``: the sheet's deals scored (the one replay).
    replay_path: str
    #: ``printed_sheets(rnd_data)``: the round's score sheets as HTML for the PDF.
    printed_sheets_path: str
    #: ``standings_document(championship)``, ``standings_facts(championship)``: the
    #: standings PDF and what it shows (its fingerprint).
    standings_document_path: str
    standings_facts_path: str
    #: ``results_document(rnd_data)``: the round's results PDF; ``round_view(rnd_data,
    #: number)``: its results on the round's page.
    results_document_path: str
    round_view_path: str
    #: ``standings_page(request, championship, stage)``: the standings page.
    standings_page_path: str
    #: ``ladder_standings(championship)``: (standings, the metric a season ladder adds up,
    #: entries).
    ladder_standings_path: str
    #: ``projector_standings(championship, reveal)``, ``projector_table(view, decided)``:
    #: the standings and a table as the projector shows them.
    projector_standings_path: str
    projector_table_path: str
    #: ``api_standings(championship, stage, reveal, order)``: (order, columns, rows) of the
    #: API's standings.
    api_standings_path: str
    #: ``api_facts(ctx, data, correction)``: (version, facts, reason) of a deal sent to the
    #: API (``correction``: it corrects a recorded deal).
    api_facts_path: str
    #: ``api_sheet(ctx)``: the sheet as the API shows it.
    api_sheet_path: str
    #: ``rule_sentences(rules)``: the scoring facts of the sheet's rules, in words (the web
    #: and the printed sheet).
    rule_sentences_path: str

    # Each part, imported from its ``<name>_path`` when first asked.
    form_class = _Part()
    page = _Part()
    page_rows = _Part()
    next_initial = _Part()
    deal_initial = _Part()
    page_extra = _Part()
    check_deal = _Part()
    preview = _Part()
    ranked_entries = _Part()
    draw = _Part()
    replay = _Part()
    printed_sheets = _Part()
    standings_document = _Part()
    standings_facts = _Part()
    results_document = _Part()
    round_view = _Part()
    standings_page = _Part()
    ladder_standings = _Part()
    projector_standings = _Part()
    projector_table = _Part()
    api_standings = _Part()
    api_facts = _Part()
    api_sheet = _Part()
    rule_sentences = _Part()


PARTNERSHIP = SheetKind(
    key="partnership", each_for_themselves=False, dealer_typed=True, tricks_entry=True,
    rated=True, template="sheets/sheet.html",
    form_class_path="club.forms_sheets.DealForm",
    page_path="club.selectors.sheet_page.sheet_page",
    page_rows_path="club.selectors.sheet_page.page_rows",
    next_initial_path="club.forms_sheets.next_initial",
    deal_initial_path="club.forms_sheets.deal_initial",
    page_extra_path="club.selectors.sheet_page.page_extra",
    check_deal_path="club.services.sheet_checks.check_partnership_deal",
    preview_path="club.selectors.sheet_page.preview",
    ranked_entries_path="club.services.standings.ranked_entries", draw_path="",
    replay_path="club.selectors.replay.replay_match",
    printed_sheets_path="club.reports.sheets.sheets_html",
    standings_document_path="club.reports.documents.match_standings_document",
    standings_facts_path="club.reports.data.match_standings_facts",
    results_document_path="club.reports.documents.match_results_document",
    round_view_path="club.reports.documents.match_round_view",
    standings_page_path="club.views.standings.match_standings_page",
    ladder_standings_path="club.selectors.ladders.match_ladder_standings",
    projector_standings_path="club.views.projector.match_projector_standings",
    projector_table_path="club.selectors.live.match_table",
    api_standings_path="club.api.views_read.match_rows",
    api_facts_path="club.api.views_sheets.partnership_facts",
    api_sheet_path="club.api.views_sheets.partnership_sheet",
    rule_sentences_path="club.sheet_labels.partnership_sentences")

AUCTION = SheetKind(
    key="auction", each_for_themselves=True, dealer_typed=False, tricks_entry=False,
    rated=False, template="sheets/auction_sheet.html",
    form_class_path="club.forms_auction.AuctionDealForm",
    page_path="club.selectors.auction_sheets.auction_sheet_page",
    page_rows_path="club.selectors.auction_sheets.page_rows",
    next_initial_path="club.forms_auction.next_initial",
    deal_initial_path="club.forms_auction.deal_initial",
    page_extra_path="club.selectors.auction_sheets.page_extra",
    check_deal_path="club.services.sheet_checks.check_nothing_more",
    preview_path="club.selectors.auction_sheets.preview",
    ranked_entries_path="club.selectors.auction_standings.ranked_entries",
    draw_path="scoring.pairing.auction_tables.draw_auction",
    replay_path="club.selectors.replay.replay_auction_sheet",
    printed_sheets_path="club.reports.auction_pages.auction_sheets_html",
    standings_document_path="club.reports.auction_standings.auction_standings_document",
    standings_facts_path="club.reports.auction_standings.standings_facts",
    results_document_path="club.reports.auction_standings.auction_results_document",
    round_view_path="club.reports.auction_standings.auction_round_view",
    standings_page_path="club.views.auction_standings.auction_standings_page",
    ladder_standings_path="club.selectors.auction_standings.ladder_standings",
    projector_standings_path="club.selectors.live.auction_standings_part",
    projector_table_path="club.selectors.live.auction_table",
    api_standings_path="club.api.auction_sheets.standings_rows",
    api_facts_path="club.api.auction_sheets.deal_facts",
    api_sheet_path="club.api.auction_sheets.sheet_data",
    rule_sentences_path="club.sheets.auction_games.auction_sentences")

KINDS: tuple[SheetKind, ...] = (PARTNERSHIP, AUCTION)


def kind_of_rules(rules: RuleSet) -> SheetKind:
    """The kind of sheet a rule set's game is played on."""
    return AUCTION if rules.game in AUCTION_GAMES else PARTNERSHIP


def kind_of(championship) -> SheetKind:
    """The kind of sheet of a championship's tables."""
    return kind_of_rules(championship.rule_set.rules())
