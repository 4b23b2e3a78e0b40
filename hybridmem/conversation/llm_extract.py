"""An optional LLM extractor over the existing OpenAI-compatible client.

The model is shown the batch's messages with their ids and asked for JSON::

    {"memories": [{"type": "fact"|"preference"|"event"|"decision"|"state",
                   "content": "...", "sources": ["<message id>", ...]}]}

The reply is validated against that schema before anything is used: an unknown type, an empty
or overlong content, a source that is not a message of the batch, or a memory resting only on
the assistant's words as a fact about the user is a bad reply. A bad reply raises
:class:`~hybridmem.errors.LLMOutputError`, and :class:`ConversationIngest` then lets the
deterministic rules decide the whole batch, saying so in the report: a bad model never drops a
batch (the failure users of LLM-first memory layers report most) and never writes a memory
without its source.

Content is kept in the language it was said in: the prompt asks for it and nothing here
translates.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from hybridmem.conversation.drafts import Draft
from hybridmem.conversation.extract import USER_LEVEL, Extraction
from hybridmem.conversation.messages import ChatMessage
from hybridmem.errors import LLMOutputError

TYPES = ("fact", "preference", "event", "decision", "state")
MAX_CONTENT_CHARS = 2_000

SYSTEM_PROMPT = (
    "You extract long-term memories about the user from a chat. Each message has an id. "
    "Keep what is worth remembering: facts and preferences about the user, events, decisions "
    "and task states. Never keep questions, hypotheticals ('what if...'), passing moods, "
    "greetings or filler. The assistant's words are not facts about the user unless the user "
    "confirmed them. Write each memory in the language it was said in; never translate. "
    'Reply with JSON only: {"memories": [{"type": one of ' + ", ".join(TYPES) + ", "
    '"content": text, "sources": [message ids it rests on]}]}.'
)


class Completer(Protocol):
    """What the extractor needs of a chat client (:class:`hybridmem.evolution.llm.ChatClient`)."""

    def complete(self, system: str, user: str) -> str: ...


def render(messages: Sequence[ChatMessage]) -> str:
    return "\n".join(
        json.dumps(
            {"id": m.id, "role": m.role, "speaker": m.speaker, "content": m.content},
            ensure_ascii=False,
        )
        for m in messages
    )


def parse_reply(text: str, messages: Sequence[ChatMessage]) -> Extraction:
    """The validated drafts of a reply, or :class:`LLMOutputError` naming what is wrong."""
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise LLMOutputError(f"the extractor's reply is not JSON: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("memories"), list):
        raise LLMOutputError('the extractor\'s reply has no "memories" list')
    by_id = {m.id: m for m in messages}
    out = Extraction()
    for i, item in enumerate(data["memories"]):
        if not isinstance(item, dict):
            raise LLMOutputError(f"memories[{i}] is not an object")
        kind, content, sources = item.get("type"), item.get("content"), item.get("sources")
        if kind not in TYPES:
            raise LLMOutputError(f"memories[{i}].type {kind!r:.40} is not one of {TYPES}")
        if not isinstance(content, str) or not content.strip() or len(content) > MAX_CONTENT_CHARS:
            raise LLMOutputError(f"memories[{i}].content must be non-empty text")
        if (
            not isinstance(sources, list)
            or not sources
            or any(not isinstance(s, str) or s not in by_id for s in sources)
        ):
            raise LLMOutputError(f"memories[{i}].sources must cite message ids of this batch")
        cited = [by_id[s] for s in dict.fromkeys(sources)]
        if kind in USER_LEVEL and all(m.role != "user" for m in cited):
            raise LLMOutputError(
                f"memories[{i}] is a {kind} about the user resting only on non-user messages"
            )
        speaker = next((m.speaker for m in cited if m.role == "user"), cited[0].speaker)
        out.drafts.append(Draft(kind, content.strip(), tuple(m.id for m in cited), speaker, "llm"))
    used = {s for d in out.drafts for s in d.source_ids}
    for m in messages:
        if m.id not in used:
            out.skipped[m.id] = "the LLM extractor kept nothing from it"
    return out


class LLMExtractor:
    """Asks the model; any failure (unreachable, bad JSON, a schema breach) raises an
    :class:`~hybridmem.errors.LLMError` for the service's fallback to catch."""

    name = "llm"

    def __init__(self, client: Completer) -> None:
        self.client = client

    def extract(self, messages: Sequence[ChatMessage]) -> Extraction:
        return parse_reply(self.client.complete(SYSTEM_PROMPT, render(messages)), messages)
