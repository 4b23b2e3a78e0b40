"""Input checks shared by every write path. Each failure names the argument and the problem."""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Collection
from datetime import datetime
from pathlib import Path
from typing import Any

from hybridmem.clock import ensure_utc
from hybridmem.config.evolution import Lifecycle, Tier
from hybridmem.errors import (
    ContentTooLongError,
    EmptyContentError,
    FileAccessError,
    InvalidArgumentError,
    InvalidContentError,
    InvalidWeightError,
)
from hybridmem.models import MARK_NAMES, MARKS_KEY, NodeStatus

_ID = re.compile(r"^[A-Za-z0-9._:\-]{1,128}$")
_NODE_TYPE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
_USER = re.compile(r"^[^\x00-\x1f\x7f]{1,200}$")


def check_content(content: Any, *, max_chars: int, name: str = "content") -> str:
    """Return ``content`` if it is storable text, else raise a specific ValidationError
    (``name``: what the caller calls the text, e.g. ``query``, for the message)."""
    if not isinstance(content, str):
        raise InvalidContentError(f"{name} must be a str, got {type(content).__name__}")
    if "\x00" in content:
        raise InvalidContentError(f"{name} contains a NUL byte")
    try:
        content.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidContentError(f"{name} is not valid Unicode text: {exc.reason}") from exc
    if not content.strip():
        raise EmptyContentError(f"{name} is empty")
    if len(content) > max_chars:
        raise ContentTooLongError(
            f"{name} has {len(content)} characters; the maximum is {max_chars} "
            "(MemoryConfig.max_content_chars)"
        )
    return content


def check_weight(name: str, value: Any) -> float:
    """Return ``value`` as a float in [0, 1] or raise InvalidWeightError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidWeightError(f"{name} must be a number in [0, 1], got {type(value).__name__}")
    number = float(value)
    if math.isnan(number):
        raise InvalidWeightError(f"{name} is NaN; it must be a number in [0, 1]")
    if not 0.0 <= number <= 1.0:
        raise InvalidWeightError(f"{name} must be in [0, 1], got {number}")
    return number


def check_node_id(value: Any, *, name: str = "node id") -> str:
    """Ids are 1-128 chars of ``[A-Za-z0-9._:-]`` (safe in paths, SQL and Chroma)."""
    if not isinstance(value, str) or not _ID.match(value):
        raise InvalidArgumentError(
            f"{name} must be 1-128 characters of letters, digits, '.', '_', ':' or '-', "
            f"got {value!r:.80}"
        )
    if not value.strip("."):
        # "." and ".." are path segments clients normalise away (/v1/memories/.. is
        # /v1/): such a node could never be reached by its URL.
        raise InvalidArgumentError(f"{name} must not be made of dots only, got {value!r:.80}")
    return value


def check_node_type(value: Any) -> str:
    """Node types are short lowercase identifiers (``task``, ``fact``, ``my_type``...)."""
    if not isinstance(value, str) or not _NODE_TYPE.match(value):
        raise InvalidArgumentError(
            f"node_type must be a lowercase identifier like 'fact' or 'task', got {value!r:.80}"
        )
    return value


def check_user_id(value: Any, *, name: str = "user_id") -> str:
    """Scope ids (user, agent, session) are 1-200 printable characters."""
    if not isinstance(value, str) or not _USER.match(value) or not value.strip():
        raise InvalidArgumentError(f"{name} must be 1-200 printable characters, got {value!r:.80}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidArgumentError(f"{name} is not valid Unicode text: {exc.reason}") from exc
    return value


def check_optional_user(value: Any, *, name: str = "user_id") -> str | None:
    """None (no restriction) or a valid scope id."""
    return None if value is None else check_user_id(value, name=name)


def check_metadata(value: Any) -> dict[str, Any]:
    """Metadata is a JSON-serialisable dict with string keys."""
    import json

    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InvalidArgumentError(f"metadata must be a dict, got {type(value).__name__}")
    if not all(isinstance(k, str) for k in value):
        raise InvalidArgumentError("metadata keys must be strings")
    reserved = sorted(k for k in value if k == MARKS_KEY or k in MARK_NAMES)
    if reserved:
        raise InvalidArgumentError(
            f"metadata key {reserved[0]!r} is reserved: the engine keeps its own labels of a "
            "node in MemoryNode.marks; use another key"
        )
    try:
        # ensure_ascii=False + encode: what the store writes, so lone surrogates are caught.
        text = json.dumps(value, allow_nan=False, ensure_ascii=False)
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidArgumentError(f"metadata is not valid Unicode text: {exc.reason}") from exc
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidArgumentError(f"metadata must be JSON-serialisable: {exc}") from exc
    if _JSON_NUL.search(text):
        # PostgreSQL's jsonb cannot hold a NUL and SQLite's json_extract cuts text at one, so
        # a filter on such a value would answer differently per store (issue 35): refuse it,
        # as content refuses it.
        raise InvalidArgumentError("metadata contains a NUL character (in a key or a value)")
    return dict(value)


_JSON_NUL = re.compile(r"(?<!\\)(?:\\\\)*\\u0000")
"""A NUL escape in JSON text: ``\\u0000`` after an even number of backslashes (an odd one
would make it the literal text backslash-u0000)."""


def check_positive_int(name: str, value: Any, *, allow_zero: bool = False) -> int:
    """An int > 0 (or >= 0)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name} must be an int, got {type(value).__name__}")
    if value < 0 or (value == 0 and not allow_zero):
        raise InvalidArgumentError(f"{name} must be {'>= 0' if allow_zero else '> 0'}, got {value}")
    if value >= 2**63:  # a limit, offset or count beyond what either store's integers hold
        raise InvalidArgumentError(f"{name} must be below 2**63, got {value}")
    return value


