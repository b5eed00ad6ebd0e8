"""Page semantics for screen readers (issue 29, point 8), asserted on the pages as served
(Django's test client and the standard library's HTML parser, no browser): the skip link
first, sortable headers with ``aria-sort`` and abbreviations in ``<abbr>``, repeated controls
that name their row, symbols with words for screen readers, the projector's header row."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from club.models import ClubRole, Deal, Table
from tests.factories import make_user
from tests.helpers.auction import played_round
from tests.helpers.sheets import deal_data, sheet_table, url

pytestmark = pytest.mark.django_db

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Node:
    def __init__(self, tag: str, attrs: dict, parent: Node | None):
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def hidden(self) -> bool:
        return self.attrs.get("aria-hidden") == "true"

    def text(self) -> str:
        """All the text inside, as the eye reads it (visually hidden text included)."""
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def heard(self) -> str:
        """The text a screen reader reads: without what is ``aria-hidden``."""
        return "".join(c if isinstance(c, str) else ("" if c.hidden() else c.heard())
                       for c in self.children)

    def name(self) -> str:
        """The accessible name of a button or link: its aria-label, else its heard text."""
        return " ".join((self.attrs.get("aria-label") or self.heard()).split())

    def walk(self):
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.walk()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs) -> list[Node]:
        return [n for n in self.walk() if (tag is None or n.tag == tag)
                and (cls is None or cls in n.classes())
                and all(n.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())]


class Page(HTMLParser):
    """A page's element tree."""

    def __init__(self, html: str):
        super().__init__()
        self.root = Node("#document", {}, None)
        self.current = self.root
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: ("" if v is None else v) for k, v in attrs}, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(
            Node(tag, {k: ("" if v is None else v) for k, v in attrs}, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)

    def find_all(self, *args, **kwargs) -> list[Node]:
        return self.root.find_all(*args, **kwargs)


def focusable(node: Node) -> bool:
    a = node.attrs
    if "disabled" in a or a.get("tabindex", "").startswith("-"):
        return False
    if node.tag == "a":
        return "href" in a
    if node.tag == "input":
        return a.get("type") != "hidden"
    return node.tag in {"button", "select", "textarea"} or "tabindex" in a


def get(client, path) -> Page:
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return Page(response.content.decode())


@pytest.fixture
def world(organiser):
    """A public championship's published round of two tables (Pair 1 … Pair 4), and a
    scorer besides the organiser in its club; returns table 1."""
    table = sheet_table(organiser, slug="sem", public=True)
    ClubRole.objects.create(user=make_user("scorer-sam"), club=table.round.stage.championship.club,
                            role=ClubRole.Role.SCORER)
    return table


def pages(table) -> dict[str, str]:
    champ = table.round.stage.championship
    return {"home": "/", "clubs": reverse("club-list"),
            "members": reverse("club-members", args=[champ.club.slug]),
            "standings": reverse("championship-standings", args=[champ.pk]),
            "entries": reverse("championship-entries", args=[champ.pk]),
            "round": reverse("round-detail", args=[table.round_id]),
            "sheet": url(table)}


@pytest.mark.parametrize("which", ["home", "clubs", "members", "standings", "entries",
                                   "round", "sheet"])
def test_the_skip_link_comes_first_and_leads_to_the_content(org_client, world, which):
    page = get(org_client, pages(world)[which])
    first = next(n for n in page.root.walk() if focusable(n))
    assert first.tag == "a" and "skip-link" in first.classes()
    assert first.attrs["href"] == "#main" and first.name() == "Skip to the content"
    targets = page.find_all(id="main")
    assert [t.tag for t in targets] == ["main"]
    # the target takes the focus when the link is followed
    assert targets[0].attrs.get("tabindex") == "-1"


def test_the_sorted_column_says_so_and_only_it(org_client, world):
    page = get(org_client, reverse("club-list"))
    headers = page.find_all("th")
    sorted_ = [h for h in headers if "aria-sort" in h.attrs]
    assert [(h.text().strip(), h.attrs["aria-sort"]) for h in sorted_] == [("Club", "ascending")]
    assert all(h.attrs.get("scope") == "col" for h in headers)

    champ = world.round.stage.championship
    page = get(org_client, reverse("championship-standings", args=[champ.pk]) + "?sort=-name")
    sorted_ = [h for h in page.find_all("th") if "aria-sort" in h.attrs]
    assert [(h.text().strip(), h.attrs["aria-sort"]) for h in sorted_] == [("Entry", "descending")]
    # the header's link sorts the other way next time
    link = sorted_[0].find_all("a")[0]
    assert "sort=name" in link.attrs["href"]


def test_abbreviated_standings_headers_are_abbr_with_their_words(org_client, world):
    champ = world.round.stage.championship
    page = get(org_client, reverse("championship-standings", args=[champ.pk]))
    abbrs = {a.text().strip(): a.attrs.get("title") for th in page.find_all("th")
             for a in th.find_all("abbr")}
    assert abbrs.get("MP") == "Match points"
    assert all(title for title in abbrs.values())
    assert len(abbrs) >= 2
    # a header with words of its own is not an abbreviation
    assert not page.find_all("th")[1].find_all("abbr")


def test_the_withdraw_buttons_name_their_entry(org_client, world):
    champ = world.round.stage.championship
    page = get(org_client, reverse("championship-entries", args=[champ.pk]))
    names = [b.name() for b in page.find_all("button", cls="link") if "withdraw" in b.text()]
    assert names == [f"withdraw {entry.name}" for entry in champ.entries.order_by("pk")]
    assert len(set(names)) == champ.entries.count() == 4
    hidden = page.find_all("button", cls="link")[-1].find_all("span", cls="vh")
    assert [s.text() for s in hidden] == [" Pair 4"]


def test_the_draws_sheet_links_name_their_table(org_client, world):
    page = get(org_client, reverse("round-detail", args=[world.round_id]))
    links = page.find_all("a", cls="sheet-link")
    assert [a.name() for a in links] == ["sheet · table 1", "sheet · table 2"]
    assert [a.find_all("span", cls="vh")[0].text() for a in links] == [" · table 1",
                                                                        " · table 2"]


def test_the_role_buttons_name_their_member(org_client, world):
    club = world.round.stage.championship.club
    page = get(org_client, reverse("club-members", args=[club.slug]))
    buttons = [b.name() for b in page.find_all("button")]
    assert "Change role · scorer-sam" in buttons
    assert "Remove role · scorer-sam" in buttons
    assert "Change role" not in buttons and "Remove role" not in buttons
    selects = [s for body in page.find_all("tbody") for s in body.find_all("select", name="role")]
    assert [s.attrs.get("aria-label") for s in selects] == ["New role for scorer-sam"]


def symbol_with_words(cell: Node, symbol: str) -> str:
    """The words that go with ``symbol`` in ``cell``: the symbol itself is aria-hidden, the
    visually hidden span next to it says what it means."""
    shown = [s for s in cell.walk() if s.hidden() and s.text().strip() == symbol]
    assert shown, (symbol, cell.text())
    words = [s.text().strip() for s in shown[0].parent.find_all("span", cls="vh")]
    assert words and symbol not in cell.heard()
    return words[0]


def test_the_sheets_symbols_have_words(org_client, world):
    response = org_client.post(url(world), deal_data(world, trump="h"))
    assert response.status_code == 302, response.content.decode()[:1500]
    response = org_client.post(url(world), deal_data(world, trump="s", points=40))
    assert response.status_code == 302, response.content.decode()[:1500]
    assert Deal.objects.filter(table=world).count() == 2
    page = get(org_client, url(world))
    deals = [tr for tr in page.find_all("tr") if tr.attrs.get("id", "").startswith("deal-")]
    trumps = [tr.find_all("td", cls="trump")[0] for tr in deals]
    assert [symbol_with_words(td, s) for td, s in zip(trumps, "♥♠")] == ["hearts", "spades"]
    # the entry row's trump buttons: a symbol heard as its suit's name
    labels = {lab.find_all("input")[0].attrs["value"]: lab.name()
              for lab in page.find_all("label", cls="seg-btn")}
    assert labels["h"] == "hearts" and labels["d"] == "diamonds"
    assert labels["c"] == "clubs" and labels["s"] == "spades"
    # "Save ⏎": the key's symbol is not read out
    save = page.find_all("button", cls="e-save")[0]
    assert "⏎" in save.text() and save.name() == "Save"
    # the correction links: a pencil named by its deal
    assert [a.name() for tr in deals for a in tr.find_all("a")] == ["Correct deal 1",
                                                                    "Correct deal 2"]
    # the header cells without words of their own still have them
    last = page.find_all("th", cls="act")[0]
    assert last.name() == "Correct"


def test_the_multiplier_header_has_words(org_client, organiser):
    table = sheet_table(organiser, rules="flemish", slug="dbl")
    page = get(org_client, url(table))
    headers = page.find_all("th", cls="dbl")
    assert headers, "the Flemish sheet shows no multiplier column"
    assert symbol_with_words(headers[0], "×") == "Multiplier"


def test_the_auction_sheets_marks_and_exchange_header_have_words(org_client, organiser):
    rnd = played_round()
    ClubRole.objects.create(user=organiser, club=rnd.stage.championship.club)
    table = Table.objects.filter(round=rnd).order_by("number").first()
    page = get(org_client, f"/tables/{table.pk}/sheet/")
    assert symbol_with_words(page.find_all("th", cls="xch")[0], "⇄") == "cards exchanged"
    counts = page.find_all("td", cls="count")
    made = [td for td in counts if "✓" in td.text()]
    lost = [td for td in counts if "✗" in td.text()]
    assert made and lost
    assert {symbol_with_words(td, "✓") for td in made} == {"made"}
    assert {symbol_with_words(td, "✗") for td in lost} == {"lost"}
    trumps = page.find_all("td", cls="suit-h")
    assert trumps and {symbol_with_words(td, "♥") for td in trumps} == {"hearts"}
    # a thrown-in deal's empty trump cell still says so
    thrown = page.find_all("td", cls="suit-nt")
    assert thrown and {td.heard().strip() for td in thrown} == {"no trump"}


def test_the_projectors_tables_have_a_header_row(client, world):
    champ = world.round.stage.championship
    page = get(client, reverse("championship-projector", args=[champ.pk]))
    screen = page.find_all("section", id="projector-screen")[0]
    heading = page.find_all(id=screen.attrs["aria-labelledby"])
    assert [h.tag for h in heading] == ["h2"]
    data = client.get(reverse("championship-projector-data", args=[champ.pk])).json()
    columns = data["labels"]["table_columns"]
    assert columns == ["Table", "First side", "Score", "Second side", "State"]
    # the script draws the tables screen: one header cell a column (scope col), as many as
    # the cells of each row
    script = (Path(settings.BASE_DIR) / "club/static/club/projector.js").read_text()
    body = re.search(r"function tablesScreen\(.*?\n  }\n", script, re.DOTALL)[0]
    assert re.search(r'table_columns\.forEach\(.*?el\("th".*?\.scope = "col"', body, re.DOTALL)
    assert body.count('tr.appendChild(el("td"') == len(columns)
    assert len(data["round"]["tables"]) == 2


def test_a_deals_multiplier_and_trick_mark_have_words(org_client, world):
    """The note "×2" beside a deal's score and the 🂠 of a deal entered trick by trick are
    shown to the eye and said in words (they were a bare "×2" and a title only)."""
    from club.trump_keys import NO_TRUMP

    response = org_client.post(url(world), deal_data(world, trump=NO_TRUMP))
    assert response.status_code == 302, response.content.decode()[:1500]
    page = get(org_client, url(world))
    row = next(tr for tr in page.find_all("tr") if tr.attrs.get("id", "") == "deal-1")
    tags = [span for span in row.find_all("span", cls="tag")
            if "×" in span.text() and not span.hidden()]
    assert tags, row.text()
    assert symbol_with_words(tags[0], "×2") == "Multiplier 2"
    sheet = Path(__file__).resolve().parents[2] / "templates" / "sheets" / "sheet.html"
    assert '<span aria-hidden="true">🂠</span><span class="vh">' in sheet.read_text()
