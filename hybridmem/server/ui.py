"""The web inspector: server-rendered pages (Jinja2, autoescaped) linked from ``/``.

``/`` users → ``/ui/users/{user}`` the tree (type, tier, status, lifecycle, weight, active path)
→ ``/ui/nodes/{id}?user=`` a node (content, history, value history, audit trail);
``/ui/search`` hits with each feature's share of the score drawn as bars;
``/ui/maintenance`` the maintenance dry run; ``/ui/store`` store health.

Pages only read (GET); the one form that posts is the token login. Content is always escaped by
Jinja2's autoescaping, and the Content-Security-Policy set by the app forbids inline scripts, so
a memory holding ``<script>`` is shown as text and could not run even if it were not escaped.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote, urlsplit

import jinja2
from fastapi import APIRouter, Depends, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException

from hybridmem.errors import InvalidArgumentError, NodeNotFoundError
from hybridmem.memory import HybridMemory
from hybridmem.privacy.disclosure import is_withheld
from hybridmem.server.api import memory
from hybridmem.server.auth import COOKIE, AuthConfig, Principal, bearer
from hybridmem.server.views import (
    MASK,
    TreeRow,
    open_content,
    readonly_search_supported,
    score_bars,
    search_readonly,
    user_tree,
)
from hybridmem.server.words import FEATURES, in_words, name_ids
from hybridmem.version import __version__

HERE = Path(__file__).parent
STATIC_DIR = HERE / "static"
TREE_LIMIT = 2000
"""Rows drawn on a user's page; filters narrow bigger trees (the API returns them all)."""

router = APIRouter()


# Bidi embeddings, overrides, isolates and marks, and the line/paragraph separators: they
# reorder what follows (U+202E shows "txt.exe" as "exe.txt"), so a name or content could be
# made to read as something else. Shown escaped (``\u202e``), as the CLI shows them
# (cli/render.py); autoescaping leaves them alone, being no markup.
_BIDI = {0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
_BIDI_ESCAPES = {code: f"\\u{code:04x}" for code in _BIDI}


def _visible(value: Any) -> Any:
    """Every ``{{ ... }}`` output, before autoescaping: bidi controls escaped."""
    return value.translate(_BIDI_ESCAPES) if isinstance(value, str) else value


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,  # every template, whatever its name: memory text is never markup
        undefined=jinja2.StrictUndefined,
        finalize=_visible,
    )
    env.filters["q"] = lambda value: quote(str(value), safe="")
    # An id's last characters: its first ones are its creation time (core/ids.py).
    env.filters["short"] = lambda node_id: str(node_id)[-8:]
    env.filters["when"] = lambda t: t.strftime("%Y-%m-%d %H:%M") if isinstance(t, datetime) else ""
    env.filters["num"] = lambda x, d=3: "" if x is None else f"{x:.{d}f}"
    env.filters["pct"] = lambda x: f"{max(0.0, min(1.0, float(x))) * 100:.1f}"
    env.globals["mask"] = MASK
    env.globals["version"] = __version__
    env.globals["features"] = FEATURES
    return env


templates = Jinja2Templates(env=_environment())


def ui_principal(request: Request) -> Principal:
    """The caller: ``Authorization: Bearer`` or the cookie set by the login form."""
    auth: AuthConfig = request.app.state.auth
    token = bearer(request.headers.get("authorization")) or request.cookies.get(COOKIE)
    who = auth.authenticate(token)
    # The inspector shows a user's whole tree: an agent-bound token uses the API instead.
    who.require_user_level("the inspector")
    return who


Mem = Annotated[HybridMemory, Depends(memory)]
Caller = Annotated[Principal, Depends(ui_principal)]
StrList = Annotated[list[str] | None, Query()]


def _page(request: Request, name: str, who: Principal | None, **context: Any) -> HTMLResponse:
    context.setdefault("status_code", 200)
    status = context.pop("status_code")
    return templates.TemplateResponse(
        request,
        name,
        {"who": who, "auth_required": request.app.state.auth.required, **context},
        status_code=status,
    )


