"""notebooks/agent_loop.ipynb runs end to end: an OpenAI client, a fake model on 127.0.0.1, the
memory tools; two tasks, English and Chinese, a fact that changes."""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "agent_loop.ipynb"


def test_agent_loop_notebook_runs_and_answers_from_memory(monkeypatch):
    monkeypatch.setenv("HYBRIDMEM_NOTEBOOK_EMBEDDER", "hash")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    where = {"metadata": {"path": str(NOTEBOOK.parent)}}
    # execute() raises on any cell error, including the notebook's own asserts.
    NotebookClient(nb, timeout=300, kernel_name="python3", resources=where).execute()
    text = "".join(
        o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
    )
    assert "assistant > From memory: 我的会计师是王女士" in text
    assert "assistant > From memory: I live in Berlin" in text
    assert "assistant > From memory: I moved to Hamburg last month" in text
    assert "tool set_active_task(" in text
    assert "residence [current]: I moved to Hamburg last month" in text


def test_committed_notebook_has_its_outputs():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.get("execution_count") for c in code)
    assert any("From memory:" in o.get("text", "") for c in code for o in c.get("outputs", []))
