"""Login with throttling: too many failures for a username or an address wait a while."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.utils.translation import gettext as _


def _keys(request) -> list[str]:
    address = request.META.get("REMOTE_ADDR", "")
    username = (request.POST.get("username") or "").strip().lower()[:150]
    return [f"troef:login-fail:addr:{address}", f"troef:login-fail:user:{username}"]


def is_throttled(request) -> bool:
    return any(cache.get(key, 0) >= settings.TROEF_LOGIN_MAX_FAILURES for key in _keys(request))


def record_failure(request) -> None:
    for key in _keys(request):
        if cache.add(key, 1, settings.TROEF_LOGIN_WINDOW_SECONDS):
            continue
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, settings.TROEF_LOGIN_WINDOW_SECONDS)


class ThrottledLoginView(auth_views.LoginView):
    template_name = "registration/login.html"

    def post(self, request, *args, **kwargs):
        if is_throttled(request):
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, _("Too many failed logins. Wait a few minutes and try again."))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        record_failure(self.request)
        return super().form_invalid(form)