def error_page(request: Request, status: int, kind: str, message: str) -> Response:
    """The inspector's error page (a login form for 401)."""
    return _page(
        request, "error.html", None, status=status, kind=kind, message=message, status_code=status
    )


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def index(request: Request, mem: Mem, who: Caller) -> HTMLResponse:
    """Every user the caller may see, with node counts, each linking to its tree."""
    counts = mem.users()
    if who.user_id is not None:
        counts = {who.user_id: counts.get(who.user_id, 0)}
    return _page(
        request, "index.html", who, users=counts, stats=mem.stats() if who.is_admin else None
    )


@router.get("/ui/login", response_class=HTMLResponse, include_in_schema=False)
def login_form(request: Request) -> HTMLResponse:
    """The token form (only needed when the server requires tokens)."""
    return _page(request, "login.html", None, message="")


def same_origin(request: Request) -> None:
    """Refuse a form post another site's page sent (login CSRF: its form would log the
    victim's browser in as the attacker, or out). Browsers name the page that posts in
    ``Origin`` (``Referer`` in older ones); it must be this server, as the browser reached it
    (``Host``). A client sending neither is no browser a page could drive, and passes."""
    sender = request.headers.get("origin") or request.headers.get("referer")
    if sender is None:
        return
    host = request.headers.get("host", "")
    if sender == "null" or not host or urlsplit(sender).netloc.lower() != host.lower():
        raise StarletteHTTPException(403, "a form post from another site is refused")


@router.post("/ui/login", include_in_schema=False, dependencies=[Depends(same_origin)])
def login(request: Request, token: Annotated[str, Form()]) -> Response:
    """Check the token and keep it in an HttpOnly, SameSite=Strict cookie."""
    auth: AuthConfig = request.app.state.auth
    auth.authenticate(token.strip())  # AuthError -> the 401 page with the form again
    response = RedirectResponse("/", status_code=303)
    if auth.required:
        response.set_cookie(COOKIE, token.strip(), httponly=True, samesite="strict", path="/")
    return response


@router.post("/ui/logout", include_in_schema=False, dependencies=[Depends(same_origin)])
def logout() -> Response:
    """Forget the login cookie."""
    response = RedirectResponse("/ui/login", status_code=303)
    response.delete_cookie(COOKIE, path="/")
    return response


@router.get("/ui/users/{user:path}", response_class=HTMLResponse, include_in_schema=False)
def user_page(
    request: Request,
    user: str,
    mem: Mem,
    who: Caller,
    status: StrList = None,
    node_type: Annotated[list[str] | None, Query(alias="type")] = None,
    contains: str | None = None,
    sensitive: str = "",
) -> HTMLResponse:
    """The user's tree with weights, tier, status, lifecycle and the active path; sensitive
    memories' text only with ``sensitive=1`` (the "show sensitive text" link, issue 38)."""
    user = who.user_for(user)
    tree = user_tree(
        mem,
        user,
        statuses=[s for s in status or [] if s],
        node_types=[t for t in node_type or [] if t],
        contains=contains,
        limit=TREE_LIMIT,
        include_sensitive=bool(sensitive),
    )
    return _page(
        request,
        "user.html",
        who,
        user=user,
        tree=tree,
        sensitive=bool(sensitive),
        limit=TREE_LIMIT,
        filters={"status": status or [], "type": node_type or [], "contains": contains or ""},
        grants=mem.grants(user_id=user),
    )


@router.get("/ui/nodes/{node_id}", response_class=HTMLResponse, include_in_schema=False)
def node_page(
    request: Request,
    node_id: str,
    mem: Mem,
    who: Caller,
    user: str | None = None,
    sensitive: str = "",
) -> HTMLResponse:
    """One node: content (sensitive text only with ``sensitive=1``, masked without the key),
    path, children, history, value history."""
    if user is None:  # a bare link: learn the owner (the text is not needed for that)
        with mem.sealed_masked():
            user = mem.get(node_id, user_id=who.scope()).user_id
    user = who.user_for(user)
    shown = bool(sensitive)
    tree = user_tree(mem, user, include_sensitive=shown)
    by_id = {r.node.id: r for r in tree.rows}
    row = by_id.get(node_id)
    if row is None:
        raise NodeNotFoundError(f"no node with id {node_id!r} for user {user!r}")
    values = []
    if row.node.conflict_group:
        for v in mem.value_history(row.node.conflict_group, user_id=user):
            note = name_ids(v.note, _namer(by_id)) if v.note else ""
            values.append({"record": v, "content": open_content(mem, v.node, shown), "note": note})
    return _page(
        request,
        "node.html",
        who,
        user=user,
        sensitive=shown,
        row=row,
        path=[by_id[i] for i in row.node.path if i in by_id],
        children=[r for r in tree.rows if r.node.parent_id == node_id],
        # The row came from the user's own tree, so ownership is settled; the unscoped calls
        # also work for encrypted nodes without the key (the scoped ones read the content).
        history=[_op_view(r, _namer(by_id)) for r in mem.history(node_id)],
        values=values,
        audit=mem.audit_log(node_id=node_id, user_id=user),
        metadata=json.dumps(row.node.metadata, ensure_ascii=False, indent=1, default=str),
    )


