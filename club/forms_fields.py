"""Form fields shared by the forms: ids chosen from a list, kept inside what a key can hold."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from club.bounds import MAX_ID


class ModelIdsField(forms.ModelMultipleChoiceField):
    """A multiple choice of rows by id. Django checks each id with one query (``pk__in``)
    that overflows a database integer for an id like 10**30 (a 500): any value that is not
    a plain id is refused here, with the field's "not a valid value" message."""

    def _check_values(self, value):
        for pk in value if isinstance(value, (list, tuple)) else []:
            text = str(pk)
            if not (text.isascii() and text.isdigit() and int(text) <= MAX_ID):
                raise ValidationError(self.error_messages["invalid_pk_value"],
                                      code="invalid_pk_value", params={"pk": pk})
        return super()._check_values(value)


class Checklist(forms.CheckboxSelectMultiple):
    """A multiple choice as a list of checkboxes with a filter box: type part of a name,
    "tick all shown", and a count of the ticked (``club/static/club/checklist.js``, with
    ``checklist.css``; a page using it adds both). Without the script it is a plain list of
    checkboxes that works; the tools stay hidden. Rendered without the template engine: a
    club's few hundred players are a few hundred lines."""

    def render(self, name, value, attrs=None, renderer=None):
        attrs = self.build_attrs(self.attrs, attrs)
        list_id = attrs.pop("id", None) or f"id_{name}"
        selected = {str(v) for v in (value or ())}
        rows = []
        for index, (option, label) in enumerate(self.choices):
            option = str(getattr(option, "value", option))
            rows.append(format_html(
                '<li><label><input type="checkbox" name="{}" value="{}" id="{}_{}"{}> {}</label>'
                "</li>", name, option, list_id, index,
                mark_safe(" checked") if option in selected else "", label))
        group = flatatt({k: v for k, v in attrs.items() if k.startswith("aria-")})
        return format_html(
            '<div class="checklist" data-checklist role="group"{}>'
            '<div class="checklist-tools" hidden>'
            '<input type="search" class="checklist-filter" aria-label="{}" placeholder="{}" '
            'aria-controls="{}" autocomplete="off">'
            '<button type="button" class="secondary checklist-all">{}</button>'
            '<span class="checklist-count" aria-live="polite" data-template="{}"></span></div>'
            '<ul class="checklist-items" id="{}">{}</ul></div>',
            group, _("Filter the list"), _("Type part of a name"), list_id,
            _("Tick all shown"), _("%(ticked)s ticked, %(shown)s of %(total)s shown"),
            list_id, mark_safe("".join(rows)))

    def id_for_label(self, id_, index=None):
        # The field's label names the group (aria-label), not one box: no "for".
        return "" if index is None else f"{id_}_{index}"
