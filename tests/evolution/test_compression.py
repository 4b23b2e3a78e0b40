"""Finished work folds into sourced summaries instead of fading (issue 32).

Real SQLite and Chroma in tmp_path, the hash embedder, time injected: what an agent running
maintenance for months relies on.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from typer.testing import CliRunner

from hybridmem import FakeClock, HashEmbedder, HybridMemory, MemoryConfig
from hybridmem.cli import app
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.maintain.summarize import LLMSummarizer, Material, near_duplicate
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.testing.checks import find_bytes

U = "u1"
MARK = "Quorvantilex"
FILLER = (
    "Checked the claim page again",
    "Waiting for a reply from finance",
    "Opened the shared expenses folder",
    "Read through the travel policy once more",
    "Pinged the team channel about the claim",
    "Refreshed the expenses dashboard",
    "Looked at the calendar for the deadline",
    "Saved a draft of the cover note",
    "Asked a colleague how long refunds take",
    "Renamed the scanned files",
    "Printed the boarding passes for the folder",
    "Sorted the receipts by date",
)


def _task(mem: HybridMemory, title: str = "Reimburse the Berlin trip", filler: int = 12) -> dict:
    task = mem.add(title, node_type="task", user_id=U)
    ids = {"task": task.id}
    ids["returned"] = mem.add(
        "The hotel invoice was returned because the scan was unreadable",
        parent_id=task.id,
        user_id=U,
    ).id
    ids["decision"] = mem.add(
        "Decided to rescan every invoice at 300 DPI",
        node_type="decision",
        parent_id=task.id,
        user_id=U,
    ).id
    ids["fact"] = mem.add(
        "The finance portal rejects scans below 300 DPI",
        node_type="fact",
        parent_id=task.id,
        user_id=U,
    ).id
    for i in range(filler):
        mem.add(
            FILLER[i % len(FILLER)] + f" ({title.split()[0].lower()})", parent_id=task.id, user_id=U
        )
    ids["state"] = mem.add(
        "Claim resubmitted with the new scans",
        node_type="state",
        parent_id=task.id,
        user_id=U,
        activate=False,
    ).id
    return ids


def _summary(mem: HybridMemory, task_id: str) -> list:
    return [n for n in mem.children(task_id) if n.node_type == "summary"]


def test_finish_task_is_an_op_shown_everywhere(mem: HybridMemory, clock: FakeClock):
    ids = _task(mem, filler=2)
    assert mem.active_node(user_id=U).id == ids["task"]
    task = mem.finish_task(ids["task"], user_id=U, outcome="Reimbursed 412 EUR")
    assert task.metadata["finished_at"].startswith(clock().date().isoformat())
    outcome = mem.get(task.metadata["outcome_id"])
    assert (outcome.node_type, outcome.content, outcome.parent_id) == (
        "outcome",
        "Reimbursed 412 EUR",
        task.id,
    )
    # A finished task is no longer the one the agent is on.
    assert mem.active_node(user_id=U) is None
    assert [r.op for r in mem.history(task.id)][-1] == "finish"
    assert any(e.action == "finish" for e in mem.audit_trail(task.id))
    with pytest.raises(InvalidArgumentError, match="already finished"):
        mem.finish_task(task.id, user_id=U)
    with pytest.raises(InvalidArgumentError, match="not a task"):
        mem.finish_task(ids["returned"], user_id=U)


def test_cli_task_finish_and_tree_mark(tmp_path):
    db = tmp_path / "m"
    with HybridMemory(db, embedder="hash") as m:
        task = m.add("Renew the lease", node_type="task", user_id="default")
    runner = CliRunner()
    env = {"COLUMNS": "200"}
    done = runner.invoke(
        app,
        [
            "task",
            "finish",
            task.id[-8:],
            "--outcome",
            "Signed",
            "--db",
            str(db),
            "--embedder",
            "hash",
            "--json",
        ],
        env=env,
    )
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["metadata"]["finished_at"]
    tree = runner.invoke(app, ["tree", "--db", str(db), "--embedder", "hash"], env=env)
    assert tree.exit_code == 0 and "finished" in tree.output


def test_finished_task_folds_into_one_sourced_summary(mem: HybridMemory, clock: FakeClock):
    ids = _task(mem)
    mem.finish_task(ids["task"], user_id=U, outcome="Reimbursed 412 EUR")
    other = mem.add("Plan the Q3 offsite", node_type="task", user_id=U)
    clock.advance(days=1)
    report = mem.maintain()
    assert report.counts["compress_create"] == 1
    (summary,) = _summary(mem, ids["task"])
    text = summary.content
    # Outcome, final state and every decision, whatever the budget; the fact learned stays
    # live beside it, cited and not repeated (the live set holds it once).
    for needed in ("Reimbursed 412 EUR", "Decided to rescan", "Claim resubmitted"):
        assert needed in text
    assert "rejects scans" not in text and ids["fact"] in summary.metadata["derived_from"]
    # Key events only within a quarter of the sources' tokens (summary_token_share): here
    # the lines above fill it, and the episode stays reachable through the summary.
    assert ids["returned"] in summary.metadata["derived_from"]
    # Every line cites sources, all of them nodes of the task.
    lines = summary.metadata["lines"]
    assert len(lines) == len(text.splitlines()) and all(lines)
    members = {n.id for n in mem.subtree(ids["task"])}
    assert {i for line in lines for i in line} <= members
    # Sources archived with a pointer to the summary; the fact stays live.
    children = [n for n in mem.children(ids["task"]) if n.id != summary.id]
    archived = [n for n in children if n.status == "archived"]
    assert len(archived) == len(children) - 1
    assert all(n.metadata["summary_id"] == summary.id for n in archived)
    assert mem.get(ids["fact"]).status == "active"
    # Far fewer live tokens than the task held.
    count = mem.counter.count
    assert count(text) < 0.8 * sum(count(n.content) for n in children)
    # Found from another task (scope="user") and, with task_id=, down to an archived detail.
    mem.set_active(other.id, user_id=U)
    res = mem.retrieve("why was the hotel invoice returned?", user_id=U, scope="user")
    assert "hotel invoice" in res.context
    detail = mem.retrieve(
        "hotel invoice scan unreadable", user_id=U, task_id=ids["task"], token_budget=200
    )
    assert any(h.node.id == ids["returned"] for h in detail.hits)
    assert detail.tokens <= 200


def test_guards_idempotence_and_resummarising(mem: HybridMemory, clock: FakeClock):
    ids = _task(mem)
    running = _task(mem, "Migrate the billing database")  # the active task, left idle
    mem.finish_task(ids["task"], user_id=U)
    mem.set_active(running["task"], user_id=U)
    clock.advance(days=60)
    mem.maintain()
    assert _summary(mem, running["task"]) == []
    assert not any(n.metadata.get("summary_id") for n in mem.subtree(running["task"]))
    assert mem.get(running["task"]).status == "active"
    assert mem.get(running["state"]).status == "active"  # the next step
    (summary,) = _summary(mem, ids["task"])
    ops = len(mem.oplog())
    again = mem.maintain()
    assert not [a for a in again.actions if a.action.startswith("compress")]
    assert len(mem.oplog()) == ops
    late = mem.add("Refund arrived on the card", parent_id=ids["task"], user_id=U)
    clock.advance(days=1)
    mem.maintain()
    (resummarised,) = _summary(mem, ids["task"])
    assert resummarised.id == summary.id and resummarised.version > summary.version
    assert (
        "Refund arrived" in resummarised.metadata["derived_from"]
        or late.id in {i for line in resummarised.metadata["lines"] for i in line}
        or late.id in resummarised.metadata["derived_from"]
    )
    assert mem.get(late.id).metadata["summary_id"] == summary.id


def test_idle_session_is_compressed_and_decompress_round_trips(mem: HybridMemory, clock: FakeClock):
    chat = mem.add("Chat with Caroline", node_type="task", user_id=U)
    session = mem.add("Session 1", node_type="session", parent_id=chat.id, user_id=U)
    turns = [
        mem.add(f"Caroline: I adopted a puppy named Rex {i}", parent_id=session.id, user_id=U)
        for i in range(6)
    ]
    before = {t.id: t.content for t in turns}
    clock.advance(days=mem.config.evolution.compress_idle_days + 1)
    mem.maintain()
    (summary,) = _summary(mem, session.id)
    assert all(mem.get(t.id).status == "archived" for t in turns)
    restored = mem.decompress(summary.id, user_id=U)
    assert {n.id: n.content for n in restored} == before
    assert all(n.status == "active" for n in restored)
    assert mem.get(summary.id).status == "archived"
    mem.maintain()  # just decompressed: left alone
    assert mem.get(summary.id).status == "archived"
    clock.advance(days=mem.config.evolution.compress_idle_days + 1)
    mem.maintain()
    assert mem.get(summary.id).status == "active"
    with pytest.raises(InvalidArgumentError, match="not a summary"):
        mem.decompress(chat.id, user_id=U)


def test_compression_replays_from_the_op_log(mem: HybridMemory, clock: FakeClock):
    start = mem.checkpoint()
    ids = _task(mem)
    mem.finish_task(ids["task"], user_id=U, outcome="Paid")
    clock.advance(days=2)
    mem.maintain()
    (summary,) = _summary(mem, ids["task"])
    live = {n.id: (n.status, n.content, n.metadata) for n in mem.subtree(ids["task"])}
    mem.restore(start)
    replayed = {n.id: (n.status, n.content, n.metadata) for n in mem.subtree(ids["task"])}
    assert replayed == live
    assert mem.get(summary.id).node_type == "summary"


def test_sensitive_sources_seal_the_summary_and_erasure_reaches_it(tmp_path, clock):
    path = tmp_path / "m"
    key = generate_key()
    with HybridMemory(
        path,
        embedder=HashEmbedder(64),
        clock=clock,
        privacy=PrivacyConfig(key=key, key_env="HM_TEST_NOKEY"),
    ) as mem:
        ids = _task(mem, filler=4)
        secret = mem.add(
            f"Card number for {MARK} is 4111", parent_id=ids["task"], user_id=U, sensitive=True
        )
        mem.finish_task(ids["task"], user_id=U)
        clock.advance(days=1)
        mem.maintain()
        (summary,) = _summary(mem, ids["task"])
        assert summary.sensitive and secret.id in summary.metadata["derived_from"]
        mem.erase(secret.id, user_id=U)
        assert _summary(mem, ids["task"]) == []
        clock.advance(days=1)
        mem.maintain()  # derived again from what is left
        (again,) = _summary(mem, ids["task"])
        assert secret.id not in again.metadata["derived_from"]
        assert "300 DPI" in mem.get(again.id).content
    assert find_bytes(path, MARK, hnsw_counted_only=True) == []


class _Client:
    def __init__(self, reply: str) -> None:
        self.reply = reply

    def complete(self, system: str, user: str) -> str:
        return self.reply


def test_llm_summarizer_must_cite_every_line(tmp_path, clock):
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        ids = _task(mem, filler=3)
        nodes = [n for n in mem.subtree(ids["task"]) if n.id != ids["task"]]
        material = Material(unit=mem.get(ids["task"]), path=(), sources=tuple(nodes))
        good = json.dumps({"lines": [{"text": "Scans need 300 DPI", "sources": [ids["fact"]]}]})
        bad = json.dumps(
            {
                "lines": [
                    {"text": "Scans need 300 DPI", "sources": [ids["fact"]]},
                    {"text": "The user loves Berlin", "sources": []},
                ]
            }
        )
        llm = LLMSummarizer(_Client(good))  # type: ignore[arg-type]
        lines = llm.summarise(material)
        assert lines is not None and [x.text for x in lines] == ["Scans need 300 DPI"]
        lazy = LLMSummarizer(_Client(bad))  # type: ignore[arg-type]
        fallback = lazy.summarise(material)
        assert lazy.rejected == 1 and fallback is not None
        assert all("loves Berlin" not in x.text for x in fallback)
        mem.finish_task(ids["task"], user_id=U)
        clock.advance(days=1)
        mem.maintain(summarizer=llm)
        (summary,) = _summary(mem, ids["task"])
        assert summary.content == "Scans need 300 DPI"
        assert summary.metadata["summarizer"] == "llm"


def test_near_duplicates_merge_but_different_values_do_not():
    a = frozenset({"checked", "claim", "page"})
    assert near_duplicate(a, frozenset({"checked", "claim", "page"}), 0.8)
    price = frozenset({"hotel", "cost", "120"})
    assert not near_duplicate(price, frozenset({"hotel", "cost", "150"}), 0.8)
    # A long line differing in one number only shares 90% of its words: still two values.
    long = frozenset({"the", "hotel", "room", "for", "team", "trip", "costs", "eur"})
    assert not near_duplicate(long | {"120"}, long | {"150"}, 0.8)
    assert not near_duplicate(long | {"2024-05-01"}, long | {"2024-05-08"}, 0.8)


def test_compression_off_keeps_the_old_behaviour(tmp_path, clock):
    cfg = MemoryConfig()
    cfg = MemoryConfig(evolution=cfg.evolution.with_changes(compress=False))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock, config=cfg) as mem:
        ids = _task(mem, filler=3)
        mem.finish_task(ids["task"], user_id=U)
        clock.advance(days=1)
        assert "compress_create" not in mem.maintain(now=clock() + timedelta(days=1)).counts
        assert _summary(mem, ids["task"]) == []


def test_use_extends_a_short_lifecycle(mem: HybridMemory, clock: FakeClock):
    used = mem.add("The gate code changed to the blue door at the back", user_id=U)
    idle = mem.add("Lunch menu had lentil soup today", user_id=U)
    assert used.lifecycle == idle.lifecycle == "short_term"
    for _ in range(8):
        clock.advance(hours=6)
        mem.retrieve("which door is the gate code for", user_id=U, top_k=1)
    report = mem.maintain()
    assert "extend_lifecycle" in report.counts
    assert mem.get(used.id).lifecycle == "long_term"
    clock.advance(days=60)
    mem.maintain()
    assert mem.get(used.id).status == "active"
    assert mem.get(idle.id).status == "archived"


def test_importance_by_type_and_confidence_by_source(tmp_path, clock):
    from hybridmem.config import NOTES_TYPE_IMPORTANCE

    with HybridMemory(tmp_path / "old", embedder=HashEmbedder(64), clock=clock) as mem:
        pref = mem.add("I prefer aisle seats", node_type="preference", user_id=U)
        plain = mem.add("Booked the train", user_id=U)
        told = mem.add("My badge number is on the lanyard", user_id=U, source="user")
        guessed = mem.add("User probably commutes by train", user_id=U, source="agent")
        assert pref.importance == plain.importance == 0.5  # the old default, unchanged
        assert plain.confidence == 0.8
        assert told.confidence > plain.confidence > guessed.confidence
        assert guessed.metadata["source_kind"] == "agent"
        with pytest.raises(InvalidArgumentError, match="source must be one of"):
            mem.add("x", user_id=U, source="rumour")
    cfg = MemoryConfig(type_importance=NOTES_TYPE_IMPORTANCE)
    with HybridMemory(tmp_path / "new", embedder=HashEmbedder(64), clock=clock, config=cfg) as m:
        assert m.add("I prefer aisle seats", node_type="preference", user_id=U).importance == 0.9
        assert m.add("Renew passport", node_type="task", user_id=U).importance == 0.8
        assert m.add("Booked the train", user_id=U, importance=0.3).importance == 0.3
    with pytest.raises(InvalidArgumentError, match="type_importance"):
        MemoryConfig(type_importance={"event": 2.0})


def test_rest_finish_and_decompress(mem: HybridMemory, clock: FakeClock):
    from fastapi.testclient import TestClient

    from hybridmem.server import create_app

    ids = _task(mem, filler=4)
    with TestClient(create_app(mem)) as client:
        r = client.post(f"/v1/memories/{ids['task']}/finish", json={"outcome": "Paid out"})
        assert r.status_code == 200, r.text
        assert r.json()["metadata"]["finished_at"]
        again = client.post(f"/v1/memories/{ids['task']}/finish", json={})
        assert again.status_code == 422 and "already finished" in again.text
        clock.advance(days=1)
        mem.maintain()
        (summary,) = _summary(mem, ids["task"])
        back = client.post(f"/v1/memories/{summary.id}/decompress")
        assert back.status_code == 200, back.text
        assert {n["status"] for n in back.json()["nodes"]} == {"active"}


def test_a_failure_inside_compression_leaves_the_old_state(
    mem: HybridMemory, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
):
    from hybridmem.core import TreeWriter

    ids = _task(mem, filler=6)
    mem.finish_task(ids["task"], user_id=U)
    clock.advance(days=1)
    before = {n.id: (n.status, n.version) for n in mem.subtree(ids["task"])}
    ops = len(mem.oplog())

    def broken(*args: object, **kwargs: object) -> list[str]:
        raise RuntimeError("disk went away between the summary and the archiving")

    # The summary is written, then the members' archiving fails: nothing of it may stay.
    monkeypatch.setattr(TreeWriter, "apply_changes", broken)
    with pytest.raises(RuntimeError, match="disk went away"):
        mem.maintain()
    assert {n.id: (n.status, n.version) for n in mem.subtree(ids["task"])} == before
    assert len(mem.oplog()) == ops
    monkeypatch.undo()
    mem.maintain()
    assert len(_summary(mem, ids["task"])) == 1
