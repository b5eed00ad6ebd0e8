"""Why the draw made each table: the reasons ``scoring.pairing`` gives (a code and its
parameters, :mod:`scoring.pairing.reasons`), stored with the table, said in the user's words.

The draw service stores each reason in ``Table.flags`` as ``{"reason": code, "params":
{...}}`` beside the flag strings; the round page reads them back (:func:`stored`) and says
each one with the entries' names as the page shows them (:func:`describe`). Entry ids in
the parameters become names; an entry the page does not show (a withdrawn one) is named
by a phrase, never by an id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.pairing import reasons as why

#: Parameters that hold one entry id, and those that hold a list of them.
ENTRY_PARAMS = ("entry", "with", "scorer", "instead_of", "replaces")
ENTRY_LIST_PARAMS = ("with", "skipped")


@cache
def sentences() -> dict[str, Any]:
    """Reason code -> its sentence (lazy: translated when shown)."""
    return {
        why.RANDOM: gettext_lazy("Drawn at random with the round's seed %(seed)s."),
        why.AVOIDED_REMATCH: gettext_lazy("%(entry)s had already played %(with)s: the draw "
                                          "kept them apart."),
        why.REMATCH: gettext_lazy("These two met before: no draw could avoid every rematch."),
        why.SCORE_GROUP: gettext_lazy("Same score group: both have %(points)s match points."),
        why.FLOAT: gettext_lazy("%(entry)s moved down from the score group on %(points)s match "
                                "points to play one on %(against)s."),
        why.STANDING: gettext_lazy("Places %(a)s and %(b)s in the standing before the draw."),
        why.ROUND_ROBIN: gettext_lazy("Round %(round)s of the round-robin schedule (Berger "
                                      "tables): places %(a)s and %(b)s."),
        why.POULE: gettext_lazy("Poule %(poule)s, round %(round)s of its schedule: places "
                                "%(a)s and %(b)s."),
        why.PARTNERS_NEW: gettext_lazy("Partners who never played together before: %(pairs)s."),
        why.REPEAT_PARTNER: gettext_lazy("Partners again, because no draw could avoid every "
                                         "repeat: %(pairs)s."),
        why.OPPONENTS_NEW: gettext_lazy("Nobody at this table has played against any of the "
                                        "others before."),
        why.REPEAT_OPPONENTS: gettext_lazy("Opponents who met before (it could not be avoided "
                                           "cheaply): %(pairs)s."),
        why.TABLE_OF_THREE: gettext_lazy("A table of three: the dealer plays alone against the "
                                         "other two."),
        why.CONTINUED: gettext_lazy("The table goes on (round %(round)s of %(of)s together): "
                                    "%(scorer)s stays, the others moved one seat on."),
        why.BYE_SWAP: gettext_lazy("%(entry)s (%(byes)s byes so far) took the seat of "
                                   "%(instead_of)s (%(instead_byes)s), who sits out instead."),
        why.SUBSTITUTE: gettext_lazy("In the place of %(replaces)s: %(entry)s."),
        why.BYE_FEWEST: gettext_lazy("Byes go to the entries with the fewest byes so far "
                                     "(%(byes)s), drawn at random among them (seed %(seed)s)."),
        why.BYE_LOWEST: gettext_lazy("The lowest in the standing (place %(place)s of %(of)s) "
                                     "among the entries with the fewest byes (%(byes)s)."),
        why.BYE_SKIPPED: gettext_lazy("Lower entries play, because their bye would have forced "
                                      "a rematch: %(skipped)s."),
        why.BYE_SCHEDULE: gettext_lazy("The schedule gives this place no opponent in round "
                                       "%(round)s (an odd number of entries)."),
        why.BYE_WITHDRAWN: gettext_lazy("The scheduled opponent, %(with)s, withdrew."),
        why.BALANCED: gettext_lazy("Balanced by rating: strong players partner weak ones; the "
                                   "sides' summed ratings are %(a)s and %(b)s."),
        why.AUCTION_SIZES: gettext_lazy("%(players)s players at tables of %(sizes)s: the usual "
                                        "table is %(size)s, with %(fit)s."),
        why.AUCTION_MATES_NEW: gettext_lazy("Nobody at this table has sat at a table with any of "
                                            "the others before."),
        why.AUCTION_REPEAT_MATES: gettext_lazy("Table-mates again, because no draw could avoid "
                                               "every repeat: %(pairs)s."),
        why.SEEDED: gettext_lazy("Seeded by rating (the first round): places %(a)s and %(b)s "
                                 "by the club's ratings."),
    }


@cache
def within_group() -> dict[str, Any]:
    """How a Swiss draw chooses opponents inside a score group (the option's values)."""
    return {
        "random": gettext_lazy("Within a score group, opponents are drawn at random (seed "
                               "%(seed)s), avoiding rematches."),
        "adjacent": gettext_lazy("Within a score group, neighbours in the standing play each "
                                 "other (1st against 2nd, 3rd against 4th ...)."),
        "fold": gettext_lazy("Within a score group, the top half plays the bottom half."),
    }


#: Said after a reason by rating (balanced, seeded) whose draw read ratings known to be
#: behind (its parameter ``stale``: a ratings refresh was owed, ``club.services.ratings``).
STALE_RATINGS = gettext_lazy("The club's ratings were being updated when this round was "
                             "drawn: they did not count the latest change yet (a round "
                             "closed or reopened, or the rating settings saved).")

#: An auction draw's ``fit`` in words (``Championship.TableFit``).
FITS = {"most": gettext_lazy("as many tables of that size as possible"),
        "closest": gettext_lazy("every table as close to that size as possible")}


def to_json(code: str, params: Mapping[str, Any]) -> dict:
    """A reason as ``Table.flags`` stores it."""
    return {"reason": code, "params": dict(params)}


def stored(flags: Iterable[Any]) -> list[tuple[str, dict]]:
    """The reasons among a table's stored flags (the strings are flags, not reasons)."""
    return [(f["reason"], f.get("params") or {}) for f in flags
            if isinstance(f, dict) and "reason" in f]


def entry_ids(reasons: Iterable[tuple[str, dict]]) -> set:
    """Every entry id the reasons name (to look their names up)."""
    found = set()
    for _code, params in reasons:
        for key, value in params.items():
            if key in ENTRY_LIST_PARAMS and isinstance(value, list):
                found.update(value)
            elif key in ENTRY_PARAMS:
                found.add(value)
        for pair in params.get("pairs") or ():
            found.update(pair)
    return found


def _number(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def describe(code: str, params: Mapping[str, Any], names: Mapping[Any, str]) -> str | None:
    """One reason in the user's words, entries by ``names`` (id -> name); None for a code
    this version does not know (a reason stored by a later version)."""
    def name(entry_id: Any) -> str:
        return names.get(entry_id) or _("an entry no longer playing")

    if code == why.WITHIN_GROUP:
        template = within_group().get(params.get("order"))
    else:
        template = sentences().get(code)
    if template is None:
        return None
    values: dict[str, Any] = {k: _number(v) for k, v in params.items()}
    for key, value in params.items():
        if key in ENTRY_LIST_PARAMS and isinstance(value, list):
            values[key] = ", ".join(name(x) for x in value)
        elif key in ENTRY_PARAMS:
            values[key] = name(value)
    if "pairs" in params:
        values["pairs"] = "; ".join(_("%(a)s and %(b)s") % {"a": name(a), "b": name(b)}
                                    for a, b in params["pairs"])
    if isinstance(params.get("sizes"), list):  # an auction draw's plan (RULES §13)
        values["sizes"] = ", ".join(str(size) for size in params["sizes"])
    if "fit" in params:
        values["fit"] = str(FITS.get(params["fit"], params["fit"]))
    if "places" in params:
        values["a"], values["b"] = params["places"]
    try:
        text = str(template) % values
    except (KeyError, TypeError, ValueError):
        return None
    if params.get("stale"):  # a draw by rating made while a ratings refresh was owed
        text = f"{text} {STALE_RATINGS}"
    return text


def describe_all(flags: Iterable[Any], names: Mapping[Any, str]) -> list[str]:
    """A table's stored reasons, each in words (unknown ones left out)."""
    lines = (describe(code, params, names) for code, params in stored(flags))
    return [line for line in lines if line]


def remap_entries(flags: Iterable[Any], ids: Mapping[Any, Any]) -> list:
    """A table's stored flags with the entry ids they name changed by ``ids`` (old -> new):
    an imported championship's entries have new ids. Flags about one entry ("12:moved_up")
    and reasons' entry parameters are changed; an id ``ids`` does not know is left out of a
    list, and kept (naming nobody here) as a single value."""
    def one(value: Any) -> Any:
        return ids.get(value, value)

    out = []
    for flag in flags:
        if isinstance(flag, str):
            head, sep, rest = flag.partition(":")
            if sep and head.isdigit() and int(head) in ids:
                flag = f"{ids[int(head)]}:{rest}"
            out.append(flag)
            continue
        if not (isinstance(flag, dict) and "reason" in flag):
            out.append(flag)
            continue
        params = dict(flag.get("params") or {})
        for key, value in params.items():
            if key in ENTRY_LIST_PARAMS and isinstance(value, list):
                params[key] = [ids[x] for x in value if x in ids]
            elif key in ENTRY_PARAMS:
                params[key] = one(value)
        if "pairs" in params:
            params["pairs"] = [[one(a), one(b)] for a, b in params["pairs"]]
        out.append({**flag, "params": params})
    return out
