"""``python -m benchmarks.backend_lexical``: the lexical index of the two tree stores on the same
real data. SQLite ranks with FTS5 (``porter unicode61``, bm25), PostgreSQL with BM25 over a
``tsvector`` (``simple`` + Snowball English); both get the terms from ``hybridmem.lexical``.

Per dataset: recall@k / hit@k of the gold evidence for each backend, and how much their top-k
lists agree (mean overlap@k, share of queries with the identical ranked list).

- LoCoMo (English, ``--locomo``): one user per conversation, one node per turn, every
  question of categories 1-4 as a query in the user's scope.
- MADial-Bench (Chinese and English, ``--madial``): one user per bank, one node per memory,
  the dialogue before the recall turn as the query.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from benchmarks.backend_plans import make_row
from benchmarks.locomo_data import load_locomo
from benchmarks.madial_data import load_madial
from benchmarks.suite_madial import dialogue_query
from hybridmem import lexical
from hybridmem.store import Scope, SQLiteStore
from hybridmem.store.postgres import PostgresStore

K = 10


@dataclass(frozen=True)
class Doc:
    user: str
    id: str
    text: str
    at: datetime


@dataclass(frozen=True)
class Query:
    user: str
    text: str
    gold: frozenset[str]


def locomo(path: Path) -> tuple[list[Doc], list[Query]]:
    data = load_locomo(path)
    docs, queries = [], []
    for conv in data.conversations:
        for t in conv.turns:
            node_id = f"{conv.sample_id}:{t.dia_id}"
            docs.append(Doc(conv.sample_id, node_id, t.content, t.created_at))
        for q in conv.questions:
            if q.category in (1, 2, 3, 4):
                gold = frozenset(f"{conv.sample_id}:{e}" for e in q.evidence)
                queries.append(Query(conv.sample_id, q.question, gold))
    return docs, queries


def madial(directory: Path, language: str) -> tuple[list[Doc], list[Query]]:
    data = load_madial(directory, language)
    users = sorted({d.user_id for d in data.dialogues})
    docs = [Doc(f"u{u}", f"u{u}:m{m.id}", m.event, m.time) for u in users for m in data.bank(u)]
    queries = [
        Query(f"u{d.user_id}", dialogue_query(d.context_lines),
              frozenset(f"u{d.user_id}:m{r}" for r in d.relevant))
        for d in data.dialogues
    ]  # fmt: skip
    return docs, queries


def load(store: Any, docs: Sequence[Doc]) -> None:
    users = sorted({d.user for d in docs})
    with store.transaction():
        for user in users:
            root = make_row(f"{user}:root", user, None, [], f"{user}:root", "root", "root", 0)
            root["seq"] = store.append_op("add", node_id=root["id"], user_id=user, payload={},
                                          at=docs[0].at)  # fmt: skip
            store.insert_node(root, "")
        for k, d in enumerate(docs):
            root_id = f"{d.user}:root"
            row = make_row(d.id, d.user, root_id, [root_id], root_id, "event", d.text, k + 1)
            row["seq"] = store.append_op("add", node_id=d.id, user_id=d.user, payload={}, at=d.at)
            store.insert_node(row, lexical.document_terms(d.text))


def ranked(store: Any, queries: Sequence[Query], times: list[float]) -> Iterator[list[str]]:
    """Each query's top-K ids; appends each search's wall time (ms) to ``times``."""
    for q in queries:
        expr = lexical.match_expression(q.text)
        started = time.perf_counter()
        hits = store.lexical_search(expr, Scope(q.user), ["active"], K) if expr else []
        times.append((time.perf_counter() - started) * 1000)
        yield [node_id for node_id, _ in hits]


def server_times(store: Any, queries: Sequence[Query]) -> list[float]:
    """PostgreSQL's own execution time of each search (``EXPLAIN ANALYZE``, ms): the latency
    without the round trip and the client, which a loaded machine inflates."""
    from hybridmem.store.postgres import lexical as pg_lexical
    from hybridmem.store.postgres.nodes import scope_sql

    times = []
    for q in queries:
        expr = lexical.match_expression(q.text)
        if not expr:
            continue
        where, params = scope_sql(Scope(q.user), "n")
        sql = pg_lexical.search_sql(f"{where} AND n.status = ANY(%s)")
        args = pg_lexical.query_params(expr, [*params, ["active"]], K)
        plan = store.conn.execute("EXPLAIN (ANALYZE, TIMING OFF) " + sql, args).fetchall()
        found = re.search(r"Execution Time: ([\d.]+)", "\n".join(r[0] for r in plan))
        if found:
            times.append(float(found.group(1)))
    return sorted(times)


def compare(name: str, docs: list[Doc], queries: list[Query], pg_url: str, tmp: Path) -> dict:
    stores: dict[str, Any] = {"sqlite": SQLiteStore(tmp / f"{name}.db"), "postgres": None}
    stores["postgres"] = PostgresStore(pg_url)
    lists = {}
    latency: dict[str, list[float]] = {}
    for backend, store in stores.items():
        load(store, docs)
        latency[backend] = []
        lists[backend] = list(ranked(store, queries, latency[backend]))
        if backend == "postgres":
            server = server_times(store, queries)
        store.close()
    out: dict[str, Any] = {"dataset": name, "docs": len(docs), "queries": len(queries)}
    for backend, times in latency.items():
        times.sort()
        out[f"{backend}_p50_ms"] = statistics.median(times)
        out[f"{backend}_p95_ms"] = times[int(0.95 * (len(times) - 1))]
    out["postgres_server_p50_ms"] = statistics.median(server)
    out["postgres_server_p95_ms"] = server[int(0.95 * (len(server) - 1))]
    for backend, results in lists.items():
        recall = [len(set(r) & q.gold) / len(q.gold) for r, q in zip(results, queries, strict=True)]
        hit = [bool(set(r) & q.gold) for r, q in zip(results, queries, strict=True)]
        out[f"{backend}_recall@{K}"] = sum(recall) / len(recall)
        out[f"{backend}_hit@{K}"] = sum(hit) / len(hit)
    pairs = list(zip(lists["sqlite"], lists["postgres"], strict=True))
    out[f"overlap@{K}"] = sum(
        len(set(a) & set(b)) / max(len(a), len(b), 1) for a, b in pairs
    ) / len(pairs)
    out["identical_lists"] = sum(a == b for a, b in pairs) / len(pairs)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--locomo", type=Path, help="locomo-dev.json")
    parser.add_argument("--madial", type=Path, help="the MADial-Bench directory")
    parser.add_argument("--pg-url", help="an empty database per dataset is created if omitted")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/backend_lexical.json"))
    args = parser.parse_args(argv)
    sets: list[tuple[str, tuple[list[Doc], list[Query]]]] = []
    if args.locomo:
        sets.append(("locomo", locomo(args.locomo)))
    if args.madial:
        sets += [(f"madial-{lang}", madial(args.madial, lang)) for lang in ("zh", "en")]
    if not sets:
        parser.error("give --locomo and/or --madial")
    from benchmarks.servers import postgres_cluster, stop_on_sigterm

    stop_on_sigterm()

    rows = []
    with ExitStack() as stack:
        import tempfile

        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        cluster = None if args.pg_url else stack.enter_context(postgres_cluster())
        for name, (docs, queries) in sets:
            with ExitStack() as db:
                url = args.pg_url if cluster is None else db.enter_context(cluster.database())
                rows.append(compare(name, docs, queries, url, tmp))
    print(f"{'dataset':<12}{'docs':>7}{'queries':>8}{'SQLite R@10':>13}{'PG R@10':>9}"
          f"{'SQLite H@10':>13}{'PG H@10':>9}{'overlap@10':>12}{'identical':>11}"
          f"{'SQLite p50/p95 ms':>19}{'PG p50/p95 ms':>15}{'PG server':>12}")  # fmt: skip
    for r in rows:
        figures = [r[f"{b}_{m}@10"] for m in ("recall", "hit") for b in ("sqlite", "postgres")]
        ms = [f"{r[f'{b}_p50_ms']:.1f}/{r[f'{b}_p95_ms']:.1f}"
              for b in ("sqlite", "postgres", "postgres_server")]  # fmt: skip
        print(f"{r['dataset']:<12}{r['docs']:>7}{r['queries']:>8}"
              f"{figures[0]:>13.3f}{figures[1]:>9.3f}{figures[2]:>13.3f}{figures[3]:>9.3f}"
              f"{r['overlap@10']:>12.3f}{r['identical_lists']:>11.3f}"
              f"{ms[0]:>19}{ms[1]:>15}{ms[2]:>12}")  # fmt: skip
    args.out.parent.mkdir(parents=True, exist_ok=True)
    load_avg = [round(x, 2) for x in os.getloadavg()]
    print(f"load average {load_avg}")
    args.out.write_text(json.dumps({"k": K, "load_avg": load_avg, "results": rows}, indent=2))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
