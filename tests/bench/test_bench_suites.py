"""Smoke runs of every suite on a slice with the hash embedder: correctness, not speed.

Each run goes through the real CLI (Typer) and checks that the table, ``results.json`` and the
plots are produced and that the figures are sane (fractions in [0, 1], full context at 1).
Timings are never asserted.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from benchmarks.cli import app
from benchmarks.scenarios import FAMILIES, generate
from benchmarks.scenarios_changes import FAMILIES as CHANGE_FAMILIES
from tests.bench_support import LOCOMO, MADIAL, needs_locomo, needs_madial

runner = CliRunner()


def _invoke(*args: str) -> dict:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = Path(args[args.index("--out") + 1])
    return json.loads((out / "results.json").read_text(encoding="utf-8"))


def _value(data: dict, method: str, setting: str, group: str, metric: str) -> float:
    for row in data["rows"]:
        if (row["method"], row["setting"], row["group"]) == (method, setting, group):
            v = row["metrics"][metric]
            return math.nan if v is None else v
    raise KeyError((method, setting, group))


def test_every_command_has_help():
    for cmd in ("locomo", "madial", "scenarios", "perf", "server", "all"):
        result = runner.invoke(app, [cmd, "--help"])
        assert result.exit_code == 0 and "--out" in result.output


@pytest.mark.slow(30)
@needs_locomo
def test_locomo_smoke(tmp_path):
    out = tmp_path / "locomo"
    data = _invoke(
        "locomo",
        "--data",
        str(LOCOMO),
        "--out",
        str(out),
        "--limit",
        "2",
        "--questions",
        "8",
        "--embedder",
        "hash",
    )
    assert (out / "recall_vs_budget.png").stat().st_size > 0
    assert (out / "per_category.png").stat().st_size > 0
    methods = {r["method"] for r in data["rows"]}
    assert {
        "full-context",
        "recency",
        "bm25",
        "dense",
        "rrf(bm25+dense)",
        "hybridmem",
        "hm-no-tree",
        "hm-no-lexical",
        "hm-no-weights",
    } <= methods
    assert _value(data, "full-context", "B=1000", "cat1-4", "frac") == 1.0
    assert _value(data, "full-context", "B=1000", "cat1-4", "compression") == 1.0
    for row in data["rows"]:
        m = row["metrics"]
        assert 0.0 <= m["frac"] <= 1.0 and m["all"] <= m["frac"] <= m["any"] + 1e-9
        if row["setting"].startswith("B=") and row["method"] != "full-context":
            assert m["tokens"] <= int(row["setting"][2:])
    assert _value(data, "bm25", "B=1000", "cat1-4", "frac") > 0.2
    assert _value(data, "hybridmem", "B=1000", "cat1-4", "frac") > 0.2
    assert data["extra"]["evidence_repaired"]


@needs_madial
def test_madial_smoke(tmp_path):
    out = tmp_path / "madial"
    data = _invoke(
        "madial", "--data", str(MADIAL), "--out", str(out), "--limit", "6", "--embedder", "hash"
    )
    assert (out / "hit_at_k.png").is_file()
    groups = {r["group"] for r in data["rows"]}
    assert groups == {"en", "zh"}
    for row in data["rows"]:
        assert 0.0 <= row["metrics"]["recall"] <= row["metrics"]["hit"] <= 1.0
    assert _value(data, "bigram", "k=5", "zh", "hit") > 0
    assert data["settings"]["data"] == str(MADIAL) or data["settings"]["data"].startswith("$DATA")
    # The docs' plots are redrawn from a committed results.json, without running anything.
    again = runner.invoke(app, ["plot", str(out / "results.json"), "--out", str(tmp_path / "p")])
    assert again.exit_code == 0, again.output
    assert (tmp_path / "p" / "hit_at_k.png").stat().st_size > 0
    bad = tmp_path / "x.json"
    bad.write_text("[]")
    assert runner.invoke(app, ["plot", str(bad)]).exit_code == 2


@pytest.mark.slow(59)
def test_scenarios_smoke(tmp_path):
    out = tmp_path / "scen"
    data = _invoke(
        "scenarios",
        "--out",
        str(out),
        "--per-family",
        "1",
        "--crash-trials",
        "1",
        "--embedder",
        "hash",
    )
    assert (out / "scenarios_hit1.png").is_file()
    families = {r["group"] for r in data["rows"]}
    assert set(FAMILIES) | set(CHANGE_FAMILIES) | {"crash"} <= families
    # One event sent three times: the flat store packs the copies, the engine one memory.
    assert _value(data, "hybridmem", "duplicates_in_context", "repeats", "value") == 0.0
    assert _value(data, "bm25 (flat)", "duplicates_in_context", "repeats", "value") > 0.0
    # The resumed task's next step survives the cap and 90 more days.
    assert _value(data, "hybridmem", "false_forget_rate", "active_path", "value") == 0.0
    # The tree scope is what separates sibling tasks: the engine must beat the flat baseline.
    assert _value(data, "hybridmem", "sibling_rate", "sibling", "value") < _value(
        data, "bm25 (flat)", "sibling_rate", "sibling", "value"
    )
    # One SIGKILL crash-and-resume trial (a child process): the active step must come back.
    assert _value(data, "hybridmem", "recovery_accuracy", "crash", "value") == 1.0
    assert all(t["correct"] for t in data["extra"]["crash_trials"]), data["extra"]
    ff = _value(data, "hybridmem", "false_forget_rate", "pruning", "value")
    assert math.isnan(ff) or 0.0 <= ff <= 1.0
    if math.isnan(ff):
        assert any("feature absent" in n for n in data["notes"])


def test_perf_smoke(tmp_path):
    out = tmp_path / "perf"
    data = _invoke(
        "perf",
        "--out",
        str(out),
        "--sizes",
        "150",
        "--queries",
        "5",
        "--embedder",
        "hash",
        "--rounds",
        "2",
        "--threads",
        "1,2",
        "--mix",
        "mixed,events",
    )
    assert (out / "latency_vs_size.png").is_file()
    methods = {r["method"] for r in data["rows"]}
    assert methods == {"hybridmem", "bare chroma", "ratio hybridmem/bare"}
    assert {r["group"] for r in data["rows"]} == {"mixed", "events"}
    for row in data["rows"]:
        assert all(v is None or v > 0 for v in row["metrics"].values())
        if row["method"] == "hybridmem":
            m = row["metrics"]
            # The spread brackets the median of the rounds.
            assert m["retrieve_p50_excl_ms_min"] <= m["retrieve_p50_excl_ms"]
            assert m["retrieve_p50_excl_ms"] <= m["retrieve_p50_excl_ms_max"]
            assert m["qps_1_threads"] > 0 and m["qps_2_threads"] > 0
    ratios = [r for r in data["rows"] if r["method"].startswith("ratio")]
    assert all(r["metrics"]["peak_rss_mb"] > 0 for r in ratios)


def test_perf_reports_progress_inside_a_size(tmp_path):
    """A long size (100k nodes ingest for many minutes) moves its own bar: one tick per ingest
    batch, the warm-up, each timed round and each thread count, as many as the bar's total."""
    from benchmarks.suite_perf import measure_size, size_steps
    from hybridmem.embedding import make_embedder

    phases: list[str] = []
    measure_size(
        150,
        make_embedder("hash"),
        tmp_path,
        queries=3,
        rounds=2,
        batch=100,
        threads=(1,),
        tick=phases.append,
    )
    assert phases == ["ingest", "ingest", "warm-up", "timed rounds", "timed rounds", "threads"]
    assert len(phases) == size_steps(150, rounds=2, threads=(1,), batch=100)


