"""Simulated deals: seeded, reproducible dealing and play by computer players.

:func:`simulate_deal` returns the hands, the tricks and the facts of one deal (its play is
replayed through the checked :class:`~engine.deal.Deal`, so a simulated deal is always
legal); :func:`simulate_facts` is the fast path for simulating whole tournaments, a loop
over a few ints that builds no object per card.

>>> sim = simulate_deal(42)
>>> len(sim.tricks), sum(sim.facts.card_points)
(8, 60)
>>> simulate_facts(42, players="random") == sim.facts
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.cards import DECK_MASK, Card, CardSet, mask_points, suit_letter
from engine.deal import Deal
from engine.errors import EngineError
from engine.facts import DealFacts, Trick
from engine.play import legal_mask, rule_flags
from engine.players import PLAYERS, Player, RandomPlayer, random_card
from engine.rules import RuleSet
from engine.table import deal_hands, seat_count, seat_sides

PlayersArg = str | Player | Sequence[str | Player]


@dataclass(frozen=True)
class SimulatedDeal:
    """One simulated deal: the hands as dealt, the trump, the tricks and the sheet's facts."""

    seed: int | None
    rules: RuleSet
    dealer: int
    hands: tuple[CardSet, ...]
    out_of_play: CardSet
    trump: str | None
    tricks: tuple[Trick, ...]
    facts: DealFacts
    #: French 3-player exchange: the cards the dealer laid down and the spares taken.
    exchange: tuple[CardSet, CardSet] | None = None

    @property
    def play(self) -> tuple[Card, ...]:
        """Every card in play order."""
        return tuple(card for trick in self.tricks for card in trick.cards)


@lru_cache(maxsize=256)
def _table(rules: RuleSet, dealer: int) -> tuple[int, int, tuple[int, ...], int, int]:
    """What the play loop needs of a rule set and a dealer, computed once."""
    seats = seat_count(rules)
    if not 0 <= dealer < seats:
        raise EngineError(f"dealer: must be a seat from 0 to {seats - 1}", code="dealer",
                          field="dealer")
    step = 1 if rules.direction == "clockwise" else -1
    return rule_flags(rules), step, seat_sides(rules, dealer), rules.tricks_per_deal, seats


def _players(players: PlayersArg, seats: int) -> list[Player]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        players = [players] * seats
    if len(players) != seats:
        raise EngineError(f"players: give one player or {seats}, not {len(players)}",
                          code="player_count", field="players")
    out = []
    for player in players:
        if isinstance(player, str):
            if player not in PLAYERS:
                raise EngineError(f"players: unknown player {player!r}: one of "
                                  f"{', '.join(PLAYERS)}", code="unknown_player", field="players")
            player = PLAYERS[player]()
        out.append(player)
    return out


def _play_out(
    hands: list[int], leader: int, trump: int, table: tuple, choosers: list,
    gone: int, rng: random.Random, record: list[int] | None, spares: int = 0,
) -> tuple[list[int], list[int]]:
    """Play every trick; return the cards and the tricks won by each side (the winner of
    the first trick also takes ``spares``: the French 3-player exchange).

    ``choosers[seat]`` is a player's ``choose_card`` or None for a uniformly random legal
    card, drawn inline here (the benchmark's hot path) exactly as
    :func:`engine.players.random_card` draws it.
    """
    flags, step, sides, tricks, seats = table
    draw = rng.random
    won, count = [0, 0], [0, 0]
    last_position = seats - 1
    for _ in range(tricks):
        seat, trick, led, win, win_seat = leader, 0, -1, -1, leader
        for position in range(seats):
            hand = hands[seat]
            partner_winning = position > 0 and sides[win_seat] == sides[seat]
            legal = legal_mask(hand, led, win, partner_winning, trump, flags) if position else hand
            choose = choosers[seat]
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
            elif choose is None:
                for _ in range(int(draw() * legal.bit_count())):
                    legal &= legal - 1
                card = (legal & -legal).bit_length() - 1
            else:
                card = choose(hand, legal, trick, led, win, partner_winning,
                              position == last_position, trump, gone, rng)
            bit = 1 << card
            hands[seat] = hand ^ bit
            trick |= bit
            if not position:
                led, win = card >> 3, card
            elif (card >> 3 == win >> 3 and card > win) or (card >> 3 == trump != win >> 3):
                win, win_seat = card, seat
            if record is not None:
                record.append(card)
            seat = (seat + step) % seats
        side = sides[win_seat]
        won[side] |= trick | spares
        spares = 0
        count[side] += 1
        gone |= trick
        leader = win_seat
    return won, count


