"""Names as the public sees them (privacy; README "Privacy").

A player who is **not published** (``Player.published`` off) is shown to the public by
initials, "J. P."; the organisers of the player's club (and staff) see the full name. The
rule is applied when a page, an export or a PDF is rendered, here and only here:

- a player: :func:`public_player_name`;
- an entry (``Entry.name`` and ``Pair.name`` are stored strings): an individual entry is
  its player's public name; a pair keeps the name the organiser typed, unless that name
  mentions a not-published player (any word of their first or last name, as a whole
  word, case aside): then it is the two players' public names, "J. P. & Anna Peeters"
  (:func:`public_entry_name`);
- a championship's entries: :func:`hidden_entry_names` finds, in one query, the entries
  whose public name differs (usually none), so a page of 500 rows adds no query per row.

An anonymised player's names were overwritten (:mod:`club.services.privacy`): they are no
secret and are shown as stored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from django.db.models import Q, QuerySet

from club.models import Entry, Player


def initials(first_name: str, last_name: str) -> str:
    """ "Jan", "Peeters" -> "J. P." (the first letter of each name; "?" for none).

    >>> initials("Hans-Jürgen", "van den Broeck")
    'H. V.'
    """
    letters = [name.strip()[0].upper() + "." for name in (first_name, last_name)
               if name.strip()]
    return " ".join(letters) or "?"


def hidden(player: Player) -> bool:
    """Whether the public sees ``player`` by initials."""
    return not player.published and player.anonymised_at is None


def public_player_name(player: Player) -> str:
    """The player's name as the public sees it: the full name, or initials when hidden."""
    if hidden(player):
        return initials(player.first_name, player.last_name)
    return player.full_name


def player_name(player: Player, reveal: bool) -> str:
    """The full name for a viewer who may see it (``reveal``), else the public name."""
    return player.full_name if reveal else public_player_name(player)


#: Name particles that say nothing alone ("De Smet" is named by "Smet", or by "De Smet").
PARTICLES = frozenset({"da", "de", "del", "della", "den", "der", "des", "di", "du", "het",
                       "la", "le", "les", "ten", "ter", "van", "vande", "vanden", "vander",
                       "von", "zu"})


def names_words(player: Player) -> list[str]:
    """What names the player in a text: the first name and the name as typed, and each of
    their words of two letters or more that is not a particle ("Van den Broeck": "Van den
    Broeck", "Broeck")."""
    phrases = [p.strip() for p in (player.first_name, player.last_name) if p.strip()]
    words = [w for w in re.split(r"[\s\-–&,.'/()]+", " ".join(phrases))
             if len(w) >= 2 and w.lower() not in PARTICLES]
    return list(dict.fromkeys(phrases + words))


def mentions(name: str, player: Player) -> bool:
    """Whether ``name`` contains a word of the player's first or last name (a whole word,
    case aside): "Peeters – Maes" mentions Jan Peeters, "De Kaartjes" does not."""
    return any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", name, re.IGNORECASE)
               for word in names_words(player))


def public_entry_name(name: str, players: Sequence[Player]) -> str:
    """An entry's name as the public sees it; ``players`` are the entry's players (one, or
    the pair's two, in the pair's order)."""
    concealed = [p for p in players if hidden(p)]
    if not concealed:
        return name
    if len(players) == 1:
        return public_player_name(players[0])
    if any(mentions(name, p) for p in concealed):
        return " & ".join(public_player_name(p) for p in players)
    return name


def entry_players(entry: Entry) -> list[Player]:
    """The entry's players (its ``player``, or its pair's two): loaded with the entry."""
    if entry.player_id:
        return [entry.player]
    return [entry.pair.first, entry.pair.second]


def _concealing() -> Q:
    def of(path: str) -> Q:
        return Q(**{f"{path}__published": False, f"{path}__anonymised_at__isnull": True})
    return of("player") | of("pair__first") | of("pair__second")


def hidden_entry_names(entries: QuerySet[Entry]) -> dict[int, str]:
    """Entry id -> public name, for those of ``entries`` whose public name is not their
    stored name (entries with a not-published player; usually none). One query."""
    rows = entries.filter(_concealing()).select_related("player", "pair__first",
                                                        "pair__second")
    out = {}
    for entry in rows:
        public = public_entry_name(entry.name, entry_players(entry))
        if public != entry.name:
            out[entry.pk] = public
    return out


def seat_entry_names(seats: Iterable) -> dict[int, str]:
    """Entry id -> public name for the entries of ``seats`` (seats with their ``player``
    and ``entry`` loaded: an entry's players are its seats at the table, in seat order),
    with no query."""
    by_entry: dict[int, list] = {}
    for seat in seats:
        by_entry.setdefault(seat.entry_id, []).append(seat)
    out = {}
    for entry_id, rows in by_entry.items():
        out[entry_id] = public_entry_name(rows[0].entry.name, [s.player for s in rows])
    return out


def conceal_seats(seats: Iterable) -> None:
    """Show a table's names as the public sees them on a page that reads them off the
    seats (the sheet opened by the table's code, its forms and tricks): each entry's name
    and each hidden player's names are replaced, on these objects only (never saved)."""
    seats = list(seats)
    names = seat_entry_names(seats)
    for seat in seats:
        seat.entry.name = names[seat.entry_id]
    for seat in seats:
        player = seat.player
        if hidden(player):
            player.first_name = initials(player.first_name, "")
            player.last_name = initials("", player.last_name)
