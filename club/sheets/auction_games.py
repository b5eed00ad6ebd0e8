"""The three games of the auction sheet kind (RULES.md §13), each written once: what its
sheet asks, prints and explains. The sheet's form, page and printed grid ask the game
(:func:`game_sheet`) instead of testing its name.

- **auction1**: the privilege passes round until someone takes it (no bids); the declarer
  draws cards from the widow, one at a time; a target and stakes by cards drawn.
- **auction2**: the sevens are removed so the cards divide; each bids a count or all
  tricks; nothing is exchanged.
- **auction3**: packets of three, cards laid out open and closed; the highest bidder may
  exchange with them.

Adding a game: one :class:`AuctionGameSheet` here, and its rules in ``engine``/``scoring``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from engine.auction import lowest_bid, total_in_play
from engine.auction_deal import SEVENS, laid_out, widow_size
from engine.rules import RuleSet
from scoring.auction import declarer_target, stake


def _widow_hands(rules: RuleSet) -> str:
    return _("Hands of %(hand)d cards, a widow of %(widow)d") % {
        "hand": rules.cards_per_player, "widow": widow_size(rules)}


def _sevens_out_hands(rules: RuleSet) -> str:
    hand = rules.cards_per_player
    out = 32 - hand * rules.players
    if not out:
        return _("Hands of %(hand)d cards; every card dealt") % {"hand": hand}
    sevens = " ".join("7" + "♣♦♥♠"[c // 8] for c in SEVENS[:out])
    return _("Hands of %(hand)d cards; out of play: %(sevens)s") % {"hand": hand,
                                                                    "sevens": sevens}


def _laid_out_hands(rules: RuleSet) -> str:
    up, down = laid_out(rules)
    return _("Hands of %(hand)d cards; laid out %(up)d face up, %(down)d face down") % {
        "hand": rules.cards_per_player, "up": up, "down": down}


def _widow_fact(rules: RuleSet) -> str:
    return _("widow of %(n)d") % {"n": widow_size(rules)}


def _lowest_bid_fact(rules: RuleSet) -> str:
    return _("lowest bid %(n)d") % {"n": lowest_bid(rules)}


def _laid_out_facts(rules: RuleSet) -> list[str]:
    up, down = laid_out(rules)
    return [_lowest_bid_fact(rules), _("%(up)d open and %(down)d closed cards laid out") % {
        "up": up, "down": down}]


@dataclass(frozen=True)
class AuctionGameSheet:
    """What one auction game's sheet asks, prints and explains."""

    key: str
    #: The game in a few words (a club's own rule set names its game on the sheet).
    name: Promise
    #: The privilege is taken, not bid: no bid column, a target and stakes instead.
    privilege: bool
    #: The column of cards the declarer drew or exchanged, and its key in the legend;
    #: None: nothing changes hands (the sevens are removed).
    exchange_column: Promise | None
    exchange_legend: Promise | None
    #: ``hands(rules)``: the hands (and what lies out) in one line of the printed rules.
    hands: Callable[[RuleSet], str]
    #: ``facts(rules)``: the short facts of the web sheet's head after the count in play.
    facts: Callable[[RuleSet], list[str]]
    #: The rule set's doubling of an all-tricks bid and of a hand kept (open widow) applies.
    open_widow_doubling: bool = False


GAMES: dict[str, AuctionGameSheet] = {game.key: game for game in (
    AuctionGameSheet(
        "auction1", gettext_lazy("privilege and widow"), privilege=True,
        exchange_column=pgettext_lazy("auction sheet column", "Drawn"),
        exchange_legend=gettext_lazy("Drawn: cards drawn from the widow"),
        hands=_widow_hands, facts=lambda rules: [_widow_fact(rules)]),
    AuctionGameSheet(
        "auction2", gettext_lazy("bidding, sevens removed"), privilege=False,
        exchange_column=None, exchange_legend=None,
        hands=_sevens_out_hands, facts=lambda rules: [_lowest_bid_fact(rules)]),
    AuctionGameSheet(
        "auction3", gettext_lazy("bidding, cards laid out"), privilege=False,
        exchange_column=pgettext_lazy("auction sheet column", "Exch."),
        exchange_legend=gettext_lazy("Exch.: cards taken from those laid out"),
        hands=_laid_out_hands, facts=_laid_out_facts, open_widow_doubling=True),
)}


def game_sheet(rules: RuleSet) -> AuctionGameSheet:
    """The sheet of the auction game ``rules`` plays."""
    return GAMES[rules.game]


def auction_sentences(rules: RuleSet) -> list[str]:
    """An auction game's scoring facts (RULES.md §13): the count, the declarer's target and
    stakes (game 1) or the lowest bid and the all-tricks value (games 2 and 3), the open
    cards' doubling (game 3), the deals of a game."""
    total = total_in_play(rules)
    out = [_("Count: card points + 1 a trick, %(total)d in play") % {"total": total}]
    game = game_sheet(rules)
    if game.privilege:
        stakes = ", ".join(f"{k}:{stake(rules, k)}" for k in range(widow_size(rules) + 1))
        out.append(_("Target %(target)d: made, each pays him the stake; missed, he pays "
                     "each") % {"target": declarer_target(rules)})
        out.append(_("Stake by cards drawn: %(stakes)s") % {"stakes": stakes})
    else:
        value = rules.all_tricks_value or 2 * total
        out.append(_("Lowest bid %(low)d · all tricks (AT) worth %(value)d · the bid won "
                     "or lost") % {"low": lowest_bid(rules), "value": value})
        if game.open_widow_doubling and rules.open_widow_doubling:
            out.append(_("×2 for an all-tricks bid, ×2 without exchanging"))
    return out
