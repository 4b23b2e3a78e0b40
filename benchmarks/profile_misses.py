"""Why a theme question does not find its profile among the first five hits (issue 38,
profile12).

Each user of the labelled profile sets is written as the profile runners write them (events on
their days, one deep maintenance run 30 days after the last remark), and what distillation saw
is recorded on the way (the episodes it grouped, their vectors, its themes). Every theme
question is then asked with ``top_k=30`` and put in one class:

* ``found``: a profile of the question's theme is among the first 5 hits;
* no profile of the theme was made:

  - ``split``: no group of mutual nearest episodes holds ``distill_min_mentions`` of the
    theme's episodes (grouping);
  - ``unconfirmed``: a group holds them, but no distinctive word of the group holds enough of
    them together (confirmation by words);
  - ``confirmed_elsewhere``: the theme's episodes are a source of a profile labelled with
    another theme or with none;

* a profile of the theme was made and ranks 6th or lower (or not at all):

  - ``below_sources``: one of its own sources ranks above it;
  - ``below_others``: only other memories rank above it.

For the made-but-missed questions it also counts whether the question shares a term
(:func:`hybridmem.lexical.terms`) with the profile's text. For a theme with no profile,
``<class>/<words>`` says whether its own episodes hold one theme term in
``distill_min_mentions`` of them (``term_in_need``), only an everyday one (``everyday_only``),
or none (``none``: a wordless theme).

Run: ``python -m benchmarks.profile_misses [--json F] [FILES]`` (default: the seven profile sets
under ``benchmarks/data``).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.common import run_set_files
from benchmarks.profile_questions import profile_theme, say_episodes
from hybridmem import FakeClock, HybridMemory, lexical
from hybridmem.embedding import Embedder
from hybridmem.evolution.maintain import profiles as profiles_step
from hybridmem.evolution.maintain.distill import everyday_terms
from hybridmem.evolution.maintain.themes import _mutual_groups, _surface_terms, candidates
from hybridmem.models import MemoryNode

DATA = Path(__file__).parent / "data"
FILES = (
    "profiles_dev",
    "profiles_blind",
    "profile_blind",
    "profile_blind2",
    "profile_blind3",
    "profile_blind4",
    "profile_blind5",
)
DEPTH = 30


def _seen() -> tuple[list[dict[str, Any]], Any]:
    """A stand-in for the step's ``find_themes`` that records what it was given."""
    calls: list[dict[str, Any]] = []
    real = profiles_step.find_themes

    def recording(nodes: Any, cfg: Any, vectors: Any) -> Any:
        themes = real(nodes, cfg, vectors)
        calls.append({"nodes": list(nodes), "cfg": cfg, "vectors": dict(vectors)})
        return themes

    return calls, recording


def _largest_group_share(call: dict[str, Any], theme_ids: set[str]) -> tuple[int, list[MemoryNode]]:
    """The most of the theme's episodes one group holds, and that group."""
    cfg = call["cfg"]
    episodes = [n for n in candidates(call["nodes"], cfg) if n.id in call["vectors"]]
    if not episodes:
        return 0, []
    matrix = np.asarray([call["vectors"][n.id] for n in episodes], dtype=np.float32)
    matrix /= np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-9)
    best: tuple[int, list[MemoryNode]] = (0, [])
    for group in _mutual_groups(matrix, cfg.distill_min_mentions - 1):
        members = [episodes[i] for i in group]
        share = sum(m.id in theme_ids for m in members)
        if share > best[0]:
            best = (share, members)
    return best


def _theme_words(user: dict[str, Any], theme: str, need: int) -> str:
    """Whether the theme's own episodes hold one theme term in ``need`` of them:
    ``term_in_need`` (one not everyday), ``everyday_only`` (only an everyday one) or
    ``none`` (a wordless theme: no term in that many)."""
    texts = [str(e["text"]) for e in user["episodes"] if e["theme"] == theme]
    counts = Counter(t for text in texts for t in _surface_terms(text))
    held = [t for t, n in counts.items() if n >= need]
    if any(t not in everyday_terms() for t in held):
        return "term_in_need"
    return "everyday_only" if held else "none"


