"""A bad network between a browser and the live server (tests/e2e/test_offline_network.py):
a forwarder on the loopback whose behaviour the test switches while the browser uses it.

Each connection carries one request (the proxy asks the server to close after its answer
and closes the browser's side after it), so the mode in force when a request arrives is the
one it meets:

- ``pass``: forwarded, the answer sent back;
- ``cut``: forwarded (the server handles it, to the end), the answer dropped: the browser's
  socket is closed without a byte (a café's Wi-Fi losing the answer);
- ``hang``: read, never forwarded, never answered: the socket stays open until the mode
  changes (a network that accepts and goes silent); leaving ``hang`` closes those sockets,
  as a network that comes back resets its stuck connections;
- ``refuse``: closed at once, before reading anything.

It listens on 127.0.0.1 (service workers need a secure context: the loopback is one). The
requests it saw are kept as ``(mode, method, path)`` in ``seen``, so a test can wait for one
(never sleep). No production code: the browser talks HTTP to it as to the server."""

from __future__ import annotations

import socket
import socketserver
import threading

MODES = ("pass", "cut", "hang", "refuse")
CHUNK = 65536


def _read_request(sock: socket.socket) -> bytes | None:
    """One HTTP request (head and Content-Length body) as bytes, or None at EOF."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(CHUNK)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = sock.recv(CHUNK)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


def _closing(request: bytes) -> bytes:
    """The request with ``Connection: close`` (one request a connection)."""
    head, _, body = request.partition(b"\r\n\r\n")
    lines = [line for line in head.split(b"\r\n")
             if line.split(b":", 1)[0].strip().lower() not in (b"connection", b"keep-alive")]
    return b"\r\n".join([*lines, b"Connection: close"]) + b"\r\n\r\n" + body


class Proxy:
    """``Proxy(("localhost", port))``: start it, point the browser at ``url``, switch
    ``mode``; ``close()`` at the end."""

    def __init__(self, upstream: tuple[str, int]):
        self.upstream = upstream
        self._mode = "pass"
        self.lock = threading.Lock()
        self.held: list[threading.Event] = []  # one a hanging request, set to let go
        self.seen: list[tuple[str, str, str]] = []
        proxy = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self):
                proxy.serve(self.request)

        class Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

        self.server = Server(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def mode(self) -> str:
        return self._mode

    @mode.setter
    def mode(self, mode: str) -> None:
        assert mode in MODES, mode
        with self.lock:
            self._mode = mode
            held, self.held = (self.held, []) if mode != "hang" else ([], self.held)
        for release in held:
            release.set()

    def requests(self, method: str = "", path: str = "", mode: str = "") -> list[tuple]:
        """The requests seen, filtered by method, path prefix and mode."""
        with self.lock:
            return [r for r in self.seen if (not mode or r[0] == mode)
                    and (not method or r[1] == method) and r[2].startswith(path)]

    def serve(self, client: socket.socket) -> None:
        mode = self._mode
        if mode == "refuse":
            with self.lock:
                self.seen.append((mode, "", ""))
            _shut(client)
            return
        request = _read_request(client)
        if request is None:
            _shut(client)
            return
        method, path = (request.split(b"\r\n", 1)[0].decode("latin-1").split(" ") + ["", ""])[:2]
        with self.lock:
            mode = self._mode  # as the request arrived
            self.seen.append((mode, method, path))
            if mode == "hang":
                release = threading.Event()
                self.held.append(release)
        if mode == "hang":
            release.wait()  # until the mode changes; then the socket is closed unanswered
            _shut(client)
            return
        answer = self.forward(_closing(request))
        if mode == "pass":
            try:
                client.sendall(answer)
            except OSError:
                pass
        _shut(client)

    def forward(self, request: bytes) -> bytes:
        with socket.create_connection(self.upstream, timeout=60) as server:
            server.sendall(request)
            answer = b""
            while chunk := server.recv(CHUNK):
                answer += chunk
        return answer

    def close(self) -> None:
        self.mode = "pass"
        self.server.shutdown()
        self.server.server_close()


def _shut(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
