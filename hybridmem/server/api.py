"""The versioned JSON API (``/v1``). Each route is one call of ``HybridMemory``'s public API.

Every route but ``/v1/health`` runs as a :class:`~hybridmem.server.auth.Principal`: a
user-limited token acts for its user only (reads of other users' nodes answer 404 exactly like
missing ones; naming another user answers 403). Routes are plain ``def`` functions: FastAPI runs
them in its thread pool, and ``HybridMemory`` serialises what must be serialised.
"""

from __future__ import annotations

import contextlib
import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

from hybridmem.errors import InvalidArgumentError
from hybridmem.integrations.openai_tools import tool_schemas
from hybridmem.integrations.tools import ToolBox
from hybridmem.memory import DEFAULT_USER, HybridMemory
from hybridmem.models import MemoryNode
from hybridmem.privacy.disclosure import withhold
from hybridmem.scoped import ScopedMemory
from hybridmem.server.auth import AuthConfig, Principal, bearer
from hybridmem.server.schemas import (
    ActiveRequest,
    BatchCreate,
    DeleteOut,
    FinishRequest,
    HealthOut,
    HistoryOut,
    IngestOut,
    MaintainOut,
    MaintainRequest,
    MemoryCreate,
    MemoryPatch,
    MessagesCreate,
    MoveRequest,
    NodeList,
    NodeOut,
    OpOut,
    SearchOut,
    SearchRequest,
    SnapshotOut,
    StoreOut,
    ToolCall,
    TreeNodeOut,
    TreeOut,
    UsersOut,
    VerifyOut,
)
from hybridmem.server.views import user_tree
from hybridmem.version import __version__

router = APIRouter(prefix="/v1")


def memory(request: Request) -> HybridMemory:
    """The store this app serves."""
    mem: HybridMemory = request.app.state.memory
    return mem


def api_principal(request: Request) -> Principal:
    """The caller, from ``Authorization: Bearer`` (the API takes no cookies: no CSRF)."""
    auth: AuthConfig = request.app.state.auth
    return auth.authenticate(bearer(request.headers.get("authorization")))


def agent_view(mem: HybridMemory, who: Principal) -> ScopedMemory | None:
    """An agent-bound caller's scoped view (issue 33): its reads and writes go through the
    agent policy; None for a user's or an operator's token."""
    if who.agent_id is None or who.user_id is None:
        return None
    return mem.scoped(user_id=who.user_id, agent_id=who.agent_id)


Mem = Annotated[HybridMemory, Depends(memory)]
Caller = Annotated[Principal, Depends(api_principal)]
StrList = Annotated[list[str] | None, Query()]
Sensitive = Annotated[
    bool,
    Query(
        description="Show sensitive memories' text; by default it is withheld "
        "(``withheld: true``, content ``[sensitive: withheld]``), issue 38."
    ),
]


def shown(mem: HybridMemory, node: MemoryNode, include_sensitive: bool = False) -> NodeOut:
    """A node as a route answers it: a sensitive one's text withheld unless asked for
    (:mod:`hybridmem.privacy.disclosure`, the rule every front end shares)."""
    return NodeOut.of(withhold(node, include_sensitive, seals_all=mem.encrypts_all))


@router.get("/health", response_model=HealthOut, tags=["store"])
def health(mem: Mem) -> HealthOut:
    """Liveness: the server answers and its store is open (no token needed, no data shown)."""
    # One indexed read: raises StoreClosedError (503) once it is closed. Not a node read: with
    # PrivacyConfig(audit_reads=True) those are audited, and a liveness probe must not write.
    mem.oplog(limit=1)
    return HealthOut(status="ok", version=__version__)


@router.get("/store", response_model=StoreOut, tags=["store"])
def store(mem: Mem, who: Caller, verify: bool = False) -> StoreOut:
    """Counts, pending vector writes, the last checkpoint; ``verify=true`` compares SQLite
    with Chroma entry by entry (seconds at 100k nodes). Needs a token for every user."""
    who.require_admin("store health")
    s = mem.stats()
    snaps = mem.snapshots()
    return StoreOut(
        path=s.path,
        nodes=s.nodes,
        users=s.users,
        vectors=s.vectors,
        pending=s.by_index_state.get("pending", 0),
        last_seq=s.last_seq,
        embedder=s.embedder,
        dimension=s.dimension,
        sqlite_bytes=s.sqlite_bytes,
        by_type=s.by_type,
        by_status=s.by_status,
        by_index_state=s.by_index_state,
        snapshots=len(snaps),
        last_checkpoint=SnapshotOut.of(snaps[-1]) if snaps else None,
        verify=VerifyOut.of(mem.verify()) if verify else None,
    )