def _simulate(
    rng: random.Random, rules: RuleSet, dealer: int, players: PlayersArg,
    record: list[int] | None,
) -> tuple[list[int], int, DealFacts]:
    table = _table(rules, dealer)
    seats = table[4]
    chosen = _players(players, seats)
    hands = deal_hands(rng, rules)
    dealt = hands[:]
    if rules.game == "blind":
        # Blind Manille: the dealer sees every hand but his own and names trump from his
        # partner's (seats 2 apart); every card is drawn at random from the hand.
        trump = chosen[dealer].choose_trump(hands[(dealer + 2) % seats], rng)
        choosers = [None] * seats
    else:
        trump = chosen[dealer].choose_trump(hands[dealer], rng)
        choosers = [None if isinstance(p, RandomPlayer) else p.choose_card for p in chosen]
    leader = (dealer + table[1]) % seats
    out = DECK_MASK & ~sum(hands)
    exchange = None
    if rules.spare_cards == "exchange":  # face down: nobody has seen them
        exchange = _exchange(chosen[dealer], hands[dealer], out, trump, rng)
        give, got = exchange
        hands[dealer] = hands[dealer] & ~give | got
        out = out & ~got | give
        won, count = _play_out(hands, leader, trump, table, choosers, 0, rng, record, out)
    else:
        won, count = _play_out(hands, leader, trump, table, choosers, out, rng, record)
    bonus = rules.trick_bonus
    points = tuple(mask_points(won[side]) + (count[side] if bonus else 0) for side in (0, 1))
    all_tricks = 0 if count[0] == table[3] else 1 if count[1] == table[3] else None
    facts = DealFacts(suit_letter(trump), points, (count[0], count[1]), all_tricks)
    return dealt, trump, facts, exchange


def _exchange(player: Player, hand: int, spares: int, trump: int,
              rng: random.Random) -> tuple[int, int]:
    """The dealer's exchange: the cards laid down, and as many spares taken blind."""
    choose = getattr(player, "choose_discards", None)
    give = choose(hand, trump, rng) if choose else 0
    if give & ~hand or give.bit_count() > spares.bit_count():
        raise EngineError(f"exchange: {type(player).__name__} laid down {CardSet(give)}",
                          code="exchange_cards", field="exchange")
    got = 0
    for _ in range(give.bit_count()):
        got |= 1 << random_card(spares & ~got, rng)
    return give, got


def simulate_facts(
    seed: int | random.Random | None = None,
    rules: RuleSet | str = "house",
    *,
    dealer: int = 0,
    players: PlayersArg = "heuristic",
) -> DealFacts:
    """Deal and play one deal quickly; only its facts. ``seed`` may be a ``random.Random``
    to draw many deals from one stream.

    >>> rng = random.Random(2024)
    >>> [sum(simulate_facts(rng, "pagat").card_points) for _ in range(3)]
    [60, 60, 60]
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return _simulate(rng, RuleSet.coerce(rules), dealer, players, None)[2]


def simulate_deal(
    seed: int | None = None,
    rules: RuleSet | str = "house",
    *,
    dealer: int = 0,
    players: PlayersArg = "random",
) -> SimulatedDeal:
    """Deal with ``random.Random(seed)`` and play a whole deal by computer players.

    ``players`` is ``"random"``, ``"heuristic"``, a player object, or one per seat.
    The dealer's player chooses trump; the play is replayed through the checked
    :class:`Deal` (an illegal card would raise :class:`engine.IllegalPlay`).

    >>> sim = simulate_deal(3, RuleSet(players=3), players="heuristic")
    >>> len(sim.tricks), len(sim.out_of_play), sim.facts.points_in_play == 60 - sim.out_of_play.points
    (10, 2, True)
    """
    rules = RuleSet.coerce(rules)
    if rules.auction:
        raise EngineError("rules: an auction game: use engine.simulate_auction",
                          code="auction_wrong_game", field="rules")
    record: list[int] = []
    dealt, trump, fast_facts, exchange = _simulate(random.Random(seed), rules, dealer, players,
                                                   record)
    deal = Deal(dealt, dealer, rules)
    deal.announce(suit_letter(trump))
    if exchange is not None:
        deal.exchange(exchange[0], take=exchange[1])
    for card in record:
        deal.play(Card.from_index(card))
    facts = deal.facts()
    if facts != fast_facts:
        raise AssertionError(f"fast play-out disagrees with Deal: {fast_facts} != {facts}")
    return SimulatedDeal(
        seed=seed, rules=rules, dealer=dealer, hands=tuple(CardSet(h) for h in dealt),
        out_of_play=deal.out_of_play, trump=deal.trump, tricks=deal.tricks, facts=facts,
        exchange=None if exchange is None else (CardSet(exchange[0]), CardSet(exchange[1])),
    )
