"""Every error code of ``engine``, ``scoring`` and ``scoring.pairing`` in the user's words:
one table, translated.

The pure layers raise errors with an English message (for developers and the logs), a
stable ``code`` and the ``field`` at fault. A page never shows that English message: it
shows :func:`explain`'s sentence for the code, in the user's language. Parameters
(``PARAMS``) come from the page that knows them (the sheet gives the points in play and
the rule set's name); a template uses only the parameters its callers give, and every
code has a sentence (``tests/club/test_messages.py`` checks each code the pure layers can
raise, and that nl and fr translate each sentence).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club import messages_duplicate, messages_games

#: What a template may name, and what each means (the sheet's values).
PARAMS = ("expected", "total", "why", "value", "rules", "allowed", "tricks", "quota", "format",
          "rule")


@cache
def _sheet() -> dict[str, Any]:
    """A deal on a score sheet (scoring's deal, game and match codes)."""
    return {
        "points_total": gettext_lazy("The two sides' card points must add up to %(expected)s "
                                     "(the card points in play), not %(total)s."),
        "points_total_bonus": gettext_lazy("The two sides' points must add up to %(expected)s (the "
                                           "60 card points and one point for each of the "
                                           "%(tricks)s tricks), not %(total)s."),
        "calls_type": gettext_lazy("Each doubling call names one player at the table."),
        "calls_seat": gettext_lazy("A doubling call names a player who is not at this table."),
        "doubling_calls": gettext_lazy("The doubling does not match the calls: each call is one "
                                       "×2."),
        "best_of_even": gettext_lazy("A best of an even number of games can end level: choose an "
                                     "odd number (best of 3, 5 ...), or “N games”, where equal "
                                     "is a draw."),
        "blind_and_en_face": gettext_lazy("A blind trump is named by the dealer before looking: "
                                          "the choice cannot also be passed to the partner (en "
                                          "face). Tick one or the other."),
        "points_missing": gettext_lazy("Enter the card points: a deal that was played needs them "
                                       "(or mark it cancelled, or a renonce)."),
        "points_not_allowed": gettext_lazy("Leave the card points empty: %(why)s."),
        "all_tricks_not_allowed": gettext_lazy("Leave all tricks empty: %(why)s."),
        "renonce_not_allowed": gettext_lazy("Leave the renonce empty: %(why)s."),
        "tricks_not_allowed": gettext_lazy("Leave the tricks empty: %(why)s."),
        "doubling_not_allowed": gettext_lazy("Doubling ×%(value)s is not allowed by the rule set "
                                             "“%(rules)s” (allowed: %(allowed)s)."),
        "blind_not_allowed": gettext_lazy("The rule set “%(rules)s” does not allow blind trump."),
        "en_face_not_allowed": gettext_lazy("The rule set “%(rules)s” does not let the dealer pass the "
                                            "trump choice to the partner (en face)."),
        "cancel_not_allowed": gettext_lazy("The rule set “%(rules)s” does not cancel a deal when the "
                                           "dealer's partner looks early."),
        "all_tricks_points": gettext_lazy("A side that takes all tricks takes every card point: the "
                                          "other side cannot have any."),
        "all_tricks_tricks": gettext_lazy("All tricks does not match the tricks recorded."),
        "tricks_total": gettext_lazy("The two sides' tricks must add up to %(tricks)s."),
        "tricks_missing": gettext_lazy("The rule set “%(rules)s” gives one point per trick: enter the "
                                       "tricks each side took."),
        "tricks_points": gettext_lazy("A side that took no trick cannot have card points."),
        "points_below_tricks": gettext_lazy("With the trick bonus a side's points include one point per "
                                            "trick it took."),
        "no_trump_quota": gettext_lazy("This side has already called no trump %(quota)s time(s) this "
                                       "game, the most the rule set “%(rules)s” allows."),
        "dealer_side_missing": gettext_lazy("The rule set caps no-trump calls: the dealer must be known."),
        "match_finished": gettext_lazy("The match is over (%(format)s): the sheet takes no more deals."),
        "game_finished": gettext_lazy("The game is over: the next deal starts a new game."),
        "points_type": gettext_lazy("Card points are whole numbers."),
        # one box empty where the points in play are a range (RULES.md §8: cards out of play)
        "points_one_box": gettext_lazy("Enter both sides' card points: %(expected)s card points "
                                       "are in play at this table (the cards out of play count "
                                       "for nobody), so one side's do not give the other's."),
        "points_partners_missing": gettext_lazy("Enter the partners' card points too: at a table "
                                                "of three %(expected)s card points are in play "
                                                "(the two cards out of play count for nobody), "
                                                "so they do not follow from the dealer's."),
        "points_dealer_missing": gettext_lazy("Enter the dealer's card points too: at a table of "
                                              "three %(expected)s card points are in play (the "
                                              "two cards out of play count for nobody), so they "
                                              "do not follow from the partners'."),
        "points_negative": gettext_lazy("Card points cannot be negative."),
        "tricks_type": gettext_lazy("Tricks are whole numbers."),
        "tricks_negative": gettext_lazy("Tricks cannot be negative."),
        "trump_invalid": gettext_lazy("Choose a suit or no trump."),
        "doubling_type": gettext_lazy("The doubling is a whole multiplier: 1, 2, 4 ..."),
        "side_invalid": gettext_lazy("Choose one of the two sides."),
        "flag_type": gettext_lazy("Tick the box or leave it empty."),
        "field_missing": gettext_lazy("This deal is missing a value."),
        "deal_type": gettext_lazy("This is not a deal of the sheet."),
        "pending_invalid": gettext_lazy("The pending multiplier is a whole number, 1 or more."),
        "rules_unknown": gettext_lazy("The championship's rule set is not known."),
        "match_unfinished": gettext_lazy("The match is not finished yet."),
    }


@cache
def _play() -> dict[str, Any]:
    """Cards typed trick by trick (the engine's codes); ``rule`` names a broken obligation."""
    return {
        "follow_suit": gettext_lazy("follow suit"),
        "beat_led_suit": gettext_lazy("beat an opponent in the led suit"),
        "must_trump": gettext_lazy("trump when void and an opponent is winning"),
        "must_overtrump": gettext_lazy("over-trump a trumped trick"),
        "no_undertrump": gettext_lazy("no under-trumping"),
        "must_undertrump": gettext_lazy("trump lower when you cannot over-trump"),
        "not_in_hand": gettext_lazy("play a card from one's own hand"),
        "illegal_play": gettext_lazy("rules of play"),
        "card_notation": gettext_lazy("This is not a card: rank then suit (10h, Ac, Kd, Qs, J♣ ...)."),
        "suit_notation": gettext_lazy("This is not a suit: use c, d, h or s (♣ ♦ ♥ ♠), or no trump."),
        "card_twice": gettext_lazy("A card was dealt twice."),
        "hand_count": gettext_lazy("The number of hands does not match the players at the table."),
        "hand_size": gettext_lazy("A hand holds the wrong number of cards."),
        "deal_state": gettext_lazy("The deal cannot go on like this."),
        "deal_finished": gettext_lazy("The deal is finished: every trick has been played."),
        "deal_unfinished": gettext_lazy("The deal is not finished: tricks are missing."),
        "not_announced": gettext_lazy("Trump must be named before the first card."),
        "already_announced": gettext_lazy("Trump has already been named."),
        "blind_after_en_face": gettext_lazy("Only the dealer names a blind trump, not after passing "
                                            "en face."),
        "en_face_late": gettext_lazy("Only the dealer may pass the trump choice (en face), once, "
                                     "before trump is named."),
        "en_face_partner": gettext_lazy("En face passes the trump choice to the dealer's partner only."),
        "exchange_late": gettext_lazy("The dealer exchanges spare cards once, after naming trump and "
                                      "before the first card."),
        "exchange_not_allowed": gettext_lazy("The rule set “%(rules)s” leaves the spare cards face up, "
                                             "out of play."),
        "exchange_cards": gettext_lazy("The exchange laid down cards that were not the dealer's."),
        "empty_trick": gettext_lazy("An empty trick has no winner."),
        "trick_size": gettext_lazy("A trick holds one card from each player."),
        "partners_unknown": gettext_lazy("With three players the partners change every deal."),
        "dealer": gettext_lazy("The dealer must be one of the table's seats."),
        "player_count": gettext_lazy("Every seat needs a simulated player."),
        "unknown_player": gettext_lazy("There is no such simulated player."),
        "engine": gettext_lazy("These cards cannot be played this way."),
    }


@cache
def _setup() -> dict[str, Any]:
    """Rule sets, match formats, ranking orders and draws, as an organiser sets them up."""
    return {
        "rule_set": gettext_lazy("This rule set cannot be used."),
        "option_invalid": gettext_lazy("This choice does not fit the other options of the rule set."),
        "target_or_deals": gettext_lazy("A game ends at a target or after a number of deals: give "
                                        "exactly one of the two."),
        "beat_needs_follow": gettext_lazy("Beating an opponent in the led suit is a duty only where "
                                          "following suit is."),
        "overtrump_needs_trump": gettext_lazy("Over-trumping is a duty only where trumping is."),
        "en_face_needs_partner": gettext_lazy("Passing the trump choice (en face) needs a partner at the "
                                              "table: 4 or 6 players."),
        "exchange_needs_three": gettext_lazy("Exchanging the spare cards is the French game for 3 "
                                             "players."),
        "unknown_option": gettext_lazy("The rule set holds an option Troef does not know."),
        "unknown_preset": gettext_lazy("There is no such rule set."),
        "rules_type": gettext_lazy("This is not a rule set."),
        "format_kind": gettext_lazy("Choose how long a match lasts: one game, best of N games, N games, "
                                    "N deals or a time limit."),
        "format_type": gettext_lazy("This is not a match format."),
        "count_invalid": gettext_lazy("Enter a whole number, 1 or more."),
        "count_not_allowed": gettext_lazy("Leave the number of games or deals empty for this kind of "
                                          "match."),
        "minutes_missing": gettext_lazy("A time-limited match needs its minutes."),
        "minutes_invalid": gettext_lazy("Enter whole minutes, 1 or more."),
        "unknown_field": gettext_lazy("The match format holds an option Troef does not know."),
        "match_points_invalid": gettext_lazy("Match points for a win, a draw and a loss: whole numbers "
                                             "from 0 to 100, a win worth the most."),
        "sides_invalid": gettext_lazy("A match is played by exactly two sides."),
        "metric_unknown": gettext_lazy("Troef does not know this ranking criterion."),
        "metric_repeated": gettext_lazy("Each criterion may be chosen once in the ranking order."),
        "metric_invalid": gettext_lazy("This ranking criterion is not well defined."),
        "metric_not_shown": gettext_lazy("This criterion is not in these standings."),
        "order_type": gettext_lazy("Choose the ranking criteria one by one."),
        "entry_unknown": gettext_lazy("This entry is not in these standings."),
        "entry_meets_itself": gettext_lazy("An entry cannot play against or with itself."),
        "result_invalid": gettext_lazy("A result is a win, a draw or a loss."),
        "result_repeated": gettext_lazy("A player has two results for the same event."),
        "best_invalid": gettext_lazy("Count the best events: a whole number, 1 or more."),
        "min_events_invalid": gettext_lazy("The minimum number of events is a whole number, 0 or more."),
        "bye_scoring": gettext_lazy("Choose how a bye is scored."),
        "bye_points": gettext_lazy("The points of a bye are a whole number, 0 or more."),
        "table_result": gettext_lazy("A table's result is two whole numbers, 0 or more."),
        "draw": gettext_lazy("The draw cannot be made with these entries."),
        "unknown_method": gettext_lazy("There is no such draw method."),
        "option_choice": gettext_lazy("This draw option has no such choice."),
        "option_type": gettext_lazy("This draw option has the wrong kind of value."),
        "seed_type": gettext_lazy("The draw's seed is a whole number."),
        "duplicate_entry": gettext_lazy("An entry is listed twice in the draw."),
        "entry_id": gettext_lazy("An entry of the draw has no name."),
        "berger_round": gettext_lazy("The round robin has no such round."),
        "round_robin_complete": gettext_lazy("Every round of the round robin has been played: advance "
                                             "to the next stage."),
        "round_robin_full": gettext_lazy("More entries than the round robin has places: a late entry "
                                         "cannot join it."),
        "poule_count": gettext_lazy("These pairs cannot be split into poules of three or four (5 pairs "
                                    "cannot): choose another draw for this stage."),
        "poule_late_entry": gettext_lazy("The poules were drawn at the first round: a pair that joined "
                                         "later cannot play in them."),
        "poules_complete": gettext_lazy("Every round of the poules has been played: advance the poule "
                                        "winners to the next stage."),
        "too_few_players": gettext_lazy("Too few active players to draw a table."),
    }


@cache
def table() -> dict[str, Any]:
    """Code -> its sentence (lazy, translated when shown). One entry per code."""
    return {**_sheet(), **_play(), **_setup(), **messages_games.auction(),
            **messages_games.options(), **messages_games.duplicate(),
            **messages_duplicate.movements()}


class _Params(dict):
    """Template parameters; one a page did not give reads as an empty string."""

    def __missing__(self, key: str) -> str:
        return ""


def explain(error: Exception | str, **params: Any) -> str:
    """The user's sentence for ``error`` (an error with a ``code``, or a code itself).

    A code without a sentence (a bug: the test makes sure there is none) falls back to a
    translated "not valid" naming the field, never to the English message.
    """
    code = error if isinstance(error, str) else getattr(error, "code", "")
    template = table().get(code)
    if template is None:
        field = getattr(error, "field", None) or _("this value")
        return _("%(field)s is not valid.") % {"field": field}
    return str(template) % _Params(params)


def rule_name(rule: str) -> str:
    """A play obligation (``follow_suit`` ...) in words."""
    return explain(rule)
