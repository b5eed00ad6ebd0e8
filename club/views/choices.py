"""Long lists of players or pairs to choose from, offered by a search when a club is big
(issue 27, break 1; the search: :mod:`club.selectors.member_search`).

A form's field keeps its whole queryset, so that what is sent is checked as before (one
``pk__in`` query); only what the page renders is narrowed to the search's page, plus what
was already chosen (a refused form keeps its ticks and choices)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from club.selectors.member_search import Found, chosen, find


def narrow(field, found: Found, kept=(), *, blank: bool = False) -> None:
    """Render on ``field`` only ``kept`` and ``found``'s page (nothing to do when listed)."""
    if found.listed:
        return
    choices, seen = [], set()
    for pk, label in [*kept, *found.choices]:
        if pk not in seen:
            seen.add(pk)
            choices.append((pk, label))
    if blank:
        choices.insert(0, ("", field.empty_label or "---------"))
    field.widget.choices = choices
    field.help_text = _("Too many to list: search for them by name above.")


def _kept(form, name: str, *, pairs: bool = False) -> list[tuple[int, str]]:
    if not form.is_bound:
        return []
    return chosen(form.fields[name].queryset, form.data.getlist(name), pairs=pairs)


def entries_choices(form, substitute, params) -> Found:
    """The entries page: its members (or pairs) checklist and the substitute's choice."""
    pairs = "pairs" in form.fields
    name = "pairs" if pairs else "players"
    found = find(form.fields[name].queryset, params, pairs=pairs)
    narrow(form.fields[name], found, _kept(form, name, pairs=pairs))
    if substitute is not None and not found.listed:
        field = substitute.fields["player"]
        kept = chosen(field.queryset, [substitute.data.get("player", "")]
                      if substitute.is_bound else [])
        narrow(field, find(field.queryset, params), kept, blank=True)
    return found


def pair_choices(form, params) -> dict[str, Found]:
    """A pair's page: its first and second player, each found by its own search
    (``first_q``, ``second_q``); the pair's players stay offered."""
    found = {}
    for name in ("first", "second"):
        field = form.fields[name]
        if field.disabled:
            continue
        current = form.data.get(name, "") if form.is_bound else getattr(
            form.instance, f"{name}_id", None) or ""
        found[name] = find(field.queryset, params, prefix=f"{name}_")
        narrow(field, found[name], chosen(field.queryset, [current]), blank=True)
    return found
