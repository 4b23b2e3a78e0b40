"""Themes with and without a shared word, and users with none (issue 38, profile9).

Runs ``benchmarks/data/profile_blind2.json`` (:mod:`benchmarks.profile_blind2_data`, blind:
written before the change it judges, run once before it and once after). Each user's remarks
are added as events on their days, one deep maintenance run follows 30 days after the last,
and every question is asked with ``top_k=5``.

Figures per language:

* ``profile_at3`` / ``profile_at5``: a profile of the question's theme (the label most of its
  ``derived_from`` sources carry) is among the first 3 / 5 hits; also split ``worded`` (the
  theme's episodes share a word) and ``wordless`` (they share none);
* ``themes_with_profile``: themes (worded / wordless) with a profile of theirs;
* ``evidence_at5``: that profile or one of the theme's episodes is among the hits;
* ``false_profiles``: profiles of no labelled theme (most of their sources are unrelated
  remarks), on the theme users and on the users with no theme; ``stray_quotes``: profiles of
  a theme that quote an unrelated remark;
* ``fact_at1`` / ``fact_at5`` before and after maintenance (a hit holding the remark's text:
  the remark, or a profile quoting it), ``fact_first_lost``: first before, not after, with a
  profile first after (a profile taking the first place from the fact asked for);
  ``displaced``: answered before, not after, the remark not faded, a profile among the hits.

The later sets written in this shape run with the same runner and figures, named by ``--set``
(each ``benchmarks/data/<set>.json``; its ``_data`` module says how it was written):

* ``profile_blind3``, ``profile_blind4`` (profile10, profile11): themes with and without a
  shared word, and users whose unrelated remarks share characters or common words;
* ``profile_blind5`` (profile12): themes a user shows over weeks, with and without a shared
  word, asked as a user asks, and users whose unrelated remarks share words of several senses;
* ``profile_blind6``, ``profile_blind7`` (profile13, profile14): the same, the themes' remarks
  sharing no word.

On them ``false_profiles`` on the users with no theme counts the profiles made of remarks that
share only such a character or word.

Run: ``python -m benchmarks.profile_blind2 [--set profile_blind2|profile_blind3|..|profile_blind7]
[--embedder default] [--lang en|zh] [--json]``.
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

DATA = Path(__file__).parent / "data"


def _rank(hits: list[MemoryNode], node_id: str, text: str) -> int | None:
    """The rank of the first hit that is the remark or holds its text."""
    for rank, h in enumerate(hits):
        if h.id == node_id or text in h.content:
            return rank
    return None


def run_user(
    mem: HybridMemory, clock: FakeClock, user: dict[str, Any], start: datetime
) -> dict[str, Any]:
    uid = str(user["id"])
    episodes = user["episodes"]
    ids, label = say_episodes(mem, clock, user, start)

    def fact_rank(q: dict[str, Any]) -> tuple[int | None, list[MemoryNode]]:
        k = int(q["evidence"])
        hits = ask(mem, uid, q["question"])
        return _rank(hits, ids[k], str(episodes[k]["text"])), hits

    facts_before = [fact_rank(q)[0] for q in user["fact_questions"]]
    mem.maintain(user_id=uid)
    rows = []
    for q in user["theme_questions"]:
        hits = ask(mem, uid, q["question"])
        ranks = [
            k
            for k, h in enumerate(hits)
            if h.node_type == "profile" and profile_theme(h, label) == q["theme"]
        ]
        rows.append(
            {
                "theme": q["theme"],
                "kind": q["kind"],
                "question": q["question"],
                "profile_rank": ranks[0] if ranks else None,
                "evidence": bool(ranks) or any(label.get(h.id) == q["theme"] for h in hits),
                "hits": [f"{h.node_type}: {h.content[:100]}" for h in hits],
            }
        )
    fact_rows = []
    for q, before in zip(user["fact_questions"], facts_before, strict=True):
        after, hits = fact_rank(q)
        node = mem.get(ids[int(q["evidence"])])
        faded = node.status == "archived" and node.metadata.get("archived_action") != "distil"
        profile_first = bool(hits) and hits[0].node_type == "profile"
        fact_rows.append(
            {
                "question": q["question"],
                "in_theme": q["in_theme"],
                "rank_before": before,
                "rank": after,
                "faded": faded,
                "first_lost": before == 0 and after != 0 and profile_first,
                "displaced": before is not None
                and after is None
                and not faded
                and any(h.node_type == "profile" for h in hits),
                "hits": [f"{h.node_type}: {h.content[:100]}" for h in hits],
            }
        )
    profiles = [
        n for n in mem.store.user_nodes(uid, statuses=["active"]) if n.node_type == "profile"
    ]
    unrelated = [str(e["text"]) for e in episodes if e["theme"] is None]
    kinds = {str(t["theme"]): str(t["kind"]) for t in user["themes"]}
    out_profiles = []
    for p in profiles:
        theme = profile_theme(p, label)
        out_profiles.append(
            {
                "labelled": theme,
                "kind": kinds.get(theme) if theme else None,
                "stray_quote": theme is not None and any(t in p.content for t in unrelated),
                "sources": len(p.metadata.get("derived_from", [])),
                "text": p.content,
                "tokens": mem.counter.count(p.content),
            }
        )
    return {
        "user": uid,
        "lang": user["lang"],
        "themes": user["themes"],
        "profiles": out_profiles,
        "theme_questions": rows,
        "fact_questions": fact_rows,
    }


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    qs = [q for r in rows for q in r["theme_questions"]]

    facts = [f for r in rows for f in r["fact_questions"]]
    profiles = [p for r in rows for p in r["profiles"]]
    out: dict[str, Any] = {
        "profile_at3": share(qs, profile_within(3)),
        "profile_at5": share(qs, profile_within(5)),
        "evidence_at5": share(qs, lambda q: q["evidence"]),
    }
    for kind in ("worded", "wordless"):
        part = [q for q in qs if q["kind"] == kind]
        themes = [(r["user"], t["theme"]) for r in rows for t in r["themes"] if t["kind"] == kind]
        covered = {(r["user"], p["labelled"]) for r in rows for p in r["profiles"]}
        out[f"{kind}_at5"] = share(part, profile_within(5))
        out[f"{kind}_themes_with_profile"] = f"{sum(t in covered for t in themes)}/{len(themes)}"
    theme_users = [r for r in rows if r["themes"]]
    out["false_profiles_theme_users"] = sum(
        p["labelled"] is None for r in theme_users for p in r["profiles"]
    )
    out["false_profiles_no_theme_users"] = sum(len(r["profiles"]) for r in rows if not r["themes"])
    out["stray_quotes"] = sum(bool(p["stray_quote"]) for p in profiles)
    for when, key in (("_before", "rank_before"), ("", "rank")):
        out[f"fact_at1{when}"] = share(facts, lambda f, key=key: f[key] == 0)
        out[f"fact_at5{when}"] = share(facts, lambda f, key=key: f[key] is not None)
    out["fact_first_lost"] = sum(bool(f["first_lost"]) for f in facts)
    out["displaced"] = sum(bool(f["displaced"]) for f in facts)
    out["faded"] = sum(bool(f["faded"]) for f in facts)
    out["profiles"] = len(profiles)
    out["profile_tokens"] = sum(int(p["tokens"]) for p in profiles)
    return out


def run(users: list[dict[str, Any]], embedder: Embedder | str) -> dict[str, Any]:
    return per_user(users, embedder, run_user, summarise, "hm-profile-blind2-")


def main(argv: list[str]) -> None:
    name = argv[argv.index("--set") + 1] if "--set" in argv else "profile_blind2"
    run_users(argv, json.loads((DATA / f"{name}.json").read_text())["users"], run)


if __name__ == "__main__":
    main(sys.argv[1:])
