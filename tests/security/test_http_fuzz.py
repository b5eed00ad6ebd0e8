"""HTTP fuzz: every URL pattern and every form of the app, as eight kinds of visitor.

The URL patterns are walked from the resolver (a URL added later is fuzzed without a word
here); their keyword arguments come from a small world of two clubs (the championship's
club A, with its scorer and viewer, another club B organised by "other_organiser") or from
hypothesis: huge, negative, unknown ids, Unicode and junk codes and slugs. The forms are
found by crawling the pages as their users see them (<form> fields, <select> options,
links with query strings); a fuzzed POST starts from a form as rendered and hypothesis
mutates it: numbers huge and negative, 10**30, floats, empty, Unicode (RTL, emoji,
combining marks), NUL bytes, 100 KB strings, missing, extra and repeated fields, junk file
uploads; methods are also wrong on purpose (PUT/PATCH/DELETE/HEAD/OPTIONS, POST on a page,
GET on an action).

Each request runs in a savepoint rolled back afterwards, so the world stays the same and a
fingerprint of every table of the app (one query: count, max(pk) and a hash of every row)
tells whether the request wrote. Must hold: no answer >= 500, and no row changed by a
refused request (4xx, sent to the login page, or a redirect carrying an error message).

Volume: TROEF_SERVICES=1 (CI's PostgreSQL pass) at least 10,000 requests, else ~1,500;
TROEF_FUZZ_REQUESTS=n asks for n, TROEF_FUZZ_VERBOSE=1 prints each pattern's count and time.
"""

from __future__ import annotations

import logging
import math
import os
import re
import time
import traceback
from collections import defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

import pytest
from django.conf import settings
from django.contrib.messages import constants as message_levels
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import Resolver404, get_resolver, resolve, reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from club.models import Player
from tests.helpers.fuzz_world import (
    FUZZ_ADDR,
    KINDS,
    World,
    build_world,
    fingerprint,
    fingerprint_sql,
)

pytestmark = [pytest.mark.django_db,
              # sort=<junk> makes django-tables2 warn about its accessor syntax
              pytest.mark.filterwarnings("ignore::DeprecationWarning:django_tables2")]

SERVICES = os.environ.get("TROEF_SERVICES") == "1"
TARGET = int(os.environ.get("TROEF_FUZZ_REQUESTS") or (10_000 if SERVICES else 1_500))
VISITORS = ("anonymous", "code", "no_role", "other_organiser", "organiser", "scorer", "viewer",
            "staff")
#: Requests and seconds per visitor, for the terminal summary (tests/security/conftest.py).
STATS: dict[str, tuple[int, float]] = {}


# -- the URL patterns of the app ---------------------------------------------------------

_PARAM = re.compile(r"<(?:(?P<conv>[^>:]+):)?(?P<name>[^>]+)>")


@dataclass(frozen=True)
class Route:
    name: str
    route: str                      # the whole route, includes' prefixes joined
    params: tuple[tuple[str, str, str], ...]  # (kwarg, converter, kind of world object)
    methods: tuple[str, ...]        # the view's own handlers: get, post, ...


def _methods(callback) -> tuple[str, ...]:
    view = getattr(callback, "view_class", None)
    if view is None:
        return ("get", "post")  # a function view: it may answer either
    allowed = [m for m in view.http_method_names if m != "options" and hasattr(view, m)]
    return tuple(m for m in allowed if m != "head")


def _kind(kwarg: str, before: str) -> str:
    """The kind of world object a keyword argument names: its own name (slug, code,
    player, number, kind, action), or for ``pk`` the path segment before it."""
    if kwarg != "pk":
        return kwarg
    for kind in KINDS:
        plain = kind.replace("_", "")
        if before in (plain, plain + "s", plain[:-1] + "ies"):
            return kind
    return "any"


def app_routes() -> list[Route]:
    routes: list[Route] = []

    def walk(patterns, prefix):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if hasattr(pattern, "url_patterns"):
                if getattr(pattern, "app_name", None) != "admin":
                    walk(pattern.url_patterns, route)
            elif pattern.name:
                params = []
                for match in _PARAM.finditer(route):
                    segments = route[:match.start()].rstrip("/").split("/")
                    params.append((match["name"], match["conv"] or "str",
                                   _kind(match["name"], segments[-1] if segments else "")))
                routes.append(Route(pattern.name, route, tuple(params),
                                    _methods(pattern.callback)))

    walk(get_resolver().url_patterns, "")
    return sorted(routes, key=lambda r: r.name)


