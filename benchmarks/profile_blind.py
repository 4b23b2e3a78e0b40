"""Theme questions over profile-worthy histories, with a changed value (issue 38, profile8).

Runs ``benchmarks/data/profile_blind.json`` (:mod:`benchmarks.profile_blind_data`, blind:
written before the change it judges, run once before it and once after). Each user's
remarks are added on their days (a value statement as a fact, the rest as events), one deep
maintenance run follows 30 days after the last, and every question is asked with ``top_k=5``.

Figures per language:

* ``profile_at3`` / ``profile_at5``: a profile of the question's theme (the label most of its
  ``derived_from`` sources carry) is among the first 3 / 5 hits; also split ``steady`` and
  ``changed``;
* ``evidence_at5``: that profile or one of the theme's episodes is among the hits;
* for a changed theme's questions: ``current_at3`` a hit among the first three holds a
  statement of the new value (the statement, or a profile quoting it); ``old_in_profile`` a
  profile among the hits quotes a statement of the old value; ``old_first`` the first hit
  holding an old statement ranks above the first holding a new one (a profile holding both
  counts for both at its rank: a tie, not old first);
* ``fact_at5`` before and after maintenance, ``displaced`` (answered before, not after, the
  remark not faded, a profile among the hits).

Run: ``python -m benchmarks.profile_blind [--embedder default] [--lang en|zh] [--json]``.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from benchmarks.profile_questions import (
    ask,
    per_user,
    profile_theme,
    profile_within,
    run_users,
    say_episodes,
    share,
)
from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder
from hybridmem.models import MemoryNode

DATA = Path(__file__).parent / "data" / "profile_blind.json"


def _first(hits: list[MemoryNode], texts: list[str]) -> int | None:
    """The rank of the first hit holding one of ``texts`` (the statement or a quote of it)."""
    for rank, h in enumerate(hits):
        if any(t in h.content for t in texts):
            return rank
    return None


def run_user(
    mem: HybridMemory, clock: FakeClock, user: dict[str, Any], start: datetime
) -> dict[str, Any]:
    uid = str(user["id"])
    episodes = user["episodes"]
    ids, label = say_episodes(mem, clock, user, start)
    old = [str(e["text"]) for e in episodes if e["value"] == "old"]
    new = [str(e["text"]) for e in episodes if e["value"] == "new"]

    def fact(q: dict[str, Any]) -> bool:
        k = int(q["evidence"])
        text = str(episodes[k]["text"])
        return any(h.id == ids[k] or text in h.content for h in ask(mem, uid, q["question"]))

    facts_before = [fact(q) for q in user["fact_questions"]]
    mem.maintain(user_id=uid)
    rows = []
    for q in user["theme_questions"]:
        hits = ask(mem, uid, q["question"])
        ranks = [
            k
            for k, h in enumerate(hits)
            if h.node_type == "profile" and profile_theme(h, label) == q["theme"]
        ]
        row: dict[str, Any] = {
            "theme": q["theme"],
            "question": q["question"],
            "changed": bool(q.get("changed")),
            "profile_rank": ranks[0] if ranks else None,
            "evidence": bool(ranks) or any(label.get(h.id) == q["theme"] for h in hits),
            "hits": [f"{h.node_type}: {h.content[:100]}" for h in hits],
        }
        if row["changed"]:
            first_old, first_new = _first(hits, old), _first(hits, new)
            row["current_at3"] = first_new is not None and first_new < 3
            row["old_in_profile"] = any(
                h.node_type == "profile" and any(t in h.content for t in old) for h in hits
            )
            row["old_first"] = first_old is not None and (
                first_new is None or first_old < first_new
            )
        rows.append(row)
    fact_rows = []
    for q, before in zip(user["fact_questions"], facts_before, strict=True):
        hits = ask(mem, uid, q["question"])
        after = fact(q)
        node = mem.get(ids[int(q["evidence"])])
        faded = node.status == "archived" and node.metadata.get("archived_action") != "distil"
        fact_rows.append(
            {
                "question": q["question"],
                "found": after,
                "found_before": before,
                "faded": faded,
                "displaced": before
                and not after
                and not faded
                and any(h.node_type == "profile" for h in hits),
            }
        )
    profiles = [
        n for n in mem.store.user_nodes(uid, statuses=["active"]) if n.node_type == "profile"
    ]
    return {
        "user": uid,
        "lang": user["lang"],
        "profiles": [
            {
                "labelled": profile_theme(p, label),
                "text": p.content,
                "tokens": mem.counter.count(p.content),
            }
            for p in profiles
        ],
        "theme_questions": rows,
        "fact_questions": fact_rows,
    }


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    qs = [q for r in rows for q in r["theme_questions"]]

    changed = [q for q in qs if q["changed"]]
    steady = [q for q in qs if not q["changed"]]
    facts = [f for r in rows for f in r["fact_questions"]]
    profiles = [p for r in rows for p in r["profiles"]]
    return {
        "profile_at3": share(qs, profile_within(3)),
        "profile_at5": share(qs, profile_within(5)),
        "steady_at3": share(steady, profile_within(3)),
        "steady_at5": share(steady, profile_within(5)),
        "changed_at3": share(changed, profile_within(3)),
        "changed_at5": share(changed, profile_within(5)),
        "evidence_at5": share(qs, lambda q: q["evidence"]),
        "current_at3": share(changed, lambda q: q["current_at3"]),
        "old_in_profile": share(changed, lambda q: q["old_in_profile"]),
        "old_first": share(changed, lambda q: q["old_first"]),
        "fact_at5_before": share(facts, lambda f: f["found_before"]),
        "fact_at5": share(facts, lambda f: f["found"]),
        "displaced": sum(bool(f["displaced"]) for f in facts),
        "profiles": len(profiles),
        "profiles_of_a_theme": sum(p["labelled"] is not None for p in profiles),
        "profile_tokens": sum(int(p["tokens"]) for p in profiles),
    }


def run(users: list[dict[str, Any]], embedder: Embedder | str) -> dict[str, Any]:
    return per_user(users, embedder, run_user, summarise, "hm-profile-blind-")


def main(argv: list[str]) -> None:
    run_users(argv, json.loads(DATA.read_text())["users"], run)


if __name__ == "__main__":
    main(sys.argv[1:])
