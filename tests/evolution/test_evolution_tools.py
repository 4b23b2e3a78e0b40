"""Conflict policy details, the inspector and its CLI, probes, and the LLM distiller."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.cli import app
from hybridmem.errors import InvalidArgumentError, LLMOutputError, LLMUnavailableError
from hybridmem.evolution.llm import ChatClient, LLMDistiller, LLMSettings, parse_traits
from hybridmem.testing.fake_llm import FakeLLMServer

U = "u1"


def test_clearly_more_confident_supersedes_at_once(mem: HybridMemory, clock):
    old = mem.add("I live in Hangzhou.", node_type="fact", user_id=U, confidence=0.6)
    clock.advance(hours=1)
    new = mem.add("I live in Suzhou.", node_type="fact", user_id=U, confidence=0.95)
    assert new.status == "active" and new.metadata["supersedes"] == old.id
    archived = mem.get(old.id)
    assert (
        archived.status == "archived"
        and "clearly more confident" in (archived.metadata["archived_reason"])
    )


def test_low_confidence_is_candidate_and_restatement_reinforces(mem: HybridMemory, clock):
    city = mem.add("I live in Hangzhou.", node_type="fact", user_id=U)
    guess = mem.add("I live in Ningbo.", node_type="fact", user_id=U, confidence=0.3)
    assert guess.status == "candidate"
    clock.advance(days=1)
    again = mem.add("I live in Hangzhou.", node_type="fact", user_id=U, source_id="chat-9")
    # An exact repeat is no second node: it reinforces the one it repeats.
    assert again.id == city.id
    renewed = mem.get(city.id)
    assert renewed.metadata["mentions"] == 2 and renewed.confidence > city.confidence
    assert [p.get("source_id") for p in renewed.metadata["provenance"]] == [None, "chat-9"]
    assert renewed.last_accessed_at == clock()  # passive renewal by restatement


def test_similarity_joins_a_group_without_any_slot(mem: HybridMemory, clock):
    # No lexicon slot here; the embeddings are close enough to be one attribute.
    a = mem.add("My gym membership is at the FitHub club downtown", node_type="fact", user_id=U)
    assert a.conflict_group is None
    clock.advance(days=1)
    b = mem.add(
        "My gym membership is now at the IronWorks club downtown", node_type="fact", user_id=U
    )
    assert b.conflict_group == f"sim:{a.id}" and mem.get(a.id).conflict_group == b.conflict_group
    assert mem.current_value(b.conflict_group, user_id=U).id == b.id
    unrelated = mem.add("My sister plays the cello", node_type="fact", user_id=U)
    assert unrelated.conflict_group is None


def test_lifecycle_half_life_reaches_retrieval(mem: HybridMemory, clock):
    fact = mem.add("The office wifi password is blue-otter", node_type="fact", user_id=U)
    event = mem.add("The office wifi was down this morning", user_id=U)
    clock.advance(days=14)
    hits = {h.node.id: h for h in mem.retrieve("office wifi", user_id=U).hits}
    half = mem.config.evolution.half_lives

    def own(node_id: str) -> float:
        """Priors count at the node's own relevance (issue 38): recency is decay x it."""
        b = hits[node_id].breakdown
        w, f = b.weights, b.features
        return (w["similarity"] * f["similarity"] + w["lexical"] * f["lexical"]) / (
            w["similarity"] + w["lexical"]
        )

    assert own(event.id) > 0 and own(fact.id) > 0
    assert hits[event.id].breakdown.features["recency"] == pytest.approx(
        0.5 ** (14 / half.short_term) * own(event.id)
    )
    assert hits[fact.id].breakdown.features["recency"] == pytest.approx(
        0.5 ** (14 / half.long_term) * own(fact.id)
    )


def test_inspector_shows_why(mem: HybridMemory, clock):
    mem.add("I live in Shanghai.", node_type="fact", user_id=U)
    mem.add("What if I moved to Chengdu?", node_type="fact", user_id=U)
    mem.add("Another user's note", user_id="u2")
    rows = mem.inspect(user_id=U)
    assert {r.node.user_id for r in rows} == {U}
    assert rows[0].node.parent_id is None  # tree order: the root first
    cand = next(r for r in rows if "Chengdu" in r.node.content)
    assert cand.node.status == "candidate" and "hypothetical" in cand.why
    assert cand.group_current is False
    home = next(r for r in rows if "Shanghai" in r.node.content)
    assert home.group_current is True and 0 < home.weight <= 1
    assert [r.node.content for r in mem.inspect(user_id=U, statuses=["candidate"])] == [
        "What if I moved to Chengdu?"
    ]
    assert mem.inspect(user_id=U, group="user.residence", lifecycles=["long_term"]) == [home]