def build_path(route: Route, values: dict[str, str]) -> str:
    def sub(match):
        return quote(str(values[match["name"]]), safe="")
    return "/" + _PARAM.sub(sub, route.route)


# -- the world (built by tests/helpers/fuzz_world.py) ------------------------------------

def own_side(visitor: str) -> tuple[str, str]:
    """The visitor's club first (his own or the championship's), the other club second."""
    return ("B", "A") if visitor == "other_organiser" else ("A", "B")


def client_for(world: World, visitor: str) -> Client:
    client = Client(raise_request_exception=False, REMOTE_ADDR=FUZZ_ADDR)
    user = world.users.get(visitor)
    if user is not None:
        client.force_login(user)
    return client


# -- forms and links, as the pages show them ---------------------------------------------

@dataclass
class FormSpec:
    action: str                 # the path (with query) the form is sent to
    method: str
    fields: list[tuple[str, object]]          # (name, value) as rendered, in order
    choices: dict[str, list[str]]             # name -> every value offered
    files: list[str]                          # names of file inputs


class _PageParser(HTMLParser):
    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.forms: list[FormSpec] = []
        self.links: list[str] = []
        self._form: FormSpec | None = None
        self._select: tuple[str, bool] | None = None
        self._select_first: str | None = None
        self._selected = False
        self._textarea: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "form":
            action = a.get("action") or self.page
            self._form = FormSpec(action, (a.get("method") or "get").lower(), [], {}, [])
            self.forms.append(self._form)
        elif self._form is None or not a.get("name"):
            if tag == "option" and self._select and self._form is not None:
                self._option(a)
            return
        elif tag in ("input", "button"):
            name, kind = a["name"], (a.get("type") or "text").lower()
            value = a.get("value", "")
            if kind == "file":
                self._form.files.append(name)
            elif kind in ("checkbox", "radio"):
                self._form.choices.setdefault(name, []).append(value or "on")
                if "checked" in a:
                    self._form.fields.append((name, value or "on"))
            elif tag == "input" or kind == "submit":
                self._form.fields.append((name, value))
        elif tag == "select":
            self._select = (a["name"], "multiple" in a)
            self._select_first, self._selected = None, False
            self._form.choices.setdefault(a["name"], [])
        elif tag == "textarea":
            self._textarea, self._text = a["name"], []
        if tag == "option" and self._select:
            self._option(a)

    def _option(self, a):
        name, _multiple = self._select
        value = a.get("value", "")
        self._form.choices[name].append(value)
        if self._select_first is None:
            self._select_first = value
        if "selected" in a:
            self._form.fields.append((name, value))
            self._selected = True

    def handle_data(self, data):
        if self._textarea is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select" and self._select and self._form is not None:
            if not self._selected and self._select_first is not None and not self._select[1]:
                self._form.fields.append((self._select[0], self._select_first))
            self._select = None
        elif tag == "textarea" and self._textarea is not None and self._form is not None:
            self._form.fields.append((self._textarea, "".join(self._text)))
            self._textarea = None


@dataclass
class Discovered:
    forms: dict[str, list[FormSpec]] = field(default_factory=lambda: defaultdict(list))
    queries: dict[str, list[tuple[str, dict]]] = field(default_factory=lambda: defaultdict(list))
    pages: int = 0


def _route_name(path: str) -> str | None:
    try:
        return resolve(urlsplit(path).path).url_name
    except Resolver404:
        return None


