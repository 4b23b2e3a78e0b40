"""Months, not days: what maintenance does to finished work (issue 32).

Two measurements, each for three variants of the engine:

* ``none``: no maintenance at all (the control);
* ``fade``: maintenance without summaries (``EvolutionConfig.compress=False``, the engine
  before compression existed);
* ``compress``: maintenance as shipped (finished and idle tasks and sessions folded into
  sourced summaries, their members archived and unfolded by retrieval).

``locomo``: LoCoMo conversations (conversation -> sessions -> turns, as the LoCoMo suite
imports them), one maintenance run ``days_after`` days after each conversation's last session;
evidence recall (frac) at a token budget and the live tokens of the conversations.

``family``: the "finished tasks" scenario family. Each generated task holds gold facts (a
decision, an outcome, a number learned, an episode) among filler turns; every task but the
last is finished; maintenance runs weekly for ``weeks`` weeks; then each gold fact is asked
for from the active task (``scope="user"``) and, with ``task_id=``, from its own task.
Reported: gold recall at the budget (the gold text packed in the context) and the live tokens
of the finished tasks.

The family exists in English and in Chinese (``--lang zh``): the summary's settings were
decided on the English half and confirmed, unchanged, on the Chinese one.

Run: ``python -m benchmarks.finished_tasks locomo --limit 2`` / ``... family [--lang zh]``.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from benchmarks.hybrid import SettableClock
from hybridmem import HybridMemory, MemoryConfig
from hybridmem.embedding import Embedder

VARIANTS = ("none", "fade", "compress")
BUDGET = 1000


TOKEN_SHARE: float | None = None
"""``--token-share``: ``EvolutionConfig.summary_token_share`` for the compress variant (None:
the default), to choose it on one half of the scenarios and confirm it on the other."""


def _config(variant: str) -> MemoryConfig:
    base = MemoryConfig()
    if variant == "fade":
        return replace(base, evolution=base.evolution.with_changes(compress=False))
    if TOKEN_SHARE is not None:
        share = base.evolution.with_changes(summary_token_share=TOKEN_SHARE)
        return replace(base, evolution=share)
    return base


def live_tokens(mem: HybridMemory, user_id: str, under: set[str]) -> int:
    """Tokens of the user's active nodes inside the subtrees of ``under``."""
    total = 0
    for node in mem.store.user_nodes(user_id, statuses=["active"]):
        if node.id in under or under & set(node.path):
            total += mem.counter.count(node.content)
    return total


# -- LoCoMo -------------------------------------------------------------------------------
def run_locomo(
    path: Path,
    *,
    limit: int,
    embedder: Embedder | str,
    days_after: float = 30.0,
    variants: tuple[str, ...] = ("fade", "compress"),
    skip: int = 0,
) -> dict[str, Any]:
    """frac at ``BUDGET`` and live tokens before and after one maintenance run, per variant."""
    from benchmarks.hybrid import BENCH_USER, HybridMethod, Variant
    from benchmarks.locomo_data import HEADLINE_CATEGORIES, load_locomo
    from benchmarks.metrics import evidence_score, mean
    from benchmarks.suite_locomo import build_corpus

    data = load_locomo(path, limit=limit + skip)
    corpora = {c.sample_id: build_corpus(c) for c in data.conversations[skip:]}
    questions = [
        q
        for c in data.conversations[skip:]
        for q in c.questions
        if q.category in HEADLINE_CATEGORIES
    ]
    out: dict[str, Any] = {"conversations": list(corpora), "questions": len(questions)}

    def measure(method: HybridMethod) -> dict[str, Any]:
        per: dict[str, list[float]] = {}
        for q in questions:
            sel = method.select(corpora[q.conversation_id], q.question, budget=BUDGET)
            per.setdefault(q.conversation_id, []).append(
                evidence_score(q.evidence, sel.sources).frac
            )
        tokens = {cid: live_tokens(method.memory, BENCH_USER, {cid}) for cid in corpora}
        return {
            "frac": round(mean(v for vs in per.values() for v in vs), 4),
            "frac_by_conversation": {k: round(mean(v), 4) for k, v in per.items()},
            "live_tokens": tokens,
        }

    for variant in variants:
        method = HybridMethod(Variant(variant, _config(variant)), embedder)
        try:
            method.prepare(list(corpora.values()))
            if variant == variants[0]:
                out["none"] = measure(method)
            # One run, ``days_after`` days after the last session of the slice.
            when = max(n.created_at for c in corpora.values() for n in c.tree)
            when += timedelta(days=days_after)
            for cid in corpora:
                method._ends[cid] = when  # questions asked at the maintenance time
            nodes = sum(len(c.tree) for c in corpora.values())
            started = time.perf_counter()
            report = method.memory.maintain(now=when, user_id=BENCH_USER)
            elapsed = time.perf_counter() - started
            result = measure(method)
            result["maintain_seconds"] = round(elapsed, 2)
            result["maintain_s_per_1000_nodes"] = round(1000 * elapsed / max(nodes, 1), 3)
            result["report"] = report.counts
            result["archived"] = sum(
                1 for n in method.memory.store.user_nodes(BENCH_USER, statuses=["archived"])
            )
            out[variant] = result
        finally:
            method.close()
    return out


