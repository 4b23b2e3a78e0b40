"""The optional LLM client against misbehaving HTTP servers on 127.0.0.1 (issue 11, defect 13):
the API key never crosses to another origin, ``timeout_s`` bounds the whole call, and an
oversized reply is refused while it streams in."""

from __future__ import annotations

import asyncio
import gzip
import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from hybridmem.errors import LLMOutputError, LLMUnavailableError
from hybridmem.evolution.llm import ChatClient, LLMSettings

KEY = "sk-test-secret-4711"
GOOD = json.dumps({"choices": [{"message": {"role": "assistant", "content": "ok"}}]}).encode()

Behaviour = Callable[[BaseHTTPRequestHandler], None]


@contextmanager
def serve(behaviour: Behaviour) -> Iterator[tuple[str, list[dict[str, str]]]]:
    """A local server calling ``behaviour(handler)`` for every POST; yields its origin and
    the headers of every request it received."""
    seen: list[dict[str, str]] = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:  # a 302/303 redirect arrives as GET: same handling
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            seen.append({k.lower(): v for k, v in self.headers.items()})
            # The client hanging up is what the deadline and size tests expect.
            with suppress(BrokenPipeError, ConnectionResetError):
                behaviour(self)

        do_GET = do_POST

        def log_message(self, format: str, *args: object) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", seen
    finally:
        server.shutdown()
        server.server_close()


def reply_ok(handler: BaseHTTPRequestHandler) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(GOOD)))
    handler.end_headers()
    handler.wfile.write(GOOD)


def redirect_to(location: str, status: int = 307) -> Behaviour:
    def behaviour(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(status)
        handler.send_header("Location", location)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    return behaviour


def client(base: str, **settings) -> ChatClient:
    return ChatClient(LLMSettings(base_url=base + "/v1", api_key=KEY, **settings))


@pytest.mark.parametrize("status", [302, 303, 307, 308])
def test_the_api_key_never_follows_a_redirect_to_another_origin(status):
    with serve(reply_ok) as (elsewhere, seen_there):
        target = elsewhere + "/v1/chat/completions"
        with serve(redirect_to(target, status)) as (origin, seen_here):
            assert client(origin).complete("s", "u") == "ok"
    assert seen_here[0]["authorization"] == f"Bearer {KEY}"
    assert len(seen_there) == 1 and "authorization" not in seen_there[0]


def test_a_same_origin_redirect_keeps_the_key():
    calls = iter([redirect_to("/v2/chat/completions"), reply_ok])
    with serve(lambda handler: next(calls)(handler)) as (origin, seen):
        assert client(origin).complete("s", "u") == "ok"
    assert [h.get("authorization") for h in seen] == [f"Bearer {KEY}"] * 2


def test_a_redirect_loop_is_refused():
    loop = redirect_to("/v1/chat/completions")
    with serve(loop) as (origin, seen), pytest.raises(LLMUnavailableError, match="more than 3"):
        client(origin).complete("s", "u")
    assert len(seen) == 4


def test_a_dripping_server_cannot_hold_the_call_past_its_deadline():
    """One byte every 0.2 s keeps a per-read timeout happy for ever; the deadline does not."""

    def drip(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Length", "100000")
        handler.end_headers()
        for _ in range(150):  # 30 s if nobody stops it
            handler.wfile.write(b" ")
            handler.wfile.flush()
            time.sleep(0.2)

    with serve(drip) as (origin, _):
        started = time.monotonic()
        with pytest.raises(LLMUnavailableError, match=r"no complete reply within 1\.0 s"):
            client(origin, timeout_s=1.0).complete("s", "u")
        elapsed = time.monotonic() - started
    assert elapsed < 5.0, elapsed  # the old client took 9.9 s for a 1 s timeout


def test_a_reply_over_the_size_limit_is_refused_as_it_streams():
    def flood(handler: BaseHTTPRequestHandler) -> None:  # no Content-Length: chunked, endless
        handler.send_response(200)
        handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        chunk = b"x" * 65536
        for _ in range(2000):  # 128 MiB unless the client stops reading
            handler.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        handler.wfile.write(b"0\r\n\r\n")

    with serve(flood) as (origin, _), pytest.raises(LLMOutputError, match="exceeds 100000"):
        client(origin, max_reply_bytes=100_000).complete("s", "u")


def test_a_declared_oversized_reply_and_a_gzip_bomb_are_refused():
    bomb = gzip.compress(b" " * 5_000_000)  # ~5 KB on the wire, 5 MB decompressed

    def declare(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Length", "999999999")
        handler.end_headers()

    def gzip_bomb(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Encoding", "gzip")
        handler.send_header("Content-Length", str(len(bomb)))
        handler.end_headers()
        handler.wfile.write(bomb)

    with serve(declare) as (origin, _), pytest.raises(LLMOutputError, match="declares 999999999"):
        client(origin, max_reply_bytes=100_000).complete("s", "u")
    with serve(gzip_bomb) as (origin, _), pytest.raises(LLMOutputError, match="exceeds 100000"):
        client(origin, max_reply_bytes=100_000).complete("s", "u")


def test_errors_and_calls_from_inside_an_event_loop():
    def fail(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(503)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    with serve(fail) as (origin, _), pytest.raises(LLMUnavailableError, match="HTTP 503"):
        client(origin).complete("s", "u")
    with serve(reply_ok) as (origin, _):

        async def from_async_code() -> str:
            return client(origin).complete("s", "u")

        assert asyncio.run(from_async_code()) == "ok"


@pytest.mark.parametrize(
    "bad",
    [
        dict(timeout_s=0),
        dict(timeout_s=float("inf")),
        dict(max_reply_bytes=-1),
        dict(timeout_s="1"),
    ],
)
def test_settings_are_checked(bad):
    from hybridmem.errors import InvalidArgumentError

    with pytest.raises(InvalidArgumentError):
        LLMSettings(base_url="http://127.0.0.1:9/v1", **bad)
