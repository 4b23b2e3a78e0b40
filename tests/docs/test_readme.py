"""The README is true: its Python blocks and shell commands run, in order, in a temp dir.

Python blocks run in one namespace (as a reader pasting them one after the other would), shell
blocks as one ``bash -e`` script each with ``hybridmem`` being this checkout's command line.
For speed the model is replaced by the hash embedder (``embedder=None`` on a new store and
``$HYBRIDMEM_EMBEDDER`` for the CLI); ``tests/embedding/test_real_model.py`` covers the model
itself.
``NODE_ID`` in a command stands for a short id, as the README says: the test puts the last
characters of user u1's active node there (as ``hybridmem tree`` prints them).

A block that cannot run offline in a temp dir is marked in the README by the line
``<!-- readme-test: skip: <why, and which test covers it> -->`` right above it. Lines not run
here, each with the test that covers it: ``make demo`` / ``make test`` (CI runs them),
``pip install``, ``hybridmem serve`` and ``curl`` (tests/server/test_server_process.py), ``hybridmem
mcp`` (tests/integrations/test_mcp_server.py). Any other command that is not run fails this test.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import hybridmem.opening
from hybridmem import HybridMemory

README = Path(__file__).resolve().parents[2] / "README.md"
NOT_RUN = ("make ", "pip ", "hybridmem serve", "curl ", "-d ", "hybridmem mcp", "uvx ")
FENCE = re.compile(r"(<!-- readme-test: skip: [^>]+-->\n)?^```(\w*)\n(.*?)^```", re.S | re.M)
SKIP_HINT = (
    "a block that cannot run offline in a temp dir (a remote model, a server) is marked by "
    "the line `<!-- readme-test: skip: <why, and which test covers it> -->` right above it"
)


def blocks() -> list[tuple[str, str]]:
    """``(language, body)`` of every fenced block with a language, minus the marked ones."""
    return [
        (lang, body) for skip, lang, body in FENCE.findall(README.read_text()) if lang and not skip
    ]


def shell_script(body: str) -> str:
    lines = [line for line in body.splitlines() if not line.lstrip().startswith(NOT_RUN)]
    return "\n".join(lines)


def test_the_readme_has_runnable_blocks():
    kinds = [lang for lang, _ in blocks()]
    assert kinds.count("python") >= 5 and kinds.count("bash") >= 4
    assert set(kinds) <= {"python", "bash", "text", "json"}, kinds


@pytest.mark.slow(100)
def test_readme_blocks_run_in_order(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # A new store's default model is the multilingual one; the README runs on the hash
    # embedder (same API, no model load) where the store is opened (hybridmem.opening).
    real = hybridmem.opening.make_embedder
    monkeypatch.setattr(
        hybridmem.opening, "make_embedder", lambda spec=None: real("hash" if spec is None else spec)
    )
    env = {
        **os.environ,
        "HYBRIDMEM_EMBEDDER": "hash",
        "PYTHONPATH": os.pathsep.join(
            [str(README.parent), *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
    }
    env.pop("HYBRIDMEM_PATH", None)
    env.pop("HYBRIDMEM_KEY", None)
    namespace: dict[str, object] = {"__name__": "__readme__"}
    prelude = f'hybridmem() {{ "{sys.executable}" -m hybridmem.cli "$@"; }}\nset -euo pipefail\n'
    ran = 0
    for number, (lang, body) in enumerate(blocks(), start=1):
        if lang == "python":
            try:
                exec(compile(body, f"README block {number}", "exec"), namespace)
            except Exception as exc:
                raise AssertionError(
                    f"README block {number} failed ({SKIP_HINT}):\n{body}"
                ) from exc
            ran += 1
        elif lang == "bash":
            script = shell_script(body)
            if "NODE_ID" in script:
                with HybridMemory("agent-memory", read_only=True) as mem:
                    active = mem.active_node(user_id="u1")
                assert active is not None
                script = script.replace("NODE_ID", active.id[-8:])
            if not script.strip():
                continue
            proc = subprocess.run(
                ["bash", "-c", prelude + script],
                capture_output=True,
                text=True,
                env=env,
                timeout=600,
            )
            assert proc.returncode == 0, (
                f"README block {number} ({SKIP_HINT}):\n{script}\n{proc.stderr}"
            )
            assert "Traceback" not in proc.stderr
            ran += 1
    assert ran >= 8
    # what the blocks claim, checked on the store they left behind
    stats = json.loads(
        subprocess.run(
            [sys.executable, "-m", "hybridmem.cli", "stats", "--db", "agent-memory", "--json"],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout
    )
    assert stats["embedder"] == "hybridmem/hash-v1-256" and stats["nodes"] > 5
    assert oct((tmp_path / "u1.jsonl").stat().st_mode & 0o777) == "0o600"


def test_benchmark_docs_stay_inside_the_repository():
    """docs/benchmarks.md (one current section) and its history point to nothing outside the
    repository, and every plot they show is committed."""
    docs = README.parent / "docs"
    for page in ("benchmarks.md", "changelog.md"):
        text = (docs / page).read_text()
        for outside in ("/work/", "/tmp/", "../shared", "/home/", "/root/"):
            assert outside not in text, (page, outside)
        for image in re.findall(r"\]\((img/[^)]+)\)", text):
            assert (docs / image).is_file(), (page, image)
    current = (docs / "benchmarks.md").read_text()
    assert current.count("## Current figures") == 1 and "CLI_COLD_TABLE" not in current


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hybridmem.cli", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "HYBRIDMEM_EMBEDDER": "hash", **(env or {})},
    )


def test_the_node_id_paragraph_is_true(tmp_path):
    """README: ids are time-ordered, tables print their last characters (10 in the CLI, 8 in
    the inspector), a unique beginning or end resolves, a shared one lists the matches."""
    from hybridmem.cli import render
    from hybridmem.server import ui

    text = " ".join(README.read_text().split())
    said = re.search(r"last\*\* characters: (\d+) in `tree`.*?, (\d+) in the web inspector", text)
    assert said, "the README's NODE_ID paragraph changed: update this test"
    assert int(said.group(1)) == render.SHORT_ID
    full = "01a2426f0a0b7c0d8e9f0a1b2c3d4e5f"
    assert ui.templates.env.filters["short"](full) == full[-int(said.group(2)) :]

    db = tmp_path / "m"
    with HybridMemory(db, embedder="hash") as mem:
        ids = [
            n.id for n in mem.add_many([{"content": f"memory {i}"} for i in range(3)], user_id="u1")
        ]
        later = mem.add("a later memory", user_id="u1").id
    assert sorted([*ids, later]) == [*ids, later]  # time-ordered
    tree = _cli("tree", "--user", "u1", "--db", str(db)).stdout
    assert all(i[-render.SHORT_ID :] in tree and i not in tree for i in ids)
    for fragment in (ids[0][-render.SHORT_ID :], later[:16]):  # a unique end or beginning
        shown = _cli("show", fragment, "--db", str(db))
        assert shown.returncode == 0, shown.stderr
    shared = ids[0][:4]  # one batch shares its time (the ids' first characters)
    assert len(shared) >= 4
    ambiguous = _cli("show", shared, "--db", str(db))
    assert ambiguous.returncode == 5 and all(i in ambiguous.stderr for i in ids)


def test_the_current_value_takes_its_groups_place_noted_previously(tmp_path):
    """README: in the context the current value stands where its group's best-ranked value
    stood, noted "(previously: ...)"; an older value alone names the current one."""
    with HybridMemory(tmp_path / "m", embedder="hash") as mem:
        mem.add("I live in Berlin.", node_type="fact", user_id="u1")
        mem.add("I moved to Hamburg.", node_type="fact", user_id="u1")
        mem.add("I like green tea.", node_type="fact", user_id="u1")
        res = mem.retrieve("Berlin", user_id="u1", scope="user", record_access=False)
    lines = [line for line in res.context.splitlines() if "Hamburg" in line or "Berlin" in line]
    assert len(lines) == 1 and "I moved to Hamburg. (previously: I live in Berlin.)" in lines[0]
    hamburg_first = [h.node.content for h in res.hits].index("I moved to Hamburg.")
    assert hamburg_first == 0  # the place Berlin (the best match) held
