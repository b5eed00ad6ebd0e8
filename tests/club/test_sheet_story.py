"""Issue 16, the partnership sheet tells the whole story: who doubled (the calls), blind
trump, en face, the tricks, what a tie leads to, the dealer's turn, and the refusals."""

import importlib

import pytest
from django.apps import apps as global_apps

from club.forms_championships import ChampionshipForm
from club.models import Deal, MatchResult, RuleSet, Table
from club.reports.data import round_sheets
from club.reports.sheet_record import recorded_rows, sheet_legend
from club.services.draws import draw_round, publish_round
from club.services.rulesets import save_rule_set
from engine.rules import RuleSet as EngineRuleSet
from scoring import MatchFormat
from scoring.errors import MatchError
from tests.factories import make_championship, make_club
from tests.helpers.sheets import deal_data, sheet_table, snapshot, url

pytestmark = pytest.mark.django_db


def club_rules(name, **options):
    base = EngineRuleSet.preset(options.pop("preset", "flemish"))
    return RuleSet.objects.create(name=name, preset=base.name,
                                  options=base.replace(**options).to_dict())


def post(client, table, suffix="", **fields):
    return client.post(url(table, suffix), deal_data(table, **fields))


def body(response):
    return response.content.decode()


# -- the doubling calls ---------------------------------------------------------------------

