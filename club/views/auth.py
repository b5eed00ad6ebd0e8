"""Login pages. Throttling itself is in the auth backend (:mod:`club.throttle`), so every
login page is throttled the same way; here a throttled attempt gets its message and 429."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _


def throttled(request) -> bool:
    """Whether the backend refused this request's login as throttled."""
    return getattr(request, "troef_login_throttled", False)


def say_throttled(form) -> None:
    """Put the throttle's message on the login ``form`` in place of "wrong password"."""
    form.errors.clear()
    form.add_error(None, _("Too many failed logins. Wait a few minutes and try again."))


class ThrottledLoginView(auth_views.LoginView):
    template_name = "registration/login.html"

    def form_invalid(self, form):
        if not throttled(self.request):
            return super().form_invalid(form)
        say_throttled(form)
        return self.render_to_response(self.get_context_data(form=form), status=429)


def throttled_admin_login(site_login):
    """The admin site's login view ``site_login`` with the same message and status."""

    def login(request, extra_context=None):
        response = site_login(request, extra_context)
        if throttled(request) and isinstance(response, TemplateResponse):
            form = (response.context_data or {}).get("form")
            if form is not None:
                say_throttled(form)
            response.status_code = 429
        return response

    return login
