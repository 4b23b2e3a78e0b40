"""``hybridmem ingest``: a chat transcript (JSONL, one message a line) into memories."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from hybridmem.cli.support import (
    DEFAULT_DB,
    DEFAULT_USER,
    DbOption,
    EmbedderOption,
    JsonOption,
    UserOption,
    console,
    open_memory,
    print_json,
)
from hybridmem.errors import FileAccessError, InvalidArgumentError, ValidationError


def _read_jsonl(path: str) -> tuple[list[Any], list[int]]:
    """Every line's JSON value (blank lines skipped); a bad line is named by its number."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise FileAccessError(f"cannot read {path}: {exc}") from exc
    out, numbers = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise InvalidArgumentError(f"{path}:{number}: not a JSON message: {exc}") from exc
        if isinstance(message, dict) and "id" not in message:
            # The transcript is written in batches: an id made from a batch position would
            # repeat across batches, the line number does not.
            message["id"] = f"line-{number}"
        out.append(message)
        numbers.append(number)
    if not out:
        raise InvalidArgumentError(f"{path} holds no messages")
    return out, numbers


def ingest(
    transcript: Annotated[
        str,
        typer.Argument(
            help="JSONL file of messages ({role, content, id?, name?, "
            "created_at?} a line), or - for stdin."
        ),
    ],
    db: DbOption = DEFAULT_DB,
    user: UserOption = DEFAULT_USER,
    task: Annotated[str | None, typer.Option(help="Task the conversation belongs to.")] = None,
    session: Annotated[
        str | None, typer.Option(help="Session id (default: chat-<date of the first message>).")
    ] = None,
    agent: Annotated[str | None, typer.Option(help="Agent that took part.")] = None,
    batch: Annotated[int, typer.Option(min=1, help="Messages per write.")] = 200,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add a conversation: every message to the buffer, what is worth keeping as memories."""
    messages, numbers = _read_jsonl(transcript)
    totals = {"buffered": 0, "written": 0, "merged": 0, "value_changes": 0, "skipped": 0}
    with open_memory(db, embedder, write=True, create=True) as mem:
        task_id = mem.resolve_id(task, user_id=user) if task else None
        # Every line is checked before the first write, so a bad line writes nothing.
        from hybridmem.conversation import parse_messages

        try:
            parse_messages(messages, max_chars=mem.config.max_content_chars)
        except ValidationError as exc:
            # The library counts messages; a file's reader counts lines.
            where = re.sub(
                r"messages\[(\d+)\]",
                lambda m: f"{transcript}:{numbers[int(m.group(1))]}",
                str(exc),
            )
            raise type(exc)(where) from exc
        with Progress(
            TextColumn("ingest"),
            BarColumn(),
            MofNCompleteColumn(),
            console=console,
            disable=as_json,
            transient=True,
        ) as bar:
            job = bar.add_task("ingest", total=len(messages))
            for start in range(0, len(messages), batch):
                chunk = messages[start : start + batch]
                report = mem.add_messages(
                    chunk, user_id=user, task_id=task_id, agent_id=agent, session_id=session
                )
                session = report.session_id
                totals["buffered"] += report.buffered
                totals["written"] += sum(not w.merged for w in report.written)
                totals["merged"] += sum(w.merged for w in report.written)
                totals["value_changes"] += len(report.value_changes)
                totals["skipped"] += len(report.skipped)
                bar.advance(job, len(chunk))
        # The vectors come after each write (index_messages_later); left pending, the next
        # command's open would pay for them. A one-shot command leaves the store ready.
        totals["indexed"] = mem.wait_indexed()
    if as_json:
        print_json({"session_id": session, **totals})
    else:
        console.print(
            f"session {session}: {totals['buffered']} messages buffered, "
            f"{totals['written']} memories written, {totals['merged']} merged into existing "
            f"ones, {totals['value_changes']} value changes, {totals['skipped']} messages "
            f"with nothing to keep; {totals['indexed']} vectors written",
            markup=False,
        )


def register(app: typer.Typer) -> None:
    """Add the conversation commands to ``app``."""
    app.command()(ingest)
