"""The scripted server's connections: HTTP/1.1 keep-alive as real providers serve it, TCP_NODELAY,
no request lost under a burst, and every request on a kept-alive connection answered or closed."""

import http.client
import json
import socket
import threading
import time

import httpx
import pytest

from taubench.testing.scripted_server import Faults, ScriptedServer

MESSAGES = [{"role": "user", "content": "Hello"}]
BODY = json.dumps({"model": "m", "messages": MESSAGES}).encode()


def scripted(**options) -> ScriptedServer:
    """A server that answers every request with one text (no domain to load: quick to start)."""
    return ScriptedServer(script=lambda body: "scripted", **options)


def port_of(server: ScriptedServer) -> int:
    return server.port


def eventually(condition, within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_a_client_sends_its_requests_over_one_kept_alive_connection_with_nodelay():
    with scripted() as server, httpx.Client(base_url=server.url, trust_env=False) as client:
        for _ in range(5):
            assert client.post("/chat/completions", json={"model": "m", "messages": MESSAGES}).status_code == 200
        stats = client.get(server.url.removesuffix("/v1") + "/stats").json()
        assert stats["requests"] == 5 and stats["connections_accepted"] == 1 and stats["connections_open"] == 1
        (accepted,) = server.http.sockets()
        assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        client.close()
        assert eventually(lambda: server.stats()["connections_open"] == 0)


def test_a_burst_of_300_concurrent_keep_alive_requests_loses_none():
    # a pool that never closes a connection itself: httpcore 1.0.9 may close one it has just handed
    # to a request (as surplus or expired), which then fails or waits for its timeout (encode/httpcore#1110)
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None, keepalive_expiry=None)
    failures: list[str] = []
    with scripted(faults=Faults(latency_s=0.05), keep_requests=False) as server:
        with httpx.Client(base_url=server.url, limits=limits, timeout=30, trust_env=False) as client:

            def two_requests() -> None:
                for _ in range(2):  # the second over a connection kept alive
                    try:
                        answer = client.post("/chat/completions", json={"model": "m", "messages": MESSAGES})
                        answer.raise_for_status()
                        assert answer.json()["choices"]
                    except Exception as exc:  # noqa: BLE001 - every failure is counted, whatever it is
                        failures.append(repr(exc))

            threads = [threading.Thread(target=two_requests) for _ in range(300)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        stats = server.stats()
    assert failures == []
    assert stats["requests"] == 600 and stats["answered"] == {"custom": 600}
    assert stats["connections_accepted"] <= 300


def test_a_request_body_is_read_even_when_the_path_is_wrong():
    """Regression: unread, the body of a 404 was taken for the next request on the connection."""
    with scripted() as server:
        connection = http.client.HTTPConnection("127.0.0.1", port_of(server), timeout=5)
        for path, status in (
            ("/v1/no/such/endpoint", 404),
            ("/v1/chat/completions", 200),
            ("/v1/chat/completions", 200),
        ):
            connection.request("POST", path, BODY, {"Content-Type": "application/json"})
            answer = connection.getresponse()
            assert (answer.status, bool(answer.read())) == (status, True)
        connection.close()
        assert server.stats()["connections_accepted"] == 1


def test_a_body_without_a_content_length_is_refused_and_the_connection_closed():
    with scripted() as server:
        connection = http.client.HTTPConnection("127.0.0.1", port_of(server), timeout=5)
        connection.request("POST", "/v1/chat/completions", iter([BODY]), {"Transfer-Encoding": "chunked"})
        answer = connection.getresponse()
        assert answer.status == 411 and answer.getheader("Connection") == "close"
        assert "Content-Length" in json.loads(answer.read())["error"]["message"]
        assert eventually(lambda: server.stats()["connections_open"] == 0)


def test_a_request_left_unanswered_at_exit_closes_its_connection():
    """Regression: a kept-alive connection whose request got no answer stayed open, so the
    client waited for an answer until its own timeout while the server waited for a request."""
    with scripted(faults=Faults(latency_s=30)) as server:
        connection = http.client.HTTPConnection("127.0.0.1", port_of(server), timeout=20)
        connection.request("POST", "/v1/chat/completions", BODY, {"Content-Type": "application/json"})
        assert eventually(lambda: server.total_requests == 1)
        started = time.monotonic()
    with pytest.raises(http.client.RemoteDisconnected):
        connection.getresponse()
    assert time.monotonic() - started < 5


def test_a_connection_idle_past_the_timeout_is_closed():
    with scripted(idle_timeout_s=0.2) as server:
        connection = http.client.HTTPConnection("127.0.0.1", port_of(server), timeout=5)
        connection.request("POST", "/v1/chat/completions", BODY, {"Content-Type": "application/json"})
        assert connection.getresponse().read()
        assert eventually(lambda: server.stats()["connections_open"] == 0)  # the client did not close it
        assert server.stats()["connections_accepted"] == 1
        connection.close()


def read_answers(connection: socket.socket, count: int) -> list[bytes]:
    """The status lines of ``count`` answers read off a raw socket (each framed by its Content-Length)."""
    data, answers = b"", []
    while len(answers) < count:
        head_end = data.find(b"\r\n\r\n")
        if head_end >= 0:
            head = data[:head_end].decode("latin-1").split("\r\n")
            length = next(int(line.split(":")[1]) for line in head if line.lower().startswith("content-length:"))
            if len(data) >= head_end + 4 + length:
                answers.append(head[0].encode())
                data = data[head_end + 4 + length :]
                continue
        chunk = connection.recv(65536)
        assert chunk, f"the server closed the connection after {len(answers)} answers"
        data += chunk
    return answers


def test_requests_split_across_writes_or_sent_back_to_back_are_answered_in_order():
    request = (
        b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: " + str(len(BODY)).encode() + b"\r\n\r\n" + BODY
    )
    missing = b"POST /v1/nowhere HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"
    with scripted() as server, socket.create_connection(("127.0.0.1", port_of(server)), timeout=5) as connection:
        for piece in (request[:10], request[10:60], request[60:-5], request[-5:]):  # one request in four writes
            connection.sendall(piece)
            time.sleep(0.02)
        assert read_answers(connection, 1) == [b"HTTP/1.1 200 OK"]
        connection.sendall(request + missing + request)  # three at once: each answered, in order
        assert read_answers(connection, 3) == [b"HTTP/1.1 200 OK", b"HTTP/1.1 404 Not Found", b"HTTP/1.1 200 OK"]
        assert server.stats()["connections_accepted"] == 1 and server.counts == {"custom": 3}


def test_a_malformed_request_line_gets_a_400_and_an_http_1_0_request_a_closed_connection():
    with scripted() as server:
        with socket.create_connection(("127.0.0.1", port_of(server)), timeout=5) as connection:
            connection.sendall(b"NONSENSE\r\n\r\n")
            assert read_answers(connection, 1) == [b"HTTP/1.1 400 Bad Request"]
            assert connection.recv(1) == b""  # then closed
        with socket.create_connection(("127.0.0.1", port_of(server)), timeout=5) as connection:
            connection.sendall(b"GET /stats HTTP/1.0\r\n\r\n")
            assert read_answers(connection, 1) == [b"HTTP/1.1 200 OK"]
            assert connection.recv(1) == b""  # HTTP/1.0 without keep-alive: closed after the answer
