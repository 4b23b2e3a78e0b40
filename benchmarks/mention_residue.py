"""What the newer-first rule compares, with the shared naming words taken out (issue 38,
helper mention16).

Each firing of :func:`hybridmem.retrieval.newer_values._successor` (a newer standing statement
put above an older one) on the mention items of :mod:`benchmarks.mention_newer_first` and on
colloquial development files, with its label where the probe gives one (``keep``: the newer
statement answers and the older is stale; ``mention``: the older answers and the newer is a
remark), the two statements, the naming words they share, what is left of each (the residue)
and readings of the two residues::

    python -m benchmarks.mention_residue --json benchmarks/results/mention16/residue.json \\
        benchmarks/data/colloquial_dev.json benchmarks/data/colloquial_blind8.json
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks import mention_newer_first, stale_trace
from benchmarks.common import load_embedder
from benchmarks.evolution_scenarios import TOP_K
from benchmarks.scenario_files import load_scenarios
from hybridmem import MemoryConfig, lexical
from hybridmem.evolution.slots.naming import one_attribute
from hybridmem.evolution.slots.pairs import language, model_for, read, words
from hybridmem.models import Hit
from hybridmem.retrieval import newer_values
from hybridmem.retrieval.value_mentions import only_mentions, shared_naming

_LATIN = re.compile(r"[A-Za-z][A-Za-z'\-]*|\d[\d:.,/\-]*\d|\d")


def residue(text: str, shared: frozenset[str]) -> str:
    """``text`` with the words in ``shared`` taken out (each word read as
    :func:`~hybridmem.evolution.slots.pairs.words` reads it: stemmed in English; in Chinese a
    segment holding a shared word)."""
    if language(text) == "zh":
        kept = [
            w
            for w, _ in lexical.pos_tags(text)
            if w.strip().lower() not in shared
            and not any(s in w.strip().lower() for s in shared if len(s) > 1)
        ]
        return "".join(kept).strip()

    def keep(match: re.Match[str]) -> str:
        found = words(match.group())
        return "" if found and found[0][0] in shared else match.group()

    return re.sub(r"\s+", " ", _LATIN.sub(keep, text)).strip()


def _firings(files: Sequence[Path]) -> list[dict[str, Any]]:
    scenarios = list(mention_newer_first.scenarios()) + [
        sc for path in files for sc in load_scenarios(path)
    ]
    fired: list[tuple[Hit, Hit, str]] = []
    original = newer_values._successor

    def spy(old: Hit, after: Any, scale: Any, *args: Any) -> Hit | None:
        found = original(old, after, scale, *args)
        if found is not None:
            cosine = args[3]
            path = "+".join(
                name
                for name, holds in (
                    ("word", one_attribute(found.node.content, old.node.content)),
                    ("question", newer_values.answers_alike(old.node, found.node, scale, cosine)),
                )
                if holds
            )
            fired.append((old, found, path or "change"))
        return found

    newer_values._successor = spy  # type: ignore[assignment]
    out: list[dict[str, Any]] = []
    try:
        for mem, sc, real in stale_trace.played(scenarios, MemoryConfig()):
            for probe in sc.probes:
                fired.clear()
                mem.retrieve(probe.query, user_id=sc.id, top_k=TOP_K)
                gold = {real[g] for g in probe.gold}
                stale = {real[s] for s in probe.stale}
                bad = {real[p] for p in probe.polluters} | (
                    {real[f"{sc.id}.remark"]} if sc.id.startswith("mention-") else set()
                )
                for old, new, path in fired:
                    label = (
                        "keep"
                        if new.node.id in gold and old.node.id in stale
                        else "mention"
                        if old.node.id in gold and new.node.id not in gold
                        else "other"
                    )
                    out.append(
                        {
                            "scenario": sc.id,
                            "query": probe.query,
                            "label": label,
                            "polluter": new.node.id in bad,
                            "path": path,
                            "old": old.node.content,
                            "new": new.node.content,
                        }
                    )
    finally:
        newer_values._successor = original  # type: ignore[assignment]
    return out


def _readings(rows: list[dict[str, Any]]) -> None:
    embedder = load_embedder("multilingual")
    model = model_for(embedder.name, embedder.dimension)
    assert model is not None
    for row in rows:
        old, new = row["old"], row["new"]
        shared = shared_naming(new, old)
        r_old, r_new = residue(old, shared), residue(new, shared)
        row["only_mentions"] = only_mentions(new, old)
        row["shared"] = sorted(shared)
        row["residue_old"], row["residue_new"] = r_old, r_new
        v = embedder.embed([old, new, r_old or ".", r_new or "."])
        full = read(model, v[1], new, v[0], old)
        res = read(model, v[3], r_new, v[2], r_old)
        row["full_attr"] = round(full.same_value + full.same_attribute, 3)
        row["res_attr"] = round(res.same_value + res.same_attribute, 3)
        row["res_cos"] = round(float(v[2] @ v[3]), 3)
        row["cos_new_res_old_full"] = round(float(v[3] @ v[0]), 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", type=Path, required=True)
    parser.add_argument("files", type=Path, nargs="*")
    args = parser.parse_args()
    rows = _firings(args.files)
    _readings(rows)
    for r in rows:
        print(
            f"{r['label']:7} {'P' if r['polluter'] else ' '} {r['path']:13} {r['scenario']:22} "
            f"full={r['full_attr']:.2f} res={r['res_attr']:.2f} rcos={r['res_cos']:.2f} "
            f"shared={r['shared']}\n    OLD {r['old']}\n    NEW {r['new']}\n"
            f"    r_old {r['residue_old']!r}\n    r_new {r['residue_new']!r}"
        )
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
