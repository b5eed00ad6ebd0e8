"""Values shared by every draw generator: entries, tables, byes, flags, options and errors.

A generator reads plain entries (this module's :class:`Entry` or any object with the same
attributes) and returns a :class:`Draw`: plain values that the web app maps to rows. Every
draw carries its integer seed, so the same entries, history, options and seed give the same
draw again, and every table carries flags (stable codes) that explain it.

>>> entry = Entry("p1", score=2, opponents=frozenset({"p4"}))
>>> entry.met("p4"), entry.met("p9")
(True, False)
>>> table = DrawTable(1, ("a", "b", "c", "d"))
>>> table.sides
(('a', 'c'), ('b', 'd'))
"""

from __future__ import annotations

import secrets
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

# Flags: stable codes the web app translates. They explain a table or a bye.
BYE = "bye"
REPEAT_BYE = "repeat_bye"
REMATCH = "rematch"
REPEAT_PARTNER = "repeat_partner"
REPEAT_OPPONENT = "repeat_opponent"
MOVED_UP = "moved_up"
MOVED_DOWN = "moved_down"
TABLE_OF_THREE = "table_of_three"
OPPONENT_WITHDRAWN = "opponent_withdrawn"
CONTINUED = "continued"
BYE_SWAP = "bye_swap"
SUBSTITUTE = "substitute"

#: English explanation of each flag (the web app translates the code, not this text).
FLAG_TEXT: dict[str, str] = {
    BYE: "sits out this round (bye)",
    REPEAT_BYE: "a second bye: every entry left had one already",
    REMATCH: "these entries met before: no draw of this method could avoid it",
    REPEAT_PARTNER: "repeat partners: no draw could avoid every repeated partnership",
    REPEAT_OPPONENT: "some players met before as opponents: it could not be avoided cheaply",
    MOVED_UP: "moved up into a higher score group",
    MOVED_DOWN: "moved down into a lower score group",
    TABLE_OF_THREE: "table of three: the dealer plays alone against the other two",
    OPPONENT_WITHDRAWN: "the scheduled opponent withdrew: a bye instead",
    CONTINUED: "the scorer stays, the other players moved one seat on",
    BYE_SWAP: "a player who sat out took the seat of one who has had fewer byes",
    SUBSTITUTE: "a substitute took the seat of a withdrawn player",
}


class DrawError(ValueError):
    """Bad input to a draw, for the organiser to fix (not a bug in the generator).

    >>> error = DrawError("unknown draw method 'x'", field="method", code="unknown_method")
    >>> error.field, error.code
    ('method', 'unknown_method')
    """

    def __init__(self, message: str, *, field: str | None = None, code: str = "draw") -> None:
        super().__init__(message)
        self.field = field
        self.code = code


class DrawBug(RuntimeError):
    """A generator broke one of its own guarantees: a bug to report, never the user's fault."""


@dataclass(frozen=True)
class Entry:
    """A pair (fixed-pair events) or a player (individual events) as the draw sees it.

    ``score`` makes the score groups of a Swiss draw; ``points`` (game points) and then
    ``rank`` (1 = best, when the web app has ranked with the organiser's order) break ties
    inside a group. ``opponents``/``partners`` hold the ids met so far, ``byes`` and
    ``threes`` how many byes and tables of three the entry has had. ``active=False`` is a
    withdrawal; ``replaces`` names the withdrawn entry whose place a substitute takes.

    >>> Entry(7).active, Entry(7, byes=1).byes
    (True, 1)
    """

    id: Hashable
    score: float = 0
    points: int = 0
    opponents: frozenset = frozenset()
    partners: frozenset = frozenset()
    byes: int = 0
    threes: int = 0
    active: bool = True
    replaces: Hashable | None = None
    rank: int | None = None

    def met(self, other: Hashable) -> bool:
        """True when this entry has played against ``other``.

        >>> Entry(1, opponents=frozenset({2})).met(2)
        True
        """
        return other in self.opponents

    @classmethod
    def coerce(cls, obj: Any) -> Entry:
        """An :class:`Entry` from any object with an ``id`` (other attributes optional).

        >>> class Pair: id = "A"; score = 3
        >>> Entry.coerce(Pair()).score
        3
        """
        if isinstance(obj, Entry):
            return obj
        if not hasattr(obj, "id"):
            raise DrawError(f"entry {obj!r} has no id", field="entries", code="entry_id")
        values = {name: getattr(obj, name) for name in _ENTRY_FIELDS if hasattr(obj, name)}
        for name in ("opponents", "partners"):
            if name in values:
                values[name] = frozenset(values[name])
        return cls(**values)


_ENTRY_FIELDS = tuple(f for f in Entry.__dataclass_fields__)


