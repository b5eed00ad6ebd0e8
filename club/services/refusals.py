"""The two ways a write of a result is refused, the same for every kind of result (a sheet's
deal, a duplicate traveller's line): :class:`Refused` (the input breaks a rule: ``errors``
maps the form's fields, ``"__all__"`` for none, to messages) and :class:`Conflict` (what
the writer saw changed meanwhile: the version they loaded and the one stored now). Nothing
is written in either case. The pages and the API answer each the same way whatever the
kind (400 with the field; 409 with the current version)."""

from __future__ import annotations


class Refused(Exception):
    """Input refused, nothing written: ``errors`` maps form fields ("__all__") to messages;
    ``deal`` the sheet's deal it concerns, when one does."""

    def __init__(self, errors: dict[str, list[str]], deal: int | None = None) -> None:
        super().__init__("; ".join(m for ms in errors.values() for m in ms))
        self.errors = errors
        self.deal = deal


def refuse(field: str, message: str) -> Refused:
    """A refusal of one field (``"__all__"``: of the whole input)."""
    return Refused({field: [message]})


class Conflict(Exception):
    """The result changed since the form was loaded (a stale version): nothing written.
    ``submitted``: the version the writer loaded; ``current``: the stored one (None when
    unknown)."""

    def __init__(self, message: str, submitted: int | None, current: int | None) -> None:
        super().__init__(message)
        self.submitted = submitted
        self.current = current
