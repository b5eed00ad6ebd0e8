"""The checks of :class:`engine.rules.RuleSet` for the §13 games and the §14 options, kept
apart so that ``rules.py`` stays readable. ``self`` is the RuleSet being checked; ``need`` its
refusal helper (``need(ok, field, message, code)`` raises RuleSetError unless ``ok``).

>>> from engine.rules import RuleSet
>>> RuleSet(game="auction2", trick_bonus=True, target=None, deals=8, stakes=(2, 1))
Traceback (most recent call last):
...
engine.rules.RuleSetError: stakes: belongs to auction1, not to the auction2 game
"""

from __future__ import annotations

from typing import Any

#: Who may redouble (tegen) under mee/tegen (RULES.md §4, §14): the dealer's partner, or
#: either player of the dealer's side (engine.rules.Redoubler).
REDOUBLERS: tuple[str, ...] = ("partner", "side")

#: The most knocks a rule set may allow: the sheet records each call with its player, up to
#: ten (x1024, ``club.bounds.MAX_DOUBLING``).
MAX_KNOCKS = 10

def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: Options that belong to one or some games only: (option, its games, its off value).
_GAME_OPTIONS: tuple[tuple[str, tuple[str, ...], Any], ...] = (
    ("stakes", ("auction1",), None),
    ("declarer_target", ("auction1",), None),
    ("discards_count", ("auction1",), False),
    ("lowest_bid", ("auction2", "auction3"), None),
    ("all_tricks_value", ("auction2", "auction3"), None),
    ("open_widow_doubling", ("auction3",), False),
)

def check_section14(self: Any, need: Any) -> None:
    """The options of RULES.md §14 (``need(ok, field, message, code)`` refuses)."""
    need(self.beat_led_suit or not (self.beat_on_trump_lead_only
                                    or self.beat_partner_on_trump_lead),
         "beat_on_trump_lead_only" if self.beat_on_trump_lead_only
         else "beat_partner_on_trump_lead",
         "narrows or widens the duty to beat, so it needs beat_led_suit", "beat_option_needs_beat")
    need(self.must_overtrump or not self.must_undertrump, "must_undertrump",
         "trumping lower when you cannot over-trump needs the duty to over-trump "
         "(must_overtrump)", "undertrump_needs_overtrump")
    need(not (self.must_undertrump and self.no_undertrump), "must_undertrump",
         "a lower trump cannot be both required and forbidden (no_undertrump)",
         "undertrump_both_ways")
    need(self.redouble_by in REDOUBLERS, "redouble_by",
         "must be 'partner' (the dealer's partner) or 'side' (either player of the dealer's "
         "side)", "redouble_by_invalid")
    need(self.redouble_by == "partner" or self.doubling == "mee_tegen", "redouble_by",
         "who may redouble is a mee/tegen option (doubling must be mee_tegen)",
         "redouble_by_needs_mee_tegen")
    need(_whole(self.max_knocks) and 1 <= self.max_knocks <= MAX_KNOCKS, "max_knocks",
         f"must be a whole number of knocks from 1 to {MAX_KNOCKS}", "max_knocks_invalid")
    if self.packets is not None:
        need(isinstance(self.packets, tuple) and len(self.packets) > 0
             and all(_whole(p) and p >= 1 for p in self.packets)
             and sum(self.packets) == self.cards_per_player, "packets",
             f"must be packet sizes of 1 or more adding up to the {self.cards_per_player} "
             "cards of a hand", "packets_invalid")

def check_game(self: Any, need: Any, auction: bool) -> None:
    """The options of the §13 games: which game each belongs to, what an auction game needs."""
    for name, games, off in _GAME_OPTIONS:
        need(getattr(self, name) == off or self.game in games, name,
             f"belongs to {' and '.join(games)}, not to the {self.game} game",
             "option_not_in_game")
    if self.game == "blind":
        need(not (self.follow_suit or self.beat_led_suit or self.must_trump
                  or self.no_undertrump), "follow_suit",
             "in blind Manille every card is drawn at random: no obligation applies",
             "blind_no_obligations")
    if not auction:
        return
    need(self.trick_bonus, "trick_bonus",
         "an auction game counts cards and tricks (one point per trick)", "auction_counts_tricks")
    need(self.doubling == "none", "doubling", "the auction games have no doubling",
         "auction_no_doubling")
    need(not (self.en_face or self.blind_trump), "en_face" if self.en_face else "blind_trump",
         "the declarer plays alone: no passing the choice, no blind trump",
         "auction_declarer_names_trump")
    need(self.spare_cards == "face_up", "spare_cards",
         "the spare-card exchange is the 3-player partnership game's; the auction games lay "
         "their own cards out", "option_not_in_game")
    need(self.deals is not None, "deals", "an auction game is a number of deals (rounded "
         "up to a multiple of the players, so that everyone deals equally often)",
         "auction_needs_deals")
    if self.stakes is not None:
        need(isinstance(self.stakes, tuple) and 1 <= len(self.stakes) <= 5
             and all(_whole(v) and 0 <= v <= 100 for v in self.stakes), "stakes",
             "must be 1 to 5 stakes (for 0, 1, 2 ... cards drawn) from 0 to 100",
             "stakes_invalid")
    for name, low, high in (("declarer_target", 1, 70), ("lowest_bid", 1, 70),
                            ("all_tricks_value", 1, 1000)):
        value = getattr(self, name)
        need(value is None or (_whole(value) and low <= value <= high), name,
             f"must be a whole number from {low} to {high}, or empty for the default",
             "auction_number_invalid")