@router.post("/memories", response_model=NodeOut, status_code=201, tags=["memories"])
def add_memory(body: MemoryCreate, mem: Mem, who: Caller) -> NodeOut:
    """Add one memory (``HybridMemory.add``)."""
    fields = body.model_dump(exclude={"user_id"})
    fields["agent_id"] = who.agent_for(body.agent_id)
    view = agent_view(mem, who)
    if view is not None and body.parent_id is not None:
        view.get(body.parent_id)  # an agent writes only under what it may see
    return NodeOut.of(mem.add(user_id=who.user_for(body.user_id), **fields))


@router.post("/memories/batch", response_model=NodeList, status_code=201, tags=["memories"])
def add_batch(body: BatchCreate, mem: Mem, who: Caller) -> NodeList:
    """Add many memories of one user in one transaction: all or none (``add_many``)."""
    items = [item.model_dump() for item in body.items]
    view = agent_view(mem, who)
    if view is not None:
        given = {i.get("id") for i in items}
        for item in items:
            item["agent_id"] = who.agent_for(item.get("agent_id"))
            if item.get("parent_id") is not None and item["parent_id"] not in given:
                view.get(item["parent_id"])
    nodes = mem.add_many(items, user_id=who.user_for(body.user_id))
    return NodeList(nodes=[NodeOut.of(n) for n in nodes])


@router.get("/memories/{node_id}", response_model=NodeOut, tags=["memories"])
def get_memory(
    node_id: str, mem: Mem, who: Caller, include_sensitive: Sensitive = False
) -> NodeOut:
    """One memory; a sensitive one's text only with ``include_sensitive=true`` (then encrypted
    content without the key on the server: 423)."""
    view = agent_view(mem, who)
    with contextlib.ExitStack() as stack:
        if not include_sensitive:  # the text is withheld anyway: no key needed to say so
            stack.enter_context(mem.sealed_masked())
        node = view.get(node_id) if view is not None else mem.get(node_id, user_id=who.scope())
    return shown(mem, node, include_sensitive)


@router.get("/memories/{node_id}/children", response_model=NodeList, tags=["memories"])
def children(node_id: str, mem: Mem, who: Caller, include_sensitive: Sensitive = False) -> NodeList:
    """Direct children, oldest first (sensitive text withheld unless ``include_sensitive``;
    sealed text masked without the key)."""
    view = agent_view(mem, who)
    with mem.sealed_masked():
        found = (
            view.children(node_id)
            if view is not None
            else mem.children(node_id, user_id=who.scope())
        )
    return NodeList(nodes=[shown(mem, n, include_sensitive) for n in found])


@router.get("/memories/{node_id}/history", response_model=HistoryOut, tags=["memories"])
def history(node_id: str, mem: Mem, who: Caller) -> HistoryOut:
    """Every op-log record of the node, oldest first (also after it was deleted)."""
    view = agent_view(mem, who)
    if view is not None:
        view.get(node_id)  # another agent's node: missing
    records = mem.history(node_id, user_id=who.scope())
    return HistoryOut(records=[OpOut.of(r) for r in records])


@router.patch("/memories/{node_id}", response_model=NodeOut, tags=["memories"])
def update_memory(node_id: str, body: MemoryPatch, mem: Mem, who: Caller) -> NodeOut:
    """Change fields of a memory; ``expected_version`` makes it conditional (409)."""
    changes = body.model_dump(exclude_unset=True)
    view = agent_view(mem, who)
    if view is not None:
        node = view.update(node_id, **changes)
    else:
        node = mem.update(node_id, user_id=who.scope(), **changes)
    return shown(mem, node, "content" in changes)  # the text the caller sent is no secret to it


@router.post("/memories/{node_id}/move", response_model=NodeOut, tags=["memories"])
def move_memory(node_id: str, body: MoveRequest, mem: Mem, who: Caller) -> NodeOut:
    """Move a memory (and its subtree) under another parent of the same user."""
    view = agent_view(mem, who)
    if view is not None:
        return shown(mem, view.move(node_id, body.parent_id))
    return shown(mem, mem.move(node_id, body.parent_id, user_id=who.scope()))