def run_user(mem: HybridMemory, clock: FakeClock, user: dict[str, Any]) -> list[dict[str, Any]]:
    start = datetime(2025, 3, 1, tzinfo=UTC)
    uid = str(user["id"])
    _, label = say_episodes(mem, clock, user, start)
    calls, recording = _seen()
    real = profiles_step.find_themes
    profiles_step.find_themes = recording
    try:
        mem.maintain(user_id=uid)
    finally:
        profiles_step.find_themes = real
    made = [n for n in mem.store.user_nodes(uid, statuses=["active"]) if n.node_type == "profile"]
    need = mem.config.evolution.distill_min_mentions
    rows = []
    for q in user["theme_questions"]:
        theme = str(q["theme"])
        theme_ids = {i for i, t in label.items() if t == theme}
        result = mem.retrieve(q["question"], user_id=uid, top_k=DEPTH, record_access=False)
        hits = [h.node for h in result.hits]
        own = [p for p in made if profile_theme(p, label) == theme]
        row: dict[str, Any] = {
            "user": uid,
            "lang": user["lang"],
            "theme": theme,
            "kind": q.get("kind"),
            "question": q["question"],
        }
        if own:
            ranks = [k for k, h in enumerate(hits) if h.id in {p.id for p in own}]
            rank = ranks[0] if ranks else None
            sources = {str(i) for p in own for i in p.metadata.get("derived_from", [])}
            above = hits[: rank if rank is not None else len(hits)]
            q_terms = set(lexical.terms(q["question"]))
            row.update(
                {
                    "profile_rank": rank,
                    "profile": own[0].content,
                    "shares_term": bool(q_terms & set(lexical.terms(own[0].content))),
                    "sources_above": sum(h.id in sources for h in above),
                    "theme_above": sum(h.id in theme_ids for h in above),
                }
            )
            if rank is not None and rank < 5:
                row["class"] = "found"
            elif row["sources_above"] or row["theme_above"]:
                row["class"] = "below_sources"
            else:
                row["class"] = "below_others"
        else:
            elsewhere = [
                p for p in made if theme_ids & {str(i) for i in p.metadata.get("derived_from", [])}
            ]
            share = max((_largest_group_share(c, theme_ids)[0] for c in calls), default=0)
            if elsewhere:
                row["class"] = "confirmed_elsewhere"
            elif share < need:
                row["class"] = "split"
            else:
                row["class"] = "unconfirmed"
            row["group_share"] = share
            row["words"] = _theme_words(user, theme, need)
        row["hits"] = [f"{h.node_type}: {h.content[:80]}" for h in hits[:5]]
        rows.append(row)
    return rows


def run_file(path: Path, embedder: Embedder) -> dict[str, Any]:
    users: list[dict[str, Any]] = json.loads(path.read_text())["users"]
    rows: list[dict[str, Any]] = []
    for user in users:
        if not user["theme_questions"]:
            continue
        folder = Path(tempfile.mkdtemp(prefix="hm-profile-misses-"))
        clock = FakeClock(datetime(2025, 3, 1, tzinfo=UTC))
        try:
            with HybridMemory(folder, embedder=embedder, clock=clock) as mem:
                rows.extend(run_user(mem, clock, user))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    counts: dict[str, dict[str, int]] = {}
    for lang in sorted({r["lang"] for r in rows}):
        part = [r for r in rows if r["lang"] == lang]
        c = Counter(r["class"] for r in part)
        missed = [r for r in part if r["class"] in ("below_sources", "below_others")]
        c["made_missed_sharing_a_term"] = sum(bool(r["shares_term"]) for r in missed)
        for r in part:
            if "words" in r:
                c[f"{r['class']}/{r['words']}"] += 1
        c["questions"] = len(part)
        counts[lang] = dict(sorted(c.items()))
    return {"counts": counts, "rows": rows}


def main(argv: list[str]) -> None:
    result, out_path = run_set_files(argv, [DATA / f"{f}.json" for f in FILES], run_file)
    for name, part in result.items():
        for lang, counts in part["counts"].items():
            print(name, lang, json.dumps(counts))
    if out_path is not None:
        out_path.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
