"""Privacy benchmark: what encryption, auditing and erasure cost, against plain baselines.

    python -m benchmarks.privacy [--nodes 2000] [--users 20] [--out bench-out/privacy]

Measured in one run, each figure beside its baseline:
- write: ``add`` per node, plain vs sensitive (AES-GCM + keyed hash + no FTS terms);
- read: ``get`` per node, plain vs sensitive (decrypt);
- retrieve: one query, a plain store vs an ``encrypt_all`` store (same data);
- size: SQLite bytes of both stores;
- erase one user: ``delete`` of that user's root subtree (baseline, leaves content on disk)
  vs ``erase(compact=False)`` vs ``erase()`` (Chroma rebuild + VACUUMs), at two store sizes;
- audit: ``verify_audit`` over all entries.

Embeddings use the hash embedder so the figures show the privacy layer, not the model.
Prints a table and writes ``results.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.store import SQLiteStore

WORDS = [
    "invoice",
    "claim",
    "finance",
    "receipt",
    "travel",
    "meeting",
    "lunch",
    "budget",
    "hotel",
    "flight",
]


def _text(i: int) -> str:
    return f"memory {i}: " + " ".join(WORDS[(i * k) % len(WORDS)] for k in (1, 3, 7, 11))


def _open(path: Path, key: str, *, encrypt_all: bool = False) -> HybridMemory:
    return HybridMemory(
        path,
        embedder=HashEmbedder(384),
        privacy=PrivacyConfig(key=key, encrypt_all=encrypt_all, key_env="HM_BENCH_NOKEY"),
        actor="bench",
    )


def _per_call_ms(fn: Callable[[int], Any], n: int) -> float:
    start = time.perf_counter()
    for i in range(n):
        fn(i)
    return (time.perf_counter() - start) * 1000 / n


def _fill(mem: HybridMemory, nodes: int, users: int, *, sensitive: bool) -> dict[str, list[str]]:
    ids: dict[str, list[str]] = {}
    per_user = nodes // users
    for u in range(users):
        user = f"user{u}"
        task = mem.add(f"task of {user}", node_type="task", user_id=user)
        batch = [
            {"content": _text(u * per_user + i), "parent_id": task.id, "sensitive": sensitive}
            for i in range(per_user - 2)
        ]
        made = mem.add_many(batch, user_id=user)
        ids[user] = [task.id, *(n.id for n in made)]
    return ids


def run(nodes: int, users: int, out: Path) -> dict[str, Any]:
    key = generate_key()
    rows: list[tuple[str, str, float, float]] = []
    results: dict[str, Any] = {
        "nodes": nodes,
        "users": users,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        # -- write / read per call -------------------------------------------------------
        n_ops = 300
        with _open(base / "ops", key) as mem:
            task = mem.add("ops task", node_type="task", user_id="u")
            plain_ids: list[str] = []
            secret_ids: list[str] = []
            add_plain = _per_call_ms(
                lambda i: plain_ids.append(mem.add(_text(i), parent_id=task.id, user_id="u").id),
                n_ops,
            )
            add_secret = _per_call_ms(
                lambda i: secret_ids.append(
                    mem.add(_text(i), parent_id=task.id, user_id="u", sensitive=True).id
                ),
                n_ops,
            )
            get_plain = _per_call_ms(lambda i: mem.get(plain_ids[i]), n_ops)
            get_secret = _per_call_ms(lambda i: mem.get(secret_ids[i]), n_ops)
        rows.append(("add (ms/node)", "plain vs sensitive", add_plain, add_secret))
        rows.append(("get (ms/node)", "plain vs sensitive", get_plain, get_secret))

        # -- whole stores: retrieve, size, audit -----------------------------------------
        with _open(base / "plain", key) as plain, _open(base / "enc", key, encrypt_all=True) as enc:
            _fill(plain, nodes, users, sensitive=False)
            _fill(enc, nodes, users, sensitive=False)
            queries = [" ".join(WORDS[i % 10 : i % 10 + 3]) for i in range(50)]
            r_plain = statistics.median(
                _time_ms(lambda q=q: plain.retrieve(q, user_id="user1")) for q in queries
            )
            r_enc = statistics.median(
                _time_ms(lambda q=q: enc.retrieve(q, user_id="user1")) for q in queries
            )
            rows.append(("retrieve (ms, median)", "plain vs encrypt_all", r_plain, r_enc))
            for opened in (plain, enc):
                assert isinstance(opened.store, SQLiteStore)  # file sizes: the SQLite store
                opened.store.checkpoint_wal()
            size_plain = (base / "plain" / "memory.sqlite3").stat().st_size / 1024
            size_enc = (base / "enc" / "memory.sqlite3").stat().st_size / 1024
            rows.append(("SQLite size (KiB)", "plain vs encrypt_all", size_plain, size_enc))
            entries = len(plain.audit_log())
            verify_ms = _time_ms(plain.verify_audit)
            results["audit"] = {"entries": entries, "verify_ms": verify_ms}
            rows.append((f"audit verify, {entries} entries (ms)", "-", verify_ms, verify_ms))

        # -- erasure at two sizes --------------------------------------------------------
        erase_results = []
        for size in (nodes // 2, nodes * 2):
            timings = {}
            for mode in ("delete", "erase_no_compact", "erase"):
                path = base / f"erase-{size}-{mode}"
                with _open(path, key) as mem:
                    _fill(mem, size, users, sensitive=False)
                    victim_root = mem.root(user_id="user0")
                    assert victim_root is not None
                    if mode == "delete":
                        timings[mode] = _time_ms(lambda m=mem, r=victim_root: m.delete(r.id))
                    elif mode == "erase_no_compact":
                        timings[mode] = _time_ms(
                            lambda m=mem: m.erase(user_id="user0", compact=False)
                        )
                    else:
                        timings[mode] = _time_ms(lambda m=mem: m.erase(user_id="user0"))
            erase_results.append({"store_nodes": size, "victim_nodes": size // users, **timings})
            rows.append(
                (
                    f"erase 1 user of {size} nodes (ms)",
                    "delete vs erase",
                    timings["delete"],
                    timings["erase"],
                )
            )
            rows.append(
                (
                    f"erase 1 user of {size} nodes (ms)",
                    "erase(compact=False) vs erase",
                    timings["erase_no_compact"],
                    timings["erase"],
                )
            )
        results["erase"] = erase_results
    results["rows"] = [
        {"what": w, "comparison": c, "baseline": round(b, 3), "privacy": round(p, 3)}
        for w, c, b, p in rows
    ]
    _print(rows)
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(f"wrote {out / 'results.json'}")
    return results


def _time_ms(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def _print(rows: list[tuple[str, str, float, float]]) -> None:
    print(f"{'measure':<36} {'comparison':<32} {'baseline':>10} {'privacy':>10} {'ratio':>7}")
    for what, comparison, base, priv in rows:
        ratio = priv / base if base else float("nan")
        print(f"{what:<36} {comparison:<32} {base:>10.2f} {priv:>10.2f} {ratio:>7.2f}")


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nodes", type=int, default=2000)
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--out", type=Path, default=Path("bench-out/privacy"))
    args = parser.parse_args()
    run(args.nodes, args.users, args.out)


if __name__ == "__main__":
    main()
