"""A sheet's words that depend on the rule set: who made each doubling call, what a tie
leads to, and the rules a player needs to check a score (:func:`rule_sentences`; RULES.md
§§4, 6, 7, 13, 14). Pages, forms, the live preview and the printed sheet all say them from
here.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.sheets.kinds import kind_of_rules
from engine.rules import RuleSet
from scoring import DealScore, points_in_play
from scoring.calls import call_multiplier


def call_labels(doubling: str, count: int) -> list[str]:
    """Each doubling call's question on the sheet ("doubled (mee) by"), by the rule set's
    doubling (RULES.md §4)."""
    if doubling == "mee_tegen":
        return [_("doubled (mee) by"), _("redoubled (tegen) by")][:count]
    if doubling in ("knock", "knock_back"):
        return [_("knocked by"), _("knocked back by")][:count]
    return [_("knock %(number)d by") % {"number": n} for n in range(1, count + 1)]


def call_word(doubling: str, index: int) -> str:
    """The word of call ``index`` (from 0) in a row's notes: mee, tegen, knock."""
    if doubling == "mee_tegen":
        return _("mee") if index == 0 else _("tegen")
    if doubling == "knock_back" and index == 1:
        return _("knock back")
    return _("knock")


def tie_label(score: DealScore, rules: RuleSet, *, ends_game: bool,
              points: int | None = None) -> str:
    """What a tied deal leads to under ``rules``: the next deal's multiplier and how a
    further tie counts, or, on a game's last deal (a fixed number of deals), that the
    pending multiplier lapses (RULES.md §7). ``points``: each side's points (30, or 34
    with a point per trick)."""
    tied = _("tie %(a)s–%(a)s") % {"a": points} if points is not None else _("tie")
    if ends_game:
        return _("%(tie)s: the game is over, nothing carries over") % {"tie": tied}
    if rules.tie_policy == "stacked":
        return _("%(tie)s: next deal ×%(m)s (each further tie ×%(k)s again)") % {
            "tie": tied, "m": score.pending, "k": rules.tie_multiplier}
    if rules.tie_policy == "whole":
        return _("%(tie)s: next deal ×%(m)s (this deal's whole multiplier)") % {
            "tie": tied, "m": score.pending}
    return _("%(tie)s: next deal ×%(m)s (a further tie keeps ×%(m)s)") % {
        "tie": tied, "m": score.pending}


def points_label(rules: RuleSet) -> str:
    """What the two figures of a deal are: card points, or with the trick bonus card points
    and one a trick (68 in play, RULES.md §14): the web sheet's and the printed sheet's
    column, the entry's fields."""
    return _("Points (cards + tricks)") if rules.trick_bonus else _("Card points")


def direction_label(rules: RuleSet) -> str:
    """Which way play and the deal go round (RULES.md §2), for the sheet's heading."""
    if rules.direction == "counterclockwise":
        return _("play goes counter-clockwise")
    return _("play goes clockwise")


def _times(value: int) -> str:
    return f"×{value}"