def test_cli_inspect_and_maintain(tmp_path, clock):
    path = tmp_path / "cli"
    with HybridMemory(path, embedder=HashEmbedder(64), clock=clock) as mem:
        mem.add("I work in the east part of town.", node_type="fact", user_id=U)
        mem.add("My order number is 1299.", node_type="fact", user_id=U)
        mem.add("What if I moved to Chengdu?", node_type="fact", user_id=U)
    runner = CliRunner()
    base = ["--db", str(path), "--embedder", "hybridmem/hash-v1-64"]
    out = runner.invoke(app, ["inspect", *base, "--user", U, "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)
    assert {r["node"]["status"] for r in rows} == {"active", "candidate"}
    only = runner.invoke(app, ["inspect", *base, "--user", U, "--status", "candidate", "--json"])
    assert [r["node"]["content"] for r in json.loads(only.output)] == [
        "What if I moved to Chengdu?"
    ]
    table = runner.invoke(app, ["inspect", *base, "--user", U])
    assert table.exit_code == 0 and "memory of u1: 4 nodes" in table.output
    later = "2030-01-01T00:00:00+00:00"
    dry = runner.invoke(app, ["maintain", *base, "--dry-run", "--now", later, "--json"])
    assert dry.exit_code == 0, dry.output
    planned = json.loads(dry.output)
    assert planned["dry_run"] is True and planned["actions"]
    again = runner.invoke(app, ["maintain", *base, "--dry-run", "--now", later, "--json"])
    assert json.loads(again.output)["actions"] == planned["actions"]  # nothing was written
    real = runner.invoke(app, ["maintain", *base, "--now", later])
    assert real.exit_code == 0 and "fade" in real.output


def test_probe_reports_weight_tier_status_over_time(mem: HybridMemory, clock):
    probe = mem.add_probe(user_id=U)
    marker = probe.metadata["probe"]
    assert marker in probe.content
    weights = []
    for _ in range(4):
        clock.advance(days=10)
        mem.maintain()
        weights.append(mem.probe_report(user_id=U)[0].now.weight)
    report = mem.probe_report(user_id=U)[0]
    assert report.marker == marker and len(report.readings) == 4
    assert [r.weight for r in report.readings] == pytest.approx(weights, abs=1e-4)
    assert weights == sorted(weights, reverse=True)  # decaying, never used
    assert report.readings[-1].tier == "long_term" and report.readings[-1].status == "active"


DIET = ["I'm on a diet these days.", "Still on my diet, skipped dessert.", "My diet works."]


def test_llm_distiller_against_local_fake_server(mem: HybridMemory, clock):
    ids = [mem.add(t, user_id=U).id for t in DIET]
    with FakeLLMServer() as server:
        distiller = LLMDistiller(ChatClient(LLMSettings(base_url=server.base_url)))
        report = mem.maintain(distiller=distiller)
        assert server.requests and server.requests[0]["messages"][0]["role"] == "system"
    created = next(a for a in report.actions if a.action == "distil_create")
    profile = mem.get(created.node_id)
    assert profile.content == f"The user says: {DIET[0]}"
    assert profile.metadata["distiller"] == "llm" and profile.metadata["cited"] == ids
    assert distiller.rejected == 0


def test_llm_output_citing_no_source_is_rejected(mem: HybridMemory):
    for t in DIET:
        mem.add(t, user_id=U)
    invented = {"updated_traits": [{"text": "The user loves life", "sources": ["nope"]}]}
    with FakeLLMServer(lambda messages: json.dumps(invented)) as server:
        distiller = LLMDistiller(ChatClient(LLMSettings(base_url=server.base_url)))
        report = mem.maintain(distiller=distiller)
    assert distiller.rejected == 1
    created = next(a for a in report.actions if a.action == "distil_create")
    text = mem.get(created.node_id).content
    assert "loves life" not in text and "diet" in text  # the extractive fallback
    with pytest.raises(LLMOutputError, match="cit"):
        parse_traits(json.dumps(invented), {"a"})
    with pytest.raises(LLMOutputError, match="not JSON"):
        parse_traits("sure! here you go", {"a"})


def test_llm_settings_and_unreachable_endpoint(monkeypatch):
    with pytest.raises(InvalidArgumentError, match="http"):
        LLMSettings(base_url="ftp://x")
    monkeypatch.setenv("HYBRIDMEM_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    settings = LLMSettings.from_env()
    assert settings is not None and settings.base_url.endswith("/v1")
    client = ChatClient(LLMSettings(base_url="http://127.0.0.1:9/v1", timeout_s=2))
    with pytest.raises(LLMUnavailableError):
        client.complete("s", "u")


def test_every_evolution_change_is_in_the_op_log(mem: HybridMemory, clock):
    old = mem.add("I live in Hangzhou.", node_type="fact", user_id=U, confidence=0.6)
    new = mem.add("I live in Suzhou.", node_type="fact", user_id=U, confidence=0.95)
    clock.advance(days=400)
    mem.maintain()
    con = sqlite3.connect(mem.path / "memory.sqlite3")
    try:
        rows = con.execute(
            "SELECT op, node_id, payload FROM oplog WHERE op IN ('evolve', 'maintain')"
        ).fetchall()
    finally:
        con.close()
    actions = {(op, node, json.loads(payload)["action"]) for op, node, payload in rows}
    assert ("evolve", old.id, "supersede") in actions
    assert ("maintain", new.id, "promote") in actions


def test_hypothetical_episode_is_kept_with_less_weight(mem: HybridMemory):
    plain = mem.add("I went to Chengdu last spring.", user_id=U)
    what_if = mem.add("What if I moved to Chengdu?", user_id=U)
    assert what_if.status == "active" and what_if.marks["speech_act"] == "hypothetical"
    assert what_if.importance == pytest.approx(plain.importance * 0.5)
