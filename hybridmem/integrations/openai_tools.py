"""OpenAI function calling over the memory tools (:mod:`hybridmem.integrations.tools`).

Pass :func:`tool_schemas` as ``tools=`` to any OpenAI-compatible chat completions API, then
hand the assistant message's tool calls to :class:`OpenAIToolDispatcher`; it returns the
``role: tool`` messages to append before the next request::

    dispatcher = OpenAIToolDispatcher(mem, user_id="u1")
    reply = client.chat.completions.create(model=..., messages=messages, tools=tool_schemas())
    messages += [reply.choices[0].message, *dispatcher.run(reply.choices[0].message)]

Needs no OpenAI package: tool calls may be the SDK's objects or plain dicts. A failure (bad
JSON, an unknown tool, a refused argument, a missing node) comes back as a tool message
``{"error": {"type": ..., "message": ...}}`` for the model to read and correct; errors that
are not hybridmem's (bugs) propagate.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from hybridmem.errors import HybridMemError, InvalidArgumentError
from hybridmem.integrations.tools import TOOLS, ToolBox, error_payload
from hybridmem.memory import DEFAULT_USER, HybridMemory


def tool_schemas(names: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """The ``tools=`` list for chat completions (all tools, or those in ``names``)."""
    wanted = None if names is None else set(names)
    unknown = (wanted or set()) - {t.name for t in TOOLS}
    if unknown:
        raise InvalidArgumentError(f"unknown tools {sorted(unknown)}")
    return [
        {
            "type": "function",
            "function": {
                "name": t.name,
                "description": t.description,
                "parameters": t.input_schema(),
            },
        }
        for t in TOOLS
        if wanted is None or t.name in wanted
    ]


def _field(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, Mapping) else getattr(obj, name, None)


class OpenAIToolDispatcher:
    """Runs OpenAI tool calls against one memory, for one user (``include_sensitive``: see
    :class:`~hybridmem.integrations.tools.ToolBox`)."""

    def __init__(
        self,
        memory: HybridMemory,
        *,
        user_id: str = DEFAULT_USER,
        agent_id: str | None = None,
        include_sensitive: bool = False,
    ) -> None:
        self.box = ToolBox(
            memory, user_id=user_id, agent_id=agent_id, include_sensitive=include_sensitive
        )

    def call(self, name: str, arguments: str | Mapping[str, Any] | None) -> dict[str, Any]:
        """Run one call; ``arguments`` is the JSON string the model wrote (or a mapping).
        Returns the tool's result or an error payload."""
        try:
            if isinstance(arguments, str):
                try:
                    arguments = json.loads(arguments) if arguments.strip() else {}
                except json.JSONDecodeError as exc:
                    raise InvalidArgumentError(
                        f"{name}: arguments are not valid JSON ({exc.msg} at {exc.pos})"
                    ) from None
            return self.box.call(name, arguments)
        except HybridMemError as exc:
            return error_payload(exc)

    def dispatch(self, tool_call: Any) -> dict[str, Any]:
        """The ``role: tool`` message answering one tool call (SDK object or dict)."""
        function = _field(tool_call, "function")
        name = _field(function, "name") if function is not None else None
        result = self.call(str(name), _field(function, "arguments") if function else None)
        return {
            "role": "tool",
            "tool_call_id": _field(tool_call, "id"),
            "content": json.dumps(result, ensure_ascii=False),
        }

    def run(self, message: Any) -> list[dict[str, Any]]:
        """Answer every tool call of an assistant message, in order ([] when it made none)."""
        calls = _field(message, "tool_calls") or []
        return [self.dispatch(c) for c in calls]