# -- the "finished tasks" family ----------------------------------------------------------
_FILLER = (
    "Checked the status page again",
    "Waiting for a reply",
    "Opened the shared folder",
    "Read through the notes once more",
    "Pinged the team channel",
    "Refreshed the dashboard",
    "Looked at the calendar",
    "Saved a draft",
)
_WHEN = ("first thing", "before lunch", "after lunch", "late in the day", "at the standup")
_TOPICS = (
    ("Reimburse the Berlin trip", "hotel invoice", "scanner DPI", "300"),
    ("Migrate the billing database", "replica lag", "batch size", "500"),
    ("Plan the team offsite", "venue deposit", "headcount", "23"),
    ("Renew the office lease", "landlord's counter-offer", "rent per square metre", "41"),
    ("Ship the Android release", "crash on login", "minimum SDK level", "26"),
    ("Hire a data engineer", "second interview", "salary band ceiling", "95000"),
    ("Prepare the tax filing", "missing receipt", "deduction limit", "1230"),
    ("Fix the flaky CI job", "timeout in the e2e suite", "worker count", "6"),
)


_FILLER_ZH = (
    "又看了一遍状态页",
    "在等对方回复",
    "打开了共享文件夹",
    "把笔记从头读了一遍",
    "在团队群里问了一下",
    "刷新了仪表盘",
    "看了看日历",
    "存了一份草稿",
)
_WHEN_ZH = ("一大早", "午饭前", "午饭后", "傍晚", "站会上")
_TOPICS_ZH = (
    ("报销柏林出差费用", "酒店发票", "扫描仪分辨率", "300"),
    ("迁移计费数据库", "副本延迟", "批处理大小", "500"),
    ("筹备团队团建", "场地押金", "参加人数", "23"),
    ("续签办公室租约", "房东的还价", "每平方米租金", "41"),
    ("发布安卓版本", "登录崩溃", "最低SDK版本", "26"),
    ("招聘数据工程师", "第二轮面试", "薪资上限", "95000"),
    ("准备报税", "缺失的收据", "抵扣上限", "1230"),
    ("修复不稳定的CI任务", "端到端测试超时", "并发数", "6"),
)


@dataclass(frozen=True)
class Gold:
    task: int
    kind: str
    text: str
    question: str


