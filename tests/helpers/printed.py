"""The printed record's world (issue 28 points 1-2): a round of every sheet kind played with
long names, its PDFs rendered once each and read back, and what WeasyPrint laid out of each
text block (to find a line wider than its box: text the page would cut).

- :func:`build_world`: a partnership round (Flemish, an individual event: a table of four
  and a table of three, two games at the four with every note a deal can carry), an
  auction round of each game (tables of 3 and 7), a duplicate session played through
  (standings); every player's name 30 characters long. Deal 1 of the partnership round's
  table of four is entered trick by trick (the play analysis).
- :func:`render`: a PDF's text (pypdf) and its cut lines (:func:`cut_lines`).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from pypdf import PdfReader

from club.models import Deal, Entry, Pair, Player, Round, RuleSet, Seat, Table
from club.services.results import rebuild_table_results
from tests.factories import make_championship, make_club
from tests.helpers.sheets import random_play

#: Names of 30 characters (first and last name together, with the space).
LONG_NAMES = [
    ("Marie-Christine", "Vandenbrouck-D"),
    ("Hans-Jürgen", "Schwarzenberger-Va"),
    ("Jean-Baptiste", "Vanderlinden-Mes"),
    ("Anne-Sophie", "Dewaele-Verstraete"),
    ("Pieter-Jan", "Vercruysse-De Smedt"),
    ("Marie-Louise", "Van Hoorebeke-Bos"),
    ("Charles-Henri", "De Bethune-Verme"),
]
assert all(len(f"{first} {last}") == 30 for first, last in LONG_NAMES)


def _rename(players) -> None:
    for i, player in enumerate(players):
        first, last = LONG_NAMES[i % len(LONG_NAMES)]
        Player.objects.filter(pk=player.pk).update(first_name=first, last_name=last)


def _seat(round_, number: int, entries, *, keeper: int = 2, first_dealer: int = 0,
          code: str = "") -> Table:
    table = Table.objects.create(round=round_, number=number, code=code, sheet_keeper=keeper,
                                 first_dealer=first_dealer)
    Seat.objects.bulk_create(Seat(table=table, position=i, side=i % 2 if len(entries) == 4
                                  else i, entry=e, player=e.player)
                             for i, e in enumerate(entries))
    return table


def _deals(table: Table, facts: list[dict]) -> None:
    seats = table.seats.count()
    Deal.objects.bulk_create(Deal(table=table, number=n, dealer=(table.first_dealer + n - 1)
                                  % seats, **f) for n, f in enumerate(facts, 1))
    rebuild_table_results(Table.objects.select_related("round__stage__championship")
                          .get(pk=table.pk))


#: Table 1 of the partnership round (Flemish: mee/tegen, target 101), first dealer seat 0,
#: sides A = seats 0, 2 and B = seats 1, 3. Game 1: all tricks (60), then no trump doubled
#: (mee) and all tricks: A 60 + 120 -> won by A on a deal with a long note. Game 2: a tie,
#: a renonce by A (B 60 x2), a cancelled deal, 45 doubled (30), 45 (15): 105, won by B.
FOUR_DEALS = [
    {"trump": "h", "points": 60, "points_other": 0, "all_tricks": 0},
    # dealer seat 1 (side B): seat 0 (A) goes along (mee), seat 3 (B) against (tegen) x4,
    # no trump x2: all tricks by A: (60 - 30) x 2 (AT) x 4 x 2 = 480
    {"trump": None, "points": 60, "points_other": 0, "all_tricks": 0, "doubling": 4,
     "calls": [0, 3]},
    {"trump": "s", "points": 30, "points_other": 30},
    {"trump": "c", "renonce": 0, "points": None, "points_other": None},
    {"trump": "d", "points": None, "points_other": None, "cancelled": True},
    {"trump": "d", "points": 15, "points_other": 45, "doubling": 2, "calls": [2]},
    {"trump": "c", "points": 15, "points_other": 45},
]
#: The cards of deal 1 at table 1 (trump hearts, dealer seat 0), trick by trick: a legal
#: deal (``tests.helpers.sheets.random_play(1)``) for the play analysis.
PLAYED_TRICKS = [trick.split() for trick in random_play(1)[0].splitlines()]
#: Table 2 (three players, 51 in play): the dealer alone against the partners.
THREE_DEALS = [
    {"trump": "h", "points": 51, "points_other": 0, "all_tricks": 0},
    {"trump": "c", "points": 30, "points_other": 21},
    {"trump": "d", "points": 20, "points_other": 31},
    {"trump": "s", "points": 51, "points_other": 0, "all_tricks": 0},
]


@dataclass
class World:
    partnership: Round
    auctions: dict[str, Round] = field(default_factory=dict)
    duplicate: object = None


def partnership_round() -> Round:
    champ = make_championship(make_club("printed"), entries=7, entry_type="individual",
                              rules="flemish", self_entry=True,
                              name="Kampioenschap van de Koninklijke Troefclub",
                              match_format={"kind": "games", "count": 2, "minutes": None})
    entries = list(Entry.objects.filter(championship=champ).select_related("player")
                   .order_by("pk"))
    _rename([e.player for e in entries])
    for e in Entry.objects.filter(championship=champ).select_related("player"):
        Entry.objects.filter(pk=e.pk).update(name=e.player.full_name)
    rnd = Round.objects.create(stage=champ.stages.get(), number=1, seed=5,
                               status=Round.Status.CLOSED)
    four = _seat(rnd, 1, entries[:4], code="PRINT01")
    three = _seat(rnd, 2, entries[4:], keeper=1, first_dealer=1, code="PRINT02")
    _deals(four, FOUR_DEALS)
    # deal 1 (trump hearts, dealer seat 0) entered trick by trick: the play analysis
    Deal.objects.filter(table=four, number=1).update(play={"tricks": PLAYED_TRICKS})
    _deals(three, THREE_DEALS)
    Table.objects.filter(pk=three.pk).update(
        decision=Table.Decision.PLAYED,
        decision_reason="Time ran out before the last game could be finished")
    return rnd


def auction_round(preset: str, played: bool) -> Round:
    """Tables of 3 and 7 of an auction game; ``played``: a few deals at each."""
    champ = make_championship(make_club(f"printed-{preset}"), entries=10,
                              entry_type="individual",
                              rules=RuleSet.objects.get(club=None, preset=preset),
                              match_format={"kind": "deals", "count": 12, "minutes": None},
                              self_entry=True, name="Veilingmanille van de Troefclub")
    entries = list(Entry.objects.filter(championship=champ).select_related("player")
                   .order_by("pk"))
    _rename([e.player for e in entries])
    for e in Entry.objects.filter(championship=champ).select_related("player"):
        Entry.objects.filter(pk=e.pk).update(name=e.player.full_name)
    entries = list(Entry.objects.filter(championship=champ).select_related("player")
                   .order_by("pk"))
    rnd = Round.objects.create(stage=champ.stages.get(), number=1, seed=7,
                               status=Round.Status.PUBLISHED)
    for number, group in ((1, entries[:3]), (2, entries[3:])):
        table = Table.objects.create(round=rnd, number=number, code=f"AUC{number:02d}",
                                     sheet_keeper=1)
        Seat.objects.bulk_create(Seat(table=table, position=i, side=i, entry=e, player=e.player)
                                 for i, e in enumerate(group))
        if played and preset != "auction1":
            _deals(table, [{"declarer": 1, "contract": 40, "points": 44, "trump": "h"},
                           {"declarer": None},
                           {"declarer": 2, "contract_all": True, "points": 68 if len(group) == 3
                            else 64, "trump": None}])
    return rnd


def duplicate_session():
    """A 4-pair Howell of one board a round, the players renamed before the event is made
    (its pairs keep the names they had then), every board played (``play_session``): the
    standings have every pair."""
    from club.services.duplicate import create_event
    from club.services.duplicate_sim import play_session
    from tests.helpers.duplicate import make_pairs

    club = make_club("printed-dup")
    pairs = make_pairs(club, 4)
    _rename([player for pair in pairs for player in (pair.first, pair.second)])
    pairs = list(Pair.objects.filter(pk__in=[pair.pk for pair in pairs])
                 .select_related("first", "second").order_by("pk"))
    event = create_event(club, name="Parenwedstrijd van de Troefclub",
                         rule_set=RuleSet.objects.get(club=None, preset="house"),
                         movement="howell", boards_per_round=1, pairs=pairs, seed="test",
                         public=False, rounds=None, sessions=1, entered=False)
    session = event.sessions.get()
    play_session(session)
    return session


def build_world() -> World:
    world = World(partnership_round())
    for preset in ("auction1", "auction2", "auction3"):
        world.auctions[preset] = auction_round(preset, played=preset == "auction2")
    world.duplicate = duplicate_session()
    return world


# -- reading a PDF back --------------------------------------------------------------------

@dataclass
class Printed:
    """A rendered PDF: each page's text, and the text lines wider than their box."""

    pages: list[str]
    cut: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.pages)

    @property
    def words(self) -> str:
        """The text with every run of white space one space (a wrapped line reads on)."""
        return " ".join(self.text.split())


