"""Distillation's theme search, run again only when what it reads changed.

The search (:func:`~hybridmem.evolution.maintain.themes.find_themes`, then
:func:`~hybridmem.evolution.maintain.agreed.agreed_themes`) is most of a maintenance run's cost
when nothing else is to do: every day, over every episode of the user (seconds at ten thousand
of them), although a user's episodes change on few days. Its result is a function of what it
reads: the candidate episodes in order (id, text as stored, speaker, mentions, creation time
and sequence, whether a profile may quote it), their vectors, the settings, the embedder and
the search's own code. A digest of all of that is kept in the store's ``meta`` table with the
themes found (term, source ids, words, central ids, quotes); a run whose digest matches
takes the themes from there, built on the nodes it read now, and any change of an input
searches again. Never a guess about what a change could move: the digest holds every input.

Kept in SQLite (or PostgreSQL) beside the nodes, so a crash or replay finds it as written: it
records a search's result, never that a step was done. A dry run reads it and writes nothing.
Themes with a sensitive source are never kept (their words are the secret's); an erasure of
the user's memories drops the user's entries (:mod:`hybridmem.store.themes_found`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from hybridmem.clock import to_iso
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.core import Core
from hybridmem.evolution.maintain import agreed, distill, themes
from hybridmem.evolution.maintain.agreed import agreed_themes
from hybridmem.evolution.maintain.distill import Theme, _quotable, everyday_terms, mentions
from hybridmem.evolution.maintain.themes import candidates, episode_vectors, find_themes
from hybridmem.models import MemoryNode
from hybridmem.store.themes_found import themes_found_key


@lru_cache(maxsize=1)
def _search_code() -> str:
    """A digest of the search's code and word lists: a new version searches again."""
    digest = hashlib.sha256()
    for module in (distill, themes, agreed):
        # The file as loaded (source, or bytecode where only that ships).
        digest.update(Path(str(module.__file__)).read_bytes())
    digest.update("\x00".join(sorted(everyday_terms())).encode())
    return digest.hexdigest()


def inputs_digest(
    core: Core,
    opened: Sequence[MemoryNode],
    stored: Mapping[str, MemoryNode],
    vectors: Mapping[str, Any],
    cfg: EvolutionConfig,
) -> str:
    """A digest of everything the theme search reads (see the module docstring). A sealed
    episode enters by its stored ciphertext, never its clear text."""
    digest = hashlib.sha256()
    header = [_search_code(), core.engine.embedder.name, repr(cfg)]
    digest.update(json.dumps(header).encode())
    for node in candidates(opened, cfg):
        vector = vectors.get(node.id)
        row = [
            node.id,
            stored[node.id].content if node.sensitive else node.content,
            node.sensitive,
            node.metadata.get("speaker"),
            mentions(node),
            to_iso(node.created_at),
            node.seq,
            _quotable(node),
            vector is not None,
        ]
        digest.update(json.dumps(row, ensure_ascii=False).encode())
        if vector is not None:
            digest.update(np.asarray(vector, dtype=np.float32).tobytes())
    return digest.hexdigest()


def user_themes(
    core: Core,
    user_id: str,
    agent_id: str | None,
    opened: Sequence[MemoryNode],
    stored: Mapping[str, MemoryNode],
    cfg: EvolutionConfig,
    dry_run: bool,
) -> list[Theme]:
    """The themes of one owner's episodes (``opened``: content in clear): as kept when the
    inputs are the ones the kept search read, else searched and kept."""
    vectors = episode_vectors(core, opened, cfg)
    digest = inputs_digest(core, opened, stored, vectors, cfg)
    store = core.engine.store
    key = themes_found_key(user_id, agent_id)
    kept = _kept(store.get_meta(key), digest, {n.id: n for n in opened})
    if kept is not None:
        return kept
    found = find_themes(opened, cfg, vectors)
    found += agreed_themes(opened, cfg, vectors, found, core.engine.embedder)
    if not dry_run:
        if any(s.sensitive for t in found for s in t.sources):
            store.delete_meta(key)
        else:
            store.set_meta(key, json.dumps({"digest": digest, "themes": _plain(found)}))
    return found


def _plain(found: Sequence[Theme]) -> list[dict[str, Any]]:
    return [
        {
            "term": t.term,
            "sources": [s.id for s in t.sources],
            "words": list(t.words),
            "central": list(t.central),
            "quotes": t.quotes,
        }
        for t in found
    ]


def _kept(raw: str | None, digest: str, by_id: Mapping[str, MemoryNode]) -> list[Theme] | None:
    """The kept themes on the nodes read now; None: none kept for these inputs."""
    if raw is None:
        return None
    entry = json.loads(raw)
    if entry.get("digest") != digest:
        return None
    out = []
    for t in entry["themes"]:
        if any(i not in by_id for i in t["sources"]):
            return None  # cannot happen with an equal digest; searched again if it does
        out.append(
            Theme(
                t["term"],
                tuple(by_id[i] for i in t["sources"]),
                words=tuple(t["words"]),
                central=tuple(t["central"]),
                quotes=int(t["quotes"]),
            )
        )
    return out
