"""The probing questions :mod:`benchmarks.act_time` fires on, asked with and without it (issue
38, helper firstday19): ``python -m benchmarks.act_time_probing FILES [--embedder minilm]``.

Only a question the reading fires on can move (the store is built the same way), so each
firing question's user is imported once and the question asked twice: as the engine reads its
day, and with the day read as a time of an act. Prints frac / hit@5 / first per question.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from benchmarks import act_time
from benchmarks.probing import _ask, imported, messages_of
from hybridmem.embedding import make_embedder
from hybridmem.retrieval import retriever
from hybridmem.retrieval.mentions import asks_about
from hybridmem.retrieval.timeexpr import find_window


def fires(query: str, now: datetime) -> bool:
    """True when the reading changes how ``query`` is read at ``now``."""
    window = find_window(query, now)
    return window is not None and asks_about(query, window.text) != (
        act_time.asks_about_stored(query, window.text)
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--embedder", default=None)
    args = parser.parse_args(argv)
    embedder = make_embedder(args.embedder)
    for path in args.files:
        data = json.loads(path.read_text(encoding="utf-8"))
        for user in data["users"]:
            now = datetime.fromisoformat(user["now"])
            asked = [
                q for q in data["questions"] if q["user"] == user["id"] and fires(q["query"], now)
            ]
            if not asked:
                continue
            users = frozenset(m["id"] for m in messages_of(user) if m["role"] == "user")
            with imported(user, embedder) as (mem, task_id):
                for q in asked:
                    retriever.asks_about = asks_about  # type: ignore[assignment]
                    before = _ask(mem, user["id"], task_id, q, users)
                    retriever.asks_about = act_time.asks_about_stored  # type: ignore[assignment]
                    after = _ask(mem, user["id"], task_id, q, users)
                    retriever.asks_about = asks_about  # type: ignore[assignment]
                    print(f"{path.name} {q['query']} before {before} after {after}", flush=True)


if __name__ == "__main__":
    main()
