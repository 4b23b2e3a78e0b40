"""`hybridmem mcp`: the server started as a subprocess, driven by the official SDK's client."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.errors import ServerConfigError
from hybridmem.integrations.mcp_server import TREE_URI, parse_bind
from hybridmem.integrations.tools import TOOLS

REPO = Path(__file__).resolve().parents[2]


def server_env() -> dict[str, str]:
    return {"PYTHONPATH": str(REPO), "HYBRIDMEM_EMBEDDER": "hash"}


def payload(result) -> dict:
    """A tool result's JSON (structured content when given, else the text block)."""
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


async def exercise(session: ClientSession) -> dict:
    """List and call every tool, read the resource, send bad calls; return what was seen."""
    seen: dict = {}
    await session.initialize()
    tools = (await session.list_tools()).tools
    seen["tools"] = {t.name: t for t in tools}

    async def call(name: str, args: dict) -> dict:
        result = await session.call_tool(name, args)
        assert not result.is_error, result.content
        return payload(result)

    task = await call("add_memory", {"content": "Plan the Lisbon trip", "node_type": "task"})
    task = task["memory"]
    event = (
        await call(
            "add_memory",
            {"content": "Booked the flight for May 3", "metadata": {"kind": "booking"}},
        )
    )["memory"]
    fact = (await call("add_memory", {"content": "用户住在柏林", "node_type": "fact"}))["memory"]
    other = await call("add_memory", {"content": "Renew the passport", "node_type": "task"})
    other = other["memory"]
    seen["listed"] = await call("list_tasks", {})
    seen["switched"] = await call("set_active_task", {"node_id": task["id"]})
    seen["search"] = await call("search_memory", {"query": "flight Lisbon", "top_k": 5})
    seen["filtered"] = await call("search_memory", {"query": "flight", "where": {"kind": "x"}})
    seen["chinese"] = await call("search_memory", {"query": "柏林", "node_types": ["fact"]})
    seen["got"] = await call("get_memory", {"node_id": event["id"]})
    seen["updated"] = await call(
        "update_memory", {"node_id": event["id"], "content": "Booked the flight for May 4"}
    )
    seen["memories"] = await call("list_memories", {"node_type": ["fact"]})
    resources = (await session.list_resources()).resources
    seen["resources"] = [str(r.uri) for r in resources]
    read = await session.read_resource(TREE_URI)
    seen["tree"] = json.loads(read.contents[0].text)
    seen["deleted"] = await call("delete_memory", {"node_id": other["id"]})
    seen["ids"] = {"task": task["id"], "event": event["id"], "fact": fact["id"]}

    bad = {}
    for name, args in [
        ("get_memory", {"node_id": "no-such-node"}),
        ("add_memory", {"content": "   "}),
        ("search_memory", {"query": "x", "top_k": 0}),
        ("search_memory", {"query": "x", "where": {"k": {"$regex": "."}}}),
        ("delete_memory", {}),
    ]:
        result = await session.call_tool(name, args)
        bad[f"{name}:{sorted(args)}"] = (result.is_error, result.content[0].text)
    seen["bad"] = bad
    # The SDK drops arguments outside the schema: a model cannot switch the user.
    seen["smuggled"] = await call("add_memory", {"content": "x", "user_id": "someone-else"})
    # The server survived every bad call.
    seen["after"] = await call("list_tasks", {})
    return seen


