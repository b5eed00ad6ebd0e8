"""Logging in and out as Django's ModelBackend does; only the user of each request is
loaded by a query written once (:mod:`club.selectors.raw`) instead of through the ORM,
which spent about 0.5 ms of Python on it on every page and every deal entered."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import ValidationError

from club.selectors.raw import fetch


class UserBackend(ModelBackend):
    def get_user(self, user_id):
        model = get_user_model()
        try:
            pk = model._meta.pk.to_python(user_id)
        except ValidationError:
            return None
        if not isinstance(pk, int) or not -(2**63) <= pk < 2**63:
            return None  # no such row (the ORM answers out-of-range ids the same way)
        users = fetch(model, pk=pk)
        return users[0] if users and self.user_can_authenticate(users[0]) else None
