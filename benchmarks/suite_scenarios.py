"""Agent scenarios suite: scope, stale values, pollution, forgetting and crash recovery.

Metrics (per family, per method):

- ``hit@1`` / ``hit@3``: a gold node in the top 1 / 3.
- ``sibling_rate`` (sibling): share of top-3 hits that belong to another task.
- ``stale_rate`` (value_change): probes where a superseded value ranks above the current one
  (or shows up while the current one does not).
- ``stale_kept`` (value_change, engine only): superseded values still stored (history kept).
- ``pollution_rate`` (hypothetical): probes where a hypothetical/one-off ranks above the real
  fact (or shows up while the fact does not).
- ``false_forget_rate`` (pruning, active_path; engine only): needed nodes no longer active
  after ``maintain`` under the cap (active_path: after resuming the paused task at its next
  step, and again 90 days later); ``n/a (feature absent)`` when the engine has no
  ``maintain``.
- ``duplicates_in_context`` (repeats): copies of one event sent three times that share the
  top 3 beyond the first (0: one memory answers; 1: all three copies fill the context).
- ``profile_rate`` / ``profile_real_sources`` (recurring, engine only): a distilled profile of
  the theme said in four plain statements exists / cites only stored nodes.

Families: the generator's (:mod:`benchmarks.scenarios`) and the changes' kinds
(:mod:`benchmarks.scenarios_changes`: ``natural_change`` scored by ``stale_rate``,
``venting`` by ``pollution_rate``, ``active_path``, ``repeats``, ``recurring``).
- ``recovery_accuracy`` (crash, engine only): see :mod:`benchmarks.crash`.
- ``tokens``: mean cl100k tokens of the top-3 context.
"""

from __future__ import annotations

import inspect
import math
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Protocol

import numpy as np
from rich.console import Console

from benchmarks.crash import CrashTrial, run_trial
from benchmarks.hybrid import SettableClock, Variant
from benchmarks.lexical import BM25
from benchmarks.metrics import mean
from benchmarks.report import ResultRow, SuiteResult, plot_bars, print_grid, progress
from benchmarks.scenarios import Probe, Scenario
from hybridmem import HybridMemory
from hybridmem.embedding import Embedder
from hybridmem.tokens import count_tokens

TOP_K = 3
_EPOCH = datetime(2025, 1, 1, tzinfo=UTC)
NA_ABSENT = "n/a (feature absent)"


@dataclass(frozen=True)
class Ranked:
    """A retriever's answer to a probe: node ids in rank order and the context's tokens."""

    ids: tuple[str, ...]
    tokens: int


class ScenarioRetriever(Protocol):
    """What the scenario suite needs from a method."""

    name: str

    def load(self, scenario: Scenario) -> None:
        """Ingest the scenario's history."""
        ...

    def ask(self, scenario: Scenario, probe: Probe) -> Ranked:
        """Answer one probe."""
        ...


class FlatBaseline:
    """Dense or BM25 over every node of the user, no tree: what a plain vector memory does."""

    def __init__(self, kind: str, embedder: Embedder) -> None:
        self.name = f"{kind} (flat)"
        self._kind = kind
        self._embedder = embedder
        self._index: dict[str, tuple[list[str], list[str], object]] = {}

    def load(self, scenario: Scenario) -> None:
        """Index the scenario's nodes (task headers included, as a flat store would)."""
        ids = [n.id for n in scenario.nodes]
        texts = [n.content for n in scenario.nodes]
        model: object = BM25(texts) if self._kind == "bm25" else self._embedder.embed(texts)
        # Contexts are rendered like the engine's lines, so token counts compare.
        lines = [f"[{n.node_type} · {n.created_at:%Y-%m-%d}] {n.content}" for n in scenario.nodes]
        self._index[scenario.id] = (ids, lines, model)

    def ask(self, scenario: Scenario, probe: Probe) -> Ranked:
        """Top-3 by score."""
        ids, lines, model = self._index[scenario.id]
        if isinstance(model, BM25):
            scores = model.scores(probe.query)
        else:
            scores = np.asarray(model) @ self._embedder.embed([probe.query])[0]
        order = [int(i) for i in np.argsort(-scores, kind="stable")][:TOP_K]
        context = "\n".join(lines[i] for i in order)
        return Ranked(tuple(ids[i] for i in order), count_tokens(context))


