"""Simulated duplicate play (the demo and ``manage.py rehearse --game duplicate``): each
table plays the board's own hands with the engine's computer players (the dealer names
trump, every card legal through ``engine.Deal``), and the line goes in through the
traveller service like a scorer's.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from django.db import transaction

from club.models import Club, DuplicateBoard, DuplicatePair, DuplicateTable, Membership, Pair, Player
from club.models import RuleSet as RuleSetModel
from club.selectors.duplicate_results import standings
from club.services import duplicate_handrecords as records
from club.services.club_size import ClubFull, make_pair_room
from club.services.duplicate import DuplicateInvalid, create_event
from club.services.duplicate_travellers import enter_traveller
from club.services.duplicate_verify import verify_duplicate_event
from engine.board import Board
from engine.cards import DECK_MASK, suit_letter
from engine.deal import Deal
from engine.players import PLAYERS
from engine.rules import RuleSet


def play_board(board: Board, rules: RuleSet, rng: random.Random,
               skill: tuple[float, float] = (1.0, 1.0)) -> tuple[dict, dict]:
    """One table's play of ``board``: the traveller's facts and the play record
    (``{"tricks": [[card, ...]], "leaders": [seat, ...]}``, as a sheet keeps it).

    ``skill``: for each side, the chance that a card (and the dealer's trump) is the
    heuristic player's choice rather than a random legal one, so that pairs differ."""
    player, novice = PLAYERS["heuristic"](), PLAYERS["random"]()
    deal = Deal([hand.mask for hand in board.hands], board.dealer, rules)
    def who(seat):
        return player if rng.random() < skill[seat % 2] else novice

    trump = who(board.dealer).choose_trump(board.hands[board.dealer].mask, rng)
    deal.announce(suit_letter(trump))
    step = 1 if rules.direction == "clockwise" else -1
    while not deal.finished:
        seat = deal.turn
        cards = [card.index for card in deal.trick]
        hands = sum(deal.hand(s).mask for s in range(4))
        trick = sum(1 << card for card in cards)
        led = cards[0] >> 3 if cards else -1
        win, win_position = -1, 0
        for position, card in enumerate(cards):
            if win < 0 or (card >> 3 == win >> 3 and card > win) or (
                    card >> 3 == trump != win >> 3):
                win, win_position = card, position
        partner = bool(cards) and (deal.leader + step * win_position) % 4 % 2 == seat % 2
        card = who(seat).choose_card(deal.hand(seat).mask, deal.legal_mask(), trick, led, win,
                                  partner, len(cards) == 3, trump,
                                  DECK_MASK & ~hands & ~trick, rng)
        deal.push(card)
    facts = deal.facts()
    line = {"trump": facts.trump, "doubling": 1, "points": facts.card_points[0],
            "points_other": facts.card_points[1], "all_tricks": facts.all_tricks,
            "renonce": None}
    play = {"tricks": [[str(c) for c in t.cards] for t in deal.tricks],
            "leaders": [t.seats[0] for t in deal.tricks]}
    return line, play


def play_session(session, user=None, *, seed: int = 1, rounds: int | None = None,
                 progress=None) -> int:
    """Every table of the session's rounds (the first ``rounds``) plays its boards; the
    lines go in through :func:`enter_traveller`. Returns the lines entered."""
    rules = session.event.rule_set.rules()
    boards = {row.number: row.board() for row in DuplicateBoard.objects.filter(session=session)}
    tables = DuplicateTable.objects.filter(session=session).order_by("round", "number")
    if rounds is not None:
        tables = tables.filter(round__lte=rounds)
    tables = [t for t in tables if not t.sit_out]
    total = sum(len(t.boards) for t in tables)
    done = 0
    numbers = dict(DuplicatePair.objects.filter(event=session.event).values_list("pk", "number"))

    def skill(pair_id):
        return random.Random(f"skill:{seed}:{numbers[pair_id]}").uniform(0.35, 1.0)

    for table in tables:
        for number in table.boards:
            rng = random.Random(f"{seed}:{session.pk}:{table.round}:{table.number}:{number}")
            line, play = play_board(boards[number], rules, rng,
                                    (skill(table.pair_ns_id), skill(table.pair_ew_id)))
            with records.simulated():
                enter_traveller(user, session.pk, table.pk, number, line, play=play)
            done += 1
            if progress is not None:
                progress("travellers", done, total)
    return done


@dataclass
class DuplicateRehearsal:
    event_id: int
    lines: int
    seconds: dict[str, float] = field(default_factory=dict)
    differences: int = 0
    top: list[str] = field(default_factory=list)


@transaction.atomic
def _club_with_pairs(pairs: int, seed: int) -> tuple[Club, list[Pair]]:
    stamp = f"{seed}-{int(time.time() * 1000) % 10**9}"
    club = Club.objects.create(name=f"Duplicate rehearsal {stamp}", slug=f"dup-rehearsal-{stamp}")
    make_pair_room(club, pairs)  # TROEF_CLUB_MAX_PAIRS: ClubFull, not even the club is kept
    players = Player.objects.bulk_create(
        Player(last_name=f"Player {index:03d}", first_name=f"R{stamp}")
        for index in range(1, 2 * pairs + 1))
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in players)
    made = Pair.objects.bulk_create(
        Pair(club=club, first=players[2 * i], second=players[2 * i + 1],
             name=f"Pair {i + 1}") for i in range(pairs))
    return club, made