def discover(world: World, routes: list[Route]) -> Discovered:
    """Crawl the app's pages as their users see them (club A's organiser, club B's, the
    holder of a table code, staff): every form and every link with a query string."""
    found = Discovered()
    seen_forms: set = set()
    by_visitor = {"organiser": "A", "other_organiser": "B", "code": "A", "staff": "A"}
    for visitor, side in by_visitor.items():
        client = client_for(world, visitor)
        ids = world.ids[side]
        queue = []
        for route in routes:
            if "get" not in route.methods:
                continue
            if visitor == "code" and not any(kind == "code" for _n, _c, kind in route.params):
                continue
            values = {name: ids.get(kind, ids["championship"]) for name, _c, kind in route.params}
            queue.append(build_path(route, values))
        visited, per_route = set(), defaultdict(int)
        while queue:
            path = queue.pop(0)
            name = _route_name(path)
            if path in visited or per_route[name] >= 6:
                continue
            visited.add(path)
            per_route[name] += 1
            with transaction.atomic():
                response = client.get(path)
                transaction.set_rollback(True)
            found.pages += 1
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            parser = _PageParser(path)
            parser.feed(response.content.decode("utf-8", "replace"))
            for form in parser.forms:
                name = _route_name(form.action)
                key = (name, form.method, form.action,
                       tuple(f for f in form.fields if f[0] != "csrfmiddlewaretoken"))
                if name and key not in seen_forms:
                    seen_forms.add(key)
                    found.forms[name].append(form)
            for href in parser.links:
                parts = urlsplit(href)
                if parts.scheme or parts.netloc or (not parts.path and not parts.query):
                    continue
                target = parts.path or urlsplit(path).path
                name = _route_name(target)
                if name is None:
                    continue
                if parts.query:
                    found.queries[name].append((target, dict(parse_qsl(parts.query))))
                    queue.append(f"{target}?{parts.query}")
                elif target not in visited:
                    queue.append(target)
    return found


# -- hypothesis strategies ---------------------------------------------------------------

NASTY = [
    "", " ", "0", "-1", "1e309", "NaN", "inf", "-0", "0x10", "1_000", "٣", "½", str(10**30),
    str(-10**30), str(2**31), str(2**63), "1.5", "3,5", "\x00", "a\x00b", "\u202eevil\u202c",
    "\u0645\u0627\u0646\u064a\u0644", "😀🃏♥", "e\u0301\u0301\u0301", "$\\foo{$", "{{ x }}",
    "<script>alert(1)</script>", "' OR 1=1 --", "=HYPERLINK(\"x\")", "../../etc/passwd",
    "\ud7ff", "\r\n", "\t", "true", "on", "2024-02-30", "9999-12-31", "0000-00-00",
]
_HUGE = st.sampled_from([10**30, -10**30, 2**31, -2**31 - 1, 2**63, 10**100, 2**15, 32768])


def text_values():
    return st.one_of(
        st.sampled_from(NASTY),
        st.text(max_size=40),
        st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=400),
        st.builds(lambda c, n: c * n, st.sampled_from(["A", "é", "😀", "\x00"]),
                  st.sampled_from([301, 5_000, 100_000])),
    )


def number_values():
    return st.one_of(
        st.integers(-5, 200).map(str), _HUGE.map(str), st.integers().map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
    )


def fuzz_value():
    return st.one_of(number_values(), text_values())


def file_values(name: str):
    csv_rows = st.lists(st.lists(text_values(), min_size=0, max_size=4), max_size=6)
    csv_blob = csv_rows.map(lambda rows: ("last_name,first_name,member_number\n" + "\n".join(
        ",".join(r) for r in rows)).encode("utf-8", "surrogatepass"))
    blob = st.one_of(
        st.binary(max_size=3000), csv_blob,
        st.sampled_from([b"", b"\x00" * 5000, b"\xff\xfe" + "a,b,c\n".encode("utf-16-le"),
                         b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", b"PK\x03\x04" + b"\x00" * 100,
                         b"last_name,first_name\n" + b"x" * 200_000]),
    )
    return st.builds(lambda content, fname: SimpleUploadedFile(fname, content),
                     blob, st.sampled_from(["players.csv", "x.exe", "ü\x00.csv", "a" * 300]))


@dataclass
class Attempt:
    method: str
    path: str
    data: dict | str | None
    note: str


def kwarg_value(draw, world: World, visitor: str, name: str, conv: str, kind: str):
    own, other = own_side(visitor)
    choice = draw(st.integers(0, 99))
    if kind in world.ids[own] and choice < 60:
        return world.ids[own][kind]
    if kind in world.ids[other] and choice < 75:
        return world.ids[other][kind]  # somebody else's object (IDOR)
    if choice < 85 and world.pool.get(kind if kind in world.pool else "any"):
        return draw(st.sampled_from(world.pool[kind if kind in world.pool else "any"]))
    if conv == "int":
        return draw(st.one_of(st.integers(0, 10**6), _HUGE.map(abs), st.integers(-10**6, -1)))
    return draw(st.one_of(text_values().filter(bool), st.from_regex(r"[-a-zA-Z0-9_]{1,60}",
                                                                    fullmatch=True)))


