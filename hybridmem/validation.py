"""Input checks shared by every write path. Each failure names the argument and the problem."""

from __future__ import annotations

import math
import re
from typing import Any

from hybridmem.errors import (
    ContentTooLongError,
    EmptyContentError,
    InvalidArgumentError,
    InvalidContentError,
    InvalidWeightError,
)
from hybridmem.evolution.config import Lifecycle, Tier

_ID = re.compile(r"^[A-Za-z0-9._:\-]{1,128}$")
_NODE_TYPE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
_USER = re.compile(r"^[^\x00-\x1f\x7f]{1,200}$")


def check_content(content: Any, *, max_chars: int) -> str:
    """Return ``content`` if it is storable text, else raise a specific ValidationError."""
    if not isinstance(content, str):
        raise InvalidContentError(f"content must be a str, got {type(content).__name__}")
    if "\x00" in content:
        raise InvalidContentError("content contains a NUL byte")
    try:
        content.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidContentError(f"content is not valid Unicode text: {exc.reason}") from exc
    if not content.strip():
        raise EmptyContentError("content is empty")
    if len(content) > max_chars:
        raise ContentTooLongError(
            f"content has {len(content)} characters; the maximum is {max_chars} "
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


def check_metadata(value: Any) -> dict[str, Any]:
    """Metadata is a JSON-serialisable dict with string keys."""
    import json

    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InvalidArgumentError(f"metadata must be a dict, got {type(value).__name__}")
    if not all(isinstance(k, str) for k in value):
        raise InvalidArgumentError("metadata keys must be strings")
    try:
        # ensure_ascii=False + encode: what the store writes, so lone surrogates are caught.
        json.dumps(value, allow_nan=False, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidArgumentError(f"metadata is not valid Unicode text: {exc.reason}") from exc
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidArgumentError(f"metadata must be JSON-serialisable: {exc}") from exc
    return dict(value)


def check_positive_int(name: str, value: Any, *, allow_zero: bool = False) -> int:
    """An int > 0 (or >= 0)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name} must be an int, got {type(value).__name__}")
    if value < 0 or (value == 0 and not allow_zero):
        raise InvalidArgumentError(f"{name} must be {'>= 0' if allow_zero else '> 0'}, got {value}")
    return value


def check_lifecycle(value: object) -> str:
    """Return ``value`` if it names a lifecycle class, else raise InvalidArgumentError."""
    if value not in {m.value for m in Lifecycle}:
        raise InvalidArgumentError(
            f"lifecycle must be one of {[m.value for m in Lifecycle]}, got {value!r:.40}"
        )
    return str(value)


def check_tier(value: object) -> str:
    """Return ``value`` if it names a tier, else raise InvalidArgumentError."""
    if value not in {m.value for m in Tier}:
        raise InvalidArgumentError(
            f"tier must be one of {[m.value for m in Tier]}, got {value!r:.40}"
        )
    return str(value)
