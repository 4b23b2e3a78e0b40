"""Does distillation condense or inflate? Profiles made from companion chats (issue 32).

MADial-Bench's dev dialogues (``/work/shared/data/madial``) as a companion agent logs them: every
line a user says before the recall turn is an ``event`` under that user's root (one dialogue a
day, its lines a minute apart; 288 English and 278 Chinese lines, the issue's 566
exchanges, from the two users of each language). One deep maintenance run 30 days after the
last dialogue. Reported per language and user: the profile nodes created, their tokens, and
the user's live tokens before and after the run (what a retrieval over the user's memories
can spend its budget on).

Run: ``python -m benchmarks.distill_inflation [--embedder default]``.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder

DATA = Path("/work/shared/data/madial")


def user_lines(language: str) -> dict[str, list[list[str]]]:
    """Per user, the lines they say in each dialogue before its recall turn."""
    from benchmarks.madial_data import load_madial

    data = load_madial(DATA, language)
    out: dict[str, list[list[str]]] = {}
    for dialogue in data.dialogues:
        said = []
        for line in dialogue.context_lines:
            speaker, _, text = line.partition(":")
            if speaker.strip() and speaker.strip() not in ("Assistant", "助手") and text.strip():
                said.append(text.strip())
        if said:
            out.setdefault(dialogue.user_id, []).append(said)
    return out


def run(language: str, embedder: Embedder | str) -> dict[str, Any]:
    start = datetime(2024, 1, 1, 9, tzinfo=UTC)
    clock = FakeClock(start)
    folder = Path(tempfile.mkdtemp(prefix="hm-distil-"))
    out: dict[str, Any] = {"language": language, "users": {}}
    try:
        with HybridMemory(folder, embedder=embedder, clock=clock) as mem:
            chats = user_lines(language)
            # The users' dialogues interleaved, one a day (the clock only moves forward).
            days = max(len(d) for d in chats.values())
            for k in range(days):
                clock.set(start + timedelta(days=k))
                for user, dialogues in sorted(chats.items()):
                    for line in dialogues[k] if k < len(dialogues) else []:
                        clock.advance(minutes=1)
                        mem.add(line, node_type="event", user_id=user)
            clock.set(start + timedelta(days=days + 30))

            def live(user: str) -> tuple[int, int]:
                nodes = mem.store.user_nodes(user, statuses=["active"])
                return len(nodes), sum(mem.counter.count(n.content) for n in nodes)

            before = {u: live(u) for u in chats}
            report = mem.maintain()
            for user in sorted(chats):
                profiles = [
                    n
                    for n in mem.store.user_nodes(user, statuses=["active"])
                    if n.node_type == "profile"
                ]
                after = live(user)
                folded = [
                    n
                    for n in mem.store.user_nodes(user, statuses=["archived"])
                    if n.metadata.get("archived_action") == "distil"
                ]
                profile_tokens = sum(mem.counter.count(p.content) for p in profiles)
                folded_tokens = sum(mem.counter.count(n.content) for n in folded)
                out["users"][user] = {
                    "lines": sum(len(d) for d in chats[user]),
                    "profiles": len(profiles),
                    "profile_tokens": profile_tokens,
                    "episodes_folded": len(folded),
                    "folded_tokens": folded_tokens,
                    "tokens_added_by_distillation": profile_tokens - folded_tokens,
                    "live_nodes_before": before[user][0],
                    "live_nodes_after": after[0],
                    "live_tokens_before": before[user][1],
                    "live_tokens_after": after[1],
                    "themes": sorted(str(p.metadata.get("theme", "")) for p in profiles),
                }
            out["report"] = report.counts
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    users = out["users"].values()
    out["total"] = {
        key: sum(u[key] for u in users)
        for key in (
            "lines",
            "profiles",
            "profile_tokens",
            "episodes_folded",
            "folded_tokens",
            "tokens_added_by_distillation",
            "live_tokens_before",
            "live_tokens_after",
        )
    }
    return out


def main(argv: list[str]) -> None:
    from benchmarks.common import load_embedder

    name = argv[argv.index("--embedder") + 1] if "--embedder" in argv else "default"
    embedder = load_embedder(name)
    langs = [argv[argv.index("--lang") + 1]] if "--lang" in argv else ["en", "zh"]
    result = {lang: run(lang, embedder) for lang in langs}
    print(json.dumps(result, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])
