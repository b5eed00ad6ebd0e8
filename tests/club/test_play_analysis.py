"""The double-dummy analysis of a deal entered trick by trick (issue 18): exact costs against
plain minimax, perfect play costs nothing, who may see it, bad play data."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.models import Deal, Table
from club.selectors.play_analysis import AnalysisUnavailable, analysis_page, play_input
from club.selectors.sheets import Actor, load_table
from club.services import play_analysis as service
from engine.cards import Card, CardSet, parse_suit
from engine.dd import Solver
from engine.deal import Deal as EngineDeal
from engine.play import beats, legal_mask, rule_flags
from tests.factories import make_user
from tests.helpers.play_analysis import HOUSE, reference_costs
from tests.helpers.sheets import entered, post_tricks, random_play, renonce_play, sheet_table, url

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def _analysis_url(table, number=1):
    return url(table, f"deals/{number}/analysis/")


def _ctx(organiser, table):
    return load_table(Actor(organiser), table.pk)


def test_costs_in_the_last_three_tricks_equal_plain_minimax(org_client, organiser):
    """On real deals entered at the sheet, every card of tricks 6-8 costs exactly what plain
    minimax (every card tried, obligations stated one by one) says it costs."""
    table = sheet_table(organiser)
    costly = 0
    for seed in (1, 2, 3):
        text, _played = random_play(seed)
        Deal.objects.filter(table=table).delete()  # each deal as the table's first (dealer 0)
        deal = entered(org_client, table, text)
        inp = play_input(_ctx(organiser, table), deal)
        result = service.compute(inp)
        assert result["costs"][20:] == reference_costs(inp, 6)
        costly += sum(1 for c in result["costs"][20:] if c)
    assert costly > 0  # the check compared some costly cards, not only zeros


def test_a_known_costly_card_is_named_with_its_exact_cost(org_client, organiser):
    table = sheet_table(organiser)
    text, _played = random_play(2)
    deal = entered(org_client, table, text)
    inp = play_input(_ctx(organiser, table), deal)
    expected = reference_costs(inp, 6)
    index, cost = next((20 + i, c) for i, c in enumerate(expected) if c)
    card = Card.parse(inp.cards[index])
    page = org_client.get(_analysis_url(table, deal.number))
    assert page.status_code == 200
    analysis = page.context["analysis"]
    row = analysis.tricks[index // 4][index % 4]
    assert (row.card, row.cost, row.trick) == (card, cost, index // 4 + 1)
    words = "point." if cost == 1 else "points."
    assert row.sentence == f"The {row.name} on trick {index // 4 + 1} cost {cost} {words}"
    assert row.sentence in page.content.decode()


def _perfect_play(seed: int) -> str:
    """A deal (dealer 0, trump hearts) where every card is one of the best: the text of its
    tricks."""
    deal = EngineDeal.random(seed, dealer=0)
    hands = [h.mask for h in deal.hands]
    trump = parse_suit("h")
    solver, flags = Solver(trump, HOUSE), rule_flags(HOUSE)
    leader, tricks = 1, []
    for _trick in range(8):
        trick: list[int] = []
        win = win_seat = led = -1
        for pos in range(4):
            seat = (leader + pos) % 4
            partner = bool(trick) and win_seat % 2 == seat % 2
            legal = legal_mask(hands[seat], led, win, partner, trump, flags) if trick else hands[seat]
            best = None
            for card in (c for c in range(32) if legal >> c & 1):
                after = list(hands)
                after[seat] &= ~(1 << card)
                played = (*trick, card)
                if len(played) == 4:
                    w = 0
                    for p in range(1, 4):
                        if beats(played[p], played[w], trump):
                            w = p
                    got = sum(Card.from_index(c).points for c in played)
                    winner = (leader + w) % 4
                    value = (got if winner % 2 == 0 else 0) + (
                        solver.solve(after, winner) if any(after) else 0)
                else:
                    value = solver.solve(after, leader, played)
                better = best is None or (value > best[0] if seat % 2 == 0 else value < best[0])
                if better:
                    best = (value, card)
            card = best[1]
            hands[seat] &= ~(1 << card)
            if not trick:
                led, win, win_seat = card >> 3, card, seat
            elif beats(card, win, trump):
                win, win_seat = card, seat
            trick.append(card)
        tricks.append(" ".join(str(Card.from_index(c)) for c in trick))
        leader = win_seat
    return "\n".join(tricks)


def test_perfect_play_costs_nothing_anywhere(org_client, organiser):
    table = sheet_table(organiser)
    deal = entered(org_client, table, _perfect_play(5))
    page = org_client.get(_analysis_url(table, deal.number))
    analysis = page.context["analysis"]
    assert [c.cost for trick in analysis.tricks for c in trick] == [0] * 32
    assert analysis.costly == [] and analysis.side_costs == (0, 0)
    assert "Perfect play: no card cost its side a point." in page.content.decode()
    # what perfect play gives is what was taken
    ctx = _ctx(organiser, table)
    assert analysis.summary[0] == (
        f"With perfect play from the first card, {ctx.side_names[0]} would take "
        f"{deal.points} card points and {ctx.side_names[1]} {deal.points_other}.")


def test_start_value_is_the_solver_value_and_costs_add_up(org_client, organiser):
    from engine import double_dummy

    table = sheet_table(organiser)
    text, played = random_play(4)
    deal = entered(org_client, table, text)
    inp = play_input(_ctx(organiser, table), deal)
    result = service.compute(inp)
    dd = double_dummy([CardSet.parse(h) for h in inp.hands], inp.leader, "h", HOUSE)
    assert result["start"] == dd.points[0]
    side0 = sum(c for c, p in zip(result["costs"], inp.positions) if p % 2 == 0)
    side1 = sum(c for c, p in zip(result["costs"], inp.positions) if p % 2 == 1)
    assert result["start"] - played.card_points[0] == side0 - side1


def test_the_analysis_is_cached_by_the_deals_facts(org_client, organiser, monkeypatch):
    table = sheet_table(organiser)
    deal = entered(org_client, table, random_play(3)[0])
    calls = []
    real = service.compute
    monkeypatch.setattr(service, "compute", lambda inp: calls.append(1) or real(inp))
    first = org_client.get(_analysis_url(table, deal.number))
    second = org_client.get(_analysis_url(table, deal.number))
    assert first.status_code == second.status_code == 200
    assert len(calls) == 1
    assert first.context["analysis"].side_costs == second.context["analysis"].side_costs
    # another play is another key
    post_tricks(org_client, table, random_play(6)[0], suffix=f"?deal={deal.number}")
    org_client.get(_analysis_url(table, deal.number))
    assert len(calls) == 2


def test_the_deal_page_links_to_the_analysis(org_client, organiser):
    table = sheet_table(organiser)
    deal = entered(org_client, table, random_play(1)[0])
    page = org_client.get(url(table, f"deals/{deal.number}/")).content.decode()
    assert _analysis_url(table, deal.number) in page
    Deal.objects.filter(pk=deal.pk).update(play=None)
    page = org_client.get(url(table, f"deals/{deal.number}/")).content.decode()
    assert _analysis_url(table, deal.number) not in page


# -- refusals ----------------------------------------------------------------------------

def test_a_stranger_cannot_see_a_private_championships_analysis(org_client, organiser, client):
    table = sheet_table(organiser)
    assert not table.round.stage.championship.public
    deal = entered(org_client, table, random_play(1)[0])
    stranger = make_user("stranger")
    org_client.logout()
    assert client.get(_analysis_url(table, deal.number)).status_code == 302  # to log in
    client.force_login(stranger)
    response = client.get(_analysis_url(table, deal.number))
    assert response.status_code == 403
    assert "cost" not in response.content.decode()


def test_an_organiser_of_another_club_cannot_see_it(org_client, organiser, client):
    table = sheet_table(organiser)
    deal = entered(org_client, table, random_play(1)[0])
    other = make_user("other-org")
    sheet_table(other, slug="elsewhere")
    client.force_login(other)
    assert client.get(_analysis_url(table, deal.number)).status_code == 403


def test_a_deal_that_does_not_exist_is_a_404(org_client, organiser):
    table = sheet_table(organiser)
    assert org_client.get(_analysis_url(table, 7)).status_code == 404


def test_a_deal_entered_as_totals_says_there_is_nothing_to_analyse(org_client, organiser):
    table = sheet_table(organiser)
    Deal.objects.create(table=table, number=1, dealer=0, trump="h", points=38, points_other=22)
    response = org_client.get(_analysis_url(table))
    assert response.status_code == 200
    assert "not entered trick by trick" in response.content.decode()
    assert response.context["analysis"] is None


@pytest.mark.parametrize("play, words", [
    ({"tricks": [["Ac", "Kc", "7c", "8c"]]}, "1 of 8 tricks"),
    ({"tricks": "garbage"}, "0 of 8 tricks"),
    ([1, 2, 3], "0 of 8 tricks"),
    ({"tricks": [["Ac", "Kc", "7c"]] * 8}, "trick 1 does not hold 4 cards"),
    ({"tricks": [["Ac", "Kc", "7c", "Zz"]] * 8}, "“Zz” is not a card"),
    ({"tricks": [["Ac", "Kc", "7c", "8c"]] * 8}, "recorded twice"),
])
def test_damaged_play_data_gives_a_clear_message_not_a_500(org_client, organiser, play, words):
    table = sheet_table(organiser)
    Deal.objects.create(table=table, number=1, dealer=0, trump="h", points=38, points_other=22,
                        play=play)
    response = org_client.get(_analysis_url(table))
    assert response.status_code == 200
    text = response.content.decode()
    assert "incomplete or damaged" in text and words in text


_CARD_WORDS = st.sampled_from(["Ac", "10h", "7s", "Kd", "Qc", "9h", "Zz", "", "10", 7, None])
_PLAY = st.one_of(
    st.none(), st.integers(), st.text(max_size=5),
    st.lists(st.lists(_CARD_WORDS, max_size=5), max_size=9),
    st.fixed_dictionaries({"tricks": st.one_of(
        st.lists(st.lists(_CARD_WORDS, min_size=4, max_size=4), min_size=8, max_size=8),
        st.lists(st.lists(_CARD_WORDS, max_size=5), max_size=9), st.text(max_size=3))}))


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(play=_PLAY, dealer=st.integers(0, 6), trump=st.sampled_from([None, "", "h", "x"]),
       blind=st.booleans())
def test_any_recorded_play_gives_an_input_or_a_sentence(organiser, play, dealer, trump, blind):
    """Whatever the stored play holds, the page gets the solver's input or a sentence."""
    table = Table.objects.first() or sheet_table(organiser)
    ctx = _ctx(organiser, table)
    deal = Deal(table=table, number=1, dealer=dealer, trump=trump, blind=blind, play=play)
    try:
        inp = play_input(ctx, deal)
    except AnalysisUnavailable as error:
        assert str(error)
    else:
        assert len(inp.cards) <= 32 and len(inp.hands) == 4


