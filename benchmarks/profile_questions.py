"""Does a matching theme question find the distilled profile? (issue 38)

A companion agent's users mention a few things again and again over weeks (a hobby, a food, a
person, a worry), in passing and in other words each time, among unrelated remarks. One deep
maintenance run 30 days after the last remark distils them. Then:

* **theme questions** ask about a recurring theme colloquially, mostly without the episodes'
  key words ("What do I usually get up to at the weekend?"), each labelled with its theme;
* **fact questions** ask about one remark (some of them inside a theme): a profile must not
  push the remark out of the hits.

Figures (per language, ``top_k=5``, the default scope):

* ``profile_at5``: a profile of the question's theme is among the hits. A profile's theme is
  the label more than half of its source episodes (``metadata.derived_from``) carry;
* ``evidence_at5`` (after maintenance) and ``evidence_at5_before`` (the same questions before
  it): the profile of the theme or one of the theme's episodes is among the hits;
* ``fact_at5`` / ``fact_at5_before``: a hit holds the remark's text (the remark itself, or a
  profile quoting it); ``faded``: remarks forgetting archived in the run (not distillation's
  doing); ``displaced``: fact questions answered before maintenance and not after, their
  remark not faded, while a profile is among the hits;
* ``profiles``, ``profile_tokens``, ``folded_tokens`` and ``tokens_added`` (profile tokens minus
  the tokens of the episodes folded into them).

Data: ``benchmarks/data/profiles_blind.json`` (written before any change of the session that
added it and run only at its start and its end) and ``profiles_dev.json`` (for iterating).

Run: ``python -m benchmarks.profile_questions [--set dev|blind] [--embedder default]
[--lang en|zh] [--json]``.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder
from hybridmem.models import MemoryNode

DATA = Path(__file__).parent / "data"
TOP_K = 5


def load(name: str) -> list[dict[str, Any]]:
    users: list[dict[str, Any]] = json.loads((DATA / f"profiles_{name}.json").read_text())["users"]
    return users


def profile_theme(profile: MemoryNode, label: dict[str, str | None]) -> str | None:
    """The theme more than half of the profile's sources are labelled with, if any."""
    sources = [str(i) for i in profile.metadata.get("derived_from", [])]
    counts = Counter(label.get(i) for i in sources)
    for theme, n in counts.most_common(1):
        if theme is not None and n * 2 > len(sources):
            return theme
    return None


def share(items: list[dict[str, Any]], test: Callable[[dict[str, Any]], Any]) -> str:
    """``"passed/all"``: how many of ``items`` pass ``test`` (the profile runners' rates)."""
    return f"{sum(bool(test(i)) for i in items)}/{len(items)}"


def profile_within(k: int) -> Callable[[dict[str, Any]], bool]:
    """A theme question row's test: a profile of its theme is among the first ``k`` hits."""
    return lambda q: q["profile_rank"] is not None and q["profile_rank"] < k


def ask(mem: HybridMemory, user: str, question: str) -> list[MemoryNode]:
    """The first ``TOP_K`` hits of ``question`` for ``user``, leaving the use counts alone
    (every profile runner asks this way)."""
    result = mem.retrieve(question, user_id=user, top_k=TOP_K, record_access=False)
    return [h.node for h in result.hits[:TOP_K]]


def say_episodes(
    mem: HybridMemory, clock: FakeClock, user: dict[str, Any], start: datetime
) -> tuple[list[str], dict[str, str | None]]:
    """Write ``user``'s episodes, each on its day and said in passing at a different hour (as
    its own ``node_type``, an event by default); the clock is left 30 days after the last.
    Returns the node ids in order and each id's theme label (None: no theme)."""
    uid = str(user["id"])
    episodes = user["episodes"]
    ids: list[str] = []
    for k, ep in enumerate(episodes):
        clock.set(start + timedelta(days=int(ep["day"]), hours=9 + (k * 5) % 12, minutes=k))
        kind = str(ep.get("node_type", "event"))
        ids.append(mem.add(str(ep["text"]), node_type=kind, user_id=uid).id)
    label: dict[str, str | None] = {i: ep["theme"] for i, ep in zip(ids, episodes, strict=True)}
    clock.set(start + timedelta(days=max(int(e["day"]) for e in episodes) + 30))
    return ids, label