class EngineRetriever:
    """hybridmem: each scenario is its own user in one store; probes pass the active task.

    The history is written as an agent writes it, without naming ids (so a repeated event can
    reinforce the node it repeats); ``real`` maps each scenario id to the node it became and
    answers are mapped back to scenario ids (a merged repeat answers as its first mention).
    """

    def __init__(self, variant: Variant, embedder: Embedder, workdir: Path) -> None:
        self.name = variant.name
        self.clock = SettableClock(_EPOCH)
        self.mem = HybridMemory(
            workdir / variant.name, embedder=embedder, config=variant.config, clock=self.clock
        )
        self.real: dict[str, dict[str, str]] = {}
        self._back: dict[str, dict[str, str]] = {}

    def load(self, scenario: Scenario) -> None:
        """Write the history in time order, moving the clock along with it."""
        real = self.real[scenario.id] = {}
        back = self._back[scenario.id] = {}
        for node in sorted(scenario.nodes, key=lambda n: n.created_at):
            self.clock.now = node.created_at
            (written,) = self.mem.add_many(
                [
                    {
                        "content": node.content,
                        "parent_id": real.get(node.parent_id or ""),
                        "node_type": node.node_type,
                        "created_at": node.created_at,
                        "source_id": node.id,
                        "importance": node.importance,
                    }
                ],
                user_id=scenario.id,
            )
            real[node.id] = written.id
            back.setdefault(written.id, node.id)

    def node_id(self, scenario: Scenario, sid: str) -> str:
        """The stored node a scenario id became."""
        return self.real[scenario.id].get(sid, sid)

    def ask(self, scenario: Scenario, probe: Probe) -> Ranked:
        """Retrieve at the scenario's ``now`` with the probe's task as scope."""
        self.clock.now = scenario.now
        task = self.node_id(scenario, probe.task_id) if probe.task_id else None
        res = self.mem.retrieve(probe.query, user_id=scenario.id, task_id=task, top_k=TOP_K)
        back = self._back[scenario.id]
        return Ranked(tuple(back.get(h.node.id, h.node.id) for h in res.hits), res.tokens)

    def close(self) -> None:
        """Close the store."""
        self.mem.close()


def _rank_of(ids: Sequence[str], wanted: frozenset[str]) -> int:
    for i, x in enumerate(ids):
        if x in wanted:
            return i
    return math.inf  # type: ignore[return-value]


def _beats(ids: Sequence[str], bad: frozenset[str], good: frozenset[str]) -> float:
    """1.0 when a ``bad`` id ranks above every ``good`` id (absent good counts as last)."""
    return float(_rank_of(ids, bad) < _rank_of(ids, good))


def _task_of(scenario: Scenario) -> dict[str, str]:
    parent = {n.id: n.parent_id for n in scenario.nodes}
    kinds = {n.id: n.node_type for n in scenario.nodes}
    out = {}
    for nid in parent:
        cur: str | None = nid
        while cur is not None and kinds.get(cur) != "task":
            cur = parent.get(cur)
        out[nid] = cur or ""
    return out


def try_maintain(mem: HybridMemory, cap: int) -> str | None:
    """Run the engine's forgetting under ``cap`` nodes if it has any; return how, or None."""
    maintain = getattr(mem, "maintain", None)
    if not callable(maintain):
        return None
    params = inspect.signature(maintain).parameters
    for name in ("max_nodes", "node_cap", "cap"):
        if name in params:
            maintain(**{name: cap})
            return f"maintain({name}={cap})"
    maintain()
    return "maintain() (no cap argument: the engine's configured cap applies)"


def run_scenarios(
    scenarios: Sequence[Scenario],
    retrievers: Sequence[ScenarioRetriever],
    *,
    crash_trials: int = 0,
    crash_embedder: str = "hash",
    crash_steps: int = 80,
    seed: int = 7,
    console: Console | None = None,
) -> SuiteResult:
    """Run every family with every retriever, then the crash trials."""
    console = console or Console()
    values: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    notes: list[str] = []
    with progress(console) as bar:
        for r in retrievers:
            task = bar.add_task(f"scenarios · {r.name}", total=len(scenarios))
            for sc in scenarios:
                r.load(sc)
                owner = _task_of(sc)
                for pr in sc.probes:
                    ans = r.ask(sc, pr)
                    key = (r.name, sc.family)
                    values[(*key, "hit@1")].append(float(bool(set(ans.ids[:1]) & pr.gold)))
                    values[(*key, "hit@3")].append(float(bool(set(ans.ids[:3]) & pr.gold)))
                    values[(*key, "tokens")].append(float(ans.tokens))
                    if sc.family == "sibling" and ans.ids:
                        others = [i for i in ans.ids if owner.get(i, "") != pr.task_id]
                        values[(*key, "sibling_rate")].append(len(others) / len(ans.ids))
                    if pr.stale:
                        values[(*key, "stale_rate")].append(_beats(ans.ids, pr.stale, pr.gold))
                    if pr.polluters:
                        values[(*key, "pollution_rate")].append(
                            _beats(ans.ids, pr.polluters, pr.gold)
                        )
                    if sc.family == "repeats" and len(pr.gold) > 1:
                        # Copies of the one event packed into the context beyond the first.
                        copies = len(set(ans.ids) & pr.gold)
                        values[(*key, "duplicates_in_context")].append(
                            max(copies - 1, 0) / (len(pr.gold) - 1)
                        )
                if isinstance(r, EngineRetriever):
                    _engine_extras(r, sc, values, notes)
                bar.advance(task)
        trials: list[CrashTrial] = []
        if crash_trials:
            task = bar.add_task("scenarios · crash/resume", total=crash_trials)
            with tempfile.TemporaryDirectory(prefix="hm-crash-") as tmp:
                for i in range(crash_trials):
                    trials.append(
                        run_trial(
                            Path(tmp), seed * 1000 + i, steps=crash_steps, embedder=crash_embedder
                        )
                    )
                    bar.advance(task)
    rows = [
        ResultRow(m, metric, family, {"value": mean(v)}, len(v))
        for (m, family, metric), v in values.items()
    ]
    forgets = any(sc.family in ("pruning", "active_path") for sc in scenarios)
    for r in retrievers:
        # "Feature absent" only where forgetting was asked for (a scenario file may have none).
        if (
            forgets
            and isinstance(r, EngineRetriever)
            and not any(x.method == r.name and x.setting == "false_forget_rate" for x in rows)
        ):
            rows.append(ResultRow(r.name, "false_forget_rate", "pruning", {"value": math.nan}, 0))
    if trials:
        name = next((r.name for r in retrievers if isinstance(r, EngineRetriever)), "hybridmem")
        rows.append(
            ResultRow(
                name,
                "recovery_accuracy",
                "crash",
                {"value": mean(float(t.correct) for t in trials)},
                len(trials),
            )
        )
    return SuiteResult(
        "scenarios",
        tuple(rows),
        settings={
            "top_k": TOP_K,
            "scenarios": len(scenarios),
            "seed": seed,
            "crash_trials": crash_trials,
            "crash_steps": crash_steps,
            "crash_embedder": crash_embedder,
        },
        notes=(
            *dict.fromkeys(notes),
            "Rows: setting = metric name, group = scenario family, metrics.value = figure; "
            "NaN (null) = not measured: " + NA_ABSENT + " for engine features not built yet.",
        ),
        extra={"crash_trials": [t.__dict__ for t in trials]},
    )