def check_lifecycle(value: object) -> str:
    """Return ``value`` if it names a lifecycle class, else raise InvalidArgumentError."""
    if not isinstance(value, str) or value not in LIFECYCLES:
        raise InvalidArgumentError(
            f"lifecycle must be one of {[m.value for m in Lifecycle]}, got {value!r:.40}"
        )
    return str(value)


def check_tier(value: object) -> str:
    """Return ``value`` if it names a tier, else raise InvalidArgumentError."""
    if not isinstance(value, str) or value not in TIERS:
        raise InvalidArgumentError(
            f"tier must be one of {[m.value for m in Tier]}, got {value!r:.40}"
        )
    return str(value)


def check_bool(name: str, value: Any) -> bool:
    """A real bool: ``"false"`` or ``0`` must not quietly mean True (or False)."""
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{name} must be True or False, got {type(value).__name__}")
    return value


def check_datetime(name: str, value: Any) -> datetime:
    """A datetime, returned as aware UTC (naive values are taken to be UTC, like the clock)."""
    if not isinstance(value, datetime):
        raise InvalidArgumentError(f"{name} must be a datetime, got {type(value).__name__}")
    try:
        return ensure_utc(value)
    except (OverflowError, ValueError) as exc:  # an offset that pushes it past year 1..9999
        raise InvalidArgumentError(f"{name} is out of range in UTC: {value!r}") from exc