def _gold_items(k: int, lang: str) -> list[tuple[str, str, str]]:
    """(node_type, text, question) of task ``k``'s gold lines."""
    if lang == "zh":
        _title, episode, quantity, value = _TOPICS_ZH[k % len(_TOPICS_ZH)]
        return [
            ("event", f"{episode}被退回来了，只好重做", f"{episode}后来怎么样了？"),
            ("decision", f"决定这次{episode}由我们自己处理", f"关于{episode}我们是怎么决定的？"),
            ("fact", f"了解到{quantity}必须是{value}", f"{quantity}必须是多少？"),
        ]
    _title, episode, quantity, value = _TOPICS[k % len(_TOPICS)]
    return [
        (kind, text, _question(kind, text))
        for kind, text in (
            ("event", f"The {episode} came back: it had to be redone"),
            ("decision", f"Decided to handle the {episode} ourselves this time"),
            ("fact", f"Learned that the {quantity} must be {value}"),
        )
    ]


def family_tasks(
    n_tasks: int, filler: int, seed: int, lang: str = "en"
) -> list[tuple[str, list[tuple[str, str, str | None]]]]:
    """``n_tasks`` tasks: (title, [(node_type, text, question or None for filler)]) with the
    gold lines among filler, in English (``lang="en"``) or Chinese (``"zh"``)."""
    rng = random.Random(seed)
    topics, fill, when = (
        (_TOPICS_ZH, _FILLER_ZH, _WHEN_ZH) if lang == "zh" else (_TOPICS, _FILLER, _WHEN)
    )
    tasks = []
    for k in range(n_tasks):
        title = topics[k % len(topics)][0]
        items: list[tuple[str, str, str | None]] = list(_gold_items(k, lang))
        # Low-information turns as an agent logs them; a repeat within the task is merged
        # at write time (a mention), as it would be in use.
        sep = "，" if lang == "zh" else ", "
        items += [
            ("event", f"{rng.choice(fill)}{sep}{rng.choice(when)}", None) for _ in range(filler)
        ]
        rng.shuffle(items)
        tasks.append((title, items))
    return tasks


def _outcome(k: int, lang: str) -> tuple[str, str]:
    """Task ``k``'s outcome and the question asking for it."""
    if lang == "zh":
        title = _TOPICS_ZH[k % len(_TOPICS_ZH)][0]
        return f"完成：负责人在第{2 + k}轮后签字确认", f"“{title}”最后结果如何？"
    title = _TOPICS[k % len(_TOPICS)][0]
    return f"Done: signed off by the owner after {2 + k} rounds", f"How did '{title}' end?"


