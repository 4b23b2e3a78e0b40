"""Hostile input through the command line: a clean exit (0, or one ``error:`` line with a
documented exit code, or click's usage error), never a traceback, and the store stays
consistent with every earlier memory intact."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hybridmem import HybridMemory
from hybridmem.cli import ExitCode, app
from hybridmem.testing.checks import consistency

SYNTAX = [
    "'",
    '"',
    "MATCH",
    "NEAR(a b)",
    "*",
    "terms:x",
    "'; DROP TABLE nodes; --",
    "../../x",
    "C:\\tmp",
    "\u202e",
    "报销",
    "😀",
    "%s",
    "{}",
    "-",
    "--",
    "--db",
    "\\",
    "\t",
    "NULL",
]
# Command-line arguments are str without NUL bytes or lone surrogates (the OS cannot pass them).
arg_chars = st.characters(exclude_categories=("Cs",), exclude_characters="\x00")
hostile = st.one_of(
    st.text(arg_chars, max_size=30),
    st.lists(
        st.one_of(st.sampled_from(SYNTAX), st.text(arg_chars, max_size=8)), min_size=1, max_size=5
    ).map(" ".join),
    st.just("x" * 40_000),
)
CLI = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
runner = CliRunner()


@pytest.fixture
def store(tmp_path):
    db = str(tmp_path / "m")
    common = ["--db", db, "--embedder", "hash"]
    out = runner.invoke(app, ["add", "the first memory", "--user", "u1", *common, "--json"])
    first = json.loads(out.stdout)
    return {"db": db, "common": common, "first": first}


def run_clean(args):
    """The CLI turns every failure into an exit code; INTERNAL (9) means an unexpected
    exception (a bug), which must never happen whatever the input."""
    result = runner.invoke(app, args)
    assert result.exit_code != ExitCode.INTERNAL, result.output
    assert "Traceback" not in result.output
    if result.exit_code not in (0, 1, ExitCode.USAGE):
        if "--json" in args:
            assert json.loads(result.stdout)["error"]["exit_code"] == result.exit_code
        else:
            assert result.output.startswith("error: ") and result.output.strip()
    event(f"{args[0]}: exit {result.exit_code}")
    return result


def still_intact(store):
    with HybridMemory(store["db"], embedder="hash") as mem:
        assert mem.get(store["first"]["id"], user_id="u1").content == "the first memory"
        assert consistency(mem).ok
        assert mem.verify_audit().ok


@CLI
@given(
    content=hostile,
    user=st.one_of(st.just("u1"), hostile),
    node_type=st.one_of(st.sampled_from(["event", "task", "fact"]), hostile),
    importance=st.one_of(st.sampled_from(["0.5", "1", "2", "-1", "nan", "inf"]), hostile),
)
def test_cli_add(store, content, user, node_type, importance):
    run_clean(
        [
            "add",
            content,
            "--user",
            user,
            "--type",
            node_type,
            "--importance",
            importance,
            *store["common"],
        ]
    )
    still_intact(store)


@CLI
@given(
    query=hostile,
    user=st.one_of(st.just("u1"), hostile),
    top_k=st.one_of(st.integers(-3, 30).map(str), hostile),
)
def test_cli_search(store, query, user, top_k):
    result = run_clean(
        ["search", query, "--user", user, "--top-k", top_k, *store["common"], "--json"]
    )
    if result.exit_code == 0:
        assert all(h["node"]["user_id"] == user for h in json.loads(result.stdout)["hits"])
    still_intact(store)


@CLI
@given(
    node=st.one_of(hostile, st.just("FIRST")),
    user=st.one_of(st.just("u2"), hostile),
    command=st.sampled_from(["show", "export", "erase"]),
)
def test_cli_node_and_user_commands(store, node, user, command):
    node = store["first"]["id"] if node == "FIRST" else node
    args = {
        "show": ["show", node, "--user", user],
        "export": ["export", "--user", user],
        "erase": ["erase", "--node", node, "--user", user, "--yes"],
    }[command]
    result = run_clean([*args, *store["common"]])
    assert "the first memory" not in result.output  # u1's memory never shows up for others
    still_intact(store)


def test_entry_point_prints_one_error_line(store):
    """Through the real console script: the invalid-value exit code and one ``error:`` line,
    no traceback."""
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from hybridmem.cli import main; main()",
            "show",
            "no such id!",
            "--db",
            store["db"],
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == ExitCode.INVALID
    assert "error:" in proc.stderr and "InvalidArgumentError" in proc.stderr
    assert "Traceback" not in proc.stderr