def run_user(
    mem: HybridMemory, clock: FakeClock, user: dict[str, Any], start: datetime
) -> dict[str, Any]:
    uid = str(user["id"])
    episodes = user["episodes"]
    ids, label = say_episodes(mem, clock, user, start)

    def evidence(hits: list[MemoryNode], theme: str) -> tuple[bool, bool]:
        profile = any(h.node_type == "profile" and profile_theme(h, label) == theme for h in hits)
        return profile, profile or any(label.get(h.id) == theme for h in hits)

    def fact(hits: list[MemoryNode], k: int) -> bool:
        text = str(episodes[k]["text"])
        return any(h.id == ids[k] or text in h.content for h in hits)

    live_before = mem.store.user_nodes(uid, statuses=["active"])
    theme_before = [
        evidence(ask(mem, uid, q["question"]), q["theme"]) for q in user["theme_questions"]
    ]
    fact_before = [
        fact(ask(mem, uid, q["question"]), q["evidence"]) for q in user["fact_questions"]
    ]
    mem.maintain(user_id=uid)
    theme_rows = []
    for q, (_, before) in zip(user["theme_questions"], theme_before, strict=True):
        hits = ask(mem, uid, q["question"])
        profile, found = evidence(hits, q["theme"])
        theme_rows.append(
            {
                "theme": q["theme"],
                "question": q["question"],
                "profile": profile,
                "evidence": found,
                "evidence_before": before,
                "hits": [f"{h.node_type}: {h.content[:90]}" for h in hits],
            }
        )
    fact_rows = []
    for q, before in zip(user["fact_questions"], fact_before, strict=True):
        hits = ask(mem, uid, q["question"])
        after = fact(hits, q["evidence"])
        node = mem.get(ids[q["evidence"]])
        # Forgetting archived it (faded): gone for a reason of its own, not pushed out.
        faded = node.status == "archived" and node.metadata.get("archived_action") != "distil"
        profile_hit = any(h.node_type == "profile" for h in hits)
        fact_rows.append(
            {
                "question": q["question"],
                "found": after,
                "found_before": before,
                "faded": faded,
                "displaced": before and not after and not faded and profile_hit,
            }
        )
    profiles = [
        n for n in mem.store.user_nodes(uid, statuses=["active"]) if n.node_type == "profile"
    ]
    folded = [
        n
        for n in mem.store.user_nodes(uid, statuses=["archived"])
        if n.metadata.get("archived_action") == "distil"
    ]
    profile_tokens = sum(mem.counter.count(p.content) for p in profiles)
    folded_tokens = sum(mem.counter.count(n.content) for n in folded)
    live_after = mem.store.user_nodes(uid, statuses=["active"])
    return {
        "user": uid,
        "lang": user["lang"],
        "themes": sorted({q["theme"] for q in user["theme_questions"]}),
        "profiles": [
            {
                "theme": p.metadata.get("theme"),
                "labelled": profile_theme(p, label),
                "sources": len(p.metadata.get("derived_from", [])),
                "text": p.content,
            }
            for p in profiles
        ],
        "profile_tokens": profile_tokens,
        "folded_tokens": folded_tokens,
        "tokens_added": profile_tokens - folded_tokens,
        "live_tokens_before": sum(mem.counter.count(n.content) for n in live_before),
        "live_tokens_after": sum(mem.counter.count(n.content) for n in live_after),
        "theme_questions": theme_rows,
        "fact_questions": fact_rows,
    }


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    themes = [q for r in rows for q in r["theme_questions"]]
    facts = [q for r in rows for q in r["fact_questions"]]

    def rate(items: list[dict[str, Any]], key: str) -> float:
        return round(sum(bool(i[key]) for i in items) / len(items), 3) if items else 0.0

    labelled = [p for r in rows for p in r["profiles"]]
    return {
        "users": len(rows),
        "theme_questions": len(themes),
        "profile_at5": rate(themes, "profile"),
        "evidence_at5": rate(themes, "evidence"),
        "evidence_at5_before": rate(themes, "evidence_before"),
        "fact_questions": len(facts),
        "fact_at5": rate(facts, "found"),
        "fact_at5_before": rate(facts, "found_before"),
        "faded": sum(bool(f["faded"]) for f in facts),
        "displaced": sum(bool(f["displaced"]) for f in facts),
        "profiles": len(labelled),
        "profiles_of_a_theme": sum(p["labelled"] is not None for p in labelled),
        "themes_with_a_profile": sum(
            len({p["labelled"] for p in r["profiles"]} & set(r["themes"])) for r in rows
        ),
        "themes": sum(len(r["themes"]) for r in rows),
        "profile_tokens": sum(r["profile_tokens"] for r in rows),
        "folded_tokens": sum(r["folded_tokens"] for r in rows),
        "tokens_added": sum(r["tokens_added"] for r in rows),
    }