@router.post("/memories/{node_id}/finish", response_model=NodeOut, tags=["memories"])
def finish_task(node_id: str, body: FinishRequest, mem: Mem, who: Caller) -> NodeOut:
    """Mark a task finished, with its outcome; deep maintenance then summarises it. A task's
    end is the user's to say (an agent-bound token is refused, as for the active node)."""
    who.require_user_level("finishing a task")
    return shown(mem, mem.finish_task(node_id, user_id=who.scope(), outcome=body.outcome))


@router.post("/memories/{node_id}/decompress", response_model=NodeList, tags=["evolution"])
def decompress(node_id: str, mem: Mem, who: Caller) -> NodeList:
    """Restore a summary's archived sources (the summary is archived): they may be any agent's,
    so an agent-bound token is refused."""
    who.require_user_level("decompressing a summary")
    return NodeList(nodes=[shown(mem, n) for n in mem.decompress(node_id, user_id=who.scope())])


@router.delete("/memories/{node_id}", response_model=DeleteOut, tags=["memories"])
def delete_memory(node_id: str, mem: Mem, who: Caller, subtree: bool = True) -> DeleteOut:
    """Delete a memory and, unless ``subtree=false``, its descendants."""
    view = agent_view(mem, who)
    if view is not None:
        return DeleteOut(deleted=view.delete(node_id, subtree=subtree))
    return DeleteOut(deleted=mem.delete(node_id, subtree=subtree, user_id=who.scope()))


@router.post("/search", response_model=SearchOut, tags=["retrieval"])
def search(body: SearchRequest, mem: Mem, who: Caller) -> SearchOut:
    """Retrieve: the context for a prompt, its token count, and hits with score breakdowns.

    Without ``user_id`` the search is the token's user's; a caller whose token names no user
    searches user ``default`` only when that user has memories, else gets a 422 naming the
    missing field (an empty 200 would read as "nothing remembered")."""
    result = mem.retrieve(
        body.query,
        user_id=who.user_for(body.user_id),
        task_id=body.task_id,
        top_k=body.top_k,
        token_budget=body.token_budget,
        agent_id=who.agent_for(body.agent_id),
        session_id=body.session_id,
        scope=body.scope,
        record_access=body.record_access,
        node_types=body.node_types,
        where=body.where,
        min_score=body.min_score,
        include_sensitive=body.include_sensitive,
    )
    # checked after retrieve, so a bad argument is named first
    if body.user_id is None and who.user_id is None and mem.root(user_id=DEFAULT_USER) is None:
        raise InvalidArgumentError(
            "user_id is required: this server's token is not limited to one user and the "
            f"store has no user {DEFAULT_USER!r} (GET /v1/users lists the users)"
        )
    return SearchOut.of(result)


@router.get("/memories", response_model=NodeList, tags=["memories"])
def list_memories(
    mem: Mem,
    who: Caller,
    user_id: str | None = None,
    node_type: StrList = None,
    status: StrList = None,
    where: str | None = None,
    limit: Annotated[int | None, Query(ge=1)] = None,
    offset: Annotated[int, Query(ge=0)] = 0,
    include_sensitive: Sensitive = False,
) -> NodeList:
    """The user's memories, oldest first (``get_all``): by type, status (default active;
    ``all`` for every status) and a metadata filter given as JSON in ``where``. Sensitive
    text withheld unless ``include_sensitive``; sealed text masked without the key."""
    try:
        parsed = json.loads(where) if where is not None else None
    except json.JSONDecodeError as exc:
        raise InvalidArgumentError(f"where is not valid JSON ({exc.msg})") from None
    except RecursionError:  # thousands of nested brackets: filters nest 8 levels at most
        raise InvalidArgumentError("where nests too deeply to be a filter") from None
    statuses: list[str] | str | None = status or "active"
    if status == ["all"]:
        statuses = None
    view = agent_view(mem, who)
    filters: dict[str, Any] = {
        "node_type": node_type,
        "where": parsed,
        "status": statuses,
        "limit": limit,
        "offset": offset,
    }
    with mem.sealed_masked():
        if view is not None:
            who.user_for(user_id)  # another user named: refused
            nodes = view.get_all(**filters)
        else:
            nodes = mem.get_all(user_id=who.user_for(user_id), **filters)
    return NodeList(nodes=[shown(mem, n, include_sensitive) for n in nodes])


