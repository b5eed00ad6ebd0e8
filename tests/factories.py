"""Test data builders for championships, rounds and tables (ORM only, no draw logic)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from club.models import (
    Championship,
    Club,
    ClubRole,
    Entry,
    Membership,
    Pair,
    Player,
    Round,
    RuleSet,
    Seat,
    Stage,
    Table,
)


def make_club(slug="club", organiser=None):
    club, _ = Club.objects.get_or_create(slug=slug, defaults={"name": slug.title()})
    if organiser is not None:
        ClubRole.objects.get_or_create(user=organiser, club=club)
    return club


def make_user(username, password="pw-12345-troef", **extra):
    return get_user_model().objects.create_user(username, password=password, **extra)


def make_players(club, count, prefix="P"):
    players = Player.objects.bulk_create(
        Player(last_name=f"{prefix}{i:03d}", first_name=f"First{i}") for i in range(count))
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in players)
    return players


def make_championship(club, *, entries=8, entry_type="pairs", rules="house",
                      match_format=None, name="Test championship", **fields):
    """A championship with one qualifying stage and ``entries`` pairs or players."""
    rule_set = rules if isinstance(rules, RuleSet) else RuleSet.objects.get(club=None, preset=rules)
    champ = Championship.objects.create(
        club=club, name=name, rule_set=rule_set, entry_type=entry_type,
        match_format=match_format or {"kind": "one_game", "count": None, "minutes": None},
        ranking_order=["match_points", "points_diff", "points_for"], **fields)
    stage = Stage.objects.create(championship=champ, number=1, kind=Stage.Kind.QUALIFYING)
    made = []
    if entry_type == "pairs":
        players = make_players(club, 2 * entries, prefix=f"{club.slug}-")
        for i in range(entries):
            pair = Pair.objects.create(club=club, first=players[2 * i], second=players[2 * i + 1],
                                       name=f"Pair {i + 1}")
            made.append(Entry.objects.create(championship=champ, pair=pair, name=pair.name))
    else:
        for player in make_players(club, entries, prefix=f"{club.slug}-"):
            made.append(Entry.objects.create(championship=champ, player=player,
                                             name=player.full_name))
    stage.entries.add(*made)
    return champ


def make_round(champ, *, number=1, status=Round.Status.PUBLISHED, stage=None):
    """A round seating the entries in order: tables of two pairs or of four players."""
    stage = stage or champ.stages.first()
    rnd = Round.objects.create(stage=stage, number=number, status=status, seed=12345 + number)
    entries = list(stage.entries.select_related("pair", "player").order_by("pk"))
    per_table = 2 if champ.entry_type == "pairs" else 4
    for t in range(len(entries) // per_table):
        table = Table.objects.create(round=rnd, number=t + 1, code=f"CODE{t + 1:02d}")
        group = entries[t * per_table:(t + 1) * per_table]
        if per_table == 2:
            a, b = group
            seats = [(a, a.pair.first), (b, b.pair.first), (a, a.pair.second), (b, b.pair.second)]
        else:
            seats = [(e, e.player) for e in group]
        Seat.objects.bulk_create(
            Seat(table=table, position=i, side=i % 2, entry=e, player=p)
            for i, (e, p) in enumerate(seats))
    return rnd


def make_played_championship(entries: int, rounds: int, *, seed: int = 1, club=None,
                             with_deals: bool = False):
    """A fixed-pairs championship of ``entries`` pairs with ``rounds`` closed rounds, built in
    bulk. Without deals the derived match rows get random winners and plausible game points
    (enough to rank); ``with_deals`` plays every table with engine's heuristic players and
    derives the match rows from those deals with scoring, as the sheet service would."""
    import random

    from club.models import Deal, MatchResult
    from club.selectors.replay import championship_rules, match_format, replay_sheet
    from engine import simulate_facts

    rng = random.Random(seed)
    club = club or make_club(f"played-{entries}-{rounds}")
    champ = make_championship(club, entries=entries, entry_type="pairs",
                              name=f"{entries} pairs x {rounds} rounds")
    rules, fmt = championship_rules(champ), match_format(champ)
    stage = champ.stages.first()
    entry_list = list(stage.entries.select_related("pair").order_by("pk"))
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(stage=stage, number=number, status=Round.Status.CLOSED,
                                   seed=seed * 1000 + number)
        rng.shuffle(entry_list)
        tables = Table.objects.bulk_create(
            Table(round=rnd, number=t + 1, first_dealer=rng.randrange(4))
            for t in range(len(entry_list) // 2))
        seats, results, deals = [], [], []
        for t, table in enumerate(tables):
            a, b = entry_list[2 * t], entry_list[2 * t + 1]
            table_seats = [Seat(table=table, position=side + offset, side=side, entry=e,
                                player_id=e.pair.second_id if offset else e.pair.first_id)
                           for offset in (0, 2) for side, e in ((0, a), (1, b))]
            seats.extend(table_seats)
            if with_deals:
                table_deals, dealer = [], table.first_dealer
                while True:
                    facts = simulate_facts(rng, rules, dealer=dealer)
                    deal = Deal(table=table, number=len(table_deals) + 1, dealer=dealer,
                                trump=facts.trump, points=facts.card_points[0],
                                points_other=facts.card_points[1], all_tricks=facts.all_tricks)
                    table_deals.append(deal)
                    dealer = (dealer + 1) % 4
                    outcome = replay_sheet(table, table_seats, table_deals, rules=rules, fmt=fmt)
                    if not outcome.accepts_deals:
                        break
                deals.extend(table_deals)
                for side, e in ((0, a), (1, b)):
                    view = outcome.side(side)
                    results.append(MatchResult(
                        table=table, entry=e, side=side, finished=True, result=view.result,
                        games_won=view.games_won, games_lost=view.games_lost,
                        points_for=view.points_for, points_against=view.points_against))
                continue
            winner = rng.randrange(2)
            loser_points = rng.randrange(0, 101)
            for side, e in ((0, a), (1, b)):
                won = side == winner
                results.append(MatchResult(
                    table=table, entry=e, side=side, finished=True,
                    result="win" if won else "loss", games_won=int(won), games_lost=int(not won),
                    points_for=101 + rng.randrange(0, 30) if won else loser_points,
                    points_against=loser_points if won else 101 + rng.randrange(0, 30)))
        Seat.objects.bulk_create(seats)
        Deal.objects.bulk_create(deals, batch_size=2000)
        MatchResult.objects.bulk_create(results)
    return champ
