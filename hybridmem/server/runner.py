"""``hybridmem serve``: check the bind and the tokens, open the store, run uvicorn."""

from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from hybridmem.errors import ServerConfigError
from hybridmem.index import ChromaServer
from hybridmem.server.app import LOOPBACK_HOSTS, create_app
from hybridmem.server.auth import AuthConfig, check_bind, is_loopback
from hybridmem.store.urls import is_postgres_url, redact

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8420

log = logging.getLogger("hybridmem.server")


def run(
    db: str | Path,
    *,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    embedder: str | None = None,
    auth: AuthConfig | None = None,
    log_level: str = "info",
    chroma: ChromaServer | None = None,
    collection: str | None = None,
) -> None:
    """Serve the store at ``db`` until interrupted (SIGINT/SIGTERM close the store cleanly).

    ``auth`` defaults to the tokens in ``$HYBRIDMEM_TOKEN`` / ``$HYBRIDMEM_TOKENS``. A host
    beyond loopback without any token is refused (:class:`~hybridmem.errors.ServerConfigError`)
    before the store is opened.
    """
    import uvicorn
    from uvicorn.config import LOG_LEVELS

    auth = AuthConfig.from_env() if auth is None else auth
    check_bind(host, auth)
    # Before the store opens: uvicorn would only fail (or hang) after it.
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise ServerConfigError(f"port must be a TCP port in 1..65535, got {port!r}")
    if log_level not in LOG_LEVELS:
        raise ServerConfigError(f"log_level must be one of {list(LOG_LEVELS)}, got {log_level!r}")
    _check_free(host, port)
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    # On loopback, accept only loopback Host headers (a DNS-rebinding page cannot get in).
    trusted = [*LOOPBACK_HOSTS] if is_loopback(host) else None
    target = db if is_postgres_url(db) else Path(db)
    app = create_app(
        target,
        auth=auth,
        trusted_hosts=trusted,
        embedder=embedder,
        chroma=chroma,
        collection=collection,
    )
    mode = "tokens required" if auth.required else "no token (loopback only)"
    log.warning("hybridmem serving %s on http://%s:%d (%s)", redact(db), host, port, mode)
    uvicorn.run(app, host=host, port=port, workers=1, log_level=log_level, server_header=False)


def _check_free(host: str, port: int) -> None:
    """Refuse a port something already listens on, with a message naming it (uvicorn would
    log the bind error and exit 1 after the store was opened)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise ServerConfigError(f"cannot bind {host!r}: {exc.strerror or exc}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise ServerConfigError(
                f"cannot listen on {host}:{port}: {exc.strerror or exc} (another server "
                "there? pick another --port)"
            ) from None


def free_port(host: str = DEFAULT_HOST) -> int:
    """A TCP port free on ``host`` right now (for scripts and tests that start a server)."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def wait_healthy(url: str, timeout: float, alive: Callable[[], bool] | None = None) -> None:
    """Poll ``url/v1/health`` until it answers 200; ``TimeoutError`` after ``timeout`` s.

    ``alive``: checked between polls (e.g. ``lambda: proc.poll() is None``), so a server that
    died on start fails at once with ``RuntimeError`` instead of after the timeout.
    """
    deadline = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < deadline:
        if alive is not None and not alive():
            raise RuntimeError(f"the server at {url} stopped before it answered /v1/health")
        try:
            with urllib.request.urlopen(url + "/v1/health", timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError as exc:
            last = exc
        time.sleep(0.1)
    raise TimeoutError(f"no answer from {url}/v1/health within {timeout}s ({last})")


@contextmanager
def serve_subprocess(
    db: str | Path,
    *,
    args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    timeout: float = 90.0,
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """Run ``hybridmem serve --db DB`` on a free 127.0.0.1 port in a child process.

    Yields ``(base url, process)`` once ``/v1/health`` answers; on exit sends SIGTERM (the
    server closes the store) and waits, killing it only if it does not stop. ``args`` are
    further ``serve`` options (``--embedder hash``, ``--log-level warning``).
    """
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "hybridmem.cli",
        "serve",
        "--db",
        str(db),
        "--port",
        str(port),
        *args,
    ]
    # The log goes to a file, not a pipe: a pipe nobody reads would block a chatty server.
    with tempfile.TemporaryFile("w+", encoding="utf-8") as log_file:
        proc = subprocess.Popen(
            cmd,
            env=None if env is None else dict(env),
            stdout=log_file,
            stderr=subprocess.STDOUT,
            text=True,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            try:
                wait_healthy(url, timeout, alive=lambda: proc.poll() is None)
            except (RuntimeError, TimeoutError) as exc:
                log_file.seek(0)
                raise RuntimeError(f"{exc}; its output:\n{log_file.read()[-2000:]}") from None
            yield url, proc
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
