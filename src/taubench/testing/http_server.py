"""The scripted server's HTTP/1.1: one asyncio loop on a thread of its own serves every
connection, with keep-alive, ``TCP_NODELAY``, requests framed by their
Content-Length and an idle timeout, as real providers serve it.

Why not ``http.server``: with a thread per connection, the server cost 0.65 ms of CPU per
request at 128 connections (GIL hand-offs, a parser built on ``email``), half of it HTTP, on
the cores it shares with the client it serves in tests and benchmarks.

The handler is called on the loop's thread and must not block: it answers an ``Exchange`` at
once or later (``Exchange.after``).
"""

import asyncio
import json
import socket
import threading
import time
from email.utils import formatdate
from functools import lru_cache
from http.client import responses
from typing import Callable, Optional

MAX_HEAD_BYTES = 64 * 1024


class Exchange:
    """One request on its connection, answered once (a request held when the server stops is
    never answered: its connection closes)."""

    def __init__(
        self,
        connection: "_Connection",
        method: str,
        target: str,
        headers: dict[str, str],
        body: bytes,
        keep_alive: bool,
    ):
        self.method, self.target, self.headers, self.body = method, target, headers, body
        self.path = target.split("?", 1)[0]
        self._connection = connection
        self._keep_alive = keep_alive
        self._done = False

    @property
    def gone(self) -> bool:
        """The client closed its end (as one that timed out does) while we held its request."""
        return self._connection.gone

    def after(self, delay_s: float, callback: Callable[[], None]) -> None:
        """``callback`` on the loop's thread in ``delay_s`` (at once if 0); never once the server stops."""
        if delay_s > 0:
            self._connection.loop.call_later(delay_s, self._connection.guarded, callback, self)
        else:
            self._connection.guarded(callback, self)

    def answer(self, status: int, data: bytes, headers: Optional[dict[str, str]] = None) -> None:
        if self._done:
            return
        self._done = True
        headers = {"Content-Type": "application/json", **(headers or {})}
        close = headers.pop("Connection", None) == "close" or not self._keep_alive
        lines = [
            f"HTTP/1.1 {status} {responses.get(status, 'Unknown')}",
            "Server: taubench-scripted",
            f"Date: {_date()}",
        ]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        lines += [f"Content-Length: {len(data)}"] + (["Connection: close"] if close else [])
        self._connection.send(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + data, close)


class HttpServer:
    """Listens on 127.0.0.1:``port`` (0: a free one) from construction; serves from ``start`` to ``stop``."""

    def __init__(
        self, handle: Callable[[Exchange], None], port: int = 0, idle_timeout_s: float = 75.0, backlog: int = 1024
    ):  # the default 5 would drop connections when a hundred episodes start at once
        self.handle = handle
        self.idle_timeout_s = idle_timeout_s
        self.socket = socket.create_server(("127.0.0.1", port), backlog=backlog)
        self.port: int = self.socket.getsockname()[1]
        self.connections_accepted = 0
        self.open: set["_Connection"] = set()  # touched on the loop's thread only
        self.loop: Optional[asyncio.AbstractEventLoop] = None
        self._thread: Optional[threading.Thread] = None
        self._server: Optional[asyncio.base_events.Server] = None

    def start(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="scripted-http", daemon=True)
        self._thread.start()
        serving = self.loop.create_server(lambda: _Connection(self), sock=self.socket)
        self._server = asyncio.run_coroutine_threadsafe(serving, self.loop).result()

    def stop(self) -> None:
        """Stop listening and close every connection, unanswered requests included."""
        if self._thread is None or not self._thread.is_alive():
            self.socket.close()
            return

        loop, server = self.loop, self._server
        assert loop is not None and server is not None  # set by start, which the live thread proves

        def close_all() -> None:
            server.close()
            for connection in list(self.open):
                connection.close()
            loop.call_soon(loop.stop)  # after the transports' own close callbacks

        loop.call_soon_threadsafe(close_all)
        self._thread.join()
        loop.close()

    def sockets(self) -> list:
        """The open connections' sockets (asyncio's read-only wrappers)."""
        return [connection.transport.get_extra_info("socket") for connection in list(self.open)]


class _Connection(asyncio.Protocol):
    """Reads one request at a time: the next is parsed once the current one is answered."""

    transport: asyncio.Transport  # set by connection_made, asyncio's first call

    def __init__(self, server: HttpServer):
        assert server.loop is not None  # connections come once the server started
        self.server = server
        self.loop = server.loop
        self.buffer = bytearray()
        self.busy = False
        self.gone = False
        self._idle: Optional[asyncio.TimerHandle] = None

    def connection_made(self, transport) -> None:
        self.transport = transport
        # headers and body go in one write, but a client's next request must not wait on Nagle either
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.server.connections_accepted += 1
        self.server.open.add(self)
        self._arm_idle()

    def connection_lost(self, exc) -> None:
        self.gone = True
        self._disarm_idle()
        self.server.open.discard(self)

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.busy:
            self._next()

    def send(self, data: bytes, close: bool) -> None:
        if self.gone:
            return
        self.transport.write(data)
        if close:
            self.close()
            return
        self.busy = False
        if self.buffer:
            self._next()
        else:
            self._arm_idle()

    def close(self) -> None:
        if not self.gone:
            self.gone = True
            self.transport.close()

    def guarded(self, callback: Callable[[], None], exchange: Exchange) -> None:
        try:
            callback()
        except Exception as exc:  # noqa: BLE001 - a failing handler is a 500, the server goes on
            exchange.answer(500, _error_body(f"the scripted server failed: {exc}", "server_error"))

    def _next(self) -> None:
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            if len(self.buffer) > MAX_HEAD_BYTES:
                self._refuse(431, "request headers too large")
            return
        request_line, *header_lines = self.buffer[:end].decode("latin-1").split("\r\n")
        parts = request_line.split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
            self._refuse(400, "malformed request line")
            return
        headers = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = headers.get("content-length", "0")
        if not length.isdigit() or "transfer-encoding" in headers:  # where would the next request start? close
            self._refuse(411, "send the request body with a Content-Length")
            return
        start, stop = end + 4, end + 4 + int(length)
        if len(self.buffer) < stop:
            return  # the rest of the body is on its way
        body = bytes(self.buffer[start:stop])
        del self.buffer[:stop]
        self.busy = True
        self._disarm_idle()
        connection_header = headers.get("connection", "").lower()
        keep_alive = connection_header == "keep-alive" if parts[2] == "HTTP/1.0" else connection_header != "close"
        exchange = Exchange(self, parts[0], parts[1], headers, body, keep_alive)
        self.guarded(lambda: self.server.handle(exchange), exchange)

    def _refuse(self, status: int, message: str) -> None:
        self.busy = True
        Exchange(self, "", "", {}, b"", keep_alive=False).answer(status, _error_body(message))

    def _arm_idle(self) -> None:
        self._disarm_idle()
        self._idle = self.loop.call_later(self.server.idle_timeout_s, self.close)

    def _disarm_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None


def _error_body(message: str, kind: str = "invalid_request_error") -> bytes:
    return json.dumps({"error": {"message": message, "type": kind}}).encode()


def _date() -> str:
    """The Date header, formatted once a second."""
    return _date_of(int(time.time()))


@lru_cache(maxsize=1)
def _date_of(second: int) -> str:
    return formatdate(second, usegmt=True)
