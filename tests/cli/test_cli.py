"""The command line as a newcomer meets it: every command documented, JSON output (errors
too), one-line errors with documented exit codes, read commands that never create a store,
the store's own embedder by default, id prefixes, and output that is safe and fits 80 columns."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hybridmem import HybridMemory
from hybridmem.cli import ExitCode, app
from hybridmem.version import __version__

runner = CliRunner()
COMMANDS = [
    "demo",
    "add",
    "ingest",
    "search",
    "tree",
    "show",
    "users",
    "delete",
    "stats",
    "reindex",
    "export",
    "import",
    "erase",
    "rotate-key",
    "checkpoint",
    "snapshots",
    "restore",
    "verify",
    "history",
    "inspect",
    "maintain",
]


def invoke(*args: str):
    """Run the CLI in process; a traceback would surface as ``exit_code`` INTERNAL."""
    result = runner.invoke(app, list(args))
    assert result.exit_code != ExitCode.INTERNAL, result.output
    return result


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real console entry point in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-c", "from hybridmem.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


@pytest.fixture
def store(tmp_path):
    db = str(tmp_path / "m")
    common = ["--db", db, "--user", "u1"]
    task = json.loads(
        invoke(
            "add", "Expense claim #7", "--type", "task", *common, "--embedder", "hash", "--json"
        ).stdout
    )
    return {"db": db, "common": common, "task": task}


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_db_and_json(command):
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "--json" in result.output
    assert "--db" in result.output or command == "demo"


def test_version():
    result = invoke("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"hybridmem {__version__}"


def test_cold_imports_stay_light(store):
    """``import hybridmem`` and ``hybridmem --version`` load no engine; a read command loads
    the engine but never the model libraries (torch, sentence-transformers) nor Chroma."""
    probe = (
        "import sys, runpy\n"
        "sys.argv = ['hybridmem', *sys.argv[1:]]\n"
        "try:\n"
        "    runpy.run_module('hybridmem.cli', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('LOADED', *sorted(m for m in sys.modules if m.split('.')[0] in "
        "('hybridmem', 'torch', 'sentence_transformers', 'chromadb', 'numpy')))\n"
    )

    def loaded(*args: str) -> set[str]:
        out = subprocess.run(
            [sys.executable, "-c", probe, *args], capture_output=True, text=True, timeout=300
        ).stdout
        return set(out.rsplit("LOADED", 1)[1].split())

    root = subprocess.run(
        [sys.executable, "-c", "import sys, hybridmem; print(sorted(sys.modules))"],
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout
    assert "hybridmem.memory" not in root and "numpy" not in root
    version = loaded("--version")
    assert "hybridmem.memory" not in version and "numpy" not in version
    stats = loaded("stats", "--db", store["db"])
    assert "hybridmem.memory" in stats  # the probe ran the command
    assert not stats & {"torch", "sentence_transformers", "chromadb"}
    # A read-only search of a small store ranks from the vectors kept in SQLite: no Chroma.
    look = loaded("search", "claim", "--read-only", "-u", "u1", "--db", store["db"])
    assert "hybridmem.retrieval.retriever" in look and "chromadb" not in look
    from hybridmem.cli import support
    from hybridmem.memory import DEFAULT_USER

    assert support.DEFAULT_USER == DEFAULT_USER


def test_add_search_tree_show_stats_round_trip(store):
    db, common, task = store["db"], store["common"], store["task"]
    assert task["node_type"] == "task"
    ev = json.loads(
        invoke(
            "add",
            "finance returned the invoice",
            "--parent",
            task["id"][-8:],
            "--importance",
            "0.9",
            *common,
            "--json",
        ).stdout
    )
    assert ev["parent_id"] == task["id"] and ev["importance"] == 0.9
    found = json.loads(invoke("search", "invoice returned", *common, "--json").stdout)
    assert found["hits"][0]["node"]["id"] == ev["id"]
    assert found["tokens"] > 0 and found["context"].startswith("Task path: ")
    tree = json.loads(invoke("tree", *common, "--json").stdout)
    assert tree["active"] == task["id"] and len(tree["nodes"]) == 3
    shown = json.loads(invoke("show", ev["id"][-10:], "--db", db, "--json").stdout)
    assert shown["path"][-2:] == [task["id"], ev["id"]]
    stats = json.loads(invoke("stats", "--db", db, "--json", "--vectors").stdout)
    assert stats["nodes"] == 3 and stats["vectors"] == 3
    assert stats["embedder"] == "hybridmem/hash-v1-256"  # the store's own, not --embedder


def test_the_stores_embedder_is_the_default_after_reindex(store):
    db = store["db"]
    assert invoke("reindex", "--db", db, "--embedder", "hash:64").exit_code == 0
    for args in (["stats"], ["tree", "-u", "u1"], ["search", "claim", "-u", "u1"]):
        result = invoke(*args, "--db", db, "--json")
        assert result.exit_code == 0, result.output
    assert json.loads(invoke("stats", "--db", db, "--json").stdout)["dimension"] == 64


def test_read_commands_never_create_a_store(tmp_path):
    missing = tmp_path / "typo"
    for args in (
        ["stats"],
        ["tree"],
        ["show", "abcd1234"],
        ["search", "x"],
        ["inspect"],
        ["snapshots"],
        ["history", "abcd1234", "-u", "u1"],
        ["verify"],
        ["export", "-u", "u1"],
        ["audit", "log"],
        ["maintain"],
        ["erase", "--user", "u1", "--yes"],
    ):
        result = invoke(*args, "--db", str(missing))
        assert result.exit_code == ExitCode.NOT_FOUND, (args, result.output)
        assert "no memory store" in result.output
        assert not missing.exists(), args


@pytest.mark.slow(106)
def test_errors_are_one_line_with_distinct_exit_codes(store, tmp_path):
    db = store["db"]
    cases = [
        (["add", "x", "--importance", "3", "--db", db], ExitCode.INVALID, "importance"),
        (["add", "x", "--type", "banana", "--db", db], ExitCode.INVALID, "--custom-type"),
        (["add", "x", "--no-such-option"], ExitCode.USAGE, "No such option"),
        (["show", "ffffffff", "--db", db], ExitCode.NOT_FOUND, "no node"),
        (["search", "x", "--db", db, "--embedder", "hash:32"], ExitCode.CONFLICT, "built with"),
        (["maintain", "--now", "notadate", "--db", db], ExitCode.INVALID, "--now"),
        (["stats", "--db", str(tmp_path / "f" / ("x" * 300))], ExitCode.NOT_FOUND, "store"),
    ]
    (tmp_path / "f").write_text("a regular file")
    deep = tmp_path / "deep.jsonl"
    deep.write_text('{"kind": "header", "x": ' + "[" * 100_000 + "]" * 100_000 + "}\n")
    cases.append((["import", str(deep), "-u", "u1", "--db", db], ExitCode.INVALID, "too deep"))
    missing = str(tmp_path / "missing.jsonl")
    cases.append((["import", missing, "-u", "u1", "--db", db], ExitCode.NOT_FOUND, "no export"))
    if Path("/dev/full").exists():  # a full device: the write fails, one line, no traceback
        full = ["export", "-u", "u1", "--db", db, "--out", "/dev/full"]
        cases.append((full, ExitCode.UNAVAILABLE, "No space left"))
    cases.append((["add", "x", "--db", str(tmp_path / "f" / "sub")], ExitCode.INVALID, "path"))
    cases.append((["add", "x", "--db", "y" * 5000], ExitCode.INVALID, "path"))
    (tmp_path / "exports").mkdir()
    fresh = str(tmp_path / "fresh")
    cases += [
        # the message names what is wrong, and no store is created on the way
        (
            ["import", str(tmp_path / "exports"), "-u", "u1", "--db", fresh],
            ExitCode.INVALID,
            "is a directory",
        ),
        (
            ["import", str(deep), "-u", "u1", "--db", fresh, "--existing", "bogus"],
            ExitCode.INVALID,
            "--existing",
        ),
        (
            ["search", "q" * 40_000, "-u", "u1", "--db", db],
            ExitCode.INVALID,
            "query has 40000 characters",
        ),
        (["search", "   ", "-u", "u1", "--db", db], ExitCode.INVALID, "query is empty"),
        (["serve", "--db", db, "--port", "99999"], ExitCode.INVALID, "1..65535"),
        (["serve", "--db", db, "--log-level", "loud"], ExitCode.INVALID, "log_level"),
        (["bench", "perf", "--sizes", "1k"], ExitCode.USAGE, "--sizes"),
        (["search", "x", "-u", "u1", "--db", db, "--budget", "0"], ExitCode.USAGE, "--budget"),
    ]
    for args, code, words in cases:
        proc = cli(*args)
        assert proc.returncode == code, (args, proc.stderr)
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (args, proc.stderr)
        assert words in lines[0], (args, lines)
        assert "Traceback" not in proc.stderr
    assert not Path(fresh).exists()
    # a file that is not an export, into a store the command would start: nothing is left
    not_export = tmp_path / "notes.jsonl"
    not_export.write_text('{"x": 1}\n')
    proc = cli("import", str(not_export), "-u", "u1", "--db", fresh)
    assert proc.returncode == ExitCode.INVALID and "header" in proc.stderr, proc.stderr
    assert not Path(fresh).exists()


def test_a_bad_key_names_its_variable(store):
    bad = {**os.environ, "HYBRIDMEM_KEY": "garbage", "HYBRIDMEM_NEW_KEY": "short"}
    proc = cli("tree", "-u", "u1", "--db", store["db"], env=bad)
    assert proc.returncode == ExitCode.INVALID and "$HYBRIDMEM_KEY:" in proc.stderr
    del bad["HYBRIDMEM_KEY"]
    proc = cli("rotate-key", "--db", store["db"], env=bad)
    assert proc.returncode == ExitCode.INVALID and "$HYBRIDMEM_NEW_KEY (the new key)" in proc.stderr


def test_errors_as_json_under_json(store):
    result = invoke("show", "ffffffff", "--db", store["db"], "--json")
    assert result.exit_code == ExitCode.NOT_FOUND
    error = json.loads(result.stdout)["error"]
    assert error == {
        "type": "NodeNotFoundError",
        "message": error["message"],
        "exit_code": int(ExitCode.NOT_FOUND),
    }
    usage = invoke("stats", "--bogus", "--json")
    assert json.loads(usage.stdout)["error"]["exit_code"] == ExitCode.USAGE


def test_ambiguous_prefix_lists_the_matches(tmp_path):
    db = tmp_path / "m"
    with HybridMemory(db, embedder="hash") as mem:
        a = mem.add("one", user_id="u1", id="abcd-1")
        b = mem.add("two", user_id="u1", id="abcd-2")
    result = invoke("show", "abcd", "--db", str(db))
    assert result.exit_code == ExitCode.CONFLICT
    assert a.id in result.output and b.id in result.output
    assert invoke("show", "abcd-2", "--db", str(db)).exit_code == 0
    # another user's node is not found through a prefix either
    assert invoke("show", "abcd-1", "--db", str(db), "--user", "u2").exit_code == 4


HOSTILE = "\x1b[2J\x1b[31mred [bold]markup[/bold] \u202eevil\x07"


def test_output_escapes_content_and_fits_80_columns(tmp_path):
    db = str(tmp_path / "m")
    common = ["--db", db, "--user", "u1"]
    invoke("add", "Expense claim #7", "--type", "task", *common, "--embedder", "hash")
    node = json.loads(invoke("add", HOSTILE, *common, "--json").stdout)
    invoke("add", "I live in Shanghai.", "--type", "fact", *common)
    invoke("add", "What if I moved to Chengdu?", "--type", "fact", *common)
    invoke("add", "a long memory " * 40, *common)
    berlin = json.loads(
        invoke("add", "I live in Berlin.", "--type", "fact", *common, "--json").stdout
    )
    hamburg = invoke("add", "I moved to Hamburg.", "--type", "fact", *common, "--json").stdout
    invoke("checkpoint", "--db", db)
    outputs = {
        "tree": invoke("tree", *common).stdout,
        "show": invoke("show", node["id"][-8:], "--db", db).stdout,
        "search": invoke("search", "red markup evil", *common).stdout,
        "inspect": invoke("inspect", *common).stdout,
        "stats": invoke("stats", "--db", db).stdout,
        "history": invoke("history", node["id"][-8:], *common).stdout,
        "audit": invoke("audit", "log", "--db", db).stdout,
        "maintain": invoke("maintain", "--dry-run", "--db", db).stdout,
        "snapshots": invoke("snapshots", "--db", db).stdout,
        "history of a fact": invoke("history", berlin["id"], *common).stdout,
    }
    for name, out in outputs.items():
        assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out, name
        assert max(len(line) for line in out.splitlines()) <= 80, (name, out)
        assert "{'" not in out and "{}" not in out, (name, out)  # no dict reprs
    for name in ("tree", "show", "search"):
        assert "\\x1b[2J" in outputs[name] and "[bold]markup[/bold]" in outputs[name], name
    assert "[candidate] What if I moved" in outputs["tree"]
    assert node["id"][-10:] in outputs["tree"]
    # nothing a reader needs is cut: sizes whole, empty fields left out, ids in reasons short
    assert "MB" in outputs["snapshots"] and "…" not in outputs["snapshots"]
    assert "metadata=," not in outputs["history of a fact"]
    assert "slot=user.residence" in outputs["history of a fact"]
    demoter = json.loads(hamburg)["id"]
    assert "demoted by" in outputs["inspect"] and demoter[-10:] in outputs["inspect"]
    assert demoter[:-10] not in outputs["inspect"]


def test_tree_marks_superseded_values(tmp_path):
    db = tmp_path / "m"
    with HybridMemory(db, embedder="hash") as mem:
        old = mem.add("I live in Shanghai.", node_type="fact", user_id="u1", confidence=0.5)
        mem.add("I live in Beijing now.", node_type="fact", user_id="u1", confidence=1.0)
        assert mem.get(old.id).status == "archived"
    out = invoke("tree", "--db", str(db), "-u", "u1").stdout
    assert f"{old.id[-10:]} fact" in out and "[superseded] I live in Shanghai." in out


def _export(db: str, user: str, out) -> list[dict]:
    result = invoke("export", "--db", db, "-u", user, "--out", str(out))
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_export_import_round_trips(store, tmp_path):
    db, common, task = store["db"], store["common"], store["task"]
    invoke("add", "finance returned the invoice", "--parent", task["id"], *common)
    out = tmp_path / "u1.jsonl"
    lines = _export(db, "u1", out)
    assert len(lines) == 4 and oct(out.stat().st_mode & 0o777) == "0o600"
    # same store, same user: nothing duplicated, the report says what was skipped
    same = json.loads(invoke("import", str(out), *common, "--json").stdout)
    assert (same["nodes"], same["skipped"], same["remapped"]) == (0, 2, 0)
    # same store, another user: the ids are taken, so the copies get new ones
    other = json.loads(invoke("import", str(out), "--db", db, "-u", "u2", "--json").stdout)
    assert (other["nodes"], other["remapped"]) == (2, 2)
    # refusing duplicates is still possible
    refused = invoke("import", str(out), *common, "--existing", "error")
    assert refused.exit_code == ExitCode.INVALID and "already exists" in refused.output
    # another store: same ids, same contents, same tree shape
    db2 = str(tmp_path / "m2")
    fresh = json.loads(invoke("import", str(out), "--db", db2, "-u", "u1", "--json").stdout)
    assert (fresh["nodes"], fresh["skipped"], fresh["remapped"]) == (2, 0, 0)
    again = _export(db2, "u1", tmp_path / "again.jsonl")
    # the same nodes under the new store's own root for u1
    assert [(r["id"], r["content"]) for r in again[2:]] == [
        (r["id"], r["content"]) for r in lines[2:]
    ]
    assert again[3]["parent_id"] == lines[3]["parent_id"] == task["id"]
    copied = json.loads(invoke("tree", "--db", db, "-u", "u2", "--json").stdout)["nodes"]
    assert [n["content"] for n in copied[1:]] == [r["content"] for r in lines[2:]]


def test_export_never_writes_into_a_store(store, tmp_path):
    db = store["db"]
    other = tmp_path / "other"
    invoke("add", "x", "--db", str(other), "--embedder", "hash")
    for target in (
        f"{db}/memory.sqlite3",
        str(other / "memory.sqlite3"),
        str(other / "chroma" / "x"),
    ):
        result = invoke("export", "--db", db, "-u", "u1", "--out", target)
        assert result.exit_code == ExitCode.INVALID, (target, result.output)
    assert invoke("stats", "--db", str(other)).exit_code == 0
    result = invoke("export", "--db", db, "-u", "u1", "--out", str(tmp_path))
    assert result.exit_code == ExitCode.INVALID and "directory" in result.output


def test_an_unreachable_model_hub_fails_at_once(monkeypatch):
    """A model name that is neither a folder nor cached, with no hub to ask: one clear
    ModelUnavailableError at once, never the download's minutes of retries."""
    import types

    import huggingface_hub

    from hybridmem.embedding import make_embedder
    from hybridmem.errors import ModelUnavailableError

    calls: list[dict] = []

    def fake_model(spec: str, **kwargs):
        calls.append(kwargs)
        raise OSError(f"{spec} is not in the cache")

    def no_hub(spec: str, **kwargs):
        raise ConnectionError("Name or service not known")

    utils = types.SimpleNamespace(logging=types.SimpleNamespace(disable_progress_bar=print))
    monkeypatch.setitem(sys.modules, "transformers", types.SimpleNamespace(utils=utils))
    monkeypatch.setitem(sys.modules, "transformers.utils", utils)
    monkeypatch.setitem(
        sys.modules,
        "sentence_transformers",
        types.SimpleNamespace(SentenceTransformer=fake_model),
    )
    monkeypatch.setattr(huggingface_hub, "model_info", no_hub)
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    with pytest.raises(ModelUnavailableError, match="could not be asked") as err:
        make_embedder("someone/not-a-cached-model").embed(["x"])
    assert "'multilingual' or 'minilm'" in str(err.value)
    assert calls and all(c.get("local_files_only") for c in calls)  # no download attempted
