"""The memory tools an agent calls, defined once: inputs, descriptions, behaviour.

Each :class:`Tool` has a pydantic input model (its JSON schema is what a model sees), a
description written for the model, and a function over :class:`ToolBox` (a memory bound to one
user). The MCP server (:mod:`~hybridmem.integrations.mcp_server`), the OpenAI function-calling
schemas and dispatcher (:mod:`~hybridmem.integrations.openai_tools`) and the REST API's
``/v1/tools`` routes are all generated from :data:`TOOLS`, so they cannot drift apart.

Results are plain JSON. A node appears in the compact shape of :func:`node_view` (what a model
needs to cite and act on it). Failures are :class:`~hybridmem.errors.HybridMemError`\\ s:
:meth:`ToolBox.call` turns malformed arguments into
:class:`~hybridmem.errors.InvalidArgumentError` naming each bad field, and every front end
reports such errors to the model as a tool error (:func:`error_payload`) instead of failing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic import ValidationError as PydanticValidationError

from hybridmem.conversation import IngestReport
from hybridmem.errors import HybridMemError, InvalidArgumentError
from hybridmem.memory import DEFAULT_USER, HybridMemory
from hybridmem.models import Hit, MemoryNode
from hybridmem.privacy.disclosure import is_withheld, withhold
from hybridmem.scoped import ScopedMemory


class ToolInput(BaseModel):
    """Base of the tools' inputs: unknown fields are refused (a misspelt argument is named)."""

    model_config = ConfigDict(extra="forbid")


NodeId = Field(description="The memory's id, as returned by add_memory or search_memory.")


class AddMemoryInput(ToolInput):
    content: str = Field(description="The memory, one self-contained statement.")
    node_type: str = Field(
        default="event",
        description=(
            "What it is: 'fact' (a stable truth about the user or world), 'preference', "
            "'event' (something that happened), 'decision', 'state' (where a task stands), "
            "or 'task' (a new task: becomes the active task)."
        ),
    )
    parent_id: str | None = Field(
        default=None,
        description="Put it under this memory (default: under the active task).",
    )
    importance: float | None = Field(
        default=None, ge=0, le=1, description="0-1; how much it should outweigh others."
    )
    metadata: dict[str, Any] | None = Field(
        default=None, description="Free-form JSON attributes, filterable in search_memory."
    )


class SearchMemoryInput(ToolInput):
    query: str = Field(description="What to recall, in natural language (any language).")
    task_id: str | None = Field(
        default=None, description="Search this task's subtree (default: the active task)."
    )
    top_k: int = Field(default=8, ge=1, le=100, description="At most this many memories.")
    token_budget: int | None = Field(
        default=None, ge=1, description="Keep the packed context within this many tokens."
    )
    node_types: list[str] | None = Field(
        default=None, description="Only memories of these types, e.g. ['fact', 'preference']."
    )
    where: dict[str, Any] | None = Field(
        default=None,
        description=(
            "Metadata filter, Chroma style: {'project': 'apollo'}, {'priority': {'$gte': 2}}, "
            "{'$or': [...]}; operators $eq $ne $gt $gte $lt $lte $in $nin $exists $and $or."
        ),
    )
    min_score: float | None = Field(
        default=None, ge=0, le=1, description="Drop memories scoring below this (0-1)."
    )
    explain: bool = Field(default=False, description="Add each hit's score breakdown.")


class GetMemoryInput(ToolInput):
    node_id: str = NodeId


class ListTasksInput(ToolInput):
    include_archived: bool = Field(default=False, description="Also list archived tasks.")


class SetActiveTaskInput(ToolInput):
    node_id: str = Field(description="The task (or state) to work on from now on.")


class DeleteMemoryInput(ToolInput):
    node_id: str = NodeId
    subtree: bool = Field(
        default=True,
        description="Also delete everything under it (false: its children move up a level).",
    )


class UpdateMemoryInput(ToolInput):
    node_id: str = NodeId
    content: str | None = Field(default=None, description="The corrected text.")
    importance: float | None = Field(default=None, ge=0, le=1)
    node_type: str | None = None
    metadata: dict[str, Any] | None = Field(
        default=None, description="Replaces the memory's metadata."
    )


class ListMemoriesInput(ToolInput):
    node_type: list[str] | None = Field(default=None, description="Only these types.")
    where: dict[str, Any] | None = Field(default=None, description="Metadata filter (as search).")
    status: Literal["active", "archived", "candidate", "all"] = Field(
        default="active", description="Which memories: current ones (active) by default."
    )
    limit: int = Field(default=50, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)