def mutate(draw, fields: list[tuple[str, object]], choices: dict[str, list[str]]):
    """A rendered form's data, mutated: values replaced, fields dropped, repeated, added."""
    data: dict[str, object] = {}
    for name, value in fields:
        roll = draw(st.integers(0, 99))
        if roll < 45:
            data.setdefault(name, value)
        elif roll < 55:
            continue  # missing
        elif roll < 65 and choices.get(name):
            data[name] = draw(st.sampled_from(choices[name]))
        elif roll < 72:
            data[name] = draw(st.lists(fuzz_value(), min_size=2, max_size=4))  # repeated
        else:
            data[name] = draw(fuzz_value())
    for name, offered in choices.items():  # unchecked boxes, unselected options
        if name not in data and offered and draw(st.integers(0, 9)) < 4:
            data[name] = draw(st.lists(st.sampled_from(offered), min_size=1, max_size=4))
    for _ in range(draw(st.integers(0, 2))):
        data[draw(st.one_of(st.sampled_from(VOCABULARY), st.text(min_size=1, max_size=20)))] \
            = draw(fuzz_value())
    return data


#: Names a request may carry: the kwargs' and a few common query keys (the forms' own
#: names are added after the crawl).
VOCABULARY = ["x", "page", "per_page", "sort", "_export", "next", "deal", "number", "stage",
              "season", "best", "table", "version", "reason", "pk", "id", "code", "action"]


@st.composite
def attempts(draw, route: Route, world: World, visitor: str, found: Discovered):
    values = {name: kwarg_value(draw, world, visitor, name, conv, kind)
              for name, conv, kind in route.params}
    path = build_path(route, values)
    forms = found.forms.get(route.name, [])
    post_forms = [f for f in forms if f.method == "post"]
    natural = [m for m in route.methods if m in ("get", "post")] or ["get"]
    wrong = ["put", "patch", "delete", "head", "options"] + [
        m for m in ("get", "post") if m not in route.methods]
    method = draw(st.sampled_from(natural)) if draw(st.integers(0, 9)) < 8 else draw(
        st.sampled_from(wrong))
    if method == "post" and post_forms:
        form = draw(st.sampled_from(post_forms))
        if draw(st.booleans()):
            path = form.action  # exactly where the page sends it
        data = mutate(draw, form.fields, form.choices)
        for name in form.files:
            if draw(st.integers(0, 9)) < 8:
                data[name] = draw(file_values(name))
        return Attempt("post", path, data, "form")
    if method in ("get", "head"):
        queries = found.queries.get(route.name, [])
        get_forms = [f for f in forms if f.method == "get"]
        seeds = [q for _t, q in queries] + [dict(f.fields) for f in get_forms] + [
            dict(f.fields) for name, fs in found.forms.items() if route.name.startswith(name)
            for f in fs if f.method == "post"]  # the sheet's preview takes the sheet's form
        if seeds and draw(st.booleans()):
            base = draw(st.sampled_from(seeds))
            choices = {}
            for f in get_forms:
                choices.update(f.choices)
            return Attempt(method, path, mutate(draw, list(base.items()), choices), "query")
        if draw(st.booleans()):
            return Attempt(method, path, {draw(st.text(max_size=12)): draw(fuzz_value())},
                           "junk query")
        return Attempt(method, path, None, "plain")
    if method == "post":
        data = {draw(st.text(max_size=12)): draw(fuzz_value())
                for _ in range(draw(st.integers(0, 3)))}
        return Attempt("post", path, data, "junk form")
    body = draw(st.one_of(st.none(), st.text(max_size=200),
                          st.dictionaries(st.text(max_size=10), fuzz_value(), max_size=3)))
    return Attempt(method, path, body, "wrong method")


# -- sending and judging -----------------------------------------------------------------

LOGIN_PATH = reverse("login")


def _short(value, limit=80) -> str:
    if isinstance(value, SimpleUploadedFile):
        value.seek(0)
        head = value.read(40)
        return f"<file {value.name[:40]!r} {value.size} bytes {head!r}...>"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_short(k, 30)}: {_short(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(str(value))} chars)"


def describe(visitor: str, attempt: Attempt) -> str:
    return f"{attempt.method.upper()} {attempt.path[:300]} as {visitor} ({attempt.note}) " \
           f"data={_short(attempt.data)}"


