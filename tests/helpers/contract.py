"""schemathesis's whole run (every phase, every check of ``--checks all``) in this process
against the app through WSGI, for tests/api/test_contract_all_checks.py: the schema's
operations as a token holder or as a table code's holder, with a bounded and derandomised
number of examples, and the failures it found in words."""

from __future__ import annotations

import itertools
import re
import threading

import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connections
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import Status, events, from_schema
from schemathesis.hooks import GLOBAL_HOOK_DISPATCHER

from club.api.idempotency import HEADER
from club.wsgi import application

#: How often a path parameter takes one of the world's own values (a generated id is nearly
#: always a 404, which teaches little); the rest are generated.
KNOWN = 0.8


def config(*, examples: int, headers: dict | None, dictionaries: dict[str, list],
           operations: list[tuple[str, dict[str, str]]],
           accepted: list[tuple[str, list[int | str]]] = (),
           skip: str | None = None) -> SchemathesisConfig:
    """A run's configuration: every check, every phase, ``examples`` per operation and
    phase, derandomised, one worker (the test's database connection and transaction),
    ``operations`` as (path regex, {parameter: dictionary name}); ``accepted``: (path regex,
    the answers to schema-valid input that ``positive_data_acceptance`` takes there);
    ``skip``: the paths (a regex) this run leaves to another."""
    return SchemathesisConfig.from_dict({
        "seed": 27,
        "workers": 1,
        "headers": headers or {},
        "checks": {"enabled": True},
        "generation": {"max-examples": examples, "deterministic": True, "database": "none",
                       "mode": "all"},
        "dictionaries": {name: {"values": values} for name, values in dictionaries.items()},
        "operations": [
            {"include-path-regex": regex,
             "parameters": {f"path.{name}": {"dictionary": bound, "probability": KNOWN}
                            for name, bound in bindings.items()}}
            for regex, bindings in operations] + [
            {"include-path-regex": regex,
             "checks": {"positive_data_acceptance": {"expected-statuses": statuses}}}
            for regex, statuses in accepted] + (
            [{"include-path-regex": skip, "enabled": False}] if skip else []),
    })


class SharedConnection:
    """The app as schemathesis's worker threads call it, on the test's own database
    connection (its transaction, rolled back after the test), as pytest-django's live server
    shares it; a lock keeps its requests (the run's worker, its probes) one at a time."""

    def __init__(self):
        self.connection = connections["default"]
        self.lock = threading.Lock()  # one request at a time on the one connection

    def __call__(self, environ, start_response):
        with self.lock:
            connections["default"] = self.connection
            return application(environ, start_response)


_KEY = re.compile(r"^[ -~]{1,255}$")
_keys = itertools.count(1)


def before_call(context, case, kwargs) -> None:
    """A client sends a new Idempotency-Key with each new write (a key sent again with
    another body is refused, 422, as tests/api/test_sheet_writes.py checks): a generated
    key that is one is made unique; a malformed one stays as generated."""
    key = (case.headers or {}).get(HEADER)
    if isinstance(key, str) and _KEY.match(key):
        case.headers[HEADER] = f"{key[:240]}~{next(_keys)}"


def run(project: SchemathesisConfig) -> tuple[list[str], int]:
    """The whole run: the failures in words (operation, check, request) and the number of
    requests made."""
    app = SharedConnection()
    # Django closes an unusable connection at each request: on PostgreSQL that would end
    # the test's transaction (the schema's own request too)
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    failures, requests = [], 0
    app.connection.inc_thread_sharing()
    GLOBAL_HOOK_DISPATCHER.register_hook_with_name(before_call, "before_call")
    try:
        schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", app,
                                                config=project)
        for event in from_schema(schema).execute():
            if isinstance(event, events.ScenarioFinished | events.FuzzScenarioFinished):
                requests += len(event.recorder.interactions)
                for checks in event.recorder.checks.values():
                    for check in checks:
                        if check.status == Status.FAILURE:
                            failures.append(_describe(event.recorder, check))
            elif isinstance(event, events.NonFatalError | events.FatalError):
                failures.append(f"{getattr(event, 'label', '')}: {event.info.format()}")
    finally:
        GLOBAL_HOOK_DISPATCHER.unregister(before_call)
        app.connection.dec_thread_sharing()
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    return sorted(set(failures)), requests


def _describe(recorder, check) -> str:
    """The operation, the check, what it found and the request (as curl, the token out)."""
    info = check.failure_info
    sample = info.code_sample.replace("\n", " ") if info else ""
    sample = " ".join(w for w in sample.split(" ") if not w.startswith("Token"))
    detail = f"{info.failure.title}: {info.failure.message}" if info else ""
    return f"{recorder.label} [{check.name}] {detail}\n    {sample}"
