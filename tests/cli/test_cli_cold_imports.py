"""What a cold read command does not import (issue 37: read commands <= 0.5 s): each of these
cost a read command 35-400 ms of CPU before, for nothing it does (benchmarks/cli_cold.py)."""

from __future__ import annotations

import subprocess
import sys

from hybridmem import HybridMemory

PROBE = (
    "import sys, runpy\n"
    "sys.argv = ['hybridmem', *sys.argv[1:]]\n"
    "try:\n"
    "    runpy.run_module('hybridmem.cli', run_name='__main__')\n"
    "except SystemExit:\n"
    "    pass\n"
    "print('LOADED', *sorted(sys.modules))\n"
)

NOT_FOR_READS = {
    "sqlite_utils",  # the store turns its rows into dicts itself
    "httpx",  # only an LLM call needs it
    "asyncio",
    "hybridmem.evolution.services",  # a read-only open plans no writes
    "hybridmem.evolution.write.planner",
    "hybridmem.conversation",  # built on the first add_messages
    "hybridmem.evolution.speech.lexicon",
}


def loaded(*args: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=300
    ).stdout
    return set(out.rsplit("LOADED", 1)[1].split())


def test_read_commands_leave_the_write_path_and_its_libraries_alone(tmp_path):
    db = str(tmp_path / "m")
    with HybridMemory(db, embedder="hash") as mem:
        task = mem.add("Expense claim #7", node_type="task", user_id="u1")
        mem.add("Finance asked for the invoice again", user_id="u1")
    for args in (
        ("tree", "--db", db, "-u", "u1"),
        ("show", task.id[-8:], "--db", db),
        ("history", task.id[-8:], "--db", db, "-u", "u1"),
        ("users", "--db", db),
    ):
        modules = loaded(*args)
        assert "hybridmem.memory" in modules, args  # the probe ran the command
        assert not modules & NOT_FOR_READS, (args, modules & NOT_FOR_READS)
    # A search packs its context with token counts from bpe-openai's Rust core alone: the
    # package (which decodes three encodings' rank files at import, ~0.4 s) stays unloaded.
    look = loaded("search", "invoice", "--read-only", "-u", "u1", "--db", db)
    assert "hybridmem.retrieval.context" in look and "bpe_openai" not in look
