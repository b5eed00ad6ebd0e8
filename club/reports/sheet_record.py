"""What a filled score sheet prints of its recorded deals: each deal's row (trump, the
doubling the calls make, card points or a renonce, tricks, notes, game points and running
totals, scored with ``scoring`` through ``score_table``), the summary line under the grid,
and the legend of the notes the rule set can produce (the game, doubling calls, blind
trump, en face, the trick bonus, ties). The page layout is :mod:`club.reports.sheets`.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from club.reports.data import TableData
from club.reports.sheet_grid import PLAYER_LETTERS, deal_sides
from club.selectors.replay import rules_at, score_table
from club.selectors.sheets import TRUMP_SYMBOLS
from club.services.sheet_messages import explain
from club.sheet_labels import call_word
from scoring import ThreesOutcome, ThreesRow, points_in_play
from scoring.calls import call_multiplier
from scoring.deal import points_text


@dataclass
class Row:
    number: int
    dealer: int
    cells: dict[str, str]
    game_end: bool = False


def _note_side(side: int | None, names: str = "AB") -> str:
    return "" if side is None else ":" + names[side]


def _game_winners(game) -> str:
    """Who won a finished game as its note says it: A or B, the player letters at a table of
    three (several when they share it), '=' for a draw."""
    winners = getattr(game, "winners", None)
    if winners is None:
        winners = () if game.winner is None else (game.winner,)
        return "=" if not winners else "AB"[winners[0]]
    return "".join(PLAYER_LETTERS[seat] for seat in winners) or "="


def recorded_rows(data: TableData) -> tuple[list[Row], str]:
    """The recorded deals as sheet rows (scored with ``scoring``) and the summary line."""
    score = score_table(data.table, data.deals, data.seats)
    scored = [row for game in score.outcome.games for row in game.deals]
    sides = "".join(deal_sides()) if isinstance(score.outcome, ThreesOutcome) else "AB"
    ends = {}
    count = 0
    for index, game in enumerate(score.outcome.games, 1):
        count += len(game.deals)
        if game.finished:
            ends[count] = (index, _game_winners(game))
    rules = rules_at(data.seats, data.table.round.stage.championship.rule_set.rules())
    initials = {s.position: _initials(s.player) for s in data.seats}
    rows = []
    for i, deal in enumerate(data.deals):
        knocks = len(deal.calls) if deal.calls else deal.doubling.bit_length() - 1
        cells = {"trump": TRUMP_SYMBOLS.get(deal.trump, pgettext("no trump, short", "NT")),
                 # the multiplier the calls make under the rules (x3 for a redouble where
                 # multipliers add)
                 "doubling": f"×{call_multiplier(knocks, rules)}" if knocks else "",
                 "tricks": "" if deal.tricks is None else str(deal.tricks)}
        notes = []
        if deal.blind:
            notes.append(pgettext("sheet note: blind trump", "BL"))
        if deal.en_face:
            notes.append(pgettext("sheet note: en face", "EF"))
        if knocks:  # who doubled, redoubled or knocked, in order: ×JD/AB
            notes.append("×" + "/".join(initials.get(seat, "?") if seat is not None else "?"
                                        for seat in (deal.calls or [None] * knocks)))
        if deal.cancelled:
            cells["trump"] = "–"
            cells["cards0"] = cells["cards1"] = "–"
            notes.append(pgettext("sheet note: cancelled", "X"))
        elif deal.renonce is not None:
            cells["cards0"] = cells["cards1"] = "–"
            notes.append(pgettext("sheet note: renonce", "R") + _note_side(deal.renonce, sides))
        else:
            cells["cards0"] = "" if deal.points is None else str(deal.points)
            cells["cards1"] = "" if deal.points_other is None else str(deal.points_other)
        if deal.all_tricks is not None:
            notes.append(pgettext("sheet note: all tricks", "AT") + _note_side(deal.all_tricks,
                                                                              sides))
        if i < len(scored):
            row = scored[i]
            if row.score.outcome == "tie":
                # "=" the next deal counts ×N; "=|" the game ended on it, nothing carries over
                notes.append("=|" if (i + 1) in ends else f"=×{row.score.pending}")
            credits = row.credits if isinstance(row, ThreesRow) else row.score.points
            for column, (credit, total) in enumerate(zip(credits, row.totals, strict=True)):
                cells[f"game{column}"] = points_text(credit)  # a half as ½ (tables of three)
                cells[f"total{column}"] = points_text(total)
            if i + 1 in ends:
                game, winners = ends[i + 1]
                notes.append(f"G{game}:{winners}")
        elif score.broken_at is not None and i + 1 == score.broken_at:
            notes.append("?")
        cells["notes"] = " ".join(notes)
        rows.append(Row(deal.number, deal.dealer, cells, game_end=(i + 1) in ends))
    return rows, _summary(score, rules) if data.deals else ""


def _summary(score, rules) -> str:
    outcome = score.outcome
    won, points = outcome.games_won, outcome.points
    if isinstance(outcome, ThreesOutcome):
        return _threes_summary(score, rules)
    figures = _("games %(a)d–%(b)d, game points %(pa)d–%(pb)d") % {
        "a": won[0], "b": won[1], "pa": points[0], "pb": points[1]}
    if score.error is not None:
        return _("Deal %(deal)s could not be scored (%(error)s); before it: %(figures)s") % {
            "deal": score.broken_at, "error": _error_words(score, rules), "figures": figures}
    if not outcome.finished:
        return _("In progress: %(figures)s") % {"figures": figures}
    if outcome.winner is None:
        return _("Result: a draw, %(figures)s") % {"figures": figures}
    return _("Result: side %(side)s wins, %(figures)s") % {"side": "AB"[outcome.winner],
                                                             "figures": figures}


def _threes_summary(score, rules) -> str:
    """The summary line of a table of three: games and game points per player (A, B, C)."""
    outcome = score.outcome
    figures = _("games %(games)s, game points %(points)s") % {
        "games": "–".join(map(str, outcome.games_won)),
        "points": "–".join(map(points_text, outcome.points))}
    if score.error is not None:
        return _("Deal %(deal)s could not be scored (%(error)s); before it: %(figures)s") % {
            "deal": score.broken_at, "error": _error_words(score, rules), "figures": figures}
    if not outcome.finished:
        return _("In progress: %(figures)s") % {"figures": figures}
    if not outcome.winners:
        return _("Result: a draw, %(figures)s") % {"figures": figures}
    return _("Result: won by %(players)s, %(figures)s") % {
        "players": " & ".join(PLAYER_LETTERS[seat] for seat in outcome.winners),
        "figures": figures}


def _error_words(score, rules) -> str:
    """Why a deal could not be scored, in the reader's words (never scoring's English)."""
    return explain(score.error, rules)[1].rstrip(".")


def _initials(player) -> str:
    """A player's initials for the notes column (who doubled)."""
    return "".join(part[:1].upper() for part in (player.first_name, player.last_name)) or "?"