class MessageInput(ToolInput):
    """One message, as ``HybridMemory.add_messages`` takes it (``conversation/messages.py``)."""

    role: Literal["user", "assistant", "system", "tool"] = Field(
        description="Who said it; 'tool' for a tool call or its result (never a memory)."
    )
    content: str
    id: str | None = Field(default=None, description="Your message id (cited as the source).")
    name: str | None = Field(
        default=None, description="Who spoke, when not just the role; for 'tool': the tool."
    )
    created_at: str | None = Field(default=None, description="ISO-8601 time it was said.")
    tool: Literal["call", "result"] | None = Field(
        default=None,
        description="For role 'tool': what the tool was asked ('call') or answered ('result', "
        "the default).",
    )
    metadata: dict[str, Any] | None = Field(
        default=None, description="Free-form JSON kept on the message's buffer copy."
    )


class AddMessagesInput(ToolInput):
    messages: list[MessageInput] = Field(
        min_length=1, max_length=500, description="The conversation turns, oldest first."
    )
    task_id: str | None = Field(
        default=None, description="The task this conversation belongs to (default: none)."
    )
    session_id: str | None = Field(
        default=None, description="Conversation id (default: one per day)."
    )


# -- results ---------------------------------------------------------------------------------
def node_view(node: MemoryNode) -> dict[str, Any]:
    """The fields of a memory a model needs: id, type, text, place in the tree, weights, time;
    ``withheld`` when the text of a sensitive memory is not given (see :meth:`ToolBox.shown`)."""
    return {
        "id": node.id,
        "node_type": node.node_type,
        "content": node.content,
        "parent_id": node.parent_id,
        "task_id": node.task_id,
        "status": node.status,
        "importance": node.importance,
        "confidence": node.confidence,
        "created_at": node.created_at.isoformat(),
        "updated_at": node.updated_at.isoformat(),
        "metadata": node.to_dict()["metadata"],
        "conflict_group": node.conflict_group,
        "agent_id": node.agent_id,
        "sensitive": node.sensitive,
        "withheld": is_withheld(node.sensitive, node.content),
    }


def hit_view(hit: Hit, explain: bool = False) -> dict[str, Any]:
    """A ranked memory: :func:`node_view` plus its score (and breakdown with ``explain``)."""
    view = {**node_view(hit.node), "score": round(hit.score, 4)}
    if explain:
        view["breakdown"] = hit.breakdown.to_dict()
    return view


def hit_metadata(hit: Hit) -> dict[str, Any]:
    """The metadata a framework document (LangChain, LlamaIndex) carries for one hit."""
    node = hit.node
    return {
        "node_id": node.id,
        "node_type": node.node_type,
        "score": hit.score,
        "created_at": node.created_at.isoformat(),
        "task_id": node.task_id,
        "parent_id": node.parent_id,
        "user_id": node.user_id,
        "agent_id": node.agent_id,
        "breakdown": hit.breakdown.to_dict(),
        "metadata": node.to_dict()["metadata"],
    }


def error_payload(exc: HybridMemError) -> dict[str, Any]:
    """How a tool failure is reported to a model: the error class and its message."""
    return {"error": {"type": type(exc).__name__, "message": str(exc)}}