@router.get("/tools", tags=["tools"])
def tools(who: Caller) -> dict[str, Any]:
    """The memory tools as OpenAI function-calling schemas (the same set ``hybridmem mcp``
    serves): pass ``tools`` to a chat completion, send its tool calls to ``POST /v1/tools``."""
    return {"tools": tool_schemas()}


@router.post("/tools/{name}", tags=["tools"])
def call_tool(name: str, body: ToolCall, mem: Mem, who: Caller) -> dict[str, Any]:
    """Run one memory tool for the caller's user; the result is the tool's JSON (errors are
    the API's usual 4xx bodies)."""
    box = ToolBox(
        mem,
        user_id=who.user_for(body.user_id),
        agent_id=who.agent_id,
        include_sensitive=body.include_sensitive,
    )
    return box.call(name, body.arguments)


@router.get("/users", response_model=UsersOut, tags=["users"])
def users(mem: Mem, who: Caller) -> UsersOut:
    """User ids and their node counts (a user-limited token sees only its own)."""
    counts = mem.users()
    if who.user_id is not None:
        counts = {who.user_id: counts.get(who.user_id, 0)}
    return UsersOut(users=counts)


@router.get("/users/{user:path}/tree", response_model=TreeOut, tags=["users"])
def tree(
    user: str,
    mem: Mem,
    who: Caller,
    status: StrList = None,
    node_type: StrList = None,
    contains: str | None = None,
    limit: Annotated[int | None, Query(ge=1)] = None,
    include_sensitive: Sensitive = False,
) -> TreeOut:
    """The user's tree, parents first, with weights and the active path; sensitive text is
    withheld unless ``include_sensitive``, and encrypted content is ``null`` with
    ``masked: true`` when the server has no key. ``limit``: the first N nodes in tree order
    (``total`` still counts all that match)."""
    who.require_user_level("the tree view")
    t = user_tree(
        mem,
        who.user_for(user),
        statuses=status,
        node_types=node_type,
        contains=contains,
        limit=limit,
        include_sensitive=include_sensitive,
    )
    nodes = [
        TreeNodeOut(
            **NodeOut.of(r.node, r.content, masked=r.content is None).model_dump(),
            weight=r.weight,
            half_life_days=r.half_life_days,
            protected=r.protected,
            group_current=r.group_current,
            why=r.why,
            active=r.active,
            on_active_path=r.on_active_path,
        )
        for r in t.rows
    ]
    return TreeOut(
        user_id=t.user_id, active_id=t.active.id if t.active else None, total=t.total, nodes=nodes
    )


@router.put("/users/{user:path}/active", response_model=NodeOut, tags=["users"])
def set_active(user: str, body: ActiveRequest, mem: Mem, who: Caller) -> NodeOut:
    """Make one of the user's nodes the active node (the task the agent is on)."""
    who.require_user_level("setting the active node")
    return shown(mem, mem.set_active(body.node_id, user_id=who.user_for(user)))


@router.post("/maintain", response_model=MaintainOut, tags=["evolution"])
def maintain(body: MaintainRequest, mem: Mem, who: Caller) -> MaintainOut:
    """Forgetting and consolidation; a dry run (nothing written) unless ``dry_run=false``."""
    who.require_user_level("maintenance")
    user = body.user_id if who.is_admin else who.user_for(body.user_id)
    report = mem.maintain(
        now=body.now, dry_run=body.dry_run, deep=body.deep, user_id=user, max_nodes=body.max_nodes
    )
    return MaintainOut.of(report)


@router.post("/messages", response_model=IngestOut, status_code=201, tags=["memories"])
def add_messages(body: MessagesCreate, mem: Mem, who: Caller) -> IngestOut:
    """Hand it the conversation: messages to the buffer, what is worth keeping as memories
    with their source message ids (``HybridMemory.add_messages``). An agent-bound token
    writes as its agent, under a task it may see. ``wait_indexed``: answer once the index
    has the call's vectors too."""
    view = agent_view(mem, who)
    if view is not None and body.task_id is not None:
        view.get(body.task_id)  # another agent's task: missing
    report = mem.add_messages(
        body.messages,
        user_id=who.user_for(body.user_id),
        task_id=body.task_id,
        agent_id=who.agent_for(body.agent_id),
        session_id=body.session_id,
    )
    out = IngestOut.model_validate(report.to_dict())
    if body.wait_indexed:
        # The store's whole backlog (another caller's rows too): no count is returned, so a
        # user's token learns nothing of what others wrote.
        mem.wait_indexed()
        out.indexed = True
    return out
