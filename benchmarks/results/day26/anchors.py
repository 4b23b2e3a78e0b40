"""The event memory each event-named question anchors on (day26; day27 added the sets
argument): the user's own hits of the event's words, and the window read.
``PYTHONPATH=. python benchmarks/results/day26/anchors.py [e5|minilm] [SET,SET]``."""

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest import mock

from benchmarks.embedders import make_embedder
from benchmarks.probing import imported
from hybridmem.config import MemoryConfig
from hybridmem.retrieval import event_days
from hybridmem.retrieval.event_days import event_phrase

HERE = Path("benchmarks/data")
SETS = (
    sys.argv[2].split(",")
    if len(sys.argv) > 2
    else [
        "probing_blind15",
        "probing_blind16",
        "probing_blind17",
        "probing_blind7",
        "probing_blind8",
        "probing_dev",
    ]
)
emb = make_embedder(sys.argv[1] if len(sys.argv) > 1 else None)
cfg = MemoryConfig()
cfg = replace(cfg, retrieval=replace(cfg.retrieval, event_days=True))
seen: list[object] = []
real = event_days.event_day


def logged(query: str, lookup: Any, now: Any, tz: Any) -> Any:
    phrase = event_phrase(query)
    if phrase is not None:
        hits = lookup(phrase.event)
        seen.append([(h.node.content[:70], h.node.created_at.date().isoformat()) for h in hits[:4]])
    w = real(query, lookup, now, tz)
    seen.append(None if w is None else (w.start.date().isoformat(), w.end.date().isoformat()))
    return w


for name in SETS:
    data = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
    for user in data["users"]:
        qs = [q for q in data["questions"] if q["user"] == user["id"] and event_phrase(q["query"])]
        if not qs:
            continue
        with (
            imported(user, emb, cfg) as (mem, task),
            mock.patch("hybridmem.retrieval.retriever.event_day", logged),
        ):
            for q in qs:
                seen.clear()
                mem.retrieve(
                    q["query"], user_id=user["id"], task_id=task, top_k=5, record_access=False
                )
                print(name, q["id"], q["query"], "| asked", q.get("asked") or q.get("days"))
                for s in seen:
                    print("   ", s)
