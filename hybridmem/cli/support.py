"""Pieces shared by every ``hybridmem`` command module: options, consoles, JSON output, opening
the store, exit codes and error reporting. Command modules import this, never each other.

Opening: read commands open the store ``read_only`` (a missing store is an error, never a new
empty one; no open-time recovery; the vector index only when vectors are needed), write
commands open it with ``create=False`` except ``add`` and ``import``, which may start a store.
Without ``--embedder`` the store's recorded embedder is used.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from enum import Enum, IntEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from hybridmem import errors
from hybridmem.cli.render import clean

if TYPE_CHECKING:
    from hybridmem.memory import HybridMemory

DbOption = Annotated[
    str,
    typer.Option(
        "--db",
        envvar="HYBRIDMEM_PATH",
        help="Memory directory (SQLite + Chroma), or postgresql://user@host:port/db (the "
        "Chroma server then comes from 'hybridmem --chroma HOST:PORT' or $HYBRIDMEM_CHROMA).",
    ),
]
EmbedderOption = Annotated[
    str | None,
    typer.Option(
        "--embedder",
        envvar="HYBRIDMEM_EMBEDDER",
        help="multilingual (default), minilm, hash, or a sentence-transformers name/path; "
        "omitted: the store's own (README: Choosing an embedder).",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON (errors too).")]
UserOption = Annotated[str, typer.Option("--user", "-u", help="User (tenant) id.")]
DEFAULT_DB = "agent-memory"
DEFAULT_USER = "default"
"""= ``hybridmem.memory.DEFAULT_USER``, without importing the engine (a test keeps them equal)."""


@dataclasses.dataclass
class Vectors:
    """Where the vectors live when not in the store directory: ``hybridmem --chroma HOST:PORT
    [--collection NAME]`` (or ``$HYBRIDMEM_CHROMA``, ``$HYBRIDMEM_COLLECTION``); set by the
    root command for the command that follows."""

    chroma: str | None = None
    collection: str | None = None


VECTORS = Vectors()


def memory_args(db: str | Path) -> tuple[str | Path, dict[str, Any]]:
    """The location and the keyword arguments ``HybridMemory`` gets for ``--db`` (a URL stays
    text; the Chroma server from ``--chroma``, required for a URL)."""
    from hybridmem.store.urls import is_postgres_url, redact

    target: str | Path = str(db) if is_postgres_url(str(db)) else Path(db)
    kwargs: dict[str, Any] = {}
    if VECTORS.chroma:
        from hybridmem.index import ChromaServer

        try:
            kwargs["chroma"] = ChromaServer.parse(VECTORS.chroma)
        except errors.InvalidArgumentError as exc:
            raise errors.InvalidArgumentError(f"--chroma: {exc}") from None
        if VECTORS.collection:
            kwargs["collection"] = VECTORS.collection
    elif isinstance(target, str):
        raise errors.InvalidArgumentError(
            f"{redact(target)} is a PostgreSQL store; its vectors live in a Chroma server: "
            "run 'hybridmem --chroma HOST:PORT <command> ...' or set $HYBRIDMEM_CHROMA"
        )
    return target, kwargs


console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


class ExitCode(IntEnum):
    """The exit codes of ``hybridmem`` (documented in ``hybridmem --help`` and the README)."""

    OK = 0
    CHECK_FAILED = 1  # verify / audit verify found a problem
    USAGE = 2  # the command line itself is wrong (unknown option, missing argument)
    INVALID = 3  # a value was refused (bad node type, weight out of range, bad date)
    NOT_FOUND = 4  # no such store, node, snapshot or file
    CONFLICT = 5  # another embedder, another writer, an ambiguous id, a read-only store
    CORRUPT = 6  # damaged store, newer schema, broken audit chain, tampered ciphertext
    KEY = 7  # encryption key missing or wrong
    UNAVAILABLE = 8  # model, index, database server or the file system failed
    INTERNAL = 9  # a bug in hybridmem: please report it (HYBRIDMEM_DEBUG=1 for a traceback)
    INTERRUPTED = 130


EXIT_CODES_HELP = (
    "Exit codes: 0 ok, 1 a check failed, 2 usage, 3 invalid value, 4 not found, 5 conflict, "
    "6 corrupt, 7 key, 8 unavailable, 9 internal error."
)

# Most specific first: the first matching class decides.
_ERROR_CODES: tuple[tuple[type[BaseException], ExitCode], ...] = (
    (errors.DecryptionError, ExitCode.CORRUPT),
    (errors.EncryptionError, ExitCode.KEY),
    (errors.StoreNotFoundError, ExitCode.NOT_FOUND),
    (errors.NodeNotFoundError, ExitCode.NOT_FOUND),
    (errors.SnapshotNotFoundError, ExitCode.NOT_FOUND),
    (errors.ScopeError, ExitCode.NOT_FOUND),
    (errors.AmbiguousIdError, ExitCode.CONFLICT),
    (errors.ValidationError, ExitCode.INVALID),
    (errors.ConflictError, ExitCode.CONFLICT),
    (errors.EmbedderMismatchError, ExitCode.CONFLICT),
    (errors.ReadOnlyStoreError, ExitCode.CONFLICT),
    (errors.IndexNotOwnedError, ExitCode.CONFLICT),
    (errors.StoreWriteError, ExitCode.CONFLICT),
    (errors.CorruptStoreError, ExitCode.CORRUPT),
    (errors.SchemaVersionError, ExitCode.CORRUPT),
    (errors.AuditChainError, ExitCode.CORRUPT),
    (errors.ReplayError, ExitCode.CORRUPT),
    (errors.HybridMemError, ExitCode.UNAVAILABLE),
    (FileNotFoundError, ExitCode.NOT_FOUND),
    (OSError, ExitCode.UNAVAILABLE),
)


def exit_code_for(exc: BaseException) -> ExitCode:
    """The documented exit code of an error (INTERNAL for anything unexpected)."""
    for cls, code in _ERROR_CODES:
        if isinstance(exc, cls):
            return code
    return ExitCode.INTERNAL


def _message(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        where = f": {exc.filename}" if exc.filename else ""
        return f"{exc.strerror}{where}"
    text = str(exc) or type(exc).__name__
    if isinstance(exc, RecursionError):
        text = "input nested too deeply"
    return text


def report_error(exc: BaseException, code: ExitCode, *, as_json: bool) -> None:
    """One line on stderr (``error: Type: message``), or a JSON object on stdout."""
    usage = isinstance(exc, typer.TyperException)
    kind = "UsageError" if usage else type(exc).__name__
    if usage:
        text = getattr(exc, "format_message", exc.__str__)()
        ctx = getattr(exc, "ctx", None)
        if ctx is not None:
            text += f" (see '{ctx.command_path} --help')"
    else:
        text = _message(exc)
    text = clean(" ".join(text.split()), limit=500)
    if as_json:
        payload = {"error": {"type": kind, "message": text, "exit_code": int(code)}}
        sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")
    else:
        label = "bug" if code is ExitCode.INTERNAL else "error"
        sys.stderr.write(f"{label}: {kind}: {text}\n")


def run_guarded(call: Any, args: list[str]) -> int:
    """Run the click command ``call`` on ``args``: every failure becomes an exit code and one
    line (or JSON under ``--json``), never a traceback (``HYBRIDMEM_DEBUG=1`` re-raises)."""
    as_json = "--json" in args
    try:
        rv = call(args)
    except typer.TyperException as exc:  # click's errors (typer vendors click)
        if type(exc).__name__ == "NoArgsIsHelpError":
            getattr(exc, "show", lambda: None)()  # the help text, like --help
            return ExitCode.USAGE
        code = ExitCode.USAGE if getattr(exc, "exit_code", 2) == 2 else ExitCode.INVALID
        report_error(exc, code, as_json=as_json)
        return code
    except typer.Exit as exc:
        return int(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        return ExitCode.INTERRUPTED
    except BaseException as exc:  # the one place that turns every failure into a line
        if isinstance(exc, SystemExit):
            return exc.code if isinstance(exc.code, int) else 1
        if os.environ.get("HYBRIDMEM_DEBUG"):
            raise
        code = exit_code_for(exc)
        report_error(exc, code, as_json=as_json)
        return code
    return rv if isinstance(rv, int) else ExitCode.OK


class GuardedGroup(typer.core.TyperGroup):
    """The top-level group: click's ``main`` wrapped by :func:`run_guarded` (also under
    ``CliRunner``, which calls ``main`` too)."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)

        def call(a: list[str]) -> Any:
            return super(GuardedGroup, self).main(
                args=a,
                prog_name=prog_name or "hybridmem",
                complete_var=complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )

        code = run_guarded(call, argv)
        if standalone_mode:
            sys.exit(code)
        return code


