"""The command line and ``hybridmem serve`` on PostgreSQL + a Chroma server: ``--db
postgresql://...`` with ``hybridmem --chroma HOST:PORT`` (or ``$HYBRIDMEM_CHROMA``)."""

from __future__ import annotations

import json
import os
import signal
import uuid

import httpx
import pytest
from typer.testing import CliRunner

from hybridmem import HybridMemory
from hybridmem.cli import app
from hybridmem.server.runner import serve_subprocess

pytestmark = pytest.mark.postgres


@pytest.fixture
def vectors(chroma_srv) -> list[str]:
    """The root options naming the Chroma server and a fresh collection."""
    return [
        "--chroma",
        f"{chroma_srv.host}:{chroma_srv.port}",
        "--collection",
        f"t-{uuid.uuid4().hex[:12]}",
    ]


def test_cli_on_postgres(pg_url, vectors):
    runner = CliRunner()
    db = ["--db", pg_url, "--embedder", "hash"]

    def run(*args: str) -> dict:
        result = runner.invoke(app, [*vectors, *args, *db, "--json"])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    task = run("add", "Expense claim #7", "--type", "task", "--user", "u1")
    run("add", "Finance returned the claim: invoice unreadable", "--user", "u1")
    found = run("search", "why was the claim returned", "--user", "u1")
    assert found["hits"][0]["node"]["content"].startswith("Finance returned")
    stats = run("stats", "--vectors")
    assert (
        stats["nodes"] == 3
        and stats["vectors"] == 3
        and stats["path"].startswith("postgresql://hybridmem@")
    )
    snap = run("checkpoint")
    assert snap["path"] is None and snap["nodes"] == 3
    assert [s["name"] for s in run("snapshots")] == [snap["name"]]
    assert run("verify")["missing"] == []  # and exit code 0: clean
    assert task["id"] in json.dumps(run("tree", "--user", "u1"))


def test_cli_needs_the_chroma_server_and_hides_the_password(pg_url):
    secret = "cli_pw_Hunter2"
    url = pg_url.replace("hybridmem@", f"hybridmem:{secret}@")
    runner = CliRunner()
    env = {k: v for k, v in os.environ.items() if k != "HYBRIDMEM_CHROMA"}
    result = runner.invoke(app, ["stats", "--db", url, "--json"], env=env)
    assert result.exit_code == 3  # an invalid value
    message = json.loads(result.stdout)["error"]["message"]
    assert "--chroma" in message and secret not in message
    # A database that holds no hybridmem store is "not found" for a read, never created.
    result = runner.invoke(app, ["--chroma", "127.0.0.1:1", "stats", "--db", url, "--json"])
    assert result.exit_code == 4, result.output
    assert secret not in result.stdout


def test_serve_on_postgres_shares_the_tree_with_a_library_agent(pg_url, chroma_srv):
    collection = f"t-{uuid.uuid4().hex[:12]}"
    env = {k: v for k, v in os.environ.items() if k not in {"HYBRIDMEM_TOKEN", "HYBRIDMEM_TOKENS"}}
    env |= {"HYBRIDMEM_CHROMA": f"{chroma_srv.host}:{chroma_srv.port}",
            "HYBRIDMEM_COLLECTION": collection}  # fmt: skip
    with (
        serve_subprocess(pg_url, args=["--embedder", "hash"], env=env, timeout=240) as (url, proc),
        httpx.Client(base_url=url, timeout=120) as http,  # the first search loads the model
        HybridMemory(pg_url, embedder="hash", chroma=chroma_srv, collection=collection) as agent,
    ):
        task = http.post(
            "/v1/memories", json={"content": "Trip to Lisbon", "node_type": "task", "user_id": "u1"}
        ).json()
        # Another agent (here: a library process) writes into the same tree...
        agent.add("The flight TP123 leaves at 9:40", parent_id=task["id"], user_id="u1")
        # ...and the server finds it, by vector too (there is no index owner).
        res = http.post(
            "/v1/search", json={"query": "when does the flight leave", "user_id": "u1"}
        ).json()
        top = res["hits"][0]
        assert top["node"]["content"] == "The flight TP123 leaves at 9:40"
        assert "vector" in top["breakdown"]["sources"]
        assert http.get("/v1/store").json()["nodes"] == 3
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) in (0, -signal.SIGTERM)
        assert agent.verify().clean
