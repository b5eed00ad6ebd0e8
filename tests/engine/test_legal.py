"""Legal play: every obligation of RULES.md section 5 under each preset, the worked examples."""

from __future__ import annotations

import pytest

from engine import Card, CardError, CardSet, EngineError, RuleSet, legal_cards, trick_winner

PRESET_NAMES = ("house", "flemish", "pagat", "french")


def cards(text: str) -> set[Card]:
    return set(CardSet.parse(text))


# name: (hand, trick (lead first; the player sits at len(trick), same parity = partner),
#        trump, {preset or "rest": expected legal cards}); "rest" covers the other presets.
SCENARIOS = {
    "rule 2: worked example, beat the opponent's J♣": (
        "Qc 7c Kd 8h", "Jc", "d", {"french": "Qc 7c", "rest": "Qc"}),
    "rule 2: cannot beat, any club": ("Qc 7c Kd", "Ac", "d", {"rest": "Qc 7c"}),
    "rule 4: partner winning, any club": ("Qc 7c Kd", "Jc 9c", "d", {"rest": "Qc 7c"}),
    "rule 4: partner winning after an opponent": ("Ac 7c", "Jc Kc Qc", "d", {"rest": "Ac 7c"}),
    "rule 2: opponent winning after the partner": (
        "Kc 7c 10h", "Jc 9c Qc", "d", {"french": "Kc 7c", "rest": "Kc"}),
    "rule 2: trumped trick, holding the led suit, just follow": (
        "Ac 8c 9d", "Kc 7d", "d", {"rest": "Ac 8c"}),
    "rule 2: trump lead, beat the opponent's trump": (
        "Ad 7d 8c", "Kd", "d", {"french": "Ad 7d", "rest": "Ad"}),
    "rule 4: trump lead, partner winning": ("Ad 7d", "Kd 9d", "d", {"rest": "Ad 7d"}),
    "trump lead, void in trumps: anything": ("7c 8h", "Kd", "d", {"rest": "7c 8h"}),
    "rule 3: void, opponent winning: trump": (
        "7d Qd 8h 9s", "Kc", "d", {"french": "7d Qd 8h 9s", "rest": "7d Qd"}),
    "rule 4: void, partner winning: no duty to trump": ("7d 8h", "Kc 8c", "d", {"rest": "7d 8h"}),
    "rule 3: void, opponent trumped: over-trump": (
        "Qd 7d 8h", "Kc Jd", "d", {"french": "Qd 7d 8h", "rest": "Qd"}),
    "rule 3: over-trump the opponent who over-trumped the partner": (
        "Jd Ad 8h", "Kc 9d Qd", "d", {"french": "Jd Ad 8h", "rest": "Ad"}),
    "rule 5: cannot over-trump: no under-trump (house)": (
        "7d 8h", "Kc Ad", "d", {"house": "8h", "rest": "7d 8h"}),
    "rule 5: only lower trumps left: play one": ("7d 8d", "Kc Ad", "d", {"rest": "7d 8d"}),
    "rule 5: partner trumped: over-trump or discard, no under-trump (house)": (
        "7d Ad 9h", "Kc Qd Jc", "d", {"house": "Ad 9h", "rest": "7d Ad 9h"}),
    "rule 6: no trump: beat in the led suit": (
        "Qc 7c 10d", "Jc", None, {"french": "Qc 7c", "rest": "Qc"}),
    "rule 6: no trump, void: anything": ("10d 7h", "Jc", None, {"rest": "10d 7h"}),
    "leading: anything": ("10d 7h Ac", "", "h", {"rest": "10d 7h Ac"}),
}


def expected_for(table: dict[str, str], preset: str) -> set[Card]:
    return cards(table.get(preset, table["rest"]))


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_each_obligation_under_each_preset(name, preset):
    hand, trick, trump, table = SCENARIOS[name]
    legal = legal_cards(list(CardSet.parse(hand)), trick.split(), trump, preset)
    assert legal == expected_for(table, preset)