def test_a_renonce_ends_the_analysis_at_its_card(org_client, organiser):
    table = sheet_table(organiser)
    text, played = renonce_play()
    deal = entered(org_client, table, text)
    found = played.renonce
    inp = play_input(_ctx(organiser, table), deal)
    flat = [c for line in text.split("\n") for c in line.split()]
    assert list(inp.cards) == flat[:flat.index(str(found.card))]
    response = org_client.get(_analysis_url(table, deal.number))
    assert response.status_code == 200
    assert f"The analysis stops at the renonce in trick {found.trick}" in \
        response.content.decode()
    assert "With perfect play" not in response.content.decode()


def test_a_table_of_three_is_refused_with_a_sentence(organiser):
    from club.models import Table
    from club.services.draws import draw_round
    from tests.factories import make_championship, make_club

    champ = make_championship(make_club("threes", organiser=organiser), entries=14,
                              entry_type="individual", odd_players="threes")
    rnd = draw_round(champ.stages.get(), seed=1)
    table = next(t for t in Table.objects.filter(round=rnd) if t.seats.count() == 3)
    ctx = _ctx(organiser, table)
    assert ctx.players == 3
    tricks = [["Ac", "Kc", "7c"]] * 10
    with pytest.raises(AnalysisUnavailable, match="table of four"):
        play_input(ctx, Deal(table=table, number=1, dealer=0, trump="h", play={"tricks": tricks}))