@dataclass(frozen=True)
class DrawTable:
    """One table of a round: seats in playing order, and flags explaining it.

    Two seats: fixed pairs, side A against side B. Four seats: seats 0 and 2 partner
    against 1 and 3; seat 0 keeps the score sheet (the scorer, who stays in the
    scorer-stays movement). Three seats: the dealer plays alone against the other two, so the
    sides change with each deal (``sides`` shows the first deal, seat 0 dealing).
    ``entry_flags`` holds (entry id, flag) for flags about one entry (moved up/down);
    ``reasons`` says why these entries sit together (:mod:`.reasons`: code and parameters).

    >>> DrawTable(2, ("x", "y")).sides
    (('x',), ('y',))
    >>> DrawTable(3, ("d", "e", "f")).sides
    (('d',), ('e', 'f'))
    """

    number: int
    seats: tuple[Hashable, ...]
    flags: frozenset[str] = frozenset()
    entry_flags: tuple[tuple[Hashable, str], ...] = ()
    group: str = ""  # the poule the table plays in (the poules method), else empty
    reasons: tuple = field(default=(), hash=False)

    @property
    def sides(self) -> tuple[tuple[Hashable, ...], tuple[Hashable, ...]]:
        s = self.seats
        if len(s) == 4:
            return (s[0], s[2]), (s[1], s[3])
        return (s[0],), tuple(s[1:])

    def flags_of(self, entry_id: Hashable) -> frozenset[str]:
        """The flags about one entry at this table.

        >>> DrawTable(1, (1, 2), entry_flags=((2, MOVED_UP),)).flags_of(2)
        frozenset({'moved_up'})
        """
        return frozenset(flag for eid, flag in self.entry_flags if eid == entry_id)


@dataclass(frozen=True)
class Bye:
    """An entry that sits out the round, with the flags and reasons explaining it.

    >>> Bye("p3").flags
    frozenset({'bye'})
    """

    entry: Hashable
    flags: frozenset[str] = frozenset({BYE})
    reasons: tuple = field(default=(), hash=False)


@dataclass(frozen=True)
class Draw:
    """A round's draw: reproducible from ``seed`` with the same entries, history and options.

    >>> d = Draw(5, "random", 1, (DrawTable(1, ("a", "b")),), (Bye("c"),))
    >>> sorted(d.seated()), d.bye_ids()
    (['a', 'b'], ('c',))
    >>> d.explain()
    ['table 1: a - b', 'bye c: sits out this round (bye)']
    """

    seed: int
    method: str
    round_number: int
    tables: tuple[DrawTable, ...]
    byes: tuple[Bye, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)

    def seated(self) -> list[Hashable]:
        """Every entry seated at a table, table by table.

        >>> Draw(1, "random", 1, (DrawTable(1, ("a", "b")), DrawTable(2, ("c", "d")))).seated()
        ['a', 'b', 'c', 'd']
        """
        return [eid for table in self.tables for eid in table.seats]

    def bye_ids(self) -> tuple[Hashable, ...]:
        """The entries that sit out.

        >>> Draw(1, "random", 1, (), (Bye("a"), Bye("b"))).bye_ids()
        ('a', 'b')
        """
        return tuple(bye.entry for bye in self.byes)

    def explain(self) -> list[str]:
        """One English line per table and bye, with the reasons for each flag.

        >>> Draw(1, "swiss", 1, (DrawTable(1, ("a", "b"), frozenset({REMATCH})),)).explain()
        ['table 1: a - b; these entries met before: no draw of this method could avoid it']
        """
        lines = []
        for table in self.tables:
            text = f"table {table.number}: " + " - ".join(str(s) for s in table.seats)
            if table.group:
                text += f" (poule {table.group})"
            reasons = [FLAG_TEXT[f] for f in sorted(table.flags)]
            reasons += [f"{eid} {FLAG_TEXT[f]}" for eid, f in table.entry_flags]
            lines.append(text + "".join(f"; {r}" for r in reasons))
        for bye in self.byes:
            lines.append(f"bye {bye.entry}: " + "; ".join(FLAG_TEXT[f] for f in sorted(bye.flags)))
        return lines


def resolve_seed(seed: int | None) -> int:
    """The draw's seed: the one given, or a fresh random one to show to the users.

    >>> resolve_seed(42)
    42
    >>> 0 <= resolve_seed(None) < 2**31
    True
    """
    if seed is None:
        return secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DrawError(f"seed must be a whole number, not {seed!r}", field="seed", code="seed_type")
    return seed