def rehearse_duplicate(pairs: int = 24, boards_per_round: int = 2, *, seed: int = 1,
                       movement: str = "mitchell", progress=None) -> DuplicateRehearsal:
    """A duplicate evening end to end: a club, ``pairs`` pairs, the event and its boards
    (dealt from ``seed``), every table's play simulated and entered through the traveller
    service, the standings, and ``verify_results``' check of the event."""

    clock = time.perf_counter()
    seconds: dict[str, float] = {}
    club, made = _club_with_pairs(pairs, seed)
    event = create_event(club, name=f"Duplicate evening {seed}",
                         rule_set=RuleSetModel.objects.get(club=None, preset="house"),
                         movement=movement, boards_per_round=boards_per_round, pairs=made,
                         seed=f"rehearsal-{seed}")
    seconds["event, boards and movement"] = time.perf_counter() - clock
    clock = time.perf_counter()
    lines = play_session(event.sessions.get(), seed=seed, progress=progress)
    seconds["play and enter every traveller"] = time.perf_counter() - clock
    clock = time.perf_counter()
    rows = standings(event)
    seconds["standings"] = time.perf_counter() - clock
    clock = time.perf_counter()
    differences = len(verify_duplicate_event(event))
    seconds["verify"] = time.perf_counter() - clock
    top = [f"{row.rank}. pair {row.pair.number} {row.percentage:.2f} %" for row in rows[:3]]
    return DuplicateRehearsal(event.pk, lines, seconds, differences, top)


def duplicate_rehearsal(command, options) -> None:
    """``manage.py rehearse --game duplicate``: run and report (``command.stdout``)."""
    from django.core.management.base import CommandError


    try:
        result = rehearse_duplicate(options["pairs"], seed=options["seed"],
                                    progress=None if options["quiet"] else _bar)
    except (DuplicateInvalid, ClubFull) as error:
        raise CommandError(f"--pairs: {error}") from error
    out = command.stdout
    out.write(f"Duplicate rehearsal of {options['pairs']} pairs, seed {options['seed']} "
              f"(duplicate event {result.event_id}): {result.lines} travellers entered")
    for step, seconds in result.seconds.items():
        out.write(f"  {step:<34} {seconds:8.2f} s")
    out.write(f"  verify_results: {result.differences} difference(s)")
    for line in result.top:
        out.write(f"  {line}")
    if result.differences:
        raise SystemExit(1)


def _bar(label: str, done: int, total: int) -> None:
    import sys

    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r  {label:<34} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
