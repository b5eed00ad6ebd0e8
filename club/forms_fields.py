"""Form fields shared by the forms: ids chosen from a list, kept inside what a key can hold."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

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
