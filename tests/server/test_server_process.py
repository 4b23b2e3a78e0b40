"""``hybridmem serve`` as a real subprocess on a free 127.0.0.1 port, stopped by the test."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from hybridmem import HybridMemory
from hybridmem.cli.support import ExitCode
from hybridmem.server.runner import free_port, serve_subprocess

TOKEN = "process-test-token-0123456789"


def serve_cmd(db: Path, *args: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "hybridmem.cli",
        "serve",
        "--db",
        str(db),
        "--embedder",
        "hash",
        *args,
    ]


def clean_env(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"HYBRIDMEM_TOKEN", "HYBRIDMEM_TOKENS", "HYBRIDMEM_KEY", "HYBRIDMEM_PATH"}
    }
    return {**env, **extra}


def serving(db: Path, env: dict[str, str]):
    return serve_subprocess(db, args=["--embedder", "hash"], env=env)


def test_serve_answers_agents_in_other_processes(tmp_path: Path) -> None:
    db = tmp_path / "store"
    with serving(db, clean_env()) as (url, proc), httpx.Client(base_url=url) as http:
        task = http.post(
            "/v1/memories",
            json={"content": "Expense claim #7", "node_type": "task", "user_id": "u1"},
        ).json()
        batch = http.post(
            "/v1/memories/batch",
            json={
                "user_id": "u1",
                "items": [
                    {
                        "content": "Finance returned the claim: invoice unreadable",
                        "parent_id": task["id"],
                    },
                    {"content": "Lunch with the team on Friday", "parent_id": task["id"]},
                ],
            },
        )
        assert batch.status_code == 201
        res = http.post(
            "/v1/search",
            json={"query": "claim returned invoice unreadable", "user_id": "u1", "top_k": 1},
        ).json()
        top = res["hits"][0]
        assert top["node"]["content"] == "Finance returned the claim: invoice unreadable"
        assert "vector" in top["breakdown"]["sources"]  # the server owns the vector index
        assert "claim #7" in res["context"]
        store = http.get("/v1/store").json()
        assert store["nodes"] == 4 and store["vectors"] == 4 and store["pending"] == 0
        bad = http.post("/v1/memories", json={"content": "x", "importance": 2})
        assert bad.status_code == 422 and "importance" in bad.json()["error"]["message"]
        page = http.get("/ui/users/u1")
        assert page.status_code == 200 and "Finance returned the claim" in page.text
        proc.send_signal(signal.SIGTERM)
        # uvicorn shuts down (lifespan closes the store), then re-raises the signal it caught.
        assert proc.wait(timeout=30) in (0, -signal.SIGTERM)
    with HybridMemory(db, embedder="hash") as mem:  # closed cleanly: nothing to recover
        assert mem.open_report.unclean_sessions == 0
        assert mem.stats().nodes == 4


def test_serve_with_a_token(tmp_path: Path) -> None:
    with serving(tmp_path / "s", clean_env(HYBRIDMEM_TOKEN=TOKEN)) as (url, _):
        assert httpx.get(url + "/v1/users").status_code == 401
        ok = httpx.get(url + "/v1/users", headers={"Authorization": f"Bearer {TOKEN}"})
        assert ok.status_code == 200 and ok.json() == {"users": {}}


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_serve_refuses_a_public_bind_without_a_token(tmp_path: Path, host: str) -> None:
    proc = subprocess.run(
        serve_cmd(tmp_path / "s", "--host", host, "--port", str(free_port())),
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == ExitCode.INVALID  # a refused value, per the CLI's exit codes
    assert "ServerConfigError" in proc.stderr and "HYBRIDMEM_TOKEN" in proc.stderr
    assert not (tmp_path / "s").exists()  # refused before the store was even opened