def cut_lines(document) -> list[str]:
    """Every laid-out line of text (a rendered WeasyPrint ``document``) that ends past the
    right edge of its block, or below a block of a set height, or off the page: the page
    clips it (``overflow: hidden``)."""
    from weasyprint.layout.absolute import AbsolutePlaceholder

    out: list[str] = []

    def walk(box, clip, number):
        box = box._box if isinstance(box, AbsolutePlaceholder) else box
        if getattr(box, "element_tag", None) == "div" and not hasattr(box, "text"):
            right = box.content_box_x() + box.width
            bottom = box.content_box_y() + box.height
            clip = (min(clip[0], right), min(clip[1], bottom))
        if hasattr(box, "text"):  # a text box: the end of its line, its foot
            end = box.position_x + box.margin_width()
            foot = box.position_y + box.margin_height()
            if end > clip[0] + 0.5 or foot > clip[1] + 0.5:  # px (1/96 in): half a pixel
                out.append(f"page {number}: {box.text!r} ends {end - clip[0]:.1f}px right "
                           f"and {foot - clip[1]:.1f}px below its box")
        for child in getattr(box, "children", None) or ():
            walk(child, clip, number)

    for number, page in enumerate(document.pages, 1):
        root = page._page_box
        walk(root, (root.margin_width(), root.margin_height()), number)
    return out


def render(html: str) -> Printed:
    """The PDF of ``html`` (rendered once) read back, with its cut lines."""
    from weasyprint import HTML

    document = HTML(string=html, base_url=None).render()
    reader = PdfReader(io.BytesIO(document.write_pdf()))
    return Printed([page.extract_text() for page in reader.pages], cut_lines(document))
