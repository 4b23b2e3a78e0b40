"""Throwaway servers for tests and benchmarks: PostgreSQL and Chroma, both on 127.0.0.1.

Both are real: the PostgreSQL server binaries named by ``pg_config --bindir`` (Debian's
``postgresql-15``; ``.ci/system-deps`` installs it where missing) and the ``chroma`` CLI that
ships with the chromadb package. Nothing here skips: a missing binary fails the test run with
a message that says how to install it.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from glob import glob
from pathlib import Path

from hybridmem import ChromaServer

# PostgreSQL refuses to run as root; the cluster then runs as this unprivileged account
# (created by Debian's postgresql-common, else the universal ``nobody``).
_PG_ACCOUNTS = ("postgres", "nobody")
PG_SUPERUSER = "hybridmem"


def stop_on_sigterm() -> None:
    """Turn SIGTERM into SystemExit, so a killed benchmark still stops the servers it started
    (their ``with`` blocks run) instead of leaving them running."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pg_bindir() -> Path:
    """Directory of ``initdb``/``pg_ctl``: ``pg_config --bindir``, else Debian's layout."""
    candidates: list[Path] = []
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        if out.returncode == 0:
            candidates.append(Path(out.stdout.strip()))
    candidates.extend(Path(p) for p in sorted(glob("/usr/lib/postgresql/*/bin"), reverse=True))
    if shutil.which("initdb"):
        candidates.append(Path(shutil.which("initdb") or "").parent)
    for directory in candidates:
        if (directory / "initdb").exists() and (directory / "pg_ctl").exists():
            return directory
    raise RuntimeError(
        "PostgreSQL server binaries (initdb, pg_ctl) were not found; install them with "
        "`bash .ci/system-deps` (Debian package postgresql-15)"
    )


class PostgresCluster:
    """A running throwaway cluster; :meth:`database` hands out fresh, empty databases."""

    def __init__(
        self, bindir: Path, datadir: Path, port: int, account: str | None, password: str | None
    ) -> None:
        self.bindir = bindir
        self.datadir = datadir
        self.port = port
        self.account = account
        self.password = password
        self._templates: set[str] = set()

    def url(self, dbname: str = "postgres") -> str:
        secret = f":{self.password}" if self.password else ""
        return f"postgresql://{PG_SUPERUSER}{secret}@127.0.0.1:{self.port}/{dbname}"

    def _admin(self, sql: str) -> None:
        # One short connection per command (CREATE/DROP DATABASE cannot run in a transaction).
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(sql)

    def create_database(self, name: str) -> str:
        """An empty database called ``name`` (as the ``postgres`` image's ``POSTGRES_DB``); its
        URL. Kept until the cluster stops."""
        self._admin(f"CREATE DATABASE {name}")
        return self.url(name)

    def template(self, name: str, prepare: Callable[[str], None]) -> str:
        """A database ``name`` prepared once by ``prepare(url)`` (e.g. migrated), to copy new
        databases from: copying a migrated schema is faster than migrating each time."""
        if name not in self._templates:
            self._admin(f"CREATE DATABASE {name} TEMPLATE template0")
            prepare(self.url(name))
            self._templates.add(name)
        return name

    @contextmanager
    def database(self, template: str = "template0") -> Iterator[str]:
        """A new database (its URL), empty or a copy of ``template``; dropped afterwards, even
        with clients still on."""
        name = "t_" + uuid.uuid4().hex[:16]
        self._admin(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY FILE_COPY")
        try:
            yield self.url(name)
        finally:
            self._admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _run_as(account: str | None, args: list[str], log: Path | None = None) -> None:
    kwargs: dict[str, object] = {}
    if account is not None:
        kwargs = {"user": account, "group": pwd.getpwnam(account).pw_gid}
    result = subprocess.run(
        args, capture_output=True, text=True, cwd=tempfile.gettempdir(), **kwargs
    )
    if result.returncode != 0:
        detail = log.read_text(errors="replace")[-2000:] if log and log.exists() else ""
        raise RuntimeError(f"{args[0]} failed: {result.stderr or result.stdout}\n{detail}")


def _pg_account() -> str | None:
    if os.geteuid() != 0:
        return None
    for name in _PG_ACCOUNTS:
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise RuntimeError("running as root and no unprivileged account to run PostgreSQL as")


@contextmanager
def postgres_cluster(password: str | None = None) -> Iterator[PostgresCluster]:
    """initdb in a temp dir, start on a free loopback port, stop and delete it afterwards.

    With ``password``, TCP clients must give it (``scram-sha-256``, as the ``postgres`` image
    sets up with ``POSTGRES_PASSWORD``); else they are trusted."""
    bindir = pg_bindir()
    account = _pg_account()
    # Not under pytest's tmp_path: its parents are 0700 root, which the account cannot enter.
    datadir = Path(tempfile.mkdtemp(prefix="hybridmem-pg-"))
    if account is not None:
        entry = pwd.getpwnam(account)
        os.chown(datadir, entry.pw_uid, entry.pw_gid)
    data = datadir / "data"
    log = datadir / "server.log"
    port = free_port()
    auth = ["--auth=trust"]
    if password is not None:
        secret = datadir / "pwfile"
        secret.write_text(password + "\n")
        if account is not None:
            os.chown(secret, entry.pw_uid, entry.pw_gid)
        auth = ["--auth-local=trust", "--auth-host=scram-sha-256", f"--pwfile={secret}"]
    _run_as(
        account,
        [
            str(bindir / "initdb"),
            "-D",
            str(data),
            "-U",
            PG_SUPERUSER,
            *auth,
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
        ],
    )
    # Durability settings off: a throwaway cluster; process kills (the crash suite) do not
    # depend on fsync, only machine crashes would.
    options = (
        f"-h 127.0.0.1 -p {port} -k {datadir} -c fsync=off -c synchronous_commit=off "
        "-c full_page_writes=off -c max_connections=200"
    )
    _run_as(
        account,
        [str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start"],
        log,
    )
    try:
        yield PostgresCluster(bindir, datadir, port, account, password)
    finally:
        _run_as(account, [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"])
        shutil.rmtree(datadir, ignore_errors=True)


def chroma_exe() -> str:
    # The chroma CLI ships with the chromadb package, beside this interpreter.
    beside = Path(sys.executable).parent / "chroma"
    exe = str(beside) if beside.exists() else shutil.which("chroma")
    if not exe:
        raise RuntimeError("the chroma CLI (from the chromadb package) was not found")
    return exe


@contextmanager
def chroma_server(data: Path) -> Iterator[ChromaServer]:
    """``chroma run`` on a free loopback port with its data in ``data``; stopped afterwards."""
    port = free_port()
    proc = subprocess.Popen(
        [chroma_exe(), "run", "--path", str(data), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("chroma server did not start") from None
                time.sleep(0.2)
        yield ChromaServer(host="127.0.0.1", port=port)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