# -- the tools -------------------------------------------------------------------------------
class ToolBox:
    """The tools bound to one memory and one user (the model never chooses the user), and
    optionally one agent: then every call goes through that agent's scoped view (its own
    memories, the user's shared ones and what it was granted; issue 33).

    ``include_sensitive``: ``search_memory`` also returns sensitive memories the question is
    not about (see :meth:`HybridMemory.retrieve`), and the reads that carry no question
    (``get_memory``, ``list_memories``, ``list_tasks``, the results of ``set_active_task`` and
    of an ``update_memory`` that did not give the text) show a sensitive memory's text instead
    of :data:`~hybridmem.privacy.disclosure.WITHHELD`. The application's choice, like the user
    and the agent: not an argument a model (or a prompt injected into it) can set. Sealed
    memories read without the key show as masked, never failing the call.
    """

    def __init__(
        self,
        memory: HybridMemory,
        *,
        user_id: str = DEFAULT_USER,
        agent_id: str | None = None,
        include_sensitive: bool = False,
    ) -> None:
        self.memory = memory
        self.user_id = user_id
        self.agent_id = agent_id
        self.include_sensitive = include_sensitive
        self.target: ScopedMemory | _ForUser = (
            memory.scoped(user_id=user_id, agent_id=agent_id)
            if agent_id is not None
            else _ForUser(memory, user_id)
        )

    def call(self, name: str, arguments: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Validate ``arguments`` against tool ``name``'s input and run it.

        Raises :class:`InvalidArgumentError` for an unknown tool or malformed arguments (every
        bad field named) and the engine's :class:`HybridMemError` for refused calls.
        """
        tool = BY_NAME.get(name)
        if tool is None:
            raise InvalidArgumentError(f"unknown tool {name!r}; the tools are {sorted(BY_NAME)}")
        if arguments is not None and not isinstance(arguments, Mapping):
            raise InvalidArgumentError(
                f"{name}: arguments must be a JSON object, got {type(arguments).__name__}"
            )
        try:
            parsed = tool.input.model_validate(dict(arguments or {}))
        except PydanticValidationError as exc:
            problems = "; ".join(_problem(e) for e in exc.errors())
            raise InvalidArgumentError(f"{name}: bad arguments: {problems}") from None
        if not tool.read_only:  # a write never reads through the mask (it could store it)
            return tool.run(self, parsed)
        # Without the key a sealed memory reads masked instead of failing the whole call (one
        # sealed memory must not hide the user's other memories).
        with self.memory.sealed_masked():
            return tool.run(self, parsed)

    def shown(self, node: MemoryNode, asked: bool = False) -> dict[str, Any]:
        """:func:`node_view` of a node read without a question about it: a sensitive one
        withheld unless the application (``include_sensitive``) or the call (``asked``: the
        caller just wrote the text) gives it."""
        return node_view(
            withhold(node, self.include_sensitive or asked, seals_all=self.memory.encrypts_all)
        )

    # Each tool's behaviour. The input is already validated against the tool's model. Every
    # call goes to ``self.target``: the agent's scoped view, or the memory bound to the user
    # (:class:`_ForUser`), which take the same arguments.
    def add_memory(self, a: AddMemoryInput) -> dict[str, Any]:
        node = self.target.add(
            a.content,
            node_type=a.node_type,
            parent_id=a.parent_id,
            importance=a.importance,
            metadata=a.metadata,
        )
        return {"memory": node_view(node)}

    def add_messages(self, a: AddMessagesInput) -> dict[str, Any]:
        messages = [m.model_dump(exclude_none=True) for m in a.messages]
        # An agent writes as itself, under a task it may see.
        report = self.target.add_messages(messages, task_id=a.task_id, session_id=a.session_id)
        return report.to_dict()

    def search_memory(self, a: SearchMemoryInput) -> dict[str, Any]:
        result = self.memory.retrieve(
            a.query,
            user_id=self.user_id,
            agent_id=self.agent_id,
            task_id=a.task_id,
            top_k=a.top_k,
            token_budget=a.token_budget,
            node_types=a.node_types,
            where=a.where,
            min_score=a.min_score,
            include_sensitive=self.include_sensitive,
        )
        return {
            "context": result.context,
            "tokens": result.tokens,
            "scope_id": result.scope_id,
            "hits": [hit_view(h, a.explain) for h in result.hits],
        }

    def get_memory(self, a: GetMemoryInput) -> dict[str, Any]:
        node = self.target.get(a.node_id)
        return {"memory": {**self.shown(node), "path": list(node.path)}}

    def list_tasks(self, a: ListTasksInput) -> dict[str, Any]:
        statuses = None if a.include_archived else "active"
        tasks = self.target.get_all(node_type="task", status=statuses)
        active = self.target.active_node()
        active_task = active.task_id if active is not None else None
        return {
            "active_task_id": active_task,
            "tasks": [{**self.shown(t), "active": t.id == active_task} for t in tasks],
        }

    def set_active_task(self, a: SetActiveTaskInput) -> dict[str, Any]:
        if self.agent_id is not None:
            self.target.get(a.node_id)  # an agent activates only what it may see
        node = self.memory.set_active(a.node_id, user_id=self.user_id)
        return {"active": self.shown(node)}

    def delete_memory(self, a: DeleteMemoryInput) -> dict[str, Any]:
        return {"deleted": self.target.delete(a.node_id, subtree=a.subtree)}

    def update_memory(self, a: UpdateMemoryInput) -> dict[str, Any]:
        node = self.target.update(
            a.node_id,
            content=a.content,
            importance=a.importance,
            node_type=a.node_type,
            metadata=a.metadata,
        )
        return {"memory": self.shown(node, asked=a.content is not None)}

    def list_memories(self, a: ListMemoriesInput) -> dict[str, Any]:
        nodes = self.target.get_all(
            node_type=a.node_type,
            where=a.where,
            status=None if a.status == "all" else a.status,
            limit=a.limit,
            offset=a.offset,
        )
        return {"memories": [self.shown(n) for n in nodes]}


def _problem(error: Any) -> str:
    """One bad field, named, with what was given when it is a short value (a bad role or
    kind names itself: "messages.1.role: Input should be 'user', ... (got 'robot')")."""
    where = ".".join(str(p) for p in error["loc"]) or "arguments"
    given = error.get("input")
    if error["type"] != "missing" and isinstance(given, str | int | float | bool):
        return f"{where}: {error['msg']} (got {given!r:.60})"
    return f"{where}: {error['msg']}"


class _ForUser:
    """The memory with the user bound: the calls of a scoped view, for a toolbox of a user
    and no agent (``HybridMemory`` takes ``user_id=`` on each call, the view does not)."""

    def __init__(self, memory: HybridMemory, user_id: str) -> None:
        self.memory = memory
        self.user_id = user_id

    def add(self, content: str, **kwargs: Any) -> MemoryNode:
        return self.memory.add(content, user_id=self.user_id, **kwargs)

    def add_messages(self, messages: Any, **kwargs: Any) -> IngestReport:
        return self.memory.add_messages(messages, user_id=self.user_id, **kwargs)

    def get(self, node_id: str) -> MemoryNode:
        return self.memory.get(node_id, user_id=self.user_id)

    def get_all(self, **kwargs: Any) -> list[MemoryNode]:
        return self.memory.get_all(user_id=self.user_id, **kwargs)

    def active_node(self) -> MemoryNode | None:
        return self.memory.active_node(user_id=self.user_id)

    def delete(self, node_id: str, *, subtree: bool = True) -> int:
        return self.memory.delete(node_id, subtree=subtree, user_id=self.user_id)

    def update(self, node_id: str, **changes: Any) -> MemoryNode:
        return self.memory.update(node_id, user_id=self.user_id, **changes)


@dataclass(frozen=True, slots=True)
class Tool:
    """One tool: name, description for the model, input model, and what it runs."""

    name: str
    description: str
    input: type[ToolInput]
    method: Callable[[ToolBox, Any], dict[str, Any]]
    read_only: bool
    destructive: bool = False

    def run(self, box: ToolBox, arguments: ToolInput) -> dict[str, Any]:
        return self.method(box, arguments)

    def input_schema(self) -> dict[str, Any]:
        """The JSON schema of the input, without pydantic's titles (noise to a model)."""
        return _strip_titles(self.input.model_json_schema())


def _strip_titles(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {
            k: _strip_titles(v)
            for k, v in schema.items()
            if not (k == "title" and isinstance(v, str))
        }
    if isinstance(schema, list):
        return [_strip_titles(v) for v in schema]
    return schema


TOOLS: tuple[Tool, ...] = (
    Tool(
        "add_memory",
        "Remember something about the user or the current task. Store one self-contained "
        "statement per call; a new fact that contradicts an older one supersedes it.",
        AddMemoryInput,
        ToolBox.add_memory,
        read_only=False,
    ),
    Tool(
        "search_memory",
        "Recall what matters for a query from the active task (and the user's facts and "
        "preferences above it). Returns 'context', ready to put in a prompt, and the ranked "
        "'hits' with their ids and scores.",
        SearchMemoryInput,
        ToolBox.search_memory,
        read_only=True,
    ),
    Tool(
        "get_memory",
        "Read one memory by id, with the ids of the tasks above it. A sensitive memory's text "
        "is withheld here ('withheld': true); search_memory with a question about it returns it.",
        GetMemoryInput,
        ToolBox.get_memory,
        read_only=True,
    ),
    Tool(
        "list_tasks",
        "List the user's tasks, oldest first, and which one is active.",
        ListTasksInput,
        ToolBox.list_tasks,
        read_only=True,
    ),
    Tool(
        "set_active_task",
        "Switch to a task: later memories go under it and searches look there first.",
        SetActiveTaskInput,
        ToolBox.set_active_task,
        read_only=False,
    ),
    Tool(
        "delete_memory",
        "Delete a memory that is wrong or that the user asked to forget (with everything "
        "under it unless subtree is false).",
        DeleteMemoryInput,
        ToolBox.delete_memory,
        read_only=False,
        destructive=True,
    ),
    Tool(
        "update_memory",
        "Correct a memory in place (its text, importance, type or metadata).",
        UpdateMemoryInput,
        ToolBox.update_memory,
        read_only=False,
    ),
    Tool(
        "list_memories",
        "List the user's memories, oldest first, optionally by type and metadata filter. A "
        "sensitive memory's text is withheld here ('withheld': true); search_memory with a "
        "question about it returns it.",
        ListMemoriesInput,
        ToolBox.list_memories,
        read_only=True,
    ),
    Tool(
        "add_messages",
        "Hand over conversation turns: the memory keeps what is worth keeping (the user's "
        "facts and preferences, events, value changes) with the message ids as sources, and "
        "skips questions, hypotheticals, passing moods and filler. Returns what it wrote.",
        AddMessagesInput,
        ToolBox.add_messages,
        read_only=False,
    ),
)
"""Every tool, in the order front ends list them."""

BY_NAME: dict[str, Tool] = {t.name: t for t in TOOLS}
