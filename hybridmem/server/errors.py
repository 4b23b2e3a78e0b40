"""Every error the server returns, as JSON: ``{"error": {"type", "message", "status"}}``.

One handler maps each :class:`~hybridmem.errors.HybridMemError` by its class (the nearest class
in the table along the exception's MRO); request-shape errors from FastAPI and unknown routes use
the same body; anything else is a 500 whose body says only that the server failed — the
traceback goes to the server log, never to the client.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

import hybridmem.errors as e

log = logging.getLogger("hybridmem.server")

STATUS_BY_ERROR: dict[type, int] = {
    e.ValidationError: 422,
    e.NodeNotFoundError: 404,
    e.SnapshotNotFoundError: 404,
    e.GrantNotFoundError: 404,
    e.ScopeError: 403,
    e.AuthError: 401,
    e.ConflictError: 409,
    # The node exists but its content is encrypted and this server holds no (or another) key.
    e.EncryptionError: 423,
    e.AuditChainError: 409,
    e.RecoveryError: 409,
    # The server itself cannot serve: the client did nothing wrong, retrying later may work.
    e.StoreClosedError: 503,
    e.StoreError: 503,
    e.IndexUnavailableError: 503,
    e.ModelUnavailableError: 503,
    e.LLMError: 502,
    e.HybridMemError: 400,
}


def status_for(exc: e.HybridMemError) -> int:
    """The HTTP status of an engine error: the nearest mapped class in its MRO."""
    for cls in type(exc).__mro__:
        status = STATUS_BY_ERROR.get(cls)
        if status is not None:
            return status
    return 400


def error_body(status: int, kind: str, message: str, **extra: Any) -> dict[str, Any]:
    """The JSON body of every error response."""
    return {"error": {"type": kind, "message": message, "status": status, **extra}}


PageRenderer = Callable[[Request, int, str, str], Response]
"""Renders an error as an HTML page for the inspector: (request, status, type, message)."""


def install(app: FastAPI, *, page: PageRenderer | None = None, html_prefix: str = "/ui") -> None:
    """Register the handlers on ``app``; inspector pages (``/`` and ``html_prefix``) get
    ``page``'s HTML instead of JSON when it is given."""

    def respond(request: Request, status: int, kind: str, message: str, **extra: Any) -> Response:
        path = request.url.path
        headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
        if page is not None and (path == "/" or path.startswith(html_prefix)):
            return page(request, status, kind, message)
        return JSONResponse(error_body(status, kind, message, **extra), status, headers=headers)

    async def engine_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, e.HybridMemError)
        return respond(request, status_for(exc), type(exc).__name__, str(exc))

    async def request_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        # Where and what, never the offending input itself (it may be large or sensitive).
        details = [
            {"loc": [str(p) for p in err.get("loc", ())], "message": str(err.get("msg", ""))}
            for err in exc.errors()
        ]
        first = details[0] if details else {"loc": [], "message": "invalid request"}
        where = ".".join(first["loc"])
        message = f"{where}: {first['message']}" if where else str(first["message"])
        return respond(request, 422, "RequestValidationError", message, details=details)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        names = {404: "NotFound", 405: "MethodNotAllowed"}
        kind = names.get(exc.status_code, "HTTPError")
        return respond(request, exc.status_code, kind, str(exc.detail))

    async def unexpected(request: Request, exc: Exception) -> Response:
        log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
        message = "the server failed on this request; see its log"
        return respond(request, 500, "InternalError", message)

    app.add_exception_handler(e.HybridMemError, engine_error)
    app.add_exception_handler(RequestValidationError, request_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(Exception, unexpected)