def run_family(
    *,
    embedder: Embedder | str,
    n_tasks: int = 8,
    filler: int = 24,
    weeks: int = 34,
    seed: int = 7,
    lang: str = "en",
) -> dict[str, Any]:
    """Gold recall at ``BUDGET`` and live tokens of finished tasks after ``weeks`` weeks of
    weekly maintenance, per variant."""
    start = datetime(2025, 1, 6, 9, tzinfo=UTC)
    out: dict[str, Any] = {
        "lang": lang,
        "tasks": n_tasks,
        "filler_per_task": filler,
        "weeks": weeks,
    }
    for variant in VARIANTS:
        clock = SettableClock(start)
        folder = Path(tempfile.mkdtemp(prefix="hm-finished-"))
        mem = HybridMemory(folder, embedder=embedder, config=_config(variant), clock=clock)
        try:
            golds: list[Gold] = []
            ids: list[str] = []
            for k, (title, items) in enumerate(family_tasks(n_tasks, filler, seed, lang)):
                task = mem.add(title, node_type="task", user_id="u")
                ids.append(task.id)
                for kind, text, question in items:
                    clock.now += timedelta(minutes=7)
                    mem.add(text, node_type=kind, parent_id=task.id, user_id="u", activate=False)
                    if question is not None:
                        golds.append(Gold(k, kind, text, question))
                outcome, asked_how = _outcome(k, lang)
                if k < n_tasks - 1:
                    mem.finish_task(task.id, user_id="u", outcome=outcome)
                    golds.append(Gold(k, "outcome", outcome, asked_how))
                clock.now += timedelta(days=2)
            finished = set(ids[:-1])
            before = live_tokens(mem, "u", finished)
            working = {c.id: c.content for c in mem.children(ids[-1]) if c.status == "active"}
            started = time.perf_counter()
            if variant != "none":
                for _ in range(weeks):
                    clock.now += timedelta(days=7)
                    mem.maintain(user_id="u")
            else:
                clock.now += timedelta(days=7 * weeks)
            elapsed = time.perf_counter() - started
            hits = {"user": 0, "task": 0}
            by_kind: dict[str, list[int]] = {}
            for g in golds:
                if g.task == n_tasks - 1:
                    continue  # the active task: untouched in every variant
                for scope in ("user", "task"):
                    res = mem.retrieve(
                        g.question,
                        user_id="u",
                        token_budget=BUDGET,
                        top_k=100,
                        scope=scope,
                        task_id=ids[g.task] if scope == "task" else None,
                        record_access=False,
                    )
                    found = int(g.text in res.context)
                    hits[scope] += found
                    if scope == "user":
                        by_kind.setdefault(g.kind, []).append(found)
            asked = sum(1 for g in golds if g.task != n_tasks - 1)
            summaries = [
                n
                for n in mem.store.user_nodes("u", statuses=["active"])
                if n.node_type == "summary"
            ]
            active_task = mem.get(ids[-1])
            after = live_tokens(mem, "u", finished)
            out[variant] = {
                "gold_recall_user_scope": round(hits["user"] / asked, 4),
                "gold_recall_task_scope": round(hits["task"] / asked, 4),
                "recall_by_kind": {k: round(sum(v) / len(v), 3) for k, v in by_kind.items()},
                "live_tokens_finished_before": before,
                "live_tokens_finished_after": after,
                "live_tokens_cut": round(before / max(after, 1), 2),
                "summaries": len(summaries),
                "active_task_children_live": len(
                    [c for c in mem.children(active_task.id) if c.status == "active"]
                ),
                # every live note of the active task still live and unchanged
                "active_task_untouched": working
                == {
                    c.id: c.content
                    for c in mem.children(active_task.id)
                    if c.status == "active" and c.id in working
                },
                "maintain_seconds_total": round(elapsed, 2),
                "nodes": len(mem.store.user_nodes("u")),
                "maintain_s_per_run_per_1000_nodes": round(
                    1000 * elapsed / max(weeks, 1) / max(len(mem.store.user_nodes("u")), 1), 3
                )
                if variant != "none"
                else None,
            }
        finally:
            mem.close()
            shutil.rmtree(folder, ignore_errors=True)
    return out


def _question(kind: str, text: str) -> str:
    if kind == "decision":
        return "What did we decide about " + text.split("about ", 1)[-1].split(" ourselves")[0]
    if kind == "fact":
        return "What must the " + text.split("that the ", 1)[-1].split(" must")[0] + " be?"
    return "What happened with the " + text.split("The ", 1)[-1].split(" came")[0] + "?"


def main(argv: list[str]) -> None:
    from benchmarks.common import load_embedder

    what = argv[0] if argv else "family"
    emb_name = "default"
    if "--embedder" in argv:
        emb_name = argv[argv.index("--embedder") + 1]
    embedder = load_embedder(emb_name)
    if "--token-share" in argv:
        global TOKEN_SHARE
        TOKEN_SHARE = float(argv[argv.index("--token-share") + 1])
    if what == "locomo":
        limit = int(argv[argv.index("--limit") + 1]) if "--limit" in argv else 2
        path = Path("/work/shared/data/locomo/locomo-dev.json")
        if "--data" in argv:
            path = Path(argv[argv.index("--data") + 1])
        skip = int(argv[argv.index("--skip") + 1]) if "--skip" in argv else 0
        variants = ("fade", "compress")
        if "--variants" in argv:
            variants = tuple(argv[argv.index("--variants") + 1].split(","))
        result = run_locomo(path, limit=limit, embedder=embedder, variants=variants, skip=skip)
        result["token_share"] = TOKEN_SHARE
    else:
        lang = argv[argv.index("--lang") + 1] if "--lang" in argv else "en"
        result = run_family(embedder=embedder, lang=lang)
    result["embedder"] = emb_name
    print(json.dumps(result, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
