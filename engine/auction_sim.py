"""Simulated auction deals: computer players that bid, take the privilege, exchange and play
(RULES.md §13), so that tests and benchmarks can play whole auction evenings.

:func:`simulate_auction_facts` is the fast path (masks and ints, the play loop of
:mod:`engine.sim`); :func:`simulate_auction` runs the same decisions and then replays them
through the checked state machines (:class:`~engine.auction.Privilege` or
:class:`~engine.auction.Bidding`, :class:`~engine.auction_exchange.WidowDraw` or
:class:`~engine.auction_exchange.OpenExchange`, :class:`~engine.auction_play.ContractDeal`), so a
simulated deal is always legal, and checks that both give the same facts.

The players are :mod:`engine.auction_players`.

>>> sim = simulate_auction(7, "auction2")
>>> sim.facts.total == 68 or sim.facts.thrown_in
True
>>> simulate_auction_facts(7, "auction2") == sim.facts
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.auction import ALL_TRICKS, Bidding, Privilege, lowest_bid, total_in_play
from engine.auction_deal import Layout, deal_layout
from engine.auction_exchange import OpenExchange, WidowDraw
from engine.auction_play import AuctionFacts, ContractDeal
from engine.auction_players import _SHARED, AUCTION_PLAYERS, Table
from engine.cards import SUIT_MASKS, Card, mask_points, suit_letter
from engine.errors import EngineError
from engine.play import FOLLOW_SUIT, PARTNER_WINNING_FREE, rule_flags
from engine.players import RandomPlayer
from engine.rules import RuleSet
from engine.sim import _play_out


def _play_follow(hands: list[int], leader: int, trump: int, orders: tuple[tuple[int, ...], ...],
                 tricks: int, declarer: int, rng: random.Random, record: list[int] | None,
                 ) -> tuple[list[int], list[int]]:
    """The play of random players under the French obligations (follow suit, otherwise any
    card): :func:`engine.sim._play_out` without the obligations it need not check.
    ``orders[leader]`` are the seats in playing order from ``leader``. Returns the cards and
    tricks won by the declarer (side 0) and the others (side 1)."""
    draw = rng.random
    won, count = [0, 0], [0, 0]
    for _ in range(tricks):
        order = orders[leader]
        hand = hands[leader]
        legal = hand
        for _ in range(int(draw() * legal.bit_count())):
            legal &= legal - 1
        bit = legal & -legal
        hands[leader] = hand ^ bit
        trick = bit
        win = bit.bit_length() - 1
        led_mask = SUIT_MASKS[win >> 3]
        win_seat = leader
        if record is not None:
            record.append(win)
        for seat in order[1:]:
            hand = hands[seat]
            legal = hand & led_mask or hand
            for _ in range(int(draw() * legal.bit_count())):
                legal &= legal - 1
            bit = legal & -legal
            hands[seat] = hand ^ bit
            trick |= bit
            card = bit.bit_length() - 1
            if (card >> 3 == win >> 3 and card > win) or (card >> 3 == trump != win >> 3):
                win, win_seat = card, seat
            if record is not None:
                record.append(card)
        side = 0 if win_seat == declarer else 1
        won[side] |= trick
        count[side] += 1
        leader = win_seat
    return won, count


_SETUPS: dict[int, tuple] = {}


def _setup(rules: RuleSet) -> tuple[Table, int, int, tuple]:
    """The table, flags and direction of ``rules``, once per rule set (keyed by identity, as
    :func:`engine.auction_deal._plan`: hashing a RuleSet costs more than a deal's shuffle)."""
    found = _SETUPS.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    if len(_SETUPS) > 256:
        _SETUPS.clear()
    setup = _compute_setup(rules)
    _SETUPS[id(rules)] = (rules, setup)
    return setup


def _compute_setup(rules: RuleSet) -> tuple[Table, int, int, tuple]:
    if not rules.auction:
        raise EngineError(f"rules: the {rules.game} game has no auction; use simulate_deal",
                          code="auction_wrong_game", field="rules")
    target = rules.declarer_target or (21 if rules.players <= 4 else 15)
    table = Table(rules.tricks_per_deal, total_in_play(rules),
                  lowest_bid(rules) if rules.game != "auction1" else 0, target)
    step, seats = 1 if rules.direction == "clockwise" else -1, rules.players
    orders = tuple(tuple((leader + i * step) % seats for i in range(seats))
                   for leader in range(seats))
    return table, rule_flags(rules), step, orders


_NAMED: dict[tuple[str, int], tuple[list, list]] = {}


def _players(players: object, seats: int) -> tuple[list, list]:
    """The player of each seat, and each one's ``choose_card`` (None: a random card)."""
    if isinstance(players, str) and (players, seats) in _NAMED:
        return _NAMED[players, seats]
    chosen = _make_players(players, seats)
    choosers = [None if isinstance(p, RandomPlayer) else p.choose_card for p in chosen]
    if isinstance(players, str):
        _NAMED[players, seats] = (chosen, choosers)
    return chosen, choosers


def _make_players(players: object, seats: int) -> list:
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        players = [players] * seats
    if len(players) != seats:
        raise EngineError(f"players: give one player or {seats}, not {len(players)}",
                          code="player_count", field="players")
    out = []
    for player in players:
        if isinstance(player, str):
            if player not in AUCTION_PLAYERS:
                raise EngineError(f"players: unknown player {player!r}: one of "
                                  f"{', '.join(AUCTION_PLAYERS)}", code="unknown_player",
                                  field="players")
            player = _SHARED[player]
        out.append(player)
    return out


@dataclass
class SimulatedAuction:
    """One simulated auction deal: the layout, every decision, and the facts."""

    seed: object
    rules: RuleSet
    layout: Layout
    calls: list = field(default_factory=list)
    discards: list[int] = field(default_factory=list)  # variant 1: one per card drawn
    take: int = 0  # variant 3: the cards taken from those laid out
    give: int = 0  # variant 3: the cards discarded
    trump: int = -1
    play: list[int] = field(default_factory=list)
    facts: AuctionFacts | None = None


def _run(rng: random.Random, rules: RuleSet, dealer: int, players: object,
         sim: SimulatedAuction | None) -> AuctionFacts:
    table, flags, step, orders = _setup(rules)
    seats = rules.players
    if not (isinstance(dealer, int) and 0 <= dealer < seats):
        raise EngineError(f"dealer: must be a seat from 0 to {seats - 1}", code="dealer",
                          field="dealer")
    chosen, choosers = _players(players, seats)
    layout = deal_layout(rng, rules, dealer)
    hands = list(layout.hand_masks)
    eldest = (dealer + step) % seats
    calls: list = [] if sim is None else sim.calls
    declarer, contract = None, None
    if rules.game == "auction1":
        seat = eldest
        for _ in range(seats):
            take = chosen[seat].take_privilege(hands[seat], table, rng)
            calls.append((seat, take))
            if take:
                declarer = seat
                break
            seat = (seat + step) % seats
    else:
        passed = [False] * seats
        active, seat, high = seats, eldest, None
        while True:
            nxt = None if high == ALL_TRICKS else table.lowest if high is None else high + 1
            if nxt is not None and nxt > table.total:
                nxt = None
            bid = chosen[seat].bid(hands[seat], nxt, high, table, rng)
            calls.append((seat, bid))
            if bid is None:
                passed[seat] = True
                active -= 1
            else:
                high, declarer = bid, seat
            # Over when all tricks is bid, when everybody passed, or when the highest bidder
            # is the last one in (the same rule as engine.auction.Bidding).
            if bid == ALL_TRICKS or not active or (
                    active == 1 and declarer is not None and not passed[declarer]):
                break
            seat = (seat + step) % seats
            while passed[seat]:
                seat = (seat + step) % seats
        contract = high
    if sim is not None:
        sim.layout = layout
    if declarer is None:
        return AuctionFacts(rules.game, seats, dealer, None, direction=step)
    hand, exchanged, set_aside = hands[declarer], 0, 0
    player = chosen[declarer]
    if rules.game == "auction1":
        discards = player.draw_widow(hand, layout.widow_cards, rng)
        exchanged = len(discards)
        for card, out in zip(layout.widow_cards, discards, strict=False):
            hand = (hand | 1 << card) & ~(1 << out)
            set_aside |= 1 << out
        if sim is not None:
            sim.discards = discards
    elif rules.game == "auction3":
        take, give = player.exchange_open(hand, layout.face_up_mask, layout.face_down_mask, rng)
        hand = (hand | take) & ~give
        exchanged, set_aside = take.bit_count(), give
        if sim is not None:
            sim.take, sim.give = take, give
    hands[declarer] = hand
    trump = player.choose_trump(hand, rng)
    leader = declarer if contract == ALL_TRICKS else eldest
    record = None if sim is None else sim.play
    if flags & ~PARTNER_WINNING_FREE == FOLLOW_SUIT and not any(choosers):
        won, count = _play_follow(hands, leader, trump, orders, table.tricks, declarer, rng,
                                  record)
    else:
        sides = tuple(0 if s == declarer else 1 for s in range(seats))
        won, count = _play_out(hands, leader, trump, (flags, step, sides, table.tricks, seats),
                               choosers, layout.removed_mask, rng, record)
    mine = mask_points(won[0]) + count[0]
    if rules.discards_count:
        mine += mask_points(set_aside)
    if sim is not None:
        sim.trump = trump
    return AuctionFacts(rules.game, seats, dealer, declarer, contract, exchanged,
                        suit_letter(trump), mine, mask_points(won[1]) + count[1], count[0],
                        count[0] == table.tricks, step)


def simulate_auction_facts(seed: int | random.Random | None = None,
                           rules: RuleSet | str = "auction2", *, dealer: int = 0,
                           players: object = "heuristic") -> AuctionFacts:
    """Deal, bid, exchange and play one auction deal quickly; only its facts. ``seed`` may be
    a ``random.Random`` to draw many deals from one stream.

    >>> rng = random.Random(1)
    >>> [simulate_auction_facts(rng, "auction1").total for _ in range(3)]  # widow out of play
    [61, 55, 63]
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return _run(rng, RuleSet.coerce(rules), dealer, players, None)


def simulate_auction(seed: int | None = None, rules: RuleSet | str = "auction2", *,
                     dealer: int = 0, players: object = "heuristic") -> SimulatedAuction:
    """Simulate one auction deal and replay every decision through the checked state
    machines (an illegal one raises); ``facts`` are the checked play's.

    >>> sim = simulate_auction(2, RuleSet.preset("auction3").replace(players=5), dealer=4)
    >>> len(sim.play) == (30 if sim.facts.declarer is not None else 0)
    True
    """
    rules = RuleSet.coerce(rules)
    sim = SimulatedAuction(seed, rules, Layout(dealer, ()))
    fast = _run(random.Random(seed), rules, dealer, players, sim)
    layout = sim.layout
    step = 1 if rules.direction == "clockwise" else -1
    eldest = (dealer + step) % rules.players
    if rules.game == "auction1":
        auction = Privilege(rules, eldest=eldest)
    else:
        auction = Bidding(rules, eldest=eldest)
    for seat, call in sim.calls:
        auction.call(seat, call)
    if not auction.finished:
        raise AssertionError(f"the simulated auction did not finish: {sim.calls}")
    declarer = auction.declarer
    if declarer is None:
        sim.facts = AuctionFacts(rules.game, rules.players, dealer, None, direction=step)
    else:
        hands = list(layout.hand_masks)
        contract = None if rules.game == "auction1" else auction.contract
        if rules.game == "auction1":
            exchange = WidowDraw(hands[declarer], layout.widow_cards)
            for out in sim.discards:
                exchange.draw()
                exchange.discard(Card.from_index(out))
            exchange.stop()
            hand, discards, exchanged = exchange.hand.mask, exchange.discards, exchange.drawn
        elif rules.game == "auction3":
            exchange = OpenExchange(hands[declarer], layout.face_up_mask, layout.face_down_mask)
            exchange.exchange(sim.take, sim.give)
            hand, discards, exchanged = exchange.hand.mask, exchange.discards, exchange.taken
        else:
            hand, discards, exchanged = hands[declarer], 0, 0
        hands[declarer] = hand
        deal = ContractDeal(hands, dealer, rules, declarer, contract, exchanged=exchanged,
                            discards=discards)
        deal.announce(suit_letter(sim.trump))
        for card in sim.play:
            deal.play(Card.from_index(card))
        sim.facts = deal.auction_facts()
    if sim.facts != fast:
        raise AssertionError(f"fast auction disagrees with the checked one: {fast} != {sim.facts}")
    return sim


