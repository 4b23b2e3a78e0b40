"""The text the write path hashes and stores, made without per-call setup.

Every written node costs a handful of JSON encodings (its op's payload, the two row hashes of
store/tamper.py, the audit entry's detail and hash) and ISO stamps of the same ``at``. Both
are exactly what ``json.dumps`` and :func:`hybridmem.clock.to_iso` return; only the work
around them is done once instead of per call.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable
from datetime import datetime
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import Any

from hybridmem.clock import to_iso

JsonEncode = Callable[[Any], str]

# The C encoder JSONEncoder.iterencode uses (None without the accelerator); not in the stubs.
_C_MAKE_ENCODER: Callable[..., Any] | None = getattr(json.encoder, "c_make_encoder", None)


def json_encoder(
    *,
    ensure_ascii: bool = True,
    separators: tuple[str, str] | None = None,
    sort_keys: bool = False,
    default: Callable[[Any], Any] | None = None,
) -> JsonEncode:
    """``json.dumps`` with these arguments, as a function of the value: the same text.

    ``JSONEncoder.encode`` builds its C encoder (and a Python float formatter) on every call
    (``iterencode``); this builds the C encoder with the same arguments and a fresh
    circular-reference guard per call (as ``check_circular=True`` does), skipping the rest.
    Without the C accelerator it is ``JSONEncoder.encode`` itself."""
    base = json.JSONEncoder(
        ensure_ascii=ensure_ascii, separators=separators, sort_keys=sort_keys, default=default
    )
    make = _C_MAKE_ENCODER
    if make is None:  # pragma: no cover - CPython always has it
        return base.encode
    quote = encode_basestring_ascii if ensure_ascii else encode_basestring
    args = (
        base.default,
        quote,
        None,  # indent: the C encoder serves only indent=None, as in iterencode
        base.key_separator,
        base.item_separator,
        base.sort_keys,
        base.skipkeys,
        base.allow_nan,
    )

    def encode(value: Any) -> str:
        if isinstance(value, str):
            return str(quote(value))  # encode()'s own shortcut for a bare string
        return "".join(make({}, *args)(value, 0))

    return encode


class _Stamp:
    """``to_iso`` of the last datetime object asked (a batch's ops share one ``at``)."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[datetime | None, str] = (None, "")

    def __call__(self, at: datetime) -> str:
        # One tuple read and one tuple write: threads see an (object, its stamp) pair, never
        # half of one. Identity, not equality: the pair keeps the object alive, so the same
        # object is the same instant; equal datetimes of another type are computed anew.
        last = self.last
        if last[0] is at:
            return last[1]
        stamp = to_iso(at)
        self.last = (at, stamp)
        return stamp


iso_stamp: Callable[[datetime], str] = _Stamp()
"""``hybridmem.clock.to_iso(at)``, remembered for the last ``at`` object."""


__all__ = ["JsonEncode", "iso_stamp", "json_encoder"]
