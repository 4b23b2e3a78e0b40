"""A fake OpenAI-compatible chat-completions server on 127.0.0.1, shipped for tests.

``FakeLLMServer(responder)`` listens on a free local port and answers
``POST /v1/chat/completions`` with ``responder(messages) -> str`` as the assistant message.
The default responder is extractive: it quotes the first fragment and cites every fragment id,
like a well-behaved model would. Use it as a context manager::

    with FakeLLMServer() as server:
        client = ChatClient(LLMSettings(base_url=server.base_url))
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

Responder = Callable[[list[dict[str, Any]]], str]
_FRAGMENT = re.compile(r"^\[([^\]]+)\] (.*)$", re.M)


def extractive_responder(messages: list[dict[str, Any]]) -> str:
    """Quote the first fragment as the trait and cite every fragment id."""
    user = next((m["content"] for m in reversed(messages) if m.get("role") == "user"), "")
    fragments = _FRAGMENT.findall(user)
    if not fragments:
        return json.dumps({"updated_traits": [], "deprecated_traits": [], "new_observations": []})
    ids = [i for i, _ in fragments]
    trait = {"text": f"The user says: {fragments[0][1]}", "sources": ids}
    return json.dumps(
        {"updated_traits": [trait], "deprecated_traits": [], "new_observations": []},
        ensure_ascii=False,
    )


class FakeLLMServer:
    """A local HTTP server speaking the chat-completions protocol."""

    def __init__(self, responder: Responder | None = None) -> None:
        self.responder = responder or extractive_responder
        self.requests: list[dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self.send_error(404)
                    return
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                outer.requests.append(body)
                content = outer.responder(body.get("messages", []))
                reply = {
                    "id": f"fake-{len(outer.requests)}",
                    "object": "chat.completion",
                    "model": body.get("model", "fake"),
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": content},
                            "finish_reason": "stop",
                        }
                    ],
                }
                data = json.dumps(reply, ensure_ascii=False).encode("utf-8")
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:  # quiet in tests
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1``."""
        host, port = self._server.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else host
        return f"http://{name}:{port}/v1"

    def start(self) -> FakeLLMServer:
        """Start serving in a background thread."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and release the port."""
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> FakeLLMServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
