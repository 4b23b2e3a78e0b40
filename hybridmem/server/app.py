"""The app factory: one FastAPI app serving one open ``HybridMemory``.

The server is meant to be the one process that owns the store's embedded Chroma directory, so
agents in other processes (or other languages) get full vector search through it. Run it with
:func:`hybridmem.server.run` (``hybridmem serve``) or mount :func:`create_app` in your own ASGI
server — one worker process only: a second process would not own the vector index.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.trustedhost import TrustedHostMiddleware

from hybridmem.errors import AuthError
from hybridmem.index import ChromaServer
from hybridmem.memory import HybridMemory
from hybridmem.server import api, errors, ui
from hybridmem.server.auth import AuthConfig
from hybridmem.version import __version__

SECURITY_HEADERS = {
    # Pages load only this server's CSS and JS: no inline script can run, nothing is fetched
    # from elsewhere (also why FastAPI's CDN-based /docs pages are switched off).
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    # Nothing to other sites; this server's own pages still name themselves, because under
    # "no-referrer" a browser sends "Origin: null" with the inspector's own login form, which
    # the login CSRF check (ui.same_origin) must refuse as it refuses any unnamed page.
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


def create_app(
    memory: HybridMemory | str | Path,
    *,
    auth: AuthConfig | None = None,
    trusted_hosts: Sequence[str] | None = None,
    embedder: str | None = None,
    chroma: ChromaServer | None = None,
    collection: str | None = None,
) -> FastAPI:
    """An app serving ``memory`` (an open store, or a path opened now and closed on shutdown).

    ``auth``: the accepted tokens (default: none, an open server — see
    :func:`hybridmem.server.auth.check_bind`). ``trusted_hosts``: accepted ``Host`` headers;
    :func:`~hybridmem.server.run` passes the loopback names when it binds loopback, which stops
    DNS-rebinding pages from reaching the server through the browser. ``embedder``, ``chroma``
    and ``collection``: used only when ``memory`` is a location (a path, or a ``postgresql://``
    URL, which needs ``chroma``).
    """
    owned = not isinstance(memory, HybridMemory)
    mem = (
        memory
        if isinstance(memory, HybridMemory)
        else HybridMemory(memory, embedder=embedder, chroma=chroma, collection=collection)
    )

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        if owned:
            mem.close()

    app = FastAPI(
        title="hybridmem",
        version=__version__,
        summary="A crash-safe weighted memory tree for LLM agents: REST API and inspector.",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.memory = mem
    app.state.auth = auth or AuthConfig()
    errors.install(app, page=ui.error_page)
    app.include_router(api.router)
    app.include_router(ui.router)
    app.mount("/static", StaticFiles(directory=ui.STATIC_DIR), name="static")

    @app.middleware("http")
    async def security_headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    @app.middleware("http")
    async def token_for_schema_and_files(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        # The API schema and the inspector's files are routes like the others: on a server
        # with tokens they need one too (a bearer token, or the inspector's login cookie),
        # as docs/server.md says of every route but /v1/health (issue 35).
        path = request.url.path
        if path == "/openapi.json" or path.startswith("/static/"):
            try:
                ui.ui_principal(request)
            except AuthError as exc:
                return JSONResponse(
                    errors.error_body(401, "AuthError", str(exc)),
                    401,
                    headers={"WWW-Authenticate": "Bearer", **SECURITY_HEADERS},
                )
        return await call_next(request)

    if trusted_hosts:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(trusted_hosts))
    return app
