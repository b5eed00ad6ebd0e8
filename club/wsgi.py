"""WSGI entry point. The URLconf (and every view module it imports) is loaded here, at
start-up, so that no user's first request pays for it; with gunicorn's ``--preload`` the
workers share it from the master."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
application = get_wsgi_application()

from django.urls import get_resolver

get_resolver().url_patterns  # noqa: B018 (imports the URLconf now)