def check_text(name: str, value: Any, *, max_chars: int = 1_000) -> str:
    """A filter string (audit action, actor, search text): str, no NUL, valid Unicode."""
    if not isinstance(value, str):
        raise InvalidArgumentError(f"{name} must be a str, got {type(value).__name__}")
    if "\x00" in value or len(value) > max_chars:
        raise InvalidArgumentError(
            f"{name} must be at most {max_chars} characters without NUL, got {value!r:.80}"
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidArgumentError(f"{name} is not valid Unicode text: {exc.reason}") from exc
    return value


def check_seq(name: str, value: Any) -> int:
    """An op-log sequence number: an int in [0, 2**63) (what SQLite's INTEGER holds)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise InvalidArgumentError(f"{name} must be an int in [0, 2**63), got {value!r:.80}")
    return value


def check_choices(name: str, value: Any, allowed: Collection[str]) -> list[str]:
    """A list of values each in ``allowed`` (a lone str is one value, not its characters)."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list | tuple | set | frozenset):
        raise InvalidArgumentError(
            f"{name} must be a list of {sorted(allowed)}, got {type(value).__name__}"
        )
    for item in items:
        if not isinstance(item, str) or item not in allowed:
            raise InvalidArgumentError(
                f"{name} must only hold values of {sorted(allowed)}, got {item!r:.40}"
            )
    return list(items)


def check_node_types(name: str, value: Any) -> list[str]:
    """A list of node types (each a lowercase identifier)."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list | tuple | set | frozenset):
        raise InvalidArgumentError(
            f"{name} must be a list of node types, got {type(value).__name__}"
        )
    return [check_node_type(item) for item in items]


STATUSES = frozenset(s.value for s in NodeStatus)
TIERS = frozenset(t.value for t in Tier)
LIFECYCLES = frozenset(m.value for m in Lifecycle)


def check_status(value: Any, *, name: str = "status") -> str:
    """A node status (active / candidate / archived)."""
    if not isinstance(value, str) or value not in STATUSES:
        raise InvalidArgumentError(f"{name} must be one of {sorted(STATUSES)}, got {value!r:.40}")
    return value


def check_file_path(name: str, value: Any, *, check_length: bool = True) -> Path:
    """A usable file path: str or PathLike, no NUL, not absurdly long (the OS limits; with
    ``check_length=False`` the caller lets the OS say so)."""
    if not isinstance(value, str | os.PathLike):
        raise InvalidArgumentError(f"{name} must be a path, got {type(value).__name__}")
    text = os.fspath(value)
    if not isinstance(text, str) or not text or "\x00" in text:
        raise InvalidArgumentError(f"{name} must be a non-empty path without NUL, got {text!r:.80}")
    try:
        os.fsencode(text)  # what the OS would be handed; a lone surrogate cannot be
    except UnicodeEncodeError:
        raise InvalidArgumentError(
            f"{name} is not a valid file name (not encodable): {text!r:.80}"
        ) from None
    path = Path(text)
    too_long = len(os.fsencode(text)) > 4096 or any(
        len(os.fsencode(part)) > 255 for part in path.parts
    )
    if check_length and too_long:
        raise InvalidArgumentError(f"{name} is longer than the file system allows: {text!r:.80}")
    return path


def check_output_path(name: str, value: Any) -> Path:
    """A file to create or replace: its directory exists and it is not itself a directory."""
    return _stat_checked(name, value, _check_output_path)


def _stat_checked(name: str, value: Any, check: Callable[[str, Path], Path]) -> Path:
    """``value`` as a usable path, then ``check`` on it; a stat the OS refuses is a
    :class:`FileAccessError` naming the path."""
    path = check_file_path(name, value)
    try:
        return check(name, path)
    except OSError as exc:  # stat refused: permission, an I/O error
        raise FileAccessError(f"{name}: cannot use {str(path)!r:.200}: {exc.strerror}") from exc


def _check_output_path(name: str, path: Path) -> Path:
    if path.is_dir():
        raise InvalidArgumentError(f"{name} {str(path)!r:.200} is a directory; name a file in it")
    parent = path.parent
    if not parent.exists():
        raise InvalidArgumentError(f"{name}: directory {str(parent)!r:.200} does not exist")
    if not parent.is_dir():
        raise InvalidArgumentError(f"{name}: {str(parent)!r:.200} is not a directory")
    return path


def check_input_path(name: str, value: Any) -> Path:
    """An existing regular file to read."""
    return _stat_checked(name, value, _check_input_path)


def _check_input_path(name: str, path: Path) -> Path:
    if not path.exists():
        raise InvalidArgumentError(f"{name}: no file at {str(path)!r:.200}")
    if path.is_dir():
        raise InvalidArgumentError(f"{name} {str(path)!r:.200} is a directory, not a file")
    return path
