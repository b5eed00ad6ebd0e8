"""Player ratings (issue 19): the same numbers as openskill, incremental equal to a rebuild,
history that changes gives the rebuild's answer, settings, inactivity and bad input."""

from __future__ import annotations

import dataclasses
import datetime
import json
import random

import pytest
from openskill.models import PlackettLuce, ThurstoneMostellerFull

from scoring.ratings import (
    RatingError,
    RatingMatch,
    Ratings,
    RatingSettings,
    new_rating,
    rate,
    update,
    win_probability,
)
from scoring.ratings_rounds import round_matches, seed_ranks, team_strength
from scoring.records import MatchRecord

DAY = datetime.date(2026, 9, 5)


def history(players=24, rounds=30, seed=1, draws=0.1, start=DAY, step=7, events=3):
    """Rounds of tables of four with random partners (players at one table a round)."""
    rng = random.Random(seed)
    ids = [f"p{i}" for i in range(players)]
    out = []
    for r in range(rounds):
        rng.shuffle(ids)
        day = start + datetime.timedelta(days=step * r)
        for t in range(players // 4):
            a, b, c, d = ids[4 * t:4 * t + 4]
            x = rng.random()
            result = "draw" if x < draws else "win" if x < (1 + draws) / 2 else "loss"
            out.append(RatingMatch((r, t), day, (a, c), (b, d), result, event=r % events))
    return out


def reference(matches, model_class=PlackettLuce, **params):
    """The ratings by openskill alone: one rate() per match, nothing else."""
    model = model_class(**params)
    ratings = {}
    for m in matches:
        teams = [[ratings.get(p) or model.rating() for p in side] for side in (m.side_a, m.side_b)]
        ranks = {"win": [0, 1], "loss": [1, 0], "draw": [0, 0]}[m.result]
        for side, new in zip((m.side_a, m.side_b), model.rate(teams, ranks=ranks), strict=True):
            for p, r in zip(side, new, strict=True):
                ratings[p] = r
    return ratings


def same(a: Ratings, b: Ratings) -> bool:
    return dict(a) == dict(b) and (a.counted, a.seen) == (b.counted, b.seen)


# Inactivity off: the reference knows nothing of dates.
STILL = RatingSettings(inactivity_sigma_per_year=0.0)


@pytest.mark.parametrize("model, cls", [("plackett_luce", PlackettLuce),
                                        ("thurstone_mosteller", ThurstoneMostellerFull)])
def test_the_numbers_are_openskills_own(model, cls):
    matches = history(players=40, rounds=60, seed=7)  # 600 matches, some draws
    settings = dataclasses.replace(STILL, model=model)
    ours = rate(matches, settings)
    theirs = reference(matches, cls, mu=settings.mu, sigma=settings.sigma, beta=settings.beta,
                       tau=settings.tau)
    assert set(ours) == set(theirs)
    for p, r in theirs.items():
        assert ours[p].mu == r.mu and ours[p].sigma == r.sigma


def test_incremental_equals_a_full_rebuild_at_every_round():
    matches = history(rounds=20, step=40)  # gaps beyond the grace: inactivity is applied
    full = rate(matches)
    for cut in range(0, len(matches) + 1, 6):
        state = rate(matches[:cut])
        for k in range(cut, len(matches), 6):  # one round at a time, as rounds close
            state = update(state, matches[k:k + 6])
        assert same(state, full)
        assert state.digest == full.digest and state.last_key == full.last_key


def test_incremental_equals_a_rebuild_with_settings_that_leave_matches_out():
    matches = history(rounds=15, step=45, events=3)
    settings = RatingSettings(events={0, 2}, draws="ignore", since=DAY + datetime.timedelta(days=90),
                              model="thurstone_mosteller")
    state = rate([], settings)
    for k in range(0, len(matches), 6):
        state = update(state, matches[k:k + 6])
    full = rate(matches, settings)
    assert same(state, full) and 0 < full.counted < len(matches)


def test_a_stored_state_read_back_from_json_goes_on_identically():
    matches = history(rounds=12)
    stored = json.loads(json.dumps(rate(matches[:36]).to_dict()))
    assert same(update(Ratings.from_dict(stored), matches[36:]), rate(matches))
    assert same(rate(matches, start=Ratings.from_dict(stored)), rate(matches))


def test_rate_with_start_reuses_the_work_only_while_the_history_is_the_same():
    matches = history(rounds=12)
    earlier = rate(matches[:30])
    # A start built from the same first 30 matches but with other numbers shows the reuse.
    marked = Ratings(earlier.settings, {p: dataclasses.replace(r, mu=r.mu + 100)
                                        for p, r in earlier.items()},
                     seen=earlier.seen, counted=earlier.counted, digest=earlier.digest,
                     last_key=earlier.last_key)
    assert rate(matches, start=marked)["p0"].mu > 100
    # Other settings, or a different history: the start is ignored, the answer is the rebuild's.
    other = RatingSettings(beta=5.0)
    assert same(rate(matches, other, start=marked), rate(matches, other))
    shorter = matches[:20]
    assert same(rate(shorter, start=marked), rate(shorter))


def test_a_reopened_event_gives_the_rebuilds_answer():
    matches = history(rounds=12)
    before = rate(matches)
    changed = list(matches)
    old = changed[10]
    changed[10] = dataclasses.replace(old, result={"win": "loss", "loss": "win",
                                                   "draw": "win"}[old.result])
    rebuilt = rate(changed)
    assert same(rate(changed, start=before), rebuilt)
    assert dict(rebuilt) != dict(before)
    # Adding the reopened round again as if it were new is refused: it was already rated.
    with pytest.raises(RatingError) as error:
        update(before, [changed[10]])
    assert (error.value.field, error.value.code) == ("key", "rating_order")


def test_a_merged_player_gives_the_rebuilds_answer_and_a_clash_names_the_side():
    merged = history(players=24, rounds=6)
    # p5 played the first three rounds under a second account, "ghost": merged afterwards.
    rename = lambda side: tuple("ghost" if p == "p5" else p for p in side)
    before_merge = [dataclasses.replace(m, side_a=rename(m.side_a), side_b=rename(m.side_b))
                    if m.key[0] < 3 else m for m in merged]
    before = rate(before_merge)
    rebuilt = rate(merged)
    assert "ghost" not in rebuilt
    assert rebuilt["p5"].matches == before["p5"].matches + before["ghost"].matches
    assert same(rate(merged, start=before), rebuilt)
    # Two accounts that sat at one table cannot be merged: the match says which side.
    with pytest.raises(RatingError) as error:
        RatingMatch(1, DAY, ("p1", "p2"), ("p3", "p1"), "win")
    assert (error.value.field, error.value.code) == ("side_b", "entry_meets_itself")
    with pytest.raises(RatingError) as error:
        RatingMatch(1, DAY, ("p1", "p1"), ("p3", "p4"), "win")
    assert error.value.field == "side_a"


def test_an_anonymised_player_keeps_the_numbers_under_the_new_id():
    matches = history(rounds=6)
    anon = [dataclasses.replace(m, side_a=tuple("anon-1" if p == "p3" else p for p in m.side_a),
                                side_b=tuple("anon-1" if p == "p3" else p for p in m.side_b))
            for m in matches]
    assert rate(anon)["anon-1"] == rate(matches)["p3"]


def test_settings_that_exclude_everything_give_no_ratings():
    matches = history(rounds=4)
    for settings in (RatingSettings(events=()), RatingSettings(events={"not played"}),
                     RatingSettings(since=DAY + datetime.timedelta(days=365))):
        ratings = rate(matches, settings)
        assert len(ratings) == 0 and ratings.counted == 0 and ratings.seen == len(matches)
        assert ratings.get_rating("p1") == new_rating(settings)
    assert len(rate([])) == 0


def test_events_and_first_date_choose_the_matches():
    matches = history(rounds=9, events=3)
    chosen = rate(matches, RatingSettings(events={0, 2}))
    assert chosen.counted == sum(1 for m in matches if m.event in (0, 2))
    assert chosen == rate([m for m in matches if m.event in (0, 2)], RatingSettings())
    later = DAY + datetime.timedelta(days=21)
    assert rate(matches, RatingSettings(since=later)) == rate([m for m in matches if m.date >= later])


def test_draws_tie_or_are_not_counted():
    strong = RatingMatch(1, DAY, ("a",), ("b",), "win")
    draw = RatingMatch(2, DAY, ("a",), ("b",), "draw")
    tie = rate([strong, draw])
    assert tie["b"].mu > rate([strong])["b"].mu  # a draw with a stronger player lifts b
    ignored = rate([strong, draw], RatingSettings(draws="ignore"))
    assert ignored == rate([strong]) and ignored.counted == 1 and ignored.seen == 2


def test_tables_of_one_round_may_come_in_any_order():
    matches = history(rounds=8)
    shuffled = []
    for r in range(8):
        round_ = [m for m in matches if m.key[0] == r]
        random.Random(r).shuffle(round_)
        shuffled += [dataclasses.replace(m, key=(r, 0)) for m in round_]
    keyed = [dataclasses.replace(m, key=(m.key[0], 0)) for m in matches]
    assert dict(rate(shuffled)) == dict(rate(keyed))


def test_keys_must_not_go_backwards():
    a = RatingMatch((2, 1), DAY, ("a",), ("b",), "win")
    b = RatingMatch((1, 1), DAY, ("a",), ("b",), "win")
    with pytest.raises(RatingError) as error:
        rate([a, b])
    assert (error.value.field, error.value.code) == ("key", "rating_order")
    assert "match 2" in str(error.value)
    with pytest.raises(RatingError, match="cannot be compared"):
        rate([a, dataclasses.replace(b, key="late")])


def test_same_input_same_floats():
    matches = history(rounds=10, seed=3)
    one, two = rate(matches), rate(list(matches))
    assert [(p, r.mu.hex(), r.sigma.hex()) for p, r in one.items()] == \
           [(p, r.mu.hex(), r.sigma.hex()) for p, r in two.items()]


def test_provisional_until_enough_matches_and_the_display_is_cautious():
    matches = [RatingMatch(k, DAY, ("a",), ("b",), "win" if k % 2 else "loss") for k in range(5)]
    ratings = rate(matches, RatingSettings(provisional_matches=5))
    assert ratings["a"].matches == 5 and not ratings["a"].provisional
    assert rate(matches[:4], RatingSettings(provisional_matches=5))["a"].provisional
    r = ratings["a"]
    assert r.display == r.mu - 3 * r.sigma
    assert rate(matches, RatingSettings(display_z=0))["a"].display == r.mu


def test_inactivity_widens_the_uncertainty_up_to_a_new_players():
    settings = RatingSettings()
    regular = [RatingMatch(k, DAY + datetime.timedelta(days=k), ("a",), ("b",), "win")
               for k in range(30)]
    ratings = rate(regular, settings)
    sigma = ratings["a"].sigma
    later = ratings.as_of(ratings["a"].last_played + datetime.timedelta(days=400))
    assert sigma < later["a"].sigma <= settings.sigma
    assert later["a"].mu == ratings["a"].mu and later["a"].display < ratings["a"].display
    assert ratings.as_of(ratings["a"].last_played + datetime.timedelta(days=10))["a"] == ratings["a"]
    assert ratings.as_of(DAY + datetime.timedelta(days=40 * 365))["a"].sigma == settings.sigma
    # The widening counts when the player comes back: the comeback match moves them more.
    back = RatingMatch(99, DAY + datetime.timedelta(days=430), ("a",), ("b",), "loss")
    soon = RatingMatch(99, DAY + datetime.timedelta(days=30), ("a",), ("b",), "loss")
    drop_after_a_year = ratings["a"].mu - rate([*regular, back])["a"].mu
    drop_at_once = ratings["a"].mu - rate([*regular, soon])["a"].mu
    assert drop_after_a_year > drop_at_once > 0


def test_win_probability():
    matches = history(rounds=20, seed=5)
    r = rate(matches)
    a, b = ("p1", "p2"), ("p3", "p4")
    assert r.win_probability(a, b) + r.win_probability(b, a) == pytest.approx(1)
    best = [p for p, _ in r.ranking()]
    assert r.win_probability(best[:2], best[-2:]) > 0.5
    assert win_probability([new_rating()], [new_rating()]) == 0.5


@pytest.mark.parametrize("name, value", [
    ("model", "elo"), ("draws", "half"), ("mu", float("nan")), ("sigma", 0), ("beta", -1),
    ("tau", -0.1), ("provisional_matches", 2.5), ("provisional_matches", True),
    ("display_z", -1), ("inactivity_grace_days", -3), ("inactivity_sigma_per_year", "x"),
    ("events", "cup"), ("since", "2026-01-01"),
])
def test_a_bad_setting_names_its_field(name, value):
    with pytest.raises(RatingError) as error:
        RatingSettings(**{name: value})
    assert isinstance(error.value, ValueError)
    assert (error.value.field, error.value.code) == (name, "rating_setting")


def test_settings_read_back_and_refuse_unknown_options():
    settings = RatingSettings(model="thurstone_mosteller", events=["b", "a"],
                              since=datetime.date(2025, 9, 1))
    assert RatingSettings.from_dict(json.loads(json.dumps(settings.to_dict()))) == settings
    with pytest.raises(RatingError) as error:
        RatingSettings.from_dict({"kfactor": 32})
    assert error.value.field == "kfactor"
    with pytest.raises(RatingError) as error:
        RatingSettings.from_dict({"since": "1 September"})
    assert error.value.field == "since"
    with pytest.raises(RatingError) as error:
        rate([], {"model": "plackett_luce"})
    assert error.value.field == "settings"


@pytest.mark.parametrize("change, field, code", [
    ({"result": "won"}, "result", "result_invalid"),
    ({"date": "2026-01-01"}, "date", "rating_match"),
    ({"side_a": ()}, "side_a", "sides_invalid"),
    ({"side_b": "ann"}, "side_b", "sides_invalid"),
    ({"side_a": (None, "x")}, "side_a", "entry_meets_itself"),
])
def test_a_bad_match_names_its_field(change, field, code):
    values = {"key": 1, "date": DAY, "side_a": ("a", "b"), "side_b": ("c", "d"), "result": "win"} | change
    with pytest.raises(RatingError) as error:
        RatingMatch(**values)
    assert (error.value.field, error.value.code) == (field, code)


def test_round_matches_from_standings_records():
    individual = [
        MatchRecord("an", 3, "win", partners=("bo",), opponents=("cy", "di")),
        MatchRecord("bo", 3, "win", partners=("an",), opponents=("cy", "di")),
        MatchRecord("cy", 3, "loss", partners=("di",), opponents=("an", "bo")),
        MatchRecord("di", 3, "loss", partners=("cy",), opponents=("an", "bo")),
        MatchRecord("ed", 3, "win", opponents=("fi", "gu")),  # a table of three
        MatchRecord("hu", 3, None, credit=1),  # a bye decided by the organiser
        MatchRecord("iv", 3, "win"),  # a bye scored as a win
    ]
    matches = round_matches(individual, (7, 3), DAY, event="open")
    assert [(m.side_a, m.side_b, m.result, m.key, m.event) for m in matches] == [
        (("an", "bo"), ("cy", "di"), "win", (7, 3), "open")]
    pairs = [MatchRecord("P2", 1, "loss", opponents=("P1",)),
             MatchRecord("P1", 1, "win", opponents=("P2",))]
    members = {"P1": ("x", "y"), "P2": ("v", "w")}
    assert [(m.side_a, m.side_b, m.result) for m in round_matches(pairs, 1, DAY, members=members)] \
        == [(("v", "w"), ("x", "y"), "loss")]
    with pytest.raises(RatingError) as error:
        round_matches(pairs, 1, DAY, members={"P1": ("x", "y")})
    assert error.value.field == "members"


def test_seeding_and_strength():
    r = rate(history(rounds=20))
    best = [p for p, _ in r.ranking()]
    ranks = seed_ranks(r, {"top": best[:2], "bottom": best[-2:], "new": ("n1", "n2")})
    assert ranks["top"] == 1 and ranks["bottom"] == 3
    assert team_strength(r, best[:2]) == r[best[0]].mu + r[best[1]].mu
