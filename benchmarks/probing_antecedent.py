"""Would a turn embedded with the speaker's previous turn be found by its question? (issue 38)

``python -m benchmarks.probing_antecedent --data benchmarks/data/probing_blind2.json ...
[--embedder default] [--json out.json]``: a measurement for the write path, not a change.
Probing's hit@5 misses include answers that speak of a person by pronoun ("he's a grad student
in urban planning") while the question names them ("what does Theo do?"). For every ordinary
(non-day) question, each evidence turn is ranked among its user's turns by plain cosine to the
query (the e5 query and passage forms), once with every turn as stored and once with every
turn embedded after the same speaker's previous turn of the session (the antecedent, "theo's
been climbing for like four years ... yeah he's patient. he's a grad student"), and once with
only the turns holding a third-person pronoun so embedded. Prints,
per language, how many questions have an evidence turn among the first five either way, and
the questions whose best evidence rank changes.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

import numpy as np

from hybridmem.embedding import make_embedder
from hybridmem.embedding.base import embed_query

PRONOUN = re.compile(r"\b(?:he|she|him|her|his|hers|they|them|their)\b|[他她]", re.IGNORECASE)
"""Third-person personal pronouns (a closed class): the ``pronoun`` variant gives only the
turns holding one their antecedent."""


def _antecedents(user: dict[str, Any]) -> dict[str, str]:
    """Each user turn's previous user turn in its session, if any."""
    out: dict[str, str] = {}
    for session in user["sessions"]:
        last: str | None = None
        for turn in session["turns"]:
            if turn["role"] != "user":
                continue
            if last is not None:
                out[turn["id"]] = last
            last = turn["text"]
    return out


def run(paths: list[Path], spec: str | None) -> dict[str, Any]:
    embedder = make_embedder(spec)
    rows: list[dict[str, Any]] = []
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        for user in data["users"]:
            turns = [t for s in user["sessions"] for t in s["turns"] if t["role"] == "user"]
            ids = [t["id"] for t in turns]
            stored = np.asarray(embedder.embed([t["text"] for t in turns]))
            before = _antecedents(user)
            read = [
                f"{before[t['id']]} {t['text']}" if t["id"] in before else t["text"] for t in turns
            ]
            contextual = np.asarray(embedder.embed(read))
            pronoun = np.asarray(
                [
                    c if PRONOUN.search(t["text"]) else o
                    for t, c, o in zip(turns, contextual, stored, strict=True)
                ]
            )
            for q in data["questions"]:
                if q["user"] != user["id"] or q.get("relative"):
                    continue
                if not set(q["evidence"]) <= set(ids) or q["type"].endswith(("_day", "_topic")):
                    continue
                qv = np.asarray(embed_query(embedder, [q["query"]]))[0]
                own = stored @ qv
                ctx = contextual @ qv
                pro = pronoun @ qv
                ranks_own, ranks_ctx, ranks_pro = [], [], []
                for ev in q["evidence"]:
                    i = ids.index(ev)
                    ranks_own.append(int((own > own[i]).sum()))
                    ranks_ctx.append(int((ctx > ctx[i]).sum()))
                    ranks_pro.append(int((pro > pro[i]).sum()))
                rows.append(
                    {
                        "set": path.name,
                        "id": q["id"],
                        "lang": q["lang"],
                        "query": q["query"],
                        "best_rank_stored": min(ranks_own),
                        "best_rank_with_antecedent": min(ranks_ctx),
                        "best_rank_pronoun_turns": min(ranks_pro),
                    }
                )
    summary: dict[str, dict[str, int]] = {}
    for lang in sorted({r["lang"] for r in rows}):
        mine = [r for r in rows if r["lang"] == lang]
        summary[lang] = {
            "questions": len(mine),
            "top5_stored": sum(r["best_rank_stored"] < 5 for r in mine),
            "top5_with_antecedent": sum(r["best_rank_with_antecedent"] < 5 for r in mine),
            "top5_pronoun_turns": sum(r["best_rank_pronoun_turns"] < 5 for r in mine),
        }
    return {"embedder": embedder.name, "summary": summary, "items": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, nargs="+", required=True)
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    out = run(args.data, args.embedder)
    for lang, s in out["summary"].items():
        print(
            f"{lang}: {s['questions']} questions; an evidence turn in the first five by cosine: "
            f"stored {s['top5_stored']}, every turn with its antecedent "
            f"{s['top5_with_antecedent']}, only turns with a pronoun {s['top5_pronoun_turns']}"
        )
    for r in out["items"]:
        if r["best_rank_stored"] != r["best_rank_with_antecedent"]:
            print(
                f"  {r['set']} {r['id']}: rank {r['best_rank_stored']} -> "
                f"{r['best_rank_with_antecedent']} (pronoun turns "
                f"{r['best_rank_pronoun_turns']})  {r['query']}"
            )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
