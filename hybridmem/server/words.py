"""The op log in words for the inspector: "added as fact under Memory of u1, in value group
user.residence (coexists with the current value)" instead of the payload's JSON.

``name`` turns a node id into what the reader knows it by (its text, cut short); ids it cannot
name (deleted nodes, other users') stay short ids. Unknown ops fall back to ``key=value``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

Namer = Callable[[str], str]

_ID = re.compile(r"\b(?:root-)?[0-9a-f]{32}\b")

DECISIONS = {
    "new": "a new value",
    "restated": "the same value said again",
    "supersede": "replaces the current value",
    "coexist": "kept beside the current value, which is demoted",
    "awaiting_confirmation": "awaits confirmation before it replaces a long-term value",
    "candidate": "kept as a candidate only",
}
"""What a fact's arrival did to its conflict group (evolution/conflicts.py's decisions)."""

FEATURES = {
    "similarity": "meaning: how close the memory's embedding is to the query's",
    "lexical": "words: how well the memory's words match the query's (BM25)",
    "importance": "the memory's own importance",
    "recency": "how new the memory is (its age; reading it does not renew this)",
    "confidence": "how sure the memory is",
    "use": "recent writes in the memory's subtree",
    "tree": "how close it is in the tree to the active node",
    "neighbour": "how well the memories next to it match (the answer follows the question)",
    "parent": "how well the best memory under the same parent matches (a matching session)",
    "speaker": "it was said by someone the query names",
    "time": 'it was made in the time the query names ("on May 6", "上周二")',
}
"""Each retrieval feature in a sentence, shown beside its bar (config.ScoreWeights says more)."""

_SHOWN_FIELDS = ("content", "importance", "confidence", "node_type", "status", "tier")


def in_words(op: str, payload: Mapping[str, Any], name: Namer) -> str:
    """One op-log entry as a sentence."""
    if op == "add":
        parent = payload.get("parent_id")
        text = f"added as {payload.get('node_type', 'memory')}"
        text += f" under {name(str(parent))}" if parent else " (a user's root)"
        group = payload.get("conflict_group")
        if group:
            decision = DECISIONS.get(str(payload.get("decision")), str(payload.get("decision")))
            text += f", in value group {str(group).removeprefix('slot:')} ({decision})"
        if payload.get("status") not in (None, "active"):
            text += f", status {payload['status']}"
        return text
    if op == "update":
        changes = [f"{key} to {_value(payload[key])}" for key in _SHOWN_FIELDS if key in payload]
        if "metadata" in payload:
            changes.append("metadata")
        return "changed " + (", ".join(changes) or "nothing shown")
    if op == "move":
        return f"moved from {name(str(payload.get('from')))} to {name(str(payload.get('to')))}"
    if op == "delete":
        how = "with its subtree" if payload.get("subtree", True) else "its children moved up"
        count = len(payload.get("ids") or [])
        return f"deleted ({how}; {count} node{'s' * (count != 1)})"
    if op == "set_active":
        reason = payload.get("reason")
        return "became the active node" + (f" ({reason})" if reason else "")
    if op == "bump":
        return f"activity raised by {payload.get('by')} (a memory below it was added or used)"
    if op in ("evolve", "maintain"):
        action = str(payload.get("action", op)).replace("_", " ")
        reason = payload.get("reason")
        text = action + (f": {reason}" if reason else "")
        return name_ids(text, name)
    if op == "restore":
        return "restored from an archived state"
    return ", ".join(f"{k}={_value(v)}" for k, v in payload.items() if not k.startswith("sealed"))


def name_ids(text: str, name: Namer) -> str:
    """``text`` (a recorded reason such as "demoted by newer <id>") with its ids named."""
    return _ID.sub(lambda m: name(m.group(0)), text)


def _value(value: Any) -> str:
    text = str(value)
    return f"“{text[:80]}”" if isinstance(value, str) else text[:80]