def test_perf_mix_has_facts_and_preferences():
    from benchmarks.suite_perf import node_types

    kinds = node_types(600, "mixed")
    assert kinds.count("fact") + kinds.count("preference") == 200
    assert node_types(10, "events") == ["event"] * 10


def test_server_bench_smoke(tmp_path):
    result = runner.invoke(
        app,
        [
            "server",
            "--out",
            str(tmp_path),
            "--nodes",
            "150",
            "--requests",
            "12",
            "--clients",
            "1,3",
            "--embedder",
            "hash",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "server.json").read_text(encoding="utf-8"))
    cells = {(r["method"], r["setting"]) for r in data["rows"]}
    for method in ("in-process retrieve", "HTTP POST /v1/search"):
        assert {(method, "1 clients"), (method, "3 clients")} <= cells
    for row in data["rows"]:
        if "requests" in row["metrics"]:
            assert row["metrics"]["requests"] == 12  # every request answered
            assert 0 < row["metrics"]["p50_ms"] <= row["metrics"]["p95_ms"]


def test_scenarios_are_seeded_and_bilingual():
    a, b = generate(3, 2), generate(3, 2)
    assert a == b
    assert a != generate(4, 2)
    assert {s.lang for s in a} == {"en", "zh"}
    for s in a:
        ids = {n.id for n in s.nodes}
        for p in s.probes:
            assert p.gold <= ids and p.stale <= ids and p.polluters <= ids


@pytest.mark.slow(84)
@pytest.mark.real_model
@needs_locomo
def test_locomo_one_conversation_with_the_real_model(tmp_path):
    out = tmp_path / "real"
    data = _invoke(
        "locomo",
        "--data",
        str(LOCOMO),
        "--out",
        str(out),
        "--limit",
        "1",
        "--questions",
        "15",
        "--methods",
        "all",
        "--k",
        "10",
        "--budgets",
        "1000",
    )
    # The dense baseline with all-MiniLM-L6-v2 lands near 0.6 on the full set; a 15-question
    # slice is noisy, so only guard against a broken pipeline.
    assert _value(data, "dense", "B=1000", "cat1-4", "frac") > 0.3
    assert _value(data, "hybridmem", "B=1000", "cat1-4", "frac") > 0.3


@needs_locomo
def test_packing_from_one_ranking_equals_direct_engine_calls():
    """The frozen-access shortcut must give exactly what retrieve(top_k, token_budget) gives."""
    from benchmarks.hybrid import HybridMethod, default_variants
    from benchmarks.locomo_data import load_locomo
    from benchmarks.suite_locomo import build_corpus

    ds = load_locomo(LOCOMO, limit=1, questions_per_conversation=4)
    corpus = build_corpus(ds.conversations[0])
    # One engine for both paths: two separately built HNSW indexes may order near-ties
    # differently, which is not what this test is about. Frozen access keeps reads pure.
    shortcut = HybridMethod(default_variants()[0], "hash")
    shortcut.prepare([corpus])
    try:
        for q in ds.conversations[0].questions:
            for k, budget in ((5, None), (25, None), (None, 500), (None, 2000)):
                a = shortcut.select(corpus, q.question, k=k, budget=budget)
                res = shortcut.retrieve(corpus, q.question, top_k=k or 10_000, token_budget=budget)
                assert a.context == res.context and a.tokens == res.tokens
    finally:
        shortcut.close()