def send(client: Client, attempt: Attempt):
    method, path, data = attempt.method, attempt.path, attempt.data
    for value in (data.values() if isinstance(data, dict) else ()):
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, SimpleUploadedFile):
                item.seek(0)
    if method in ("get", "head", "post"):
        return getattr(client, method)(path, data=data or {})
    if method == "options":
        return client.options(path)
    if isinstance(data, dict):  # put, patch, delete: a form body they do not expect
        return getattr(client, method)(path, data=urlencode(data, doseq=True),
                                       content_type="application/x-www-form-urlencoded")
    return getattr(client, method)(path, data=data or "", content_type="text/plain")


def refused(response) -> str:
    """Why the answer is a refusal ("" when it is not one)."""
    if response.status_code >= 400:
        return f"status {response.status_code}"
    if response.status_code in (301, 302, 303, 307, 308) and \
            response.get("Location", "").startswith(LOGIN_PATH):
        return "sent to log in"
    morsel = response.cookies.get(CookieStorage.cookie_name)
    if morsel is not None and morsel.value:
        stored = CookieStorage(None)._decode(morsel.value) or []
        errors = [m.message for m in stored if m.level >= message_levels.ERROR]
        if errors:
            return f"error message {errors[0]!r}"
    return ""


def exception_summary(response) -> str:
    info = getattr(response, "exc_info", None)
    if not info or not info[1]:
        return ""
    frames = traceback.extract_tb(info[2])
    ours = [f for f in frames if "/site-packages/" not in f.filename] or frames
    where = "; ".join(f"{f.filename.rsplit('/work/main/', 1)[-1]}:{f.lineno} {f.name}"
                      for f in ours[-3:])
    return f"{type(info[1]).__name__}: {str(info[1])[:300]} at {where}"


@dataclass
class Fuzzer:
    world: World
    found: Discovered
    sql: str
    baseline: dict
    count: int = 0

    def check(self, client: Client, visitor: str, attempt: Attempt) -> None:
        """Send ``attempt`` in a savepoint rolled back afterwards; fail on a 5xx or a
        refused request that wrote."""
        session = client.cookies.get(settings.SESSION_COOKIE_NAME)
        session = session.value if session is not None else None
        client.cookies.pop(CookieStorage.cookie_name, None)
        problem = ""
        with transaction.atomic():
            response = send(client, attempt)
            self.count += 1
            if response.status_code >= 500:
                problem = f"{response.status_code}: {exception_summary(response)}"
            else:
                why = refused(response)
                if why:
                    try:
                        after = fingerprint(self.sql)
                    except Exception as error:  # noqa: BLE001 - reported as the finding
                        problem = f"{why}, then the connection was broken: {error!r}"
                    else:
                        changed = [t for t in after if after[t] != self.baseline.get(t)]
                        if changed:
                            problem = f"refused ({why}) but wrote to {', '.join(changed)}"
            transaction.set_rollback(True)
        if session is not None:  # a logout (or a login) must not change who fuzzes next
            client.cookies[settings.SESSION_COOKIE_NAME] = session
        else:
            client.cookies.pop(settings.SESSION_COOKIE_NAME, None)
        assert not problem, f"{describe(visitor, attempt)}\n  -> {problem}"


def examples_per_route(routes: list[Route]) -> int:
    return max(3, math.ceil(TARGET * 1.02 / (len(routes) * len(VISITORS))))


@pytest.fixture(scope="module")
def fuzz_env(django_db_setup, django_db_blocker):
    """The world and what the crawl found, built once for the module (rolled back at its
    end); each test then runs in its own savepoint, each request in another."""
    from club import tasks

    # 4xx by the thousand (and SuspiciousOperation's 400s); 5xx are judged by the test
    loggers = [logging.getLogger(name) for name in ("django.request", "django.security")]
    levels = [log.level for log in loggers]
    for log in loggers:
        log.setLevel(logging.CRITICAL)
    with django_db_blocker.unblock(), pytest.MonkeyPatch.context() as patch:
        # PDFs are not rendered here (the report tests do that): without a broker they
        # would render in-process on every request; with one, the worker would get jobs
        # whose rows are rolled back. Asking for them and recording the job still run.
        for name in ("apply_async", "delay"):
            patch.setattr(tasks.render_report, name, lambda *a, **k: None)
        with transaction.atomic():
            world = build_world()
            found = discover(world, app_routes())
            VOCABULARY.extend(sorted({n for fs in found.forms.values() for f in fs
                                      for n, _v in f.fields} - set(VOCABULARY)))
            sql = fingerprint_sql()
            yield Fuzzer(world, found, sql, fingerprint(sql))
            transaction.set_rollback(True)
        cache.clear()  # the failed logins' counters
    for log, level in zip(loggers, levels, strict=True):
        log.setLevel(level)