def _half(value: int) -> str:
    """Half of ``value`` card points: 30, or 25½."""
    return str(value // 2) + ("½" if value % 2 else "")


def _calls_words(rules: RuleSet) -> list[str]:
    """Each doubling call with the multiplier it makes ("mee ×2", "tegen ×4")."""
    count = len(rules.allowed_doublings()) - 1
    if rules.doubling == "knock_unlimited":
        return [_("each knock ×2 more, up to %(most)d knocks") % {"most": rules.max_knocks}]
    return [f"{call_word(rules.doubling, index)} {_times(call_multiplier(index + 1, rules))}"
            for index in range(count)]


def _game_sentence(rules: RuleSet) -> str:
    if rules.deals is not None:
        return _("A game is %(deals)d deals: the most game points wins, equal totals are a "
                 "draw.") % {"deals": rules.deals}
    return _("A game is won by the first side to reach %(target)d game points.") % {
        "target": rules.target}


def _deal_sentence(rules: RuleSet) -> str:
    low, high = points_in_play(rules)
    if rules.trick_bonus:
        count = _("card points + 1 a trick, %(total)d in play") % {"total": high}
    else:
        count = _("card points, %(total)s in play") % {
            "total": str(high) if low == high else f"{low}–{high}"}
    half = _half(high) if low == high else _("half the points in play")
    return _("A deal (%(count)s): the side with more than %(half)s scores (its points − "
             "%(half)s) × the multipliers, the other side nothing.") % {
        "count": count, "half": half}


def _multiplier_sentence(rules: RuleSet) -> str:
    parts = [_("no trump %(m)s") % {"m": _times(rules.no_trump_multiplier)},
             _("all tricks %(m)s") % {"m": _times(rules.all_tricks_multiplier)}]
    if rules.blind_trump:
        parts.append(_("blind trump %(m)s") % {"m": _times(rules.blind_multiplier)})
    parts += _calls_words(rules)
    doubled = len(rules.allowed_doublings()) > 1 and rules.double_no_trump
    second = 2 if doubled else rules.all_tricks_multiplier
    example_words = (_("no trump and %(call)s") % {"call": call_word(rules.doubling, 0)}
                     if doubled else _("no trump and all tricks"))
    example = _times(rules.combine(rules.no_trump_multiplier, second))
    if rules.multipliers_add:
        how = _("multipliers add (%(example)s: %(m)s)")
    else:
        how = _("multipliers multiply (%(example)s: %(m)s)")
    sentence = _("Multipliers: %(parts)s; %(how)s.") % {
        "parts": ", ".join(parts), "how": how % {"example": example_words, "m": example}}
    if len(rules.allowed_doublings()) > 1 and not rules.double_no_trump:
        sentence += " " + _("A no-trump deal cannot be doubled.")
    return sentence


def _tie_sentence(rules: RuleSet) -> str:
    low, high = points_in_play(rules)
    tie = (_("%(half)s–%(half)s") % {"half": _half(high)} if low == high
           else _("A tie"))
    if rules.tie_policy == "stacked":
        sentence = _("%(tie)s: nobody scores, the next deal %(k)s, each further tie %(k)s "
                     "again.")
    elif rules.tie_policy == "whole":
        sentence = _("%(tie)s: nobody scores, the next deal takes the tied deal's whole "
                     "multiplier (%(k)s; a tied no-trump deal: %(nt)s).")
    else:
        sentence = _("%(tie)s: nobody scores, the next deal %(k)s; a further tie keeps "
                     "%(k)s.")
    sentence = sentence % {"tie": tie, "k": _times(rules.tie_multiplier), "nt": _times(
        rules.combine(rules.no_trump_multiplier, rules.tie_multiplier))}
    if rules.deals is not None:
        sentence += " " + _("A tie on the last deal: nothing carries over.")
    return sentence


def _renonce_sentence(rules: RuleSet) -> str:
    high = points_in_play(rules)[1]
    if rules.renonce_penalty == "flat30":
        return _("Renonce: the other side scores a flat 30 game points.")
    return _("Renonce: the other side scores as with all %(total)d points, (%(total)d − "
             "%(half)s) × the multipliers.") % {"total": high, "half": _half(high)}


def rule_sentences(rules: RuleSet) -> list[str]:
    """The rule set's facts that change a score's arithmetic, in a player's words: how a
    game ends, what a deal scores, the multipliers and how they combine, ties, the no-trump
    cap, the renonce penalty; in an auction game its count, target and stakes or lowest
    bid, the all-tricks value and the open cards' doubling (RULES.md §§6-7, 13, 14). The
    web sheet and the printed sheet both say them from here."""
    return kind_of_rules(rules).rule_sentences(rules)


def partnership_sentences(rules: RuleSet) -> list[str]:
    """:func:`rule_sentences` of a partnership game (the tables of three's too)."""
    out = [_game_sentence(rules), _deal_sentence(rules), _multiplier_sentence(rules),
           _tie_sentence(rules)]
    if rules.no_trump_quota is not None:
        out.append(ngettext("No trump at most %(n)d time per side per game.",
                            "No trump at most %(n)d times per side per game.",
                            rules.no_trump_quota) % {"n": rules.no_trump_quota}
                   if rules.no_trump_quota else _("No trump may not be called."))
    if rules.can_revoke:
        out.append(_renonce_sentence(rules))
    return out