def _engine_extras(
    r: EngineRetriever,
    sc: Scenario,
    values: dict[tuple[str, str, str], list[float]],
    notes: list[str],
) -> None:
    key = (r.name, sc.family)
    if sc.family == "value_change":
        for pr in sc.probes:
            for sid in pr.stale:
                try:
                    r.mem.get(r.node_id(sc, sid), user_id=sc.id)
                    values[(*key, "stale_kept")].append(1.0)
                except KeyError:
                    values[(*key, "stale_kept")].append(0.0)
    if sc.family in ("pruning", "active_path"):
        r.clock.now = sc.now
        if sc.family == "active_path":
            # The paused task is resumed at its next step, then forgotten around under the
            # cap, then maintained again 90 days later.
            r.mem.set_active(r.node_id(sc, f"{sc.id}.step"), user_id=sc.id)
        how = try_maintain(r.mem, sc.cap)
        if how is None:
            notes.append(f"false_forget_rate: {NA_ABSENT} (HybridMemory has no maintain())")
            return
        notes.append(f"{sc.family} ran {how}")
        if sc.family == "active_path":
            r.clock.now = sc.now + timedelta(days=90)
            r.mem.maintain(user_id=sc.id)
            r.clock.now = sc.now
        for nid in sc.needed:
            try:
                alive = r.mem.get(r.node_id(sc, nid), user_id=sc.id).status == "active"
            except KeyError:
                alive = False
            values[(*key, "false_forget_rate")].append(0.0 if alive else 1.0)
        for pr in sc.probes:
            ans = r.ask(sc, pr)
            values[(*key, "hit@3_after_pruning")].append(float(bool(set(ans.ids) & pr.gold)))
    if sc.family == "recurring":
        r.clock.now = sc.now
        r.mem.maintain(user_id=sc.id)
        sources = {r.node_id(sc, nid) for nid in sc.needed}
        live = [
            x.node
            for x in r.mem.inspect(user_id=sc.id, node_types=["profile"])
            if x.node.status == "active"
        ]
        cited = [set(p.metadata.get("derived_from", [])) for p in live]
        values[(*key, "profile_rate")].append(float(any(c & sources for c in cited)))
        real = set(r.real[sc.id].values())
        values[(*key, "profile_real_sources")].extend(float(c <= real) for c in cited)


SCENARIO_METRICS = (
    "hit@1",
    "hit@3",
    "sibling_rate",
    "stale_rate",
    "stale_kept",
    "pollution_rate",
    "duplicates_in_context",
    "false_forget_rate",
    "hit@3_after_pruning",
    "profile_rate",
    "profile_real_sources",
    "recovery_accuracy",
    "tokens",
)


def show_and_plot(result: SuiteResult, out_dir: Path, console: Console) -> list[Path]:
    """One table per family (methods × metrics) and a hit@1 bar chart per family."""
    families = list(dict.fromkeys(r.group for r in result.rows))
    for fam in families:
        metrics = [
            m
            for m in SCENARIO_METRICS
            if any(r.group == fam and r.setting == m for r in result.rows)
        ]
        print_grid(
            console, result, title=f"scenarios · {fam}", group=fam, settings=metrics, metric="value"
        )
    bars = {
        fam: {
            r.method: r.metrics["value"]
            for r in result.rows
            if r.group == fam and r.setting == "hit@1"
        }
        for fam in families
        if fam != "crash"
    }
    return [
        plot_bars(
            out_dir / "scenarios_hit1.png",
            bars,
            title="Scenarios: hit@1 per family",
            ylabel="hit@1",
        )
    ]
