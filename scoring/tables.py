"""A table's size as data: how many play at it decides the rule set its deals are scored
under and whether its sides are fixed partnerships or the dealer alone against the others.

With 2, 4 and 6 players the sides are fixed (partners sit alternately; 2 players each play a
dummy); with 3 the dealer plays alone against the other two, so the sides change every deal
(RULES.md §8). A championship's rule set is written for its usual table; a table of another
size plays the same rule set with its own number of players (:func:`table_rules`).

>>> from scoring.deal import points_in_play
>>> table_rules("house", 3).players, points_in_play(table_rules("house", 3))
(3, (50, 60))
>>> dealer_alone(3), dealer_alone(4)
(True, False)
"""

from __future__ import annotations

from engine.rules import AUCTION_PLAYER_COUNTS, PLAYER_COUNTS, RuleSet
from scoring.deal import as_rules

#: Table sizes where the dealer plays alone against all the others (sides change each deal).
DEALER_ALONE: frozenset[int] = frozenset({3})


def dealer_alone(players: int) -> bool:
    """Whether the dealer plays alone against the rest of the table (3 players)."""
    return players in DEALER_ALONE


def table_players(seats: int, rules: RuleSet | str | None = None) -> int:
    """How many play at a table with ``seats`` seats: the seats, when the rules know such a
    table, else the rule set's own count (a table whose seats were never recorded).

    An auction game (RULES.md §13) is played at tables of 3 to 7.

    >>> table_players(3), table_players(4), table_players(0, RuleSet(players=6))
    (3, 4, 6)
    >>> table_players(5), table_players(5, "auction2")
    (4, 5)
    """
    rules = as_rules(rules)
    counts = AUCTION_PLAYER_COUNTS if rules.auction else PLAYER_COUNTS
    return seats if seats in counts else rules.players


def table_rules(rules: RuleSet | str | None, players: int) -> RuleSet:
    """``rules`` as played by ``players`` at one table: 10 cards each at a table of three,
    the 2 others out of play. Options that need a partner at the table (passing the trump
    choice, en face) are off where the dealer has none; the French exchange of the spare
    cards stays only where there are spare cards to exchange (3 players).

    >>> table_rules(RuleSet(en_face=True), 3).en_face
    False
    >>> table_rules("house", 4) is as_rules("house")
    True
    >>> table_rules("auction2", 7).players
    7
    """
    rules = as_rules(rules)
    if players == rules.players:
        return rules
    if rules.auction:  # every player for themselves: the rule set's own dealing for n
        return rules.with_players(players)
    return rules.with_players(
        players,
        en_face=rules.en_face and players in (4, 6),
        spare_cards=rules.spare_cards if players == 3 else "face_up")
