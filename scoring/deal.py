"""One deal's game points (RULES.md §6) from the facts written on the sheet
(:class:`~scoring.deal_facts.DealResult`).

This module owns what a deal scores under a rule set: the points in play and the threshold,
every multiplier, the 30-30 tie and its pending multiplier, renonce penalties and cancelled
deals, and every check that a deal's facts add up. Nothing else in the project computes a
deal's score.

>>> from engine.rules import RuleSet
>>> score_deal(DealResult(points=(38, 22), trump="h"), "house")
DealScore(points=(8, 0), pending=1, multiplier=1, outcome='won')
>>> points, pending = score_deal(DealResult(points=(30, 30), trump="s"), "house")
>>> points, pending
((0, 0), 2)

No rounding (3 or 6 players, where 2 cards lie out of play): the points in play are the sum
the sheet records, between 50 and 60; the threshold T is exactly half that sum (RULES.md §6).
A side wins the deal when it has more points than the other side and scores (its points - T)
times the multipliers, so with an odd sum (say 30-21, T = 25.5) the winner scores 4½: game
points are an ``int``, or a :class:`~fractions.Fraction` with denominator 2 when a half is
left (:func:`exact`; :func:`points_text` writes it "4½"). A 30-30-style tie is possible only
when the sum is even.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from engine.rules import RuleSet, RuleSetError
from scoring.calls import call_multiplier, check_calls
from scoring.deal_facts import DealResult, is_int
from scoring.errors import DealResultError, ScoringError

#: Card points in the 32-card deck.
DECK_POINTS = 60
#: Game points the other side receives for a renonce under the ``flat30`` penalty.
FLAT_RENONCE_POINTS = 30
# Card points of the 32 cards, highest first: the most that k cards out of play can hold.
_CARD_POINTS_DESC = (5,) * 4 + (4,) * 4 + (3,) * 4 + (2,) * 4 + (1,) * 4 + (0,) * 12

Outcome = Literal["won", "tie", "renonce", "cancelled"]
#: Game points: whole, or with a half left at a table of three (RULES.md §6).
Points = int | Fraction
#: The standings metrics that are game points (written with :func:`points_text`).
GAME_POINT_METRICS = ("points_for", "points_against", "points_diff")


def exact(value: Points) -> Points:
    """``value`` as an ``int`` when it is whole, else as it is (a Fraction).

    >>> exact(Fraction(8, 1)), exact(Fraction(9, 2))
    (8, Fraction(9, 2))
    """
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def threshold(total: int) -> Points:
    """*T*, half the card points in play, exactly (RULES.md §6): 30 of 60, 25.5 of 51.

    >>> threshold(60), threshold(51)
    (30, Fraction(51, 2))
    """
    return exact(Fraction(total, 2))


def points_text(value: Points | None) -> str:
    """Game points as the sheets, standings and PDFs write them: a half as "½".

    >>> points_text(Fraction(9, 2)), points_text(Fraction(-9, 2)), points_text(16)
    ('4½', '−4½', '16')
    """
    if value is None:
        return ""
    if isinstance(value, float) and (2 * value).is_integer():  # a stored snapshot's 4.5
        value = Fraction(value)
    value = exact(value)
    if not isinstance(value, Fraction):
        return str(value) if not isinstance(value, float) else f"{value:.1f}"
    if value.denominator != 2:
        return f"{float(value):.1f}"
    sign = "−" if value < 0 else ""
    whole = abs(value.numerator) // 2
    return f"{sign}{whole or ''}½"


@dataclass(frozen=True, slots=True)
class DealScore:
    """What a deal scores: both sides' game points, the pending multiplier for the next deal,
    the combined multiplier the deal carried (what the won deal was multiplied by; for a tie,
    what it would have been; 1 for a cancelled deal and a flat-30 renonce) and its outcome
    (``won``, ``tie``, ``renonce``, ``cancelled``). Unpacks as ``points, pending``.

    >>> score = DealScore(points=(0, 16), pending=1, multiplier=2, outcome="won")
    >>> score.winner
    1
    >>> (a, b), pending = score
    >>> (a, b, pending)
    (0, 16, 1)
    """

    points: tuple[Points, Points]
    pending: int
    multiplier: int
    outcome: Outcome

    @property
    def winner(self) -> int | None:
        """The side that scored, or None when nobody did."""
        a, b = self.points
        return 0 if a > b else 1 if b > a else None

    def __iter__(self) -> Iterator[Any]:
        return iter((self.points, self.pending))


def as_rules(rules: RuleSet | str | None) -> RuleSet:
    """The rule set meant by ``rules`` (a RuleSet, a preset name, or None for the house rules).

    >>> as_rules("flemish").doubling
    'mee_tegen'
    >>> as_rules("bridge")
    Traceback (most recent call last):
    scoring.errors.ScoringError: rules: unknown rule set 'bridge': choose one of house, flemish, pagat, french, auction1, auction2, auction3, blind
    """
    try:
        return RuleSet.coerce(rules)
    except RuleSetError as error:
        raise ScoringError(str(error), code="rules_unknown", field="rules") from None


def points_in_play(rules: RuleSet | str | None = None) -> tuple[int, int]:
    """The lowest and highest total the two sides' points may add up to under ``rules``.

    60 with 32 cards in play; 68 with the trick bonus (one point per trick); with 3 or 6
    players the 2 cards out of play hold 0 to 10 card points, so 50 to 60 (60 again with the
    French exchange, where the winner of the first trick takes the spare cards).

    >>> points_in_play("house"), points_in_play(RuleSet(trick_bonus=True))
    ((60, 60), (68, 68))
    >>> points_in_play(RuleSet.preset("pagat").replace(players=3))
    (50, 60)
    >>> points_in_play(RuleSet(players=3, spare_cards="exchange"))  # the spares are won too
    (60, 60)
    """
    rules = as_rules(rules)
    bonus = rules.tricks_per_deal if rules.trick_bonus else 0
    out = sum(_CARD_POINTS_DESC[: rules.cards_never_won])
    return DECK_POINTS - out + bonus, DECK_POINTS + bonus


def _check_allowed(deal: DealResult, rules: RuleSet) -> None:
    if deal.doubling not in rules.allowed_doublings():
        allowed = ", ".join(f"x{m}" for m in rules.allowed_doublings())
        raise DealResultError(f"x{deal.doubling} is not allowed "
                              f"under rule set {rules.name!r} (allowed: {allowed})",
                              code="doubling_not_allowed", field="doubling")
    if deal.doubling > 1 and deal.trump is None and not rules.double_no_trump:
        raise DealResultError(f"rule set {rules.name!r} does not allow doubling a no-trump deal",
                              code="no_trump_not_doubled", field="doubling")
    if deal.calls is not None:
        check_calls(deal.calls, deal.dealer_side)
    if deal.blind and deal.en_face:
        raise DealResultError("a blind trump is named by the dealer before looking: it cannot "
                              "also be passed to the partner (en face)",
                              code="blind_and_en_face", field="en_face")
    if rules.auction:
        raise DealResultError(f"rule set {rules.name!r} is an auction game: score its deals with "
                              "scoring.score_auction", code="auction_rules", field="rules")
    if deal.renonce is not None and not rules.can_revoke:
        raise DealResultError(f"rule set {rules.name!r} is blind Manille: every card is drawn "
                              "at random, with no obligation, so nobody can revoke",
                              code="blind_no_renonce", field="renonce")
    if deal.blind and not rules.blind_trump:
        raise DealResultError(f"rule set {rules.name!r} does not allow blind trump",
                              code="blind_not_allowed", field="blind")
    if deal.en_face and not rules.en_face:
        raise DealResultError(f"rule set {rules.name!r} does not "
                              "allow passing the trump choice to the partner (en face)",
                              code="en_face_not_allowed", field="en_face")
    if deal.cancelled and not rules.cancel_on_partner_look:
        raise DealResultError(f"rule set {rules.name!r} does not "
                              "cancel a deal when the dealer's partner looks early",
                              code="cancel_not_allowed", field="cancelled")


def _refuse_facts(deal: DealResult, why: str, names: tuple[str, ...]) -> None:
    for name in names:
        if getattr(deal, name) is not None:
            raise DealResultError(f"must be empty: {why}", code=f"{name}_not_allowed", field=name)


def _check_tricks(deal: DealResult, rules: RuleSet, points: tuple[int, int]) -> DealResult:
    tricks = deal.tricks
    if tricks is None:
        if rules.trick_bonus:
            raise DealResultError("the trick bonus (one point per trick) "
                                  f"of rule set {rules.name!r} needs the tricks each side took",
                                  code="tricks_missing", field="tricks")
        return deal
    per_deal = rules.tricks_per_deal
    if sum(tricks) != per_deal:
        raise DealResultError(f"the two sides' tricks must add up to {per_deal}, not {sum(tricks)}",
                              code="tricks_total", field="tricks")
    for side in (0, 1):
        cards = points[side] - (tricks[side] if rules.trick_bonus else 0)
        if cards < 0:
            raise DealResultError(f"with the trick bonus side {side}'s "
                                  f"points include its {tricks[side]} tricks, so at least {tricks[side]}",
                                  code="points_below_tricks", field="points")
        if tricks[side] == 0 and cards > 0:
            raise DealResultError(f"side {side} took no trick, so it cannot have card points",
                                  code="tricks_points", field="tricks")
    capot = 0 if tricks[0] == per_deal else 1 if tricks[1] == per_deal else None
    if deal.all_tricks is None:
        return deal if capot is None else dataclasses.replace(deal, all_tricks=capot)
    if deal.all_tricks != capot:
        raise DealResultError(f"side {deal.all_tricks} is said to "
                              f"take all tricks but the recorded tricks are {tricks[0]}-{tricks[1]}",
                              code="all_tricks_tricks", field="all_tricks")
    return deal


def check_deal(result: DealResult, rules: RuleSet | str | None = None) -> DealResult:
    """Check that a deal's facts add up and are allowed under ``rules``; raise :class:`DealResultError`.

    Returns the deal, with ``all_tricks`` derived when the recorded tricks show one side took
    them all (all tricks is never guessed from the points: 60-0 alone is not all tricks).

    >>> check_deal(DealResult(points=(60, 0), trump="c", tricks=(8, 0)), "house").all_tricks
    0
    >>> check_deal(DealResult(points=(38, 20), trump="c"), "house")
    Traceback (most recent call last):
    scoring.errors.DealResultError: points: the two sides' points must add up to 60, not 58
    """
    rules = as_rules(rules)
    if not isinstance(result, DealResult):
        raise DealResultError(f"a deal must be a DealResult, not {type(result).__name__}",
                              code="deal_type")
    _check_allowed(result, rules)
    if result.cancelled:
        _refuse_facts(result, "a cancelled deal records nothing",
                      ("points", "renonce", "all_tricks", "tricks"))
        return result
    if result.renonce is not None:
        _refuse_facts(result, "a renonce decides the deal by its penalty",
                      ("points", "all_tricks", "tricks"))
        return result
    points = result.points
    if points is None:
        raise DealResultError("a deal that was played needs both sides' card points",
                              code="points_missing", field="points")
    low, high = points_in_play(rules)
    total = points[0] + points[1]
    if not low <= total <= high:
        expected = f"{high}" if low == high else f"between {low} and {high}"
        raise DealResultError(f"the two sides' points must add up to {expected}, not {total}",
                              code="points_total", field="points")
    deal = _check_tricks(result, rules, points)
    if deal.all_tricks is not None and points[1 - deal.all_tricks]:
        raise DealResultError(f"side {deal.all_tricks} cannot take "
                              f"all tricks while side {1 - deal.all_tricks} has "
                              f"{points[1 - deal.all_tricks]} points",
                              code="all_tricks_points", field="all_tricks")
    return deal


def score_deal(result: DealResult, rules: RuleSet | str | None = None, pending: int = 1) -> DealScore:
    """Score one deal under ``rules`` with the ``pending`` tie multiplier it inherits.

    The side with more than half the points in play scores the excess times the deal's
    multipliers (no trump, doubling, blind, all tricks, pending, combined as the rule set
    says); the other side scores nothing. A tie leaves the next deal pending; the first deal
    won or decided by a renonce uses and clears the pending multiplier; a cancelled deal leaves
    it as it was.

    >>> score_deal(DealResult(points=(60, 0), trump=None, all_tricks=0), "house").points
    (120, 0)
    >>> score_deal(DealResult(points=(45, 15), trump="c"), "house", pending=2).points
    (30, 0)
    >>> score_deal(DealResult(points=None, trump="h", renonce=0), "flemish").points
    (0, 30)

    RULES.md §14: a tie may pass on its whole multiplier (a tied no-trump deal makes the next
    x4); with additive counting each call adds 1 (a redouble x3, and with no trump x4):

    >>> score_deal(DealResult(points=(30, 30), trump=None), RuleSet(tie_policy="whole")).pending
    4
    >>> additive = RuleSet.preset("flemish").replace(multipliers_add=True)
    >>> score_deal(DealResult(points=(35, 25), trump="h", calls=(1, 0)), additive).multiplier
    3
    >>> score_deal(DealResult(points=(35, 25), trump=None, doubling=4), additive).multiplier
    4
    """
    rules = as_rules(rules)
    if not is_int(pending) or pending < 1:
        raise DealResultError(f"the pending multiplier must be a whole number, 1 or more, not {pending!r}",
                              code="pending_invalid", field="pending")
    deal = check_deal(result, rules)
    if deal.cancelled:
        return DealScore((0, 0), pending, 1, "cancelled")
    # Each call is one x2 (§14 additive counting: each adds 1, so a redouble is x3).
    factors = [call_multiplier(deal.knocks, rules), pending]
    if deal.trump is None:
        factors.append(rules.no_trump_multiplier)
    if deal.blind:
        factors.append(rules.blind_multiplier)
    if deal.renonce is not None:
        if rules.renonce_penalty == "flat30":
            return _to_side(1 - deal.renonce, FLAT_RENONCE_POINTS, 1, "renonce")
        bonus = rules.tricks_per_deal if rules.trick_bonus else 0
        multiplier = rules.combine(*factors)
        return _to_side(1 - deal.renonce, (DECK_POINTS + bonus) // 2 * multiplier,
                        multiplier, "renonce")
    a, b = deal.points  # type: ignore[misc]
    if a == b:
        tied = rules.combine(*factors)
        if rules.tie_policy == "whole":  # §14: a tied no-trump deal makes the next x4
            after = rules.combine(tied, rules.tie_multiplier)
        elif rules.tie_policy == "stacked":
            after = pending * rules.tie_multiplier
        else:
            after = rules.tie_multiplier
        return DealScore((0, 0), after, tied, "tie")
    if deal.all_tricks is not None:
        factors.append(rules.all_tricks_multiplier)
    multiplier = rules.combine(*factors)
    won = exact((max(a, b) - threshold(a + b)) * multiplier)
    return _to_side(0 if a > b else 1, won, multiplier, "won")


def _to_side(side: int, game_points: Points, multiplier: int, outcome: Outcome) -> DealScore:
    points = (game_points, 0) if side == 0 else (0, game_points)
    return DealScore(points, 1, multiplier, outcome)