def _to_jsonable(value: Any) -> Any:
    """Dataclasses, datetimes and enums as plain JSON values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): _to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_to_jsonable(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    return value


def _print_json(value: Any) -> None:
    """Write ``value`` as indented JSON on stdout (control characters escaped by JSON)."""
    sys.stdout.write(
        json.dumps(_to_jsonable(value), ensure_ascii=False, indent=2, default=str) + "\n"
    )


print_json = _print_json


@contextmanager
def open_memory(
    db: str | Path,
    embedder: str | None,
    *,
    write: bool = False,
    create: bool = False,
    masked: bool = False,
) -> Iterator[HybridMemory]:
    """Open the store at ``db`` for one command (see the module docstring). ``masked``: a
    sealed node reads as a placeholder when no key is set (:mod:`hybridmem.cli.sealed`)."""
    from hybridmem.memory import HybridMemory

    target, kwargs = memory_args(db)
    if masked:
        from hybridmem.config.privacy import PrivacyConfig

        kwargs["privacy"] = PrivacyConfig(mask_without_key=True)
    with HybridMemory(
        target, embedder=embedder, read_only=not write, create=create and write, **kwargs
    ) as mem:
        yield mem


STORE_FILE = "memory.sqlite3"  # = hybridmem.store.DB_FILE (a store directory holds it)


def _inside_a_store(path: Path) -> Path | None:
    """The memory directory ``path`` would land in (itself or an ancestor holds a store)."""
    for folder in path.parents:
        if (folder / STORE_FILE).is_file():
            return folder
    return None


def refuse_store_file(out: Path) -> None:
    """Refuse an output path inside any memory store (the library refuses its own store; a
    second store's live database must not be overwritten either)."""
    store = _inside_a_store(Path(os.path.abspath(out)))
    if store is not None:
        raise errors.InvalidArgumentError(
            f"--out {out} is inside the memory store {store}; write the file elsewhere"
        )