def test_the_queue_down_is_a_503_with_a_sentence(org_client, organiser, monkeypatch):
    from club.services import reports

    table = sheet_table(organiser)
    deal = entered(org_client, table, random_play(1)[0])
    monkeypatch.setattr(reports, "publish", lambda *a, **k: False)
    response = org_client.get(_analysis_url(table, deal.number))
    assert response.status_code == 503
    assert "task queue cannot be reached" in response.content.decode()


def test_a_solve_in_progress_is_not_sent_twice(org_client, organiser, monkeypatch):
    from club.services import reports

    table = sheet_table(organiser)
    deal = entered(org_client, table, random_play(1)[0])
    sent = []
    monkeypatch.setattr(reports, "publish", lambda *a, **k: sent.append(a) or True)
    for _ in range(3):
        response = org_client.get(_analysis_url(table, deal.number))
        assert response.status_code == 200 and response.context["state"] == "waiting"
        html = response.content.decode()
        assert '<meta name="troef-reload-after"' in html  # reloaded by script, not by a meta
        assert '<noscript><meta http-equiv="refresh"' in html
        assert html.count('http-equiv="refresh"') == 1
    assert len(sent) == 1


def test_analysis_page_labels_the_players_as_the_sheet_does(org_client, organiser):
    table = sheet_table(organiser)
    deal = entered(org_client, table, random_play(2)[0])
    ctx = _ctx(organiser, table)
    inp = play_input(ctx, deal)
    page = analysis_page(ctx, inp, service.compute(inp))
    first = page.tricks[0][0]
    assert first.position == (deal.dealer + 1) % 4
    assert first.player == ctx.seat_name(first.position)
    assert sum(len(t) for t in page.tricks) == 32