def test_who_doubled_and_redoubled_is_stored_and_shown(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")
    # dealer seat 0 (side 0): seat 1 (an opponent) says mee, seat 2 (the partner) tegen
    response = post(org_client, table, doubling=4, call_1=1, call_2=2)
    assert response.status_code == 302, body(response)[:3000]
    deal = Deal.objects.get(table=table)
    assert (deal.calls, deal.doubling) == ([1, 2], 4)
    page = body(org_client.get(url(table)))
    names = {s.position: s.player.full_name for s in table.seats.select_related("player")}
    assert f"mee: {names[1]}" in page and f"tegen: {names[2]}" in page
    assert {r.side: r.points_for for r in MatchResult.objects.filter(table=table)}[0] == 32


def test_a_redouble_counts_x3_where_multipliers_add(org_client, organiser):
    rules = club_rules("Adding", multipliers_add=True)
    table = sheet_table(organiser, rules=rules)
    assert post(org_client, table, doubling=4, call_1=1, call_2=2).status_code == 302
    # (38 - 30) x 3, not x 4 (RULES §14)
    assert {r.side: r.points_for for r in MatchResult.objects.filter(table=table)}[0] == 24
    page = org_client.get(url(table))
    assert page.context["page"].games[0].rows[0].doubling == "×3"


def test_naming_the_calls_alone_counts_them(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")
    assert post(org_client, table, call_1=3).status_code == 302
    assert Deal.objects.get(table=table).doubling == 2


@pytest.mark.parametrize("fields, field", [
    ({"doubling": 4, "call_1": 1}, "call_2"),  # who redoubled?
    ({"doubling": 2, "call_1": 1, "call_2": 2}, "call_2"),  # a name beyond the calls
])
def test_every_call_names_one_player(org_client, organiser, fields, field):
    table = sheet_table(organiser, rules="flemish")
    before = snapshot(table)
    response = post(org_client, table, **fields)
    assert response.status_code == 400
    assert response.context["form"].errors.get(field)
    assert snapshot(table) == before


def test_the_dealers_side_does_not_double_first(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")
    before = snapshot(table)
    response = post(org_client, table, doubling=2, call_1=2)  # seat 2 is the dealer's partner
    assert response.status_code == 400
    # refused at the caller's list, naming the rule (issue 29: was the doubling's "other
    # side's turn", from scoring)
    error = response.context["form"].errors["call_1"][0]
    assert "may not make this call" in error and "an opponent of the dealer" in error
    assert snapshot(table) == before


def test_a_deal_recorded_before_the_calls_keeps_working(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")
    Deal.objects.create(table=table, number=1, dealer=0, trump="h", doubling=4,
                        calls=[None, None], points=41, points_other=19)
    page = org_client.get(url(table))
    assert "mee: not recorded" in body(page) and "tegen: not recorded" in body(page)
    # its points corrected without naming anyone: the lists say "not recorded", as the page
    # shows them (a list left empty is refused: say who, or "not recorded", issue 29)
    page = org_client.get(url(table, "deals/1/"))
    assert page.context["form"]["call_1"].value() == "?"
    assert 'value="?" selected' in body(page)
    refused = org_client.post(url(table, "deals/1/"), deal_data(table, dealer=0, doubling=4,
                                                                  points=42))
    assert "not recorded" in refused.context["form"].errors["call_1"][0]
    response = org_client.post(url(table, "deals/1/"), deal_data(
        table, dealer=0, doubling=4, points=42, call_1="?", call_2="?"))
    assert response.status_code == 302, body(response)[:2000]
    assert Deal.objects.get(table=table).calls == [None, None]


def test_the_data_migration_turns_a_multiplier_into_calls(organiser):
    table = sheet_table(organiser, rules="flemish")
    Deal.objects.create(table=table, number=1, dealer=0, trump="h", doubling=4, calls=[],
                        points=41, points_other=19)
    migration = importlib.import_module("club.migrations.0016_sheet_story")
    migration.calls_from_multiplier(global_apps, None)
    assert Deal.objects.get(table=table).calls == [None, None]


def test_unlimited_knocking_goes_past_x64(org_client, organiser):
    rules = club_rules("Knocking", preset="french", doubling="knock_unlimited", max_knocks=10)
    table = sheet_table(organiser, rules=rules)
    calls = {f"call_{i}": (1, 0)[(i - 1) % 2] for i in range(1, 8)}  # opponents first
    response = post(org_client, table, doubling=128, points=31, **calls)
    assert response.status_code == 302, body(response)[:3000]
    assert Deal.objects.get(table=table).doubling == 128
    assert {r.side: r.points_for for r in MatchResult.objects.filter(table=table)}[0] == 128


# -- blind trump, en face, options the rules lack ------------------------------------------

def test_blind_trump_and_en_face_on_one_deal_are_refused(org_client, organiser):
    table = sheet_table(organiser, rules="french")
    before = snapshot(table)
    response = post(org_client, table, blind="on", en_face="on")
    assert response.status_code == 400
    assert "blind trump" in str(response.context["form"].errors["en_face"]).lower()
    assert snapshot(table) == before


@pytest.mark.parametrize("field, words", [("blind", "blind trump"), ("en_face", "en face")])
def test_an_option_the_rules_lack_is_refused_by_name(org_client, organiser, field, words):
    table = sheet_table(organiser)  # house rules: neither
    before = snapshot(table)
    response = post(org_client, table, **{field: "on"})
    assert response.status_code == 400
    assert words in " ".join(response.context["form"].non_field_errors()).lower()
    assert snapshot(table) == before


def test_blind_en_face_and_tricks_are_on_the_page_and_the_printed_sheet(org_client, organiser):
    rules = club_rules("French tricks", preset="french", trick_bonus=True)
    table = sheet_table(organiser, rules=rules)
    assert post(org_client, table, blind="on", points=44, points_other=24,
                tricks=6).status_code == 302
    assert post(org_client, table, en_face="on", points=30, points_other=38,
                tricks=3).status_code == 302
    page = body(org_client.get(url(table)))
    assert "blind trump</span>" in page and "en face</span>" in page
    assert "tricks 6–2" in page and "tricks 3–5" in page
    data, _facts = round_sheets(table.round_id)
    rows, _summary = recorded_rows(next(t for t in data.tables if t.table.pk == table.pk))
    assert rows[0].cells["tricks"] == "6" and "BL" in rows[0].cells["notes"]
    assert rows[1].cells["tricks"] == "3" and "EF" in rows[1].cells["notes"]


def test_the_trick_bonus_total_is_not_called_card_points(org_client, organiser):
    rules = club_rules("Tricks", preset="house", trick_bonus=True)
    table = sheet_table(organiser, rules=rules)
    response = post(org_client, table, points=40, points_other=20, tricks=5)
    assert response.status_code == 400
    message = str(response.context["form"].errors["points"])
    assert "68" in message and "card points in play" not in message
    assert "one point for each of the 8 tricks" in message


def test_an_unscorable_deal_is_explained_in_words_on_the_printed_sheet(organiser):
    rules = club_rules("Tricks", preset="house", trick_bonus=True)
    table = sheet_table(organiser, rules=rules)
    Deal.objects.create(table=table, number=1, dealer=0, trump="h", points=40,
                        points_other=28, tricks=9)
    data, _facts = round_sheets(table.round_id)
    _rows, summary = recorded_rows(next(t for t in data.tables if t.table.pk == table.pk))
    assert "add up to 8" in summary and "cannot be negative" not in summary
    assert "(9, -1)" not in summary


# -- ties ------------------------------------------------------------------------------------

@pytest.mark.parametrize("options, points, expected", [
    ({"tie_policy": "stacked"}, 30, ["tie 30–30: next deal ×2 (each further tie ×2 again)",
                                     "tie 30–30: next deal ×4 (each further tie ×2 again)"]),
    ({"trick_bonus": True}, 34, ["tie 34–34: next deal ×2 (a further tie keeps ×2)"]),
])
def test_a_tie_says_what_it_leads_to(org_client, organiser, options, points, expected):
    table = sheet_table(organiser, rules=club_rules("Ties", preset="house", **options))
    tricks = {"tricks": 4} if options.get("trick_bonus") else {}
    for _ in range(2):
        assert post(org_client, table, points=points, points_other=points,
                    **tricks).status_code == 302
    page = body(org_client.get(url(table)))
    for label in expected:
        assert label in page
    assert "tie: next deal ×2<" not in page


def test_a_tie_on_the_last_deal_of_a_fixed_game_carries_nothing(org_client, organiser):
    rules = club_rules("Two deals", preset="house", target=None, deals=2)
    table = sheet_table(organiser, rules=rules)
    assert post(org_client, table, points=38).status_code == 302
    response = org_client.get(url(table, "preview/"), {
        **deal_data(table, points=30, points_other=30), "number": 2})
    assert "nothing carries over" in response.json()["tie"]
    assert post(org_client, table, points=30, points_other=30).status_code == 302
    assert "the game is over, nothing carries over" in body(org_client.get(url(table)))


# -- the page's words ----------------------------------------------------------------------

def test_house_sheets_do_not_hint_at_doubling_and_the_direction_is_shown(org_client, organiser):
    page = body(org_client.get(url(sheet_table(organiser))))
    assert "x = doubling" not in page and "play goes clockwise" in page
    assert "Renonce: who revoked" in page
    french = body(org_client.get(url(sheet_table(organiser, rules="french", slug="fr"))))
    assert "play goes counter-clockwise" in french and "x = doubling" in french


def test_a_cancelled_deal_has_no_number(org_client, organiser):
    table = sheet_table(organiser)
    assert post(org_client, table, cancelled="on", trump="", points="").status_code == 302
    assert post(org_client, table, points=38).status_code == 302
    page = body(org_client.get(url(table)))
    assert '<td class="n"><span aria-hidden="true">–</span>' in page
    assert '<td class="n">2</td>' in page


# -- the dealer ----------------------------------------------------------------------------

def test_the_dealer_is_the_player_whose_turn_it_is(org_client, organiser):
    table = sheet_table(organiser)
    Table.objects.filter(pk=table.pk).update(first_dealer=2)
    before = snapshot(table)
    response = org_client.post(url(table), {**deal_data(table), "dealer": 0})
    assert response.status_code == 400 and response.context["form"].errors["dealer"]
    assert snapshot(table) == before
    assert org_client.post(url(table), {**deal_data(table), "dealer": 2}).status_code == 302
    response = org_client.post(url(table), {**deal_data(table), "dealer": 2})
    assert response.status_code == 400 and Deal.objects.filter(table=table).count() == 1
    assert org_client.post(url(table), {**deal_data(table), "dealer": 3}).status_code == 302


def test_the_first_dealers_are_drawn_from_the_rounds_seed(organiser):
    club = make_club("draw", organiser=organiser)
    champ = make_championship(club, entries=16, draw_method="random")
    stage = champ.stages.first()
    first = list(draw_round(stage, seed=4242).tables.order_by("number").values_list(
        "first_dealer", flat=True))
    again = list(draw_round(stage, seed=4242).tables.order_by("number").values_list(
        "first_dealer", flat=True))
    assert first == again and len(set(first)) > 1


# -- rule sets and formats -------------------------------------------------------------------

def test_a_rule_set_locks_once_a_round_using_it_is_published(organiser):
    club = make_club("lock", organiser=organiser)
    rules = club_rules("Ours")
    rules.club = club
    rules.save()
    champ = make_championship(club, entries=4, rules=rules)
    rnd = draw_round(champ.stages.first(), seed=1)
    assert not rules.frozen  # a draft: the rules may still change
    publish_round(rnd)
    assert rules.frozen and not Deal.objects.exists()
    saved, copied = save_rule_set(rules, "Ours", rules.rules().replace(target=51))
    assert copied and saved.pk != rules.pk
    rules.refresh_from_db()
    assert rules.rules().target == 101


def test_best_of_an_even_number_is_refused():
    with pytest.raises(MatchError) as caught:
        MatchFormat("best_of", 2)
    assert (caught.value.code, caught.value.field) == ("best_of_even", "count")
    assert MatchFormat("best_of", 3).count == 3


def test_the_championship_form_refuses_best_of_two(organiser):
    club = make_club("fmt", organiser=organiser)
    form = ChampionshipForm(data={"name": "X", "format_kind": "best_of", "format_count": 2},
                            club=club)
    form.is_valid()
    assert "odd number" in " ".join(form.errors.get("format_count", []))


def test_the_printed_legend_follows_the_rules():
    stacked = " ".join(sheet_legend(EngineRuleSet(tie_policy="stacked")))
    assert "next deal ×2, each further tie ×2 again" in stacked
    fixed = " ".join(sheet_legend(EngineRuleSet(target=None, deals=12)))
    assert "nothing carries over" in fixed
    assert "×JD/AB" not in " ".join(sheet_legend(EngineRuleSet()))


def test_the_change_log_names_who_doubled(org_client, organiser):
    table = sheet_table(organiser, rules="flemish")
    assert post(org_client, table, doubling=4, call_1=1, call_2=2).status_code == 302
    assert org_client.post(url(table, "deals/1/"), deal_data(
        table, dealer=0, doubling=4, call_1=3, call_2=2)).status_code == 302
    names = {s.position: s.player.full_name for s in table.seats.select_related("player")}
    page = body(org_client.get(url(table, "changes/")))
    assert f"×4 ({names[1]}, {names[2]})" in page
    assert f"{names[1]}, {names[2]} → {names[3]}, {names[2]}" in page


def test_trick_by_trick_entry_asks_who_doubled_too(org_client, organiser):
    from tests.helpers.sheets import post_tricks, random_play

    table = sheet_table(organiser, rules="flemish")
    text, _played = random_play(1)
    assert 'name="call_1"' in body(org_client.get(url(table, "tricks/")))
    refused = post_tricks(org_client, table, text, doubling=2)
    assert refused.status_code == 400 and not Deal.objects.exists()
    response = post_tricks(org_client, table, text, doubling=2, call_1=3)
    assert response.status_code == 302, body(response)[:2000]
    assert Deal.objects.get(table=table).calls == [3]


def test_verify_results_checks_the_doubling_against_the_calls(org_client, organiser):
    from club.services.verify import verify_championship

    table = sheet_table(organiser, rules="flemish")
    assert post(org_client, table, doubling=4, call_1=1, call_2=2).status_code == 302
    championship = table.round.stage.championship
    assert verify_championship(championship) == []
    Deal.objects.filter(table=table).update(doubling=2)  # the multiplier no longer the calls'
    found = verify_championship(championship)
    assert [(d.field, d.stored, d.rebuilt) for d in found if d.field == "doubling"] == [
        ("doubling", 2, 4)]
    verify_championship(championship, repair=True)
    assert Deal.objects.get(table=table).doubling == 4
    assert verify_championship(championship) == []


def test_a_correction_that_keeps_the_dealer_is_not_refused_for_the_turn(org_client, organiser):
    """A sheet whose turns went wrong before (a deal struck out, an old sheet) can still have
    its points corrected; only a changed dealer is checked."""
    table = sheet_table(organiser)
    for number, dealer in ((1, 0), (2, 3)):  # deal 2 should have been dealt by seat 1
        Deal.objects.create(table=table, number=number, dealer=dealer, trump="h", points=38,
                            points_other=22)
    assert org_client.post(url(table, "deals/2/"), deal_data(
        table, dealer=3, points=40)).status_code == 302
    response = org_client.post(url(table, "deals/1/"), deal_data(table, dealer=1, points=40))
    assert response.status_code == 400 and response.context["form"].errors["dealer"]


def test_the_printed_sheet_says_which_way_play_goes(organiser):
    from club.reports.sheets import SheetBuilder

    table = sheet_table(organiser, rules="french")
    data, _facts = round_sheets(table.round_id)
    html = SheetBuilder(data).html()
    assert "in playing order: play goes counter-clockwise" in html


def test_a_blind_sheet_offers_no_renonce_and_refuses_one(org_client, organiser):
    """RULES §13: in blind Manille every card is drawn at random, so nobody can revoke."""
    table = sheet_table(organiser, rules="blind")
    page = org_client.get(url(table))
    assert "renonce" not in page.context["form"].fields
    assert 'data-field="renonce"' not in body(page)
    before = snapshot(table)
    response = post(org_client, table, renonce=0, points=None, points_other=None)
    assert response.status_code == 400
    assert "nobody can revoke" in " ".join(response.context["form"].non_field_errors())
    assert snapshot(table) == before
    assert post(org_client, table, points=40, points_other=20).status_code == 302


def test_scoring_refuses_a_renonce_under_blind_rules():
    from scoring import DealResult, DealResultError, check_deal

    with pytest.raises(DealResultError) as caught:
        check_deal(DealResult(points=None, renonce=0, trump="h"), "blind")
    assert (caught.value.code, caught.value.field) == ("blind_no_renonce", "renonce")
    assert check_deal(DealResult(points=None, renonce=0, trump="h"), "house").renonce == 0


def test_a_blind_printed_sheet_has_no_renonce_note(organiser):
    from club.reports.sheets import SheetBuilder

    def legend(preset, **kwargs):  # the notes' legend under the table's own rules
        table = sheet_table(organiser, rules=preset, **kwargs)
        builder = SheetBuilder(round_sheets(table.round_id)[0])
        return builder.legend_of(table.round.stage.championship.rule_set.rules(), False)

    blind = legend("blind")
    assert "renonce by side" not in blind and "no renonce" in blind
    assert "R:B renonce by side B" in legend("house", slug="house")


def test_blind_and_spoken_rules_say_so_on_the_printed_sheet():
    blind = " ".join(sheet_legend(EngineRuleSet.preset("blind")))
    assert "Blind Manille" in blind and "no renonce" in blind
    spoken = " ".join(sheet_legend(EngineRuleSet(spoken=True)))
    assert "Spoken Manille" in spoken
    plain = " ".join(sheet_legend(EngineRuleSet()))
    assert "Blind Manille" not in plain and "Spoken Manille" not in plain


def test_with_the_trick_bonus_the_figures_are_not_called_card_points(org_client, organiser):
    from club.reports.sheet_grid import columns

    table = sheet_table(organiser, rules=club_rules("Tricks", preset="house", trick_bonus=True))
    page = body(org_client.get(url(table)))
    assert "Points (cards + tricks)" in page and "Card points" not in page
    printed = {c.group for c in columns(False, 4, tricks=True) if c.key.startswith("cards")}
    assert printed == {"Cards + tricks"}  # not "Points": Dutch says that of game points too
    assert "Cards + tricks: card points + 1 a trick (68)" in " ".join(
        sheet_legend(EngineRuleSet(trick_bonus=True)))
    plain = sheet_table(organiser, rules="flemish", slug="plain")
    assert "Card points" in body(org_client.get(url(plain)))
    assert {c.group for c in columns(False, 4) if c.key.startswith("cards")} == {"Card points"}


def test_editing_a_rule_set_frozen_by_a_published_round_says_why(org_client, organiser):
    from django.urls import reverse

    from club.forms_rules import RuleSetForm

    club = make_club("why", organiser=organiser)
    rules = club_rules("Ours")
    rules.club = club
    rules.save()
    champ = make_championship(club, entries=4, rules=rules)
    publish_round(draw_round(champ.stages.first(), seed=1))
    data = {k: v for k, v in RuleSetForm.initial_from(rules).items() if v is not None}
    data.update(name="Ours", target=51)
    data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    response = org_client.post(reverse("ruleset-edit", args=[rules.pk]), data, follow=True)
    assert response.status_code == 200
    text = " ".join(str(m) for m in response.context["messages"])
    assert "a round is published" in text and "recorded deals" not in text
    rules.refresh_from_db()
    assert rules.rules().target == 101


def test_a_deal_typed_on_a_sheet_someone_else_moved_on_is_a_conflict(organiser):
    """Two scorers load the sheet; the first saves deal 1. The second's deal 1 would now be
    deal 2 dealt by the wrong player, and the deal it edits may be gone: each is the
    other write's conflict (SheetConflict), not a refusal of the second scorer's facts."""
    from club.selectors.sheets import Actor, load_table
    from club.services import sheets as service
    from club.services.sheets import SheetConflict

    table = sheet_table(organiser)
    first = table.first_dealer
    facts = {"dealer": first, "trump": "h", "doubling": 1, "points": 38, "points_other": 22}
    stale = load_table(Actor(organiser), table.pk)  # loaded at version 0
    service.enter_deal(Actor(organiser), table.pk, 0, facts)
    with pytest.raises(SheetConflict):
        service.enter_deal(Actor(organiser), table.pk, 0, facts, ctx=stale)
    moved = load_table(Actor(organiser), table.pk)  # at version 1, one deal
    service.delete_deal(Actor(organiser), table.pk, 1, 1)
    with pytest.raises(SheetConflict):
        service.edit_deal(Actor(organiser), table.pk, 1, 1, {**facts, "points": 40,
                                                            "points_other": 20}, ctx=moved)
    assert not Deal.objects.filter(table=table).exists()
