"""An optional LLM for distillation, over any OpenAI-compatible chat-completions endpoint.

Configured by :class:`LLMSettings` (or the environment: ``HYBRIDMEM_LLM_BASE_URL``,
``HYBRIDMEM_LLM_MODEL``, ``HYBRIDMEM_LLM_API_KEY``). Standard library only (``urllib``), so the
dependency-free default stays dependency-free. The model is asked for JSON with the seed's
fields (``updated_traits``, ``deprecated_traits``, ``new_observations``), each trait citing
the ids of the memories it rests on; the reply is validated and a trait citing no given source
is rejected (:class:`~hybridmem.errors.LLMOutputError`). When every trait is rejected the
distiller falls back to the extractive default, so a bad model never writes a bad profile.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from hybridmem.errors import InvalidArgumentError, LLMOutputError, LLMUnavailableError
from hybridmem.evolution.distill import DistilledTrait, ExtractiveDistiller, Theme
from hybridmem.models import MemoryNode

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

    def __post_init__(self) -> None:
        if not self.base_url.startswith(("http://", "https://")):
            raise InvalidArgumentError(
                f"LLM base_url must be an http(s) URL, got {self.base_url!r}"
            )
        if not self.timeout_s > 0:
            raise InvalidArgumentError("LLM timeout_s must be > 0")

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


class ChatClient:
    """A minimal client for ``POST {base_url}/chat/completions``."""

    def __init__(self, settings: LLMSettings) -> None:
        self.settings = settings

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
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.settings.timeout_s) as response:
                payload = json.loads(response.read().decode("utf-8"))
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            raise LLMUnavailableError(f"LLM endpoint {url} failed: {exc}") from exc
        except json.JSONDecodeError as exc:
            raise LLMOutputError(f"LLM endpoint {url} did not return JSON: {exc}") from exc
        try:
            return str(payload["choices"][0]["message"]["content"])
        except (KeyError, IndexError, TypeError) as exc:
            raise LLMOutputError(
                f"unexpected chat-completions reply shape: {payload!r:.200}"
            ) from exc


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

    def __init__(self, client: ChatClient) -> None:
        self.client = client
        self.rejected = 0
        """Replies rejected by validation so far (the extractive text was used instead)."""
        self._fallback = ExtractiveDistiller()

    def summarise(self, theme: Theme, previous: MemoryNode | None) -> DistilledTrait | None:
        lines = [f"[{s.id}] {s.content}" for s in theme.sources]
        prompt = "Fragments:\n" + "\n".join(lines)
        if previous is not None:
            prompt += f"\n\nExisting conclusion: {previous.content}"
        allowed = {s.id for s in theme.sources}
        try:
            traits = parse_traits(self.client.complete(SYSTEM_PROMPT, prompt), allowed)
        except LLMOutputError:
            self.rejected += 1
            return self._fallback.summarise(theme, previous)
        best = max(traits, key=lambda t: len(t.sources))
        return best