def run(users: list[dict[str, Any]], embedder: Embedder | str) -> dict[str, Any]:
    return per_user(users, embedder, run_user, summarise, "hm-profiles-")


UserRun = Callable[[HybridMemory, FakeClock, dict[str, Any], datetime], dict[str, Any]]


def per_user(
    users: list[dict[str, Any]],
    embedder: Embedder | str,
    run_one: UserRun,
    summary: Callable[[list[dict[str, Any]]], dict[str, Any]],
    prefix: str,
) -> dict[str, Any]:
    """``run_one`` for each user in a store of its own, per language, with its ``summary``."""
    start = datetime(2025, 3, 1, tzinfo=UTC)
    out: dict[str, Any] = {}
    for lang in sorted({str(u["lang"]) for u in users}):
        rows = []
        for user in (u for u in users if u["lang"] == lang):
            # One store per user: the clock only moves forward, and users do not share themes.
            folder = Path(tempfile.mkdtemp(prefix=prefix))
            clock = FakeClock(start)
            try:
                with HybridMemory(folder, embedder=embedder, clock=clock) as mem:
                    rows.append(run_one(mem, clock, user, start))
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        out[lang] = {"summary": summary(rows), "users": rows}
    return out


Runner = Callable[[list[dict[str, Any]], Embedder | str], dict[str, Any]]


def run_users(argv: list[str], users: list[dict[str, Any]], runner: Runner) -> dict[str, Any]:
    """The command line every profile runner shares: ``--embedder`` (default: the engine's),
    ``--lang`` (one language's users), ``--json`` (the result as JSON instead of the
    summaries). Returns the result; prints it."""
    from benchmarks.common import load_embedder

    spec = argv[argv.index("--embedder") + 1] if "--embedder" in argv else "default"
    if "--lang" in argv:
        users = [u for u in users if u["lang"] == argv[argv.index("--lang") + 1]]
    result = runner(users, load_embedder(spec))
    if "--json" in argv:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return result
    for lang, part in result.items():
        print(lang, json.dumps(part["summary"], ensure_ascii=False))
    return result


def main(argv: list[str]) -> None:
    name = argv[argv.index("--set") + 1] if "--set" in argv else "dev"
    result = run_users(argv, load(name), run)
    if "--json" in argv:
        return
    for part in result.values():
        for row in part["users"]:
            for p in row["profiles"]:
                print(f"  {row['user']} profile [{p['labelled']}] {p['text'][:110]}")
            for q in row["theme_questions"]:
                mark = "P" if q["profile"] else ("e" if q["evidence"] else "-")
                print(f"  {mark} {q['theme']}: {q['question']}")


if __name__ == "__main__":
    main(sys.argv[1:])
