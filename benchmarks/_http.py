"""Pieces the HTTP benchmarks share: a throwaway database, gunicorn on a free port, a
browser-like client with a session and a CSRF token, CPU accounting, latency summaries."""

from __future__ import annotations

import atexit
import contextlib
import http.client
import os
import socket
import statistics
import subprocess
import time
import urllib.parse
from pathlib import Path

from _smoke import SMOKE, check, tempdir

ROOT = Path(__file__).resolve().parent.parent


def fresh_database(label: str) -> str:
    """A throwaway database URL: a new PostgreSQL database when DATABASE_URL is PostgreSQL.
    A smoke run drops it (or removes the SQLite folder) when the process ends."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        parsed = urllib.parse.urlparse(url)
        name = f"{parsed.path.lstrip('/') or 'troef'}_bench_{label}"
        admin = parsed._replace(path="/postgres").geturl()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        if SMOKE:
            atexit.register(drop_database, admin, name)
        return parsed._replace(path=f"/{name}").geturl()
    return f"sqlite:///{tempdir(f'troef-bench-{label}-')}/bench.sqlite3"


def drop_database(admin: str, name: str) -> None:
    """Drop a benchmark's PostgreSQL database (connections still open to it are ended)."""
    import psycopg
    from django.db import connections

    with contextlib.suppress(Exception):  # Django not set up: no connection to close
        connections.close_all()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def summary(name: str, latencies: list[float], elapsed: float, errors: int) -> float:
    rate = len(latencies) / elapsed if elapsed else 0.0
    ms = sorted(x * 1000 for x in latencies)
    p50 = statistics.median(ms) if ms else 0.0
    p95 = ms[int(0.95 * (len(ms) - 1))] if ms else 0.0
    print(f"{name:<34} {len(latencies):>6} entries in {elapsed:5.2f} s  {rate:8.1f} entries/s"
          f"  p50 {p50:6.2f} ms  p95 {p95:6.2f} ms  refused/failed {errors}")
    check(errors == 0 and bool(latencies), f"{name}: {len(latencies)} entries, {errors} refused/failed")
    return rate


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Client:
    """One organiser's browser: a keep-alive connection, a session cookie, a CSRF token."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: dict | None = None):
        status, text, _headers = self.exchange(method, path, body)
        return status, text

    def exchange(self, method: str, path: str, body: dict | None = None,
                 extra: dict[str, str] | None = None):
        """The request; the answer's status, text and headers (lower-case names)."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                   **(extra or {})}
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, data, headers)
                response = self.conn.getresponse()
                break
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    raise
        text = response.read().decode("utf-8", "replace")
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return response.status, text, {k.lower(): v for k, v in response.getheaders()}

    def login(self, username: str, password: str) -> None:
        self.request("GET", "/accounts/login/")
        status, _ = self.request("POST", "/accounts/login/", {
            "username": username, "password": password,
            "csrfmiddlewaretoken": self.cookies["csrftoken"]})
        if status != 302 or "sessionid" not in self.cookies:
            raise SystemExit(f"login failed ({status})")


def cpu_seconds(server_pid: int) -> dict[str, float]:
    """CPU time so far (Linux /proc) of the gunicorn workers, the database's backends for
    this benchmark's database (PostgreSQL), and this process (the clients)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {"web": 0.0, "database": 0.0, "clients": time.process_time()}
    database = urllib.parse.urlparse(os.environ["DATABASE_URL"]).path.lstrip("/")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                command = handle.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        used = (int(fields[11]) + int(fields[12])) / tick
        if int(fields[1]) == server_pid:
            out["web"] += used
        elif command.startswith("postgres: ") and f" {database} " in command:
            out["database"] += used
    return out


def start_gunicorn(port: int, workers: int, threads: int) -> subprocess.Popen:
    env = dict(os.environ, DJANGO_DEBUG="0", DATABASE_CONN_MAX_AGE="600",
               PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "club.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--threads", str(threads),
         "--worker-class", "gthread" if threads > 1 else "sync", "--keep-alive", "30",
         "--log-level", "warning", "--preload"],
        cwd=ROOT, env=env)
    for _ in range(100):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/health/")
            if conn.getresponse().status == 200:
                return process
        except OSError:
            time.sleep(0.1)
    process.terminate()
    raise SystemExit("gunicorn did not start")
