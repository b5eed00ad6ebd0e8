"""Players not published are shown by initials (README "Privacy"): the rule that turns an
entry's typed name into the name the public sees (club.selectors.names)."""

from __future__ import annotations

import pytest

from club.models import Player
from club.selectors.names import initials, mentions, public_entry_name

pytestmark = pytest.mark.pure  # no database: run once (tests/passes.py)


def test_entry_names_rule():
    jan = Player(pk=1, first_name="Jan", last_name="Peeters", published=False)
    anna = Player(pk=2, first_name="Anna", last_name="Maes")
    assert initials("Jan", "Peeters") == "J. P."
    assert initials("", "") == "?"
    assert public_entry_name("Jan Peeters", [jan]) == "J. P."
    assert public_entry_name("Jan Peeters & Anna Maes", [jan, anna]) == "J. P. & Anna Maes"
    assert public_entry_name("peeters-maes", [jan, anna]) == "J. P. & Anna Maes"
    assert public_entry_name("De Kaartjes", [jan, anna]) == "De Kaartjes"  # kept as typed
    assert public_entry_name("Janssens & Co", [jan, anna]) == "Janssens & Co"  # a whole word
    lieve = Player(pk=3, first_name="Lieve", last_name="De Smet", published=False)
    assert public_entry_name("De Kaartjes", [lieve, anna]) == "De Kaartjes"  # "De" alone
    assert public_entry_name("Smet-Maes", [lieve, anna]) == "L. D. & Anna Maes"
    assert mentions("Team JAN", jan) and not mentions("Jantje", jan)
    jan.published = True
    assert public_entry_name("Jan Peeters & Anna Maes", [jan, anna]) == "Jan Peeters & Anna Maes"
