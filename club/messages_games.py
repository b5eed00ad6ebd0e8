"""Sentences for the error codes of the other games (RULES.md §13: auction, blind and
spoken Manille; §15: duplicate boards), the options of §14 and the ratings, in the user's words: part of
:func:`club.messages.table` (one table, split in two modules for size)."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils.translation import gettext_lazy


@cache
def auction() -> dict[str, Any]:
    """Bidding, the privilege, the exchanges, an auction deal on a sheet and its game."""
    return {
        "auction": gettext_lazy("This call is not allowed in the auction."),
        "auction_over": gettext_lazy("The auction is over: no more calls."),
        "out_of_turn": gettext_lazy("It is another player's turn to call."),
        "bid_after_pass": gettext_lazy("A player who passed may not bid again."),
        "bid_below_lowest": gettext_lazy("The bid is below the lowest bid the rule set allows."),
        "bid_above_total": gettext_lazy("The bid is more than the points in play."),
        "bid_not_higher": gettext_lazy("A bid must be higher than the last one."),
        "bid_invalid": gettext_lazy("A bid is a number of points, “all tricks” or a pass."),
        "privilege_invalid": gettext_lazy("The privilege is taken or declined."),
        "seat_invalid": gettext_lazy("There is no such seat at this table."),
        "auction_wrong_game": gettext_lazy("This rule set's game has no declarer: it is not an "
                                           "auction game."),
        "deck_invalid": gettext_lazy("Give the 32 cards of the deck, each once."),
        "widow_invalid": gettext_lazy("A card of the widow is also in a hand, or twice in the "
                                      "widow."),
        "widow_empty": gettext_lazy("The widow is empty: no card left to draw."),
        "discard_first": gettext_lazy("Discard a card before drawing the next one."),
        "discard_without_draw": gettext_lazy("Each discard follows a card drawn."),
        "discard_not_in_hand": gettext_lazy("The card discarded is not in the declarer's hand."),
        "take_not_laid_out": gettext_lazy("The card taken is not among the cards laid out."),
        "exchange_count": gettext_lazy("Take and discard as many cards."),
        "exchange_over": gettext_lazy("The declarer has already exchanged."),
        "players_invalid": gettext_lazy("An auction table has 3 to 7 players."),
        "total_invalid": gettext_lazy("A player's total at a table is a whole number."),
        "declarer_invalid": gettext_lazy("Choose the declarer among the table's players, or mark "
                                         "the deal thrown in."),
        "contract_invalid": gettext_lazy("The contract is a number of points or “all tricks”."),
        "contract_missing": gettext_lazy("Enter the declarer's bid."),
        "contract_not_allowed": gettext_lazy("Leave the bid empty: in this game the declarer took "
                                             "the privilege, without bidding."),
        "contract_below_lowest": gettext_lazy("The bid is below the lowest bid the rule set allows."),
        "contract_above_total": gettext_lazy("The bid is more than the points in play."),
        "count_missing": gettext_lazy("Enter the declarer's count (cards and tricks)."),
        "count_above_total": gettext_lazy("The declarer's count is more than the points in play."),
        "all_tricks_count": gettext_lazy("A declarer who took all tricks counts at least one point "
                                         "per trick."),
        "declarer_count_invalid": gettext_lazy("The declarer's count is a whole number, 0 or more."),
        "exchanged_invalid": gettext_lazy("The cards exchanged are a whole number, 0 or more."),
        "exchanged_above_widow": gettext_lazy("More cards exchanged than this game lays out."),
        "thrown_in_facts": gettext_lazy("Leave the bid and the count empty: the deal was thrown "
                                        "in."),
        "deals_invalid": gettext_lazy("The number of deals is a whole number, 1 or more."),
        "auction_rules": gettext_lazy("This rule set is an auction game: its deals are entered on "
                                      "an auction sheet."),
        "auction_rules_needed": gettext_lazy("This rule set is not an auction game."),
    }


@cache
def options() -> dict[str, Any]:
    """Rule-set options of §13 and §14, doubling called word by word, and the ratings."""
    return {
        "game_unknown": gettext_lazy("There is no such game."),
        "option_not_in_game": gettext_lazy("This option belongs to another game than the rule "
                                           "set's."),
        "blind_no_renonce": gettext_lazy("In blind Manille every card is drawn at random, with "
                                         "no obligation: nobody can revoke, so a deal has no "
                                         "renonce."),
        "blind_no_obligations": gettext_lazy("In blind Manille every card is drawn at random: no "
                                             "obligation to follow, beat or trump applies."),
        "auction_counts_tricks": gettext_lazy("An auction game counts cards and tricks: one point "
                                              "per trick."),
        "auction_no_doubling": gettext_lazy("The auction games have no doubling."),
        "auction_declarer_names_trump": gettext_lazy("The declarer plays alone and names trump: no "
                                                     "passing the choice, no blind trump."),
        "auction_needs_deals": gettext_lazy("An auction game is played over a number of deals: "
                                            "give it."),
        "auction_number_invalid": gettext_lazy("This number is outside what the game allows."),
        "stakes_invalid": gettext_lazy("Give 1 to 5 stakes, each from 0 to 100."),
        "beat_option_needs_beat": gettext_lazy("This option changes the duty to beat: it needs "
                                               "“must beat the led suit”."),
        "max_knocks_invalid": gettext_lazy("The most knocks is a whole number from 1 to 10 (a "
                                           "sheet records up to ten calls: x1024)."),
        "packets_invalid": gettext_lazy("The packets must add up to the cards of a hand."),
        "doubling": gettext_lazy("This doubling call is not allowed now."),
        "doubling_late": gettext_lazy("The first card is played: too late to double."),
        "doubling_none": gettext_lazy("This rule set has no doubling."),
        "doubling_limit": gettext_lazy("No more doubling: the rule set's limit is reached."),
        "doubling_side": gettext_lazy("It is the other side's turn to double."),
        "doubling_word": gettext_lazy("That call does not follow: double, redouble or knock in "
                                      "turn."),
        "no_trump_not_doubled": gettext_lazy("This rule set does not double a no-trump deal."),
        # RULES.md §4 and §14: who redoubles, and the lower trump
        "redouble_by_partner": gettext_lazy("The dealer's partner redoubles (tegen), not the "
                                            "dealer: the rule set says so (RULES §4)."),
        "redouble_by_invalid": gettext_lazy("Choose who may redouble: the dealer's partner or "
                                            "either player of the dealer's side."),
        "redouble_by_needs_mee_tegen": gettext_lazy("Who may redouble is a mee/tegen choice: "
                                                    "choose mee/tegen doubling, or the "
                                                    "dealer's partner."),
        "undertrump_needs_overtrump": gettext_lazy("Trumping lower when you cannot over-trump "
                                                   "needs the duty to over-trump."),
        "undertrump_both_ways": gettext_lazy("A lower trump cannot be both required and "
                                             "forbidden: switch off “no under-trumping” to "
                                             "require it."),
        "credit_invalid": gettext_lazy("A credit is a whole number of match points, 0 or more, "
                                       "with no result."),
        "rating_setting": gettext_lazy("This rating setting is not valid."),
        "rating_match": gettext_lazy("This match cannot be rated."),
        "rating_order": gettext_lazy("Matches must be rated in the order they were played."),
    }


@cache
def duplicate() -> dict[str, Any]:
    """Boards, their results and par (RULES.md §15)."""
    return {
        "board": gettext_lazy("This board cannot be: check its number, dealer and hands."),
        "board_number": gettext_lazy("A board number is a whole number, 1 or more."),
        "board_seed": gettext_lazy("A board's seed is a whole number or a text."),
        "board_rules": gettext_lazy("Boards are dealt for the partnership game of four."),
        "board_notation": gettext_lazy("Write a board as “number dealer seat:” and the four "
                                       "hands separated by “/”."),
        "board_unknown": gettext_lazy("This board is not in the session's set."),
        "board_played_twice": gettext_lazy("This pair has already played this board."),
        "dd_table": gettext_lazy("Double-dummy analysis needs four hands in two partnerships."),
        "par_trick_bonus": gettext_lazy("The par cannot be given under the trick bonus: the "
                                        "analysis counts card points only."),
        "par_trump_missing": gettext_lazy("The par needs the analysis of every trump and no "
                                          "trump."),
    }
