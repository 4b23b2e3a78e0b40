"""An optional LLM for distillation, over any OpenAI-compatible chat-completions endpoint.

Configured by :class:`LLMSettings` (or the environment: ``HYBRIDMEM_LLM_BASE_URL``,
``HYBRIDMEM_LLM_MODEL``, ``HYBRIDMEM_LLM_API_KEY``). The model is asked for JSON with the seed's
fields (``updated_traits``, ``deprecated_traits``, ``new_observations``), each trait citing
the ids of the memories it rests on; the reply is validated and a trait citing no given source
is rejected (:class:`~hybridmem.errors.LLMOutputError`). When every trait is rejected the
distiller falls back to the extractive default, so a bad model never writes a bad profile.

The endpoint is treated as untrusted (issue 11): the HTTP client is httpx, which drops the
``Authorization`` header when a redirect leaves the endpoint's origin (so the API key never
reaches another host); ``timeout_s`` is a deadline for the whole call, enforced by cancelling
the async request (httpx's own timeouts are per socket operation, so a server dripping a byte
a second would hold a per-read timeout for ever); and a reply larger than ``max_reply_bytes``
is refused while it streams in (counted after decompression), never read whole.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from hybridmem.errors import InvalidArgumentError, LLMOutputError, LLMUnavailableError
from hybridmem.evolution.maintain.distill import DistilledTrait, ExtractiveDistiller, Theme
from hybridmem.models import MemoryNode

if TYPE_CHECKING:  # httpx and asyncio cost ~100 ms at import: only a call needs them
    import httpx

SYSTEM_PROMPT = (
    "You are a memory-curation assistant. Below are recent memory fragments of one user, each "
    "with an id. Do three things: 1) extract stable preferences and long-term states; "
    "2) identify content that conflicts with the existing conclusion; 3) reply with JSON only, "
    'with fields "updated_traits", "deprecated_traits", "new_observations"; each item is '
    '{"text": ..., "sources": [ids]}. Never invent anything the fragments do not say; every '
    "item must cite the ids it comes from."
)


@dataclass(frozen=True, slots=True)
class LLMSettings:
    """Where the OpenAI-compatible endpoint is and which model to ask."""

    base_url: str
    """E.g. ``http://127.0.0.1:8080/v1``; ``/chat/completions`` is appended."""
    model: str = "gpt-4o-mini"
    api_key: str | None = None
    timeout_s: float = 30.0
    """Deadline for the whole call (connect, redirects, upload, the full reply)."""
    max_reply_bytes: int = 2_000_000
    """A reply (decompressed) larger than this is refused as it arrives."""
    max_redirects: int = 3

    def __post_init__(self) -> None:
        if not isinstance(self.base_url, str) or not self.base_url.startswith(
            ("http://", "https://")
        ):
            raise InvalidArgumentError(
                f"LLM base_url must be an http(s) URL, got {self.base_url!r:.80}"
            )
        timeout = self.timeout_s
        if (
            isinstance(timeout, bool)
            or not isinstance(timeout, int | float)
            or not (timeout > 0 and math.isfinite(timeout))
        ):
            raise InvalidArgumentError(
                f"LLM timeout_s must be a finite number > 0, got {timeout!r}"
            )
        for name in ("max_reply_bytes", "max_redirects"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidArgumentError(f"LLM {name} must be an int >= 0, got {value!r}")

    @classmethod
    def from_env(cls) -> LLMSettings | None:
        """Settings from ``HYBRIDMEM_LLM_*`` variables, or None when no base URL is set."""
        base = os.environ.get("HYBRIDMEM_LLM_BASE_URL")
        if not base:
            return None
        return cls(
            base_url=base,
            model=os.environ.get("HYBRIDMEM_LLM_MODEL", "gpt-4o-mini"),
            api_key=os.environ.get("HYBRIDMEM_LLM_API_KEY"),
        )


T = TypeVar("T")


def _run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to completion from synchronous code, even inside an event loop."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    # Called from a coroutine (an async app calling maintain() directly): a loop already runs
    # in this thread, so give the request its own loop in a worker thread.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class ChatClient:
    """A client for ``POST {base_url}/chat/completions`` with a deadline and a size limit.

    ``transport`` is for tests (an ``httpx.MockTransport``); by default httpx talks to the
    network, honouring the usual proxy variables.
    """

    def __init__(
        self, settings: LLMSettings, *, transport: httpx.AsyncBaseTransport | None = None
    ) -> None:
        self.settings = settings
        self.transport = transport

    def complete(self, system: str, user: str) -> str:
        """The assistant message text for one system + user prompt."""
        body = json.dumps(
            {
                "model": self.settings.model,
                "messages": [
                    {"role": "system", "content": system},
                    {"role": "user", "content": user},
                ],
                "temperature": 0,
                "response_format": {"type": "json_object"},
            }
        ).encode()
        headers = {"Content-Type": "application/json"}
        if self.settings.api_key:
            headers["Authorization"] = f"Bearer {self.settings.api_key}"
        url = self.settings.base_url.rstrip("/") + "/chat/completions"
        raw = _run(self._post(url, body, headers))
        try:
            payload = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise LLMOutputError(f"LLM endpoint {url} did not return JSON: {exc}") from exc
        try:
            return str(payload["choices"][0]["message"]["content"])
        except (KeyError, IndexError, TypeError) as exc:
            raise LLMOutputError(
                f"unexpected chat-completions reply shape: {payload!r:.200}"
            ) from exc

    async def _post(self, url: str, body: bytes, headers: dict[str, str]) -> bytes:
        """POST and read the whole reply within the deadline and the size limit."""
        import asyncio

        import httpx

        cfg = self.settings
        try:
            async with asyncio.timeout(cfg.timeout_s):
                async with (
                    httpx.AsyncClient(
                        follow_redirects=True,
                        max_redirects=cfg.max_redirects,
                        timeout=cfg.timeout_s,
                        transport=self.transport,
                    ) as client,
                    client.stream("POST", url, content=body, headers=headers) as reply,
                ):
                    return await _read_reply(reply, url, cfg.max_reply_bytes)
        except TimeoutError as exc:
            raise LLMUnavailableError(
                f"LLM endpoint {url} gave no complete reply within {cfg.timeout_s} s"
            ) from exc
        except httpx.TooManyRedirects as exc:
            raise LLMUnavailableError(
                f"LLM endpoint {url} redirected more than {cfg.max_redirects} times"
            ) from exc
        except httpx.HTTPError as exc:  # connect refused, reset, DNS, a per-read timeout
            raise LLMUnavailableError(f"LLM endpoint {url} failed: {exc!r}") from exc


async def _read_reply(reply: httpx.Response, url: str, limit: int) -> bytes:
    """The reply body, refused as soon as it exceeds ``limit`` bytes (or declares so)."""
    if reply.status_code >= 400:
        raise LLMUnavailableError(f"LLM endpoint {url} answered HTTP {reply.status_code}")
    declared = reply.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise LLMOutputError(f"LLM reply declares {declared} bytes; the limit is {limit}")
    chunks: list[bytes] = []
    size = 0
    async for chunk in reply.aiter_bytes():  # decompressed: a gzip bomb is counted expanded
        size += len(chunk)
        if size > limit:
            raise LLMOutputError(f"LLM reply exceeds {limit} bytes (max_reply_bytes); refused")
        chunks.append(chunk)
    return b"".join(chunks)


def parse_traits(text: str, allowed: set[str]) -> list[DistilledTrait]:
    """Validate the model's JSON; return traits citing at least one allowed source.

    Raises :class:`LLMOutputError` when the reply is not the expected JSON or when no trait
    cites a source (the conclusion would rest on nothing).
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LLMOutputError(f"LLM reply is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise LLMOutputError("LLM reply must be a JSON object")
    items: list[Any] = []
    for key in ("updated_traits", "new_observations"):
        value = data.get(key, [])
        if not isinstance(value, list):
            raise LLMOutputError(f"LLM reply field {key!r} must be a list")
        items.extend(value)
    traits: list[DistilledTrait] = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            continue
        sources = item.get("sources")
        if not isinstance(sources, list):
            continue
        cited = tuple(str(s) for s in sources if str(s) in allowed)
        if cited and item["text"].strip():
            traits.append(DistilledTrait(item["text"].strip(), cited))
    if not traits:
        raise LLMOutputError("LLM reply has no trait citing one of the given sources")
    return traits


class LLMDistiller:
    """Distillation through an LLM, validated, falling back to the extractive default."""

    name = "llm"

    def __init__(self, client: ChatClient, *, send_sensitive: bool = False) -> None:
        self.client = client
        self.send_sensitive = send_sensitive
        """Send sensitive (encrypted-at-rest) memories to the endpoint too. Off by default:
        a theme with a sensitive source is distilled locally (extractive) instead."""
        self.rejected = 0
        """Replies rejected by validation so far (the extractive text was used instead)."""
        self._fallback = ExtractiveDistiller()

    def summarise(self, theme: Theme, previous: MemoryNode | None) -> DistilledTrait | None:
        secret = any(s.sensitive for s in theme.sources) or bool(previous and previous.sensitive)
        if secret and not self.send_sensitive:
            return self._fallback.summarise(theme, previous)
        # A value that no longer stands is history (maintain/standing.py): not sent, so no
        # trait states it as standing (the extractive text leaves it out too).
        shown = [s for s in theme.sources if s.id not in theme.past]
        lines = [f"[{s.id}] {s.content}" for s in shown]
        prompt = "Fragments:\n" + "\n".join(lines)
        if previous is not None:
            prompt += f"\n\nExisting conclusion: {previous.content}"
        allowed = {s.id for s in shown}
        try:
            traits = parse_traits(self.client.complete(SYSTEM_PROMPT, prompt), allowed)
        except LLMOutputError:
            self.rejected += 1
            return self._fallback.summarise(theme, previous)
        best = max(traits, key=lambda t: len(t.sources))
        return best


SLOT_PROMPT = (
    "You label one statement a user made about themselves. Which single-valued attribute of "
    "the user does it give a (new) value of? Choose exactly one name from the list, or null "
    "when it gives none (it is about someone else, or about no attribute in the list). Reply "
    'with JSON only: {"slot": <name or null>}.'
)


class LLMSlotExtractor:
    """Names a statement's slot with an OpenAI-compatible model (a :class:`SlotExtractor`).

    Asked only for first-person statements that neither the rules nor the embedder placed. A
    reply naming no listed slot, or not JSON, is an :class:`LLMOutputError`; the writer treats
    any error as "no slot", so a bad or absent model never blocks or misfiles a write.
    """

    name = "llm"

    def __init__(self, client: ChatClient) -> None:
        self.client = client

    def extract(self, text: str, slots: Sequence[str]) -> str | None:
        user = "Slots: " + ", ".join(slots) + "\nStatement: " + text
        reply = self.client.complete(SLOT_PROMPT, user)
        try:
            payload = json.loads(reply)
        except json.JSONDecodeError as exc:
            raise LLMOutputError(f"slot reply is not JSON: {reply[:200]!r}") from exc
        if not isinstance(payload, dict) or "slot" not in payload:
            raise LLMOutputError(f'slot reply has no "slot" field: {reply[:200]!r}')
        slot = payload["slot"]
        if slot is None:
            return None
        if slot not in slots:
            raise LLMOutputError(f"slot reply names an unknown slot: {slot!r}")
        return str(slot)
