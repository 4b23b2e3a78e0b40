"""The write path's JSON and stamps (store/encoding.py) are byte for byte ``json.dumps`` and
``to_iso``: op payloads, row hashes and the audit chain are stored and hashed from them, so a
single differing byte would break every verification of older stores."""

from __future__ import annotations

import json
import math
import random
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any

import pytest

from hybridmem.clock import to_iso
from hybridmem.store import iso_stamp, json_encoder

# The configurations the write path uses (ops, op log, row hashes, audit detail and hash).
CONFIGS: list[dict[str, Any]] = [
    {"ensure_ascii": False},
    {"ensure_ascii": False, "default": str},
    {"ensure_ascii": False, "separators": (",", ":"), "default": str},
    {"ensure_ascii": False, "sort_keys": True, "default": str},
    {"ensure_ascii": False, "separators": (",", ":")},
    {},
]
TEXTS = ["", "plain", 'quo"te\\slash', "tab\tnew\nline\x00\x1f", "café 发票 😀", "\u2028\ud800"]


def _value(rng: random.Random, depth: int = 0) -> Any:
    scalars: list[Any] = [
        rng.choice(TEXTS),
        rng.randrange(-(10**20), 10**20),
        rng.random() * 10 ** rng.randrange(-8, 22),
        rng.choice([0.0, -0.0, 1.0, 1e-7, 0.1 + 0.2, 1e16, math.pi]),
        rng.choice([True, False, None]),
    ]
    if depth < 3 and rng.random() < 0.5:
        kind = rng.choice(["dict", "list", "tuple"])
        items = [_value(rng, depth + 1) for _ in range(rng.randrange(4))]
        if kind == "dict":
            keys = [rng.choice([*TEXTS, "k", "a", "b"]) for _ in items]
            return dict(zip(keys, items, strict=True))
        return items if kind == "list" else tuple(items)
    return rng.choice(scalars)


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_json_encoder_writes_what_json_dumps_writes(config: dict[str, Any]) -> None:
    encode = json_encoder(**config)
    rng = random.Random(7)
    for _ in range(400):
        value = _value(rng)
        assert encode(value) == json.dumps(value, **config)
    for odd in [
        {3: "int key", 2.5: "float key", None: "none", True: "bool"},
        [float("nan"), float("inf"), -float("inf")],
        "a bare string é",
        42,
        {"when": datetime(2025, 1, 2, tzinfo=UTC), "n": Decimal("1.5")},
    ]:
        try:
            want: Any = json.dumps(odd, **config)
        except TypeError as exc:  # no default: the same refusal
            with pytest.raises(TypeError, match=str(exc)):
                encode(odd)
            continue
        assert encode(odd) == want


def test_json_encoder_refuses_circular_values_as_json_dumps_does_every_time() -> None:
    encode = json_encoder(ensure_ascii=False, default=str)
    loop: dict[str, Any] = {"a": 1}
    loop["self"] = loop
    for _ in range(2):  # no guard state left over from a failed call
        with pytest.raises(ValueError, match="Circular reference detected"):
            encode(loop)
    shared = [1, 2]
    assert encode({"x": shared, "y": shared}) == json.dumps({"x": shared, "y": shared})


def test_iso_stamp_is_to_iso_for_each_object_asked() -> None:
    base = datetime(2025, 6, 1, 12, 30, 15, 123456, tzinfo=UTC)
    plus2 = timezone(timedelta(hours=2))
    asked = [
        base,
        base,
        base.astimezone(plus2),  # equal instant, another object and zone
        base.replace(tzinfo=None),
        base + timedelta(microseconds=1),
        base,
        datetime(1999, 12, 31, 23, 59, 59, tzinfo=plus2),
    ]
    assert [iso_stamp(at) for at in asked] == [to_iso(at) for at in asked]