def check(seen: dict, db: Path) -> None:
    assert set(seen["tools"]) == {t.name for t in TOOLS}
    search_schema = seen["tools"]["search_memory"].input_schema
    assert search_schema["required"] == ["query"]
    assert seen["tools"]["delete_memory"].annotations.destructive_hint is True
    assert seen["tools"]["search_memory"].annotations.read_only_hint is True
    ids = seen["ids"]
    listed = seen["listed"]
    assert [t["content"] for t in listed["tasks"]] == ["Plan the Lisbon trip", "Renew the passport"]
    assert listed["active_task_id"] != ids["task"]  # the second task became active
    assert seen["switched"]["active"]["id"] == ids["task"]
    search = seen["search"]
    assert search["hits"][0]["id"] == ids["event"]
    assert "Booked the flight" in search["context"] and search["tokens"] > 0
    assert seen["filtered"]["hits"] == []
    assert [h["id"] for h in seen["chinese"]["hits"]] == [ids["fact"]]
    assert seen["got"]["memory"]["task_id"] == ids["task"]
    assert seen["updated"]["memory"]["content"].endswith("May 4")
    assert [m["id"] for m in seen["memories"]["memories"]] == [ids["fact"]]
    assert seen["resources"] == [TREE_URI]
    tree = seen["tree"]
    assert tree["user_id"] == "u1" and tree["active_id"] == ids["task"]
    children = {c["content"]: c for c in tree["tree"]["children"]}
    assert children["Plan the Lisbon trip"]["on_active_path"] is True
    assert [c["id"] for c in children["Plan the Lisbon trip"]["children"]] == [ids["event"]]
    assert seen["deleted"] == {"deleted": 1}
    for key, (is_error, _) in seen["bad"].items():
        assert is_error, key
    texts = list(seen["bad"].values())
    assert "NodeNotFoundError" in texts[0][1]
    assert "EmptyContentError" in texts[1][1]
    assert "top_k" in texts[2][1]
    assert "unknown operator" in texts[3][1]
    assert "node_id" in texts[4][1]
    assert len(seen["after"]["tasks"]) == 1
    assert seen["smuggled"]["memory"]["content"] == "x"
    # What the tools wrote is in the store, for that user only.
    with HybridMemory(db, embedder=HashEmbedder()) as mem:
        assert {n.content for n in mem.get_all(user_id="u1")} == {
            "Plan the Lisbon trip",
            "Booked the flight for May 4",
            "用户住在柏林",
            "x",
        }
        assert mem.users().keys() == {"u1"}


def test_stdio_server_serves_every_tool_and_the_tree(tmp_path):
    db = tmp_path / "memory"
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "hybridmem.cli", "mcp", "--db", str(db), "--user", "u1"],
        env=server_env(),
        cwd=str(tmp_path),
    )

    async def run() -> dict:
        with anyio.fail_after(120):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
                return await exercise(s)

    seen = anyio.run(run)
    check(seen, db)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow(25)
def test_streamable_http_server_on_loopback(tmp_path):
    db = tmp_path / "memory"
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hybridmem.cli",
            "mcp",
            "--db",
            str(db),
            "--user",
            "u1",
            "--http",
            f"127.0.0.1:{port}",
        ],
        env={**os.environ, **server_env()},
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the MCP server never listened"
                time.sleep(0.2)

        async def run() -> dict:
            with anyio.fail_after(120):
                async with (
                    streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write, *_),
                    ClientSession(read, write) as s,
                ):
                    return await exercise(s)

        seen = anyio.run(run)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    check(seen, db)


def test_http_bind_is_loopback_unless_allowed(tmp_path):
    assert parse_bind("127.0.0.1:8765") == ("127.0.0.1", 8765)
    assert parse_bind("[::1]:9000") == ("::1", 9000)
    assert parse_bind("localhost:1") == ("localhost", 1)
    for bad in ("0.0.0.0:8765", "10.1.2.3:80", "example.com:80"):
        with pytest.raises(ServerConfigError, match="loopback"):
            parse_bind(bad)
    assert parse_bind("0.0.0.0:8765", allow_remote=True) == ("0.0.0.0", 8765)
    for bad in ("8765", "127.0.0.1:", "127.0.0.1:99999", ":80"):
        with pytest.raises(ServerConfigError, match="HOST:PORT"):
            parse_bind(bad)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "hybridmem.cli",
            "mcp",
            "--db",
            str(tmp_path / "m"),
            "--http",
            "0.0.0.0:8765",
        ],
        env={**os.environ, **server_env()},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 3  # ExitCode.INVALID: the value was refused
    assert "loopback" in proc.stderr
