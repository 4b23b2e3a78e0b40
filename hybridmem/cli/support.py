"""Pieces shared by every ``hybridmem`` command module: options, consoles, JSON output and
opening the store. Command modules import this, never each other or the app."""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from hybridmem.memory import HybridMemory

DbOption = Annotated[
    Path,
    typer.Option("--db", envvar="HYBRIDMEM_PATH", help="Memory directory (SQLite + Chroma)."),
]
EmbedderOption = Annotated[
    str | None,
    typer.Option(
        "--embedder",
        envvar="HYBRIDMEM_EMBEDDER",
        help="'multilingual' (multilingual-e5-small: Chinese and English; the default), "
        "'minilm' (all-MiniLM-L6-v2, English only), 'hash', or a sentence-transformers model "
        "name/path. Omitted: the one the store was built with (a new store: the default).",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
UserOption = Annotated[str, typer.Option("--user", "-u", help="User (tenant) id.")]
DEFAULT_DB = Path("agent-memory")

console = Console()
err_console = Console(stderr=True)


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
    return value


def _print_json(value: Any) -> None:
    """Write ``value`` as indented JSON on stdout."""
    sys.stdout.write(
        json.dumps(_to_jsonable(value), ensure_ascii=False, indent=2, default=str) + "\n"
    )


@contextmanager
def _open(db: Path, embedder: str | None) -> Iterator[HybridMemory]:
    """Open the store at ``db`` for one command."""
    with HybridMemory(db, embedder=embedder) as mem:
        yield mem