@pytest.fixture
def fuzzer(fuzz_env, db):
    fuzz_env.count = 0
    return fuzz_env


def fuzz_route(fuzzer: Fuzzer, client: Client, visitor: str, route: Route, n: int) -> None:
    """``n`` hypothesis examples of one URL pattern for one visitor; raises on a finding
    (after hypothesis has shrunk it)."""

    @hsettings(max_examples=n, database=None, deadline=None,
               suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data):
        attempt = data.draw(attempts(route, fuzzer.world, visitor, fuzzer.found),
                            label="request")
        fuzzer.check(client, visitor, attempt)

    run()


def fuzz_visitor(fuzzer: Fuzzer, visitor: str, routes: list[Route]) -> list[str]:
    """Every URL pattern for one visitor; the findings, one per pattern."""
    client = client_for(fuzzer.world, visitor)
    fuzzer.baseline = fingerprint(fuzzer.sql)  # logging in wrote the user's last_login
    n = examples_per_route(routes)
    failures = []
    for route in routes:
        started, before = time.monotonic(), fuzzer.count
        try:
            fuzz_route(fuzzer, client, visitor, route, n)
        except AssertionError as error:
            lines = str(error).splitlines()
            failures.append(f"[{route.name}] " + "\n".join(lines[:3]))
        if os.environ.get("TROEF_FUZZ_VERBOSE"):
            print(f"{visitor} {route.name}: {fuzzer.count - before} requests, "
                  f"{time.monotonic() - started:.1f} s", flush=True)
    return failures


def test_the_crawl_found_the_forms(fuzzer):
    """The fuzz reaches past the login: the organiser's pages show the forms it mutates."""
    names = set(fuzzer.found.forms)
    assert {"table-sheet", "club-edit", "championship-entries", "ruleset-edit",
            "stage-draw", "report-request"} <= names, sorted(names)
    assert any(f.files for f in fuzzer.found.forms["club-player-import"])
    assert fuzzer.found.queries, "no link with a query string was found"


@pytest.mark.parametrize("visitor", VISITORS)
def test_http_fuzz(fuzzer, visitor):
    routes = app_routes()
    started = time.monotonic()
    failures = fuzz_visitor(fuzzer, visitor, routes)
    elapsed = time.monotonic() - started
    STATS[visitor] = (fuzzer.count, elapsed)
    assert not failures, f"{len(failures)} URL pattern(s) failed:\n" + "\n".join(failures)
    assert fuzzer.count >= TARGET / len(VISITORS), (fuzzer.count, TARGET)


def test_the_fuzz_reports_a_500_and_a_refused_write(fuzzer, monkeypatch):
    """The judge is not blind: a view that fails, and one that writes then refuses."""
    from django.http import HttpResponseForbidden

    from club.models import Club
    from club.views.championships import ChampionshipDetailView

    client = client_for(fuzzer.world, "organiser")
    fuzzer.baseline = fingerprint(fuzzer.sql)
    page = Attempt("get", f"/championships/{fuzzer.world.ids['A']['championship']}/", None, "")

    def fails(self, request, pk):
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(ChampionshipDetailView, "get", fails)
    with pytest.raises(AssertionError, match=r"(?s)GET /championships/.*500.*planted"):
        fuzzer.check(client, "organiser", page)

    def writes_then_refuses(self, request, pk):
        Club.objects.create(name="Planted", slug="planted")
        return HttpResponseForbidden()

    monkeypatch.setattr(ChampionshipDetailView, "get", writes_then_refuses)
    with pytest.raises(AssertionError, match="refused .status 403. but wrote to club_club"):
        fuzzer.check(client, "organiser", page)
    assert not Club.objects.filter(slug="planted").exists()  # the savepoint rolled it back


def test_the_fingerprint_sees_a_write(fuzzer):
    """The fingerprint is not blind: a player renamed to a name of the same length shows."""
    player = Player.objects.order_by("pk").first()
    Player.objects.filter(pk=player.pk).update(last_name="Z" * len(player.last_name))
    assert fingerprint(fuzzer.sql) != fuzzer.baseline