# Each option switched off alone, from the house rules: the scenario it governs changes.
@pytest.mark.parametrize(("option", "name", "expected"), [
    ("beat_led_suit", "rule 2: worked example, beat the opponent's J♣", "Qc 7c"),
    ("must_trump", "rule 3: void, opponent winning: trump", "7d Qd 8h 9s"),
    ("must_overtrump", "rule 3: void, opponent trumped: over-trump", "Qd 8h"),
    ("no_undertrump", "rule 5: cannot over-trump: no under-trump (house)", "7d 8h"),
    ("no_undertrump", "rule 5: partner trumped: over-trump or discard, no under-trump (house)",
     "7d Ad 9h"),
    ("partner_winning_free", "rule 4: partner winning, any club", "Qc"),
    ("partner_winning_free", "rule 4: void, partner winning: no duty to trump", "7d"),
    ("partner_winning_free", "rule 4: trump lead, partner winning", "Ad"),
])
def test_each_option_governs_its_own_case(option, name, expected):
    hand, trick, trump, table = SCENARIOS[name]
    house = RuleSet.preset("house")
    changes = {option: False} | ({"must_overtrump": False} if option == "must_trump" else {})
    assert legal_cards(hand.split(), trick.split(), trump, house) == expected_for(table, "house")
    assert legal_cards(hand.split(), trick.split(), trump, house.replace(**changes)) == cards(expected)


def test_without_follow_suit_anything_goes():
    rules = RuleSet(follow_suit=False, beat_led_suit=False)
    assert legal_cards(["Qc", "7c", "Kd"], ["Jc"], "d", rules) == cards("Qc 7c Kd")


def test_worked_example_from_the_house_rules():
    # Trump diamonds; an opponent leads J♣; your clubs are Q♣ and 7♣: only Q♣.
    assert legal_cards(["Qc", "7c", "8h", "9s", "Kd"], ["Jc"], trump="d") == {Card.parse("Qc")}


def test_worked_trick_from_the_flemish_text():
    # Trump hearts; order of play 2, 4, 3, 1; 1 and 4 partners. Player 2 leads K♠.
    trick = ["Ks"]
    assert legal_cards(["As", "9s", "7h"], trick, "h", "flemish") == {Card.parse("As")}
    trick.append("As")  # player 4 must beat the opponent
    assert legal_cards(["7s", "Js", "10d"], trick, "h", "flemish") == cards("7s Js")
    trick.append("7s")  # player 3 cannot beat A♠
    assert Card.parse("8s") in legal_cards(["8s", "Qs", "10s"], trick, "h", "flemish")
    assert legal_cards(["8s", "Qs", "10s"], trick, "h", "flemish") == cards("8s Qs 10s")
    trick.append("8s")  # player 1's partner is winning: may play low
    winner = trick_winner(trick, "h")
    assert trick[winner] == "As" and winner % 2 == 1  # player 4's side
    assert sum(Card.parse(c).points for c in trick) == 7


def test_six_players_partners_by_parity():
    six = RuleSet(players=6)
    trick = ["Kc", "Ac", "7c", "8c", "9c"]  # the partner at position 1 wins with A♣
    assert legal_cards(["10c", "Jc"], trick, "h", six) == cards("10c Jc")
    trick = ["Kc", "9c", "Ac", "8c", "7c"]  # an opponent (position 2) wins
    assert legal_cards(["10c", "Jc"], trick, "h", six) == cards("10c")


@pytest.mark.parametrize(("trick", "trump", "winner"), [
    ("Ks As 7s 8s", "h", 1),
    ("Ks As 7h 10s", "h", 2),
    ("Ks As 7h 8h", "h", 3),
    ("Jc 10d Qc 9c", None, 2),
    ("Jc 10d Qc 9c", "c", 2),
    ("7d 10c Ac Kc", "h", 0),
    ("9s", "s", 0),
])
def test_trick_winner(trick, trump, winner):
    assert trick_winner(trick.split(), trump) == winner


@pytest.mark.parametrize(("hand", "trick", "rules", "code", "words"), [
    (["Ac"], ["Kc"], RuleSet(players=3), "partners_unknown", "3 players"),
    (["Ac"], ["Kc", "Qc", "Jc", "9c"], "house", "trick_size", "at most 3 cards"),
    (["Ac", "Kc"], ["Kc"], "house", "card_twice", "twice"),
])
def test_legal_cards_errors_carry_a_code(hand, trick, rules, code, words):
    with pytest.raises(EngineError, match=words) as info:
        legal_cards(hand, trick, "h", rules)
    assert info.value.code == code and isinstance(info.value, ValueError)


def test_legal_cards_rejects_bad_input():
    with pytest.raises(CardError, match="'x'") as info:
        legal_cards(["Ac"], ["Kc"], "x")
    assert info.value.field == "trump"
    with pytest.raises(ValueError, match="unknown rule set"):
        legal_cards(["Ac"], ["Kc"], "h", "belote")
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner([], "h")
