"""Troef settings: everything from the environment, with defaults that need nothing running.

- No ``DATABASE_URL``: an SQLite file in the project folder.
- No ``CELERY_BROKER_URL``: Celery tasks run in-process (eager).
- ``TROEF_PRODUCTION=1``: DEBUG off, SECRET_KEY and ALLOWED_HOSTS required from the
  environment, secure cookies and HSTS; ``manage.py check --deploy`` passes clean.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from club import laptop

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


PRODUCTION = env_flag("TROEF_PRODUCTION")
# The laptop mode (``make run HOST=0.0.0.0``, club/laptop.py): phones on the hall's network
# reach this machine by its LAN address. Never in production. Everyone on that network can
# then reach the site: no debug pages (they show the settings and the code), and a secret
# key of this machine's own (.troef-secret-key, not the repository's development key).
LAPTOP = None if PRODUCTION else laptop.from_environment(os.environ)
DEBUG = env_flag("DJANGO_DEBUG", default=not PRODUCTION and not LAPTOP)

if PRODUCTION:
    SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
    ALLOWED_HOSTS = [h.strip() for h in os.environ["DJANGO_ALLOWED_HOSTS"].split(",") if h.strip()]
else:
    SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or (
        laptop.machine_secret_key(os.environ.get("TROEF_SECRET_KEY_FILE")
                                  or BASE_DIR / ".troef-secret-key") if LAPTOP
        else "troef-development-key-not-for-production-use-0123456789")
    ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
    ALLOWED_HOSTS += list(LAPTOP.hosts) if LAPTOP else []

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "club",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # the public standings' 304s from one cache read, before sessions, language and users
    "club.middleware_live.LiveStandingsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "club.middleware.GuardMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

# Content-Security-Policy (django-csp): scripts and styles only from our own static files,
# no inline script, on*= handler or style anywhere (the charts inlined in the report pages
# carry their styles as SVG presentation attributes: club/reports/svg_attributes.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    },
}

if PRODUCTION or (LAPTOP and not DEBUG):
    # Static files straight from the app server, compressed and cached for ever (the laptop
    # mode: runserver serves them only with DEBUG on; WhiteNoise serves the app's own).
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")
    INSTALLED_APPS.insert(INSTALLED_APPS.index("django.contrib.staticfiles"), "whitenoise.runserver_nostatic")
    WHITENOISE_USE_FINDERS = not PRODUCTION  # the laptop: from the apps, no collectstatic

ROOT_URLCONF = "club.urls"
WSGI_APPLICATION = "club.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Server-side binding lets psycopg prepare the statements a request repeats (the sheet
    # writes), so PostgreSQL plans them once per connection instead of on every entry.
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options["server_side_binding"] = True
    options["prepare_threshold"] = int(os.environ.get("DATABASE_PREPARE_THRESHOLD", "5"))
    # No statement runs past this (issue 27, break 1: no request holds the database whatever
    # a club's size; gunicorn's --timeout 30 ends the request itself): then it fails, and
    # its transaction with it, instead of stalling every entry behind it.
    TROEF_DB_STATEMENT_TIMEOUT_MS = int(os.environ.get("TROEF_DB_STATEMENT_TIMEOUT_MS", "30000"))
    options["options"] = f"-c statement_timeout={TROEF_DB_STATEMENT_TIMEOUT_MS}"
    # Keep connections between requests (prepared statements live on the connection).
    if "DATABASE_CONN_MAX_AGE" not in os.environ:
        DATABASES["default"]["CONN_MAX_AGE"] = 60
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several people enter deals at once even on a laptop: wait for the write lock.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("nl", _("Dutch")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "club" / "locale"]
FORMAT_MODULE_PATH = ["club.formats"]
TIME_ZONE = os.environ.get("TROEF_TIME_ZONE", "Europe/Brussels")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(os.environ.get("TROEF_MEDIA_ROOT", BASE_DIR / "media"))
# Scratch folder of the PDF jobs (chunks of score sheets, their plan and markers), which
# every worker must see; empty: MEDIA_ROOT/reports/work. The finished PDFs go to the
# default storage (STORAGES below).
TROEF_REPORT_WORK_ROOT = os.environ.get("TROEF_REPORT_WORK_ROOT", "")
# The site's address as the players' phones reach it: printed score sheets carry a QR code
# of their table's entry page (self-entry championships). In the laptop mode: its LAN
# address and port; else this machine only (the round's reports page then warns).
_THIS_MACHINE = "http://localhost:" + ("8000" if PRODUCTION else laptop.local_port(os.environ))
TROEF_SITE_URL = (os.environ.get("TROEF_SITE_URL", "") or (LAPTOP and LAPTOP.site_url)
                  or _THIS_MACHINE).rstrip("/")
# The Celery queue of the ratings refresh (empty: the default queue every worker reads).
# CI's services pass names one its worker does not read: a refresh racing the test
# database's flush deadlocks it.
TROEF_RATINGS_QUEUE = os.environ.get("TROEF_RATINGS_QUEUE", "")
# A club's size (club.services.club_size, docs/security.md): at most this many players are
# members of one club (a file import, adding a player, new players entered are refused
# beyond it, naming it); an XLSX export writes at most this many rows (a CSV streams).
# Above TROEF_LIST_ALL_MAX members to choose from, the entries page and a pair's page list
# none but offer a search (club.selectors.member_search). At most TROEF_CLUB_MAX_PAIRS
# pairs are a club's (removed ones kept for their results count): a new pair beyond it
# (pair page, admin, championship import, demo) is refused, naming it.
TROEF_CLUB_MAX_MEMBERS = int(os.environ.get("TROEF_CLUB_MAX_MEMBERS", "5000"))
TROEF_CLUB_MAX_PAIRS = int(os.environ.get("TROEF_CLUB_MAX_PAIRS", "5000"))
TROEF_LIST_ALL_MAX = int(os.environ.get("TROEF_LIST_ALL_MAX", "1000"))
# A table's deals waiting for the organiser (club.services.late_deals): beyond, 429.
TROEF_LATE_DEALS_PER_TABLE = int(os.environ.get("TROEF_LATE_DEALS_PER_TABLE", "40"))
# Win chances are shown once the club's fitted performance spread rests on this many rated
# matches (club.selectors.rating_fit, docs/ratings.md): fewer leave it too uncertain.
TROEF_CHANCES_MIN_MATCHES = int(os.environ.get("TROEF_CHANCES_MIN_MATCHES", "300"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Sessions in a signed cookie: no session query on every request (deal entry is hot).
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
AUTHENTICATION_BACKENDS = ["club.auth_backend.UserBackend"]
SESSION_COOKIE_HTTPONLY = True

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

DJANGO_TABLES2_TEMPLATE = "django_tables2/troef.html"
DJANGO_TABLES2_TABLE_ATTRS = {"class": "table"}

CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if not os.environ.get("REDIS_CACHE_URL")
    else {"BACKEND": "django.core.cache.backends.redis.RedisCache",
          "LOCATION": os.environ["REDIS_CACHE_URL"],
          # A dead cache answers within half a second (club.safe_cache then stops asking).
          "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}}
}

# Celery: a broker URL means a real worker pool; none means tasks run in-process.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL or None)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The broker down or silent is an answer within about a second, never a hang of a web
# worker (issue 13): connect and socket timeouts for the broker and the Redis result
# backend, and few retries (club.services.reports.publish adds its own bounded retry).
# socket_timeout does not cut the workers' long BRPOP (kombu reads it from its event loop).
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 300, "socket_connect_timeout": 1,
                                   "socket_timeout": 1}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 0.5
CELERY_REDIS_SOCKET_TIMEOUT = 0.5
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"retry_policy": {
    "max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}}
CELERY_TASK_SERIALIZER = "json"
# The queue of every task sent without one (Celery's own default); a worker reads it unless
# told otherwise (-Q). CI runs one worker per test process, each on its own queue.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("TROEF_TASK_QUEUE", "celery")
CELERY_ACCEPT_CONTENT = ["json"]

# The REST API (club/api/): JSON only, tokens or the session, the one error shape.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "club.api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],  # club.access decides
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["club.api.parsers.JSONParser"],  # nesting bounded
    "DEFAULT_THROTTLE_CLASSES": ["club.api.throttling.AnonThrottle",
                                 "club.api.throttling.UserThrottle",
                                 "club.api.throttling.CodeThrottle"],
    "DEFAULT_SCHEMA_CLASS": "club.api.schema.ApiSchema",
    "EXCEPTION_HANDLER": "club.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
# Requests per client address (anonymous), per user, per table code.
TROEF_API_THROTTLE_RATES = {
    "anon": os.environ.get("TROEF_API_RATE_ANON", "300/minute"),
    "user": os.environ.get("TROEF_API_RATE_USER", "1200/minute"),
    "code": os.environ.get("TROEF_API_RATE_CODE", "120/minute"),
}
# Days an Idempotency-Key's first answer is kept (manage.py sweep_api_requests).
TROEF_API_IDEMPOTENCY_DAYS = int(os.environ.get("TROEF_API_IDEMPOTENCY_DAYS", "7"))
# Celery beat sweeps them daily (docker-compose.yml's worker runs beat; else cron the command).
CELERY_IMPORTS = ["club.api.tasks"]
CELERY_BEAT_SCHEDULE = {"sweep-api-requests": {"task": "club.sweep_api_requests",
                                               "schedule": 24 * 3600}}
SPECTACULAR_SETTINGS = {
    "TITLE": "Troef API",
    "DESCRIPTION": "Clubs, championships, rounds, score sheets, standings and PDF reports of "
                   "Troef. Errors: {\"errors\": [{\"field\", \"code\", \"message\"}]}.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/",
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # club.api.urls' ids: whole numbers up to the largest primary key
    "PATH_CONVERTER_OVERRIDES": {"apiid": {"type": "integer", "minimum": 0,
                                           "maximum": 2**63 - 1}},
    "ENUM_NAME_OVERRIDES": {
        "RoundStatusEnum": "club.models.championships.Round.Status",
        "StageKindEnum": "club.models.championships.Stage.Kind",
        "ReportKindEnum": "club.models.reports.ReportJob.Kind",
        "ReportStatusEnum": "club.models.reports.ReportJob.Status",
    },
}

# Login throttling (club.throttle): failed attempts per username and per address in a window.
TROEF_LOGIN_MAX_FAILURES = int(os.environ.get("TROEF_LOGIN_MAX_FAILURES", "5"))
TROEF_LOGIN_WINDOW_SECONDS = int(os.environ.get("TROEF_LOGIN_WINDOW_SECONDS", "300"))
# A much higher limit for one address (a club behind one NAT, many usernames tried).
TROEF_LOGIN_MAX_FAILURES_PER_ADDRESS = int(
    os.environ.get("TROEF_LOGIN_MAX_FAILURES_PER_ADDRESS", "50"))
# Password reset requests: per client address (then 429) and per e-mail address (then the
# same answer, no e-mail), in a window; invitation links that fail, per client address.
TROEF_RESET_MAX_PER_ADDRESS = int(os.environ.get("TROEF_RESET_MAX_PER_ADDRESS", "10"))
TROEF_RESET_MAX_PER_EMAIL = int(os.environ.get("TROEF_RESET_MAX_PER_EMAIL", "3"))
TROEF_RESET_WINDOW_SECONDS = int(os.environ.get("TROEF_RESET_WINDOW_SECONDS", "3600"))
TROEF_INVITATION_MAX_FAILURES = int(os.environ.get("TROEF_INVITATION_MAX_FAILURES", "10"))
# A traveller's tricks whose cards the board's hands refuse, per user and board, in a
# window (then 429 for that board's tricks): each refusal tells something of hidden hands.
TROEF_TRAVELLER_MAX_REFUSALS = int(os.environ.get("TROEF_TRAVELLER_MAX_REFUSALS", "10"))
TROEF_TRAVELLER_REFUSAL_WINDOW_SECONDS = int(
    os.environ.get("TROEF_TRAVELLER_REFUSAL_WINDOW_SECONDS", "600"))
# Table codes that open no sheet, per client address, in a window (club.table_codes): then
# every code lookup from that address answers 429 (the pages and the API) until it passes.
TROEF_CODE_MISSES = int(os.environ.get("TROEF_CODE_MISSES", "30"))
TROEF_CODE_MISS_WINDOW_SECONDS = int(os.environ.get("TROEF_CODE_MISS_WINDOW_SECONDS", "60"))

# E-mail (invitations, password reset): printed on the console unless EMAIL_HOST is set.
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "troef@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
if os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS", True)
    EMAIL_TIMEOUT = 10
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

# Proxies (addresses or networks, comma-separated) whose X-Forwarded-For is believed; none
# means the client's address is REMOTE_ADDR.
TROEF_TRUSTED_PROXIES = [
    p.strip() for p in os.environ.get("TROEF_TRUSTED_PROXIES", "").split(",") if p.strip()]

if PRODUCTION:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    CSRF_TRUSTED_ORIGINS = [
        o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o
    ]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("TROEF_LOG_LEVEL", "WARNING")},
}