def _namer(rows: dict[str, Any]) -> Callable[[str], str]:
    """A node id as the reader knows it: its text cut short (an id when the text is sealed or
    the node is gone)."""

    def name(node_id: str) -> str:
        row = rows.get(node_id)
        if row is None or row.content is None or is_withheld(row.node.sensitive, row.content):
            return node_id[-8:]
        text = str(row.content)
        return f"“{text[:40]}{'…' if len(text) > 40 else ''}”"

    return name


def _op_view(record: Any, name: Callable[[str], str]) -> dict[str, Any]:
    payload = {k: v for k, v in record.payload.items() if not k.startswith("sealed")}
    text = json.dumps(payload, ensure_ascii=False, default=str)
    return {
        "r": record,
        "words": in_words(record.op, payload, name),
        "payload": text if len(text) <= 600 else text[:600] + " …",
    }


@router.get("/ui/search", response_class=HTMLResponse, include_in_schema=False)
def search_page(
    request: Request,
    mem: Mem,
    who: Caller,
    user: str | None = None,
    q: str = "",
    task: str = "",
    k: str = "8",
    budget: str = "",
    sensitive: str = "",
) -> HTMLResponse:
    """The query box; hits with each feature's share of the score as a bar. Sensitive
    memories the query is not about only with the "sensitive too" box ticked (issue 38)."""
    user = who.user_for(user)
    result, hits = None, []
    if q.strip():
        with mem.sealed_masked():  # one sealed memory must not hide every hit of the user
            result = search_readonly(
                mem,
                q,
                user_id=user,
                task_id=task.strip() or None,
                top_k=_form_int("top k", k) or 8,
                token_budget=_form_int("token budget", budget),
                include_sensitive=bool(sensitive),
            )
        hits = [{"hit": h, "bars": score_bars(h.breakdown)} for h in result.hits]
    scope = None
    if result is not None and result.scope_id:
        rows = {r.node.id: r for r in user_tree(mem, user).rows}
        scope = rows.get(result.scope_id)
    return _page(
        request,
        "search.html",
        who,
        user=user,
        q=q,
        task=task,
        k=k,
        budget=budget,
        sensitive=bool(sensitive),
        result=result,
        hits=hits,
        scope=scope,
        counts_as_use=not readonly_search_supported(mem),
    )


def _form_int(name: str, text: str) -> int | None:
    """A number typed into a form field; empty means not given."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise InvalidArgumentError(f"{name} must be a whole number, got {text!r}") from None


@router.get("/ui/maintenance", response_class=HTMLResponse, include_in_schema=False)
def maintenance_page(
    request: Request, mem: Mem, who: Caller, user: str | None = None, deep: bool = True
) -> HTMLResponse:
    """What maintenance would do now, and why; nothing is written."""
    user = who.user_for(user)
    report = mem.maintain(dry_run=True, deep=deep, user_id=user)
    rows: dict[str, TreeRow] = {r.node.id: r for r in user_tree(mem, user).rows}
    return _page(request, "maintenance.html", who, user=user, report=report, rows=rows, deep=deep)


@router.get("/ui/store", response_class=HTMLResponse, include_in_schema=False)
def store_page(request: Request, mem: Mem, who: Caller, verify: bool = False) -> HTMLResponse:
    """Nodes, vectors, pending writes, the last checkpoint and (on request) verify."""
    who.require_admin("store health")
    stats = mem.stats()
    snaps = mem.snapshots()
    report = mem.verify() if verify else None
    return _page(
        request,
        "store.html",
        who,
        stats=stats,
        snaps=snaps,
        verify=report,
        pending=stats.by_index_state.get("pending", 0),
        open_report=mem.open_report,
    )


__all__ = ["STATIC_DIR", "error_page", "router"]
