"""What the newer-first rule compares, with the shared naming words taken out (issue 38,
helper mention16).

Each firing of :func:`hybridmem.retrieval.newer_values._successor` (a newer standing
statement put above an older one), on the mention items of
:mod:`benchmarks.mention_newer_first` and on colloquial development files, with its label
where the probe gives one (``keep``: the newer statement answers and the older is stale;
``mention``: the older answers and the newer is not gold; ``other``: both answer), the route
that named the pair, the two statements, the naming words they share, what is left of each
(the residue) and readings of the two residues; then, per reading, the polluters' range and
the keeps inside it. ``only_mentions`` is the check measured in ``newer_first`` (commit
4d40ca9, reverted: it lost moves back on the blind sets), recorded here for each firing::

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

import numpy as np

from benchmarks import mention_newer_first, stale_trace
from benchmarks.common import load_embedder
from benchmarks.evolution_scenarios import TOP_K
from benchmarks.scenario_files import load_scenarios
from hybridmem import MemoryConfig, lexical
from hybridmem.embedding.base import embed_query
from hybridmem.evolution.slots.naming import naming_words, one_attribute
from hybridmem.evolution.slots.pairs import language, model_for, read, words
from hybridmem.models import Hit
from hybridmem.retrieval import newer_values

_LATIN = re.compile(r"[A-Za-z][A-Za-z'\-]*|\d[\d:.,/\-]*\d|\d")


def shared_naming(newer: str, older: str) -> frozenset[str]:
    """The naming words the two statements share (:func:`~hybridmem.evolution.slots.naming
    .naming_words`); in Chinese also a word inside the other's (健身 / 健身房), as
    :func:`~hybridmem.evolution.slots.naming.one_attribute` reads them."""
    a, b = naming_words(newer), naming_words(older)
    shared = set(a & b)
    if language(newer) == "zh" and language(older) == "zh":
        shared.update(
            w
            for x in a
            for y in b
            if len(x) > 1 and len(y) > 1 and (x in y or y in x)
            for w in (x, y)
        )
    return frozenset(shared)


def only_mentions(newer: str, older: str) -> bool:
    """Whether ``newer`` names a value of ``older`` (a shared naming word the older statement
    gives as a value) and no value beyond the words they share: a remark about the older
    value's thing ("The Red Lion changed landlord", 凯美瑞的新款出来了), or the value said
    again, so no newer value of the attribute."""
    shared = shared_naming(newer, older)
    if not shared & {w for w, value in words(older) if value}:
        return False
    return not any(value and w not in shared for w, value in words(newer))


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


def _centred(vector: np.ndarray, centre: np.ndarray | None) -> np.ndarray:
    """``vector`` less the language's centre, normalised (as the pair model reads a pair)."""
    out = vector if centre is None else vector - centre
    norm = float(np.linalg.norm(out))
    return out / norm if norm > 0 else out


def _readings(rows: list[dict[str, Any]]) -> None:
    """Each firing's residues and their readings: the pair model's one-attribute probability,
    the centred cosine (the pair model's centre of the language), the best centred cosine of
    a word of one residue to a word of the other, and the question's cosine to the newer
    statement minus the older's."""
    embedder = load_embedder("multilingual")
    model = model_for(embedder.name, embedder.dimension)
    assert model is not None

    def vec(text: str) -> np.ndarray:
        return np.asarray(embedder.embed([text or "."])[0], dtype=np.float64)

    for row in rows:
        old, new = row["old"], row["new"]
        shared = shared_naming(new, old)
        r_old, r_new = residue(old, shared), residue(new, shared)
        row["only_mentions"] = only_mentions(new, old)
        row["shared"] = sorted(shared)
        row["residue_old"], row["residue_new"] = r_old, r_new
        centre = model.centres.get(language(old))
        v_old, v_new, v_ro, v_rn = (vec(t) for t in (old, new, r_old, r_new))
        full = read(model, v_new, new, v_old, old)
        res = read(model, v_rn, r_new, v_ro, r_old)
        row["full_attr"] = round(full.same_value + full.same_attribute, 3)
        row["res_attr"] = round(res.same_value + res.same_attribute, 3)
        row["res_centred"] = round(float(_centred(v_ro, centre) @ _centred(v_rn, centre)), 3)
        pairs = [
            float(_centred(vec(a), centre) @ _centred(vec(b), centre))
            for a, _ in words(r_old)
            for b, _ in words(r_new)
        ]
        row["word_best"] = round(max(pairs), 3) if pairs else None
        q = np.asarray(embed_query(embedder, [row["query"]])[0], dtype=np.float64)
        row["question_newer_minus_older"] = round(float(q @ v_new - q @ v_old), 3)


def _ranges(rows: list[dict[str, Any]]) -> list[str]:
    """Per reading, the polluters' range and how many word-named keeps fall inside it (a cut
    that removes every polluter loses those keeps)."""
    named = [r for r in rows if "word" in r["path"]]
    bad = [r for r in named if r["polluter"]]
    keep = [r for r in named if r["label"] == "keep"]
    out = []
    for key in ("res_attr", "res_centred", "word_best", "question_newer_minus_older"):
        found = [r[key] for r in bad if r[key] is not None]
        if not found:
            continue
        top = max(found)
        lost = sum(1 for r in keep if r[key] is not None and r[key] <= top)
        out.append(
            f"{key}: polluters {min(found):+.3f}..{top:+.3f}; keeps at or below {top:+.3f}: "
            f"{lost}/{len(keep)}"
        )
    checked = [r for r in rows if r["only_mentions"]]
    out.append(
        "only_mentions: "
        + ", ".join(
            f"{r['label']}{'(polluter)' if r['polluter'] else ''} {r['scenario']}" for r in checked
        )
    )
    return out


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
            f"full={r['full_attr']:.2f} res={r['res_attr']:.2f} rc={r['res_centred']:+.2f} "
            f"shared={r['shared']}\n    OLD {r['old']}\n    NEW {r['new']}\n"
            f"    r_old {r['residue_old']!r}\n    r_new {r['residue_new']!r}"
        )
    for line in _ranges(rows):
        print(line)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
