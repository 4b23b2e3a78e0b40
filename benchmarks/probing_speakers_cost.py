"""Retrieve time with and without ``RetrievalConfig.expand_speakers_next`` (issue 38, probing10).

``python -m benchmarks.probing_speakers_cost [--data benchmarks/data/probing_blind3.json]
[--switch expand_speakers_next] [--json out.json]``: the file's first user ingested once (as
:mod:`benchmarks.probing` does), then every question of that user retrieved at 1,000 tokens
(``top_k`` large, as probing asks) three times a round, two rounds per setting, the settings
alternating; prints p50 and mean per setting. A rough figure on a shared machine, not the perf
suite. ``--switch``: the boolean ``RetrievalConfig`` field turned off and on
(``carry_referents``: probing11's pronoun turns).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from datetime import datetime
from pathlib import Path

from benchmarks.hybrid import LARGE_TOP_K
from benchmarks.probing import BUDGET, import_chat, messages_of
from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.config import RetrievalConfig
from hybridmem.embedding import make_embedder

DATA = Path(__file__).parent / "data" / "probing_blind3.json"


def run(data_path: Path, switch: str = "expand_speakers_next") -> dict[str, dict[str, float]]:
    data = json.loads(data_path.read_text(encoding="utf-8"))
    embedder = make_embedder(None)
    user = data["users"][0]
    queries = [q["query"] for q in data["questions"] if q["user"] == user["id"]]
    msgs = messages_of(user)
    clock = FakeClock(msgs[0]["created_at"])
    times: dict[bool, list[float]] = {False: [], True: []}
    with tempfile.TemporaryDirectory() as tmp:
        with HybridMemory(Path(tmp) / "m", embedder=embedder, clock=clock) as mem:
            task_id = import_chat(mem, clock, user)
        clock.set(datetime.fromisoformat(user["now"]))
        for on in (False, True, False, True):
            config = MemoryConfig(retrieval=RetrievalConfig(**{switch: on}))
            with HybridMemory(Path(tmp) / "m", embedder=embedder, clock=clock, config=config) as m2:
                for rnd in range(4):  # the first round warms the caches and is not counted
                    for query in queries:
                        start = time.perf_counter()
                        m2.retrieve(
                            query,
                            user_id=user["id"],
                            task_id=task_id,
                            top_k=LARGE_TOP_K,
                            token_budget=BUDGET,
                            record_access=False,
                        )
                        if rnd:
                            times[on].append(time.perf_counter() - start)
    return {
        f"{switch} {'on' if on else 'off'}": {
            "p50_ms": statistics.median(ts) * 1000,
            "mean_ms": statistics.mean(ts) * 1000,
            "n": len(ts),
        }
        for on, ts in times.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--switch", default="expand_speakers_next")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    out = run(args.data, args.switch)
    for name, row in out.items():
        print(f"{name}: p50 {row['p50_ms']:.1f} ms, mean {row['mean_ms']:.1f} ms, n={row['n']:g}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
