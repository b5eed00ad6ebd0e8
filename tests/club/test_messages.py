"""One message table: every code the pure layers can raise has a sentence, each sentence
formats with the sheet's parameters, and Dutch and French translate every one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import translation

from club import messages, messages_duplicate, messages_games
from engine.play import OBLIGATIONS

ROOT = Path(__file__).resolve().parents[2]
#: Codes made with an f-string, and the values they take.
DYNAMIC = {
    'f"{field}_type"': ("points_type", "tricks_type"),
    'f"{field}_negative"': ("points_negative", "tricks_negative"),
    'f"{name}_not_allowed"': ("points_not_allowed", "all_tricks_not_allowed",
                              "renonce_not_allowed", "tricks_not_allowed"),
}


def raised_codes() -> set[str]:
    """Every ``code=`` (and ``default_code``) in engine/ and scoring/, and every rule a
    renonce can break."""
    codes: set[str] = set()
    for path in [*ROOT.joinpath("engine").glob("*.py"), *ROOT.joinpath("scoring").rglob("*.py")]:
        source = path.read_text()
        for node in ast.walk(ast.parse(source)):
            values = []
            if isinstance(node, ast.Call):
                values = [k.value for k in node.keywords if k.arg == "code"]
                values += [v for v in node.args[3:4]
                           if isinstance(node.func, ast.Name) and node.func.id == "need"]
            elif isinstance(node, ast.Assign) and any(
                    getattr(t, "id", "") in ("default_code", "code") for t in node.targets):
                values = [node.value]
            elif isinstance(node, ast.arguments):  # def need(..., code: str = "option_invalid")
                values = [d for a, d in zip(node.args[-len(node.defaults):], node.defaults,
                                            strict=True) if a.arg == "code"] if node.defaults else []
            for value in values:
                text = ast.get_source_segment(source, value)
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    codes.add(value.value)
                elif text in DYNAMIC:
                    codes.update(DYNAMIC[text])
    rules = {name for name, _flag in OBLIGATIONS if name != "partner_winning_free"}
    return codes | rules | {"not_in_hand"}


def test_the_scan_finds_the_codes_it_should():
    found = raised_codes()
    assert {"points_total", "round_robin_full", "deal_state", "target_or_deals",
            "must_overtrump", "tricks_negative", "card_notation"} <= found
    assert len(found) > 90


def test_every_code_has_one_sentence():
    missing = raised_codes() - set(messages.table())
    assert not missing, f"codes without a sentence in club/messages.py: {sorted(missing)}"
    parts = (messages._sheet(), messages._play(), messages._setup(),
             messages_games.auction(), messages_games.options(), messages_games.duplicate(),
             messages_duplicate.movements())
    assert sum(map(len, parts)) == len(messages.table()), "a code has two sentences"


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_every_sentence_formats_with_and_without_the_sheet_parameters(language):
    full = dict.fromkeys(messages.PARAMS, "X")
    with translation.override(language):
        for code in messages.table():
            assert messages.explain(code, **full)
            assert "%(" not in messages.explain(code)


@pytest.mark.parametrize("language", ["nl", "fr"])
def test_dutch_and_french_translate_every_sentence(language):
    english = {}
    with translation.override("en"):
        english = {code: str(text) for code, text in messages.table().items()}
    with translation.override(language):
        same = [code for code, text in messages.table().items()
                if str(text) == english[code]]
    assert not same, f"untranslated in {language}: {same}"


def test_an_unknown_code_never_shows_english_from_the_engine():
    class Odd(ValueError):
        code, field = "no_such_code", "points"

    with translation.override("en"):
        assert messages.explain(Odd("internal English")) == "points is not valid."


def test_the_championship_form_says_a_format_refusal_in_the_users_words(client, db):
    """The match format's English message reached the page (issue 15 point 7)."""
    from django.urls import reverse

    from tests.factories import make_club, make_user

    organiser = make_user("org-format")
    club = make_club("format-club", organiser=organiser)
    client.force_login(organiser)
    response = client.post(reverse("championship-create", args=[club.slug]), {
        "name": "Cup", "entry_type": "pairs", "format_kind": "best_of", "format_count": "",
        "rank_1": "match_points"}, HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 400
    body = response.content.decode()
    with translation.override("nl"):
        assert messages.explain("count_invalid") in body
    assert "needs a whole number of games or deals" not in body
