"""A client generated from ``/api/schema/`` by a third-party generator
(openapi-python-client, pinned in requirements-dev.txt) into a temporary folder, imported
for one test and forgotten after it, talking to the app in this process (httpx's WSGI
transport) on the test's own database connection (tests/api/test_generated_client.py)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from django.core.signals import request_finished, request_started
from django.db import close_old_connections

from club.wsgi import application

PACKAGE = "troef_client"
#: The generator keeps a binary answer only as application/octet-stream: the PDF download
#: (application/pdf, as the server sends it) is read as one (its documented setting).
GENERATOR_CONFIG = {"content_type_overrides": {"application/pdf": "application/octet-stream"},
                    "post_hooks": []}  # no formatting of code read once


def generate(schema: dict, folder: Path) -> str:
    """The client's package generated into ``folder``; the generator's output (its
    warnings: a part of the schema it could not use) is returned."""
    (folder / "schema.json").write_text(json.dumps(schema))
    (folder / "config.json").write_text(json.dumps(GENERATOR_CONFIG))
    tool = Path(sys.executable).parent / "openapi-python-client"
    done = subprocess.run(
        [str(tool), "generate", "--path", str(folder / "schema.json"), "--meta", "none",
         "--config", str(folder / "config.json"), "--output-path", str(folder / PACKAGE)],
        capture_output=True, text=True, timeout=120, check=True)
    return done.stdout + done.stderr


@contextmanager
def imported(folder: Path) -> Iterator[object]:
    """The generated package, importable while the context lasts."""
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@contextmanager
def kept_connection() -> Iterator[None]:
    """The WSGI handler closes the database connection after each request (Django's test
    client does not): the test's connection and its transaction are kept."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def transport() -> httpx.WSGITransport:
    return httpx.WSGITransport(app=application)
