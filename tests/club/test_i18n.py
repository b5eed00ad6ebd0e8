"""The interface in Flemish Dutch and Belgian French: pages follow the chosen language, and
the catalogs in club/locale are complete, well formed and compiled (the .mo holds exactly
what the .po says). The catalog checks parse the files with the standard library; msgfmt's
own check runs too where gettext is installed, but nothing here needs it."""

from __future__ import annotations

import gettext
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

import scoring
from club.metric_labels import METRIC_LABELS
from tests.factories import make_club, make_played_championship, make_players

LOCALE = Path(settings.BASE_DIR) / "club" / "locale"
LANGS = ("nl", "fr")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]")


# -- a small PO reader (stdlib only) ---------------------------------------------------------

def _unquote(text: str) -> str:
    text = text.strip()
    assert text.startswith('"') and text.endswith('"'), text
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    return re.sub(r'\\(.)', lambda m: escapes[m.group(1)], text[1:-1])


def read_po(path: Path) -> list[dict]:
    """Entries of a PO file: msgctxt, msgid, msgid_plural, msgstr (a dict of forms), flags.
    Obsolete entries (#~) are left out, as msgfmt leaves them out."""
    entries, entry, key = [], None, None

    def close():
        if entry is not None and entry.get("msgid") is not None:
            entries.append(entry)

    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip() or line.startswith("#~"):
            if not line.strip():
                close()
                entry, key = None, None
            continue
        if entry is None:
            entry = {"msgctxt": None, "msgid": None, "msgid_plural": None, "msgstr": {},
                     "flags": set()}
        if line.startswith("#,"):
            entry["flags"] |= {f.strip() for f in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if isinstance(key, int):
                entry["msgstr"][key] += _unquote(line)
            else:
                entry[key] += _unquote(line)
        else:
            word, _, rest = line.partition(" ")
            form = re.fullmatch(r"msgstr\[(\d+)\]", word)
            if form:
                key = int(form.group(1))
                entry["msgstr"][key] = _unquote(rest)
            elif word == "msgstr":
                key = 0
                entry["msgstr"][0] = _unquote(rest)
            else:
                assert word in ("msgctxt", "msgid", "msgid_plural"), line
                key = word
                entry[word] = _unquote(rest)
    return entries


def catalog(lang: str) -> tuple[dict, list[dict]]:
    entries = read_po(LOCALE / lang / "LC_MESSAGES" / "django.po")
    header = next(e for e in entries if e["msgid"] == "" and e["msgctxt"] is None)
    return header, [e for e in entries if e is not header]


# -- pages in the chosen language ------------------------------------------------------------

WORDS = {
    # page: {language: (words that must appear, English words that must not)}
    "home": {"nl": (["Clubs, spelers en koppels", "Taal", "3 leden"], ["No clubs yet", "members"]),
             "fr": (["Clubs, joueurs et doublettes", "Langue", "3 membres"], ["Language"])},
    "clubs": {"nl": (["Actieve leden", "Gemeente", "Exporteren"], ["Active members"]),
              "fr": (["Membres actifs", "Commune", "Exporter"], ["Active members"])},
    "login": {"nl": (["Aanmelden", "Wachtwoord"], ["Log in", "Password"]),
              "fr": (["Se connecter", "Mot de passe"], ["Log in", "Password"])},
    "standings": {"nl": (["Klassement", "Gerangschikt op Matchpunten", "Deelnemer", "Rang"],
                         ["Ranked by", "Match points", "Entry"]),
                  "fr": (["Classement", "Classé par Points de match", "Participant"],
                         ["Ranked by", "Match points", "Entry"])},
}


@pytest.fixture
def pages(db):
    club = make_club("gent")
    club.town = "Gent"
    club.save()
    make_players(club, 3)
    champ = make_played_championship(4, 2, club=make_club("namur"))
    champ.public = True
    champ.save(update_fields=["public"])
    return {"home": reverse("home"), "clubs": reverse("club-list"), "login": reverse("login"),
            "standings": reverse("championship-standings", args=[champ.pk])}


def _text(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", list(WORDS))
def test_page_follows_accept_language(client, pages, page, lang):
    html = _text(client.get(pages[page], HTTP_ACCEPT_LANGUAGE=lang))
    assert f'<html lang="{lang}">' in html
    present, absent = WORDS[page][lang]
    for word in present:
        assert word in html, f"{page} in {lang}: {word!r} missing"
    for word in absent:
        assert word not in html, f"{page} in {lang}: English {word!r} left"


@pytest.mark.parametrize("lang", LANGS)
def test_language_cookie_wins_over_the_browser(client, pages, lang):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    html = _text(client.get(pages["standings"], HTTP_ACCEPT_LANGUAGE="en"))
    assert f'<html lang="{lang}">' in html
    assert WORDS["standings"][lang][0][0] in html


def test_footer_switcher_sets_the_language_and_returns_to_the_page(client, pages):
    response = client.post(reverse("set_language"), {"language": "fr", "next": pages["clubs"]})
    assert response.status_code == 302 and response.url == pages["clubs"]
    html = _text(client.get(pages["clubs"]))
    assert "Membres actifs" in html
    assert '<option value="fr" lang="fr" selected>Français</option>' in html
    client.post(reverse("set_language"), {"language": "nl", "next": pages["clubs"]})
    assert "Actieve leden" in _text(client.get(pages["clubs"]))


def test_english_stays_the_default(client, pages):
    html = _text(client.get(pages["home"]))
    assert '<html lang="en">' in html
    assert "Clubs, players and pairs" in html
    assert "Clubs, spelers en koppels" not in html


def test_a_percent_sign_in_a_translated_heading_shows_once(client, db):
    html = _text(client.get(reverse("club-ranking"), HTTP_ACCEPT_LANGUAGE="nl"))
    assert "Gem. % gewonnen" in html and "%%" not in html


# -- the catalogs ----------------------------------------------------------------------------

@pytest.mark.pure  # run once (tests/passes.py)
@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_complete(lang):
    header, entries = catalog(lang)
    assert f"Language: {lang}\n" in header["msgstr"][0]
    assert "nplurals=2;" in header["msgstr"][0]
    assert len(entries) > 600
    problems = []
    for e in entries:
        name = (e["msgctxt"], e["msgid"])
        if "fuzzy" in e["flags"]:
            problems.append(("fuzzy", name))
        forms = 2 if e["msgid_plural"] is not None else 1
        if sorted(e["msgstr"]) != list(range(forms)) or not all(e["msgstr"].values()):
            problems.append(("untranslated", name))
    assert problems == []


@pytest.mark.pure  # run once (tests/passes.py)
@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_every_placeholder(lang):
    _, entries = catalog(lang)
    wrong = []
    for e in entries:
        wanted = set(PLACEHOLDER.findall(e["msgid_plural"] or e["msgid"]))
        for text in e["msgstr"].values():
            if set(PLACEHOLDER.findall(text)) != wanted:
                wrong.append((e["msgid"], text))
            if "python-format" in e["flags"] and text.count("%%") != e["msgid"].count("%%"):
                wrong.append((e["msgid"], text))
    assert wrong == []


@pytest.mark.pure  # run once (tests/passes.py)
@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalog_matches_the_po(lang):
    """The committed .mo holds exactly the .po's translations: nothing stale, nothing missing."""
    _, entries = catalog(lang)
    with open(LOCALE / lang / "LC_MESSAGES" / "django.mo", "rb") as mo:
        compiled = dict(gettext.GNUTranslations(mo)._catalog)
    compiled.pop("", None)
    expected = {}
    for e in entries:
        msgid = e["msgid"] if e["msgctxt"] is None else f"{e['msgctxt']}\x04{e['msgid']}"
        if e["msgid_plural"] is None:
            expected[msgid] = e["msgstr"][0]
        else:
            expected.update({(msgid, i): text for i, text in e["msgstr"].items()})
    assert compiled == expected


@pytest.mark.pure  # run once (tests/passes.py)
@pytest.mark.parametrize("lang", LANGS)
def test_msgfmt_accepts_the_catalog_when_gettext_is_installed(lang, tmp_path):
    """msgfmt --check: format strings, plural forms and the header. Without gettext the
    stdlib checks above stand alone."""
    msgfmt = shutil.which("msgfmt")
    po = LOCALE / lang / "LC_MESSAGES" / "django.po"
    if msgfmt is None:
        assert read_po(po)
        return
    done = subprocess.run([msgfmt, "--check", "--statistics", "-o", str(tmp_path / "x.mo"), str(po)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "untranslated" not in done.stderr and "fuzzy" not in done.stderr


@pytest.mark.pure  # run once (tests/passes.py)
def test_every_standings_metric_is_listed_for_translation():
    words = {e["msgid"] for e in catalog("nl")[1]} & {e["msgid"] for e in catalog("fr")[1]}
    for metric in scoring.METRICS.values():
        assert metric.name in METRIC_LABELS and metric.abbr in METRIC_LABELS, metric.key
        assert metric.name in words and metric.abbr in words, metric.key


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_language_menu_names_each_language_in_itself(client, db, lang):
    """A Dutch reader who landed on the French page must find "Nederlands", not "Néerlandais"."""
    import re

    page = client.get("/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    for code, name in (("en", "English"), ("nl", "Nederlands"), ("fr", "Français")):
        assert re.search(f'lang="{code}"( selected)?>{name}<', page), name


@pytest.mark.pure  # run once (tests/passes.py)
@pytest.mark.parametrize("lang, expected", [
    ("en", "30 November 2026 19:05"), ("nl", "30 november 2026 19:05"),
    ("fr", "30 novembre 2026 19:05")])
def test_dates_and_times_day_first_on_a_24_hour_clock(lang, expected):
    import datetime

    from django.utils import formats, translation

    moment = datetime.datetime(2026, 11, 30, 19, 5)
    with translation.override(lang):
        assert formats.date_format(moment, "DATETIME_FORMAT") == expected
        assert formats.date_format(moment, "SHORT_DATETIME_FORMAT").startswith("30")


@pytest.mark.pure  # run once (tests/passes.py)
def test_the_catalogs_hold_every_string_of_the_code(tmp_path):
    """makemessages, run on a copy of the code, finds no string the catalogs lack: a string
    added or changed in the code without its translation (Django would show it in English,
    and makemessages would mark the old translation fuzzy) fails here, not on a user's page."""
    if shutil.which("xgettext") is None:
        pytest.skip("xgettext (Debian's gettext) is not installed")
    base = Path(settings.BASE_DIR)
    junk = shutil.ignore_patterns("__pycache__", "*.pyc", "static", "*.mo")
    shutil.copy(base / "manage.py", tmp_path / "manage.py")
    for folder in ("club", "templates"):
        shutil.copytree(base / folder, tmp_path / folder, ignore=junk)
    done = subprocess.run(
        [sys.executable, "manage.py", "makemessages", *(f"-l{lang}" for lang in LANGS)],
        cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300,
        env={**os.environ, "PYTHONPATH": str(base)})  # engine and scoring: no strings
    assert done.returncode == 0, done.stderr
    for lang in LANGS:
        missing = [(e["msgctxt"], e["msgid"]) for e in read_po(
            tmp_path / "club" / "locale" / lang / "LC_MESSAGES" / "django.po")[1:]
            if "fuzzy" in e["flags"] or not all(e["msgstr"].values())]
        assert missing == [], f"{lang}: strings of the code without a translation: {missing}"