def validate_options(
    options: Mapping[str, Any] | None,
    defaults: Mapping[str, Any],
    choices: Mapping[str, Sequence[Any]] | None = None,
) -> dict[str, Any]:
    """The generator's defaults updated by ``options``, each checked by name, type and choice.

    >>> validate_options({"odd": "threes"}, {"odd": "byes"}, {"odd": ("byes", "threes")})
    {'odd': 'threes'}
    >>> validate_options({"speed": 3}, {"odd": "byes"})
    Traceback (most recent call last):
    ...
    scoring.pairing.base.DrawError: unknown draw option 'speed' (known: odd)
    """
    result = dict(defaults)
    for key, value in (options or {}).items():
        if key not in defaults:
            known = ", ".join(sorted(defaults))
            raise DrawError(
                f"unknown draw option {key!r} (known: {known})",
                field=key,
                code="unknown_option",
            )
        default = defaults[key]
        if default is not None and not _same_kind(value, default):
            raise DrawError(
                f"draw option {key!r} must be {type(default).__name__}, not {value!r}",
                field=key,
                code="option_type",
            )
        allowed = (choices or {}).get(key)
        if allowed is not None and value not in allowed:
            raise DrawError(
                f"draw option {key!r} must be one of {', '.join(map(str, allowed))}, not {value!r}",
                field=key,
                code="option_choice",
            )
        result[key] = value
    return result


def _same_kind(value: Any, default: Any) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if isinstance(default, int):
        return isinstance(value, int)
    return isinstance(value, type(default))


def prepare(entries: Iterable[Any]) -> list[Entry]:
    """Entries as :class:`Entry`, in a canonical order (by id), checked for duplicates.

    The canonical order makes a draw depend on the set of entries and the seed, never on
    the order the caller listed them in.

    >>> [e.id for e in prepare([Entry(3), Entry(1)])]
    [1, 3]
    """
    coerced = [Entry.coerce(e) for e in entries]
    seen: set[Hashable] = set()
    for entry in coerced:
        if entry.id in seen:
            raise DrawError(
                f"entry {entry.id!r} is listed twice",
                field="entries",
                code="duplicate_entry",
            )
        seen.add(entry.id)
    try:
        return sorted(coerced, key=lambda e: e.id)
    except TypeError:
        return sorted(coerced, key=lambda e: (type(e.id).__name__, repr(e.id)))


def met_sets(entries: Sequence[Entry], attribute: str = "opponents") -> list[set[int]]:
    """For entry i, the indices of the entries it met (as opponents or partners), both ways.

    >>> met_sets([Entry("a", opponents=frozenset({"b"})), Entry("b"), Entry("c")])
    [{1}, {0}, set()]
    """
    index = {e.id: i for i, e in enumerate(entries)}
    sets: list[set[int]] = [set() for _ in entries]
    for i, entry in enumerate(entries):
        for other in getattr(entry, attribute):
            j = index.get(other)
            if j is not None and j != i:
                sets[i].add(j)
                sets[j].add(i)
    return sets


def record_round(
    entries: Iterable[Any],
    draw: Draw,
    winners: Iterable[Hashable] = (),
    bye_score: float = 1,
) -> list[Entry]:
    """The entries after a finished round: who met and partnered whom, byes, tables of three.

    Each entry in ``winners`` gains 1 to its score, each bye ``bye_score``. Scripts and
    tests use it to build a history; the web app derives the same from its records.

    >>> d = Draw(1, "random", 1, (DrawTable(1, ("a", "b")),), (Bye("c"),))
    >>> after = record_round([Entry("a"), Entry("b"), Entry("c")], d, winners=["a"])
    >>> [(e.id, e.score, sorted(e.opponents), e.byes) for e in after]
    [('a', 1, ['b'], 0), ('b', 0, ['a'], 0), ('c', 1, [], 1)]
    """
    won = set(winners)
    met: dict[Hashable, set] = {}
    partnered: dict[Hashable, set] = {}
    threes: set[Hashable] = set()
    for table in draw.tables:
        sides = table.sides
        if len(table.seats) == 3:
            threes.update(table.seats)
            sides = (table.seats, table.seats)
        for x in table.seats:
            own = next(side for side in sides if x in side)
            partnered.setdefault(x, set()).update(p for p in own if p != x)
            other = [y for y in table.seats if y not in own or len(table.seats) == 3]
            met.setdefault(x, set()).update(y for y in other if y != x)
    byes = set(draw.bye_ids())
    result = []
    for entry in (Entry.coerce(e) for e in entries):
        eid = entry.id
        result.append(
            replace(
                entry,
                score=entry.score + (1 if eid in won else 0) + (bye_score if eid in byes else 0),
                opponents=entry.opponents | met.get(eid, set()),
                partners=entry.partners | partnered.get(eid, set()),
                byes=entry.byes + (eid in byes),
                threes=entry.threes + (eid in threes),
            )
        )
    return result