def sheet_legend(rules) -> list[str]:
    """The notes that depend on the rules: the game (blind, spoken), doubling calls, blind
    trump, en face, ties."""
    out = []
    if rules.game == "blind":
        out.append(_("Blind Manille: every card played blind, no renonce"))
    if rules.spoken:
        out.append(_("Spoken Manille"))
    calls = len(rules.allowed_doublings()) - 1
    if calls:  # the callers' initials, each call said in words (mee, tegen, knock)
        who = ["JD", "AB"][:min(calls, 2)]
        said = [_("%(call)s by %(who)s") % {"call": call_word(rules.doubling, i), "who": w}
                for i, w in enumerate(who)]
        if rules.doubling == "knock_unlimited":
            said.append(_("each further knock by its caller"))
        out.append(_("×%(initials)s: %(calls)s (the players' initials)") % {
            "initials": "/".join(who), "calls": ", ".join(said)})
    if rules.blind_trump:
        out.append(_("BL blind trump (×%(m)s)") % {"m": rules.blind_multiplier})
    if rules.en_face:
        out.append(_("EF en face"))
    if rules.trick_bonus:
        out.append(_("Cards + tricks: card points + 1 a trick (68) · Tricks: side A's"))
    half = points_in_play(rules)[1] // 2
    if rules.tie_policy == "stacked":
        tie = _("=×%(k)s tie %(t)s–%(t)s: next deal ×%(k)s, each further tie ×%(k)s again")
    elif rules.tie_policy == "whole":
        tie = _("=×N tie %(t)s–%(t)s: next deal ×N, the tied deal's multiplier (no trump: "
                "×%(nt)s)")
    else:
        tie = _("=×%(k)s tie %(t)s–%(t)s: next deal ×%(k)s, a further tie keeps ×%(k)s")
    out.append(tie % {"t": half, "k": rules.tie_multiplier, "nt": rules.combine(
        rules.no_trump_multiplier, rules.tie_multiplier)})
    if rules.deals is not None:
        out.append(_("=| tie on the last deal: nothing carries over"))
    return out
